//! [`Game`]: one game as the page plays it: the board, the moves in order (who drew each line
//! and what it took), undo and redo, and the geometry the page draws.
//!
//! Values come from the solver; the game only applies the rules: a move completing a box
//! scores it and keeps the turn, any other move passes it.

use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::js_error;
use crate::core::notation::{format_lines, parse_lines};
use crate::core::{Board, Position};

/// One move played: the line, who drew it and how many boxes it completed.
#[derive(Clone, Copy, Debug, Serialize)]
struct Move {
    line: usize,
    player: u8,
    boxes: u32,
}

/// A line as the page draws it: its number, its two dots and whether it was pre-drawn.
#[derive(Serialize)]
struct LineShape {
    line: usize,
    a: (usize, usize),
    b: (usize, usize),
    horizontal: bool,
    predrawn: bool,
}

/// The board's shape for drawing.
#[derive(Serialize)]
struct Geometry {
    rows: usize,
    cols: usize,
    lines: Vec<LineShape>,
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
        self.apply(line)?;
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
        serde_wasm_bindgen::to_value(&self.moves).map_err(js_error)
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

    /// The board's geometry: `{rows, cols, lines: [{line, a: [r, c], b: [r, c], horizontal, predrawn}]}`.
    pub fn geometry(&self) -> Result<JsValue, JsError> {
        let lines = (0..self.board.num_lines())
            .map(|line| {
                let (a, b) = self.board.endpoints(line);
                let horizontal = self.board.is_horizontal(line);
                LineShape {
                    line,
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
        };
        serde_wasm_bindgen::to_value(&geometry).map_err(js_error)
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
        serde_wasm_bindgen::to_value(&boxes).map_err(js_error)
    }
}

impl Game {
    /// The drawn lines, pre-drawn ones included.
    pub fn position(&self) -> Position {
        self.moves
            .iter()
            .fold(self.board.start(), |p, m| p.with(m.line))
    }

    fn apply(&mut self, line: usize) -> Result<(), JsError> {
        if line >= self.board.num_lines() {
            return Err(JsError::new(&format!(
                "line {line} does not exist: this board has lines 0 to {}",
                self.board.num_lines() - 1
            )));
        }
        let pos = self.position();
        if pos.contains(line) {
            return Err(JsError::new(&format!("line {line} is already drawn")));
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
