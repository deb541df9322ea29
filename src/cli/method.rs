//! Which solver answers `dotbox analyze`: a book, the retrograde solver or the search, chosen
//! by the position's size unless `--method` forces one; and the search run with its progress
//! line and its time and memory budgets.

use std::time::{Duration, Instant};

use clap::{Args, ValueEnum};
use indicatif::{HumanCount, ProgressBar, ProgressStyle};

use crate::core::{Analysis, Board, Position, Rules};
use crate::retro::{Layout, Valuation, IN_MEMORY_LIMIT};
use crate::search::{analyze_with_progress, Flow, SearchOptions};

use super::error::CliError;

/// Most positions (estimated) of a subgame the automatic choice solves backward: about 15 to
/// 60 seconds on 2 cores (the solver computes 150 to 600 million positions a second, the
/// most where no symmetry is left), while a search of such a position often takes longer.
/// Past it the search, whose cost depends on the position rather than on its size, answers.
pub const RETRO_AUTO_MAX_POSITIONS: f64 = 1e10;

/// The solvers `analyze` can use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Method {
    /// Solve the position's subgame backward, tile by tile, in memory.
    Retro,
    /// Read the answer from the book given with --book.
    Book,
    /// Depth-first alpha-beta search with a transposition table.
    Search,
}

/// Options of the search (used by --method search, or automatically past the retrograde
/// solver's reach).
#[derive(Args, Debug, Clone)]
pub struct SearchArgs {
    /// Stop the search after this many seconds, with a message.
    #[arg(long, value_name = "SECONDS", allow_negative_numbers = true)]
    pub time_limit: Option<f64>,
    /// Memory for the search's transposition table, in MiB (it never grows past this).
    #[arg(long, value_name = "MIB", default_value_t = 1024)]
    pub tt_mib: usize,
    /// Threads sharing the search's root moves and table (default: one per core).
    #[arg(long, value_name = "N")]
    pub search_threads: Option<usize>,
}

/// The method to use when none is forced: the book if one is given, the retrograde solver
/// when its estimated cost (positions of the subgame, [`RETRO_AUTO_MAX_POSITIONS`]) is
/// small, the search past that.
pub fn automatic(board: &Board, pos: Position, has_book: bool) -> Method {
    if has_book {
        return Method::Book;
    }
    let fits = Layout::new(board, pos, Rules::default(), Valuation::Score).is_ok_and(|layout| {
        layout.layer_estimates().iter().sum::<f64>() <= RETRO_AUTO_MAX_POSITIONS
            && layout.estimated_peak_bytes() <= IN_MEMORY_LIMIT as f64
    });
    match fits {
        true => Method::Retro,
        false => Method::Search,
    }
}

/// Analyses `pos` by search, with a progress line (nodes, table hits, root move, bounds) on
/// stderr, and returns the analysis and a sentence saying how it was found.
pub fn search(
    board: &Board,
    pos: Position,
    args: &SearchArgs,
) -> Result<(Analysis, String), CliError> {
    let limit = args
        .time_limit
        .map(|s| {
            Duration::try_from_secs_f64(s).map_err(|_| {
                CliError::Usage(format!("--time-limit: '{s}' is not a number of seconds"))
            })
        })
        .transpose()?;
    let threads = match args.search_threads {
        Some(0) => return Err(CliError::Usage("--search-threads: at least 1".into())),
        Some(n) => n,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let options = SearchOptions {
        tt_bytes: args.tt_mib << 20,
        threads,
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
    let report = result.map_err(|error| match (error, limit) {
        (crate::search::SearchError::Stopped { nodes }, Some(limit)) => CliError::Usage(format!(
            "the search reached the time limit of {} s after {} nodes without an answer; \
             raise --time-limit",
            limit.as_secs_f64(),
            HumanCount(nodes)
        )),
        (error, _) => CliError::Search(error),
    })?;
    let stats = &report.stats;
    let hit_rate = 100.0 * stats.tt_hits as f64 / stats.tt_probes.max(1) as f64;
    let source = format!(
        "by search in {:.2} s: {} nodes, {:.0}% table hits",
        start.elapsed().as_secs_f64(),
        HumanCount(stats.nodes),
        hit_rate
    );
    Ok((report.analysis, source))
}
