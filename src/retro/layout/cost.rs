//! What a solve will cost, from the group sizes alone: positions per layer and per tile, the
//! peak memory of an in-memory solve, and the bytes one step must hold. Callers pick a method
//! or refuse a solve from these before anything is built.

use crate::store::TileId;

use super::Layout;

impl Layout {
    /// Positions per layer (lines drawn beyond the base), estimated from the group sizes:
    /// canonical masks under the interchangeable sets, divided by the number of symmetries
    /// (symmetric positions make the true count slightly larger). Costs nothing to compute,
    /// so callers pick a method or refuse a solve before building anything. Layer `k` is the
    /// sum of [`Layout::tile_estimate`] over its tiles.
    pub fn layer_estimates(&self) -> Vec<f64> {
        let mut layers = vec![1.0];
        for g in 0..self.groups() {
            let factor: Vec<f64> = (0..=self.group_size(g))
                .map(|k| self.group_masks(g, k))
                .collect();
            let mut product = vec![0.0; layers.len() + factor.len() - 1];
            for (i, a) in layers.iter().enumerate() {
                for (j, b) in factor.iter().enumerate() {
                    product[i + j] += a * b;
                }
            }
            layers = product;
        }
        let symmetries = self.lo_syms.len() as f64;
        layers.iter().map(|n| n / symmetries).collect()
    }

    /// Positions of `tile`, estimated as [`Layout::layer_estimates`] does: for the largest
    /// boards, where counting a tile's blocks exactly ([`Layout::tile_positions`]) means
    /// walking every high mask of the tile.
    pub fn tile_estimate(&self, tile: TileId) -> f64 {
        let masks: f64 = (0..self.groups())
            .map(|g| self.group_masks(g, u32::from(tile.count(g))))
            .product();
        masks / self.lo_syms.len() as f64
    }

    /// Canonical masks (under the interchangeable sets) of `k` lines of group `g`.
    fn group_masks(&self, g: usize, k: u32) -> f64 {
        match self.high.groups().get(g) {
            Some(group) => group.lines.count(k) as f64,
            None => self.lo.count(k) as f64,
        }
    }

    /// Estimated peak memory of an in-memory solve: the two largest adjacent layers, a byte
    /// a position per plane.
    pub fn estimated_peak_bytes(&self) -> f64 {
        let layers = self.layer_estimates();
        let pairs = layers.windows(2).map(|w| w[0] + w[1]);
        let peak = pairs.fold(layers[0], f64::max);
        peak * self.valuation.planes() as f64
    }

    /// Bytes one step of a solve must hold at once whatever its memory budget: the largest
    /// tile with its parents and the high indexes they read. A solve streaming tiles through
    /// disk with less memory than this holds this much anyway.
    pub fn largest_step_bytes(&self) -> u64 {
        let step = |t: TileId| {
            let parents: usize = self
                .parents(t)
                .into_iter()
                .map(|p| self.tile_bytes(p))
                .sum();
            let indexes = self.step_indexes(t).into_iter();
            (self.tile_bytes(t) + parents) as u64
                + indexes.map(|key| self.high_index_bytes(key)).sum::<u64>()
        };
        self.tiles().into_iter().map(step).max().unwrap_or(0)
    }

    /// The high indexes computing `tile` reads, each once: its own and its parents' (as
    /// tiles whose low count is 0, the indexes' keys).
    pub(crate) fn step_indexes(&self, tile: TileId) -> Vec<TileId> {
        let mut keys: Vec<TileId> = std::iter::once(tile)
            .chain(self.parents(tile))
            .map(super::index_cache::high_key)
            .collect();
        keys.sort_unstable();
        keys.dedup();
        keys
    }
}
