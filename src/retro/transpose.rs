//! Byte-matrix transposition in 8×8 tiles held in eight `u64`s, so the kernel can switch a
//! chunk between block-major and rank-major order at a fraction of a cycle per byte.

/// Transposes an 8×8 byte matrix: `rows[i]` byte `j` (little-endian) is element (i, j).
/// Three rounds swap 4×4, 2×2 and 1×1 sub-blocks across the diagonal.
#[inline]
pub fn transpose8(mut m: [u64; 8]) -> [u64; 8] {
    const LO32: u64 = 0x0000_0000_ffff_ffff;
    const M16: u64 = 0x0000_ffff_0000_ffff;
    const M8: u64 = 0x00ff_00ff_00ff_00ff;
    for i in 0..4 {
        let (x, y) = (m[i], m[i + 4]);
        m[i] = (x & LO32) | (y << 32);
        m[i + 4] = (x >> 32) | (y & !LO32);
    }
    for i in [0, 1, 4, 5] {
        let (x, y) = (m[i], m[i + 2]);
        m[i] = (x & M16) | ((y & M16) << 16);
        m[i + 2] = ((x >> 16) & M16) | (y & !M16);
    }
    for i in [0, 2, 4, 6] {
        let (x, y) = (m[i], m[i + 1]);
        m[i] = (x & M8) | ((y & M8) << 8);
        m[i + 1] = ((x >> 8) & M8) | (y & !M8);
    }
    m
}

/// Writes the transpose of `src`, a `rows × cols` row-major byte matrix of which only the
/// first `src.len() / cols` rows are present (missing rows read as 0), into `dst` as
/// `cols × rows` (resized to fit). `rows` and `cols` are multiples of 8.
pub fn transpose(src: &[i8], rows: usize, cols: usize, dst: &mut Vec<i8>) {
    debug_assert!(rows.is_multiple_of(8) && cols.is_multiple_of(8));
    // Every byte of `dst` is written below, so only its length needs setting.
    dst.resize(rows * cols, 0);
    let src: &[u8] = bytemuck::cast_slice(src);
    let out: &mut [u8] = bytemuck::cast_slice_mut(dst);
    let present = src.len() / cols;
    for r0 in (0..rows).step_by(8) {
        for c0 in (0..cols).step_by(8) {
            let mut tile = [0u64; 8];
            for (i, t) in tile.iter_mut().enumerate().take(present.saturating_sub(r0)) {
                let at = (r0 + i) * cols + c0;
                *t = u64::from_le_bytes(src[at..at + 8].try_into().expect("8 bytes"));
            }
            for (i, t) in transpose8(tile).into_iter().enumerate() {
                let at = (c0 + i) * rows + r0;
                out[at..at + 8].copy_from_slice(&t.to_le_bytes());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_the_definition() {
        let (rows, cols) = (24, 16);
        let src: Vec<i8> = (0..rows * cols).map(|i| (i * 7 % 251) as i8).collect();
        for present in [rows, 17, 0] {
            let mut dst = Vec::new();
            transpose(&src[..present * cols], rows, cols, &mut dst);
            for r in 0..rows {
                for c in 0..cols {
                    let want = if r < present { src[r * cols + c] } else { 0 };
                    assert_eq!(dst[c * rows + r], want, "({r}, {c}) with {present} rows");
                }
            }
        }
    }
}
