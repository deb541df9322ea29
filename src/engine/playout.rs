//! Playouts: a game finished fast and plausibly from any position, valued for the player
//! to move there.
//!
//! Chain theory says the opening's outcome is decided by the chains and loops the safe
//! moves leave and by who must open the first of them. A playout takes every box that can be
//! taken, then draws random safe lines (lines that give no box its third side) until none is
//! left. Then every box not taken has two open sides, or sits at a junction of such chains:
//! a simple loony endgame is valued exactly by arithmetic (`search::endgame`, with the
//! declines that keep control), and a position with junctions is played on by the rules of
//! thumb (the mover gives away the fewest boxes, the opponent takes them) until it is one.

use crate::core::{Boxes, Position};
use crate::search::endgame::Endgames;

/// Net boxes for the player to move in `pos` at the end of one playout.
pub fn playout(
    boxes: &Boxes,
    mut pos: Position,
    rng: &mut SplitMix,
    endgames: &mut Endgames,
) -> i32 {
    let all = all_lines(boxes);
    let (mut sign, mut net) = (1, 0);
    loop {
        let (taken, after) = greedy_captures(boxes, pos);
        net += sign * taken as i32;
        pos = after;
        let open = all.difference(pos);
        if open.is_empty() {
            return net;
        }
        // The safe lines, drawn at random while any is left: the lines of boxes with two
        // sides drawn are never safe again, so one mask, kept up to date, holds them (a safe
        // line takes no box past two sides drawn, so none can be taken on the way).
        let mut unsafe_lines = unsafe_lines(boxes, pos);
        let mut safe = open.difference(unsafe_lines);
        if !safe.is_empty() {
            while !safe.is_empty() {
                let line = nth_line(safe, rng.below(safe.count() as usize));
                pos = pos.with(line);
                sign = -sign;
                for b in boxes.boxes_of(line) {
                    if boxes.degree(pos, b) <= 2 {
                        unsafe_lines = unsafe_lines.union(boxes.sides(b));
                    }
                }
                safe = safe.without(line).difference(unsafe_lines);
            }
            continue;
        }
        if let Some(v) = endgames.value(boxes, pos) {
            return net + sign * v;
        }
        // Junctions left: the mover gives away the fewest boxes (the first such line; one box
        // is the fewest a line can give here), the opponent takes them at the top of the loop.
        let (mut line, mut fewest) = (0, u32::MAX);
        for l in open.lines() {
            let given = captures_from(boxes, pos.with(l), boxes.boxes_of(l), fewest).0;
            if given < fewest {
                (line, fewest) = (l, given);
                if given <= 1 {
                    break;
                }
            }
        }
        pos = pos.with(line);
        sign = -sign;
    }
}

/// The lines that are not safe in `pos`: the sides of every box with two sides drawn or more.
fn unsafe_lines(boxes: &Boxes, pos: Position) -> Position {
    boxes
        .all_sides()
        .iter()
        .filter(|&&sides| sides.difference(pos).count() <= 2)
        .fold(Position::EMPTY, |a, &s| a.union(s))
}

/// The `n`-th line of `lines`, in line order.
fn nth_line(lines: Position, n: usize) -> usize {
    let mut mask = lines.0;
    for _ in 0..n {
        mask &= mask - 1;
    }
    mask.trailing_zeros() as usize
}

/// Every line of the board the box graph describes (each line is a side of some box).
pub fn all_lines(boxes: &Boxes) -> Position {
    boxes
        .all_sides()
        .iter()
        .fold(Position::EMPTY, |a, &s| a.union(s))
}

/// Boxes taken by completing boxes while any can be completed, and the position after.
fn greedy_captures(boxes: &Boxes, pos: Position) -> (u32, Position) {
    captures_from(boxes, pos, 0..boxes.len(), u32::MAX)
}

/// Boxes taken by completing boxes while any can be completed, and the position after, when
/// only boxes among `seeds` may be takeable in `pos`; it stops counting at `limit`. The
/// boxes to take are the same in any order (taking one only brings others closer), so each
/// is looked at when it may have become takeable: the seeds once, then the neighbours of
/// each line drawn.
fn captures_from(
    boxes: &Boxes,
    mut pos: Position,
    seeds: impl Iterator<Item = usize>,
    limit: u32,
) -> (u32, Position) {
    let mut takeable = [0u8; 64];
    let mut n = 0;
    for b in seeds {
        if boxes.degree(pos, b) == 1 {
            takeable[n] = b as u8;
            n += 1;
        }
    }
    let mut taken = 0;
    while n > 0 && taken < limit {
        n -= 1;
        let open = boxes.open_sides(pos, usize::from(takeable[n]));
        if open.count() != 1 {
            continue; // taken meanwhile, with its neighbour
        }
        let line = open.0.trailing_zeros() as usize;
        taken += boxes.completes(pos, line);
        pos = pos.with(line);
        for b in boxes.boxes_of(line) {
            if boxes.degree(pos, b) == 1 {
                takeable[n] = b as u8;
                n += 1;
            }
        }
    }
    (taken, pos)
}

/// SplitMix64 (Steele, Lea and Flood): a small, seedable generator, the same everywhere.
#[derive(Clone, Debug)]
pub struct SplitMix(pub u64);

impl SplitMix {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        mix(self.0)
    }

    /// A number in `0..n`.
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next() >> 32) * n as u64) >> 32) as usize
    }
}

/// SplitMix64's finaliser: a 64-bit mix.
pub fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Board;

    /// The captures by the plain rule: scan every box for one with a single open side, draw
    /// it, start over.
    fn naive_captures(boxes: &Boxes, mut pos: Position) -> (u32, Position) {
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

    /// Random positions of several boards (icelandic's pre-drawn lines included), each with a
    /// random number of its open lines drawn.
    fn positions(seed: u64) -> Vec<(Board, Position)> {
        let mut rng = SplitMix(seed);
        let boards = [
            Board::new(1, 2).unwrap(),
            Board::new(2, 3).unwrap(),
            Board::new(3, 3).unwrap(),
            Board::new(4, 4).unwrap(),
            Board::new(5, 5).unwrap(),
            Board::icelandic(),
        ];
        let mut out = Vec::new();
        for board in boards {
            for _ in 0..200 {
                let mut pos = board.start();
                let open = board.open_lines(pos).count() as usize;
                for _ in 0..rng.below(open + 1) {
                    let lines: Vec<usize> = board.open_lines(pos).lines().collect();
                    pos = pos.with(lines[rng.below(lines.len())]);
                }
                out.push((board.clone(), pos));
            }
        }
        out
    }

    #[test]
    fn captures_take_what_the_plain_rule_takes() {
        for (board, pos) in positions(1) {
            let boxes = board.boxes();
            assert_eq!(
                greedy_captures(boxes, pos),
                naive_captures(boxes, pos),
                "{pos:?}"
            );
            // From a line's own boxes, where nothing else can be taken.
            let (_, settled) = naive_captures(boxes, pos);
            for line in board.open_lines(settled).lines() {
                let after = settled.with(line);
                let from_line = captures_from(boxes, after, boxes.boxes_of(line), u32::MAX);
                assert_eq!(
                    from_line,
                    naive_captures(boxes, after),
                    "{settled:?} + {line}"
                );
            }
        }
    }

    #[test]
    fn unsafe_lines_are_those_giving_a_box_its_third_side() {
        for (board, pos) in positions(2) {
            let boxes = board.boxes();
            let unsafe_now = unsafe_lines(boxes, pos);
            for line in board.open_lines(pos).lines() {
                let safe = boxes.boxes_of(line).all(|b| boxes.degree(pos, b) >= 3);
                assert_eq!(!unsafe_now.contains(line), safe, "{pos:?}, line {line}");
            }
        }
    }

    #[test]
    fn nth_line_counts_in_line_order() {
        let lines = Position(0b1011_0100);
        let all: Vec<usize> = (0..4).map(|n| nth_line(lines, n)).collect();
        assert_eq!(all, lines.lines().collect::<Vec<_>>());
    }
}
