//! The persistent encoding of one tile: a header naming the solve and the tile, the values,
//! and a CRC-32 over everything, so a damaged tile or one written by another solve is
//! detected on load and recomputed instead of being trusted.
//!
//! Layout (little-endian): magic `DBXT`, format version (u8), fingerprint length (u16),
//! fingerprint bytes (UTF-8), tile `hi` (u8), tile `lo` (u8), value count (u32), the values
//! (one `i8` each), CRC-32 of all preceding bytes (u32).

use std::sync::Arc;

use crate::store::{StoreError, TileData, TileId};

const MAGIC: &[u8; 4] = b"DBXT";
const VERSION: u8 = 1;

/// Encodes a finished tile of the solve named `fingerprint`.
pub fn encode_tile(fingerprint: &str, tile: TileId, data: &[i8]) -> Vec<u8> {
    let fp = fingerprint.as_bytes();
    let fp_len = u16::try_from(fp.len()).expect("a solve fingerprint is short");
    let count = u32::try_from(data.len()).expect("a tile holds fewer than 2^32 positions");
    let mut out = Vec::with_capacity(16 + fp.len() + data.len());
    out.extend_from_slice(MAGIC);
    out.push(VERSION);
    out.extend_from_slice(&fp_len.to_le_bytes());
    out.extend_from_slice(fp);
    out.extend_from_slice(&[tile.hi, tile.lo]);
    out.extend_from_slice(&count.to_le_bytes());
    out.extend(data.iter().map(|&v| v as u8));
    let crc = crc32fast::hash(&out);
    out.extend_from_slice(&crc.to_le_bytes());
    out
}

/// Decodes a stored tile, checking that it is intact, belongs to the solve `fingerprint`
/// and is the tile `tile`.
pub fn decode_tile(fingerprint: &str, tile: TileId, bytes: &[u8]) -> Result<TileData, StoreError> {
    let corrupt = |reason: &str| StoreError::Corrupt {
        tile,
        reason: reason.to_string(),
    };
    let (body, crc) = bytes
        .split_at_checked(bytes.len().saturating_sub(4))
        .ok_or_else(|| corrupt("truncated"))?;
    if crc.len() != 4 || body.len() < 13 {
        return Err(corrupt("truncated"));
    }
    if crc32fast::hash(body).to_le_bytes() != crc {
        return Err(corrupt("checksum mismatch"));
    }
    if &body[..4] != MAGIC {
        return Err(corrupt("not a dotbox tile"));
    }
    if body[4] != VERSION {
        return Err(corrupt(&format!("unknown tile format version {}", body[4])));
    }
    let fp_len = usize::from(u16::from_le_bytes([body[5], body[6]]));
    let rest = &body[7..];
    if rest.len() < fp_len + 6 {
        return Err(corrupt("truncated header"));
    }
    let found = String::from_utf8_lossy(&rest[..fp_len]);
    if found != fingerprint {
        return Err(StoreError::Foreign {
            expected: fingerprint.to_string(),
            found: found.into_owned(),
        });
    }
    let rest = &rest[fp_len..];
    if (rest[0], rest[1]) != (tile.hi, tile.lo) {
        return Err(corrupt(&format!("holds tile ({}, {})", rest[0], rest[1])));
    }
    let count = u32::from_le_bytes([rest[2], rest[3], rest[4], rest[5]]) as usize;
    let values = &rest[6..];
    if values.len() != count {
        return Err(corrupt(&format!(
            "{} values stored, header says {count}",
            values.len()
        )));
    }
    Ok(Arc::new(values.iter().map(|&b| b as i8).collect()))
}
