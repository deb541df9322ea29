//! Writing a file atomically, the one way the crate does it: the tile store's tiles and
//! manifest ([`super::FsStore`]) and the books of `dotbox book build`.
//!
//! The bytes go to a temporary file beside the destination, which is synced, renamed over
//! the destination, and the directory synced: a crash leaves the old file or the new one,
//! never a torn one, and a failed write deletes its temporary file (a full disk most of all:
//! it frees what it took). The temporary file's name is random and the file is created
//! exclusively, so it is never a file of the user's (`OUT.tmp` was, and was deleted) nor
//! another writer's (two tasks writing one tile at once each write their own).
//!
//! Only a regular file is replaced. A destination that exists as anything else (a directory,
//! a device, a fifo, a socket) is refused: renaming over a device node would make, say, a
//! `/dev/null` given by mistake a regular file. A symbolic link is written through: the file
//! it leads to is replaced, atomically, and the link is kept, so a link a user made
//! (`current.book -> v3.book`) still leads where it did; a link leading nowhere is refused,
//! as the file meant is unknown.

use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use tempfile::NamedTempFile;

/// How the names of temporary files end: a store deletes leftovers of killed writes by it.
pub const TEMP_SUFFIX: &str = ".tmp";

/// Why an atomic write failed: what it was doing (a verb for "cannot ..."), to which file,
/// and the system's error.
#[derive(Debug)]
pub struct WriteError {
    /// What was being done: "replace", "create a temporary file for", "write", "sync",
    /// "rename", "create", "open".
    pub action: &'static str,
    /// The file or directory it was done to.
    pub path: PathBuf,
    /// The system's error, or why the destination is refused.
    pub error: io::Error,
}

impl WriteError {
    fn new<'a>(action: &'static str, path: &'a Path) -> impl FnOnce(io::Error) -> WriteError + 'a {
        move |error| WriteError {
            action,
            path: path.to_path_buf(),
            error,
        }
    }
}

/// What stands at a path, a symbolic link there followed: what a file to replace or a
/// directory to use is told from, and what a refusal names.
pub enum Standing {
    /// Nothing: it is made.
    Nothing,
    /// A file of any type.
    Found {
        /// The file: the path itself, or where a symbolic link there leads.
        target: PathBuf,
        /// The file's metadata.
        meta: fs::Metadata,
        /// The symbolic link's own text, if the path is one.
        link: Option<PathBuf>,
    },
    /// A symbolic link that leads to nothing, in words ("a symbolic link to x, which does not
    /// exist"; "…, which cannot be followed (…)").
    Broken(String),
}

impl Standing {
    /// What stands at `path`. An error is the file system's, reading `path` itself.
    pub fn at(path: &Path) -> io::Result<Standing> {
        let meta = match fs::symlink_metadata(path) {
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Standing::Nothing),
            other => other?,
        };
        if !meta.file_type().is_symlink() {
            let (target, link) = (path.to_path_buf(), None);
            return Ok(Standing::Found { target, meta, link });
        }
        let link = fs::read_link(path)?;
        let followed =
            fs::canonicalize(path).and_then(|target| Ok((fs::metadata(&target)?, target)));
        let why = match followed {
            Ok((meta, target)) => {
                let link = Some(link);
                return Ok(Standing::Found { target, meta, link });
            }
            Err(e) if e.kind() == io::ErrorKind::NotFound => "which does not exist".to_string(),
            Err(e) => format!("which cannot be followed ({e})"),
        };
        Ok(Standing::Broken(format!(
            "a symbolic link to {}, {why}",
            link.display()
        )))
    }
}

/// A found file in words, with its article: "a fifo", "a symbolic link to sub, which is a
/// directory".
pub fn found_words(meta: &fs::Metadata, link: &Option<PathBuf>) -> String {
    let kind = file_kind(&meta.file_type());
    match link {
        None => kind.to_string(),
        Some(link) => format!("a symbolic link to {}, which is {kind}", link.display()),
    }
}

/// The file that writing `path` replaces: `path` itself (whether it exists or not), or the
/// file a symbolic link at `path` leads to. An error says in words, without the path, why
/// there is none: `path` (or the link's target) exists and is not a regular file, or is a
/// link leading nowhere.
pub fn destination(path: &Path) -> io::Result<PathBuf> {
    let refuse = |kind, what: String| Err(io::Error::new(kind, format!("it is {what}")));
    match Standing::at(path)? {
        Standing::Nothing => Ok(path.to_path_buf()),
        Standing::Found { target, meta, .. } if meta.is_file() => Ok(target),
        Standing::Found { meta, link, .. } => refuse(
            io::ErrorKind::InvalidInput,
            format!(
                "{}, not a regular file: only a regular file is replaced",
                found_words(&meta, &link)
            ),
        ),
        Standing::Broken(why) => refuse(io::ErrorKind::NotFound, why),
    }
}

/// A file type in words, with its article ("a fifo"): for messages that refuse a file that
/// is not a regular one.
pub fn file_kind(file_type: &fs::FileType) -> &'static str {
    if file_type.is_file() {
        return "a file";
    }
    if file_type.is_dir() {
        return "a directory";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if file_type.is_char_device() {
            return "a character device";
        }
        if file_type.is_block_device() {
            return "a block device";
        }
        if file_type.is_fifo() {
            return "a fifo";
        }
        if file_type.is_socket() {
            return "a socket";
        }
    }
    "a special file"
}

/// A new, empty temporary file in the directory of `target` (a [`destination`]), named after
/// it, random and created exclusively; dropped, it is deleted. Made and dropped, it proves a
/// file can be written there (permissions, a read-only file system) before work whose result
/// is to be written there.
pub fn temp_file_beside(target: &Path) -> Result<NamedTempFile, WriteError> {
    let mut prefix = target.file_name().unwrap_or_default().to_owned();
    prefix.push(".");
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(TEMP_SUFFIX);
    // As File::create makes a file (less the umask), not tempfile's private 0o600: a book is
    // read by whoever serves it, a store's tiles by every task of the solve.
    #[cfg(unix)]
    builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
    builder
        .tempfile_in(dir_of(target))
        .map_err(WriteError::new("create a temporary file for", target))
}

/// Writes `parts`, one after the other, to `path` atomically (see the module's doc): the
/// file at `path`, or the one a symbolic link there leads to, is replaced whole.
pub fn write_atomically(path: &Path, parts: &[&[u8]]) -> Result<(), WriteError> {
    let target = destination(path).map_err(WriteError::new("replace", path))?;
    let temp = written_beside(&target, parts)?;
    temp.persist(&target)
        .map_err(|e| WriteError::new("rename", e.file.path())(e.error))?;
    sync_dir(dir_of(&target))
}

/// Creates `path` with `parts`, whole, only where no file is there: of two processes creating
/// it at once, one's file is there and the other fails (`AlreadyExists`, or `NotFound` if the
/// first swept its temporary file away), never one's replaced by the other's.
pub fn create_atomically(path: &Path, parts: &[&[u8]]) -> Result<(), WriteError> {
    let temp = written_beside(path, parts)?;
    temp.persist_noclobber(path)
        .map_err(|e| WriteError::new("create", path)(e.error))?;
    sync_dir(dir_of(path))
}

/// A temporary file beside `target` holding `parts`, synced to disk.
fn written_beside(target: &Path, parts: &[&[u8]]) -> Result<NamedTempFile, WriteError> {
    let mut temp = temp_file_beside(target)?;
    for bytes in parts {
        // The file's own error: NamedTempFile's would repeat the path ("at path ..").
        temp.as_file_mut()
            .write_all(bytes)
            .map_err(WriteError::new("write", temp.path()))?;
    }
    temp.as_file()
        .sync_all()
        .map_err(WriteError::new("sync", temp.path()))?;
    Ok(temp)
}

/// The directory a file is in (`.` for a bare file name): where its temporary file goes.
pub fn dir_of(path: &Path) -> &Path {
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    }
}

/// Makes a rename in `dir` durable. Platforms that cannot open a directory skip it.
fn sync_dir(dir: &Path) -> Result<(), WriteError> {
    match File::open(dir) {
        Ok(d) => match d.sync_all() {
            Ok(()) => Ok(()),
            // Some platforms and file systems refuse to sync a directory handle.
            Err(e)
                if matches!(
                    e.kind(),
                    io::ErrorKind::InvalidInput | io::ErrorKind::PermissionDenied
                ) =>
            {
                Ok(())
            }
            Err(e) => Err(WriteError::new("sync", dir)(e)),
        },
        Err(_) if cfg!(windows) => Ok(()),
        Err(e) => Err(WriteError::new("open", dir)(e)),
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    /// The names in `dir`, sorted.
    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_file_is_replaced_whole_and_a_file_named_like_a_temporary_one_is_kept() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("notes");
        let theirs = dir.path().join("notes.tmp");
        fs::write(&theirs, "precious").unwrap();
        fs::write(&path, "old").unwrap();
        write_atomically(&path, &[b"ne", b"w"]).unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"new");
        assert_eq!(fs::read(&theirs).unwrap(), b"precious");
        assert_eq!(names(dir.path()), ["notes", "notes.tmp"]);
    }

    #[test]
    fn a_symbolic_link_is_written_through_and_kept() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("target.book");
        fs::write(&target, "old").unwrap();
        let link = dir.path().join("link.book");
        std::os::unix::fs::symlink("target.book", &link).unwrap();
        write_atomically(&link, &[b"new"]).unwrap();
        assert!(fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(fs::read(&target).unwrap(), b"new");
        assert_eq!(names(dir.path()), ["link.book", "target.book"]);
        // A link leading nowhere: refused, nothing made.
        let dangling = dir.path().join("dangling");
        std::os::unix::fs::symlink("nowhere", &dangling).unwrap();
        let e = write_atomically(&dangling, &[b"new"]).unwrap_err();
        assert_eq!(e.action, "replace");
        let why = e.error.to_string();
        assert!(
            why.contains("symbolic link to nowhere, which does not exist"),
            "{why}"
        );
        assert_eq!(names(dir.path()), ["dangling", "link.book", "target.book"]);
    }

    #[test]
    fn what_is_not_a_regular_file_is_refused_and_left_alone() {
        let dir = tempfile::tempdir().unwrap();
        let sub = dir.path().join("sub");
        fs::create_dir(&sub).unwrap();
        let link = dir.path().join("to-sub");
        std::os::unix::fs::symlink("sub", &link).unwrap();
        let looped = dir.path().join("looped");
        std::os::unix::fs::symlink("looped", &looped).unwrap();
        for (path, said) in [
            (&sub, "it is a directory, not a regular file"),
            (&link, "it is a symbolic link to sub, which is a directory"),
            (
                &looped,
                "it is a symbolic link to looped, which cannot be followed (Too many levels",
            ),
        ] {
            let e = write_atomically(path, &[b"x"]).unwrap_err();
            assert_eq!((e.action, &e.path), ("replace", path));
            assert!(e.error.to_string().contains(said), "{}", e.error);
        }
        assert!(sub.is_dir());
        assert_eq!(names(dir.path()), ["looped", "sub", "to-sub"]);
    }
}
