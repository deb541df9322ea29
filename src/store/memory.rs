//! [`MemoryStore`]: tiles kept in RAM, for in-memory analysis and as the browser's working set.

use std::collections::HashMap;

use super::{check_bound, StoreError, TileData, TileId, TileStore};

/// Tiles in a hash map; `save` shares the tile's buffer instead of copying it. Bound to the
/// first solve that uses it ([`TileStore::bind`]).
#[derive(Debug, Default)]
pub struct MemoryStore {
    tiles: HashMap<TileId, TileData>,
    /// The fingerprint of the solve the tiles belong to, once one has used the store.
    fingerprint: Option<String>,
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

    fn bind(&mut self, fingerprint: &str) -> Result<(), StoreError> {
        match &self.fingerprint {
            None => {
                self.fingerprint = Some(fingerprint.to_string());
                Ok(())
            }
            Some(own) => check_bound(own, fingerprint),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_store_in_memory_belongs_to_its_first_solve() {
        let mut store = MemoryStore::new();
        store.bind("a").unwrap();
        store.bind("a").unwrap();
        match store.bind("b") {
            Err(StoreError::Foreign { expected, found }) => {
                assert_eq!((expected, found), ("b".into(), "a".into()))
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_foreign_store_names_the_fields_that_differ() {
        let said = |own: &str, asked: &str| check_bound(own, asked).unwrap_err().to_string();
        assert_eq!(
            said("retro 2x2 lo=12 order=0.1", "retro 2x3 lo=12 order=0.2"),
            "tile store belongs to another solve: it holds '2x2' where this solve has '2x3', \
             it holds 'order=0.1' where this solve has 'order=0.2'; use another store \
             directory, or remove this one to start over"
        );
        assert!(
            said("retro 3x3", "retro 3x3 penalty=1").contains("it lacks this solve's 'penalty=1';")
        );
        assert!(said("retro 3x3 penalty=1", "retro 3x3").contains("'penalty=1', which this"));
        // Another position: its lines, not its bit mask, and not the line order it implies.
        assert_eq!(
            said(
                "retro-v1 2x3 base=0000000000000001 order=1.2",
                "retro-v1 2x3 base=0000000000000022 order=0.2"
            ),
            "tile store belongs to another solve: it holds the position with lines 0 drawn \
             where this solve has the position with lines 1,5 drawn; use another store \
             directory, or remove this one to start over"
        );
        assert!(said("r base=0 order=1", "r base=1 order=0").contains("with no line drawn"));
        // Fields are compared by key: a solve with more high groups differs in `high=` alone.
        assert_eq!(
            said(
                "retro 3x4 lo=12 order=0.1",
                "retro 3x4 lo=12 high=8.8 order=0.1"
            ),
            "tile store belongs to another solve: it lacks this solve's 'high=8.8'; use another \
             store directory, or remove this one to start over"
        );
    }
}
