//! Test helpers: naive solvers written independently of the module (plain recursion over the
//! raw line mask with a hash map, the core's box test), random positions and test boards.

use std::collections::HashMap;

use crate::core::{Analysis, Board, MoveScore, Position, Rng};

/// Boards the tests sweep: small ones whole, larger ones with lines pre-drawn at random.
/// A 1×n row of boxes with every horizontal line drawn: one chain of n boxes whose two
/// ends are on the ground.
pub fn row(n: usize) -> (Board, Position) {
    let b = Board::new(1, n).unwrap();
    let p = (0..n).flat_map(|c| [b.h(0, c), b.h(1, c)]).collect();
    (b, p)
}

pub fn boards() -> Vec<Board> {
    [
        "1x1",
        "1x2",
        "1x3",
        "1x4",
        "2x2",
        "2x3",
        "1x6",
        "3x3",
        "2x4",
        "3x4",
        "icelandic",
    ]
    .iter()
    .map(|b| Board::parse(b).unwrap())
    .collect()
}

/// Random positions of `board` with at most `max_open` open lines (and at least one).
pub fn positions(board: &Board, max_open: usize, count: usize, seed: u64) -> Vec<Position> {
    let mut rng = Rng::new(seed);
    let free = board.open_lines(board.start()).count() as usize;
    (0..count)
        .map(|_| {
            let open = 1 + rng.below(free.min(max_open));
            rng.position(board, open)
        })
        .collect()
}

/// `count` random positions of each named board (pre-drawn lines kept), with any number of
/// open lines from one to all.
pub fn sample(names: &[&str], count: usize, seed: u64) -> Vec<(Board, Position)> {
    names
        .iter()
        .enumerate()
        .flat_map(|(i, name)| {
            let board = Board::parse(name).unwrap();
            let open = board.open_lines(board.start()).count() as usize;
            positions(&board, open, count, seed.wrapping_add(i as u64))
                .into_iter()
                .map(move |p| (board.clone(), p))
        })
        .collect()
}

/// Net boxes for the player to move, the last mover losing `penalty`: plain minimax.
pub fn naive_value(
    board: &Board,
    pos: Position,
    penalty: i32,
    memo: &mut HashMap<u64, i32>,
) -> i32 {
    if let Some(&v) = memo.get(&pos.0) {
        return v;
    }
    let open = board.open_lines(pos);
    let v = if open.is_empty() {
        -penalty
    } else {
        open.lines()
            .map(|l| {
                let k = board.boxes().completes(pos, l) as i32;
                let child = naive_value(board, pos.with(l), penalty, memo);
                if k > 0 {
                    k + child
                } else {
                    -child
                }
            })
            .max()
            .unwrap()
    };
    memo.insert(pos.0, v);
    v
}

/// The score of every open line under [`naive_value`].
pub fn naive_scores(
    board: &Board,
    pos: Position,
    penalty: i32,
    memo: &mut HashMap<u64, i32>,
) -> Vec<(usize, i32)> {
    board
        .open_lines(pos)
        .lines()
        .map(|l| {
            let k = board.boxes().completes(pos, l) as i32;
            let child = naive_value(board, pos.with(l), penalty, memo);
            (l, if k > 0 { k + child } else { -child })
        })
        .collect()
}

/// The analysis of `pos` (no penalty) by [`naive_scores`], as the exact solver gives it.
pub fn naive_analysis(board: &Board, pos: Position) -> Analysis {
    let mut memo = HashMap::new();
    let scores = naive_scores(board, pos, 0, &mut memo);
    let moves: Vec<MoveScore> = scores
        .into_iter()
        .map(|(line, score)| MoveScore { line, score })
        .collect();
    let value = moves.iter().map(|m| m.score).max().unwrap_or(0);
    Analysis { value, moves }
}

/// Whether the player to move wins nimstring (whoever completes the last box must move
/// again and cannot, so loses): exhaustive search.
pub fn naive_nim_win(board: &Board, pos: Position, memo: &mut HashMap<u64, bool>) -> bool {
    if let Some(&w) = memo.get(&pos.0) {
        return w;
    }
    let w = board.open_lines(pos).lines().any(|l| {
        let child = naive_nim_win(board, pos.with(l), memo);
        if board.boxes().completes(pos, l) > 0 {
            child
        } else {
            !child
        }
    });
    memo.insert(pos.0, w);
    w
}
