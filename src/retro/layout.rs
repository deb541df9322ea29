//! The tile layout of a solve: which open lines form the low group and the high groups, and
//! the tables that turn a position into (tile, block, offset) and back.
//!
//! Local lines: the solve's open lines renumbered, low group first (bits `0..n_lo` of a local
//! mask), the high groups after (bits of a *high mask*, see [`super::high`]). Every group is a
//! union of orbits of the solve's symmetries and interchangeable border-line sets, so every
//! symmetry maps each group to itself and the line counts per group, the tile, are invariant.
//! Up to 32 open lines there is one high group (the layout small boards always had); past
//! that, as many as keep a tile under [`TILE_TARGET`] bytes, so the largest boards are cut
//! into tiles a machine can hold, stream and hand out as tasks.
//!
//! A tile (counts per group) is a sequence of blocks, one per high mask that is the canonical
//! representative of its class (smallest mask over symmetries and swaps); a block holds the
//! values of every canonical low mask with the tile's low count, in rank order. A position
//! whose high mask is not a representative is read through the symmetry that maps it onto
//! one, which permutes the low ranks ([`Layout::lo_perm`]). Which high masks are
//! representatives, and the block of every other one, is a [`HighIndex`] per high counts,
//! built when first needed and dropped by the solve when no tile left reads it.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use crate::core::symmetry::{symmetries, InterchangeableSets, Symmetry};
use crate::core::{Board, Position, Rules};
use crate::store::{TileId, MAX_GROUPS};

use super::group::LineGroup;
use super::high::{HighGroups, HighIndex};
use super::loony::{BoxSides, LoonyTest, SIDES};
use super::units::{ChainRule, Extension, Reduction, Unit};
use super::valuation::Valuation;
use super::RetroError;

/// Most open lines a solve handles: every line of the largest board a [`Position`] holds.
/// Past about 40 it is time, memory and disk that limit a solve, not the layout.
pub const MAX_OPEN: usize = 64;
/// Most open lines laid out as the low group and one high group, the layout of every solve
/// small enough for memory (and of every tile store written before there were more groups).
const MAX_SINGLE_HIGH_OPEN: usize = 32;
/// Largest high group: its rank table takes `4 << bits` bytes.
const MAX_GROUP_BITS: u32 = 22;
/// Past [`MAX_SINGLE_HIGH_OPEN`] open lines, the high lines are split into the fewest groups
/// that keep the largest tile (estimated without symmetries' fixed points) under this many
/// bytes, so a solve streams tiles of a few hundred megabytes at most.
pub const TILE_TARGET: u64 = 1 << 30;
/// Preferred size of the low group: blocks of up to C(12,6) = 924 values (fewer under
/// symmetry) are long vector loops that stay in L1 cache, and the high group left is small
/// enough that its lookup table mostly hits the cache and each block's few lookups are
/// amortised (12 against 10: `dotbox solve` 3x4 about 40 % and icelandic about 25 % faster).
const LOW_TARGET: usize = 12;
/// Largest high group of a two-group layout (see [`MAX_GROUP_BITS`]).
const MAX_HIGH: usize = MAX_GROUP_BITS as usize;
/// Largest low group: a block (at most C(14,7) = 3432 values) must fit the kernel's buffers.
pub const MAX_LOW: usize = 14;
/// Blocks are padded to a multiple of this many values, so every loop over a block runs in
/// whole vector registers (16 bytes: SSE2 and WebAssembly SIMD) with no scalar tail.
pub const BLOCK_ALIGN: usize = 16;
/// Bits of a high lookup entry that hold the symmetry index (at most 8 symmetries).
pub const SYM_BITS: u32 = 3;

/// Up to two boxes beside a line, each as the masks of its other sides still open, split into
/// the high and the low group. A box completes when both parts are drawn. This is the board's
/// box graph ([`crate::core::Boxes::other_sides`], or a reduction's boxes over units) carried
/// over to a solve's local lines, in the form the kernel's per-block loop reads.
#[derive(Clone, Copy, Debug, Default)]
pub struct LineBoxes {
    /// Number of boxes beside the line (0 only if the line's boxes are all decided).
    pub len: usize,
    /// `(high mask, low mask)` of each box's other open sides.
    pub sides: [(u64, u32); 2],
    /// Each box's row in the layout's low flags ([`Layout::low_flags`]), found once here so
    /// the kernel's per-block loop does no search.
    pub flag_rows: [usize; 2],
}

/// A test of whether every line of a local mask is drawn, split like a box's sides: the
/// `(high, low)` mask and the row of its low part in the layout's low flags.
#[derive(Clone, Copy, Debug, Default)]
pub struct SidesTest {
    /// `(high mask, low mask)` of the lines that must be drawn.
    pub mask: (u64, u32),
    /// The low part's row in [`Layout::low_flags`].
    pub flag_row: usize,
}

/// A collapsed chain's [`crate::retro::units::Extension`] over local lines: tests (indices
/// into [`Layout::sides_tests`]) that must all hold, and tests none of which may.
#[derive(Clone, Debug, Default)]
pub struct ExtensionTests {
    /// Tests that must hold.
    pub all: Vec<usize>,
    /// Tests that must fail.
    pub none: Vec<usize>,
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
    fn new(lo: &LineGroup, boxes: &[LineBoxes], tests: &[SidesTest]) -> LowFlags {
        let mut masks: Vec<u32> = boxes
            .iter()
            .flat_map(|b| b.sides[..b.len].iter().map(|s| s.1))
            .chain(tests.iter().map(|t| t.mask.1))
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

/// The open lines a layout is built over and how they complete boxes: the board's own open
/// lines, or the units of a [`Reduction`], each named by one line.
struct Lines<'a> {
    /// One line per unit.
    open: Position,
    /// The symmetries the layout may use (identity first).
    syms: Vec<Symmetry>,
    /// Sets of interchangeable lines.
    swaps: Vec<Position>,
    /// For a unit's line, the other open sides of each box beside it, as unit lines (at
    /// most two boxes; a collapsed chain's own boxes are counted by its rule instead).
    boxes: &'a dyn Fn(usize) -> Vec<Position>,
    /// For a unit's line, the rule of the collapsed chain it stands for.
    chains: &'a dyn Fn(usize) -> Option<ChainRule>,
    /// For a unit's line, its chain's extensions as unit lines: (must be drawn, sets none of
    /// which may be drawn entirely).
    extensions: &'a dyn Fn(usize) -> Vec<(Position, Vec<Position>)>,
    /// Added to the fingerprint.
    tag: String,
}

/// Everything fixed about a solve: board, base position, groups and lookup tables.
#[derive(Debug)]
pub struct Layout {
    board: Board,
    base: Position,
    /// Global line of each local line.
    open: Vec<usize>,
    n_lo: u32,
    n_hi: u32,
    lo: LineGroup,
    /// The high groups and the symmetries acting on high masks.
    high: HighGroups,
    /// High indexes built so far, by high counts (a tile id whose low count is 0).
    indexes: Mutex<HashMap<TileId, Arc<HighIndex>>>,
    /// Blocks per high counts, counted so far.
    block_counts: Mutex<HashMap<TileId, u64>>,
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
    /// The chain rule of each local line that stands for a collapsed chain.
    chains: Vec<Option<ChainRule>>,
    /// The extensions of each local line's chain (empty for the others).
    extensions: Vec<Vec<ExtensionTests>>,
    /// The tests the extensions refer to.
    sides_tests: Vec<SidesTest>,
    /// What the fingerprint adds for a reduced position (the collapsed chains).
    tag: String,
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
        Layout::with_high_groups(board, base, rules, valuation, None)
    }

    /// [`Layout::new`] with the high lines split into `high_groups` groups (as near as the
    /// orbits allow) instead of as many as the board's size calls for: several groups on a
    /// small board exercise the layout of the largest ones, and fewer or more groups trade
    /// tile size against the number of tiles.
    pub fn with_high_groups(
        board: &Board,
        base: Position,
        rules: Rules,
        valuation: Valuation,
        high_groups: Option<usize>,
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
        let lines = Lines {
            open: open_set,
            syms: symmetries(board, base),
            swaps: swaps.sets().to_vec(),
            boxes: &|g| {
                let sides = board.boxes().other_sides(g);
                sides.map(|s| s.difference(base)).collect()
            },
            chains: &|_| None,
            extensions: &|_| Vec::new(),
            tag: String::new(),
        };
        Layout::build(board, base, penalty, valuation, high_groups, lines)
    }

    /// The layout of a reduced position: one local line per unit of `reduction` (named by
    /// its lowest line), box sides over units, the chain rule on each collapsed chain, and
    /// no symmetries (a symmetry of the board need not map units onto units). Plain scores
    /// only; its fingerprint names the collapsed chains.
    pub fn from_reduction(board: &Board, reduction: &Reduction) -> Result<Layout, RetroError> {
        let units = reduction.units();
        let lines_of = |mask: u64| -> Position {
            (0..units.len())
                .filter(|&u| mask >> u & 1 == 1)
                .map(|u| units[u].line())
                .collect()
        };
        let chains: Vec<String> = reduction
            .chains()
            .map(|(_, unit, _)| format!("{:x}", unit.lines.0))
            .collect();
        let lines = Lines {
            open: units.iter().map(Unit::line).collect(),
            syms: symmetries(board, reduction.base())[..1].to_vec(),
            swaps: Vec::new(),
            boxes: &|g| {
                let u = reduction.unit_of(g).expect("a unit's line");
                reduction
                    .box_sides(u)
                    .iter()
                    .map(|&m| lines_of(m))
                    .collect()
            },
            chains: &|g| {
                let u = reduction.unit_of(g).expect("a unit's line");
                units[u].chain.as_ref().map(|c| c.rule)
            },
            extensions: &|g| {
                let u = reduction.unit_of(g).expect("a unit's line");
                let to_lines = |e: &Extension| {
                    let none = e.not_all.iter().map(|&m| lines_of(m)).collect();
                    (lines_of(e.drawn), none)
                };
                reduction.extensions(u).iter().map(to_lines).collect()
            },
            tag: format!(" pseudo={}", chains.join(".")),
        };
        Layout::build(board, reduction.base(), 0, Valuation::Score, None, lines)
    }

    /// The layout of the open lines `lines` (see [`Layout::with_high_groups`]).
    fn build(
        board: &Board,
        base: Position,
        penalty: i32,
        valuation: Valuation,
        high_groups: Option<usize>,
        lines: Lines<'_>,
    ) -> Result<Layout, RetroError> {
        let open_set = lines.open;
        let n = open_set.count() as usize;
        let mut syms = lines.syms;
        let swap_sets = &lines.swaps;
        let min_low = match n {
            0..=MAX_SINGLE_HIGH_OPEN => n.saturating_sub(MAX_HIGH),
            _ => 0,
        };
        let low = match choose_low(&orbits(open_set, &syms, swap_sets), n, min_low) {
            Some(low) => low,
            None => {
                // No union of orbits fits the group sizes: give up the board symmetries (the
                // swaps alone make orbits of at most three lines, which always fit).
                syms.truncate(1);
                choose_low(&orbits(open_set, &syms, swap_sets), n, min_low)
                    .ok_or(RetroError::NoLayout)?
            }
        };
        let low_set: Position = low.iter().flat_map(|o| o.lines()).collect();
        let n_lo = low_set.count();
        let high_orbits: Vec<Position> = orbits(open_set, &syms, swap_sets)
            .into_iter()
            .filter(|o| o.intersection(low_set).is_empty())
            .collect();
        let high_groups =
            split_high(&high_orbits, n_lo, syms.len(), high_groups).ok_or(RetroError::NoLayout)?;
        let open: Vec<usize> = low_set
            .lines()
            .chain(high_groups.iter().flat_map(|g| g.lines()))
            .collect();
        let n_hi = n as u32 - n_lo;
        let mut local = [usize::MAX; 64];
        for (j, &g) in open.iter().enumerate() {
            local[g] = j;
        }
        let to_local = |p: Position| -> u64 { p.lines().map(|g| 1u64 << local[g]).sum() };
        let lo_mask = (1u64 << n_lo) - 1;
        let split = |m: u64| (m >> n_lo, (m & lo_mask) as u32);
        let set_masks: Vec<(u64, u32)> = swap_sets.iter().map(|&s| split(to_local(s))).collect();
        let lo_sets: Vec<u32> = set_masks.iter().map(|s| s.1).filter(|&m| m != 0).collect();
        let hi_sets: Vec<u64> = set_masks.iter().map(|s| s.0).filter(|&m| m != 0).collect();
        let perms: Vec<Vec<usize>> = syms
            .iter()
            .map(|s| open.iter().map(|&g| local[s.line(g)]).collect())
            .collect();
        let lo_syms: Vec<Vec<u32>> = perms
            .iter()
            .map(|p| p[..n_lo as usize].iter().map(|&j| j as u32).collect())
            .collect();
        let hi_syms: Vec<Vec<u8>> = perms
            .iter()
            .map(|p| {
                p[n_lo as usize..]
                    .iter()
                    .map(|&j| (j - n_lo as usize) as u8)
                    .collect()
            })
            .collect();
        let lo = LineGroup::new(n_lo, &lo_sets);
        let sizes: Vec<u32> = high_groups.iter().map(|g| g.count()).collect();
        let high = HighGroups::new(&sizes, &hi_syms, &hi_sets);
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
                for sides in (lines.boxes)(g) {
                    lb.sides[lb.len] = split(to_local(sides));
                    lb.len += 1;
                }
                lb
            })
            .collect::<Vec<LineBoxes>>();
        let chains = open.iter().map(|&g| (lines.chains)(g)).collect();
        let mut sides_tests: Vec<SidesTest> = Vec::new();
        let mut test_of = |p: Position| -> usize {
            let mask = split(to_local(p));
            let found = sides_tests.iter().position(|t| t.mask == mask);
            found.unwrap_or_else(|| {
                sides_tests.push(SidesTest { mask, flag_row: 0 });
                sides_tests.len() - 1
            })
        };
        let extensions: Vec<Vec<ExtensionTests>> = open
            .iter()
            .map(|&g| {
                let terms = (lines.extensions)(g).into_iter();
                terms
                    .map(|(all, none)| ExtensionTests {
                        all: vec![test_of(all)],
                        none: none.into_iter().map(&mut test_of).collect(),
                    })
                    .collect()
            })
            .collect();
        let low_flags = LowFlags::new(&lo, &boxes, &sides_tests);
        for t in &mut sides_tests {
            t.flag_row = low_flags.row(t.mask.1);
        }
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
                        .map(|&m| test.sides(Position::deposit(u64::from(m), &open)))
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
            high,
            indexes: Mutex::default(),
            block_counts: Mutex::default(),
            lo_syms,
            lo_perm,
            boxes,
            low_flags,
            valuation,
            penalty,
            loony_test,
            lo_sides,
            chains,
            extensions,
            sides_tests,
            tag: lines.tag,
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
    pub fn hi_sides(&self, h: u64) -> BoxSides {
        let test = self.loony_test.as_ref().expect("a loony solve");
        let high = Position::deposit(h, &self.open[self.n_lo as usize..]);
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

    /// Lines in the high groups together.
    pub fn n_hi(&self) -> u32 {
        self.n_hi
    }

    /// The high groups.
    pub fn high(&self) -> &HighGroups {
        &self.high
    }

    /// Number of line groups of a tile: the high groups and the low group.
    pub fn groups(&self) -> usize {
        self.high.groups().len() + 1
    }

    /// Lines in group `g` of a tile ([`TileId::counts`] order: high groups, then low).
    pub fn group_size(&self, g: usize) -> u32 {
        match self.high.groups().get(g) {
            Some(group) => group.lines.bits(),
            None => self.n_lo,
        }
    }

    /// The low group.
    pub fn lo(&self) -> &LineGroup {
        &self.lo
    }

    /// The high index of `tile`'s high counts (its blocks, and where every high mask with
    /// those counts is read), built on first use and kept until [`Layout::retain_indexes`]
    /// drops it.
    pub fn high_index(&self, tile: TileId) -> Result<Arc<HighIndex>, RetroError> {
        let key = high_key(tile);
        let mut indexes = self.indexes.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(index) = indexes.get(&key) {
            return Ok(index.clone());
        }
        let index = Arc::new(
            HighIndex::build(&self.high, &key.counts()[..self.groups() - 1])
                .map_err(|_| RetroError::NoLayout)?,
        );
        indexes.insert(key, index.clone());
        Ok(index)
    }

    /// Positions per layer (lines drawn beyond the base), estimated from the group sizes:
    /// canonical masks under the interchangeable sets, divided by the number of symmetries
    /// (symmetric positions make the true count slightly larger). Costs nothing to compute,
    /// so callers pick a method or refuse a solve before building anything. Layer `k` is the
    /// sum of [`Layout::tile_estimate`] over its tiles.
    pub fn layer_estimates(&self) -> Vec<f64> {
        let mut layers = vec![1.0];
        for g in 0..self.groups() {
            let factor: Vec<f64> = (0..=self.group_size(g))
                .map(|k| self.group_masks(g, k))
                .collect();
            let mut product = vec![0.0; layers.len() + factor.len() - 1];
            for (i, a) in layers.iter().enumerate() {
                for (j, b) in factor.iter().enumerate() {
                    product[i + j] += a * b;
                }
            }
            layers = product;
        }
        let symmetries = self.lo_syms.len() as f64;
        layers.iter().map(|n| n / symmetries).collect()
    }

    /// Positions of `tile`, estimated as [`Layout::layer_estimates`] does: for the largest
    /// boards, where counting a tile's blocks exactly ([`Layout::tile_positions`]) means
    /// walking every high mask of the tile.
    pub fn tile_estimate(&self, tile: TileId) -> f64 {
        let masks: f64 = (0..self.groups())
            .map(|g| self.group_masks(g, u32::from(tile.count(g))))
            .product();
        masks / self.lo_syms.len() as f64
    }

    /// Canonical masks (under the interchangeable sets) of `k` lines of group `g`.
    fn group_masks(&self, g: usize, k: u32) -> f64 {
        match self.high.groups().get(g) {
            Some(group) => group.lines.count(k) as f64,
            None => self.lo.count(k) as f64,
        }
    }

    /// Estimated peak memory of an in-memory solve: the two largest adjacent layers, a byte
    /// a position per plane.
    pub fn estimated_peak_bytes(&self) -> f64 {
        let layers = self.layer_estimates();
        let pairs = layers.windows(2).map(|w| w[0] + w[1]);
        let peak = pairs.fold(layers[0], f64::max);
        peak * self.valuation.planes() as f64
    }

    /// Bytes one step of a solve must hold at once whatever its memory budget: the largest
    /// tile with its parents. A solve streaming tiles through disk with less memory than this
    /// holds this much anyway.
    pub fn largest_step_bytes(&self) -> u64 {
        let step = |t: TileId| {
            let parents: usize = self
                .parents(t)
                .into_iter()
                .map(|p| self.tile_bytes(p))
                .sum();
            (self.tile_bytes(t) + parents) as u64
        };
        self.tiles().into_iter().map(step).max().unwrap_or(0)
    }

    /// Keeps only the high indexes of tiles for which `keep` holds (called with a tile whose
    /// low count is 0), so a solve holds the indexes of the layers it works on.
    pub fn retain_indexes(&self, mut keep: impl FnMut(TileId) -> bool) {
        let mut indexes = self.indexes.lock().unwrap_or_else(PoisonError::into_inner);
        indexes.retain(|&t, _| keep(t));
    }

    /// Bytes held by the high indexes built and kept.
    pub fn index_bytes(&self) -> usize {
        let indexes = self.indexes.lock().unwrap_or_else(PoisonError::into_inner);
        indexes.values().map(|i| i.bytes()).sum()
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

    /// The chain rule of local line `j`, when it stands for a collapsed chain.
    #[inline]
    pub fn chain(&self, j: usize) -> Option<ChainRule> {
        self.chains[j]
    }

    /// The extensions of local line `j`'s chain (see [`Extension`]).
    pub fn extensions(&self, j: usize) -> &[ExtensionTests] {
        &self.extensions[j]
    }

    /// Every test the extensions refer to.
    pub fn sides_tests(&self) -> &[SidesTest] {
        &self.sides_tests
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

    /// Number of blocks of `tile` (representative high masks with its high counts).
    pub fn blocks(&self, tile: TileId) -> u64 {
        let key = high_key(tile);
        let known = self
            .block_counts
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(&key)
            .copied();
        known.unwrap_or_else(|| {
            let count = self.high.count_blocks(&key.counts()[..self.groups() - 1]);
            let mut counts = self
                .block_counts
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            counts.insert(key, count);
            count
        })
    }

    /// Number of bytes of one plane of a tile (positions plus block padding).
    pub fn tile_len(&self, tile: TileId) -> usize {
        self.blocks(tile) as usize * self.block_stride(u32::from(tile.lo()))
    }

    /// The shape of a tile's blocks: `(stride, positions)`, where each block of a plane is
    /// `stride` bytes of which the first `positions` hold values and the rest is padding that
    /// no position reads (a book may fill it with whatever compresses best).
    pub fn block_shape(&self, tile: TileId) -> (usize, usize) {
        let k_lo = u32::from(tile.lo());
        (self.block_stride(k_lo), self.lo.count(k_lo))
    }

    /// Number of bytes of a tile: its planes (see [`Valuation::planes`]).
    pub fn tile_bytes(&self, tile: TileId) -> usize {
        self.valuation.planes() * self.tile_len(tile)
    }

    /// Number of positions of a tile.
    pub fn tile_positions(&self, tile: TileId) -> u64 {
        self.blocks(tile) * self.lo.count(u32::from(tile.lo())) as u64
    }

    /// Every tile, in the order a solve computes them: most lines first, and inside a layer
    /// by increasing counts (first group most significant).
    pub fn tiles(&self) -> Vec<TileId> {
        let sizes: Vec<u8> = (0..self.groups())
            .map(|g| self.group_size(g) as u8)
            .collect();
        let mut tiles = Vec::new();
        let mut counts = vec![0u8; sizes.len()];
        loop {
            tiles.push(TileId::new(&counts));
            // Odometer over every count vector, last group fastest.
            let Some(g) = (0..counts.len()).rev().find(|&g| counts[g] < sizes[g]) else {
                break;
            };
            counts[g] += 1;
            counts[g + 1..].fill(0);
        }
        tiles.sort_by_key(|t| std::cmp::Reverse(t.lines()));
        tiles
    }

    /// The tiles a tile is computed from: one more line in each group that has room.
    pub fn parents(&self, tile: TileId) -> Vec<TileId> {
        (0..self.groups())
            .filter(|&g| u32::from(tile.count(g)) < self.group_size(g))
            .map(|g| tile.up(g))
            .collect()
    }

    /// The tiles computed from a tile: one line less in each group that has one.
    pub fn children(&self, tile: TileId) -> Vec<TileId> {
        (0..self.groups()).filter_map(|g| tile.down(g)).collect()
    }

    /// Where a position's value lives: its tile and the index inside the tile.
    /// `pos` must contain the base. Fails only if the tile's high index cannot be built.
    pub fn locate(&self, pos: Position) -> Result<(TileId, usize), RetroError> {
        let mut m = 0u64;
        for (j, &g) in self.open.iter().enumerate() {
            if pos.contains(g) {
                m |= 1 << j;
            }
        }
        let lo_bits = (m & ((1 << self.n_lo) - 1)) as u32;
        let hi_bits = m >> self.n_lo;
        let mut counts: Vec<u8> = self
            .high
            .groups()
            .iter()
            .map(|g| g.part(hi_bits).count_ones() as u8)
            .collect();
        counts.push(lo_bits.count_ones() as u8);
        let tile = TileId::new(&counts);
        let index = self.high_index(tile)?;
        let entry = index.entry(self.high.slot(hi_bits, index.mults()));
        let block = (entry >> SYM_BITS) as usize;
        let sym = (entry & ((1 << SYM_BITS) - 1)) as usize;
        let lo_rank = self.lo.rank(permute(lo_bits, &self.lo_syms[sym])) as usize;
        Ok((
            tile,
            block * self.block_stride(u32::from(tile.lo())) + lo_rank,
        ))
    }

    /// Names the solve: board, base, rules and the line order. Stores refuse tiles of another solve.
    pub fn fingerprint(&self) -> String {
        let order: Vec<String> = self.open.iter().map(|l| l.to_string()).collect();
        // One high group: the name every store had before layouts had more groups.
        let groups = match self.high.groups() {
            [_] => String::new(),
            many => {
                let sizes: Vec<String> = many.iter().map(|g| g.lines.bits().to_string()).collect();
                format!(" high={}", sizes.join("."))
            }
        };
        format!(
            "retro-v1 {} base={:016x} penalty={} lo={}{groups} order={}{}{}",
            self.board.dims_name(),
            self.base.0,
            self.penalty,
            self.n_lo,
            order.join("."),
            self.valuation.tag(),
            self.tag
        )
    }
}

impl Clone for Layout {
    /// The same layout with the caches of high indexes and block counts it has built so far.
    fn clone(&self) -> Layout {
        Layout {
            board: self.board.clone(),
            base: self.base,
            open: self.open.clone(),
            n_lo: self.n_lo,
            n_hi: self.n_hi,
            lo: self.lo.clone(),
            high: self.high.clone(),
            indexes: Mutex::new(
                self.indexes
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .clone(),
            ),
            block_counts: Mutex::new(
                self.block_counts
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .clone(),
            ),
            lo_syms: self.lo_syms.clone(),
            lo_perm: self.lo_perm.clone(),
            boxes: self.boxes.clone(),
            low_flags: self.low_flags.clone(),
            valuation: self.valuation,
            penalty: self.penalty,
            loony_test: self.loony_test.clone(),
            lo_sides: self.lo_sides.clone(),
            chains: self.chains.clone(),
            extensions: self.extensions.clone(),
            sides_tests: self.sides_tests.clone(),
            tag: self.tag.clone(),
        }
    }
}

/// `len` rounded up to a multiple of [`BLOCK_ALIGN`].
const fn padded(len: usize) -> usize {
    len.div_ceil(BLOCK_ALIGN) * BLOCK_ALIGN
}

/// The key of a tile's high index: its high counts (low count 0).
fn high_key(tile: TileId) -> TileId {
    tile.with(tile.groups() - 1, 0)
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

/// Picks the orbits of the low group: total size nearest [`LOW_TARGET`], between `min_low`
/// and [`MAX_LOW`] (subset sum over orbit sizes).
fn choose_low(orbits: &[Position], n: usize, min_low: usize) -> Option<Vec<Position>> {
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

/// Splits the high orbits into groups: one group up to [`MAX_SINGLE_HIGH_OPEN`] open lines,
/// else the fewest groups of at most [`MAX_GROUP_BITS`] lines whose largest tile is estimated
/// under [`TILE_TARGET`] bytes (or the most groups a tile id holds). Orbits go, largest
/// first, to the group with the fewest lines, so the groups come out about equal. `forced`
/// asks for that many groups instead (fewer if there are fewer orbits).
fn split_high(
    orbits: &[Position],
    n_lo: u32,
    symmetries: usize,
    forced: Option<usize>,
) -> Option<Vec<Position>> {
    let n_hi: u32 = orbits.iter().map(|o| o.count()).sum();
    let mut sorted = orbits.to_vec();
    sorted.sort_by_key(|o| std::cmp::Reverse(o.count()));
    let pack = |m: usize| {
        let mut bins = vec![Position::EMPTY; m];
        for &o in &sorted {
            let smallest = (0..m).min_by_key(|&b| bins[b].count()).expect("m > 0");
            bins[smallest] = bins[smallest].union(o);
        }
        bins
    };
    let half = |n: u32| binomial(n, n / 2);
    let fits = |bins: &[Position]| bins.iter().all(|b| b.count() <= MAX_GROUP_BITS);
    let largest_tile = |bins: &[Position]| {
        bins.iter().map(|b| half(b.count())).product::<f64>() * half(n_lo) / symmetries as f64
    };
    let most = MAX_GROUPS - 1;
    if let Some(m) = forced {
        let m = m.clamp(1, most).min(orbits.len().max(1));
        return Some(pack(m)).filter(|bins| fits(bins));
    }
    if (n_lo + n_hi) as usize <= MAX_SINGLE_HIGH_OPEN {
        return Some(pack(1));
    }
    (2..=most)
        .map(pack)
        .find(|bins| fits(bins) && largest_tile(bins) <= TILE_TARGET as f64)
        .or_else(|| Some(pack(most)).filter(|bins| fits(bins)))
}

/// `C(n, k)` as a float (an estimate's factor).
fn binomial(n: u32, k: u32) -> f64 {
    (0..k).fold(1.0, |acc, i| acc * f64::from(n - i) / f64::from(i + 1))
}
