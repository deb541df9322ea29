//! A tile store with one damaged tile: its `load` fails the store's check, as a damaged file
//! would, until the tile is removed.

use dotbox::store::MemoryStore;
use dotbox::store::{StoreError, TileData, TileId, TileStore};

/// A memory store in which the tile `bad`, when set, reads as damaged until it is removed.
pub struct Damaged {
    pub inner: MemoryStore,
    pub bad: Option<TileId>,
    /// How many times a load found the tile damaged.
    pub reported: usize,
    /// How many tiles were saved.
    pub saved: usize,
}

impl Damaged {
    /// Wraps `inner`, with no damaged tile yet.
    pub fn new(inner: MemoryStore) -> Damaged {
        Damaged {
            inner,
            bad: None,
            reported: 0,
            saved: 0,
        }
    }
}

impl TileStore for Damaged {
    fn load(&mut self, tile: TileId) -> Result<Option<TileData>, StoreError> {
        if self.bad == Some(tile) {
            self.reported += 1;
            return Err(StoreError::Corrupt {
                tile,
                reason: "checksum mismatch".into(),
            });
        }
        self.inner.load(tile)
    }
    fn save(&mut self, tile: TileId, data: &TileData) -> Result<(), StoreError> {
        self.saved += 1;
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
    fn bind(&mut self, fingerprint: &str) -> Result<(), StoreError> {
        self.inner.bind(fingerprint)
    }
}
