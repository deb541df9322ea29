//! [`BookWriter`] (format v1): enumerates the canonical positions up to a depth and encodes their values,
//! asked of any value oracle (the retrograde solver natively, a naive search in tests).

use crate::core::Equivalence;
use crate::core::{Board, Position};

use super::format::{
    Header, BLOCK, CRC_LEN, ENCODING_DELTA_VARINT, HEADER_LEN, INDEX_LEN, LAYER_LEN,
    SYMMETRY_BOARD_AND_BORDER_SWAPS,
};
use crate::book::bytes::put_varint;
use crate::book::enumerate::canonical_children;
use crate::book::error::BookError;

/// The canonical positions of a book to be written, layer by layer.
#[derive(Clone, Debug)]
pub struct BookWriter {
    board: Board,
    depth: u32,
    /// `layers[d]`: sorted canonical masks with `d` lines drawn beyond the pre-drawn ones.
    layers: Vec<Vec<u64>>,
}

impl BookWriter {
    /// Enumerates the canonical positions of `board` with at most `depth` lines drawn beyond
    /// its pre-drawn ones.
    pub fn new(board: &Board, depth: u32) -> Result<BookWriter, BookError> {
        BookWriter::with_progress(board, depth, &mut |_, _, _| {})
    }

    /// [`BookWriter::new`], calling `progress(layer, parents_done, parents)` while building
    /// each layer from the one before.
    ///
    /// Layer `d + 1` is built from layer `d` by canonical augmentation
    /// (`canonical_children`): a layer never holds more than its own entries.
    pub fn with_progress(
        board: &Board,
        depth: u32,
        progress: &mut dyn FnMut(u32, u64, u64),
    ) -> Result<BookWriter, BookError> {
        crate::book::check_depth(depth, board)?;
        let eq = Equivalence::new(board, board.predrawn());
        let mut layers = vec![vec![board.start().0]];
        let mut children = Vec::new();
        for layer in 1..=depth {
            let parents = layers.last().expect("layer 0 exists");
            let mut next: Vec<u64> = Vec::new();
            for (done, &mask) in parents.iter().enumerate() {
                canonical_children(&eq, board, Position(mask), &mut children);
                next.extend_from_slice(&children);
                if done % 4096 == 0 {
                    progress(layer, done as u64, parents.len() as u64);
                }
            }
            progress(layer, parents.len() as u64, parents.len() as u64);
            next.sort_unstable();
            layers.push(next);
        }
        Ok(BookWriter {
            board: board.clone(),
            depth,
            layers,
        })
    }

    /// Number of positions the book holds (the number of oracle calls [`BookWriter::write`]
    /// makes).
    pub fn entries(&self) -> u64 {
        self.layers.iter().map(|l| l.len() as u64).sum()
    }

    /// The canonical positions with `lines` lines drawn beyond the pre-drawn ones, sorted.
    pub fn layer(&self, lines: u32) -> &[u64] {
        self.layers.get(lines as usize).map_or(&[], Vec::as_slice)
    }

    /// Encodes the book, asking `oracle` for the value of each canonical position (in
    /// increasing line count, then mask order). Fails with the oracle's first error, or with
    /// [`BookError::ValueOutOfRange`] for a value beyond the boxes left.
    pub fn write<E: From<BookError>>(
        &self,
        mut oracle: impl FnMut(Position) -> Result<i32, E>,
    ) -> Result<Vec<u8>, E> {
        let mut sections = Vec::with_capacity(self.layers.len());
        for layer in &self.layers {
            let mut values = Vec::with_capacity(layer.len());
            for &mask in layer {
                values.push(self.checked_value(Position(mask), oracle(Position(mask))?)?);
            }
            sections.push(encode_layer(layer, &values));
        }
        let table_len = LAYER_LEN * self.layers.len();
        let body: usize = sections
            .iter()
            .map(|(index, values, data)| index.len() + values.len() + data.len())
            .sum();
        let file_len = HEADER_LEN + table_len + body + CRC_LEN;
        let header = Header {
            rows: self.board.rows() as u8,
            cols: self.board.cols() as u8,
            predrawn: self.board.predrawn().0,
            depth: self.depth as u8,
            encoding: ENCODING_DELTA_VARINT,
            symmetry: SYMMETRY_BOARD_AND_BORDER_SWAPS,
            reserved: 0,
            entries: self.entries(),
            file_len: file_len as u64,
        };
        let mut out = Vec::with_capacity(file_len);
        header.write(&mut out);
        for (layer, (_, _, data)) in self.layers.iter().zip(&sections) {
            out.extend_from_slice(&(layer.len() as u64).to_le_bytes());
            out.extend_from_slice(&(data.len() as u64).to_le_bytes());
        }
        for (index, values, data) in &sections {
            out.extend_from_slice(index);
            out.extend_from_slice(values);
            out.extend_from_slice(data);
        }
        let crc = crc32fast::hash(&out);
        out.extend_from_slice(&crc.to_le_bytes());
        debug_assert_eq!(out.len(), file_len);
        Ok(out)
    }

    fn checked_value(&self, pos: Position, value: i32) -> Result<u8, BookError> {
        let boxes = self.board.boxes().untaken(pos) as u32;
        if value.unsigned_abs() > boxes {
            let position = crate::core::notation::format_position(&self.board, pos);
            return Err(BookError::ValueOutOfRange {
                position,
                value,
                boxes,
            });
        }
        Ok(value as i8 as u8)
    }
}

/// One layer's block index, values and block data.
fn encode_layer(masks: &[u64], values: &[u8]) -> (Vec<u8>, Vec<u8>, Vec<u8>) {
    let mut index = Vec::with_capacity(masks.len().div_ceil(BLOCK) * INDEX_LEN);
    let mut data = Vec::new();
    for block in masks.chunks(BLOCK) {
        index.extend_from_slice(&block[0].to_le_bytes());
        index.extend_from_slice(&(data.len() as u32).to_le_bytes());
        for pair in block.windows(2) {
            put_varint(&mut data, pair[1] - pair[0]);
        }
    }
    (index, values.to_vec(), data)
}
