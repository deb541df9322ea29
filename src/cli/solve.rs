//! `dotbox solve`: a full retrograde solve of a position's subgame, resumable from a store
//! directory.

use std::path::PathBuf;

use clap::Args;

use crate::core::{Analysis, Board, LoonyFlags, Position};
use crate::retro::{RetroError, Solve, Valuation};
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
    /// Store with every score who must make the next loony move and print the `v`/`^`
    /// suffixes, as `dotbox analyze --loony` (tiles twice the size, in a store of their own).
    #[arg(long)]
    pub loony: bool,
}

/// Runs `dotbox solve` and returns its output.
pub fn run(args: &SolveArgs) -> Result<String, CliError> {
    set_threads(args.threads)?;
    let (board, pos) = parse_position(&args.board, &args.lines)?;
    // Keeping one layer beyond the position gives its moves' scores.
    let rules = args.rules.rules();
    let valuation = match args.loony {
        true => Valuation::Loony,
        false => Valuation::Score,
    };
    let mut solve =
        Solve::with_valuation(&board, pos, 1, rules, valuation).map_err(solve_error(args))?;
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
    let (analysis, flags) = progress::solve_then(solve, store, |solve, store| {
        analysis(args, solve, store, pos).map_err(solve_error(args))
    })?;
    let seconds = start.elapsed().as_secs_f64();
    let rules = args.rules.rules();
    if args.json {
        return Ok(json(board, pos, &analysis, rules, flags.as_ref()));
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
        flags.as_ref(),
    ))
}

/// The position's analysis, with next-loony flags under `--loony`.
fn analysis(
    args: &SolveArgs,
    solve: &Solve,
    store: &mut dyn TileStore,
    pos: Position,
) -> Result<(Analysis, Option<LoonyFlags>), RetroError> {
    if args.loony {
        let (analysis, flags) = solve.loony_analysis(store, pos)?;
        Ok((analysis, Some(flags)))
    } else {
        Ok((solve.analysis(store, pos)?, None))
    }
}

/// How a solver error reads: under `--loony`, as the loony analysis's.
fn solve_error(args: &SolveArgs) -> impl Fn(RetroError) -> CliError {
    let loony = args.loony;
    move |e| match loony {
        true => CliError::Loony(e),
        false => CliError::from(e),
    }
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
