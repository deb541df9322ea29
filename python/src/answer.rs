//! `dotbox.analyze`: the library's answer to a position (`dotbox::answer`), the one the
//! command line gives, so the library's one answer policy (`dotbox::policy`) chooses the
//! method as it does for `dotbox analyze`: the shipped book, the retrograde solver,
//! pseudo-lines or the search where an exact answer reaches, the engine's estimates past
//! that reach (exact only where its search proved them).

use std::path::PathBuf;

use clap::ValueEnum;
use dotbox::answer::Options;
use dotbox::cli::{answer_report, game_json, parse_position, read_game};
use dotbox::native::{CliError, Method, SearchArgs};
use serde_json::{json, Value};

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
    /// The engine's node budget (`--nodes`, at least 1): the same estimates on every run.
    /// Refused, as on the command line, by a method that runs no engine.
    pub nodes: Option<u64>,
    pub book: Option<PathBuf>,
}

/// The analysis of the request's position as one JSON object: the command line's
/// (`dotbox analyze --json`, written by its one writer from the library's answer) with
/// `best` as the list of the answer's best lines, and for a game record `game`, where its game
/// stands. The rules of thumb, which score nothing, list every open line with no score, and
/// no value.
pub fn analyze(request: &Request) -> Result<String, CliError> {
    let (board, pos) = parse_position(&request.board, &request.lines)?;
    let options = options(
        request.method.as_deref(),
        request.time_limit,
        request.seed,
        request.nodes,
        request.book.clone(),
    )?;
    let answer = dotbox::answer::answer(&board, pos, &options)?;
    let mut json = parsed(&answer_report(&answer, true))?;
    json["best"] = Value::from(answer.best());
    if json["moves"].is_null() {
        let moves: Vec<Value> = (answer.moves().iter())
            .map(|m| json!({"line": m.line, "score": m.score, "exact": m.exact}))
            .collect();
        json["moves"] = Value::from(moves);
        json["value"] = Value::from(answer.value());
    }
    if let Some(game) = read_game(&request.board, &request.lines)? {
        json["game"] = game_json(&game);
    }
    Ok(json.to_string())
}

/// The method and options of a request, checked as the command line checks them
/// (`Options::check`: a known method, by its exact lowercase name; a time limit that is a
/// positive number of seconds; no option, book and node budget included, that the method
/// does not read),
/// with no position: what `dotbox.analyze` and the OpenSpiel bots check when they are made,
/// before any move is asked for.
pub fn options(
    method: Option<&str>,
    time_limit: Option<f64>,
    seed: Option<u64>,
    nodes: Option<u64>,
    book: Option<PathBuf>,
) -> Result<Options, CliError> {
    let method = method
        .map(|name| {
            // Case counts, as on the command line (`--method Retro` is refused): a name
            // read in any case would be echoed lowercased in later errors, not as given.
            Method::from_str(name, false).map_err(|_| {
                let names: Vec<String> =
                    Method::value_variants().iter().map(|m| m.name()).collect();
                CliError::Usage(format!(
                    "method: '{name}' is not one of {}",
                    names.join(", ")
                ))
            })
        })
        .transpose()?;
    let options = Options {
        method,
        book,
        // The command line's default table and threads.
        search: SearchArgs {
            time_limit,
            seed,
            nodes,
            ..SearchArgs::default()
        },
        ..Options::default()
    };
    options.check()?;
    Ok(options)
}

/// The command line's JSON of an exact analysis (`dotbox solve --json`, a book's analysis)
/// with `best`, the lines proven to score the value, as the package returns it.
pub fn exact(text: &str) -> Result<Value, CliError> {
    let mut answer = parsed(text)?;
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

/// The command line's JSON, read.
fn parsed(text: &str) -> Result<Value, CliError> {
    serde_json::from_str(text)
        .map_err(|e| CliError::Usage(format!("the analysis is not JSON ({e}): {text}")))
}
