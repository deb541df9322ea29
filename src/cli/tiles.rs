//! `dotbox tiles`: a solve split into tasks that any scheduler can run, one layer at a time.
//!
//! A *layer* is the set of positions with the same number of lines drawn beyond the solved
//! position (its `--lines` and the board's pre-drawn lines): layer 0 is the position itself,
//! the top layer (its open line count) the full board. A *task* is one tile of a layer, and
//! the tasks of a layer are numbered from 0 in the order `dotbox solve` computes them. A
//! layer's tiles read only tiles of the layer above, so every task of a layer can run at
//! once, on any machine that sees the store directory, once the layer above is finished:
//! `list` says what the tasks are, `solve` runs a range of them, `check` finishes a layer.

use std::fmt::Write as _;
use std::ops::Range;
use std::path::PathBuf;
use std::time::Instant;

use clap::{Args, Subcommand};
use serde_json::json;

use crate::core::{count_text, noun};
use crate::native::CliError;
use crate::retro::{Layout, RetroError, Solve, Stored, Valuation};
use crate::store::{Access, FsStore};
use crate::store::{StoreError, TileId, TileStore};

use super::input::{self, parse_high_groups, parse_position, RulesArgs};
use super::resources::{parse_size, set_memory, set_threads};

/// The `dotbox tiles` commands.
#[derive(Subcommand, Debug)]
pub enum TilesCommand {
    /// Every layer of the solve, from the full board down, as a JSON array: one object per layer
    /// with its tasks, positions, bytes written (all tiles, and the largest) and bytes read
    /// (the parents of each of its tiles).
    Layers(LayersArgs),
    /// The tasks of a layer, as JSON: one object per task with its tile, positions, bytes and
    /// the tiles it reads.
    List(ListArgs),
    /// Run tasks of a layer: compute each task's tile from the layer above in the store and
    /// save it. Tiles already stored intact are skipped, so a task may run again.
    Solve(TaskArgs),
    /// Finish a layer: check that every tile is in the store and intact (exit code 2 and
    /// the missing or damaged tiles named otherwise).
    Check(CheckArgs),
}

/// What identifies a solve: the same as `dotbox solve` takes, so both share a store.
#[derive(Args, Debug)]
pub struct SolveSpec {
    /// The board: RxC (for example 3x4) or icelandic; or a position, `3x4:0,5` (the board
    /// and its drawn lines, in place of --lines); or a game record, quoted (`"3x4 moves a4b4
    /// b1b2"`): the position its moves reach.
    pub board: String,
    /// Lines drawn in the position to solve, comma-separated: numbers or labels like a1b1.
    #[arg(long, default_value = "", allow_hyphen_values = true)]
    pub lines: String,
    /// Split the high lines into this many groups, 1 to 7 (see `dotbox solve --high-groups`).
    #[arg(long, value_name = "N", value_parser = parse_high_groups, allow_negative_numbers = true)]
    pub high_groups: Option<usize>,
    /// The scoring rules (last-move penalty).
    #[command(flatten)]
    pub rules: RulesArgs,
    /// Store who must make the next loony move with every score (`dotbox solve --loony`).
    #[arg(long)]
    pub loony: bool,
}

/// A solve and one of its layers.
#[derive(Args, Debug)]
pub struct LayerSpec {
    /// The solve.
    #[command(flatten)]
    pub solve: SolveSpec,
    /// The layer: lines drawn beyond the position (0 the position, the open line count the
    /// full board).
    #[arg(long, value_name = "K", allow_negative_numbers = true)]
    pub layer: u32,
}

/// Arguments of `dotbox tiles layers`.
#[derive(Args, Debug)]
pub struct LayersArgs {
    /// The solve.
    #[command(flatten)]
    pub spec: SolveSpec,
    /// Estimate positions and bytes from the group sizes (symmetric positions and block
    /// padding left out) instead of counting every tile's blocks, which on the largest
    /// boards (4x5 and up) walks every position's high lines.
    #[arg(long)]
    pub estimate: bool,
}

/// Arguments of `dotbox tiles list`.
#[derive(Args, Debug)]
pub struct ListArgs {
    /// The solve and the layer.
    #[command(flatten)]
    pub spec: LayerSpec,
}

/// Arguments of `dotbox tiles solve`.
#[derive(Args, Debug)]
pub struct TaskArgs {
    /// The solve and the layer.
    #[command(flatten)]
    pub spec: LayerSpec,
    /// The tasks to run: `A..B` (A up to B, B excluded) or one task `A`.
    #[arg(long, value_name = "A..B", value_parser = parse_tasks, allow_negative_numbers = true)]
    pub tasks: Range<usize>,
    /// The store directory, shared by every task of the solve: created by the first task
    /// (the one tile of the full board's layer); the other tasks refuse a directory with no
    /// store.
    #[arg(long)]
    pub store: PathBuf,
    /// Memory the task may hold (for example 6G; default: 60 % of the machine's).
    #[arg(long, value_name = "SIZE", value_parser = parse_size, allow_hyphen_values = true)]
    pub memory: Option<u64>,
    /// Worker threads (default: one per core; at most 1024).
    #[arg(long, allow_negative_numbers = true)]
    pub threads: Option<usize>,
    /// The summary as one JSON object (for schedulers such as the Dask driver): `layer`,
    /// `tasks` ([A, B]), `tiles_computed`, `positions_computed`, `tiles_reused`, `seconds`.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `dotbox tiles check`.
#[derive(Args, Debug)]
pub struct CheckArgs {
    /// The solve and the layer.
    #[command(flatten)]
    pub spec: LayerSpec,
    /// The store directory (made by the layer's tasks: a directory with no store is refused).
    #[arg(long)]
    pub store: PathBuf,
    /// Once the layer is found complete, remove the layer above it from the store if that
    /// layer lies deeper than N (nothing but this layer reads it). `dotbox solve` keeps N = 1:
    /// the position and its moves; N is at least 1, as without the moves' layer `dotbox
    /// solve` of the store would compute the whole solve again.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..), allow_negative_numbers = true)]
    pub keep: Option<u32>,
}

/// Runs a `dotbox tiles` command and returns its output.
pub fn run(command: &TilesCommand) -> Result<String, CliError> {
    match command {
        TilesCommand::Layers(args) => layers(args),
        TilesCommand::List(args) => list(args),
        TilesCommand::Solve(args) => solve(args),
        TilesCommand::Check(args) => check(args),
    }
}

/// A solve of the spec's position that keeps every layer (tasks never remove tiles).
fn plan(spec: &SolveSpec) -> Result<Solve, CliError> {
    let (board, pos) = parse_position(&spec.board, &spec.lines)?;
    let valuation = match spec.loony {
        true => Valuation::Loony,
        false => Valuation::Score,
    };
    let rules = spec.rules.rules();
    let layout = input::layout(
        &board,
        pos,
        rules,
        valuation,
        spec.high_groups,
        CliError::from,
    )?;
    let top = layout.open_count();
    Ok(Solve::from_layout(layout, top))
}

/// [`plan`] and the tiles of the spec's layer, in task order.
fn plan_layer(spec: &LayerSpec) -> Result<(Solve, Vec<TileId>), CliError> {
    let solve = plan(&spec.solve)?;
    let top = solve.layout().open_count();
    if spec.layer > top {
        return Err(CliError::Usage(format!(
            "--layer {}: the solve has layers 0 (the position) to {top} (the full board)",
            spec.layer
        )));
    }
    let tiles = layer_tiles(solve.layout(), spec.layer);
    Ok((solve, tiles))
}

/// The tiles of layer `layer`, in task order (the order `dotbox solve` computes them).
fn layer_tiles(layout: &Layout, layer: u32) -> Vec<TileId> {
    let tiles = layout.tiles().into_iter();
    tiles.filter(|t| t.lines() == layer).collect()
}

fn layers(args: &LayersArgs) -> Result<String, CliError> {
    let solve = plan(&args.spec)?;
    let layout = solve.layout();
    let top = layout.open_count();
    let mut by_layer = vec![Vec::new(); top as usize + 1];
    for tile in layout.tiles() {
        by_layer[tile.lines() as usize].push(tile);
    }
    let estimates = layout.layer_estimates();
    let planes = layout.valuation().planes() as f64;
    let mut out = String::from("[\n");
    for layer in (0..=top).rev() {
        let tiles = &by_layer[layer as usize];
        let bytes = |t: TileId| match args.estimate {
            true => (layout.tile_estimate(t) * planes).round() as u64,
            false => layout.tile_bytes(t) as u64,
        };
        let positions: u64 = match args.estimate {
            true => estimates[layer as usize].round() as u64,
            false => tiles.iter().map(|&t| layout.tile_positions(t)).sum(),
        };
        let object = json!({
            "layer": layer,
            "tasks": tiles.len(),
            "positions": positions,
            "bytes": tiles.iter().map(|&t| bytes(t)).sum::<u64>(),
            "largest_tile_bytes": tiles.iter().map(|&t| bytes(t)).max(),
            "read_bytes": tiles
                .iter()
                .flat_map(|&t| layout.parents(t))
                .map(bytes)
                .sum::<u64>(),
        });
        let comma = if layer > 0 { "," } else { "" };
        let _ = writeln!(out, "  {object}{comma}");
    }
    out.push_str("]\n");
    Ok(out)
}

/// `[c0, c1, ..]`: a tile as its line counts per group (high groups first, the low group
/// last), as in the store's file names.
fn counts(tile: TileId) -> serde_json::Value {
    json!(tile.counts())
}

fn list(args: &ListArgs) -> Result<String, CliError> {
    let (solve, tiles) = plan_layer(&args.spec)?;
    let layout = solve.layout();
    let mut out = String::from("[\n");
    for (task, &tile) in tiles.iter().enumerate() {
        let parents: Vec<_> = layout.parents(tile).into_iter().map(counts).collect();
        let object = json!({
            "task": task,
            "tile": counts(tile),
            "positions": layout.tile_positions(tile),
            "bytes": layout.tile_bytes(tile),
            "parents": parents,
        });
        let comma = if task + 1 < tiles.len() { "," } else { "" };
        let _ = writeln!(out, "  {object}{comma}");
    }
    out.push_str("]\n");
    Ok(out)
}

fn solve(args: &TaskArgs) -> Result<String, CliError> {
    set_threads(args.threads)?;
    let layer = args.spec.layer;
    let (mut solve, tiles) = plan_layer(&args.spec)?;
    let Range { start, end } = args.tasks.clone();
    let count = tiles.len();
    // A..B is half-open, as in Rust: tasks A to B - 1.
    let problem = if start >= end {
        Some("holds no task (A..B runs from task A to task B - 1)")
    } else if end > count {
        Some("goes past the layer's last task")
    } else {
        None
    };
    if let Some(problem) = problem {
        // Quoted as given: one task `A` is the range A..A+1.
        let asked = match start.checked_add(1) == Some(end) {
            true => format!("--tasks {start}"),
            false => format!("--tasks {start}..{end}"),
        };
        let has = match count {
            0 => "no task".to_string(),
            1 => "one task, task 0".to_string(),
            _ => format!("tasks 0..{count}, task 0 to task {}", count - 1),
        };
        return Err(CliError::Usage(format!(
            "{asked} {problem}: layer {layer} has {has}"
        )));
    }
    set_memory(&mut solve, args.memory);
    let fingerprint = solve.fingerprint();
    let top = solve.layout().open_count();
    // The first task makes the store; a later one given a directory with none (a typo, a
    // share not mounted) must not make an empty one and then find every parent missing.
    let mut store = match layer == top {
        true => FsStore::open_with(&args.store, &fingerprint, Access::Shared)?,
        false => FsStore::open_existing(&args.store, &fingerprint, Access::Shared).map_err(
            |e| match e {
                e @ StoreError::NotFound { .. } => CliError::Usage(format!(
                    "{e}: the first task, of layer {top} (the full board), creates it"
                )),
                e => e.into(),
            },
        )?,
    };
    let began = Instant::now();
    solve
        .solve_tiles(&tiles[start..end], &mut store)
        .map_err(|e| parent_error(e, solve.layout(), layer, args))?;
    let p = solve.progress();
    let seconds = began.elapsed().as_secs_f64();
    if args.json {
        let object = json!({
            "layer": layer,
            "tasks": [start, end],
            "tiles_computed": p.tiles_done,
            "positions_computed": p.positions_done,
            "tiles_reused": p.tiles_reused,
            "seconds": (seconds * 1000.0).round() / 1000.0,
        });
        return Ok(format!("{object}\n"));
    }
    Ok(format!(
        "layer {layer}, tasks {start}..{end}: {} computed ({} in {seconds:.2} s, \
         {:.0} positions/s), {} already in the store\n",
        count_text(p.tiles_done, "tile", "tiles"),
        count_text(p.positions_done, "position", "positions"),
        p.positions_done as f64 / seconds.max(1e-9),
        p.tiles_reused
    ))
}

/// A task's failure, saying what to do when a parent (a tile of the layer above) is missing
/// or damaged: run the parent's task again. That task reads the layer above it in turn,
/// which `tiles check --keep` may have removed; then only a solve from the full board
/// down (`dotbox solve --store`, on the same store) brings it back, and the message says so.
fn parent_error(e: RetroError, layout: &Layout, layer: u32, args: &TaskArgs) -> CliError {
    let above = layer + 1;
    let store = args.store.display();
    match e {
        RetroError::NotSolved(parent) => CliError::Usage(format!(
            "{parent} of layer {above} is missing from the store {store}: layer {above} must \
             be finished (dotbox tiles check --layer {above}) before layer {layer} runs; if it \
             was finished and then removed (tiles check --keep), `dotbox solve` of the same \
             position with --store {store} recomputes what is missing"
        )),
        RetroError::Store(StoreError::Corrupt { tile, reason }) if tile.lines() == above => {
            let task = layer_tiles(layout, above)
                .iter()
                .position(|&t| t == tile)
                .map_or("its task".into(), |n| format!("task {n} (--tasks {n})"));
            CliError::Usage(format!(
                "{tile} of layer {above} in the store {store} is damaged ({reason}): run {task} \
                 of layer {above} again; if layer {}, which it reads, is gone (removed by tiles \
                 check --keep), `dotbox solve` of the same position with --store {store} \
                 recomputes what is missing",
                above + 1
            ))
        }
        other => other.into(),
    }
}

fn check(args: &CheckArgs) -> Result<String, CliError> {
    let layer = args.spec.layer;
    let (solve, tiles) = plan_layer(&args.spec)?;
    // A check only reads (and with --keep removes): it never makes a store.
    let mut store =
        FsStore::open_existing(&args.store, &solve.fingerprint(), Access::ExclusiveWhenFree)?;
    let mut problems = Vec::new();
    for (task, &tile) in tiles.iter().enumerate() {
        match solve.stored(tile, &mut store)? {
            Stored::Intact => {}
            Stored::Missing => problems.push(format!("task {task}, {tile}: missing")),
            Stored::Damaged(why) => problems.push(format!("task {task}, {tile}: damaged ({why})")),
        }
    }
    if !problems.is_empty() {
        return Err(CliError::Usage(format!(
            "layer {layer} of the store {} is not finished: {} of its {} {} missing or \
             damaged (run their tasks again):\n  {}",
            args.store.display(),
            problems.len(),
            count_text(tiles.len(), "tile", "tiles"),
            noun(problems.len(), "is", "are"),
            problems.join("\n  ")
        )));
    }
    let layout = solve.layout();
    let positions: u64 = tiles.iter().map(|&t| layout.tile_positions(t)).sum();
    let mut out = format!(
        "layer {layer}: {} intact ({})\n",
        match tiles.len() {
            1 => "its one tile".to_string(),
            n => format!("all {n} tiles"),
        },
        count_text(positions, "position", "positions")
    );
    let above = layer + 1;
    if let Some(keep) = args
        .keep
        .filter(|&keep| above > keep && above <= layout.open_count())
    {
        for tile in layout.tiles().into_iter().filter(|t| t.lines() == above) {
            store.remove(tile)?;
        }
        let _ = writeln!(out, "layer {above} removed (deeper than --keep {keep})");
    }
    Ok(out)
}

/// `A..B` or `A`, a range of task numbers.
fn parse_tasks(text: &str) -> Result<Range<usize>, String> {
    let number = |s: &str| {
        s.trim()
            .parse::<usize>()
            .map_err(|_| format!("'{text}' is not a task range such as 0..8 or a task number"))
    };
    match text.split_once("..") {
        Some((a, b)) => Ok(number(a)?..number(b)?),
        // Task A is A..A+1, which the largest number has no room for (it wrapped to A..0).
        None => {
            let a = number(text)?;
            a.checked_add(1)
                .map(|b| a..b)
                .ok_or_else(|| format!("task {a} is past every layer's tasks"))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::parse_tasks;

    #[test]
    fn task_ranges_parse_and_bad_ones_say_why() {
        assert_eq!(parse_tasks("0..8"), Ok(0..8));
        assert_eq!(parse_tasks("5"), Ok(5..6));
        for bad in ["", "a..b", "3..", "-1", "1..2..3"] {
            let e = parse_tasks(bad).unwrap_err();
            assert!(e.contains("task range"), "{bad}: {e}");
        }
        let e = parse_tasks(&usize::MAX.to_string()).unwrap_err();
        assert!(e.contains(&format!("task {}", usize::MAX)), "{e}");
    }
}
