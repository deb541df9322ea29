//! Tile storage behind one trait, so the solver never touches a platform.
//!
//! A solve writes each finished tile once and reads the tiles with one more line when it
//! computes the next layer. Backends: [`memory::MemoryStore`] (everything in RAM), the native
//! filesystem store (atomic, checksummed files) and, in the browser, IndexedDB. A store is
//! opened for one solve, named by the solve's fingerprint, so tiles of different solves never
//! mix.

pub mod cache;
pub mod codec;
#[cfg(not(target_arch = "wasm32"))]
pub mod fs;
pub mod memory;

use std::fmt;
use std::sync::Arc;

/// A tile's place in its solve: the number of drawn lines in the high and the low line group.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TileId {
    /// Lines drawn in the high group.
    pub hi: u8,
    /// Lines drawn in the low group.
    pub lo: u8,
}

impl TileId {
    /// Lines drawn in the tile's positions (beyond the solve's base position).
    pub const fn lines(self) -> u32 {
        self.hi as u32 + self.lo as u32
    }
}

impl fmt::Display for TileId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "tile ({}, {})", self.hi, self.lo)
    }
}

/// The values of a tile's positions, one signed byte each, shared without copying (a `Vec`
/// inside, so a freshly computed tile becomes `TileData` without a copy).
pub type TileData = Arc<Vec<i8>>;

/// Why a store could not do what was asked. Each variant says what and where.
#[derive(Debug)]
pub enum StoreError {
    /// The backend failed (file system, IndexedDB, quota): its message.
    Io(String),
    /// A stored tile fails its checksum or has the wrong shape; it must be recomputed.
    Corrupt { tile: TileId, reason: String },
    /// The store belongs to another solve.
    Foreign { expected: String, found: String },
    /// The backend ran out of space; every tile saved before is kept.
    QuotaExceeded(String),
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::Io(msg) => write!(f, "tile store: {msg}"),
            StoreError::Corrupt { tile, reason } => {
                write!(f, "tile store: {tile} is corrupt: {reason}")
            }
            StoreError::Foreign { expected, found } => write!(
                f,
                "tile store belongs to another solve: expected '{expected}', found '{found}'"
            ),
            StoreError::QuotaExceeded(msg) => write!(f, "tile store is full: {msg}"),
        }
    }
}

impl std::error::Error for StoreError {}

/// Persistent or in-memory home of finished tiles.
///
/// Contract: `save` makes the tile durable before returning (a crash after it returns keeps
/// the tile), `load` returns exactly what was saved or an error, never a silently damaged
/// tile. Not `Send`-bound: the browser's store is single-threaded.
pub trait TileStore {
    /// The tile if it has been saved; `Err(Corrupt)` if it is stored but damaged.
    fn load(&mut self, tile: TileId) -> Result<Option<TileData>, StoreError>;
    /// Stores a finished tile.
    fn save(&mut self, tile: TileId, data: &TileData) -> Result<(), StoreError>;
    /// Whether a finished tile is stored (without reading it when the backend can avoid it).
    fn contains(&mut self, tile: TileId) -> Result<bool, StoreError>;
    /// Forgets a tile no longer needed (layers deeper than a book's depth).
    fn remove(&mut self, tile: TileId) -> Result<(), StoreError>;
}
