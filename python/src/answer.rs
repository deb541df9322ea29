//! `dotbox.analyze`: the command line's own analysis (`dotbox analyze --json`), so the
//! library's one answer policy (`dotbox::policy`) chooses the method as it does for the
//! command line: the shipped book, the retrograde solver, pseudo-lines or the search where an
//! exact answer reaches, the engine's estimates past that reach (exact only where its search
//! proved them).

use std::path::PathBuf;

use clap::ValueEnum;
use dotbox::cli::{
    check_reads, parse_position, AnalyzeArgs, Cli, CliError, Command, Method, RulesArgs, SearchArgs,
};
use dotbox::retro::DEFAULT_MIN_CHAIN;
use serde_json::Value;

/// What Python asked: the arguments of `dotbox.analyze`.
pub struct Request {
    pub board: String,
    /// Comma-separated line numbers or labels, as `--lines`.
    pub lines: String,
    /// The command line's `--method`: `book`, `retro`, `search`, `estimate` or `rules`.
    pub method: Option<String>,
    /// The command line's `--time-limit`: the search's limit, or the estimate's.
    pub time_limit: Option<f64>,
    /// The engine's and the rules' seed (`--seed`): the same seed and budget give the same
    /// estimates. Refused, as on the command line, by a method that reads none.
    pub seed: Option<u64>,
    pub book: Option<PathBuf>,
}

/// The analysis of the request's position as one JSON object: the command line's fields
/// (`board`, `lines`, `method`, `exact`, `value`, `moves` with `line` and `score`) with `best`
/// as a list of lines. Past exact reach the command line itself answers with the engine's
/// estimates (`"exact": false`), as `dotbox analyze` does.
pub fn analyze(request: &Request) -> Result<String, CliError> {
    let (board, pos) = parse_position(&request.board, &request.lines)?;
    let (method, search) = options(
        request.method.as_deref(),
        request.time_limit,
        request.seed,
        request.book.is_some(),
    )?;
    let args = AnalyzeArgs {
        board: request.board.clone(),
        lines: request.lines.clone(),
        book: request.book.clone(),
        json: true,
        method,
        search,
        rules: RulesArgs {
            last_move_penalty: 0,
        },
        loony: false,
        pseudo_lines: false,
        min_chain: DEFAULT_MIN_CHAIN,
    };
    let text = dotbox::cli::run(&Cli {
        command: Command::Analyze(args),
    })?;
    let mut answer = exact(&text)?;
    if answer["moves"].is_null() {
        // The rules of thumb score no move: every open line, each with no score.
        let moves: Vec<Value> = board
            .open_lines(pos)
            .lines()
            .map(|line| serde_json::json!({"line": line, "score": null, "exact": false}))
            .collect();
        answer["moves"] = Value::from(moves);
    }
    Ok(answer.to_string())
}

/// The method and options of a request, checked as the command line checks them (a known
/// method; a time limit that is a positive number of seconds; no option, book included,
/// that the method does not read), with no position: what `dotbox.analyze` and the OpenSpiel
/// bots check when they are made, before any move is asked for.
pub fn options(
    method: Option<&str>,
    time_limit: Option<f64>,
    seed: Option<u64>,
    book: bool,
) -> Result<(Option<Method>, SearchArgs), CliError> {
    let method = method
        .map(|name| {
            Method::from_str(name, true).map_err(|_| {
                CliError::Usage(format!(
                    "method: '{name}' is not one of book, retro, search, estimate, rules"
                ))
            })
        })
        .transpose()?;
    let search = SearchArgs {
        time_limit,
        // The command line's default table.
        tt_mib: None,
        search_threads: None,
        seed,
    };
    search.time_limit()?;
    check_reads(method, book, &search)?;
    Ok((method, search))
}

/// The command line's JSON (`dotbox analyze --json`, `dotbox solve --json`) with `exact`
/// and `best` (the lines scoring the value), as the package returns it.
///
/// An answer with chains as pseudo-lines (which the command line picks on its own only when
/// its value is proven exact) may hold move scores that are upper bounds only (that move's
/// `"exact": false`): the answer is then not `exact`, and those moves are not `best`.
pub fn exact(text: &str) -> Result<Value, CliError> {
    let mut answer: Value = serde_json::from_str(text)
        .map_err(|e| CliError::Usage(format!("the analysis is not JSON ({e}): {text}")))?;
    if answer["exact"] == false && answer["best"].is_u64() {
        // The engine's estimates or the rules of thumb: `best` is the one line they play.
        answer["best"] = Value::from(vec![answer["best"].clone()]);
        if answer["moves"].is_null() {
            // The rules of thumb score nothing.
            answer["value"] = Value::Null;
        }
        return Ok(answer);
    }
    let value = answer["value"].clone();
    let best: Vec<Value> = answer["moves"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|m| m["score"] == value && m["exact"] == true)
        .map(|m| m["line"].clone())
        .collect();
    answer["best"] = Value::from(best);
    Ok(answer)
}
