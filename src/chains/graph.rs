//! The board's box graph ([`Boxes`]) read as strings and coins.
//!
//! Every box is a coin, every line a string joining the (one or two) boxes it borders; a
//! border line's missing second box is the ground ([`Boxes::across`] answers `None`). Drawing
//! a line cuts its string, and a coin whose strings are all cut is taken. A coin's *degree* is
//! its number of uncut strings ([`Boxes::degree`]): 1 means it can be taken now, 2 means it
//! lies inside a chain or a loop, 3 or 4 that it is a junction of the still unsettled region.
//! The graph itself lives in the core; this module adds what only chain theory asks of it.

use crate::core::{Boxes, Position};

/// Coins of degree 1: each can be taken by drawing its last side.
pub fn capturable(coins: &Boxes, pos: Position) -> impl Iterator<Item = usize> + '_ {
    (0..coins.len()).filter(move |&b| coins.degree(pos, b) == 1)
}

/// The independent regions of `pos`: the open lines of each connected set of untaken
/// coins (the ground does not connect), in order of their lowest box.
///
/// Nimstring values add (by XOR) over these regions.
pub fn regions(coins: &Boxes, pos: Position) -> Vec<Position> {
    let mut seen = vec![false; coins.len()];
    let mut out = Vec::new();
    for start in 0..coins.len() {
        if seen[start] || coins.degree(pos, start) == 0 {
            continue;
        }
        seen[start] = true;
        let mut stack = vec![start];
        let mut lines = Position::EMPTY;
        while let Some(b) = stack.pop() {
            for line in coins.open_sides(pos, b).lines() {
                lines = lines.with(line);
                if let Some(next) = coins.across(line, b) {
                    if !seen[next] {
                        seen[next] = true;
                        stack.push(next);
                    }
                }
            }
        }
        out.push(lines);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Board;

    #[test]
    fn regions_split_where_no_string_joins_them() {
        let board = Board::new(1, 3).unwrap();
        let coins = board.boxes();
        assert_eq!(regions(coins, Position::EMPTY).len(), 1);
        // Cutting both inner verticals leaves three regions meeting only at the ground.
        let pos = Position::EMPTY.with(board.v(0, 1)).with(board.v(0, 2));
        let regions = regions(coins, pos);
        assert_eq!(regions.len(), 3);
        let union = regions.iter().fold(Position::EMPTY, |a, &r| a.union(r));
        assert_eq!(union, board.open_lines(pos));
    }
}
