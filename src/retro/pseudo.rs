//! The analysis of a position with its chains collapsed into pseudo-lines (a [`Reduction`]):
//! an in-memory retrograde solve over units, and every move's score read from it. A move on
//! a line inside a collapsed chain is scored as entering (or taking) the whole chain.

use crate::core::{move_score, Analysis, Board, MoveScore, Position};
use crate::store::MemoryStore;
use crate::store::TileStore;

use super::units::Reduction;
use super::{fits_in_memory, Layout, RetroError, Runner, Solve};

/// The solve of a reduced position's subgame keeping the layer of its moves, in memory or
/// through a store on disk.
pub fn solve(board: &Board, reduction: &Reduction) -> Result<Solve, RetroError> {
    Ok(Solve::from_layout(
        Layout::from_reduction(board, reduction)?,
        1,
    ))
}

/// [`solve`] to run in memory: refused with [`RetroError::TooLarge`] past
/// [`super::IN_MEMORY_LIMIT`].
pub fn memory_solve(board: &Board, reduction: &Reduction) -> Result<Solve, RetroError> {
    let solve = solve(board, reduction)?;
    fits_in_memory(solve.layout())?;
    Ok(solve)
}

/// The value of the reduction's start position and the score of each of its open lines, from
/// a finished solve of [`memory_solve`].
pub fn analysis(
    solve: &Solve,
    store: &mut dyn TileStore,
    reduction: &Reduction,
) -> Result<Analysis, RetroError> {
    analysis_at(solve, store, reduction, 0)
}

/// [`analysis`] of the position of the solve with the units of `drawn` drawn (bit `i` for
/// unit `i`): the value and the score of each line of the units still open.
pub fn analysis_at(
    solve: &Solve,
    store: &mut dyn TileStore,
    reduction: &Reduction,
    drawn: u64,
) -> Result<Analysis, RetroError> {
    let board = solve.layout().board();
    let at = reduction.position(drawn);
    let all = |m: u64| m & !drawn == 0;
    let mut moves = Vec::new();
    for (u, unit) in reduction.units().iter().enumerate() {
        if drawn >> u & 1 == 1 {
            continue;
        }
        let child = solve.value(store, reduction.position(drawn | 1 << u))?;
        let score = match &unit.chain {
            Some(chain) => {
                // Junction boxes whose other sides are all drawn complete with the chain.
                let sides = reduction.box_sides(u).iter();
                let junctions = sides.filter(|&&m| all(m)).count() as i8;
                let extended = reduction
                    .extensions(u)
                    .iter()
                    .filter(|e| all(e.drawn) && e.not_all.iter().all(|&m| !all(m)))
                    .count() as i8;
                i32::from(chain.rule.score(junctions, extended, child as i8))
            }
            None => move_score(board.boxes().completes(at, unit.line()), child),
        };
        moves.extend(unit.lines.lines().map(|line| MoveScore { line, score }));
    }
    moves.sort_by_key(|m| m.line);
    let value = match moves.iter().map(|m| m.score).max() {
        Some(best) => best,
        None => solve.value(store, at)?,
    };
    Ok(Analysis { value, moves })
}

/// Reduces `pos` collapsing chains of at least `min_chain` boxes, solves the reduced subgame
/// in memory (run by `run`, see [`super::quietly`]) and returns its analysis with the
/// reduction.
///
/// Unlike [`super::analyze`]'s, the analysis is exact only where the reduction says so: the
/// value where [`Reduction::exact`] holds, and each move's score where
/// [`Reduction::exact_move`] does ([`Reduction::unproven`] lists the others). The other
/// scores are upper bounds, which may be boxes above the truth (a chain entered while a box
/// stands capturable): read them as exact and a worse move may look best. `answer::answer`
/// marks them so.
pub fn analyze(
    board: &Board,
    pos: Position,
    min_chain: usize,
    run: Runner,
) -> Result<(Analysis, Reduction), RetroError> {
    let reduction = Reduction::new(board, pos, min_chain)?;
    let mut solve = memory_solve(board, &reduction)?;
    let mut store = MemoryStore::new();
    run(&mut solve, &mut store)?;
    let analysis = analysis(&solve, &mut store, &reduction)?;
    Ok((analysis, reduction))
}
