//! The tile layout of a solve: which open lines form the low group and the high groups, and
//! the tables that turn a position into (tile, block, offset) and back.
//!
//! Local lines: the solve's open lines renumbered, low group first (bits `0..n_lo` of a local
//! mask), the high groups after (bits of a *high mask*, see [`super::high`]). Every group is a
//! union of orbits of the solve's symmetries and interchangeable border-line sets, so every
//! symmetry maps each group to itself and the line counts per group, the tile, are invariant.
//! Up to 32 open lines there is one high group (the layout small boards always had); past
//! that, as many as keep a tile under [`TILE_TARGET`](grouping::TILE_TARGET) bytes, so the largest boards are cut
//! into tiles a machine can hold, stream and hand out as tasks.
//!
//! A tile (counts per group) is a sequence of blocks, one per high mask that is the canonical
//! representative of its class (smallest mask over symmetries and swaps); a block holds the
//! values of every canonical low mask with the tile's low count, in rank order. A position
//! whose high mask is not a representative is read through the symmetry that maps it onto
//! one, which permutes the low ranks ([`Layout::lo_perm`]). Which high masks are
//! representatives, and the block of every other one, is a [`super::high::HighIndex`] per high counts,
//! built when first needed and dropped by the solve when no tile left reads it.
//!
//! One concern per file: `grouping` picks the groups, `tables` holds the kernel's per-line
//! tables, `addressing` turns positions into (tile, offset), `cost` estimates a solve's size
//! and `index_cache` keeps the high indexes built so far.

use crate::core::{symmetries, InterchangeableSets, Symmetry};
use crate::core::{Board, Position, Rules};

use super::group::LineGroup;
use super::high::HighGroups;
use super::loony::{LoonyTest, SIDES};
use super::units::{ChainRule, Extension, Reduction, Unit};
use super::valuation::Valuation;
use super::RetroError;

mod addressing;
mod cost;
mod grouping;
mod index_cache;
pub(crate) use index_cache::high_key;
mod tables;
#[cfg(test)]
mod tests;

use grouping::{choose_low, orbits, split_high, MAX_HIGH, MAX_SINGLE_HIGH_OPEN};
use index_cache::IndexCache;
use tables::LineTables;

/// Blocks are padded to a multiple of this many values, so every loop over a block runs in
/// whole vector registers (16 bytes: SSE2 and WebAssembly SIMD) with no scalar tail.
pub const BLOCK_ALIGN: usize = 16;

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
#[derive(Clone, Debug)]
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
    /// High indexes and block counts built so far (a clone keeps them).
    cache: IndexCache,
    /// Each symmetry as a permutation of local low bits.
    lo_syms: Vec<Vec<u32>>,
    /// `lo_perm[s][k][i]`: rank of the image under symmetry `s` of the `i`-th low mask of size
    /// `k` (empty for the identity).
    lo_perm: Vec<Vec<Vec<u16>>>,
    /// Boxes, chains and extension tests of each local line, and the low flags they read.
    tables: LineTables,
    /// What a tile byte holds.
    valuation: Valuation,
    /// The last-move penalty.
    penalty: i32,
    /// The loony-position test (loony solves only).
    loony_test: Option<LoonyTest>,
    /// `lo_sides[k][side][r]`: the box sides of kind `side` drawn by the `r`-th canonical low
    /// mask of size `k`, padded to the block stride with all sides drawn (loony solves only).
    lo_sides: Vec<[Vec<u32>; SIDES]>,
    /// What the fingerprint adds for a reduced position (the collapsed chains).
    tag: String,
}

impl Layout {
    /// The layout for every position of `board` that contains `base`, under `rules`,
    /// storing `valuation`. A `base` off the board or lacking one of its pre-drawn lines is
    /// refused ([`RetroError::Position`]).
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
        // The one check of the position every solve passes: one lacking a pre-drawn line is
        // refused, as the search, the engine and the books refuse it, not completed into
        // another position.
        board.check(base)?;
        let penalty = rules.last_move_penalty;
        // Every score lies within the boxes plus the penalty, which must fit the encoding.
        if i64::from(penalty).abs() + board.num_boxes() as i64 > i64::from(valuation.score_max()) {
            return Err(RetroError::ScoresOutOfRange {
                penalty,
                boxes: board.num_boxes(),
                max: valuation.score_max(),
            });
        }
        // Every board's lines fit a `Position` (at most `MAX_LINES`), and so its open lines the
        // layout's tables: past about 40 it is time, memory and disk that limit a solve.
        let open_set = board.open_lines(base);
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
        mut lines: Lines<'_>,
    ) -> Result<Layout, RetroError> {
        let open_set = lines.open;
        let n = open_set.count() as usize;
        let mut syms = std::mem::take(&mut lines.syms);
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
        let lo_perm = tables::lo_perms(&lo, &lo_syms);
        let line_tables = LineTables::new(&open, &lo, &lines, |p| split(to_local(p)));
        let loony_test = (valuation == Valuation::Loony).then(|| LoonyTest::new(board));
        let lo_sides = match &loony_test {
            Some(test) => tables::lo_sides(test, &lo, &open),
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
            cache: IndexCache::default(),
            lo_syms,
            lo_perm,
            tables: line_tables,
            valuation,
            penalty,
            loony_test,
            lo_sides,
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
    pub(crate) fn high(&self) -> &HighGroups {
        &self.high
    }

    /// Number of line groups of a tile: the high groups and the low group.
    pub fn groups(&self) -> usize {
        self.high.groups().len() + 1
    }

    /// Lines in group `g` of a tile ([`crate::store::TileId::counts`] order: high groups, then low).
    pub fn group_size(&self, g: usize) -> u32 {
        match self.high.groups().get(g) {
            Some(group) => group.lines.bits(),
            None => self.n_lo,
        }
    }

    /// The low group.
    pub(crate) fn lo(&self) -> &LineGroup {
        &self.lo
    }

    /// Global line of local line `j`.
    pub fn global_line(&self, j: usize) -> usize {
        self.open[j]
    }
}

/// `len` rounded up to a multiple of [`BLOCK_ALIGN`].
const fn padded(len: usize) -> usize {
    len.div_ceil(BLOCK_ALIGN) * BLOCK_ALIGN
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
