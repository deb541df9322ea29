//! What every book version shares: the magic and version that start the file, and the
//! little-endian and LEB128 varint coding of its fields (`docs/book-format.md`). Each
//! version's own layout lives in its module ([`super::v1`], [`super::v2`]).

use super::error::BookError;

/// First bytes of every book.
pub const MAGIC: [u8; 8] = *b"DOTBOXBK";

/// What the first bytes of a file say, for every format's reader alike: the format version
/// after the magic, or `None` where the file ends inside the magic or the version (the start
/// of a book, truncated). An empty file and one starting otherwise are not books.
pub fn version_after_magic(bytes: &[u8]) -> Result<Option<u16>, BookError> {
    if bytes.is_empty() {
        return Err(BookError::Empty);
    }
    let n = MAGIC.len().min(bytes.len());
    if bytes[..n] != MAGIC[..n] {
        return Err(BookError::NotABook);
    }
    Ok(bytes
        .get(MAGIC.len()..MAGIC.len() + 2)
        .map(|v| u16::from_le_bytes([v[0], v[1]])))
}

/// The little-endian `u64` at `at` (the caller checked the bounds).
pub(crate) fn u64_at(bytes: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(bytes[at..at + 8].try_into().expect("8 bytes"))
}

/// The little-endian `u32` at `at` (the caller checked the bounds).
pub(crate) fn u32_at(bytes: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes"))
}

/// Appends `v` as LEB128: 7 bits a byte, low first, high bit set on all but the last.
pub(crate) fn put_varint(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

/// Reads a LEB128 value from `data` at `*at`, advancing `*at`; `None` if it runs past the
/// end of `data` or past 64 bits.
pub(crate) fn get_varint(data: &[u8], at: &mut usize) -> Option<u64> {
    let mut v = 0u64;
    for shift in (0..64).step_by(7) {
        let byte = *data.get(*at)?;
        *at += 1;
        let bits = u64::from(byte & 0x7f);
        if shift == 63 && bits > 1 {
            return None;
        }
        v |= bits << shift;
        if byte & 0x80 == 0 {
            return Some(v);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn varints_round_trip_and_reject_overruns() {
        let values = [0, 1, 127, 128, 300, u64::from(u32::MAX), u64::MAX];
        let mut out = Vec::new();
        for &v in &values {
            put_varint(&mut out, v);
        }
        let mut at = 0;
        for &v in &values {
            assert_eq!(get_varint(&out, &mut at), Some(v));
        }
        assert_eq!(at, out.len());
        assert_eq!(get_varint(&[0x80, 0x80], &mut 0), None);
        assert_eq!(get_varint(&[0xff; 10], &mut 0), None);
        assert_eq!(
            get_varint(
                &[0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x02],
                &mut 0
            ),
            None
        );
    }
}
