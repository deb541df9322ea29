//! `dotbox.Book`: one opening book (format 2) read chunk by chunk from its file, as the
//! page reads it by range request: the header and index once, then only the chunks a query
//! needs, each checked (length, CRC32) before it answers anything.

use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};

use dotbox::book::v2::LazyBookV2;
use dotbox::book::v2::{BookV2Index, FIXED_LEN};
use dotbox::book::BookError;
use dotbox::cli::{analysis_json, CliError};
use dotbox::core::notation::parse_lines;
use dotbox::core::Rules;
use pyo3::prelude::*;

use crate::answer::exact;
use crate::py_error;

/// An opening book read by chunk: only its index is read when it is opened.
#[pyclass(module = "dotbox")]
pub struct Book {
    path: PathBuf,
    file: File,
    book: LazyBookV2,
}

#[pymethods]
impl Book {
    #[new]
    fn new(path: PathBuf) -> PyResult<Book> {
        let mut file = File::open(&path).map_err(|error| io_error(&path, error))?;
        let in_book = CliError::in_book;
        let mut prefix = vec![0; FIXED_LEN];
        read_at(&mut file, &path, 0, &mut prefix)?;
        let len = BookV2Index::index_len(&prefix).map_err(|e| py_error(in_book(&path)(e)))?;
        let mut head = vec![0; len];
        read_at(&mut file, &path, 0, &mut head)?;
        let index = BookV2Index::parse(&head).map_err(|e| py_error(in_book(&path)(e)))?;
        let book = LazyBookV2::new(index).map_err(|e| py_error(in_book(&path)(e)))?;
        Ok(Book { path, file, book })
    }

    /// The book's board: `RxC` or `icelandic`.
    #[getter]
    fn board(&self) -> String {
        self.book.index().board().name()
    }

    /// Most lines drawn beyond the pre-drawn ones in a stored position; move scores are
    /// answered for positions with fewer.
    #[getter]
    fn depth(&self) -> u32 {
        self.book.index().depth()
    }

    /// Chunks read and decoded so far.
    #[getter]
    fn chunks_held(&self) -> usize {
        self.book.held()
    }

    /// The file's path.
    #[getter]
    fn path(&self) -> PathBuf {
        self.path.clone()
    }

    fn __repr__(&self) -> String {
        format!(
            "Book({:?}: {}, depth {})",
            self.path.display().to_string(),
            self.board(),
            self.depth()
        )
    }

    /// The analysis of the position of `lines` as `dotbox analyze --json` gives it, from
    /// this book's chunks alone.
    fn analyze_json(&mut self, py: Python<'_>, lines: &str) -> PyResult<String> {
        let board = self.book.index().board().clone();
        let pos = parse_lines(&board, lines).map_err(|e| py_error(CliError::Lines(e)))?;
        let needed = self.book.needed(pos).map_err(|e| self.error(e))?;
        for i in needed {
            let range = self
                .book
                .index()
                .chunk_range(i)
                .ok_or_else(|| self.error(BookError::Corrupt(format!("no chunk {i}"))))?;
            let mut bytes = vec![0; (range.end - range.start) as usize];
            read_at(&mut self.file, &self.path, range.start, &mut bytes)?;
            self.book.insert(i, &bytes).map_err(|e| self.error(e))?;
        }
        let book = &self.book;
        let analysis = py
            .allow_threads(|| book.analysis(pos))
            .map_err(|e| self.error(e))?;
        let text = analysis_json(
            &board,
            pos,
            &analysis,
            Rules::default(),
            None,
            ("book", true),
        );
        Ok(exact(&text).map_err(py_error)?.to_string())
    }
}

impl Book {
    fn error(&self, error: BookError) -> PyErr {
        py_error(CliError::in_book(&self.path)(error))
    }
}

/// Fills `buf` from `offset` of the file; a file too short is a truncated book.
fn read_at(file: &mut File, path: &Path, offset: u64, buf: &mut [u8]) -> PyResult<()> {
    file.seek(SeekFrom::Start(offset))
        .map_err(|error| io_error(path, error))?;
    file.read_exact(buf).map_err(|error| match error.kind() {
        std::io::ErrorKind::UnexpectedEof => {
            let found = file.metadata().map_or(0, |m| m.len());
            py_error(CliError::in_book(path)(BookError::Truncated {
                expected: offset + buf.len() as u64,
                found,
            }))
        }
        _ => io_error(path, error),
    })
}

fn io_error(path: &Path, error: std::io::Error) -> PyErr {
    py_error(CliError::Io {
        action: "read",
        path: path.to_path_buf(),
        error,
    })
}
