"""Ctrl-C stops a solve or a search in hand: the call raises KeyboardInterrupt within moments,
the package answers the next call, and a solve's store keeps the tiles it finished. Each
case runs in a child process that gets a real SIGINT."""

import signal
import subprocess
import sys
import textwrap
import time

import dotbox

# The child: Python's own Ctrl-C handler (a process started in the background may inherit
# SIGINT ignored), then the call, reporting how it ended and that the next call answers.
CHILD = textwrap.dedent(
    """
    import signal, sys, time
    signal.signal(signal.SIGINT, signal.default_int_handler)
    import dotbox
    print("started", flush=True)
    try:
        {call}
        print("returned", flush=True)
    except KeyboardInterrupt:
        print("interrupted", flush=True)
    print("next", dotbox.analyze("3x3", lines=[0, 1, 2])["value"], flush=True)
    """
)


def interrupt(call, ready):
    """Runs ``call`` in a child, sends SIGINT once ``ready(started)`` holds (``started``: the
    monotonic time the child said it was about to call), and returns the child's output lines
    and the seconds from the signal to its exit."""
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD.format(call=call)],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert child.stdout.readline().strip() == "started"
        started = time.monotonic()
        while not ready(started) and time.monotonic() < started + 60:
            time.sleep(0.1)
        assert child.poll() is None, "the call ended before it could be interrupted"
        child.send_signal(signal.SIGINT)
        sent = time.monotonic()
        out, _ = child.communicate(timeout=60)
        return out.split("\n"), time.monotonic() - sent
    finally:
        child.kill()


def test_ctrl_c_stops_an_exact_search_of_hours():
    # 5x5 from the start by the exact search: hours; stopped at once, well into the search.
    lines, seconds = interrupt(
        "dotbox.analyze('5x5', method='search')", lambda started: time.monotonic() > started + 1.5
    )
    assert lines[0] == "interrupted", lines
    assert lines[1] == "next 3", lines
    assert seconds < 10, seconds


def test_ctrl_c_stops_a_stored_solve_and_keeps_its_tiles(tmp_path):
    # 3x5 with three lines drawn: some 15-30 s on two cores; stopped once tiles are kept (a
    # solve deletes the tiles it no longer needs as it goes, so some, not all, stay).
    store = tmp_path / "store"
    tiles = lambda: list(store.glob("tile-*.bin"))  # noqa: E731
    lines, seconds = interrupt(
        f"dotbox.solve('3x5', lines=[0, 1, 2], store={str(store)!r})", lambda started: len(tiles()) >= 3
    )
    assert lines[0] == "interrupted", lines
    assert lines[1] == "next 3", lines
    assert seconds < 10, seconds
    assert (store / "dotbox-store").is_file() and tiles()


def test_ctrl_c_stops_a_books_deep_verification():
    # The 4x4 book checked value by value: minutes; stopped at its next progress report.
    book = dotbox.shipped_book("4x4")
    lines, seconds = interrupt(
        f"dotbox.Book({book!r}).verify(deep=True)", lambda started: time.monotonic() > started + 1.5
    )
    assert lines[0] == "interrupted", lines
    assert lines[1] == "next 3", lines
    assert seconds < 10, seconds
