//! `dotbox`: the native command line (see `dotbox --help`). Errors are printed as
//! `error: <message>` with exit code 2, after what the command could report of its output.
//! The browser uses the library instead, so for WebAssembly this binary is an empty shell
//! that only keeps `--all-targets` builds working.

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    use std::io::Write;

    use clap::Parser;
    use dotbox::cli::{run, Cli};

    let cli = Cli::parse();
    match run(&cli) {
        Ok(output) => {
            // A closed pipe (`dotbox .. | head`) is not an error worth reporting.
            let _ = std::io::stdout().lock().write_all(output.as_bytes());
            std::process::ExitCode::SUCCESS
        }
        Err(e) => {
            if let dotbox::native::CliError::Partial { output, .. } = &e {
                let _ = std::io::stdout().lock().write_all(output.as_bytes());
            }
            // A closed stderr loses the message, not the exit code.
            dotbox::stderr::note(format!("error: {e}"));
            std::process::ExitCode::from(2)
        }
    }
}

#[cfg(target_arch = "wasm32")]
fn main() {}
