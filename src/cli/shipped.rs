//! The opening books shipped in `www/books/`, found by the command line itself so that
//! `dotbox analyze 4x4` answers from the 4×4 book without `--book`.
//!
//! The books and their `index.json` (board, pre-drawn lines, depth, format, the command that
//! made each) live beside the page that also loads them. The command looks for that folder
//! in `$DOTBOX_BOOKS`, next to the executable's checkout (`target/release/dotbox` →
//! `www/books`) and in the source tree it was built from, in that order.

use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::core::notation::parse_lines;
use crate::core::Board;

/// Environment variable naming a folder of books with their `index.json`.
pub const BOOKS_ENV: &str = "DOTBOX_BOOKS";

/// The shipped book that answers for `board` (one of the same board, pre-drawn lines
/// included, or of its transpose: the 3×5 book answers 5×3), if one is found.
pub fn book_for(board: &Board) -> Option<PathBuf> {
    folders().into_iter().find_map(|dir| in_folder(&dir, board))
}

/// Where shipped books may be, most specific first.
fn folders() -> Vec<PathBuf> {
    let mut dirs = Vec::new();
    if let Some(dir) = std::env::var_os(BOOKS_ENV) {
        dirs.push(PathBuf::from(dir));
    }
    if let Ok(exe) = std::env::current_exe() {
        // target/<profile>/dotbox (or target/<profile>/deps/..) inside a checkout.
        for up in exe.ancestors().skip(1).take(4) {
            dirs.push(up.join("www").join("books"));
        }
    }
    dirs.push(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("www")
            .join("books"),
    );
    dirs
}

/// The book of `dir/index.json` listed for `board`, if its file exists.
fn in_folder(dir: &Path, board: &Board) -> Option<PathBuf> {
    let text = std::fs::read_to_string(dir.join("index.json")).ok()?;
    let index: Value = serde_json::from_str(&text).ok()?;
    index["books"].as_array()?.iter().find_map(|entry| {
        let listed = Board::parse(entry["board"].as_str()?).ok()?;
        let extra = parse_lines(&listed, entry["predrawn"].as_str().unwrap_or("")).ok()?;
        let listed = listed.with_predrawn(extra);
        let answers = crate::book::fit(&listed, board).is_ok();
        let file = dir.join(entry["file"].as_str()?);
        (answers && file.is_file()).then_some(file)
    })
}
