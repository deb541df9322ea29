//! The book's answer: the book given, else the board's shipped book, while the position is
//! within its depth; past it, or with no book, the policy's choice.

use std::time::Duration;

use crate::book::{describe, BookError, Fit};
use crate::core::{count_text, Board, Position};
use crate::native::{shipped_book, where_books_are_looked_for, BookFile, CliError, Method};

use super::chosen::chosen;
use super::{Answer, Answered, Found, Options};

/// The book's answer while the position is within its depth; past it, or with no book, the
/// method the policy chooses. A forced book method insists on the book.
pub(super) fn booked_or_chosen(
    board: &Board,
    pos: Position,
    options: &Options,
    limit: Option<Duration>,
) -> Result<Answer, CliError> {
    let forced = options.method == Some(Method::Book);
    let path = match &options.book {
        Some(path) => Some(path.clone()),
        None => shipped_book(board)?,
    };
    let Some(path) = path else {
        if forced {
            return Err(CliError::NoBook {
                board: board.name(),
            });
        }
        return chosen(board, pos, options, limit, "").map(|answer| unbooked(answer, board));
    };
    let damaged = |e| damaged_book(e, options.book.is_some());
    let (analysis, note) = BookFile::kept(&path, |book| {
        Ok(match book.fit(board) {
            Ok(fit) => (book.analysis_on(&fit, pos), fit_note(&fit, book)),
            // A board pre-drawing the book's depth or more: past it, as a deep position is.
            Err(e) => (Err(e), String::new()),
        })
    })
    .map_err(damaged)?;
    match analysis {
        Ok(analysis) => Ok(Answer::exact_by(
            board,
            pos,
            Answered::Book,
            analysis,
            format!("from book {}{note}", path.display()),
        )),
        Err(CliError::Book {
            error: BookError::TooDeep { max, .. },
            ..
        }) if !forced => {
            // Counted from this board's start (Fit::check), as the user counts.
            let lines = count_text(max, "line", "lines");
            let past = format!(" (the book gives move scores up to {lines})");
            chosen(board, pos, options, limit, &past)
        }
        Err(CliError::Book {
            error: BookError::PastDepth { depth, extra, .. },
            ..
        }) if !forced => {
            let past = format!(
                " (the book holds {depth} lines beyond its start; this board pre-draws {extra} of them)"
            );
            chosen(board, pos, options, limit, &past)
        }
        Err(e) => Err(damaged(e)),
    }
}

/// `answer`, found with no book at hand: an estimate says that no book was found and where
/// books are looked for, as a book would have answered exactly had one been there (a
/// package installed away from its checkout finds none).
fn unbooked(mut answer: Answer, board: &Board) -> Answer {
    if matches!(answer.found, Found::Estimate { chosen: true, .. }) {
        answer.how.push_str(&format!(
            "; no book for {} was found ({})",
            describe(board),
            where_books_are_looked_for()
        ));
    }
    answer
}

/// A book error `e` that is damage to the book (a chunk failing its checksum, a file cut
/// short) as [`CliError::DamagedBook`], which adds what answers without the book; `given`:
/// the user named the book. Other errors are left as they are. Never a fall back to another
/// method on its own: a damaged book is said, not hidden.
fn damaged_book(e: CliError, given: bool) -> CliError {
    match e {
        CliError::Book {
            path: Some(path),
            error: error @ (BookError::Corrupt(_) | BookError::Truncated { .. }),
        } => CliError::DamagedBook { path, error, given },
        e => e,
    }
}

/// How a book of another orientation answered: ` (the 3x5 book, transposed)`.
fn fit_note(fit: &Fit, book: &BookFile) -> String {
    match fit.is_transposed() {
        false => String::new(),
        true => format!(" (the {} book, transposed)", book.board().name()),
    }
}
