//! Scores and flags of whole in-memory analyses ([`crate::retro::analyze_with_rules`],
//! [`crate::retro::analyze_loony`]), every value computed here, on the chain-theory test boards:
//! scores with a last-move penalty against the chain module's naive solvers, how the penalty
//! moves scores and turns them into nimstring outcomes, and the next-loony flags of moves
//! against the position's flag and against the positions they lead to.

use std::collections::HashMap;

use super::super::testkit::moves_from_children;
use super::super::{analyze, analyze_loony, analyze_with_rules, quietly};
use crate::chains::is_loony_move;
use crate::chains::testkit::{boards, naive_nim_win, naive_scores, naive_value, positions};
use crate::core::{Analysis, Board, NextLoony, Position, Rules};

fn analysis(board: &Board, pos: Position, penalty: i32) -> Analysis {
    analyze_with_rules(
        board,
        pos,
        Rules::with_last_move_penalty(penalty),
        &mut quietly,
    )
    .unwrap()
}

/// Every move's score against the naive solver, on random positions of every test board
/// (pre-drawn lines included), for several penalties.
#[test]
fn scores_match_the_naive_solver() {
    for (i, board) in boards().iter().enumerate() {
        for penalty in [0, 1, 5] {
            let mut memo = HashMap::new();
            for pos in positions(board, 14, 40, 500 + i as u64) {
                let a = analysis(board, pos, penalty);
                assert_eq!(a.value, naive_value(board, pos, penalty, &mut memo));
                let scores: Vec<(usize, i32)> = a.moves.iter().map(|m| (m.line, m.score)).collect();
                assert_eq!(
                    scores,
                    naive_scores(board, pos, penalty, &mut memo),
                    "{pos:?}"
                );
            }
        }
    }
}

/// Consecutive penalties change every value and every move's score by exactly one, and a
/// penalty above the boxes left makes the positive-scoring moves exactly nimstring's winning
/// moves.
#[test]
fn penalties_move_scores_by_one_and_large_ones_give_nimstring() {
    for (i, board) in boards().iter().enumerate() {
        let mut nim_memo = HashMap::new();
        for pos in positions(board, 12, 25, 900 + i as u64) {
            let boxes = (0..board.num_boxes())
                .filter(|&b| !pos.is_superset(board.box_sides(b / board.cols(), b % board.cols())))
                .count() as i32;
            let solves: Vec<Analysis> = (-3..=boxes + 2).map(|p| analysis(board, pos, p)).collect();
            for w in solves.windows(2) {
                let (a, b) = (&w[0], &w[1]);
                assert_eq!((a.value - b.value).abs(), 1, "{pos:?}");
                for (x, y) in a.moves.iter().zip(&b.moves) {
                    assert_eq!((x.score - y.score).abs(), 1, "{pos:?} line {}", x.line);
                }
            }
            let large = analysis(board, pos, boxes + 1);
            assert_eq!(
                large.value > 0,
                naive_nim_win(board, pos, &mut nim_memo),
                "{pos:?}"
            );
            for m in &large.moves {
                let child = naive_nim_win(board, pos.with(m.line), &mut nim_memo);
                let wins = if board.boxes().completes(pos, m.line) > 0 {
                    child
                } else {
                    !child
                };
                assert_eq!(m.score > 0, wins, "{pos:?} line {}", m.line);
            }
        }
    }
}

/// The best move's flag is the position's flag; a loony move's flag is "mover".
#[test]
fn move_flags_agree_with_the_position_flag() {
    for (i, board) in boards().iter().enumerate() {
        let coins = board.boxes();
        for pos in positions(board, 12, 30, 40 + i as u64) {
            let (a, flags) = analyze_loony(board, pos, Rules::default(), &mut quietly).unwrap();
            let best = a
                .moves
                .iter()
                .zip(&flags.moves)
                .filter(|(m, _)| m.score == a.value)
                .map(|(_, (_, f))| f.preference())
                .max()
                .unwrap();
            assert_eq!(best, flags.value.preference(), "{pos:?}");
            for &(line, flag) in &flags.moves {
                if is_loony_move(coins, pos, line) {
                    assert_eq!(flag, NextLoony::Mover);
                }
            }
        }
    }
}

#[test]
fn empty_3x3_agrees_with_its_children_and_the_plain_solver() {
    let board = Board::new(3, 3).unwrap();
    let (a, flags) = analyze_loony(&board, board.start(), Rules::default(), &mut quietly).unwrap();
    assert_eq!(a, analyze(&board, board.start()).unwrap());
    let got: Vec<(usize, i32, NextLoony)> = a
        .moves
        .iter()
        .zip(&flags.moves)
        .map(|(m, &(_, f))| (m.line, m.score, f))
        .collect();
    assert_eq!(got, moves_from_children(&board, board.start()));
    // 3x3 is -3v: the first player loses by 3 and must make the first loony move.
    assert_eq!((a.value, flags.value), (-3, NextLoony::Mover));
}
