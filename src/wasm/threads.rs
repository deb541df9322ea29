//! The threaded build's pool (only with atomics): rayon's global pool made of the solving
//! worker itself (thread 0, `use_current_thread`, so it computes its own chunks instead of
//! waiting for the pool) and `threads - 1` Web Workers sharing this module's memory
//! (www/pool-worker.js). wasm-bindgen-rayon builds every thread of the pool as a new worker
//! and leaves the caller waiting: on two cores that waiting thread took CPU from the two
//! computing ones.

use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::Mutex;

use rayon::ThreadBuilder;
use wasm_bindgen::prelude::*;

/// The pool being started: the workers take their threads from `receiver` (its address is
/// posted to them), [`PoolStart::build`] hands the threads out.
#[wasm_bindgen]
pub struct PoolStart {
    threads: usize,
    sender: Sender<ThreadBuilder>,
    receiver: Box<Mutex<Receiver<ThreadBuilder>>>,
}

#[wasm_bindgen]
impl PoolStart {
    /// A pool of `threads` threads, this one included.
    #[wasm_bindgen(constructor)]
    pub fn new(threads: usize) -> PoolStart {
        let (sender, receiver) = channel();
        PoolStart {
            threads: threads.max(1),
            sender,
            receiver: Box::new(Mutex::new(receiver)),
        }
    }

    /// The address the workers pass to [`pool_worker_run`].
    #[wasm_bindgen(getter)]
    pub fn receiver(&self) -> usize {
        &*self.receiver as *const Mutex<Receiver<ThreadBuilder>> as usize
    }

    /// Builds rayon's global pool once every worker waits in [`pool_worker_run`].
    pub fn build(&self) -> Result<(), JsError> {
        rayon::ThreadPoolBuilder::new()
            .num_threads(self.threads)
            .use_current_thread()
            .spawn_handler(|thread| {
                self.sender
                    .send(thread)
                    .map_err(|e| std::io::Error::other(e.to_string()))
            })
            .build_global()
            .map_err(super::js_error)
    }
}

/// Runs one pool thread in a worker (www/pool-worker.js): `receiver` is
/// [`PoolStart::receiver`], alive until the pool is built.
#[wasm_bindgen(js_name = poolWorkerRun)]
pub fn pool_worker_run(receiver: usize) -> Result<(), JsError> {
    // SAFETY: the address of the PoolStart's receiver, which the solving worker keeps until
    // `build` has handed every thread out (each worker is waiting here before it is called).
    let receiver = unsafe { &*(receiver as *const Mutex<Receiver<ThreadBuilder>>) };
    let thread = receiver
        .lock()
        .map_err(super::js_error)?
        .recv()
        .map_err(super::js_error)?;
    thread.run();
    Ok(())
}

/// This module's compiled `WebAssembly.Module`, for the pool workers to instantiate.
#[wasm_bindgen(js_name = compiledModule)]
pub fn wasm_module() -> JsValue {
    wasm_bindgen::module()
}
