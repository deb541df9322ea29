//! Waiting on a solver with the GIL released: other Python threads go on meanwhile, Ctrl-C
//! stops the solver ([`interruptible`]), and the calls still in hand when the interpreter
//! exits are stopped and awaited before it finalizes ([`stop_calls_at_exit`]).

use std::sync::atomic::{AtomicBool, Ordering::Acquire, Ordering::Release};
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use dotbox::native::{interrupt, CliError};
use pyo3::prelude::*;

use crate::{pool, py_error, DotboxError};

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
    counted(|| wait_on(py, work))
}

/// [`interruptible`]'s wait, counted.
fn wait_on<T: Send>(
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
            py.allow_threads(|| std::thread::park_timeout(SIGNAL_CHECK));
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

/// Calls in hand (in [`interruptible`] or a book's query, [`counted`]), and whether the
/// interpreter is exiting (the package's `atexit` hook has run).
static CALLS: Mutex<Calls> = Mutex::new(Calls {
    active: 0,
    exiting: false,
});

/// Signalled when the last call in hand returns.
static IDLE: Condvar = Condvar::new();

/// What [`CALLS`] holds.
struct Calls {
    active: usize,
    exiting: bool,
}

/// The calls' state, whatever panicked while holding it (it holds two plain values).
fn calls() -> MutexGuard<'static, Calls> {
    CALLS.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Runs a call that releases the GIL (`call`, run with it held), counted while in hand: so
/// that when the interpreter exits, no thread is inside one as the interpreter finalizes
/// ([`stop_calls_at_exit`]). Once it is exiting, a new call is refused.
pub(crate) fn counted<T>(call: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    {
        let mut calls = calls();
        if calls.exiting {
            return Err(DotboxError::new_err(
                "the interpreter is exiting: dotbox answers no more calls",
            ));
        }
        calls.active += 1;
    }
    /// Uncounts the call however it ends (a panic too).
    struct Uncount;
    impl Drop for Uncount {
        fn drop(&mut self) {
            let mut calls = calls();
            calls.active -= 1;
            if calls.active == 0 {
                IDLE.notify_all();
            }
        }
    }
    let _uncount = Uncount;
    call()
}

/// Registers the package's `atexit` hook ([`interpreter_exiting`]). Once the `atexit` hooks
/// have run, Python ends every thread that takes the GIL back (daemon threads), by
/// `pthread_exit`, whose unwinding through a call's Rust frames met their panic guards and
/// aborted the process ("FATAL: exception not rethrown", exit 134) where a daemon thread was
/// still inside a call. Python 3.14 holds such threads instead; here no thread is inside a
/// call by then.
pub(crate) fn stop_calls_at_exit(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let hook = wrap_pyfunction!(interpreter_exiting, m)?;
    m.py().import("atexit")?.call_method1("register", (hook,))?;
    Ok(())
}

/// The `atexit` hook: refuses new calls, asks the calls in hand to stop, as Ctrl-C does
/// (`dotbox::native::interrupt`: a solve after its tile, a search at its next report), and
/// waits with the GIL released until they have returned, each with its "stopped" error. A
/// call is refused or in hand while the hook holds the GIL, so none slips past it. An `atexit`
/// hook of the user's that runs after this one (registered before the package was imported)
/// and joins a thread inside a call so finds it returned soon, rather than at the call's end.
#[pyfunction]
fn interpreter_exiting(py: Python<'_>) {
    let busy = {
        let mut calls = calls();
        calls.exiting = true;
        calls.active > 0
    };
    if busy {
        interrupt::request();
        py.allow_threads(|| {
            let mut calls = calls();
            while calls.active > 0 {
                calls = IDLE.wait(calls).unwrap_or_else(PoisonError::into_inner);
            }
        });
    }
}
