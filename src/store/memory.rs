//! [`MemoryStore`]: tiles kept in RAM, for in-memory analysis and as the browser's working set.

use std::collections::HashMap;

use super::{StoreError, TileData, TileId, TileStore};

/// Tiles in a hash map; `save` shares the tile's buffer instead of copying it.
#[derive(Debug, Default)]
pub struct MemoryStore {
    tiles: HashMap<TileId, TileData>,
}

impl MemoryStore {
    /// An empty store.
    pub fn new() -> MemoryStore {
        MemoryStore::default()
    }

    /// Bytes held by the stored tiles.
    pub fn bytes(&self) -> usize {
        self.tiles.values().map(|t| t.len()).sum()
    }
}

impl TileStore for MemoryStore {
    fn load(&mut self, tile: TileId) -> Result<Option<TileData>, StoreError> {
        Ok(self.tiles.get(&tile).cloned())
    }

    fn save(&mut self, tile: TileId, data: &TileData) -> Result<(), StoreError> {
        self.tiles.insert(tile, data.clone());
        Ok(())
    }

    fn contains(&mut self, tile: TileId) -> Result<bool, StoreError> {
        Ok(self.tiles.contains_key(&tile))
    }

    fn remove(&mut self, tile: TileId) -> Result<(), StoreError> {
        self.tiles.remove(&tile);
        Ok(())
    }
}
