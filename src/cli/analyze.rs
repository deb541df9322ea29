//! `dotbox analyze`: a position's value and the score of every legal move, from a book or by
//! solving the position's subgame in memory; and the report shared with `dotbox solve`.

use std::path::PathBuf;

use clap::Args;

use crate::book::{Book, BookError};
use crate::core::notation::parse_lines;
use crate::core::{Analysis, Board, Position};
use crate::retro::Solve;
use crate::store::memory::MemoryStore;

use super::diagram::{render, side_by_side};
use super::error::CliError;
use super::method::{self, automatic, Method, SearchArgs};
use super::{progress, read_file};

/// Arguments of `dotbox analyze`.
#[derive(Args, Debug)]
pub struct AnalyzeArgs {
    /// The board: RxC (for example 3x3) or icelandic.
    pub board: String,
    /// Drawn lines, comma-separated (pre-drawn lines may be repeated).
    #[arg(long, default_value = "", allow_hyphen_values = true)]
    pub lines: String,
    /// Answer from this book; positions deeper than the book are solved in memory.
    #[arg(long)]
    pub book: Option<PathBuf>,
    /// Print one JSON object instead of the diagram.
    #[arg(long)]
    pub json: bool,
    /// The solver to use. Default: the book when --book is given (past its depth, as below),
    /// the retrograde solver up to 30 open lines, the search past that.
    #[arg(long, value_enum)]
    pub method: Option<Method>,
    /// Options of the search.
    #[command(flatten)]
    pub search: SearchArgs,
}

/// Runs `dotbox analyze` and returns its output.
pub fn run(args: &AnalyzeArgs) -> Result<String, CliError> {
    let (board, pos) = parse_position(&args.board, &args.lines)?;
    let forced = args.method.is_some();
    let (analysis, source) = match args
        .method
        .unwrap_or_else(|| automatic(&board, pos, args.book.is_some()))
    {
        Method::Book => {
            let path = args
                .book
                .as_ref()
                .ok_or_else(|| CliError::Usage("--method book needs --book FILE".into()))?;
            let book = Book::from_bytes(read_file(path)?).map_err(CliError::in_book(path))?;
            book.expect_board(&board).map_err(CliError::in_book(path))?;
            match book.analysis(pos) {
                Ok(a) => (a, format!("from book {}", path.display())),
                Err(BookError::TooDeep { max, .. }) if !forced => {
                    let (a, how) =
                        compute(&board, pos, automatic(&board, pos, false), &args.search)?;
                    (
                        a,
                        format!("{how} (the book gives move scores up to {max} lines)"),
                    )
                }
                Err(e) => return Err(CliError::in_book(path)(e)),
            }
        }
        method => compute(&board, pos, method, &args.search)?,
    };
    Ok(if args.json {
        json(&board, pos, &analysis)
    } else {
        human(&board, pos, &analysis, &source)
    })
}

/// The board named `board` and the position of `lines` on it.
pub fn parse_position(board: &str, lines: &str) -> Result<(Board, Position), CliError> {
    let board = Board::parse(board)?;
    let pos = parse_lines(&board, lines)?;
    Ok((board, pos))
}

/// The analysis by the retrograde solver or the search, with how it was found.
fn compute(
    board: &Board,
    pos: Position,
    method: Method,
    search: &SearchArgs,
) -> Result<(Analysis, String), CliError> {
    match method {
        Method::Search => method::search(board, pos, search),
        _ => Ok((
            solve_in_memory(board, pos)?,
            "solved in memory by the retrograde solver".to_string(),
        )),
    }
}

fn solve_in_memory(board: &Board, pos: Position) -> Result<Analysis, CliError> {
    let mut solve = Solve::new(board, pos, 1)?;
    progress::solve_then(&mut solve, &mut MemoryStore::new(), |solve, store| {
        Ok(solve.analysis(store, pos)?)
    })
}

/// `{"board": .., "lines": [..], "value": V, "moves": [{"line": i, "score": s}, ..]}` on one
/// line: every drawn line of the position (pre-drawn ones included), sorted.
pub fn json(board: &Board, pos: Position, analysis: &Analysis) -> String {
    let name = serde_json::Value::String(board.name());
    let lines: Vec<String> = pos.lines().map(|l| l.to_string()).collect();
    let moves: Vec<String> = analysis
        .moves
        .iter()
        .map(|m| format!("{{\"line\": {}, \"score\": {}}}", m.line, m.score))
        .collect();
    format!(
        "{{\"board\": {name}, \"lines\": [{}], \"value\": {}, \"moves\": [{}]}}\n",
        lines.join(", "),
        analysis.value,
        moves.join(", ")
    )
}

/// The diagram of line numbers beside the diagram of move scores, the value and best moves.
pub fn human(board: &Board, pos: Position, analysis: &Analysis, source: &str) -> String {
    let drawn = pos.difference(board.predrawn());
    let drawn_list: Vec<String> = drawn.lines().map(|l| l.to_string()).collect();
    let score_of = |line: usize| {
        analysis
            .moves
            .iter()
            .find(|m| m.line == line)
            .map_or(String::new(), |m| m.score.to_string())
    };
    let mut out = format!(
        "{} with {} drawn, {} open lines\n{source}\n\n",
        board.name(),
        if drawn.is_empty() {
            "no lines".to_string()
        } else {
            format!("lines {}", drawn_list.join(","))
        },
        board.open_lines(pos).count()
    );
    let numbers = format!(
        " open lines\n{}",
        render(board, pos, &|line| line.to_string())
    );
    let scores = format!(" move scores\n{}", render(board, pos, &score_of));
    out.push_str(&side_by_side(&numbers, &scores, 3));
    let best: Vec<String> = analysis
        .best_lines()
        .iter()
        .map(|l| l.to_string())
        .collect();
    out.push_str(&format!(
        "\nvalue: {} (net boxes still to come for the player to move)\n",
        analysis.value
    ));
    if !best.is_empty() {
        out.push_str(&format!("best moves: {}\n", best.join(", ")));
    }
    out
}
