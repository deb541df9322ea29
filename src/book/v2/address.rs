//! [`Addressing`]: where a position's value lies in a v2 book, by the retrograde solve's own
//! addressing, so the book stores no positions at all.
//!
//! Layer `d`'s stream is the first plane of each tile whose positions draw `d` lines, in the
//! order of [`Layout::tiles`], one after the other; a position is at its tile's start plus
//! its offset inside the tile ([`Layout::locate`]). Block padding takes stream positions that
//! no position reads.

use std::collections::HashMap;

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

/// The stream start of every tile of a book's layers.
#[derive(Clone, Debug)]
pub struct Addressing {
    layout: Layout,
    starts: HashMap<TileId, u64>,
    slots: Vec<u64>,
}

impl Addressing {
    /// The addressing of layers `0..=depth` of `layout`.
    pub fn new(layout: Layout, depth: u32) -> Addressing {
        let mut starts = HashMap::new();
        let mut slots = Vec::with_capacity(depth as usize + 1);
        for d in 0..=depth {
            let mut at = 0;
            for tile in layer_tiles(&layout, d) {
                starts.insert(tile, at);
                at += layout.tile_len(tile) as u64;
            }
            slots.push(at);
        }
        Addressing {
            layout,
            starts,
            slots,
        }
    }

    /// The layout.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// Stream length of each layer.
    pub fn slots(&self) -> &[u64] {
        &self.slots
    }

    /// Layer and stream position of `pos` (which must contain the layout's base and lie
    /// within the layers). Fails only if the layout cannot index the position's tile.
    pub fn slot(&self, pos: Position) -> Result<(usize, u64), RetroError> {
        let (tile, offset) = self.layout.locate(pos)?;
        Ok((tile.lines() as usize, self.starts[&tile] + offset as u64))
    }
}
