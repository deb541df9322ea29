//! [`CliError`]: every failure of a command, printed as `error: <message>` with exit code 2.

use std::fmt;
use std::io;
use std::path::PathBuf;

use crate::book::BookError;
use crate::chains::ChainsError;
use crate::core::RecordError;
use crate::core::{BoardError, LinesError};
use crate::retro::RetroError;
use crate::search::SearchError;
use crate::store::StoreError;

/// Why a command failed; the message names what is wrong and where.
#[derive(Debug)]
pub enum CliError {
    /// The BOARD argument.
    Board(BoardError),
    /// The `--lines` argument.
    Lines(LinesError),
    /// A game record given as the BOARD argument.
    Game(RecordError),
    /// A position in the notation (`3x3:0,5,7`) given as the BOARD argument.
    Position {
        /// The argument as given.
        text: String,
        /// What is wrong with it.
        error: LinesError,
    },
    /// A book could not be read, written or queried (with its file when known).
    Book {
        /// The book's file, when the failure concerns one.
        path: Option<PathBuf>,
        /// What is wrong.
        error: BookError,
    },
    /// A tile store failed.
    Store(StoreError),
    /// The solver failed.
    Solve(RetroError),
    /// A file could not be read or written.
    Io {
        /// What was being done, as a verb for the message ("read", "write", ...).
        action: &'static str,
        /// The file.
        path: PathBuf,
        /// The system's error.
        error: io::Error,
    },
    /// The thread pool could not be set up.
    Threads(String),
    /// The search failed or was stopped.
    Search(SearchError),
    /// The chain analysis (components, loony moves, nimstring) failed.
    Chains(ChainsError),
    /// The loony analysis behind `analyze --loony` failed (too many open lines, scores out
    /// of its 6-bit range).
    Loony(RetroError),
    /// Options that do not fit together, or a budget that was exceeded: the message says which.
    Usage(String),
}

impl CliError {
    /// Attaches the book's file to a book error.
    pub fn in_book(path: &std::path::Path) -> impl FnOnce(BookError) -> CliError + '_ {
        move |error| CliError::Book {
            path: Some(path.to_path_buf()),
            error,
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Board(e) => e.fmt(f),
            CliError::Lines(e) => write!(f, "--lines: {e}"),
            CliError::Game(e) => write!(f, "game record: {e}"),
            // A syntax error already quotes the whole text.
            CliError::Position {
                error: e @ LinesError::Syntax(_),
                ..
            } => e.fmt(f),
            CliError::Position { text, error } => write!(f, "position '{text}': {error}"),
            CliError::Book { path, error } => {
                if let Some(path) = path {
                    write!(f, "{}: ", path.display())?;
                }
                error.fmt(f)?;
                match error {
                    BookError::LayoutMismatch { .. } => {
                        write!(f, ": rebuild the book with `dotbox book build`")
                    }
                    _ => Ok(()),
                }
            }
            CliError::Store(e) => e.fmt(f),
            CliError::Solve(e @ RetroError::TooLarge { .. }) => write!(
                f,
                "{e}: solve it on disk with `dotbox solve --store DIR`, or answer from a book \
                 or with --method search"
            ),
            CliError::Solve(e) => e.fmt(f),
            CliError::Io {
                action,
                path,
                error,
            } => write!(f, "cannot {action} {}: {error}", path.display()),
            CliError::Threads(msg) => write!(f, "--threads: {msg}"),
            CliError::Search(e) => e.fmt(f),
            CliError::Chains(e) => e.fmt(f),
            // Books and the search carry no flags: no advice to use them.
            CliError::Loony(e) => write!(f, "--loony: {e}"),
            CliError::Usage(msg) => f.write_str(msg),
        }
    }
}

impl std::error::Error for CliError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            CliError::Board(e) => Some(e),
            CliError::Lines(e) => Some(e),
            CliError::Game(e) => Some(e),
            CliError::Position { error, .. } => Some(error),
            CliError::Book { error, .. } => Some(error),
            CliError::Store(e) => Some(e),
            CliError::Solve(e) | CliError::Loony(e) => Some(e),
            CliError::Io { error, .. } => Some(error),
            CliError::Search(e) => Some(e),
            CliError::Chains(e) => Some(e),
            CliError::Threads(_) | CliError::Usage(_) => None,
        }
    }
}

impl From<BoardError> for CliError {
    fn from(e: BoardError) -> Self {
        CliError::Board(e)
    }
}

impl From<LinesError> for CliError {
    fn from(e: LinesError) -> Self {
        CliError::Lines(e)
    }
}

impl From<RecordError> for CliError {
    fn from(e: RecordError) -> Self {
        CliError::Game(e)
    }
}

impl From<BookError> for CliError {
    fn from(error: BookError) -> Self {
        CliError::Book { path: None, error }
    }
}

impl From<StoreError> for CliError {
    fn from(e: StoreError) -> Self {
        CliError::Store(e)
    }
}

impl From<RetroError> for CliError {
    fn from(e: RetroError) -> Self {
        CliError::Solve(e)
    }
}

impl From<ChainsError> for CliError {
    fn from(e: ChainsError) -> Self {
        CliError::Chains(e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cli_adds_its_advice_to_errors_that_say_only_what_is_wrong() {
        let error = BookError::LayoutMismatch {
            book: "old".into(),
            reader: "new".into(),
        };
        assert!(!error.to_string().contains("rebuild"), "{error}");
        let cli = CliError::in_book(std::path::Path::new("x.book"))(error);
        assert_eq!(
            cli.to_string(),
            "x.book: the book follows solve layout 'old', this dotbox lays the board out as \
             'new': rebuild the book with `dotbox book build`"
        );
        let cause = std::error::Error::source(&cli).unwrap();
        assert!(cause.downcast_ref::<BookError>().is_some());
    }
}
