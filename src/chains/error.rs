//! [`ChainsError`]: what is wrong with a request to the chain analysis.

use std::fmt;

use crate::core::PositionError;

/// A request the chain analysis cannot answer, naming why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChainsError {
    /// The position is not one of the board's ([`crate::core::Board::check`]).
    Position(PositionError),
    /// A region of the position (boxes joined by open lines, with the lines around them) has
    /// more open lines than the exhaustive nimstring computation handles: regions are valued
    /// apart, so it is the largest region that counts, not the whole board.
    RegionTooLarge {
        /// The region's open lines.
        open: usize,
        /// The most the exhaustive computation handles in one region.
        max: usize,
    },
    /// The line asked about is already drawn.
    LineDrawn(usize),
}

impl fmt::Display for ChainsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ChainsError::Position(e) => e.fmt(f),
            ChainsError::RegionTooLarge { open, max } => write!(
                f,
                "a region of the position has {open} open lines; the exhaustive nimstring \
                 analysis values regions of at most {max}"
            ),
            ChainsError::LineDrawn(line) => write!(f, "line {line} is already drawn"),
        }
    }
}

impl std::error::Error for ChainsError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ChainsError::Position(e) => Some(e),
            _ => None,
        }
    }
}

impl From<PositionError> for ChainsError {
    fn from(e: PositionError) -> Self {
        ChainsError::Position(e)
    }
}
