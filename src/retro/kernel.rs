//! The tile kernel: the values of one tile from the two tiles with one more line.
//!
//! A tile is cut into chunks of [`LANES`] blocks. Inside a block (one representative high
//! mask `h`) every position shares `h`; inside a chunk, block `b`'s position of low rank `r`
//! sits in lane `b` of row `r`. So both kinds of move become loops over contiguous bytes:
//! - a move on a high line leads to the same low offsets of one block of tile
//!   `(k_hi+1, k_lo)` (read through a rank permutation when the child's high mask is not a
//!   representative): one loop over the block;
//! - a move on a low line leads, for every lane, to the same low rank in tile
//!   `(k_hi, k_lo+1)`: one loop over the row of that rank once the parent chunk is transposed.
//!
//! Whether a move completes a box is one AND per box side mask, split into the part fixed for
//! the loop (a flag) and the part that varies along it.

use crate::store::TileId;

use super::layout::{Layout, BLOCK_ALIGN, SYM_BITS};
use super::par::for_each_chunk;
use super::transpose::transpose;

/// Blocks per chunk: the lane count of the low-move rows (a multiple of [`BLOCK_ALIGN`]).
const LANES: usize = 64;

/// The two tiles a tile is computed from; `None` where the group is already full.
#[derive(Clone, Copy, Debug)]
pub struct Parents<'a> {
    /// Tile `(hi + 1, lo)`.
    pub hi: Option<&'a [i8]>,
    /// Tile `(hi, lo + 1)`.
    pub lo: Option<&'a [i8]>,
}

/// Per-worker buffers, reused across chunks.
#[derive(Default)]
struct Scratch {
    /// A child block read through a symmetry; also the best low-move scores transposed back.
    permuted: Vec<i8>,
    /// The parent chunk of tile `(hi, lo+1)`, row-major by low rank.
    up_rows: Vec<i8>,
    /// Best low-move score, row-major by low rank.
    best_rows: Vec<i8>,
    /// Per low line and box, 1 in the lanes whose high sides of the box are drawn.
    lane_flags: Vec<i8>,
}

/// Computes every value of `tile`.
pub fn compute_tile(layout: &Layout, tile: TileId, parents: Parents<'_>) -> Vec<i8> {
    let (k_hi, k_lo) = (u32::from(tile.hi), u32::from(tile.lo));
    let stride = layout.block_stride(k_lo);
    let mut out = vec![0i8; layout.tile_len(tile)];
    if k_hi == layout.n_hi() && k_lo == layout.n_lo() {
        out[0] = layout.terminal_value(); // The full board: nothing left to take.
        return out;
    }
    let reps = layout.hi_reps(k_hi);
    for_each_chunk(
        &mut out,
        stride * LANES,
        |chunk, values, scratch: &mut Scratch| {
            let first = chunk * LANES;
            let lanes = &reps[first..first + values.len() / stride];
            values.fill(i8::MIN);
            if let Some(up) = parents.hi {
                for (&h, block) in lanes.iter().zip(values.chunks_mut(stride)) {
                    high_moves(layout, k_lo, h, up, block, &mut scratch.permuted);
                }
            }
            if let Some(up) = parents.lo {
                let up_stride = layout.block_stride(k_lo + 1);
                let up_chunk = &up[first * up_stride..(first + lanes.len()) * up_stride];
                low_moves(layout, k_lo, lanes, up_chunk, values, scratch);
            }
        },
    );
    out
}

/// Raises each value to the score of a move whose child values are `child`: `-child` for a
/// move that completes no box, `boxes + child` otherwise, where `boxes = f0 + f1` (0/1 bytes,
/// one per box beside the line).
/// All slices are whole vectors long ([`BLOCK_ALIGN`] divides their length), so the fixed
/// inner loops compile to vector instructions with no scalar tail.
#[inline]
fn raise(values: &mut [i8], child: &[i8], f0: &[i8], f1: &[i8]) {
    let vectors = values
        .chunks_exact_mut(BLOCK_ALIGN)
        .zip(child.chunks_exact(BLOCK_ALIGN));
    let flags = f0
        .chunks_exact(BLOCK_ALIGN)
        .zip(f1.chunks_exact(BLOCK_ALIGN));
    for ((v, c), (a, b)) in vectors.zip(flags) {
        for i in 0..BLOCK_ALIGN {
            let k = a[i] + b[i];
            let score = if k == 0 {
                c[i].wrapping_neg()
            } else {
                k + c[i]
            };
            v[i] = v[i].max(score);
        }
    }
}

/// Raises each value to the score of a move that completes no box (whole vectors, as
/// [`raise`]).
#[inline]
fn raise_plain(values: &mut [i8], child: &[i8]) {
    for (v, c) in values
        .chunks_exact_mut(BLOCK_ALIGN)
        .zip(child.chunks_exact(BLOCK_ALIGN))
    {
        for i in 0..BLOCK_ALIGN {
            v[i] = v[i].max(c[i].wrapping_neg());
        }
    }
}

/// Raises `values` to the scores of one move whose child values are `child`, given for each
/// box beside the line the 0/1 flags of the positions where it completes (`None`: nowhere).
#[inline]
fn apply_move(values: &mut [i8], child: &[i8], flags: [Option<&[i8]>; 2]) {
    match flags {
        [None, None] => raise_plain(values, child),
        [f0, f1] => {
            let none = &NO_BOX[..values.len()];
            raise(values, child, f0.unwrap_or(none), f1.unwrap_or(none));
        }
    }
}

/// Zero bytes: the flags of a box that cannot complete (as long as any block or chunk row).
static NO_BOX: [i8; 4096] = [0; 4096];
const _: () = assert!(LANES <= NO_BOX.len());

/// Moves on high lines, for every position of one block.
fn high_moves(
    layout: &Layout,
    k_lo: u32,
    h: u32,
    up: &[i8],
    values: &mut [i8],
    permuted: &mut Vec<i8>,
) {
    let n_lo = layout.n_lo() as usize;
    let len = values.len();
    let mut free = !h & ((1u64 << layout.n_hi()) - 1) as u32;
    while free != 0 {
        let j = free.trailing_zeros();
        free &= free - 1;
        let entry = layout.hi_lookup(h | 1 << j);
        let block = (entry >> SYM_BITS) as usize;
        let sym = (entry & ((1 << SYM_BITS) - 1)) as usize;
        let mut child = &up[block * len..(block + 1) * len];
        if sym != 0 {
            permuted.clear();
            permuted.extend(layout.lo_perm(sym, k_lo).iter().map(|&r| child[r as usize]));
            child = permuted;
        }
        let b = layout.boxes(n_lo + j as usize);
        let flags = |side: usize| {
            let (hi, lo) = b.sides[side];
            (side < b.len && h & hi == hi).then(|| layout.low_flags(lo, k_lo))
        };
        apply_move(values, child, [flags(0), flags(1)]);
    }
}

/// Moves on low lines, for every position of a chunk, with the chunk transposed so that each
/// low rank is a row of lanes.
fn low_moves(
    layout: &Layout,
    k_lo: u32,
    lanes: &[u32],
    up: &[i8],
    values: &mut [i8],
    s: &mut Scratch,
) {
    let (n_lo, width) = (
        layout.n_lo() as usize,
        lanes.len().next_multiple_of(BLOCK_ALIGN),
    );
    let lo = layout.lo();
    let (stride, up_stride) = (layout.block_stride(k_lo), layout.block_stride(k_lo + 1));
    transpose(up, width, up_stride, &mut s.up_rows);
    s.best_rows.clear();
    s.best_rows.resize(stride * width, i8::MIN);
    // lane_flags[(2j + box) * width + lane]: the high sides of box `box` of line j are drawn.
    s.lane_flags.clear();
    for j in 0..n_lo {
        let b = layout.boxes(j);
        for side in 0..2 {
            let flags = lanes
                .iter()
                .map(|&h| i8::from(side < b.len && h & b.sides[side].0 == b.sides[side].0));
            s.lane_flags
                .extend(flags.chain(std::iter::repeat(0)).take(width));
        }
    }
    for (r, &l) in lo.masks(k_lo).iter().enumerate() {
        let row = &mut s.best_rows[r * width..(r + 1) * width];
        let mut free = !l & ((1u32 << n_lo) - 1);
        while free != 0 {
            let j = free.trailing_zeros() as usize;
            free &= free - 1;
            let child_mask = l | 1 << j;
            let child_rank = lo.rank(child_mask) as usize;
            let child = &s.up_rows[child_rank * width..(child_rank + 1) * width];
            let b = layout.boxes(j);
            let flags = |side: usize| {
                let done = side < b.len && child_mask & b.sides[side].1 == b.sides[side].1;
                done.then(|| &s.lane_flags[(2 * j + side) * width..(2 * j + side + 1) * width])
            };
            apply_move(row, child, [flags(0), flags(1)]);
        }
    }
    transpose(&s.best_rows, stride, width, &mut s.permuted);
    for (v, &best) in values.iter_mut().zip(&s.permuted) {
        *v = (*v).max(best);
    }
}
