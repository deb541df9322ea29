//! The kernel's per-line tables: the boxes beside each local line and the low flags that
//! test them along a block, the collapsed chains' rules and extension tests (pseudo-line
//! solves), the low rank permutation of each symmetry, and the box sides of the loony test
//! (loony solves). All built once with the layout, so the kernel's loops only read.

use crate::core::Position;

use super::super::group::LineGroup;
use super::super::loony::{BoxSides, LoonyTest, SIDES};
use super::super::units::ChainRule;
use super::{padded, permute, Layout, Lines};

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

/// A collapsed chain's [`crate::retro::Extension`] over local lines: tests (indices
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

/// What the kernel reads per local line: its boxes, its collapsed chain and the chain's
/// extensions, with the low flags all of their tests read.
#[derive(Clone, Debug)]
pub(super) struct LineTables {
    /// Boxes beside each local line.
    boxes: Vec<LineBoxes>,
    /// Box tests of the low group, as bytes.
    low_flags: LowFlags,
    /// The chain rule of each local line that stands for a collapsed chain.
    chains: Vec<Option<ChainRule>>,
    /// The extensions of each local line's chain (empty for the others).
    extensions: Vec<Vec<ExtensionTests>>,
    /// The tests the extensions refer to.
    sides_tests: Vec<SidesTest>,
}

impl LineTables {
    /// The tables of the local lines `open` (global lines, low group `lo` first) of `lines`,
    /// where `split` turns a set of global lines into its `(high, low)` local masks.
    pub(super) fn new(
        open: &[usize],
        lo: &LineGroup,
        lines: &Lines<'_>,
        split: impl Fn(Position) -> (u64, u32),
    ) -> LineTables {
        let mut boxes = open
            .iter()
            .map(|&g| {
                let mut lb = LineBoxes::default();
                for sides in (lines.boxes)(g) {
                    lb.sides[lb.len] = split(sides);
                    lb.len += 1;
                }
                lb
            })
            .collect::<Vec<LineBoxes>>();
        let chains = open.iter().map(|&g| (lines.chains)(g)).collect();
        let mut sides_tests: Vec<SidesTest> = Vec::new();
        let mut test_of = |p: Position| -> usize {
            let mask = split(p);
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
        let low_flags = LowFlags::new(lo, &boxes, &sides_tests);
        for t in &mut sides_tests {
            t.flag_row = low_flags.row(t.mask.1);
        }
        for lb in &mut boxes {
            for side in 0..lb.len {
                lb.flag_rows[side] = low_flags.row(lb.sides[side].1);
            }
        }
        LineTables {
            boxes,
            low_flags,
            chains,
            extensions,
            sides_tests,
        }
    }
}

/// `[s][k][i]`: the rank of the image under symmetry `s` (a permutation of low bits) of the
/// `i`-th canonical low mask of size `k`, padded to the block stride with 0 (empty for the
/// identity, symmetry 0).
pub(super) fn lo_perms(lo: &LineGroup, lo_syms: &[Vec<u32>]) -> Vec<Vec<Vec<u16>>> {
    let perm_of = |perm: &[u32]| -> Vec<Vec<u16>> {
        (0..=lo.bits())
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
    };
    let images = lo_syms.iter().skip(1).map(|perm| perm_of(perm));
    std::iter::once(Vec::new()).chain(images).collect()
}

/// `[k][side][r]`: the box sides of kind `side` drawn by the `r`-th canonical low mask of
/// size `k` (local lines `open`), padded to the block stride with all sides drawn.
pub(super) fn lo_sides(test: &LoonyTest, lo: &LineGroup, open: &[usize]) -> Vec<[Vec<u32>; SIDES]> {
    (0..=lo.bits())
        .map(|k| {
            let masks = lo.masks(k);
            let sides: Vec<BoxSides> = masks
                .iter()
                .map(|&m| test.sides(Position::deposit(u64::from(m), open)))
                .collect();
            std::array::from_fn(|side| {
                let drawn = sides.iter().map(|s| s.0[side]);
                let padding = std::iter::repeat(u32::MAX);
                drawn.chain(padding).take(padded(masks.len())).collect()
            })
        })
        .collect()
}

impl Layout {
    /// Low rank permutation of symmetry `sym` for low masks of size `k` (padded to the block
    /// stride; padding reads offset 0).
    pub fn lo_perm(&self, sym: usize, k: u32) -> &[u16] {
        &self.lo_perm[sym][k as usize]
    }

    /// Boxes beside local line `j`.
    pub(crate) fn boxes(&self, j: usize) -> &LineBoxes {
        &self.tables.boxes[j]
    }

    /// For each canonical low mask of size `k`, whether it contains the low side mask of the
    /// box whose flag row is `row` (`LineBoxes::flag_rows`).
    ///
    /// Inlined into the kernel's loop: once `retro::layout` was private, LLVM called it out
    /// of line and the loop compiled to 0.9 % more instructions; inlined, 2.5 % fewer than
    /// before (callgrind, `dotbox solve 3x4 --threads 1`; docs/performance.md).
    #[inline]
    pub(crate) fn low_flags(&self, row: usize, k: u32) -> &[i8] {
        self.tables.low_flags.get(row, k)
    }

    /// The chain rule of local line `j`, when it stands for a collapsed chain.
    #[inline]
    pub fn chain(&self, j: usize) -> Option<ChainRule> {
        self.tables.chains[j]
    }

    /// The extensions of local line `j`'s chain (see [`crate::retro::Extension`]).
    pub(crate) fn extensions(&self, j: usize) -> &[ExtensionTests] {
        &self.tables.extensions[j]
    }

    /// Every test the extensions refer to.
    pub(crate) fn sides_tests(&self) -> &[SidesTest] {
        &self.tables.sides_tests
    }

    /// The loony-position test, in loony solves.
    pub(crate) fn loony_test(&self) -> Option<&LoonyTest> {
        self.loony_test.as_ref()
    }

    /// The box sides drawn by the base and high mask `h` (loony solves only).
    pub(crate) fn hi_sides(&self, h: u64) -> BoxSides {
        let test = self.loony_test.as_ref().expect("a loony solve");
        let high = Position::deposit(h, &self.open[self.n_lo as usize..]);
        test.sides(self.base.union(high))
    }

    /// Per side kind, the box sides drawn by each canonical low mask of size `k`, in rank
    /// order, padded to the block stride with all sides drawn (loony solves only).
    pub fn lo_sides(&self, k: u32) -> &[Vec<u32>; SIDES] {
        &self.lo_sides[k as usize]
    }
}
