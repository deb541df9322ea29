//! The search solver: one position at a time, by alpha-beta with a transposition table and
//! the chain rules, for positions past the retrograde solver's reach.
//!
//! ```
//! use dotbox::core::Board;
//! use dotbox::search::{analyze, SearchOptions};
//!
//! let board = Board::new(2, 2).unwrap();
//! let report = analyze(&board, board.start(), &SearchOptions::default()).unwrap();
//! assert_eq!(report.analysis.value, 2);
//! assert_eq!(report.analysis.moves.len(), 12);
//! ```
//!
//! Parts: Zobrist keys (`zobrist`), canonical keys under the board's symmetries (`canon`), the
//! transposition table (`tt`), move ordering (`ordering`), the capture rule (`capture`), the
//! chain-move rule (`chain_moves`) and the moves a node with no box to take searches
//! (`searched_moves`, also the engine's trees'), the arithmetic of simple loony endgames
//! (`endgame`), negamax with the MTD(f) driver (`negamax`) and the node budget with progress
//! reports (`budget`). The core does no I/O and reads no clock, so the same search runs
//! natively and in WebAssembly.

mod budget;
mod canon;
pub(crate) mod capture;
mod chain_moves;
pub(crate) mod endgame;
mod error;
mod negamax;
mod ordering;
pub mod quick;
pub(crate) mod searched_moves;
mod tt;
mod zobrist;

pub use budget::{Flow, Progress};
pub use error::SearchError;

use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU64, AtomicUsize, Ordering::Relaxed};

use crate::core::{move_score, Analysis, Board, MoveScore, Position};
use budget::Budget;
use canon::Canonicalizer;
use endgame::Endgames;
use negamax::Run;
use ordering::Ordering;
use tt::Table;

/// How a search runs. The rule switches exist so tests can show each rule changes speed
/// only, never an answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchOptions {
    /// Memory for the transposition table, in bytes (rounded down to a power of two; at least
    /// 64). The table is the search's only large allocation and never grows.
    pub tt_bytes: usize,
    /// Most nodes to visit before giving up with [`SearchError::NodeBudgetExceeded`].
    pub max_nodes: u64,
    /// Nodes between two calls of the progress callback.
    pub progress_interval: u64,
    /// Search only the proven-optimal capture, or capture and the all-but-two/all-but-four
    /// decline, when a box can be taken (see the `capture` module).
    pub capture_rule: bool,
    /// Value simple loony endgames (only chains and loops left) by arithmetic.
    pub loony_endgames: bool,
    /// Search one move per chain or loop that offers it (see the `chain_moves` module).
    pub chain_moves: bool,
    /// Share table entries between positions equivalent under the board's symmetries.
    pub symmetry: bool,
    /// Threads [`Solver::analyze`] shares the root moves among (1: the calling thread alone;
    /// the others run on the pool of [`crate::par`], so the one-thread WebAssembly build has
    /// only the calling thread). Each thread counts its nodes against `max_nodes` on its own.
    pub threads: usize,
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions {
            tt_bytes: 64 << 20,
            max_nodes: u64::MAX,
            progress_interval: 1 << 20,
            capture_rule: true,
            loony_endgames: true,
            chain_moves: true,
            symmetry: true,
            threads: 1,
        }
    }
}

/// Counters of one search (of all its threads).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Nodes visited.
    pub nodes: u64,
    /// Transposition-table probes.
    pub tt_probes: u64,
    /// Probes that found the position.
    pub tt_hits: u64,
    /// Nodes settled by a forced capture.
    pub forced_captures: u64,
    /// Nodes valued as simple loony endgames.
    pub loony_endgames: u64,
    /// Bytes of the transposition table.
    pub tt_bytes: usize,
}

impl SearchStats {
    /// Adds another thread's counters (the table is shared: its size is not added).
    fn add(&mut self, other: &SearchStats) {
        self.nodes += other.nodes;
        self.tt_probes += other.tt_probes;
        self.tt_hits += other.tt_hits;
        self.forced_captures += other.forced_captures;
        self.loony_endgames += other.loony_endgames;
    }
}

/// The answer of [`analyze`]: the position's value and every move's score, with counters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchReport {
    /// Value and move scores, in the shape every solver answers.
    pub analysis: Analysis,
    /// What the search did.
    pub stats: SearchStats,
}

/// A search solver for one board. Its transposition table persists between queries, so
/// analysing several positions of one game reuses earlier work.
#[derive(Debug)]
pub struct Solver {
    board: Board,
    canon: Canonicalizer,
    order: Ordering,
    tt: Table,
    options: SearchOptions,
}

/// What the threads of one [`Solver::analyze`] share: the next root child to take, how many
/// root moves are scored, the helpers' nodes, and the flag that stops them all.
#[derive(Default)]
struct Shared {
    next: AtomicUsize,
    moves_done: AtomicUsize,
    helper_nodes: AtomicU64,
    stop: AtomicBool,
}

/// The distinct children of a root position: each is searched once, however many moves
/// (symmetric to each other) lead to it.
struct RootChildren {
    /// The open lines of the root, in order.
    lines: Vec<usize>,
    /// For each line, the child it leads to (an index into `first`).
    child_of: Vec<usize>,
    /// For each child, the first line leading to it.
    first: Vec<usize>,
}

impl Solver {
    /// A solver for `board`, its table sized by `options.tt_bytes`.
    pub fn new(board: &Board, options: &SearchOptions) -> Result<Solver, SearchError> {
        Ok(Solver {
            board: board.clone(),
            canon: Canonicalizer::new(board, options.symmetry),
            order: Ordering::new(board),
            tt: Table::with_budget(options.tt_bytes)?,
            options: options.clone(),
        })
    }

    fn run<'a>(&'a self, pos: Position, progress: &'a mut dyn FnMut(&Progress) -> Flow) -> Run<'a> {
        let stats = SearchStats {
            tt_bytes: self.tt.bytes(),
            ..SearchStats::default()
        };
        Run {
            boxes: self.board.boxes(),
            all: self.board.all_lines(),
            canon: &self.canon,
            order: &self.order,
            tt: &self.tt,
            options: &self.options,
            budget: Budget::new(
                self.options.max_nodes,
                self.options.progress_interval,
                progress,
            ),
            stats,
            keys: self.canon.keys_of(pos),
            root: Progress::default(),
            score_of: |_, v| v,
            root_boxes: 0,
            endgames: Endgames::default(),
        }
    }

    /// The value of `pos` alone (no move scores).
    pub fn value(
        &mut self,
        pos: Position,
        progress: &mut dyn FnMut(&Progress) -> Flow,
    ) -> Result<(i32, SearchStats), SearchError> {
        self.board.check(pos)?;
        let untaken = self.board.boxes().untaken(pos) as i32;
        let mut run = self.run(pos, progress);
        let value = run.mtdf(pos, untaken, 0)?;
        run.stats.nodes = run.budget.nodes;
        Ok((value, run.stats))
    }

    /// The value of `pos` and one move that reaches it (none on a full board): far cheaper
    /// than [`Solver::analyze`], which solves every child in full, since the search proves
    /// bounds only, and the move is then found with null windows on the table it left.
    pub fn value_and_move(
        &mut self,
        pos: Position,
        progress: &mut dyn FnMut(&Progress) -> Flow,
    ) -> Result<(i32, Option<usize>, SearchStats), SearchError> {
        self.board.check(pos)?;
        let untaken = self.board.boxes().untaken(pos) as i32;
        let mut run = self.run(pos, progress);
        let value = run.mtdf(pos, untaken, 0)?;
        let line = run.best_move(pos, untaken, value)?;
        run.stats.nodes = run.budget.nodes;
        Ok((value, line, run.stats))
    }

    /// The value of `pos` and the score of every legal move. Each move's score is exact:
    /// the child positions are solved in full (the pruning rules act below them), and moves
    /// leading to equivalent positions are solved once. With `options.threads` above one the
    /// children are shared out among that many threads, which share the table; the calling
    /// thread is one of them and the only one that calls `progress`.
    pub fn analyze(
        &mut self,
        pos: Position,
        progress: &mut dyn FnMut(&Progress) -> Flow,
    ) -> Result<SearchReport, SearchError> {
        self.board.check(pos)?;
        let root = self.root_children(pos);
        let values: Vec<AtomicI32> = root.first.iter().map(|_| AtomicI32::new(0)).collect();
        let shared = Shared::default();
        let this = &*self;
        let helper = || {
            let mut reported = 0;
            let mut report = |p: &Progress| {
                shared.helper_nodes.fetch_add(p.nodes - reported, Relaxed);
                reported = p.nodes;
                match shared.stop.load(Relaxed) {
                    true => Flow::Stop,
                    false => Flow::Continue,
                }
            };
            this.solve_children(pos, &root, &values, &shared, &mut report)
        };
        let helpers = this.options.threads.max(1) - 1;
        let (main, helpers) = crate::par::with_helpers(helpers, helper, || {
            let mut report = |p: &Progress| {
                let snapshot = Progress {
                    nodes: p.nodes + shared.helper_nodes.load(Relaxed),
                    moves_done: shared.moves_done.load(Relaxed),
                    ..*p
                };
                if shared.stop.load(Relaxed) || progress(&snapshot) == Flow::Stop {
                    shared.stop.store(true, Relaxed);
                    return Flow::Stop;
                }
                Flow::Continue
            };
            this.solve_children(pos, &root, &values, &shared, &mut report)
        });
        // A thread's own failure (its node budget) explains a stop better than the stop.
        let mut stats = SearchStats {
            tt_bytes: self.tt.bytes(),
            ..SearchStats::default()
        };
        let mut stopped = false;
        for result in std::iter::once(main).chain(helpers) {
            match result {
                Ok(s) => stats.add(&s),
                Err(SearchError::Stopped { nodes }) => {
                    stopped = true;
                    stats.nodes += nodes;
                }
                Err(error) => return Err(error),
            }
        }
        if stopped {
            return Err(SearchError::Stopped { nodes: stats.nodes });
        }
        let moves: Vec<MoveScore> = root
            .lines
            .iter()
            .zip(&root.child_of)
            .map(|(&line, &child)| MoveScore {
                line,
                score: move_score(
                    self.board.boxes().completes(pos, line),
                    values[child].load(Relaxed),
                ),
            })
            .collect();
        Ok(SearchReport {
            analysis: Analysis {
                value: moves.iter().map(|m| m.score).max().unwrap_or(0),
                moves,
            },
            stats,
        })
    }

    /// The open lines of `pos` grouped by the child they lead to, up to symmetry.
    fn root_children(&self, pos: Position) -> RootChildren {
        let mut keys = self.canon.keys_of(pos);
        let lines: Vec<usize> = self.board.open_lines(pos).lines().collect();
        let mut locks: Vec<u64> = Vec::new();
        let mut first = Vec::new();
        let child_of = lines
            .iter()
            .map(|&line| {
                self.canon.toggle(&mut keys, pos, line);
                let (lock, _, _) = self.canon.canonical(&keys);
                self.canon.toggle(&mut keys, pos, line);
                locks.iter().position(|&l| l == lock).unwrap_or_else(|| {
                    locks.push(lock);
                    first.push(line);
                    locks.len() - 1
                })
            })
            .collect();
        RootChildren {
            lines,
            child_of,
            first,
        }
    }

    /// Takes root children from the shared queue and solves each, until none is left: the
    /// work of one search thread. Writes each child's value into `values`.
    fn solve_children(
        &self,
        pos: Position,
        root: &RootChildren,
        values: &[AtomicI32],
        shared: &Shared,
        progress: &mut dyn FnMut(&Progress) -> Flow,
    ) -> Result<SearchStats, SearchError> {
        let untaken = self.board.boxes().untaken(pos) as i32;
        let mut run = self.run(pos, progress);
        run.root.moves_total = root.lines.len();
        let mut best: Option<i32> = None;
        loop {
            let child = shared.next.fetch_add(1, Relaxed);
            let Some(&line) = root.first.get(child) else {
                break;
            };
            let k = run.boxes.completes(pos, line) as i32;
            run.canon.toggle(&mut run.keys, pos, line);
            run.root.line = Some(line);
            run.root_boxes = k;
            run.score_of = |k, v| move_score(k as u32, v);
            let guess = best.map_or(0, |b| if k > 0 { b - k } else { -b });
            let value = run.mtdf(pos.with(line), untaken - k, guess);
            run.canon.toggle(&mut run.keys, pos, line);
            let value = value.inspect_err(|_| shared.stop.store(true, Relaxed))?;
            values[child].store(value, Relaxed);
            let score = move_score(k as u32, value);
            best = Some(best.map_or(score, |b| b.max(score)));
            let moves = root.child_of.iter().filter(|&&c| c == child).count();
            run.root.moves_done = shared.moves_done.fetch_add(moves, Relaxed) + moves;
            let snapshot = Progress {
                nodes: run.budget.nodes,
                tt_hits: run.stats.tt_hits,
                ..run.root
            };
            run.budget.report(snapshot)?;
        }
        run.stats.nodes = run.budget.nodes;
        Ok(run.stats)
    }
}

/// Analyses `pos` of `board` with a fresh solver: the value and every move's score.
pub fn analyze(
    board: &Board,
    pos: Position,
    options: &SearchOptions,
) -> Result<SearchReport, SearchError> {
    analyze_with_progress(board, pos, options, &mut |_| Flow::Continue)
}

/// [`analyze`] with a progress callback, called every `options.progress_interval` nodes and
/// after each root move; answering [`Flow::Stop`] ends the search with
/// [`SearchError::Stopped`] (this is how a caller imposes a time limit).
pub fn analyze_with_progress(
    board: &Board,
    pos: Position,
    options: &SearchOptions,
    progress: &mut dyn FnMut(&Progress) -> Flow,
) -> Result<SearchReport, SearchError> {
    Solver::new(board, options)?.analyze(pos, progress)
}
