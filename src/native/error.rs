//! [`CliError`]: every failure of a command, printed as `error: <message>` with exit code 2.

use std::fmt;
use std::io;
use std::path::PathBuf;

use indicatif::HumanCount;

use crate::book::BookError;
use crate::chains::ChainsError;
use crate::core::RecordError;
use crate::core::{BoardError, LinesError};
use crate::retro::RetroError;
use crate::search::SearchError;
use crate::store::StoreError;

use super::method::{Method, MethodOption};
use super::where_books_are_looked_for;

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
    /// The book `analyze` answers from is damaged (a chunk failing its checksum, a file cut
    /// short): the damage named, never a silent answer, with what the user can do, as the
    /// methods that solve the position answer without the book.
    DamagedBook {
        /// The book's file.
        path: PathBuf,
        /// The damage: [`BookError::Corrupt`] or [`BookError::Truncated`].
        error: BookError,
        /// Whether the user named the book (`--book`, `book=`), rather than it being the
        /// board's shipped book: then the methods that answer without it need it left out.
        given: bool,
    },
    /// A command that could report part of what was asked before `error` stopped it:
    /// `book info` of a book whose starting position's chunk is damaged still describes the
    /// book. The report goes to standard output, the error to standard error, and the exit
    /// code says the command failed.
    Partial {
        /// What the command could report.
        output: String,
        /// What stopped it.
        error: Box<CliError>,
    },
    /// A tile store failed.
    Store(StoreError),
    /// The solver failed.
    Solve(RetroError),
    /// A position too large for memory ([`RetroError::TooLarge`]) that no disk here could
    /// hold either (`disk`: the file system that would, in words): the advice is the methods
    /// that answer it without solving it, not a store.
    TooLargeAnywhere {
        /// The in-memory refusal.
        error: RetroError,
        /// The file system too small for it, in words.
        disk: String,
    },
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
    /// `--lines` given beside a position or game record (`what`), which gives the lines.
    LinesGivenTwice {
        /// What gave them: "the position '3x3:0,5'" or "a game record".
        what: String,
        /// How it gives them: "its lines are given after the ':'".
        how: &'static str,
    },
    /// `--method book` with no book given and none shipped for the board.
    NoBook {
        /// The board's name.
        board: String,
    },
    /// A method that reads no book, given one: `--method estimate` and `rules` (they are
    /// what is measured against the books), `retro` and `search` (they solve the position
    /// themselves).
    ReadsNoBook {
        /// The method's name.
        method: String,
    },
    /// An option that the method asked for never reads (`--method retro --time-limit 5`):
    /// refused rather than ignored, as the user expects it to count.
    NotRead {
        /// The method.
        method: Method,
        /// The option it does not read.
        option: MethodOption,
    },
    /// The exact search reached its time limit without an answer.
    OutOfTime {
        /// The limit, in seconds.
        seconds: f64,
        /// The nodes it searched.
        nodes: u64,
    },
    /// A time limit that is not a finite number of seconds, from [`MIN_TIME_LIMIT`] to what a
    /// `Duration` holds.
    BadTimeLimit {
        /// The seconds given.
        seconds: f64,
        /// What is wrong with them.
        problem: TimeLimitProblem,
    },
    /// Options that do not fit together, or a budget that was exceeded: the message says which.
    Usage(String),
    /// Work stopped on request (Ctrl-C, [`super::interrupt`]): `kept` says what it kept and
    /// how to go on ("120 finished tiles are kept in DIR; run the same command to resume").
    Stopped {
        /// What was kept, in words.
        kept: String,
    },
}

/// Who names the arguments an error speaks of: the command line (`--lines`, `--method book`)
/// or the Python package (`lines`, `method='book'`). A Python user is never told of an
/// option Python does not have.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Face {
    /// `dotbox` on the command line.
    #[default]
    CommandLine,
    /// The `dotbox` Python package.
    Python,
}

impl Face {
    /// The option that names a book file: `--book`, or `book=`.
    pub fn book_option(self) -> &'static str {
        match self {
            Face::CommandLine => "--book",
            Face::Python => "book=",
        }
    }

    /// The option with a book file given: `--book FILE`, or `book=FILE`.
    pub fn book_given(self) -> &'static str {
        match self {
            Face::CommandLine => "--book FILE",
            Face::Python => "book=FILE",
        }
    }
}

/// A [`CliError`]'s message in the terms of a [`Face`] ([`CliError::in_terms_of`]).
pub struct Spelled<'a> {
    error: &'a CliError,
    face: Face,
}

impl CliError {
    /// Attaches the book's file to a book error.
    pub fn in_book(path: &std::path::Path) -> impl FnOnce(BookError) -> CliError + '_ {
        move |error| CliError::Book {
            path: Some(path.to_path_buf()),
            error,
        }
    }

    /// The message with the arguments named as `face` names them (the [`fmt::Display`] of
    /// an error is the command line's).
    pub fn in_terms_of(&self, face: Face) -> Spelled<'_> {
        Spelled { error: self, face }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.in_terms_of(Face::CommandLine).fmt(f)
    }
}

impl fmt::Display for Spelled<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let python = self.face == Face::Python;
        match self.error {
            CliError::Board(e) => e.fmt(f),
            CliError::Lines(e) if python => write!(f, "lines: {e}"),
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
                    BookError::LayoutMismatch { .. } => write!(
                        f,
                        ": rebuild the book with `dotbox book build`, or give {} (or {}) to \
                         answer without it",
                        Method::Retro.in_terms_of(self.face),
                        Method::Search.in_terms_of(self.face)
                    ),
                    _ => Ok(()),
                }
            }
            CliError::DamagedBook { path, error, given } => {
                let retro = Method::Retro.in_terms_of(self.face);
                let search = Method::Search.in_terms_of(self.face);
                let book = self.face.book_option();
                let without = match given {
                    true => format!("leave out {book} and give {retro} (or {search})"),
                    false => format!("give {retro} (or {search})"),
                };
                let path = path.display();
                let verify = match python {
                    true => format!("dotbox.Book('{path}').verify()"),
                    false => format!("`dotbox book verify {path}`"),
                };
                write!(
                    f,
                    "{path}: {error}; {without} to answer without the book, and {verify} checks \
                     all of it"
                )
            }
            CliError::Partial { error, .. } => error.in_terms_of(self.face).fmt(f),
            CliError::Store(e) => e.fmt(f),
            CliError::Solve(e @ RetroError::TooLarge { .. }) => {
                let on_disk = match python {
                    true => "dotbox.solve(..., store=DIR)",
                    false => "`dotbox solve --store DIR`",
                };
                write!(
                    f,
                    "{e}: solve it on disk with {on_disk}, or {}",
                    other_answers(self.face)
                )
            }
            CliError::Solve(e) => e.fmt(f),
            CliError::TooLargeAnywhere { error, disk } => {
                write!(
                    f,
                    "{error}, and on disk more than {disk}: {}",
                    other_answers(self.face)
                )
            }
            CliError::Io {
                action,
                path,
                error,
            } => write!(f, "cannot {action} {}: {error}", path.display()),
            CliError::Threads(msg) if python => write!(f, "the thread pool: {msg}"),
            CliError::Threads(msg) => write!(f, "--threads: {msg}"),
            CliError::Search(e) => e.fmt(f),
            CliError::Chains(e) => e.fmt(f),
            // Books and the search carry no flags: no advice to use them.
            CliError::Loony(e) => write!(f, "--loony: {e}"),
            CliError::LinesGivenTwice { what, how } if python => {
                write!(f, "lines cannot be given with {what}: {how}")
            }
            CliError::LinesGivenTwice { what, how } => {
                write!(f, "--lines cannot be combined with {what}: {how}")
            }
            CliError::NoBook { board } => write!(
                f,
                "{} needs {}: no book for {board} was found ({})",
                Method::Book.in_terms_of(self.face),
                self.face.book_given(),
                where_books_are_looked_for()
            ),
            CliError::ReadsNoBook { method } if python => write!(
                f,
                "method='{method}' reads no book: it cannot be given book="
            ),
            CliError::ReadsNoBook { method } => write!(
                f,
                "--method {method} reads no book: it cannot be combined with --book"
            ),
            CliError::NotRead { method, option } => {
                let readers: Vec<String> = option
                    .readers()
                    .iter()
                    .map(|m| m.in_terms_of(self.face))
                    .collect();
                write!(
                    f,
                    "{} does not read {}: it cannot be combined with it (only {} read{} it)",
                    method.in_terms_of(self.face),
                    option.name(self.face),
                    readers.join(" and "),
                    if readers.len() == 1 { "s" } else { "" }
                )
            }
            CliError::OutOfTime { seconds, nodes } => write!(
                f,
                "the search reached the time limit of {seconds} s after {} nodes without an \
                 answer; raise {}",
                HumanCount(*nodes),
                if python { "time_limit" } else { "--time-limit" }
            ),
            CliError::BadTimeLimit { seconds, problem } => {
                let name = if python { "time_limit" } else { "--time-limit" };
                // As typed where that is short (0.0005), else in exponent notation: 1e-300
                // written out is 300 zeros long.
                let plain = seconds.to_string();
                let given = match plain.len() <= 16 {
                    true => plain,
                    false => format!("{seconds:e}"),
                };
                write!(f, "{name}: {}", problem.said(&given))
            }
            CliError::Usage(msg) => f.write_str(msg),
            CliError::Stopped { kept } => write!(f, "stopped on request: {kept}"),
        }
    }
}

/// The shortest time limit, in seconds. A search or an estimate needs some time to answer at
/// all, and a limit far below it was no limit anyone means: `1e-300` became a `Duration` of
/// 0 and was reported as "the time limit of 0 s".
pub const MIN_TIME_LIMIT: f64 = 0.001;

/// Why a number of seconds is no time limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeLimitProblem {
    /// Zero, negative or not a number.
    NotPositive,
    /// Positive infinity: positive, but no limit.
    Infinite,
    /// Below [`MIN_TIME_LIMIT`].
    TooShort,
    /// More than a `Duration` holds.
    TooLong,
}

impl TimeLimitProblem {
    /// What is wrong with `seconds` as a time limit, if anything: the one rule of every
    /// time limit, on the command line and from Python.
    pub fn of(seconds: f64) -> Option<TimeLimitProblem> {
        if seconds.is_nan() || seconds <= 0.0 {
            Some(TimeLimitProblem::NotPositive)
        } else if seconds.is_infinite() {
            Some(TimeLimitProblem::Infinite)
        } else if seconds < MIN_TIME_LIMIT {
            Some(TimeLimitProblem::TooShort)
        } else if std::time::Duration::try_from_secs_f64(seconds).is_err() {
            Some(TimeLimitProblem::TooLong)
        } else {
            None
        }
    }

    /// The problem in words, of `given` (the seconds as the user typed them or as printed;
    /// unquoted, since from Python quotes would read as a string): the one wording of each,
    /// for [`CliError::BadTimeLimit`] and for a number too large even for a float
    /// (`--time-limit 1e309`), which only the typed text can name.
    pub(super) fn said(self, given: &str) -> String {
        match self {
            TimeLimitProblem::NotPositive => {
                format!("{given} is not a positive number of seconds")
            }
            TimeLimitProblem::Infinite => format!("{given} is not a finite number of seconds"),
            TimeLimitProblem::TooShort => {
                format!("{given} seconds is too short (at least {MIN_TIME_LIMIT} seconds)")
            }
            TimeLimitProblem::TooLong => format!(
                "{given} seconds is too long (at most {:.1e} seconds)",
                std::time::Duration::MAX.as_secs() as f64
            ),
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
            CliError::Book { error, .. } | CliError::DamagedBook { error, .. } => Some(error),
            CliError::Partial { error, .. } => error.source(),
            CliError::Store(e) => Some(e),
            CliError::Solve(e)
            | CliError::Loony(e)
            | CliError::TooLargeAnywhere { error: e, .. } => Some(e),
            CliError::Io { error, .. } => Some(error),
            CliError::Search(e) => Some(e),
            CliError::Chains(e) => Some(e),
            CliError::Threads(_)
            | CliError::LinesGivenTwice { .. }
            | CliError::NoBook { .. }
            | CliError::ReadsNoBook { .. }
            | CliError::NotRead { .. }
            | CliError::OutOfTime { .. }
            | CliError::BadTimeLimit { .. }
            | CliError::Usage(_)
            | CliError::Stopped { .. } => None,
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
        match e {
            // Only --min-chain asks for a shortest chain: named as the user gave it.
            RetroError::ChainTooShort { min_chain, .. } => {
                CliError::Usage(format!("--min-chain {min_chain}: {e}"))
            }
            e => CliError::Solve(e),
        }
    }
}

impl From<ChainsError> for CliError {
    fn from(e: ChainsError) -> Self {
        CliError::Chains(e)
    }
}

/// What answers a position too large to solve, in `face`'s words: a book, the search (exact,
/// but on a large position without end) and the engine's estimate.
fn other_answers(face: Face) -> String {
    format!(
        "answer it from a book, with {} (exact, but on a large position it may run for hours \
         or never end) or with {} (the engine's estimate)",
        Method::Search.in_terms_of(face),
        Method::Estimate.in_terms_of(face)
    )
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
             'new': rebuild the book with `dotbox book build`, or give --method retro (or \
             --method search) to answer without it"
        );
        let cause = std::error::Error::source(&cli).unwrap();
        assert!(cause.downcast_ref::<BookError>().is_some());
    }

    /// The error of a time limit of `seconds`, which must be one.
    fn bad_time_limit(seconds: f64) -> CliError {
        let problem = TimeLimitProblem::of(seconds).expect("no time limit");
        CliError::BadTimeLimit { seconds, problem }
    }

    #[test]
    fn time_limits_are_finite_and_from_a_millisecond_to_what_a_duration_holds() {
        use TimeLimitProblem::*;
        for (seconds, problem) in [
            (f64::NAN, Some(NotPositive)),
            (-0.0, Some(NotPositive)),
            (f64::NEG_INFINITY, Some(NotPositive)),
            (f64::INFINITY, Some(Infinite)),
            (1e-300, Some(TooShort)),
            (0.000_999, Some(TooShort)),
            (MIN_TIME_LIMIT, None),
            (3.0, None),
            (1e19, None),
            (1e20, Some(TooLong)),
        ] {
            assert_eq!(TimeLimitProblem::of(seconds), problem, "{seconds}");
        }
    }

    #[test]
    fn each_face_names_the_arguments_its_own_way() {
        let cases = [
            (
                CliError::Lines(LinesError::OutOfRange {
                    line: "24".into(),
                    lines: 24,
                }),
                "--lines: line 24",
                "lines: line 24",
            ),
            (
                CliError::LinesGivenTwice {
                    what: "a game record".into(),
                    how: "its moves give the position",
                },
                "--lines cannot be combined with a game record",
                "lines cannot be given with a game record",
            ),
            (
                CliError::NoBook {
                    board: "3x3".into(),
                },
                "--method book needs --book FILE: no book for 3x3",
                "method='book' needs book=FILE: no book for 3x3",
            ),
            (
                CliError::ReadsNoBook {
                    method: "rules".into(),
                },
                "--method rules reads no book: it cannot be combined with --book",
                "method='rules' reads no book: it cannot be given book=",
            ),
            (
                CliError::NotRead {
                    method: Method::Retro,
                    option: MethodOption::TimeLimit,
                },
                "--method retro does not read --time-limit: it cannot be combined with it (only \
                 --method search and --method estimate read it)",
                "method='retro' does not read time_limit: it cannot be combined with it (only \
                 method='search' and method='estimate' read it)",
            ),
            (
                CliError::NotRead {
                    method: Method::Estimate,
                    option: MethodOption::TtMib,
                },
                "(only --method search reads it)",
                "(only method='search' reads it)",
            ),
            (
                CliError::OutOfTime {
                    seconds: 2.5,
                    nodes: 1200,
                },
                "time limit of 2.5 s after 1,200 nodes without an answer; raise --time-limit",
                "time limit of 2.5 s after 1,200 nodes without an answer; raise time_limit",
            ),
            (
                bad_time_limit(-1.0),
                "--time-limit: -1 is not a positive number of seconds",
                "time_limit: -1 is not a positive number of seconds",
            ),
            (
                bad_time_limit(f64::INFINITY),
                "--time-limit: inf is not a finite number of seconds",
                "time_limit: inf is not a finite number of seconds",
            ),
            (
                bad_time_limit(1e-300),
                "--time-limit: 1e-300 seconds is too short (at least 0.001 seconds)",
                "time_limit: 1e-300 seconds is too short (at least 0.001 seconds)",
            ),
            (
                bad_time_limit(1e30),
                "--time-limit: 1e30 seconds is too long (at most 1.8e19 seconds)",
                "time_limit: 1e30 seconds is too long (at most 1.8e19 seconds)",
            ),
            (
                CliError::DamagedBook {
                    path: "b.book".into(),
                    error: BookError::Corrupt("chunk 1: checksum mismatch".into()),
                    given: false,
                },
                "b.book: the book is corrupt: chunk 1: checksum mismatch; give --method retro (or \
                 --method search) to answer without the book, and `dotbox book verify b.book` \
                 checks all of it",
                "b.book: the book is corrupt: chunk 1: checksum mismatch; give method='retro' (or \
                 method='search') to answer without the book, and dotbox.Book('b.book').verify() \
                 checks all of it",
            ),
            (
                CliError::DamagedBook {
                    path: "b.book".into(),
                    error: BookError::Truncated {
                        expected: 9,
                        found: 5,
                    },
                    given: true,
                },
                "; leave out --book and give --method retro (or --method search) to answer",
                "; leave out book= and give method='retro' (or method='search') to answer",
            ),
            (
                CliError::Solve(RetroError::TooLarge {
                    positions: 1e12,
                    bytes: 1e12,
                    limit: 1 << 30,
                }),
                "`dotbox solve --store DIR`, or answer it from a book, with --method search \
                 (exact, but on a large position it may run for hours or never end) or with \
                 --method estimate (the engine's estimate)",
                "dotbox.solve(..., store=DIR), or answer it from a book, with method='search' \
                 (exact, but on a large position it may run for hours or never end) or with \
                 method='estimate'",
            ),
            (
                CliError::TooLargeAnywhere {
                    error: RetroError::TooLarge {
                        positions: 1e15,
                        bytes: 1e15,
                        limit: 1 << 30,
                    },
                    disk: "the whole file system holding /tmp (1.0 TiB, 0.5 TiB free)".into(),
                },
                ", and on disk more than the whole file system holding /tmp (1.0 TiB, 0.5 TiB \
                 free): answer it from a book, with --method search (exact, but on a large \
                 position it may run for hours or never end) or with --method estimate (the \
                 engine's estimate)",
                ": answer it from a book, with method='search' (exact, but on a large position \
                 it may run for hours or never end) or with method='estimate' (the engine's \
                 estimate)",
            ),
        ];
        for (error, cli, python) in cases {
            let (said, py) = (
                error.to_string(),
                error.in_terms_of(Face::Python).to_string(),
            );
            assert!(said.contains(cli), "{said}");
            assert_eq!(said, error.in_terms_of(Face::CommandLine).to_string());
            assert!(py.contains(python), "{py}");
            // Python's words name no option and no command of the command line.
            assert!(!py.contains("--") && !py.contains("`dotbox "), "{py}");
        }
    }
}
