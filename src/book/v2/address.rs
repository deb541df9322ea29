//! [`Addressing`]: where a position's value lies in a v2 book, by the retrograde solve's own
//! addressing, so the book stores no positions at all.
//!
//! Layer `d`'s stream is the first plane of each tile whose positions draw `d` lines, in the
//! order of [`Layout::tiles`], one after the other; a position is at its tile's start plus
//! its offset inside the tile ([`Layout::locate`]). Block padding takes stream positions that
//! no position reads.

use std::collections::HashMap;
use std::sync::OnceLock;

use crate::core::Position;
use crate::retro::{Layout, RetroError};
use crate::store::TileId;

/// The tiles of layer `lines`, in stream order.
pub fn layer_tiles(layout: &Layout, lines: u32) -> Vec<TileId> {
    layout
        .tiles()
        .into_iter()
        .filter(|t| t.lines() == lines)
        .collect()
}

/// The stream start of every tile of a book's layers. A layer is laid out the first time
/// one of its positions is located: a reader opening a book to answer one position, or a
/// game's first moves, needs one or two of them. (Laying out all eleven layers of the 4×4
/// book took 0.3 s natively while blocks were counted mask by mask; by Burnside's lemma it
/// is a few milliseconds.)
#[derive(Clone, Debug)]
pub struct Addressing {
    layout: Layout,
    layers: Vec<OnceLock<Layer>>,
}

/// One layer's tiles: each one's stream start, and the layer's stream length.
#[derive(Clone, Debug)]
struct Layer {
    starts: HashMap<TileId, u64>,
    len: u64,
}

impl Addressing {
    /// The addressing of layers `0..=depth` of `layout`.
    pub fn new(layout: Layout, depth: u32) -> Addressing {
        Addressing {
            layout,
            layers: (0..=depth).map(|_| OnceLock::new()).collect(),
        }
    }

    fn layer(&self, d: usize) -> &Layer {
        self.layers[d].get_or_init(|| {
            let mut starts = HashMap::new();
            let mut at = 0;
            for tile in layer_tiles(&self.layout, d as u32) {
                starts.insert(tile, at);
                at += self.layout.tile_len(tile) as u64;
            }
            Layer { starts, len: at }
        })
    }

    /// The layout.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// Stream length of layer `d` (at most the depth).
    pub fn layer_len(&self, d: usize) -> u64 {
        self.layer(d).len
    }

    /// Layer and stream position of `pos` (which must contain the layout's base). Fails if
    /// the layout cannot index the position's tile, or the position lies past the layers.
    pub fn slot(&self, pos: Position) -> Result<(usize, u64), RetroError> {
        let (tile, offset) = self.layout.locate(pos)?;
        let d = tile.lines() as usize;
        if d >= self.layers.len() {
            return Err(RetroError::NotKept {
                lines: d as u32,
                kept: self.layers.len() as u32 - 1,
            });
        }
        Ok((d, self.layer(d).starts[&tile] + offset as u64))
    }
}
