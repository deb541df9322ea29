//! The chain-move rule: of the moves that offer one chain or loop, which a node with no box to
//! take must search.
//!
//! A *chain* here is a maximal path of boxes with two sides drawn (a loop when the path
//! closes). Every move that offers boxes draws a line of one: an *own* line (between two of its
//! boxes, or from an end to the border) or an *end* line (from an end box to a *junction*, a
//! box with fewer sides drawn). By the capture rule the opponent then either takes every box
//! of the chain, or takes all but two (all but four of a loop) and hands those back as
//! double-crosses; either way every line touching the chain ends up drawn, with the same boxes
//! to each player and the same player to move, wherever the chain was opened. An end line
//! gives the junction its side early, but the capture runs away from that junction and never
//! reaches it. So:
//! * the offers of a chain of three boxes or more, of a loop, or of a single box are worth the
//!   same: one is searched (an own line where there is one);
//! * a chain of two is offered by its middle line (the *hard-hearted handout*): offered by an
//!   end, the opponent has the same replies and the decline besides, which can only help them;
//! * except a chain whose two ends meet the same junction: opened at one end, its capture
//!   would run into that junction, so its end lines are searched.
//!
//! The tests compare the search with the rule on and off against a plain minimax, on random
//! and on settled positions (drawn by safe moves, so full of chains and junctions).

use crate::core::{Boxes, Position};

use super::endgame::walk;

/// The open lines of `pos` that the chain-move rule leaves out: every offer of each chain or
/// loop except the one searched for it (none where a box can be taken).
pub fn redundant_chain_moves(boxes: &Boxes, pos: Position) -> Position {
    let mut skip = Position::EMPTY;
    let mut seen = 0u64;
    if (0..boxes.len()).any(|b| boxes.drawn(pos, b) == 3) {
        return skip; // a box to take: the rule does not apply
    }
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

/// The lines offering the chain or loop whose boxes are `members` that need no search.
fn redundant_in(boxes: &Boxes, pos: Position, members: u64) -> Position {
    let (mut own, mut inner, mut ends) = (Position::EMPTY, Position::EMPTY, Position::EMPTY);
    let mut junctions = 0u64;
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
                Some(n) => {
                    ends = ends.with(line);
                    junctions |= 1 << n;
                }
            }
        }
    }
    // Both ends at one junction: opening at one of them feeds that junction a side the
    // chain's capture then runs into, so those lines are searched.
    if ends.count() == 2 && junctions.count_ones() == 1 {
        ends = Position::EMPTY;
    }
    let offers = own.union(ends);
    let keep = match members.count_ones() {
        // A pair: its middle line.
        2 => inner,
        // A single box, a longer chain or a loop: one own line, or else one end line.
        _ if own != Position::EMPTY => Position(own.0 & own.0.wrapping_neg()),
        _ => Position(offers.0 & offers.0.wrapping_neg()),
    };
    offers.difference(keep)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Board;

    /// The corridor of a 1×`n` board: top and bottom drawn, the verticals open.
    fn corridor(board: &Board) -> Position {
        (0..board.cols())
            .flat_map(|c| [board.h(0, c), board.h(1, c)])
            .collect()
    }

    #[test]
    fn one_offer_per_chain_and_a_pair_by_its_middle() {
        let three = Board::new(1, 3).unwrap();
        let skipped = redundant_chain_moves(three.boxes(), corridor(&three));
        // Four own lines, one searched (the lowest).
        assert_eq!(
            skipped,
            [1, 2, 3].map(|c| three.v(0, c)).into_iter().collect()
        );
        let two = Board::new(1, 2).unwrap();
        let skipped = redundant_chain_moves(two.boxes(), corridor(&two));
        assert_eq!(skipped, [0, 2].map(|c| two.v(0, c)).into_iter().collect());
        // A box to take: nothing is skipped.
        let taking = corridor(&three).with(three.v(0, 0));
        assert_eq!(
            redundant_chain_moves(three.boxes(), taking),
            Position::EMPTY
        );
    }
}
