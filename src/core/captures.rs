//! Captures: the boxes a player takes by completing boxes while any can be completed, the one
//! closure the rules of thumb ([`crate::search::quick`]) and the engine's playouts share.
//!
//! The boxes taken are the same in any order (taking one only brings its neighbours closer
//! to being taken), so a work list suffices: each box is looked at when it may have become
//! takeable (the seeds once, then the boxes beside each line drawn), with no rescan of the
//! board after each box.

use super::boxes::Boxes;
use super::position::Position;

impl Boxes {
    /// Every box the player to move in `pos` can take, one after the other: how many, and
    /// the position after.
    pub fn take_all(&self, pos: Position) -> (u32, Position) {
        self.take_all_from(pos, 0..self.len(), u32::MAX)
    }

    /// How many boxes the opponent can then take after `line` is drawn in `pos`, where no
    /// box can be taken, counted no further than `limit` (a caller looking for the smallest
    /// sacrifice stops at the best so far).
    pub fn given_by(&self, pos: Position, line: usize, limit: u32) -> u32 {
        self.take_all_from(pos.with(line), self.boxes_of(line), limit)
            .0
    }

    /// [`Boxes::take_all`] when only boxes among `seeds` may be takeable in `pos`, stopping
    /// once `limit` boxes are taken.
    fn take_all_from(
        &self,
        mut pos: Position,
        seeds: impl Iterator<Item = usize>,
        limit: u32,
    ) -> (u32, Position) {
        // A box joins the list when it has one open side: the seeds once each, then at most
        // one more entry per box taken (each pass draws one line and adds at most its two
        // boxes), so fewer than twice the boxes of a board of at most 64 lines.
        let mut takeable = [0u8; 64];
        let mut n = 0;
        for b in seeds {
            if self.degree(pos, b) == 1 {
                takeable[n] = b as u8;
                n += 1;
            }
        }
        let mut taken = 0;
        while n > 0 && taken < limit {
            n -= 1;
            let open = self.open_sides(pos, usize::from(takeable[n]));
            if open.count() != 1 {
                continue; // taken meanwhile, with its neighbour
            }
            let line = open.0.trailing_zeros() as usize;
            taken += self.completes(pos, line);
            pos = pos.with(line);
            for b in self.boxes_of(line) {
                if self.degree(pos, b) == 1 {
                    takeable[n] = b as u8;
                    n += 1;
                }
            }
        }
        (taken, pos)
    }
}

#[cfg(test)]
mod tests {
    use crate::chains::testkit;
    use crate::core::{Board, Boxes, Position};

    /// The captures by the plain rule: scan every box for one with a single open side, draw
    /// it, start over.
    fn naive_take_all(boxes: &Boxes, mut pos: Position) -> (u32, Position) {
        let mut taken = 0;
        'more: loop {
            for b in 0..boxes.len() {
                let open = boxes.open_sides(pos, b);
                if open.count() == 1 {
                    let line = open.0.trailing_zeros() as usize;
                    taken += boxes.completes(pos, line);
                    pos = pos.with(line);
                    continue 'more;
                }
            }
            return (taken, pos);
        }
    }

    /// Random positions of six boards, icelandic's pre-drawn lines included.
    fn sample() -> Vec<(Board, Position)> {
        testkit::sample(&["1x2", "2x3", "3x3", "4x4", "5x5", "icelandic"], 200, 1)
    }

    #[test]
    fn take_all_takes_what_the_plain_rule_takes() {
        for (board, pos) in sample() {
            let boxes = board.boxes();
            assert_eq!(boxes.take_all(pos), naive_take_all(boxes, pos), "{pos:?}");
        }
    }

    #[test]
    fn a_line_gives_what_the_plain_rule_then_takes() {
        for (board, pos) in sample() {
            let boxes = board.boxes();
            let (_, settled) = naive_take_all(boxes, pos);
            for line in board.open_lines(settled).lines() {
                let given = naive_take_all(boxes, settled.with(line)).0;
                assert_eq!(boxes.given_by(settled, line, u32::MAX), given);
                // A limit stops the count once reached (a line may take two boxes at once).
                let capped = boxes.given_by(settled, line, 1);
                assert!(
                    (given.min(1)..=given).contains(&capped),
                    "{settled:?} + {line}"
                );
            }
        }
    }
}
