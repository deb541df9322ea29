//! Waiting on a solver with the GIL released: other Python threads go on meanwhile, Ctrl-C
//! stops the solver ([`interruptible`]), and a thread still waiting when the interpreter exits
//! is held rather than let back in ([`hold_threads_at_exit`]).

use std::sync::atomic::{AtomicBool, Ordering::Acquire, Ordering::Release};
use std::sync::OnceLock;
use std::thread::ThreadId;
use std::time::Duration;

use dotbox::native::{interrupt, CliError};
use pyo3::prelude::*;

use crate::{pool, py_error};

/// How often a call waiting on a solver looks for Ctrl-C.
const SIGNAL_CHECK: Duration = Duration::from_millis(50);

/// Runs `work` on the calling thread's pool with the GIL released, looking for signals
/// meanwhile: on Ctrl-C (or any signal handler that raises) the work is asked to stop
/// (`dotbox::native::interrupt`: a solve after its tile, a search at its next report, a book's
/// verification at its next), its return is awaited, and the handler's exception
/// (KeyboardInterrupt) raised. Without this the key was seen only when the solve returned,
/// minutes or hours later.
pub(crate) fn interruptible<T: Send>(
    py: Python<'_>,
    work: impl FnOnce() -> Result<T, CliError> + Send,
) -> PyResult<T> {
    let pool = pool::of_this_thread().map_err(py_error)?;
    // Set by the worker as it leaves, before it wakes the wait: the thread itself ends only
    // after the wake-up, so waiting for its end alone slept a whole SIGNAL_CHECK now and then.
    let done = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let (waiting, done) = (std::thread::current(), &done);
        let worker = scope.spawn(move || {
            let result = pool.install(work);
            done.store(true, Release);
            // Wakes the wait below at once: a call of a millisecond takes a millisecond.
            waiting.unpark();
            result
        });
        let over = || done.load(Acquire) || worker.is_finished();
        // Set once Ctrl-C came: the request is withdrawn when this call ends, however it
        // ends (a panic of the work too), so that later calls run.
        let mut stopping: Option<(PyErr, Withdraw)> = None;
        while !over() {
            py.allow_threads(|| {
                std::thread::park_timeout(SIGNAL_CHECK);
                hold_if_exiting();
            });
            if stopping.is_none() && !over() {
                if let Err(signal) = py.check_signals() {
                    interrupt::request();
                    stopping = Some((signal, Withdraw));
                }
            }
        }
        let result = worker
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        match stopping {
            Some((signal, _withdrawn)) => Err(signal),
            None => result.map_err(py_error),
        }
    })
}

/// Withdraws the stop request when dropped ([`interruptible`]).
struct Withdraw;

impl Drop for Withdraw {
    fn drop(&mut self) {
        interrupt::withdraw();
    }
}

/// The thread that ran the package's `atexit` hook: the one finalizing the interpreter.
static EXITING: OnceLock<ThreadId> = OnceLock::new();

/// Registers the hook that marks the interpreter as exiting. Python runs `atexit` hooks on
/// the finalizing thread, after joining the non-daemon threads and before it ends the others:
/// from then on a thread taking the GIL back is ended by `pthread_exit`, whose unwinding meets
/// the Rust frames' panic guards and aborts the process ("FATAL: exception not rethrown",
/// exit 134) where a daemon thread was still inside a call. Python 3.14 holds such threads
/// instead; [`hold_if_exiting`] does so here for every version.
pub(crate) fn hold_threads_at_exit(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let hook = wrap_pyfunction!(interpreter_exiting, m)?;
    m.py().import("atexit")?.call_method1("register", (hook,))?;
    Ok(())
}

/// The `atexit` hook: marks the interpreter as exiting, by the thread finalizing it.
#[pyfunction]
fn interpreter_exiting() {
    let _ = EXITING.set(std::thread::current().id());
}

/// Called with the GIL released, before taking it back: once the interpreter is exiting, any
/// thread but the finalizing one stays here until the process ends (see
/// [`hold_threads_at_exit`]). The finalizing thread itself goes on, so a call an `atexit` hook
/// of the user's makes, after the package's, still returns.
pub(crate) fn hold_if_exiting() {
    if EXITING
        .get()
        .is_some_and(|&finalizing| finalizing != std::thread::current().id())
    {
        loop {
            std::thread::park();
        }
    }
}
