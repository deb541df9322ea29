//! Why the engine could not answer.

use std::fmt;

use crate::core::PositionError;
use crate::search::SearchError;

/// An estimate that could not be made, saying why.
#[derive(Debug)]
pub enum EngineError {
    /// The position is not one of the board's positions.
    Position(PositionError),
    /// Every line is drawn: there is no move to estimate.
    FullBoard,
    /// The search underneath refused (its memory budget).
    Search(SearchError),
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::Position(e) => e.fmt(f),
            EngineError::FullBoard => write!(f, "the game is over: no line is left to draw"),
            EngineError::Search(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for EngineError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            EngineError::Position(e) => Some(e),
            EngineError::Search(e) => Some(e),
            EngineError::FullBoard => None,
        }
    }
}

impl From<SearchError> for EngineError {
    fn from(e: SearchError) -> Self {
        match e {
            SearchError::Position(p) => EngineError::Position(p),
            other => EngineError::Search(other),
        }
    }
}
