//! Sizes of memory and disk, and counts of things, as people read them.

use std::fmt::Display;

/// The noun that agrees with `n`: `one` for 1, else `many` (the plural is given, as English
/// forms it in more than one way). One place for it, so that no message says "1 tiles".
pub fn noun<'a, N: PartialEq + From<u8>>(n: N, one: &'a str, many: &'a str) -> &'a str {
    if n == N::from(1) {
        one
    } else {
        many
    }
}

/// `n` followed by the [`noun`] that agrees with it: `1 tile`, `0 tiles`, `2 boxes`.
pub fn count_text<N: Display + PartialEq + From<u8> + Copy>(n: N, one: &str, many: &str) -> String {
    format!("{n} {}", noun(n, one, many))
}

/// Bytes for people, in the largest binary unit that leaves at least 1 of it: `512.0 MiB`,
/// `8.0 GiB`, `8.0 EiB` (so the memory of a subgame far past reach reads at a glance,
/// rather than as millions of GiB). Below 1 MiB, in MiB too.
pub fn size_text(bytes: f64) -> String {
    const UNITS: [&str; 5] = ["MiB", "GiB", "TiB", "PiB", "EiB"];
    let mut size = bytes / f64::from(1u32 << 20);
    let mut unit = 0;
    while size >= 1024.0 && unit + 1 < UNITS.len() {
        size /= 1024.0;
        unit += 1;
    }
    format!("{size:.1} {}", UNITS[unit])
}

#[cfg(test)]
mod tests {
    use super::{count_text, size_text};

    #[test]
    fn a_count_of_one_takes_the_singular_and_every_other_the_plural() {
        assert_eq!(count_text(1u64, "tile", "tiles"), "1 tile");
        assert_eq!(count_text(0u64, "tile", "tiles"), "0 tiles");
        assert_eq!(count_text(2usize, "box", "boxes"), "2 boxes");
        assert_eq!(count_text(-1i32, "box", "boxes"), "-1 boxes");
    }

    #[test]
    fn each_size_is_said_in_the_largest_unit_that_leaves_at_least_one() {
        for (bytes, text) in [
            (0.0, "0.0 MiB"),
            (104_858.0, "0.1 MiB"),
            (512.0 * 1024.0 * 1024.0, "512.0 MiB"),
            (1024.0 * 1024.0 * 1024.0, "1.0 GiB"),
            (8.0 * (1u64 << 30) as f64, "8.0 GiB"),
            ((1u64 << 62) as f64, "4.0 EiB"),
            (9.0e15, "8.0 PiB"),
            (1.0e21, "867.4 EiB"),
        ] {
            assert_eq!(size_text(bytes), text, "{bytes}");
        }
    }
}
