//! [`BookV2Index`]: the header and chunk index of a v2 book (described in
//! `docs/book-format.md`), written by the writer and parsed by readers that may hold nothing
//! else of the file: a browser fetches the index, then only the chunks it needs by range
//! request, and [`BookV2Index::decode_chunk`] checks and decodes each on its own.

use std::ops::Range;

use crate::book::bytes::{u32_at, u64_at, version_after_magic, MAGIC};
use crate::book::error::{file_len, header_len, BookError};
use crate::core::{Board, Position};

use super::model::LayerModel;

/// The format version of these books.
pub const VERSION: u16 = 2;
/// Bytes of the fixed header, which says how long the whole index is.
pub const FIXED_LEN: usize = 48;
/// Bytes of one chunk entry of the index: length and CRC32.
const CHUNK_ENTRY_LEN: usize = 8;
/// Bytes of the index checksum.
const CRC_LEN: usize = 4;
/// Positions per chunk written by default: 2^13 = 8192, a few kilobytes at the 2 to 3 bits
/// a position of the deep layers, so a game fetches little beyond what it reads.
pub const CHUNK_LOG2: u8 = 13;
/// Accepted chunk sizes, as powers of two.
pub const CHUNK_LOG2_RANGE: Range<u8> = 4..25;

/// One layer: how many positions its stream addresses and its entropy model.
#[derive(Clone, Debug)]
pub struct LayerIndex {
    /// Positions of the layer's stream (tile positions and block padding).
    pub slots: u64,
    /// The model its chunks are coded with.
    pub model: LayerModel,
    /// Index of its first chunk among all chunks.
    pub first_chunk: usize,
}

/// Where one chunk lies in the file, and its CRC32.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChunkEntry {
    /// Offset of the chunk's first byte from the start of the file.
    pub offset: u64,
    /// Bytes of compressed data.
    pub len: u32,
    /// CRC32 of those bytes.
    pub crc: u32,
}

/// The parsed and checked header and index of a v2 book.
#[derive(Clone, Debug)]
pub struct BookV2Index {
    board: Board,
    depth: u32,
    chunk_log2: u8,
    fingerprint: String,
    layers: Vec<LayerIndex>,
    chunks: Vec<ChunkEntry>,
    index_len: u64,
    file_len: u64,
    checksum: u32,
}

/// The fixed header's fields, checked on their own (the [`FIXED_LEN`] bytes hold them all):
/// the board, depth and chunk size sane and the reserved bytes zero before any length is
/// believed, so that a file of the right magic and garbage after it reads as a corrupt
/// header, not as a book cut short of some absurd length.
struct Fixed {
    board: Board,
    depth: u8,
    chunk_log2: u8,
    index_len: usize,
    file_len: u64,
    chunk_count: usize,
    fingerprint_len: usize,
}

impl Fixed {
    /// Reads and checks the fixed header from the first bytes of a file (at least
    /// [`FIXED_LEN`] of them; more may be given).
    fn read(bytes: &[u8]) -> Result<Fixed, BookError> {
        check_start(bytes)?;
        let corrupt = |what: String| BookError::Corrupt(what);
        let (rows, cols, depth, chunk_log2) = (bytes[10], bytes[11], bytes[20], bytes[21]);
        if bytes[22..24] != [0, 0] || bytes[46..48] != [0, 0] {
            return Err(corrupt("reserved header bytes are not zero".into()));
        }
        let board = Board::new(usize::from(rows), usize::from(cols))
            .map_err(|e| corrupt(format!("bad board in header: {e}")))?;
        let predrawn = u64_at(bytes, 12);
        let board = board
            .with_checked_predrawn(Position(predrawn))
            .map_err(|e| corrupt(format!("bad pre-drawn lines in header: {e}")))?;
        crate::book::header_depth(depth, &board)?;
        if !CHUNK_LOG2_RANGE.contains(&chunk_log2) {
            return Err(corrupt(format!("chunks of 2^{chunk_log2} positions")));
        }
        // A length no sane header declares (past the file length it declares too, or too
        // small to hold the header and checksum) is a corrupt header (`header_len`), so no
        // reader fetches or allocates it.
        let file_len = u64_at(bytes, 32);
        let field = "index length (bytes 24–31)";
        let limit = "its file length (bytes 32–39) allows";
        let index_len = header_len(field, u64_at(bytes, 24), file_len, limit)?;
        if index_len < FIXED_LEN + CRC_LEN {
            return Err(corrupt(format!(
                "the header's index length (bytes 24–31) is {index_len} bytes, too small for \
                 the header and its checksum"
            )));
        }
        Ok(Fixed {
            board,
            depth,
            chunk_log2,
            index_len,
            file_len,
            chunk_count: u32_at(bytes, 40) as usize,
            fingerprint_len: usize::from(u16::from_le_bytes([bytes[44], bytes[45]])),
        })
    }
}

impl BookV2Index {
    /// Bytes of header and index, read from the first [`FIXED_LEN`] bytes of the file (more
    /// may be given): what to fetch before [`BookV2Index::parse`], once the fixed header's
    /// other fields are found sane.
    pub fn index_len(prefix: &[u8]) -> Result<usize, BookError> {
        Ok(Fixed::read(prefix)?.index_len)
    }

    /// Parses the header and index from the first bytes of the file (at least
    /// [`BookV2Index::index_len`] of them; the whole file will do), checking the magic, the
    /// version, the index checksum and that every field is consistent.
    pub fn parse(bytes: &[u8]) -> Result<BookV2Index, BookError> {
        let Fixed {
            board,
            depth,
            chunk_log2,
            index_len,
            file_len,
            chunk_count,
            fingerprint_len,
        } = Fixed::read(bytes)?;
        if bytes.len() < index_len {
            return Err(BookError::Truncated {
                expected: index_len as u64,
                found: bytes.len() as u64,
            });
        }
        let body = index_len - CRC_LEN;
        let (stored, computed) = (u32_at(bytes, body), crc32fast::hash(&bytes[..body]));
        if stored != computed {
            return Err(BookError::Corrupt(format!(
                "index checksum mismatch: stored {stored:08x}, computed {computed:08x}"
            )));
        }
        let corrupt = |what: String| BookError::Corrupt(what);
        let mut at = FIXED_LEN + fingerprint_len;
        let fingerprint = bytes
            .get(FIXED_LEN..at)
            .filter(|_| at <= body)
            .and_then(|b| std::str::from_utf8(b).ok())
            .ok_or_else(|| corrupt("the layout fingerprint is not text within the index".into()))?
            .to_string();
        let mut layers = Vec::with_capacity(usize::from(depth) + 1);
        let mut first_chunk = 0usize;
        for d in 0..=usize::from(depth) {
            let slots = bytes
                .get(at..at + 8)
                .filter(|_| at + 8 <= body)
                .map(|b| u64::from_le_bytes(b.try_into().expect("8 bytes")))
                .ok_or_else(|| corrupt("the layer table runs past the index".into()))?;
            at += 8;
            let model = LayerModel::read(&bytes[..body], &mut at)
                .map_err(|e| corrupt(format!("layer {d}: {e}")))?;
            layers.push(LayerIndex {
                slots,
                model,
                first_chunk,
            });
            let chunks = slots.div_ceil(1 << chunk_log2);
            first_chunk = usize::try_from(chunks)
                .ok()
                .and_then(|c| first_chunk.checked_add(c))
                .filter(|&c| c <= chunk_count)
                .ok_or_else(|| corrupt(format!("layer {d} has more chunks than the header")))?;
        }
        if first_chunk != chunk_count || chunk_count.checked_mul(CHUNK_ENTRY_LEN) != Some(body - at)
        {
            return Err(corrupt(format!(
                "the chunk table does not hold the header's {chunk_count} chunks"
            )));
        }
        let mut chunks = Vec::with_capacity(chunk_count);
        let mut offset = index_len as u64;
        for i in 0..chunk_count {
            let row = at + i * CHUNK_ENTRY_LEN;
            let (len, crc) = (u32_at(bytes, row), u32_at(bytes, row + 4));
            chunks.push(ChunkEntry { offset, len, crc });
            offset += u64::from(len);
        }
        if offset != file_len {
            return Err(corrupt(format!(
                "the chunks end at byte {offset}, the header says the file has {file_len}"
            )));
        }
        Ok(BookV2Index {
            board,
            depth: u32::from(depth),
            chunk_log2,
            fingerprint,
            layers,
            chunks,
            index_len: index_len as u64,
            file_len,
            checksum: stored,
        })
    }

    /// Assembles a book: header and index for `layers` and `chunks`, then the chunks' `data`
    /// (their bytes in order).
    pub(crate) fn assemble(
        board: &Board,
        depth: u32,
        chunk_log2: u8,
        fingerprint: &str,
        layers: &[(u64, LayerModel)],
        chunks: &[(u32, u32)],
        data: &[u8],
    ) -> Vec<u8> {
        let mut tables = Vec::new();
        tables.extend_from_slice(fingerprint.as_bytes());
        for (slots, model) in layers {
            tables.extend_from_slice(&slots.to_le_bytes());
            model.write(&mut tables);
        }
        for &(len, crc) in chunks {
            tables.extend_from_slice(&len.to_le_bytes());
            tables.extend_from_slice(&crc.to_le_bytes());
        }
        let index_len = FIXED_LEN + tables.len() + CRC_LEN;
        let mut out = Vec::with_capacity(index_len + data.len());
        out.extend_from_slice(&MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.push(board.rows() as u8);
        out.push(board.cols() as u8);
        out.extend_from_slice(&board.predrawn().0.to_le_bytes());
        out.push(depth as u8);
        out.push(chunk_log2);
        out.extend_from_slice(&[0, 0]);
        out.extend_from_slice(&(index_len as u64).to_le_bytes());
        out.extend_from_slice(&((index_len + data.len()) as u64).to_le_bytes());
        out.extend_from_slice(&(chunks.len() as u32).to_le_bytes());
        out.extend_from_slice(&(fingerprint.len() as u16).to_le_bytes());
        out.extend_from_slice(&[0, 0]);
        out.extend_from_slice(&tables);
        let crc = crc32fast::hash(&out);
        out.extend_from_slice(&crc.to_le_bytes());
        out.extend_from_slice(data);
        out
    }

    /// The book's board, with its pre-drawn lines.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Most lines drawn beyond the pre-drawn ones in a stored position.
    pub fn depth(&self) -> u32 {
        self.depth
    }

    /// The fingerprint of the solve layout whose addressing the book follows.
    pub fn fingerprint(&self) -> &str {
        &self.fingerprint
    }

    /// Positions per chunk.
    pub fn chunk_positions(&self) -> u64 {
        1 << self.chunk_log2
    }

    /// The layers, by lines drawn beyond the pre-drawn ones.
    pub fn layers(&self) -> &[LayerIndex] {
        &self.layers
    }

    /// Every chunk, layer after layer.
    pub fn chunks(&self) -> &[ChunkEntry] {
        &self.chunks
    }

    /// Bytes of header and index.
    pub fn len(&self) -> u64 {
        self.index_len
    }

    /// Whether the index is empty (never: it always has its header).
    pub fn is_empty(&self) -> bool {
        false
    }

    /// Bytes of the whole file.
    pub fn file_len(&self) -> u64 {
        self.file_len
    }

    /// Checks that a file of `found` bytes is as long as the index says: shorter is
    /// [`BookError::Truncated`], longer is corrupt (bytes after the declared end).
    pub fn check_file_len(&self, found: u64) -> Result<(), BookError> {
        file_len(self.file_len, found)
    }

    /// The index checksum, which names the book.
    pub fn checksum(&self) -> u32 {
        self.checksum
    }

    /// Where in the file the index checksum lies (the index's last 4 bytes): a reader that
    /// cached the index reads these alone to learn whether the file is still this book
    /// ([`BookV2Index::is_checksum`]).
    pub fn checksum_range(&self) -> std::ops::Range<u64> {
        self.index_len - 4..self.index_len
    }

    /// Whether `bytes`, read from [`BookV2Index::checksum_range`] of a file, are this
    /// book's index checksum.
    pub fn is_checksum(&self, bytes: &[u8]) -> bool {
        <[u8; 4]>::try_from(bytes).is_ok_and(|b| u32::from_le_bytes(b) == self.checksum)
    }

    /// The chunk holding position `slot` of layer `layer`'s stream and its place in the
    /// chunk (`None` past the layer).
    pub fn chunk_of(&self, layer: usize, slot: u64) -> Option<(usize, usize)> {
        let l = self.layers.get(layer).filter(|l| slot < l.slots)?;
        let within = (slot & (self.chunk_positions() - 1)) as usize;
        Some((l.first_chunk + (slot >> self.chunk_log2) as usize, within))
    }

    /// The byte range of chunk `i` in the file (what to fetch).
    pub fn chunk_range(&self, i: usize) -> Option<Range<u64>> {
        let c = self.chunks.get(i)?;
        Some(c.offset..c.offset + u64::from(c.len))
    }

    /// The values of chunk `i` from its bytes alone, after checking their length and CRC32.
    pub fn decode_chunk(&self, i: usize, bytes: &[u8]) -> Result<Vec<i8>, BookError> {
        let entry = self
            .chunks
            .get(i)
            .ok_or_else(|| BookError::Corrupt(format!("no chunk {i}")))?;
        let bad = |what: String| BookError::Corrupt(format!("chunk {i}: {what}"));
        if bytes.len() as u64 != u64::from(entry.len) {
            return Err(bad(format!(
                "{} bytes, {} expected",
                bytes.len(),
                entry.len
            )));
        }
        let crc = crc32fast::hash(bytes);
        if crc != entry.crc {
            return Err(bad(format!(
                "checksum mismatch: stored {:08x}, computed {crc:08x}",
                entry.crc
            )));
        }
        let layer = self.layers.partition_point(|l| l.first_chunk <= i) - 1;
        let l = &self.layers[layer];
        let start = (i - l.first_chunk) as u64 * self.chunk_positions();
        let n = (l.slots - start).min(self.chunk_positions()) as usize;
        l.model.decode(bytes, n).map_err(bad)
    }
}

/// Checks the magic, the version and that the fixed header is complete.
fn check_start(bytes: &[u8]) -> Result<(), BookError> {
    match version_after_magic(bytes)? {
        Some(found) if found != VERSION => {
            return Err(BookError::UnsupportedVersion {
                found,
                supported: &[VERSION],
            })
        }
        _ => {}
    }
    if bytes.len() < FIXED_LEN {
        return Err(BookError::Truncated {
            expected: FIXED_LEN as u64,
            found: bytes.len() as u64,
        });
    }
    Ok(())
}
