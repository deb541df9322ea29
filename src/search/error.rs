//! Why a search could not answer.

use std::fmt;

use crate::core::PositionError;

/// A search that stopped without an answer, saying why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SearchError {
    /// The position is not one of the board's positions.
    Position(PositionError),
    /// The memory budget cannot hold even the smallest transposition table.
    MemoryBudgetTooSmall { bytes: usize, minimum: usize },
    /// The system could not give the transposition table its memory.
    OutOfMemory { bytes: usize },
    /// The search visited more nodes than its budget allows.
    NodeBudgetExceeded { limit: u64 },
    /// The progress callback asked the search to stop (for example at a time limit).
    Stopped { nodes: u64 },
}

impl fmt::Display for SearchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SearchError::Position(e) => e.fmt(f),
            SearchError::MemoryBudgetTooSmall { bytes, minimum } => write!(
                f,
                "a memory budget of {bytes} bytes is too small: the transposition table needs at least {minimum}"
            ),
            SearchError::OutOfMemory { bytes } => write!(
                f,
                "could not allocate a transposition table of {} MiB",
                bytes >> 20
            ),
            SearchError::NodeBudgetExceeded { limit } => {
                write!(f, "search stopped: node budget of {limit} nodes exceeded")
            }
            SearchError::Stopped { nodes } => write!(f, "search stopped on request after {nodes} nodes"),
        }
    }
}

impl std::error::Error for SearchError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            SearchError::Position(e) => Some(e),
            _ => None,
        }
    }
}

impl From<PositionError> for SearchError {
    fn from(e: PositionError) -> Self {
        SearchError::Position(e)
    }
}
