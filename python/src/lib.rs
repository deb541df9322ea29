//! `dotbox._dotbox`: the Rust side of the Python package, a thin layer over the dotbox
//! library. Every answer is the library's, reached as the command line reaches it (an
//! analysis through `dotbox::answer`, a solve through `dotbox::cli::solve`) and written by the
//! command line's JSON writer, so a value through Python is the value `dotbox analyze
//! --json` prints (`answer::analyze` says what Python adds to that object).
//! Failures are [`DotboxError`]s carrying the command line's messages; the solvers run with
//! the GIL released, on the calling thread's own thread pool (`pool`: one that survives
//! `fork()`, and one a thread, so that calls from several threads run side by side), and stop
//! on Ctrl-C (`wait`).

mod answer;
mod book;
mod pool;
mod wait;

use std::path::PathBuf;

use dotbox::cli::{parse_position, RulesArgs, SolveArgs};
use dotbox::core::notation::{format_dbn, parse_dbn};
use dotbox::core::DbnError;
use dotbox::native::{CliError, Face, MethodOption};
use dotbox::retro::DEFAULT_MIN_CHAIN;
use dotbox::search::quick::quick_move;
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

create_exception!(
    dotbox,
    DotboxError,
    PyValueError,
    "Bad input (of any type) or a failed solve; the message is the dotbox command line's, naming the argument at fault as Python names it (board, lines, method, time_limit, seed, ...), never a command-line option."
);

/// A Python exception carrying the command line's message for `error`, with the arguments
/// named as Python names them (`lines`, `method='book'`, `time_limit`).
pub(crate) fn py_error(error: CliError) -> PyErr {
    DotboxError::new_err(error.in_terms_of(Face::Python).to_string())
}

/// The analysis of a position as a JSON object (see `dotbox.analyze`).
#[pyfunction]
#[pyo3(signature = (board, lines, method=None, time_limit=None, book=None, seed=None, nodes=None))]
#[allow(clippy::too_many_arguments)] // Python's keyword arguments, one by one
fn analyze_json(
    py: Python<'_>,
    board: String,
    lines: String,
    method: Option<String>,
    time_limit: Option<f64>,
    book: Option<PathBuf>,
    seed: Option<u64>,
    nodes: Option<u64>,
) -> PyResult<String> {
    let request = answer::Request {
        board,
        lines,
        method,
        time_limit,
        book,
        seed,
        nodes,
    };
    wait::interruptible(py, || answer::analyze(&request))
}

/// Checks `dotbox.analyze`'s method and options as `analyze` does, with no position: what
/// the OpenSpiel bots check when they are made (`answer::options`).
#[pyfunction]
#[pyo3(signature = (method=None, time_limit=None, seed=None, nodes=None))]
fn check_options(
    method: Option<String>,
    time_limit: Option<f64>,
    seed: Option<u64>,
    nodes: Option<u64>,
) -> PyResult<()> {
    answer::options(method.as_deref(), time_limit, seed, nodes, None)
        .map(drop)
        .map_err(py_error)
}

/// The options of `dotbox.analyze` (as Python names them) that `method` reads; with no
/// method the answer policy may choose any, so every one.
#[pyfunction]
#[pyo3(signature = (method=None))]
fn options_read(method: Option<String>) -> PyResult<Vec<&'static str>> {
    let options = answer::options(method.as_deref(), None, None, None, None).map_err(py_error)?;
    Ok(MethodOption::ALL
        .into_iter()
        .filter(|o| o.offered_by(Face::Python))
        .filter(|o| options.method.is_none_or(|m| o.readers().contains(&m)))
        .map(|o| o.name(Face::Python))
        .collect())
}

/// The whole subgame of a position solved as `dotbox solve --json` does, its finished tiles
/// kept in `store` when given (a rerun with the same store resumes).
#[pyfunction]
#[pyo3(signature = (board, lines, store=None, memory=None))]
fn solve_json(
    py: Python<'_>,
    board: String,
    lines: String,
    store: Option<PathBuf>,
    memory: Option<u64>,
) -> PyResult<String> {
    let solve = SolveArgs {
        board,
        lines,
        store,
        memory,
        high_groups: None,
        // The calling thread's pool (pool::of_this_thread): one thread per core.
        threads: None,
        json: true,
        rules: RulesArgs {
            last_move_penalty: 0,
        },
        loony: false,
        pseudo_lines: false,
        min_chain: DEFAULT_MIN_CHAIN,
        face: Face::Python,
    };
    wait::interruptible(py, || {
        let text = dotbox::cli::solve(&solve)?;
        Ok(answer::exact(&text)?.to_string())
    })
}

/// The move the rules of thumb choose (`dotbox::search::quick`): take a box, else a line
/// giving nothing away, else the smallest sacrifice; `random` in [0, 1) picks among equals.
/// `None` on a full board.
#[pyfunction]
#[pyo3(signature = (board, lines, random=0.0))]
fn rules_move(board: &str, lines: &str, random: f64) -> PyResult<Option<usize>> {
    let (board, pos) = parse_position(board, lines).map_err(py_error)?;
    if !(0.0..1.0).contains(&random) {
        return Err(py_error(CliError::Usage(format!(
            "random: {random} is not in [0, 1)"
        ))));
    }
    Ok(quick_move(&board, pos, random).map(|(line, _)| line))
}

/// A position read as the command line reads it: the board's name, rows, columns and line
/// count, and every drawn line (pre-drawn ones included), in increasing order.
#[pyfunction]
#[pyo3(signature = (board, lines=""))]
fn position(board: &str, lines: &str) -> PyResult<(String, usize, usize, usize, Vec<usize>)> {
    let (board, pos) = parse_position(board, lines).map_err(py_error)?;
    let drawn = pos.lines().collect();
    Ok((
        board.name(),
        board.rows(),
        board.cols(),
        board.num_lines(),
        drawn,
    ))
}

/// OpenSpiel's `dbn` string of a position read as [`position`] reads it: a `0` or `1` for each
/// line, pre-drawn lines drawn.
#[pyfunction]
fn dbn(board: &str, lines: &str) -> PyResult<String> {
    book::board_alone(board).map_err(py_error)?; // a board alone: a position's lines would be set silently
    let (board, pos) = parse_position(board, lines).map_err(py_error)?;
    Ok(format_dbn(&board, pos))
}

/// OpenSpiel's `dbn` string `text` read as the page reads it (`BITS` on `board`, or `RxC
/// BITS` on the board it names; `dotbox::core::notation::parse_dbn`): the board's name, rows
/// and columns, and every drawn line, in increasing order.
#[pyfunction]
#[pyo3(signature = (text, board=None))]
fn read_dbn(text: &str, board: Option<&str>) -> PyResult<(String, usize, usize, Vec<usize>)> {
    let board = board.map(book::board_alone).transpose().map_err(py_error)?;
    let (board, pos) = parse_dbn(text, board.as_ref()).map_err(|e| match e {
        // Python names the board with an argument too.
        DbnError::NoBoard => DotboxError::new_err(
            "a dbn string does not say its board: give board='RxC', or the string as 'RxC BITS'",
        ),
        e => DotboxError::new_err(e.to_string()),
    })?;
    Ok((
        board.name(),
        board.rows(),
        board.cols(),
        pos.lines().collect(),
    ))
}

/// A board named alone (`RxC` or `icelandic`; a position or game record refused, naming
/// `board`): its name, rows, columns, line count and pre-drawn lines, in increasing order.
#[pyfunction]
fn board(name: &str) -> PyResult<(String, usize, usize, usize, Vec<usize>)> {
    let board = book::board_alone(name).map_err(py_error)?;
    let predrawn = board.predrawn().lines().collect();
    Ok((
        board.name(),
        board.rows(),
        board.cols(),
        board.num_lines(),
        predrawn,
    ))
}

/// The shipped book of a board, found as the command line finds it (`$DOTBOX_BOOKS`, then the
/// books the wheel carries, then `www/books` of the checkout dotbox was built from), if there
/// is one.
#[pyfunction]
fn shipped_book(board: &str) -> PyResult<Option<PathBuf>> {
    let (board, _) = parse_position(board, "").map_err(py_error)?;
    dotbox::native::shipped_book(&board).map_err(py_error)
}

/// Names the folder of books the installed package carries (`dotbox/books`, a copy of the
/// checkout's `www/books` put in the wheel), so that books are found wherever the wheel is
/// installed: the package calls it once, at import. `false` if one was named before.
#[pyfunction]
fn carried_books(dir: PathBuf) -> bool {
    dotbox::native::carried_books(dir)
}

#[pymodule]
fn _dotbox(m: &Bound<'_, PyModule>) -> PyResult<()> {
    // The package's version, from this crate's Cargo.toml, which is also where maturin reads
    // the wheel's version (pyproject.toml's `dynamic`): one number, not two to keep in step.
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("DotboxError", m.py().get_type::<DotboxError>())?;
    m.add_function(wrap_pyfunction!(analyze_json, m)?)?;
    m.add_function(wrap_pyfunction!(solve_json, m)?)?;
    m.add_function(wrap_pyfunction!(check_options, m)?)?;
    m.add_function(wrap_pyfunction!(options_read, m)?)?;
    m.add_function(wrap_pyfunction!(rules_move, m)?)?;
    m.add_function(wrap_pyfunction!(position, m)?)?;
    m.add_function(wrap_pyfunction!(board, m)?)?;
    m.add_function(wrap_pyfunction!(dbn, m)?)?;
    m.add_function(wrap_pyfunction!(read_dbn, m)?)?;
    m.add_function(wrap_pyfunction!(shipped_book, m)?)?;
    m.add_function(wrap_pyfunction!(carried_books, m)?)?;
    m.add_class::<book::Book>()?;
    wait::stop_calls_at_exit(m)?;
    Ok(())
}
