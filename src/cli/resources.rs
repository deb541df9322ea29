//! What a command may use of the machine: its memory (`--memory`, parsed and handed to a
//! solve as its budget) and its threads (`--threads`). Shared by `solve`, `tiles` and `book`.

use crate::native::{thread_count, CliError};
use crate::retro::Solve;

/// Lets `solve` hold tiles and tables within `memory` (default: 60 % of the machine's) and
/// returns the memory.
pub fn set_memory(solve: &mut Solve, memory: Option<u64>) -> u64 {
    let memory = memory.unwrap_or_else(default_memory);
    solve.set_memory_budget(tiles_share(memory));
    memory
}

/// The share of a solve's memory its tiles and tables get, as a fraction (17/20: 85 %): the
/// program, rank tables, kernel scratch and the allocator's slack take the rest, so the
/// process stays under the limit.
pub const TILES_SHARE: (u64, u64) = (17, 20);

/// What tiles and tables may take of `memory` ([`TILES_SHARE`]).
pub fn tiles_share(memory: u64) -> u64 {
    memory / TILES_SHARE.1 * TILES_SHARE.0
}

/// Makes every allocation of a megabyte or more its own mapping, returned to the system when
/// freed. glibc otherwise raises that threshold to the size of the first large block freed
/// (up to 32 MiB), and the tiles below it then fragment the heap: a 3x5 solve under
/// `--memory 2G` peaked at 2.04 GiB with the default and 1.72 GiB with this. Only for solves
/// streaming through disk: in memory the fresh pages of every tile cost system time (icelandic
/// spent 60 % more of it) and there is no budget to keep.
pub(super) fn return_freed_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only sets an allocator parameter; it is called before the solve
    // allocates its tiles and is harmless if it fails (the default stays).
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 1 << 20);
    }
}

/// 60 % of the machine's memory (from `/proc/meminfo`), or 4 GiB where it cannot be read.
fn default_memory() -> u64 {
    let total_kib = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|text| {
            let line = text.lines().find(|l| l.starts_with("MemTotal:"))?;
            line.split_whitespace().nth(1)?.parse::<u64>().ok()
        });
    match total_kib {
        Some(kib) => kib * 1024 / 10 * 6,
        None => 4 << 30,
    }
}

/// A size such as `6G`, `512M`, `800K` or a plain number of bytes (binary units); the number
/// may be a decimal or in exponent notation (`1.5G`, `1e9` bytes). A size must come to at
/// least one byte (`0.0001` bytes was taken as 0, a budget no solve fits) and at most what a
/// `u64` counts (16 EiB: a larger one was silently cut to it).
pub fn parse_size(text: &str) -> Result<u64, String> {
    let text = text.trim();
    // The unit is the letters at the end: an exponent (`1e9`) ends in a digit.
    let number = text.trim_end_matches(|c: char| c.is_ascii_alphabetic());
    let unit = &text[number.len()..];
    let value: f64 = number
        .parse()
        .map_err(|_| format!("'{text}' is not a size such as 6G or 512M"))?;
    let shift = match unit.to_ascii_uppercase().as_str() {
        "" => 0,
        "K" => 10,
        "M" => 20,
        "G" => 30,
        "T" => 40,
        _ => return Err(format!("'{text}': the unit must be K, M, G or T")),
    };
    if value <= 0.0 {
        return Err(format!("'{text}': the size must be positive"));
    }
    let too_large = || format!("'{text}' is more than 16 EiB, the most a size can be");
    // A whole number is counted exactly (a float cannot tell 2^64 − 1 from 2^64).
    if let Ok(whole) = number.parse::<u64>() {
        return whole.checked_mul(1 << shift).ok_or_else(too_large);
    }
    let bytes = value * (1u64 << shift) as f64;
    if bytes < 1.0 {
        return Err(format!("'{text}' is less than one byte"));
    }
    // 2^64 is the first float past u64::MAX (a float cast would saturate to it silently).
    if bytes >= 2f64.powi(64) {
        return Err(too_large());
    }
    Ok(bytes as u64)
}

/// Sizes the global worker pool once, before any parallel work: `--threads`, checked
/// ([`thread_count`]).
pub fn set_threads(threads: Option<usize>) -> Result<(), CliError> {
    match thread_count("--threads", threads)? {
        None => Ok(()),
        Some(n) => rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build_global()
            .map_err(|e| CliError::Threads(e.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::parse_size;

    #[test]
    fn sizes_parse_with_binary_units_and_bad_ones_say_why() {
        for (text, bytes) in [
            ("6G", 6u64 << 30),
            ("512M", 512 << 20),
            ("1.5g", 3 << 29),
            ("800K", 800 << 10),
            ("4096", 4096),
            ("1e3", 1000),
            ("1.5e1K", 15 << 10),
            ("1", 1),
            ("18446744073709551615", u64::MAX),
            ("16777215T", 16777215 << 40),
        ] {
            assert_eq!(parse_size(text), Ok(bytes), "{text}");
        }
        for (text, why) in [
            ("lots", "not a size"),
            ("6X", "unit must be"),
            ("6GB", "unit must be"),
            ("0", "positive"),
            ("-1G", "positive"),
            ("0.0001", "'0.0001' is less than one byte"),
            ("1e-4K", "'1e-4K' is less than one byte"),
            ("1e30T", "'1e30T' is more than 16 EiB"),
            ("1e400", "'1e400' is more than 16 EiB"),
            ("18446744073709551616", "is more than 16 EiB"),
            ("16777216T", "is more than 16 EiB"),
            ("inf", "not a size"),
            ("nan", "not a size"),
            ("1e3GB", "unit must be"),
        ] {
            let e = parse_size(text).unwrap_err();
            assert!(e.contains(why), "{text}: {e}");
        }
    }
}
