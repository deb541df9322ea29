//! Control and the long chain rule.
//!
//! Count turns: a move that completes no box ends a turn, and the last turn ends with the
//! game. With `O` open lines, `B` boxes left and `D` double-crosses still to come (moves
//! taking two boxes at once), exactly `O - B + D + 1` turns remain (the player to move plays
//! the first). On an empty R×C board `O - B + 1` is the number of dots `(R+1)(C+1)` (Euler),
//! hence Berlekamp's *dots + double-crosses = turns*. The player who plays the last turn takes
//! the last chain: that is control. So the player to move controls exactly when
//! `O - B + 1 + D` is odd (the full rule; on the empty board, the first player wants
//! dots + double-crosses odd).
//!
//! In the usual endgame the controller declines every long chain but the last, one double-
//! cross each (a declined loop gives two, which leaves the parity alone), so `D = long - 1`:
//! the player to move wants `O - B + 1 + long` even (on the empty board: the first player
//! wants dots + long chains even, the simplified rule).

use crate::core::{Board, Boxes, Position};

use super::components::{decompose, Kind};
use super::error::ChainsError;

/// Whether control can still decide anything in `pos`: a long chain, a loop or an
/// unsettled region (where they may form) is left, the boxes to take now aside. Once only
/// short chains are left, nobody can be forced to open a long chain or loop, and the coach
/// says nothing of control (nimstring's value still counts who takes the last box, which in
/// Dots and Boxes is just a box).
pub fn control_at_stake(coins: &Boxes, pos: Position) -> bool {
    decompose(coins, pos)
        .iter()
        .any(|c| c.is_long_chain() || matches!(c.kind, Kind::Loop | Kind::Unsettled))
}

/// The long chain count of a position and who it favours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Control {
    /// `O - B + 1`: open lines minus boxes left plus one, the "dots" of the rule (the
    /// number of dots on an empty board without pre-drawn lines). Negative when boxes are
    /// left that only double-crosses can take.
    pub dots: i32,
    /// Long chains: chains of 3 boxes or more, counting an offered chain as long while it
    /// can still be declined (2 boxes or more behind one opened end).
    pub long_chains: usize,
    /// Loops (they do not change the parity), counting chains that close into one at their
    /// junction.
    pub loops: usize,
    /// Whether the player to move takes the last chain if every long chain but the last is
    /// declined: `dots + long_chains` even; `None` when there is no long chain to fight for.
    pub mover_has_parity: Option<bool>,
}

impl Control {
    /// The count and its verdict in words, e.g. "2 long chains, 1 loop: the long chain rule
    /// favours the player to move".
    pub fn describe(&self) -> String {
        let chains = match self.long_chains {
            1 => "1 long chain".to_string(),
            n => format!("{n} long chains"),
        };
        let loops = match self.loops {
            0 => String::new(),
            1 => ", 1 loop".to_string(),
            n => format!(", {n} loops"),
        };
        let verdict = match self.mover_has_parity {
            Some(true) => "the long chain rule favours the player to move",
            Some(false) => "the long chain rule favours the opponent",
            None => "no long chain to fight for yet",
        };
        format!("{chains}{loops}: {verdict}")
    }
}

/// The long chain count of `pos` and who it favours.
pub fn control(board: &Board, pos: Position) -> Result<Control, ChainsError> {
    board.check(pos)?;
    Ok(control_in(board, pos))
}

/// [`control`] of a position already checked.
pub fn control_in(board: &Board, pos: Position) -> Control {
    let parts = decompose(board.boxes(), pos);
    let long_chains = parts.iter().filter(|p| p.counts_as_long()).count();
    let loops = parts.iter().filter(|p| p.counts_as_loop()).count();
    let dots = base_turns(board, pos);
    Control {
        dots,
        long_chains,
        loops,
        mover_has_parity: (long_chains > 0).then_some((dots + long_chains as i32) % 2 == 0),
    }
}

/// `O - B + 1`: the turns left if no double-cross is made (0 on a full board).
fn base_turns(board: &Board, pos: Position) -> i32 {
    let open = board.all_lines().difference(pos).count() as i32;
    let coins = board.boxes();
    let boxes = (0..coins.len())
        .filter(|&b| coins.degree(pos, b) > 0)
        .count() as i32;
    if open == 0 {
        0
    } else {
        open + 1 - boxes
    }
}

/// The turns left in `pos` when `doublecrosses` double-crosses are still to come (the full
/// rule's count; the player to move plays the first of them). Only the tests ask it: they
/// check the count the rule rests on against random games.
#[cfg(test)]
fn turns_left(board: &Board, pos: Position, doublecrosses: usize) -> Result<usize, ChainsError> {
    board.check(pos)?;
    if board.all_lines() == pos {
        return Ok(0);
    }
    let turns = base_turns(board, pos) + doublecrosses as i32;
    Ok(usize::try_from(turns).unwrap_or(0))
}

/// The open lines after which the player to move no longer has (or now has) the parity of
/// the simplified rule: the moves that change the long chain count's verdict for them.
pub fn parity_moves(board: &Board, pos: Position) -> Result<Vec<usize>, ChainsError> {
    let coins = board.boxes();
    board.check(pos)?;
    let now = control_in(board, pos).mover_has_parity;
    let open = board.all_lines().difference(pos);
    Ok(open
        .lines()
        .filter(|&line| {
            let after = control_in(board, pos.with(line)).mover_has_parity;
            // After a move completing no box the opponent is to move.
            let mine = if coins.completes(pos, line) > 0 {
                after
            } else {
                after.map(|a| !a)
            };
            mine != now
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;
    use crate::chains::testkit::{boards, naive_nim_win, naive_value, positions};
    use crate::chains::End;
    use crate::core::Rng;

    #[test]
    fn dots_of_an_empty_board() {
        for (r, c) in [(1, 1), (2, 3), (3, 3), (5, 5), (4, 6)] {
            let b = Board::new(r, c).unwrap();
            assert_eq!(
                control(&b, Position::EMPTY).unwrap().dots as usize,
                (r + 1) * (c + 1)
            );
        }
    }

    /// Dots + double-crosses = turns: random games from random positions end after exactly
    /// the predicted number of turns.
    #[test]
    fn turns_equal_dots_plus_doublecrosses_in_random_games() {
        let mut rng = Rng::new(42);
        for board in boards() {
            for start in positions(&board, 64, 200, 3) {
                let (mut pos, mut turns, mut doublecrosses) = (start, 0, 0);
                while pos != board.all_lines() {
                    let open: Vec<usize> = board.open_lines(pos).lines().collect();
                    let line = open[rng.below(open.len())];
                    let k = board.boxes().completes(pos, line);
                    doublecrosses += usize::from(k == 2);
                    pos = pos.with(line);
                    // A turn ends with a move completing nothing, or with the game.
                    turns += usize::from(k == 0 || pos == board.all_lines());
                }
                assert_eq!(
                    turns_left(&board, start, doublecrosses).unwrap(),
                    turns,
                    "{start:?}"
                );
            }
        }
    }

    /// Where the rule applies (every component a chain on the ground or a loop, at least one
    /// long chain): the player it names takes the last chain is the nimstring winner, and a
    /// position of long chains only is lost by the player to move.
    #[test]
    fn the_rule_names_the_controller_of_simple_endgames() {
        let mut checked = 0;
        for (i, board) in boards().iter().enumerate() {
            let coins = board.boxes();
            let (mut nim, mut memo) = (HashMap::new(), HashMap::new());
            for pos in positions(board, 18, 30000, 40 + i as u64) {
                let parts = decompose(coins, pos);
                let simple = parts.iter().all(|p| {
                    p.kind == Kind::Loop
                        || (p.kind == Kind::Chain && p.ends == [End::Ground, End::Ground])
                });
                let c = control_in(board, pos);
                if !simple || c.long_chains == 0 {
                    continue;
                }
                checked += 1;
                assert_eq!(
                    c.mover_has_parity,
                    Some(naive_nim_win(board, pos, &mut nim)),
                    "{pos:?}"
                );
                if parts.iter().all(|p| p.is_long_chain()) {
                    assert!(naive_value(board, pos, 0, &mut memo) < 0, "{pos:?}");
                }
            }
        }
        assert!(checked > 300, "only {checked} simple endgames");
    }

    #[test]
    fn merging_two_long_chains_changes_the_parity() {
        // 1×7, all horizontal lines but the middle box's: chains of 3 on either side of a
        // junction. With the middle box's top drawn, drawing its bottom joins them into one.
        let b = Board::new(1, 7).unwrap();
        let pos: Position = (0..7)
            .filter(|&c| c != 3)
            .flat_map(|c| [b.h(0, c), b.h(1, c)])
            .collect();
        let pos = pos.with(b.h(0, 3));
        let c = control(&b, pos).unwrap();
        assert_eq!(c.long_chains, 2);
        // 9 open lines, 7 boxes.
        assert_eq!(c.dots, 3);
        assert_eq!(parity_moves(&b, pos).unwrap(), vec![b.h(1, 3)]);
        assert_eq!(
            c.describe(),
            "2 long chains: the long chain rule favours the opponent"
        );
        assert_eq!(control(&b, pos.with(b.h(1, 3))).unwrap().long_chains, 1);
    }
}
