//! `dotbox solve`: a full retrograde solve of a position's subgame, resumable from a store
//! directory.

use std::path::{Path, PathBuf};

use clap::Args;
use indicatif::HumanCount;
use serde::Serialize;

use crate::core::{count_text, noun, size_text, Analysis, Board, LoonyFlags, Position, Rules};
use crate::native::{fits_on_disk, progress, CliError, Face};
use crate::retro::{self, RetroError, Solve, Valuation};
use crate::retro::{Reduction, DEFAULT_MIN_CHAIN};
use crate::stderr::note;
use crate::store::MemoryStore;
use crate::store::TileStore;
use crate::store::{FsStore, StoreError};

use super::input::{self, parse_high_groups, parse_min_chain, parse_position, RulesArgs};
use super::output::{human, json_line, with_penalty, AnalysisJson};
use super::pseudo;
use super::resources::{
    parse_size, return_freed_memory, set_memory, set_threads, tiles_share, TILES_SHARE,
};

/// Arguments of `dotbox solve`.
#[derive(Args, Debug)]
pub struct SolveArgs {
    /// The board: RxC (for example 3x4) or icelandic; or a position, `3x4:0,5` (the board
    /// and its drawn lines, in place of --lines); or a game record, quoted (`"3x4 moves a4b4
    /// b1b2"`, as the page exports it): the position its moves reach.
    pub board: String,
    /// Lines drawn in the position to solve, comma-separated: numbers or labels like a1b1.
    #[arg(long, default_value = "", allow_hyphen_values = true)]
    pub lines: String,
    /// Keep finished tiles in this directory; a killed solve rerun with it resumes.
    #[arg(long)]
    pub store: Option<PathBuf>,
    /// Memory the solve may hold (for example 6G or 512M; default: 60 % of the machine's).
    /// A solve larger than this streams its tiles through a store on disk: --store, or else
    /// a temporary directory removed at the end.
    #[arg(long, value_name = "SIZE", value_parser = parse_size, allow_hyphen_values = true)]
    pub memory: Option<u64>,
    /// Split the high lines into this many groups instead of as many as the board's size
    /// calls for (more groups: smaller tiles, more of them), 1 to 7, met as near as the
    /// lines' symmetries allow. A store is bound to its layout.
    #[arg(long, value_name = "N", value_parser = parse_high_groups, allow_negative_numbers = true)]
    pub high_groups: Option<usize>,
    /// Worker threads (default: one per core; at most 1024).
    #[arg(long, allow_negative_numbers = true)]
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
    /// Collapse each chain of at least --min-chain boxes and each loop into one pseudo-line,
    /// as `dotbox analyze --pseudo-lines` does, and solve the reduced subgame (in memory or
    /// through the store, like any solve).
    #[arg(long)]
    pub pseudo_lines: bool,
    /// Fewest boxes of a chain collapsed by --pseudo-lines (at least 3); read only with it.
    #[arg(
        long,
        value_name = "N",
        default_value_t = DEFAULT_MIN_CHAIN,
        value_parser = parse_min_chain,
        allow_negative_numbers = true,
        requires = "pseudo_lines"
    )]
    pub min_chain: usize,
    /// Who names the options in the notes printed on stderr: the Python package's `solve`
    /// has `store=` and `memory=`, not `--store` and `--memory`.
    #[arg(skip)]
    pub face: Face,
}

/// Runs `dotbox solve` and returns its output.
pub fn run(args: &SolveArgs) -> Result<String, CliError> {
    set_threads(args.threads)?;
    let (board, pos) = parse_position(&args.board, &args.lines)?;
    if args.pseudo_lines {
        return run_pseudo(args, &board, pos);
    }
    // Keeping one layer beyond the position gives its moves' scores.
    let rules = args.rules.rules();
    let valuation = match args.loony {
        true => Valuation::Loony,
        false => Valuation::Score,
    };
    let groups = args.high_groups;
    let layout = input::layout(&board, pos, rules, valuation, groups, solve_error(args))?;
    let mut solve = Solve::from_layout(layout, 1);
    with_store(
        &mut solve,
        (args.store.as_deref(), args.memory, args.face),
        |solve, store, kept| report(args, &board, pos, solve, store, kept),
    )
}

/// `dotbox solve --pseudo-lines`: the subgame of `pos` with its chains collapsed, solved
/// through the store like any solve, and the report `dotbox analyze --pseudo-lines` gives.
fn run_pseudo(args: &SolveArgs, board: &Board, pos: Position) -> Result<String, CliError> {
    if args.loony || args.high_groups.is_some() || args.rules.rules() != Rules::default() {
        return Err(CliError::Usage(
            "--pseudo-lines solves plain Dots-and-Boxes with its own layout of units: it \
             cannot be combined with --loony, --high-groups or --last-move-penalty"
                .into(),
        ));
    }
    let reduction = Reduction::new(board, pos, args.min_chain)?;
    let mut solve = retro::pseudo::solve(board, &reduction)?;
    with_store(
        &mut solve,
        (args.store.as_deref(), args.memory, args.face),
        |solve, store, kept| {
            let (analysis, figures) = timed(solve, store, |solve, store| {
                Ok(retro::pseudo::analysis(solve, store, &reduction)?)
            })?;
            if args.json {
                let analysis = pseudo::json_object(board, pos, &reduction, &analysis);
                return Ok(json_line(&SolvedJson {
                    analysis,
                    solve: figures,
                }));
            }
            let source = format!(
                "{}; chains of {}+ boxes and loops as pseudo-lines",
                figures.text(kept),
                args.min_chain
            );
            Ok(pseudo::report(
                board, pos, &reduction, &analysis, &source, false,
            ))
        },
    )
}

/// Runs `work` over the store a solve of this size needs: the store in `dir` if given (and
/// `work` gets its name, "store DIR", for messages: it may hold tiles of an earlier run),
/// else memory when the solve's estimated peak fits `memory` (default: 60 % of the
/// machine's), else a temporary directory removed afterwards (both start empty: `work` gets
/// no name). The solve holds at most `memory` of tiles and tables in any case. Notes on
/// stderr name the options as `face` spells them.
pub fn with_store<T>(
    solve: &mut Solve,
    (dir, memory, face): (Option<&Path>, Option<u64>, Face),
    work: impl FnOnce(&mut Solve, &mut dyn TileStore, Option<&str>) -> Result<T, CliError>,
) -> Result<T, CliError> {
    let memory = set_memory(solve, memory);
    let peak = solve.layout().estimated_peak_bytes();
    match dir {
        Some(dir) => {
            // Before a new store's directory is made.
            fits_on_disk(peak, dir)?;
            let mut store = FsStore::open(dir, &solve.fingerprint())?;
            // A resume that finds every tile it needs computes nothing and holds no step.
            solve.plan(&mut store).map_err(CliError::Solve)?;
            if !solve.is_finished() {
                warn_of_largest_step(solve, memory, face);
                // Said at once: a log read during a long resume otherwise shows nothing of
                // it until the first layer is done.
                let reused = solve.progress().tiles_reused;
                if reused > 0 {
                    note(format!(
                        "resuming: {} of this solve already in {}",
                        count_text(reused as u64, "tile", "tiles"),
                        dir.display()
                    ));
                }
            }
            return_freed_memory();
            let done = work(solve, &mut store, Some(&format!("store {}", dir.display())));
            done.map_err(|e| stopped(e, solve, Some(dir), face))
        }
        None if peak <= memory as f64 => {
            work(solve, &mut MemoryStore::new(), None).map_err(|e| stopped(e, solve, None, face))
        }
        None => {
            // Too large for memory: stream tiles through a temporary store on disk.
            let temp = std::env::temp_dir();
            fits_on_disk(peak, &temp)?;
            warn_of_largest_step(solve, memory, face);
            remove_abandoned_streams(&temp);
            // Removed when dropped, on an error or a panic too; a killed process leaves it
            // to the next streaming solve's sweep.
            let stream = tempfile::Builder::new()
                .prefix(STREAM_PREFIX)
                .tempdir_in(&temp)
                .map_err(|error| CliError::Io {
                    action: "make a temporary store in",
                    path: temp.clone(),
                    error,
                })?;
            let dir = stream.path().to_path_buf();
            note(format!(
                "the solve needs about {}, more than {} of memory: streaming tiles through {} \
                 ({} to keep them and resume)",
                memory_text(peak),
                memory_text(memory as f64),
                dir.display(),
                keep_tiles(face)
            ));
            return_freed_memory();
            FsStore::open(&dir, &solve.fingerprint())
                .map_err(CliError::from)
                .and_then(|mut store| work(solve, &mut store, None))
                .map_err(|e| stream_filled(e, face))
                .map_err(|e| stopped(e, solve, None, face))
        }
    }
}

/// A solve stopped on request ([`crate::native::interrupt`]: Ctrl-C), said with what it
/// kept: the finished tiles in the store the user named (`dir`), which the same command
/// resumes from, or nothing (a store of its own is removed with it). Other errors pass.
fn stopped(e: CliError, solve: &Solve, dir: Option<&Path>, face: Face) -> CliError {
    if !matches!(e, CliError::Solve(RetroError::Stopped)) {
        return e;
    }
    let kept = match dir {
        Some(dir) => {
            let progress = solve.progress();
            let again = match face {
                Face::CommandLine => "run the same command to resume",
                Face::Python => "call it again with the same store= to resume",
            };
            // Tiles of layers the solve is done with are removed as it goes: what is kept is
            // what it still needs.
            format!(
                "the store {} keeps the finished tiles the solve still needs ({} computed in \
                 this run); {again}",
                dir.display(),
                count_text(progress.tiles_done as u64, "tile", "tiles")
            )
        }
        None => format!(
            "nothing is kept ({} to keep finished tiles and resume)",
            keep_tiles(face)
        ),
    };
    CliError::Stopped { kept }
}

/// A full disk under a temporary store, said as it is: the store's own message ("every
/// finished tile is kept ... run the solve again to resume") is true of a store the user
/// named, not of one removed with the solve.
fn stream_filled(e: CliError, face: Face) -> CliError {
    let (CliError::Store(StoreError::QuotaExceeded { context, error })
    | CliError::Solve(RetroError::Store(StoreError::QuotaExceeded { context, error }))) = &e
    else {
        return e;
    };
    CliError::Usage(format!(
        "the disk of the temporary store filled: {context}: {error}; the temporary store is \
         removed with its tiles: free space and solve again, or {} on a disk with room to keep \
         finished tiles and resume",
        keep_tiles(face)
    ))
}

/// How `face` keeps a solve's tiles to resume it: a store the user names.
fn keep_tiles(face: Face) -> &'static str {
    match face {
        Face::CommandLine => "use --store DIR",
        Face::Python => "give store= a directory",
    }
}

/// Name prefix of the temporary stores that solves too large for memory stream through.
const STREAM_PREFIX: &str = "dotbox-solve-";

/// Removes the temporary stores in `temp` of streaming solves that were killed (SIGTERM,
/// kill -9) before they could remove their own: each can hold gigabytes. A store still open
/// in a live process is locked, and left alone.
fn remove_abandoned_streams(temp: &Path) {
    let Ok(entries) = std::fs::read_dir(temp) else {
        return;
    };
    for entry in entries.flatten() {
        let is_stream = entry
            .file_name()
            .to_string_lossy()
            .starts_with(STREAM_PREFIX);
        let dir = entry.path();
        if is_stream && FsStore::is_abandoned(&dir, std::time::Duration::from_secs(60)) {
            let _ = std::fs::remove_dir_all(&dir);
        }
    }
}

/// Warns when one step of a solve streaming through disk must hold more than `memory`: the
/// largest tile with its parents, held whatever the budget.
fn warn_of_largest_step(solve: &Solve, memory: u64, face: Face) {
    if let Some(warning) = step_warning(solve.layout().largest_step_bytes(), memory, face) {
        note(warning);
    }
}

/// The warning for a step of `step` bytes under `memory`, if it is more than the tiles'
/// share of it ([`set_memory`]; the rest is the program's: a step above that share took the
/// process over the limit, a 3x5 solve under 300 MiB holding 318 MiB for a step of 285 MiB
/// with no word of it). It advises the memory that holds the step, rounded up as it is
/// typed, so that the advice taken warns no more.
fn step_warning(step: u64, memory: u64, face: Face) -> Option<String> {
    let share = tiles_share(memory);
    if step <= share {
        return None;
    }
    // Sizes that read alike ("284.7 MiB, more than the 284.7 MiB") are said in bytes.
    let mut sizes = [step, share, memory].map(|bytes| memory_text(bytes as f64));
    if sizes[0] == sizes[1] {
        sizes = [step, share, memory].map(bytes_text);
    }
    let [needed, allowed, memory] = sizes;
    let enough = step.div_ceil(TILES_SHARE.0) * TILES_SHARE.1;
    let advice = match face {
        Face::CommandLine => format!("--memory {}M", enough.div_ceil(1 << 20)),
        Face::Python => format!("memory={enough}"),
    };
    Some(format!(
        "warning: one step of this solve holds a tile, its parents and their indexes, up to \
         {needed}, more than the {allowed} that tiles may take of the {memory} of memory \
         allowed: it will hold that much at times (give {advice} or more)"
    ))
}

/// A number of bytes, in full (`103,424 bytes`).
fn bytes_text(bytes: u64) -> String {
    format!("{} {}", HumanCount(bytes), noun(bytes, "byte", "bytes"))
}

/// A memory size in a solve's messages: as [`size_text`] says it, but in KiB (or bytes)
/// where that would read 0.0 MiB, so that a small `--memory` (`1K`) and the small solve it
/// is compared with are told apart ("needs about 0.0 MiB, more than 0.0 MiB" said nothing).
fn memory_text(bytes: f64) -> String {
    match size_text(bytes) {
        text if bytes <= 0.0 || !text.starts_with("0.0 ") => text,
        _ if bytes < 1024.0 => format!("{bytes:.0} {}", noun(bytes as u64, "byte", "bytes")),
        _ => format!("{:.1} KiB", bytes / 1024.0),
    }
}

fn report(
    args: &SolveArgs,
    board: &Board,
    pos: Position,
    solve: &mut Solve,
    store: &mut dyn TileStore,
    kept: Option<&str>,
) -> Result<String, CliError> {
    let ((analysis, flags), figures) = timed(solve, store, |solve, store| {
        analysis(args, solve, store, pos).map_err(solve_error(args))
    })?;
    let rules = args.rules.rules();
    if args.json {
        let analysis = AnalysisJson::new(
            board,
            pos,
            &analysis,
            rules,
            flags.as_ref(),
            "retro",
            Position::EMPTY,
        );
        return Ok(json_line(&SolvedJson {
            analysis,
            solve: figures,
        }));
    }
    Ok(human(
        board,
        pos,
        &analysis,
        &with_penalty(&figures.text(kept), rules),
        flags.as_ref(),
    ))
}

/// `dotbox solve --json`'s object: the analysis's fields, as `dotbox analyze --json` writes
/// them, then `"solve"`: what the solve did, so that a script timing or sizing solves reads
/// the figures the text report prints.
#[derive(Serialize)]
struct SolvedJson<A: Serialize> {
    #[serde(flatten)]
    analysis: A,
    solve: SolveFigures,
}

/// What a solve did, in the names `dotbox tiles solve --json` uses: how long it took, the
/// positions and tiles it computed, the tiles it found already in its store (a resumed solve,
/// a rerun on a finished store: 0 positions computed), its rate and the process's peak
/// memory while it ran (`None` where the system does not say; where the peak cannot be
/// started again, as off Linux, the process's).
#[derive(Serialize)]
struct SolveFigures {
    seconds: f64,
    positions_computed: u64,
    tiles_computed: usize,
    tiles_reused: usize,
    positions_per_second: u64,
    peak_memory_bytes: Option<u64>,
}

impl SolveFigures {
    /// The line the text report prints: how long the solve took, how many positions and
    /// tiles it computed and how many it found already in the `kept` store (none is named for
    /// a solve in memory or through a temporary store: they start empty), and the peak memory.
    fn text(&self, kept: Option<&str>) -> String {
        let peak = match self.peak_memory_bytes {
            Some(bytes) => format!(", peak memory {}", size_text(bytes as f64)),
            None => String::new(),
        };
        let reused = match kept {
            Some(place) => format!(
                ", {} already in the {place}",
                count_text(self.tiles_reused, "tile", "tiles")
            ),
            None => String::new(),
        };
        format!(
            "solved in {:.2} s: {} {} in {} computed ({} positions/s){reused}{peak}",
            self.seconds,
            HumanCount(self.positions_computed),
            noun(self.positions_computed, "position", "positions"),
            count_text(self.tiles_computed, "tile", "tiles"),
            HumanCount(self.positions_per_second)
        )
    }
}

/// Runs the solve to the end with a progress bar, then `read` from the finished store;
/// returns what it read and the solve's figures.
fn timed<T>(
    solve: &mut Solve,
    store: &mut dyn TileStore,
    read: impl FnMut(&Solve, &mut dyn TileStore) -> Result<T, CliError>,
) -> Result<(T, SolveFigures), CliError> {
    let start = std::time::Instant::now();
    progress::reset_peak_rss();
    let result = progress::solve_then(solve, store, read)?;
    let seconds = start.elapsed().as_secs_f64();
    let p = solve.progress();
    let figures = SolveFigures {
        // To the millisecond, as `dotbox tiles solve --json` gives it.
        seconds: (seconds * 1000.0).round() / 1000.0,
        positions_computed: p.positions_done,
        tiles_computed: p.tiles_done,
        tiles_reused: p.tiles_reused,
        positions_per_second: (p.positions_done as f64 / seconds.max(1e-9)) as u64,
        peak_memory_bytes: progress::peak_rss(),
    };
    Ok((result, figures))
}

/// The position's analysis, with next-loony flags under `--loony`.
///
/// The analysis reads the tiles of the position's children; the position's own tile is read
/// too, so that a resumed solve finds it damaged (and recomputes it) like any tile it reads,
/// rather than leaving it for a later reader; its value must be the best move's.
fn analysis(
    args: &SolveArgs,
    solve: &Solve,
    store: &mut dyn TileStore,
    pos: Position,
) -> Result<(Analysis, Option<LoonyFlags>), RetroError> {
    let (analysis, flags) = match args.loony {
        true => {
            let (analysis, flags) = solve.loony_analysis(store, pos)?;
            (analysis, Some(flags))
        }
        false => (solve.analysis(store, pos)?, None),
    };
    let own = solve.value(store, pos)?;
    if own != analysis.value {
        let (tile, _) = solve.layout().locate(pos)?;
        return Err(RetroError::Store(StoreError::Corrupt {
            tile,
            reason: format!(
                "it holds the value {own} for the position, whose best move scores {}",
                analysis.value
            ),
        }));
    }
    Ok((analysis, flags))
}

/// How a solver error reads: under `--loony`, as the loony analysis's.
fn solve_error(args: &SolveArgs) -> impl Fn(RetroError) -> CliError {
    let loony = args.loony;
    move |e| match loony {
        true => CliError::Loony(e),
        false => CliError::from(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The memory a step warning advises holds the step: taken, it warns no more; and the
    /// two sizes it compares never read alike.
    #[test]
    fn the_memory_a_step_warning_advises_holds_the_step() {
        for step in [
            102_544,
            10 << 20,
            298_530_000,
            (284_700_000u64 << 3) + 7,
            3 << 30,
        ] {
            for memory in [step / 2, step, tiles_share(step) + step / 17] {
                let Some(warning) = step_warning(step, memory, Face::CommandLine) else {
                    continue;
                };
                let advised = warning
                    .split("give --memory ")
                    .nth(1)
                    .and_then(|rest| rest.split(' ').next())
                    .unwrap_or_else(|| panic!("no advice: {warning}"));
                let advised = parse_size(advised).unwrap();
                assert_eq!(
                    step_warning(step, advised, Face::CommandLine),
                    None,
                    "{warning}"
                );
                let python = step_warning(step, memory, Face::Python).unwrap();
                let bytes: u64 = python.split("memory=").nth(1).unwrap()[..]
                    .split(' ')
                    .next()
                    .unwrap()
                    .parse()
                    .unwrap();
                assert_eq!(step_warning(step, bytes, Face::Python), None, "{python}");
                let sizes = warning.split("up to ").nth(1).unwrap();
                let (needed, rest) = sizes.split_once(", more than the ").unwrap();
                assert!(!rest.starts_with(&format!("{needed} ")), "{warning}");
            }
        }
    }
}
