//! The engine: its answer's shape (every open line, a legal best move), determinism for a
//! seed and node budget, an answer even when stopped at once, errors on a full board and a
//! position off the board, agreement with the exact search wherever it says it is exact, and
//! optimal moves in loony endgames. No timings: budgets are node counts.

mod common;

use common::{random_position, Rng};
use dotbox::chains::is_safe;
use dotbox::core::{Board, Position};
use dotbox::engine::{estimate, EngineError, EngineOptions, EngineProgress, Estimate, Flow};
use dotbox::search::{analyze, SearchOptions};

fn options(seed: u64, max_nodes: u64) -> EngineOptions {
    EngineOptions {
        seed,
        max_nodes,
        tt_bytes: 1 << 20,
        ..EngineOptions::default()
    }
}

fn run(board: &Board, pos: Position, options: &EngineOptions) -> Estimate {
    estimate(board, pos, options, &mut |_| Flow::Continue).expect("an estimate")
}

fn check_shape(board: &Board, pos: Position, e: &Estimate) {
    let open: Vec<usize> = board.open_lines(pos).lines().collect();
    let lines: Vec<usize> = e.moves.iter().map(|m| m.line).collect();
    assert_eq!(lines, open, "every open line, in line order");
    assert!(open.contains(&e.best), "best {} is an open line", e.best);
    let best = e.moves.iter().find(|m| m.line == e.best).unwrap().score;
    let top = e.moves.iter().map(|m| m.score).fold(f32::MIN, f32::max);
    assert_eq!(best, top, "the move played has the best score");
    assert_eq!(e.value, top);
    assert!(e.depth >= 1);
}

#[test]
fn answers_every_open_line_with_a_legal_best_move() {
    let mut rng = Rng(11);
    for (r, c, open) in [
        (4, 4, 40),
        (4, 4, 30),
        (3, 5, 34),
        (5, 5, 60),
        (5, 5, 45),
        (2, 2, 5),
    ] {
        let board = Board::new(r, c).unwrap();
        let pos = random_position(&board, open, &mut rng);
        let e = run(&board, pos, &options(3, 30_000));
        check_shape(&board, pos, &e);
    }
}

#[test]
fn same_seed_and_node_budget_give_the_same_answer() {
    let board = Board::new(4, 4).unwrap();
    let mut rng = Rng(5);
    for open in [40, 34, 28] {
        let pos = random_position(&board, open, &mut rng);
        for threads in [1, 2] {
            let o = EngineOptions {
                threads,
                ..options(7, 100_000)
            };
            assert_eq!(
                run(&board, pos, &o),
                run(&board, pos, &o),
                "{threads} threads"
            );
        }
    }
}

#[test]
fn an_immediate_stop_still_answers_from_a_first_iteration() {
    let board = Board::new(5, 5).unwrap();
    let mut calls = 0;
    let e = estimate(
        &board,
        board.start(),
        &options(1, u64::MAX),
        &mut |p: &EngineProgress| {
            calls += 1;
            assert!(p.nodes > 0);
            Flow::Stop
        },
    )
    .unwrap();
    check_shape(&board, board.start(), &e);
    assert!(!e.exact);
    assert_eq!(
        e.analysis(),
        None,
        "estimates are never given as an exact analysis"
    );
    assert!(e.moves.iter().all(|m| m.score.is_finite()));
    assert!(calls > 0, "the callback was asked");
}

#[test]
fn a_full_board_and_a_bad_position_are_errors() {
    let board = Board::new(2, 3).unwrap();
    let err = estimate(&board, board.all_lines(), &options(0, 100), &mut |_| {
        Flow::Continue
    })
    .unwrap_err();
    assert!(matches!(err, EngineError::FullBoard));
    assert!(err.to_string().contains("the game is over"), "{err}");
    let off = Position::single(board.num_lines());
    let err = estimate(&board, off, &options(0, 100), &mut |_| Flow::Continue).unwrap_err();
    assert!(matches!(err, EngineError::Position(_)), "{err:?}");
    assert!(std::error::Error::source(&err).is_some());
}

#[test]
fn where_it_says_exact_it_agrees_with_the_exact_search() {
    let mut rng = Rng(21);
    let mut exact = 0;
    for (r, c, open) in [
        (2, 2, 12),
        (2, 3, 17),
        (3, 3, 18),
        (2, 4, 18),
        (3, 3, 22),
        (1, 5, 16),
    ] {
        let board = Board::new(r, c).unwrap();
        for _ in 0..6 {
            let pos = random_position(&board, open, &mut rng);
            let threads = 1 + (rng.next() % 2) as usize;
            let e = run(
                &board,
                pos,
                &EngineOptions {
                    threads,
                    ..options(rng.next(), u64::MAX)
                },
            );
            check_shape(&board, pos, &e);
            assert!(e.exact, "unlimited, small positions are solved");
            exact += 1;
            let truth = analyze(&board, pos, &SearchOptions::default())
                .unwrap()
                .analysis;
            let scores: Vec<(usize, f32)> = e.moves.iter().map(|m| (m.line, m.score)).collect();
            let expected: Vec<(usize, f32)> = truth
                .moves
                .iter()
                .map(|m| (m.line, m.score as f32))
                .collect();
            assert_eq!(scores, expected, "{board:?} {pos:?}");
            assert_eq!(e.value, truth.value as f32);
            assert_eq!(e.analysis(), Some(truth), "{board:?} {pos:?}");
        }
    }
    assert_eq!(exact, 36);
}

#[test]
fn what_it_marks_proven_agrees_with_the_exact_search_at_every_budget() {
    // Budgets from a few hundred nodes up: the exact search beside the trees first proves
    // the value and a move, later every score, and the trees solve moves of their own on
    // the way. Whatever is marked proven must be the truth, and the sweep must meet the
    // answers between (the value proven, not every score).
    let mut rng = Rng(33);
    let (mut valued, mut solved) = (0, 0);
    for (r, c, open) in [(3, 3, 24), (3, 3, 22), (3, 4, 27), (3, 4, 25), (4, 4, 30)] {
        let board = Board::new(r, c).unwrap();
        let pos = random_position(&board, open, &mut rng);
        let truth = analyze(&board, pos, &SearchOptions::default())
            .unwrap()
            .analysis;
        for budget in (8..22).map(|k| 1u64 << k) {
            let e = run(
                &board,
                pos,
                &EngineOptions {
                    threads: 2,
                    ..options(budget, budget)
                },
            );
            check_shape(&board, pos, &e);
            let at = format!("{board:?} {pos:?} at {budget} nodes");
            for (m, t) in e.moves.iter().zip(&truth.moves) {
                if m.exact {
                    assert_eq!(m.score, t.score as f32, "line {}, {at}", m.line);
                }
            }
            if e.value_exact {
                assert_eq!(e.value, truth.value as f32, "{at}");
                let best = e.moves.iter().find(|m| m.line == e.best).unwrap();
                assert!(best.exact, "the move played reaches the proven value, {at}");
            }
            assert_eq!(e.exact, e.moves.iter().all(|m| m.exact), "{at}");
            assert!(!e.exact || e.value_exact, "{at}");
            valued += usize::from(e.value_exact && !e.exact);
            solved += usize::from(e.exact);
        }
    }
    assert!(
        valued > 0,
        "some budget proves the value but not every score"
    );
    assert!(solved > 0, "some budget solves the position");
}

#[test]
fn one_thread_probes_positions_with_few_safe_lines_exactly() {
    // 5x5 with 37 open lines, few of them safe: one thread's first 2^20 nodes of the exact
    // search solve it, where a tree of that budget alone estimates it.
    let board = Board::new(5, 5).unwrap();
    let lines = [
        0, 1, 8, 9, 10, 12, 20, 22, 23, 24, 33, 35, 37, 38, 41, 42, 44, 49, 51, 53, 55, 56, 58,
    ];
    let pos: Position = lines.into_iter().collect();
    let one = EngineOptions {
        threads: 1,
        tt_bytes: 64 << 20,
        ..options(1, 4_000_000)
    };
    let e = run(&board, pos, &one);
    check_shape(&board, pos, &e);
    assert!(e.exact, "the probe solves it");
    let truth = analyze(&board, pos, &SearchOptions::default()).unwrap();
    assert_eq!(e.analysis(), Some(truth.analysis));
}

#[test]
fn plays_loony_endgames_optimally() {
    let mut rng = Rng(4);
    let mut loony = 0;
    for (r, c) in [(3, 3), (4, 4), (5, 5), (4, 5), (3, 6)] {
        let board = Board::new(r, c).unwrap();
        for _ in 0..20 {
            // Safe lines drawn at random while any remain: every move now opens a chain or
            // a loop (or a junction's arm).
            let mut pos = board.start();
            loop {
                let safe: Vec<usize> = board
                    .open_lines(pos)
                    .lines()
                    .filter(|&l| is_safe(&board, pos, l))
                    .collect();
                if safe.is_empty() {
                    break;
                }
                pos = pos.with(safe[rng.below(safe.len() as u64) as usize]);
            }
            // Only chains and loops: every box left has two open sides.
            if !(0..board.boxes().len()).all(|b| matches!(board.boxes().degree(pos, b), 0 | 2)) {
                continue;
            }
            loony += 1;
            let e = run(&board, pos, &options(rng.next(), 20_000));
            let truth = analyze(&board, pos, &SearchOptions::default())
                .unwrap()
                .analysis;
            assert!(
                truth.best_lines().contains(&e.best),
                "{board:?} {pos:?}: engine plays {} scoring {}, best {}",
                e.best,
                truth.moves.iter().find(|m| m.line == e.best).unwrap().score,
                truth.value
            );
        }
    }
    assert!(
        loony >= 5,
        "only {loony} positions were pure chains and loops"
    );
}
