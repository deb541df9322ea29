//! `dotbox`: the native command line (see `dotbox --help`). Errors are printed as
//! `error: <message>` with exit code 2, after what the command could report of its output;
//! work stopped by Ctrl-C says what it kept and exits with 130.
//! The browser uses the library instead, so for WebAssembly this binary is an empty shell
//! that only keeps `--all-targets` builds working.

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    use clap::Parser;
    use dotbox::cli::{run, Cli};
    use dotbox::native::interrupt;

    let cli = Cli::parse();
    // For a command whose work looks for it, the first Ctrl-C asks that work to stop at its
    // next look (a solve after its tile), so that it can say what it kept and remove its
    // temporary files; the second quits at once. Any other command, and every other signal,
    // keeps the default: the process ends.
    if cli.command.stops_on_request() {
        let _ = ctrlc::set_handler(|| {
            if interrupt::requested() {
                std::process::exit(130);
            }
            interrupt::request();
            dotbox::stderr::note("stopping at the next step; Ctrl-C again quits at once");
        });
    }
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
    match interrupt::requested() {
        true => std::process::ExitCode::from(130),
        false => std::process::ExitCode::from(2),
    }
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
