//! What every book version answers the same way: how a query position fits the book's board,
//! a position's analysis from its children's values, and a board's name as the user gives it.

use crate::core::notation::format_line_set;
use crate::core::{move_score, transposed, Analysis, Board, MoveScore, Position, Symmetry};

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

/// How a book answers for the board a position is asked on: as it is, or through the
/// transpose (a 5×3 game is the 3×5 game reflected in its diagonal, line for line, so the
/// 3×5 book answers it).
#[derive(Clone, Debug)]
pub enum Fit {
    /// The book's own board.
    Same,
    /// The book's board reflected in its diagonal ([`transposed`]).
    Transposed {
        /// The asked board's lines onto the book's.
        onto_book: Symmetry,
        /// The book's lines back onto the asked board's.
        back: Symmetry,
    },
}

impl Fit {
    /// Position `pos` of the asked board, on the book's board.
    pub fn onto_book(&self, pos: Position) -> Position {
        match self {
            Fit::Same => pos,
            Fit::Transposed { onto_book, .. } => onto_book.apply(pos),
        }
    }

    /// The analysis of `pos` (on the asked board) that `read` gives for a position on the
    /// book's board: `pos` turned onto the book's lines, the answer's moves turned back.
    pub fn analysis<E>(
        &self,
        pos: Position,
        read: impl FnOnce(Position) -> Result<Analysis, E>,
    ) -> Result<Analysis, E> {
        read(self.onto_book(pos)).map(|a| self.back(a))
    }

    /// An analysis the book gave on its board, on the asked board: each move's line mapped
    /// back, the moves in line order again.
    fn back(&self, analysis: Analysis) -> Analysis {
        let Fit::Transposed { back, .. } = self else {
            return analysis;
        };
        let mut moves: Vec<MoveScore> = (analysis.moves.iter())
            .map(|m| MoveScore {
                line: back.line(m.line),
                score: m.score,
            })
            .collect();
        moves.sort_by_key(|m| m.line);
        Analysis {
            value: analysis.value,
            moves,
        }
    }
}

/// How a book of board `book` answers for `asked`: the same board (size and pre-drawn
/// lines), or its transpose; any other board is a [`BookError::MismatchedBoard`].
pub fn fit(book: &Board, asked: &Board) -> Result<Fit, BookError> {
    if asked == book {
        return Ok(Fit::Same);
    }
    let (turned, onto_book) = transposed(asked);
    if turned == *book {
        let back = transposed(book).1;
        return Ok(Fit::Transposed { onto_book, back });
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
