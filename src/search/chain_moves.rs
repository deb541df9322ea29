//! The chain-move rule: of the moves that open one chain or loop, which a node with no box to
//! take must search.
//!
//! A *chain* here is a maximal path of boxes with two sides drawn (a loop when the path
//! closes); its *own* lines are the open lines that touch no box outside it: the lines between
//! its boxes and those from its ends to the border (not the lines to a junction, which change
//! the junction too). Drawing an own line offers the chain. By the capture rule the opponent
//! then either takes every box of it, or takes all but two (all but four of a loop) and hands
//! those back as double-crosses; either way every line touching the chain ends up drawn, with
//! the same boxes to each player and the same player to move, wherever the chain was opened.
//! So:
//! * all own lines of a chain of three boxes or more, or of a loop, are worth the same: one is
//!   searched;
//! * a chain of two is offered by its middle line (the *hard-hearted handout*): offered by an
//!   end, the opponent has the same replies and the decline besides, which can only help them;
//! * the own lines of a single box (its border sides) lead to the same positions: one is
//!   searched.
//!
//! The tests compare the search with the rule on and off against a plain minimax.

use crate::core::{Boxes, Position};

use super::endgame::walk;

/// The open lines of `pos` (which has no box to take) that the chain-move rule leaves out:
/// every own line of each chain or loop except the one searched for it.
pub fn redundant_chain_moves(boxes: &Boxes, pos: Position) -> Position {
    let mut skip = Position::EMPTY;
    let mut seen = 0u64;
    for b in 0..boxes.len() {
        if seen >> b & 1 == 1 || boxes.drawn(pos, b) != 2 {
            continue;
        }
        let before = seen;
        let first = boxes.open_sides(pos, b).0.trailing_zeros() as usize;
        // Away from `first` to one end (or round a loop back to `b`), then from across
        // `first` to the other end unless the loop has taken that box already.
        walk(boxes, pos, b, first, &mut seen);
        if let Some(next) = boxes.across(first, b) {
            if seen >> next & 1 == 0 && boxes.drawn(pos, next) == 2 {
                walk(boxes, pos, next, first, &mut seen);
            }
        }
        skip = skip.union(redundant_in(boxes, pos, seen & !before));
    }
    skip
}

/// The own lines of the chain or loop whose boxes are `members` that need no search.
fn redundant_in(boxes: &Boxes, pos: Position, members: u64) -> Position {
    let (mut own, mut inner) = (Position::EMPTY, Position::EMPTY);
    let mut rest = members;
    while rest != 0 {
        let b = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        for line in boxes.open_sides(pos, b).lines() {
            match boxes.across(line, b) {
                None => own = own.with(line),
                Some(n) if members >> n & 1 == 1 => {
                    own = own.with(line);
                    inner = inner.with(line);
                }
                Some(_) => {}
            }
        }
    }
    let keep = match members.count_ones() {
        // A pair: its middle line.
        2 => inner,
        // A single box, a longer chain or a loop: its lowest own line.
        _ => Position(own.0 & own.0.wrapping_neg()),
    };
    own.difference(keep)
}
