//! The tile kernel: the values of one tile from the two tiles with one more line.
//!
//! For a block (one representative high mask `h`) every position shares `h`, so:
//! - a move on a high line leads to the same low offsets of one block of tile `(k_hi+1, k_lo)`
//!   (read through a rank permutation when the child's high mask is not a representative);
//!   whether it completes a box depends on the low mask only through one AND per box, so the
//!   whole block is updated by one vectorisable loop;
//! - a move on a low line stays in the same block of tile `(k_hi, k_lo+1)`, a small array
//!   that stays in cache.

use crate::store::TileId;

use super::layout::{Layout, LineBoxes, SYM_BITS};
use super::par::for_each_block;

/// The two tiles a tile is computed from; `None` where the group is already full.
#[derive(Clone, Copy, Debug)]
pub struct Parents<'a> {
    /// Tile `(hi + 1, lo)`.
    pub hi: Option<&'a [i8]>,
    /// Tile `(hi, lo + 1)`.
    pub lo: Option<&'a [i8]>,
}

/// Computes every value of `tile`.
pub fn compute_tile(layout: &Layout, tile: TileId, parents: Parents<'_>) -> Vec<i8> {
    let (k_hi, k_lo) = (u32::from(tile.hi), u32::from(tile.lo));
    let block_len = layout.lo().count(k_lo);
    let mut out = vec![0i8; layout.tile_len(tile)];
    if k_hi == layout.n_hi() && k_lo == layout.n_lo() {
        return out; // The full board: nothing left to take.
    }
    let reps = layout.hi_reps(k_hi);
    for_each_block(&mut out, block_len, |block, values, scratch| {
        values.fill(i8::MIN);
        let h = reps[block];
        high_moves(layout, k_lo, h, parents.hi, values, scratch);
        if let Some(up) = parents.lo {
            let up_len = layout.lo().count(k_lo + 1);
            low_moves(layout, k_lo, h, &up[block * up_len..(block + 1) * up_len], values);
        }
    });
    out
}

/// How a line's boxes can complete inside a block with high mask `h`: the low masks of the
/// boxes whose high sides are all drawn (`u32::MAX` = never).
#[inline]
fn low_conditions(b: &LineBoxes, h: u32) -> [u32; 2] {
    let mut cond = [u32::MAX; 2];
    for (c, &(hi, lo)) in cond.iter_mut().zip(&b.sides[..b.len]) {
        if h & hi == hi {
            *c = lo;
        }
    }
    cond
}

/// Best of the moves on high lines, for every position of the block.
fn high_moves(layout: &Layout, k_lo: u32, h: u32, up: Option<&[i8]>, values: &mut [i8], scratch: &mut Vec<i8>) {
    let Some(up) = up else { return };
    let n_lo = layout.n_lo() as usize;
    let len = values.len();
    let lo_masks = layout.lo().masks(k_lo);
    let mut free = !h & ((1u64 << layout.n_hi()) - 1) as u32;
    while free != 0 {
        let j = free.trailing_zeros();
        free &= free - 1;
        let entry = layout.hi_lookup(h | 1 << j);
        let block = (entry >> SYM_BITS) as usize;
        let sym = (entry & ((1 << SYM_BITS) - 1)) as usize;
        let mut child = &up[block * len..(block + 1) * len];
        if sym != 0 {
            scratch.clear();
            scratch.extend(layout.lo_perm(sym, k_lo).iter().map(|&r| child[r as usize]));
            child = scratch;
        }
        let [c0, c1] = low_conditions(layout.boxes(n_lo + j as usize), h);
        if c0 == u32::MAX && c1 == u32::MAX {
            for (v, &c) in values.iter_mut().zip(child) {
                *v = (*v).max(-c);
            }
        } else {
            for ((v, &c), &l) in values.iter_mut().zip(child).zip(lo_masks) {
                let boxes = i8::from(l & c0 == c0) + i8::from(l & c1 == c1);
                let score = if boxes == 0 { -c } else { boxes + c };
                *v = (*v).max(score);
            }
        }
    }
}

/// Best of the moves on low lines, for every position of the block, given the block of the
/// tile with one more low line.
fn low_moves(layout: &Layout, k_lo: u32, h: u32, up: &[i8], values: &mut [i8]) {
    let n_lo = layout.n_lo();
    let lo = layout.lo();
    let conds: Vec<[u32; 2]> = (0..n_lo as usize).map(|j| low_conditions(layout.boxes(j), h)).collect();
    for (v, &l) in values.iter_mut().zip(lo.masks(k_lo)) {
        let mut best = *v;
        let mut free = !l & ((1u32 << n_lo) - 1);
        while free != 0 {
            let j = free.trailing_zeros();
            free &= free - 1;
            let child = l | 1 << j;
            let c = up[lo.rank(child) as usize];
            let [c0, c1] = conds[j as usize];
            let boxes = i8::from(child & c0 == c0) + i8::from(child & c1 == c1);
            let score = if boxes == 0 { -c } else { boxes + c };
            best = best.max(score);
        }
        *v = best;
    }
}
