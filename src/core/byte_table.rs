//! [`ByteTable`]: a map of line sets that is a union over lines, applied a byte at a time.
//!
//! When the image of a set of lines is the union (bitwise OR) of the images of its lines, as
//! for a permutation of lines ([`super::symmetry::Symmetry`]) or the box sides a position
//! draws (the retrograde solver's loony test), the image of any set is the OR of one table
//! entry per 8 lines: a few loads instead of a loop over the set's lines.

use std::ops::BitOr;

use super::position::Position;

/// A map of line sets, by one table of 256 images per 8 lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ByteTable<T> {
    /// `bytes[k][v]`: the image of the lines `8k..8k+8` set in byte value `v`.
    bytes: Vec<[T; 256]>,
}

impl<T: Copy + Default + BitOr<Output = T>> ByteTable<T> {
    /// The table of the map sending each line `l` of `0..lines` to `image(l)` (the empty set
    /// to `T::default()`).
    pub fn new(lines: usize, image: impl Fn(usize) -> T) -> ByteTable<T> {
        let bytes = (0..lines.div_ceil(8))
            .map(|k| {
                let images: Vec<T> = (8 * k..lines.min(8 * k + 8)).map(&image).collect();
                std::array::from_fn(|v| {
                    let set = images
                        .iter()
                        .enumerate()
                        .filter(|&(bit, _)| v >> bit & 1 == 1);
                    set.fold(T::default(), |acc, (_, &i)| acc | i)
                })
            })
            .collect();
        ByteTable { bytes }
    }

    /// The image of `pos` (lines past the table's map to nothing).
    #[inline]
    pub fn apply(&self, pos: Position) -> T {
        let mut out = T::default();
        for (k, table) in self.bytes.iter().enumerate() {
            out = out | table[(pos.0 >> (8 * k) & 0xff) as usize];
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_image_of_a_set_is_the_union_of_its_lines_images() {
        // Lines 0..20 mapped to bit 19 - l: the reversal of 20 bits.
        let table = ByteTable::new(20, |l| 1u64 << (19 - l));
        let pos: Position = [0, 7, 8, 19].into_iter().collect();
        let image: Position = [19, 12, 11, 0].into_iter().collect();
        assert_eq!(table.apply(pos), image.0);
        assert_eq!(table.apply(Position::EMPTY), 0);
    }
}
