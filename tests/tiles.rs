//! `dotbox tiles`: a solve split into tasks, run layer by layer as separate processes, ends
//! with the bytes of the one-process `dotbox solve --store`, also when a task is killed
//! mid-write and run again; the layer check names every missing or damaged tile; a task
//! refuses to run over a missing or damaged parent, naming it.

mod common;

use std::path::Path;

use common::cli::{failure, file_names, kill_when, stdout};
use dotbox::core::{Board, Position, Rules};
use dotbox::retro::{Layout, Valuation};
use serde_json::Value;

/// Every file of a store directory with its bytes, sorted by name (no task running).
fn files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    file_names(dir)
        .into_iter()
        .map(|name| {
            let bytes = std::fs::read(dir.join(&name)).unwrap();
            (name, bytes)
        })
        .collect()
}

/// `tiles layers` of a solve, from the full board down.
fn layers(spec: &[&str]) -> Vec<Value> {
    let text = stdout(&[&["tiles", "layers"], spec].concat());
    serde_json::from_str::<Value>(&text)
        .unwrap()
        .as_array()
        .unwrap()
        .clone()
}

/// The `args` of a `dotbox tiles` command on the solve `spec`, layer `layer`.
fn tiles_args<'a>(
    command: &'a str,
    spec: &[&'a str],
    layer: &'a str,
    rest: &[&'a str],
) -> Vec<&'a str> {
    [&["tiles", command], spec, &["--layer", layer], rest].concat()
}

/// Runs the tasks of one layer (an entry of `tiles layers`) in ranges of `chunk` into
/// `store`, then checks the layer (dropping the one above past layer 1, as `dotbox solve` does).
fn solve_layer(spec: &[&str], layer: &Value, store: &str, chunk: usize) {
    let k = layer["layer"].to_string();
    let tasks = layer["tasks"].as_u64().unwrap() as usize;
    for a in (0..tasks).step_by(chunk) {
        let range = format!("{a}..{}", a.saturating_add(chunk).min(tasks));
        stdout(&tiles_args(
            "solve",
            spec,
            &k,
            &["--tasks", &range, "--store", store],
        ));
    }
    stdout(&tiles_args(
        "check",
        spec,
        &k,
        &["--store", store, "--keep", "1"],
    ));
}

/// Runs all tasks of each of `layers` (entries of `tiles layers`) into `store`, one command
/// a layer, with no check (every tile of those layers stays); each command's JSON summary
/// counts every task, and where none was stored before, every position of the layer.
fn solve_all_tasks(spec: &[&str], layers: &[Value], store: &str) {
    for layer in layers {
        let k = layer["layer"].to_string();
        let range = format!("0..{}", layer["tasks"]);
        let out = stdout(&tiles_args(
            "solve",
            spec,
            &k,
            &["--tasks", &range, "--store", store, "--json"],
        ));
        let summary: Value = serde_json::from_str(&out).unwrap();
        assert_eq!(summary["layer"], layer["layer"], "{out}");
        assert_eq!(
            summary["tasks"],
            serde_json::json!([0, layer["tasks"]]),
            "{out}"
        );
        let tiles = summary["tiles_computed"].as_u64().unwrap();
        let reused = summary["tiles_reused"].as_u64().unwrap();
        assert_eq!(tiles + reused, layer["tasks"].as_u64().unwrap(), "{out}");
        if reused == 0 {
            assert_eq!(summary["positions_computed"], layer["positions"], "{out}");
        }
    }
}

/// Runs every layer of the solve `spec` as tasks in ranges of `chunk` into `store`, each layer
/// checked before the next.
fn solve_by_tasks(spec: &[&str], store: &str, chunk: usize) {
    for layer in layers(spec) {
        solve_layer(spec, &layer, store, chunk);
    }
}

#[test]
fn tasks_give_the_bytes_of_the_one_process_solve() {
    for (spec, chunk) in [
        (&["3x3"][..], 1),
        (
            &[
                "3x3",
                "--lines",
                "0,13",
                "--high-groups",
                "3",
                "--last-move-penalty",
                "2",
            ][..],
            4,
        ),
        (&["2x3", "--loony"][..], 2),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let (tasks, whole) = (dir.path().join("tasks"), dir.path().join("whole"));
        solve_by_tasks(spec, tasks.to_str().unwrap(), chunk);
        stdout(&[&["solve"], spec, &["--store", whole.to_str().unwrap()]].concat());
        let (a, b) = (files(&tasks), files(&whole));
        assert!(a.len() > 1, "{spec:?}: {a:?}");
        assert_eq!(a, b, "{spec:?}: tasks and the one-process solve differ");
    }
}

#[test]
fn layers_count_the_tiles_list_shows_and_estimates_come_close() {
    let spec = ["3x3", "--lines", "5", "--high-groups", "2"];
    let exact = layers(&spec);
    let estimated = layers(&[&spec[..], &["--estimate"]].concat());
    assert_eq!(exact.len(), 24);
    for (e, s) in exact.iter().zip(&estimated) {
        let k = e["layer"].to_string();
        let list: Value =
            serde_json::from_str(&stdout(&tiles_args("list", &spec, &k, &[]))).unwrap();
        let list = list.as_array().unwrap();
        assert_eq!(e["tasks"], list.len());
        assert_eq!(s["tasks"], list.len());
        let sum = |key: &str| list.iter().map(|t| t[key].as_u64().unwrap()).sum::<u64>();
        assert_eq!(e["positions"], sum("positions"), "layer {k}");
        assert_eq!(e["bytes"], sum("bytes"), "layer {k}");
        let (exact, estimate) = (sum("positions") as f64, s["positions"].as_f64().unwrap());
        // Symmetric positions are what the estimate leaves out: at most the symmetries' share.
        assert!(
            estimate <= exact * 1.001 && estimate >= exact / 2.0 - 1.0,
            "layer {k}"
        );
    }
    let layout = Layout::with_high_groups(
        &Board::new(3, 3).unwrap(),
        Position(1 << 5),
        Rules::default(),
        Valuation::Score,
        Some(2),
    )
    .unwrap();
    let estimates = layout.layer_estimates();
    for (k, estimate) in estimates.iter().enumerate() {
        let tiles = layout.tiles().into_iter().filter(|t| t.lines() == k as u32);
        let sum: f64 = tiles.map(|t| layout.tile_estimate(t)).sum();
        assert!(
            (sum - estimate).abs() <= 1e-9 * estimate.max(1.0),
            "layer {k}"
        );
    }
}

#[test]
fn a_task_killed_mid_write_and_run_again_gives_the_same_bytes() {
    // Two high groups (the most 3x3's orbits make): the middle layers have dozens of tiles, so
    // a task over a whole layer runs long enough (a synced file per tile) to be killed with
    // some tiles written.
    let spec = ["3x3", "--high-groups", "2"];
    let dir = tempfile::tempdir().unwrap();
    let (tasks, whole) = (dir.path().join("tasks"), dir.path().join("whole"));
    let store = tasks.to_str().unwrap();
    let all = layers(&spec);
    let target = all.iter().max_by_key(|l| l["tasks"].as_u64()).unwrap();
    let k = target["layer"].as_u64().unwrap();
    let n = target["tasks"].as_u64().unwrap();
    // The layers above it, as tasks.
    for layer in all.iter().filter(|l| l["layer"].as_u64().unwrap() > k) {
        solve_layer(&spec, layer, store, usize::MAX);
    }
    let layer_files = |dir: &Path| {
        file_names(dir)
            .into_iter()
            .filter(|name| {
                let counts = name.trim_start_matches("tile-").trim_end_matches(".bin");
                let lines = counts.split('-').map(|c| c.parse::<u64>().unwrap_or(0));
                name.starts_with("tile-") && lines.sum::<u64>() == k
            })
            .count()
    };
    let (k, range) = (k.to_string(), format!("0..{n}"));
    let args = tiles_args("solve", &spec, &k, &["--tasks", &range, "--store", store]);
    kill_when(&args, || layer_files(&tasks) >= 2);
    let written = layer_files(&tasks);
    assert!(
        written < n as usize,
        "the task finished its layer before the kill"
    );

    let check = failure(&tiles_args("check", &spec, &k, &["--store", store]));
    assert!(
        check.contains(&format!("layer {k} of the store")),
        "{check}"
    );
    assert!(check.contains("missing"), "{check}");
    let again = stdout(&args);
    assert!(
        again.contains(&format!("{} already in the store", written)),
        "{again}"
    );
    // Once more: nothing left to do, nothing changed.
    let before = files(&tasks);
    let third = stdout(&args);
    assert!(third.contains(" 0 tiles computed"), "{third}");
    assert_eq!(files(&tasks), before);
    stdout(&tiles_args(
        "check",
        &spec,
        &k,
        &["--store", store, "--keep", "1"],
    ));

    for layer in all
        .iter()
        .filter(|l| l["layer"].as_u64().unwrap() < k.parse().unwrap())
    {
        solve_layer(&spec, layer, store, usize::MAX);
    }
    stdout(&[&["solve"], &spec[..], &["--store", whole.to_str().unwrap()]].concat());
    assert_eq!(files(&tasks), files(&whole));
}

#[test]
fn the_layer_check_names_missing_and_damaged_tiles_and_tasks_refuse_bad_parents() {
    let spec = ["3x3", "--lines", "0,1,2"];
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path().to_str().unwrap();
    let all = layers(&spec);
    let top = all[0]["layer"].as_u64().unwrap();
    // The top four layers as tasks, kept (no --keep).
    solve_all_tasks(&spec, &all[..4], store);
    let k = (top - 3).to_string();
    let list: Value = serde_json::from_str(&stdout(&tiles_args("list", &spec, &k, &[]))).unwrap();
    let name = |task: usize| {
        let counts: Vec<String> = list[task]["tile"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.to_string())
            .collect();
        (
            dir.path().join(format!("tile-{}.bin", counts.join("-"))),
            format!("tile ({})", counts.join(", ")),
        )
    };
    let ((missing, missing_name), (damaged, damaged_name)) = (name(0), name(2));
    std::fs::remove_file(&missing).unwrap();
    let mut bytes = std::fs::read(&damaged).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 0x10;
    std::fs::write(&damaged, &bytes).unwrap();

    let check = failure(&tiles_args("check", &spec, &k, &["--store", store]));
    assert!(check.contains("2 of its"), "{check}");
    assert!(
        check.contains(&format!("task 0, {missing_name}: missing")),
        "{check}"
    );
    assert!(
        check.contains(&format!(
            "task 2, {damaged_name}: damaged (checksum mismatch"
        )),
        "{check}"
    );

    // The layer below reads them: its tasks refuse, naming the parent.
    let below = (top - 4).to_string();
    let n = list.as_array().unwrap().len() + 1;
    let range = format!("0..{n}");
    let refused = failure(&tiles_args(
        "solve",
        &spec,
        &below,
        &["--tasks", &range, "--store", store],
    ));
    assert!(
        refused.contains("is missing from the store") || refused.contains("is damaged"),
        "{refused}"
    );
    assert!(
        refused.contains(&missing_name) || refused.contains(&damaged_name),
        "{refused}"
    );
    // A layer above removed by `tiles check --keep` cannot be run again: either way the
    // message says what brings it back.
    assert!(
        refused.contains(&format!(
            "`dotbox solve` of the same position with --store {store} recomputes"
        )),
        "{refused}"
    );

    // Running the layer's tasks again repairs exactly those two tiles.
    let range = format!("0..{}", list.as_array().unwrap().len());
    let again = stdout(&tiles_args(
        "solve",
        &spec,
        &k,
        &["--tasks", &range, "--store", store],
    ));
    assert!(again.contains(": 2 tiles computed"), "{again}");
    let fine = stdout(&tiles_args("check", &spec, &k, &["--store", store]));
    assert!(fine.contains("intact"), "{fine}");
}

#[test]
fn bad_task_arguments_are_errors_naming_them() {
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path().to_str().unwrap();
    let e = failure(&["tiles", "list", "2x2", "--layer", "13"]);
    assert!(e.contains("--layer 13: the solve has layers 0"), "{e}");
    let e = failure(&[
        "tiles", "solve", "3x3", "--layer", "12", "--tasks", "2..99", "--store", store,
    ]);
    assert!(
        e.contains(
            "--tasks 2..99 goes past the layer's last task: layer 12 has tasks 0..13, task 0 to \
             task 12"
        ),
        "{e}"
    );
    // One task is quoted as given, and a layer of one task says so.
    let e = failure(&[
        "tiles", "solve", "2x2", "--layer", "3", "--tasks", "1", "--store", store,
    ]);
    assert!(
        e.contains("--tasks 1 goes past the layer's last task: layer 3 has one task, task 0"),
        "{e}"
    );
    for empty in ["1..1", "2..1"] {
        let e = failure(&[
            "tiles", "solve", "2x2", "--layer", "3", "--tasks", empty, "--store", store,
        ]);
        assert!(e.contains(&format!("--tasks {empty} holds no task")), "{e}");
    }
    // Without the position's moves (layer 1) `dotbox solve` of the store would compute
    // the whole solve again.
    let e = failure(&[
        "tiles", "check", "2x2", "--layer", "0", "--store", store, "--keep", "0",
    ]);
    assert!(e.contains("invalid value '0' for '--keep <N>'"), "{e}");
    let out = common::cli::dotbox(&[
        "tiles", "solve", "2x2", "--layer", "3", "--tasks", "x", "--store", store,
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a task range"));
}

/// The core of a task, without processes: every layer's tiles in a few ranges through
/// `Solve::solve_tiles`, with and without a memory budget too small for any tile, equal the
/// tiles of one `Solve::run` keeping every layer.
#[test]
fn solve_tiles_by_layer_equals_one_run() {
    use dotbox::retro::Solve;
    use dotbox::store::MemoryStore;
    use dotbox::store::TileStore;

    let board = Board::new(3, 3).unwrap();
    let layout = || {
        Layout::with_high_groups(
            &board,
            Position(1 << 4),
            Rules::with_last_move_penalty(1),
            Valuation::Score,
            Some(3),
        )
        .unwrap()
    };
    let top = layout().open_count();
    let mut whole = MemoryStore::new();
    let mut one = Solve::from_layout(layout(), top);
    one.run(&mut whole, &mut |_| {}).unwrap();
    for budget in [None, Some(1)] {
        let mut tasks = MemoryStore::new();
        let mut solve = Solve::from_layout(layout(), top);
        if let Some(bytes) = budget {
            solve.set_memory_budget(bytes);
        }
        let all = solve.layout().tiles();
        for k in (0..=top).rev() {
            let layer: Vec<_> = all.iter().copied().filter(|t| t.lines() == k).collect();
            for range in layer.chunks(3) {
                solve.solve_tiles(range, &mut tasks).unwrap();
            }
            // Run again: every tile is there, nothing is computed.
            solve.solve_tiles(&layer, &mut tasks).unwrap();
            assert_eq!(solve.progress().tiles_done, 0);
            assert_eq!(solve.progress().tiles_reused, layer.len());
        }
        for &t in &all {
            assert_eq!(tasks.load(t).unwrap(), whole.load(t).unwrap(), "{t}");
        }
    }
}

/// `dotbox solve --store` over a store that tasks began: a damaged tile it reads while
/// computing, and an intact tile of another solve copied in, are each recomputed with a
/// warning naming the tile and its file (a failing disk should not go unnoticed; before, the
/// first was recomputed silently and the second made the whole store unusable), and the
/// answer is the in-memory one.
#[test]
fn a_solve_over_a_task_store_warns_of_each_tile_it_recomputes() {
    let spec = ["3x3", "--lines", "0,1,2"];
    let dir = tempfile::tempdir().unwrap();
    let (store, other) = (dir.path().join("store"), dir.path().join("other"));
    let (s, o) = (store.to_str().unwrap(), other.to_str().unwrap());
    let all = layers(&spec);
    solve_all_tasks(&spec, &all[..4], s);
    // A tile of the fourth layer, read by the solve's next step.
    let fourth = all[3]["layer"].as_u64().unwrap() as u32;
    let damaged = file_names(&store)
        .into_iter()
        .find(|n| {
            let counts = n.trim_start_matches("tile-").trim_end_matches(".bin");
            n.starts_with("tile-")
                && counts
                    .split('-')
                    .map(|c| c.parse::<u32>().unwrap())
                    .sum::<u32>()
                    == fourth
        })
        .unwrap();
    let mut bytes = std::fs::read(store.join(&damaged)).unwrap();
    *bytes.last_mut().unwrap() ^= 0x10;
    std::fs::write(store.join(&damaged), bytes).unwrap();
    // The loony solve of the same position: another solve's tile under the same name.
    stdout(&[&["solve"], &spec[..], &["--loony", "--store", o]].concat());
    std::fs::copy(other.join("tile-0-1.bin"), store.join("tile-0-1.bin")).unwrap();

    let out = common::cli::dotbox(&[&["solve"], &spec[..], &["--store", s, "--json"]].concat());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    let warned = |file: &str, why: &str| {
        err.lines().any(|l| {
            l.starts_with("warning: tile (")
                && l.contains(why)
                && l.contains(file)
                && l.ends_with("recomputing it")
        })
    };
    assert!(warned(&damaged, "checksum mismatch"), "{err}");
    assert!(warned("tile-0-1.bin", "a tile of another solve"), "{err}");
    let in_memory =
        common::cli::json_of(&[&["analyze"], &spec[..], &["--json", "--method", "retro"]].concat());
    assert_eq!(
        common::cli::solved_json(serde_json::from_slice(&out.stdout).unwrap()).0,
        in_memory
    );
}
