//! `dotbox`: the native command line (see `dotbox --help`). Errors are printed as
//! `error: <message>` with exit code 2, after what the command could report of its output.
//! The browser uses the library instead, so for WebAssembly this binary is an empty shell
//! that only keeps `--all-targets` builds working.

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    use clap::Parser;
    use dotbox::cli::{run, Cli};

    let cli = Cli::parse();
    let (output, error) = match run(&cli) {
        Ok(output) => (output, None),
        Err(dotbox::native::CliError::Partial { output, error }) => (output, Some(*error)),
        Err(e) => (String::new(), Some(e)),
    };
    let written = write_output(&output);
    let failure = match (error, written) {
        (Some(e), _) => e.to_string(),
        (None, Err(e)) => format!("cannot write the output to standard output: {e}"),
        (None, Ok(())) => return std::process::ExitCode::SUCCESS,
    };
    // A closed stderr loses the message, not the exit code.
    dotbox::stderr::note(format!("error: {failure}"));
    std::process::ExitCode::from(2)
}

/// Writes the command's output to stdout. A closed pipe (`dotbox .. | head`) is not an error
/// worth reporting: the reader has what it wanted. Any other failure (a full disk, `>
/// /dev/full`) is, so that a script never takes lost output for success.
#[cfg(not(target_arch = "wasm32"))]
fn write_output(output: &str) -> std::io::Result<()> {
    use std::io::Write;

    let mut stdout = std::io::stdout().lock();
    match stdout
        .write_all(output.as_bytes())
        .and_then(|()| stdout.flush())
    {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        written => written,
    }
}

#[cfg(target_arch = "wasm32")]
fn main() {}
