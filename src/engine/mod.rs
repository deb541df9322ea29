//! The engine: strong play, with estimated scores, for positions past exact reach (the
//! openings of 4×4, 3×5, 5×5 and larger boards).
//!
//! Iterative deepening on the exact search (`crate::search`): iteration `d` searches every
//! move with the search cut `d` lines below the root, where a quiet position is estimated by
//! random playouts of the safe phase, each ending in a loony endgame valued exactly
//! ([`playout`]). The search keeps its chain rules, its exact loony-endgame values and its
//! table, so forced captures and settled endgames cost no depth. An iteration in which no
//! position was estimated is the exact analysis: the engine then says so
//! ([`Estimate::exact`]) and stops. It never reads a book or a table of solved positions.
//!
//! ```
//! use dotbox::core::Board;
//! use dotbox::engine::{estimate, EngineOptions, Flow};
//!
//! let board = Board::new(2, 2).unwrap();
//! let e = estimate(&board, board.start(), &EngineOptions::default(), &mut |_| Flow::Continue).unwrap();
//! assert_eq!(e.moves.len(), 12);
//! assert!(e.exact && e.value == 2.0);
//! ```

mod error;
mod playout;

pub use crate::search::Flow;
pub use error::EngineError;

use crate::core::{Board, Position};
use crate::search::{Horizon, Progress, SearchOptions, SearchReport, Solver};

/// How the engine runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineOptions {
    /// Threads, as [`SearchOptions::threads`] (helpers on the pool of [`crate::par`]; 1 in
    /// the one-thread WebAssembly build).
    pub threads: usize,
    /// The seed of every random choice (playouts, ties): the same seed and node budget give
    /// the same answer (with one thread; see [`estimate`]).
    pub seed: u64,
    /// Memory for the search's transposition table, in bytes.
    pub tt_bytes: usize,
    /// Nodes to search in all (`u64::MAX`: no limit; the caller's clock stops it instead).
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
    /// Depth of the iteration running (lines searched before estimating).
    pub depth: u32,
    /// Nodes searched so far, all iterations.
    pub nodes: u64,
    /// The move the last completed iteration plays.
    pub best: Option<usize>,
}

/// One move's estimated score.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EstimatedMove {
    /// The line drawn.
    pub line: usize,
    /// Estimated net boxes from this move on, for the mover (as exact move scores: a
    /// capturing move counts its boxes).
    pub score: f32,
}

/// The engine's answer.
#[derive(Clone, Debug, PartialEq)]
pub struct Estimate {
    /// Estimated value of the position for the player to move: the best move's score.
    pub value: f32,
    /// Every open line with its estimated score, in line order.
    pub moves: Vec<EstimatedMove>,
    /// The line the engine plays.
    pub best: usize,
    /// Depth of the last completed iteration.
    pub depth: u32,
    /// Nodes searched, all iterations.
    pub nodes: u64,
    /// Whether the last iteration estimated no position: the scores are then the exact ones.
    pub exact: bool,
}

/// Nodes between two progress callbacks.
const PROGRESS_INTERVAL: u64 = 4096;

/// Estimates `pos` of `board`: every move's score and the move to play.
///
/// Never reads a clock (WebAssembly has none in Rust): the caller's `progress` callback,
/// called every few thousand nodes on the calling thread, returns [`Flow::Stop`] when its
/// time is up; the engine then answers from its last completed iteration. It always
/// completes at least a first, cheap iteration (depth 1) so there is always an answer, even
/// with an immediate Stop. With one thread the answer depends only on the position, the seed
/// and where the node budget or the callback stops it; with more threads each iteration's
/// scores are still a function of the position and seed, but how many iterations a node
/// budget completes depends on the threads' timing.
pub fn estimate(
    board: &Board,
    pos: Position,
    options: &EngineOptions,
    progress: &mut dyn FnMut(&EngineProgress) -> Flow,
) -> Result<Estimate, EngineError> {
    board.check(pos).map_err(EngineError::Position)?;
    let open = board.open_lines(pos).count();
    if open == 0 {
        return Err(EngineError::FullBoard);
    }
    let search = SearchOptions {
        tt_bytes: options.tt_bytes,
        threads: options.threads,
        progress_interval: PROGRESS_INTERVAL,
        ..SearchOptions::default()
    };
    let mut solver = Solver::new(board, &search)?;
    let mut done: Option<Estimate> = None;
    let mut nodes = 0u64;
    // Set once the caller or the budget asks to stop (honoured after the first iteration).
    let mut stop = false;
    for depth in 1..=open {
        if stop {
            break;
        }
        if depth > 1 {
            solver.clear_table();
        }
        let horizon = Horizon {
            open: open - depth,
            seed: options.seed,
            eval: playout::estimate,
        };
        let first = done.is_none();
        let best = done.as_ref().map(|e| e.best);
        let mut report = |p: &Progress| {
            let snapshot = EngineProgress {
                depth,
                nodes: nodes + p.nodes,
                best,
            };
            if progress(&snapshot) == Flow::Stop || snapshot.nodes >= options.max_nodes {
                stop = true;
            }
            match stop && !first {
                true => Flow::Stop,
                false => Flow::Continue,
            }
        };
        let report = match solver.analyze_to(pos, Some(horizon), &mut report) {
            Ok(report) => report,
            Err(crate::search::SearchError::Stopped { .. }) => break,
            Err(e) => return Err(e.into()),
        };
        nodes += report.stats.nodes;
        let estimate = answer(pos, &report, depth, nodes, options.seed, done.as_ref());
        let exact = estimate.exact;
        done = Some(estimate);
        if exact || nodes >= options.max_nodes {
            break;
        }
    }
    Ok(done.expect("the first iteration always completes"))
}

/// The estimate of one completed iteration. Among the moves of the best score the engine
/// plays the one the previous iteration scored highest, then one picked by the seed.
fn answer(
    pos: Position,
    report: &SearchReport,
    depth: u32,
    nodes: u64,
    seed: u64,
    previous: Option<&Estimate>,
) -> Estimate {
    let moves: Vec<EstimatedMove> = report
        .analysis
        .moves
        .iter()
        .map(|m| EstimatedMove {
            line: m.line,
            score: m.score as f32,
        })
        .collect();
    let value = report.analysis.value;
    let before = |line: usize| {
        previous
            .and_then(|p| p.moves.iter().find(|m| m.line == line))
            .map_or(0.0, |m| m.score)
    };
    let tied: Vec<usize> = report.analysis.best_lines();
    let top = tied.iter().map(|&l| before(l)).fold(f32::MIN, f32::max);
    let tied: Vec<usize> = tied.into_iter().filter(|&l| before(l) == top).collect();
    let pick = mix(seed ^ pos.0) as usize % tied.len();
    Estimate {
        value: value as f32,
        moves,
        best: tied[pick],
        depth,
        nodes,
        exact: report.stats.horizon_evals == 0,
    }
}

/// A 64-bit mix (SplitMix64's finaliser) of the seed and the position, for tie-breaks.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
