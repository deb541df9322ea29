//! Block-parallel iteration: rayon natively, a plain loop in WebAssembly (no threads there).

/// Calls `f(block_index, block, scratch)` for each `block_len`-sized chunk of `out`, in
/// parallel where threads exist; `scratch` is a per-worker buffer reused across blocks.
pub fn for_each_block<F>(out: &mut [i8], block_len: usize, f: F)
where
    F: Fn(usize, &mut [i8], &mut Vec<i8>) + Sync + Send,
{
    if block_len == 0 {
        return;
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        use rayon::prelude::*;
        let min_blocks = (4096 / block_len).max(1);
        out.par_chunks_mut(block_len)
            .with_min_len(min_blocks)
            .enumerate()
            .for_each_init(Vec::new, |scratch, (b, chunk)| f(b, chunk, scratch));
    }
    #[cfg(target_arch = "wasm32")]
    {
        let mut scratch = Vec::new();
        for (b, chunk) in out.chunks_mut(block_len).enumerate() {
            f(b, chunk, &mut scratch);
        }
    }
}
