//! [`CachedStore`]: a read-through cache over another store, for many queries of few tiles.
//!
//! A book is written by asking a solve for the value of every canonical position, layer by
//! layer; each query reads one tile. Over a persistent backend that would read a tile file per
//! query. The cache keeps what it read (and what it saved) in memory; [`CachedStore::retain`]
//! drops what is no longer wanted, such as the layers already written.

use std::collections::HashMap;

use super::{StoreError, TileData, TileId, TileStore};

/// Tiles read from or written to `inner`, kept in memory.
pub struct CachedStore<'a> {
    inner: &'a mut dyn TileStore,
    tiles: HashMap<TileId, TileData>,
}

impl<'a> CachedStore<'a> {
    /// An empty cache in front of `inner`.
    pub fn new(inner: &'a mut dyn TileStore) -> CachedStore<'a> {
        CachedStore {
            inner,
            tiles: HashMap::new(),
        }
    }

    /// Keeps only the cached tiles for which `keep` is true (the backend keeps everything).
    pub fn retain(&mut self, mut keep: impl FnMut(TileId) -> bool) {
        self.tiles.retain(|&t, _| keep(t));
    }

    /// Number of tiles held in memory.
    pub fn cached(&self) -> usize {
        self.tiles.len()
    }
}

impl TileStore for CachedStore<'_> {
    fn load(&mut self, tile: TileId) -> Result<Option<TileData>, StoreError> {
        if let Some(data) = self.tiles.get(&tile) {
            return Ok(Some(data.clone()));
        }
        let data = self.inner.load(tile)?;
        if let Some(d) = &data {
            self.tiles.insert(tile, d.clone());
        }
        Ok(data)
    }

    fn save(&mut self, tile: TileId, data: &TileData) -> Result<(), StoreError> {
        self.inner.save(tile, data)?;
        self.tiles.insert(tile, data.clone());
        Ok(())
    }

    fn contains(&mut self, tile: TileId) -> Result<bool, StoreError> {
        Ok(self.tiles.contains_key(&tile) || self.inner.contains(tile)?)
    }

    fn remove(&mut self, tile: TileId) -> Result<(), StoreError> {
        self.tiles.remove(&tile);
        self.inner.remove(tile)
    }

    fn bind(&mut self, fingerprint: &str) -> Result<(), StoreError> {
        self.inner.bind(fingerprint)
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::store::MemoryStore;

    /// Counts the loads that reach the backend.
    struct Counting {
        inner: MemoryStore,
        loads: usize,
    }

    impl TileStore for Counting {
        fn load(&mut self, tile: TileId) -> Result<Option<TileData>, StoreError> {
            self.loads += 1;
            self.inner.load(tile)
        }
        fn save(&mut self, tile: TileId, data: &TileData) -> Result<(), StoreError> {
            self.inner.save(tile, data)
        }
        fn contains(&mut self, tile: TileId) -> Result<bool, StoreError> {
            self.inner.contains(tile)
        }
        fn remove(&mut self, tile: TileId) -> Result<(), StoreError> {
            self.inner.remove(tile)
        }
        fn bind(&mut self, fingerprint: &str) -> Result<(), StoreError> {
            self.inner.bind(fingerprint)
        }
    }

    #[test]
    fn reads_each_tile_once_until_dropped() {
        let (a, b) = (TileId::pair(0, 1), TileId::pair(2, 0));
        let data: TileData = Arc::new(vec![1i8, -2, 3]);
        let mut backend = Counting {
            inner: MemoryStore::new(),
            loads: 0,
        };
        backend.save(a, &data).unwrap();
        backend.save(b, &data).unwrap();
        let mut cache = CachedStore::new(&mut backend);
        for _ in 0..3 {
            assert_eq!(cache.load(a).unwrap(), Some(data.clone()));
            assert_eq!(cache.load(b).unwrap(), Some(data.clone()));
        }
        assert_eq!(cache.load(TileId::pair(5, 5)).unwrap(), None);
        assert_eq!(cache.cached(), 2);
        cache.retain(|t| t.lines() >= 2);
        assert_eq!(cache.cached(), 1);
        cache.load(a).unwrap();
        cache.remove(b).unwrap();
        assert!(!cache.contains(b).unwrap());
        assert!(cache.contains(a).unwrap());
        drop(cache);
        assert_eq!(backend.loads, 4);
        assert!(!backend.contains(b).unwrap());
    }
}
