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

use crate::book::{read_listing, Listing};
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
        let found = read_listing_in(&dir).and_then(|listing| match listing.left_out.first() {
            Some(why) => Err(why.clone()),
            None => in_folder(&dir, &listing, board),
        });
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
    // A folder not named on purpose is passed over where it cannot answer; an entry of its
    // index that cannot be used leaves the others usable.
    let carried = CARRIED.get().cloned();
    Ok(carried
        .into_iter()
        .chain(checkout_folders())
        .find_map(|dir| {
            let listing = read_listing_in(&dir).ok()?;
            in_folder(&dir, &listing, board).ok()?
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

/// `dir/index.json`, read ([`read_listing`]); else why not, in words ("has no index.json (…)").
fn read_listing_in(dir: &Path) -> Result<Listing, String> {
    let path = dir.join("index.json");
    let text =
        std::fs::read_to_string(&path).map_err(|e| format!("has no readable index.json ({e})"))?;
    read_listing(&text).map_err(|e| format!("has an index.json that {e}"))
}

/// The file of the book `listing` (the folder `dir`'s) lists for `board`, if any; else why
/// not, in words ("lists 3x4-d7.book for 3x4, which is not there"): only the file of the
/// book that answers `board` must be there (a folder may hold some of the books its index
/// lists).
fn in_folder(dir: &Path, listing: &Listing, board: &Board) -> Result<Option<PathBuf>, String> {
    let Some(book) = listing.answering(board) else {
        return Ok(None);
    };
    let path = dir.join(&book.file);
    match path.is_file() {
        true => Ok(Some(path)),
        false => Err(format!(
            "lists {} for {}, which is not there",
            book.file,
            book.board.name()
        )),
    }
}
