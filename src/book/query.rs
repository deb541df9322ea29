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
/// 3×5 book answers it); and how deep it reaches there. The asked board may pre-draw lines
/// beyond the book's (a position set up on 4×4 as a board of its own, or icelandic on 3×5):
/// a position is its drawn lines, whatever drew them, so the book still holds it while all
/// its lines drawn beyond the book's start are fewer than the book's depth.
#[derive(Clone, Debug)]
pub struct Fit {
    turn: Turn,
    depth: u32,
    /// The board positions are asked on.
    asked: Board,
}

/// The asked board's lines as the book's: the same, or reflected in the diagonal.
#[derive(Clone, Debug)]
enum Turn {
    Same,
    Transposed {
        /// The asked board's lines onto the book's.
        onto_book: Symmetry,
        /// The book's lines back onto the asked board's.
        back: Symmetry,
    },
}

impl Fit {
    /// Whether positions are asked on the transpose of the book's board.
    pub fn is_transposed(&self) -> bool {
        matches!(self.turn, Turn::Transposed { .. })
    }

    /// The book's depth counted from the asked board's start: the book's own, less the lines
    /// the asked board pre-draws beyond the book's. Move scores are answered for positions
    /// with fewer lines drawn beyond that start.
    pub fn depth(&self) -> u32 {
        self.depth
    }

    /// Position `pos` of the asked board, on the book's board.
    pub fn onto_book(&self, pos: Position) -> Position {
        match &self.turn {
            Turn::Same => pos,
            Turn::Transposed { onto_book, .. } => onto_book.apply(pos),
        }
    }

    /// Whether the book gives the move scores of `pos`: a position of the asked board
    /// ([`Board::check`], else [`BookError::Position`]) with fewer lines drawn beyond its
    /// start than [`Fit::depth`] (or a full board, which has none to give), else a
    /// [`BookError::TooDeep`] counting them from that start, as its user counts them.
    pub fn check(&self, pos: Position) -> Result<(), BookError> {
        let lines = lines_beyond_start(&self.asked, pos)?;
        if lines >= self.depth && !self.asked.open_lines(pos).is_empty() {
            return Err(BookError::TooDeep {
                lines,
                max: self.depth - 1,
                query: "move scores",
            });
        }
        Ok(())
    }

    /// The analysis of `pos` (on the asked board) that `read` gives for a position on the
    /// book's board: `pos` turned onto the book's lines, the answer's moves turned back. A
    /// position past the depth is refused first ([`Fit::check`]).
    pub fn analysis<E: From<BookError>>(
        &self,
        pos: Position,
        read: impl FnOnce(Position) -> Result<Analysis, E>,
    ) -> Result<Analysis, E> {
        self.check(pos)?;
        read(self.onto_book(pos)).map(|a| self.back(a))
    }

    /// An analysis the book gave on its board, on the asked board: each move's line mapped
    /// back, the moves in line order again.
    fn back(&self, analysis: Analysis) -> Analysis {
        let Turn::Transposed { back, .. } = &self.turn else {
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

/// How a book of board `book`, `depth` lines deep, answers for `asked`: the same board or
/// its transpose, with the book's pre-drawn lines and perhaps more, fewer of them than the
/// depth ([`Fit`]). Any other board is a [`BookError::MismatchedBoard`]; one pre-drawing as
/// many lines as the depth or more, a [`BookError::PastDepth`].
pub fn fit(book: &Board, depth: u32, asked: &Board) -> Result<Fit, BookError> {
    let (turned, onto_book) = transposed(asked);
    let turn = if book.holds(asked) {
        Turn::Same
    } else if book.holds(&turned) {
        let back = transposed(book).1;
        Turn::Transposed { onto_book, back }
    } else {
        return Err(BookError::MismatchedBoard {
            book: describe(book),
            asked: describe(asked),
        });
    };
    let start = match turn {
        Turn::Same => asked.predrawn(),
        Turn::Transposed { .. } => turned.predrawn(),
    };
    let extra = start.difference(book.predrawn()).count();
    if extra >= depth {
        return Err(BookError::PastDepth {
            book: describe(book),
            depth,
            asked: describe(asked),
            extra,
        });
    }
    Ok(Fit {
        turn,
        depth: depth - extra,
        asked: asked.clone(),
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
