//! [`Book`]: any book this dotbox reads, by its format version, behind one interface for the
//! CLI and the page.

use crate::core::{Analysis, Board, Position};

use super::bytes::{version_after_magic, MAGIC};
use super::error::BookError;
use super::query;
use super::v1::BookV1;
use super::v2::{BookV2, BookV2Index, LayerStats};

/// The format versions this reader knows.
pub const VERSIONS: [u16; 2] = [1, 2];

/// A checked book of a known version.
#[derive(Clone, Debug)]
pub enum Book {
    /// Format version 1: canonical masks and values.
    V1(BookV1),
    /// Format version 2: entropy-coded values in chunks, addressed by the solve's layout
    /// (boxed: its layout tables make it much the larger).
    V2(Box<BookV2>),
}

/// What every book tells about itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookInfo {
    /// The board (with its pre-drawn lines).
    pub board: Board,
    /// Most lines drawn beyond the pre-drawn ones in a stored position.
    pub depth: u32,
    /// The format version.
    pub version: u16,
    /// Stored positions in all (v2: tile positions, duplicates under symmetry included).
    pub entries: u64,
    /// Stored positions per number of lines drawn beyond the pre-drawn ones.
    pub layer_entries: Vec<u64>,
    /// Size of the file in bytes.
    pub bytes: u64,
    /// The file's checksum (v2: the index's), which names the book.
    pub checksum: u32,
}

impl BookInfo {
    /// A v2 book's description, from its index and its layers' figures alone (no chunk is
    /// read: a book read chunk by chunk, damaged chunks and all, is described as well).
    pub fn of_v2(index: &BookV2Index, layers: &[LayerStats]) -> BookInfo {
        let layer_entries: Vec<u64> = layers.iter().map(|l| l.positions).collect();
        BookInfo {
            board: index.board().clone(),
            depth: index.depth(),
            version: super::v2::format::VERSION,
            entries: layer_entries.iter().sum(),
            layer_entries,
            bytes: index.file_len(),
            checksum: index.checksum(),
        }
    }
}

impl Book {
    /// Reads a book of any known version: the magic, then the version, then that version's
    /// checks. An unknown version is refused by number. A format-2 book whose version field
    /// alone is damaged is said to be so, not refused in another version's terms.
    pub fn from_bytes(bytes: Vec<u8>) -> Result<Book, BookError> {
        let found = version(&bytes)?;
        if found != super::v2::format::VERSION && damaged_v2_version(&bytes) {
            return Err(BookError::Corrupt(format!(
                "the version field (bytes 8–9) reads {found}, yet the index checksum matches \
                 a format-{} book's: the version field is damaged",
                super::v2::format::VERSION
            )));
        }
        match found {
            1 => BookV1::from_bytes(bytes).map(Book::V1),
            2 => BookV2::from_bytes(bytes).map(|b| Book::V2(Box::new(b))),
            _ => Err(BookError::UnsupportedVersion {
                found,
                supported: &VERSIONS,
            }),
        }
    }

    /// The book's board, with its pre-drawn lines.
    pub fn board(&self) -> &Board {
        match self {
            Book::V1(b) => b.board(),
            Book::V2(b) => b.index().board(),
        }
    }

    /// Most lines drawn beyond the pre-drawn ones in a stored position.
    pub fn depth(&self) -> u32 {
        match self {
            Book::V1(b) => b.depth(),
            Book::V2(b) => b.index().depth(),
        }
    }

    /// The facts every version gives.
    pub fn info(&self) -> BookInfo {
        match self {
            Book::V1(b) => {
                let i = b.info();
                BookInfo {
                    board: i.board,
                    depth: i.depth,
                    version: i.version,
                    entries: i.entries,
                    layer_entries: i.layer_entries,
                    bytes: i.bytes,
                    checksum: i.checksum,
                }
            }
            Book::V2(b) => BookInfo::of_v2(b.index(), &b.layer_stats()),
        }
    }

    /// How the book answers for `board`: its own board or its transpose, with perhaps more
    /// lines pre-drawn (see [`query::fit`]); any other is a [`BookError::MismatchedBoard`].
    pub fn fit(&self, board: &Board) -> Result<query::Fit, BookError> {
        query::fit(self.board(), self.depth(), board)
    }

    /// The value of `pos`: net boxes still to come for the player to move.
    ///
    /// `pos` is a position of the book's own board ([`Book::board`]): a mask is only lines,
    /// so a position of another board with as many lines (the transposed board: 2x3 for a
    /// 3x2 book) would be read as one of this board's. [`Book::fit`] says how a position
    /// of another board is asked (its transpose, or not at all).
    pub fn value(&self, pos: Position) -> Result<i32, BookError> {
        match self {
            Book::V1(b) => b.value(pos),
            Book::V2(b) => b.value(pos),
        }
    }

    /// The value of `pos` and every move's score, from its children's values: `pos` must
    /// have fewer lines than the book's depth (or be the full board), and be a position of
    /// the book's own board (see [`Book::value`]).
    pub fn analysis(&self, pos: Position) -> Result<Analysis, BookError> {
        match self {
            Book::V1(b) => b.analysis(pos),
            Book::V2(b) => b.analysis(pos),
        }
    }
}

/// Whether `bytes`, declaring another version than 2, are a format-2 book but for the
/// version field: with version 2 put back, its index checksum (which covers the field)
/// matches. Copies nothing unless the header, version 2 put back, declares a sane index.
fn damaged_v2_version(bytes: &[u8]) -> bool {
    let at = MAGIC.len();
    let as_v2 = |part: &[u8]| {
        let mut part = part.to_vec();
        part[at..at + 2].copy_from_slice(&super::v2::format::VERSION.to_le_bytes());
        part
    };
    let len = bytes
        .get(..super::v2::FIXED_LEN)
        .map(|prefix| BookV2Index::index_len(&as_v2(prefix)));
    match len {
        Some(Ok(len)) => bytes
            .get(..len)
            .is_some_and(|index| BookV2Index::parse(&as_v2(index)).is_ok()),
        _ => false,
    }
}

/// The format version of a book's bytes, after checking the magic.
fn version(bytes: &[u8]) -> Result<u16, BookError> {
    version_after_magic(bytes)?.ok_or(BookError::Truncated {
        expected: MAGIC.len() as u64 + 2,
        found: bytes.len() as u64,
    })
}
