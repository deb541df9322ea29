//! What the native front ends share: the command line ([`crate::cli`]), the library's
//! answer to a position ([`crate::answer`]) and the Python package. One error type for every
//! failure ([`CliError`], naming options as the front end that asks spells them: [`Face`]),
//! the methods `analyze` can be told to use and their options ([`Method`], [`SearchArgs`],
//! [`check_reads`]), opening books read from their files ([`BookFile`]) and the books shipped
//! in `www/books/` ([`shipped_book`]), progress on stderr, the files and disks a solve reads
//! and fills, and a request to stop from outside ([`interrupt`]).
//!
//! It sits below both `answer` and `cli`, so the dependency between those two runs one way:
//! `cli` formats what `answer` returns, and `answer` imports nothing of `cli`.
//! Native only: it reads files, the clock and the environment.

mod book_file;
mod error;
mod files;
pub mod interrupt;
mod method;
pub(crate) mod progress;
mod shipped;

pub use book_file::{BookFile, Held};
pub use error::{CliError, Face, Spelled, TimeLimitProblem, MIN_TIME_LIMIT};
pub(crate) use files::{disk_too_small, fits_on_disk};
pub use method::{check_reads, thread_count, Method, MethodOption, SearchArgs, MAX_THREADS};
pub use shipped::{book_for as shipped_book, carried_books, where_books_are_looked_for};
