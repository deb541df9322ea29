//! The native `dotbox` command line: argument parsing (clap) and one module per command.
//! Each command returns its output as text; progress bars go to stderr.

mod analyze;
mod book;
mod chains;
mod diagram;
mod estimate;
mod input;
mod output;
mod pseudo;
mod resources;
mod solve;
mod tiles;

use clap::{Parser, Subcommand};

use crate::native::CliError;

pub use analyze::{game_json, report as answer_report, AnalyzeArgs};
pub use input::{parse_position, read_game, RulesArgs};
pub use output::json as analysis_json;
pub use solve::{run as solve, SolveArgs};

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
    /// Build opening books, describe them (info) or verify them.
    #[command(subcommand)]
    Book(book::BookCommand),
    /// A solve split into tasks, one tile each, run layer by layer by any scheduler.
    #[command(subcommand)]
    Tiles(tiles::TilesCommand),
}

impl Command {
    /// Whether the command's long work looks at [`crate::native::interrupt`] (a solve after
    /// each tile, a search or an estimate at its reports, a book's verification at its
    /// reports and its writing at each tile), so that Ctrl-C may ask it to stop and say what
    /// it kept. The others (`tiles` tasks above all, which a scheduler reruns) end at once on
    /// Ctrl-C, as any program does.
    pub fn stops_on_request(&self) -> bool {
        match self {
            Command::Analyze(_) | Command::Solve(_) => true,
            Command::Book(command) => command.stops_on_request(),
            Command::Chains(_) | Command::Tiles(_) => false,
        }
    }
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
