"""Calls from several Python threads: each thread's calls run on its own pool, so one call does
not wait for another's solver, and a thread still inside a call when Python exits is held
until the process ends, not let back into a finalizing interpreter (which aborted it)."""

import subprocess
import sys
import textwrap
import threading

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


def test_python_exits_cleanly_with_a_daemon_thread_inside_a_call():
    # Python ends daemon threads that take the interpreter back while it exits; inside a call
    # that unwound through Rust and aborted the process (exit 134) every time.
    script = textwrap.dedent(
        """
        import threading, time
        import dotbox
        threading.Thread(target=lambda: dotbox.analyze("5x5", time_limit=5), daemon=True).start()
        time.sleep(1)
        print("main thread done", flush=True)
        """
    )
    child = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert child.returncode == 0, (child.returncode, child.stderr)
    assert child.stdout == "main thread done\n"
