//! Loony moves and the all-but-two reply.
//!
//! A move is *loony* when it lets the opponent choose between keeping and giving up control:
//! it offers a long chain, a loop, or a 2-chain handed out half-heartedly (by its end line).
//! The opponent may then take every offered box and move on, or take all but the last two
//! (all but four in a loop) and decline those with one double-dealing line, leaving them
//! to be taken by a double-cross while the offerer must move again.
//!
//! In strings-and-coins terms (Berlekamp's nimstring) a position is loony when a capturable
//! coin hangs on a coin of degree 2 whose other string, when cut, completes nothing. Every
//! such coin lies in a capturable path of at least 2 boxes with one opened end, or of at
//! least 4 boxes opened at both ends; [`loony_offers`] lists those paths with both replies.

use crate::core::{Board, Position};

use super::components::{decompose, Component, End, Kind};
use super::error::ChainsError;
use super::graph::{Coins, GROUND};

/// A loony offer standing in a position: a capturable path that the player to move may take
/// whole or decline.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Offer {
    /// The offered path ([`Kind::Capturable`], `ends[0]` opened).
    pub path: Component,
    /// The lines that take every box, in order.
    pub take_all: Vec<usize>,
    /// The lines that take all but the last `left` boxes and then decline them with the
    /// double-dealing line (the last one listed, which completes nothing).
    pub decline: Vec<usize>,
    /// Boxes left to the opponent by declining: 2, or 4 when both ends are opened (a loop).
    pub left: usize,
}

/// Whether `pos` holds a loony offer for the player to move (the structural test).
pub fn is_loony_position(coins: &Coins, pos: Position) -> bool {
    (0..coins.len()).any(|a| {
        let sides = coins.open_sides(pos, a);
        if sides.count() != 1 {
            return false;
        }
        let link = sides.lines().next().expect("one side");
        let b = coins.across(link, a);
        if b == GROUND || coins.degree(pos, b) != 2 {
            return false;
        }
        let far = coins.open_sides(pos, b).without(link).lines().next().expect("degree 2");
        let c = coins.across(far, b);
        c == GROUND || coins.degree(pos, c) != 1
    })
}

/// Whether drawing `line` in `pos` is a loony move: it completes no box and leaves the
/// opponent a loony offer.
pub fn is_loony_move(coins: &Coins, pos: Position, line: usize) -> bool {
    !pos.contains(line) && coins.completes(pos, line) == 0 && is_loony_position(coins, pos.with(line))
}

/// The loony moves of `pos`, increasing.
pub fn loony_moves(board: &Board, pos: Position) -> Result<Vec<usize>, ChainsError> {
    let coins = Coins::new(board);
    coins.check(pos)?;
    let open = coins.all_lines().difference(pos);
    Ok(open.lines().filter(|&l| is_loony_move(&coins, pos, l)).collect())
}

/// The lines that take every box of a capturable path, from its opened end.
pub fn take_lines(path: &Component) -> Vec<usize> {
    debug_assert_eq!(path.kind, Kind::Capturable);
    path.lines.clone()
}

/// The loony offers standing in `pos` (empty unless the last move was loony).
pub fn loony_offers(board: &Board, pos: Position) -> Result<Vec<Offer>, ChainsError> {
    let coins = Coins::new(board);
    coins.check(pos)?;
    Ok(offers_in(&coins, pos))
}

/// [`loony_offers`] on a prebuilt graph.
pub fn offers_in(coins: &Coins, pos: Position) -> Vec<Offer> {
    decompose(coins, pos).into_iter().filter_map(offer).collect()
}

/// The offer a component makes, if it is a loony one.
fn offer(path: Component) -> Option<Offer> {
    if path.kind != Kind::Capturable {
        return None;
    }
    let n = path.len();
    let lines = &path.lines;
    let (decline, left) = if path.ends[1] == End::Opened {
        // Inner lines s0..s(n-2): take n-4 boxes, then cut the middle of the last four.
        if n < 4 {
            return None;
        }
        let mut d = lines[..n - 4].to_vec();
        d.push(lines[n - 3]);
        (d, 4)
    } else {
        // Inner lines s0..s(n-2) then the end line: take n-2 boxes, then cut the end line.
        if n < 2 {
            return None;
        }
        let mut d = lines[..n - 2].to_vec();
        d.push(lines[n - 1]);
        (d, 2)
    };
    Some(Offer { take_all: lines.clone(), decline, left, path })
}
