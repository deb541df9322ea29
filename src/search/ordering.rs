//! Move ordering: the order in which a node tries its moves decides how early alpha-beta can
//! cut, never the result.
//!
//! First the move the transposition table remembers as best, then captures (a box now is
//! rarely wrong), then safe moves (giving the opponent no box), then sacrifices; inside each
//! class, lines nearer the centre of the board first, since central lines shape the chains.

use crate::core::{Board, Boxes, Position};

/// Most moves a node has.
pub const MAX_MOVES: usize = 64;

/// Per-line centrality ranks of one board.
#[derive(Clone, Debug)]
pub struct Ordering {
    /// 0 for the most central line; higher further out.
    centre_rank: Vec<u8>,
}

impl Ordering {
    /// The ranks of `board`'s lines by the distance of their midpoints from the centre.
    pub fn new(board: &Board) -> Ordering {
        let distance = |line: usize| {
            let ((r0, c0), (r1, c1)) = board.endpoints(line);
            // Doubled coordinates keep the midpoints integral.
            let y = (r0 + r1) as i64 - board.rows() as i64;
            let x = (c0 + c1) as i64 - board.cols() as i64;
            y * y + x * x
        };
        let mut by_distance: Vec<usize> = (0..board.num_lines()).collect();
        by_distance.sort_by_key(|&l| (distance(l), l));
        let mut centre_rank = vec![0; board.num_lines()];
        for (rank, &line) in by_distance.iter().enumerate() {
            centre_rank[line] = rank as u8;
        }
        Ordering { centre_rank }
    }

    /// Writes the lines of `open` to `out` in search order and returns how many there are.
    pub fn order(
        &self,
        boxes: &Boxes,
        pos: Position,
        open: Position,
        first: Option<u8>,
        out: &mut [u8; MAX_MOVES],
    ) -> usize {
        let mut keys = [0u16; MAX_MOVES];
        let mut n = 0;
        for line in open.lines() {
            let class: u16 = if first == Some(line as u8) {
                0
            } else if boxes.completes(pos, line) > 0 {
                1
            } else if boxes.offers(pos, line) {
                3
            } else {
                2
            };
            keys[n] = class << 8 | u16::from(self.centre_rank[line]);
            out[n] = line as u8;
            n += 1;
        }
        // Insertion sort: at most 64 moves, usually far fewer.
        for i in 1..n {
            let (k, m) = (keys[i], out[i]);
            let mut j = i;
            while j > 0 && keys[j - 1] > k {
                keys[j] = keys[j - 1];
                out[j] = out[j - 1];
                j -= 1;
            }
            keys[j] = k;
            out[j] = m;
        }
        n
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn captures_then_safe_moves_then_sacrifices() {
        let board = Board::new(1, 2).unwrap();
        // Left box has three sides (its right side v(0,1) open): drawing v(0,1) captures it.
        let pos: Position = [board.h(0, 0), board.h(1, 0), board.v(0, 0)]
            .into_iter()
            .collect();
        let mut out = [0; MAX_MOVES];
        let n =
            Ordering::new(&board).order(board.boxes(), pos, board.open_lines(pos), None, &mut out);
        assert_eq!(n, 4);
        assert_eq!(out[0] as usize, board.v(0, 1));
        // A remembered best move goes before the capture.
        let hint = Some(board.v(0, 2) as u8);
        Ordering::new(&board).order(board.boxes(), pos, board.open_lines(pos), hint, &mut out);
        assert_eq!(out[..2], [board.v(0, 2) as u8, board.v(0, 1) as u8]);
    }
}
