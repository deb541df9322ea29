//! `dotbox.Book`: one opening book read from its file by `dotbox::native::BookFile`, as the
//! command line reads it: format 2 by its index, then only the chunks a query needs, each
//! checked (length, CRC32) before it answers anything; format 1 whole.

use std::path::PathBuf;
use std::sync::{Mutex, MutexGuard};

use dotbox::book::Thoroughness;
use dotbox::cli::analysis_json;
use dotbox::core::notation::{self, parse_lines};
use dotbox::core::{Board, Rules};
use dotbox::native::{interrupt, BookFile, CliError};
use dotbox::search::Flow;
use pyo3::prelude::*;

use crate::answer::exact;
use crate::py_error;

/// An opening book read by chunk: only its index is read when it is opened. (Behind a
/// mutex: a Python object may be used from any thread, and a book's decoded chunks are a
/// cache that is not shared between threads. `frozen`: every method takes `&self`, so one
/// thread's query, run with the GIL released, never finds the object borrowed by another's.)
#[pyclass(module = "dotbox", frozen)]
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
    /// own (the default) or its transpose (`5x3` for the 3x5 book), either perhaps with more
    /// lines pre-drawn (`icelandic` for the 3x5 book).
    #[pyo3(signature = (lines, board=None))]
    fn analyze_json(&self, py: Python<'_>, lines: &str, board: Option<&str>) -> PyResult<String> {
        let board = match board {
            Some(name) => board_alone(name).map_err(py_error)?,
            None => self.book().board().clone(),
        };
        let pos = parse_lines(&board, lines).map_err(|e| py_error(CliError::Lines(e)))?;
        // The lock is taken with the GIL released: a thread holding it never waits for the
        // GIL, so a getter waiting for it (GIL held) waits for this query alone.
        let analysis = crate::wait::counted(|| {
            py.allow_threads(|| {
                let mut book = self.book();
                let fit = book.fit(&board)?;
                book.analysis_on(&fit, pos)
            })
            .map_err(py_error)
        })?;
        let text = analysis_json(&board, pos, &analysis, Rules::default(), None, "book");
        Ok(exact(&text).map_err(py_error)?.to_string())
    }

    /// The whole file read and checked as `dotbox book verify [--deep]` checks it
    /// (`BookFile::verify`): every chunk decoded, and with `deep` every value against its
    /// children's. Returns the chunks decoded and the positions whose values were checked;
    /// the first damage found is the error.
    #[pyo3(signature = (deep=false))]
    fn verify(&self, py: Python<'_>, deep: bool) -> PyResult<(u64, u64)> {
        let path = self.path();
        let thoroughness = match deep {
            true => Thoroughness::Values,
            false => Thoroughness::Stored,
        };
        // Stopped by Ctrl-C at its next progress report: a deep verify takes minutes.
        let verified = crate::wait::interruptible(py, || {
            BookFile::verify(&path, thoroughness, &mut |_| match interrupt::requested() {
                true => Flow::Stop,
                false => Flow::Continue,
            })
        })?;
        Ok((verified.chunks, verified.positions))
    }
}

/// The board `name` names: `RxC` or `icelandic` alone. A position (`4x4:0,1`) or a game
/// record names lines too, which `Book.analyze` and the OpenSpiel bridge take as lines
/// only: refused, not dropped.
pub(crate) fn board_alone(name: &str) -> Result<Board, CliError> {
    let what = if notation::is_record(name) {
        "a game record"
    } else if name.contains(':') {
        "a position"
    } else {
        return Ok(Board::parse(name)?);
    };
    Err(CliError::Usage(format!(
        "board: '{name}' is {what}, not a board: give the board alone ('RxC' or 'icelandic') \
         and the lines as lines"
    )))
}

impl Book {
    /// The book (a panic in another thread's query leaves it usable: its cache only grows
    /// by checked chunks).
    fn book(&self) -> MutexGuard<'_, BookFile> {
        self.book.lock().unwrap_or_else(|e| e.into_inner())
    }
}
