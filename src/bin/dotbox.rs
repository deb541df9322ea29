//! `dotbox`: the native command line (see `dotbox --help`). Errors are printed as
//! `error: <message>` with exit code 2.

use std::io::Write;
use std::process::ExitCode;

use clap::Parser;
use dotbox::cli::{run, Cli};

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(&cli) {
        Ok(output) => {
            // A closed pipe (`dotbox .. | head`) is not an error worth reporting.
            let _ = std::io::stdout().lock().write_all(output.as_bytes());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}
