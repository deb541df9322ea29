//! indicatif progress bars with rate and ETA, drawn on stderr (hidden when it is not a
//! terminal), and the solver run that feeds them.

use std::fmt;
use std::time::{Duration, Instant};

use indicatif::{HumanCount, HumanDuration, ProgressBar, ProgressState, ProgressStyle};

use crate::core::{noun, size_text};
use crate::retro::{Repair, RetroError, Solve};
use crate::stderr::note;
use crate::store::TileStore;

use super::error::CliError;

/// A bar counting `unit` up to `total`, with elapsed time, rate and ETA.
pub fn bar(message: &str, total: u64, unit: &str) -> ProgressBar {
    let bar = ProgressBar::new(total);
    let template =
        format!("{{msg}} [{{elapsed_precise}}] {{wide_bar}} {{human_pos}}/{{human_len}} {unit} ({{rate}}, ETA {{eta}})");
    let style = ProgressStyle::with_template(&template)
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .with_key("rate", |state: &ProgressState, w: &mut dyn fmt::Write| {
            let _ = write!(w, "{}/s", HumanCount(state.per_sec() as u64));
        })
        // No ETA before 1 % is done ([`past_one_percent`]), as in the layer lines.
        .with_key("eta", |state: &ProgressState, w: &mut dyn fmt::Write| {
            let _ = match state
                .len()
                .is_some_and(|len| past_one_percent(state.pos(), len))
            {
                true => write!(w, "{}", HumanDuration(state.eta())),
                false => write!(w, "after 1 %"),
            };
        });
    bar.set_style(style);
    bar.set_message(message.to_string());
    bar
}

/// A count of `unit` with elapsed time and rate, for work whose total is not known (a bar
/// drew "…/0" and an ETA that never came).
pub fn counter(message: &str, unit: &str) -> ProgressBar {
    let bar = ProgressBar::new_spinner();
    let template = format!("{{msg}} [{{elapsed_precise}}] {{human_pos}} {unit} ({{rate}})");
    let style = ProgressStyle::with_template(&template)
        .unwrap_or_else(|_| ProgressStyle::default_spinner())
        .with_key("rate", |state: &ProgressState, w: &mut dyn fmt::Write| {
            let _ = write!(w, "{}/s", HumanCount(state.per_sec() as u64));
        });
    bar.set_style(style);
    bar.set_message(message.to_string());
    bar
}

/// Runs `solve` to the end over `store` with a bar of positions computed, then `query`.
///
/// A tile that the query finds damaged is repaired ([`Solve::repair`]: removed, then
/// recomputed by running the solve again) before the query is retried, with a warning.
pub fn solve_then<T>(
    solve: &mut Solve,
    store: &mut dyn TileStore,
    mut query: impl FnMut(&Solve, &mut dyn TileStore) -> Result<T, CliError>,
) -> Result<T, CliError> {
    let mut repairs = 0;
    loop {
        run(solve, store)?;
        match query(solve, store) {
            Err(CliError::Solve(e)) if repairs < solve.layout().tiles().len() => {
                let repair = solve.repair(store, e)?;
                repairs += 1;
                note(repaired(&repair));
            }
            other => return other,
        }
    }
}

/// Whether `done` of `total` is at least 1 %: before, there is no ETA (a solve's first layers
/// are tiny and slow per position, and an ETA from them says weeks for a solve of seconds).
fn past_one_percent(done: u64, total: u64) -> bool {
    total > 0 && done.saturating_mul(100) >= total
}

/// Solves of at least this many positions (several seconds) print a line per layer.
const LAYER_LINES_FROM: u64 = 1_000_000_000;

/// Runs `solve` to the end over `store` with a bar of positions computed and, for solves of
/// at least `LAYER_LINES_FROM` positions, one line per finished layer on stderr: its
/// positions, time, rate, the memory held, the disk used and the time left. The command
/// line's [`crate::retro::Runner`] for the in-memory analyses. A solve already planned (by
/// its caller, against this `store`) is not planned again: that asks the store for every tile.
/// Before each tile it looks at [`super::interrupt`], and stops with [`RetroError::Stopped`]
/// when asked to.
pub fn run(solve: &mut Solve, store: &mut dyn TileStore) -> Result<(), RetroError> {
    let start = Instant::now();
    if !solve.is_planned() {
        solve.plan(store)?;
    }
    // Made once the plan knows its length: not drawn as 0/0 meanwhile.
    let bar = bar("solving", solve.progress().positions_total, "positions");
    // The layer being computed: its line count, positions done before it, its start.
    let mut layer = solve
        .next_task()
        .map(|t| (t.tile.lines(), 0u64, Instant::now()));
    let mut peak_disk: Option<u64> = None;
    loop {
        if super::interrupt::requested() {
            bar.finish_and_clear();
            return Err(RetroError::Stopped);
        }
        let finished = solve.step(store)?;
        for repair in solve.take_repairs() {
            say(&bar, repaired(&repair));
        }
        let p = solve.progress();
        bar.set_length(p.positions_total);
        bar.set_position(p.positions_done);
        let next = solve.next_task().map(|t| t.tile.lines());
        // Disk peaks inside a layer too: sample it every few tiles (a directory listing).
        if p.tiles_done.is_multiple_of(32) {
            peak_disk = peak_disk.max(store.stored_bytes());
        }
        let report = p.positions_total >= LAYER_LINES_FROM;
        if let Some((lines, from, since)) = layer.filter(|l| report && Some(l.0) != next) {
            let positions = p.positions_done - from;
            let seconds = since.elapsed().as_secs_f64();
            let overall = p.positions_done as f64 / start.elapsed().as_secs_f64().max(1e-9);
            let left = (p.positions_total - p.positions_done) as f64 / overall.max(1.0);
            let eta = match past_one_percent(p.positions_done, p.positions_total) {
                true => format!("ETA {}", HumanDuration(Duration::from_secs_f64(left))),
                false => "ETA after 1 %".to_string(),
            };
            let disk = store.stored_bytes();
            peak_disk = peak_disk.max(disk);
            let disk = disk.map_or(String::new(), |b| {
                format!(", {} on disk", size_text(b as f64))
            });
            let line = format!(
                "layer {lines:>2}: {} {} in {seconds:.1} s ({}/s), {} held{disk}, {eta}",
                HumanCount(positions),
                noun(positions, "position", "positions"),
                HumanCount((positions as f64 / seconds.max(1e-9)) as u64),
                size_text(solve.memory_in_use() as f64),
            );
            say(&bar, line);
            layer = next.map(|l| (l, p.positions_done, Instant::now()));
        }
        if finished {
            break;
        }
    }
    bar.finish_and_clear();
    if let Some(peak) = peak_disk.filter(|_| solve.progress().positions_total >= LAYER_LINES_FROM) {
        note(format!(
            "peak disk use of the store: {}",
            size_text(peak as f64)
        ));
    }
    Ok(())
}

/// The warning of a damaged tile the solve recomputes, the one wording of both places that
/// repair one.
fn repaired(Repair { tile, reason }: &Repair) -> String {
    format!("warning: {tile} is damaged ({reason}); recomputing it")
}

/// Prints `line` on stderr above `bar`; a hidden bar (stderr not a terminal) prints nothing,
/// so the line goes to stderr itself, for the log. Either way a stderr that cannot take it
/// ([`note`]: a closed pipe) drops it and the solve goes on.
fn say(bar: &ProgressBar, line: String) {
    match bar.is_hidden() {
        true => note(line),
        false => bar.println(line),
    }
}

/// Starts the process's peak resident memory ([`peak_rss`]) again from what it holds now, so
/// that the peak read after a piece of work is that work's: a process that solves more than
/// once (the Python package, a notebook) reported the largest peak of its whole life (Linux's
/// `clear_refs` 5). Where the system does not allow it nothing changes: the peak is then the
/// process's. The peak is the process's own, so a host that reads it too (`getrusage`'s
/// `ru_maxrss`) sees it restarted, and two solves at once on two threads share one peak.
pub fn reset_peak_rss() {
    // Not allowed or not Linux: the peak read stays the process's, as documented.
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

/// The process's peak resident memory in bytes (`VmHWM` of `/proc/self/status`), where the
/// system reports it: since the process started, or since [`reset_peak_rss`].
pub fn peak_rss() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Board;
    use crate::store::{MemoryStore, StoreError, TileData, TileId};

    /// A store in memory that counts the tiles it is asked about.
    #[derive(Default)]
    struct Counting {
        tiles: MemoryStore,
        asked: usize,
    }

    impl TileStore for Counting {
        fn load(&mut self, tile: TileId) -> Result<Option<TileData>, StoreError> {
            self.tiles.load(tile)
        }
        fn save(&mut self, tile: TileId, data: &TileData) -> Result<(), StoreError> {
            self.tiles.save(tile, data)
        }
        fn contains(&mut self, tile: TileId) -> Result<bool, StoreError> {
            self.asked += 1;
            self.tiles.contains(tile)
        }
        fn remove(&mut self, tile: TileId) -> Result<(), StoreError> {
            self.tiles.remove(tile)
        }
        fn bind(&mut self, fingerprint: &str) -> Result<(), StoreError> {
            self.tiles.bind(fingerprint)
        }
    }

    #[test]
    fn a_solve_planned_by_its_caller_asks_the_store_for_each_tile_once() {
        let board = Board::parse("2x3").unwrap();
        let asked = |plan_first: bool| {
            let mut solve = Solve::new(&board, board.start(), 99).unwrap();
            let mut store = Counting::default();
            if plan_first {
                solve.plan(&mut store).unwrap();
            }
            run(&mut solve, &mut store).unwrap();
            assert!(solve.is_finished());
            store.asked
        };
        let once = asked(false);
        assert!(once > 1);
        assert_eq!(asked(true), once);
    }
}
