//! Test fixtures shared by the answer's and the command line's unit tests.

use crate::engine::{Estimate, EstimatedMove};

/// The engine's answer on an empty 1x2 board (7 lines) with the value and move 3 proven,
/// the other scores estimates.
pub(crate) fn valued_estimate() -> Estimate {
    let moves = (0..7)
        .map(|line| EstimatedMove {
            line,
            score: if line == 3 { 0.0 } else { -0.4 },
            exact: line == 3,
        })
        .collect();
    Estimate {
        value: 0.0,
        moves,
        best: 3,
        depth: 4,
        nodes: 1000,
        exact: false,
        value_exact: true,
    }
}
