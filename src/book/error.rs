//! [`BookError`]: everything that can be wrong with a book file or a query, each case named.

use std::fmt;

use crate::core::PositionError;

/// Why a book could not be read, written or queried.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BookError {
    /// The bytes do not start with the book magic: some other file.
    NotABook,
    /// The file is empty: no book at all (a download or copy that wrote nothing), not one
    /// cut short.
    Empty,
    /// A book of a format version this reader does not know: the file's version and the
    /// versions the reader reads (the whole-file reader reads every version, the lazy
    /// reader only v2).
    UnsupportedVersion {
        /// The version the file's header declares.
        found: u16,
        /// The versions this reader reads, oldest first.
        supported: &'static [u16],
    },
    /// A v1 book whose entries use an encoding this reader does not know.
    UnknownEncoding {
        /// The encoding the file's header declares.
        found: u8,
        /// The one encoding this reader decodes.
        known: u8,
    },
    /// A v1 book whose canonical forms follow a symmetry scheme this reader does not know.
    UnknownSymmetry {
        /// The scheme the file's header declares.
        found: u8,
        /// The one scheme this reader canonicalises by.
        known: u8,
    },
    /// The file ends before the length its header declares (or before a complete header).
    Truncated {
        /// Bytes the header declares (or a complete header's length).
        expected: u64,
        /// Bytes actually present.
        found: u64,
    },
    /// The file fails its checksum or holds inconsistent data: what is wrong.
    Corrupt(String),
    /// The book is for another board (or other pre-drawn lines) than the one asked about.
    MismatchedBoard {
        /// The book's board (with its pre-drawn lines), as text.
        book: String,
        /// The board of the position asked about, as text.
        asked: String,
    },
    /// The asked board pre-draws, beyond the book's start, as many lines as the book's depth
    /// or more: the book holds none of its move scores.
    PastDepth {
        /// The book's board (with its pre-drawn lines), as text.
        book: String,
        /// The book's depth: most lines drawn beyond its start in a position it holds.
        depth: u32,
        /// The board asked about, as text.
        asked: String,
        /// Lines the asked board pre-draws beyond the book's start.
        extra: u32,
    },
    /// A queried position is not a position of the book's board.
    Position(PositionError),
    /// A queried position has more lines drawn than the book answers for.
    TooDeep {
        /// Lines the position draws beyond the board's pre-drawn ones.
        lines: u32,
        /// The most such lines the query answers for: the book's depth for values, one less
        /// for move scores (which read the children's values).
        max: u32,
        /// What was asked for ("values" or "move scores"), to word the message.
        query: &'static str,
    },
    /// A writer was asked for a depth of 0 (a book that gives no move's score) or beyond the
    /// board's open lines.
    DepthOutOfRange {
        /// The depth asked for, in lines drawn beyond the pre-drawn ones.
        depth: u32,
        /// The board's open lines: the deepest a book can go.
        open: u32,
    },
    /// A writer was given a solve a book cannot be written from: one of a position other
    /// than the board's start, or storing more than plain scores (a book's values are the
    /// whole board's, read by every front end alike).
    NotABookSolve,
    /// A writer was asked for chunks of a size the format does not hold.
    ChunkSize {
        /// The chunk size asked for, as a power of two of positions.
        log2: u8,
        /// The sizes the format holds, as powers of two (the end excluded).
        range: std::ops::Range<u8>,
    },
    /// No solve layout can be built for the book's board: why.
    NoLayout(String),
    /// A v2 book follows another solve layout than the one this reader builds for its board.
    LayoutMismatch {
        /// The layout the book's header names.
        book: String,
        /// The layout this reader builds for the same board.
        reader: String,
    },
    /// A verification stopped because its progress callback asked ([`crate::search::Flow`]):
    /// Ctrl-C in the Python package, where a deep verify takes minutes.
    Stopped,
    /// A writer's value oracle returned a value no position can have.
    ValueOutOfRange {
        /// The position, as `BOARD:lines` text.
        position: String,
        /// The value returned: boxes the side to move nets from here on (its boxes minus
        /// the opponent's).
        value: i32,
        /// Boxes still to take, so a value lies in `-boxes..=boxes`.
        boxes: u32,
    },
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BookError::NotABook => {
                write!(
                    f,
                    "not a dotbox book (the file lacks the book's magic bytes)"
                )
            }
            BookError::Empty => write!(f, "the file is empty (0 bytes), not a dotbox book"),
            BookError::UnsupportedVersion { found, supported } => {
                let list: Vec<String> = supported.iter().map(u16::to_string).collect();
                let plural = if list.len() == 1 { "" } else { "s" };
                write!(
                    f,
                    "book format version {found} is not supported (this dotbox reads \
                     version{plural} {})",
                    list.join(" and ")
                )
            }
            BookError::UnknownEncoding { found, known } => write!(
                f,
                "the book uses unknown entry encoding {found} (this dotbox knows encoding {known})"
            ),
            BookError::UnknownSymmetry { found, known } => write!(
                f,
                "the book uses unknown symmetry scheme {found} (this dotbox knows scheme {known})"
            ),
            BookError::Truncated { expected, found } => write!(
                f,
                "the book is truncated: {found} bytes, expected {expected}"
            ),
            BookError::Corrupt(reason) => write!(f, "the book is corrupt: {reason}"),
            BookError::MismatchedBoard { book, asked } => {
                write!(f, "the book is for {book}, not for {asked}")
            }
            BookError::PastDepth {
                book,
                depth,
                asked,
                extra,
            } => write!(
                f,
                "the book of {book} gives move scores for positions with fewer than {depth} \
                 lines drawn beyond its start; {asked} draws {extra} before play starts"
            ),
            BookError::Position(e) => {
                write!(f, "the position does not fit the book's board: {e}")
            }
            BookError::TooDeep { lines, max, query } => write!(
                f,
                "the position has {lines} lines drawn beyond the pre-drawn ones; the book gives \
                 {query} for positions with at most {max}"
            ),
            BookError::DepthOutOfRange { depth: 0, open } => write!(
                f,
                "depth 0: a book holds at least one line beyond its start (1 to the board's \
                 {open} open lines)"
            ),
            BookError::DepthOutOfRange { depth, open } => {
                write!(f, "depth {depth} exceeds the board's {open} open lines")
            }
            BookError::NotABookSolve => write!(
                f,
                "a book is written from a plain-score solve of the whole board (from its \
                 start, with no last-move penalty and no loony flags)"
            ),
            BookError::ChunkSize { log2, range } => write!(
                f,
                "chunks of 2^{log2} positions: a book's chunks hold 2^{} to 2^{} positions",
                range.start,
                range.end - 1
            ),
            BookError::NoLayout(why) => write!(f, "no solve layout for the book's board: {why}"),
            BookError::LayoutMismatch { book, reader } => write!(
                f,
                "the book follows solve layout '{book}', this dotbox lays the board out as \
                 '{reader}'"
            ),
            BookError::Stopped => write!(f, "the verification stopped on request"),
            BookError::ValueOutOfRange {
                position,
                value,
                boxes,
            } => write!(
                f,
                "value {value} of {position} is impossible: only {boxes} boxes remain"
            ),
        }
    }
}

/// A length a book's header declares, `field` (named with its bytes: "index length (bytes
/// 24–31)"), believed only up to `most`: the longest that the format and the header's other
/// fields allow (`limit` says which: "its file length (bytes 32–39) allows"). Both formats check
/// their lengths here before they measure the file against them, so a damaged length reads
/// as a corrupt header naming the field, not as a file truncated short of some absurd size
/// ("112394 bytes, expected 18446744073709551600"); only a file shorter than a sane length
/// is truncated. The length is returned as a `usize` (which it must fit to be read).
pub(crate) fn header_len(
    field: &str,
    declared: u64,
    most: u64,
    limit: &str,
) -> Result<usize, BookError> {
    let most = most.min(usize::MAX as u64);
    match usize::try_from(declared) {
        Ok(len) if declared <= most => Ok(len),
        _ => Err(BookError::Corrupt(format!(
            "the header's {field} is {declared} bytes, more than {limit} (at most {most})"
        ))),
    }
}

/// A book file of `found` bytes measured against the `declared` length its header or index
/// gives (both formats): shorter is [`BookError::Truncated`], longer is corrupt (bytes after
/// the declared end). Readers check it when they open a book, so a cut or extended file is
/// refused at once, not only when a query reaches a chunk past the cut.
pub(crate) fn file_len(declared: u64, found: u64) -> Result<(), BookError> {
    if found < declared {
        return Err(BookError::Truncated {
            expected: declared,
            found,
        });
    }
    if found > declared {
        return Err(BookError::Corrupt(format!(
            "{} bytes follow the declared end of the book",
            found - declared
        )));
    }
    Ok(())
}

impl std::error::Error for BookError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            BookError::Position(e) => Some(e),
            _ => None,
        }
    }
}

impl From<PositionError> for BookError {
    fn from(e: PositionError) -> Self {
        BookError::Position(e)
    }
}
