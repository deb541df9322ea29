//! Chunk-parallel iteration: rayon natively and in the threaded WebAssembly build (atomics,
//! rayon's pool in Web Workers), a plain loop in the plain WebAssembly build (no threads there).

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
    #[cfg(any(not(target_arch = "wasm32"), target_feature = "atomics"))]
    {
        use rayon::prelude::*;
        out.par_chunks_mut(chunk_len)
            .enumerate()
            .for_each_init(S::default, |scratch, (c, chunk)| f(c, chunk, scratch));
    }
    #[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
    {
        let mut scratch = S::default();
        for (c, chunk) in out.chunks_mut(chunk_len).enumerate() {
            f(c, chunk, &mut scratch);
        }
    }
}
