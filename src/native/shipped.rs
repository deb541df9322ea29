//! The opening books shipped in `www/books/`, found by the command line itself so that
//! `dotbox analyze 4x4` answers from the 4×4 book without `--book`.
//!
//! The books and their `index.json` (board, pre-drawn lines, depth, format, the command that
//! made each) live beside the page that also loads them. The command looks for that folder
//! in `$DOTBOX_BOOKS`, in the copy a package carries ([`carried_books`]: the Python wheel's),
//! next to the executable's checkout (`target/release/dotbox` → `www/books`) and in the
//! source tree it was built from, in that order; a `$DOTBOX_BOOKS` without a readable
//! `index.json` is an error.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use serde_json::Value;

use crate::core::notation::parse_lines;
use crate::core::Board;

use super::error::CliError;

/// Environment variable naming a folder of books with their `index.json`.
pub const BOOKS_ENV: &str = "DOTBOX_BOOKS";

/// Where [`book_for`] looks, in words for a message that no book was found (a package
/// installed away from its checkout finds none, and should say where to point it): "books are
/// looked for in $DOTBOX_BOOKS, then in the www/books of the checkout …", with the folder a
/// package carries ([`carried_books`]) named between them where there is one.
pub fn where_books_are_looked_for() -> String {
    let carried = match CARRIED.get() {
        Some(dir) => format!("then in {}, ", dir.display()),
        None => String::new(),
    };
    format!(
        "books are looked for in ${BOOKS_ENV}, {carried}then in the www/books of the checkout \
         that holds the executable or that it was built from"
    )
}

/// The folder of books a package carries, once named ([`carried_books`]).
static CARRIED: OnceLock<PathBuf> = OnceLock::new();

/// Names the folder of books (with their `index.json`) that the package holding this code
/// carries: the Python wheel ships the books inside it, where no checkout is near, so that
/// `dotbox.analyze("4x4")` answers from the book wherever the wheel is installed. Looked in
/// after `$DOTBOX_BOOKS` and before the checkout's; an unusable folder is passed over as a
/// checkout's is (only `$DOTBOX_BOOKS` is named on purpose). Named once for the process:
/// later calls change nothing, and return `false`.
pub fn carried_books(dir: PathBuf) -> bool {
    CARRIED.set(dir).is_ok()
}

/// The shipped book that answers for `board` (one of the same board or its transpose, the
/// 3×5 book answering 5×3, with the book's pre-drawn lines and fewer more than its depth:
/// the 3×5 book answers icelandic; [`crate::book::fit`]), if one is found.
///
/// A folder named by `$DOTBOX_BOOKS` is named on purpose: when its `index.json` cannot be
/// read, is not a list of books, or lists a book that is not a board's or whose file is not
/// there, that is an error naming it, not a silent fall back to the checkout's books (a
/// mistyped path or a half-copied folder would otherwise answer from other books without a
/// word). A board its index does not list is looked up in the checkout's books, as without
/// the variable.
pub fn book_for(board: &Board) -> Result<Option<PathBuf>, CliError> {
    // Set to nothing (`DOTBOX_BOOKS= dotbox ...`), it names no folder: as if unset.
    if let Some(dir) = std::env::var_os(BOOKS_ENV).filter(|dir| !dir.is_empty()) {
        let dir = PathBuf::from(dir);
        let found = read_index(&dir).and_then(|index| in_index(&dir, &index, board));
        let found = found.map_err(|why| {
            CliError::Usage(format!(
                "${BOOKS_ENV} names {}, which {why}: point it at a folder of books with \
                 their index.json (as www/books), or unset it",
                dir.display()
            ))
        })?;
        if found.is_some() {
            return Ok(found);
        }
    }
    let carried = CARRIED.get().cloned();
    Ok(carried
        .into_iter()
        .chain(checkout_folders())
        .find_map(|dir| {
            let index = read_index(&dir).ok()?;
            in_index(&dir, &index, board).ok()?
        }))
}

/// The `www/books` folders of the checkout the executable or the source was built in, the
/// executable's first.
fn checkout_folders() -> Vec<PathBuf> {
    let mut dirs = Vec::new();
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

/// `dir/index.json`, read; else why not, in words ("has no index.json (…)").
fn read_index(dir: &Path) -> Result<Value, String> {
    let path = dir.join("index.json");
    let text =
        std::fs::read_to_string(&path).map_err(|e| format!("has no readable index.json ({e})"))?;
    serde_json::from_str(&text).map_err(|e| format!("has an index.json that is not JSON ({e})"))
}

/// The book `index` (the folder `dir`'s) lists for `board`, if any; else why the index is
/// unusable, in words ("lists 3x4-d7.book for 3x4, which is not there"). Every entry must
/// name a board, a file and the book's depth (which says the boards it answers); only the
/// file of the book that answers `board` must be there (a folder may hold some of the books
/// its index lists).
fn in_index(dir: &Path, index: &Value, board: &Board) -> Result<Option<PathBuf>, String> {
    let entries = index["books"]
        .as_array()
        .ok_or("has an index.json without a list of books (\"books\": [...])")?;
    let mut found = None;
    for entry in entries {
        let (listed, depth, file) = listed_book(entry)?;
        if found.is_none() && crate::book::fit(&listed, depth, board).is_ok() {
            let path = dir.join(file);
            if !path.is_file() {
                return Err(format!(
                    "lists {file} for {}, which is not there",
                    listed.name()
                ));
            }
            found = Some(path);
        }
    }
    Ok(found)
}

/// One entry of an index: the board its book answers, pre-drawn lines included, the book's
/// depth and its file name.
fn listed_book(entry: &Value) -> Result<(Board, u32, &str), String> {
    let name = entry["board"]
        .as_str()
        .ok_or_else(|| format!("lists a book without a board: {entry}"))?;
    let listed = Board::parse(name)
        .map_err(|e| format!("lists a book of board \"{name}\", which is not a board ({e})"))?;
    let predrawn = entry["predrawn"].as_str().unwrap_or("");
    let extra = parse_lines(&listed, predrawn).map_err(|e| {
        format!("lists a book of {name} with pre-drawn lines \"{predrawn}\", which are not lines of it ({e})")
    })?;
    let file = entry["file"]
        .as_str()
        .ok_or_else(|| format!("lists a book of {name} without a file"))?;
    let depth = (entry["depth"].as_u64())
        .and_then(|d| u32::try_from(d).ok())
        .ok_or_else(|| format!("lists {file} without its depth (\"depth\": lines)"))?;
    Ok((listed.with_predrawn(extra), depth, file))
}
