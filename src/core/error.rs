//! Small, precise error types for the core: each names what is wrong with the input.

use std::fmt;

/// A board description that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardError {
    /// The text is neither `RxC` nor a known board name.
    Syntax(String),
    /// A dimension is zero.
    EmptyDimension,
    /// The board has more lines than a 64-bit position can hold.
    TooManyLines {
        /// Rows of boxes.
        rows: usize,
        /// Columns of boxes.
        cols: usize,
        /// The board's lines, `rows * (cols + 1) + cols * (rows + 1)`, counted wide enough
        /// that huge dimensions cannot wrap around into a small count (`u128::MAX` where
        /// even that overflows).
        lines: u128,
    },
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::Syntax(text) => write!(
                f,
                "invalid board '{text}': expected RxC (for example 3x3) or 'icelandic'"
            ),
            BoardError::EmptyDimension => {
                write!(f, "a board needs at least one row and one column of boxes")
            }
            BoardError::TooManyLines { rows, cols, lines } if *lines == u128::MAX => write!(
                f,
                "board {rows}x{cols} has more lines than can be counted; at most 64 are supported"
            ),
            BoardError::TooManyLines { rows, cols, lines } => write!(
                f,
                "board {rows}x{cols} has {lines} lines; at most 64 are supported"
            ),
        }
    }
}

impl std::error::Error for BoardError {}

/// A list of lines (or a position) that does not fit its board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinesError {
    /// An item of the list is not a whole number.
    NotANumber(String),
    /// A label naming two dots that are not joined by a line.
    NotALine(String),
    /// A label shaped like two dots (`a5b5`) naming a dot the board does not have.
    DotOffBoard {
        /// The label as given.
        label: String,
        /// The board's top right dot (`d4` on 3x3): its dots run from `a1` to it.
        last_dot: String,
    },
    /// A whole number that is not one of the board's line indices: past the last line, or
    /// negative.
    OutOfRange {
        /// The number as given (`24`, `-1`): kept as text so a negative or huge number is
        /// quoted as the user wrote it.
        line: String,
        /// The board's number of lines: valid indices are `0..lines`.
        lines: usize,
    },
    /// A line number written with a leading zero (`05`, `000000000001`): most likely not a
    /// list of lines at all but OpenSpiel's `dbn` string (a `0` or `1` for each line), which
    /// read as one number would name line 0 or 1 and answer another position.
    LeadingZero(String),
    /// A line listed twice that is not a pre-drawn line.
    Repeated(usize),
    /// A list with an empty item (`0,`, `,0`, `0,,1`): a comma with nothing on one side is
    /// most likely a line left out, and a position silently missing a line would be
    /// answered as another position. Holds the whole list.
    EmptyItem(String),
    /// A position's text lacks the `BOARD:lines` shape.
    Syntax(String),
    /// The board part of a position's text is wrong.
    Board(BoardError),
}

impl fmt::Display for LinesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LinesError::NotANumber(item) => write!(
                f,
                "'{item}' is neither a line number nor a line label like a1b1"
            ),
            LinesError::NotALine(item) => {
                write!(f, "'{item}' joins dots that are not neighbours")
            }
            LinesError::DotOffBoard { label, last_dot } => write!(
                f,
                "'{label}' names a dot that is not on the board: its dots are a1 to {last_dot}"
            ),
            LinesError::OutOfRange { line, lines } => off_board(f, line, *lines),
            LinesError::LeadingZero(item) => write!(
                f,
                "'{item}' is a number with a leading zero, not a line number: a string of 0s and \
                 1s, one for each line, is OpenSpiel's dbn string, read as one by the page's \
                 import and Python's dotbox.openspiel.to_dotbox, not as a list of lines"
            ),
            LinesError::Repeated(line) => write!(f, "line {line} is listed twice"),
            LinesError::EmptyItem(list) => write!(
                f,
                "an item of the list '{list}' is empty (a comma with no line on one side)"
            ),
            LinesError::Syntax(text) => write!(
                f,
                "invalid position '{text}': expected BOARD or BOARD:l1,l2,.. (for example 3x3:0,5,7)"
            ),
            LinesError::Board(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for LinesError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            LinesError::Board(e) => Some(e),
            _ => None,
        }
    }
}

impl From<BoardError> for LinesError {
    fn from(e: BoardError) -> Self {
        LinesError::Board(e)
    }
}

/// OpenSpiel's `dbn` string of a position (see [`crate::core::notation::parse_dbn`]) that
/// cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DbnError {
    /// Bits alone, and no board to read them on: a dbn string does not name its board (2x3
    /// and 3x2 have as many lines).
    NoBoard,
    /// Text after the bits (`3x3 0101.. more`).
    Trailing(String),
    /// A character other than `0` and `1`.
    NotABit {
        /// The character found.
        found: char,
        /// Its place in the bits, from 1.
        at: usize,
    },
    /// Not one character a line of the board.
    Length {
        /// Characters given.
        got: usize,
        /// The board read on, as named.
        board: String,
        /// Its lines.
        lines: usize,
    },
    /// The board's pre-drawn lines (icelandic's borders) are not all drawn in the bits: the
    /// string is of another board with as many lines.
    PredrawnMissing {
        /// The board read on, as named.
        board: String,
        /// Its pre-drawn lines the bits leave undrawn.
        lines: Vec<usize>,
    },
    /// The board named before the bits is wrong.
    Board(BoardError),
}

impl fmt::Display for DbnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DbnError::NoBoard => write!(
                f,
                "a dbn string does not say its board: give it as RxC BITS (for example 1x1 1001)"
            ),
            DbnError::Trailing(text) => {
                write!(f, "text follows the dbn string's lines: '{text}'")
            }
            DbnError::NotABit { found, at } => write!(
                f,
                "a dbn string has a 0 or a 1 for each line; character {at} is '{found}'"
            ),
            DbnError::Length { got, board, lines } => write!(
                f,
                "a dbn string of {got} lines is not of the {board} board ({lines} lines): give it as RxC BITS"
            ),
            DbnError::PredrawnMissing { board, lines } => write!(
                f,
                "lines {} are pre-drawn on {board} but not drawn in the dbn string: give it as RxC BITS",
                lines
                    .iter()
                    .map(usize::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            DbnError::Board(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for DbnError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            DbnError::Board(e) => Some(e),
            _ => None,
        }
    }
}

impl From<BoardError> for DbnError {
    fn from(e: BoardError) -> Self {
        DbnError::Board(e)
    }
}

/// A set of lines that is not a position of its board: [`crate::core::Board::check`] says
/// which line is wrong, so every solver, book and front end refuses bad input alike.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// The position draws a line past the board's last line.
    LineOffBoard {
        /// The line index given.
        line: usize,
        /// The board's number of lines: valid indices are `0..lines`.
        lines: usize,
    },
    /// The position lacks one of the board's pre-drawn lines.
    MissingPredrawn {
        /// The pre-drawn line the position lacks.
        line: usize,
    },
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::LineOffBoard { line, lines } => off_board(f, line, *lines),
            PositionError::MissingPredrawn { line } => {
                write!(f, "the position lacks pre-drawn line {line} of its board")
            }
        }
    }
}

impl std::error::Error for PositionError {}

/// The one wording of a line number that is not on a board of `lines` lines.
fn off_board(f: &mut fmt::Formatter<'_>, line: &dyn fmt::Display, lines: usize) -> fmt::Result {
    write!(
        f,
        "line {line} does not exist: this board has lines 0 to {}",
        lines - 1
    )
}
