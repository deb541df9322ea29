//! [`IdbStore`]: the core's [`TileStore`] over IndexedDB.
//!
//! The trait is synchronous and IndexedDB is not, so the store is write-behind over a
//! memory cache: a synchronous `load` of a stored tile that is not in memory fails and
//! records a miss; the worker then awaits [`IdbStore::prefetch`] of the missed tiles and
//! retries (a solver step reads only the parents its solve does not hold already, so exactly
//! those are read). Saved tiles stay in memory (shared with the solver, no copy) until
//! [`IdbStore::flush`] writes them, the deletions and the solve's tile listing in one
//! transaction, so the listing and the stored tiles never disagree. [`IdbStore::flush`]
//! starts the write (and first awaits the one before, so writes land in order) and
//! [`IdbStore::settle`] awaits it, so a write's error (a full quota) stops the solve and
//! everything written before stays. When to flush is the solver's choice (a checkpoint,
//! [`super::solver`]): a tile saved and removed between two flushes is never written, and a
//! flush covers every save before it ([`IdbStore::saves_stored`]), so after a reload the
//! solve resumes from the last committed flush.
//! Each tile is stored encoded by [`crate::store::codec`], so a damaged or foreign tile is
//! caught at prefetch and then reads as [`StoreError::Corrupt`]: the solve removes it and
//! recomputes it.

use std::collections::{BTreeMap, HashMap};
use std::io;

use js_sys::{Array, Reflect, Uint8Array};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

use crate::store::codec;
use crate::store::{StoreError, TileData, TileId, TileStore, MAX_GROUPS};

#[wasm_bindgen(module = "/www/idb.js")]
extern "C" {
    #[wasm_bindgen(js_name = openDb, catch)]
    async fn open_db(name: &str) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(js_name = getSolve, catch)]
    async fn get_solve(db: &JsValue, fp: &str) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(js_name = getTiles, catch)]
    async fn get_tiles(db: &JsValue, fp: &str, ids: Array) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(js_name = tileBlob)]
    fn tile_blob(header: &[u8], values: &[i8]) -> JsValue;
    #[wasm_bindgen(js_name = writeTiles)]
    fn write_tiles(
        db: &JsValue,
        fp: &str,
        puts: Array,
        removes: Array,
        record: JsValue,
    ) -> js_sys::Promise;
}

/// Why an IndexedDB call failed, in the store's terms: the browser's error as an
/// [`io::Error`] (its message), a `QuotaExceededError` as [`StoreError::QuotaExceeded`],
/// anything else as [`StoreError::Io`].
fn store_error(e: JsValue) -> StoreError {
    let field = |name: &str| {
        Reflect::get(&e, &name.into())
            .ok()
            .and_then(|v| v.as_string())
            .unwrap_or_default()
    };
    let (name, message) = (field("name"), field("message"));
    let message = match (message.is_empty(), name.is_empty()) {
        (false, _) => message,
        (true, false) => name.clone(),
        (true, true) => e.as_string().unwrap_or_else(|| "unknown error".to_string()),
    };
    if name == "QuotaExceededError" {
        let error = io::Error::new(io::ErrorKind::QuotaExceeded, message);
        StoreError::io("the browser refused more storage", error)
    } else {
        StoreError::io("IndexedDB", io::Error::other(message))
    }
}

/// The IndexedDB key of a tile: its line counts per group.
fn tile_key(tile: TileId) -> Array {
    tile.counts().iter().map(|&c| JsValue::from(c)).collect()
}

/// Tiles of one solve in IndexedDB, behind a memory cache the solver reads synchronously.
pub struct IdbStore {
    db: JsValue,
    fingerprint: String,
    label: String,
    /// Every tile stored or about to be stored by the next flush, with its encoded size.
    sizes: BTreeMap<TileId, u32>,
    /// Tiles available to `load`: prefetched since the last eviction, or saved since the
    /// last flush.
    cache: HashMap<TileId, TileData>,
    /// Saved since the last flush (shared with the solver, encoded only when written).
    puts: Vec<(TileId, TileData)>,
    /// Removed since the last flush.
    removes: Vec<TileId>,
    /// Stored tiles that failed their check at prefetch, with why: `load` reports them as
    /// corrupt until they are removed or saved again.
    damaged: HashMap<TileId, String>,
    /// Stored tiles `load` was asked for without a prefetch; see [`IdbStore::take_misses`].
    misses: Vec<TileId>,
    finished: bool,
    /// The write transaction [`IdbStore::flush`] started last, until awaited.
    writing: Option<JsFuture>,
    /// Encoded bytes of the tiles IndexedDB holds: as listed when opened, then as of the
    /// last write that committed.
    written: u64,
    /// What `written` becomes once the write in flight commits.
    writing_bytes: u64,
    /// Tiles saved since the store was opened.
    saves: usize,
    /// What `stored_saves` becomes once the write in flight commits.
    writing_saves: usize,
    /// Saves the last committed write covers: each such tile is stored, or was removed
    /// before that write (no longer needed).
    stored_saves: usize,
}

impl IdbStore {
    /// Opens the tiles of the solve `fingerprint` in database `db_name` (resuming whatever
    /// an earlier visit stored). `label` names the board in the storage panel.
    pub async fn open(
        db_name: &str,
        fingerprint: &str,
        label: &str,
    ) -> Result<IdbStore, StoreError> {
        let db = open_db(db_name).await.map_err(store_error)?;
        let record = get_solve(&db, fingerprint).await.map_err(store_error)?;
        let mut sizes = BTreeMap::new();
        let mut finished = false;
        if !record.is_undefined() {
            let tiles = Reflect::get(&record, &"tiles".into()).map_err(store_error)?;
            for entry in Array::from(&tiles).iter() {
                let entry = Array::from(&entry);
                // [count per group.., size]
                let nums: Vec<f64> = entry.iter().map(|v| v.as_f64().unwrap_or(-1.0)).collect();
                let damaged = || {
                    let error = io::Error::new(io::ErrorKind::InvalidData, "it is damaged");
                    let context = format!("cannot read the tile listing of solve '{fingerprint}'");
                    StoreError::io(context, error)
                };
                let (&size, counts) = nums.split_last().ok_or_else(damaged)?;
                if counts.is_empty()
                    || counts.len() > MAX_GROUPS
                    || counts.iter().any(|c| !(0.0..256.0).contains(c))
                    || size < 0.0
                {
                    return Err(damaged());
                }
                let counts: Vec<u8> = counts.iter().map(|&c| c as u8).collect();
                sizes.insert(TileId::new(&counts), size as u32);
            }
            finished = Reflect::get(&record, &"finished".into())
                .map_err(store_error)?
                .is_truthy();
        }
        let written = sizes.values().map(|&s| u64::from(s)).sum();
        Ok(IdbStore {
            written,
            writing_bytes: written,
            saves: 0,
            writing_saves: 0,
            stored_saves: 0,
            db,
            fingerprint: fingerprint.to_string(),
            label: label.to_string(),
            sizes,
            cache: HashMap::new(),
            puts: Vec::new(),
            removes: Vec::new(),
            damaged: HashMap::new(),
            misses: Vec::new(),
            finished,
            writing: None,
        })
    }

    /// Reads the stored tiles among `tiles` that are not cached yet into the cache. Tiles
    /// that fail their check are returned and read as corrupt from then on, until removed.
    pub async fn prefetch(&mut self, tiles: &[TileId]) -> Result<Vec<TileId>, StoreError> {
        let wanted: Vec<TileId> = tiles
            .iter()
            .copied()
            .filter(|t| {
                self.sizes.contains_key(t)
                    && !self.cache.contains_key(t)
                    && !self.damaged.contains_key(t)
            })
            .collect();
        if wanted.is_empty() {
            return Ok(Vec::new());
        }
        let ids: Array = wanted.iter().map(|&t| JsValue::from(tile_key(t))).collect();
        let found = Array::from(
            &get_tiles(&self.db, &self.fingerprint, ids)
                .await
                .map_err(store_error)?,
        );
        let mut bad = Vec::new();
        for (tile, bytes) in wanted.into_iter().zip(found.iter()) {
            let decoded = match bytes.dyn_into::<Uint8Array>() {
                Ok(bytes) => codec::decode(&bytes.to_vec(), &self.fingerprint, tile),
                Err(_) => Err(StoreError::Corrupt {
                    tile,
                    reason: "listed but missing".into(),
                }),
            };
            match decoded {
                Ok(data) => {
                    self.cache.insert(tile, data);
                }
                Err(e @ StoreError::Corrupt { .. }) => {
                    self.damaged.insert(tile, e.to_string());
                    bad.push(tile);
                }
                Err(e) => return Err(e),
            }
        }
        Ok(bad)
    }

    /// Forgets every cached tile not waiting for a flush: the cache holds one step's or one
    /// query's working set, while the solver keeps its own copies of the tiles it still needs.
    pub fn evict(&mut self) {
        let puts = &self.puts;
        self.cache.retain(|t, _| puts.iter().any(|(p, _)| p == t));
    }

    /// Whether saves or removals wait for a flush.
    pub fn dirty(&self) -> bool {
        !self.puts.is_empty() || !self.removes.is_empty()
    }

    /// Starts writing everything saved or removed since the last flush, with the solve's
    /// listing, in one transaction, and drops the written tiles from the cache. It first
    /// awaits the write the previous flush started, so writes land in order and at most one
    /// is in flight while the solver computes on; [`IdbStore::settle`] awaits the last one.
    /// On error (of either write) nothing of that write is stored and the store must be
    /// reopened; tiles written before stay stored, listed by the record written with them.
    pub async fn flush(&mut self) -> Result<(), StoreError> {
        self.settle().await?;
        let puts = Array::new();
        self.writing_saves = self.saves;
        for (t, data) in self.puts.drain(..) {
            self.cache.remove(&t);
            // Header and values copied once, from wasm memory straight into a Blob.
            let header = codec::header(&self.fingerprint, t, &data);
            self.sizes.insert(t, (header.len() + data.len()) as u32);
            let blob = tile_blob(&header, &data);
            let entry = tile_key(t);
            entry.push(&blob);
            puts.push(&entry);
        }
        let removes: Array = self
            .removes
            .drain(..)
            .map(|t| JsValue::from(tile_key(t)))
            .collect();
        let record = self.record()?;
        self.writing_bytes = self.bytes();
        self.writing = Some(JsFuture::from(write_tiles(
            &self.db,
            &self.fingerprint,
            puts,
            removes,
            record,
        )));
        Ok(())
    }

    /// Awaits the write the last flush started: once this returns, everything flushed is
    /// stored (or the error says why not).
    pub async fn settle(&mut self) -> Result<(), StoreError> {
        if let Some(writing) = self.writing.take() {
            writing.await.map_err(store_error)?;
            self.written = self.writing_bytes;
            self.stored_saves = self.writing_saves;
        }
        Ok(())
    }

    /// How many of the tiles saved since the store was opened the last committed write
    /// covers (each is stored, or was removed before it), so a solve reopened now finds
    /// at least that much of its work done.
    pub fn saves_stored(&self) -> usize {
        self.stored_saves
    }

    /// Marks the solve finished (stored at the next flush), so the next visit knows it
    /// can answer at once.
    pub fn set_finished(&mut self, finished: bool) {
        self.finished = finished;
    }

    /// Whether the stored solve finished (the tests read it; the page reads the record).
    #[cfg(test)]
    pub fn finished(&self) -> bool {
        self.finished
    }

    /// Stored tiles `load` wanted but that were not prefetched, since the last call: the
    /// caller prefetches them and retries (how analysis finds its tiles without knowing
    /// the solver's tiling).
    pub fn take_misses(&mut self) -> Vec<TileId> {
        std::mem::take(&mut self.misses)
    }

    /// Encoded bytes of the tiles IndexedDB holds for certain (what the storage panel lists),
    /// not counting a write still in flight or tiles not flushed yet.
    pub fn written_bytes(&self) -> u64 {
        self.written
    }

    /// Encoded bytes of every stored tile, with those about to be stored by the next flush
    /// (counted by their values' size until then).
    pub fn bytes(&self) -> u64 {
        self.sizes.values().map(|&s| u64::from(s)).sum()
    }

    /// Number of stored tiles (the tests count them; the page reads [`Self::bytes`]).
    #[cfg(test)]
    pub fn tiles(&self) -> usize {
        self.sizes.len()
    }

    fn record(&self) -> Result<JsValue, StoreError> {
        let tiles: Array = self
            .sizes
            .iter()
            .map(|(t, &size)| {
                let entry = tile_key(*t);
                entry.push(&size.into());
                JsValue::from(entry)
            })
            .collect();
        let record = js_sys::Object::new();
        let set = |k: &str, v: &JsValue| {
            Reflect::set(&record, &k.into(), v)
                .map(drop)
                .map_err(store_error)
        };
        set("fingerprint", &self.fingerprint.as_str().into())?;
        set("label", &self.label.as_str().into())?;
        set("tiles", &tiles)?;
        set("bytes", &(self.bytes() as f64).into())?;
        set("finished", &self.finished.into())?;
        set("updated", &js_sys::Date::now().into())?;
        Ok(record.into())
    }
}

impl TileStore for IdbStore {
    fn load(&mut self, tile: TileId) -> Result<Option<TileData>, StoreError> {
        if let Some(data) = self.cache.get(&tile) {
            return Ok(Some(data.clone()));
        }
        if let Some(reason) = self.damaged.get(&tile) {
            return Err(StoreError::Corrupt {
                tile,
                reason: reason.clone(),
            });
        }
        if self.sizes.contains_key(&tile) {
            self.misses.push(tile);
            let error = "stored but not read from IndexedDB yet";
            let error = io::Error::new(io::ErrorKind::WouldBlock, error);
            return Err(StoreError::io(format!("cannot load {tile}"), error));
        }
        Ok(None)
    }

    fn save(&mut self, tile: TileId, data: &TileData) -> Result<(), StoreError> {
        // The values' size until the flush records the encoded size.
        self.saves += 1;
        self.sizes.insert(tile, data.len() as u32);
        self.damaged.remove(&tile);
        self.cache.insert(tile, data.clone());
        self.removes.retain(|&t| t != tile);
        self.puts.retain(|(t, _)| *t != tile);
        self.puts.push((tile, data.clone()));
        Ok(())
    }

    fn contains(&mut self, tile: TileId) -> Result<bool, StoreError> {
        Ok(self.sizes.contains_key(&tile))
    }

    fn remove(&mut self, tile: TileId) -> Result<(), StoreError> {
        self.sizes.remove(&tile);
        self.damaged.remove(&tile);
        self.cache.remove(&tile);
        self.puts.retain(|(t, _)| *t != tile);
        self.removes.push(tile);
        Ok(())
    }

    fn bind(&mut self, fingerprint: &str) -> Result<(), StoreError> {
        crate::store::check_bound(&self.fingerprint, fingerprint)
    }
}
