//! [`Exact`]: a memoised exact solver for small subgames, with the last-move penalty and the
//! "who must make the next loony move" flag, stored one byte per position.
//!
//! Positions reachable from a base position are indexed by the subset of the base's open
//! lines they draw, so a table of `2^open` bytes holds them all, and a child (one more line)
//! always has a larger index: one backward pass over the indexes solves everything.
//!
//! Each byte is the score in its low 6 bits (two's complement, -32..=31) and the
//! [`NextLoony`] flag in its high 2 bits (the encoding documented in `docs/chains.md`).
//!
//! **Last-move penalty.** With penalty `P` the player who draws the last line of the game
//! loses `P` more. The last line always completes a box, so its drawer keeps the turn: the
//! full board is valued `-P` for the player "to move" there, and every other value follows
//! the usual rule ([`crate::core::move_score`]). With `P = 0` this is Dots-and-Boxes. Raising
//! `P` by one changes every final outcome by exactly one (up or down), so every value moves
//! by at most one; values have the parity of `boxes left + P`, so it moves by exactly one.
//! Once `P` exceeds the boxes left, the sign of a score is the nimstring outcome.

pub use crate::core::NextLoony;
use crate::core::{move_score, Analysis, Board, MoveScore, Position};

use super::error::ChainsError;
use super::graph::check;
use super::loony::{is_loony_position, offers_in};

/// Most open lines an [`Exact`] solve handles (its table has `2^open` bytes).
pub const MAX_EXACT_OPEN: usize = 26;

/// Largest score the 6-bit field holds (the smallest is `-SCORE_MAX - 1`).
pub const SCORE_MAX: i32 = 31;

/// Packs a score (in -32..=31) and a flag into one byte.
pub fn encode(score: i32, flag: NextLoony) -> u8 {
    debug_assert!((-SCORE_MAX - 1..=SCORE_MAX).contains(&score));
    (score as u8 & 0x3f) | (flag as u8) << 6
}

/// Unpacks [`encode`].
pub fn decode(byte: u8) -> (i32, NextLoony) {
    (i32::from(((byte << 2) as i8) >> 2), from_bits(byte >> 6))
}

/// The flag stored in the two high bits of a byte.
fn from_bits(bits: u8) -> NextLoony {
    match bits & 3 {
        1 => NextLoony::Mover,
        2 => NextLoony::Opponent,
        _ => NextLoony::Nobody,
    }
}

/// Every position reachable from a base position, solved.
#[derive(Clone, Debug)]
pub struct Exact {
    board: Board,
    base: Position,
    /// The base's open lines; bit `j` of an index is line `open[j]`.
    open: Vec<usize>,
    penalty: i32,
    table: Vec<u8>,
}

impl Exact {
    /// Solves every position reachable from `base` (with the board's pre-drawn lines) with
    /// last-move penalty `penalty` (0 for Dots-and-Boxes).
    pub fn solve(board: &Board, base: Position, penalty: i32) -> Result<Exact, ChainsError> {
        let coins = board.boxes();
        check(board, base)?;
        let base = base.union(board.predrawn());
        let open: Vec<usize> = board.all_lines().difference(base).lines().collect();
        if open.len() > MAX_EXACT_OPEN {
            return Err(ChainsError::TooManyOpenLines {
                open: open.len(),
                max: MAX_EXACT_OPEN,
            });
        }
        let boxes = (0..coins.len())
            .filter(|&b| coins.degree(base, b) > 0)
            .count();
        if boxes as i64 + i64::from(penalty).abs() > i64::from(SCORE_MAX) {
            return Err(ChainsError::ScoreOutOfRange {
                boxes,
                penalty,
                max: SCORE_MAX,
            });
        }
        let size = 1usize << open.len();
        let mut table = vec![0u8; size];
        let mut loony = vec![0u64; size.div_ceil(64)];
        for idx in (0..size).rev() {
            let pos = base.union(Position::deposit(idx as u64, &open));
            if is_loony_position(coins, pos) {
                loony[idx / 64] |= 1 << (idx % 64);
            }
            let mut best: Option<(i32, NextLoony)> = None;
            for (j, &line) in open.iter().enumerate() {
                if idx >> j & 1 == 1 {
                    continue;
                }
                let child = idx | 1 << j;
                let (value, flag) = decode(table[child]);
                let boxes = coins.completes(pos, line);
                let loony_child = loony[child / 64] >> (child % 64) & 1 == 1;
                let flag = NextLoony::after_move(flag, boxes > 0, loony_child);
                let cand = (move_score(boxes, value), flag);
                let better = match best {
                    None => true,
                    Some((s, f)) => (cand.0, cand.1.preference()) > (s, f.preference()),
                };
                if better {
                    best = Some(cand);
                }
            }
            let (value, flag) = best.unwrap_or((-penalty, NextLoony::Nobody));
            table[idx] = encode(value, flag);
        }
        Ok(Exact {
            board: board.clone(),
            base,
            open,
            penalty,
            table,
        })
    }

    /// The penalty the solve was built with.
    pub fn penalty(&self) -> i32 {
        self.penalty
    }

    /// The base position (with pre-drawn lines).
    pub fn base(&self) -> Position {
        self.base
    }

    fn index(&self, pos: Position) -> Result<usize, ChainsError> {
        check(&self.board, pos)?;
        if !pos.is_superset(self.base) {
            return Err(ChainsError::OutsideSolve);
        }
        Ok(self
            .open
            .iter()
            .enumerate()
            .fold(0, |idx, (j, &l)| idx | usize::from(pos.contains(l)) << j))
    }

    /// The stored byte of `pos`: its value and flag as documented in `docs/chains.md`.
    pub fn byte(&self, pos: Position) -> Result<u8, ChainsError> {
        Ok(self.table[self.index(pos)?])
    }

    /// Net boxes (minus the penalty if the player to move ends up drawing the last line) for
    /// the player to move in `pos`.
    pub fn value(&self, pos: Position) -> Result<i32, ChainsError> {
        Ok(decode(self.byte(pos)?).0)
    }

    /// Who must make the next loony move from `pos`.
    pub fn next_loony(&self, pos: Position) -> Result<NextLoony, ChainsError> {
        Ok(decode(self.byte(pos)?).1)
    }

    /// The value of `pos` and the score of each open line.
    pub fn analysis(&self, pos: Position) -> Result<Analysis, ChainsError> {
        let value = self.value(pos)?;
        let open = self.board.all_lines().difference(pos);
        let moves = open
            .lines()
            .map(|line| {
                let child = self
                    .value(pos.with(line))
                    .expect("a child of a solved position");
                MoveScore {
                    line,
                    score: move_score(self.board.boxes().completes(pos, line), child),
                }
            })
            .collect();
        Ok(Analysis { value, moves })
    }

    /// The better reply to the first loony offer standing in `pos`: its lines (take all, or
    /// all but two / four and the double-dealing line) and their score for the player to
    /// move; ties go to taking all. `None` when `pos` holds no loony offer.
    pub fn loony_reply(&self, pos: Position) -> Result<Option<(Vec<usize>, i32)>, ChainsError> {
        self.index(pos)?;
        let Some(offer) = offers_in(self.board.boxes(), pos).into_iter().next() else {
            return Ok(None);
        };
        let score = |lines: &[usize]| {
            let (mut p, mut gained, mut kept_turn) = (pos, 0, true);
            for &l in lines {
                let k = self.board.boxes().completes(p, l);
                gained += k as i32;
                kept_turn = k > 0;
                p = p.with(l);
            }
            let rest = self.value(p).expect("reached from a solved position");
            gained + if kept_turn { rest } else { -rest }
        };
        let all = score(&offer.take_all);
        let decline = score(&offer.decline);
        Ok(Some(if decline > all {
            (offer.decline, decline)
        } else {
            (offer.take_all, all)
        }))
    }

    /// Every open line of `pos` with its score and next-loony flag (what `--loony` prints as
    /// `v`/`^` suffixes).
    pub fn loony_analysis(&self, pos: Position) -> Result<Vec<LoonyMove>, ChainsError> {
        self.index(pos)?;
        let open = self.board.all_lines().difference(pos);
        Ok(open
            .lines()
            .map(|line| {
                let child = pos.with(line);
                let (value, flag) = decode(self.byte(child).expect("a child of a solved position"));
                let boxes = self.board.boxes().completes(pos, line);
                let loony_child = boxes == 0 && is_loony_position(self.board.boxes(), child);
                let next_loony = NextLoony::after_move(flag, boxes > 0, loony_child);
                LoonyMove {
                    line,
                    score: move_score(boxes, value),
                    next_loony,
                }
            })
            .collect())
    }
}

/// One move's score with the next-loony flag seen by the player making it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LoonyMove {
    /// The line drawn.
    pub line: usize,
    /// Its exact score for the player making it.
    pub score: i32,
    /// Who must make the next loony move after it, from the mover's side: `Mover` when the
    /// move is itself loony.
    pub next_loony: NextLoony,
}

/// The value of `pos` when the player who draws the last line loses `penalty` more boxes.
pub fn value_with_penalty(board: &Board, pos: Position, penalty: i32) -> Result<i32, ChainsError> {
    Exact::solve(board, pos, penalty)?.value(pos.union(board.predrawn()))
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;
    use crate::chains::loony::is_loony_move;
    use crate::chains::testkit::{boards, naive_nim_win, naive_scores, naive_value, positions};
    use crate::core::Boxes;

    #[test]
    fn bytes_round_trip_every_score_and_flag() {
        for score in -32..=31 {
            for flag in [NextLoony::Nobody, NextLoony::Mover, NextLoony::Opponent] {
                assert_eq!(decode(encode(score, flag)), (score, flag));
            }
        }
    }

    #[test]
    fn empty_boards_have_their_known_values() {
        for (name, value) in [
            ("1x1", -1),
            ("1x2", 0),
            ("2x2", 2),
            ("2x3", -2),
            ("3x3", -3),
        ] {
            let board = Board::parse(name).unwrap();
            assert_eq!(
                value_with_penalty(&board, Position::EMPTY, 0).unwrap(),
                value,
                "{name}"
            );
        }
    }

    /// Every move's score against the naive solver, on random positions of every test board
    /// (pre-drawn lines included), for several penalties.
    #[test]
    fn scores_match_the_naive_solver() {
        for (i, board) in boards().iter().enumerate() {
            for penalty in [0, 1, 5] {
                let mut memo = HashMap::new();
                for pos in positions(board, 14, 40, 500 + i as u64) {
                    let exact = Exact::solve(board, pos, penalty).unwrap();
                    let a = exact.analysis(pos).unwrap();
                    assert_eq!(a.value, naive_value(board, pos, penalty, &mut memo));
                    let scores: Vec<(usize, i32)> =
                        a.moves.iter().map(|m| (m.line, m.score)).collect();
                    assert_eq!(
                        scores,
                        naive_scores(board, pos, penalty, &mut memo),
                        "{pos:?}"
                    );
                }
            }
        }
    }

    /// The next-loony flag against a direct recursion over the same preference order.
    #[test]
    fn next_loony_flag_matches_a_direct_recursion() {
        fn direct(
            board: &Board,
            coins: &Boxes,
            pos: Position,
            memo: &mut HashMap<u64, (i32, NextLoony)>,
        ) -> (i32, NextLoony) {
            if let Some(&v) = memo.get(&pos.0) {
                return v;
            }
            let mut best = (0, NextLoony::Nobody);
            let mut first = true;
            for l in board.open_lines(pos).lines() {
                let k = board.boxes().completes(pos, l);
                let (v, f) = direct(board, coins, pos.with(l), memo);
                let cand = if k > 0 {
                    (k as i32 + v, f)
                } else if is_loony_move(coins, pos, l) {
                    (-v, NextLoony::Mover)
                } else {
                    (-v, f.swap())
                };
                let rank = |f: NextLoony| {
                    [NextLoony::Mover, NextLoony::Nobody, NextLoony::Opponent]
                        .iter()
                        .position(|&x| x == f)
                };
                if first || (cand.0, rank(cand.1)) > (best.0, rank(best.1)) {
                    best = cand;
                    first = false;
                }
            }
            memo.insert(pos.0, best);
            best
        }
        let mut flags = [0; 3];
        for (i, board) in boards().iter().enumerate() {
            let coins = board.boxes();
            let mut memo = HashMap::new();
            for pos in positions(board, 14, 40, 700 + i as u64) {
                let exact = Exact::solve(board, pos, 0).unwrap();
                let (value, flag) = direct(board, coins, pos, &mut memo);
                assert_eq!(exact.value(pos).unwrap(), value);
                assert_eq!(
                    exact.next_loony(pos).unwrap(),
                    flag,
                    "{} {pos:?}",
                    board.name()
                );
                flags[flag as usize] += 1;
            }
        }
        assert!(
            flags.iter().all(|&n| n > 10),
            "every flag occurs: {flags:?}"
        );
    }

    /// Consecutive penalties change every value and every move's score by exactly one, and
    /// a penalty above the boxes left makes the positive-scoring moves exactly nimstring's
    /// winning moves.
    #[test]
    fn penalties_move_scores_by_one_and_large_ones_give_nimstring() {
        for (i, board) in boards().iter().enumerate() {
            let mut nim_memo = HashMap::new();
            for pos in positions(board, 12, 25, 900 + i as u64) {
                let boxes = (0..board.num_boxes())
                    .filter(|&b| {
                        !pos.is_superset(board.box_sides(b / board.cols(), b % board.cols()))
                    })
                    .count() as i32;
                let solves: Vec<Exact> = (-3..=boxes + 2)
                    .map(|p| Exact::solve(board, pos, p).unwrap())
                    .collect();
                for w in solves.windows(2) {
                    let (a, b) = (w[0].analysis(pos).unwrap(), w[1].analysis(pos).unwrap());
                    assert_eq!((a.value - b.value).abs(), 1, "{pos:?}");
                    for (x, y) in a.moves.iter().zip(&b.moves) {
                        assert_eq!((x.score - y.score).abs(), 1, "{pos:?} line {}", x.line);
                    }
                }
                let large = Exact::solve(board, pos, boxes + 1)
                    .unwrap()
                    .analysis(pos)
                    .unwrap();
                assert_eq!(
                    large.value > 0,
                    naive_nim_win(board, pos, &mut nim_memo),
                    "{pos:?}"
                );
                for m in &large.moves {
                    let child = naive_nim_win(board, pos.with(m.line), &mut nim_memo);
                    let wins = if board.boxes().completes(pos, m.line) > 0 {
                        child
                    } else {
                        !child
                    };
                    assert_eq!(m.score > 0, wins, "{pos:?} line {}", m.line);
                }
            }
        }
    }

    /// Two independent exact solvers agree: this table and the retrograde tile solver.
    #[test]
    fn scores_match_the_retrograde_solver() {
        for name in ["2x3", "3x3", "icelandic"] {
            let board = Board::parse(name).unwrap();
            for pos in positions(&board, 16, 15, 31) {
                let exact = Exact::solve(&board, pos, 0).unwrap().analysis(pos).unwrap();
                assert_eq!(
                    exact,
                    crate::retro::analyze(&board, pos).unwrap(),
                    "{name} {pos:?}"
                );
            }
        }
    }

    /// The best move's flag is the position's flag; a loony move's flag is "mover".
    #[test]
    fn move_flags_agree_with_the_position_flag() {
        for (i, board) in boards().iter().enumerate() {
            let coins = board.boxes();
            for pos in positions(board, 12, 30, 40 + i as u64) {
                let exact = Exact::solve(board, pos, 0).unwrap();
                let (value, flag) = decode(exact.byte(pos).unwrap());
                let moves = exact.loony_analysis(pos).unwrap();
                let best = moves
                    .iter()
                    .filter(|m| m.score == value)
                    .map(|m| m.next_loony.preference())
                    .max()
                    .unwrap();
                assert_eq!(best, flag.preference(), "{pos:?}");
                for m in &moves {
                    if is_loony_move(coins, pos, m.line) {
                        assert_eq!(m.next_loony, NextLoony::Mover);
                    }
                }
            }
        }
    }

    /// With one capturable path standing, the chosen all-but-two reply scores the value.
    #[test]
    fn the_loony_reply_scores_the_value() {
        let mut replies = 0;
        for (i, board) in boards().iter().enumerate() {
            let coins = board.boxes();
            for pos in positions(board, 14, 300, 60 + i as u64) {
                let exact = Exact::solve(board, pos, 0).unwrap();
                let Some((lines, score)) = exact.loony_reply(pos).unwrap() else {
                    assert!(!is_loony_position(coins, pos));
                    continue;
                };
                let paths = crate::chains::components::decompose(coins, pos);
                if paths
                    .iter()
                    .filter(|c| c.kind == crate::chains::Kind::Capturable)
                    .count()
                    == 1
                {
                    replies += 1;
                    assert_eq!(
                        score,
                        exact.value(pos).unwrap(),
                        "{} {pos:?} {lines:?}",
                        board.name()
                    );
                }
            }
        }
        assert!(replies > 100, "{replies}");
    }

    #[test]
    fn requests_out_of_range_are_refused_with_reasons() {
        let b = Board::new(3, 4).unwrap();
        assert_eq!(
            Exact::solve(&b, Position::single(0), 0).unwrap_err(),
            ChainsError::TooManyOpenLines {
                open: 30,
                max: MAX_EXACT_OPEN
            }
        );
        let small = Board::new(1, 2).unwrap();
        assert_eq!(
            Exact::solve(&small, Position::EMPTY, 40).unwrap_err(),
            ChainsError::ScoreOutOfRange {
                boxes: 2,
                penalty: 40,
                max: SCORE_MAX
            }
        );
        let e = Exact::solve(&small, Position::single(0), 0).unwrap();
        assert_eq!(e.value(Position::EMPTY), Err(ChainsError::OutsideSolve));
        assert_eq!(
            e.value(Position::single(0).with(9)),
            Err(ChainsError::LineOutOfRange { line: 9, lines: 7 })
        );
        assert!(ChainsError::OutsideSolve
            .to_string()
            .contains("lacks lines"));
    }
}
