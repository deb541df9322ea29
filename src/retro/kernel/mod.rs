//! The tile kernel: the values of one tile from the two tiles with one more line.
//!
//! A tile is cut into chunks of `LANES` blocks. Inside a block (one representative high
//! mask `h`) every position shares `h`; inside a chunk, block `b`'s position of low rank `r`
//! sits in lane `b` of row `r`. So both kinds of move become loops over contiguous bytes:
//! - a move on a line of high group `g` leads to the same low offsets of one block of the
//!   tile with one more line in `g` (found by that tile's [`HighIndex`], and read through a
//!   rank permutation when the child's high mask is not a representative): one loop over the
//!   block;
//! - a move on a low line leads, for every lane, to the same low rank in the tile with one
//!   more low line (same high counts, so same blocks): one loop over the row of that rank
//!   once the parent chunk is transposed.
//!
//! Whether a move completes a box is one AND per box side mask, split into the part fixed for
//! the loop (a flag) and the part that varies along it.
//!
//! The same loops compute loony keys ([`super::valuation`]): a box is worth 4 instead of 1,
//! and a move completing no box reads the child's pass plane instead of negating its value.
//! After a loony tile's values, its own pass plane is filled from them and the
//! [`super::loony::LoonyTest`] of each position.

use std::sync::Arc;

use crate::store::{TileId, MAX_GROUPS};

use super::high::{decode_entry, HighIndex};
use super::layout::{Layout, BLOCK_ALIGN};
use super::loony::{Lanes, SIDES};
use super::transpose::transpose;
use super::units::{chain_move_score, ChainRule};
use super::valuation::{loony_pass, Valuation};
use super::RetroError;
use crate::par::for_each_chunk;

/// Blocks per chunk: the lane count of the low-move rows (a multiple of [`BLOCK_ALIGN`]).
const LANES: usize = 64;

/// The tiles a tile is computed from (all their planes), one per group: `parents[g]` has one
/// more line in group `g` ([`TileId::counts`] order: high groups, then low); `None` where the
/// group is already full.
pub type Parents<'a> = [Option<&'a [i8]>; MAX_GROUPS];

/// How a move's score follows from the bytes of the position it leads to.
trait Code {
    /// What `boxes` completed boxes add to the child's byte. (Additions only: there are no
    /// byte shifts or multiplies in SSE2 or WebAssembly SIMD, and the loop must vectorise.)
    fn boxes(boxes: i8) -> i8;
    /// The score of a move completing no box, from the child's value and its pass-plane byte.
    fn pass(value: i8, pass: i8) -> i8;
}

/// Plain scores: a move completing no box scores minus the child's value.
struct Scores;

impl Code for Scores {
    #[inline(always)]
    fn boxes(boxes: i8) -> i8 {
        boxes
    }
    #[inline(always)]
    fn pass(value: i8, _: i8) -> i8 {
        value.wrapping_neg()
    }
}

/// Loony keys: boxes count 4, and the pass plane holds the key of a move completing no box.
struct LoonyKeys;

impl Code for LoonyKeys {
    #[inline(always)]
    fn boxes(boxes: i8) -> i8 {
        let twice = boxes + boxes;
        twice + twice
    }
    #[inline(always)]
    fn pass(_: i8, pass: i8) -> i8 {
        pass
    }
}

/// The bytes of a run of child positions: values, and the pass plane where there is one.
#[derive(Clone, Copy)]
struct Child<'a> {
    values: &'a [i8],
    pass: Option<&'a [i8]>,
}

/// Per-worker buffers, reused across chunks.
#[derive(Default)]
struct Scratch {
    /// A child block read through a symmetry; also the best low-move scores transposed back.
    permuted: Vec<i8>,
    /// The pass plane of a child block read through a symmetry.
    permuted_pass: Vec<i8>,
    /// The parent chunk of tile `(hi, lo+1)`, row-major by low rank.
    up_rows: Vec<i8>,
    /// Its pass plane, row-major by low rank.
    up_pass_rows: Vec<i8>,
    /// Best low-move score, row-major by low rank.
    best_rows: Vec<i8>,
    /// Per low line and box, 1 in the lanes whose high sides of the box are drawn.
    lane_flags: Vec<i8>,
    /// Per chain-extension test, 1 in the lanes whose high part of the test is drawn.
    test_lanes: Vec<i8>,
    /// Extended ends of a chain per position, and one extension's flags.
    ext: Vec<i8>,
    term: Vec<i8>,
}

/// Computes every byte of `tile` (all its planes). Fails only if a high index cannot be
/// built.
pub fn compute_tile(
    layout: &Layout,
    tile: TileId,
    parents: Parents<'_>,
) -> Result<Vec<i8>, RetroError> {
    let len = layout.tile_len(tile);
    let mut out = vec![0i8; layout.tile_bytes(tile)];
    let (values, pass) = out.split_at_mut(len);
    let index = layout.high_index(tile)?;
    match layout.valuation() {
        Valuation::Score => compute_values::<Scores>(layout, tile, &index, parents, values)?,
        Valuation::Loony => {
            compute_values::<LoonyKeys>(layout, tile, &index, parents, values)?;
            fill_pass_plane(layout, tile, &index, values, pass);
        }
    }
    Ok(out)
}

/// A parent tile reached by moves in one high group: its bytes and its high index.
struct HighParent<'a> {
    child: Child<'a>,
    index: Arc<HighIndex>,
}

/// Computes the values plane of `tile`.
fn compute_values<C: Code>(
    layout: &Layout,
    tile: TileId,
    index: &HighIndex,
    parents: Parents<'_>,
    out: &mut [i8],
) -> Result<(), RetroError> {
    let k_lo = u32::from(tile.lo());
    let stride = layout.block_stride(k_lo);
    let lo_group = layout.groups() - 1;
    if layout.parents(tile).is_empty() {
        out[0] = layout.terminal_value(); // The full board: nothing left to take.
        return Ok(());
    }
    let reps = index.reps();
    let mut high = Vec::new();
    for (g, parent) in parents.iter().enumerate().take(lo_group) {
        high.push(match parent {
            Some(up) => {
                let parent = tile.up(g);
                Some(HighParent {
                    child: planes(layout, up, layout.tile_len(parent)),
                    index: layout.high_index(parent)?,
                })
            }
            None => None,
        });
    }
    let up_lo = parents[lo_group].map(|up| planes(layout, up, layout.tile_len(tile.up(lo_group))));
    for_each_chunk(
        out,
        stride * LANES,
        |chunk, values, scratch: &mut Scratch| {
            let first = chunk * LANES;
            let lanes = &reps[first..first + values.len() / stride];
            values.fill(i8::MIN);
            for (&h, block) in lanes.iter().zip(values.chunks_mut(stride)) {
                high_moves::<C>(layout, k_lo, h, &high, block, scratch);
            }
            if let Some(up) = up_lo {
                let up_stride = layout.block_stride(k_lo + 1);
                let range = first * up_stride..(first + lanes.len()) * up_stride;
                let up_chunk = Child {
                    values: &up.values[range.clone()],
                    pass: up.pass.map(|p| &p[range]),
                };
                low_moves::<C>(layout, k_lo, lanes, up_chunk, values, scratch);
            }
        },
    );
    Ok(())
}

/// The planes of a parent tile whose planes are `len` bytes long.
fn planes<'a>(layout: &Layout, data: &'a [i8], len: usize) -> Child<'a> {
    match layout.valuation() {
        Valuation::Score => Child {
            values: data,
            pass: None,
        },
        Valuation::Loony => {
            let (values, pass) = data.split_at(len);
            Child {
                values,
                pass: Some(pass),
            }
        }
    }
}

/// Fills a loony tile's pass plane from its values and the loony test of each position.
fn fill_pass_plane(
    layout: &Layout,
    tile: TileId,
    index: &HighIndex,
    values: &[i8],
    pass: &mut [i8],
) {
    let k_lo = u32::from(tile.lo());
    let stride = layout.block_stride(k_lo);
    let test = layout.loony_test().expect("a loony layout");
    let (reps, lo_sides) = (index.reps(), layout.lo_sides(k_lo));
    for_each_chunk(pass, stride * LANES, |chunk, out, _: &mut ()| {
        let first = chunk * LANES;
        for (b, block) in out.chunks_mut(stride).enumerate() {
            let high = layout.hi_sides(reps[first + b]).0;
            let start = (first + b) * stride;
            let keys = &values[start..start + stride];
            // One vector of positions at a time (padding lanes have every side drawn).
            let groups = block
                .chunks_exact_mut(BLOCK_ALIGN)
                .zip(keys.chunks_exact(BLOCK_ALIGN));
            for (g, (slots, keys)) in groups.enumerate() {
                let at = g * BLOCK_ALIGN;
                let drawn: [Lanes<BLOCK_ALIGN>; SIDES] = std::array::from_fn(|side| {
                    Lanes(std::array::from_fn(|i| high[side] | lo_sides[side][at + i]))
                });
                let found = test.loony_lanes(drawn);
                for i in 0..BLOCK_ALIGN {
                    slots[i] = loony_pass(keys[i], found.0[i] != 0);
                }
            }
        }
    });
}

/// Raises each value to the score of a move whose child bytes are `child`: the pass score
/// for a move that completes no box, `boxes + child` (in box units) otherwise, where
/// `boxes = f0 + f1` (0/1 bytes, one per box beside the line).
/// All slices are whole vectors long ([`BLOCK_ALIGN`] divides their length), so the fixed
/// inner loops compile to vector instructions with no scalar tail.
#[inline]
fn raise<C: Code>(values: &mut [i8], child: Child<'_>, f0: &[i8], f1: &[i8]) {
    let pass = child.pass.unwrap_or(child.values);
    let vectors = values.chunks_exact_mut(BLOCK_ALIGN).zip(
        child
            .values
            .chunks_exact(BLOCK_ALIGN)
            .zip(pass.chunks_exact(BLOCK_ALIGN)),
    );
    let flags = f0
        .chunks_exact(BLOCK_ALIGN)
        .zip(f1.chunks_exact(BLOCK_ALIGN));
    for ((v, (c, p)), (a, b)) in vectors.zip(flags) {
        for i in 0..BLOCK_ALIGN {
            let k = a[i] + b[i];
            // Both candidates, then a select: a branch per byte would not vectorise.
            let (pass, kept) = (C::pass(c[i], p[i]), C::boxes(k).wrapping_add(c[i]));
            let score = if k == 0 { pass } else { kept };
            v[i] = v[i].max(score);
        }
    }
}

/// Raises each value to the score of a move that completes no box (whole vectors, as
/// [`raise`]).
#[inline]
fn raise_plain<C: Code>(values: &mut [i8], child: Child<'_>) {
    let pass = child.pass.unwrap_or(child.values);
    for (v, (c, p)) in values.chunks_exact_mut(BLOCK_ALIGN).zip(
        child
            .values
            .chunks_exact(BLOCK_ALIGN)
            .zip(pass.chunks_exact(BLOCK_ALIGN)),
    ) {
        for i in 0..BLOCK_ALIGN {
            v[i] = v[i].max(C::pass(c[i], p[i]));
        }
    }
}

/// Raises `values` to the scores of one move whose child bytes are `child`, given for each
/// box beside the line the 0/1 flags of the positions where it completes (`None`: nowhere).
#[inline]
fn apply_move<C: Code>(values: &mut [i8], child: Child<'_>, flags: [Option<&[i8]>; 2]) {
    match flags {
        [None, None] => raise_plain::<C>(values, child),
        [f0, f1] => {
            let none = &NO_BOX[..values.len()];
            raise::<C>(values, child, f0.unwrap_or(none), f1.unwrap_or(none));
        }
    }
}

/// Raises `values` to the scores of drawing a collapsed chain with rule `rule`, whose child
/// bytes are `child`, given the 0/1 flags of its junction boxes as [`apply_move`] takes them.
/// Only plain-score layouts collapse chains.
#[inline]
fn apply_chain(
    values: &mut [i8],
    child: &[i8],
    flags: [Option<&[i8]>; 2],
    extended: Option<&[i8]>,
    rule: ChainRule,
) {
    let none = &NO_BOX[..values.len()];
    let (f0, f1) = (flags[0].unwrap_or(none), flags[1].unwrap_or(none));
    let extended = extended.unwrap_or(none);
    // The rule's terms by number of junction boxes completed, picked per byte by selects.
    let boxes: [i8; 3] = std::array::from_fn(|k| rule.boxes + k as i8);
    let enters: [bool; 3] = std::array::from_fn(|k| rule.enters(k as i8));
    let decline: [i8; 3] = std::array::from_fn(|k| rule.decline(k as i8));
    let vectors = values
        .chunks_exact_mut(BLOCK_ALIGN)
        .zip(child.chunks_exact(BLOCK_ALIGN));
    let flags = f0
        .chunks_exact(BLOCK_ALIGN)
        .zip(f1.chunks_exact(BLOCK_ALIGN))
        .zip(extended.chunks_exact(BLOCK_ALIGN));
    for ((v, c), ((a, b), e)) in vectors.zip(flags) {
        for i in 0..BLOCK_ALIGN {
            let k = a[i] + b[i];
            let pick = |t: [i8; 3]| match k {
                0 => t[0],
                1 => t[1],
                _ => t[2],
            };
            let enters = match k {
                0 => enters[0],
                1 => enters[1],
                _ => enters[2],
            };
            // Each end one box longer lets the chain player decline for two boxes less.
            let decline = pick(decline) - (e[i] + e[i]);
            let score = chain_move_score(pick(boxes), enters, decline, c[i]);
            v[i] = v[i].max(score);
        }
    }
}

/// For every position of a run, how many ends of local line `j`'s chain are one box longer
/// ([`crate::retro::Extension`]), written to `out`; `None` if the chain has no such
/// ends anywhere. `fixed(t)` says whether the part of test `t` fixed along the run is drawn,
/// and `varying(t)` gives the 0/1 flags of the part that varies.
fn extended_ends<'a>(
    layout: &Layout,
    j: usize,
    len: usize,
    fixed: impl Fn(usize) -> bool,
    varying: impl Fn(usize) -> &'a [i8],
    out: &'a mut Vec<i8>,
    term: &mut Vec<i8>,
) -> Option<&'a [i8]> {
    let extensions = layout.extensions(j);
    if extensions.is_empty() {
        return None;
    }
    out.clear();
    out.resize(len, 0);
    for ext in extensions {
        if !ext.all.iter().all(|&t| fixed(t)) {
            continue;
        }
        term.clear();
        term.resize(len, 1);
        for &t in &ext.all {
            for (x, f) in term.iter_mut().zip(varying(t)) {
                *x &= f;
            }
        }
        for &t in ext.none.iter().filter(|&&t| fixed(t)) {
            for (x, f) in term.iter_mut().zip(varying(t)) {
                *x &= 1 - f;
            }
        }
        for (o, x) in out.iter_mut().zip(term.iter()) {
            *o += x;
        }
    }
    Some(out)
}

/// Zero bytes: the flags of a box that cannot complete (as long as any block or chunk row).
static NO_BOX: [i8; 4096] = [0; 4096];
const _: () = assert!(LANES <= NO_BOX.len());

/// Moves on high lines, for every position of one block (high mask `h`); `high[g]` is the
/// parent tile of moves in high group `g`.
fn high_moves<C: Code>(
    layout: &Layout,
    k_lo: u32,
    h: u64,
    high: &[Option<HighParent<'_>>],
    values: &mut [i8],
    s: &mut Scratch,
) {
    let groups = layout.high().groups();
    let n_lo = layout.n_lo() as usize;
    let len = values.len();
    // Each group's rank in `h`, then for each parent the slot of `h` without the moving
    // group's part: a move's slot is that plus the new rank of its group.
    let mut ranks = [0u64; MAX_GROUPS];
    for (r, g) in ranks.iter_mut().zip(groups) {
        *r = u64::from(g.lines.rank(g.part(h)));
    }
    let mut bases = [0u64; MAX_GROUPS];
    for (g, parent) in high.iter().enumerate() {
        if let Some(p) = parent {
            let mults = p.index.mults();
            bases[g] = (0..groups.len())
                .filter(|&o| o != g)
                .map(|o| ranks[o] * mults[o])
                .sum();
        }
    }
    // The lookups first, together: each entry is likely a cache miss, and these then
    // overlap instead of waiting one by one between block loops.
    let mut entries = [(0u32, 0u32, 0u8); 64];
    let mut count = 0;
    for (g, (group, parent)) in groups.iter().zip(high).enumerate() {
        let Some(parent) = parent else {
            continue; // The group is full.
        };
        let (ranks, slots) = (group.lines.ranks(), parent.index.entries());
        let (part, base, mult) = (group.part(h), bases[g], parent.index.mults()[g]);
        let mut free = !part & ((1u32 << group.lines.bits()) - 1);
        while free != 0 {
            let b = free.trailing_zeros();
            free &= free - 1;
            let slot = base + u64::from(ranks[(part | 1 << b) as usize]) * mult;
            entries[count] = (group.shift + b, slots[slot as usize], g as u8);
            count += 1;
        }
    }
    for &(j, entry, g) in &entries[..count] {
        let up = high[usize::from(g)]
            .as_ref()
            .expect("a group with room")
            .child;
        let (block, sym) = decode_entry(entry);
        let range = block * len..(block + 1) * len;
        let mut child = Child {
            values: &up.values[range.clone()],
            pass: up.pass.map(|p| &p[range]),
        };
        if sym != 0 {
            let perm = layout.lo_perm(sym, k_lo);
            permute(child.values, perm, &mut s.permuted);
            if let Some(pass) = child.pass {
                permute(pass, perm, &mut s.permuted_pass);
            }
            child = Child {
                values: &s.permuted,
                pass: child.pass.map(|_| &s.permuted_pass[..]),
            };
        }
        let b = layout.boxes(n_lo + j as usize);
        let flags = |side: usize| {
            let hi = b.sides[side].0;
            (side < b.len && h & hi == hi).then(|| layout.low_flags(b.flag_rows[side], k_lo))
        };
        let j = n_lo + j as usize;
        let Some(rule) = layout.chain(j) else {
            apply_move::<C>(values, child, [flags(0), flags(1)]);
            continue;
        };
        let tests = layout.sides_tests();
        let extended = extended_ends(
            layout,
            j,
            len,
            |t| h & tests[t].mask.0 == tests[t].mask.0,
            |t| layout.low_flags(tests[t].flag_row, k_lo),
            &mut s.ext,
            &mut s.term,
        );
        apply_chain(values, child.values, [flags(0), flags(1)], extended, rule);
    }
}

/// `out[i] = from[perm[i]]`.
fn permute(from: &[i8], perm: &[u16], out: &mut Vec<i8>) {
    out.clear();
    out.extend(perm.iter().map(|&r| from[r as usize]));
}

/// Moves on low lines, for every position of a chunk, with the chunk transposed so that each
/// low rank is a row of lanes.
fn low_moves<C: Code>(
    layout: &Layout,
    k_lo: u32,
    lanes: &[u64],
    up: Child<'_>,
    values: &mut [i8],
    s: &mut Scratch,
) {
    let (n_lo, width) = (
        layout.n_lo() as usize,
        lanes.len().next_multiple_of(BLOCK_ALIGN),
    );
    let lo = layout.lo();
    let (stride, up_stride) = (layout.block_stride(k_lo), layout.block_stride(k_lo + 1));
    transpose(up.values, width, up_stride, &mut s.up_rows);
    if let Some(pass) = up.pass {
        transpose(pass, width, up_stride, &mut s.up_pass_rows);
    }
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
    s.test_lanes.clear();
    for t in layout.sides_tests() {
        let hi = t.mask.0;
        let flags = lanes.iter().map(|&h| i8::from(h & hi == hi));
        s.test_lanes
            .extend(flags.chain(std::iter::repeat(0)).take(width));
    }
    let tests = layout.sides_tests();
    for (r, &l) in lo.masks(k_lo).iter().enumerate() {
        let row = &mut s.best_rows[r * width..(r + 1) * width];
        let mut free = !l & ((1u32 << n_lo) - 1);
        while free != 0 {
            let j = free.trailing_zeros() as usize;
            free &= free - 1;
            let child_mask = l | 1 << j;
            let child_rank = lo.rank(child_mask) as usize;
            let range = child_rank * width..(child_rank + 1) * width;
            let child = Child {
                values: &s.up_rows[range.clone()],
                pass: up.pass.map(|_| &s.up_pass_rows[range]),
            };
            let b = layout.boxes(j);
            let flags = |side: usize| {
                let done = side < b.len && child_mask & b.sides[side].1 == b.sides[side].1;
                done.then(|| &s.lane_flags[(2 * j + side) * width..(2 * j + side + 1) * width])
            };
            let Some(rule) = layout.chain(j) else {
                apply_move::<C>(row, child, [flags(0), flags(1)]);
                continue;
            };
            let test_lanes = &s.test_lanes;
            let extended = extended_ends(
                layout,
                j,
                width,
                |t| l & tests[t].mask.1 == tests[t].mask.1,
                |t| &test_lanes[t * width..(t + 1) * width],
                &mut s.ext,
                &mut s.term,
            );
            apply_chain(row, child.values, [flags(0), flags(1)], extended, rule);
        }
    }
    transpose(&s.best_rows, stride, width, &mut s.permuted);
    for (v, &best) in values.iter_mut().zip(&s.permuted) {
        *v = (*v).max(best);
    }
}

#[cfg(test)]
mod tests;
