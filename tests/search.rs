//! The search solver against an independent plain minimax (memoised over the raw line mask),
//! on every position of small boards and thousands of random positions of larger ones, with
//! each pruning rule switched off and under a tiny transposition table.

mod common;

use common::{random_position, Naive, Rng};
use dotbox::core::{Analysis, Board, MoveScore, Position, PositionError};
use dotbox::retro;
use dotbox::search::{
    analyze, analyze_with_progress, Flow, Progress, SearchError, SearchOptions, Solver,
};

/// The minimax analysis of `pos`: every open line's score and the best of them.
fn naive_analysis(naive: &mut Naive, pos: Position) -> Analysis {
    let moves: Vec<MoveScore> = naive
        .scores(pos.0)
        .into_iter()
        .map(|(line, score)| MoveScore { line, score })
        .collect();
    let value = moves.iter().map(|m| m.score).max().unwrap_or(0);
    Analysis { value, moves }
}

/// A board with `count` random lines pre-drawn.
fn with_random_predrawn(board: Board, count: usize, rng: &mut Rng) -> Board {
    let pre = random_position(&board, board.num_lines() - count, rng);
    board.with_predrawn(pre)
}

fn no_progress() -> impl FnMut(&dotbox::search::Progress) -> Flow {
    |_| Flow::Continue
}

/// The boards of the random comparisons, each with the most open lines its positions get.
fn boards(rng: &mut Rng) -> Vec<(Board, usize)> {
    let b = |r, c| Board::new(r, c).unwrap();
    vec![
        (b(1, 1), 4),
        (b(1, 3), 10),
        (b(2, 2), 12),
        (b(2, 3), 17),
        (b(3, 3), 16),
        (b(2, 4), 16),
        (b(3, 4), 16),
        (b(4, 4), 15),
        (b(5, 5), 14),
        (b(1, 21), 14),
        (b(4, 6), 13),
        (with_random_predrawn(b(3, 3), 4, rng), 16),
        (with_random_predrawn(b(3, 4), 9, rng), 16),
        (with_random_predrawn(b(4, 4), 12, rng), 15),
        (Board::icelandic(), 15),
        (
            b(3, 3).with_predrawn([b(3, 3).h(1, 1), b(3, 3).h(2, 1)].into_iter().collect()),
            16,
        ),
    ]
}

/// A random number of open lines for a position of `board`: 1 to `max_open`.
fn random_open(board: &Board, max_open: usize, rng: &mut Rng) -> usize {
    let free = board.num_lines() - board.predrawn().count() as usize;
    1 + rng.below(max_open.min(free) as u64) as usize
}

/// Compares `options`' search with minimax on `per_board` random positions of each board,
/// one solver per board (its table kept between positions) and returns the positions checked.
fn compare_random(options: &SearchOptions, per_board: usize, seed: u64) -> usize {
    let mut rng = Rng(seed);
    let mut checked = 0;
    for (board, max_open) in boards(&mut rng) {
        let mut solver = Solver::new(&board, options).unwrap();
        let mut naive = Naive::new(board.rows(), board.cols());
        for i in 0..per_board {
            let open = random_open(&board, max_open, &mut rng);
            let pos = random_position(&board, open, &mut rng);
            let expected = naive_analysis(&mut naive, pos);
            let got = solver.analyze(pos, &mut no_progress()).unwrap().analysis;
            assert_eq!(got, expected, "{} position {i}: {pos:?}", board.name());
            checked += 1;
        }
    }
    checked
}

/// The value and the move `value_and_move` gives against minimax: the value is the
/// position's, and the move's own minimax score equals it (a best move, not just a legal one),
/// with every pruning rule on and all off; a full board has a value and no move.
#[test]
fn value_and_move_give_a_best_move() {
    let base = SearchOptions::default();
    let bare = SearchOptions {
        capture_rule: false,
        loony_endgames: false,
        chain_moves: false,
        symmetry: false,
        ..base.clone()
    };
    let mut rng = Rng(0xbe57);
    let mut checked = 0;
    for options in [base, bare] {
        for (board, max_open) in boards(&mut rng) {
            let mut solver = Solver::new(&board, &options).unwrap();
            let mut naive = Naive::new(board.rows(), board.cols());
            for i in 0..40 {
                let open = random_open(&board, max_open, &mut rng);
                let pos = random_position(&board, open, &mut rng);
                let expected = naive_analysis(&mut naive, pos);
                let (value, line, _) = solver.value_and_move(pos, &mut no_progress()).unwrap();
                let line = line.expect("an open line");
                let score = expected
                    .moves
                    .iter()
                    .find(|m| m.line == line)
                    .unwrap()
                    .score;
                assert_eq!(
                    (value, score),
                    (expected.value, expected.value),
                    "{} position {i}: {pos:?}, line {line}",
                    board.name()
                );
                checked += 1;
            }
            let full = board.start().union(board.all_lines());
            let (value, line, _) = solver.value_and_move(full, &mut no_progress()).unwrap();
            assert_eq!((value, line), (0, None), "{}", board.name());
        }
    }
    assert!(checked >= 1200, "{checked}");
}

#[test]
fn empty_board_values() {
    for (r, c, value) in [(1, 1, -1), (1, 2, 0), (2, 2, 2), (2, 3, -2), (3, 3, -3)] {
        let board = Board::new(r, c).unwrap();
        let report = analyze(&board, board.start(), &SearchOptions::default()).unwrap();
        assert_eq!(report.analysis.value, value, "{r}x{c}");
        assert_eq!(report.analysis.moves.len(), board.num_lines());
        if board.num_lines() <= 17 {
            let expected = naive_analysis(&mut Naive::new(r, c), board.start());
            assert_eq!(report.analysis, expected, "{r}x{c}");
        }
    }
}

#[test]
fn every_position_of_small_boards() {
    for (r, c) in [(1, 1), (1, 2), (1, 3), (2, 2), (1, 4)] {
        let board = Board::new(r, c).unwrap();
        let mut solver = Solver::new(&board, &SearchOptions::default()).unwrap();
        let mut naive = Naive::new(r, c);
        for mask in 0..1u64 << board.num_lines() {
            let pos = Position(mask);
            let expected = naive_analysis(&mut naive, pos);
            let got = solver.analyze(pos, &mut no_progress()).unwrap().analysis;
            assert_eq!(got, expected, "{r}x{c} {pos:?}");
        }
    }
}

#[test]
fn every_value_of_two_by_three() {
    let board = Board::new(2, 3).unwrap();
    let mut solver = Solver::new(&board, &SearchOptions::default()).unwrap();
    let mut naive = Naive::new(2, 3);
    for mask in 0..1u64 << board.num_lines() {
        let (value, _) = solver.value(Position(mask), &mut no_progress()).unwrap();
        assert_eq!(value, naive.value(mask), "{:?}", Position(mask));
    }
}

#[test]
fn random_positions_match_minimax() {
    let checked = compare_random(&SearchOptions::default(), 250, 0x5eed);
    assert!(checked >= 3000, "{checked}");
}

#[test]
fn positions_with_several_capturable_boxes_match_minimax() {
    // Nodes where several chains can be taken are where the capture rule branches most.
    let mut rng = Rng(0xca97);
    let mut checked = 0;
    for (r, c) in [(2, 3), (3, 3), (2, 4), (3, 4)] {
        let board = Board::new(r, c).unwrap();
        let mut solver = Solver::new(&board, &SearchOptions::default()).unwrap();
        let mut naive = Naive::new(r, c);
        let mut found = 0;
        while found < 300 {
            let pos = random_position(&board, 6 + rng.below(10) as usize, &mut rng);
            let capturable = (0..r)
                .flat_map(|y| (0..c).map(move |x| (y, x)))
                .filter(|&(y, x)| pos.intersection(board.box_sides(y, x)).count() == 3)
                .count();
            if capturable < 2 {
                continue;
            }
            found += 1;
            let expected = naive_analysis(&mut naive, pos);
            assert_eq!(
                solver.analyze(pos, &mut no_progress()).unwrap().analysis,
                expected,
                "{pos:?}"
            );
        }
        checked += found;
    }
    assert_eq!(checked, 1200);
}

#[test]
fn search_agrees_with_the_retrograde_solver() {
    let mut rng = Rng(0x4e7);
    for (board, max_open) in boards(&mut rng) {
        let mut solver = Solver::new(&board, &SearchOptions::default()).unwrap();
        for i in 0..40 {
            let open = random_open(&board, max_open + 4, &mut rng);
            let pos = random_position(&board, open, &mut rng);
            let expected = retro::analyze(&board, pos).unwrap();
            let got = solver.analyze(pos, &mut no_progress()).unwrap().analysis;
            assert_eq!(got, expected, "{} position {i}: {pos:?}", board.name());
        }
    }
}

#[test]
fn each_rule_off_gives_the_same_answers() {
    let base = SearchOptions::default();
    let variants = [
        SearchOptions {
            capture_rule: false,
            ..base.clone()
        },
        SearchOptions {
            loony_endgames: false,
            ..base.clone()
        },
        SearchOptions {
            symmetry: false,
            ..base.clone()
        },
        SearchOptions {
            chain_moves: false,
            ..base.clone()
        },
        SearchOptions {
            capture_rule: false,
            loony_endgames: false,
            chain_moves: false,
            symmetry: false,
            ..base.clone()
        },
    ];
    for (i, options) in variants.iter().enumerate() {
        compare_random(options, 40, 0xabc + i as u64);
    }
}

/// Settled positions (drawn by safe moves while there are any: chains, loops and junctions,
/// the shapes the chain rules act on, where random positions are mostly strewn boxes) against
/// minimax, with the chain-move rule on and off, pre-drawn lines included.
#[test]
fn settled_positions_agree_with_minimax() {
    let mut rng = dotbox::core::Rng::new(0x5e77);
    let mut boards: Vec<Board> = ["3x3", "2x6", "3x4", "4x4", "3x5", "5x5"]
        .iter()
        .map(|b| Board::parse(b).unwrap())
        .collect();
    boards.push(Board::icelandic());
    let mut checked = 0;
    for chain_moves in [true, false] {
        let options = SearchOptions {
            chain_moves,
            ..SearchOptions::default()
        };
        for board in &boards {
            let mut solver = Solver::new(board, &options).unwrap();
            let mut naive = Naive::new(board.rows(), board.cols());
            for i in 0..30 {
                let open = 8 + rng.below(11);
                let pos = dotbox::chains::settled(board, open, &mut rng);
                let expected = naive_analysis(&mut naive, pos);
                let got = solver.analyze(pos, &mut no_progress()).unwrap().analysis;
                assert_eq!(got, expected, "{} position {i}: {pos:?}", board.name());
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 420);
}

#[test]
fn a_tiny_table_stays_exact() {
    let options = SearchOptions {
        tt_bytes: 64,
        ..SearchOptions::default()
    };
    compare_random(&options, 25, 0x7177);
}

#[test]
fn bad_input_and_budgets_are_named() {
    let board = Board::new(2, 2).unwrap();
    let opts = SearchOptions::default();
    let err = analyze(&board, Position::single(12), &opts).unwrap_err();
    assert_eq!(
        err,
        SearchError::Position(PositionError::LineOffBoard {
            line: 12,
            lines: 12
        })
    );
    assert!(err.to_string().contains("line 12 does not exist"));
    let ice = Board::icelandic();
    let err = analyze(&ice, Position::EMPTY, &opts).unwrap_err();
    assert!(
        matches!(
            err,
            SearchError::Position(PositionError::MissingPredrawn { .. })
        ),
        "{err}"
    );
    let tiny = SearchOptions {
        tt_bytes: 10,
        ..opts.clone()
    };
    assert_eq!(
        analyze(&board, board.start(), &tiny).unwrap_err(),
        SearchError::MemoryBudgetTooSmall {
            bytes: 10,
            minimum: 64
        }
    );
    // More memory than any machine has: an error naming the size, not an abort.
    let vast = SearchOptions {
        tt_bytes: 1 << 62,
        ..opts.clone()
    };
    let err = analyze(&board, board.start(), &vast).unwrap_err();
    assert_eq!(err, SearchError::OutOfMemory { bytes: 1 << 62 });
    assert!(err.to_string().contains("table of 4.0 EiB"), "{err}");
    let few = SearchOptions {
        max_nodes: 100,
        ..opts.clone()
    };
    let three = Board::new(3, 3).unwrap();
    assert_eq!(
        analyze(&three, three.start(), &few).unwrap_err(),
        SearchError::NodeBudgetExceeded { limit: 100 }
    );
}

#[test]
fn progress_reports_and_stops() {
    let board = Board::new(3, 3).unwrap();
    let opts = SearchOptions {
        progress_interval: 1000,
        ..SearchOptions::default()
    };
    let mut reports = Vec::new();
    let report = analyze_with_progress(&board, board.start(), &opts, &mut |p| {
        reports.push(*p);
        Flow::Continue
    })
    .unwrap();
    assert!(reports.len() as u64 >= report.stats.nodes / 1000);
    assert!(reports.windows(2).all(|w| w[0].nodes <= w[1].nodes));
    let last = reports.last().unwrap();
    assert_eq!((last.moves_done, last.moves_total), (24, 24));
    assert!(report.stats.tt_hits > 0 && report.stats.tt_hits <= report.stats.tt_probes);
    let err = analyze_with_progress(&board, board.start(), &opts, &mut |_| Flow::Stop).unwrap_err();
    assert!(matches!(err, SearchError::Stopped { nodes: 1000 }), "{err}");
}

#[test]
fn threads_sharing_the_table_stay_exact() {
    // Two and three threads share the root moves and one table; a table of 64 buckets makes
    // them overwrite each other's entries all the time.
    for (threads, tt_bytes, seed) in [(2, 64 << 20, 0x7e1), (3, 4096, 0x7e2)] {
        let options = SearchOptions {
            threads,
            tt_bytes,
            ..SearchOptions::default()
        };
        assert!(compare_random(&options, 40, seed) >= 600);
    }
}

#[test]
fn threads_stop_together() {
    let board = Board::new(3, 3).unwrap();
    let opts = SearchOptions {
        threads: 2,
        progress_interval: 1000,
        ..SearchOptions::default()
    };
    let err = analyze_with_progress(&board, board.start(), &opts, &mut |_| Flow::Stop).unwrap_err();
    assert!(matches!(err, SearchError::Stopped { .. }), "{err}");
    let few = SearchOptions {
        max_nodes: 100,
        ..opts.clone()
    };
    assert_eq!(
        analyze(&board, board.start(), &few).unwrap_err(),
        SearchError::NodeBudgetExceeded { limit: 100 }
    );
    let mut last = Progress::default();
    let report = analyze_with_progress(&board, board.start(), &opts, &mut |p| {
        assert!(p.nodes >= last.nodes, "nodes only grow");
        last = *p;
        Flow::Continue
    })
    .unwrap();
    assert_eq!(report.analysis.value, -3);
    assert!(last.nodes > 0 && last.nodes <= report.stats.nodes);
}
