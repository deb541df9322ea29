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
    let mut safe = [0u8; 64];
    loop {
        let (taken, after) = greedy_captures(boxes, pos);
        net += sign * taken as i32;
        pos = after;
        let open = all.difference(pos);
        if open.is_empty() {
            return net;
        }
        let mut n = 0;
        for line in open.lines() {
            if is_safe(boxes, pos, line) {
                safe[n] = line as u8;
                n += 1;
            }
        }
        if n > 0 {
            pos = pos.with(usize::from(safe[rng.below(n)]));
            sign = -sign;
            continue;
        }
        if let Some(v) = endgames.value(boxes, pos) {
            return net + sign * v;
        }
        // Junctions left: the mover gives away the fewest boxes; the opponent takes them at
        // the top of the loop.
        let line = open
            .lines()
            .min_by_key(|&l| greedy_captures(boxes, pos.with(l)).0)
            .expect("an open line");
        pos = pos.with(line);
        sign = -sign;
    }
}

/// Whether drawing `line` gives no box its third side (nor completes one).
pub fn is_safe(boxes: &Boxes, pos: Position, line: usize) -> bool {
    boxes.boxes_of(line).all(|b| boxes.degree(pos, b) >= 3)
}

/// Every line of the board the box graph describes (each line is a side of some box).
pub fn all_lines(boxes: &Boxes) -> Position {
    boxes
        .all_sides()
        .iter()
        .fold(Position::EMPTY, |a, &s| a.union(s))
}

/// Boxes taken by completing boxes while any can be completed, and the position after.
fn greedy_captures(boxes: &Boxes, mut pos: Position) -> (u32, Position) {
    let mut taken = 0;
    'more: loop {
        for &sides in boxes.all_sides() {
            let open = sides.difference(pos);
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
