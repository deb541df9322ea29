//! A small seeded random generator, so puzzle sets, endgame samples and test positions are
//! reproducible from their seed (no platform randomness: the same sequence natively and in
//! WebAssembly).

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
