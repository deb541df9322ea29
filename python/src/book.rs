//! `dotbox.Book`: one opening book read from its file by `dotbox::cli::BookFile`, as the
//! command line reads it: format 2 by its index, then only the chunks a query needs, each
//! checked (length, CRC32) before it answers anything; format 1 whole.

use std::path::PathBuf;
use std::sync::{Mutex, MutexGuard};

use dotbox::cli::{analysis_json, parse_position, BookFile, CliError};
use dotbox::core::notation::parse_lines;
use dotbox::core::Rules;
use pyo3::prelude::*;

use crate::answer::exact;
use crate::py_error;

/// An opening book read by chunk: only its index is read when it is opened. (Behind a
/// mutex: a Python object may be used from any thread, and a book's decoded chunks are a
/// cache that is not shared between threads.)
#[pyclass(module = "dotbox")]
pub struct Book {
    book: Mutex<BookFile>,
}

#[pymethods]
impl Book {
    #[new]
    fn new(path: PathBuf) -> PyResult<Book> {
        Ok(Book {
            book: Mutex::new(BookFile::open(&path).map_err(py_error)?),
        })
    }

    /// The book's board: `RxC` or `icelandic`.
    #[getter]
    fn board(&self) -> String {
        self.book().board().name()
    }

    /// Most lines drawn beyond the pre-drawn ones in a stored position; move scores are
    /// answered for positions with fewer.
    #[getter]
    fn depth(&self) -> u32 {
        self.book().depth()
    }

    /// Chunks read and decoded so far.
    #[getter]
    fn chunks_held(&self) -> usize {
        self.book().chunks_held()
    }

    /// The file's path.
    #[getter]
    fn path(&self) -> PathBuf {
        self.book().path().to_path_buf()
    }

    fn __repr__(&self) -> String {
        format!(
            "Book({:?}: {}, depth {})",
            self.path().display().to_string(),
            self.board(),
            self.depth()
        )
    }

    /// The analysis of the position of `lines` as `dotbox analyze --json` gives it, from
    /// this book's chunks alone. `board` names the board the lines are drawn on: the book's
    /// own (the default) or its transpose (`5x3` for the 3x5 book).
    #[pyo3(signature = (lines, board=None))]
    fn analyze_json(
        &mut self,
        py: Python<'_>,
        lines: &str,
        board: Option<&str>,
    ) -> PyResult<String> {
        let board = match board {
            Some(name) => parse_position(name, "").map_err(py_error)?.0,
            None => self.book().board().clone(),
        };
        let fit = self.book().fit(&board).map_err(py_error)?;
        let pos = parse_lines(&board, lines).map_err(|e| py_error(CliError::Lines(e)))?;
        let book = self.book.get_mut().unwrap_or_else(|e| e.into_inner());
        let analysis = py
            .allow_threads(|| fit.analysis(pos, |p| book.analysis(p)))
            .map_err(py_error)?;
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
    /// The book (a panic in another thread's query leaves it usable: its cache only grows
    /// by checked chunks).
    fn book(&self) -> MutexGuard<'_, BookFile> {
        self.book.lock().unwrap_or_else(|e| e.into_inner())
    }
}
