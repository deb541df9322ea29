//! The engine: a move and an estimated score for every move of positions no exact method
//! answers in time.
//!
//! PLACEHOLDER: this body is the one-ply stand-in the real engine replaces; only the API is
//! final. Each move is scored by the rules of [`crate::search::quick`]: the boxes it completes
//! at once, minus the boxes the opponent can then take one after the other when it completes
//! none. It reads no clock and calls `progress` once, so an immediate [`Flow::Stop`] still
//! gets an answer.

use std::fmt;

pub use crate::search::Flow;

use crate::core::{Board, Position};

/// How the engine runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineOptions {
    /// Threads the engine runs on (1: the calling thread alone).
    pub threads: usize,
    /// Seed of every random choice: the same seed, options and stop point give the same answer.
    pub seed: u64,
    /// Memory for the engine's tables, in bytes.
    pub tt_bytes: usize,
    /// Most nodes to visit before answering from the last completed iteration.
    pub max_nodes: u64,
}

impl Default for EngineOptions {
    fn default() -> Self {
        EngineOptions {
            threads: 1,
            seed: 0,
            tt_bytes: 64 << 20,
            max_nodes: u64::MAX,
        }
    }
}

/// A snapshot of a running estimate, passed to the progress callback.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EngineProgress {
    /// Depth of the last completed iteration.
    pub depth: u32,
    /// Nodes visited so far.
    pub nodes: u64,
    /// The move the engine would play now, if it has one.
    pub best: Option<usize>,
}

/// One move's estimated score.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EstimatedMove {
    /// The line drawn.
    pub line: usize,
    /// Estimated net boxes from this move on, for the mover.
    pub score: f32,
}

/// The engine's answer: estimates, never exact scores.
#[derive(Clone, Debug, PartialEq)]
pub struct Estimate {
    /// Estimated net boxes still to come for the player to move.
    pub value: f32,
    /// Every open line with its estimated score, in line order.
    pub moves: Vec<EstimatedMove>,
    /// The line the engine plays.
    pub best: usize,
    /// Depth of the last completed iteration.
    pub depth: u32,
    /// Nodes visited.
    pub nodes: u64,
}

/// Why the engine gave no estimate.
#[derive(Debug)]
pub enum EngineError {
    /// The board is full: there is no move to estimate.
    GameOver,
    /// The position does not fit the board.
    Position(crate::core::PositionError),
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::GameOver => write!(f, "the game is over: no line is left to draw"),
            EngineError::Position(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for EngineError {}

/// Estimates every move of `pos` (see the module doc: this body is the placeholder).
///
/// Never reads a clock: the caller's `progress` callback (called every few thousand nodes on
/// the calling thread) returns [`Flow::Stop`] when its time is up; the engine then answers
/// from its last completed iteration, and always has an answer even after an immediate Stop.
pub fn estimate(
    board: &Board,
    pos: Position,
    options: &EngineOptions,
    progress: &mut dyn FnMut(&EngineProgress) -> Flow,
) -> Result<Estimate, EngineError> {
    board
        .check(pos.union(board.predrawn()))
        .map_err(EngineError::Position)?;
    let _ = options;
    let moves: Vec<EstimatedMove> = board
        .open_lines(pos)
        .lines()
        .map(|line| EstimatedMove {
            line,
            score: one_ply(board, pos, line),
        })
        .collect();
    let best = moves
        .iter()
        .fold(None, |best: Option<&EstimatedMove>, m| match best {
            Some(b) if b.score >= m.score => Some(b),
            _ => Some(m),
        })
        .ok_or(EngineError::GameOver)?;
    let answer = Estimate {
        value: best.score,
        best: best.line,
        depth: 1,
        nodes: moves.len() as u64,
        moves: moves.clone(),
    };
    let _ = progress(&EngineProgress {
        depth: 1,
        nodes: answer.nodes,
        best: Some(answer.best),
    });
    Ok(answer)
}

/// The placeholder's score of drawing `line`: the boxes it completes, else minus the boxes the
/// opponent then takes greedily.
fn one_ply(board: &Board, pos: Position, line: usize) -> f32 {
    let boxes = board.boxes();
    match boxes.completes(pos, line) {
        0 => {
            let mut next = pos.with(line);
            let mut given = 0;
            while let Some(l) = board
                .open_lines(next)
                .lines()
                .find(|&l| boxes.completes(next, l) > 0)
            {
                given += boxes.completes(next, l);
                next = next.with(l);
            }
            -(given as f32)
        }
        taken => taken as f32,
    }
}
