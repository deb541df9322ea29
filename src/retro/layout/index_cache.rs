//! The high indexes and block counts a layout has built, kept behind a lock so that workers
//! computing tiles in parallel share them: an index is built on first use and dropped by the
//! solve when no tile left reads it ([`Layout::retain_indexes`]).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use crate::store::TileId;

use super::super::high::HighIndex;
use super::super::RetroError;
use super::Layout;

/// High indexes and block counts by high counts (a tile id whose low count is 0).
#[derive(Debug, Default)]
pub(super) struct IndexCache {
    /// High indexes built so far.
    indexes: Mutex<HashMap<TileId, Arc<HighIndex>>>,
    /// Blocks per high counts, counted so far.
    block_counts: Mutex<HashMap<TileId, u64>>,
}

impl Clone for IndexCache {
    /// The indexes and block counts built so far.
    fn clone(&self) -> IndexCache {
        let indexes = self.indexes.lock().unwrap_or_else(PoisonError::into_inner);
        let counts = self.block_counts.lock();
        IndexCache {
            indexes: Mutex::new(indexes.clone()),
            block_counts: Mutex::new(counts.unwrap_or_else(PoisonError::into_inner).clone()),
        }
    }
}

impl IndexCache {
    /// The number of blocks of high counts `key`, counted by `count` the first time.
    pub(super) fn blocks(&self, key: TileId, count: impl FnOnce() -> u64) -> u64 {
        let known = self
            .block_counts
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(&key)
            .copied();
        known.unwrap_or_else(|| {
            // Counted without the lock: workers asking for other counts do not wait.
            let count = count();
            let mut counts = self
                .block_counts
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            counts.insert(key, count);
            count
        })
    }
}

/// The key of a tile's high index: its high counts (low count 0).
pub(crate) fn high_key(tile: TileId) -> TileId {
    tile.with(tile.groups() - 1, 0)
}

impl Layout {
    /// The high index of `tile`'s high counts (its blocks, and where every high mask with
    /// those counts is read), built on first use and kept until [`Layout::retain_indexes`]
    /// drops it.
    pub(crate) fn high_index(&self, tile: TileId) -> Result<Arc<HighIndex>, RetroError> {
        let key = high_key(tile);
        let cache = &self.cache.indexes;
        let mut indexes = cache.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(index) = indexes.get(&key) {
            return Ok(index.clone());
        }
        let index = Arc::new(
            HighIndex::build(&self.high, &key.counts()[..self.groups() - 1])
                .map_err(|_| RetroError::NoLayout)?,
        );
        indexes.insert(key, index.clone());
        Ok(index)
    }

    /// Keeps only the high indexes of tiles for which `keep` holds (called with a tile whose
    /// low count is 0), so a solve holds the indexes of the layers it works on.
    pub fn retain_indexes(&self, mut keep: impl FnMut(TileId) -> bool) {
        let cache = &self.cache.indexes;
        let mut indexes = cache.lock().unwrap_or_else(PoisonError::into_inner);
        indexes.retain(|&t, _| keep(t));
    }

    /// Bytes the high index of `tile`'s high counts holds once built
    /// (`HighIndex::bytes_for`): what a step reading it adds to memory where it is not
    /// built yet, counted against the solve's memory budget like a tile.
    pub fn high_index_bytes(&self, tile: TileId) -> u64 {
        let key = high_key(tile);
        let slots = *(self.high.mults(&key.counts()[..self.groups() - 1]))
            .last()
            .expect("at least the unit multiplier");
        HighIndex::bytes_for(slots, self.blocks(tile))
    }

    /// Whether the high index of `tile`'s high counts is built and kept.
    pub fn has_high_index(&self, tile: TileId) -> bool {
        let cache = &self.cache.indexes;
        let indexes = cache.lock().unwrap_or_else(PoisonError::into_inner);
        indexes.contains_key(&high_key(tile))
    }

    /// Bytes held by the high indexes built and kept.
    pub fn index_bytes(&self) -> usize {
        let cache = &self.cache.indexes;
        let indexes = cache.lock().unwrap_or_else(PoisonError::into_inner);
        indexes.values().map(|i| i.bytes()).sum()
    }
}
