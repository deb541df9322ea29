//! A depth limit for the search, used by the engine (`crate::engine`) past exact reach: at a
//! quiet node (no box to take) with at most `open` open lines the search returns an estimate
//! instead of searching on. Because the cut depends on the position alone (its open lines),
//! the depth-limited value is a function of the position, so the transposition table's
//! bounds stay consistent within one search; searches with different horizons must not
//! share a table. Without a horizon the search is the exact one, unchanged.

use crate::core::{Boxes, Position};

use super::endgame::Endgames;

/// Where to stop and how to estimate there.
#[derive(Clone, Copy)]
pub(crate) struct Horizon {
    /// Quiet positions with at most this many open lines are estimated.
    pub open: u32,
    /// Mixed into the seed the estimate receives (the engine's seed).
    pub seed: u64,
    /// The estimate of a position for the player to move, in net boxes to come (clamped to
    /// the boxes left). Its arguments: the box graph, the position, the position's
    /// canonical mask XOR `seed` (the same for every symmetric image: a seed for any
    /// randomness) and
    /// the thread's memo of loony-endgame values.
    pub eval: fn(&Boxes, Position, u64, &mut Endgames) -> i32,
}
