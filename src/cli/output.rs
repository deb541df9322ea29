//! The report of an exact analysis, shared by `analyze`, `solve` and `--pseudo-lines`: one
//! JSON object on a line (through serde, spaced as `{"key": value, ..}`), or the diagrams of
//! line numbers and move scores with the value and the best moves. Kept apart from the
//! commands so each command imports it and no command imports another for it.

use std::io;

use serde::Serialize;
use serde_json::ser::{Formatter, Serializer};

use crate::core::notation::{format_lines, line_label};
use crate::core::{Analysis, Board, LoonyFlags, Position, Rules};

use super::diagram::{render, side_by_side};

/// The JSON object of an exact analysis (see [`json`]); `--pseudo-lines` flattens it into its
/// own report, so its fields come first there too.
#[derive(Serialize)]
pub struct AnalysisJson<'a> {
    board: String,
    lines: Vec<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    last_move_penalty: Option<i32>,
    method: &'a str,
    exact: bool,
    value: i32,
    #[serde(skip_serializing_if = "Option::is_none")]
    next_loony: Option<&'static str>,
    moves: Vec<MoveJson>,
}

/// One move of [`AnalysisJson`].
#[derive(Serialize)]
struct MoveJson {
    line: usize,
    score: i32,
    /// Whether `score` is proven: false only for chains as pseudo-lines' upper bounds and
    /// unproven values; the engine's estimates carry the same field.
    exact: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    next_loony: Option<&'static str>,
}

impl<'a> AnalysisJson<'a> {
    /// The object of `analysis` of `pos`, with the fields [`json`] lists; the scores of the
    /// moves on `unproven` are not proven (chains as pseudo-lines), and the answer is
    /// `"exact"` when no move's score is unproven.
    pub fn new(
        board: &Board,
        pos: Position,
        analysis: &Analysis,
        rules: Rules,
        flags: Option<&LoonyFlags>,
        method: &'a str,
        unproven: Position,
    ) -> Self {
        let moves: Vec<MoveJson> = analysis
            .moves
            .iter()
            .map(|m| MoveJson {
                line: m.line,
                score: m.score,
                exact: !unproven.contains(m.line),
                next_loony: flags.map(|f| f.suffix(m.line)),
            })
            .collect();
        AnalysisJson {
            board: board.name(),
            lines: pos.lines().collect(),
            last_move_penalty: Some(rules.last_move_penalty).filter(|&p| p != 0),
            method,
            exact: moves.iter().all(|m| m.exact),
            value: analysis.value,
            next_loony: flags.map(|f| f.value.suffix()),
            moves,
        }
    }
}

/// `{"board": .., "lines": [..], "method": M, "exact": true, "value": V, "moves":
/// [{"line": i, "score": s, "exact": true}, ..]}` on one line, for an exact answer: every
/// drawn line of the position (pre-drawn ones included), sorted; the method that answered
/// (`book`, `retro`, `search`). Chains as pseudo-lines, which may prove less, write the same
/// object with some moves `"exact": false` (`pseudo::report`), and the engine's estimates
/// the same fields (`estimate::json_report`), so a reader tells exact from not by one field
/// everywhere. A last-move penalty adds `"last_move_penalty": P`; loony flags add
/// `"next_loony"` (`"v"`, `"^"` or `""`) to the position and to each move. The Python
/// package reads books into the same object.
pub fn json(
    board: &Board,
    pos: Position,
    analysis: &Analysis,
    rules: Rules,
    flags: Option<&LoonyFlags>,
    method: &str,
) -> String {
    json_line(&AnalysisJson::new(
        board,
        pos,
        analysis,
        rules,
        flags,
        method,
        Position::EMPTY,
    ))
}

/// `value` as one line of JSON with a space after each comma and colon, the form the
/// command line has always printed (docs/cli.md shows it), ending in a newline.
pub fn json_line(value: &impl Serialize) -> String {
    let mut out = Vec::new();
    value
        .serialize(&mut Serializer::with_formatter(&mut out, Spaced))
        .expect("serializing to memory cannot fail");
    out.push(b'\n');
    String::from_utf8(out).expect("serde_json writes UTF-8")
}

/// serde_json's compact form with a space after each separator.
struct Spaced;

impl Formatter for Spaced {
    fn begin_array_value<W: ?Sized + io::Write>(
        &mut self,
        w: &mut W,
        first: bool,
    ) -> io::Result<()> {
        if first {
            Ok(())
        } else {
            w.write_all(b", ")
        }
    }

    fn begin_object_key<W: ?Sized + io::Write>(
        &mut self,
        w: &mut W,
        first: bool,
    ) -> io::Result<()> {
        self.begin_array_value(w, first)
    }

    fn begin_object_value<W: ?Sized + io::Write>(&mut self, w: &mut W) -> io::Result<()> {
        w.write_all(b": ")
    }
}

/// "N open lines", or "1 open line".
pub fn open_lines(n: u32) -> String {
    format!("{n} open line{}", if n == 1 { "" } else { "s" })
}

/// The first line of every text report of a position: `3x3 with lines 0,5 drawn, 22 open
/// lines` (the lines drawn beyond the board's pre-drawn ones), or `with no lines drawn`.
pub fn heading(board: &Board, pos: Position) -> String {
    let drawn = match format_lines(board, pos) {
        lines if lines.is_empty() => "no lines".to_string(),
        lines => format!("lines {lines}"),
    };
    format!(
        "{} with {drawn} drawn, {}",
        board.name(),
        open_lines(board.open_lines(pos).count())
    )
}

/// `source`, naming the last-move penalty when there is one.
pub fn with_penalty(source: &str, rules: Rules) -> String {
    match rules.last_move_penalty {
        0 => source.to_string(),
        p => format!("{source}, last-move penalty {p}"),
    }
}

/// A move as the text reports name it: its number, as the diagram shows it, and its label,
/// as the page names it on its board and move list (`1 (b3c3)`).
pub fn named_line(board: &Board, line: usize) -> String {
    format!("{line} ({})", line_label(board, line))
}

/// One row of a list of moves with what is said of each (`  line  1 (b3c3): -3v`).
pub fn move_row(board: &Board, line: usize, said: &str) -> String {
    format!("  line {line:>2} ({}): {said}\n", line_label(board, line))
}

/// The diagram of line numbers beside the diagram of move scores, the value and best moves;
/// with loony flags, each score carries its suffix and every move is listed too, one a line
/// (easier to read than suffixed scores packed into the diagram).
pub fn human(
    board: &Board,
    pos: Position,
    analysis: &Analysis,
    source: &str,
    flags: Option<&LoonyFlags>,
) -> String {
    human_marked(board, pos, analysis, source, flags, Position::EMPTY)
}

/// [`human`] for an answer whose scores of the `unproven` lines are not proven exact (chains as
/// pseudo-lines): each is marked `~` in the diagram and none is listed as a best move. Where
/// no best move is proven, neither is the value: it is marked `~` and said not to be exact,
/// and the best moves are listed as not proven.
pub fn human_marked(
    board: &Board,
    pos: Position,
    analysis: &Analysis,
    source: &str,
    flags: Option<&LoonyFlags>,
    unproven: Position,
) -> String {
    let suffix = |line: usize| flags.map_or("", |f| f.suffix(line));
    let score_of = |line: usize| {
        analysis
            .moves
            .iter()
            .find(|m| m.line == line)
            .map_or(String::new(), |m| {
                let mark = if unproven.contains(m.line) { "~" } else { "" };
                format!("{mark}{}{}", m.score, suffix(m.line))
            })
    };
    let mut out = format!("{}\n{source}\n\n", heading(board, pos));
    let numbers = format!(
        " open lines\n{}",
        render(board, pos, &|line| line.to_string())
    );
    let scores = format!(" move scores\n{}", render(board, pos, &score_of));
    out.push_str(&side_by_side(&numbers, &scores, 3));
    let best = analysis.best_lines();
    let named = |line: usize| named_line(board, line);
    let proven: Vec<String> = best
        .iter()
        .filter(|&&l| !unproven.contains(l))
        .map(|&l| named(l))
        .collect();
    let value_proven = best.is_empty() || !proven.is_empty();
    let (mark, caveat) = match value_proven {
        true => ("", ""),
        false => ("~", "not proven exact; "),
    };
    out.push_str(&format!(
        "\nvalue: {mark}{}{} ({caveat}net boxes still to come for the player to move)\n",
        analysis.value,
        flags.map_or("", |f| f.value.suffix())
    ));
    if !value_proven {
        let all: Vec<String> = best.iter().map(|&l| named(l)).collect();
        out.push_str(&format!("best moves, not proven: {}\n", all.join(", ")));
    } else if !proven.is_empty() {
        out.push_str(&format!("best moves: {}\n", proven.join(", ")));
    }
    if flags.is_some() {
        out.push_str(
            "\nmove scores (v: the player to move must make the next loony move, ^: the \
             opponent must, no suffix: nobody will)\n",
        );
        for m in &analysis.moves {
            out.push_str(&move_row(
                board,
                m.line,
                &format!("{}{}", m.score, suffix(m.line)),
            ));
        }
    }
    out
}
