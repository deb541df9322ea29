//! [`Book`]: an opening book in the page: read and verified from the bytes the worker
//! fetched (magic, version, length and checksum are checked by the core's reader), then
//! queried for the value and every move's score of positions within its depth.

use wasm_bindgen::prelude::*;

use super::js_error;
use super::solver::to_js;
use crate::book;
use crate::core::notation::{format_lines, parse_lines};
use crate::core::Board;

/// A verified opening book.
#[wasm_bindgen]
pub struct Book {
    book: book::Book,
}

#[wasm_bindgen]
impl Book {
    /// Reads and verifies a book file's bytes; a damaged, truncated or foreign file is an
    /// `Error` saying what is wrong.
    pub fn load(bytes: Vec<u8>) -> Result<Book, JsError> {
        Ok(Book {
            book: book::Book::from_bytes(bytes).map_err(js_error)?,
        })
    }

    /// The book's board name (`RxC` or `icelandic`).
    #[wasm_bindgen(getter)]
    pub fn board(&self) -> String {
        self.book.board().name()
    }

    /// The book's pre-drawn lines beyond those its board's name implies, as `l1,l2,..`.
    #[wasm_bindgen(getter)]
    pub fn predrawn(&self) -> String {
        let board = self.book.board();
        let named = Board::parse(&board.name()).unwrap_or_else(|_| board.clone());
        format_lines(&named, board.predrawn())
    }

    /// Most lines beyond the start of the positions the book holds.
    #[wasm_bindgen(getter)]
    pub fn depth(&self) -> u32 {
        self.book.depth()
    }

    /// Positions stored.
    #[wasm_bindgen(getter)]
    pub fn positions(&self) -> f64 {
        self.book.info().entries as f64
    }

    /// The file's checksum, as 8 hex digits.
    #[wasm_bindgen(getter)]
    pub fn checksum(&self) -> String {
        format!("{:08x}", self.book.info().checksum)
    }

    /// The value and every move's score of the position with `lines` drawn beyond the start
    /// (fewer lines than the depth): `{value, moves: [{line, score}]}`.
    pub fn analysis(&self, lines: &str) -> Result<JsValue, JsError> {
        let pos = parse_lines(self.book.board(), lines).map_err(js_error)?;
        to_js(self.book.analysis(pos).map_err(js_error)?)
    }
}
