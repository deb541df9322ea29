//! [`BookV1`]: a checked, queryable book of format version 1 held in memory.

use crate::core::Equivalence;
use crate::core::{Analysis, Board, Position};
use crate::search::Flow;

use super::format::{
    Header, BLOCK, CRC_LEN, ENCODING_DELTA_VARINT, HEADER_LEN, INDEX_LEN, LAYER_LEN,
    SYMMETRY_BOARD_AND_BORDER_SWAPS,
};
use crate::book::bytes::{get_varint, u32_at, u64_at};
use crate::book::error::{file_len, header_len, BookError};
use crate::book::query::{analysis_from, lines_beyond_start};

/// Where one layer's parts lie in the file.
#[derive(Clone, Copy, Debug)]
struct Layer {
    count: usize,
    index: usize,
    values: usize,
    data: usize,
    data_len: usize,
}

impl Layer {
    fn blocks(&self) -> usize {
        self.count.div_ceil(BLOCK)
    }
}

/// What a book holds, as shown by `dotbox book info`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookInfo {
    /// The board (with its pre-drawn lines).
    pub board: Board,
    /// Most lines drawn beyond the pre-drawn ones in a stored position.
    pub depth: u32,
    /// The format version.
    pub version: u16,
    /// The entry encoding identifier.
    pub encoding: u8,
    /// The symmetry scheme identifier.
    pub symmetry: u8,
    /// Stored positions in all.
    pub entries: u64,
    /// Stored positions per number of lines drawn beyond the pre-drawn ones.
    pub layer_entries: Vec<u64>,
    /// Size of the file in bytes.
    pub bytes: u64,
    /// The CRC32 stored at the end of the file.
    pub checksum: u32,
}

/// A book read from bytes whose header, layout and checksum have been checked.
#[derive(Clone, Debug)]
pub struct BookV1 {
    bytes: Vec<u8>,
    board: Board,
    depth: u32,
    equivalence: Equivalence,
    layers: Vec<Layer>,
}

impl BookV1 {
    /// Reads a book, checking (in this order) the magic, the version, the header's reserved
    /// byte, board and depth (so that garbage after the magic reads as a corrupt header, not
    /// as a book cut short of an absurd length), that the file is as long as its header says,
    /// the checksum, the encoding and symmetry identifiers and the layout of every layer and
    /// block index.
    pub fn from_bytes(bytes: Vec<u8>) -> Result<BookV1, BookError> {
        let header = Header::read(&bytes)?;
        if header.reserved != 0 {
            return Err(BookError::Corrupt(format!(
                "reserved header byte is {}",
                header.reserved
            )));
        }
        let board = Board::new(usize::from(header.rows), usize::from(header.cols))
            .map_err(|e| BookError::Corrupt(format!("bad board in header: {e}")))?;
        let board = board
            .with_checked_predrawn(Position(header.predrawn))
            .map_err(|e| BookError::Corrupt(format!("bad pre-drawn lines in header: {e}")))?;
        let depth = crate::book::header_depth(header.depth, &board)?;
        let found = bytes.len() as u64;
        let limit = format!(
            "its {} entries in {} layers can take",
            header.entries,
            u32::from(header.depth) + 1
        );
        let field = "file length (bytes 32–39)";
        header_len(field, header.file_len, header.longest_file(), &limit)?;
        file_len(header.file_len, found)?;
        if bytes.len() < HEADER_LEN + CRC_LEN {
            return Err(BookError::Corrupt(format!(
                "declared length {found} is too small"
            )));
        }
        let body = bytes.len() - CRC_LEN;
        let stored = u32_at(&bytes, body);
        let computed = crc32fast::hash(&bytes[..body]);
        if stored != computed {
            return Err(BookError::Corrupt(format!(
                "checksum mismatch: stored {stored:08x}, computed {computed:08x}"
            )));
        }
        if header.encoding != ENCODING_DELTA_VARINT {
            return Err(BookError::UnknownEncoding {
                found: header.encoding,
                known: ENCODING_DELTA_VARINT,
            });
        }
        if header.symmetry != SYMMETRY_BOARD_AND_BORDER_SWAPS {
            return Err(BookError::UnknownSymmetry {
                found: header.symmetry,
                known: SYMMETRY_BOARD_AND_BORDER_SWAPS,
            });
        }
        let layers = read_layers(&bytes, depth, body)?;
        let entries: u64 = layers.iter().map(|l| l.count as u64).sum();
        if entries != header.entries {
            return Err(BookError::Corrupt(format!(
                "header counts {} entries, the layers {entries}",
                header.entries
            )));
        }
        let equivalence = Equivalence::new(&board, board.predrawn());
        let book = BookV1 {
            bytes,
            board,
            depth,
            equivalence,
            layers,
        };
        book.check_indexes()?;
        Ok(book)
    }

    /// The book's board, with its pre-drawn lines.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Most lines drawn beyond the pre-drawn ones in a stored position.
    pub fn depth(&self) -> u32 {
        self.depth
    }

    /// The header's facts and the entries per layer.
    pub fn info(&self) -> BookInfo {
        BookInfo {
            board: self.board.clone(),
            depth: self.depth,
            version: super::format::VERSION,
            encoding: self.bytes[21],
            symmetry: self.bytes[22],
            entries: self.layers.iter().map(|l| l.count as u64).sum(),
            layer_entries: self.layers.iter().map(|l| l.count as u64).collect(),
            bytes: self.bytes.len() as u64,
            checksum: u32_at(&self.bytes, self.bytes.len() - CRC_LEN),
        }
    }

    /// The value of `pos`: net boxes still to come for the player to move.
    pub fn value(&self, pos: Position) -> Result<i32, BookError> {
        let lines = lines_beyond_start(&self.board, pos)?;
        if lines > self.depth {
            return Err(BookError::TooDeep {
                lines,
                max: self.depth,
                query: "values",
            });
        }
        let canonical = self.equivalence.canonical(pos);
        match self.lookup(lines as usize, canonical.0)? {
            Some(v) => Ok(i32::from(v)),
            None => Err(BookError::Corrupt(format!(
                "position {} (canonical {}) is missing",
                self.format(pos),
                self.format(canonical)
            ))),
        }
    }

    /// The value of `pos` and every move's score, from the values of its children: `pos` must
    /// have fewer lines than the book's depth (or be the full board).
    pub fn analysis(&self, pos: Position) -> Result<Analysis, BookError> {
        let lines = lines_beyond_start(&self.board, pos)?;
        let open = self.board.open_lines(pos);
        if lines >= self.depth && !open.is_empty() {
            let max = self.depth.saturating_sub(1);
            return Err(BookError::TooDeep {
                lines,
                max,
                query: "move scores",
            });
        }
        analysis_from(&self.board, pos, &mut |child| self.value(child))
    }

    /// Checks every entry: masks strictly increasing, canonical, on the board with the layer's
    /// line count; values possible; layer 0 the start position; and every value equal to the
    /// best move's score computed from the children's values (which also proves that every
    /// canonical position up to the depth is present).
    pub fn verify(&self) -> Result<(), BookError> {
        self.verify_with_progress(&mut |_, _| Flow::Continue)
    }

    /// [`BookV1::verify`], calling `progress(done, total)` now and then (entries checked out of
    /// all entries), whose [`Flow::Stop`] stops it ([`BookError::Stopped`]). Holds two decoded
    /// layers in memory at a time.
    pub fn verify_with_progress(
        &self,
        progress: &mut dyn FnMut(u64, u64) -> Flow,
    ) -> Result<(), BookError> {
        let total = self.layers.iter().map(|l| l.count as u64).sum::<u64>();
        let mut done = 0;
        let start = self.decode_layer(0)?;
        if start != [self.board.start().0] {
            return Err(BookError::Corrupt(
                "layer 0 does not hold exactly the start position".into(),
            ));
        }
        let mut current = start;
        for d in 0..self.layers.len() {
            // The children of layer d, decoded once for binary search.
            let next = match self.layers.get(d + 1) {
                Some(_) => self.decode_layer(d + 1)?,
                None => Vec::new(),
            };
            let (layer, child_layer) = (&self.layers[d], self.layers.get(d + 1));
            let child_value = |child: Position| {
                let canonical = self.equivalence.canonical(child);
                match (next.binary_search(&canonical.0), child_layer) {
                    (Ok(i), Some(l)) => Ok(i32::from(self.value_at(l, i))),
                    _ => Err(BookError::Corrupt(format!(
                        "position {} is missing",
                        self.format(canonical)
                    ))),
                }
            };
            for (i, &mask) in current.iter().enumerate() {
                let pos = Position(mask);
                let stored = i32::from(self.value_at(layer, i));
                self.check_entry(d as u32, pos, stored)?;
                if (d as u32) < self.depth || self.board.open_lines(pos).is_empty() {
                    let computed = analysis_from(&self.board, pos, &mut { child_value })?.value;
                    if stored != computed {
                        return Err(BookError::Corrupt(format!(
                            "{} has value {stored} but its moves give {computed}",
                            self.format(pos)
                        )));
                    }
                }
                if i % BLOCK == BLOCK - 1 && progress(done + i as u64 + 1, total) == Flow::Stop {
                    return Err(BookError::Stopped);
                }
            }
            done += current.len() as u64;
            if progress(done, total) == Flow::Stop {
                return Err(BookError::Stopped);
            }
            current = next;
        }
        Ok(())
    }

    /// Every mask of layer `d`, checked to increase strictly.
    fn decode_layer(&self, d: usize) -> Result<Vec<u64>, BookError> {
        let layer = &self.layers[d];
        let mut masks = Vec::with_capacity(layer.count);
        let mut block = [0u64; BLOCK];
        for b in 0..layer.blocks() {
            let n = self.decode_block(layer, b, &mut block)?;
            if masks.last().is_some_and(|&last| last >= block[0]) {
                return Err(BookError::Corrupt(format!(
                    "layer {d} is out of order at block {b}"
                )));
            }
            masks.extend_from_slice(&block[..n]);
        }
        Ok(masks)
    }

    /// Checks one entry on its own: on the board, with the layer's line count, canonical, and
    /// a value no larger than the boxes left.
    fn check_entry(&self, lines: u32, pos: Position, value: i32) -> Result<(), BookError> {
        let wrong =
            |what: &str| BookError::Corrupt(format!("entry {pos:?} of layer {lines} {what}"));
        if let Err(e) = self.board.check(pos) {
            return Err(wrong(&format!("does not fit the board: {e}")));
        }
        if pos.difference(self.board.predrawn()).count() != lines {
            return Err(wrong("has the wrong number of lines"));
        }
        if self.equivalence.canonical(pos) != pos {
            return Err(wrong("is not canonical"));
        }
        let boxes = self.board.boxes().untaken(pos) as i32;
        if value.abs() > boxes {
            return Err(wrong(&format!("has value {value} with {boxes} boxes left")));
        }
        Ok(())
    }

    /// The value stored for `mask` in layer `d`, if present.
    fn lookup(&self, d: usize, mask: u64) -> Result<Option<i8>, BookError> {
        let layer = &self.layers[d];
        // Blocks whose first mask is at most `mask`: the last of them may hold it.
        let (mut lo, mut hi) = (0, layer.blocks());
        while lo < hi {
            let mid = (lo + hi) / 2;
            if self.first_mask(layer, mid) <= mask {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        let Some(b) = lo.checked_sub(1) else {
            return Ok(None);
        };
        let mut masks = [0u64; BLOCK];
        let n = self.decode_block(layer, b, &mut masks)?;
        Ok(masks[..n]
            .binary_search(&mask)
            .ok()
            .map(|i| self.value_at(layer, b * BLOCK + i)))
    }

    fn first_mask(&self, layer: &Layer, b: usize) -> u64 {
        u64_at(&self.bytes, layer.index + b * INDEX_LEN)
    }

    fn block_offset(&self, layer: &Layer, b: usize) -> usize {
        u32_at(&self.bytes, layer.index + b * INDEX_LEN + 8) as usize
    }

    fn value_at(&self, layer: &Layer, i: usize) -> i8 {
        self.bytes[layer.values + i] as i8
    }

    /// Decodes block `b` of `layer` into `out`; returns the number of masks.
    fn decode_block(
        &self,
        layer: &Layer,
        b: usize,
        out: &mut [u64; BLOCK],
    ) -> Result<usize, BookError> {
        let n = (layer.count - b * BLOCK).min(BLOCK);
        let start = self.block_offset(layer, b);
        let end = if b + 1 < layer.blocks() {
            self.block_offset(layer, b + 1)
        } else {
            layer.data_len
        };
        let data = &self.bytes[layer.data + start..layer.data + end];
        let bad = |what: &str| {
            BookError::Corrupt(format!(
                "block {b} of a layer with {} entries {what}",
                layer.count
            ))
        };
        let mut at = 0;
        out[0] = self.first_mask(layer, b);
        for i in 1..n {
            let delta = get_varint(data, &mut at).ok_or_else(|| bad("runs past its data"))?;
            if delta == 0 {
                return Err(bad("repeats a mask"));
            }
            out[i] = out[i - 1]
                .checked_add(delta)
                .ok_or_else(|| bad("overflows"))?;
        }
        if at != data.len() {
            return Err(bad("has bytes left over"));
        }
        Ok(n)
    }

    /// Checks that block offsets increase within the data and first masks increase.
    fn check_indexes(&self) -> Result<(), BookError> {
        for (d, layer) in self.layers.iter().enumerate() {
            let mut previous: Option<(u64, usize)> = None;
            for b in 0..layer.blocks() {
                let (first, offset) = (self.first_mask(layer, b), self.block_offset(layer, b));
                let in_order = match previous {
                    None => offset == 0,
                    Some((f, o)) => f < first && o <= offset,
                };
                if !in_order || offset > layer.data_len {
                    return Err(BookError::Corrupt(format!(
                        "block index of layer {d} is out of order at block {b}"
                    )));
                }
                previous = Some((first, offset));
            }
        }
        Ok(())
    }

    fn format(&self, pos: Position) -> String {
        crate::core::notation::format_position(&self.board, pos)
    }
}

/// Reads the layer table and checks that the layers exactly fill the body.
fn read_layers(bytes: &[u8], depth: u32, body: usize) -> Result<Vec<Layer>, BookError> {
    let table_end = HEADER_LEN + LAYER_LEN * (depth as usize + 1);
    if table_end > body {
        return Err(BookError::Corrupt(
            "the layer table runs past the end of the book".into(),
        ));
    }
    let mut layers = Vec::with_capacity(depth as usize + 1);
    let mut at = table_end;
    for d in 0..=depth as usize {
        let row = HEADER_LEN + LAYER_LEN * d;
        let (count, data_len) = (u64_at(bytes, row), u64_at(bytes, row + 8));
        let too_big = || BookError::Corrupt(format!("layer {d} runs past the end of the book"));
        let count = usize::try_from(count).map_err(|_| too_big())?;
        let data_len = usize::try_from(data_len).map_err(|_| too_big())?;
        let index_len = count
            .div_ceil(BLOCK)
            .checked_mul(INDEX_LEN)
            .ok_or_else(too_big)?;
        let index = at;
        let values = index.checked_add(index_len).ok_or_else(too_big)?;
        let data = values.checked_add(count).ok_or_else(too_big)?;
        at = data.checked_add(data_len).ok_or_else(too_big)?;
        if at > body {
            return Err(too_big());
        }
        if count == 0 {
            return Err(BookError::Corrupt(format!("layer {d} is empty")));
        }
        layers.push(Layer {
            count,
            index,
            values,
            data,
            data_len,
        });
    }
    if at != body {
        return Err(BookError::Corrupt(format!(
            "{} unaccounted bytes after the last layer",
            body - at
        )));
    }
    Ok(layers)
}
