//! The tile layout of a solve: which open lines form the high and the low group, and the
//! tables that turn a position into (tile, block, offset) and back.
//!
//! Local lines: the solve's open lines renumbered, low group first (bits `0..n_lo` of a local
//! mask), high group after. Both groups are unions of orbits of the solve's symmetries and
//! interchangeable border-line sets, so every symmetry maps each group to itself and the line
//! counts per group, the tile, are invariant.
//!
//! A tile `(k_hi, k_lo)` is a sequence of blocks, one per high mask that is the canonical
//! representative of its class (smallest mask over symmetries and swaps); a block holds the
//! values of every canonical low mask with `k_lo` lines, in rank order. A position whose high
//! mask is not a representative is read through the symmetry that maps it onto one, which
//! permutes the low ranks ([`Layout::lo_perm`]).

use crate::core::symmetry::{symmetries, InterchangeableSets, Symmetry};
use crate::core::{Board, Position, Rules};
use crate::store::TileId;

use super::group::{canonical_in_sets, LineGroup};
use super::loony::{BoxSides, LoonyTest, SIDES};
use super::valuation::Valuation;
use super::RetroError;

/// Most open lines a solve handles: the high group's lookup table has `2^(open - low)` entries.
pub const MAX_OPEN: usize = 32;
/// Preferred size of the low group: blocks of up to C(12,6) = 924 values (fewer under
/// symmetry) are long vector loops that stay in L1 cache, and the high group left is small
/// enough that its lookup table mostly hits the cache and each block's few lookups are
/// amortised (12 against 10: `dotbox solve` 3x4 about 40 % and icelandic about 25 % faster).
const LOW_TARGET: usize = 12;
/// Largest high group: its lookup table takes `4 << MAX_HIGH` bytes.
const MAX_HIGH: usize = 22;
/// Largest low group: a block (at most C(14,7) = 3432 values) must fit the kernel's buffers.
pub const MAX_LOW: usize = 14;
/// Blocks are padded to a multiple of this many values, so every loop over a block runs in
/// whole vector registers (16 bytes: SSE2 and WebAssembly SIMD) with no scalar tail.
pub const BLOCK_ALIGN: usize = 16;
/// Bits of a high lookup entry that hold the symmetry index (at most 8 symmetries).
pub const SYM_BITS: u32 = 3;

/// Up to two boxes beside a line, each as the masks of its other sides still open, split into
/// the high and the low group. A box completes when both parts are drawn.
#[derive(Clone, Copy, Debug, Default)]
pub struct LineBoxes {
    /// Number of boxes beside the line (0 only if the line's boxes are all decided).
    pub len: usize,
    /// `(high mask, low mask)` of each box's other open sides.
    pub sides: [(u32, u32); 2],
    /// Each box's row in the layout's low flags ([`Layout::low_flags`]), found once here so
    /// the kernel's per-block loop does no search.
    pub flag_rows: [usize; 2],
}

/// For every distinct low mask `m` of a box's sides: one byte per canonical low mask `l`
/// of each size, 1 when `l` contains `m`. Turns the box test along a block into byte loads.
#[derive(Clone, Debug)]
pub struct LowFlags {
    /// Start of each size's run inside a flag row.
    offsets: Vec<usize>,
    /// One row per distinct low side mask.
    rows: Vec<Vec<i8>>,
    /// The low side mask of each row.
    masks: Vec<u32>,
}

impl LowFlags {
    fn new(lo: &LineGroup, boxes: &[LineBoxes]) -> LowFlags {
        let mut masks: Vec<u32> = boxes
            .iter()
            .flat_map(|b| b.sides[..b.len].iter().map(|s| s.1))
            .collect();
        masks.sort_unstable();
        masks.dedup();
        let mut offsets = vec![0];
        for k in 0..=lo.bits() {
            offsets.push(offsets[k as usize] + padded(lo.count(k)));
        }
        let row = |m: u32| -> Vec<i8> {
            (0..=lo.bits())
                .flat_map(|k| {
                    let flags = lo.masks(k).iter().map(move |&l| i8::from(l & m == m));
                    flags.chain(std::iter::repeat(0)).take(padded(lo.count(k)))
                })
                .collect()
        };
        let rows = masks.iter().map(|&m| row(m)).collect();
        LowFlags {
            offsets,
            rows,
            masks,
        }
    }

    /// The row of low side mask `mask` (one of the masks the flags were built for).
    fn row(&self, mask: u32) -> usize {
        self.masks
            .binary_search(&mask)
            .expect("a box side mask of this layout")
    }

    /// The flags of row `row` for the canonical low masks of size `k` (padded to the block
    /// stride with zeros).
    pub fn get(&self, row: usize, k: u32) -> &[i8] {
        &self.rows[row][self.offsets[k as usize]..self.offsets[k as usize + 1]]
    }
}

/// Everything fixed about a solve: board, base position, groups and lookup tables.
#[derive(Clone, Debug)]
pub struct Layout {
    board: Board,
    base: Position,
    /// Global line of each local line.
    open: Vec<usize>,
    n_lo: u32,
    n_hi: u32,
    lo: LineGroup,
    /// `hi_lookup[m] = block << SYM_BITS | symmetry`: the block of `m`'s representative in a
    /// tile and the symmetry that maps `m` onto it.
    hi_lookup: Vec<u32>,
    /// Representative high masks of each size, in block order.
    hi_reps: Vec<Vec<u32>>,
    /// Each symmetry as a permutation of local low bits.
    lo_syms: Vec<Vec<u32>>,
    /// `lo_perm[s][k][i]`: rank of the image under symmetry `s` of the `i`-th low mask of size
    /// `k` (empty for the identity).
    lo_perm: Vec<Vec<Vec<u16>>>,
    /// Boxes beside each local line.
    boxes: Vec<LineBoxes>,
    /// Box tests of the low group, as bytes.
    low_flags: LowFlags,
    /// What a tile byte holds.
    valuation: Valuation,
    /// The last-move penalty.
    penalty: i32,
    /// The loony-position test (loony solves only).
    loony_test: Option<LoonyTest>,
    /// `lo_sides[k][side][r]`: the box sides of kind `side` drawn by the `r`-th canonical low
    /// mask of size `k`, padded to the block stride with all sides drawn (loony solves only).
    lo_sides: Vec<[Vec<u32>; SIDES]>,
}

impl Layout {
    /// The layout for every position of `board` that contains `base`, under `rules`,
    /// storing `valuation`.
    pub fn new(
        board: &Board,
        base: Position,
        rules: Rules,
        valuation: Valuation,
    ) -> Result<Layout, RetroError> {
        let base = base.union(board.predrawn());
        let penalty = rules.last_move_penalty;
        // Every score lies within the boxes plus the penalty, which must fit the encoding.
        if i64::from(penalty).abs() + board.num_boxes() as i64 > i64::from(valuation.score_max()) {
            return Err(RetroError::ScoresOutOfRange {
                penalty,
                boxes: board.num_boxes(),
                max: valuation.score_max(),
            });
        }
        let open_set = board.open_lines(base);
        let n = open_set.count() as usize;
        if n > MAX_OPEN {
            return Err(RetroError::TooManyOpenLines {
                open: n,
                max: MAX_OPEN,
            });
        }
        let swaps = InterchangeableSets::new(board, base);
        let mut syms: Vec<Symmetry> = symmetries(board, base);
        let low = match choose_low(&orbits(open_set, &syms, swaps.sets()), n) {
            Some(low) => low,
            None => {
                // No union of orbits fits the group sizes: give up the board symmetries (the
                // swaps alone make orbits of at most three lines, which always fit).
                syms.truncate(1);
                choose_low(&orbits(open_set, &syms, swaps.sets()), n).ok_or(RetroError::NoLayout)?
            }
        };
        let low_set: Position = low.iter().flat_map(|o| o.lines()).collect();
        let open: Vec<usize> = low_set
            .lines()
            .chain(open_set.difference(low_set).lines())
            .collect();
        let n_lo = low_set.count();
        let n_hi = n as u32 - n_lo;
        let mut local = [usize::MAX; 64];
        for (j, &g) in open.iter().enumerate() {
            local[g] = j;
        }
        let to_local = |p: Position| -> u64 { p.lines().map(|g| 1u64 << local[g]).sum() };
        let lo_mask = (1u64 << n_lo) - 1;
        let split = |m: u64| ((m >> n_lo) as u32, (m & lo_mask) as u32);
        let set_masks: Vec<(u32, u32)> = swaps.sets().iter().map(|&s| split(to_local(s))).collect();
        let lo_sets: Vec<u32> = set_masks.iter().map(|s| s.1).filter(|&m| m != 0).collect();
        let hi_sets: Vec<u32> = set_masks.iter().map(|s| s.0).filter(|&m| m != 0).collect();
        let perms: Vec<Vec<usize>> = syms
            .iter()
            .map(|s| open.iter().map(|&g| local[s.line(g)]).collect())
            .collect();
        let lo_syms: Vec<Vec<u32>> = perms
            .iter()
            .map(|p| p[..n_lo as usize].iter().map(|&j| j as u32).collect())
            .collect();
        let hi_syms: Vec<Vec<u32>> = perms
            .iter()
            .map(|p| {
                p[n_lo as usize..]
                    .iter()
                    .map(|&j| (j - n_lo as usize) as u32)
                    .collect()
            })
            .collect();
        let lo = LineGroup::new(n_lo, &lo_sets);
        let (hi_lookup, hi_reps) = high_tables(n_hi, &hi_syms, &hi_sets);
        let lo_perm = lo_syms
            .iter()
            .enumerate()
            .map(|(s, perm)| {
                if s == 0 {
                    return Vec::new();
                }
                (0..=n_lo)
                    .map(|k| {
                        let ranks = lo
                            .masks(k)
                            .iter()
                            .map(|&m| lo.rank(permute(m, perm)) as u16);
                        ranks
                            .chain(std::iter::repeat(0))
                            .take(padded(lo.count(k)))
                            .collect()
                    })
                    .collect()
            })
            .collect();
        let mut boxes = open
            .iter()
            .map(|&g| {
                let mut lb = LineBoxes::default();
                for mask in board.completion_masks(g) {
                    if mask != u64::MAX {
                        lb.sides[lb.len] = split(to_local(Position(mask).difference(base)));
                        lb.len += 1;
                    }
                }
                lb
            })
            .collect::<Vec<LineBoxes>>();
        let low_flags = LowFlags::new(&lo, &boxes);
        for lb in &mut boxes {
            for side in 0..lb.len {
                lb.flag_rows[side] = low_flags.row(lb.sides[side].1);
            }
        }
        let loony_test = (valuation == Valuation::Loony).then(|| LoonyTest::new(board));
        let lo_sides = match &loony_test {
            Some(test) => (0..=n_lo)
                .map(|k| {
                    let masks = lo.masks(k);
                    let sides: Vec<BoxSides> = masks
                        .iter()
                        .map(|&m| test.sides(deposit(m, &open)))
                        .collect();
                    std::array::from_fn(|side| {
                        let drawn = sides.iter().map(|s| s.0[side]);
                        let padding = std::iter::repeat(u32::MAX);
                        drawn.chain(padding).take(padded(masks.len())).collect()
                    })
                })
                .collect(),
            None => Vec::new(),
        };
        Ok(Layout {
            board: board.clone(),
            base,
            open,
            n_lo,
            n_hi,
            lo,
            hi_lookup,
            hi_reps,
            lo_syms,
            lo_perm,
            boxes,
            low_flags,
            valuation,
            penalty,
            loony_test,
            lo_sides,
        })
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The drawn lines every position of the solve contains (pre-drawn lines included).
    pub fn base(&self) -> Position {
        self.base
    }

    /// Stored byte of the full board (see [`Rules::terminal_value`]).
    pub fn terminal_value(&self) -> i8 {
        self.valuation
            .terminal(Rules::with_last_move_penalty(self.penalty))
    }

    /// What a tile byte holds.
    pub fn valuation(&self) -> Valuation {
        self.valuation
    }

    /// The loony-position test, in loony solves.
    pub fn loony_test(&self) -> Option<&LoonyTest> {
        self.loony_test.as_ref()
    }

    /// The box sides drawn by the base and high mask `h` (loony solves only).
    pub fn hi_sides(&self, h: u32) -> BoxSides {
        let test = self.loony_test.as_ref().expect("a loony solve");
        let high = deposit(h, &self.open[self.n_lo as usize..]);
        test.sides(self.base.union(high))
    }

    /// Per side kind, the box sides drawn by each canonical low mask of size `k`, in rank
    /// order, padded to the block stride with all sides drawn (loony solves only).
    pub fn lo_sides(&self, k: u32) -> &[Vec<u32>; SIDES] {
        &self.lo_sides[k as usize]
    }

    /// Number of open lines.
    pub fn open_count(&self) -> u32 {
        self.n_lo + self.n_hi
    }

    /// Lines in the low group.
    pub fn n_lo(&self) -> u32 {
        self.n_lo
    }

    /// Lines in the high group.
    pub fn n_hi(&self) -> u32 {
        self.n_hi
    }

    /// The low group.
    pub fn lo(&self) -> &LineGroup {
        &self.lo
    }

    /// Block and symmetry of a high mask (see the field docs).
    #[inline]
    pub fn hi_lookup(&self, hi: u32) -> u32 {
        self.hi_lookup[hi as usize]
    }

    /// Representative high masks with `k` lines, in block order.
    pub fn hi_reps(&self, k: u32) -> &[u32] {
        &self.hi_reps[k as usize]
    }

    /// Low rank permutation of symmetry `sym` for low masks of size `k` (padded to the block
    /// stride; padding reads offset 0).
    pub fn lo_perm(&self, sym: usize, k: u32) -> &[u16] {
        &self.lo_perm[sym][k as usize]
    }

    /// Boxes beside local line `j`.
    pub fn boxes(&self, j: usize) -> &LineBoxes {
        &self.boxes[j]
    }

    /// For each canonical low mask of size `k`, whether it contains the low side mask of the
    /// box whose flag row is `row` ([`LineBoxes::flag_rows`]).
    pub fn low_flags(&self, row: usize, k: u32) -> &[i8] {
        self.low_flags.get(row, k)
    }

    /// Global line of local line `j`.
    pub fn global_line(&self, j: usize) -> usize {
        self.open[j]
    }

    /// Distance between blocks of a tile whose positions draw `k_lo` low lines: the number of
    /// canonical low masks, padded to [`BLOCK_ALIGN`].
    pub fn block_stride(&self, k_lo: u32) -> usize {
        padded(self.lo.count(k_lo))
    }

    /// Number of blocks of tiles whose positions draw `k_hi` high lines.
    pub fn blocks(&self, k_hi: u32) -> usize {
        self.hi_reps[k_hi as usize].len()
    }

    /// Number of bytes of one plane of a tile (positions plus block padding).
    pub fn tile_len(&self, tile: TileId) -> usize {
        self.blocks(u32::from(tile.hi)) * self.block_stride(u32::from(tile.lo))
    }

    /// The shape of a tile's blocks: `(stride, positions)`, where each block of a plane is
    /// `stride` bytes of which the first `positions` hold values and the rest is padding that
    /// no position reads (a book may fill it with whatever compresses best).
    pub fn block_shape(&self, tile: TileId) -> (usize, usize) {
        let k_lo = u32::from(tile.lo);
        (self.block_stride(k_lo), self.lo.count(k_lo))
    }

    /// Number of bytes of a tile: its planes (see [`Valuation::planes`]).
    pub fn tile_bytes(&self, tile: TileId) -> usize {
        self.valuation.planes() * self.tile_len(tile)
    }

    /// Number of positions of a tile.
    pub fn tile_positions(&self, tile: TileId) -> u64 {
        (self.blocks(u32::from(tile.hi)) * self.lo.count(u32::from(tile.lo))) as u64
    }

    /// Every tile, in the order a solve computes them: most lines first.
    pub fn tiles(&self) -> Vec<TileId> {
        let (n_hi, n_lo) = (self.n_hi as i64, self.n_lo as i64);
        (0..=n_hi + n_lo)
            .rev()
            .flat_map(|n| {
                (0.max(n - n_lo)..=n.min(n_hi)).map(move |h| TileId {
                    hi: h as u8,
                    lo: (n - h) as u8,
                })
            })
            .collect()
    }

    /// Where a position's value lives: its tile and the index inside the tile.
    /// `pos` must contain the base.
    pub fn locate(&self, pos: Position) -> (TileId, usize) {
        let mut m = 0u64;
        for (j, &g) in self.open.iter().enumerate() {
            if pos.contains(g) {
                m |= 1 << j;
            }
        }
        let lo_bits = (m & ((1 << self.n_lo) - 1)) as u32;
        let hi_bits = (m >> self.n_lo) as u32;
        let entry = self.hi_lookup(hi_bits);
        let block = (entry >> SYM_BITS) as usize;
        let sym = (entry & ((1 << SYM_BITS) - 1)) as usize;
        let lo_rank = self.lo.rank(permute(lo_bits, &self.lo_syms[sym])) as usize;
        let tile = TileId {
            hi: hi_bits.count_ones() as u8,
            lo: lo_bits.count_ones() as u8,
        };
        (
            tile,
            block * self.block_stride(u32::from(tile.lo)) + lo_rank,
        )
    }

    /// Names the solve: board, base, rules and the line order. Stores refuse tiles of another solve.
    pub fn fingerprint(&self) -> String {
        let order: Vec<String> = self.open.iter().map(|l| l.to_string()).collect();
        format!(
            "retro-v1 {} base={:016x} penalty={} lo={} order={}{}",
            self.board.dims_name(),
            self.base.0,
            self.penalty,
            self.n_lo,
            order.join("."),
            self.valuation.tag()
        )
    }
}

/// `len` rounded up to a multiple of [`BLOCK_ALIGN`].
const fn padded(len: usize) -> usize {
    len.div_ceil(BLOCK_ALIGN) * BLOCK_ALIGN
}

/// The lines `lines[j]` for the set bits `j` of a group mask.
fn deposit(mask: u32, lines: &[usize]) -> Position {
    lines
        .iter()
        .enumerate()
        .filter(|&(j, _)| mask >> j & 1 == 1)
        .map(|(_, &l)| l)
        .collect()
}

/// The image of a group mask under a permutation of its bits.
fn permute(mask: u32, perm: &[u32]) -> u32 {
    let mut out = 0;
    let mut m = mask;
    while m != 0 {
        out |= 1 << perm[m.trailing_zeros() as usize];
        m &= m - 1;
    }
    out
}

/// Classes of open lines under the symmetries and the interchangeable sets (union-find).
fn orbits(open: Position, syms: &[Symmetry], sets: &[Position]) -> Vec<Position> {
    let mut parent: Vec<usize> = (0..64).collect();
    fn find(p: &mut [usize], x: usize) -> usize {
        let mut r = x;
        while p[r] != r {
            r = p[r];
        }
        p[x] = r;
        r
    }
    let mut union = |a: usize, b: usize| {
        let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
        parent[ra] = rb;
    };
    for line in open.lines() {
        for s in syms {
            union(line, s.line(line));
        }
    }
    for set in sets {
        let first = set.lines().next().unwrap_or(0);
        for line in set.lines() {
            union(first, line);
        }
    }
    let mut classes: Vec<Position> = Vec::new();
    let mut root_of = [usize::MAX; 64];
    for line in open.lines() {
        let r = find(&mut parent, line);
        if root_of[r] == usize::MAX {
            root_of[r] = classes.len();
            classes.push(Position::EMPTY);
        }
        classes[root_of[r]] = classes[root_of[r]].with(line);
    }
    classes
}

/// Picks the orbits of the low group: total size nearest [`LOW_TARGET`], at most
/// [`MAX_LOW`], leaving at most [`MAX_HIGH`] lines high (subset sum over orbit sizes).
fn choose_low(orbits: &[Position], n: usize) -> Option<Vec<Position>> {
    // reach[s] = Some(orbit indices) reaching total s.
    let mut reach: Vec<Option<Vec<usize>>> = vec![None; n + 1];
    reach[0] = Some(Vec::new());
    for (i, o) in orbits.iter().enumerate() {
        let size = o.count() as usize;
        for s in (size..=n).rev() {
            if reach[s].is_none() {
                if let Some(prev) = &reach[s - size] {
                    let mut v = prev.clone();
                    v.push(i);
                    reach[s] = Some(v);
                }
            }
        }
    }
    let min_low = n.saturating_sub(MAX_HIGH);
    let best = (min_low..=n.min(MAX_LOW))
        .filter(|&s| reach[s].is_some())
        .min_by_key(|&s| (s.abs_diff(LOW_TARGET.min(n)), s))?;
    Some(
        reach[best]
            .clone()?
            .into_iter()
            .map(|i| orbits[i])
            .collect(),
    )
}

/// The high group's lookup table and representatives (see [`Layout`]).
fn high_tables(bits: u32, syms: &[Vec<u32>], sets: &[u32]) -> (Vec<u32>, Vec<Vec<u32>>) {
    let size = 1usize << bits;
    let mut lookup = vec![0u32; size];
    let mut reps = vec![Vec::new(); bits as usize + 1];
    let tables: Vec<ByteTables> = syms.iter().map(|p| ByteTables::new(p)).collect();
    for m in 0..size as u32 {
        let (rep, sym) = tables
            .iter()
            .enumerate()
            .map(|(s, t)| (canonical_in_sets(t.apply(m), sets), s))
            .min()
            .unwrap_or((m, 0));
        lookup[m as usize] = if rep == m {
            let list = &mut reps[m.count_ones() as usize];
            list.push(m);
            (list.len() as u32 - 1) << SYM_BITS
        } else {
            // The representative is a smaller mask, so its block is known.
            lookup[rep as usize] & !((1 << SYM_BITS) - 1) | sym as u32
        };
    }
    (lookup, reps)
}

/// A bit permutation of up to 32 bits applied a byte at a time.
struct ByteTables(Vec<[u32; 256]>);

impl ByteTables {
    fn new(perm: &[u32]) -> ByteTables {
        let tables = (0..perm.len().div_ceil(8))
            .map(|k| {
                let mut t = [0u32; 256];
                for (b, image) in t.iter_mut().enumerate() {
                    *image = (0..8)
                        .filter(|bit| b >> bit & 1 == 1 && 8 * k + bit < perm.len())
                        .map(|bit| 1u32 << perm[8 * k + bit])
                        .sum();
                }
                t
            })
            .collect();
        ByteTables(tables)
    }

    fn apply(&self, m: u32) -> u32 {
        self.0
            .iter()
            .enumerate()
            .map(|(k, t)| t[(m >> (8 * k) & 0xff) as usize])
            .fold(0, |a, b| a | b)
    }
}
