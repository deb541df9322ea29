//! [`ChainsError`]: what is wrong with a request to the chain analysis.

use std::fmt;

/// A request the chain analysis cannot answer, naming why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChainsError {
    /// The position draws a line the board does not have.
    LineOutOfRange { line: usize, lines: usize },
    /// An exhaustive computation would need more than `max` open lines.
    TooManyOpenLines { open: usize, max: usize },
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
            ChainsError::LineDrawn(line) => write!(f, "line {line} is already drawn"),
        }
    }
}

impl std::error::Error for ChainsError {}
