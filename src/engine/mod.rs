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
//! [`EXACT_OPEN`] open lines: first the position's value and a move reaching it (the
//! engine then plays that move, and no estimate passes the value), then every move's score,
//! which, if it finishes in time, replaces the trees' estimates. With one thread the exact
//! search goes first, then the tree: to the end up to [`SOLO_EXACT_OPEN`] open lines, as a
//! probe of [`SOLO_PROBE_NODES`] up to [`EXACT_OPEN`] where few safe lines are left. The
//! engine never reads a book or a table of solved positions.
//! `docs/engine.md` says how well it plays; `docs/engine-experiments.md` has the
//! measurements behind these choices.
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

use crate::chains::safe_lines;
use crate::core::mix;
use crate::core::{Analysis, Board, MoveScore, Position};
use crate::search::{SearchError, SearchOptions, Solver};
use mcts::{RootMove, Tree};

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
    /// Whether `score` is exact: the move's position was solved (in the tree, or by the
    /// exact search beside it), so the score is a whole number of boxes.
    pub exact: bool,
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
    /// Whether `value` is the position's exact value, and `best` a move reaching it, even
    /// where other scores are estimates: the exact search found the value and a best move
    /// before the time was up, but not every move's score. Front ends can then say who wins
    /// and by how much, exactly, while the other moves stay estimates.
    pub value_exact: bool,
}

impl Estimate {
    /// The exact analysis when the engine solved the position ([`Estimate::exact`]), else
    /// `None`: a front end then shows and plays exact scores, as from any exact method,
    /// instead of labelling proven scores as estimates.
    pub fn analysis(&self) -> Option<Analysis> {
        let whole = |score: f32| score.round() as i32;
        self.exact.then(|| Analysis {
            value: whole(self.value),
            moves: self
                .moves
                .iter()
                .map(|m| MoveScore {
                    line: m.line,
                    score: whole(m.score),
                })
                .collect(),
        })
    }
}

/// Work units (tree steps, playout moves, exact-search nodes) between progress callbacks.
const CHECK: u64 = 4096;

/// Most open lines of a position the exact search is tried on beside the trees (two threads
/// or more). On 4×4 and 3×5 openings, one thread, its value and a move reaching it take a
/// median 0.5 s at 30 open lines, 1.0 s at 31, 1.6 s at 32 and 2.9 s at 33 (every move's
/// score about twice that); on 5×5 positions from safe play (boxes in chains), within a
/// second at 37–40 open lines in 15 of 16, at 41–44 in none of 6. A tree's samples past its
/// first second change little (four times the time on one thread picked no better; 4×4 and
/// 3×5 openings of 35–41 open lines got the same picks without the helper's tree), so the
/// thread is not missed where the search rarely finishes (`docs/engine-experiments.md`).
pub const EXACT_OPEN: u32 = 40;

/// Most open lines of a position the engine first tries to solve exactly when it has one
/// thread (it then grows its tree with what is left): such positions take the exact search
/// a few thousand to a few hundred thousand nodes.
pub const SOLO_EXACT_OPEN: u32 = 22;

/// Most nodes a one-thread engine's exact search spends first on a position of more than
/// [`SOLO_EXACT_OPEN`] and at most [`EXACT_OPEN`] open lines with at most
/// [`SOLO_PROBE_SAFE`] safe lines, before its tree (on the value and a move, then as many
/// again on every move's score): many such positions are solved within that, where with
/// two threads the helper solves them beside the trees. At 0.3 s a
/// position on one thread (`engine_bench reach`, 5x5 and 4x5 with 33-40 open lines, 120
/// positions) it solved 31 and proved the value of 10 more, where the tree alone solved
/// none (2^18 nodes: 22 and 2); on 4x4 and 3x5 openings (100 each) the picks went from 84
/// to 87 % and 87 to 88 % optimal, 15 and 19 answered exactly (docs/engine-experiments.md).
pub const SOLO_PROBE_NODES: u64 = 1 << 20;

/// Most safe lines (lines that complete no box and give none its third side) of a position
/// a one-thread engine probes ([`SOLO_PROBE_NODES`]): with few safe lines left the search's
/// chain rules answer in tenths of a second, as the answer policy's search first
/// (`policy::Budget::search_first_safe`) measured; with many, as in openings, the probe
/// would only take the tree's time.
pub const SOLO_PROBE_SAFE: u32 = 16;

/// Estimates `pos` of `board`: every move's score and the move to play.
///
/// Never reads a clock (WebAssembly has none in Rust): the caller's `progress` callback,
/// called every few thousand nodes on the calling thread, returns [`Flow::Stop`] when its
/// time is up; the engine then answers from what its trees have seen. It always completes a
/// first, cheap pass (every move tried once) so there is always an answer, even with an
/// immediate Stop. The answer is a function of the position, the options (seed, threads and
/// node budget, each thread taking an equal share) and where the callback stops it; with a
/// node budget and no Stop it is the same on every run with the same number of threads (a
/// different number of threads grows different trees, and may pick another move).
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
    // The exact value and a move reaching it, when the exact search found them but not
    // every move's score.
    let mut known = None;
    let probe = || open <= EXACT_OPEN && safe_lines(board, pos).count() <= SOLO_PROBE_SAFE;
    if threads == 1 && (open <= SOLO_EXACT_OPEN || probe()) {
        // One thread: the exact search first (past SOLO_EXACT_OPEN open lines only a probe
        // of SOLO_PROBE_NODES), the tree with what is left if it stops.
        let cap = match open <= SOLO_EXACT_OPEN {
            true => share.budget,
            false => share.budget.min(SOLO_PROBE_NODES),
        };
        let outcome = share.exact(cap, &mut |nodes| {
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
                    true,
                    nodes,
                    open,
                    options.seed ^ pos.0,
                ))
            }
            Outcome::Unfinished(nodes) => spent = nodes,
            Outcome::Valued(value, line, nodes) => {
                spent = nodes;
                known = Some((value, line));
            }
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
            share.exact(share.budget, &mut report)
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
                return Ok(answer(all, true, nodes, depth, options.seed ^ pos.0));
            }
            Outcome::Unfinished(work) => nodes += work,
            Outcome::Valued(value, line, work) => {
                nodes += work;
                known = Some((value, line));
            }
        }
    }
    let mut moves = moves.expect("the calling thread grows a tree");
    if let Some((value, line)) = known {
        bound_by_value(&mut moves, value, line);
    }
    Ok(answer(
        &moves,
        known.is_some(),
        nodes,
        depth,
        options.seed ^ pos.0,
    ))
}

/// What one thread found.
enum Outcome {
    /// A tree's root statistics.
    Tree(TreeResult),
    /// The exact analysis, and the nodes it took.
    Exact(Analysis, u64),
    /// The exact search, stopped before the end after this many nodes.
    Unfinished(u64),
    /// The exact search, stopped after it found the position's value and a move reaching
    /// it (value, line, nodes) but before every move's score.
    Valued(i32, usize, u64),
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
            // Every root move tried is checked only once the tree may stop (it scans them).
            if (stopped || tree.work >= self.budget) && tree.all_tried() {
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

    /// The exact search's options: this thread's memory, and `max_nodes`.
    fn search_options(&self, max_nodes: u64) -> SearchOptions {
        SearchOptions {
            tt_bytes: self.bytes,
            max_nodes,
            progress_interval: CHECK,
            ..SearchOptions::default()
        }
    }

    /// The exact search of the whole position, within `max_nodes` (twice: once for the
    /// value, once for every move's score) and until a stop. The value and a move reaching
    /// it come first: they cost the search a fraction of every move's score (which solves
    /// each child in full), and they are what the engine plays by.
    fn exact(
        &self,
        max_nodes: u64,
        report: &mut dyn FnMut(u64) -> Flow,
    ) -> Result<Outcome, EngineError> {
        let mut solver = Solver::new(self.board, &self.search_options(max_nodes))?;
        let (value, line, spent) = match solver.value_and_move(self.pos, &mut |p| report(p.nodes)) {
            Ok((value, Some(line), stats)) => (value, line, stats.nodes),
            Ok((_, None, _)) => unreachable!("the engine is never asked about a full board"),
            Err(e) => return unfinished(e, 0, Outcome::Unfinished),
        };
        match solver.analyze(self.pos, &mut |p| report(spent + p.nodes)) {
            Ok(report) => {
                self.stop.store(true, Relaxed);
                Ok(Outcome::Exact(report.analysis, spent + report.stats.nodes))
            }
            Err(e) => unfinished(e, spent, |nodes| Outcome::Valued(value, line, nodes)),
        }
    }
}

/// What a stopped exact search found (`found`, given the nodes in all), after `spent`
/// nodes of earlier searches; errors other than a stop are passed on.
fn unfinished(
    error: SearchError,
    spent: u64,
    found: impl FnOnce(u64) -> Outcome,
) -> Result<Outcome, EngineError> {
    match error {
        SearchError::Stopped { nodes } => Ok(found(spent + nodes)),
        SearchError::NodeBudgetExceeded { limit } => Ok(found(spent + limit)),
        e => Err(e.into()),
    }
}

/// Marks `line` as reaching `value`, the position's exact value, and caps every estimate
/// at it (no move scores more than the value).
fn bound_by_value(moves: &mut [RootMove], value: i32, line: usize) {
    for m in moves {
        if m.line == line {
            m.exact = Some(value);
        } else if m.exact.is_none() {
            m.total = m.total.min(f64::from(value) * f64::from(m.visits));
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

/// The move to play: the best score; among equal scores the exact ones, else the most
/// sampled estimates; among those, one picked by `seed` (so which exact move is played does
/// not depend on how many samples a thread took before another solved the position).
fn best_of(moves: &[RootMove], seed: u64) -> Option<usize> {
    let top = moves.iter().map(score).fold(f64::MIN, f64::max);
    let tied: Vec<&RootMove> = moves.iter().filter(|m| score(m) == top).collect();
    let exact = tied.iter().any(|m| m.exact.is_some());
    let most = tied.iter().map(|m| m.visits).max()?;
    let tied: Vec<usize> = tied
        .iter()
        .filter(|m| match exact {
            true => m.exact.is_some(),
            false => m.visits == most,
        })
        .map(|m| m.line)
        .collect();
    Some(tied[mix(seed) as usize % tied.len()])
}

/// The estimate from the root moves' statistics; `value_known`: the exact search found the
/// position's value (and the moves are bounded by it, [`bound_by_value`]).
fn answer(moves: &[RootMove], value_known: bool, nodes: u64, depth: u32, seed: u64) -> Estimate {
    let scored: Vec<EstimatedMove> = moves
        .iter()
        .map(|m| EstimatedMove {
            line: m.line,
            score: score(m) as f32,
            exact: m.exact.is_some(),
        })
        .collect();
    let exact = moves.iter().all(|m| m.exact.is_some());
    Estimate {
        value: scored.iter().map(|m| m.score).fold(f32::MIN, f32::max),
        best: best_of(moves, seed).expect("an open line"),
        moves: scored,
        depth,
        nodes,
        exact,
        value_exact: exact || value_known,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chains::testkit;
    use crate::search::analyze;

    /// One thread's share of an estimate of `pos`, with a node budget.
    fn share<'a>(board: &'a Board, pos: Position, budget: u64) -> Share<'a> {
        Share {
            board,
            pos,
            budget,
            bytes: 8 << 20,
            seed: 1,
            stop: AtomicBool::new(false),
            helper_work: AtomicU64::new(0),
        }
    }

    /// Stopped between the value and every move's score (a budget the value search alone
    /// fits), the exact search answers the value and a move reaching it; with no limit, every
    /// score. Both against a separate exact analysis, on boards with pre-drawn lines too.
    #[test]
    fn the_exact_search_gives_value_and_move_first() {
        let (mut valued, mut exact) = (0, 0);
        for (board, pos) in testkit::sample(&["3x3", "3x4", "icelandic", "4x4"], 40, 5) {
            let open = board.open_lines(pos).count();
            if !(8..=20).contains(&open) {
                continue;
            }
            let truth = analyze(&board, pos, &SearchOptions::default())
                .unwrap()
                .analysis;
            // The value alone, searched as the helper searches it.
            let options = share(&board, pos, u64::MAX).search_options(u64::MAX);
            let mut solver = Solver::new(&board, &options).unwrap();
            let (_, _, stats) = solver.value_and_move(pos, &mut |_| Flow::Continue).unwrap();
            match share(&board, pos, stats.nodes).exact(stats.nodes, &mut |_| Flow::Continue) {
                Ok(Outcome::Valued(value, line, _)) => {
                    let score = truth.moves.iter().find(|m| m.line == line).unwrap().score;
                    assert_eq!((value, score), (truth.value, truth.value), "{pos:?}");
                    valued += 1;
                }
                Ok(Outcome::Exact(analysis, _)) => assert_eq!(analysis, truth, "{pos:?}"),
                _ => panic!("{pos:?}: the value's own budget stopped the exact search"),
            }
            match share(&board, pos, u64::MAX).exact(u64::MAX, &mut |_| Flow::Continue) {
                Ok(Outcome::Exact(analysis, _)) => assert_eq!(analysis, truth, "{pos:?}"),
                _ => panic!("{pos:?}: an unlimited exact search did not finish"),
            }
            exact += 1;
        }
        assert!(valued >= 20 && exact >= 40, "{valued} valued of {exact}");
    }

    fn estimated(line: usize, visits: u32, mean: f64) -> RootMove {
        RootMove {
            line,
            visits,
            total: mean * f64::from(visits),
            exact: None,
        }
    }

    /// Once the value is known, no estimate passes it, and the move known to reach it is
    /// played even when an estimate ties with it.
    #[test]
    fn a_known_value_caps_the_estimates_and_picks_its_move() {
        let mut moves = vec![
            estimated(0, 500, 1.4),
            estimated(1, 300, -0.2),
            estimated(2, 20, 0.9),
            estimated(3, 0, 0.0),
        ];
        bound_by_value(&mut moves, 0, 2);
        let scores: Vec<f64> = moves.iter().map(score).collect();
        assert_eq!(scores, [0.0, -0.2, 0.0, 0.0]);
        assert_eq!(moves[2].exact, Some(0));
        for seed in 0..20 {
            assert_eq!(best_of(&moves, seed), Some(2));
        }
        let e = answer(&moves, true, 1, 1, 7);
        assert!(!e.exact && e.value_exact);
        assert_eq!((e.best, e.value), (2, 0.0));
        let proven: Vec<bool> = e.moves.iter().map(|m| m.exact).collect();
        assert_eq!(proven, [false, false, true, false]);
    }
}
