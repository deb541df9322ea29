//! [`Solve::repair`]: what to do when a query finds a stored tile damaged.
//!
//! The solver repairs the tiles it reads while computing (a damaged parent is recomputed by
//! [`Solve::plan`]); a tile read only by queries, after the solve finished, is found damaged
//! by the query itself. Every front end (the command line, the browser's worker) then does
//! the same: forget the tile and plan again, so the next steps recompute it.

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
                store.remove(tile)?;
                self.plan(store)?;
                Ok(Repair { tile, reason })
            }
            other => Err(other),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Board;
    use crate::store::memory::MemoryStore;
    use crate::store::TileData;

    /// A store whose `load` of one tile fails its check, as a damaged file would.
    struct Damaged {
        inner: MemoryStore,
        bad: Option<TileId>,
    }

    impl TileStore for Damaged {
        fn load(&mut self, tile: TileId) -> Result<Option<TileData>, StoreError> {
            if self.bad == Some(tile) {
                return Err(StoreError::Corrupt {
                    tile,
                    reason: "checksum mismatch".into(),
                });
            }
            self.inner.load(tile)
        }
        fn save(&mut self, tile: TileId, data: &TileData) -> Result<(), StoreError> {
            self.inner.save(tile, data)
        }
        fn contains(&mut self, tile: TileId) -> Result<bool, StoreError> {
            self.inner.contains(tile)
        }
        fn remove(&mut self, tile: TileId) -> Result<(), StoreError> {
            if self.bad == Some(tile) {
                self.bad = None;
            }
            self.inner.remove(tile)
        }
    }

    #[test]
    fn a_damaged_tile_is_removed_recomputed_and_answers_again() {
        let board = Board::new(2, 2).unwrap();
        let mut solve = Solve::new(&board, board.start(), 1).unwrap();
        let mut store = Damaged {
            inner: MemoryStore::new(),
            bad: None,
        };
        solve.run(&mut store, &mut |_| {}).unwrap();
        let expected = solve.analysis(&mut store, board.start()).unwrap();
        // A later run over the same store, holding no tile in memory: queries read the store.
        let mut solve = Solve::new(&board, board.start(), 1).unwrap();
        solve.plan(&mut store).unwrap();
        assert!(solve.is_finished());
        let (tile, _) = solve.layout().locate(board.start().with(0)).unwrap();
        store.bad = Some(tile);
        let error = solve.analysis(&mut store, board.start()).unwrap_err();
        let repair = solve.repair(&mut store, error).unwrap();
        assert_eq!(repair.tile, tile);
        assert_eq!(repair.reason, "checksum mismatch");
        assert!(!solve.is_finished(), "the removed tile is planned again");
        solve.run(&mut store, &mut |_| {}).unwrap();
        assert_eq!(solve.analysis(&mut store, board.start()).unwrap(), expected);
        let other = solve.repair(&mut store, RetroError::NotLoony).unwrap_err();
        assert!(matches!(other, RetroError::NotLoony));
    }
}
