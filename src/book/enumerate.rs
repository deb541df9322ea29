//! Canonical augmentation: each canonical position with one more line, generated once, from
//! its designated parent. The v1 writer builds its layers with it and the v2 deep check walks
//! the book's positions with it, depth first, without holding a layer.

use crate::core::Equivalence;
use crate::core::{Board, Position};

/// The canonical children of canonical `pos` whose designated parent is `pos`, sorted, into
/// `out` (cleared first).
///
/// The designated parent of a canonical `C` is the canonical form of `C` without its highest
/// line outside `board`'s pre-drawn ones. Every class is reached that way (each equivalence is
/// a permutation of lines, so the designated parent plus the image of that line is equivalent
/// to `C`), and only duplicates from one parent remain, removed here.
pub fn canonical_children(eq: &Equivalence, board: &Board, pos: Position, out: &mut Vec<u64>) {
    let free = board.open_lines(board.start());
    out.clear();
    for line in board.open_lines(pos).lines() {
        let child = eq.canonical(pos.with(line));
        let top = 63 - child.intersection(free).0.leading_zeros() as usize;
        if eq.canonical(child.without(top)) == pos {
            out.push(child.0);
        }
    }
    out.sort_unstable();
    out.dedup();
}
