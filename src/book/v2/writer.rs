//! [`write_book`]: a v2 book from the tiles of a finished retrograde solve, streamed tile by
//! tile: per layer one pass counts the values to build the layer's model, a second codes the
//! chunks. Beside the compressed book, memory holds one tile and the counts.

use crate::book::error::BookError;
use crate::retro::{Layout, Valuation};
use crate::store::{TileData, TileId};

use super::address::layer_tiles;
#[cfg(doc)]
use super::format::CHUNK_LOG2;
use super::format::{BookV2Index, CHUNK_LOG2_RANGE};
use super::model::{LayerModel, PairCounts};

/// Writes the book of layers `0..=depth` of the solve laid out by `layout` (a plain-score
/// solve of a board from its start) in chunks of `2^chunk_log2` positions ([`CHUNK_LOG2`]
/// unless testing), reading each tile with `load` twice. `progress(done, total)` counts tile
/// reads.
pub fn write_book<E: From<BookError>>(
    layout: &Layout,
    depth: u32,
    chunk_log2: u8,
    load: &mut dyn FnMut(TileId) -> Result<TileData, E>,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<Vec<u8>, E> {
    let board = layout.board();
    if layout.valuation() != Valuation::Score || layout.base() != board.start() {
        return Err(BookError::NotABookSolve.into());
    }
    if !CHUNK_LOG2_RANGE.contains(&chunk_log2) {
        return Err(BookError::ChunkSize {
            log2: chunk_log2,
            range: CHUNK_LOG2_RANGE,
        }
        .into());
    }
    crate::book::check_depth(depth, board)?;
    let total = 2
        * (0..=depth)
            .map(|d| layer_tiles(layout, d).len() as u64)
            .sum::<u64>();
    let mut done = 0;
    let chunk = 1usize << chunk_log2;
    let (mut layers, mut chunks, mut data) = (Vec::new(), Vec::new(), Vec::new());
    for d in 0..=depth {
        let tiles = layer_tiles(layout, d);
        let mut counts = PairCounts::default();
        let (mut slots, mut previous) = (0u64, None);
        for &tile in &tiles {
            each_value(layout, tile, load, &mut |v| {
                if slots % chunk as u64 == 0 {
                    previous = None;
                }
                counts.add(previous, v);
                previous = Some(v);
                slots += 1;
            })?;
            done += 1;
            progress(done, total);
        }
        let model = LayerModel::from_counts(&counts);
        let mut pending: Vec<i8> = Vec::with_capacity(chunk);
        for &tile in &tiles {
            each_value(layout, tile, load, &mut |v| {
                pending.push(v);
                if pending.len() == chunk {
                    push_chunk(&model, &mut pending, &mut chunks, &mut data);
                }
            })?;
            done += 1;
            progress(done, total);
        }
        if !pending.is_empty() {
            push_chunk(&model, &mut pending, &mut chunks, &mut data);
        }
        layers.push((slots, model));
    }
    Ok(BookV2Index::assemble(
        board,
        depth,
        chunk_log2,
        &layout.fingerprint(),
        &layers,
        &chunks,
        &data,
    ))
}

/// Calls `f` with every value of the first plane of `tile`, block padding replaced by the
/// value before it (under the model's context of the previous value, a repeat is the
/// cheapest thing to code).
fn each_value<E: From<BookError>>(
    layout: &Layout,
    tile: TileId,
    load: &mut dyn FnMut(TileId) -> Result<TileData, E>,
    f: &mut dyn FnMut(i8),
) -> Result<(), E> {
    let data = load(tile)?;
    if data.len() != layout.tile_bytes(tile) {
        return Err(BookError::Corrupt(format!(
            "{tile} holds {} values, {} expected",
            data.len(),
            layout.tile_bytes(tile)
        ))
        .into());
    }
    let (stride, positions) = layout.block_shape(tile);
    for block in data[..layout.tile_len(tile)].chunks_exact(stride) {
        let (values, padding) = block.split_at(positions);
        values.iter().for_each(|&v| f(v));
        let last = values.last().copied().unwrap_or_default();
        padding.iter().for_each(|_| f(last));
    }
    Ok(())
}

/// Codes the `pending` values as the next chunk and empties it.
fn push_chunk(
    model: &LayerModel,
    pending: &mut Vec<i8>,
    chunks: &mut Vec<(u32, u32)>,
    data: &mut Vec<u8>,
) {
    let bytes = model.encode(pending);
    chunks.push((bytes.len() as u32, crc32fast::hash(&bytes)));
    data.extend_from_slice(&bytes);
    pending.clear();
}
