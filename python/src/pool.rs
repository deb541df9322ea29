//! The thread pools the solvers run on: one for each Python thread that calls the package,
//! made at its first call (one thread per core) and ended with that thread. One pool for the
//! process made calls from several threads wait for each other: a 3 s estimate fills every
//! thread of the pool, so a book lookup in another thread took as long, and two estimates of
//! 3 s each took 6. And not rayon's global pool, which does not survive `fork()` (the child
//! gets none of its threads): a child forked after its parent used it (Python's
//! `multiprocessing` with the fork start method, PyTorch's DataLoader workers) waited forever
//! on its first solve. A child here makes its own pool instead.

use std::cell::RefCell;
use std::sync::Arc;

use dotbox::native::CliError;
use rayon::{ThreadPool, ThreadPoolBuilder};

thread_local! {
    /// This thread's pool and the process that made it.
    static POOL: RefCell<Option<(u32, Arc<ThreadPool>)>> = const { RefCell::new(None) };
}

/// The calling thread's pool, made at its first use (one thread per core): where
/// [`crate::wait::interruptible`] runs a call, and the solvers' parallel loops and helper
/// threads then run.
pub(crate) fn of_this_thread() -> Result<Arc<ThreadPool>, CliError> {
    POOL.with_borrow_mut(|slot| {
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
    })
}
