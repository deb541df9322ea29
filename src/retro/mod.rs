//! David Wilson's retrograde analysis over line-group tiles.
//!
//! A position's value is computed from the positions with one more line, so the solver works
//! backward from the full board one line count at a time. Open lines are split into a high
//! and a low group, each mapped to itself by the solve's symmetries; a tile holds every
//! canonical position with given line counts per group, addressed by rank inside each group
//! ([`Layout`]), and is computed from two tiles with one more line (the `kernel`). [`Solve`]
//! schedules tiles over any [`crate::store::TileStore`] and resumes from what the store holds.

mod group;
mod high;
mod kernel;
mod layout;
mod loony;
pub mod pseudo;
mod repair;
mod solve;
#[cfg(test)]
pub(crate) mod testkit;
mod transpose;
mod units;
mod valuation;

use std::fmt;

use crate::core::{size_text, Analysis, Board, LoonyFlags, Position, PositionError, Rules};
use crate::store::MemoryStore;
use crate::store::{StoreError, TileId, TileStore};

pub use layout::Layout;
pub use repair::Repair;
pub use solve::{Progress, Solve, Stored, TileTask};
pub use units::{
    check_min_chain, ChainRule, Collapsed, Extension, Reduction, Shape, Unit, DEFAULT_MIN_CHAIN,
    MIN_CHAIN,
};
pub use valuation::Valuation;

/// Why a retrograde solve or query failed.
#[derive(Debug)]
pub enum RetroError {
    /// An in-memory solve of the subgame would need more memory than it may use.
    TooLarge {
        /// Estimated positions of the subgame.
        positions: f64,
        /// Estimated peak bytes of the solve.
        bytes: f64,
        /// Bytes it may use.
        limit: u64,
    },
    /// Scores (boxes plus the last-move penalty) do not fit the tile encoding.
    ScoresOutOfRange {
        /// The last-move penalty of the rules asked for ([`crate::core::Rules`]), in boxes.
        penalty: i32,
        /// Boxes of the board: a score lies within these plus the penalty, either sign.
        boxes: usize,
        /// The largest score the tile encoding holds, in absolute value.
        max: i32,
    },
    /// The open lines cannot be split into groups of the sizes the tables allow.
    NoLayout,
    /// The store failed.
    Store(StoreError),
    /// A position (to solve or to query) is not one of the board's positions.
    Position(PositionError),
    /// A queried position lacks lines of the solve's base position.
    OutsideSolve,
    /// A queried position is deeper than the layers the solve keeps.
    NotKept {
        /// Lines the position draws beyond the solve's base position.
        lines: u32,
        /// The deepest layer the solve keeps, in the same count.
        kept: u32,
    },
    /// The move scores of a queried position were asked, and the solve does not keep its
    /// moves' layer (the position itself may be kept).
    ScoresNotKept {
        /// Lines the position draws beyond the solve's base position.
        lines: u32,
        /// The deepest layer the solve keeps: move scores for positions of at most one less.
        kept: u32,
    },
    /// A tile that should exist is missing from the store.
    NotSolved(TileId),
    /// Next-loony flags were asked of a solve that does not store them.
    NotLoony,
    /// The solve was stopped on request before its end (its [`Runner`]'s choice: the
    /// native one stops when asked from outside, as by Ctrl-C in the Python package); the
    /// tiles it finished stay in its store.
    Stopped,
    /// Chains shorter than the chain rule scores were asked to be collapsed.
    ChainTooShort {
        /// The shortest chain asked to be collapsed, in boxes.
        min_chain: usize,
        /// The shortest chain the chain rule scores, hence the shortest that can be
        /// collapsed: a shorter one can be handed out with no decline left.
        least: usize,
    },
}

impl fmt::Display for RetroError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RetroError::ScoresOutOfRange {
                penalty,
                boxes,
                max,
            } => {
                let room = i64::from(*max) - *boxes as i64;
                write!(f, "scores of {boxes} boxes")?;
                if *penalty != 0 {
                    write!(f, " with last-move penalty {penalty}")?;
                }
                write!(f, " do not fit the tile encoding (at most ±{max}")?;
                if *max == valuation::LOONY_SCORE_MAX {
                    write!(f, ", the 6 bits of the loony analysis")?;
                }
                match room {
                    0.. => write!(f, "): the penalty must lie within ±{room}"),
                    _ => write!(f, ")"),
                }
            }
            RetroError::TooLarge {
                positions,
                bytes,
                limit,
            } => write!(
                f,
                "the subgame has about {positions:.2e} positions; solving it in memory needs \
                 about {}, more than the {} it may use",
                size_text(*bytes),
                size_text(*limit as f64)
            ),
            RetroError::NoLayout => write!(f, "the open lines cannot be split into tile groups"),
            RetroError::Store(e) => e.fmt(f),
            RetroError::Position(e) => e.fmt(f),
            RetroError::OutsideSolve => {
                write!(f, "the position lacks lines of the solved position")
            }
            RetroError::NotKept { lines, kept } => write!(
                f,
                "the position has {lines} lines beyond the solved one; only {kept} are kept"
            ),
            RetroError::ScoresNotKept { lines, kept: 0 } => write!(
                f,
                "the position has {lines} lines beyond the solved one; the solve keeps no move \
                 scores"
            ),
            RetroError::ScoresNotKept { lines, kept } => write!(
                f,
                "the position has {lines} lines beyond the solved one; move scores are kept for \
                 positions with at most {}",
                kept - 1
            ),
            RetroError::NotSolved(t) => write!(f, "{t} has not been computed yet"),
            RetroError::NotLoony => write!(
                f,
                "this solve stores scores only, not who must make the next loony move"
            ),
            RetroError::Stopped => write!(
                f,
                "the solve was stopped on request (the tiles it finished are kept in its store)"
            ),
            RetroError::ChainTooShort { min_chain, least } => write!(
                f,
                "{min_chain}-box chains are too short to collapse: the shortest that can \
                 be is {least} boxes (a shorter chain can be handed out with no decline \
                 left)"
            ),
        }
    }
}

impl std::error::Error for RetroError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            RetroError::Store(e) => Some(e),
            RetroError::Position(e) => Some(e),
            _ => None,
        }
    }
}

impl From<StoreError> for RetroError {
    fn from(e: StoreError) -> Self {
        RetroError::Store(e)
    }
}

impl From<PositionError> for RetroError {
    fn from(e: PositionError) -> Self {
        RetroError::Position(e)
    }
}

/// Most memory an in-memory subgame solve ([`analyze`] and its variants) may use: solves
/// larger than this belong on disk (`dotbox solve --store`), not inside one query. In the
/// browser a page has a few hundred megabytes (icelandic, the largest board it solves, peaks
/// near 200 MB of wasm memory), so the limit there is 1 GiB.
pub const IN_MEMORY_LIMIT: u64 = if cfg!(target_arch = "wasm32") {
    1 << 30
} else {
    8 << 30
};

/// How an in-memory analysis runs its solve to the end: [`quietly`], or with a front end's
/// progress display (the command line passes its progress bar). The core does no I/O; what a
/// run shows is the caller's.
pub type Runner<'a> = &'a mut dyn FnMut(&mut Solve, &mut dyn TileStore) -> Result<(), RetroError>;

/// Runs `solve` to the end over `store`, showing nothing: the [`Runner`] of callers with no
/// progress display.
pub fn quietly(solve: &mut Solve, store: &mut dyn TileStore) -> Result<(), RetroError> {
    solve.run(store, &mut |_| {})
}

/// The value of `pos` and every move's score, by solving its subgame in memory.
pub fn analyze(board: &Board, pos: Position) -> Result<Analysis, RetroError> {
    analyze_with_rules(board, pos, Rules::default(), &mut quietly)
}

/// [`analyze`] under scoring variant `rules`, the solve run by `run`.
pub fn analyze_with_rules(
    board: &Board,
    pos: Position,
    rules: Rules,
    run: Runner,
) -> Result<Analysis, RetroError> {
    in_memory(
        board,
        pos,
        rules,
        Valuation::Score,
        run,
        |solve, store, pos| solve.analysis(store, pos),
    )
}

/// [`analyze_with_rules`] with who must make the next loony move after the position and
/// after each move (the loony analysis, scores within its 6 bits).
pub fn analyze_loony(
    board: &Board,
    pos: Position,
    rules: Rules,
    run: Runner,
) -> Result<(Analysis, LoonyFlags), RetroError> {
    in_memory(
        board,
        pos,
        rules,
        Valuation::Loony,
        run,
        |solve, store, pos| solve.loony_analysis(store, pos),
    )
}

/// The solve of `pos`'s subgame keeping the layer of its moves, to run in memory: refused
/// with [`RetroError::TooLarge`] when its estimated peak exceeds [`IN_MEMORY_LIMIT`], before
/// anything is built.
pub fn memory_solve(
    board: &Board,
    pos: Position,
    rules: Rules,
    valuation: Valuation,
) -> Result<Solve, RetroError> {
    let layout = Layout::new(board, pos, rules, valuation)?;
    fits_in_memory(&layout)?;
    Ok(Solve::from_layout(layout, 1))
}

/// Refuses a layout whose in-memory solve would pass [`IN_MEMORY_LIMIT`].
fn fits_in_memory(layout: &Layout) -> Result<(), RetroError> {
    let bytes = layout.estimated_peak_bytes();
    if bytes > IN_MEMORY_LIMIT as f64 {
        return Err(RetroError::TooLarge {
            positions: layout.layer_estimates().iter().sum(),
            bytes,
            limit: IN_MEMORY_LIMIT,
        });
    }
    Ok(())
}

/// Solves the subgame of `pos` in memory, keeping the layer of its moves, run by `run`, and
/// asks `query` of it.
fn in_memory<T>(
    board: &Board,
    pos: Position,
    rules: Rules,
    valuation: Valuation,
    run: Runner,
    query: impl FnOnce(&Solve, &mut MemoryStore, Position) -> Result<T, RetroError>,
) -> Result<T, RetroError> {
    let mut solve = memory_solve(board, pos, rules, valuation)?;
    let mut store = MemoryStore::new();
    run(&mut solve, &mut store)?;
    query(&solve, &mut store, pos)
}
