//! Nimstring: Dots-and-Boxes where whoever takes the last box loses, valued by Sprague-Grundy
//! theory with Berlekamp's loony value.
//!
//! A player who completes a box must move again, so the player forced to take the last box
//! has no move left and loses. Values are nimbers `*n`, or [`Nimber::Loony`] for a position
//! holding a loony offer: whatever is added to it, the player to move wins. Values of
//! independent regions (coins linked only through the ground) add by XOR, loony absorbing.
//!
//! The evaluation is Berlekamp's canonical one: a loony position is loony; otherwise a
//! capturable box is taken (taking it never hurts when it is not part of a loony offer, and
//! the taker moves again, so the value is that of the position after); otherwise the value is
//! the mex of the values of the moves, loony moves left out (they lose).

use std::collections::HashMap;
use std::ops::BitXor;

use crate::core::symmetry::Equivalence;
use crate::core::{Board, Position};

use super::error::ChainsError;
use super::graph::{capturable, regions};
use super::loony::is_loony_position;

/// Most open lines [`nim_value`] evaluates (per independent region).
pub const MAX_NIM_OPEN: usize = 24;

/// A nimstring value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Nimber {
    /// The nimber `*n`: 0 is a loss for the player to move.
    Value(u32),
    /// A position holding a loony offer: a win for the player to move whatever is added.
    Loony,
}

impl Nimber {
    /// Whether the player to move wins nimstring here (they are "in control").
    pub fn is_win(self) -> bool {
        self != Nimber::Value(0)
    }
}

impl BitXor for Nimber {
    type Output = Nimber;

    /// The value of a sum of independent positions.
    fn bitxor(self, other: Nimber) -> Nimber {
        match (self, other) {
            (Nimber::Value(a), Nimber::Value(b)) => Nimber::Value(a ^ b),
            _ => Nimber::Loony,
        }
    }
}

impl std::fmt::Display for Nimber {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Nimber::Value(n) => write!(f, "*{n}"),
            Nimber::Loony => write!(f, "loony"),
        }
    }
}

/// A memoised nimstring evaluator for one board.
#[derive(Clone, Debug)]
pub struct Nimstring {
    board: Board,
    /// Positions equal up to the board's symmetries and its interchangeable corner lines
    /// have one value, so they share one memo entry (`dotbox chains 3x3`: 6.0 s of CPU and
    /// 412 MiB before, 0.23 s and 16 MiB).
    equivalence: Equivalence,
    memo: HashMap<u64, Nimber>,
    /// The memo's size at which [`Nimstring::value_within`] gives up (`None`: no limit).
    limit: Option<usize>,
    /// Whether the limit was met: every value worked out since is unsure and is not memoised
    /// (those memoised before are exact).
    exhausted: bool,
}

impl Nimstring {
    /// An evaluator for `board`.
    pub fn new(board: &Board) -> Nimstring {
        Nimstring {
            board: board.clone(),
            equivalence: Equivalence::new(board, board.start()),
            memo: HashMap::new(),
            limit: None,
            exhausted: false,
        }
    }

    /// The value of `pos` ([`Nimstring::value`]) if working it out needs at most
    /// `positions` more positions evaluated, else `None`: a front end that judges control
    /// on every move gets the exact answer wherever it is cheap, whatever the regions' size
    /// (a region of 21 to 24 open lines takes from under 10 ms to 0.4 s). What was worked
    /// out stays memoised for the next call.
    pub fn value_within(&mut self, pos: Position, positions: usize) -> Option<Nimber> {
        self.limit = Some(self.memo.len().saturating_add(positions));
        let value = self.value(pos);
        let exhausted = std::mem::take(&mut self.exhausted);
        self.limit = None;
        (!exhausted).then_some(value)
    }

    /// The value of `pos` as one game (no splitting into regions).
    pub fn whole(&mut self, pos: Position) -> Nimber {
        let key = self.equivalence.canonical(pos).0;
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        // Past the limit of `value_within`: any value, which it discards.
        if self.exhausted || self.limit.is_some_and(|limit| self.memo.len() >= limit) {
            self.exhausted = true;
            return Nimber::Value(0);
        }
        let coins = self.board.boxes();
        let capture = capturable(coins, pos).next();
        let v = if is_loony_position(coins, pos) {
            Nimber::Loony
        } else if let Some(b) = capture {
            let line = coins.open_sides(pos, b).lines().next().expect("degree 1");
            self.whole(pos.with(line))
        } else {
            // No box can be completed: every move passes the turn.
            let mut seen = 0u128;
            for line in self.board.all_lines().difference(pos).lines() {
                if let Nimber::Value(n) = self.whole(pos.with(line)) {
                    seen |= 1 << n.min(127);
                }
            }
            Nimber::Value((!seen).trailing_zeros())
        };
        if !self.exhausted {
            self.memo.insert(key, v);
        }
        v
    }

    /// The independent regions of `pos` with their values.
    pub fn regions(&mut self, pos: Position) -> Vec<(Position, Nimber)> {
        let all = self.board.all_lines();
        let regions = regions(self.board.boxes(), pos);
        regions
            .into_iter()
            .map(|lines| (lines, self.whole(all.difference(lines))))
            .collect()
    }

    /// The value of `pos`: the XOR of its regions' values (the sum rule).
    pub fn value(&mut self, pos: Position) -> Nimber {
        self.regions(pos)
            .into_iter()
            .fold(Nimber::Value(0), |acc, (_, v)| acc ^ v)
    }

    /// The moves of `pos` that win nimstring: after a move completing a box the mover moves
    /// again and needs a winning position, after any other move the opponent needs a losing one.
    pub fn winning_moves(&mut self, pos: Position) -> Vec<usize> {
        let open = self.board.all_lines().difference(pos);
        open.lines()
            .filter(|&line| {
                let child = pos.with(line);
                let keeps_turn = self.board.boxes().completes(pos, line) > 0;
                let v = self.value(child);
                if keeps_turn {
                    v.is_win()
                } else {
                    !v.is_win()
                }
            })
            .collect()
    }
}

/// The nimstring value of `pos` on `board`, by regions.
pub fn nim_value(board: &Board, pos: Position) -> Result<Nimber, ChainsError> {
    board.check(pos)?;
    let mut nim = Nimstring::new(board);
    for region in regions(board.boxes(), pos) {
        let open = region.count() as usize;
        if open > MAX_NIM_OPEN {
            return Err(ChainsError::RegionTooLarge {
                open,
                max: MAX_NIM_OPEN,
            });
        }
    }
    Ok(nim.value(pos))
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;
    use crate::chains::testkit::{boards, naive_nim_win, positions, row};
    use crate::core::PositionError;

    #[test]
    fn short_chains_are_star_one_and_long_chains_zero() {
        for n in 1..=7 {
            let (b, p) = row(n);
            let expected = if n <= 2 {
                Nimber::Value(1)
            } else {
                Nimber::Value(0)
            };
            assert_eq!(nim_value(&b, p).unwrap(), expected, "chain of {n}");
        }
    }

    #[test]
    fn loops_are_zero() {
        // The 2×2 ring, and the 2×3 ring of six (border plus the middle horizontal line).
        let b = Board::new(2, 2).unwrap();
        let ring4 = b.boxes().border_lines();
        assert_eq!(nim_value(&b, ring4).unwrap(), Nimber::Value(0));
        let b = Board::new(2, 3).unwrap();
        let ring6 = b.boxes().border_lines().with(b.h(1, 1));
        assert_eq!(nim_value(&b, ring6).unwrap(), Nimber::Value(0));
        // A lone box: with two sides open it is a 1-chain (*1), with three every move leaves
        // a 1-chain (mex{1} = 0), with four every move leaves three sides (mex{0} = *1).
        let one = Board::new(1, 1).unwrap();
        let (top, bottom) = (one.h(0, 0), one.h(1, 0));
        assert_eq!(
            nim_value(&one, Position::EMPTY.with(top).with(bottom)).unwrap(),
            Nimber::Value(1)
        );
        assert_eq!(
            nim_value(&one, Position::single(top)).unwrap(),
            Nimber::Value(0)
        );
        assert_eq!(nim_value(&one, Position::EMPTY).unwrap(), Nimber::Value(1));
    }

    #[test]
    fn an_opened_chain_is_loony() {
        let (b, p) = row(3);
        assert_eq!(nim_value(&b, p.with(b.v(0, 0))).unwrap(), Nimber::Loony);
        assert_eq!(Nimber::Loony ^ Nimber::Value(3), Nimber::Loony);
        assert_eq!(Nimber::Value(5) ^ Nimber::Value(3), Nimber::Value(6));
    }

    /// The sum rule on random positions: the XOR of the regions' values is the value of the
    /// whole position, and both agree with an exhaustive nimstring search on who wins.
    #[test]
    fn sum_rule_and_outcome_on_random_positions() {
        let mut split_positions = 0;
        for (i, board) in boards().iter().enumerate() {
            let mut nim = Nimstring::new(board);
            let mut memo = HashMap::new();
            for pos in positions(board, 16, 400, 100 + i as u64) {
                let regions = nim.regions(pos);
                split_positions += usize::from(regions.len() > 1);
                let sum = regions.iter().fold(Nimber::Value(0), |a, &(_, v)| a ^ v);
                let whole = nim.whole(pos);
                assert_eq!(sum, whole, "{} {pos:?}", board.name());
                assert_eq!(
                    whole.is_win(),
                    naive_nim_win(board, pos, &mut memo),
                    "{} {pos:?}",
                    board.name()
                );
            }
        }
        assert!(
            split_positions > 500,
            "only {split_positions} positions had several regions"
        );
    }

    /// Within a budget the value is the whole evaluation's or none; a budget run out leaves
    /// nothing wrong memoised: one evaluator, budgets of every size in turn, then no limit,
    /// agrees with a fresh one on every position.
    #[test]
    fn a_value_within_a_budget_is_exact_or_none() {
        let (mut given, mut refused) = (0, 0);
        for (i, board) in boards().iter().enumerate() {
            let mut budgeted = Nimstring::new(board);
            for (k, pos) in positions(board, 20, 60, 7 + i as u64)
                .into_iter()
                .enumerate()
            {
                let exact = Nimstring::new(board).value(pos);
                match budgeted.value_within(pos, [1, 10, 100, 1000][k % 4]) {
                    Some(v) => {
                        assert_eq!(v, exact, "{} {pos:?}", board.name());
                        given += 1;
                    }
                    None => refused += 1,
                }
                assert_eq!(budgeted.value(pos), exact, "{} {pos:?}", board.name());
            }
        }
        assert!(
            given > 50 && refused > 50,
            "{given} given, {refused} refused"
        );
    }

    /// Winning moves agree with the exhaustive search.
    #[test]
    fn winning_moves_match_exhaustive_search() {
        let board = Board::new(2, 3).unwrap();
        let mut nim = Nimstring::new(&board);
        let mut memo = HashMap::new();
        for pos in positions(&board, 14, 200, 7) {
            let expected: Vec<usize> = board
                .open_lines(pos)
                .lines()
                .filter(|&l| {
                    let w = naive_nim_win(&board, pos.with(l), &mut memo);
                    if board.boxes().completes(pos, l) > 0 {
                        w
                    } else {
                        !w
                    }
                })
                .collect();
            assert_eq!(nim.winning_moves(pos), expected, "{pos:?}");
        }
    }

    #[test]
    fn bad_lines_are_named() {
        let b = Board::new(1, 1).unwrap();
        let off = PositionError::LineOffBoard { line: 9, lines: 4 };
        let err = nim_value(&b, Position::single(9)).unwrap_err();
        assert_eq!(err, ChainsError::Position(off));
        let cause = std::error::Error::source(&err).expect("the position error is the cause");
        assert_eq!(cause.downcast_ref::<PositionError>(), Some(&off));
        // A position lacking a pre-drawn line is not one of the board's.
        let ice = Board::icelandic();
        let missing = ice.predrawn().lines().next().unwrap();
        assert_eq!(
            nim_value(&ice, Position::EMPTY),
            Err(ChainsError::Position(PositionError::MissingPredrawn {
                line: missing
            }))
        );
    }
}
