//! Where values live: the blocks of a tile and their stride, tiles in solve order with their
//! parents and children, a position's (tile, offset), and the fingerprint naming the solve.

use crate::core::Position;
use crate::store::TileId;

use super::super::high::decode_entry;
use super::super::RetroError;
use super::index_cache::high_key;
use super::{padded, permute, Layout};

impl Layout {
    /// Distance between blocks of a tile whose positions draw `k_lo` low lines: the number of
    /// canonical low masks, padded to `BLOCK_ALIGN`.
    pub fn block_stride(&self, k_lo: u32) -> usize {
        padded(self.lo.count(k_lo))
    }

    /// Number of blocks of `tile` (representative high masks with its high counts).
    pub fn blocks(&self, tile: TileId) -> u64 {
        let key = high_key(tile);
        let counts = key.counts();
        let high_counts = &counts[..self.groups() - 1];
        self.cache
            .blocks(key, || self.high.count_blocks(high_counts))
    }

    /// Number of bytes of one plane of a tile (positions plus block padding).
    pub fn tile_len(&self, tile: TileId) -> usize {
        self.blocks(tile) as usize * self.block_stride(u32::from(tile.lo()))
    }

    /// The shape of a tile's blocks: `(stride, positions)`, where each block of a plane is
    /// `stride` bytes of which the first `positions` hold values and the rest is padding that
    /// no position reads (a book may fill it with whatever compresses best).
    pub fn block_shape(&self, tile: TileId) -> (usize, usize) {
        let k_lo = u32::from(tile.lo());
        (self.block_stride(k_lo), self.lo.count(k_lo))
    }

    /// Number of bytes of a tile: its planes (see [`super::Valuation::planes`]).
    pub fn tile_bytes(&self, tile: TileId) -> usize {
        self.valuation.planes() * self.tile_len(tile)
    }

    /// Number of positions of a tile.
    pub fn tile_positions(&self, tile: TileId) -> u64 {
        self.blocks(tile) * self.lo.count(u32::from(tile.lo())) as u64
    }

    /// Every tile, in the order a solve computes them: most lines first, and inside a layer
    /// by increasing counts (first group most significant).
    pub fn tiles(&self) -> Vec<TileId> {
        let sizes: Vec<u8> = (0..self.groups())
            .map(|g| self.group_size(g) as u8)
            .collect();
        let mut tiles = Vec::new();
        let mut counts = vec![0u8; sizes.len()];
        loop {
            tiles.push(TileId::new(&counts));
            // Odometer over every count vector, last group fastest.
            let Some(g) = (0..counts.len()).rev().find(|&g| counts[g] < sizes[g]) else {
                break;
            };
            counts[g] += 1;
            counts[g + 1..].fill(0);
        }
        tiles.sort_by_key(|t| std::cmp::Reverse(t.lines()));
        tiles
    }

    /// The tiles a tile is computed from: one more line in each group that has room.
    pub fn parents(&self, tile: TileId) -> Vec<TileId> {
        (0..self.groups())
            .filter(|&g| u32::from(tile.count(g)) < self.group_size(g))
            .map(|g| tile.up(g))
            .collect()
    }

    /// The tiles computed from a tile: one line less in each group that has one.
    pub fn children(&self, tile: TileId) -> Vec<TileId> {
        (0..self.groups()).filter_map(|g| tile.down(g)).collect()
    }

    /// Where a position's value lives: its tile and the index inside the tile.
    /// `pos` must contain the base. Fails only if the tile's high index cannot be built.
    pub fn locate(&self, pos: Position) -> Result<(TileId, usize), RetroError> {
        let mut m = 0u64;
        for (j, &g) in self.open.iter().enumerate() {
            if pos.contains(g) {
                m |= 1 << j;
            }
        }
        let lo_bits = (m & ((1 << self.n_lo) - 1)) as u32;
        let hi_bits = m >> self.n_lo;
        let mut counts: Vec<u8> = self
            .high
            .groups()
            .iter()
            .map(|g| g.part(hi_bits).count_ones() as u8)
            .collect();
        counts.push(lo_bits.count_ones() as u8);
        let tile = TileId::new(&counts);
        let index = self.high_index(tile)?;
        let (block, sym) = decode_entry(index.entry(self.high.slot(hi_bits, index.mults())));
        let lo_rank = self.lo.rank(permute(lo_bits, &self.lo_syms[sym])) as usize;
        Ok((
            tile,
            block * self.block_stride(u32::from(tile.lo())) + lo_rank,
        ))
    }

    /// Names the solve: board, base, rules and the line order. Stores refuse tiles of another solve.
    pub fn fingerprint(&self) -> String {
        let order: Vec<String> = self.open.iter().map(|l| l.to_string()).collect();
        // One high group: the name every store had before layouts had more groups.
        let groups = match self.high.groups() {
            [_] => String::new(),
            many => {
                let sizes: Vec<String> = many.iter().map(|g| g.lines.bits().to_string()).collect();
                format!(" high={}", sizes.join("."))
            }
        };
        format!(
            "retro-v1 {} base={:016x} penalty={} lo={}{groups} order={}{}{}",
            self.board.dims_name(),
            self.base.0,
            self.penalty,
            self.n_lo,
            order.join("."),
            self.valuation.tag(),
            self.tag
        )
    }
}
