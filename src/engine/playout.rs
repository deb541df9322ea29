//! The estimate at the engine's horizon: random playouts of the safe phase, each valued
//! exactly once it ends.
//!
//! Chain theory says the opening's outcome is decided by the chains and loops the safe
//! moves leave and by who must open the first of them. A playout draws random safe lines
//! (lines that give no box its third side) until none is left. Then every box not taken has
//! two open sides, or sits at a junction of such chains: a simple loony endgame is valued
//! exactly by arithmetic (`search::endgame`), and a position with junctions is played on by
//! the rules of thumb (the mover gives the fewest boxes, the opponent takes them) until it is
//! one. The estimate is the mean over the playouts, for the player to move.

use crate::core::{Boxes, Position};
use crate::search::endgame::Endgames;

/// Playouts per estimate.
pub const PLAYOUTS: u32 = 8;

/// The estimate of `pos` (quiet: no box to take) for the player to move, in net boxes.
pub fn estimate(boxes: &Boxes, pos: Position, seed: u64, endgames: &mut Endgames) -> i32 {
    let mut rng = SplitMix(seed);
    let total: i32 = (0..PLAYOUTS)
        .map(|_| playout(boxes, pos, &mut rng, endgames))
        .sum();
    (f64::from(total) / f64::from(PLAYOUTS)).round() as i32
}

/// One playout's net boxes for the player to move in `pos`.
fn playout(boxes: &Boxes, mut pos: Position, rng: &mut SplitMix, endgames: &mut Endgames) -> i32 {
    let all = boxes
        .all_sides()
        .iter()
        .fold(Position::EMPTY, |a, &s| a.union(s));
    let (mut sign, mut net) = (1, 0);
    let mut safe = [0u8; 64];
    loop {
        let open = all.difference(pos);
        if open.is_empty() {
            return net;
        }
        let mut n = 0;
        for line in open.lines() {
            if boxes.boxes_of(line).all(|b| boxes.degree(pos, b) >= 3) {
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
        // Junctions left: the mover gives away the fewest boxes, the opponent takes them.
        let (line, given) = open
            .lines()
            .map(|l| (l, greedy_captures(boxes, pos.with(l)).0))
            .min_by_key(|&(_, g)| g)
            .expect("an open line");
        let (taken, after) = greedy_captures(boxes, pos.with(line));
        debug_assert_eq!(taken, given);
        net -= sign * taken as i32;
        pos = after;
        sign = -sign;
    }
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
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n`.
    fn below(&mut self, n: usize) -> usize {
        (((self.next() >> 32) * n as u64) >> 32) as usize
    }
}
