//! The high line groups of a layout and the blocks of a tile: which high masks are
//! representatives, and where every other high mask is read.
//!
//! The open lines above the low group are split into one or more high groups, each a union
//! of orbits of the solve's symmetries and interchangeable sets, so each symmetry maps each
//! group to itself. A high mask (bits `0..n_hi`, group 0 lowest) is addressed inside its
//! tile by the ranks of its groups' parts ([`LineGroup::rank`]) combined in mixed radix, the
//! last group most significant: its *slot*. Slot order is the numeric order of the canonical
//! masks, so the smallest image of a mask under the symmetries is also the first in slot order.
//!
//! A [`HighIndex`] covers every high mask with given line counts per group: the
//! representatives (smallest in their class) in slot order, which are the blocks of the
//! tiles with those counts, and for every slot its block and the symmetry leading there.
//! Its size is that of the tile's high masks, never `2^n_hi`: this is what lets a solve grow
//! past 32 open lines without a table over most of the lines.

use crate::core::Position;
use crate::core::Symmetry;

use super::group::{canonical_in_sets, LineGroup};

/// Bits of a high index entry that hold the symmetry index (at most 8 symmetries).
pub const SYM_BITS: u32 = 3;

/// The entry of a high mask ([`HighIndex::entry`]): `block << SYM_BITS | symmetry`, its
/// representative's block and the symmetry mapping it there, in one word so the kernel's
/// lookups stay small.
const fn encode_entry(block: u32, sym: usize) -> u32 {
    block << SYM_BITS | sym as u32
}

/// `(block, symmetry)` of an entry ([`HighIndex::entry`]).
#[inline(always)]
pub const fn decode_entry(entry: u32) -> (usize, usize) {
    let block = (entry >> SYM_BITS) as usize;
    let sym = (entry & ((1 << SYM_BITS) - 1)) as usize;
    (block, sym)
}

/// One high group: where its lines sit in a high mask and the ranks of its subsets.
#[derive(Clone, Debug)]
pub struct HighGroup {
    /// Bit of the group's first line in a high mask.
    pub shift: u32,
    /// Ranks of the group's masks (group-local bits).
    pub lines: LineGroup,
}

impl HighGroup {
    /// The group's part of high mask `h`, as a group-local mask.
    #[inline]
    pub fn part(&self, h: u64) -> u32 {
        (h >> self.shift) as u32 & ((1u32 << self.lines.bits()) - 1)
    }
}

/// The high groups of a layout and the symmetries acting on high masks.
#[derive(Clone, Debug)]
pub struct HighGroups {
    groups: Vec<HighGroup>,
    /// Each symmetry as a permutation of high-mask bits (the identity first).
    syms: Vec<Symmetry>,
    /// Interchangeable sets as high masks.
    sets: Vec<u64>,
    /// Burnside's table ([`HighGroups::count_blocks`]): for each pair of a symmetry and a
    /// permutation inside the interchangeable sets, and for each group, how many of the
    /// group's masks with `k` lines the pair's permutation fixes, for every `k`.
    fixed: Vec<Vec<Vec<u64>>>,
}

impl HighGroups {
    /// Groups of the given sizes (in bit order), with symmetries `perms` (each a map of
    /// high-mask bits, the identity first) and interchangeable sets `sets` (high masks, each
    /// inside one group).
    pub fn new(sizes: &[u32], perms: &[Vec<u8>], sets: &[u64]) -> HighGroups {
        let mut shift = 0;
        let mut groups = Vec::new();
        for &bits in sizes {
            let full = ((1u64 << bits) - 1) << shift;
            let local: Vec<u32> = sets
                .iter()
                .filter(|&&s| s & full != 0)
                .map(|&s| (s >> shift) as u32)
                .collect();
            groups.push(HighGroup {
                shift,
                lines: LineGroup::new(bits, &local),
            });
            shift += bits;
        }
        let fixed = fixed_counts(&groups, perms, sets);
        HighGroups {
            groups,
            syms: perms
                .iter()
                .map(|p| Symmetry::from_map(p.clone()))
                .collect(),
            sets: sets.to_vec(),
            fixed,
        }
    }

    /// The groups, in bit order.
    pub fn groups(&self) -> &[HighGroup] {
        &self.groups
    }

    /// Slot multipliers of the high masks with `counts` lines per group: slot =
    /// sum of `rank_g * mults[g]`. The last entry is the number of slots.
    pub fn mults(&self, counts: &[u8]) -> Vec<u64> {
        let mut mults = vec![1u64];
        for (g, group) in self.groups.iter().enumerate() {
            let count = group.lines.count(u32::from(counts[g])) as u64;
            mults.push(mults[g] * count);
        }
        mults
    }

    /// The slot of high mask `h` among those with its counts, given the tile's multipliers.
    #[inline]
    pub fn slot(&self, h: u64, mults: &[u64]) -> u64 {
        self.groups
            .iter()
            .zip(mults)
            .map(|(g, &m)| u64::from(g.lines.rank(g.part(h))) * m)
            .sum()
    }

    /// The representative of `h` (a canonical mask) and the first symmetry mapping it there.
    #[inline]
    fn representative(&self, h: u64) -> (u64, usize) {
        let mut best = (h, 0);
        for (s, sym) in self.syms.iter().enumerate().skip(1) {
            let image = canonical_in_sets(sym.apply(Position(h)).0, &self.sets);
            if image < best.0 {
                best = (image, s);
            }
        }
        best
    }

    /// Calls `f(slot, mask)` for every canonical high mask with `counts` lines per group, in
    /// slot order.
    fn for_each_mask(&self, counts: &[u8], mut f: impl FnMut(u64, u64)) {
        let lists: Vec<&[u32]> = self
            .groups
            .iter()
            .zip(counts)
            .map(|(g, &k)| g.lines.masks(u32::from(k)))
            .collect();
        let total: u64 = lists.iter().map(|l| l.len() as u64).product();
        let mut ranks = vec![0usize; lists.len()];
        for slot in 0..total {
            let h = self
                .groups
                .iter()
                .zip(&ranks)
                .zip(&lists)
                .map(|((g, &r), list)| u64::from(list[r]) << g.shift)
                .fold(0, |a, b| a | b);
            f(slot, h);
            for (r, list) in ranks.iter_mut().zip(&lists) {
                *r += 1;
                if *r < list.len() {
                    break;
                }
                *r = 0;
            }
        }
    }

    /// Number of representatives with `counts` lines per group: the blocks of such a tile.
    ///
    /// A representative is the smallest mask of its class under the group the symmetries
    /// and the swaps inside interchangeable sets generate, so the blocks are the classes,
    /// counted by Burnside's lemma: the mean, over the group's elements, of the masks with
    /// `counts` each one fixes. Counting them one by one (as [`HighIndex::build`] lists
    /// them) took 0.3 s for the layers of the 4×4 book, which a reader lays out before it
    /// reads them.
    pub fn count_blocks(&self, counts: &[u8]) -> u64 {
        let fixed: u128 = (self.fixed.iter())
            .map(|per_group| {
                (per_group.iter().zip(counts))
                    .map(|(f, &k)| u128::from(f[usize::from(k)]))
                    .product::<u128>()
            })
            .sum();
        let elements = self.fixed.len() as u128;
        debug_assert_eq!(fixed % elements, 0, "Burnside's sum is a multiple");
        (fixed / elements) as u64
    }
}

/// Burnside's table of [`HighGroups::count_blocks`]: for each pair (`g`, `s`) of a symmetry
/// `perms[g]` and a permutation `s` of the lines inside each interchangeable set, and for each
/// group, the number of the group's masks with `k` lines fixed by `s` after `g`, for every `k`.
///
/// Every pair, not every distinct permutation: the symmetries map sets onto sets, so the
/// pairs cover the generated group evenly and their mean is the group's. A permutation fixes
/// a mask when each of its cycles is drawn whole or not at all, so the masks it fixes with
/// `k` lines in a group are the coefficient of `x^k` in the product, over the group's cycles,
/// of `1 + x^length`.
fn fixed_counts(groups: &[HighGroup], perms: &[Vec<u8>], sets: &[u64]) -> Vec<Vec<Vec<u64>>> {
    let n = groups
        .iter()
        .map(|g| g.lines.bits() as usize)
        .sum::<usize>();
    // Every permutation inside the sets, as a map of high-mask bits.
    let mut swaps: Vec<Vec<u8>> = vec![(0..n as u8).collect()];
    for &set in sets {
        let bits: Vec<u8> = (0..n as u8).filter(|&b| set >> b & 1 == 1).collect();
        let mut next = Vec::new();
        for order in permutations(&bits) {
            for s in &swaps {
                let mut s = s.clone();
                for (&from, &to) in bits.iter().zip(&order) {
                    s[usize::from(from)] = to;
                }
                next.push(s);
            }
        }
        swaps = next;
    }
    let mut out = Vec::with_capacity(perms.len() * swaps.len());
    for g in perms {
        for s in &swaps {
            let map: Vec<usize> = g.iter().map(|&b| usize::from(s[usize::from(b)])).collect();
            out.push(groups.iter().map(|group| fixed_in(group, &map)).collect());
        }
    }
    out
}

/// For every `k`, the masks of `group` with `k` lines that permutation `map` (of high-mask
/// bits, mapping the group onto itself) fixes.
fn fixed_in(group: &HighGroup, map: &[usize]) -> Vec<u64> {
    let (start, bits) = (group.shift as usize, group.lines.bits() as usize);
    let mut poly = vec![0u64; bits + 1];
    poly[0] = 1;
    let mut seen = vec![false; bits];
    for first in 0..bits {
        if seen[first] {
            continue;
        }
        let mut len = 0;
        let mut at = first;
        while !seen[at] {
            seen[at] = true;
            len += 1;
            at = map[start + at] - start;
        }
        // Times (1 + x^len): the cycle drawn whole, or not at all.
        for k in (len..=bits).rev() {
            poly[k] += poly[k - len];
        }
    }
    poly
}

/// Every ordering of `items`.
fn permutations(items: &[u8]) -> Vec<Vec<u8>> {
    if items.len() <= 1 {
        return vec![items.to_vec()];
    }
    let mut out = Vec::new();
    for (i, &first) in items.iter().enumerate() {
        let mut rest = items.to_vec();
        rest.remove(i);
        for mut tail in permutations(&rest) {
            tail.insert(0, first);
            out.push(tail);
        }
    }
    out
}

/// The blocks of the tiles with given high counts (see the module docs).
#[derive(Debug)]
pub struct HighIndex {
    /// Slot multipliers (see [`HighGroups::mults`]).
    mults: Vec<u64>,
    /// `entries[slot] = block << SYM_BITS | symmetry`.
    entries: Vec<u32>,
    /// Representative masks, in block order.
    reps: Vec<u64>,
}

/// Why a [`HighIndex`] cannot be built: its tile has more blocks than an entry can name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooManyBlocks;

impl HighIndex {
    /// Builds the index of the high masks with `counts` lines per group.
    pub fn build(groups: &HighGroups, counts: &[u8]) -> Result<HighIndex, TooManyBlocks> {
        let mults = groups.mults(counts);
        let slots = *mults.last().expect("at least the unit multiplier");
        let mut entries = vec![0u32; usize::try_from(slots).map_err(|_| TooManyBlocks)?];
        let mut reps = Vec::new();
        let mut overflow = false;
        groups.for_each_mask(counts, |slot, h| {
            let (rep, sym) = groups.representative(h);
            entries[slot as usize] = if rep == h {
                let block = reps.len() as u64;
                overflow |= block >= 1 << (32 - SYM_BITS);
                reps.push(h);
                encode_entry(block as u32, 0)
            } else {
                // The representative comes first in slot order, so its entry is set.
                let (block, _) = decode_entry(entries[groups.slot(rep, &mults) as usize]);
                encode_entry(block as u32, sym)
            };
        });
        if overflow {
            return Err(TooManyBlocks);
        }
        Ok(HighIndex {
            mults,
            entries,
            reps,
        })
    }

    /// Slot multipliers of this index's masks.
    pub fn mults(&self) -> &[u64] {
        &self.mults
    }

    /// The entry of the mask in `slot`: `block << SYM_BITS | symmetry` (see [`decode_entry`]).
    #[inline]
    pub fn entry(&self, slot: u64) -> u32 {
        self.entries[slot as usize]
    }

    /// Every slot's entry ([`HighIndex::entry`]), indexed by slot.
    pub fn entries(&self) -> &[u32] {
        &self.entries
    }

    /// Representative masks, in block order.
    pub fn reps(&self) -> &[u64] {
        &self.reps
    }

    /// Bytes held.
    pub fn bytes(&self) -> usize {
        Self::bytes_for(self.entries.len() as u64, self.reps.len() as u64) as usize
    }

    /// Bytes an index of `slots` high masks and `blocks` representatives holds (an entry of 4
    /// bytes a mask, 8 a representative): known before it is built, so a solve can count it
    /// against its memory budget.
    pub const fn bytes_for(slots: u64, blocks: u64) -> u64 {
        4 * slots + 8 * blocks
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every block an entry can name, with every symmetry, decodes to what was encoded.
    #[test]
    fn entries_decode_to_what_was_encoded() {
        let largest = (1u32 << (32 - SYM_BITS)) - 1;
        for block in [0, 1, 2, 1000, 12345, largest - 1, largest] {
            for sym in 0..1 << SYM_BITS {
                assert_eq!(
                    decode_entry(encode_entry(block, sym)),
                    (block as usize, sym)
                );
            }
        }
    }

    /// Groups of 3 and 4 lines with the swap of each group's first two lines as the one
    /// symmetry (an involution mapping each group to itself).
    fn groups() -> HighGroups {
        let identity: Vec<u8> = (0..7).collect();
        let swap = vec![1, 0, 2, 4, 3, 5, 6];
        HighGroups::new(&[3, 4], &[identity, swap], &[])
    }

    /// Burnside's count of blocks is the number of representatives an index lists, with
    /// interchangeable sets inside the high groups too (pairs and a triple, each mapped onto a
    /// set by the symmetry), for every count of lines per group.
    #[test]
    fn block_counts_are_the_representatives_listed_with_sets() {
        let identity: Vec<u8> = (0..7).collect();
        let swap = vec![1, 0, 2, 4, 3, 5, 6];
        for sets in [&[0b11u64, 0b11 << 3][..], &[0b111], &[0b11 << 3, 0b11 << 5]] {
            let groups = HighGroups::new(&[3, 4], &[identity.clone(), swap.clone()], sets);
            for a in 0..=3u8 {
                for b in 0..=4u8 {
                    let listed = HighIndex::build(&groups, &[a, b]).unwrap().reps().len();
                    assert_eq!(
                        groups.count_blocks(&[a, b]),
                        listed as u64,
                        "{sets:?} {a} {b}"
                    );
                }
            }
        }
    }

    /// An index's representatives are the smallest masks of their classes, in slot order,
    /// numbered by block; every other mask's entry names its representative's block and a
    /// symmetry mapping it there.
    #[test]
    fn every_mask_reads_its_representatives_block() {
        let groups = groups();
        let symmetry = |s: usize, h: u64| groups.syms[s].apply(Position(h)).0;
        for counts in [[0u8, 0], [1, 2], [2, 1], [3, 4], [1, 1]] {
            let index = HighIndex::build(&groups, &counts).unwrap();
            let reps = index.reps();
            assert_eq!(reps.len() as u64, groups.count_blocks(&counts));
            assert!(reps.windows(2).all(|w| w[0] < w[1]), "{counts:?}");
            let mut seen = 0;
            groups.for_each_mask(&counts, |slot, h| {
                seen += 1;
                let (block, sym) = decode_entry(index.entry(slot));
                let image = symmetry(sym, h);
                assert_eq!(reps[block], image, "{h:b} in {counts:?}");
                let class_min = (0..2).map(|s| symmetry(s, h)).min().unwrap();
                assert_eq!(image, class_min);
                assert_eq!(groups.slot(h, index.mults()), slot);
            });
            assert_eq!(seen, *index.mults().last().unwrap());
            assert_eq!(index.entries().len() as u64, seen);
        }
    }
}
