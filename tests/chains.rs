//! The chain-theory tests the engine, the search's move order, the lessons and the page lean
//! on, against the naive reference's own reading of the board (its box sides recomputed from
//! the numbering rules): safe lines and loony moves, on random positions of every board the
//! solvers are checked on, pre-drawn lines included.

mod common;

use common::loony::NaiveLoony;
use common::{random_position, Naive, Rng, BOARDS};
use dotbox::chains::{is_loony_move, is_safe, loony_moves, safe_lines};
use dotbox::core::{Board, Position};

/// Random positions of `board` (its pre-drawn lines kept) with every count of open lines.
fn positions(board: &Board, rng: &mut Rng) -> Vec<Position> {
    let open = board.open_lines(board.start()).count() as usize;
    let mut out = Vec::new();
    for left in 0..=open {
        out.extend((0..20).map(|_| random_position(board, left, rng)));
    }
    out
}

/// Every open line's safety and loony test on `board`'s random positions, against the naive
/// reference's; returns how many positions had a safe line and how many a loony move, so a
/// board where neither ever happens cannot pass unnoticed.
fn check(board: &Board, seed: u64) -> (usize, usize) {
    let naive = NaiveLoony::new(board.rows(), board.cols(), 0);
    let plain = Naive::new(board.rows(), board.cols());
    let coins = board.boxes();
    let mut rng = Rng(seed);
    let (mut with_safe, mut with_loony) = (0, 0);
    for pos in positions(board, &mut rng) {
        let open: Vec<usize> = board.open_lines(pos).lines().collect();
        let safe: Vec<usize> = open
            .iter()
            .copied()
            .filter(|&l| naive.safe(pos.0, l))
            .collect();
        let loony: Vec<usize> = open
            .iter()
            .copied()
            .filter(|&l| plain.completes(pos.0, l) == 0 && naive.loony(pos.0 | 1 << l))
            .collect();
        for &line in &open {
            let want = safe.contains(&line);
            assert_eq!(
                is_safe(board, pos, line),
                want,
                "{board:?} {pos:?} line {line}"
            );
            let want = loony.contains(&line);
            assert_eq!(
                is_loony_move(coins, pos, line),
                want,
                "{board:?} {pos:?} line {line}"
            );
        }
        assert_eq!(safe_lines(board, pos).lines().collect::<Vec<_>>(), safe);
        assert_eq!(loony_moves(board, pos).unwrap(), loony);
        with_safe += usize::from(!safe.is_empty());
        with_loony += usize::from(!loony.is_empty());
    }
    (with_safe, with_loony)
}

#[test]
fn safe_lines_and_loony_moves_match_the_naive_reading() {
    for (i, &(r, c)) in BOARDS.iter().enumerate() {
        let board = Board::new(r, c).unwrap();
        let (safe, loony) = check(&board, 40 + i as u64);
        assert!(safe > 0, "{r}x{c}: no position with a safe line");
        if r * c >= 2 {
            assert!(loony > 0, "{r}x{c}: no position with a loony move");
        }
    }
}

#[test]
fn pre_drawn_lines_are_read_as_drawn() {
    // Icelandic (3x5 with its left and bottom border drawn) and 4x4 with two borders drawn,
    // as the engine's benchmark draws it.
    let four = Board::new(4, 4).unwrap();
    let borders = [16, 17, 18, 19, 20, 25, 30, 35].into_iter();
    for board in [
        Board::icelandic(),
        four.with_predrawn(borders.fold(Position::EMPTY, Position::with)),
    ] {
        let (safe, loony) = check(&board, 7);
        assert!(safe > 0 && loony > 0, "{}: {safe} {loony}", board.name());
    }
}
