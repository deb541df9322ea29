//! A solve whose store fills the disk: a real file system of a few megabytes (a tmpfs,
//! mounted for the test) that a file of the user's already nearly fills, so the failure is
//! the operating system's own ENOSPC; and the same solve refused at once on a file system
//! too small ever to hold it.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::cli::{dotbox, stdout};

/// A tmpfs mounted for the test and unmounted when dropped.
struct Tmpfs(PathBuf);

impl Tmpfs {
    /// Mounts a tmpfs of `size` (for mount's `size=` option) on `dir`; `None` where this
    /// process may not mount (not root).
    fn mount(dir: &Path, size: &str) -> Option<Tmpfs> {
        let status = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
            .arg(dir)
            .status()
            .ok()?;
        status.success().then(|| Tmpfs(dir.to_path_buf()))
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.0).status();
    }
}

#[test]
fn a_full_disk_stops_the_solve_clearly_and_it_resumes_once_there_is_room() {
    let dir = tempfile::tempdir().unwrap();
    // 64 MiB: the solve (about 60 MiB at its estimated peak, 43 MiB in fact) fits the file
    // system, not the 3 MiB the filler leaves free.
    let Some(_disk) = Tmpfs::mount(dir.path(), "64m") else {
        // CI and the development machine run as root; elsewhere say so rather than pass.
        eprintln!("NOT RUN: mounting a tmpfs needs root");
        return;
    };
    let filler = dir.path().join("filler");
    std::fs::write(&filler, vec![1u8; 61 << 20]).unwrap();
    let store = dir.path().join("store");
    let args = [
        "solve",
        "3x4",
        "--lines",
        "0,1",
        "--store",
        store.to_str().unwrap(),
    ];
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

#[test]
fn a_solve_its_file_system_could_never_hold_is_refused_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let Some(_disk) = Tmpfs::mount(dir.path(), "8m") else {
        eprintln!("NOT RUN: mounting a tmpfs needs root");
        return;
    };
    let store = dir.path().join("store");
    let out = dotbox(&[
        "solve",
        "3x4",
        "--lines",
        "0,1",
        "--store",
        store.to_str().unwrap(),
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("more than the whole file system holding")
            && stderr.contains("(8.0 MiB, 8.0 MiB free)"),
        "{stderr}"
    );
    assert!(!store.exists(), "no store made");
}
