//! What every book version answers the same way: how a query position fits the book's board,
//! a position's analysis from its children's values, and a board's name as the user gives it.

use crate::core::notation::format_line_set;
use crate::core::{move_score, Analysis, Board, MoveScore, Position};

use super::error::BookError;

/// Lines `pos` draws beyond `board`'s pre-drawn ones; a position that is not one of the
/// board's ([`Board::check`]) is a [`BookError::Position`].
pub fn lines_beyond_start(board: &Board, pos: Position) -> Result<u32, BookError> {
    board.check(pos)?;
    Ok(pos.difference(board.predrawn()).count())
}

/// The analysis of `pos` from its children's values: each move's score, the value the best.
pub fn analysis_from(
    board: &Board,
    pos: Position,
    child_value: &mut dyn FnMut(Position) -> Result<i32, BookError>,
) -> Result<Analysis, BookError> {
    let open = board.open_lines(pos);
    let mut moves = Vec::with_capacity(open.count() as usize);
    for line in open.lines() {
        let boxes = board.boxes().completes(pos, line);
        let score = move_score(boxes, child_value(pos.with(line))?);
        moves.push(MoveScore { line, score });
    }
    let value = moves.iter().map(|m| m.score).max().unwrap_or(0);
    Ok(Analysis { value, moves })
}

/// Fails with [`BookError::MismatchedBoard`] unless a book of board `book` answers for
/// `asked` (same size, same pre-drawn lines).
pub fn expect_board(book: &Board, asked: &Board) -> Result<(), BookError> {
    if asked == book {
        return Ok(());
    }
    Err(BookError::MismatchedBoard {
        book: describe(book),
        asked: describe(asked),
    })
}

/// A board as the user names it: `3x3`, or `3x3 with pre-drawn lines 0,4`.
pub fn describe(board: &Board) -> String {
    let extra = board.extra_predrawn();
    if extra.is_empty() {
        board.name()
    } else {
        format!(
            "{} with pre-drawn lines {}",
            board.name(),
            format_line_set(extra)
        )
    }
}
