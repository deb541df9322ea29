//! Test helpers of the retrograde solver shared with other modules' tests.

use crate::chains::is_loony_position;
use crate::core::{move_score, Board, NextLoony, Position, Rules};
use crate::store::MemoryStore;

use super::{memory_solve, quietly, Valuation};

/// Each move's (score, flag) derived from the stored value and flag of the position it leads
/// to, by the documented rules ([`NextLoony::after_move`]) and the chain module's graph test
/// for a loony offer: a path through the value plane that the loony analysis (which reads the
/// pass plane for moves completing no box) does not take. Positions too large for the naive
/// reference are checked this way.
pub(crate) fn moves_from_children(board: &Board, pos: Position) -> Vec<(usize, i32, NextLoony)> {
    let pos = pos.union(board.predrawn());
    let mut solve = memory_solve(board, pos, Rules::default(), Valuation::Loony).unwrap();
    let mut store = MemoryStore::new();
    quietly(&mut solve, &mut store).unwrap();
    let coins = board.boxes();
    board
        .open_lines(pos)
        .lines()
        .map(|line| {
            let (boxes, child) = (board.boxes().completes(pos, line), pos.with(line));
            let (value, flag) = solve.read(&mut store, child).unwrap();
            let loony = boxes == 0 && is_loony_position(coins, child);
            let flag = NextLoony::after_move(flag, boxes > 0, loony);
            (line, move_score(boxes, value), flag)
        })
        .collect()
}
