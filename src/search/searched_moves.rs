//! The moves a node with no box to take searches: both of the search's exact rules for such
//! a node, in the one order that keeps them exact. The exact search and the engine's trees
//! below their root both take their moves from here.

use crate::core::symmetry::InterchangeableSets;
use crate::core::{Boxes, Position};

use super::chain_moves::redundant_chain_moves;

/// The open lines (`open`, those of `pos` not drawn) that a node of `pos` with no box to take
/// searches: the chain-move rule's (one offer per chain or loop; all of them with
/// `chain_rule` off, as the tests switch it), then of each interchangeable set of `swaps` (a
/// box's open border lines) the first of the lines kept.
///
/// The order matters: applied after the chain rule, the swap rule keeps in each set one of
/// the lines the chain rule kept, so no class of equal moves loses all its lines.
pub(crate) fn searched_moves(
    boxes: &Boxes,
    swaps: &InterchangeableSets,
    pos: Position,
    open: Position,
    chain_rule: bool,
) -> Position {
    let kept = match chain_rule {
        true => open.difference(redundant_chain_moves(boxes, pos)),
        false => open,
    };
    kept.difference(swaps.repeated_moves(kept))
}
