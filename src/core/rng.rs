//! Small seeded random generators, so puzzle sets, endgame samples, test positions, the
//! engine's playouts and the search's keys are reproducible from their seed (no platform
//! randomness: the same sequence natively and in WebAssembly): [`Rng`] (xorshift64*, whose
//! sequence the shipped puzzle sets were drawn with) and SplitMix64 ([`SplitMix`],
//! [`splitmix64`], [`mix`]; the engine's and the Zobrist keys').

use super::{Board, Position};

/// A small seeded generator (xorshift64*), so puzzle sets are reproducible.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed (any value).
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// A random position of `board` with `open` of its open lines left undrawn.
    pub fn position(&mut self, board: &Board, open: usize) -> Position {
        let mut free: Vec<usize> = board.open_lines(board.start()).lines().collect();
        let mut pos = board.start();
        while free.len() > open {
            let line = free.swap_remove(self.below(free.len()));
            pos = pos.with(line);
        }
        pos
    }
}

/// One step of SplitMix64 (Steele, Lea and Flood, 2014): advances `state` and returns the
/// next output. Only wrapping 64-bit arithmetic, so the same on every platform and usable in
/// constants (the search's Zobrist keys are built from it at compile time).
pub const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    (state, mix(state))
}

/// SplitMix64's finaliser: a 64-bit mix (also a fast hash of a key that is already random
/// enough, such as a position mask).
pub const fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A SplitMix64 generator: its state is the seed, so a thread's stream is set by one number.
#[derive(Clone, Debug)]
pub struct SplitMix(pub u64);

impl SplitMix {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let (state, out) = splitmix64(self.0);
        self.0 = state;
        out
    }

    /// A number in `0..n` (by multiply and shift, without a division).
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }
}
