//! The endgame rule: when every move is loony, the value is known arithmetic on the chains and
//! loops, with no search.
//!
//! If no box can be taken and every box not yet taken has exactly two sides drawn, the
//! position is a *simple loony endgame*: every untaken box lies on exactly one chain (a path of
//! boxes whose two ends open onto the border) or loop (a cycle of boxes), and every move opens
//! one of them for the opponent. Let `V(G)` be the value for the player who must open a
//! component of the set `G`, with `V(∅) = 0`. Opening component `C` of `k` boxes, the opponent
//! either takes all of it and must open a component of the rest (net `k + V(G−C)` for the
//! opponent), or, for a chain of three or more or any loop, takes all but two (four) and hands
//! the last two (four) back as double-crosses (net `k − 4 − V(G−C)` for a chain, `k − 8 −
//! V(G−C)` for a loop), keeping the obligation to open on the player who opened. Chains of one
//! or two boxes are opened so that no decline is possible (a two-chain in its middle line).
//! So `V(G) = max over C of −(opponent's best)`. This is the standard analysis of simple loony
//! endgames (Berlekamp, *The Dots-and-Boxes Game*, 2000; Buzzard and Ciere, *Playing simple
//! loony dots and boxes endgames optimally*, 2014): taking part of an opened component and
//! then playing elsewhere, or opening a long chain elsewhere than its end, never does better
//! than these choices.

use std::collections::BTreeMap;

use crate::core::{Boxes, Position};

/// Components of a simple loony endgame, encoded as `length` for a chain and `64 + length`
/// for a loop, sorted.
type Components = Vec<u8>;

const LOOP: u8 = 64;

/// Values of simple loony endgames by their components. A search meets the same few
/// multisets of chains and loops millions of times (there are only as many as partitions of
/// the boxes), so each is computed once per search thread; computing them afresh at every
/// node, with a new memo each time, was a sixth of the search's time.
#[derive(Debug, Default)]
pub struct Endgames {
    memo: BTreeMap<Components, i32>,
    /// The components of the position being valued (kept to reuse its allocation).
    scratch: Components,
}

impl Endgames {
    /// The value of `pos` when it is a simple loony endgame; `None` otherwise.
    pub fn value(&mut self, boxes: &Boxes, pos: Position) -> Option<i32> {
        if !components(boxes, pos, &mut self.scratch) {
            return None;
        }
        if let Some(&v) = self.memo.get(&self.scratch) {
            return Some(v);
        }
        Some(value(&self.scratch, &mut self.memo))
    }
}

/// Writes the chains and loops of `pos` to `out`, sorted, if it is a simple loony endgame
/// with at least one; returns whether it is.
fn components(boxes: &Boxes, pos: Position, out: &mut Components) -> bool {
    let mut seen = 0u64; // boxes already placed in a component
    let mut any = false;
    for b in 0..boxes.len() {
        match boxes.drawn(pos, b) {
            4 => seen |= 1 << b,
            2 => any = true,
            _ => return false,
        }
    }
    if !any {
        return false;
    }
    out.clear();
    // Chains: walk from each box with an open border line to the border at the other end.
    for b in 0..boxes.len() {
        if seen >> b & 1 == 1 {
            continue;
        }
        let mut open = boxes.open_sides(pos, b).lines();
        let Some(exit) = open.find(|&l| boxes.across(l, b).is_none()) else {
            continue;
        };
        out.push(walk(boxes, pos, b, exit, &mut seen));
    }
    // Every box left lies on a loop.
    for b in 0..boxes.len() {
        if seen >> b & 1 == 0 {
            let open = boxes.open_sides(pos, b);
            out.push(LOOP + walk(boxes, pos, b, open.0.trailing_zeros() as usize, &mut seen));
        }
    }
    out.sort_unstable();
    true
}

/// Walks from box `start` away from its open line `back` along boxes with two sides drawn,
/// until the border, a box with fewer sides drawn (a junction) or `start` again, marking the
/// boxes passed in `seen`; returns their number. In a simple loony endgame every box met has
/// two sides drawn, so the walk ends at the border or, on a loop, back at `start`.
pub(super) fn walk(boxes: &Boxes, pos: Position, start: usize, back: usize, seen: &mut u64) -> u8 {
    let (mut b, mut back, mut len) = (start, back, 0);
    loop {
        *seen |= 1 << b;
        len += 1;
        let line = boxes.open_sides(pos, b).without(back).0.trailing_zeros() as usize;
        match boxes.across(line, b) {
            Some(next) if next != start && boxes.drawn(pos, next) == 2 => {
                b = next;
                back = line;
            }
            _ => return len,
        }
    }
}

/// `V(G)` for the player who must open a component, memoised over sub-multisets (in a
/// B-tree: no hasher seed, so no entropy source is needed in WebAssembly).
fn value(g: &[u8], memo: &mut BTreeMap<Components, i32>) -> i32 {
    if g.is_empty() {
        return 0;
    }
    if let Some(&v) = memo.get(g) {
        return v;
    }
    let mut best = i32::MIN;
    for i in 0..g.len() {
        if i > 0 && g[i] == g[i - 1] {
            continue; // the same kind of component: same result
        }
        let mut rest = g.to_vec();
        rest.remove(i);
        let v = value(&rest, memo);
        let (k, is_loop) = if g[i] >= LOOP {
            (i32::from(g[i] - LOOP), true)
        } else {
            (i32::from(g[i]), false)
        };
        let take_all = k + v;
        let opponent = match (is_loop, k) {
            (true, _) => take_all.max(k - 8 - v),
            (false, 3..) => take_all.max(k - 4 - v),
            (false, _) => take_all,
        };
        best = best.max(-opponent);
    }
    memo.insert(g.to_vec(), best);
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_endgame_values() {
        let mut memo = BTreeMap::new();
        // One long chain: the opener loses it all.
        assert_eq!(value(&[3], &mut memo), -3);
        // Chains 3 and 3: the opponent declines the first (1 − 2) and takes the second (+3).
        assert_eq!(value(&[3, 3], &mut memo), -2);
        // A loop of four alone: opener loses four.
        assert_eq!(value(&[LOOP + 4], &mut memo), -4);
        // Two one-chains: each player gets one.
        assert_eq!(value(&[1, 1], &mut memo), 0);
    }

    #[test]
    fn a_corridor_is_one_chain() {
        let board = crate::core::Board::new(1, 3).unwrap();
        let corridor: Position = (0..3)
            .flat_map(|c| [board.h(0, c), board.h(1, c)])
            .collect();
        let mut out = Components::new();
        assert!(components(board.boxes(), corridor, &mut out));
        assert_eq!(out, [3]);
        assert_eq!(Endgames::default().value(board.boxes(), corridor), Some(-3));
    }
}
