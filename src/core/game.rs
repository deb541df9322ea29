//! [`Game`]: one game under the rules: the moves in order (who drew each line and what it
//! took), whose turn it is, the boxes each side has, the end, undo and redo, and the game's
//! text record.
//!
//! Values come from the solvers; a game only applies the rules: a move completing a box
//! scores it and keeps the turn, any other move passes it. Players are 0 (who moves first)
//! and 1.
//!
//! Record (the page's export, read back by [`Game::read_record`]): `BOARD [pre L,..] [moves M
//! M ..]`, or a position `BOARD:l1,l2,..` whose lines become pre-drawn lines of a game with no
//! moves yet. Lines and moves are numbers or labels ([`super::notation`]).

use std::fmt;

use super::error::{BoardError, LinesError, PositionError};
use super::notation::{self, format_line_set, line_label, parse_line, parse_lines};
use super::{Board, Position};

/// One move played: the line, who drew it and how many boxes (0, 1 or 2) it completed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    /// The line's index on the board.
    pub line: usize,
    /// Who drew it: 0 (the first to move) or 1.
    pub player: u8,
    /// Boxes it completed, scored to `player`.
    pub boxes: u32,
}

/// A move of the main line with the state after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ply {
    /// The move.
    pub played: Move,
    /// The player to move after it.
    pub turn: u8,
    /// Boxes taken by player 0 and player 1 after it.
    pub taken: [u32; 2],
    /// The position after it.
    pub position: Position,
}

/// A game on one board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    board: Board,
    moves: Vec<Move>,
    /// Lines taken back and not replaced, the next to replay last.
    redo: Vec<usize>,
}

/// Why a line cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The line is not on the board.
    Line(PositionError),
    /// The line is drawn already.
    Drawn(usize),
    /// The line is one the board draws before the first move (icelandic's left and bottom
    /// border).
    PreDrawn(usize),
    /// A move's text names no line of the board.
    Text(LinesError),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Line(e) => e.fmt(f),
            MoveError::Drawn(line) => write!(f, "line {line} is already drawn"),
            MoveError::PreDrawn(line) => write!(
                f,
                "line {line} is one of the board's pre-drawn lines, drawn before the first move"
            ),
            MoveError::Text(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for MoveError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            MoveError::Line(e) => Some(e),
            MoveError::Text(e) => Some(e),
            MoveError::Drawn(_) | MoveError::PreDrawn(_) => None,
        }
    }
}

/// A move of a list ([`Game::play_all`]) that could not be played: its place (from 0), its
/// text and why. The moves before it are played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveListError {
    /// The move's place in the list, from 0: also how many moves were played.
    pub index: usize,
    /// The move's text as given.
    pub item: String,
    /// Why it could not be played.
    pub error: MoveError,
}

impl MoveListError {
    /// Which move and why, without what became of the moves before it.
    fn which(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "move {} ('{}'): {}",
            self.index + 1,
            self.item,
            self.error
        )
    }
}

impl fmt::Display for MoveListError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let i = self.index;
        self.which(f)?;
        match i {
            0 => write!(f, "; no move is played"),
            1 => write!(f, "; the first move is played"),
            _ => write!(f, "; the first {i} moves are played"),
        }
    }
}

impl std::error::Error for MoveListError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}

/// Why a game record cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// The text is empty.
    Empty,
    /// Words between the board and the moves that are not `pre L,L,..`.
    NotUnderstood(String),
    /// The board's name.
    Board(BoardError),
    /// The pre-drawn lines (or a position's lines).
    Predrawn(LinesError),
    /// A move.
    Moves(MoveListError),
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Empty => write!(f, "nothing to read"),
            RecordError::NotUnderstood(words) => write!(
                f,
                "'{words}' is not understood: expected BOARD, then optionally pre L,L,.. and moves M M .."
            ),
            RecordError::Board(e) => e.fmt(f),
            RecordError::Predrawn(e) => e.fmt(f),
            // A record is read whole or not at all: none of its moves is played.
            RecordError::Moves(e) => e.which(f),
        }
    }
}

impl std::error::Error for RecordError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            RecordError::Empty | RecordError::NotUnderstood(_) => None,
            RecordError::Board(e) => Some(e),
            RecordError::Predrawn(e) => Some(e),
            RecordError::Moves(e) => Some(e),
        }
    }
}

impl Game {
    /// A new game on `board` (its pre-drawn lines drawn before play). Player 0 moves first.
    pub fn new(board: Board) -> Game {
        Game {
            board,
            moves: Vec::new(),
            redo: Vec::new(),
        }
    }

    /// The board, with its pre-drawn lines.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The drawn lines, pre-drawn ones included.
    pub fn position(&self) -> Position {
        self.moves
            .iter()
            .fold(self.board.start(), |p, m| p.with(m.line))
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Draws `line` for the player to move and clears the redo list; returns the boxes it
    /// completed (0, 1 or 2).
    pub fn play(&mut self, line: usize) -> Result<u32, MoveError> {
        let boxes = self.apply(line)?;
        self.redo.clear();
        Ok(boxes)
    }

    /// Plays the moves in `text` (line numbers or labels, separated by white space, or by
    /// commas with white space around them or not) in order, stopping at the first that
    /// cannot be played. An empty item between commas (`a4b4,,b1b2`, `a4b4,`) is an error,
    /// as in a list of lines: it is most likely a move left out.
    pub fn play_all(&mut self, text: &str) -> Result<(), MoveListError> {
        let mut index = 0;
        for piece in text.split(',') {
            if piece.trim().is_empty() && text.contains(',') {
                return Err(MoveListError {
                    index,
                    item: String::new(),
                    error: MoveError::Text(LinesError::EmptyItem(text.to_string())),
                });
            }
            for item in piece.split_whitespace() {
                parse_line(&self.board, item)
                    .map_err(MoveError::Text)
                    .and_then(|line| self.play(line))
                    .map_err(|error| MoveListError {
                        index,
                        item: item.to_string(),
                        error,
                    })?;
                index += 1;
            }
        }
        Ok(())
    }

    /// Takes back the last move; returns its line, or `None` at the start.
    pub fn undo(&mut self) -> Option<usize> {
        let m = self.moves.pop()?;
        self.redo.push(m.line);
        Some(m.line)
    }

    /// Replays the last move taken back; returns its line, or `None` if none.
    pub fn redo(&mut self) -> Option<usize> {
        let line = self.redo.pop()?;
        self.apply(line).ok()?;
        Some(line)
    }

    /// Whether a move can be taken back.
    pub fn can_undo(&self) -> bool {
        !self.moves.is_empty()
    }

    /// Whether a taken-back move can be replayed.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Moves back or forward along the main line to `ply` moves played (clamped to it).
    pub fn go_to(&mut self, ply: usize) {
        while self.moves.len() > ply && self.undo().is_some() {}
        while self.moves.len() < ply && self.redo().is_some() {}
    }

    /// The player to move: 0 (first) or 1.
    pub fn turn(&self) -> u8 {
        match self.moves.last() {
            None => 0,
            Some(m) if m.boxes > 0 => m.player,
            Some(m) => 1 - m.player,
        }
    }

    /// Boxes taken so far by player 0 and player 1.
    pub fn taken(&self) -> [u32; 2] {
        let mut taken = [0, 0];
        for m in &self.moves {
            taken[usize::from(m.player)] += m.boxes;
        }
        taken
    }

    /// Whether every line is drawn.
    pub fn is_over(&self) -> bool {
        self.position() == self.board.all_lines()
    }

    /// The main line: the moves played, then those taken back and not replaced (redo), each
    /// with the state after it.
    pub fn mainline(&self) -> Vec<Ply> {
        let mut g = self.clone();
        while g.redo().is_some() {}
        let mut taken = [0, 0];
        let mut position = self.board.start();
        g.moves
            .iter()
            .enumerate()
            .map(|(i, &played)| {
                taken[usize::from(played.player)] += played.boxes;
                position = position.with(played.line);
                let turn = match g.moves.get(i + 1) {
                    Some(next) => next.player,
                    None => g.turn(),
                };
                Ply {
                    played,
                    turn,
                    taken,
                    position,
                }
            })
            .collect()
    }

    /// The completed boxes `(row, col)` and who took each (`None` when pre-drawn lines
    /// completed it), row by row.
    pub fn taken_boxes(&self) -> Vec<((usize, usize), Option<u8>)> {
        let mut owner = std::collections::HashMap::new();
        let mut pos = self.board.start();
        for m in &self.moves {
            pos = pos.with(m.line);
            for b in self.board.completed_boxes(pos) {
                owner.entry(b).or_insert(m.player);
            }
        }
        self.board
            .completed_boxes(pos)
            .into_iter()
            .map(|b| (b, owner.get(&b).copied()))
            .collect()
    }

    /// The game as text: `BOARD [pre L,..] [moves M M ..]` with the moves as labels (the
    /// main line up to here); [`Game::read_record`] reads it back.
    pub fn record(&self) -> String {
        let mut text = self.board.name();
        let pre = format_line_set(self.board.extra_predrawn());
        if !pre.is_empty() {
            text.push_str(&format!(" pre {pre}"));
        }
        if !self.moves.is_empty() {
            let moves: Vec<String> = self
                .moves
                .iter()
                .map(|m| line_label(&self.board, m.line))
                .collect();
            text.push_str(&format!(" moves {}", moves.join(" ")));
        }
        text
    }

    /// Reads a game record (see the module docs): the game with every move played.
    pub fn read_record(text: &str) -> Result<Game, RecordError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(RecordError::Empty);
        }
        // A board or a position (`3x3:0, 5`): its lines are the pre-drawn lines of a game
        // with no moves yet.
        if !notation::is_record(text) {
            let (board, pos) = notation::parse_position(text).map_err(|e| match e {
                LinesError::Board(e) => RecordError::Board(e),
                e => RecordError::Predrawn(e),
            })?;
            return Ok(Game::new(board.with_predrawn(pos)));
        }
        let mut words = text.split_whitespace();
        let first = words.next().ok_or(RecordError::Empty)?;
        let (board, mut predrawn) = match first.split_once(':') {
            Some((board, lines)) => (board, lines.to_string()),
            None => (first, String::new()),
        };
        let board = Board::parse(board).map_err(RecordError::Board)?;
        let rest: Vec<&str> = words.collect();
        let (pre, moves) = match rest.iter().position(|w| *w == "moves") {
            Some(i) => (&rest[..i], &rest[i + 1..]),
            None => (&rest[..], &rest[..0]),
        };
        match pre {
            [] => {}
            ["pre", lines @ ..] if !lines.is_empty() && predrawn.is_empty() => {
                predrawn = lines.join(",")
            }
            _ => return Err(RecordError::NotUnderstood(pre.join(" "))),
        }
        let extra = parse_lines(&board, &predrawn).map_err(RecordError::Predrawn)?;
        let mut game = Game::new(board.with_predrawn(extra));
        game.play_all(&moves.join(" "))
            .map_err(RecordError::Moves)?;
        Ok(game)
    }

    /// Draws `line` for the player to move; the boxes it completed.
    fn apply(&mut self, line: usize) -> Result<u32, MoveError> {
        self.board.check_line(line).map_err(MoveError::Line)?;
        let pos = self.position();
        if self.board.predrawn().contains(line) {
            return Err(MoveError::PreDrawn(line));
        }
        if pos.contains(line) {
            return Err(MoveError::Drawn(line));
        }
        let player = self.turn();
        let boxes = self.board.boxes().completes(pos, line);
        self.moves.push(Move {
            line,
            player,
            boxes,
        });
        Ok(boxes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turns_captures_undo_and_the_end() {
        let mut g = Game::new(Board::new(1, 2).unwrap());
        // Lines of 1x2: h 0..=3, v 4..=6; box 0 = {0, 2, 4, 5}, box 1 = {1, 3, 5, 6}.
        for (line, boxes, turn_after) in [(0, 0, 1), (2, 0, 0), (4, 0, 1), (5, 1, 1), (1, 0, 0)] {
            assert_eq!(g.play(line), Ok(boxes));
            assert_eq!(g.turn(), turn_after);
        }
        assert_eq!(g.taken(), [0, 1]);
        assert_eq!(g.taken_boxes(), vec![((0, 0), Some(1))]);
        assert_eq!(g.play(5), Err(MoveError::Drawn(5)));
        let mut ice = Game::new(Board::parse("icelandic").unwrap());
        let border = ice.board().predrawn().lines().next().unwrap();
        let e = ice.play(border).unwrap_err().to_string();
        assert!(e.contains("one of the board's pre-drawn lines"), "{e}");
        assert_eq!(
            g.play(70),
            Err(MoveError::Line(PositionError::LineOffBoard {
                line: 70,
                lines: 7
            }))
        );
        assert_eq!((g.undo(), g.undo()), (Some(1), Some(5)));
        assert_eq!(g.taken(), [0, 0]);
        assert_eq!(g.redo(), Some(5));
        g.play(3).unwrap();
        assert!(!g.can_redo(), "a new move clears the redo list");
        g.play_all("6 1").unwrap();
        assert!(g.is_over());
        assert_eq!(g.taken(), [0, 2]);
    }

    #[test]
    fn records_read_back_and_errors_chain_their_cause() {
        let mut g = Game::new(Board::new(3, 3).unwrap().with_predrawn(Position(0b100001)));
        g.play_all("b1b2, 13").unwrap();
        let text = g.record();
        assert_eq!(text, "3x3 pre 0,5 moves b1b2 b3b4");
        assert_eq!(Game::read_record(&text), Ok(g.clone()));
        let ice = Game::read_record("icelandic moves 0").unwrap();
        assert_eq!(ice.record(), "icelandic moves a4b4");
        // A record is refused whole: its error does not speak of moves played.
        let e = Game::read_record("3x3 moves 0 x").unwrap_err();
        assert_eq!(
            e.to_string(),
            "move 2 ('x'): 'x' is neither a line number nor a line label like a1b1"
        );
        let cause = std::error::Error::source(&e).unwrap();
        assert!(cause.downcast_ref::<MoveListError>().is_some());
        assert_eq!(Game::read_record("  "), Err(RecordError::Empty));
        assert!(matches!(
            Game::read_record("3x3 pre"),
            Err(RecordError::NotUnderstood(_))
        ));
        // The first word is the board, and a wrong one is named before the words after it.
        assert!(matches!(
            Game::read_record("garbage here"),
            Err(RecordError::Board(_))
        ));
        // A board or a position (spaces after its colon or commas, labels or numbers) is a
        // game with its lines pre-drawn and no moves yet, as the command line reads it.
        for position in ["3x3:0, 5", "3x3 : 0,5", "3x3:a1b1, b2b3"] {
            let g = Game::read_record(position).unwrap();
            assert_eq!(g.board().extra_predrawn().count(), 2, "{position}");
            assert!(g.moves().is_empty(), "{position}");
        }
        assert!(matches!(
            Game::read_record("3x3:0,99"),
            Err(RecordError::Predrawn(LinesError::OutOfRange { .. }))
        ));
        assert!(matches!(
            Game::read_record("3y3:0"),
            Err(RecordError::Board(_))
        ));
    }

    #[test]
    fn a_move_list_says_how_many_moves_it_played() {
        let mut g = Game::new(Board::new(2, 2).unwrap());
        let e = g.play_all("0 1 1").unwrap_err();
        assert_eq!(
            e.to_string(),
            "move 3 ('1'): line 1 is already drawn; the first 2 moves are played"
        );
        assert_eq!(g.moves().len(), 2);
        // Commas with white space around them or not separate moves; an empty item between
        // commas is most likely a move left out: refused, as in a list of lines.
        for (text, played) in [("0, 1,2 ,3", 4), ("0 1", 2), ("", 0)] {
            let mut g = Game::new(Board::new(2, 2).unwrap());
            g.play_all(text).unwrap();
            assert_eq!(g.moves().len(), played, "{text}");
        }
        for (text, before) in [("0,,1", 1), (",0", 0), ("0,", 1), ("0, ,1", 1)] {
            let mut g = Game::new(Board::new(2, 2).unwrap());
            let e = g.play_all(text).unwrap_err();
            let said = format!("an item of the list '{text}' is empty");
            assert!(e.to_string().contains(&said), "{e}");
            assert_eq!((e.index, g.moves().len()), (before, before), "{text}");
        }
    }
}
