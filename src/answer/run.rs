//! Each method run on one position, with its progress on stderr (a bar for the retrograde
//! solver, a spinner for the search and the engine, drawn only on a terminal) and the
//! sentence saying how its answer was found.

use std::time::{Duration, Instant};

use indicatif::{HumanCount, ProgressBar, ProgressStyle};

use crate::core::{Analysis, Board, Position, Rules};
use crate::engine::{self, EngineError, EngineOptions, Estimate};
use crate::native::{disk_too_small, interrupt, progress, CliError, SearchArgs};
use crate::policy;
use crate::retro::{self, RetroError};
use crate::search::quick::quick_move;
use crate::search::{analyze_with_progress, Flow, SearchError, SearchOptions};

use super::{Answer, Answered, Found};

/// The analysis of `pos` under `rules` by the retrograde solver in memory, with its
/// progress bar.
pub(crate) fn in_memory(board: &Board, pos: Position, rules: Rules) -> Result<Analysis, CliError> {
    Ok(retro::analyze_with_rules(
        board,
        pos,
        rules,
        &mut progress::run,
    )?)
}

/// `pos` solved by the retrograde solver in memory. Too large for memory: the advice to
/// solve it on disk only where a disk could hold it.
pub(super) fn retro(board: &Board, pos: Position) -> Result<Answer, CliError> {
    let analysis = in_memory(board, pos, Rules::default()).map_err(|e| match e {
        CliError::Solve(error @ RetroError::TooLarge { bytes, .. }) => {
            match disk_too_small(bytes, &std::env::temp_dir()) {
                Some(disk) => CliError::TooLargeAnywhere { error, disk },
                None => CliError::Solve(error),
            }
        }
        e => e,
    })?;
    let how = "solved in memory by the retrograde solver".to_string();
    Ok(Answer::exact_by(board, pos, Answered::Retro, analysis, how))
}

/// `pos` solved with its chains of at least `min_chain` boxes and its loops as
/// pseudo-lines.
pub(crate) fn pseudo(board: &Board, pos: Position, min_chain: usize) -> Result<Answer, CliError> {
    let (analysis, reduction) = retro::pseudo::analyze(board, pos, min_chain, &mut progress::run)?;
    Ok(Answer {
        board: board.clone(),
        position: pos,
        method: Answered::Pseudo,
        how: format!(
            "solved in memory by the retrograde solver with chains of {min_chain}+ boxes and \
             loops as pseudo-lines"
        ),
        found: Found::Pseudo {
            analysis,
            reduction,
        },
    })
}

/// What a search within a time limit ends with.
pub(super) enum Searched {
    /// The answer (boxed: an answer is large beside a node count).
    Answer(Box<Answer>),
    /// The time limit came first, after this many nodes.
    OutOfTime(u64),
}

/// Nodes of the search between two looks at its time limit: 2^20 (the search's default, a
/// few tenths of a second) let a search of 0.05 s run 0.47 s.
const TIME_CHECK_NODES: u64 = 1 << 16;

/// `pos` analysed by the exact search within `limit`, with a progress line (nodes, table
/// hits, root move, bounds).
pub(super) fn search(
    board: &Board,
    pos: Position,
    args: &SearchArgs,
    limit: Option<Duration>,
) -> Result<Searched, CliError> {
    let threads = args.threads()?;
    // A table given by --tt-mib is the user's; the default one is cut to what the time limit
    // lets the search fill.
    let tt_bytes = match (args.tt_mib, limit) {
        (None, Some(limit)) => {
            policy::search_table_bytes(args.tt_bytes()?, limit.as_secs_f64(), threads)
        }
        _ => args.tt_bytes()?,
    };
    let options = SearchOptions {
        tt_bytes,
        threads,
        progress_interval: TIME_CHECK_NODES,
        ..SearchOptions::default()
    };
    let spinner = spinner();
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
            _ if interrupt::requested() => Flow::Stop,
            Some(limit) if start.elapsed() > limit => Flow::Stop,
            _ => Flow::Continue,
        }
    });
    spinner.finish_and_clear();
    let report = match result {
        // Stopped from outside: no answer, nor an estimate in its place.
        Err(SearchError::Stopped { nodes }) if limit.is_some() && !interrupt::requested() => {
            return Ok(Searched::OutOfTime(nodes))
        }
        // The table is the search's one large allocation: name the option that sized it
        // (the table is the largest power of two within it, so its size may read smaller).
        Err(e @ SearchError::OutOfMemory { .. }) => {
            let mib = args.tt_mib();
            return Err(CliError::Usage(format!(
                "--tt-mib {mib}: {e} (the largest power of two within {mib} MiB)"
            )));
        }
        result => result.map_err(CliError::Search)?,
    };
    let stats = &report.stats;
    let hit_rate = 100.0 * stats.tt_hits as f64 / stats.tt_probes.max(1) as f64;
    let how = format!(
        "by search in {:.2} s: {} nodes, {:.0}% table hits",
        start.elapsed().as_secs_f64(),
        HumanCount(stats.nodes),
        hit_rate
    );
    let answer = Answer::exact_by(board, pos, Answered::Search, report.analysis, how);
    Ok(Searched::Answer(Box::new(answer)))
}

/// The engine's estimate of `pos` within `limit` (none: until `nodes` are searched) and
/// `nodes` (none: no node budget) on `threads` threads, deterministic for `seed` and a node
/// budget up to where the time limit stops it, with how long it ran.
pub(super) fn engine(
    board: &Board,
    pos: Position,
    limit: Option<Duration>,
    nodes: Option<u64>,
    threads: usize,
    seed: u64,
) -> Result<(Estimate, Duration), CliError> {
    let options = EngineOptions {
        threads,
        seed,
        max_nodes: nodes.unwrap_or(u64::MAX),
        ..EngineOptions::default()
    };
    let spinner = spinner();
    let start = Instant::now();
    let estimate = engine::estimate(board, pos, &options, &mut |p| {
        spinner.set_message(format!(
            "estimating: depth {}, {} nodes",
            p.depth,
            HumanCount(p.nodes)
        ));
        spinner.tick();
        match interrupt::requested() || limit.is_some_and(|limit| start.elapsed() >= limit) {
            true => Flow::Stop,
            false => Flow::Continue,
        }
    });
    spinner.finish_and_clear();
    // Stopped from outside: what the engine saw so far is no answer to give.
    if interrupt::requested() {
        let nodes = estimate.as_ref().map_or(0, |e| e.nodes);
        return Err(CliError::Search(SearchError::Stopped { nodes }));
    }
    let estimate = estimate.map_err(|e| match e {
        // Said as every method says it (the rules of thumb too).
        EngineError::FullBoard => CliError::Usage(e.to_string()),
        _ => CliError::Usage(format!("no estimate: {e}")),
    })?;
    Ok((estimate, start.elapsed()))
}

/// The move the rules of thumb play (take a box, else a safe line chosen by `seed`, else the
/// smallest sacrifice), with no score: they estimate none.
pub(super) fn rules(board: &Board, pos: Position, seed: u64) -> Result<Answer, CliError> {
    // The seed's golden-ratio multiple, as a fraction of 2^64: a fixed pick in [0, 1) per seed.
    let random = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) as f64 / 2f64.powi(64);
    let (line, reason) = quick_move(board, pos, random)
        .ok_or_else(|| CliError::Usage("the game is over: no line is left to draw".into()))?;
    Ok(Answer {
        board: board.clone(),
        position: pos,
        method: Answered::Rules,
        how: "by rules of thumb (take a box, else give nothing away, else give the fewest \
              boxes): not exact, no scores"
            .to_string(),
        found: Found::Rules { line, reason },
    })
}

/// A spinner with the time elapsed and a message.
fn spinner() -> ProgressBar {
    let spinner = ProgressBar::new_spinner();
    spinner.set_style(
        ProgressStyle::with_template("{spinner} [{elapsed_precise}] {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_spinner()),
    );
    spinner
}
