//! Opening books: the value of every position with at most K lines drawn beyond the board's
//! pre-drawn ones, in a compact, versioned, checksummed binary file.
//!
//! A book answers instantly for the positions a full solve takes longest to reach (few lines
//! drawn), and gives move scores for positions with fewer than K lines from their children's
//! values. Format v2 ([`v2`]) stores only values, in the retrograde solve's own order,
//! entropy-coded in independently checked chunks: [`v2::write_book`] streams one from a
//! finished solve. Format v1 ([`v1`], masks and values, built from any value oracle by
//! [`v1::BookWriter`]) is still read. [`Book`] reads either. The formats are documented in
//! `docs/book-format.md`. Everything here is pure (bytes in, bytes out), so the browser reads
//! the same books; [`read_listing`] reads the `index.json` that says which book answers which
//! board.

mod bytes;
mod enumerate;
mod error;
mod listing;
mod query;
mod reader;
pub mod v1;
pub mod v2;
mod verify;

pub use bytes::MAGIC;
pub use error::BookError;
pub use listing::{read_listing, Listed, Listing, ListingError};
pub use query::{describe, fit, Fit};
pub use reader::{Book, BookInfo};
pub use verify::{Thoroughness, Verified, Verifying};

/// The depth a book's header declares, checked against its board before anything else the
/// header declares is believed: from 1 to the board's open lines ([`check_depth`]), else the
/// header is corrupt.
fn header_depth(depth: u8, board: &crate::core::Board) -> Result<u32, BookError> {
    let depth = u32::from(depth);
    check_depth(depth, board)
        .map(|()| depth)
        .map_err(|e| BookError::Corrupt(e.to_string()))
}

/// A book's depth on `board`: at least 1 (a book gives move scores for positions with fewer
/// lines than its depth) and at most the board's open lines. The writers' rule and the
/// readers'.
fn check_depth(depth: u32, board: &crate::core::Board) -> Result<(), BookError> {
    let open = board.open_lines(board.start()).count();
    match depth == 0 || depth > open {
        true => Err(BookError::DepthOutOfRange { depth, open }),
        false => Ok(()),
    }
}
