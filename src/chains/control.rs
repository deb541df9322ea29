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

use crate::core::{Board, Position};

use super::components::{decompose, End, Kind};
use super::error::ChainsError;
use super::graph::Coins;

/// The long chain count of a position and who it favours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Control {
    /// `O - B + 1`: open lines minus boxes left plus one, the "dots" of the rule (the
    /// number of dots on an empty board without pre-drawn lines).
    pub dots: usize,
    /// Long chains: chains of 3 boxes or more, counting an offered chain as long while it
    /// can still be declined (2 boxes or more behind one opened end).
    pub long_chains: usize,
    /// Loops (they do not change the parity).
    pub loops: usize,
    /// Whether the player to move takes the last chain if every long chain but the last is
    /// declined: `dots + long_chains` even; `None` when there is no long chain to fight for.
    pub mover_has_parity: Option<bool>,
}

/// The long chain count of `pos` and who it favours.
pub fn control(board: &Board, pos: Position) -> Result<Control, ChainsError> {
    let coins = Coins::new(board);
    coins.check(pos)?;
    Ok(control_in(&coins, pos))
}

/// [`control`] on a prebuilt graph.
pub fn control_in(coins: &Coins, pos: Position) -> Control {
    let parts = decompose(coins, pos);
    let long_chains = parts
        .iter()
        .filter(|p| {
            p.is_long_chain()
                || (p.kind == Kind::Capturable && p.len() >= 2 && p.ends[1] != End::Opened)
        })
        .count();
    let loops = parts.iter().filter(|p| p.kind == Kind::Loop).count();
    let dots = base_turns(coins, pos);
    Control { dots, long_chains, loops, mover_has_parity: (long_chains > 0).then_some((dots + long_chains) % 2 == 0) }
}

/// `O - B + 1`: the turns left if no double-cross is made (0 on a full board).
fn base_turns(coins: &Coins, pos: Position) -> usize {
    let open = coins.all_lines().difference(pos).count() as usize;
    let boxes = (0..coins.len()).filter(|&b| coins.degree(pos, b) > 0).count();
    if open == 0 {
        0
    } else {
        open + 1 - boxes
    }
}

/// The turns left in `pos` when `doublecrosses` double-crosses are still to come (the full
/// rule's count; the player to move plays the first of them).
pub fn turns_left(board: &Board, pos: Position, doublecrosses: usize) -> Result<usize, ChainsError> {
    let coins = Coins::new(board);
    coins.check(pos)?;
    let base = base_turns(&coins, pos);
    Ok(if base == 0 { 0 } else { base + doublecrosses })
}

/// The open lines after which the player to move no longer has (or now has) the parity of
/// the simplified rule: the moves that change the long chain count's verdict for them.
pub fn parity_moves(board: &Board, pos: Position) -> Result<Vec<usize>, ChainsError> {
    let coins = Coins::new(board);
    coins.check(pos)?;
    let now = control_in(&coins, pos).mover_has_parity;
    let open = coins.all_lines().difference(pos);
    Ok(open
        .lines()
        .filter(|&line| {
            let after = control_in(&coins, pos.with(line)).mover_has_parity;
            // After a move completing no box the opponent is to move.
            let mine = if coins.completes(pos, line) > 0 { after } else { after.map(|a| !a) };
            mine != now
        })
        .collect())
}
