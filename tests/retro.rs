//! The retrograde solver against the naive reference and the known values.

mod common;

use common::{Naive, Rng};
use dotbox::core::{Board, Position};
use dotbox::retro;

#[test]
fn known_empty_board_values() {
    for (r, c, v) in [(1, 1, -1), (1, 2, 0), (2, 2, 2), (2, 3, -2), (3, 3, -3)] {
        let board = Board::new(r, c).unwrap();
        let a = retro::analyze(&board, board.start()).unwrap();
        assert_eq!(a.value, v, "{r}x{c}");
    }
}

fn check_board(r: usize, c: usize, max_open: usize, samples: usize, seed: u64) {
    let board = Board::new(r, c).unwrap();
    let mut naive = Naive::new(r, c);
    let mut rng = Rng(seed);
    let lines = board.num_lines();
    for _ in 0..samples {
        let open = 1 + rng.below(max_open.min(lines) as u64) as usize;
        let pos = rng.position(lines, open);
        let a = retro::analyze(&board, Position(pos)).unwrap();
        let expect: Vec<(usize, i32)> = naive.scores(pos);
        let got: Vec<(usize, i32)> = a.moves.iter().map(|m| (m.line, m.score)).collect();
        assert_eq!(got, expect, "{r}x{c} position {pos:#x}");
        assert_eq!(a.value, naive.value(pos), "{r}x{c} position {pos:#x}");
    }
}

#[test]
fn random_positions_match_the_naive_solver() {
    for (r, c) in [
        (1, 1),
        (1, 2),
        (1, 3),
        (2, 1),
        (2, 2),
        (1, 5),
        (2, 3),
        (3, 2),
        (3, 3),
        (2, 4),
        (3, 4),
        (4, 4),
        (5, 5),
        (4, 6),
    ] {
        check_board(r, c, 16, 60, (r * 10 + c) as u64);
    }
}
