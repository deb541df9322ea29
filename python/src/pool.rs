//! The thread pool the solvers run on: this process's own. rayon's global pool does not
//! survive `fork()` (the child gets none of its threads), so a child forked after its parent
//! used it (Python's `multiprocessing` with the fork start method, PyTorch's DataLoader
//! workers) waited forever on its first solve. A child here makes its own pool instead.

use std::sync::{Arc, Mutex, PoisonError};

use dotbox::native::CliError;
use rayon::{ThreadPool, ThreadPoolBuilder};

/// The pool and the process that made it.
static POOL: Mutex<Option<(u32, Arc<ThreadPool>)>> = Mutex::new(None);

/// Runs `work` on this process's pool (made at its first use, one thread per core), where
/// the solvers' parallel loops and helper threads then run.
pub(crate) fn run<T: Send>(
    work: impl FnOnce() -> Result<T, CliError> + Send,
) -> Result<T, CliError> {
    pool()?.install(work)
}

fn pool() -> Result<Arc<ThreadPool>, CliError> {
    let mut slot = POOL.lock().unwrap_or_else(PoisonError::into_inner);
    let me = std::process::id();
    if let Some((maker, pool)) = &*slot {
        if *maker == me {
            return Ok(Arc::clone(pool));
        }
    }
    // A parent's pool, copied by fork without its threads: never dropped, as dropping it
    // would signal threads this process does not have.
    std::mem::forget(slot.take());
    let pool = ThreadPoolBuilder::new()
        .build()
        .map_err(|e| CliError::Threads(e.to_string()))?;
    let pool = Arc::new(pool);
    *slot = Some((me, Arc::clone(&pool)));
    Ok(pool)
}
