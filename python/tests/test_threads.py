"""Calls from several Python threads: each thread's calls run on its own pool, so one call does
not wait for another's solver; when Python exits, the calls still in hand in other threads are
stopped and awaited before it finalizes (a thread inside one then aborted the process), and
later calls are refused."""

import subprocess
import sys
import textwrap
import threading

import pytest

import dotbox


def test_a_call_in_another_thread_answers_while_an_estimate_runs():
    # The estimate fills every thread of its pool for its 4 s; a lookup elsewhere answered only
    # once it was done when the process had one pool.
    running = threading.Event()

    def estimate():
        running.set()
        dotbox.analyze("5x5", method="estimate", time_limit=4)

    thread = threading.Thread(target=estimate)
    thread.start()
    running.wait()
    thread.join(0.5)  # well into the estimate
    assert dotbox.analyze("3x3", lines=[0, 1, 2])["value"] == 3
    assert thread.is_alive(), "the lookup waited for the estimate"
    thread.join()


def run(script):
    """Runs ``script`` in a child Python; returns its exit code, stdout and stderr."""
    child = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(script)], capture_output=True, text=True, timeout=60
    )
    return child.returncode, child.stdout, child.stderr


@pytest.mark.parametrize("busy", [0.0, 0.013, 0.026, 0.039, 0.052])
def test_python_exits_cleanly_with_a_daemon_thread_inside_a_call(busy):
    # Python ends the threads that take the interpreter back once it exits; one inside a call
    # unwound through Rust and aborted the process (exit 134): every time with the main thread
    # asleep, and about one time in ten (with the first mend, a check before taking the GIL
    # back) with it busy as it ends. The package stops and awaits the call before that.
    code, out, err = run(
        f"""
        import threading, time
        import dotbox
        call = lambda: dotbox.analyze("5x5", method="estimate", time_limit=10)
        threading.Thread(target=call, daemon=True).start()
        time.sleep(0.2)
        end = time.monotonic() + 0.5 + {busy}
        while time.monotonic() < end:
            pass
        print("main thread done", flush=True)
        """
    )
    assert code == 0, (code, err)
    assert out == "main thread done\n"


def test_an_exit_hook_joining_a_thread_inside_a_call_finds_it_stopped():
    # A hook registered before the package's runs after it: the call it waits for was stopped
    # (the first mend held such a thread for good, and the join never ended).
    code, out, err = run(
        """
        import atexit, threading, time
        def join():
            thread.join()
            print("joined", flush=True)
        atexit.register(join)
        import dotbox
        call = lambda: dotbox.analyze("5x5", method="estimate", time_limit=30)
        thread = threading.Thread(target=call, daemon=True)
        thread.start()
        time.sleep(0.5)
        """
    )
    assert code == 0, (code, err)
    assert out == "joined\n"
    assert "stopped on request" in err


def test_calls_once_python_is_exiting_are_refused():
    # Some hosts run the exit hooks early: the calls after them raise, never hang.
    code, out, err = run(
        """
        import atexit
        import dotbox
        atexit._run_exitfuncs()
        try:
            dotbox.analyze("3x3", lines=[0, 1, 2])
        except dotbox.DotboxError as e:
            print(e, flush=True)
        """
    )
    assert code == 0, (code, err)
    assert out == "the interpreter is exiting: dotbox answers no more calls\n"
