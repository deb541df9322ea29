//! [`Position`]: the set of drawn lines as a 64-bit mask.
//!
//! Boxes already taken are not part of a position: the method values a position only by the
//! boxes still to come, so the drawn lines are all the state there is.

use std::fmt;

/// The set of drawn lines of a board with at most 64 lines: bit `i` is line `i`.
///
/// A newtype rather than a bare `u64` so that line sets and other integers (ranks, counts,
/// indices) cannot be mixed up; every operation is a `const fn` on the mask.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Position(pub u64);

impl Position {
    /// No line drawn.
    pub const EMPTY: Position = Position(0);

    /// The set holding only `line`.
    ///
    /// `line` must be below 64 (every board's lines are; [`crate::core::Board::check_line`]
    /// checks a line read from outside): past it, debug builds panic and release builds
    /// wrap the shift.
    pub const fn single(line: usize) -> Position {
        debug_assert!(line < 64, "a position holds lines 0 to 63");
        Position(1 << line)
    }

    /// Whether `line` is drawn (`line` below 64, as for [`Position::single`]).
    pub const fn contains(self, line: usize) -> bool {
        self.0 & Position::single(line).0 != 0
    }

    /// This set with `line` drawn too (`line` below 64, as for [`Position::single`]).
    #[must_use]
    pub const fn with(self, line: usize) -> Position {
        Position(self.0 | Position::single(line).0)
    }

    /// This set with `line` erased (`line` below 64, as for [`Position::single`]).
    #[must_use]
    pub const fn without(self, line: usize) -> Position {
        Position(self.0 & !Position::single(line).0)
    }

    /// Number of drawn lines.
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether no line is drawn.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Union of two sets.
    #[must_use]
    pub const fn union(self, other: Position) -> Position {
        Position(self.0 | other.0)
    }

    /// Lines in both sets.
    #[must_use]
    pub const fn intersection(self, other: Position) -> Position {
        Position(self.0 & other.0)
    }

    /// Lines of `self` that are not in `other`.
    #[must_use]
    pub const fn difference(self, other: Position) -> Position {
        Position(self.0 & !other.0)
    }

    /// Whether every line of `other` is in `self`.
    pub const fn is_superset(self, other: Position) -> bool {
        self.0 & other.0 == other.0
    }

    /// The drawn lines in increasing order.
    pub fn lines(self) -> Lines {
        Lines(self.0)
    }

    /// The lines `lines[j]` for the set bits `j` of `mask` (bits past `lines` ignored): a mask
    /// over a list of lines, such as a solver's own numbering of the open lines, back on the
    /// board's lines.
    pub fn deposit(mask: u64, lines: &[usize]) -> Position {
        Lines(mask).filter_map(|j| lines.get(j).copied()).collect()
    }
}

/// Iterator over the lines of a [`Position`], lowest first.
#[derive(Clone, Debug)]
pub struct Lines(u64);

impl Iterator for Lines {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let line = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(line)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Lines {}

impl FromIterator<usize> for Position {
    fn from_iter<I: IntoIterator<Item = usize>>(iter: I) -> Position {
        iter.into_iter().fold(Position::EMPTY, Position::with)
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.lines()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations() {
        let p: Position = [0, 5, 63].into_iter().collect();
        assert!(p.contains(5) && p.contains(63) && !p.contains(1));
        assert_eq!(p.count(), 3);
        assert_eq!(p.without(5).lines().collect::<Vec<_>>(), vec![0, 63]);
        assert!(p.is_superset(Position::single(0)));
        assert!(!Position::single(0).is_superset(p));
        assert_eq!(format!("{p:?}"), "{0, 5, 63}");
    }

    #[test]
    fn deposit_maps_local_bits_to_lines() {
        let lines = [4, 9, 30];
        let expected: Position = [4, 30].into_iter().collect();
        assert_eq!(Position::deposit(0b101, &lines), expected);
        assert_eq!(Position::deposit(0b1000, &lines), Position::EMPTY);
    }
}
