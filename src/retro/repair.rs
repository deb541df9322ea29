//! [`Solve::repair`]: what to do when a query finds a stored tile damaged.
//!
//! The solver repairs the tiles it reads while computing (a damaged parent is recomputed by
//! [`Solve::plan`]); a tile read only by queries, after the solve finished, is found damaged
//! by the query itself. Every front end (the command line, the browser's worker) then does
//! the same: forget the tile and plan again, so the next steps recompute it. Tested in
//! `tests/retro.rs` with the damaged store the integration tests share.

use crate::store::{StoreError, TileId, TileStore};

use super::{RetroError, Solve};

/// A damaged tile [`Solve::repair`] removed: the next steps of the solve recompute it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Repair {
    /// The tile that was damaged.
    pub tile: TileId,
    /// What was wrong with it (from the store's check).
    pub reason: String,
}

impl Solve {
    /// Handles the error of a query: a damaged tile ([`StoreError::Corrupt`]) is removed from
    /// `store` and the solve planned again (it is no longer finished until the tile is
    /// recomputed); any other error is given back unchanged.
    pub fn repair(
        &mut self,
        store: &mut dyn TileStore,
        error: RetroError,
    ) -> Result<Repair, RetroError> {
        match error {
            RetroError::Store(StoreError::Corrupt { tile, reason }) => {
                self.plan_without(tile, store)?;
                Ok(Repair { tile, reason })
            }
            other => Err(other),
        }
    }
}
