//! Board geometry: line numbering, boxes, the box test and pre-drawn lines.
//!
//! Numbering (public contract, shared by tests, books and the page): for R×C boxes the
//! horizontal line `h(r,c) = r*C + c` (r in 0..=R, row 0 on top; c in 0..C) and the vertical
//! line `v(r,c) = (R+1)*C + r*(C+1) + c` (r in 0..R; c in 0..=C, column 0 on the left).
//! Box (r,c) has sides h(r,c), h(r+1,c), v(r,c), v(r,c+1).

use std::sync::Arc;

use super::boxes::Boxes;
use super::error::{BoardError, PositionError};
use super::position::Position;

/// Most lines a board may have: one bit of a [`Position`] each.
pub const MAX_LINES: usize = 64;

/// A rectangular board of boxes with its pre-drawn lines and its box graph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    rows: usize,
    cols: usize,
    predrawn: Position,
    /// Each box's sides and each line's boxes (shared: boards are cloned into every solver).
    boxes: Arc<Boxes>,
}

impl Board {
    /// An empty R×C board.
    pub fn new(rows: usize, cols: usize) -> Result<Board, BoardError> {
        if rows == 0 || cols == 0 {
            return Err(BoardError::EmptyDimension);
        }
        let lines = wide_line_count(rows, cols);
        if lines > MAX_LINES as u128 {
            return Err(BoardError::TooManyLines { rows, cols, lines });
        }
        let lines = lines as usize;
        let h = |r: usize, c: usize| r * cols + c;
        let v = |r: usize, c: usize| (rows + 1) * cols + r * (cols + 1) + c;
        let sides_of = |r, c| [h(r, c), h(r + 1, c), v(r, c), v(r, c + 1)];
        Ok(Board {
            rows,
            cols,
            predrawn: Position::EMPTY,
            boxes: Arc::new(Boxes::new(rows, cols, lines, sides_of)),
        })
    }

    /// The 3×5 board with its left and bottom border lines pre-drawn (30 open lines).
    pub fn icelandic() -> Board {
        let board = Board::new(3, 5).expect("3x5 is a valid board");
        let left = (0..3).map(|r| board.v(r, 0));
        let bottom = (0..5).map(|c| board.h(3, c));
        let predrawn = left.chain(bottom).collect();
        board.with_predrawn(predrawn)
    }

    /// Parses `RxC` (for example `3x3`) or `icelandic`.
    pub fn parse(text: &str) -> Result<Board, BoardError> {
        let t = text.trim().to_ascii_lowercase();
        if t == "icelandic" {
            return Ok(Board::icelandic());
        }
        let syntax = || BoardError::Syntax(text.to_string());
        let (r, c) = t.split_once('x').ok_or_else(syntax)?;
        // Digits only: `usize`'s parser would also take a sign (`+3x+3`).
        let dimension = |d: &str| match d.bytes().all(|b| b.is_ascii_digit()) {
            true => d.parse::<usize>().map_err(|_| syntax()),
            false => Err(syntax()),
        };
        Board::new(dimension(r)?, dimension(c)?)
    }

    /// This board with `lines` drawn before play starts (added to any already pre-drawn).
    ///
    /// Lines past the board are ignored; callers validate lists with
    /// [`crate::core::notation::parse_lines`].
    #[must_use]
    pub fn with_predrawn(mut self, lines: Position) -> Board {
        self.predrawn = self.predrawn.union(lines).intersection(self.all_lines());
        self
    }

    /// [`Board::with_predrawn`] for lines read from outside (a file header): a line past the
    /// board is an error instead of being dropped.
    pub fn with_checked_predrawn(self, lines: Position) -> Result<Board, PositionError> {
        let all = self.check(lines.union(self.predrawn))?;
        Ok(self.with_predrawn(all))
    }

    /// Rows of boxes.
    pub const fn rows(&self) -> usize {
        self.rows
    }

    /// Columns of boxes.
    pub const fn cols(&self) -> usize {
        self.cols
    }

    /// Number of lines.
    pub const fn num_lines(&self) -> usize {
        line_count(self.rows, self.cols)
    }

    /// Number of boxes.
    pub const fn num_boxes(&self) -> usize {
        self.rows * self.cols
    }

    /// Every line of the board.
    pub fn all_lines(&self) -> Position {
        Position(u64::MAX >> (64 - self.num_lines()))
    }

    /// Whether every position of `other` is one of this board's: the same size, and every
    /// line this board pre-draws drawn there too (a position set up on icelandic, a 3x5
    /// board with the borders and more lines pre-drawn, is one of icelandic's). So a book or
    /// a solve of this board answers `other`'s positions as they are, line for line.
    pub fn holds(&self, other: &Board) -> bool {
        (other.rows, other.cols) == (self.rows, self.cols)
            && self.predrawn.difference(other.predrawn).is_empty()
    }

    /// Checks that `pos` is a position of this board: every line on the board and every
    /// pre-drawn line drawn. The one test every entry point (solvers, books, front ends)
    /// applies to a position it did not build itself; the lowest wrong line is named.
    pub fn check(&self, pos: Position) -> Result<Position, PositionError> {
        if let Some(line) = pos.difference(self.all_lines()).lines().next() {
            return Err(PositionError::LineOffBoard {
                line,
                lines: self.num_lines(),
            });
        }
        if let Some(line) = self.predrawn.difference(pos).lines().next() {
            return Err(PositionError::MissingPredrawn { line });
        }
        Ok(pos)
    }

    /// Checks that `line` is one of the board's lines.
    pub fn check_line(&self, line: usize) -> Result<usize, PositionError> {
        match line < self.num_lines() {
            true => Ok(line),
            false => Err(PositionError::LineOffBoard {
                line,
                lines: self.num_lines(),
            }),
        }
    }

    /// Lines drawn before play starts.
    pub const fn predrawn(&self) -> Position {
        self.predrawn
    }

    /// The starting position: just the pre-drawn lines.
    pub const fn start(&self) -> Position {
        self.predrawn
    }

    /// Lines of the board not drawn in `pos`.
    pub fn open_lines(&self, pos: Position) -> Position {
        self.all_lines().difference(pos)
    }

    /// Horizontal line above box row `r` (r in 0..=rows), column `c`.
    pub const fn h(&self, r: usize, c: usize) -> usize {
        r * self.cols + c
    }

    /// Vertical line left of box column `c` (c in 0..=cols), row `r`.
    pub const fn v(&self, r: usize, c: usize) -> usize {
        (self.rows + 1) * self.cols + r * (self.cols + 1) + c
    }

    /// The board as boxes and the lines between them.
    #[inline]
    pub fn boxes(&self) -> &Boxes {
        &self.boxes
    }

    /// The four sides of box (r, c).
    ///
    /// # Panics
    /// If (r, c) is not one of the board's boxes.
    pub fn box_sides(&self, r: usize, c: usize) -> Position {
        assert!(
            r < self.rows && c < self.cols,
            "box ({r}, {c}) is not one of the {}x{} board's",
            self.rows,
            self.cols
        );
        self.boxes.sides(r * self.cols + c)
    }

    /// Whether `line` is horizontal.
    pub fn is_horizontal(&self, line: usize) -> bool {
        line < (self.rows + 1) * self.cols
    }

    /// The dots a line joins, as ((row, col), (row, col)) on the (R+1)×(C+1) dot grid.
    /// `line` must be one of the board's lines: another gives dots that no line joins.
    pub fn endpoints(&self, line: usize) -> ((usize, usize), (usize, usize)) {
        if self.is_horizontal(line) {
            let (r, c) = (line / self.cols, line % self.cols);
            ((r, c), (r, c + 1))
        } else {
            let k = line - (self.rows + 1) * self.cols;
            let (r, c) = (k / (self.cols + 1), k % (self.cols + 1));
            ((r, c), (r + 1, c))
        }
    }

    /// The line joining two neighbouring dots, if any.
    pub fn line_between(&self, a: (usize, usize), b: (usize, usize)) -> Option<usize> {
        let (a, b) = if a <= b { (a, b) } else { (b, a) };
        if a.0 == b.0 && a.1 + 1 == b.1 && a.0 <= self.rows && b.1 <= self.cols {
            Some(self.h(a.0, a.1))
        } else if a.1 == b.1 && a.0 + 1 == b.0 && b.0 <= self.rows && a.1 <= self.cols {
            Some(self.v(a.0, a.1))
        } else {
            None
        }
    }

    /// Boxes (r, c) whose four sides are drawn in `pos`.
    pub fn completed_boxes(&self, pos: Position) -> Vec<(usize, usize)> {
        let boxes = &self.boxes;
        boxes.taken(pos).map(|b| boxes.coord(b)).collect()
    }

    /// The board's name: `RxC`, or `icelandic` for that board.
    pub fn dims_name(&self) -> String {
        format!("{}x{}", self.rows, self.cols)
    }

    /// The pre-drawn lines beyond those the board's name implies (all of them for `RxC`,
    /// none for `icelandic` itself): what texts naming the board must list apart.
    pub fn extra_predrawn(&self) -> Position {
        let named = Board::parse(&self.name())
            .map(|b| b.predrawn())
            .unwrap_or_default();
        self.predrawn.difference(named)
    }

    /// `icelandic` for that board, otherwise `RxC` (pre-drawn lines are reported apart).
    pub fn name(&self) -> String {
        if *self == Board::icelandic() {
            "icelandic".to_string()
        } else {
            self.dims_name()
        }
    }
}

/// Lines of an R×C board.
pub const fn line_count(rows: usize, cols: usize) -> usize {
    (rows + 1) * cols + rows * (cols + 1)
}

/// [`line_count`] for any dimensions, as the board check needs it: in `usize` a huge board
/// (`1x6148914691236517209`) wraps around to a few lines and would pass the check, then fail
/// to allocate. Saturates at `u128::MAX`, which only dimensions near `2^64` reach.
const fn wide_line_count(rows: usize, cols: usize) -> u128 {
    let (r, c) = (rows as u128, cols as u128);
    let across = (r + 1).saturating_mul(c);
    across.saturating_add(r.saturating_mul(c + 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_board_holds_its_size_with_its_lines_and_more_pre_drawn() {
        let ice = Board::icelandic();
        let plain = Board::new(3, 5).unwrap();
        let set_up = ice.clone().with_predrawn(Position::single(0));
        assert!(ice.holds(&set_up) && plain.holds(&set_up) && plain.holds(&ice));
        assert!(ice.holds(&ice) && !ice.holds(&plain) && !set_up.holds(&ice));
        // Another size holds nothing of it, its transpose included.
        assert!(
            !Board::new(5, 3).unwrap().holds(&plain) && !Board::new(3, 4).unwrap().holds(&plain)
        );
    }

    #[test]
    #[should_panic(expected = "box (0, 5) is not one of the 3x3 board's")]
    fn a_box_off_the_board_has_no_sides() {
        Board::new(3, 3).unwrap().box_sides(0, 5);
    }

    #[test]
    fn numbering_matches_the_contract() {
        let b = Board::new(2, 3).unwrap();
        assert_eq!(b.num_lines(), 17);
        assert_eq!(b.h(2, 2), 8);
        assert_eq!(b.v(0, 0), 9);
        assert_eq!(b.v(1, 3), 16);
        assert_eq!(b.box_sides(1, 2), [5, 8, 15, 16].into_iter().collect());
        assert_eq!(b.endpoints(16), ((1, 3), (2, 3)));
        for line in 0..17 {
            let (a, c) = b.endpoints(line);
            assert_eq!(b.line_between(c, a), Some(line));
        }
    }

    #[test]
    fn box_test_counts_completed_boxes() {
        let b = Board::new(1, 2).unwrap();
        // Boxes share line v(0,1).
        let shared = b.v(0, 1);
        let others = b.all_lines().without(shared);
        assert_eq!(b.boxes().completes(others, shared), 2);
        assert_eq!(b.boxes().completes(others.without(b.h(0, 0)), shared), 1);
        assert_eq!(b.boxes().completes(Position::EMPTY, shared), 0);
    }

    #[test]
    fn icelandic_has_thirty_open_lines() {
        let b = Board::icelandic();
        assert_eq!(b.num_lines() - b.predrawn().count() as usize, 30);
        assert_eq!(b.name(), "icelandic");
        assert_eq!(Board::parse("3x5").unwrap().name(), "3x5");
    }

    #[test]
    fn check_names_the_wrong_line() {
        let b = Board::icelandic();
        assert_eq!(b.check(b.start()), Ok(b.start()));
        assert_eq!(
            b.check(b.all_lines()),
            Ok(b.all_lines()),
            "every line drawn"
        );
        let off = b.start().with(b.num_lines()).with(63);
        assert_eq!(
            b.check(off),
            Err(PositionError::LineOffBoard {
                line: b.num_lines(),
                lines: b.num_lines()
            })
        );
        let left = b.v(0, 0);
        assert_eq!(
            b.check(b.start().without(left)),
            Err(PositionError::MissingPredrawn { line: left })
        );
        assert_eq!(
            b.check(Position::EMPTY).unwrap_err().to_string(),
            format!(
                "the position lacks pre-drawn line {} of its board",
                b.h(3, 0)
            )
        );
    }

    #[test]
    fn bad_boards_are_named() {
        for text in ["3y3", "+3x+3", "+3x3", "3x-3", "3x", "x3", " 3 x 3"] {
            assert_eq!(Board::parse(text), Err(BoardError::Syntax(text.into())));
        }
        assert_eq!(Board::parse(" 3X3 ").unwrap(), Board::parse("3x3").unwrap());
        assert_eq!(Board::parse("0x3"), Err(BoardError::EmptyDimension));
        assert!(matches!(
            Board::parse("6x6"),
            Err(BoardError::TooManyLines { lines: 84, .. })
        ));
    }

    #[test]
    fn huge_boards_are_refused_not_wrapped_around() {
        // In usize the first two counts wrap to 12 and 0 lines.
        for (text, said) in [
            (
                "1x6148914691236517209",
                "board 1x6148914691236517209 has 18446744073709551628 lines",
            ),
            (
                "9223372036854775808x9223372036854775808",
                "has 170141183460469231750134047789593657344 lines",
            ),
            (
                "18446744073709551615x18446744073709551615",
                "has more lines than can be counted",
            ),
        ] {
            let error = Board::parse(text).unwrap_err().to_string();
            assert!(error.contains(said), "{text}: {error}");
            assert!(error.ends_with("at most 64 are supported"), "{error}");
        }
    }
}
