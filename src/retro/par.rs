//! Chunk-parallel iteration: rayon natively, a plain loop in WebAssembly (no threads there).

/// Calls `f(chunk_index, chunk, scratch)` for each `chunk_len`-sized piece of `out`, in
/// parallel where threads exist; `scratch` is a per-worker value reused across chunks.
pub fn for_each_chunk<S, F>(out: &mut [i8], chunk_len: usize, f: F)
where
    S: Default + Send,
    F: Fn(usize, &mut [i8], &mut S) + Sync + Send,
{
    if chunk_len == 0 {
        return;
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        use rayon::prelude::*;
        out.par_chunks_mut(chunk_len)
            .enumerate()
            .for_each_init(S::default, |scratch, (c, chunk)| f(c, chunk, scratch));
    }
    #[cfg(target_arch = "wasm32")]
    {
        let mut scratch = S::default();
        for (c, chunk) in out.chunks_mut(chunk_len).enumerate() {
            f(c, chunk, &mut scratch);
        }
    }
}
