//! Puzzles generated from the exact solver: positions where exactly one move keeps the best
//! score while the tempting moves (taking a box, or a move that gives nothing away) lose.
//!
//! Positions are drawn at random (a seeded generator, so a set is reproducible), solved
//! exactly by the retrograde solver with its loony analysis ([`crate::retro::analyze_loony`],
//! which also says who makes the next loony move after each move), kept when they are
//! puzzles, told apart up to the board's symmetries, and graded by [`difficulty`].

use std::fmt;

use serde::Serialize;

use crate::chains::capturable;
use crate::chains::ChainsError;
use crate::chains::{explain, explain_text, Reason};
use crate::core::Equivalence;
use crate::core::{Analysis, Board, LoonyFlags, Position, Rng, Rules};
use crate::retro::{self, RetroError};

/// One puzzle: find the only best move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The board's name (`RxC` or `icelandic`).
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
    /// Who makes the next loony move with best play after each move, where the loony analysis
    /// was made (the sets [`generate`] makes; not the 5×5 ones solved by chains as
    /// pseudo-lines): the page explains a pick with it.
    pub flags: Option<LoonyFlags>,
}

/// The tempting moves of `pos`: those completing a box, and those giving the opponent no box
/// to take.
pub fn tempting_moves(board: &Board, pos: Position) -> Vec<usize> {
    let (coins, open) = (board.boxes(), board.all_lines().difference(pos));
    open.lines()
        .filter(|&line| {
            let child = pos.with(line);
            coins.completes(pos, line) > 0 || capturable(coins, child).next().is_none()
        })
        .collect()
}

/// The puzzle `pos` makes, given its exact scores and, if made, its loony analysis's `flags`:
/// `None` unless one move alone keeps the best score and some tempting move is another one.
pub fn puzzle_of(
    board: &Board,
    pos: Position,
    analysis: &Analysis,
    flags: Option<&LoonyFlags>,
) -> Result<Option<Puzzle>, ChainsError> {
    let best = analysis.best_lines();
    if best.len() != 1 {
        return Ok(None);
    }
    let solution = best[0];
    let tempting: Vec<usize> = tempting_moves(board, pos)
        .into_iter()
        .filter(|&l| l != solution)
        .collect();
    if tempting.is_empty() {
        return Ok(None);
    }
    let next = |line: usize| flags.and_then(|f| f.of(line));
    let reasons = explain(board, pos, solution, analysis, next(solution))?;
    let (lure, lure_score) = analysis
        .moves
        .iter()
        .filter(|m| tempting.contains(&m.line))
        .map(|m| (m.line, m.score))
        .max_by_key(|&(l, score)| (score, std::cmp::Reverse(l)))
        .expect("tempting moves are open lines");
    let lure_reasons = explain(board, pos, lure, analysis, next(lure))?;
    let explanation = format!(
        "{} The most tempting other move, line {lure}: {}",
        explain_text(&reasons),
        explain_text(&lure_reasons)
    );
    Ok(Some(Puzzle {
        board: board.name(),
        lines: pos.lines().collect(),
        solution,
        value: analysis.value,
        scores: analysis.moves.iter().map(|m| (m.line, m.score)).collect(),
        difficulty: difficulty(&reasons, analysis.value - lure_score),
        tempting,
        explanation,
        flags: flags.cloned(),
    }))
}

/// The grade of a puzzle from what its solution does and how little the most tempting other
/// move loses: 1 for taking boxes, 2 for a move giving nothing away, 3 for declining a
/// sacrifice, 4 for a sacrifice or a loony move, one more (at most 5) when the best tempting
/// move loses the least it can (2 boxes: all scores of a position have one parity).
pub fn difficulty(solution: &[Reason], margin: i32) -> u8 {
    let has = |f: fn(&Reason) -> bool| solution.iter().any(f);
    let kind = if has(|r| matches!(r, Reason::Takes { .. })) {
        0
    } else if has(|r| {
        matches!(
            r,
            Reason::Sacrifice { .. } | Reason::Loony(_) | Reason::OffersTheRest { .. }
        )
    }) {
        3
    } else if has(|r| matches!(r, Reason::Declines { .. })) {
        2
    } else {
        1
    };
    (1 + kind + u8::from(margin <= 2)).min(5)
}

/// Why a puzzle set could not be generated.
#[derive(Debug)]
pub enum PuzzleError {
    /// The retrograde solver refused a position (too large to solve in memory).
    Solve(RetroError),
    /// The chain analysis refused a move it was asked to explain.
    Chains(ChainsError),
}

impl fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PuzzleError::Solve(e) => e.fmt(f),
            PuzzleError::Chains(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for PuzzleError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            PuzzleError::Solve(e) => Some(e),
            PuzzleError::Chains(e) => Some(e),
        }
    }
}

impl From<RetroError> for PuzzleError {
    fn from(e: RetroError) -> Self {
        PuzzleError::Solve(e)
    }
}

impl From<ChainsError> for PuzzleError {
    fn from(e: ChainsError) -> Self {
        PuzzleError::Chains(e)
    }
}

/// Up to `count` puzzles on `board` with `open` undrawn lines each (few enough to solve in
/// memory, see [`crate::retro::IN_MEMORY_LIMIT`]), distinct up to symmetry, from `tries` random positions,
/// spread over the difficulty grades (hardest first when there are not enough of each).
pub fn generate(
    board: &Board,
    open: usize,
    count: usize,
    tries: usize,
    seed: u64,
) -> Result<Vec<Puzzle>, PuzzleError> {
    let mut rng = Rng::new(seed);
    let eq = Equivalence::new(board, board.predrawn());
    let mut seen = std::collections::HashSet::new();
    let mut by_grade: Vec<Vec<Puzzle>> = vec![Vec::new(); 6];
    for _ in 0..tries {
        let pos = rng.position(board, open);
        if !seen.insert(eq.canonical(pos)) {
            continue;
        }
        let (analysis, flags) =
            retro::analyze_loony(board, pos, Rules::default(), &mut retro::quietly)?;
        if let Some(p) = puzzle_of(board, pos, &analysis, Some(&flags))? {
            by_grade[usize::from(p.difficulty)].push(p);
        }
    }
    let mut out = Vec::new();
    while out.len() < count && by_grade.iter().any(|g| !g.is_empty()) {
        for grade in by_grade.iter_mut().rev() {
            if out.len() < count {
                out.extend(grade.pop());
            }
        }
    }
    out.sort_by_key(|p| p.difficulty);
    Ok(out)
}

/// The puzzles as JSON: an array of objects with the fields of [`Puzzle`] (`scores` as
/// `[{"line": l, "score": s, "next": n}]`, `next` the flag as `dotbox analyze --loony` prints
/// it, only where the puzzle has flags), one puzzle a line, so a regenerated set diffs by
/// puzzle.
pub fn to_json(puzzles: &[Puzzle]) -> String {
    let items: Vec<String> = puzzles
        .iter()
        .map(|p| {
            let json = PuzzleJson {
                board: &p.board,
                lines: &p.lines,
                solution: p.solution,
                value: p.value,
                difficulty: p.difficulty,
                tempting: &p.tempting,
                scores: p
                    .scores
                    .iter()
                    .map(|&(line, score)| LineScore {
                        line,
                        score,
                        next: p.flags.as_ref().map(|f| f.suffix(line)),
                    })
                    .collect(),
                explanation: &p.explanation,
            };
            let line = serde_json::to_string(&json).expect("serializing to memory cannot fail");
            format!("  {line}")
        })
        .collect();
    format!("[\n{}\n]\n", items.join(",\n"))
}

/// A [`Puzzle`] as the page reads it from `www/puzzles.json`, fields in the file's order.
#[derive(Serialize)]
struct PuzzleJson<'a> {
    board: &'a str,
    lines: &'a [usize],
    solution: usize,
    value: i32,
    difficulty: u8,
    tempting: &'a [usize],
    scores: Vec<LineScore>,
    explanation: &'a str,
}

/// One move's exact score in [`PuzzleJson`].
#[derive(Serialize)]
struct LineScore {
    line: usize,
    score: i32,
    #[serde(skip_serializing_if = "Option::is_none")]
    next: Option<&'static str>,
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;
    use crate::chains::testkit::{naive_scores, naive_value};

    /// Checks a puzzle with the naive solver: the scores are exact, the solution alone is
    /// best, and every tempting move is tempting and loses.
    fn verify(
        board: &Board,
        pos: Position,
        solution: usize,
        tempting: &[usize],
        scores: &[(usize, i32)],
    ) {
        let mut memo = HashMap::new();
        let exact = naive_scores(board, pos, 0, &mut memo);
        assert_eq!(scores, exact.as_slice());
        let value = naive_value(board, pos, 0, &mut memo);
        let best: Vec<usize> = exact.iter().filter(|m| m.1 == value).map(|m| m.0).collect();
        assert_eq!(best, vec![solution]);
        let lures = tempting_moves(board, pos);
        assert!(!tempting.is_empty());
        for l in tempting {
            assert!(lures.contains(l) && *l != solution);
        }
    }

    #[test]
    fn generated_puzzles_check_out() {
        for (name, open) in [("2x2", 9), ("2x3", 12)] {
            let board = Board::parse(name).unwrap();
            let set = generate(&board, open, 8, 400, 9).unwrap();
            assert!(set.len() >= 4, "{name}: {}", set.len());
            for p in &set {
                let pos: Position = p.lines.iter().copied().collect();
                assert_eq!(pos.count() as usize, board.num_lines() - open);
                verify(&board, pos, p.solution, &p.tempting, &p.scores);
                assert!((1..=5).contains(&p.difficulty));
                assert!(p.explanation.contains("line"));
            }
        }
    }
}
