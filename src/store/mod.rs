//! Tile storage behind one trait, so the solver never touches a platform.
//!
//! A solve writes each finished tile once and reads the tiles with one more line when it
//! computes the next layer. Backends: [`MemoryStore`] (everything in RAM), the native
//! filesystem store (`FsStore`: atomic, checksummed files) and, in the browser, IndexedDB. A
//! store belongs to one solve, named by the solve's fingerprint ([`TileStore::bind`]: a
//! persistent store is named when opened, one in memory by its first solve), so tiles of
//! different solves never mix.

#[cfg(not(target_arch = "wasm32"))]
pub mod atomic;
mod cache;
pub mod codec;
#[cfg(not(target_arch = "wasm32"))]
mod fs;
mod memory;

use std::fmt;
use std::io;
use std::sync::Arc;

pub use cache::CachedStore;
#[cfg(not(target_arch = "wasm32"))]
pub use fs::{Access, FsStore};
pub use memory::MemoryStore;

/// Most line groups a tile layout splits the open lines into (the low group and up to seven
/// high groups): enough for every board of at most 64 lines to keep its tiles small.
pub const MAX_GROUPS: usize = 8;

/// A tile's place in its solve: the number of drawn lines in each line group, high groups
/// first and the low group last (a solve's layout fixes how many groups there are).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TileId {
    /// Lines drawn per group; entries past `groups` are zero.
    counts: [u8; MAX_GROUPS],
    groups: u8,
}

impl TileId {
    /// The tile with `counts` lines drawn per group (high groups first, the low group last).
    ///
    /// # Panics
    /// If there are no counts or more than [`MAX_GROUPS`]: layouts never make such tiles.
    pub const fn new(counts: &[u8]) -> TileId {
        assert!(!counts.is_empty() && counts.len() <= MAX_GROUPS);
        let mut all = [0u8; MAX_GROUPS];
        let mut g = 0;
        while g < counts.len() {
            all[g] = counts[g];
            g += 1;
        }
        TileId {
            counts: all,
            groups: counts.len() as u8,
        }
    }

    /// The tile of a two-group layout (one high group, then the low group).
    pub const fn pair(hi: u8, lo: u8) -> TileId {
        TileId::new(&[hi, lo])
    }

    /// Lines drawn per group, high groups first and the low group last.
    pub fn counts(&self) -> &[u8] {
        &self.counts[..usize::from(self.groups)]
    }

    /// Lines drawn in group `g`.
    pub const fn count(&self, g: usize) -> u8 {
        self.counts[g]
    }

    /// Number of line groups.
    pub const fn groups(&self) -> usize {
        self.groups as usize
    }

    /// Lines drawn in the low group (the last one).
    pub const fn lo(&self) -> u8 {
        self.counts[self.groups as usize - 1]
    }

    /// The same tile with group `g` holding `count` lines.
    pub const fn with(self, g: usize, count: u8) -> TileId {
        let mut t = self;
        t.counts[g] = count;
        t
    }

    /// The tile with one more line in group `g`.
    pub const fn up(self, g: usize) -> TileId {
        self.with(g, self.counts[g] + 1)
    }

    /// The tile with one line less in group `g`, if it has one.
    pub const fn down(self, g: usize) -> Option<TileId> {
        match self.counts[g] {
            0 => None,
            c => Some(self.with(g, c - 1)),
        }
    }

    /// Lines drawn in the tile's positions (beyond the solve's base position).
    pub const fn lines(self) -> u32 {
        let mut sum = 0;
        let mut g = 0;
        while g < self.groups as usize {
            sum += self.counts[g] as u32;
            g += 1;
        }
        sum
    }
}

impl fmt::Display for TileId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "tile (")?;
        for (g, c) in self.counts().iter().enumerate() {
            if g > 0 {
                write!(f, ", ")?;
            }
            write!(f, "{c}")?;
        }
        write!(f, ")")
    }
}

/// The values of a tile's positions, one signed byte each, shared without copying (a `Vec`
/// inside, so a freshly computed tile becomes `TileData` without a copy).
pub type TileData = Arc<Vec<i8>>;

/// Why a store could not do what was asked. Each variant says what and where.
#[derive(Debug)]
pub enum StoreError {
    /// The backend failed: what it was doing and on what (`context`, e.g. `cannot write
    /// PATH`), and the error it reported (the file system's, or the browser's as an
    /// [`io::Error`]), which is also the error's [`std::error::Error::source`].
    Io {
        /// What the store was doing and on what, e.g. `cannot write PATH`.
        context: String,
        /// The backend's own error.
        error: io::Error,
    },
    /// A stored tile fails its checksum or has the wrong shape; it must be recomputed.
    Corrupt {
        /// The tile that failed.
        tile: TileId,
        /// What is wrong with it.
        reason: String,
    },
    /// The store belongs to another solve.
    Foreign {
        /// The fingerprint of the solve asking.
        expected: String,
        /// The fingerprint the store was written for (its manifest).
        found: String,
    },
    /// No store where one must already be: a command that only reads or finishes a store
    /// creates none (`FsStore::open_existing`).
    NotFound {
        /// The directory that holds no store.
        dir: std::path::PathBuf,
    },
    /// The backend ran out of space (a full disk, a quota, the browser's storage); every
    /// tile saved before is kept. `context` and `error` as for [`StoreError::Io`].
    QuotaExceeded {
        /// What the store was doing and on what.
        context: String,
        /// The backend's own error.
        error: io::Error,
    },
}

impl StoreError {
    /// The backend's `error` while doing `context`: [`StoreError::QuotaExceeded`] when it
    /// says the space ran out (a full disk or quota), else [`StoreError::Io`].
    pub fn io(context: impl Into<String>, error: io::Error) -> StoreError {
        let context = context.into();
        match error.kind() {
            io::ErrorKind::StorageFull | io::ErrorKind::QuotaExceeded => {
                StoreError::QuotaExceeded { context, error }
            }
            _ => StoreError::Io { context, error },
        }
    }
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::Io { context, error } => write!(f, "tile store: {context}: {error}"),
            StoreError::Corrupt { tile, reason } => {
                write!(f, "tile store: {tile} is corrupt: {reason}")
            }
            StoreError::Foreign { expected, found } => write!(
                f,
                "tile store belongs to another solve: {}; use another store directory, or \
                 remove this one to start over",
                fingerprint_difference(found, expected)
            ),
            StoreError::NotFound { dir } => write!(f, "no store at {}", dir.display()),
            StoreError::QuotaExceeded { context, error } => write!(
                f,
                "tile store is full: {context}: {error}; every finished tile is kept: free \
                 space, then run it again to resume"
            ),
        }
    }
}

impl std::error::Error for StoreError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            StoreError::Io { error, .. } | StoreError::QuotaExceeded { error, .. } => Some(error),
            StoreError::Corrupt { .. }
            | StoreError::Foreign { .. }
            | StoreError::NotFound { .. } => None,
        }
    }
}

/// Where the fingerprint a store holds (`found`) and the one asked for (`expected`) part, as
/// words: the fields (separated by white space) that differ, each as the store has it and as
/// the solve asks. Fingerprints are long (a line order of every line); two whole ones side by
/// side hide the one field that differs, often the board.
fn fingerprint_difference(found: &str, expected: &str) -> String {
    // A field `key=value` is compared with the same key, wherever it stands (a solve with
    // more high groups adds `high=` before `order=`); a word without `=` (the format, the
    // board) with the word in the same place.
    let fields = |text: &str| -> Vec<(String, String)> {
        text.split_whitespace()
            .enumerate()
            .map(|(i, word)| match word.split_once('=') {
                Some((key, _)) => (key.to_string(), word.to_string()),
                None => (format!("#{i}"), word.to_string()),
            })
            .collect()
    };
    let (have, want) = (fields(found), fields(expected));
    let held = |key: &str| have.iter().find(|(k, _)| k == key).map(|(_, w)| w);
    // Another position has other open lines, so another line order: said once, as positions.
    let other_base = matches!(held("base"), Some(h) if want.iter().all(|(_, w)| w != h));
    let mut parts = Vec::new();
    for (key, w) in &want {
        match held(key) {
            Some(h) if h == w => {}
            Some(_) if key == "order" && other_base => {}
            Some(h) => parts.push(format!(
                "it holds {} where this solve has {}",
                field_text(h),
                field_text(w)
            )),
            None => parts.push(format!("it lacks this solve's '{w}'")),
        }
    }
    for (key, h) in &have {
        if !want.iter().any(|(k, _)| k == key) {
            parts.push(format!(
                "it holds {}, which this solve lacks",
                field_text(h)
            ));
        }
    }
    parts.join(", ")
}

/// A fingerprint's field as an error message says it: `base=` (the solve's position, its drawn
/// lines as a hexadecimal bit mask) as the position's lines, which a person recognises; any
/// other field quoted as it is.
fn field_text(word: &str) -> String {
    let lines = |bits: u64| -> String {
        let drawn: Vec<String> = (0..64)
            .filter(|i| bits >> i & 1 == 1)
            .map(|i| i.to_string())
            .collect();
        match drawn.is_empty() {
            true => "the position with no line drawn".to_string(),
            false => format!("the position with lines {} drawn", drawn.join(",")),
        }
    };
    match word.split_once('=') {
        Some(("base", hex)) => u64::from_str_radix(hex, 16)
            .map(lines)
            .unwrap_or_else(|_| format!("'{word}'")),
        _ => format!("'{word}'"),
    }
}

/// [`TileStore::bind`] of a store named `own` when it was opened: `fingerprint` must be it.
pub fn check_bound(own: &str, fingerprint: &str) -> Result<(), StoreError> {
    match own == fingerprint {
        true => Ok(()),
        false => Err(StoreError::Foreign {
            expected: fingerprint.to_string(),
            found: own.to_string(),
        }),
    }
}

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
    /// Binds the store to the solve named `fingerprint`; a solve calls it before it plans,
    /// reads or writes a tile. A store of another solve refuses ([`StoreError::Foreign`]):
    /// two solves can lay out tiles of the same names and sizes, and one's values read as
    /// the other's would be wrong answers, silently. A persistent store is named when opened
    /// and only checks; one in memory is bound by its first solve.
    fn bind(&mut self, fingerprint: &str) -> Result<(), StoreError>;
    /// Bytes the store's tiles take where it keeps them (disk for a file store), if it can
    /// tell cheaply; a solve reports the peak.
    fn stored_bytes(&mut self) -> Option<u64> {
        None
    }
}
