//! Why a search could not answer.

use std::fmt;

/// A search that stopped without an answer, saying why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SearchError {
    /// The position draws a line the board does not have.
    LineOutOfRange { line: usize, lines: usize },
    /// The position lacks one of the board's pre-drawn lines.
    MissingPredrawn { line: usize },
    /// The memory budget cannot hold even the smallest transposition table.
    MemoryBudgetTooSmall { bytes: usize, minimum: usize },
    /// The search visited more nodes than its budget allows.
    NodeBudgetExceeded { limit: u64 },
    /// The progress callback asked the search to stop (for example at a time limit).
    Stopped { nodes: u64 },
}

impl fmt::Display for SearchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SearchError::LineOutOfRange { line, lines } => {
                write!(f, "line {line} does not exist: this board has lines 0 to {}", lines - 1)
            }
            SearchError::MissingPredrawn { line } => {
                write!(f, "the position lacks pre-drawn line {line} of its board")
            }
            SearchError::MemoryBudgetTooSmall { bytes, minimum } => write!(
                f,
                "a memory budget of {bytes} bytes is too small: the transposition table needs at least {minimum}"
            ),
            SearchError::NodeBudgetExceeded { limit } => {
                write!(f, "search stopped: node budget of {limit} nodes exceeded")
            }
            SearchError::Stopped { nodes } => write!(f, "search stopped on request after {nodes} nodes"),
        }
    }
}

impl std::error::Error for SearchError {}
