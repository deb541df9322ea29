//! Canonical keys under the board's symmetries, kept up to date by a few XORs per move.
//!
//! For every symmetry `s` of the board the search keeps the mask `swaps(s(pos))` (the
//! symmetric image with each set of interchangeable border lines packed onto its lowest lines,
//! see [`crate::core::symmetry`]) and that mask's Zobrist key. The smallest of these masks is
//! exactly [`Equivalence::canonical`]: equivalent positions share it, and so share one
//! transposition-table entry. Drawing line `l` adds one line to each image: `s(l)` itself, or,
//! when `l` is in an interchangeable set holding `d` drawn lines, the set's `d`-th lowest image
//! line. Erasing undoes it with the same XOR.

use super::zobrist::line_key;
use crate::core::symmetry::InterchangeableSets;
use crate::core::Equivalence;
use crate::core::{Board, Position};

/// Most symmetries a board has (the square's eight).
pub const MAX_SYMMETRIES: usize = 8;

/// Per-symmetry canonical images of one position and their Zobrist keys.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Keys {
    masks: [u64; MAX_SYMMETRIES],
    keys: [u64; MAX_SYMMETRIES],
}

/// The tables that map a drawn line to its image line under each symmetry.
#[derive(Clone, Debug)]
pub struct Canonicalizer {
    symmetries: usize,
    lines: usize,
    /// For each line, its interchangeable set (just the line when it has none).
    sets: Vec<u64>,
    /// `images[s * lines + l][d]`: the line added to image `s` when `l` is drawn while `d`
    /// lines of its set are drawn.
    images: Vec<[u8; 4]>,
    /// The interchangeable sets (none without symmetry), from which `sets` is made.
    swaps: InterchangeableSets,
}

impl Canonicalizer {
    /// The tables for positions of `board` (which all contain its pre-drawn lines). With
    /// `use_symmetry` false, the identity alone: each position is its own canonical form.
    pub fn new(board: &Board, use_symmetry: bool) -> Canonicalizer {
        let lines = board.num_lines();
        let eq = Equivalence::new(board, board.predrawn());
        let (swaps, syms) = match use_symmetry {
            true => (eq.swaps().clone(), eq.symmetries().len()),
            false => (InterchangeableSets::default(), 1),
        };
        let mut sets: Vec<u64> = (0..lines).map(|l| 1 << l).collect();
        for set in swaps.sets() {
            for l in set.lines() {
                sets[l] = set.0;
            }
        }
        let mut images = Vec::with_capacity(syms * lines);
        for sym in &eq.symmetries()[..syms] {
            for &set in &sets {
                let mut image: Vec<u8> = Position(set).lines().map(|l| sym.line(l) as u8).collect();
                image.sort_unstable();
                let mut slot = [0; 4];
                slot[..image.len()].copy_from_slice(&image);
                images.push(slot);
            }
        }
        Canonicalizer {
            symmetries: syms,
            lines,
            sets,
            images,
            swaps,
        }
    }

    /// The interchangeable sets the keys swap (none without symmetry): of a set's open lines
    /// the children share one canonical key, so the search tries one
    /// ([`super::searched_moves`]).
    #[inline]
    pub fn swaps(&self) -> &InterchangeableSets {
        &self.swaps
    }

    /// The keys of `pos`, computed line by line.
    pub fn keys_of(&self, pos: Position) -> Keys {
        let mut keys = Keys {
            masks: [0; MAX_SYMMETRIES],
            keys: [0; MAX_SYMMETRIES],
        };
        let mut base = Position::EMPTY;
        for line in pos.lines() {
            self.toggle(&mut keys, base, line);
            base = base.with(line);
        }
        keys
    }

    /// The image line of `line` under symmetry `s` when drawn into `base`.
    #[inline]
    fn image(&self, s: usize, base: Position, line: usize) -> usize {
        let d = (base.0 & self.sets[line]).count_ones() as usize;
        usize::from(self.images[s * self.lines + line][d])
    }

    /// Draws `line` into `keys` of position `base` (which lacks it), or erases it from the
    /// keys of `base + line`: the same XORs either way.
    #[inline]
    pub fn toggle(&self, keys: &mut Keys, base: Position, line: usize) {
        for s in 0..self.symmetries {
            let image = self.image(s, base, line);
            keys.masks[s] ^= 1 << image;
            keys.keys[s] ^= line_key(image);
        }
    }

    /// The canonical mask (the smallest image), its Zobrist key and the symmetry giving it.
    #[inline]
    pub fn canonical(&self, keys: &Keys) -> (u64, u64, usize) {
        let mut best = 0;
        for s in 1..self.symmetries {
            if keys.masks[s] < keys.masks[best] {
                best = s;
            }
        }
        (keys.masks[best], keys.keys[best], best)
    }

    /// The line of the canonical position (under symmetry `s`) that `line` of `base` maps to;
    /// lines of one interchangeable set map to the same line.
    #[inline]
    pub fn canonical_line(&self, s: usize, base: Position, line: usize) -> u8 {
        self.image(s, base, line) as u8
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::SplitMix;
    use crate::search::zobrist;

    #[test]
    fn incremental_images_match_recomputed_canonical_forms() {
        let mut rng = SplitMix(7);
        let boards = ["1x1", "1x3", "2x2", "2x3", "3x3", "3x5", "4x4", "5x5"];
        let mut boards: Vec<Board> = boards.iter().map(|b| Board::parse(b).unwrap()).collect();
        boards.push(Board::icelandic());
        boards.push(Board::new(3, 3).unwrap().with_predrawn(Position::single(4)));
        for board in &boards {
            let canon = Canonicalizer::new(board, true);
            let eq = Equivalence::new(board, board.predrawn());
            for _ in 0..200 {
                let mut pos = board.start();
                let mut keys = canon.keys_of(pos);
                for _ in 0..3 * board.num_lines() {
                    let line = (rng.next_u64() % board.num_lines() as u64) as usize;
                    if board.predrawn().contains(line) {
                        continue;
                    }
                    if pos.contains(line) {
                        pos = pos.without(line);
                        canon.toggle(&mut keys, pos, line);
                    } else {
                        canon.toggle(&mut keys, pos, line);
                        pos = pos.with(line);
                    }
                    assert_eq!(keys, canon.keys_of(pos));
                    let (mask, key, _) = canon.canonical(&keys);
                    assert_eq!(
                        Position(mask),
                        eq.canonical(pos),
                        "{} {pos:?}",
                        board.name()
                    );
                    assert_eq!(key, zobrist::key(Position(mask)));
                }
            }
        }
    }

    #[test]
    fn without_symmetry_the_position_is_its_own_form() {
        let board = Board::new(3, 3).unwrap();
        let canon = Canonicalizer::new(&board, false);
        let pos = Position(0b1011_0001);
        let (mask, key, s) = canon.canonical(&canon.keys_of(pos));
        assert_eq!((Position(mask), key, s), (pos, zobrist::key(pos), 0));
    }
}
