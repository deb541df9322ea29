//! [`quick_move`]: the rules a careful human follows, with no claim of optimality: the
//! baseline the engine is measured against (`dotbox analyze --method rules`).
//!
//! In order: take a box when one can be taken; else draw a line that gives nothing away (no
//! box gets its third side), chosen at random so games differ; else give away the fewest
//! boxes the opponent can then take one after the other.

use crate::core::{Board, Position};

/// Why [`quick_move`] chose its move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QuickReason {
    /// It completes a box.
    Capture,
    /// It gives the opponent no box.
    Safe,
    /// Every line gives boxes away; this one gives the fewest.
    Sacrifice,
}

/// A move for `pos` by the rules above (`None` on a full board). `random` in `[0, 1)` picks
/// among equally good lines.
pub fn quick_move(board: &Board, pos: Position, random: f64) -> Option<(usize, QuickReason)> {
    let boxes = board.boxes();
    let open: Vec<usize> = board.open_lines(pos).lines().collect();
    let pick =
        |lines: &[usize]| lines[((random * lines.len() as f64) as usize).min(lines.len() - 1)];
    if let Some(&line) = open.iter().find(|&&l| boxes.completes(pos, l) > 0) {
        return Some((line, QuickReason::Capture));
    }
    let safe: Vec<usize> = open
        .iter()
        .copied()
        .filter(|&l| !boxes.offers(pos, l))
        .collect();
    if !safe.is_empty() {
        return Some((pick(&safe), QuickReason::Safe));
    }
    // No box can be taken here: a line gives what the opponent then takes.
    let given: Vec<u32> = open
        .iter()
        .map(|&l| boxes.given_by(pos, l, u32::MAX))
        .collect();
    let least = *given.iter().min()?;
    let fewest: Vec<usize> = open
        .iter()
        .zip(&given)
        .filter(|(_, &g)| g == least)
        .map(|(&l, _)| l)
        .collect();
    Some((pick(&fewest), QuickReason::Sacrifice))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn takes_a_box_then_plays_safe_then_gives_the_least() {
        let board = Board::new(2, 2).unwrap();
        let start = board.start();
        let (line, why) = quick_move(&board, start, 0.5).unwrap();
        assert_eq!(why, QuickReason::Safe);
        assert!(!board.boxes().offers(start, line));
        // Three sides of box (0,0) drawn: the fourth is taken.
        let three = board.boxes().other_sides(0).next().unwrap();
        assert_eq!(
            quick_move(&board, three, 0.0).unwrap(),
            (0, QuickReason::Capture)
        );
        // On a full board nothing is left to play.
        assert_eq!(quick_move(&board, board.all_lines(), 0.3), None);
    }

    #[test]
    fn a_forced_sacrifice_gives_the_fewest_boxes() {
        let board = Board::new(1, 3).unwrap();
        // Every line drawn but the three that separate or close the boxes' far sides: find a
        // position with no safe move by drawing safe moves until none is left.
        let mut pos = board.start();
        while let Some((l, QuickReason::Safe)) = quick_move(&board, pos, 0.0) {
            pos = pos.with(l);
        }
        let (line, why) = quick_move(&board, pos, 0.0).unwrap();
        assert_eq!(why, QuickReason::Sacrifice);
        let least = board
            .open_lines(pos)
            .lines()
            .map(|l| board.boxes().take_all(pos.with(l)).0)
            .min()
            .unwrap();
        assert_eq!(board.boxes().take_all(pos.with(line)).0, least);
    }
}
