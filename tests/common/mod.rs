//! Test support: an independent naive solver memoised over the raw line bitmask, and a small
//! deterministic random generator. It shares nothing with the solvers under test but the
//! public numbering rules, which it recomputes from scratch.
#![allow(dead_code)]

pub mod cli;
pub mod damaged;
pub mod loony;

use std::collections::HashMap;

/// The boards (rows, columns) every solver is checked on against a naive reference: the
/// smallest, both orientations of thin boards, the square ones up to 5x5 and the widest.
pub const BOARDS: [(usize, usize); 14] = [
    (1, 1),
    (1, 2),
    (1, 3),
    (2, 1),
    (2, 2),
    (1, 5),
    (2, 3),
    (3, 2),
    (3, 3),
    (2, 4),
    (3, 4),
    (4, 4),
    (5, 5),
    (4, 6),
];

/// The naive reference: plain recursion over every move, memoised on the raw bitmask.
pub struct Naive {
    rows: usize,
    cols: usize,
    lines: usize,
    /// For each box, its four side lines.
    boxes: Vec<[usize; 4]>,
    /// Net boxes the player drawing the last line loses.
    penalty: i32,
    memo: HashMap<u64, i32>,
}

impl Naive {
    /// A naive solver for an R×C board.
    pub fn new(rows: usize, cols: usize) -> Naive {
        let h = |r: usize, c: usize| r * cols + c;
        let v = |r: usize, c: usize| (rows + 1) * cols + r * (cols + 1) + c;
        let mut boxes = Vec::new();
        for r in 0..rows {
            for c in 0..cols {
                boxes.push([h(r, c), h(r + 1, c), v(r, c), v(r, c + 1)]);
            }
        }
        let lines = (rows + 1) * cols + rows * (cols + 1);
        Naive {
            rows,
            cols,
            lines,
            boxes,
            penalty: 0,
            memo: HashMap::new(),
        }
    }

    /// A naive solver where drawing the last line costs `penalty` boxes.
    pub fn with_penalty(rows: usize, cols: usize, penalty: i32) -> Naive {
        Naive {
            penalty,
            ..Naive::new(rows, cols)
        }
    }

    /// Number of lines of the board.
    pub fn lines(&self) -> usize {
        self.lines
    }

    /// Boxes completed by drawing `line` in `pos`.
    pub fn completes(&self, pos: u64, line: usize) -> i32 {
        let after = pos | 1 << line;
        self.boxes
            .iter()
            .filter(|b| b.contains(&line) && b.iter().all(|&l| after >> l & 1 == 1))
            .count() as i32
    }

    /// Net boxes still to come for the player to move.
    pub fn value(&mut self, pos: u64) -> i32 {
        if let Some(&v) = self.memo.get(&pos) {
            return v;
        }
        let mut best = None;
        for line in 0..self.lines {
            if pos >> line & 1 == 0 {
                let s = self.score(pos, line);
                best = Some(best.map_or(s, |b: i32| b.max(s)));
            }
        }
        // On the full board the player to move drew the last line.
        let v = best.unwrap_or(-self.penalty);
        self.memo.insert(pos, v);
        v
    }

    /// The score of drawing `line` in `pos`.
    pub fn score(&mut self, pos: u64, line: usize) -> i32 {
        let k = self.completes(pos, line);
        let child = self.value(pos | 1 << line);
        if k == 0 {
            -child
        } else {
            k + child
        }
    }

    /// (line, score) of every open line, lowest first.
    pub fn scores(&mut self, pos: u64) -> Vec<(usize, i32)> {
        (0..self.lines)
            .filter(|&l| pos >> l & 1 == 0)
            .map(|l| (l, self.score(pos, l)))
            .collect()
    }

    /// Board dimensions.
    pub fn dims(&self) -> (usize, usize) {
        (self.rows, self.cols)
    }
}

/// SplitMix64: a tiny deterministic generator so failures replay.
pub struct Rng(pub u64);

impl Rng {
    /// Next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n`.
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// A random position of a board with `lines` lines leaving exactly `open` lines open.
    pub fn position(&mut self, lines: usize, open: usize) -> u64 {
        let mut pos = u64::MAX >> (64 - lines);
        let mut to_clear = open;
        while to_clear > 0 {
            let l = self.below(lines as u64);
            if pos >> l & 1 == 1 {
                pos &= !(1 << l);
                to_clear -= 1;
            }
        }
        pos
    }
}

/// A random position of `board` (its pre-drawn lines kept) with `open` lines left, or fewer
/// when the board has fewer.
pub fn random_position(
    board: &dotbox::core::Board,
    open: usize,
    rng: &mut Rng,
) -> dotbox::core::Position {
    let mut pos = board.start();
    let mut lines: Vec<usize> = board.open_lines(pos).lines().collect();
    while lines.len() > open {
        pos = pos.with(lines.swap_remove(rng.below(lines.len() as u64) as usize));
    }
    pos
}

/// Checks that `book` (the bytes of a book of either version) with a depth of 0 in its header
/// is refused as a corrupt header: byte 20 is the depth in both versions, checked before any
/// length the header declares.
pub fn assert_depth_0_is_corrupt(mut book: Vec<u8>) {
    book[20] = 0;
    let e = dotbox::book::Book::from_bytes(book).unwrap_err();
    assert!(
        matches!(e, dotbox::book::BookError::Corrupt(_))
            && e.to_string()
                .contains("depth 0: a book holds at least one line"),
        "{e}"
    );
}
