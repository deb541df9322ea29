//! [`Game`]: the page's handle on a [`core::Game`](crate::core::Game) (the rules,
//! the moves, undo and redo, the record), with the geometry the page draws and every answer
//! shaped as the page reads it.

use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::input::parse_board;
use super::js_error;
use crate::core::notation::{
    box_label, column_label, format_dbn, format_line_set, format_lines, format_position,
    line_label, parse_dbn, row_label,
};
use crate::core::{self, RecordError};
use crate::core::{Board, Position};

/// One move played, as the page reads it: the line, who drew it and how many boxes it
/// completed.
#[derive(Clone, Copy, Debug, Serialize)]
struct Move {
    line: usize,
    player: u8,
    boxes: u32,
}

impl From<&core::Move> for Move {
    fn from(m: &core::Move) -> Self {
        Move {
            line: m.line,
            player: m.player,
            boxes: m.boxes,
        }
    }
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

/// A line as the page draws it: its number, its label, its two dots, whether it was
/// pre-drawn and the one or two boxes it borders (indexes into [`Geometry::boxes`]).
#[derive(Serialize)]
struct LineShape {
    line: usize,
    label: String,
    a: (usize, usize),
    b: (usize, usize),
    horizontal: bool,
    predrawn: bool,
    boxes: Vec<usize>,
}

/// A box as the page names it: its label (`a1b2`, see `core::notation`) and its four sides,
/// so the page says what a line does to the boxes beside it from the core's box graph.
#[derive(Serialize)]
struct BoxShape {
    label: String,
    sides: [usize; 4],
}

/// The board's shape for drawing.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Geometry {
    rows: usize,
    cols: usize,
    lines: Vec<LineShape>,
    /// Every box, by box index (row by row from the top).
    boxes: Vec<BoxShape>,
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
    game: core::Game,
}

#[wasm_bindgen]
impl Game {
    /// A new game on `board` (`RxC` or `icelandic`) with the lines `predrawn`
    /// (`"0,5,7"`, may be empty) drawn before play starts. Player 0 moves first.
    #[wasm_bindgen(constructor)]
    pub fn new(board: &str, predrawn: &str) -> Result<Game, JsError> {
        Ok(Game {
            game: core::Game::new(parse_board(board, predrawn)?),
        })
    }

    /// The board's name (`RxC` or `icelandic`).
    #[wasm_bindgen(getter)]
    pub fn board(&self) -> String {
        self.board_ref().name()
    }

    /// The pre-drawn lines beyond those the board's name implies, as `l1,l2,..`.
    #[wasm_bindgen(getter)]
    pub fn predrawn(&self) -> String {
        format_line_set(self.board_ref().extra_predrawn())
    }

    /// OpenSpiel's `dbn` string of the position: a `0` or `1` for each line.
    #[wasm_bindgen(getter)]
    pub fn dbn(&self) -> String {
        format_dbn(self.board_ref(), self.position())
    }

    /// Draws `line` for the player to move; returns the boxes it completed (0, 1 or 2).
    /// Clears the redo list. Errors if the line does not exist or is drawn.
    pub fn play(&mut self, line: usize) -> Result<u32, JsError> {
        self.game.play(line).map_err(js_error)
    }

    /// Takes back the last move; returns its line, or `undefined` at the start.
    pub fn undo(&mut self) -> Option<usize> {
        self.game.undo()
    }

    /// Replays the last move taken back; returns its line, or `undefined` if none.
    pub fn redo(&mut self) -> Option<usize> {
        self.game.redo()
    }

    /// Whether a move can be taken back.
    #[wasm_bindgen(js_name = canUndo)]
    pub fn can_undo(&self) -> bool {
        self.game.can_undo()
    }

    /// Whether a taken-back move can be replayed.
    #[wasm_bindgen(js_name = canRedo)]
    pub fn can_redo(&self) -> bool {
        self.game.can_redo()
    }

    /// The player to move: 0 (first) or 1.
    #[wasm_bindgen(getter)]
    pub fn turn(&self) -> u8 {
        self.game.turn()
    }

    /// Boxes taken so far by player 0 and player 1.
    #[wasm_bindgen(getter)]
    pub fn taken(&self) -> Vec<u32> {
        self.game.taken().to_vec()
    }

    /// Whether every line is drawn.
    #[wasm_bindgen(js_name = isOver)]
    pub fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// The lines played, in order (pre-drawn lines excluded).
    #[wasm_bindgen(getter)]
    pub fn moves(&self) -> Vec<usize> {
        self.game.moves().iter().map(|m| m.line).collect()
    }

    /// The moves played, in order: `[{line, player, boxes}]`.
    pub fn history(&self) -> Result<JsValue, JsError> {
        let moves: Vec<Move> = self.game.moves().iter().map(Move::from).collect();
        super::to_js_value(&moves)
    }

    /// The move that led to this position, `{line, player, boxes}`, or `null` at the start:
    /// what each render says and what a reply checks, without the whole history.
    #[wasm_bindgen(js_name = lastMove)]
    pub fn last_move(&self) -> Result<JsValue, JsError> {
        super::to_js_value(&self.game.moves().last().map(Move::from))
    }

    /// Every drawn line, pre-drawn ones included, lowest first.
    #[wasm_bindgen(getter)]
    pub fn drawn(&self) -> Vec<usize> {
        self.position().lines().collect()
    }

    /// Number of lines still open: what the solvers' limits count.
    #[wasm_bindgen(getter)]
    pub fn open(&self) -> u32 {
        self.board_ref().open_lines(self.position()).count()
    }

    /// The drawn lines beyond the board's start, as `l1,l2,..` (what the solver is asked).
    #[wasm_bindgen(getter)]
    pub fn lines(&self) -> String {
        format_lines(self.board_ref(), self.position())
    }

    /// The board's geometry: `{rows, cols, lines: [{line, label, a: [r, c], b: [r, c], horizontal,
    /// predrawn, boxes: [box]}], boxes: [{label, sides: [4 lines]}], columnLabels, rowLabels}`:
    /// where to draw each line and, from the core's box graph, the boxes it borders (what the
    /// page says a line does to them).
    pub fn geometry(&self) -> Result<JsValue, JsError> {
        let board = self.board_ref();
        let graph = board.boxes();
        let lines = (0..board.num_lines())
            .map(|line| {
                let (a, b) = board.endpoints(line);
                let horizontal = board.is_horizontal(line);
                LineShape {
                    line,
                    label: line_label(board, line),
                    a,
                    b,
                    horizontal,
                    predrawn: board.predrawn().contains(line),
                    boxes: graph.boxes_of(line).collect(),
                }
            })
            .collect();
        let boxes = (0..graph.len())
            .map(|b| BoxShape {
                label: box_label(board, graph.coord(b)),
                sides: graph.side_lines(b),
            })
            .collect();
        let geometry = Geometry {
            rows: board.rows(),
            cols: board.cols(),
            lines,
            boxes,
            column_labels: (0..=board.cols())
                .map(|c| column_label(c).to_string())
                .collect(),
            row_labels: (0..=board.rows())
                .map(|r| row_label(board, r).to_string())
                .collect(),
        };
        super::to_js_value(&geometry)
    }

    /// The label of `line` (`a1b1`: its two dots, see `core::notation`).
    pub fn label(&self, line: usize) -> Result<String, JsError> {
        let board = self.board_ref();
        board.check_line(line).map_err(js_error)?;
        Ok(line_label(board, line))
    }

    /// Plays the moves in `text` (line numbers or labels, separated by commas or spaces) in
    /// order. Stops at the first that cannot be played, with an error naming it and how many
    /// were played.
    #[wasm_bindgen(js_name = playAll)]
    pub fn play_all(&mut self, text: &str) -> Result<(), JsError> {
        self.game.play_all(text).map_err(js_error)
    }

    /// Moves played so far (the position's place in the main line).
    #[wasm_bindgen(getter)]
    pub fn ply(&self) -> usize {
        self.game.moves().len()
    }

    /// The main line: the moves played, then those taken back and not replaced (redo), as
    /// `[{line, label, player, boxes, turn, taken: [a, b], lines}]` with the state after each.
    pub fn mainline(&self) -> Result<JsValue, JsError> {
        let board = self.board_ref();
        let plies: Vec<Ply> = self
            .game
            .mainline()
            .into_iter()
            .map(|p| Ply {
                line: p.played.line,
                label: line_label(board, p.played.line),
                player: p.played.player,
                boxes: p.played.boxes,
                turn: p.turn,
                taken: p.taken,
                lines: format_lines(board, p.position),
            })
            .collect();
        super::to_js_value(&plies)
    }

    /// Moves back or forward along the main line to `ply` moves played (clamped to it).
    #[wasm_bindgen(js_name = goTo)]
    pub fn go_to(&mut self, ply: usize) {
        self.game.go_to(ply);
    }

    /// The game as text: `BOARD [pre L,..] moves M M ..` with the moves as labels (the main
    /// line up to here); `readRecord` reads it back.
    pub fn record(&self) -> String {
        self.game.record()
    }

    /// The completed boxes and who took each: `[{row, col, player}]`.
    #[wasm_bindgen(js_name = takenBoxes)]
    pub fn taken_boxes(&self) -> Result<JsValue, JsError> {
        let boxes: Vec<TakenBox> = self
            .game
            .taken_boxes()
            .into_iter()
            .map(|((row, col), player)| TakenBox { row, col, player })
            .collect();
        super::to_js_value(&boxes)
    }
}

impl Game {
    /// The drawn lines, pre-drawn ones included.
    fn position(&self) -> Position {
        self.game.position()
    }

    fn board_ref(&self) -> &Board {
        self.game.board()
    }
}

/// Reads OpenSpiel's `dbn` string, `BITS` on the board `board` (a board's name) or `RxC BITS`
/// on the board it names, into a position `BOARD:l1,l2,..` that `readRecord` reads; errors
/// naming what is wrong (see [`parse_dbn`]).
#[wasm_bindgen(js_name = readDbn)]
pub fn read_dbn(text: &str, board: &str) -> Result<String, JsError> {
    let board = Board::parse(board).map_err(js_error)?;
    let (board, pos) = parse_dbn(text, Some(&board)).map_err(js_error)?;
    Ok(format_position(&board, pos))
}

/// Reads a game record: `BOARD [pre L,..] [moves M M ..]` (see `Game::record`), or a position
/// `BOARD:l1,l2,..` (its lines become the pre-drawn lines of a game with no moves yet). Lines
/// and moves are numbers or labels. Returns `{board, predrawn, moves}` once every move has
/// been played, or an error naming what is wrong.
#[wasm_bindgen(js_name = readRecord)]
pub fn read_record(text: &str) -> Result<JsValue, JsError> {
    let game = match core::Game::read_record(text) {
        Ok(game) => Game { game },
        Err(e @ RecordError::Empty) => {
            return Err(JsError::new(&format!(
                "{e}: paste a game (3x3 moves a4b4 b1b2), a position (3x3:0,5) or a page address"
            )))
        }
        Err(e) => return Err(js_error(e)),
    };
    super::to_js_value(&Record {
        board: game.board(),
        predrawn: game.predrawn(),
        moves: game.moves(),
    })
}
