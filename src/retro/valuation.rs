//! [`Valuation`]: what a tile's byte holds — the score alone, or, for the loony analysis,
//! the score together with who must make the next loony move.
//!
//! **Loony keys.** The loony analysis stores, per position, a score in the method's 6-bit
//! range (-32..=31) and a [`NextLoony`] flag. Perfect play maximises the score first and
//! then the flag's [`NextLoony::preference`], so the byte is the *key*
//! `4 * score + preference`: comparing keys as signed bytes compares (score, flag) pairs,
//! and the kernel keeps its one `max` per move. The move rules become byte arithmetic too:
//! - a move completing `k` boxes keeps the turn and the flag: `key + 4k`;
//! - a move completing none passes the turn: the score is negated and the flag seen from the
//!   other side (preference `2 - p`), i.e. `2 - key` — unless the position it leads to holds
//!   a loony offer, when the mover has just made a loony move: `-(key & !3)` (preference 0).
//!
//! Which of the last two applies depends on the child position, so a loony tile carries a
//! second plane, its **pass plane**: for every position, the key a parent sees for a move
//! into it that completes no box ([`loony_pass`]).

use crate::core::{NextLoony, Rules};

/// The largest score the loony encoding holds (the method's 6-bit scores; -32 is not needed
/// since every range is symmetric).
pub const LOONY_SCORE_MAX: i32 = 31;

/// What a solve stores per position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Valuation {
    /// The value: net boxes for the player to move (one signed byte).
    #[default]
    Score,
    /// The value and who must make the next loony move, as a loony key, plus a pass plane.
    Loony,
}

impl Valuation {
    /// Planes of bytes per tile: the values, then (loony) the pass plane.
    pub const fn planes(self) -> usize {
        match self {
            Valuation::Score => 1,
            Valuation::Loony => 2,
        }
    }

    /// The largest score a stored byte can hold.
    pub const fn score_max(self) -> i32 {
        match self {
            Valuation::Score => i8::MAX as i32,
            Valuation::Loony => LOONY_SCORE_MAX,
        }
    }

    /// The stored byte of the full board under `rules` (nobody makes a loony move there).
    pub const fn terminal(self, rules: Rules) -> i8 {
        let score = rules.terminal_value();
        match self {
            Valuation::Score => score as i8,
            Valuation::Loony => loony_key(score, NextLoony::Nobody),
        }
    }

    /// The score and flag of a stored byte (`Nobody` for plain scores, which carry none).
    pub const fn read(self, byte: i8) -> (i32, NextLoony) {
        match self {
            Valuation::Score => (byte as i32, NextLoony::Nobody),
            Valuation::Loony => loony_unkey(byte),
        }
    }

    /// The fingerprint's word for this valuation (empty for plain scores, so stores written
    /// before loony solves existed keep their names).
    pub const fn tag(self) -> &'static str {
        match self {
            Valuation::Score => "",
            Valuation::Loony => " loony",
        }
    }
}

/// The loony key of a score (within ±[`LOONY_SCORE_MAX`]) and a flag.
pub const fn loony_key(score: i32, flag: NextLoony) -> i8 {
    (score * 4 + flag.preference() as i32) as i8
}

/// The score and flag of a loony key.
pub const fn loony_unkey(key: i8) -> (i32, NextLoony) {
    (
        (key >> 2) as i32,
        NextLoony::from_preference((key & 3) as u8),
    )
}

/// The key a parent sees for a move that completes no box into a position of key `key`,
/// which holds a loony offer when `loony` (see the module docs).
#[inline]
pub const fn loony_pass(key: i8, loony: bool) -> i8 {
    if loony {
        (key & !3).wrapping_neg()
    } else {
        2i8.wrapping_sub(key)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::move_score;

    #[test]
    fn keys_round_trip_and_order_like_score_then_preference() {
        let mut pairs = Vec::new();
        for score in -LOONY_SCORE_MAX..=LOONY_SCORE_MAX {
            for flag in NextLoony::ALL {
                assert_eq!(loony_unkey(loony_key(score, flag)), (score, flag));
                pairs.push((score, flag.preference(), loony_key(score, flag)));
            }
        }
        let mut by_key = pairs.clone();
        by_key.sort_by_key(|p| p.2);
        assert_eq!(by_key, pairs, "keys sort like (score, preference)");
    }

    #[test]
    fn move_arithmetic_matches_the_rules_on_scores_and_flags() {
        for score in -LOONY_SCORE_MAX + 2..=LOONY_SCORE_MAX - 2 {
            for flag in NextLoony::ALL {
                let key = loony_key(score, flag);
                for loony in [false, true] {
                    let expected = (
                        move_score(0, score),
                        NextLoony::after_move(flag, false, loony),
                    );
                    assert_eq!(loony_unkey(loony_pass(key, loony)), expected);
                }
                for boxes in 1..=2 {
                    let expected = (move_score(boxes, score), flag);
                    assert_eq!(loony_unkey(key + 4 * boxes as i8), expected);
                }
            }
        }
    }
}
