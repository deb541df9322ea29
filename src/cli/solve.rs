//! `dotbox solve`: a full retrograde solve of a position's subgame, resumable from a store
//! directory.

use std::path::PathBuf;

use clap::Args;

use crate::core::{Board, Position};
use crate::retro::Solve;
use crate::store::fs::FsStore;
use crate::store::memory::MemoryStore;
use crate::store::TileStore;

use super::analyze::{human, json, parse_position, with_penalty, RulesArgs};
use super::error::CliError;
use super::progress;

/// Arguments of `dotbox solve`.
#[derive(Args, Debug)]
pub struct SolveArgs {
    /// The board: RxC (for example 3x4) or icelandic.
    pub board: String,
    /// Lines drawn in the position to solve, comma-separated.
    #[arg(long, default_value = "", allow_hyphen_values = true)]
    pub lines: String,
    /// Keep finished tiles in this directory; a killed solve rerun with it resumes.
    #[arg(long)]
    pub store: Option<PathBuf>,
    /// Worker threads (default: one per core).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Print the result as one JSON object, as `dotbox analyze --json` does.
    #[arg(long)]
    pub json: bool,
    /// The scoring rules (last-move penalty).
    #[command(flatten)]
    pub rules: RulesArgs,
}

/// Runs `dotbox solve` and returns its output.
pub fn run(args: &SolveArgs) -> Result<String, CliError> {
    set_threads(args.threads)?;
    let (board, pos) = parse_position(&args.board, &args.lines)?;
    // Keeping one layer beyond the position gives its moves' scores.
    let rules = args.rules.rules();
    let mut solve = Solve::with_rules(&board, pos, 1, rules)?;
    match &args.store {
        Some(dir) => {
            let mut store = FsStore::open(dir, &solve.fingerprint())?;
            report(
                args,
                &board,
                pos,
                &mut solve,
                &mut store,
                &format!("store {}", dir.display()),
            )
        }
        None => report(
            args,
            &board,
            pos,
            &mut solve,
            &mut MemoryStore::new(),
            "memory",
        ),
    }
}

fn report(
    args: &SolveArgs,
    board: &Board,
    pos: Position,
    solve: &mut Solve,
    store: &mut dyn TileStore,
    place: &str,
) -> Result<String, CliError> {
    let start = std::time::Instant::now();
    let analysis =
        progress::solve_then(solve, store, |solve, store| Ok(solve.analysis(store, pos)?))?;
    let seconds = start.elapsed().as_secs_f64();
    let rules = args.rules.rules();
    if args.json {
        return Ok(json(board, pos, &analysis, rules, None));
    }
    let p = solve.progress();
    let rate = p.positions_done as f64 / seconds.max(1e-9);
    let summary = format!(
        "solved in {seconds:.2} s: {} positions in {} tiles computed ({rate:.0} positions/s), {} tiles \
         already in the {place}",
        p.positions_done, p.tiles_done, p.tiles_reused
    );
    Ok(human(
        board,
        pos,
        &analysis,
        &with_penalty(&summary, rules),
        None,
    ))
}

/// Sizes the global worker pool once, before any parallel work.
pub fn set_threads(threads: Option<usize>) -> Result<(), CliError> {
    match threads {
        None => Ok(()),
        Some(0) => Err(CliError::Threads("must be at least 1".into())),
        Some(n) => rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build_global()
            .map_err(|e| CliError::Threads(e.to_string())),
    }
}
