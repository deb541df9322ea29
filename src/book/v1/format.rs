//! The byte layout of a version-1 book (described in `docs/book-format.md`): constants, the
//! header and the layer table shared by the writer and the reader.

use crate::book::bytes::{u64_at, version_after_magic, MAGIC};
use crate::book::error::BookError;

/// The format version written and read by this code.
pub const VERSION: u16 = 1;

/// Entry encoding 1: per layer, sorted canonical masks delta-varint coded in blocks of
/// [`BLOCK`] with a block index, then one signed byte value per entry.
pub const ENCODING_DELTA_VARINT: u8 = 1;
/// Symmetry scheme 1: a position is stored as its smallest mask over the board symmetries
/// that fix the pre-drawn lines, each followed by moving the drawn lines of every set of
/// interchangeable border lines to the set's lowest lines
/// ([`crate::core::Equivalence::canonical`]).
pub const SYMMETRY_BOARD_AND_BORDER_SWAPS: u8 = 1;
/// Entries per block.
pub const BLOCK: usize = 256;

/// Bytes of the fixed header.
pub const HEADER_LEN: usize = 40;
/// Bytes of one layer-table entry: entry count and data length.
pub(crate) const LAYER_LEN: usize = 16;
/// Bytes of one block-index entry: first mask and data offset.
pub(crate) const INDEX_LEN: usize = 12;
/// Bytes of the trailing checksum.
pub(crate) const CRC_LEN: usize = 4;

/// The fixed header fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Header {
    pub rows: u8,
    pub cols: u8,
    pub predrawn: u64,
    pub depth: u8,
    pub encoding: u8,
    pub symmetry: u8,
    /// Must be 0 in version 1.
    pub reserved: u8,
    pub entries: u64,
    pub file_len: u64,
}

impl Header {
    /// Appends the header to `out`.
    pub fn write(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.push(self.rows);
        out.push(self.cols);
        out.extend_from_slice(&self.predrawn.to_le_bytes());
        out.push(self.depth);
        out.push(self.encoding);
        out.push(self.symmetry);
        out.push(self.reserved);
        out.extend_from_slice(&self.entries.to_le_bytes());
        out.extend_from_slice(&self.file_len.to_le_bytes());
    }

    /// Reads the header, checking the magic, the version and that it is complete.
    pub fn read(bytes: &[u8]) -> Result<Header, BookError> {
        let found = bytes.len() as u64;
        let truncated = BookError::Truncated {
            expected: HEADER_LEN as u64,
            found,
        };
        let version = version_after_magic(bytes)?.ok_or(truncated.clone())?;
        if version != VERSION {
            return Err(BookError::UnsupportedVersion {
                found: version,
                supported: &[VERSION],
            });
        }
        if bytes.len() < HEADER_LEN {
            return Err(truncated);
        }
        Ok(Header {
            rows: bytes[10],
            cols: bytes[11],
            predrawn: u64_at(bytes, 12),
            depth: bytes[20],
            encoding: bytes[21],
            symmetry: bytes[22],
            reserved: bytes[23],
            entries: u64_at(bytes, 24),
            file_len: u64_at(bytes, 32),
        })
    }

    /// The longest file this header's entry count and depth can describe: the header, a
    /// layer-table row a layer, and for each entry at most its value byte, its mask's
    /// delta (a varint of at most 10 bytes) and its block's index row, then the checksum.
    /// A declared file length past it is a damaged field, not a truncated file.
    pub fn longest_file(&self) -> u64 {
        let layers = u64::from(self.depth) + 1;
        let per_entry = (1 + 10 + INDEX_LEN) as u64;
        let fixed = (HEADER_LEN + CRC_LEN) as u64 + layers * LAYER_LEN as u64;
        fixed.saturating_add(self.entries.saturating_mul(per_entry))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_round_trips() {
        let h = Header {
            rows: 3,
            cols: 5,
            predrawn: 0x1234,
            depth: 7,
            encoding: ENCODING_DELTA_VARINT,
            symmetry: SYMMETRY_BOARD_AND_BORDER_SWAPS,
            reserved: 0,
            entries: 99,
            file_len: 1000,
        };
        let mut out = Vec::new();
        h.write(&mut out);
        assert_eq!(out.len(), HEADER_LEN);
        assert_eq!(Header::read(&out), Ok(h));
    }
}
