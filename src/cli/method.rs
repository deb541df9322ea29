//! The solvers `dotbox analyze` can be told to use (`--method`; by default the policy of
//! [`crate::policy`] chooses), their options, and the search run with its progress line and
//! its time and memory budgets.

use std::time::{Duration, Instant};

use clap::{Args, ValueEnum};
use indicatif::{HumanCount, ProgressBar, ProgressStyle};

use crate::core::{Analysis, Board, Position};
use crate::search::{analyze_with_progress, Flow, SearchError, SearchOptions};

use super::error::CliError;

/// The solvers `analyze` can use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Method {
    /// Solve the position's subgame backward, tile by tile, in memory.
    Retro,
    /// Read the answer from the book given with --book.
    Book,
    /// Depth-first alpha-beta search with a transposition table.
    Search,
    /// The engine's estimate of every move within --time-limit: not exact, and no book or
    /// stored solve is read.
    Estimate,
    /// The rules of thumb (take a box, else a safe line, else the smallest sacrifice): the
    /// baseline the engine is measured against; one move, no scores.
    Rules,
}

impl Method {
    /// The method's name on the command line.
    pub fn name(self) -> String {
        self.to_possible_value()
            .map_or_else(|| format!("{self:?}"), |v| v.get_name().to_string())
    }
}

/// Options of the search and the engine (--method search or estimate, or chosen by the
/// policy past the retrograde solver's reach).
#[derive(Args, Debug, Clone)]
pub struct SearchArgs {
    /// Seconds the answer may take: --method search stops with a message past them (default:
    /// no limit); the engine's estimate (--method estimate, or where no exact method answers
    /// within the policy's budget) answers within them (default 3).
    #[arg(long, value_name = "SECONDS", allow_negative_numbers = true)]
    pub time_limit: Option<f64>,
    /// Memory for the search's transposition table, in MiB (it never grows past this).
    #[arg(long, value_name = "MIB", default_value_t = crate::policy::NATIVE.search_table_mib)]
    pub tt_mib: usize,
    /// Threads sharing the search's root moves and table, or the engine's work (default: one
    /// per core).
    #[arg(long, value_name = "N")]
    pub search_threads: Option<usize>,
    /// Seed of the engine's and the rules' random choices: the same seed gives the same
    /// answer for the same work done.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub seed: u64,
}

impl SearchArgs {
    /// --time-limit, checked: a positive, finite number of seconds that a `Duration` holds.
    pub fn time_limit(&self) -> Result<Option<Duration>, CliError> {
        let Some(seconds) = self.time_limit else {
            return Ok(None);
        };
        match Duration::try_from_secs_f64(seconds) {
            Ok(limit) if seconds > 0.0 => Ok(Some(limit)),
            _ => Err(CliError::BadTimeLimit { seconds }),
        }
    }

    /// --search-threads, checked: at least 1 (default: one per core).
    pub fn threads(&self) -> Result<usize, CliError> {
        match self.search_threads {
            Some(0) => Err(CliError::Usage("--search-threads: at least 1".into())),
            Some(n) => Ok(n),
            None => Ok(std::thread::available_parallelism().map_or(1, |n| n.get())),
        }
    }
}

/// What a search within a time limit ends with.
pub enum Searched {
    /// The analysis and a sentence saying how it was found.
    Answer(Analysis, String),
    /// The time limit came first, after this many nodes.
    OutOfTime(u64),
}

/// Analyses `pos` by search within `limit`, with a progress line (nodes, table hits, root
/// move, bounds) on stderr.
pub fn search(
    board: &Board,
    pos: Position,
    args: &SearchArgs,
    limit: Option<Duration>,
) -> Result<Searched, CliError> {
    let options = SearchOptions {
        tt_bytes: args.tt_mib << 20,
        threads: args.threads()?,
        ..SearchOptions::default()
    };
    let spinner = ProgressBar::new_spinner();
    spinner.set_style(
        ProgressStyle::with_template("{spinner} [{elapsed_precise}] {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_spinner()),
    );
    let start = Instant::now();
    let result = analyze_with_progress(board, pos, &options, &mut |p| {
        let (lo, hi) = p.bounds;
        let line = p
            .line
            .map_or(String::new(), |l| format!(", line {l} scores {lo}..={hi}"));
        spinner.set_message(format!(
            "searching: {} nodes, {} table hits, move {}/{}{line}",
            HumanCount(p.nodes),
            HumanCount(p.tt_hits),
            p.moves_done,
            p.moves_total
        ));
        spinner.tick();
        match limit {
            Some(limit) if start.elapsed() > limit => Flow::Stop,
            _ => Flow::Continue,
        }
    });
    spinner.finish_and_clear();
    let report = match result {
        Err(SearchError::Stopped { nodes }) if limit.is_some() => {
            return Ok(Searched::OutOfTime(nodes))
        }
        result => result.map_err(CliError::Search)?,
    };
    let stats = &report.stats;
    let hit_rate = 100.0 * stats.tt_hits as f64 / stats.tt_probes.max(1) as f64;
    let source = format!(
        "by search in {:.2} s: {} nodes, {:.0}% table hits",
        start.elapsed().as_secs_f64(),
        HumanCount(stats.nodes),
        hit_rate
    );
    Ok(Searched::Answer(report.analysis, source))
}
