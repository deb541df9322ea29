//! [`Book`]: an opening book in the page: read and verified from the bytes the worker
//! fetched (magic, version, length and checksum are checked by the core's reader), then
//! queried for the value and every move's score of positions within its depth; and
//! [`LazyBook`], a v2 book read chunk by chunk as positions need them.

use wasm_bindgen::prelude::*;

use super::input::parse_board;
use super::solver::to_js;
use super::{js_error, to_js_value};
use crate::book;
use crate::book::v2::{BookV2Index, LazyBookV2, FIXED_LEN};
use crate::book::Fit;
use crate::core::notation::{format_lines, parse_lines};
use crate::core::{Board, Position};

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

/// How a book answers for a board ([`LazyBook::fit_on`]).
#[derive(serde::Serialize)]
struct FitOn {
    depth: u32,
    transposed: bool,
}

/// A v2 book read chunk by chunk: the worker fetches its header and index, then for each
/// position only the chunks [`LazyBook::needed`] names (by HTTP range request or from its
/// IndexedDB cache), hands each to [`LazyBook::insert`], which checks its length and CRC32
/// before keeping it, and then asks for the [`LazyBook::analysis`]. So a game downloads a few
/// hundred kilobytes of a book of many megabytes, and a damaged download never answers.
///
/// Positions are asked on a board named with each query: the book's own, or its transpose
/// (the 3×5 book answers 5×3 games), with the book's pre-drawn lines and perhaps fewer more
/// than its depth (a position set up on 4×4 is still the 4×4 book's). Another board is an
/// `Error` naming both. Named each time, not once for the book: a game's queries may still
/// be under way when the next game, on another board, asks the same book.
#[wasm_bindgen]
pub struct LazyBook {
    book: LazyBookV2,
}

#[wasm_bindgen]
impl LazyBook {
    /// Bytes of the header's fixed part, the file's first bytes a reader fetches
    /// ([`LazyBook::index_len`] reads them).
    #[wasm_bindgen(js_name = prefixBytes)]
    pub fn prefix_bytes() -> usize {
        FIXED_LEN
    }

    /// Bytes of header and index, from the file's first [`LazyBook::prefix_bytes`] bytes
    /// (what to fetch next).
    #[wasm_bindgen(js_name = indexLen)]
    pub fn index_len(prefix: &[u8]) -> Result<f64, JsError> {
        Ok(BookV2Index::index_len(prefix).map_err(js_error)? as f64)
    }

    /// Parses and checks the header and index (magic, version, index checksum, the layout's
    /// fingerprint): a damaged, truncated or foreign index is an `Error` saying what is wrong.
    pub fn open(index: &[u8]) -> Result<LazyBook, JsError> {
        let index = BookV2Index::parse(index).map_err(js_error)?;
        Ok(LazyBook {
            book: LazyBookV2::new(index).map_err(js_error)?,
        })
    }

    /// Board `board` with `predrawn` lines, how the book answers for it, and the position
    /// of `lines` there (not yet checked against the depth left on it: [`Fit::check`]).
    fn fit(&self, board: &str, predrawn: &str, lines: &str) -> Result<(Fit, Position), JsError> {
        let asked = parse_board(board, predrawn)?;
        let index = self.book.index();
        let fit = book::fit(index.board(), index.depth(), &asked).map_err(js_error)?;
        let pos = parse_lines(&asked, lines).map_err(js_error)?;
        Ok((fit, pos))
    }

    /// How the book answers for board `board` with `predrawn` lines: `{depth, transposed}`,
    /// its depth there (its own, less the lines that board pre-draws beyond the book's) and
    /// whether positions are read through the transpose. A board it does not answer is an
    /// `Error`.
    #[wasm_bindgen(js_name = fitOn)]
    pub fn fit_on(&self, board: &str, predrawn: &str) -> Result<JsValue, JsError> {
        let (fit, _) = self.fit(board, predrawn, "")?;
        to_js_value(&FitOn {
            depth: fit.depth(),
            transposed: fit.is_transposed(),
        })
    }

    /// The book's board name (`RxC` or `icelandic`).
    #[wasm_bindgen(getter)]
    pub fn board(&self) -> String {
        self.book.index().board().name()
    }

    /// Most lines beyond the start of the positions the book holds.
    #[wasm_bindgen(getter)]
    pub fn depth(&self) -> u32 {
        self.book.index().depth()
    }

    /// The index checksum, as 8 hex digits: it names the book (and its cached chunks).
    #[wasm_bindgen(getter)]
    pub fn checksum(&self) -> String {
        format!("{:08x}", self.book.index().checksum())
    }

    /// `[start, end)`: the bytes of the file that hold its index checksum, which a page that
    /// cached the index reads alone to learn whether the server still has this book.
    #[wasm_bindgen(js_name = checksumRange)]
    pub fn checksum_range(&self) -> Vec<f64> {
        let r = self.book.index().checksum_range();
        vec![r.start as f64, r.end as f64]
    }

    /// Whether `bytes`, read from [`LazyBook::checksum_range`] on the server, are this book's
    /// index checksum (else the book there changed).
    #[wasm_bindgen(js_name = isChecksum)]
    pub fn is_checksum(&self, bytes: &[u8]) -> bool {
        self.book.index().is_checksum(bytes)
    }

    /// Bytes of the header and index.
    #[wasm_bindgen(getter, js_name = indexBytes)]
    pub fn index_bytes(&self) -> f64 {
        self.book.index().len() as f64
    }

    /// Bytes of the whole file.
    #[wasm_bindgen(getter, js_name = fileBytes)]
    pub fn file_bytes(&self) -> f64 {
        self.book.index().file_len() as f64
    }

    /// Chunks in the file.
    #[wasm_bindgen(getter)]
    pub fn chunks(&self) -> usize {
        self.book.index().chunks().len()
    }

    /// Chunks held (checked) so far.
    #[wasm_bindgen(getter)]
    pub fn held(&self) -> usize {
        self.book.held()
    }

    /// The chunks the analysis of the position with `lines` drawn on `board` with
    /// `predrawn` lines reads and that are not held yet, in file order.
    pub fn needed(&self, board: &str, predrawn: &str, lines: &str) -> Result<Vec<u32>, JsError> {
        let (fit, pos) = self.fit(board, predrawn, lines)?;
        // Past the depth left, counted on the asked board, before any chunk is named.
        fit.check(pos).map_err(js_error)?;
        let needed = self.book.needed(fit.onto_book(pos)).map_err(js_error)?;
        Ok(needed.into_iter().map(|i| i as u32).collect())
    }

    /// Chunk `i`'s byte range in the file, `[start, end)`.
    pub fn range(&self, i: usize) -> Result<Vec<f64>, JsError> {
        let r = self
            .book
            .index()
            .chunk_range(i)
            .ok_or_else(|| JsError::new(&format!("the book has no chunk {i}")))?;
        Ok(vec![r.start as f64, r.end as f64])
    }

    /// Checks chunk `i`'s bytes and keeps them; a damaged or truncated chunk is an `Error`
    /// naming the chunk and what is wrong, and is not kept.
    pub fn insert(&mut self, i: usize, bytes: &[u8]) -> Result<(), JsError> {
        self.book.insert(i, bytes).map_err(js_error)
    }

    /// The value and every move's score of the position with `lines` drawn on `board` with
    /// `predrawn` lines (fewer beyond that start than the depth there, [`LazyBook::fit_on`];
    /// its needed chunks inserted): `{value, moves}`.
    pub fn analysis(&self, board: &str, predrawn: &str, lines: &str) -> Result<JsValue, JsError> {
        let (fit, pos) = self.fit(board, predrawn, lines)?;
        // Checked against the depth left there by `Fit::analysis` itself.
        let analysis = fit.analysis(pos, |p| self.book.analysis(p));
        to_js(analysis.map_err(js_error)?)
    }
}

/// What the page can use of a `books/index.json` ([`book::read_listing`], the command line's
/// reader): `{usable, leftOut}`, the places in its `books` list of the entries the page may
/// open, and a sentence naming each other entry and what it lacks. An index that is no list
/// of books is an `Error` saying so.
#[wasm_bindgen(js_name = readBookIndex)]
pub fn read_book_index(text: &str) -> Result<JsValue, JsError> {
    #[derive(serde::Serialize)]
    #[serde(rename_all = "camelCase")]
    struct Usable {
        usable: Vec<usize>,
        left_out: Vec<String>,
    }
    let listing =
        book::read_listing(text).map_err(|e| JsError::new(&format!("books/index.json {e}")))?;
    to_js_value(&Usable {
        usable: listing.books.iter().map(|b| b.entry).collect(),
        left_out: listing.left_out,
    })
}

/// Whether a book of board `book_board` with extra pre-drawn lines `book_predrawn`, `depth`
/// lines deep, answers positions of `board` with `predrawn`: the same board or its transpose
/// (the 3×5 book answers 5×3), with the book's pre-drawn lines and fewer more than its depth
/// (a position set up on 4×4 is still the 4×4 book's). A board that does not parse answers
/// nothing.
#[wasm_bindgen(js_name = bookAnswers)]
pub fn book_answers(
    book_board: &str,
    book_predrawn: &str,
    depth: u32,
    board: &str,
    predrawn: &str,
) -> bool {
    match (
        parse_board(book_board, book_predrawn),
        parse_board(board, predrawn),
    ) {
        (Ok(book), Ok(asked)) => book::fit(&book, depth, &asked).is_ok(),
        _ => false,
    }
}
