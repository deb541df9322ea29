//! Lines for whoever watches a long run on stderr (progress, warnings, notes), written so
//! that a stderr that cannot take them costs nothing.
//!
//! `eprintln!` panics when stderr fails: a solve piped as `dotbox solve .. 2>&1 >log | head -1`
//! died with exit code 101 at its second progress line, after `head` had closed the pipe.
//! What only informs is not worth a stopped solve: a line that cannot be written is dropped
//! and the work goes on to its answer.

use std::fmt::Display;
use std::io::Write;

/// Writes `line` and a newline to stderr, dropping it if stderr cannot take it (a closed
/// pipe, a full disk behind a redirection).
pub fn note(line: impl Display) {
    let _ = writeln!(std::io::stderr().lock(), "{line}");
}
