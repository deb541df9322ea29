//! [`Game`]: one game as the page plays it: the board, the moves in order (who drew each line
//! and what it took), undo and redo, and the geometry the page draws.
//!
//! Values come from the solver; the game only applies the rules: a move completing a box
//! scores it and keeps the turn, any other move passes it.

use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::js_error;
use crate::core::notation::{
    column_label, format_lines, line_label, parse_line, parse_lines, row_label,
};
use crate::core::{Board, Position};

/// One move played: the line, who drew it and how many boxes it completed.
#[derive(Clone, Copy, Debug, Serialize)]
struct Move {
    line: usize,
    player: u8,
    boxes: u32,
}

/// A move of the main line with the state after it: who is to move and the boxes each
/// side has taken.
#[derive(Serialize)]
struct Ply {
    line: usize,
    label: String,
    player: u8,
    boxes: u32,
    turn: u8,
    taken: [u32; 2],
    /// The position after it, as the solver is asked (`Game::lines`).
    lines: String,
}

/// A game record read from text: the board, its extra pre-drawn lines and the moves.
#[derive(Serialize)]
struct Record {
    board: String,
    predrawn: String,
    moves: Vec<usize>,
}

/// A line as the page draws it: its number, its label, its two dots and whether it was
/// pre-drawn.
#[derive(Serialize)]
struct LineShape {
    line: usize,
    label: String,
    a: (usize, usize),
    b: (usize, usize),
    horizontal: bool,
    predrawn: bool,
}

/// The board's shape for drawing.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Geometry {
    rows: usize,
    cols: usize,
    lines: Vec<LineShape>,
    /// The coordinates lines are labelled by: each dot column's letter, left to right, and
    /// each dot row's number, top to bottom.
    column_labels: Vec<String>,
    row_labels: Vec<String>,
}

/// A completed box and who took it (`null` when pre-drawn lines completed it).
#[derive(Serialize)]
struct TakenBox {
    row: usize,
    col: usize,
    player: Option<u8>,
}

/// A game on one board: the page's model of play.
#[wasm_bindgen]
#[derive(Clone)]
pub struct Game {
    board: Board,
    moves: Vec<Move>,
    redo: Vec<usize>,
}

#[wasm_bindgen]
impl Game {
    /// A new game on `board` (`RxC` or `icelandic`) with the lines `predrawn`
    /// (`"0,5,7"`, may be empty) drawn before play starts. Player 0 moves first.
    #[wasm_bindgen(constructor)]
    pub fn new(board: &str, predrawn: &str) -> Result<Game, JsError> {
        let board = Board::parse(board).map_err(js_error)?;
        let extra = parse_lines(&board, predrawn).map_err(js_error)?;
        let board = board.with_predrawn(extra);
        Ok(Game {
            board,
            moves: Vec::new(),
            redo: Vec::new(),
        })
    }

    /// The board's name (`RxC` or `icelandic`).
    #[wasm_bindgen(getter)]
    pub fn board(&self) -> String {
        self.board.name()
    }

    /// The pre-drawn lines beyond those the board's name implies, as `l1,l2,..`.
    #[wasm_bindgen(getter)]
    pub fn predrawn(&self) -> String {
        let named = Board::parse(&self.board.name()).unwrap_or_else(|_| self.board.clone());
        format_lines(&named, self.board.predrawn())
    }

    /// Draws `line` for the player to move; returns the boxes it completed (0, 1 or 2).
    /// Clears the redo list. Errors if the line does not exist or is drawn.
    pub fn play(&mut self, line: usize) -> Result<u32, JsError> {
        self.apply(line).map_err(|e| JsError::new(&e))?;
        self.redo.clear();
        Ok(self.moves.last().map_or(0, |m| m.boxes))
    }

    /// Takes back the last move; returns its line, or `undefined` at the start.
    pub fn undo(&mut self) -> Option<usize> {
        let m = self.moves.pop()?;
        self.redo.push(m.line);
        Some(m.line)
    }

    /// Replays the last move taken back; returns its line, or `undefined` if none.
    pub fn redo(&mut self) -> Option<usize> {
        let line = self.redo.pop()?;
        self.apply(line).ok()?;
        Some(line)
    }

    /// Whether a move can be taken back.
    #[wasm_bindgen(js_name = canUndo)]
    pub fn can_undo(&self) -> bool {
        !self.moves.is_empty()
    }

    /// Whether a taken-back move can be replayed.
    #[wasm_bindgen(js_name = canRedo)]
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// The player to move: 0 (first) or 1.
    #[wasm_bindgen(getter)]
    pub fn turn(&self) -> u8 {
        match self.moves.last() {
            None => 0,
            Some(m) if m.boxes > 0 => m.player,
            Some(m) => 1 - m.player,
        }
    }

    /// Boxes taken so far by player 0 and player 1.
    #[wasm_bindgen(getter)]
    pub fn taken(&self) -> Vec<u32> {
        let mut taken = vec![0, 0];
        for m in &self.moves {
            taken[usize::from(m.player)] += m.boxes;
        }
        taken
    }

    /// Whether every line is drawn.
    #[wasm_bindgen(js_name = isOver)]
    pub fn is_over(&self) -> bool {
        self.position() == self.board.all_lines()
    }

    /// The lines played, in order (pre-drawn lines excluded).
    #[wasm_bindgen(getter)]
    pub fn moves(&self) -> Vec<usize> {
        self.moves.iter().map(|m| m.line).collect()
    }

    /// The moves played, in order: `[{line, player, boxes}]`.
    pub fn history(&self) -> Result<JsValue, JsError> {
        super::to_js_value(&self.moves)
    }

    /// Every drawn line, pre-drawn ones included, lowest first.
    #[wasm_bindgen(getter)]
    pub fn drawn(&self) -> Vec<usize> {
        self.position().lines().collect()
    }

    /// Number of lines still open: what the solvers' limits count.
    #[wasm_bindgen(getter)]
    pub fn open(&self) -> u32 {
        self.board.open_lines(self.position()).count()
    }

    /// The drawn lines beyond the board's start, as `l1,l2,..` (what the solver is asked).
    #[wasm_bindgen(getter)]
    pub fn lines(&self) -> String {
        format_lines(&self.board, self.position())
    }

    /// The board's geometry: `{rows, cols, lines: [{line, label, a: [r, c], b: [r, c], horizontal,
    /// predrawn}], columnLabels, rowLabels}`.
    pub fn geometry(&self) -> Result<JsValue, JsError> {
        let lines = (0..self.board.num_lines())
            .map(|line| {
                let (a, b) = self.board.endpoints(line);
                let horizontal = self.board.is_horizontal(line);
                LineShape {
                    line,
                    label: line_label(&self.board, line),
                    a,
                    b,
                    horizontal,
                    predrawn: self.board.predrawn().contains(line),
                }
            })
            .collect();
        let geometry = Geometry {
            rows: self.board.rows(),
            cols: self.board.cols(),
            lines,
            column_labels: (0..=self.board.cols())
                .map(|c| column_label(c).to_string())
                .collect(),
            row_labels: (0..=self.board.rows())
                .map(|r| row_label(&self.board, r).to_string())
                .collect(),
        };
        super::to_js_value(&geometry)
    }

    /// The label of `line` (`a1b1`: its two dots, see `core::notation`).
    pub fn label(&self, line: usize) -> Result<String, JsError> {
        self.check_line(line).map_err(|e| JsError::new(&e))?;
        Ok(line_label(&self.board, line))
    }

    /// Plays the moves in `text` (line numbers or labels, separated by commas or spaces) in
    /// order. Stops at the first that cannot be played, with an error naming it and how many
    /// were played.
    #[wasm_bindgen(js_name = playAll)]
    pub fn play_all(&mut self, text: &str) -> Result<(), JsError> {
        let items = text.split([',', ' ', '\n', '\t']).filter(|s| !s.is_empty());
        for (i, item) in items.enumerate() {
            let played = parse_line(&self.board, item)
                .map_err(|e| e.to_string())
                .and_then(|line| self.apply(line));
            if let Err(why) = played {
                return Err(JsError::new(&format!(
                    "move {} ('{item}'): {why}; the first {i} move{} played",
                    i + 1,
                    if i == 1 { " is" } else { "s are" }
                )));
            }
            self.redo.clear();
        }
        Ok(())
    }

    /// Moves played so far (the position's place in the main line).
    #[wasm_bindgen(getter)]
    pub fn ply(&self) -> usize {
        self.moves.len()
    }

    /// The main line: the moves played, then those taken back and not replaced (redo), as
    /// `[{line, label, player, boxes, turn, taken: [a, b], lines}]` with the state after each.
    pub fn mainline(&self) -> Result<JsValue, JsError> {
        let mut g = self.clone();
        while g.redo().is_some() {}
        let mut taken = [0, 0];
        let mut pos = self.board.start();
        let mut plies = Vec::with_capacity(g.moves.len());
        for (i, m) in g.moves.iter().enumerate() {
            taken[usize::from(m.player)] += m.boxes;
            pos = pos.with(m.line);
            let turn = match g.moves.get(i + 1) {
                Some(next) => next.player,
                None => g.turn(),
            };
            plies.push(Ply {
                line: m.line,
                label: line_label(&self.board, m.line),
                player: m.player,
                boxes: m.boxes,
                turn,
                taken,
                lines: format_lines(&self.board, pos),
            });
        }
        super::to_js_value(&plies)
    }

    /// Moves back or forward along the main line to `ply` moves played (clamped to it).
    #[wasm_bindgen(js_name = goTo)]
    pub fn go_to(&mut self, ply: usize) {
        while self.moves.len() > ply && self.undo().is_some() {}
        while self.moves.len() < ply && self.redo().is_some() {}
    }

    /// The game as text: `BOARD [pre L,..] moves M M ..` with the moves as labels (the main
    /// line up to here); `readRecord` reads it back.
    pub fn record(&self) -> String {
        let mut text = self.board.name();
        let pre = self.predrawn();
        if !pre.is_empty() {
            text.push_str(&format!(" pre {pre}"));
        }
        if !self.moves.is_empty() {
            let moves: Vec<String> = self
                .moves
                .iter()
                .map(|m| line_label(&self.board, m.line))
                .collect();
            text.push_str(&format!(" moves {}", moves.join(" ")));
        }
        text
    }

    /// The completed boxes and who took each: `[{row, col, player}]`.
    #[wasm_bindgen(js_name = takenBoxes)]
    pub fn taken_boxes(&self) -> Result<JsValue, JsError> {
        let mut owner = std::collections::HashMap::new();
        let mut pos = self.board.start();
        for m in &self.moves {
            pos = pos.with(m.line);
            for (r, c) in self.board.completed_boxes(pos) {
                owner.entry((r, c)).or_insert(m.player);
            }
        }
        let boxes: Vec<TakenBox> = self
            .board
            .completed_boxes(pos)
            .into_iter()
            .map(|(row, col)| TakenBox {
                row,
                col,
                player: owner.get(&(row, col)).copied(),
            })
            .collect();
        super::to_js_value(&boxes)
    }
}

impl Game {
    /// The drawn lines, pre-drawn ones included.
    pub fn position(&self) -> Position {
        self.moves
            .iter()
            .fold(self.board.start(), |p, m| p.with(m.line))
    }

    fn check_line(&self, line: usize) -> Result<(), String> {
        if line >= self.board.num_lines() {
            return Err(format!(
                "line {line} does not exist: this board has lines 0 to {}",
                self.board.num_lines() - 1
            ));
        }
        Ok(())
    }

    fn apply(&mut self, line: usize) -> Result<(), String> {
        self.check_line(line)?;
        let pos = self.position();
        if pos.contains(line) {
            return Err(format!("line {line} is already drawn"));
        }
        let player = self.turn();
        let boxes = self.board.boxes_completed(pos, line);
        self.moves.push(Move {
            line,
            player,
            boxes,
        });
        Ok(())
    }
}

/// Reads a game record: `BOARD [pre L,..] [moves M M ..]` (see `Game::record`), or a position
/// `BOARD:l1,l2,..` (its lines become the pre-drawn lines of a game with no moves yet). Lines
/// and moves are numbers or labels. Returns `{board, predrawn, moves}` once every move has
/// been played, or an error naming what is wrong.
#[wasm_bindgen(js_name = readRecord)]
pub fn read_record(text: &str) -> Result<JsValue, JsError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(JsError::new(
            "nothing to read: paste a game (3x3 moves a4b4 b1b2), a position (3x3:0,5) or a page address",
        ));
    }
    let mut words = text.split_whitespace();
    let first = words.next().unwrap_or_default();
    let (board, mut predrawn) = match first.split_once(':') {
        Some((board, lines)) => (board, lines.to_string()),
        None => (first, String::new()),
    };
    let rest: Vec<&str> = words.collect();
    let (pre, moves) = match rest.iter().position(|w| *w == "moves") {
        Some(i) => (&rest[..i], &rest[i + 1..]),
        None => (&rest[..], &rest[..0]),
    };
    match pre {
        [] => {}
        ["pre", lines @ ..] if !lines.is_empty() && predrawn.is_empty() => {
            predrawn = lines.join(",")
        }
        _ => {
            return Err(JsError::new(&format!(
            "'{}' is not understood: expected BOARD, then optionally pre L,L,.. and moves M M ..",
            pre.join(" ")
        )))
        }
    }
    let mut game = Game::new(board, &predrawn)?;
    game.play_all(&moves.join(" "))?;
    super::to_js_value(&Record {
        board: game.board(),
        predrawn: game.predrawn(),
        moves: game.moves(),
    })
}
