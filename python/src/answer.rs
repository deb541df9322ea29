//! The answer policy of `dotbox.analyze`: the command line's own analysis (`dotbox analyze
//! --json`: the shipped book, the retrograde solver or the search, chosen as it chooses) where
//! an exact answer reaches, and past that reach a move that is labelled as not exact.

use std::path::PathBuf;

use clap::ValueEnum;
use dotbox::cli::analyze::{parse_position, AnalyzeArgs, RulesArgs};
use dotbox::cli::method::{Method, SearchArgs};
use dotbox::cli::CliError;
use dotbox::core::{Board, Position};
use dotbox::retro::units::DEFAULT_MIN_CHAIN;
use dotbox::search::quick::quick_move;
use serde_json::{json, Value};

/// Memory of the search's transposition table, as the command line's `--tt-mib` default.
const TT_MIB: usize = 1024;

/// What Python asked: the arguments of `dotbox.analyze`.
pub struct Request {
    pub board: String,
    /// Comma-separated line numbers or labels, as `--lines`.
    pub lines: String,
    /// `book`, `retro`, `search` (the command line's `--method`) or `rules`.
    pub method: Option<String>,
    /// Seconds the search may take; past them, with no method forced, the answer is not exact.
    pub time_limit: Option<f64>,
    pub book: Option<PathBuf>,
}

/// Who answers.
enum Choice {
    /// The command line's analysis, with its `--method` (`None`: its automatic choice).
    Exact(Option<Method>),
    /// Past exact reach, asked for by name.
    Beyond,
}

/// The analysis of the request's position as one JSON object: the command line's fields
/// (`board`, `lines`, `value`, `moves` with `line` and `score`) with `exact` and `best` added.
pub fn analyze(request: &Request) -> Result<String, CliError> {
    let (board, pos) = parse_position(&request.board, &request.lines)?;
    if let Some(limit) = request.time_limit {
        if !(limit.is_finite() && limit >= 0.0) {
            return Err(CliError::Usage(format!(
                "time_limit: '{limit}' is not a number of seconds"
            )));
        }
    }
    let choice = match request.method.as_deref() {
        None => Choice::Exact(None),
        Some("rules") => Choice::Beyond,
        Some(name) => Choice::Exact(Some(Method::from_str(name, true).map_err(|_| {
            CliError::Usage(format!(
                "method: '{name}' is not one of book, retro, search, rules"
            ))
        })?)),
    };
    let method = match choice {
        Choice::Beyond => return Ok(beyond_exact(&board, pos).to_string()),
        Choice::Exact(method) => method,
    };
    let args = AnalyzeArgs {
        board: request.board.clone(),
        lines: request.lines.clone(),
        book: request.book.clone(),
        json: true,
        method,
        search: SearchArgs {
            time_limit: request.time_limit,
            tt_mib: TT_MIB,
            search_threads: None,
        },
        rules: RulesArgs {
            last_move_penalty: 0,
        },
        loony: false,
        pseudo_lines: false,
        min_chain: DEFAULT_MIN_CHAIN,
    };
    match dotbox::cli::analyze::run(&args) {
        Ok(text) => Ok(exact(&text)?.to_string()),
        // The position and the time limit were read above and no method was forced: the
        // only usage error left is the search's time limit, so exact play does not reach
        // this position in the time given.
        Err(CliError::Usage(_)) if method.is_none() && request.time_limit.is_some() => {
            Ok(beyond_exact(&board, pos).to_string())
        }
        Err(error) => Err(error),
    }
}

/// The command line's JSON (`dotbox analyze --json`, `dotbox solve --json`) with `exact`
/// and `best` (the lines scoring the value), as the package returns it.
///
/// An answer with chains as pseudo-lines (which the command line picks on its own only when
/// its value is proven exact) may hold move scores that are upper bounds only
/// (`pseudo_lines.unproven_moves`): it is then not `exact`, and those moves are not `best`.
pub fn exact(text: &str) -> Result<Value, CliError> {
    let mut answer: Value = serde_json::from_str(text)
        .map_err(|e| CliError::Usage(format!("the analysis is not JSON ({e}): {text}")))?;
    let value = answer["value"].clone();
    let pseudo = &answer["pseudo_lines"];
    let unproven: Vec<Value> = pseudo["unproven_moves"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let proven = pseudo.is_null() || (pseudo["value_exact"] == true && unproven.is_empty());
    let best: Vec<Value> = answer["moves"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|m| m["score"] == value && !unproven.contains(&m["line"]))
        .map(|m| m["line"].clone())
        .collect();
    answer["best"] = Value::from(best);
    answer["exact"] = Value::Bool(proven);
    Ok(answer)
}

/// THE ONE PLACE WHERE THE ENGINE PLUGS IN. Past exact reach the answer is, for now, the
/// rules of thumb's move (`dotbox::search::quick`, the command line's `--method rules`):
/// no value and no move scores (`null`), `best` the one line they choose, `exact: false`.
/// The engine (`dotbox::engine::estimate`) replaces this body with its estimated value and
/// move scores (floats), still `exact: false` and `method: "estimate"`.
fn beyond_exact(board: &Board, pos: Position) -> Value {
    let lines: Vec<usize> = pos.lines().collect();
    let moves: Vec<Value> = board
        .open_lines(pos)
        .lines()
        .map(|line| json!({"line": line, "score": null}))
        .collect();
    let best: Vec<usize> = quick_move(board, pos, 0.0)
        .map(|(line, _)| line)
        .into_iter()
        .collect();
    json!({
        "board": board.name(),
        "lines": lines,
        "value": null,
        "moves": moves,
        "best": best,
        "exact": false,
        "method": "rules",
    })
}
