//! [`BookFile`]: an opening book read from its file as the page reads one by range request.
//! A format-2 book is opened by its header and index alone; each query then reads just the
//! chunks it needs, each checked (length, CRC32) before it answers anything. So one position
//! costs a few kilobytes of a 19 MB book, and damage in a chunk the query does not read does
//! not stop it (`dotbox book verify` checks every chunk). A format-1 book, which has no
//! chunks, is read and checked whole. The command line and the Python package both read
//! books through it.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::SystemTime;

use crate::book::v2::{BookV2Index, LazyBookV2, FIXED_LEN};
use crate::book::{self, Book, BookError, BookInfo};
use crate::core::{Analysis, Board, Position};
use crate::search::Flow;

use super::error::CliError;
use super::files::{open_file, read_error, read_file};

/// The books this process opened through [`BookFile::kept`], by their file's canonical path
/// (a relative and an absolute path to one file share one book), each with the file's length
/// and modification time when opened. The list is locked only to find or open a book; each
/// book has its own lock, so queries of different books do not wait for each other.
static KEPT: Mutex<Vec<(PathBuf, FileStamp, SharedBook)>> = Mutex::new(Vec::new());

/// A book kept open, shared by the calls that read it.
type SharedBook = Arc<Mutex<BookFile>>;

/// A file's length and modification time: a book whose file has changed is opened again.
type FileStamp = (u64, Option<SystemTime>);

/// A book opened from a file.
pub struct BookFile {
    path: PathBuf,
    reader: Reader,
}

/// How a [`BookFile`] holds its book: what `dotbox book info` describes.
pub enum Held<'a> {
    /// Read and checked whole (format 1).
    Whole(&'a Book),
    /// Its index, and the chunks read so far (format 2).
    Chunks(&'a LazyBookV2),
}

enum Reader {
    /// Format 1: the whole file, read and checked when opened.
    Whole(Book),
    /// Format 2: the index, and the chunks read so far.
    Chunks { file: File, book: Box<LazyBookV2> },
}

impl BookFile {
    /// Opens the book at `path`: reads and checks its header and index (format 2) or the
    /// whole file (format 1). Errors name the file.
    pub fn open(path: &Path) -> Result<BookFile, CliError> {
        let file = open_file(path)?;
        let in_book = CliError::in_book;
        let len = file.metadata().map_err(|e| read_error(path, e))?.len();
        let mut prefix = vec![0; FIXED_LEN.min(len as usize)];
        read_at(&file, path, 0, &mut prefix)?;
        let reader = match BookV2Index::index_len(&prefix) {
            Ok(index_len) => {
                // The header's length is sane (a damaged one is refused as a corrupt header);
                // a file shorter than it is truncated, and nothing past the file is allocated.
                if index_len as u64 > len {
                    return Err(in_book(path)(BookError::Truncated {
                        expected: index_len as u64,
                        found: len,
                    }));
                }
                let mut head = vec![0; index_len];
                read_at(&file, path, 0, &mut head)?;
                let index = BookV2Index::parse(&head).map_err(in_book(path))?;
                index.check_file_len(len).map_err(in_book(path))?;
                let book = Box::new(LazyBookV2::new(index).map_err(in_book(path))?);
                Reader::Chunks { file, book }
            }
            // A format-2 header that is damaged: said as it is, without reading the file.
            Err(e @ BookError::Corrupt(_)) => return Err(in_book(path)(e)),
            // Not a format-2 book: the whole-file reader says what it is (format 1, another
            // version, or not a book at all).
            Err(_) => Reader::Whole(Book::from_bytes(read_file(path)?).map_err(in_book(path))?),
        };
        Ok(BookFile {
            path: path.to_path_buf(),
            reader,
        })
    }

    /// The book at `path` read whole and put through [`Book::verify`]: what `dotbox book
    /// verify` and the Python package's `Book.verify` run. Errors name the file.
    pub fn verify(
        path: &Path,
        thoroughness: book::Thoroughness,
        progress: &mut dyn FnMut(book::Verifying) -> Flow,
    ) -> Result<book::Verified, CliError> {
        let in_book = CliError::in_book;
        let book = Book::from_bytes(read_file(path)?).map_err(in_book(path))?;
        book.verify(thoroughness, progress).map_err(in_book(path))
    }

    /// `read` given the book at `path`, opened once in this process and kept open: a process
    /// asking many positions (the Python package's `analyze`) reads the book's index, lays
    /// out each layer and decodes each chunk once, not on every call. A file whose length or
    /// modification time has changed since is opened again. Calls on one book wait for each
    /// other (a query adds the chunks it read); calls on different books do not.
    pub fn kept<R>(
        path: &Path,
        read: impl FnOnce(&mut BookFile) -> Result<R, CliError>,
    ) -> Result<R, CliError> {
        let stamp = std::fs::metadata(path)
            .map(|m| (m.len(), m.modified().ok()))
            .map_err(|error| read_error(path, error))?;
        let key = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
        // A panic inside `read` (a defect) poisons a lock; the books kept stay sound, as
        // every chunk is checked when it is read, so they are used on.
        let book = {
            let mut kept = KEPT.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            match kept.iter().position(|(p, _, _)| *p == key) {
                Some(at) if kept[at].1 == stamp => Arc::clone(&kept[at].2),
                found => {
                    let book = Arc::new(Mutex::new(BookFile::open(path)?));
                    let entry = (key, stamp, Arc::clone(&book));
                    match found {
                        Some(at) => kept[at] = entry,
                        None => kept.push(entry),
                    }
                    book
                }
            }
        };
        let mut book = book.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        read(&mut book)
    }

    /// How the book is held: whole, or by its index and the chunks read so far.
    pub fn held(&self) -> Held<'_> {
        match &self.reader {
            Reader::Whole(book) => Held::Whole(book),
            Reader::Chunks { book, .. } => Held::Chunks(book),
        }
    }

    /// The book's description (board, depth, positions per layer, size, checksum), from its
    /// header and index: no chunk is read, so a book with a damaged chunk is described too.
    pub fn info(&self) -> BookInfo {
        match &self.reader {
            Reader::Whole(book) => book.info(),
            Reader::Chunks { book, .. } => BookInfo::of_v2(book.index(), &book.layer_stats()),
        }
    }

    /// The book's board, with its pre-drawn lines.
    pub fn board(&self) -> &Board {
        match &self.reader {
            Reader::Whole(book) => book.board(),
            Reader::Chunks { book, .. } => book.index().board(),
        }
    }

    /// Most lines drawn beyond the pre-drawn ones in a stored position; move scores are
    /// answered for positions with fewer.
    pub fn depth(&self) -> u32 {
        match &self.reader {
            Reader::Whole(book) => book.depth(),
            Reader::Chunks { book, .. } => book.index().depth(),
        }
    }

    /// Chunks read and decoded so far (a format-1 book has none).
    pub fn chunks_held(&self) -> usize {
        match &self.reader {
            Reader::Whole(_) => 0,
            Reader::Chunks { book, .. } => book.held(),
        }
    }

    /// The file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// How the book answers for `board`: its own board or its transpose, with perhaps more
    /// lines pre-drawn ([`book::fit`]); a book of another board is refused, naming the file.
    pub fn fit(&self, board: &Board) -> Result<book::Fit, CliError> {
        book::fit(self.board(), self.depth(), board).map_err(CliError::in_book(&self.path))
    }

    /// The value of `pos` and every move's score on the board `fit` was made for
    /// ([`BookFile::fit`]): checked against the depth left there (a position past it is
    /// counted on that board, as its user counts), then read on the book's lines. Every error
    /// names the file.
    pub fn analysis_on(&mut self, fit: &book::Fit, pos: Position) -> Result<Analysis, CliError> {
        fit.check(pos).map_err(CliError::in_book(&self.path))?;
        fit.analysis(pos, |p| self.analysis(p))
    }

    /// The value of `pos` and every move's score, reading the chunks it needs that are not
    /// held yet. `pos` must have fewer lines than the book's depth (else
    /// [`BookError::TooDeep`], inside [`CliError::Book`]).
    pub fn analysis(&mut self, pos: Position) -> Result<Analysis, CliError> {
        let (file, book) = match &mut self.reader {
            Reader::Whole(book) => {
                return book.analysis(pos).map_err(CliError::in_book(&self.path));
            }
            Reader::Chunks { file, book } => (file, book),
        };
        let in_book = CliError::in_book;
        for i in book.needed(pos).map_err(in_book(&self.path))? {
            let range = (book.index().chunk_range(i))
                .ok_or_else(|| in_book(&self.path)(BookError::Corrupt(format!("no chunk {i}"))))?;
            let mut bytes = vec![0; (range.end - range.start) as usize];
            read_at(file, &self.path, range.start, &mut bytes)?;
            book.insert(i, &bytes).map_err(in_book(&self.path))?;
        }
        book.analysis(pos).map_err(in_book(&self.path))
    }
}

/// Fills `buf` from `offset` of the file; a file too short is a truncated book.
///
/// A positioned read, which moves no file offset: a process forked while a book was open
/// (Python's `multiprocessing`, PyTorch's DataLoader workers) shares the offset of its
/// parent's descriptor, and a seek then a read by two such processes at once read each
/// other's chunks (false checksum errors, caught by the chunks' checks).
fn read_at(file: &File, path: &Path, offset: u64, buf: &mut [u8]) -> Result<(), CliError> {
    #[cfg(unix)]
    let read = std::os::unix::fs::FileExt::read_exact_at(file, buf, offset);
    // Elsewhere no process forks.
    #[cfg(not(unix))]
    let read = {
        use std::io::{Read, Seek, SeekFrom};
        let mut file = file;
        file.seek(SeekFrom::Start(offset))
            .and_then(|_| file.read_exact(buf))
    };
    read.map_err(|error| match error.kind() {
        std::io::ErrorKind::UnexpectedEof => {
            let found = file.metadata().map_or(0, |m| m.len());
            CliError::in_book(path)(BookError::Truncated {
                expected: offset + buf.len() as u64,
                found,
            })
        }
        _ => read_error(path, error),
    })
}
