//! The crate's parallelism, in one place: rayon natively and in the threaded WebAssembly build
//! (atomics, rayon's pool in Web Workers), plain loops in the one-thread WebAssembly build.
//! The retro kernel splits a tile into chunks ([`for_each_chunk`]); the search runs helper
//! threads beside the calling one ([`with_helpers`]).

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

/// Threads the pool runs on: one per core natively, the pool's size in the threaded
/// WebAssembly build (the solving worker and its pool workers), 1 in the one-thread build.
pub fn threads() -> usize {
    #[cfg(any(not(target_arch = "wasm32"), target_feature = "atomics"))]
    {
        rayon::current_num_threads()
    }
    #[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
    {
        1
    }
}

/// Runs `main` on the calling thread while `helpers` runs `count` times beside it on the
/// pool's threads, and returns `main`'s result and the helpers' (in the one-thread
/// WebAssembly build the helpers run after `main`). `main` stays on the calling thread, so it
/// may call back into JavaScript or report progress; a helper's panic is raised here.
pub fn with_helpers<T, H, M>(count: usize, helper: H, main: M) -> (T, Vec<T>)
where
    T: Send,
    H: Fn() -> T + Sync,
    M: FnOnce() -> T,
{
    #[cfg(any(not(target_arch = "wasm32"), target_feature = "atomics"))]
    {
        use std::sync::{Mutex, PoisonError};
        let slots: Vec<Mutex<Option<T>>> = (0..count).map(|_| Mutex::new(None)).collect();
        let first = rayon::in_place_scope(|scope| {
            for slot in &slots {
                let helper = &helper;
                scope.spawn(move |_| {
                    let result = helper();
                    *slot.lock().unwrap_or_else(PoisonError::into_inner) = Some(result);
                });
            }
            main()
        });
        let rest = slots
            .into_iter()
            .filter_map(|s| s.into_inner().unwrap_or_else(PoisonError::into_inner))
            .collect();
        (first, rest)
    }
    #[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
    {
        let first = main();
        (first, (0..count).map(|_| helper()).collect())
    }
}
