//! The files the native front ends read and the disks they write: a file opened or read
//! with an error naming it, and the check that a solve streaming through a folder could
//! ever fit on its disk.

use std::path::Path;

use crate::core::size_text;
use crate::store::atomic::file_kind;

use super::error::CliError;

/// A file that could not be read: the error names it.
pub(crate) fn read_error(path: &Path, error: std::io::Error) -> CliError {
    CliError::Io {
        action: "read",
        path: path.to_path_buf(),
        error,
    }
}

/// A file opened to read, or an error naming it. Only a regular file is opened: opening a
/// FIFO waits for a writer, forever if none comes, and a directory fails only when read.
pub(crate) fn open_file(path: &Path) -> Result<std::fs::File, CliError> {
    let kind = std::fs::metadata(path)
        .map_err(|e| read_error(path, e))?
        .file_type();
    if !kind.is_file() {
        let what = format!("it is {}, not a regular file", file_kind(&kind));
        let error = std::io::Error::new(std::io::ErrorKind::InvalidInput, what);
        return Err(read_error(path, error));
    }
    std::fs::File::open(path).map_err(|e| read_error(path, e))
}

/// The bytes of a file ([`open_file`]), or an error naming it.
pub(crate) fn read_file(path: &Path) -> Result<Vec<u8>, CliError> {
    let mut bytes = Vec::new();
    std::io::Read::read_to_end(&mut open_file(path)?, &mut bytes)
        .map_err(|e| read_error(path, e))?;
    Ok(bytes)
}

/// Refuses at once a solve streaming through `dir` that its disk could never hold: the two
/// largest adjacent layers, which the store holds at its peak
/// ([`retro::Layout::estimated_peak_bytes`]), more than twice the whole file system's size.
/// The estimate runs high (9.6 GiB for the 4×4 solve, whose store peaked at 5.5 GiB), hence the
/// factor. A solve that only lacks free space runs: a full disk stops it with its finished
/// tiles kept, and it resumes once there is room. A 5×5 solve (8 PiB) is refused here, at
/// once: the solve lays out its 19 million tiles only when it first needs them.
pub(crate) fn fits_on_disk(peak: f64, dir: &Path) -> Result<(), CliError> {
    let Some(too_small) = disk_too_small(peak, dir) else {
        return Ok(());
    };
    // Past a petabyte no one disk holds it; below, a larger disk may (a small tmpfs or
    // quota is not the limit of the machine).
    let advice = match peak > 1e15 {
        true => {
            "it is out of this machine's reach (docs/scaling.md: solves as tasks over many \
                 machines)"
        }
        false => "store it on a larger disk, or split it into tasks (docs/scaling.md)",
    };
    Err(CliError::Usage(format!(
        "the solve needs about {} on disk (its two largest adjacent layers), more than \
         {too_small}: {advice}",
        size_text(peak),
    )))
}

/// Where `peak` bytes could never be stored in `dir` (more than twice its whole file system:
/// see [`fits_on_disk`]), that file system in words ("the whole file system holding /tmp
/// (252.0 GiB, 23.4 GiB free)"); None where it could, or where its size is not known.
pub(crate) fn disk_too_small(peak: f64, dir: &Path) -> Option<String> {
    let disk = disk_space(dir)?;
    (peak > 2.0 * disk.size as f64).then(|| {
        format!(
            "the whole file system holding {} ({}, {} free)",
            dir.display(),
            size_text(disk.size as f64),
            size_text(disk.free as f64),
        )
    })
}

/// The size of a file system and the bytes free on it for this user.
struct DiskSpace {
    size: u64,
    free: u64,
}

/// The space of the file system that holds, or would hold, `dir` (its nearest existing
/// ancestor), where the system says. A size of 0 says nothing (`/proc` and other pseudo file
/// systems, where the store then fails to be made and says why).
fn disk_space(dir: &Path) -> Option<DiskSpace> {
    let dir = std::path::absolute(dir).ok()?;
    let existing = dir.ancestors().find(|a| a.exists())?;
    let size = fs4::total_space(existing).ok().filter(|&size| size > 0)?;
    Some(DiskSpace {
        size,
        free: fs4::available_space(existing).ok()?,
    })
}
