//! The native `dotbox` command line: argument parsing (clap) and one module per command.
//! Each command returns its output as text; progress bars go to stderr.

mod analyze;
mod book;
mod book_file;
mod chains;
mod diagram;
mod error;
mod estimate;
mod input;
mod method;
mod output;
pub(crate) mod progress;
mod pseudo;
mod shipped;
mod solve;
mod tiles;

use std::path::Path;

use clap::{Parser, Subcommand};

use crate::store::atomic::file_kind;

pub use analyze::{report as answer_report, AnalyzeArgs};
pub use book_file::BookFile;
pub use error::{CliError, Face, Spelled, TimeLimitProblem, MIN_TIME_LIMIT};
pub use input::{parse_position, RulesArgs};
pub use method::{check_reads, Method, MethodOption, SearchArgs};
pub use output::json as analysis_json;
pub use shipped::book_for as shipped_book;
pub(crate) use solve::fits_on_disk;
pub use solve::SolveArgs;

/// Perfect-play Dots-and-Boxes: values and move scores of any position.
#[derive(Parser, Debug)]
#[command(name = "dotbox", version, about)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The commands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Value and score of every legal move of a position.
    Analyze(analyze::AnalyzeArgs),
    /// Solve a position's whole subgame, resumably with --store.
    Solve(solve::SolveArgs),
    /// Components, long chain count, loony moves and nimstring value of a position.
    Chains(chains::ChainsArgs),
    /// Build, describe or verify opening books.
    #[command(subcommand)]
    Book(book::BookCommand),
    /// A solve split into tasks, one tile each, run layer by layer by any scheduler.
    #[command(subcommand)]
    Tiles(tiles::TilesCommand),
}

/// Runs a parsed command line and returns what to print.
pub fn run(cli: &Cli) -> Result<String, CliError> {
    match &cli.command {
        Command::Analyze(args) => analyze::run(args),
        Command::Solve(args) => solve::run(args),
        Command::Chains(args) => chains::run(args),
        Command::Book(command) => book::run(command),
        Command::Tiles(command) => tiles::run(command),
    }
}

/// A file that could not be read: the error names it.
fn read_error(path: &Path, error: std::io::Error) -> CliError {
    CliError::Io {
        action: "read",
        path: path.to_path_buf(),
        error,
    }
}

/// A file opened to read, or an error naming it. Only a regular file is opened: opening a
/// FIFO waits for a writer, forever if none comes, and a directory fails only when read.
fn open_file(path: &Path) -> Result<std::fs::File, CliError> {
    let kind = std::fs::metadata(path)
        .map_err(|e| read_error(path, e))?
        .file_type();
    if !kind.is_file() {
        let what = format!("it is {}, not a regular file", file_kind(&kind));
        let error = std::io::Error::new(std::io::ErrorKind::InvalidInput, what);
        return Err(read_error(path, error));
    }
    std::fs::File::open(path).map_err(|e| read_error(path, e))
}

/// The bytes of a file ([`open_file`]), or an error naming it.
fn read_file(path: &Path) -> Result<Vec<u8>, CliError> {
    let mut bytes = Vec::new();
    std::io::Read::read_to_end(&mut open_file(path)?, &mut bytes)
        .map_err(|e| read_error(path, e))?;
    Ok(bytes)
}
