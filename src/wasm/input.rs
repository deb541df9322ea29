//! What the page gives as text, read into the core's types: a board with its extra pre-drawn
//! lines, and a position on it. One reading for every binding, so each says what is wrong in
//! the core's words (a JavaScript `Error`).

use wasm_bindgen::prelude::*;

use super::js_error;
use crate::core::notation::parse_lines;
use crate::core::{Board, Position};

/// The board `board` (`RxC` or `icelandic`) with the extra pre-drawn lines `predrawn`
/// (`"0,5,7"`, may be empty).
pub(crate) fn parse_board(board: &str, predrawn: &str) -> Result<Board, JsError> {
    let board = Board::parse(board).map_err(js_error)?;
    let extra = parse_lines(&board, predrawn).map_err(js_error)?;
    Ok(board.with_predrawn(extra))
}

/// [`parse_board`], and the position with `lines` drawn on that board (line numbers or
/// labels).
pub(crate) fn parse_position(
    board: &str,
    predrawn: &str,
    lines: &str,
) -> Result<(Board, Position), JsError> {
    let board = parse_board(board, predrawn)?;
    let pos = parse_lines(&board, lines).map_err(js_error)?;
    Ok((board, pos))
}
