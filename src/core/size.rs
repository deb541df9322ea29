//! Sizes of memory and disk as people read them.

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
    use super::size_text;

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
