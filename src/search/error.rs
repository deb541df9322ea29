//! Why a search could not answer.

use std::fmt;

use crate::core::{size_text, PositionError};

/// A search that stopped without an answer, saying why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SearchError {
    /// The position is not one of the board's positions.
    Position(PositionError),
    /// The memory budget cannot hold even the smallest transposition table.
    MemoryBudgetTooSmall {
        /// The budget given, in bytes.
        bytes: usize,
        /// The bytes of the smallest table the search will run with.
        minimum: usize,
    },
    /// The system could not give the transposition table its memory.
    OutOfMemory {
        /// The size of the table that could not be allocated, in bytes.
        bytes: usize,
    },
    /// The search visited more nodes than its budget allows.
    NodeBudgetExceeded {
        /// The node budget, in positions visited.
        limit: u64,
    },
    /// The progress callback asked the search to stop (for example at a time limit).
    Stopped {
        /// Positions visited before the stop.
        nodes: u64,
    },
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
                "could not allocate a transposition table of {}",
                size_text(*bytes as f64)
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
