//! A solve whose store fills the disk: a real file system of a few megabytes (a tmpfs,
//! mounted for the test) that a file of the user's already nearly fills, so the failure is
//! the operating system's own ENOSPC; and the same solve refused at once on a file system
//! too small ever to hold it.

mod common;

use std::path::Path;
use std::process::Command;

use common::cli::{dotbox, dotbox_with_env, failure, kill_when, stdout};

/// A tmpfs mounted on a temporary directory for the test, unmounted when dropped.
struct Tmpfs {
    dir: tempfile::TempDir,
}

impl Tmpfs {
    /// Mounts a tmpfs of `size` (for mount's `size=` option); `None`, said on stderr, where
    /// this process may not mount. CI and the development machine run as root; elsewhere
    /// the test says so rather than pass.
    fn mount(size: &str) -> Option<Tmpfs> {
        let dir = tempfile::tempdir().unwrap();
        let status = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
            .arg(dir.path())
            .status();
        if !status.is_ok_and(|s| s.success()) {
            eprintln!("NOT RUN: mounting a tmpfs needs root");
            return None;
        }
        Some(Tmpfs { dir })
    }

    fn path(&self) -> &Path {
        self.dir.path()
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(self.dir.path()).status();
    }
}

/// `dotbox solve` of a 3x4 position of 29 open lines through the store `store`.
fn solve_args(store: &Path) -> [&str; 6] {
    let store = store.to_str().unwrap();
    ["solve", "3x4", "--lines", "0,1", "--store", store]
}

#[test]
fn a_full_disk_stops_the_solve_clearly_and_it_resumes_once_there_is_room() {
    // 64 MiB: the solve (about 60 MiB at its estimated peak, 43 MiB in fact) fits the file
    // system, not the 3 MiB the filler leaves free.
    let Some(disk) = Tmpfs::mount("64m") else {
        return;
    };
    let filler = disk.path().join("filler");
    std::fs::write(&filler, vec![1u8; 61 << 20]).unwrap();
    let store = disk.path().join("store");
    let args = solve_args(&store);
    let out = dotbox(&args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("tile store is full"), "{stderr}");
    assert!(stderr.contains("resume"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    let names: Vec<String> = std::fs::read_dir(&store)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    assert!(
        names.iter().all(|n| !n.ends_with(".tmp")),
        "half a tile left: {names:?}"
    );
    let kept = names.iter().filter(|n| n.starts_with("tile-")).count();
    assert!(kept > 0, "nothing was kept: {names:?}");

    std::fs::remove_file(&filler).unwrap();
    let resumed = stdout(&args);
    assert!(
        !resumed.contains(" 0 tiles already in the store"),
        "nothing reused: {resumed}"
    );
    let fresh = stdout(&["solve", "3x4", "--lines", "0,1"]);
    let value = |text: &str| {
        text.lines()
            .find(|l| l.starts_with("value:"))
            .map(str::to_string)
    };
    assert_eq!(value(&resumed), value(&fresh));
    assert!(value(&fresh).is_some());
}

/// A solve too large for its memory and given no store streams through a temporary one,
/// removed with the solve: a full disk there says so and how to keep the tiles, rather than
/// the named store's "every finished tile is kept ... resume".
#[test]
fn a_full_disk_under_a_temporary_store_says_its_tiles_are_gone() {
    let Some(disk) = Tmpfs::mount("64m") else {
        return;
    };
    std::fs::write(disk.path().join("filler"), vec![1u8; 61 << 20]).unwrap();
    let args = ["solve", "3x4", "--lines", "0,1", "--memory", "4M"];
    let out = dotbox_with_env(&args, "TMPDIR", disk.path())
        .output()
        .expect("dotbox runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("the disk of the temporary store filled")
            && stderr.contains("use --store DIR")
            && !stderr.contains("every finished tile is kept"),
        "{stderr}"
    );
    let left: Vec<_> = std::fs::read_dir(disk.path()).unwrap().collect();
    assert_eq!(left.len(), 1, "only the filler is left: {left:?}");
}

/// A solve killed half-way, its store then on a read-only file system: the error is the first
/// tile it cannot write, not the removal of a tile that was never there (which a read-only
/// file system refuses too, and the resumed solve tries while it clears layers it no longer
/// needs).
#[test]
fn a_read_only_store_names_the_write_it_needs() {
    let Some(disk) = Tmpfs::mount("64m") else {
        return;
    };
    let store = disk.path().join("store");
    let args = solve_args(&store);
    let tiles = || {
        std::fs::read_dir(&store).map_or(0, |entries| {
            entries
                .filter(|e| {
                    let name = e.as_ref().unwrap().file_name();
                    let name = name.to_string_lossy();
                    name.starts_with("tile-") && name.ends_with(".bin")
                })
                .count()
        })
    };
    kill_when(&args, || tiles() >= 6);
    let remount = Command::new("mount")
        .args(["-o", "remount,ro"])
        .arg(disk.path())
        .status()
        .unwrap();
    assert!(remount.success());
    let err = failure(&args);
    assert!(
        err.contains("Read-only file system") && !err.contains("cannot remove"),
        "{err}"
    );
}

#[test]
fn a_solve_its_file_system_could_never_hold_is_refused_at_once() {
    let Some(disk) = Tmpfs::mount("8m") else {
        return;
    };
    let store = disk.path().join("store");
    let err = failure(&solve_args(&store));
    assert!(
        err.contains("more than the whole file system holding")
            && err.contains("(8.0 MiB, 8.0 MiB free)"),
        "{err}"
    );
    assert!(!store.exists(), "no store made");
}

/// `analyze --method retro` of a position too large for memory whose solve no disk here could
/// hold leads with memory and advises what answers without a solve: `analyze` has no store
/// (it led with the disk, "store it on a larger disk").
#[test]
fn an_analysis_too_large_for_memory_and_disk_advises_the_search() {
    let Some(disk) = Tmpfs::mount("8m") else {
        return;
    };
    let out = dotbox_with_env(
        &["analyze", "4x4", "--lines", "0", "--method", "retro"],
        "TMPDIR",
        disk.path(),
    )
    .output()
    .unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{err}");
    let said = format!(
        "solving it in memory needs about 52.8 GiB, more than the 8.0 GiB it may use, and on \
         disk more than the whole file system holding {} (8.0 MiB, 8.0 MiB free): answer it \
         from a book, with --method search (exact, but on a large position it may run for \
         hours or never end) or with --method estimate (the engine's estimate)",
        disk.path().display()
    );
    assert!(
        err.starts_with("error: the subgame has about ") && err.contains(&said),
        "{err}"
    );
}

/// A pseudo file system reports a size of 0: that says nothing of the disk, so the solve is
/// not refused as too large for it, and the store's own error says what is wrong.
#[test]
fn a_store_on_a_pseudo_file_system_names_the_real_problem() {
    let store = Path::new("/proc/dotbox-no-store");
    if !Path::new("/proc/self").exists() {
        return;
    }
    let err = failure(&solve_args(store));
    assert!(
        err.contains("cannot create /proc/dotbox-no-store") && !err.contains("file system holding"),
        "{err}"
    );
}
