//! The retrograde solver's loony analysis (scores with who must make the next loony move)
//! against the independent naive loony reference.

mod common;

use common::loony::{Flag, NaiveLoony};
use common::{Rng, BOARDS};
use dotbox::core::{Board, NextLoony, Position, Rules};
use dotbox::retro::{self, Solve, Valuation};
use dotbox::store::MemoryStore;

fn flag(f: NextLoony) -> Flag {
    match f {
        NextLoony::Mover => Flag::Mover,
        NextLoony::Opponent => Flag::Opponent,
        NextLoony::Nobody => Flag::Nobody,
    }
}

/// Random positions of an R×C board (with `predrawn` lines) against the naive reference:
/// every move's score and flag, and the position's flag.
fn check(r: usize, c: usize, predrawn: Position, penalty: i32, samples: usize, rng: &mut Rng) {
    let board = Board::new(r, c).unwrap().with_predrawn(predrawn);
    let mut naive = NaiveLoony::new(r, c, penalty);
    let lines = board.num_lines();
    let max_open = 16.min(lines - predrawn.count() as usize);
    for _ in 0..samples {
        let open = 1 + rng.below(max_open as u64) as usize;
        let pos = loop {
            let p = Position(rng.position(lines, open));
            if p.is_superset(predrawn) || predrawn.is_empty() {
                break p.union(predrawn);
            }
        };
        let rules = Rules::with_last_move_penalty(penalty);
        let (analysis, flags) =
            retro::analyze_loony(&board, pos, rules, &mut retro::quietly).unwrap();
        let got: Vec<(usize, i32, Flag)> = analysis
            .moves
            .iter()
            .zip(&flags.moves)
            .map(|(m, &(line, f))| {
                assert_eq!(m.line, line);
                (line, m.score, flag(f))
            })
            .collect();
        let context = format!("{r}x{c} penalty {penalty} {pos:?}");
        assert_eq!(got, naive.moves(pos.0), "{context}");
        let (value, value_flag) = naive.solve(pos.0);
        assert_eq!(
            (analysis.value, flag(flags.value)),
            (value, value_flag),
            "{context}"
        );
    }
}

#[test]
fn random_positions_match_the_naive_loony_reference() {
    let mut rng = Rng(4);
    for (r, c) in BOARDS {
        check(r, c, Position(0), 0, 30, &mut rng);
    }
}

#[test]
fn pre_drawn_lines_and_penalties_match_the_naive_loony_reference() {
    let mut rng = Rng(5);
    for (r, c) in [(2, 3), (3, 3), (3, 5), (4, 4)] {
        let plain = Board::new(r, c).unwrap();
        let predrawn = Position(!rng.position(plain.num_lines(), 3) & plain.all_lines().0);
        for penalty in [0, 2, -1, 30 - (r * c) as i32] {
            check(r, c, predrawn, penalty, 12, &mut rng);
        }
    }
    let ice = Board::icelandic();
    check(3, 5, ice.predrawn(), 0, 25, &mut rng);
}

#[test]
fn every_position_of_a_kept_solve_matches_the_naive_loony_reference() {
    // All of 2x3 (17 lines) through every lookup path: symmetric blocks, both groups, the
    // pass plane.
    let board = Board::new(2, 3).unwrap();
    let mut solve = Solve::with_valuation(
        &board,
        board.start(),
        17,
        Rules::default(),
        Valuation::Loony,
    )
    .unwrap();
    let mut store = MemoryStore::new();
    solve.run(&mut store, &mut |_| {}).unwrap();
    let mut naive = NaiveLoony::new(2, 3, 0);
    let mut loony_moves = 0;
    for pos in 0..1u64 << 17 {
        let (value, f) = solve.read(&mut store, Position(pos)).unwrap();
        assert_eq!((value, flag(f)), naive.solve(pos), "{pos:#x}");
        if pos.count_ones() < 17 && pos % 7 == 0 {
            let (_, flags) = solve.loony_analysis(&mut store, Position(pos)).unwrap();
            let expected: Vec<Flag> = naive.moves(pos).iter().map(|m| m.2).collect();
            let got: Vec<Flag> = flags.moves.iter().map(|m| flag(m.1)).collect();
            assert_eq!(got, expected, "{pos:#x}");
            loony_moves += got.iter().filter(|&&f| f == Flag::Mover).count();
        }
    }
    assert!(
        loony_moves > 1000,
        "too few loony moves seen: {loony_moves}"
    );
}

#[test]
fn scores_beyond_six_bits_are_refused_with_a_clear_message() {
    let board = Board::new(5, 5).unwrap();
    let err = retro::analyze_loony(
        &board,
        board.start(),
        Rules::with_last_move_penalty(7),
        &mut retro::quietly,
    )
    .unwrap_err();
    let message = err.to_string();
    assert!(
        message.contains("6 bits") && message.contains("penalty 7"),
        "{message}"
    );
    assert!(message.contains("±6"), "{message}");
    // The plain solver takes the same penalty.
    let pos = Position(Rng(8).position(board.num_lines(), 20));
    assert!(Solve::with_rules(&board, pos, 1, Rules::with_last_move_penalty(7)).is_ok());
}

#[test]
fn plain_solves_do_not_answer_loony_queries() {
    let board = Board::new(1, 2).unwrap();
    let mut solve = Solve::new(&board, board.start(), 1).unwrap();
    let mut store = MemoryStore::new();
    solve.run(&mut store, &mut |_| {}).unwrap();
    let err = solve.loony_analysis(&mut store, board.start()).unwrap_err();
    assert!(err.to_string().contains("loony"), "{err}");
}
