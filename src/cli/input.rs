//! What every command reads the same way: a position (a board's name with `--lines`, or a
//! game record), the scoring rules (`--last-move-penalty`), thread counts (`--threads`,
//! `--search-threads`) and the split of a solve's lines (`--high-groups`).
//! Kept apart from the commands so each command imports it and no command imports another
//! for it, and each option is checked the same way wherever it is taken.

use clap::Args;

use crate::core::notation::{self, parse_lines};
use crate::core::{Board, Game, Position, Rules};
use crate::native::CliError;
use crate::retro::{Layout, RetroError, Valuation};
use crate::stderr::note;
use crate::store::MAX_GROUPS;

/// The `--last-move-penalty` option, shared by `analyze`, `solve` and `tiles`.
#[derive(Args, Debug, Clone, Copy)]
pub struct RulesArgs {
    /// The player who draws the last line loses P more boxes (0: plain Dots-and-Boxes; a P
    /// larger than the boxes left makes the best moves those of nimstring; a negative P is a
    /// bonus for the last line). Retrograde solver only; a stored solve is tied to its
    /// penalty.
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
    position_of(board, lines, read_game(board, lines)?.as_ref())
}

/// [`parse_position`] where the record `board` may be was read already ([`read_game`]):
/// `game` is its game, played once.
pub fn position_of(
    board: &str,
    lines: &str,
    game: Option<&Game>,
) -> Result<(Board, Position), CliError> {
    if let Some(game) = game {
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

/// The game `board` records, if it is a record ([`notation::is_record`]: it has the word
/// `pre` or `moves`; a position may have spaces after its commas, `3x3:a1b1, b1c1`).
pub fn read_game(board: &str, lines: &str) -> Result<Option<Game>, CliError> {
    if !notation::is_record(board) {
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

/// `--high-groups N` (the value parser of `solve` and `tiles`): 1 to the groups a tile
/// names beside its low group ([`MAX_GROUPS`] - 1). Past that the layout used to clamp the
/// count without a word, and 0 was taken as 1.
pub fn parse_high_groups(text: &str) -> Result<usize, String> {
    let most = MAX_GROUPS - 1;
    match text.trim().parse::<usize>() {
        Ok(n) if (1..=most).contains(&n) => Ok(n),
        _ => Err(format!("the high lines are split into 1 to {most} groups")),
    }
}

/// `--min-chain N` (the value parser of `analyze` and `solve`): a whole number of boxes.
/// Whether it is long enough to collapse is the reduction's to say (at least 3, with why);
/// a negative or broken number would get clap's "invalid digit found in string".
pub fn parse_min_chain(text: &str) -> Result<usize, String> {
    text.trim().parse::<usize>().map_err(|_| {
        "not a whole number of boxes (the fewest a collapsed chain has, at least 3)".to_string()
    })
}

/// The layout of a solve of `pos` with the high lines in `high_groups` groups when given
/// ([`Layout::with_high_groups`]; its other failures read through `other`). A count the open
/// lines cannot be split into (each group small enough for its rank table) is refused naming
/// `--high-groups`; a count larger than the groups the lines allow (lines that the board's
/// symmetries map onto each other stay in one group) is met as near as they allow, and said.
pub fn layout(
    board: &Board,
    pos: Position,
    rules: Rules,
    valuation: Valuation,
    high_groups: Option<usize>,
    other: impl FnOnce(RetroError) -> CliError,
) -> Result<Layout, CliError> {
    let layout = Layout::with_high_groups(board, pos, rules, valuation, high_groups);
    let Some(asked) = high_groups else {
        return layout.map_err(other);
    };
    let layout = match layout {
        Err(RetroError::NoLayout) => {
            return Err(CliError::Usage(format!(
                "--high-groups {asked}: the open lines cannot be split into {asked} high \
                 group{} small enough for a tile: give more, or leave --high-groups out for \
                 the layout's own choice",
                if asked == 1 { "" } else { "s" }
            )))
        }
        layout => layout.map_err(other)?,
    };
    let made = layout.groups() - 1;
    if made < asked {
        note(format!(
            "note: --high-groups {asked}: the open lines make at most {made} high groups (lines \
             the board's symmetries map onto each other stay in one group); using {made}"
        ));
    }
    Ok(layout)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn high_group_counts_lie_within_what_a_tile_names() {
        assert_eq!(parse_high_groups("1"), Ok(1));
        assert_eq!(parse_high_groups("7"), Ok(MAX_GROUPS - 1));
        for bad in ["0", "8", "99", "-1", "two", "18446744073709551616"] {
            let e = parse_high_groups(bad).unwrap_err();
            assert!(e.contains("1 to 7 groups"), "{bad}: {e}");
        }
    }

    #[test]
    fn a_list_of_lines_may_be_empty_but_not_its_items() {
        for fine in ["", " ", "0", "0,1", " 0 , 1 "] {
            assert!(parse_position("2x2", fine).is_ok(), "{fine:?}");
        }
        for bad in [",", "0,", ",0", "0,,1", "0, ,1"] {
            let e = parse_position("2x2", bad).unwrap_err().to_string();
            assert!(
                e.starts_with(&format!("--lines: an item of the list '{bad}' is empty")),
                "{e}"
            );
        }
        let e = parse_position("2x2:0,,1", "").unwrap_err().to_string();
        assert!(e.starts_with("position '2x2:0,,1': "), "{e}");
        // Spaces after the commas of a position are the list's, as in --lines: no record.
        let spaced = parse_position("2x2:0, 5", "").unwrap();
        assert_eq!(spaced, parse_position("2x2:0,5", "").unwrap());
        let e = parse_position("2x2:0, ,1", "").unwrap_err().to_string();
        assert!(e.starts_with("position '2x2:0, ,1': "), "{e}");
    }
}
