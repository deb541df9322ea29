//! [`FsStore`]: tiles as files in one directory, so a killed solve resumes where it stopped.
//!
//! The directory holds a manifest naming the solve's fingerprint and one file per finished
//! tile, encoded by [`super::codec`]. A tile is written atomically ([`super::atomic`]: a
//! temporary file, synced, renamed over its final name and the directory synced): after
//! `save` returns, a crash leaves either no file or the whole tile, never a torn one. A tile
//! damaged anyway (disk error, a user's edit) fails its checksum and is reported as
//! [`StoreError::Corrupt`] so the solver recomputes it. The manifest is locked while the store
//! is open: two solves never write the same directory at once, while the tasks of one solve
//! split into tasks share it ([`Access`]).

use std::fs::{self, File, TryLockError};
use std::io;
use std::path::{Path, PathBuf};

use super::atomic::{self, Standing, TEMP_SUFFIX};
use super::codec;
use super::{StoreError, TileData, TileId, TileStore};

/// Name of the manifest file inside a store directory.
pub const MANIFEST: &str = "dotbox-store";
/// First line of a manifest: says what the directory is and the manifest's version. Version 2
/// ends with the CRC32 of the lines before it, so a damaged manifest is told from another
/// solve's; version 1, without, is still read.
const MANIFEST_HEADER: &str = "dotbox tile store 2";
const MANIFEST_HEADER_V1: &str = "dotbox tile store 1";

/// How every tile file's name begins (`tile-12-8.bin`), and its temporary file's while
/// written.
const TILE_PREFIX: &str = "tile-";

/// How a process shares a store with others (a lock on the manifest, held while it is open;
/// the operating system releases it when the process ends, even when it is killed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    /// One process alone, a whole solve: refused while another has the store open.
    /// Temporary files left by killed writes are deleted.
    Exclusive,
    /// Alongside other processes with shared access, the tasks of a solve split into tasks
    /// (each writes its own tiles, atomically): refused while a process has it exclusively.
    /// Temporary files are left alone: they may be other tasks' writes in progress.
    Shared,
    /// [`Access::Exclusive`], waiting for the processes that have the store open to close it
    /// (the check that finishes a layer of tasks waits for stragglers).
    ExclusiveWhenFree,
}

/// A tile store in a directory, bound to one solve by its fingerprint.
#[derive(Debug)]
pub struct FsStore {
    dir: PathBuf,
    fingerprint: String,
    /// The open manifest, locked so that one process at a time uses the store; the operating
    /// system releases the lock when the process ends, even when it is killed.
    _lock: File,
}

impl FsStore {
    /// Whether `dir` holds a store that no process has open (its manifest exists and its lock
    /// is free), not written to for `idle`: the temporary store of a solve that was killed, which
    /// nothing else will remove. A store being made right now is not taken for one (its
    /// manifest is younger than `idle`).
    pub fn is_abandoned(dir: &Path, idle: std::time::Duration) -> bool {
        let manifest = dir.join(MANIFEST);
        let Ok(file) = File::open(&manifest) else {
            return false;
        };
        let old = (file.metadata().and_then(|m| m.modified()))
            .is_ok_and(|t| t.elapsed().is_ok_and(|age| age >= idle));
        old && file.try_lock().is_ok()
    }

    /// Opens (creating it if needed) the store in `dir` for the solve named `fingerprint`.
    ///
    /// Errors: [`StoreError::Foreign`] if `dir` is the store of another solve,
    /// [`StoreError::Io`] if `dir` cannot be created or read, is a non-empty directory that is
    /// not a store, has an unreadable manifest, or is open in another process.
    pub fn open(dir: impl AsRef<Path>, fingerprint: &str) -> Result<FsStore, StoreError> {
        FsStore::open_with(dir, fingerprint, Access::Exclusive)
    }

    /// [`FsStore::open`] with the given `access`. Processes that open a new store at once
    /// may refuse each other (each sees the other's manifest being written): a solve split
    /// into tasks creates its store with its first task, the one tile of the full board.
    pub fn open_with(
        dir: impl AsRef<Path>,
        fingerprint: &str,
        access: Access,
    ) -> Result<FsStore, StoreError> {
        FsStore::open_as(dir.as_ref(), fingerprint, access, true)
    }

    /// [`FsStore::open_with`] for a store that must exist already: [`StoreError::NotFound`]
    /// if `dir` holds no store (is missing, or has no manifest), and nothing is created. For
    /// what only reads or finishes a store (checking a layer, a task below the first): such
    /// a command given a mistyped directory must say so, not make an empty store there and
    /// report every tile missing.
    pub fn open_existing(
        dir: impl AsRef<Path>,
        fingerprint: &str,
        access: Access,
    ) -> Result<FsStore, StoreError> {
        FsStore::open_as(dir.as_ref(), fingerprint, access, false)
    }

    /// Opens the store in `dir`, creating it (the directory and its manifest) if `create`.
    fn open_as(
        dir: &Path,
        fingerprint: &str,
        access: Access,
        create: bool,
    ) -> Result<FsStore, StoreError> {
        let dir = dir.to_path_buf();
        if fingerprint.contains('\n') {
            let error = format!("fingerprint {fingerprint:?} spans several lines");
            let error = io::Error::new(io::ErrorKind::InvalidInput, error);
            return Err(StoreError::io(
                format!("cannot open {}", dir.display()),
                error,
            ));
        }
        // create_dir_all would say only "File exists".
        if let Some(what) = not_a_directory(&dir) {
            let error = io::Error::new(io::ErrorKind::AlreadyExists, what);
            return Err(io_error("cannot use", &dir, error));
        }
        if create {
            fs::create_dir_all(&dir).map_err(|e| io_error("cannot create", &dir, e))?;
        }
        let manifest = dir.join(MANIFEST);
        match fs::read(&manifest) {
            Ok(bytes) => check_manifest(&manifest, &bytes, fingerprint)?,
            Err(e) if e.kind() == io::ErrorKind::NotFound && !create => {
                return Err(StoreError::NotFound { dir });
            }
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                let claimed = claim(&dir, fingerprint)?;
                let text = manifest_text(fingerprint);
                // Another process may create the store at the same time: the manifest is
                // created, never replaced, so it is the first one's, whole, and must name this
                // solve (two solves that both replaced it ran on, each locking its own file).
                if let Err(e) = atomic::create_atomically(&manifest, &[text.as_bytes()]) {
                    if !manifest.exists() {
                        return Err(io_error(&format!("cannot {}", e.action), &e.path, e.error));
                    }
                }
                let bytes =
                    fs::read(&manifest).map_err(|e| io_error("cannot read", &manifest, e))?;
                check_manifest(&manifest, &bytes, fingerprint)?;
                if claimed > 0 {
                    crate::stderr::note(format!(
                        "{}: no {MANIFEST}, but {} of this solve: going on with them",
                        dir.display(),
                        crate::core::count_text(claimed, "intact tile", "intact tiles")
                    ));
                }
            }
            Err(e) => return Err(io_error("cannot read", &manifest, e)),
        }
        let lock = lock(&manifest, access)?;
        let store = FsStore {
            dir,
            fingerprint: fingerprint.to_string(),
            _lock: lock,
        };
        if access != Access::Shared {
            store.remove_temporaries()?;
        }
        Ok(store)
    }

    /// The store's directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The fingerprint of the solve the store belongs to.
    pub fn fingerprint(&self) -> &str {
        &self.fingerprint
    }

    /// The file holding `tile`.
    pub fn tile_path(&self, tile: TileId) -> PathBuf {
        let counts: Vec<String> = tile.counts().iter().map(|c| c.to_string()).collect();
        self.dir
            .join(format!("{TILE_PREFIX}{}.bin", counts.join("-")))
    }

    /// Removes the store's own temporary files left by a killed process: a tile's or the
    /// manifest's, half written. Any other file is left alone (a user's `notes.tmp`). A file
    /// that cannot be removed (a read-only file system) is left too: the store never reads
    /// one, and whatever the store must write there says what is wrong.
    fn remove_temporaries(&self) -> Result<(), StoreError> {
        let entries = fs::read_dir(&self.dir).map_err(|e| io_error("cannot list", &self.dir, e))?;
        for entry in entries {
            let entry = entry.map_err(|e| io_error("cannot list", &self.dir, e))?;
            let name = entry.file_name().to_string_lossy().into_owned();
            let ours = name.starts_with(TILE_PREFIX) || name.starts_with(MANIFEST);
            if ours && name.ends_with(TEMP_SUFFIX) {
                let _ = fs::remove_file(entry.path());
            }
        }
        Ok(())
    }
}

impl TileStore for FsStore {
    fn load(&mut self, tile: TileId) -> Result<Option<TileData>, StoreError> {
        let path = self.tile_path(tile);
        match fs::read(&path) {
            // A damaged tile names its file, for whoever looks into the store.
            Ok(bytes) => codec::decode_owned(bytes, &self.fingerprint, tile)
                .map(Some)
                .map_err(|e| match e {
                    StoreError::Corrupt { tile, reason } => StoreError::Corrupt {
                        tile,
                        reason: format!("{reason}; file {}", path.display()),
                    },
                    other => other,
                }),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(io_error("cannot read", &path, e)),
        }
    }

    fn save(&mut self, tile: TileId, data: &TileData) -> Result<(), StoreError> {
        // Header and payload written one after the other: a large tile is never copied.
        let header = codec::header(&self.fingerprint, tile, data);
        let payload: &[u8] = bytemuck::cast_slice(&data[..]);
        write_atomically(&self.tile_path(tile), &[&header, payload])
    }

    fn contains(&mut self, tile: TileId) -> Result<bool, StoreError> {
        let path = self.tile_path(tile);
        match fs::metadata(&path) {
            Ok(meta) => Ok(meta.is_file()),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(false),
            Err(e) => Err(io_error("cannot inspect", &path, e)),
        }
    }

    fn remove(&mut self, tile: TileId) -> Result<(), StoreError> {
        let path = self.tile_path(tile);
        match fs::remove_file(&path) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
            // A read-only file system refuses to remove even a file that is not there: a
            // tile never stored is not an error (the store's first write names the problem).
            Err(_) if !path.try_exists().unwrap_or(true) => Ok(()),
            Err(e) => Err(io_error("cannot remove", &path, e)),
        }
    }

    fn bind(&mut self, fingerprint: &str) -> Result<(), StoreError> {
        super::check_bound(&self.fingerprint, fingerprint)
    }

    fn stored_bytes(&mut self) -> Option<u64> {
        let entries = fs::read_dir(&self.dir).ok()?;
        let sizes = entries.filter_map(|e| Some(e.ok()?.metadata().ok()?.len()));
        Some(sizes.sum())
    }
}

/// What stands at `dir` where a store's directory should, in words ("a character device, not
/// a directory"; "a symbolic link to x, which does not exist"); None for a directory, or
/// nothing (it is made).
fn not_a_directory(dir: &Path) -> Option<String> {
    match Standing::at(dir).ok()? {
        Standing::Nothing => None,
        Standing::Found { meta, .. } if meta.is_dir() => None,
        Standing::Found { meta, link, .. } => Some(format!(
            "{}, not a directory",
            atomic::found_words(&meta, &link)
        )),
        Standing::Broken(why) => Some(why),
    }
}

/// The manifest of the solve `fingerprint` (version 2: with its checksum).
fn manifest_text(fingerprint: &str) -> String {
    let body = format!("{MANIFEST_HEADER}\nfingerprint {fingerprint}\n");
    format!("{body}crc32 {:08x}\n", crc32fast::hash(body.as_bytes()))
}

/// Checks that a manifest's `bytes` name the solve `fingerprint`: intact (version 2 by its
/// checksum), else refused with the way back to the tiles.
fn check_manifest(path: &Path, bytes: &[u8], fingerprint: &str) -> Result<(), StoreError> {
    let text = String::from_utf8_lossy(bytes);
    let mut lines = text.lines();
    let header = lines.next();
    let found = lines.next().and_then(|l| l.strip_prefix("fingerprint "));
    let refuse = |why: &str| {
        let error = format!(
            "{why}; the tiles beside it each name their solve: remove it and run the same \
             command again to go on with them"
        );
        let error = io::Error::new(io::ErrorKind::InvalidData, error);
        Err(StoreError::io(
            format!("cannot read {}", path.display()),
            error,
        ))
    };
    let found = match (header, found, lines.next(), lines.next()) {
        (Some(MANIFEST_HEADER_V1), Some(found), None, None) => found,
        // Intact, it is exactly what this solve's manifest_text writes.
        (Some(MANIFEST_HEADER), Some(found), Some(_), None) if text != manifest_text(found) => {
            return refuse("the manifest is damaged (its checksum does not match)");
        }
        (Some(MANIFEST_HEADER), Some(found), Some(_), None) => found,
        _ => return refuse("not a dotbox tile store manifest (damaged, or of another version)"),
    };
    super::check_bound(found, fingerprint)
}

/// Readies a directory with no manifest to become the store of `fingerprint`: empty, or
/// holding only that solve's tiles (a store whose manifest was lost: the tiles each name their
/// solve), which it keeps; their number. Temporary files of a store (a manifest whose writer
/// was killed, or is writing it now) and a manifest another process has just created do not
/// count; any other file, or an intact tile of another solve, refuses the directory. Each
/// tile is read whole (its checksum covers it): only on this rare path.
fn claim(dir: &Path, fingerprint: &str) -> Result<usize, StoreError> {
    let refuse = |why: String| {
        let error = io::Error::new(io::ErrorKind::AlreadyExists, why);
        StoreError::io(format!("cannot open {}", dir.display()), error)
    };
    let entries = fs::read_dir(dir).map_err(|e| io_error("cannot list", dir, e))?;
    let mut claimed = 0;
    for entry in entries {
        let entry = entry.map_err(|e| io_error("cannot list", dir, e))?;
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.ends_with(TEMP_SUFFIX) || name == MANIFEST {
            continue;
        }
        let tile = name.starts_with(TILE_PREFIX) && name.ends_with(".bin");
        if !tile || !entry.file_type().is_ok_and(|t| t.is_file()) {
            // Named: a store whose damaged manifest was removed as advised may hold a file
            // of the user's, which is what now stands in the way.
            let why = format!(
                "neither empty nor a dotbox tile store (it has no {MANIFEST}, and holds {name}, \
                 which is not a tile): give an empty or new directory, or move {name} away"
            );
            return Err(refuse(why));
        }
        let bytes =
            fs::read(entry.path()).map_err(|e| io_error("cannot read", &entry.path(), e))?;
        match codec::solve_of(&bytes) {
            Some(found) if found == fingerprint => claimed += 1,
            Some(found) => {
                let why =
                    format!("it has no {MANIFEST}, and holds tiles of another solve, '{found}'");
                return Err(refuse(why));
            }
            // Damaged: recomputed when the solve reads it, with a warning.
            None => {}
        }
    }
    Ok(claimed)
}

/// Opens and locks the manifest for `access`.
fn lock(manifest: &Path, access: Access) -> Result<File, StoreError> {
    let file = File::open(manifest).map_err(|e| io_error("cannot open", manifest, e))?;
    let dir = manifest.parent().unwrap_or(manifest).display();
    let tried = match access {
        Access::Exclusive => file.try_lock(),
        Access::Shared => file.try_lock_shared(),
        Access::ExclusiveWhenFree => match file.try_lock() {
            Err(TryLockError::WouldBlock) => {
                crate::stderr::note(format!("waiting for the processes using {dir} to finish"));
                file.lock().map_err(TryLockError::Error)
            }
            other => other,
        },
    };
    match tried {
        Ok(()) => Ok(file),
        Err(TryLockError::WouldBlock) => {
            let error = match access {
                // Another process, or another thread of this one (a Python program's).
                Access::Shared => "in use by a whole solve (another process, or another thread)",
                _ => "in use by another solve (another process, or another thread)",
            };
            let error = io::Error::new(io::ErrorKind::WouldBlock, error);
            Err(StoreError::io(format!("cannot lock {dir}"), error))
        }
        // File systems without locks still get a working store.
        Err(TryLockError::Error(e)) if e.kind() == io::ErrorKind::Unsupported => Ok(file),
        Err(TryLockError::Error(e)) => Err(io_error("cannot lock", manifest, e)),
    }
}

/// [`atomic::write_atomically`], its failure as a store error.
fn write_atomically(path: &Path, parts: &[&[u8]]) -> Result<(), StoreError> {
    atomic::write_atomically(path, parts)
        .map_err(|e| io_error(&format!("cannot {}", e.action), &e.path, e.error))
}

/// The failure `e` of doing `what` to `path` as a store error ([`StoreError::io`]: a full
/// disk or quota is [`StoreError::QuotaExceeded`]).
fn io_error(what: &str, path: &Path, e: io::Error) -> StoreError {
    StoreError::io(format!("{what} {}", path.display()), e)
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;

    const FP: &str = "2x2 base 0 keep 1";
    const TILE: TileId = TileId::pair(2, 1);

    fn data() -> TileData {
        Arc::new((0..500).map(|i| (i % 9 - 4) as i8).collect())
    }

    /// Two solves creating one new store at once: the manifest is the first one's and the
    /// second is refused, never both running on (each had replaced the manifest and locked
    /// its own copy: one in 120 tries of two processes).
    #[test]
    fn of_two_solves_creating_one_store_at_once_one_is_refused() {
        for round in 0..300 {
            let dir = tempfile::tempdir().unwrap();
            let path = dir.path().join("store");
            let start = Arc::new(std::sync::Barrier::new(2));
            let opened = ["2x2 base 0 keep 1", "2x3 base 0 keep 1"].map(|fingerprint| {
                let (path, start) = (path.clone(), start.clone());
                std::thread::spawn(move || {
                    start.wait();
                    FsStore::open(&path, fingerprint).map(|store| store.fingerprint().to_string())
                })
            });
            let opened: Vec<_> = opened.into_iter().map(|t| t.join().unwrap()).collect();
            let winners: Vec<&String> = opened.iter().filter_map(|o| o.as_ref().ok()).collect();
            assert_eq!(winners.len(), 1, "round {round}: {opened:?}");
            let manifest = fs::read_to_string(path.join(MANIFEST)).unwrap();
            assert_eq!(manifest, manifest_text(winners[0]), "round {round}");
        }
    }

    /// A store of the solve `FP` holding `TILE`, closed.
    fn store_with_a_tile() -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        let mut store = FsStore::open(dir.path(), FP).unwrap();
        store.save(TILE, &data()).unwrap();
        dir
    }

    /// Every bit flip of a manifest is told as damage, with the way back to the tiles, never
    /// as another solve's store (whose advice was to remove it, tiles and all).
    #[test]
    fn a_damaged_manifest_is_told_from_another_solves() {
        let dir = store_with_a_tile();
        let path = dir.path().join(MANIFEST);
        let good = fs::read(&path).unwrap();
        for bit in 0..good.len() * 8 {
            let mut bad = good.clone();
            bad[bit / 8] ^= 1 << (bit % 8);
            fs::write(&path, &bad).unwrap();
            let error = FsStore::open(dir.path(), FP).unwrap_err().to_string();
            assert!(
                error.contains("remove it and run the same command again"),
                "bit {bit}: {error}"
            );
            assert!(!error.contains("another solve"), "bit {bit}: {error}");
        }
        // Removed as told: the tiles are the solve's again.
        fs::remove_file(&path).unwrap();
        let mut store = FsStore::open(dir.path(), FP).unwrap();
        assert_eq!(store.load(TILE).unwrap(), Some(data()));
        assert_eq!(fs::read(&path).unwrap(), good);
    }

    /// A directory of tiles without a manifest is this solve's store only if its intact tiles
    /// are this solve's; a manifest written before manifests had a checksum still opens.
    #[test]
    fn tiles_without_a_manifest_are_claimed_by_their_own_solve_only() {
        let dir = store_with_a_tile();
        fs::remove_file(dir.path().join(MANIFEST)).unwrap();
        let error = FsStore::open(dir.path(), "2x3 base 0 keep 1")
            .unwrap_err()
            .to_string();
        assert!(
            error.contains(&format!("holds tiles of another solve, '{FP}'")),
            "{error}"
        );
        assert!(!dir.path().join(MANIFEST).exists());
        let old = format!("{MANIFEST_HEADER_V1}\nfingerprint {FP}\n");
        fs::write(dir.path().join(MANIFEST), &old).unwrap();
        let mut store = FsStore::open(dir.path(), FP).unwrap();
        assert_eq!(store.load(TILE).unwrap(), Some(data()));
    }

    /// A store is abandoned only when no process has it open and it is not new.
    #[test]
    fn a_store_is_abandoned_when_closed_and_idle() {
        let dir = tempfile::tempdir().unwrap();
        let idle = std::time::Duration::from_secs(60);
        assert!(!FsStore::is_abandoned(dir.path(), idle), "no store yet");
        let store = FsStore::open(dir.path(), FP).unwrap();
        let an_hour_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
        (File::options()
            .write(true)
            .open(dir.path().join(MANIFEST))
            .unwrap())
        .set_modified(an_hour_ago)
        .unwrap();
        assert!(!FsStore::is_abandoned(dir.path(), idle), "open, so locked");
        drop(store);
        assert!(FsStore::is_abandoned(dir.path(), idle));
        assert!(!FsStore::is_abandoned(
            dir.path(),
            std::time::Duration::from_secs(7200)
        ));
    }

    fn corrupt_reason(result: Result<Option<TileData>, StoreError>) -> String {
        match result {
            Err(StoreError::Corrupt { tile, reason }) => {
                assert_eq!(tile, TILE);
                reason
            }
            other => panic!("expected Corrupt, got {other:?}"),
        }
    }

    #[test]
    fn tiles_survive_reopening() {
        let dir = tempfile::tempdir().unwrap();
        let mut store = FsStore::open(dir.path(), FP).unwrap();
        assert_eq!(store.load(TILE).unwrap(), None);
        assert!(!store.contains(TILE).unwrap());
        store.save(TILE, &data()).unwrap();
        assert!(store.contains(TILE).unwrap());
        drop(store);
        let mut store = FsStore::open(dir.path(), FP).unwrap();
        assert_eq!(store.load(TILE).unwrap(), Some(data()));
        store.remove(TILE).unwrap();
        store.remove(TILE).unwrap();
        assert_eq!(store.load(TILE).unwrap(), None);
        let leftovers: Vec<_> = fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(leftovers, vec![std::ffi::OsString::from(MANIFEST)]);
    }

    #[test]
    fn truncated_tile_is_corrupt() {
        let dir = tempfile::tempdir().unwrap();
        let mut store = FsStore::open(dir.path(), FP).unwrap();
        store.save(TILE, &data()).unwrap();
        let path = store.tile_path(TILE);
        let bytes = fs::read(&path).unwrap();
        for len in [0, 3, 20, bytes.len() - 1] {
            fs::write(&path, &bytes[..len]).unwrap();
            let reason = corrupt_reason(store.load(TILE));
            assert!(
                reason.contains("truncated") || reason.contains("shorter"),
                "{reason}"
            );
        }
        // Saving again repairs the tile.
        store.save(TILE, &data()).unwrap();
        assert_eq!(store.load(TILE).unwrap(), Some(data()));
    }

    #[test]
    fn bit_flip_is_corrupt() {
        let dir = tempfile::tempdir().unwrap();
        let mut store = FsStore::open(dir.path(), FP).unwrap();
        store.save(TILE, &data()).unwrap();
        let path = store.tile_path(TILE);
        let good = fs::read(&path).unwrap();
        for i in (0..good.len()).step_by(37) {
            let mut bad = good.clone();
            bad[i] ^= 0x10;
            fs::write(&path, &bad).unwrap();
            corrupt_reason(store.load(TILE));
        }
    }

    #[test]
    fn tile_file_under_another_name_is_corrupt() {
        let dir = tempfile::tempdir().unwrap();
        let mut store = FsStore::open(dir.path(), FP).unwrap();
        let other = TileId::pair(0, 3);
        store.save(other, &data()).unwrap();
        fs::copy(store.tile_path(other), store.tile_path(TILE)).unwrap();
        assert!(corrupt_reason(store.load(TILE)).contains("tile (0, 3)"));
    }

    #[test]
    fn store_of_another_solve_is_foreign() {
        let dir = tempfile::tempdir().unwrap();
        FsStore::open(dir.path(), "3x3 base 0 keep 0").unwrap();
        match FsStore::open(dir.path(), FP) {
            Err(StoreError::Foreign { expected, found }) => {
                assert_eq!(expected, FP);
                assert_eq!(found, "3x3 base 0 keep 0");
            }
            other => panic!("expected Foreign, got {other:?}"),
        }
    }

    #[test]
    fn tile_copied_from_another_solve_is_corrupt() {
        // Not this solve's tile: recomputed like a damaged one, the store still usable.
        let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
        let mut other = FsStore::open(a.path(), "3x3 base 0 keep 0").unwrap();
        other.save(TILE, &data()).unwrap();
        let mut store = FsStore::open(b.path(), FP).unwrap();
        fs::copy(other.tile_path(TILE), store.tile_path(TILE)).unwrap();
        assert!(corrupt_reason(store.load(TILE)).contains("another solve, '3x3 base 0 keep 0'"));
    }

    #[test]
    fn unrelated_or_damaged_directories_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        fs::write(dir.path().join("notes.txt"), "mine").unwrap();
        let e = FsStore::open(dir.path(), FP).unwrap_err().to_string();
        assert!(e.contains("neither empty nor a dotbox tile store"), "{e}");
        assert!(e.contains("holds notes.txt, which is not a tile"), "{e}");

        let dir = tempfile::tempdir().unwrap();
        fs::write(dir.path().join(MANIFEST), "garbage").unwrap();
        let e = FsStore::open(dir.path(), FP).unwrap_err().to_string();
        assert!(e.contains("not a dotbox tile store manifest"), "{e}");

        let file = dir.path().join("plain-file");
        fs::write(&file, "x").unwrap();
        let err = FsStore::open(&file, FP).unwrap_err();
        let e = err.to_string();
        assert!(
            e.contains("cannot use") && e.ends_with("a file, not a directory"),
            "{e}"
        );
        let cause = std::error::Error::source(&err).expect("the file system's error");
        let cause = cause.downcast_ref::<io::Error>().unwrap();
        assert!(e.ends_with(&cause.to_string()), "{e}");
        // What stands there is named ("cannot create …: File exists" before).
        let dangling = dir.path().join("dangling");
        std::os::unix::fs::symlink("nowhere", &dangling).unwrap();
        let looped = dir.path().join("looped");
        std::os::unix::fs::symlink("looped", &looped).unwrap();
        let to_file = dir.path().join("to-file");
        std::os::unix::fs::symlink("plain-file", &to_file).unwrap();
        for (path, said) in [
            (
                &dangling,
                "a symbolic link to nowhere, which does not exist",
            ),
            (&looped, "a symbolic link to looped, which cannot be followed (Too many levels of symbolic links (os error 40))"),
            (
                &to_file,
                "a symbolic link to plain-file, which is a file, not a directory",
            ),
            (
                &PathBuf::from("/dev/null"),
                "a character device, not a directory",
            ),
        ] {
            let e = FsStore::open(path, FP).unwrap_err().to_string();
            assert!(e.contains("cannot use") && e.ends_with(said), "{e}");
        }
    }

    #[test]
    fn opening_an_existing_store_creates_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let missing = dir.path().join("typo").join("store");
        let empty = dir.path().join("empty");
        fs::create_dir(&empty).unwrap();
        for store in [&missing, &empty] {
            match FsStore::open_existing(store, FP, Access::Shared) {
                Err(e @ StoreError::NotFound { .. }) => {
                    assert_eq!(e.to_string(), format!("no store at {}", store.display()));
                }
                other => panic!("expected NotFound, got {other:?}"),
            }
        }
        assert!(!dir.path().join("typo").exists());
        assert_eq!(fs::read_dir(&empty).unwrap().count(), 0);
        drop(FsStore::open(&empty, FP).unwrap());
        let store = FsStore::open_existing(&empty, FP, Access::ExclusiveWhenFree).unwrap();
        assert_eq!(store.fingerprint(), FP);
        drop(store);
        let e = FsStore::open_existing(&empty, "3x3 base 0 keep 0", Access::Shared);
        assert!(matches!(e, Err(StoreError::Foreign { .. })), "{e:?}");
    }

    #[test]
    fn a_full_disk_is_quota_exceeded_with_its_cause() {
        let full = io::Error::from(io::ErrorKind::StorageFull);
        let err = io_error("cannot write", Path::new("/store/tile"), full);
        assert!(matches!(err, StoreError::QuotaExceeded { .. }), "{err}");
        let e = err.to_string();
        assert!(
            e.starts_with("tile store is full: cannot write /store/tile: ")
                && e.contains("every finished tile is kept"),
            "{e}"
        );
        let cause = std::error::Error::source(&err).unwrap();
        assert_eq!(
            cause.downcast_ref::<io::Error>().map(io::Error::kind),
            Some(io::ErrorKind::StorageFull)
        );
        let denied = io::Error::from(io::ErrorKind::PermissionDenied);
        let err = io_error("cannot write", Path::new("/store/tile"), denied);
        assert!(matches!(err, StoreError::Io { .. }), "{err}");
    }

    #[test]
    fn leftover_temporary_files_are_removed() {
        let dir = tempfile::tempdir().unwrap();
        let store = FsStore::open(dir.path(), FP).unwrap();
        let temp = dir.path().join(format!("tile-2-1.bin{TEMP_SUFFIX}"));
        fs::write(&temp, "half a tile").unwrap();
        drop(store);
        let theirs = dir.path().join(format!("notes{TEMP_SUFFIX}"));
        fs::write(&theirs, "a user's file").unwrap();
        let mut store = FsStore::open(dir.path(), FP).unwrap();
        assert!(!temp.exists());
        assert!(
            theirs.exists(),
            "only the store's own temporary files are removed"
        );
        assert_eq!(store.load(TILE).unwrap(), None);
    }

    #[test]
    fn one_process_at_a_time() {
        let dir = tempfile::tempdir().unwrap();
        let store = FsStore::open(dir.path(), FP).unwrap();
        let e = FsStore::open(dir.path(), FP).unwrap_err().to_string();
        assert!(e.contains("in use by another solve"), "{e}");
        drop(store);
        FsStore::open(dir.path(), FP).unwrap();
    }

    #[test]
    fn a_manifest_left_half_written_does_not_block_creating_the_store() {
        let dir = tempfile::tempdir().unwrap();
        let temp = dir.path().join(format!("{MANIFEST}.x{TEMP_SUFFIX}"));
        fs::write(&temp, "dotbox tile st").unwrap();
        let store = FsStore::open_with(dir.path(), FP, Access::Shared).unwrap();
        assert_eq!(store.fingerprint(), FP);
        drop(store);
        FsStore::open(dir.path(), FP).unwrap();
        assert!(!temp.exists());
    }

    #[test]
    fn tasks_share_a_store_that_a_whole_solve_has_alone() {
        let dir = tempfile::tempdir().unwrap();
        drop(FsStore::open(dir.path(), FP).unwrap());
        let temp = dir.path().join(format!("tile-2-1.bin.x{TEMP_SUFFIX}"));
        fs::write(&temp, "a write in progress").unwrap();
        let mut a = FsStore::open_with(dir.path(), FP, Access::Shared).unwrap();
        let mut b = FsStore::open_with(dir.path(), FP, Access::Shared).unwrap();
        assert!(temp.exists(), "a task deleted another's write in progress");
        let e = FsStore::open(dir.path(), FP).unwrap_err().to_string();
        assert!(e.contains("in use by another solve"), "{e}");
        let data: TileData = Arc::new(vec![5, -5]);
        a.save(TILE, &data).unwrap();
        b.save(TILE, &data).unwrap();
        assert_eq!(b.load(TILE).unwrap(), Some(data));
        drop((a, b));
        let whole = FsStore::open(dir.path(), FP).unwrap();
        assert!(!temp.exists());
        let e = FsStore::open_with(dir.path(), FP, Access::Shared)
            .unwrap_err()
            .to_string();
        assert!(e.contains("in use by a whole solve"), "{e}");
        drop(whole);
    }
}
