//! [`LazyBookV2`]: a v2 book of which only the header and index are held, its chunks
//! supplied one by one as the reader fetches them (the browser, by HTTP range request).
//!
//! A query first asks [`LazyBookV2::needed`] which chunks it reads that are not held yet;
//! the caller fetches those and hands each to [`LazyBookV2::insert`], which checks its length
//! and CRC32 before keeping it, so a damaged download is refused before it can answer
//! anything. Then [`LazyBookV2::analysis`] answers from the held chunks alone.

use std::collections::{BTreeSet, HashMap};

use crate::book::error::BookError;
use crate::book::query::{analysis_from, lines_beyond_start};
use crate::core::{Analysis, Position};

use super::address::Addressing;
use super::format::BookV2Index;
use super::reader::{addressing, layer_stats, locate, LayerStats};

/// A v2 book read chunk by chunk.
#[derive(Clone, Debug)]
pub struct LazyBookV2 {
    index: BookV2Index,
    address: Addressing,
    /// Decoded chunks held, by index. A game reads a few hundred of the thousands a large
    /// book has (8 KB each decoded), so nothing is ever dropped.
    chunks: HashMap<usize, Vec<i8>>,
}

impl LazyBookV2 {
    /// A book from its parsed index, checked against the layout this reader builds for its
    /// board (same fingerprint; each layer's length when it is first read) before any chunk
    /// is fetched.
    pub fn new(index: BookV2Index) -> Result<LazyBookV2, BookError> {
        let address = addressing(&index)?;
        Ok(LazyBookV2 {
            index,
            address,
            chunks: HashMap::new(),
        })
    }

    /// The parsed header and index.
    pub fn index(&self) -> &BookV2Index {
        &self.index
    }

    /// Per layer: positions, stream length, symbols, chunks and compressed bytes (no chunk
    /// read).
    pub fn layer_stats(&self) -> Vec<LayerStats> {
        layer_stats(&self.index, &self.address)
    }

    /// Chunks held so far.
    pub fn held(&self) -> usize {
        self.chunks.len()
    }

    /// The chunks [`LazyBookV2::analysis`] of `pos` reads (its children's values) that are
    /// not held yet, in file order (neighbours can share one range request).
    pub fn needed(&self, pos: Position) -> Result<Vec<usize>, BookError> {
        self.check_depth(pos)?;
        let board = self.index.board();
        let mut missing = BTreeSet::new();
        for line in board.open_lines(pos).lines() {
            let chunk = self.chunk_of(pos.with(line))?.0;
            if !self.chunks.contains_key(&chunk) {
                missing.insert(chunk);
            }
        }
        Ok(missing.into_iter().collect())
    }

    /// Checks chunk `i`'s bytes (length and CRC32) and keeps its values. A damaged chunk is
    /// an error naming the chunk and what is wrong, and nothing is kept.
    pub fn insert(&mut self, i: usize, bytes: &[u8]) -> Result<(), BookError> {
        let values = self.index.decode_chunk(i, bytes)?;
        self.chunks.insert(i, values);
        Ok(())
    }

    /// The value of `pos` and every move's score, from held chunks only: `pos` must have
    /// fewer lines than the book's depth, and every chunk [`LazyBookV2::needed`] names must
    /// have been inserted.
    pub fn analysis(&self, pos: Position) -> Result<Analysis, BookError> {
        self.check_depth(pos)?;
        analysis_from(self.index.board(), pos, &mut |child| {
            let (chunk, within) = self.chunk_of(child)?;
            let values = self.chunks.get(&chunk).ok_or_else(|| {
                BookError::Corrupt(format!("chunk {chunk} is needed but was not loaded"))
            })?;
            Ok(i32::from(values[within]))
        })
    }

    /// Move scores come from children one line deeper, which the book must hold.
    fn check_depth(&self, pos: Position) -> Result<(), BookError> {
        let lines = lines_beyond_start(self.index.board(), pos)?;
        let depth = self.index.depth();
        if lines >= depth && !self.index.board().open_lines(pos).is_empty() {
            return Err(BookError::TooDeep {
                lines,
                max: depth.saturating_sub(1),
                query: "move scores",
            });
        }
        Ok(())
    }

    fn chunk_of(&self, pos: Position) -> Result<(usize, usize), BookError> {
        locate(&self.address, &self.index, pos)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::book::v2::BookV2;
    use crate::core::Board;
    use crate::retro::Solve;
    use crate::store::MemoryStore;
    use crate::store::TileStore;

    /// A 2x2 book of depth 4 in chunks of 16 positions, so positions span several chunks.
    fn small_book() -> Vec<u8> {
        let board = Board::new(2, 2).unwrap();
        let mut solve = Solve::new(&board, board.start(), 4).unwrap();
        let mut store = MemoryStore::new();
        solve.run(&mut store, &mut |_| {}).unwrap();
        crate::book::v2::write_book(
            solve.layout(),
            4,
            4,
            &mut |tile| Ok::<_, BookError>(store.load(tile).unwrap().unwrap()),
            &mut |_, _| {},
        )
        .unwrap()
    }

    #[test]
    fn answers_like_the_whole_file_reader_from_the_chunks_it_names() {
        let bytes = small_book();
        let whole = BookV2::from_bytes(bytes.clone()).unwrap();
        let index = BookV2Index::parse(&bytes).unwrap();
        let mut lazy = LazyBookV2::new(index.clone()).unwrap();
        let board = index.board().clone();
        for pos in [
            board.start(),
            board.start().with(0),
            board.start().with(3).with(5),
        ] {
            for i in lazy.needed(pos).unwrap() {
                let r = index.chunk_range(i).unwrap();
                lazy.insert(i, &bytes[r.start as usize..r.end as usize])
                    .unwrap();
            }
            assert!(lazy.needed(pos).unwrap().is_empty());
            assert_eq!(lazy.analysis(pos).unwrap(), whole.analysis(pos).unwrap());
        }
    }

    #[test]
    fn refuses_a_damaged_chunk_and_keeps_nothing() {
        let bytes = small_book();
        let index = BookV2Index::parse(&bytes).unwrap();
        let mut lazy = LazyBookV2::new(index.clone()).unwrap();
        let i = lazy.needed(index.board().start()).unwrap()[0];
        let r = index.chunk_range(i).unwrap();
        let mut chunk = bytes[r.start as usize..r.end as usize].to_vec();
        chunk[0] ^= 0xff;
        let err = lazy.insert(i, &chunk).unwrap_err().to_string();
        assert!(err.contains("checksum mismatch"), "{err}");
        assert!(
            lazy.insert(i, &chunk[1..]).is_err(),
            "a truncated chunk is refused"
        );
        assert_eq!(lazy.held(), 0);
        assert!(lazy.analysis(index.board().start()).is_err());
    }
}
