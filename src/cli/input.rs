//! What every command reads the same way: a position (a board's name with `--lines`, or a
//! game record) and the scoring rules (`--last-move-penalty`). Kept apart from the commands
//! so each command imports it and no command imports another for it.

use clap::Args;

use crate::core::notation::{self, parse_lines};
use crate::core::{Board, Game, Position, Rules};

use super::error::CliError;

/// The `--last-move-penalty` option, shared by `analyze`, `solve` and `tiles`.
#[derive(Args, Debug, Clone, Copy)]
pub struct RulesArgs {
    /// The player who draws the last line loses P more boxes (0: plain Dots-and-Boxes; a P
    /// larger than the boxes left makes the best moves those of nimstring). Retrograde
    /// solver only; a stored solve is tied to its penalty.
    #[arg(
        long,
        value_name = "P",
        default_value_t = 0,
        allow_hyphen_values = true
    )]
    pub last_move_penalty: i32,
}

impl RulesArgs {
    /// The rules these options select.
    pub fn rules(&self) -> Rules {
        Rules::with_last_move_penalty(self.last_move_penalty)
    }
}

/// The board named `board` and the position of `lines` on it. `board` may instead be a
/// position in the project's notation (`3x3:0,5,7`, as books and errors name positions; see
/// [`notation::parse_position`]) or a game record (`3x3 moves a4b4 b1b2`, the page's export;
/// see [`Game::read_record`]): a record's moves are played under the rules and the position
/// reached is the one meant, on the board its name gives (so the board's book still
/// answers). Either stands for `--lines`, which cannot be combined with it.
pub fn parse_position(board: &str, lines: &str) -> Result<(Board, Position), CliError> {
    if let Some(game) = read_game(board, lines)? {
        let named = Board::parse(&game.board().name())?;
        return Ok((named, game.position()));
    }
    if board.contains(':') {
        if !lines.trim().is_empty() {
            return Err(CliError::LinesGivenTwice {
                what: format!("the position '{board}'"),
                how: "its lines are given after the ':'",
            });
        }
        return notation::parse_position(board).map_err(|error| CliError::Position {
            text: board.to_string(),
            error,
        });
    }
    let board = Board::parse(board)?;
    let pos = parse_lines(&board, lines)?;
    Ok((board, pos))
}

/// The game `board` records, if it is a record (a board's name has no spaces, a record has).
pub fn read_game(board: &str, lines: &str) -> Result<Option<Game>, CliError> {
    if !board.trim().contains(char::is_whitespace) {
        return Ok(None);
    }
    if !lines.trim().is_empty() {
        return Err(CliError::LinesGivenTwice {
            what: "a game record".into(),
            how: "its moves give the position",
        });
    }
    Ok(Some(Game::read_record(board)?))
}
