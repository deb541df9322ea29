//! A folder of books' `index.json`: which book answers which board. One reader for the
//! command line, Python and the page (through wasm), so that an entry one of them uses the
//! others use too, and one they leave out is left out by all, for the same reason.
//!
//! ```json
//! {"books": [{"file": "4x4-d10.book", "board": "4x4", "predrawn": "", "depth": 10, "format": 2}]}
//! ```
//!
//! Every entry must name its file, its board (pre-drawn lines apart) and its depth, which
//! decides the boards it answers ([`super::fit`]). Other fields (`format`, `made_by`, a split
//! book's `parts`) are the front ends' to read. An entry short of what it needs is left out
//! and named ([`Listing::left_out`]); the others stay usable.

use std::fmt;

use serde_json::Value;

use crate::core::notation::parse_lines;
use crate::core::Board;

/// A book an index lists.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Listed {
    /// Where the entry stands in the index's list (the front ends read its other fields).
    pub entry: usize,
    /// The book's file, relative to the index's folder.
    pub file: String,
    /// The board the book was built for, its pre-drawn lines included.
    pub board: Board,
    /// Lines the book holds beyond the board's start.
    pub depth: u32,
}

/// An index read: its usable books in the index's order, and why each other entry was left out.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Listing {
    /// The usable entries.
    pub books: Vec<Listed>,
    /// One sentence for each entry left out, naming it ("lists a book of 4x4 without a file").
    pub left_out: Vec<String>,
}

impl Listing {
    /// The first listed book that answers `board` (its board or transpose, with fewer extra
    /// lines pre-drawn than its depth), if any.
    pub fn answering(&self, board: &Board) -> Option<&Listed> {
        self.books
            .iter()
            .find(|b| super::fit(&b.board, b.depth, board).is_ok())
    }
}

/// An index that is no list of books at all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ListingError {
    /// The text is not JSON.
    NotJson(String),
    /// No `"books": [...]` in it.
    NoBooks,
}

impl fmt::Display for ListingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ListingError::NotJson(e) => write!(f, "is not JSON ({e})"),
            ListingError::NoBooks => write!(f, "has no list of books (\"books\": [...])"),
        }
    }
}

impl std::error::Error for ListingError {}

/// Reads the text of an `index.json`.
pub fn read_listing(text: &str) -> Result<Listing, ListingError> {
    let index: Value =
        serde_json::from_str(text).map_err(|e| ListingError::NotJson(e.to_string()))?;
    let entries = index["books"].as_array().ok_or(ListingError::NoBooks)?;
    let mut listing = Listing::default();
    for (i, entry) in entries.iter().enumerate() {
        match listed(i, entry) {
            Ok(book) => listing.books.push(book),
            Err(why) => listing.left_out.push(why),
        }
    }
    Ok(listing)
}

/// Entry `i` of an index, or why it cannot be used, in words.
fn listed(i: usize, entry: &Value) -> Result<Listed, String> {
    let name = entry["board"]
        .as_str()
        .ok_or_else(|| format!("lists a book without a board: {entry}"))?;
    let board = Board::parse(name)
        .map_err(|e| format!("lists a book of board \"{name}\", which is not a board ({e})"))?;
    let predrawn = entry["predrawn"].as_str().unwrap_or("");
    let extra = parse_lines(&board, predrawn).map_err(|e| {
        format!(
            "lists a book of {name} with pre-drawn lines \"{predrawn}\", which are not lines of \
             it ({e})"
        )
    })?;
    let file = entry["file"]
        .as_str()
        .ok_or_else(|| format!("lists a book of {name} without a file"))?;
    let depth = (entry["depth"].as_u64())
        .and_then(|d| u32::try_from(d).ok())
        .filter(|&d| d >= 1)
        .ok_or_else(|| {
            format!("lists {file} without its depth (\"depth\": the lines it holds, at least 1)")
        })?;
    Ok(Listed {
        entry: i,
        file: file.to_owned(),
        board: board.with_predrawn(extra),
        depth,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_short_of_what_it_needs_is_left_out_and_named_the_others_stay() {
        let text = r#"{"books": [
            {"file": "2x2-d4.book", "board": "2x2", "depth": 4},
            {"file": "x.book", "board": "3x3"},
            {"file": "z.book", "board": "3x3", "depth": 0},
            {"board": "3x4", "depth": 7},
            {"file": "y.book", "board": "9x9x9", "depth": 3},
            {"file": "p.book", "board": "2x2", "predrawn": "0,99", "depth": 3},
            {"file": "ice.book", "board": "3x5", "predrawn": "0,1", "depth": 6, "format": 2}
        ]}"#;
        let listing = read_listing(text).unwrap();
        let files: Vec<_> = listing
            .books
            .iter()
            .map(|b| (b.entry, &b.file[..]))
            .collect();
        assert_eq!(files, [(0, "2x2-d4.book"), (6, "ice.book")]);
        assert_eq!(listing.books[1].board.predrawn().count(), 2);
        let said = listing.left_out.join("\n");
        for named in [
            "x.book without its depth",
            "z.book without its depth",
            "book of 3x4 without a file",
            "\"9x9x9\", which is not a board",
            "pre-drawn lines \"0,99\"",
        ] {
            assert!(said.contains(named), "{named} in {said}");
        }
        assert_eq!(listing.left_out.len(), 5);
    }

    #[test]
    fn the_book_answering_a_board_is_the_first_that_fits_it() {
        let text = r#"{"books": [{"file": "a", "board": "3x4", "depth": 7},
                                 {"file": "b", "board": "2x2", "depth": 4}]}"#;
        let listing = read_listing(text).unwrap();
        let answering = |b: &str| {
            listing
                .answering(&Board::parse(b).unwrap())
                .map(|l| &l.file[..])
        };
        assert_eq!(answering("4x3"), Some("a"));
        assert_eq!(answering("2x2"), Some("b"));
        assert_eq!(answering("3x3"), None);
    }

    #[test]
    fn an_index_that_lists_no_books_is_an_error() {
        assert!(matches!(read_listing("{"), Err(ListingError::NotJson(_))));
        assert_eq!(read_listing("{\"books\": 3}"), Err(ListingError::NoBooks));
        assert_eq!(read_listing("[]"), Err(ListingError::NoBooks));
    }
}
