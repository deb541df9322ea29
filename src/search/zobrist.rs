//! Zobrist keys: one fixed random 64-bit key per line; a position's key is the XOR of the keys
//! of its drawn lines, so drawing or erasing a line changes the key by one XOR.
//!
//! The keys are part of the project's stable format (caches and books may store them): they
//! are the first 64 outputs of SplitMix64 (Steele, Lea and Flood, 2014) started from the state
//! [`SEED`], key `i` for line `i`. SplitMix64 uses only wrapping 64-bit integer arithmetic, so
//! the keys are the same on every platform, and they are computed at compile time.

use crate::core::splitmix64;
#[cfg(test)]
use crate::core::Position;

/// The SplitMix64 starting state: the ASCII bytes of `"dotbox!!"` read big-endian.
pub const SEED: u64 = u64::from_be_bytes(*b"dotbox!!");

const fn build_keys() -> [u64; 64] {
    let mut keys = [0; 64];
    let mut state = SEED;
    let mut i = 0;
    while i < 64 {
        let (next, out) = splitmix64(state);
        keys[i] = out;
        state = next;
        i += 1;
    }
    keys
}

/// The key of each line.
pub const LINE_KEYS: [u64; 64] = build_keys();

/// The key of `line`.
#[inline]
pub const fn line_key(line: usize) -> u64 {
    LINE_KEYS[line]
}

/// The key of a position, recomputed from scratch: the XOR of its lines' keys (what the
/// tests check the incremental keys against).
#[cfg(test)]
pub fn key(pos: Position) -> u64 {
    pos.lines().fold(0, |k, line| k ^ line_key(line))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix_matches_the_reference_stream() {
        // Reference outputs of SplitMix64 from state 0 (as published with the algorithm).
        let (s, a) = splitmix64(0);
        let (_, b) = splitmix64(s);
        assert_eq!(a, 0xE220_A839_7B1D_CDAF);
        assert_eq!(b, 0x6E78_9E6A_A1B9_65F4);
    }

    #[test]
    fn keys_are_pinned() {
        // Stored keys depend on these values: changing them is a format change.
        assert_eq!(SEED, 0x646F_7462_6F78_2121);
        assert_eq!(LINE_KEYS[0], splitmix64(SEED).1);
        let distinct: std::collections::HashSet<_> = LINE_KEYS.iter().collect();
        assert_eq!(distinct.len(), 64);
    }

    #[test]
    fn incremental_keys_match_recomputed_keys() {
        let mut rng = 0x1234_5678_u64;
        for _ in 0..2000 {
            let mut pos = Position::EMPTY;
            let mut k = 0;
            for _ in 0..40 {
                let (next, r) = splitmix64(rng);
                rng = next;
                let line = (r % 64) as usize;
                pos = if pos.contains(line) {
                    pos.without(line)
                } else {
                    pos.with(line)
                };
                k ^= line_key(line); // as the search updates its keys (`canon`)
                assert_eq!(k, key(pos));
            }
        }
    }
}
