//! [`BookV2`]: a v2 book held in memory, its index parsed and every chunk's checksum checked,
//! answering queries by decoding the chunks they touch.

use std::cell::RefCell;
use std::collections::HashMap;

use crate::book::enumerate::canonical_children;
use crate::book::error::BookError;
use crate::book::query::{analysis_from, lines_beyond_start};
use crate::core::Equivalence;
use crate::core::{Analysis, Board, Position, Rules};
use crate::retro::{Layout, Valuation};
use crate::search::Flow;

use super::address::Addressing;
use super::format::BookV2Index;

/// Decoded chunks kept at most (8 MB at the default chunk size): a position's moves read a
/// few dozen chunks, and a deep check walks positions near each other.
const CACHE_CHUNKS: usize = 1024;

/// A v2 book read from bytes whose index and chunk checksums have been checked.
#[derive(Clone, Debug)]
pub struct BookV2 {
    bytes: Vec<u8>,
    index: BookV2Index,
    address: Addressing,
    /// Chunks decoded so far, all dropped at once past [`CACHE_CHUNKS`].
    decoded: RefCell<HashMap<usize, Vec<i8>>>,
}

/// What one layer of a v2 book takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LayerStats {
    /// Positions of the layer's tiles (block padding excluded).
    pub positions: u64,
    /// Positions of its stream (block padding included).
    pub slots: u64,
    /// Distinct values.
    pub symbols: usize,
    /// Chunks.
    pub chunks: usize,
    /// Compressed bytes of its chunks.
    pub bytes: u64,
}

impl BookV2 {
    /// Reads a v2 book: parses its index, checks the file's length, every chunk's checksum
    /// and that the book follows the layout this reader builds for its board (same
    /// fingerprint, same layer lengths).
    pub fn from_bytes(bytes: Vec<u8>) -> Result<BookV2, BookError> {
        let index = BookV2Index::parse(&bytes)?;
        index.check_file_len(bytes.len() as u64)?;
        for (i, c) in index.chunks().iter().enumerate() {
            let range = c.offset as usize..(c.offset + u64::from(c.len)) as usize;
            let crc = crc32fast::hash(&bytes[range]);
            if crc != c.crc {
                return Err(BookError::Corrupt(format!(
                    "chunk {i}: checksum mismatch: stored {:08x}, computed {crc:08x}",
                    c.crc
                )));
            }
        }
        let address = addressing(&index)?;
        for layer in 0..index.layers().len() {
            check_layer(&address, &index, layer)?;
        }
        Ok(BookV2 {
            bytes,
            index,
            address,
            decoded: RefCell::default(),
        })
    }

    /// The parsed header and index.
    pub fn index(&self) -> &BookV2Index {
        &self.index
    }

    /// Per layer: positions, stream length, symbols, chunks and compressed bytes.
    pub fn layer_stats(&self) -> Vec<LayerStats> {
        layer_stats(&self.index, &self.address)
    }

    /// The value of `pos`: net boxes still to come for the player to move.
    pub fn value(&self, pos: Position) -> Result<i32, BookError> {
        self.value_with(pos)
    }

    /// The value of `pos` and every move's score, from the values of its children: `pos` must
    /// have fewer lines than the book's depth (or be the full board).
    pub fn analysis(&self, pos: Position) -> Result<Analysis, BookError> {
        let board = self.index.board();
        let lines = lines_beyond_start(board, pos)?;
        let depth = self.index.depth();
        if lines >= depth && !board.open_lines(pos).is_empty() {
            return Err(BookError::TooDeep {
                lines,
                max: depth.saturating_sub(1),
                query: "move scores",
            });
        }
        analysis_from(board, pos, &mut |child| self.value_with(child))
    }

    /// Decodes every chunk (checksums were checked on reading); `progress` answering
    /// [`Flow::Stop`] stops it ([`BookError::Stopped`]).
    pub fn verify(&self, progress: &mut dyn FnMut(u64, u64) -> Flow) -> Result<(), BookError> {
        let n = self.index.chunks().len();
        for i in 0..n {
            self.index.decode_chunk(i, self.chunk_bytes(i))?;
            if progress(i as u64 + 1, n as u64) == Flow::Stop {
                return Err(BookError::Stopped);
            }
        }
        Ok(())
    }

    /// Checks every canonical position up to the depth, walked depth first by canonical
    /// augmentation: its value is possible (at most the boxes left) and, below the depth,
    /// equals its best move's score from its children's values. `progress(done)` counts
    /// positions; its [`Flow::Stop`] stops the walk ([`BookError::Stopped`]). Returns the
    /// number of positions checked.
    ///
    /// Every chunk it decodes is kept until it ends, at most a byte a position of the book (the
    /// 4×4 book: 66 MB): the walk's children are spread over more chunks than queries keep
    /// (1,024 chunks), and decoding each again took a book of 2,659 chunks from seconds to
    /// hours.
    pub fn verify_deep(&self, progress: &mut dyn FnMut(u64) -> Flow) -> Result<u64, BookError> {
        let board = self.index.board();
        let depth = self.index.depth();
        let eq = Equivalence::new(board, board.predrawn());
        let mut kept: Vec<Option<Vec<i8>>> = vec![None; self.index.chunks().len()];
        let mut value = |pos: Position| -> Result<i32, BookError> {
            let (chunk, within) = self.chunk_of(pos)?;
            let values = match &mut kept[chunk] {
                Some(values) => values,
                slot => slot.insert(self.index.decode_chunk(chunk, self.chunk_bytes(chunk))?),
            };
            Ok(i32::from(values[within]))
        };
        let mut stack = vec![(eq.canonical(board.start()), 0u32)];
        let mut children = Vec::new();
        let mut done = 0u64;
        while let Some((pos, lines)) = stack.pop() {
            let stored = value(pos)?;
            let boxes = board.boxes().untaken(pos) as i32;
            let name = || crate::core::notation::format_position(board, pos);
            if stored.abs() > boxes {
                return Err(BookError::Corrupt(format!(
                    "{} has value {stored} with {boxes} boxes left",
                    name()
                )));
            }
            if lines < depth || board.open_lines(pos).is_empty() {
                let computed = analysis_from(board, pos, &mut value)?.value;
                if stored != computed {
                    return Err(BookError::Corrupt(format!(
                        "{} has value {stored} but its moves give {computed}",
                        name()
                    )));
                }
            }
            if lines < depth {
                canonical_children(&eq, board, pos, &mut children);
                stack.extend(children.iter().map(|&c| (Position(c), lines + 1)));
            }
            done += 1;
            if done.is_multiple_of(4096) && progress(done) == Flow::Stop {
                return Err(BookError::Stopped);
            }
        }
        progress(done);
        Ok(done)
    }

    /// The chunk holding `pos`'s value and its place in it; a position past the depth is
    /// refused.
    fn chunk_of(&self, pos: Position) -> Result<(usize, usize), BookError> {
        let lines = lines_beyond_start(self.index.board(), pos)?;
        let depth = self.index.depth();
        if lines > depth {
            return Err(BookError::TooDeep {
                lines,
                max: depth,
                query: "values",
            });
        }
        locate(&self.address, &self.index, pos)
    }

    fn value_with(&self, pos: Position) -> Result<i32, BookError> {
        let (chunk, within) = self.chunk_of(pos)?;
        let mut decoded = self.decoded.borrow_mut();
        if !decoded.contains_key(&chunk) {
            if decoded.len() >= CACHE_CHUNKS {
                decoded.clear();
            }
            let values = self.index.decode_chunk(chunk, self.chunk_bytes(chunk))?;
            decoded.insert(chunk, values);
        }
        Ok(i32::from(decoded[&chunk][within]))
    }

    fn chunk_bytes(&self, i: usize) -> &[u8] {
        let c = self.index.chunks()[i];
        &self.bytes[c.offset as usize..(c.offset + u64::from(c.len)) as usize]
    }
}

/// Per layer of the book `index` describes: positions, stream length, symbols, chunks and
/// compressed bytes. From the index and the layout alone, so that a book read chunk by
/// chunk is described without reading a chunk.
pub(crate) fn layer_stats(index: &BookV2Index, address: &Addressing) -> Vec<LayerStats> {
    let layout = address.layout();
    let layers = index.layers();
    layers
        .iter()
        .enumerate()
        .map(|(d, l)| {
            let end = layers
                .get(d + 1)
                .map_or(index.chunks().len(), |n| n.first_chunk);
            let chunks = &index.chunks()[l.first_chunk..end];
            LayerStats {
                positions: super::address::layer_tiles(layout, d as u32)
                    .into_iter()
                    .map(|t| layout.tile_positions(t))
                    .sum(),
                slots: l.slots,
                symbols: l.model.symbols().len(),
                chunks: chunks.len(),
                bytes: chunks.iter().map(|c| u64::from(c.len)).sum(),
            }
        })
        .collect()
}

/// The addressing of the layout the reader builds for the book's board, checked against the
/// book's fingerprint; each layer's length is checked against the book's when [`locate`]
/// first lays that layer out.
pub(crate) fn addressing(index: &BookV2Index) -> Result<Addressing, BookError> {
    let board: &Board = index.board();
    let layout = Layout::new(board, board.start(), Rules::default(), Valuation::Score)
        .map_err(|e| BookError::NoLayout(e.to_string()))?;
    if layout.fingerprint() != index.fingerprint() {
        return Err(BookError::LayoutMismatch {
            book: index.fingerprint().to_string(),
            reader: layout.fingerprint(),
        });
    }
    Ok(Addressing::new(layout, index.depth()))
}

/// Where the value of `pos` lies in the book: its chunk, and its place in the chunk. `pos`
/// must lie within the book's depth. A layer whose length in the book differs from the
/// layout's is refused before any of its values is read.
pub(crate) fn locate(
    address: &Addressing,
    index: &BookV2Index,
    pos: Position,
) -> Result<(usize, usize), BookError> {
    let (layer, slot) = address
        .slot(pos)
        .map_err(|e| BookError::NoLayout(e.to_string()))?;
    check_layer(address, index, layer)?;
    index
        .chunk_of(layer, slot)
        .ok_or_else(|| BookError::Corrupt(format!("layer {layer} ends before {slot}")))
}

/// Refuses `layer` if its length in the book differs from the layout's (laying it out).
fn check_layer(address: &Addressing, index: &BookV2Index, layer: usize) -> Result<(), BookError> {
    let book = index.layers().get(layer).map_or(0, |l| l.slots);
    let reader = address.layer_len(layer);
    if book != reader {
        return Err(BookError::Corrupt(format!(
            "layer {layer} is {book} positions long in the book, {reader} in the layout"
        )));
    }
    Ok(())
}
