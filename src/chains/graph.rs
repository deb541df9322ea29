//! [`Coins`]: a board seen as strings and coins.
//!
//! Every box is a coin, every line a string joining the (one or two) boxes it borders; a
//! border line's missing second box is the ground. Drawing a line cuts its string, and a coin
//! whose strings are all cut is taken. A coin's *degree* is its number of uncut strings (open
//! sides): 1 means it can be taken now, 2 means it lies inside a chain or a loop, 3 or 4 that
//! it is a junction of the still unsettled region.

use crate::core::{Board, Position};

/// The other end of a string that has no second box.
pub const GROUND: usize = usize::MAX;

/// The strings-and-coins graph of a board: boxes (coins) by index `r * cols + c`.
#[derive(Clone, Debug)]
pub struct Coins {
    cols: usize,
    lines: usize,
    /// The four sides of each box.
    sides: Vec<u64>,
    /// The boxes on either side of each line, [`GROUND`] where there is none.
    ends: Vec<[usize; 2]>,
}

impl Coins {
    /// The graph of `board`.
    pub fn new(board: &Board) -> Coins {
        let (rows, cols) = (board.rows(), board.cols());
        let lines = board.num_lines();
        let mut sides = Vec::with_capacity(rows * cols);
        let mut ends = vec![[GROUND; 2]; lines];
        for r in 0..rows {
            for c in 0..cols {
                let b = r * cols + c;
                let s = board.box_sides(r, c);
                sides.push(s.0);
                for line in s.lines() {
                    let slot = usize::from(ends[line][0] != GROUND);
                    ends[line][slot] = b;
                }
            }
        }
        Coins {
            cols,
            lines,
            sides,
            ends,
        }
    }

    /// Number of coins (boxes).
    pub fn len(&self) -> usize {
        self.sides.len()
    }

    /// Whether the board has no coins (never: boards have at least one box).
    pub fn is_empty(&self) -> bool {
        self.sides.is_empty()
    }

    /// Every line of the board.
    pub fn all_lines(&self) -> Position {
        Position(u64::MAX >> (64 - self.lines))
    }

    /// The (row, column) of coin `b`.
    pub fn coord(&self, b: usize) -> (usize, usize) {
        (b / self.cols, b % self.cols)
    }

    /// The uncut strings of coin `b` in `pos`.
    pub fn open_sides(&self, pos: Position, b: usize) -> Position {
        Position(self.sides[b] & !pos.0)
    }

    /// The number of uncut strings of coin `b` (0 when taken).
    pub fn degree(&self, pos: Position, b: usize) -> u32 {
        self.open_sides(pos, b).count()
    }

    /// The coins (or [`GROUND`]) joined by `line`.
    pub fn line_ends(&self, line: usize) -> [usize; 2] {
        self.ends[line]
    }

    /// The other end of `line` seen from coin `b`: a coin or [`GROUND`].
    pub fn across(&self, line: usize, b: usize) -> usize {
        let [x, y] = self.ends[line];
        if x == b {
            y
        } else {
            x
        }
    }

    /// How many boxes (0, 1 or 2) drawing the open `line` completes in `pos`.
    pub fn completes(&self, pos: Position, line: usize) -> u32 {
        let single = Position::single(line);
        let done = |b: usize| b != GROUND && self.open_sides(pos, b) == single;
        self.ends[line].iter().filter(|&&b| done(b)).count() as u32
    }

    /// Coins of degree 1: each can be taken by drawing its last side.
    pub fn capturable(&self, pos: Position) -> impl Iterator<Item = usize> + '_ {
        (0..self.len()).filter(move |&b| self.degree(pos, b) == 1)
    }

    /// The independent regions of `pos`: the open lines of each connected set of untaken
    /// coins (the ground does not connect), in order of their lowest box.
    ///
    /// Nimstring values add (by XOR) over these regions.
    pub fn regions(&self, pos: Position) -> Vec<Position> {
        let mut seen = vec![false; self.len()];
        let mut out = Vec::new();
        for start in 0..self.len() {
            if seen[start] || self.degree(pos, start) == 0 {
                continue;
            }
            seen[start] = true;
            let mut stack = vec![start];
            let mut lines = Position::EMPTY;
            while let Some(b) = stack.pop() {
                for line in self.open_sides(pos, b).lines() {
                    lines = lines.with(line);
                    let next = self.across(line, b);
                    if next != GROUND && !seen[next] {
                        seen[next] = true;
                        stack.push(next);
                    }
                }
            }
            out.push(lines);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_join_neighbouring_boxes_or_the_ground() {
        let board = Board::new(2, 3).unwrap();
        let coins = Coins::new(&board);
        assert_eq!(coins.len(), 6);
        // The vertical line between boxes (1,0) and (1,1).
        assert_eq!(coins.line_ends(board.v(1, 1)), [3, 4]);
        assert_eq!(coins.across(board.v(1, 1), 4), 3);
        assert_eq!(coins.across(board.h(0, 2), 2), GROUND);
        assert_eq!(coins.degree(Position::EMPTY, 0), 4);
        assert_eq!(coins.coord(5), (1, 2));
    }

    #[test]
    fn regions_split_where_no_string_joins_them() {
        let board = Board::new(1, 3).unwrap();
        let coins = Coins::new(&board);
        assert_eq!(coins.regions(Position::EMPTY).len(), 1);
        // Cutting both inner verticals leaves three regions meeting only at the ground.
        let pos = Position::EMPTY.with(board.v(0, 1)).with(board.v(0, 2));
        let regions = coins.regions(pos);
        assert_eq!(regions.len(), 3);
        let union = regions.iter().fold(Position::EMPTY, |a, &r| a.union(r));
        assert_eq!(union, board.open_lines(pos));
    }
}
