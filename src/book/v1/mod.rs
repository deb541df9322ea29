//! Format version 1: every canonical position's mask, delta-varint coded in blocks, and one
//! byte value each. Still read, and written by `dotbox book build --format 1`.

pub(super) mod format;
mod reader;
mod writer;

pub use format::HEADER_LEN;
pub use reader::{BookInfo, BookV1};
pub use writer::BookWriter;
