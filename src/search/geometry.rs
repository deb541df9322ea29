//! The board seen as boxes and the lines between them, in the flat form the search walks:
//! each box's four sides as a mask, each line's one or two boxes.

use crate::core::Board;

/// Marks the missing second box of a border line.
pub const NO_BOX: u8 = u8::MAX;

/// Box and line tables of one board, built once per solver.
#[derive(Clone, Debug)]
pub struct Geometry {
    /// Every line of the board.
    pub all: u64,
    /// The four sides of each box, box `r * cols + c`.
    pub sides: Vec<u64>,
    /// The boxes each line borders ([`NO_BOX`] in the second slot for a border line).
    pub line_boxes: Vec<[u8; 2]>,
}

impl Geometry {
    /// The tables of `board`.
    pub fn new(board: &Board) -> Geometry {
        let mut sides = Vec::with_capacity(board.num_boxes());
        let mut line_boxes = vec![[NO_BOX; 2]; board.num_lines()];
        for r in 0..board.rows() {
            for c in 0..board.cols() {
                let index = sides.len() as u8;
                let mask = board.box_sides(r, c);
                for line in mask.lines() {
                    let slot = &mut line_boxes[line];
                    let i = usize::from(slot[0] != NO_BOX);
                    slot[i] = index;
                }
                sides.push(mask.0);
            }
        }
        Geometry {
            all: board.all_lines().0,
            sides,
            line_boxes,
        }
    }

    /// Drawn sides of box `b` in `pos`.
    #[inline]
    pub fn drawn(&self, pos: u64, b: u8) -> u32 {
        (pos & self.sides[usize::from(b)]).count_ones()
    }

    /// Boxes (0, 1 or 2) that drawing `line` completes in `pos`.
    #[inline]
    pub fn completes(&self, pos: u64, line: usize) -> i32 {
        let [a, b] = self.line_boxes[line];
        let full = |b: u8| b != NO_BOX && self.drawn(pos, b) == 3;
        i32::from(full(a)) + i32::from(full(b))
    }

    /// The box across `line` from box `from`, if any.
    #[inline]
    pub fn across(&self, line: usize, from: u8) -> Option<u8> {
        let [a, b] = self.line_boxes[line];
        let other = if a == from { b } else { a };
        (other != NO_BOX).then_some(other)
    }

    /// Boxes not yet completed in `pos`.
    pub fn untaken(&self, pos: u64) -> i32 {
        self.sides.iter().filter(|&&s| pos & s != s).count() as i32
    }
}
