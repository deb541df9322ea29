//! Opening books: the value of every canonical position with at most K lines drawn beyond the
//! board's pre-drawn ones, in a compact, versioned, checksummed binary file.
//!
//! A book answers instantly for the positions a full solve takes longest to reach (few lines
//! drawn), and gives move scores for positions with fewer than K lines from their children's
//! values. [`BookWriter`] builds one from any value oracle; [`Book`] reads and checks one and
//! answers queries. The format is documented in `docs/book-format.md` and in [`format`].
//! Everything here is pure (bytes in, bytes out), so the browser reads the same books.

pub mod error;
pub mod format;
pub mod reader;
pub mod writer;

pub use error::BookError;
pub use reader::{describe, Book, BookInfo};
pub use writer::BookWriter;
