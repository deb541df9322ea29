//! The checksummed encoding of one tile, shared by every persistent backend (files natively,
//! IndexedDB in the browser), so a damaged or misplaced tile is always caught the same way.
//!
//! Layout (integers little-endian):
//!
//! | offset | size | field |
//! | --- | --- | --- |
//! | 0 | 4 | magic `DBXT` |
//! | 4 | 2 | format version, [`VERSION`] |
//! | 6 | 2 | length `F` of the solve fingerprint |
//! | 8 | F | the solve fingerprint, UTF-8 |
//! | 8+F | 1 | number `G` of line groups (at most [`MAX_GROUPS`]) |
//! | 9+F | G | lines drawn per group ([`TileId::counts`]: high groups, then the low group) |
//! | 9+F+G | 8 | payload length `N` (one byte per position) |
//! | 17+F+G | 4 | CRC32 (IEEE) of every byte before it and of the payload |
//! | 21+F+G | N | payload: the tile's values, one `i8` each |
//!
//! Version 1, written before layouts had more than two groups, had no `G` byte and always two
//! counts; [`decode`] still reads it, so tiles stored then stay valid.
//!
//! [`decode`] checks, in this order, the magic, the version, the lengths against the bytes
//! present, the checksum, and only then the fingerprint and the tile id: a bit flip anywhere
//! is reported as [`StoreError::Corrupt`], never mistaken for a tile of another solve. An
//! intact tile of another solve (a file copied into the wrong store) is [`StoreError::Corrupt`]
//! too, naming that solve: it is not this solve's tile, so it is recomputed like a damaged one
//! rather than making the whole store unusable (the store's own manifest says whose it is).

use std::borrow::Cow;
use std::sync::Arc;

use super::{StoreError, TileData, TileId, MAX_GROUPS};

/// First bytes of every encoded tile.
pub const MAGIC: [u8; 4] = *b"DBXT";
/// The layout version written by [`encode`]; [`decode`] reads it and version 1.
pub const VERSION: u16 = 2;

/// Bytes of the fixed fields around the fingerprint and the tile id (magic, version,
/// fingerprint length, payload length, checksum).
const FIXED: usize = 4 + 2 + 2 + 8 + 4;

/// Encodes `data`, the values of `tile` in the solve named `fingerprint`.
///
/// A fingerprint longer than 65535 bytes is cut to that length; fingerprints are short names.
pub fn encode(fingerprint: &str, tile: TileId, data: &[i8]) -> Vec<u8> {
    let mut out = header(fingerprint, tile, data);
    out.extend_from_slice(bytemuck::cast_slice(data));
    out
}

/// The bytes [`encode`] writes before the payload, checksum included: a writer that sends
/// this header and then `data` itself (as bytes) writes the same tile without first copying
/// a large payload into one buffer.
pub fn header(fingerprint: &str, tile: TileId, data: &[i8]) -> Vec<u8> {
    let fp = &fingerprint.as_bytes()[..fingerprint.len().min(usize::from(u16::MAX))];
    let counts = tile.counts();
    let mut out = Vec::with_capacity(FIXED + fp.len() + 1 + counts.len());
    out.extend_from_slice(&MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.extend_from_slice(&(fp.len() as u16).to_le_bytes());
    out.extend_from_slice(fp);
    out.push(counts.len() as u8);
    out.extend_from_slice(counts);
    out.extend_from_slice(&(data.len() as u64).to_le_bytes());
    let mut crc = crc32fast::Hasher::new();
    crc.update(&out);
    crc.update(bytemuck::cast_slice(data));
    out.extend_from_slice(&crc.finalize().to_le_bytes());
    out
}

/// Decodes bytes written by [`encode`] for `tile` of the solve `fingerprint`.
///
/// Errors: [`StoreError::Corrupt`] when the bytes are not a tile, are of an unknown version,
/// are truncated or extended, fail the checksum, hold another tile or a tile of another solve.
pub fn decode(bytes: &[u8], fingerprint: &str, tile: TileId) -> Result<TileData, StoreError> {
    let header = check(bytes, fingerprint, tile)?;
    Ok(Arc::new(
        bytemuck::cast_slice::<u8, i8>(&bytes[header..]).to_vec(),
    ))
}

/// [`decode`] of bytes the caller owns: the payload is moved to the front of the buffer and
/// kept there, so a tile read from a file is never held twice (tiles reach a gigabyte).
pub fn decode_owned(
    mut bytes: Vec<u8>,
    fingerprint: &str,
    tile: TileId,
) -> Result<TileData, StoreError> {
    let header = check(&bytes, fingerprint, tile)?;
    bytes.drain(..header);
    Ok(Arc::new(bytemuck::allocation::cast_vec::<u8, i8>(bytes)))
}

/// Checks bytes written by [`encode`] (see [`decode`]) and returns where the payload starts.
fn check(bytes: &[u8], fingerprint: &str, tile: TileId) -> Result<usize, StoreError> {
    let corrupt = |reason: String| StoreError::Corrupt { tile, reason };
    let intact = read_header(bytes).map_err(corrupt)?;
    if intact.fingerprint != fingerprint {
        return Err(corrupt(format!(
            "a tile of another solve, '{}'",
            intact.fingerprint
        )));
    }
    if intact.tile != tile {
        return Err(corrupt(format!("holds {} instead", intact.tile)));
    }
    Ok(intact.header)
}

/// The fingerprint of the solve an intact tile belongs to, whatever tile it is; None for
/// bytes that fail their check. A store that lost its manifest is claimed by its tiles.
pub fn solve_of(bytes: &[u8]) -> Option<String> {
    read_header(bytes).ok().map(|h| h.fingerprint.into_owned())
}

/// What an intact tile's header says (its fingerprint borrowed: no copy per tile read).
struct Header<'a> {
    fingerprint: Cow<'a, str>,
    tile: TileId,
    /// Bytes before the payload.
    header: usize,
}

/// Reads the header of an encoded tile and checks the magic, the version, the lengths
/// against the bytes present and the checksum (see the module docs); what is wrong, if any.
fn read_header(bytes: &[u8]) -> Result<Header<'_>, String> {
    if bytes.len() < 8 {
        return Err(format!(
            "{} bytes is shorter than a tile header",
            bytes.len()
        ));
    }
    if bytes[..4] != MAGIC {
        return Err("not a dotbox tile (wrong magic bytes)".to_string());
    }
    let version = u16::from_le_bytes([bytes[4], bytes[5]]);
    if version != VERSION && version != 1 {
        return Err(format!(
            "tile format version {version} is not supported (expected {VERSION})"
        ));
    }
    let fp_len = usize::from(u16::from_le_bytes([bytes[6], bytes[7]]));
    let at = 8 + fp_len;
    let truncated = |need: usize| {
        format!(
            "truncated: {} bytes, the header alone needs {need}",
            bytes.len()
        )
    };
    // Version 1 holds two counts and no group byte.
    let (groups, counts_at) = match version {
        1 => (2, at),
        _ => {
            let groups = *bytes.get(at).ok_or_else(|| truncated(at + 1))?;
            (usize::from(groups), at + 1)
        }
    };
    if groups == 0 || groups > MAX_GROUPS {
        return Err(format!(
            "{groups} line groups (a tile has 1 to {MAX_GROUPS})"
        ));
    }
    let len_at = counts_at + groups;
    let header = len_at + 12;
    if bytes.len() < header {
        return Err(truncated(header));
    }
    let tile = TileId::new(&bytes[counts_at..len_at]);
    let len = u64::from_le_bytes(bytes[len_at..len_at + 8].try_into().expect("8 bytes"));
    let stored_crc = u32::from_le_bytes(bytes[len_at + 8..header].try_into().expect("4 bytes"));
    let payload = &bytes[header..];
    if payload.len() as u64 != len {
        let kind = if (payload.len() as u64) < len {
            "truncated"
        } else {
            "trailing bytes"
        };
        return Err(format!(
            "{kind}: payload of {} bytes, header says {len}",
            payload.len()
        ));
    }
    let mut crc = crc32fast::Hasher::new();
    crc.update(&bytes[..len_at + 8]);
    crc.update(payload);
    let computed = crc.finalize();
    if computed != stored_crc {
        return Err(format!(
            "checksum mismatch: stored {stored_crc:08x}, computed {computed:08x}"
        ));
    }
    Ok(Header {
        fingerprint: String::from_utf8_lossy(&bytes[8..at]),
        tile,
        header,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const FP: &str = "3x3 base 0 keep 2";
    const TILE: TileId = TileId::pair(3, 1);

    fn sample() -> Vec<i8> {
        (0..300).map(|i| (i % 19 - 9) as i8).collect()
    }

    fn reason(e: StoreError) -> String {
        match e {
            StoreError::Corrupt { tile, reason } => {
                assert_eq!(tile, TILE);
                reason
            }
            other => panic!("expected Corrupt, got {other}"),
        }
    }

    #[test]
    fn round_trip() {
        for data in [sample(), Vec::new(), vec![-128, 127]] {
            let bytes = encode(FP, TILE, &data);
            assert_eq!(&*decode(&bytes, FP, TILE).unwrap(), &data[..]);
            assert_eq!(&*decode_owned(bytes, FP, TILE).unwrap(), &data[..]);
        }
    }

    #[test]
    fn every_truncation_is_corrupt() {
        let bytes = encode(FP, TILE, &sample());
        for len in 0..bytes.len() {
            let e = decode(&bytes[..len], FP, TILE).unwrap_err();
            let r = reason(e);
            assert!(r.contains("short") || r.contains("truncated"), "{len}: {r}");
        }
    }

    #[test]
    fn every_bit_flip_is_corrupt() {
        let bytes = encode(FP, TILE, &sample());
        for i in 0..bytes.len() {
            for bit in [0, 3, 7] {
                let mut bad = bytes.clone();
                bad[i] ^= 1 << bit;
                reason(decode(&bad, FP, TILE).unwrap_err());
            }
        }
    }

    #[test]
    fn trailing_bytes_are_corrupt() {
        let mut bytes = encode(FP, TILE, &sample());
        bytes.push(0);
        assert!(reason(decode(&bytes, FP, TILE).unwrap_err()).contains("trailing"));
    }

    #[test]
    fn a_tile_of_another_solve_or_another_tile_is_corrupt() {
        let bytes = encode("2x2 base 0 keep 0", TILE, &sample());
        let why = reason(decode(&bytes, FP, TILE).unwrap_err());
        assert_eq!(why, "a tile of another solve, '2x2 base 0 keep 0'");
        let bytes = encode(FP, TileId::pair(0, 2), &sample());
        assert!(reason(decode(&bytes, FP, TILE).unwrap_err()).contains("tile (0, 2)"));
    }

    #[test]
    fn version_1_tiles_still_read() {
        // Version 1: no group byte, two counts, checksum over everything before it.
        let data = sample();
        let mut v1 = MAGIC.to_vec();
        v1.extend_from_slice(&1u16.to_le_bytes());
        v1.extend_from_slice(&(FP.len() as u16).to_le_bytes());
        v1.extend_from_slice(FP.as_bytes());
        v1.extend_from_slice(&[3, 1]);
        v1.extend_from_slice(&(data.len() as u64).to_le_bytes());
        let mut crc = crc32fast::Hasher::new();
        crc.update(&v1);
        crc.update(bytemuck::cast_slice(&data));
        v1.extend_from_slice(&crc.finalize().to_le_bytes());
        v1.extend_from_slice(bytemuck::cast_slice(&data));
        assert_eq!(&*decode(&v1, FP, TILE).unwrap(), &data[..]);
    }

    #[test]
    fn tiles_of_many_groups_round_trip() {
        let tile = TileId::new(&[4, 0, 7, 2]);
        let bytes = encode(FP, tile, &sample());
        assert_eq!(&*decode(&bytes, FP, tile).unwrap(), &sample()[..]);
        let e = decode(&bytes, FP, TileId::new(&[4, 0, 7, 3])).unwrap_err();
        assert!(
            e.to_string().contains("holds tile (4, 0, 7, 2) instead"),
            "{e}"
        );
    }

    #[test]
    fn unknown_version_is_named() {
        let mut bytes = encode(FP, TILE, &sample());
        bytes[4] = 9;
        assert!(reason(decode(&bytes, FP, TILE).unwrap_err()).contains("version 9"));
    }
}
