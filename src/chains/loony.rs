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

use crate::core::{Board, Boxes, Position};

use super::components::{decompose, Component, End, Kind};
use super::error::ChainsError;

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
pub fn is_loony_position(coins: &Boxes, pos: Position) -> bool {
    (0..coins.len()).any(|a| {
        let sides = coins.open_sides(pos, a);
        if sides.count() != 1 {
            return false;
        }
        let link = sides.lines().next().expect("one side");
        let Some(b) = coins.across(link, a).filter(|&b| coins.degree(pos, b) == 2) else {
            return false;
        };
        let far = coins
            .open_sides(pos, b)
            .without(link)
            .lines()
            .next()
            .expect("degree 2");
        coins
            .across(far, b)
            .is_none_or(|c| coins.degree(pos, c) != 1)
    })
}

/// Whether drawing `line` in `pos` is a loony move: it completes no box and leaves the
/// opponent a loony offer.
pub fn is_loony_move(coins: &Boxes, pos: Position, line: usize) -> bool {
    !pos.contains(line)
        && coins.completes(pos, line) == 0
        && is_loony_position(coins, pos.with(line))
}

/// The loony moves of `pos`, increasing.
pub fn loony_moves(board: &Board, pos: Position) -> Result<Vec<usize>, ChainsError> {
    let coins = board.boxes();
    board.check(pos)?;
    let open = board.all_lines().difference(pos);
    Ok(open
        .lines()
        .filter(|&l| is_loony_move(coins, pos, l))
        .collect())
}

/// The loony offers standing in `pos` (empty unless the last move was loony).
pub fn loony_offers(board: &Board, pos: Position) -> Result<Vec<Offer>, ChainsError> {
    let coins = board.boxes();
    board.check(pos)?;
    Ok(offers_in(coins, pos))
}

/// [`loony_offers`] of a position already checked, read off the box graph alone.
pub fn offers_in(coins: &Boxes, pos: Position) -> Vec<Offer> {
    decompose(coins, pos)
        .into_iter()
        .filter_map(offer)
        .collect()
}

/// The lines that take the boxes of `pos` that can be taken for free: capturable paths that
/// no loony offer holds and whose lines touch no box outside them (a single box hanging on the
/// border, a short path opened at both ends), in order. Taking such boxes changes nothing else
/// on the board and keeps the turn, so either reply to an offer takes them as well; leaving
/// them only hands them to the opponent. A loony move that splits a chain on the border leaves
/// such a box beside its offer. A box hanging on a junction is left out: its capture changes
/// the junction, and can cost more than the box.
pub fn other_captures(board: &Board, pos: Position) -> Result<Vec<usize>, ChainsError> {
    board.check(pos)?;
    Ok(decompose(board.boxes(), pos)
        .into_iter()
        .filter(|c| c.kind == Kind::Capturable && !matches!(c.ends[1], End::Junction(..)))
        .filter(|c| offer(c.clone()).is_none())
        .flat_map(|c| c.lines)
        .collect())
}

/// The two replies to an offer, as the lines the player to move draws: take everything, or
/// all but two (four in a loop) and the double-dealing line (the last listed). Each first
/// takes the boxes free to take ([`other_captures`]: a box a loony move split off a chain on
/// the border), which the offer's own lines leave out: declining without them leaves more
/// than the two (or four) boxes the reply is for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replies {
    /// Take every box.
    pub take_all: Vec<usize>,
    /// Take all but [`Offer::left`] boxes, then decline them.
    pub decline: Vec<usize>,
}

/// The loony offers standing in `pos`, each with its [`Replies`]: what a player is told to
/// draw, on the command line and in the page alike.
pub fn offers_with_replies(
    board: &Board,
    pos: Position,
) -> Result<Vec<(Offer, Replies)>, ChainsError> {
    let besides = other_captures(board, pos)?;
    let first = |lines: &[usize]| [&besides[..], lines].concat();
    Ok(loony_offers(board, pos)?
        .into_iter()
        .map(|offer| {
            let replies = Replies {
                take_all: first(&offer.take_all),
                decline: first(&offer.decline),
            };
            (offer, replies)
        })
        .collect())
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
    Some(Offer {
        take_all: lines.clone(),
        decline,
        left,
        path,
    })
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;
    use crate::chains::capturable;
    use crate::chains::testkit::{boards, naive_nim_win, naive_value, positions, row};

    #[test]
    fn two_chain_handouts_half_hearted_is_loony_hard_hearted_is_not() {
        let (b, p) = row(2);
        assert_eq!(loony_moves(&b, p).unwrap(), vec![b.v(0, 0), b.v(0, 2)]);
        let (b3, p3) = row(3);
        assert_eq!(
            loony_moves(&b3, p3).unwrap().len(),
            4,
            "every move opens a long chain"
        );
    }

    #[test]
    fn offers_list_both_replies() {
        let (b, p) = row(3);
        let offers = loony_offers(&b, p.with(b.v(0, 0))).unwrap();
        assert_eq!(offers.len(), 1);
        let o = &offers[0];
        assert_eq!(o.take_all, vec![b.v(0, 1), b.v(0, 2), b.v(0, 3)]);
        assert_eq!(o.decline, vec![b.v(0, 1), b.v(0, 3)]);
        assert_eq!(o.left, 2);
        // An opened loop of four: decline with its middle line, leaving two pairs.
        let sq = Board::new(2, 2).unwrap();
        let border = sq.boxes().border_lines();
        let offers = loony_offers(&sq, border.with(sq.v(0, 1))).unwrap();
        assert_eq!(offers.len(), 1);
        assert_eq!(offers[0].left, 4);
        assert_eq!(offers[0].decline.len(), 1);
        assert_eq!(offers[0].take_all.len(), 3);
        // A capturable single box is no offer.
        assert!(
            loony_offers(&b, p.with(b.v(0, 0)).with(b.v(0, 1)).with(b.v(0, 3)))
                .unwrap()
                .is_empty()
        );
    }

    /// Plays `lines` from `pos` and returns the mover's net boxes, finishing with the exact
    /// value of the position reached.
    fn play(board: &Board, pos: Position, lines: &[usize], memo: &mut HashMap<u64, i32>) -> i32 {
        let mut p = pos;
        let mut gained = 0;
        for &l in lines {
            gained += board.boxes().completes(p, l) as i32;
            p = p.with(l);
        }
        let last = *lines.last().unwrap();
        let kept_turn = board.boxes().completes(p.without(last), last) > 0;
        let rest = naive_value(board, p, 0, memo);
        gained + if kept_turn { rest } else { -rest }
    }

    #[test]
    fn a_loony_move_splitting_a_chain_leaves_its_other_box_to_take() {
        // A chain of 3 boxes: its second line leaves a box to take beside a 2-chain offered
        // whole; its end line offers all 3 with nothing beside.
        let (b, p) = row(3);
        let split = p.with(b.v(0, 1));
        let offers = loony_offers(&b, split).unwrap();
        assert_eq!(offers.len(), 1);
        assert_eq!(offers[0].take_all, vec![b.v(0, 2), b.v(0, 3)]);
        assert_eq!(other_captures(&b, split).unwrap(), vec![b.v(0, 0)]);
        assert!(other_captures(&b, p.with(b.v(0, 0))).unwrap().is_empty());
    }

    /// Taking the free boxes ([`other_captures`]) never costs the mover: the value of a
    /// position is what they give plus the value after them, on random positions of every test
    /// board. (Not so for a box hanging on a junction: taking every capturable box of 3x4
    /// `{0,1,3,10,11,12,14,15,16,17,20,22,23,26,27,29}`, two of them on one junction, costs 2.)
    #[test]
    fn taking_the_free_boxes_costs_nothing() {
        let mut seen = 0;
        for (i, board) in boards().iter().enumerate() {
            let mut memo = HashMap::new();
            for pos in positions(board, 16, 1500, 900 + i as u64) {
                let lines = other_captures(board, pos).unwrap();
                if lines.is_empty() {
                    continue;
                }
                seen += 1;
                let value = naive_value(board, pos, 0, &mut memo);
                let name = board.name();
                assert_eq!(play(board, pos, &lines, &mut memo), value, "{name} {pos:?}");
            }
        }
        assert!(seen > 50, "only {seen} positions with free boxes");
    }

    /// Loony detection against its definition, on random positions: after a loony move the
    /// opponent can both keep control (decline) and give it up (take all), so
    /// (1) the position is a nimstring win for them whatever else is on the board;
    /// (2) with one offer standing, its exact value is the better of taking all and declining;
    /// (3) a capturable box that is no loony offer is always worth taking in nimstring.
    #[test]
    fn loony_positions_match_the_definition() {
        let (mut loony_seen, mut single_offer) = (0, 0);
        for (i, board) in boards().iter().enumerate() {
            let coins = board.boxes();
            let mut nim_memo = HashMap::new();
            let mut memo = HashMap::new();
            for pos in positions(board, 16, 1500, 300 + i as u64) {
                let offers = offers_in(coins, pos);
                assert_eq!(is_loony_position(coins, pos), !offers.is_empty(), "{pos:?}");
                if offers.is_empty() {
                    if let Some(b) = capturable(coins, pos).next() {
                        let line = coins.open_sides(pos, b).lines().next().unwrap();
                        assert_eq!(
                            naive_nim_win(board, pos, &mut nim_memo),
                            naive_nim_win(board, pos.with(line), &mut nim_memo),
                            "{} {pos:?}",
                            board.name()
                        );
                    }
                    continue;
                }
                loony_seen += 1;
                assert!(
                    naive_nim_win(board, pos, &mut nim_memo),
                    "{} {pos:?}",
                    board.name()
                );
                let others = decompose(coins, pos)
                    .iter()
                    .filter(|c| c.kind == Kind::Capturable)
                    .count();
                if others == 1 {
                    single_offer += 1;
                    let o = &offers[0];
                    let all = play(board, pos, &o.take_all, &mut memo);
                    let decline = play(board, pos, &o.decline, &mut memo);
                    let value = naive_value(board, pos, 0, &mut memo);
                    assert_eq!(value, all.max(decline), "{} {pos:?}", board.name());
                }
            }
        }
        assert!(
            loony_seen > 300 && single_offer > 200,
            "{loony_seen} {single_offer}"
        );
    }
}
