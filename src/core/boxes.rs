//! [`Boxes`]: the board seen as boxes and the lines between them, the one graph every solver
//! reads (the search, the chain analysis, the retrograde layout and its loony test).
//!
//! Box `b` is box (r, c) with `b = r * cols + c`. Each box has four sides; each line borders
//! one box (a border line) or two. In the strings-and-coins picture a box is a coin, a line a
//! string, and a border line's missing second box the ground.
//!
//! The tables are precomputed once per board: each box's sides as a [`Position`], each line's
//! boxes, and for each line the other three sides of each box beside it as a raw mask, so the
//! box test of the method is one AND a side. Hot loops (the search's capture rule) read the raw
//! mask (`.0`) of these sets; every other caller stays with [`Position`].

use super::position::Position;

/// Marks the missing second box of a border line.
const NO_BOX: u8 = u8::MAX;

/// Mask that no position can contain: a line's missing neighbour box never completes.
const NEVER: u64 = u64::MAX;

/// The box graph of one board: each box's sides, each line's boxes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Boxes {
    cols: usize,
    /// The four sides of each box.
    sides: Vec<Position>,
    /// The sides of each box in the order top, bottom, left, right.
    side_lines: Vec<[u8; 4]>,
    /// The boxes each line borders ([`NO_BOX`] in the second slot for a border line).
    ends: Vec<[u8; 2]>,
    /// For each line, the other three sides of each box beside it ([`NEVER`] where none).
    completes: Vec<[u64; 2]>,
}

impl Boxes {
    /// The graph of `rows`×`cols` boxes over `lines` lines, where `sides_of(r, c)` gives the
    /// top, bottom, left and right side of box (r, c) (the board owns the line numbering).
    pub(super) fn new(
        rows: usize,
        cols: usize,
        lines: usize,
        sides_of: impl Fn(usize, usize) -> [usize; 4],
    ) -> Boxes {
        let mut boxes = Boxes {
            cols,
            sides: Vec::with_capacity(rows * cols),
            side_lines: Vec::with_capacity(rows * cols),
            ends: vec![[NO_BOX; 2]; lines],
            completes: vec![[NEVER; 2]; lines],
        };
        for r in 0..rows {
            for c in 0..cols {
                let b = boxes.sides.len() as u8;
                let four = sides_of(r, c);
                let sides: Position = four.into_iter().collect();
                for line in four {
                    let slot = usize::from(boxes.ends[line][0] != NO_BOX);
                    boxes.ends[line][slot] = b;
                    boxes.completes[line][slot] = sides.without(line).0;
                }
                boxes.sides.push(sides);
                boxes.side_lines.push(four.map(|l| l as u8));
            }
        }
        boxes
    }

    /// Number of boxes.
    pub fn len(&self) -> usize {
        self.sides.len()
    }

    /// Whether there are no boxes (never: a board has at least one).
    pub fn is_empty(&self) -> bool {
        self.sides.is_empty()
    }

    /// The (row, column) of box `b`.
    pub fn coord(&self, b: usize) -> (usize, usize) {
        (b / self.cols, b % self.cols)
    }

    /// The four sides of box `b`.
    #[inline]
    pub fn sides(&self, b: usize) -> Position {
        self.sides[b]
    }

    /// The four sides of every box, by box index.
    #[inline]
    pub fn all_sides(&self) -> &[Position] {
        &self.sides
    }

    /// The sides of box `b` in the order top, bottom, left, right.
    pub fn side_lines(&self, b: usize) -> [usize; 4] {
        self.side_lines[b].map(usize::from)
    }

    /// Sides of box `b` drawn in `pos`.
    #[inline]
    pub fn drawn(&self, pos: Position, b: usize) -> u32 {
        self.sides[b].intersection(pos).count()
    }

    /// Sides of box `b` still open in `pos` (its uncut strings).
    #[inline]
    pub fn open_sides(&self, pos: Position, b: usize) -> Position {
        self.sides[b].difference(pos)
    }

    /// The number of open sides of box `b` in `pos` (its degree as a coin; 0 when taken).
    #[inline]
    pub fn degree(&self, pos: Position, b: usize) -> u32 {
        self.open_sides(pos, b).count()
    }

    /// The one or two boxes `line` borders.
    #[inline]
    pub fn boxes_of(&self, line: usize) -> impl Iterator<Item = usize> {
        self.ends[line]
            .into_iter()
            .filter(|&b| b != NO_BOX)
            .map(usize::from)
    }

    /// The box across `line` from box `from`, or `None` where `line` is on the border.
    #[inline]
    pub fn across(&self, line: usize, from: usize) -> Option<usize> {
        let [a, b] = self.ends[line];
        let other = if usize::from(a) == from { b } else { a };
        (other != NO_BOX).then_some(usize::from(other))
    }

    /// Whether `line` is on the border (it touches one box only).
    pub fn is_border(&self, line: usize) -> bool {
        self.ends[line][1] == NO_BOX
    }

    /// Every border line.
    pub fn border_lines(&self) -> Position {
        (0..self.ends.len())
            .filter(|&l| self.is_border(l))
            .collect()
    }

    /// The box test of the method: how many boxes (0, 1 or 2) drawing `line` completes in
    /// `pos`. One AND against a precomputed mask per side of the line.
    #[inline]
    pub fn completes(&self, pos: Position, line: usize) -> u32 {
        let [a, b] = self.completes[line];
        u32::from(pos.0 & a == a) + u32::from(pos.0 & b == b)
    }

    /// The other three sides of each box beside `line` (one set for a border line).
    pub fn other_sides(&self, line: usize) -> impl Iterator<Item = Position> {
        let masks = self.completes[line].into_iter();
        masks.filter(|&m| m != NEVER).map(Position)
    }

    /// Whether drawing the open `line` in `pos` leaves a box beside it with exactly three
    /// sides drawn: the move hands the opponent a box.
    #[inline]
    pub fn offers(&self, pos: Position, line: usize) -> bool {
        let [a, b] = self.completes[line];
        let two = |m: u64| m != NEVER && (pos.0 & m).count_ones() == 2;
        two(a) || two(b)
    }

    /// Boxes whose four sides are drawn in `pos`.
    pub fn taken(&self, pos: Position) -> impl Iterator<Item = usize> + '_ {
        (0..self.len()).filter(move |&b| pos.is_superset(self.sides[b]))
    }

    /// Number of boxes not yet taken in `pos`.
    pub fn untaken(&self, pos: Position) -> usize {
        self.len() - self.taken(pos).count()
    }
}

#[cfg(test)]
mod tests {
    use crate::core::{Board, Position};

    #[test]
    fn lines_join_neighbouring_boxes_or_the_border() {
        let board = Board::new(2, 3).unwrap();
        let boxes = board.boxes();
        assert_eq!(boxes.len(), 6);
        // The vertical line between boxes (1,0) and (1,1).
        let inner = board.v(1, 1);
        assert_eq!(boxes.boxes_of(inner).collect::<Vec<_>>(), [3, 4]);
        assert_eq!(boxes.across(inner, 4), Some(3));
        assert_eq!(boxes.across(board.h(0, 2), 2), None);
        assert!(boxes.is_border(board.h(0, 2)) && !boxes.is_border(inner));
        assert_eq!(boxes.border_lines().count(), 10);
        assert!(boxes.border_lines().lines().all(|l| boxes.is_border(l)));
        assert_eq!(boxes.coord(5), (1, 2));
        assert_eq!(boxes.sides(5), board.box_sides(1, 2));
        let [top, bottom, left, right] = boxes.side_lines(5);
        assert_eq!(
            (top, bottom, left, right),
            (board.h(1, 2), board.h(2, 2), board.v(1, 2), board.v(1, 3))
        );
        assert_eq!(boxes.degree(Position::EMPTY, 0), 4);
        assert_eq!(boxes.other_sides(inner).count(), 2);
    }

    #[test]
    fn box_tests_count_sides() {
        let board = Board::new(1, 2).unwrap();
        let boxes = board.boxes();
        let shared = board.v(0, 1);
        let left: Position = [board.h(0, 0), board.h(1, 0)].into_iter().collect();
        assert!(!boxes.offers(Position::EMPTY, shared));
        assert!(boxes.offers(left, shared));
        assert_eq!(boxes.completes(left.with(board.v(0, 0)), shared), 1);
        assert_eq!(boxes.drawn(left, 0), 2);
        let all_but_shared = board.all_lines().without(shared);
        assert_eq!(boxes.completes(all_but_shared, shared), 2);
        assert_eq!(boxes.untaken(all_but_shared), 2);
        assert_eq!(boxes.taken(board.all_lines()).collect::<Vec<_>>(), [0, 1]);
    }
}
