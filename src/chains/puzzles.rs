//! Puzzles generated from the exact solver: positions where exactly one move keeps the best
//! score while the tempting moves (taking a box, or a move that gives nothing away) lose.
//!
//! Positions are drawn at random (a seeded generator, so a set is reproducible), solved
//! exactly with [`Exact`], kept when they are puzzles, told apart up to the board's
//! symmetries, and graded by [`difficulty`].

use crate::core::symmetry::Equivalence;
use crate::core::{Analysis, Board, Position};

use super::error::ChainsError;
use super::exact::Exact;
use super::explain::{explain, explain_text, Reason};
use super::graph::Coins;

/// One puzzle: find the only best move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The board's name (`RxC`).
    pub board: String,
    /// The drawn lines, increasing.
    pub lines: Vec<usize>,
    /// The only move keeping the best score.
    pub solution: usize,
    /// The value of the position for the player to move.
    pub value: i32,
    /// Every open line with its exact score.
    pub scores: Vec<(usize, i32)>,
    /// The tempting moves (they all lose).
    pub tempting: Vec<usize>,
    /// 1 (easy) to 5 (hard).
    pub difficulty: u8,
    /// Why the solution is best, in words.
    pub explanation: String,
}

/// The tempting moves of `pos`: those completing a box, and those giving the opponent no box
/// to take.
pub fn tempting_moves(coins: &Coins, pos: Position) -> Vec<usize> {
    let open = coins.all_lines().difference(pos);
    open.lines()
        .filter(|&line| {
            let child = pos.with(line);
            coins.completes(pos, line) > 0 || coins.capturable(child).next().is_none()
        })
        .collect()
}

/// The puzzle `pos` makes, given its exact scores: `None` unless one move alone keeps the
/// best score and some tempting move is another one.
pub fn puzzle_of(board: &Board, pos: Position, analysis: &Analysis) -> Result<Option<Puzzle>, ChainsError> {
    let best = analysis.best_lines();
    if best.len() != 1 {
        return Ok(None);
    }
    let solution = best[0];
    let coins = Coins::new(board);
    let tempting: Vec<usize> =
        tempting_moves(&coins, pos).into_iter().filter(|&l| l != solution).collect();
    if tempting.is_empty() {
        return Ok(None);
    }
    let reasons = explain(board, pos, solution, analysis)?;
    let best_tempting = analysis
        .moves
        .iter()
        .filter(|m| tempting.contains(&m.line))
        .map(|m| m.score)
        .max()
        .expect("tempting moves are open lines");
    let margin = analysis.value - best_tempting;
    Ok(Some(Puzzle {
        board: board.dims_name(),
        lines: pos.lines().collect(),
        solution,
        value: analysis.value,
        scores: analysis.moves.iter().map(|m| (m.line, m.score)).collect(),
        difficulty: difficulty(&reasons, margin, tempting.len()),
        tempting,
        explanation: explain_text(&reasons),
    }))
}

/// The grade of a puzzle from what its solution does, how little the best tempting move
/// loses, and how many tempting moves there are: 1 for taking boxes or the one safe move,
/// up to 5 for a sacrifice or a loony move against many near-equal temptations.
pub fn difficulty(solution: &[Reason], margin: i32, tempting: usize) -> u8 {
    let kind = solution
        .iter()
        .map(|r| match r {
            Reason::Takes { .. } => 0,
            Reason::Declines { .. } => 2,
            Reason::Sacrifice { .. } | Reason::Loony(_) => 3,
            _ => 0,
        })
        .max()
        .unwrap_or(0);
    let safe = u8::from(kind == 0 && !solution.iter().any(|r| matches!(r, Reason::Takes { .. })));
    let close = u8::from(margin <= 2);
    let many = u8::from(tempting >= 4);
    (1 + kind + safe + close + many).min(5)
}

/// A small seeded generator (xorshift64*), so puzzle sets are reproducible.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed (any value).
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// A random position of `board` with `open` of its open lines left undrawn.
    pub fn position(&mut self, board: &Board, open: usize) -> Position {
        let mut free: Vec<usize> = board.open_lines(board.start()).lines().collect();
        let mut pos = board.start();
        while free.len() > open {
            let line = free.swap_remove(self.below(free.len()));
            pos = pos.with(line);
        }
        pos
    }
}

/// Up to `count` puzzles on `board` with `open` undrawn lines each (at most
/// [`super::exact::MAX_EXACT_OPEN`]), distinct up to symmetry, from `tries` random positions.
pub fn generate(
    board: &Board,
    open: usize,
    count: usize,
    tries: usize,
    seed: u64,
) -> Result<Vec<Puzzle>, ChainsError> {
    let mut rng = Rng::new(seed);
    let eq = Equivalence::new(board, board.predrawn());
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    for _ in 0..tries {
        if out.len() == count {
            break;
        }
        let pos = rng.position(board, open);
        if !seen.insert(eq.canonical(pos)) {
            continue;
        }
        let analysis = Exact::solve(board, pos, 0)?.analysis(pos)?;
        if let Some(p) = puzzle_of(board, pos, &analysis)? {
            out.push(p);
        }
    }
    out.sort_by_key(|p| p.difficulty);
    Ok(out)
}

/// The puzzles as JSON: an array of objects with the fields of [`Puzzle`] (`scores` as
/// `[{"line": l, "score": s}]`).
pub fn to_json(puzzles: &[Puzzle]) -> String {
    let list = |v: &[usize]| v.iter().map(|l| l.to_string()).collect::<Vec<_>>().join(",");
    let items: Vec<String> = puzzles
        .iter()
        .map(|p| {
            let scores: Vec<String> = p
                .scores
                .iter()
                .map(|(l, s)| format!("{{\"line\":{l},\"score\":{s}}}"))
                .collect();
            format!(
                "  {{\"board\":\"{}\",\"lines\":[{}],\"solution\":{},\"value\":{},\"difficulty\":{},\
                 \"tempting\":[{}],\"scores\":[{}],\"explanation\":\"{}\"}}",
                p.board,
                list(&p.lines),
                p.solution,
                p.value,
                p.difficulty,
                list(&p.tempting),
                scores.join(","),
                p.explanation.replace('\\', "\\\\").replace('"', "\\\"")
            )
        })
        .collect();
    format!("[\n{}\n]\n", items.join(",\n"))
}
