//! Running the real `dotbox` binary from the integration tests.

use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

/// The `dotbox` command with `args` and the environment variable `key` set to `value` (a
/// folder of books for `DOTBOX_BOOKS`, a temporary directory for `TMPDIR`), to run or spawn.
pub fn dotbox_with_env(args: &[&str], key: &str, value: &std::path::Path) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_dotbox"));
    command.args(args).env(key, value);
    command
}

/// Runs `dotbox` with `args`.
pub fn dotbox(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dotbox"))
        .args(args)
        .output()
        .expect("dotbox runs")
}

/// Runs `dotbox` with `args` and its stderr a pipe whose reading end is closed before it
/// starts, as under `dotbox .. 2>&1 >log | head -1` once `head` has its line: every write to
/// stderr fails (the process ignores SIGPIPE, as Rust programs do).
pub fn with_stderr_closed(args: &[&str]) -> Output {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    Command::new(env!("CARGO_BIN_EXE_dotbox"))
        .args(args)
        .stderr(writer)
        .output()
        .expect("dotbox runs")
}

/// The standard output of a command that must succeed.
pub fn stdout(args: &[&str]) -> String {
    let out = dotbox(args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "dotbox {args:?} failed: {err}");
    String::from_utf8(out.stdout).unwrap()
}

/// The one JSON object a `--json` command must print.
pub fn json_of(args: &[&str]) -> Value {
    let text = stdout(args);
    assert_eq!(text.lines().count(), 1, "exactly one JSON object: {text}");
    serde_json::from_str(&text).unwrap()
}

/// `dotbox solve --json`'s object split in two: the analysis (the fields `dotbox analyze
/// --json` prints) and the solve's figures (its `"solve"`). Pass it [`json_of`] of the
/// command, which checks that it succeeded, or the output of a run checked otherwise.
pub fn solved_json(mut analysis: Value) -> (Value, Value) {
    let figures = analysis.as_object_mut().unwrap().remove("solve");
    (analysis, figures.expect("a solve's figures"))
}

/// Runs a command that must fail cleanly (exit code 2, `error: ` on stderr, no panic, nothing
/// on stdout); returns its message, from `error: ` on (a note may come before it: a resumed
/// solve says so before it fails).
pub fn failure(args: &[&str]) -> String {
    let out = dotbox(args);
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "dotbox {args:?}: {err}");
    assert!(!err.contains("panicked"), "dotbox {args:?}: {err}");
    assert!(out.stdout.is_empty());
    let at = (err.starts_with("error: ").then_some(0))
        .or_else(|| err.find("\nerror: ").map(|at| at + 1));
    let Some(at) = at else {
        panic!("dotbox {args:?}: no line starts with 'error: ': {err}");
    };
    err[at..].to_string()
}

/// The `--lines` argument of a raw position mask.
pub fn lines_arg(pos: u64) -> String {
    (0..64)
        .filter(|l| pos >> l & 1 == 1)
        .map(|l| l.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

/// Starts `dotbox` with `args`, waits (at most two minutes) until `ready` holds, checks the
/// process is still running, and kills it with SIGKILL: a real crash half-way through.
pub fn kill_when(args: &[&str], ready: impl Fn() -> bool) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_dotbox"))
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    wait_until_running(&mut child, args, ready);
    child.kill().unwrap();
    child.wait().unwrap();
}

/// Starts `dotbox` with `args`, waits (at most two minutes) until `ready` holds, checks the
/// process is still running, and sends it SIGINT, as Ctrl-C does; returns what it printed
/// and its exit status once it has ended.
pub fn interrupt_when(args: &[&str], ready: impl Fn() -> bool) -> Output {
    signal_when(args, "INT", ready)
}

/// [`interrupt_when`] with the signal `signal` (`INT`, `TERM`, `HUP`).
pub fn signal_when(args: &[&str], signal: &str, ready: impl Fn() -> bool) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_dotbox"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    wait_until_running(&mut child, args, ready);
    let sent = Command::new("kill")
        .args([&format!("-{signal}"), &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    child.wait_with_output().unwrap()
}

/// Waits (at most two minutes) until `ready` holds, checking that `child` (`dotbox args`) is
/// still running.
fn wait_until_running(child: &mut std::process::Child, args: &[&str], ready: impl Fn() -> bool) {
    let start = Instant::now();
    while !ready() {
        if let Some(status) = child.try_wait().unwrap() {
            panic!("dotbox {args:?} ended ({status}) before it could be killed");
        }
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "dotbox {args:?}: nothing to kill it after appeared"
        );
        std::thread::sleep(Duration::from_millis(1));
    }
    assert!(
        child.try_wait().unwrap().is_none(),
        "dotbox {args:?} finished before it could be killed"
    );
}

/// The names in a directory, sorted (none if it does not exist yet). Only names: a running
/// task may rename its temporary files at any moment.
pub fn file_names(dir: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map(|d| {
            d.filter_map(|e| e.ok()?.file_name().into_string().ok())
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

/// The names of the tile files in a store directory (none if it does not exist yet).
pub fn tile_files(dir: &std::path::Path) -> Vec<String> {
    file_names(dir)
        .into_iter()
        .filter(|n| n.starts_with("tile-"))
        .collect()
}

/// How many tiles a resumed solve says it found already in the store.
pub fn reused_tiles(output: &str) -> usize {
    let already = if output.contains(" tile already in the store") {
        " tile already in the store"
    } else {
        " tiles already in the store"
    };
    output
        .split(already)
        .next()
        .and_then(|head| head.rsplit(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no reuse count in {output}"))
}
