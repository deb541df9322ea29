//! A request from outside the work in hand to stop it: Ctrl-C in the Python package, where
//! a solve or a search runs with the interpreter waiting on it and would otherwise see the
//! key only once it returned (minutes, or hours for `method='search'`), and in the command
//! line, whose solves, searches and book verifications and writes then say what they kept.
//!
//! One flag for the process, as Ctrl-C is one key for the process: every solve, search and
//! estimate run through [`crate::answer`] or the command line's solve looks at it (the solve
//! after each tile, the search and the engine at each progress report), as do a book's
//! verification and writing, and stops with its own "stopped" error; a solve with a store
//! keeps the tiles it finished, so the next run resumes. The command line sets it on the
//! first Ctrl-C only for the commands whose work looks at it
//! (`cli::Command::stops_on_request`); for the others Ctrl-C ends the process, which a store
//! survives as well.

use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

static REQUESTED: AtomicBool = AtomicBool::new(false);

/// Asks the work running in this process to stop at its next look.
pub fn request() {
    REQUESTED.store(true, Relaxed);
}

/// Withdraws the request, once the work it stopped has returned.
pub fn withdraw() {
    REQUESTED.store(false, Relaxed);
}

/// Whether a stop is asked for.
pub fn requested() -> bool {
    REQUESTED.load(Relaxed)
}
