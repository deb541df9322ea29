//! Random endgame positions of the kind chain theory studies: lines drawn at random, each
//! chosen among those that leave no box capturable while there are such lines, so the
//! position is settled into chains, loops and junctions rather than strewn with boxes to
//! take. The pseudo-line comparison and the 5×5 problem set draw their positions here.

use crate::core::{Board, Position, Rng};

use super::components::components;

/// A random position of `board` with `open` open lines, drawn by safe moves (completing no
/// box and leaving no box with one open side) as long as there are any, then at random.
pub fn settled(board: &Board, open: usize, rng: &mut Rng) -> Position {
    let mut pos = board.start();
    while (board.open_lines(pos).count() as usize) > open {
        let free: Vec<usize> = board.open_lines(pos).lines().collect();
        let safe: Vec<usize> = safe_lines(board, pos).lines().collect();
        let pool = if safe.is_empty() { &free } else { &safe };
        pos = pos.with(pool[rng.below(pool.len())]);
    }
    pos
}

/// The safe lines of `pos`: the open lines that complete no box and give none its third side.
pub fn safe_lines(board: &Board, pos: Position) -> Position {
    board
        .open_lines(pos)
        .lines()
        .filter(|&line| is_safe(board, pos, line))
        .fold(Position::EMPTY, Position::with)
}

/// Whether drawing `line` in `pos` completes no box and leaves none with one open side.
///
/// # Panics
/// If `line` is not one of the board's lines.
pub fn is_safe(board: &Board, pos: Position, line: usize) -> bool {
    let (boxes, after) = (board.boxes(), pos.with(line));
    boxes.boxes_of(line).all(|b| boxes.degree(after, b) >= 2)
}

/// Number of chains of at least `min` boxes and loops in `pos`.
pub fn long_chains(board: &Board, pos: Position, min: usize) -> usize {
    use super::components::Kind;
    components(board, pos)
        .iter()
        .filter(|c| (c.kind == Kind::Chain && c.len() >= min) || c.kind == Kind::Loop)
        .count()
}
