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
//! Parts: [`zobrist`] keys, canonical keys under the board's symmetries (`canon`), the
//! transposition table (`tt`), move ordering (`ordering`), the capture rule (`capture`), the
//! arithmetic of simple loony endgames (`endgame`), negamax with the MTD(f) driver
//! (`negamax`) and the node budget with progress reports (`budget`). The core does no I/O and reads no clock, so the
//! same search runs natively and in WebAssembly.

mod budget;
mod canon;
mod capture;
mod endgame;
mod error;
mod negamax;
mod ordering;
pub mod quick;
mod tt;
pub mod zobrist;

pub use budget::{Flow, Progress};
pub use error::SearchError;

use crate::core::{move_score, Analysis, Board, MoveScore, Position};
use budget::Budget;
use canon::Canonicalizer;
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
    /// Share table entries between positions equivalent under the board's symmetries.
    pub symmetry: bool,
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions {
            tt_bytes: 64 << 20,
            max_nodes: u64::MAX,
            progress_interval: 1 << 20,
            capture_rule: true,
            loony_endgames: true,
            symmetry: true,
        }
    }
}

/// Counters of one search.
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
#[derive(Clone, Debug)]
pub struct Solver {
    board: Board,
    canon: Canonicalizer,
    order: Ordering,
    tt: Table,
    options: SearchOptions,
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

    fn run<'a>(
        &'a mut self,
        pos: Position,
        progress: &'a mut dyn FnMut(&Progress) -> Flow,
    ) -> Run<'a> {
        let stats = SearchStats {
            tt_bytes: self.tt.bytes(),
            ..SearchStats::default()
        };
        Run {
            boxes: self.board.boxes(),
            all: self.board.all_lines(),
            canon: &self.canon,
            order: &self.order,
            tt: &mut self.tt,
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

    /// The value of `pos` and the score of every legal move. Each move's score is exact:
    /// the child positions are solved in full (the pruning rules act below them), and moves
    /// leading to equivalent positions are solved once.
    pub fn analyze(
        &mut self,
        pos: Position,
        progress: &mut dyn FnMut(&Progress) -> Flow,
    ) -> Result<SearchReport, SearchError> {
        self.board.check(pos)?;
        let untaken = self.board.boxes().untaken(pos) as i32;
        let open = self.board.open_lines(pos);
        let mut run = self.run(pos, progress);
        run.root.moves_total = open.count() as usize;
        let mut solved: Vec<(u64, i32)> = Vec::new();
        let mut moves = Vec::with_capacity(open.count() as usize);
        let mut best: Option<i32> = None;
        for line in open.lines() {
            let k = run.boxes.completes(pos, line) as i32;
            run.canon.toggle(&mut run.keys, pos, line);
            let (lock, _, _) = run.canon.canonical(&run.keys);
            let child_value = match solved.iter().find(|(l, _)| *l == lock) {
                Some(&(_, v)) => v,
                None => {
                    run.root.line = Some(line);
                    run.root_boxes = k;
                    run.score_of = |k, v| move_score(k as u32, v);
                    let guess = best.map_or(0, |b| if k > 0 { b - k } else { -b });
                    let v = run.mtdf(pos.with(line), untaken - k, guess)?;
                    solved.push((lock, v));
                    v
                }
            };
            run.canon.toggle(&mut run.keys, pos, line);
            let score = move_score(k as u32, child_value);
            best = Some(best.map_or(score, |b| b.max(score)));
            moves.push(MoveScore { line, score });
            run.root.moves_done += 1;
            let snapshot = Progress {
                nodes: run.budget.nodes,
                tt_hits: run.stats.tt_hits,
                ..run.root
            };
            run.budget.report(snapshot)?;
        }
        run.stats.nodes = run.budget.nodes;
        Ok(SearchReport {
            analysis: Analysis {
                value: best.unwrap_or(0),
                moves,
            },
            stats: run.stats,
        })
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
