//! [`LoonyTest`]: whether a position holds a loony offer, for every position of a tile.
//!
//! The loony analysis needs, for each child position a move leads to, whether it holds a
//! loony offer (the definition is [`crate::chains::is_loony_position`]: a capturable box whose
//! open side leads to a box of degree 2 whose other open side leads to the ground or to a box
//! whose degree is not 1). Walking the strings-and-coins graph per position would cost more
//! than the whole score kernel, so the test here is bit-parallel over boxes: a position is
//! turned into four box masks, one per side (top, bottom, left, right), whose bit `b` says
//! that side of box `b` is drawn ([`BoxSides`]), and the test is a few dozen word operations
//! on those masks. Since a tile's positions are a high mask and a low mask, the side masks
//! of each part are computed once and ORed per position. The test runs on [`Lanes`] of
//! positions at once, so the tile kernel's loop over a block compiles to vector instructions.

use std::ops::{BitAnd, BitOr, BitXor, Not, Shl, Shr};

use crate::core::ByteTable;
use crate::core::{Board, Position};

/// Box sides in the order of the side masks: top, bottom, left, right.
pub const SIDES: usize = 4;
const TOP: usize = 0;
const BOTTOM: usize = 1;
const LEFT: usize = 2;
const RIGHT: usize = 3;

/// The side across from each side (a link from box `a` to box `b` through `a`'s side `d` is
/// `b`'s side `OPPOSITE[d]`).
const OPPOSITE: [usize; SIDES] = [BOTTOM, TOP, RIGHT, LEFT];

/// For each side of every box, whether it is drawn: bit `b` of `self.0[side]` for box `b`
/// (boxes numbered row by row).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BoxSides(pub [u32; SIDES]);

impl BoxSides {
    /// The sides drawn in either.
    #[inline]
    pub const fn union(self, other: BoxSides) -> BoxSides {
        let (a, b) = (self.0, other.0);
        BoxSides([a[0] | b[0], a[1] | b[1], a[2] | b[2], a[3] | b[3]])
    }
}

impl BitOr for BoxSides {
    type Output = BoxSides;
    #[inline]
    fn bitor(self, other: BoxSides) -> BoxSides {
        self.union(other)
    }
}

/// The loony-position test of one board.
#[derive(Clone, Debug)]
pub struct LoonyTest {
    /// The box sides a set of lines draws.
    sides: ByteTable<BoxSides>,
    /// Every box.
    all: u32,
    /// Per side, the boxes whose side of that kind leads to another box (not the border).
    inner: [u32; SIDES],
    /// Per side, the box across lies `up[side]` box numbers higher, or `down[side]` lower
    /// (one of the two is 0), so a shift toward it is `m << up >> down`, branch-free.
    up: [u32; SIDES],
    /// See `up`.
    down: [u32; SIDES],
}

impl LoonyTest {
    /// The test for `board` (at most 32 boxes: a board of at most 64 lines has at most 31).
    pub fn new(board: &Board) -> LoonyTest {
        let boxes = board.boxes();
        let mut line_sides = vec![BoxSides::default(); board.num_lines()];
        let mut inner = [0u32; SIDES];
        for b in 0..boxes.len() {
            let bit = 1u32 << b;
            // The side order of `Boxes::side_lines` is the order of the side masks.
            for (side, line) in boxes.side_lines(b).into_iter().enumerate() {
                line_sides[line].0[side] |= bit;
                if boxes.across(line, b).is_some() {
                    inner[side] |= bit;
                }
            }
        }
        let cols = board.cols() as u32;
        LoonyTest {
            sides: ByteTable::new(board.num_lines(), |line| line_sides[line]),
            all: u32::MAX >> (32 - board.num_boxes()),
            inner,
            up: [0, cols, 0, 1],
            down: [cols, 0, 1, 0],
        }
    }

    /// The box sides `pos` draws.
    pub fn sides(&self, pos: Position) -> BoxSides {
        self.sides.apply(pos)
    }

    /// Whether the position with drawn sides `drawn` holds a loony offer: one position of
    /// [`Self::loony_lanes`], which the tests check against the chain analysis.
    #[cfg(test)]
    pub fn is_loony(&self, drawn: BoxSides) -> bool {
        self.loony_lanes(drawn.0.map(|d| Lanes([d]))).0[0] != 0
    }

    /// For `N` positions at once, given per side the drawn-side masks of each position:
    /// nonzero in the lanes of the positions that hold a loony offer (branch-free, one
    /// vector operation per step).
    #[inline]
    pub fn loony_lanes<const N: usize>(&self, drawn: [Lanes<N>; SIDES]) -> Lanes<N> {
        let open = drawn.map(|d| Lanes::splat(self.all) & !d);
        // Open sides per box, counted bit-sliced: (c, s) is the count of a pair as 2c + s.
        let (s1, c1) = (open[TOP] ^ open[BOTTOM], open[TOP] & open[BOTTOM]);
        let (s2, c2) = (open[LEFT] ^ open[RIGHT], open[LEFT] & open[RIGHT]);
        let degree1 = (s1 ^ s2) & !(c1 | c2);
        let degree2 = ((c1 ^ c2) & !(s1 | s2)) | (s1 & s2);
        // `onward[e]`: side `e` is open and leads to the ground or to a box of degree other
        // than 1.
        let onward: [Lanes<N>; SIDES] = std::array::from_fn(|e| {
            let degree1_across =
                Lanes::splat(self.inner[e]) & (degree1 << self.down[e] >> self.up[e]);
            open[e] & !degree1_across
        });
        let mut found = Lanes::splat(0);
        for d in 0..SIDES {
            // Boxes of degree 2 linked through their side `OPPOSITE[d]` to a capturable box:
            // their one other open side is the far one.
            let capturable = degree1 & open[d] & Lanes::splat(self.inner[d]);
            let links = (capturable << self.up[d] >> self.down[d]) & degree2;
            let far = (0..SIDES)
                .filter(|&e| e != OPPOSITE[d])
                .fold(Lanes::splat(0), |acc, e| acc | onward[e]);
            found = found | (links & far);
        }
        found
    }
}

/// `N` box masks, one per position, operated on together.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lanes<const N: usize>(pub [u32; N]);

impl<const N: usize> Lanes<N> {
    /// The same mask in every lane.
    #[inline]
    pub const fn splat(mask: u32) -> Self {
        Lanes([mask; N])
    }

    #[inline]
    fn zip(self, other: Self, f: impl Fn(u32, u32) -> u32) -> Self {
        Lanes(std::array::from_fn(|i| f(self.0[i], other.0[i])))
    }
}

impl<const N: usize> BitAnd for Lanes<N> {
    type Output = Self;
    #[inline]
    fn bitand(self, other: Self) -> Self {
        self.zip(other, |a, b| a & b)
    }
}

impl<const N: usize> BitOr for Lanes<N> {
    type Output = Self;
    #[inline]
    fn bitor(self, other: Self) -> Self {
        self.zip(other, |a, b| a | b)
    }
}

impl<const N: usize> BitXor for Lanes<N> {
    type Output = Self;
    #[inline]
    fn bitxor(self, other: Self) -> Self {
        self.zip(other, |a, b| a ^ b)
    }
}

impl<const N: usize> Not for Lanes<N> {
    type Output = Self;
    #[inline]
    fn not(self) -> Self {
        Lanes(self.0.map(|a| !a))
    }
}

impl<const N: usize> Shl<u32> for Lanes<N> {
    type Output = Self;
    #[inline]
    fn shl(self, by: u32) -> Self {
        Lanes(self.0.map(|a| a << by))
    }
}

impl<const N: usize> Shr<u32> for Lanes<N> {
    type Output = Self;
    #[inline]
    fn shr(self, by: u32) -> Self {
        Lanes(self.0.map(|a| a >> by))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chains::is_loony_position;
    use crate::core::Rng;

    #[test]
    fn agrees_with_the_graph_definition_on_random_positions() {
        let mut rng = Rng::new(7);
        let mut loony_seen = 0;
        for name in [
            "1x1",
            "1x4",
            "2x2",
            "2x3",
            "3x1",
            "3x3",
            "3x4",
            "4x4",
            "5x5",
            "4x6",
            "icelandic",
        ] {
            let board = Board::parse(name).unwrap();
            let (test, coins) = (LoonyTest::new(&board), board.boxes());
            let all = board.all_lines().0;
            for _ in 0..4000 {
                // Dense positions, where loony offers stand.
                let pos = Position((rng.next_u64() | rng.next_u64()) & all | board.predrawn().0);
                let expected = is_loony_position(coins, pos);
                loony_seen += usize::from(expected);
                assert_eq!(test.is_loony(test.sides(pos)), expected, "{name} {pos:?}");
            }
        }
        assert!(
            loony_seen > 1000,
            "too few loony positions drawn: {loony_seen}"
        );
    }

    #[test]
    fn sides_of_a_union_are_the_union_of_sides() {
        let board = Board::parse("3x3").unwrap();
        let test = LoonyTest::new(&board);
        let (a, b) = (
            Position(0b1011_0000_1101),
            Position(0b1_0110_0000_0000_0110),
        );
        assert_eq!(test.sides(a.union(b)), test.sides(a).union(test.sides(b)));
    }
}
