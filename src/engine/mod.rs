//! The engine: strong play, with estimated scores, for positions past exact reach (the
//! openings of 4×4, 3×5, 5×5 and larger boards).
//!
//! Monte-Carlo tree search (`mcts`) with chain-aware playouts (`playout`: random safe lines
//! until none is left, with sacrifices of a box or two near the end of that phase, where
//! the fight for control is fought; then the loony endgame, valued exactly once only chains
//! and loops are left) and exact leaves: the tree searches only the moves the exact
//! search's chain rules keep and solves positions of at most `mcts::SOLVE_OPEN` (18) open
//! lines with the exact search, so near the end of the game its answer becomes the exact
//! analysis ([`Estimate::exact`]). With two threads or more, one of them runs the exact
//! search (`crate::search`) on the whole position beside the trees when it has at most
//! [`EXACT_OPEN`] open lines, and its analysis, if it finishes in time, replaces the trees'
//! estimates. The engine never reads a book or a table of solved positions.
//! `docs/engine.md` has the measurements behind these choices.
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
mod mcts;
mod playout;

pub use crate::search::Flow;
pub use error::EngineError;

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::Relaxed};

use crate::core::{Analysis, Board, Position};
use crate::search::{SearchError, SearchOptions, Solver};
use mcts::{RootMove, Tree};
use playout::mix;

/// How the engine runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineOptions {
    /// Threads, as [`SearchOptions::threads`] (helpers on the pool of [`crate::par`]; 1 in
    /// the one-thread WebAssembly build).
    pub threads: usize,
    /// The seed of every random choice (playouts, move order, ties): the same seed and node
    /// budget give the same answer (see [`estimate`]).
    pub seed: u64,
    /// Memory for the trees and the exact search's tables, in bytes, shared among the
    /// threads.
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
    /// Deepest line of play the tree has grown.
    pub depth: u32,
    /// Work done so far, all threads (as [`Estimate::nodes`]).
    pub nodes: u64,
    /// The move the engine would play now.
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
    /// Deepest line of play searched.
    pub depth: u32,
    /// Work done, all threads: tree steps, playout moves and exact-search nodes.
    pub nodes: u64,
    /// Whether every score is exact (the position was solved): the scores are then the
    /// exact analysis.
    pub exact: bool,
}

/// Work units (tree steps, playout moves, exact-search nodes) between progress callbacks.
const CHECK: u64 = 4096;

/// Most open lines of a position the exact search is tried on beside the trees (two threads
/// or more). Past it the exact search does not finish in seconds, and its thread is better
/// spent on a tree.
pub const EXACT_OPEN: u32 = 30;

/// Most open lines of a position the engine first tries to solve exactly when it has one
/// thread (it then grows its tree with what is left): such positions take the exact search
/// a few thousand to a few hundred thousand nodes.
pub const SOLO_EXACT_OPEN: u32 = 22;

/// Estimates `pos` of `board`: every move's score and the move to play.
///
/// Never reads a clock (WebAssembly has none in Rust): the caller's `progress` callback,
/// called every few thousand nodes on the calling thread, returns [`Flow::Stop`] when its
/// time is up; the engine then answers from what its trees have seen. It always completes a
/// first, cheap pass (every move tried once) so there is always an answer, even with an
/// immediate Stop. The answer is a function of the position, the options (seed, threads and
/// node budget, each thread taking an equal share) and where the callback stops it; with a
/// node budget and no Stop it is the same on every run, with any number of threads.
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
    let threads = options.threads.max(1);
    let mut share = Share {
        board,
        pos,
        budget: options.max_nodes / threads as u64,
        bytes: options.tt_bytes / threads,
        seed: options.seed,
        stop: AtomicBool::new(false),
        helper_work: AtomicU64::new(0),
    };
    let mut spent = 0;
    if threads == 1 && open <= SOLO_EXACT_OPEN {
        // One thread: the exact search first, the tree with what is left if it stops.
        let outcome = share.exact(&mut |nodes| {
            let snapshot = EngineProgress {
                depth: 0,
                nodes,
                best: None,
            };
            if progress(&snapshot) == Flow::Stop {
                share.stop.store(true, Relaxed);
            }
            match share.stop.load(Relaxed) {
                true => Flow::Stop,
                false => Flow::Continue,
            }
        })?;
        match outcome {
            Outcome::Exact(analysis, nodes) => {
                return Ok(answer(
                    &exact_moves(&analysis),
                    nodes,
                    open,
                    options.seed ^ pos.0,
                ))
            }
            Outcome::Unfinished(nodes) => spent = nodes,
            Outcome::Tree(_) => unreachable!("the exact search grows no tree"),
        }
        share.budget = share.budget.saturating_sub(spent);
    }
    // Helper 1 runs the exact search when the position is small enough; the rest grow trees.
    let exact_helper = threads > 1 && open <= EXACT_OPEN;
    let next = AtomicUsize::new(1);
    let helper = || {
        let i = next.fetch_add(1, Relaxed);
        let mut reported = 0;
        let mut report = |work: u64| {
            share.helper_work.fetch_add(work - reported, Relaxed);
            reported = work;
            match share.stop.load(Relaxed) {
                true => Flow::Stop,
                false => Flow::Continue,
            }
        };
        if exact_helper && i == 1 {
            share.exact(&mut report)
        } else {
            share.grow(i, &mut |t: &Tree| report(t.work))
        }
    };
    let (main, helpers) = crate::par::with_helpers(threads - 1, helper, || {
        share.grow(0, &mut |t: &Tree| {
            let snapshot = EngineProgress {
                depth: t.depth,
                nodes: t.work + share.helper_work.load(Relaxed),
                best: best_of(&t.root_moves(), 0),
            };
            if progress(&snapshot) == Flow::Stop {
                share.stop.store(true, Relaxed);
            }
            match share.stop.load(Relaxed) {
                true => Flow::Stop,
                false => Flow::Continue,
            }
        })
    });
    let mut moves: Option<Vec<RootMove>> = None;
    let (mut nodes, mut depth) = (spent, 0);
    for outcome in std::iter::once(main).chain(helpers) {
        match outcome? {
            Outcome::Tree(tree) => {
                nodes += tree.work;
                depth = depth.max(tree.depth);
                match &mut moves {
                    None => moves = Some(tree.moves),
                    Some(all) => {
                        for (m, r) in all.iter_mut().zip(tree.moves) {
                            m.visits += r.visits;
                            m.total += r.total;
                            m.exact = m.exact.or(r.exact);
                        }
                    }
                }
            }
            Outcome::Exact(analysis, work) => {
                nodes += work;
                depth = depth.max(open);
                let all = moves.get_or_insert_with(Vec::new);
                *all = exact_moves(&analysis);
                return Ok(answer(all, nodes, depth, options.seed ^ pos.0));
            }
            Outcome::Unfinished(work) => nodes += work,
        }
    }
    let moves = moves.expect("the calling thread grows a tree");
    Ok(answer(&moves, nodes, depth, options.seed ^ pos.0))
}

/// What one thread found.
enum Outcome {
    /// A tree's root statistics.
    Tree(TreeResult),
    /// The exact analysis, and the nodes it took.
    Exact(Analysis, u64),
    /// The exact search, stopped before the end after this many nodes.
    Unfinished(u64),
}

struct TreeResult {
    moves: Vec<RootMove>,
    work: u64,
    depth: u32,
}

/// What the threads of one estimate share.
struct Share<'a> {
    board: &'a Board,
    pos: Position,
    /// Each thread's node budget.
    budget: u64,
    /// Each thread's memory.
    bytes: usize,
    seed: u64,
    /// Set when the caller stops, or when a thread has the exact answer.
    stop: AtomicBool,
    helper_work: AtomicU64,
}

impl Share<'_> {
    /// Grows tree `i` until its budget, a stop, or its root is solved (after trying every
    /// move once whatever happens); `report` is called every [`CHECK`] work units.
    fn grow(
        &self,
        i: usize,
        report: &mut dyn FnMut(&Tree) -> Flow,
    ) -> Result<Outcome, EngineError> {
        let seed = mix(self.seed ^ (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let mut tree = Tree::new(self.board, self.pos, seed, self.bytes)?;
        let mut next = CHECK;
        let mut stopped = false;
        while !tree.solved() {
            if tree.all_tried() && (stopped || tree.work >= self.budget) {
                break;
            }
            tree.iterate();
            if tree.work >= next {
                next = tree.work + CHECK;
                stopped |= report(&tree) == Flow::Stop;
            }
        }
        if tree.solved() {
            self.stop.store(true, Relaxed);
        }
        Ok(Outcome::Tree(TreeResult {
            moves: tree.root_moves(),
            work: tree.work,
            depth: tree.depth,
        }))
    }

    /// The exact search of the whole position, within this thread's budget and until a stop.
    fn exact(&self, report: &mut dyn FnMut(u64) -> Flow) -> Result<Outcome, EngineError> {
        let options = SearchOptions {
            tt_bytes: self.bytes,
            max_nodes: self.budget,
            progress_interval: CHECK,
            ..SearchOptions::default()
        };
        let mut solver = Solver::new(self.board, &options)?;
        match solver.analyze(self.pos, &mut |p| report(p.nodes)) {
            Ok(report) => {
                self.stop.store(true, Relaxed);
                Ok(Outcome::Exact(report.analysis, report.stats.nodes))
            }
            Err(SearchError::Stopped { nodes }) => Ok(Outcome::Unfinished(nodes)),
            Err(SearchError::NodeBudgetExceeded { limit }) => Ok(Outcome::Unfinished(limit)),
            Err(e) => Err(e.into()),
        }
    }
}

/// Root moves with their exact scores.
fn exact_moves(analysis: &Analysis) -> Vec<RootMove> {
    analysis
        .moves
        .iter()
        .map(|m| RootMove {
            line: m.line,
            visits: 0,
            total: 0.0,
            exact: Some(m.score),
        })
        .collect()
}

/// A root move's score: exact when known, else the mean of its samples.
fn score(m: &RootMove) -> f64 {
    match m.exact {
        Some(s) => f64::from(s),
        None => m.total / f64::from(m.visits.max(1)),
    }
}

/// The move to play: the best score; among equal estimates the most sampled; among those
/// and the exact ones of that score, one picked by `seed` (so which exact move is played
/// does not depend on how many samples a thread took before another solved the position).
fn best_of(moves: &[RootMove], seed: u64) -> Option<usize> {
    let top = moves.iter().map(score).fold(f64::MIN, f64::max);
    let tied: Vec<&RootMove> = moves.iter().filter(|m| score(m) == top).collect();
    let most = tied.iter().map(|m| m.visits).max()?;
    let tied: Vec<usize> = tied
        .iter()
        .filter(|m| m.exact.is_some() || m.visits == most)
        .map(|m| m.line)
        .collect();
    Some(tied[mix(seed) as usize % tied.len()])
}

/// The estimate from the root moves' statistics.
fn answer(moves: &[RootMove], nodes: u64, depth: u32, seed: u64) -> Estimate {
    let scored: Vec<EstimatedMove> = moves
        .iter()
        .map(|m| EstimatedMove {
            line: m.line,
            score: score(m) as f32,
        })
        .collect();
    Estimate {
        value: scored.iter().map(|m| m.score).fold(f32::MIN, f32::max),
        best: best_of(moves, seed).expect("an open line"),
        moves: scored,
        depth,
        nodes,
        exact: moves.iter().all(|m| m.exact.is_some()),
    }
}
