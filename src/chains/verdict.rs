//! Who has control: the one verdict that `dotbox chains`, the page's coach and the course each
//! word in their own voice.
//!
//! The order is the point. First whether control still decides anything: once only short
//! chains are left besides the boxes to take, nobody can be forced to open a long chain or
//! loop. Then the exact answer wherever nimstring reaches, and the long chain rule only where
//! it does not: the rule does not see junctions, and in 47 of 246 random 3×3 positions it
//! favoured a different player than nimstring does (the solver siding with nimstring).

use crate::core::{Board, Boxes, Position};

use super::control::{control_at_stake, control_in};
use super::error::ChainsError;
use super::graph::regions;
use super::nimstring::{Nimber, Nimstring, MAX_NIM_OPEN};

/// Who has control of a position, as exactly as it can be said.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ControlVerdict {
    /// Control decides nothing: only short chains are left besides the boxes to take (an
    /// offer standing is then taken whole: declining it keeps control of nothing).
    NotAtStake,
    /// Exactly, by the nimstring value: [`Nimber::Loony`] when the opponent just made a loony
    /// move (the player to move has control: take the boxes or decline the last of them),
    /// else the player to move can win control exactly when the value is not `*0`.
    Exact(Nimber),
    /// Nimstring was not worked out (a region has more open lines than allowed, or the coach's
    /// work budget ran out): the long chain rule's estimate,
    /// [`Control::mover_has_parity`](super::Control::mover_has_parity) (`None` with no long
    /// chain to fight for yet).
    Rule(Option<bool>),
}

impl ControlVerdict {
    /// The verdict from what it rests on, in the order that makes it right: whether control is
    /// at stake ([`control_at_stake`]), the nimstring value where it was worked out, the long
    /// chain rule's [`Control::mover_has_parity`](super::Control::mover_has_parity). For a
    /// report that has these anyway; [`control_verdict`] works them out.
    pub fn new(at_stake: bool, nimstring: Option<Nimber>, rule: Option<bool>) -> ControlVerdict {
        match (at_stake, nimstring) {
            (false, _) => ControlVerdict::NotAtStake,
            (true, Some(n)) => ControlVerdict::Exact(n),
            (true, None) => ControlVerdict::Rule(rule),
        }
    }

    /// Whether the player to move has or can win control: exact for [`ControlVerdict::Exact`],
    /// the rule's estimate for [`ControlVerdict::Rule`]; `None` where nothing is at stake or
    /// the rule has no long chain to count.
    pub fn mover_wins(&self) -> Option<bool> {
        match self {
            ControlVerdict::NotAtStake => None,
            ControlVerdict::Exact(n) => Some(n.is_win()),
            ControlVerdict::Rule(parity) => *parity,
        }
    }
}

/// Who has control of `pos`, judged by nimstring when every region has at most `max_open`
/// open lines (capped at [`MAX_NIM_OPEN`](super::MAX_NIM_OPEN)), else by the long chain rule.
/// A front end that judges on every move passes a smaller limit than one asked once
/// ([`CONTROL_OPEN`](super::CONTROL_OPEN) against [`MAX_NIM_OPEN`](super::MAX_NIM_OPEN)).
pub fn control_verdict(
    board: &Board,
    pos: Position,
    max_open: usize,
) -> Result<ControlVerdict, ChainsError> {
    board.check(pos)?;
    Ok(verdict_in(board, pos, max_open))
}

/// [`control_verdict`] of a position already checked.
fn verdict_in(board: &Board, pos: Position, max_open: usize) -> ControlVerdict {
    let at_stake = control_at_stake(board.boxes(), pos);
    // Worked out only where it decides the verdict.
    let nimstring = (at_stake && nim_in_reach(board.boxes(), pos, max_open))
        .then(|| Nimstring::new(board).value(pos));
    ControlVerdict::new(at_stake, nimstring, control_in(board, pos).mover_has_parity)
}

/// Positions the coach lets nimstring work out for a position with a region of more than
/// [`CONTROL_OPEN`](super::CONTROL_OPEN) open lines (up to [`MAX_NIM_OPEN`]): at most about
/// 30 ms natively. On positions of 21 to 24 open lines drawn at random (3×3, 3×4, 4×4, 3×5),
/// a region past 20, it answers 22 of 87 (the rest take up to 0.4 s whole; `examples/nim_probe.rs`); a
/// game's later positions, chains settled, take far fewer (the 4×4 one of `coach.test.mjs`:
/// 7 ms whole).
pub const COACH_NIM_POSITIONS: usize = 50_000;

/// The nimstring value of `pos` as a front end that judges control on every move works it
/// out: always where every region has at most [`CONTROL_OPEN`](super::CONTROL_OPEN) open
/// lines, within [`COACH_NIM_POSITIONS`] up to [`MAX_NIM_OPEN`], else `None` (the rule then
/// judges). `pos` as the solvers hand it (checked).
pub fn coach_nim_value(board: &Board, pos: Position) -> Option<Nimber> {
    coach_value(&mut Nimstring::new(board), board.boxes(), pos)
}

/// [`coach_nim_value`] by the evaluator `nim` (of the board whose boxes are `coins`), so that
/// a caller asking of a position and its child shares one memo.
pub(crate) fn coach_value(nim: &mut Nimstring, coins: &Boxes, pos: Position) -> Option<Nimber> {
    if nim_in_reach(coins, pos, super::CONTROL_OPEN) {
        Some(nim.value(pos))
    } else if nim_in_reach(coins, pos, MAX_NIM_OPEN) {
        nim.value_within(pos, COACH_NIM_POSITIONS)
    } else {
        None
    }
}

/// Whether every region of `pos` has at most `max_open` open lines (and at most
/// [`MAX_NIM_OPEN`]): whether a front end with that limit works its nimstring value out. The
/// work grows steeply with a region's open lines; `coins` and `pos` as the solvers hand them.
pub fn nim_in_reach(coins: &Boxes, pos: Position, max_open: usize) -> bool {
    let max = max_open.min(MAX_NIM_OPEN);
    regions(coins, pos)
        .iter()
        .all(|r| r.count() as usize <= max)
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;
    use crate::chains::testkit::{boards, naive_nim_win, positions};
    use crate::chains::{control, nim_value};

    /// On random positions of every test board, with a limit that every region meets, one
    /// that some miss and one that all miss: nothing where only short chains are left,
    /// nimstring's verdict (checked by exhaustive search) where it reaches, the rule's where
    /// it does not.
    #[test]
    fn follows_nimstring_where_it_reaches_and_the_rule_elsewhere() {
        let mut seen = HashMap::new();
        for board in boards() {
            let mut memo = HashMap::new();
            for pos in positions(&board, 18, 30, 11) {
                let at_stake = control_at_stake(board.boxes(), pos);
                let parity = control(&board, pos).unwrap().mover_has_parity;
                for max_open in [0, 8, usize::MAX] {
                    let v = control_verdict(&board, pos, max_open).unwrap();
                    let kind = match v {
                        ControlVerdict::NotAtStake => {
                            assert!(!at_stake, "{pos:?}");
                            assert_eq!(v.mover_wins(), None);
                            "not at stake"
                        }
                        ControlVerdict::Exact(n) => {
                            assert!(at_stake && nim_in_reach(board.boxes(), pos, max_open));
                            assert_eq!(n, nim_value(&board, pos).unwrap());
                            let win = naive_nim_win(&board, pos, &mut memo);
                            assert_eq!(v.mover_wins(), Some(win), "{pos:?}");
                            "exact"
                        }
                        ControlVerdict::Rule(p) => {
                            assert!(at_stake && !nim_in_reach(board.boxes(), pos, max_open));
                            assert_eq!((p, v.mover_wins()), (parity, parity));
                            "rule"
                        }
                    };
                    *seen.entry((kind, max_open)).or_insert(0) += 1;
                }
            }
        }
        // Every verdict met, the middle limit splitting the positions.
        for key in [("exact", 8), ("rule", 8), ("rule", 0), ("not at stake", 0)] {
            assert!(seen.get(&key).is_some_and(|&n| n > 10), "{key:?}: {seen:?}");
        }
        assert_eq!(
            seen.get(&("rule", usize::MAX)),
            None,
            "positions of at most 18 open lines are all in nimstring's reach"
        );
    }

    /// The coach's value is nimstring's wherever it gives one: always up to CONTROL_OPEN
    /// open lines a region, past it where the work is within its budget (the 4x4 position of
    /// coach.test.mjs, one region of 23 open lines), never past MAX_NIM_OPEN.
    #[test]
    fn the_coachs_value_is_exact_where_given_and_given_where_cheap() {
        let b = Board::new(4, 4).unwrap();
        let pos: Position = [
            0, 1, 2, 3, 5, 10, 13, 14, 16, 18, 19, 20, 25, 26, 31, 34, 39,
        ]
        .into_iter()
        .collect();
        assert!(!nim_in_reach(b.boxes(), pos, crate::chains::CONTROL_OPEN));
        assert_eq!(coach_nim_value(&b, pos), Some(nim_value(&b, pos).unwrap()));
        assert_eq!(coach_nim_value(&b, Position::EMPTY), None, "40 open lines");
        let mut given = 0;
        for board in boards() {
            for pos in positions(&board, 24, 20, 3) {
                let within = nim_in_reach(board.boxes(), pos, crate::chains::CONTROL_OPEN);
                match coach_nim_value(&board, pos) {
                    Some(v) => {
                        assert_eq!(v, nim_value(&board, pos).unwrap(), "{pos:?}");
                        given += 1;
                    }
                    None => assert!(!within, "{pos:?}"),
                }
            }
        }
        assert!(given > 100, "{given}");
    }

    #[test]
    fn a_position_not_of_the_board_is_an_error() {
        let board = Board::new(1, 1).unwrap();
        assert!(control_verdict(&board, Position::single(9), 24).is_err());
    }
}
