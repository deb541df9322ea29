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
//!
//! Safe lines alone make who opens the first chain a coin toss that neither side steers. In
//! play the fight for control is steered by sacrifices: handing over a box or two passes the
//! turn, and so the duty to draw the last safe line and open the first chain. That fight is
//! fought near the end of the safe phase (earlier, the count of safe lines left is still in
//! flux and a sacrifice only gives boxes away), so once at most [`HAND_OVER_SAFE`] safe lines
//! are left, the mover usually ([`HAND_OVER_PER_MILLE`]) first tries one line that is not
//! safe and draws it when it gives at most [`HAND_OVER_MAX`] boxes (measured in
//! `docs/engine-experiments.md`).

use crate::core::{Boxes, Position, SplitMix};
use crate::search::endgame::Endgames;

/// Most safe lines left when a playout's mover starts trying sacrifices. On 400 4x4 and 3x5
/// opening positions (one thread, 1 s a move; sets of 200, mean of both): from the first
/// line, a try before 3 safe lines in 10: 84.75 % optimal picks (never trying: 81.75 %); at
/// most 16 safe lines left, 5 in 10: 88.25 %; at most 12, 5 in 10: 87.75 %; at most 12, 8
/// in 10: 90.0 %; at most 8, 5 in 10: 87.0 %.
pub const HAND_OVER_SAFE: u32 = 12;

/// How often, per thousand safe lines drawn once at most [`HAND_OVER_SAFE`] are left, the
/// mover first tries a sacrifice (from the first safe line, on one set: never 82.5 %, 50
/// 81.0 %, 150 85.5 %, 300 85.5 %, 500 86.0 %, always 80.5 %).
pub const HAND_OVER_PER_MILLE: usize = 800;

/// Most boxes a playout's sacrifice in the safe phase gives (1: 85.0 %, 3: 85.5 %, 2: 85.5 %
/// with fewer boxes lost, on one set of 200 positions).
pub const HAND_OVER_MAX: u32 = 2;

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
        let (taken, after) = boxes.take_all(pos);
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
                if safe.count() <= HAND_OVER_SAFE && rng.below(1000) < HAND_OVER_PER_MILLE {
                    let not_safe = all.difference(pos).difference(safe);
                    if let Some(line) = small_sacrifice(boxes, pos, not_safe, rng) {
                        // The opponent takes at the top of the loop, then moves on.
                        pos = pos.with(line);
                        sign = -sign;
                        break;
                    }
                }
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
            let given = boxes.given_by(pos, l, fewest);
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

/// One line of `candidates` (the open lines that are not safe in `pos`, where no box can be
/// taken), picked at random, when it gives at most [`HAND_OVER_MAX`] boxes.
fn small_sacrifice(
    boxes: &Boxes,
    pos: Position,
    candidates: Position,
    rng: &mut SplitMix,
) -> Option<usize> {
    if candidates.is_empty() {
        return None;
    }
    let line = nth_line(candidates, rng.below(candidates.count() as usize));
    (boxes.given_by(pos, line, HAND_OVER_MAX + 1) <= HAND_OVER_MAX).then_some(line)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chains::testkit;
    use crate::core::Board;

    /// Random positions of six boards, icelandic's pre-drawn lines included.
    fn sample(seed: u64) -> Vec<(Board, Position)> {
        testkit::sample(&["1x2", "2x3", "3x3", "4x4", "5x5", "icelandic"], 200, seed)
    }

    #[test]
    fn unsafe_lines_are_those_giving_a_box_its_third_side() {
        for (board, pos) in sample(2) {
            let boxes = board.boxes();
            let unsafe_now = unsafe_lines(boxes, pos);
            for line in board.open_lines(pos).lines() {
                let safe = boxes.boxes_of(line).all(|b| boxes.degree(pos, b) >= 3);
                assert_eq!(!unsafe_now.contains(line), safe, "{pos:?}, line {line}");
            }
        }
    }

    #[test]
    fn a_small_sacrifice_is_one_random_line_giving_at_most_two_boxes() {
        let mut rng = SplitMix(3);
        let (mut found, mut refused) = (0, 0);
        for (board, pos) in sample(3) {
            let boxes = board.boxes();
            let (_, pos) = boxes.take_all(pos);
            let not_safe = board.open_lines(pos).intersection(unsafe_lines(boxes, pos));
            if not_safe.is_empty() {
                assert_eq!(small_sacrifice(boxes, pos, not_safe, &mut rng), None);
                continue;
            }
            // The line it tries: the generator's next pick among the candidates.
            let tried = nth_line(not_safe, rng.clone().below(not_safe.count() as usize));
            let given = boxes.take_all(pos.with(tried)).0;
            let picked = small_sacrifice(boxes, pos, not_safe, &mut rng);
            assert_eq!(picked, (given <= HAND_OVER_MAX).then_some(tried), "{pos:?}");
            match picked {
                Some(_) => found += 1,
                None => refused += 1,
            }
        }
        assert!(
            found > 100 && refused > 20,
            "{found} found, {refused} refused"
        );
    }

    #[test]
    fn nth_line_counts_in_line_order() {
        let lines = Position(0b1011_0100);
        let all: Vec<usize> = (0..4).map(|n| nth_line(lines, n)).collect();
        assert_eq!(all, lines.lines().collect::<Vec<_>>());
    }
}
