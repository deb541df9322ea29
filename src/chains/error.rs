//! [`ChainsError`]: what is wrong with a request to the chain analysis.

use std::fmt;

/// A request the chain analysis cannot answer, naming why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChainsError {
    /// The position draws a line the board does not have.
    LineOutOfRange { line: usize, lines: usize },
    /// An exhaustive computation would need more than `max` open lines.
    TooManyOpenLines { open: usize, max: usize },
    /// Scores of this position (boxes left plus the penalty) do not fit the 6-bit range.
    ScoreOutOfRange {
        boxes: usize,
        penalty: i32,
        max: i32,
    },
    /// A queried position lacks lines of the position the solver was built for.
    OutsideSolve,
    /// The line asked about is already drawn.
    LineDrawn(usize),
}

impl fmt::Display for ChainsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ChainsError::LineOutOfRange { line, lines } => write!(
                f,
                "line {line} does not exist: this board has lines 0 to {}",
                lines - 1
            ),
            ChainsError::TooManyOpenLines { open, max } => write!(
                f,
                "the position has {open} open lines; the exhaustive chain analysis handles at \
                 most {max}"
            ),
            ChainsError::ScoreOutOfRange {
                boxes,
                penalty,
                max,
            } => write!(
                f,
                "{boxes} boxes left with a last-move penalty of {penalty} gives scores beyond \
                 the stored range of -{} to {max}",
                max + 1
            ),
            ChainsError::OutsideSolve => {
                write!(
                    f,
                    "the position lacks lines of the position the solver was built for"
                )
            }
            ChainsError::LineDrawn(line) => write!(f, "line {line} is already drawn"),
        }
    }
}

impl std::error::Error for ChainsError {}
