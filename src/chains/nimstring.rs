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

use crate::core::{Board, Position};

use super::error::ChainsError;
use super::graph::Coins;
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
    coins: Coins,
    memo: HashMap<u64, Nimber>,
}

impl Nimstring {
    /// An evaluator for `board`.
    pub fn new(board: &Board) -> Nimstring {
        Nimstring { coins: Coins::new(board), memo: HashMap::new() }
    }

    /// The strings-and-coins graph evaluated.
    pub fn coins(&self) -> &Coins {
        &self.coins
    }

    /// The value of `pos` as one game (no splitting into regions).
    pub fn whole(&mut self, pos: Position) -> Nimber {
        if let Some(&v) = self.memo.get(&pos.0) {
            return v;
        }
        let capture = self.coins.capturable(pos).next();
        let v = if is_loony_position(&self.coins, pos) {
            Nimber::Loony
        } else if let Some(b) = capture {
            let line = self.coins.open_sides(pos, b).lines().next().expect("degree 1");
            self.whole(pos.with(line))
        } else {
            // No box can be completed: every move passes the turn.
            let mut seen = 0u128;
            for line in self.coins.all_lines().difference(pos).lines() {
                if let Nimber::Value(n) = self.whole(pos.with(line)) {
                    seen |= 1 << n.min(127);
                }
            }
            Nimber::Value((!seen).trailing_zeros())
        };
        self.memo.insert(pos.0, v);
        v
    }

    /// The independent regions of `pos` with their values.
    pub fn regions(&mut self, pos: Position) -> Vec<(Position, Nimber)> {
        let all = self.coins.all_lines();
        let regions = self.coins.regions(pos);
        regions
            .into_iter()
            .map(|lines| (lines, self.whole(all.difference(lines))))
            .collect()
    }

    /// The value of `pos`: the XOR of its regions' values (the sum rule).
    pub fn value(&mut self, pos: Position) -> Nimber {
        self.regions(pos).into_iter().fold(Nimber::Value(0), |acc, (_, v)| acc ^ v)
    }

    /// The moves of `pos` that win nimstring: after a move completing a box the mover moves
    /// again and needs a winning position, after any other move the opponent needs a losing one.
    pub fn winning_moves(&mut self, pos: Position) -> Vec<usize> {
        let open = self.coins.all_lines().difference(pos);
        open.lines()
            .filter(|&line| {
                let child = pos.with(line);
                let keeps_turn = self.coins.completes(pos, line) > 0;
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
    let mut nim = Nimstring::new(board);
    nim.coins.check(pos)?;
    for region in nim.coins.regions(pos) {
        let open = region.count() as usize;
        if open > MAX_NIM_OPEN {
            return Err(ChainsError::TooManyOpenLines { open, max: MAX_NIM_OPEN });
        }
    }
    Ok(nim.value(pos))
}
