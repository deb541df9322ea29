"""Values through Python are the command line's, from every method it uses."""

import copy as copy_module
import json
import multiprocessing
import os
import pickle
import random
import subprocess
import sys
import threading
import time
import warnings

import numpy as np
import pytest

import dotbox

# Board, and how many lines a random position has drawn (pre-drawn ones included) (past a book's depth the retrograde
# solver answers; the ranges keep each solve under a second or so).
CASES = [
    ("2x2", range(0, 12)),
    ("2x3", range(0, 17)),
    ("3x3", range(0, 24)),
    ("3x4", range(0, 7)),  # the shipped 3x4 book
    ("3x4", range(12, 31)),  # the retrograde solver
    ("4x4", range(0, 10)),  # the shipped 4x4 book
    ("4x4", range(18, 40)),
    ("3x5", range(0, 10)),  # the shipped 3x5 book
    ("5x3", range(0, 10)),  # the same book, read transposed
    ("icelandic", range(8, 38)),
]


def random_lines(board, drawn, rng):
    _, _, _, count, predrawn = dotbox.position(board)
    open_lines = [line for line in range(count) if line not in predrawn]
    return sorted(rng.sample(open_lines, min(drawn - len(predrawn), len(open_lines))))


@pytest.mark.parametrize("board,drawn", CASES)
def test_values_equal_the_command_line(cli, board, drawn):
    rng = random.Random(f"{board}{drawn}")
    for _ in range(4):
        lines = random_lines(board, rng.choice(drawn), rng)
        got = dotbox.analyze(board, lines)
        want = cli(board, lines)
        assert got["exact"] is True
        assert {k: got[k] for k in want} == want, (board, lines)
        assert got["best"] == [m["line"] for m in want["moves"] if m["score"] == want["value"]]


def test_a_game_record_and_labels_are_read_as_the_command_line_reads_them(cli):
    record = "3x3 moves a4b4 b1b2"
    assert dotbox.analyze(record)["value"] == cli(record)["value"]
    # a4b4: the top left horizontal line; b1b2: the vertical of column b, bottom row.
    assert dotbox.analyze("3x3", "a4b4,b1b2") == dotbox.analyze("3x3", [0, 21])
    # Where its game stands, which a record alone does not say: the second player completed a
    # box and moves again; the value is theirs.
    assert dotbox.analyze("1x2 moves 0 2 4 5")["game"] == {"moves_played": 4, "taken": [0, 1], "to_move": 1}
    assert cli("1x2 moves 0 2 4 5")["game"]["to_move"] == 1
    assert "game" not in dotbox.analyze("1x2", [0, 2, 4, 5])


@pytest.mark.parametrize(
    "lines",
    [
        [np.int64(0), np.int64(3)],
        np.array([0, 3]),
        np.array([0, 3], dtype=np.uint8),
        (np.int32(0), 3),
        range(0, 6, 3),
    ],
    ids=repr,
)
def test_any_integers_are_line_numbers(lines):
    # numpy's integers too: whatever operator.index reads as an integer (not bools, floats).
    assert dotbox.analyze("2x2", lines) == dotbox.analyze("2x2", [0, 3])
    assert dotbox.position("2x2", lines)[4] == [0, 3]


@pytest.mark.parametrize(
    "method, read",
    [
        (None, ["time_limit", "seed", "nodes"]),
        ("search", ["time_limit"]),
        ("estimate", ["time_limit", "seed", "nodes"]),
        ("rules", ["seed"]),
        ("retro", []),
        ("book", []),
    ],
)
def test_the_options_a_method_reads_are_options_python_has(method, read):
    # The command line's --tt-mib and --search-threads have no Python name.
    assert dotbox._options_read(method) == read


def test_a_node_budget_gives_the_same_estimate_on_every_run():
    runs = [dotbox.analyze("4x4", method="estimate", nodes=300_000, seed=5) for _ in range(3)]
    for run in runs:
        run.pop("seconds")
    assert runs[0] == runs[1] == runs[2]
    assert runs[0]["exact"] is False and runs[0]["nodes"] >= 300_000


def test_rules_are_never_labelled_exact():
    answer = dotbox.analyze("3x3", [0, 5], method="rules")
    assert answer["exact"] is False and answer["method"] == "rules"
    assert answer["value"] is None
    assert all(m["score"] is None for m in answer["moves"])
    assert len(answer["best"]) == 1 and answer["best"][0] not in (0, 5)


def test_past_exact_reach_the_engine_estimates_and_says_so():
    # No book, too large for every exact method: the engine's estimates, within the limit.
    answer = dotbox.analyze("5x5", time_limit=0.2)
    assert answer["exact"] is False and answer["method"] == "estimate"
    assert isinstance(answer["value"], float)
    assert [m["line"] for m in answer["moves"]] == list(range(60))
    assert all(isinstance(m["score"], float) for m in answer["moves"])
    assert len(answer["best"]) == 1 and answer["best"][0] in range(60)
    # 60 open lines: nothing proven, neither the value nor any move's score.
    assert answer["value_exact"] is False
    assert all(m["exact"] is False for m in answer["moves"])
    # The same seed and budget: the estimate alone, forced, is never exact either, not even
    # where the engine's search solved the position (22 open lines: at once).
    forced = dotbox.analyze("3x3", [0, 5], method="estimate", time_limit=0.2)
    assert forced["exact"] is False and forced["method"] == "estimate"
    assert forced["value_exact"] is False
    assert all(m["exact"] is False for m in forced["moves"])
    with pytest.raises(dotbox.DotboxError, match="time limit"):
        dotbox.analyze("5x5", method="search", time_limit=0.2)


def test_an_estimates_reason_names_no_command_line_option():
    reason = dotbox.analyze("5x5", time_limit=0.2)["reason"]
    assert "--" not in reason and "command" not in reason, reason


def test_forced_methods_agree():
    lines = [0, 3, 7, 12, 20]
    answers = [dotbox.analyze("3x4", lines, method=m) for m in ("book", "retro", "search")]
    assert [a.pop("method") for a in answers] == ["book", "retro", "search"]
    assert all(a == answers[0] for a in answers)


def test_a_book_read_by_chunk_answers_as_the_whole_file(tmp_path):
    path = dotbox.shipped_book("4x4")
    assert path is not None and path.endswith(".book")
    book = dotbox.Book(path)
    assert (book.board, book.depth, book.chunks_held) == ("4x4", 10, 0)
    rng = random.Random(4)
    for drawn in (0, 3, 9):
        lines = random_lines("4x4", drawn, rng)
        assert book.analyze(lines) == dotbox.analyze("4x4", lines, method="book")
    assert 0 < book.chunks_held < 200
    with pytest.raises(dotbox.DotboxError, match="move scores"):
        book.analyze(list(range(10)))


def test_a_book_verifies_as_the_command_line_does():
    # `dotbox book verify --deep www/books/3x4-d7.book`: 114 chunks, 410402 positions.
    book = dotbox.Book(dotbox.shipped_book("3x4"))
    assert book.verify() == {"chunks": 114, "positions": 0}
    assert book.verify(deep=True) == {"chunks": 114, "positions": 410402}


def test_one_book_answers_several_threads_at_once():
    # Each query decodes its chunks with the GIL released: the threads' queries overlap, and
    # the getters are read meanwhile.
    path = dotbox.shipped_book("4x4")
    shared, alone = dotbox.Book(path), dotbox.Book(path)
    rng = random.Random(8)
    queries = [random_lines("4x4", rng.randrange(10), rng) for _ in range(120)]
    want = [alone.analyze(lines) for lines in queries]
    got, errors = [None] * len(queries), []

    def ask(first):
        try:
            for i in range(first, len(queries), 4):
                got[i] = shared.analyze(queries[i])
                assert shared.board == "4x4" and shared.chunks_held > 0
        except Exception as e:  # reported below: a thread's exception is not the test's
            errors.append(f"{type(e).__name__}: {e}")

    threads = [threading.Thread(target=ask, args=(first,)) for first in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors, errors
    assert got == want


# A book opened before a fork, read by every child at once (set before the pool forks).
FORKED_BOOK = None


def read_forked_book(seed):
    """What one forked child reads of ``FORKED_BOOK`` (a ``Book``, or the path ``analyze``
    keeps open): the errors of 600 random positions of 5 to 9 lines, each decoding chunks
    the child has not read yet."""
    rng = random.Random(seed)
    errors = []
    for _ in range(600):
        lines = rng.sample(range(40), rng.randint(5, 9))
        try:
            if isinstance(FORKED_BOOK, dotbox.Book):
                FORKED_BOOK.analyze(lines)
            else:
                dotbox.analyze("4x4", lines, book=FORKED_BOOK)
        except dotbox.DotboxError as e:
            errors.append(str(e))
    return errors


@pytest.mark.parametrize("held", ["Book", "kept by analyze"])
def test_a_book_open_before_a_fork_reads_right_in_every_child(held):
    # Children forked while a book was open share its file's offset with their parent; a
    # seek then a read in two of them at once read each other's chunks: "the book is
    # corrupt: chunk 4587: checksum mismatch" of a sound book (about 1 query in 400).
    global FORKED_BOOK
    path = dotbox.shipped_book("4x4")
    FORKED_BOOK = dotbox.Book(path) if held == "Book" else path
    if held == "Book":
        FORKED_BOOK.analyze([])
    else:
        dotbox.analyze("4x4", [], book=path)
    fork = multiprocessing.get_context("fork")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        with fork.Pool(4) as pool:
            errors = [e for child in pool.map(read_forked_book, range(4)) for e in child]
    assert not errors, f"{len(errors)} of 2400 queries failed: {errors[:3]}"


def test_a_book_pickles_and_copies_as_its_path():
    # A Book handed to a worker of another start method, or deep-copied, opens the file again.
    book = dotbox.Book(dotbox.shipped_book("3x4"))
    for copy in (pickle.loads(pickle.dumps(book)), copy_module.deepcopy(book)):
        assert isinstance(copy, dotbox.Book) and copy.path == book.path
        assert copy.analyze([0, 5]) == book.analyze([0, 5])
    spawn = multiprocessing.get_context("spawn")
    with spawn.Pool(1) as pool:
        assert pool.apply(dotbox.Book.analyze, (book, [0, 5])) == book.analyze([0, 5])


def test_a_book_answers_its_transposed_board_when_asked_on_it():
    path = dotbox.shipped_book("5x3")
    book = dotbox.Book(path)
    assert path == dotbox.shipped_book("3x5") and book.board == "3x5"
    rng = random.Random(5)
    for drawn in (0, 4, 9):
        lines = random_lines("5x3", drawn, rng)
        got = book.analyze(lines, board="5x3")
        assert got == dotbox.analyze("5x3", lines, method="book")
        assert got["board"] == "5x3"
    # The same lines on the book's own board are another position.
    lines = [0, 5, 11, 17, 20, 26, 31]
    assert book.analyze(lines)["moves"] != book.analyze(lines, board="5x3")["moves"]
    with pytest.raises(dotbox.DotboxError, match="the book is for 3x5, not for 4x4"):
        book.analyze([], board="4x4")


def test_a_book_answers_its_board_with_more_lines_pre_drawn_within_its_depth():
    # icelandic pre-draws 8 of 3x5's lines: the 3x5 book (depth 10) holds its first two.
    path = dotbox.shipped_book("icelandic")
    assert path == dotbox.shipped_book("3x5")
    book = dotbox.Book(path)
    for lines in ([], [0]):
        got, solved = book.analyze(lines, board="icelandic"), dotbox.analyze("icelandic", lines, method="retro")
        assert (got["value"], got["moves"]) == (solved["value"], solved["moves"])
    assert dotbox.analyze("icelandic", [0])["method"] == "book"
    # Past it, counted on icelandic, the error names the book's file.
    with pytest.raises(dotbox.DotboxError, match=r"3x5-d10\.book: the position has 2 lines drawn beyond the pre-drawn ones"):
        book.analyze([0, 1], board="icelandic")


def test_a_solve_with_a_store_resumes_from_its_tiles(tmp_path):
    store = tmp_path / "store"
    lines = [0, 5, 9]
    first = dotbox.solve("3x3", lines, store=store)
    assert any(store.iterdir())
    again = dotbox.solve("3x3", lines, store=store)
    # What each solve did: the second computes nothing, its tiles found in the store.
    figures = first.pop("solve"), again.pop("solve")
    assert figures[0]["positions_computed"] > 0 and figures[0]["tiles_reused"] == 0
    assert figures[1]["positions_computed"] == 0 and figures[1]["tiles_reused"] > 0
    assert first == again
    assert first == dotbox.analyze("3x3", lines)


def test_a_solves_peak_memory_is_its_own_not_the_processs():
    # 400 MB held and let go before the solve: a 2x2 solve's peak is nowhere near it.
    held = bytearray(400_000_000)
    held[::4096] = b"\1" * len(held[::4096])
    del held
    peak = dotbox.solve("2x2")["solve"]["peak_memory_bytes"]
    assert peak is not None and peak < 300_000_000, peak


def test_the_gil_is_released_while_solving():
    # A solve of about a second on one thread; this thread counts meanwhile.
    lines = list(range(0, 40, 3))[:13]
    done = []
    worker = threading.Thread(target=lambda: done.append(dotbox.analyze("4x4", lines)))
    start = time.perf_counter()
    worker.start()
    ticks = 0
    while worker.is_alive():
        ticks += 1
        time.sleep(0.001)
    elapsed = time.perf_counter() - start
    assert done and done[0]["exact"]
    assert elapsed > 0.05, "the solve was too quick to tell"
    assert ticks >= 10, f"only {ticks} ticks in {elapsed:.2f} s: the GIL was held"


@pytest.mark.parametrize("method", ["retro", "search", "estimate"])
def test_a_child_forked_after_a_solve_solves_too(method):
    # A child forked after its parent solved (multiprocessing's fork start method, the
    # default on Linux before Python 3.14; PyTorch's DataLoader workers) got the parent's
    # thread pool without its threads and waited forever.
    options = {"time_limit": 0.2, "seed": 1} if method == "estimate" else {}
    assert dotbox.analyze("3x3", [0], method=method, **options)["value"] is not None
    fork = multiprocessing.get_context("fork")
    with warnings.catch_warnings():
        # Python 3.12+ warns of fork in a process with threads: what this test is about.
        warnings.simplefilter("ignore", DeprecationWarning)
        with fork.Pool(1) as pool:
            child = pool.apply_async(dotbox.analyze, ("3x3", [0, 5]), {"method": method, **options})
            try:
                answer = child.get(timeout=60)
            except multiprocessing.TimeoutError:
                pool.terminate()
                pytest.fail(f"{method}: the forked child gave no answer in 60 s")
    assert answer == dotbox.analyze("3x3", [0, 5], method=method, **options) or method == "estimate"
    assert answer["exact"] == (method != "estimate")


def test_chains_as_pseudo_lines_are_exact_only_where_proven(cli):
    # A 5x5 position with 37 open lines (a problem of tests/fixtures/pseudo_5x5.jsonl with
    # three lines fewer): past the plain retrograde solver and the search, the command line
    # collapses its chains into pseudo-lines on its own.
    lines = [5, 8, 9, 11, 12, 15, 16, 29, 37, 39, 41, 42, 45, 48, 50, 51, 52, 53, 54, 55, 56, 57, 58]
    got = dotbox.analyze("5x5", lines)
    want = cli("5x5", lines)
    assert {k: got[k] for k in want} == want
    assert got["method"] == "pseudo"
    searched = dotbox.analyze("5x5", lines, method="search")
    assert got["value"] == searched["value"]
    assert set(got["best"]) <= set(searched["best"])
    info = got["pseudo_lines"]
    assert got["exact"] == (info["value_exact"] and not info["unproven_moves"])
    assert not set(got["best"]) & set(info["unproven_moves"])


def test_the_installed_package_answers_from_the_books_it_carries(tmp_path):
    # The wheel carries www/books as dotbox/books: found before a checkout's, so an installed
    # package answers from them wherever it is (here from another directory, no $DOTBOX_BOOKS).
    carried = os.path.join(os.path.dirname(os.path.abspath(dotbox.__file__)), "books")
    env = {k: v for k, v in os.environ.items() if k != "DOTBOX_BOOKS"}
    script = (
        "import dotbox, json; "
        "print(json.dumps([dotbox.shipped_book(b) for b in ('3x4', '4x4', '5x3')] "
        "+ [dotbox.analyze('4x4')['method']]))"
    )
    out = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, env=env, capture_output=True, text=True, check=True)
    *paths, method = json.loads(out.stdout)
    assert paths == [os.path.join(carried, f) for f in ("3x4-d7.book", "4x4-d10.book", "3x5-d10.book")]
    assert method == "book"
    # Where no book is found, the message names the carried folder among the places looked in.
    with pytest.raises(dotbox.DotboxError, match=f"then in {carried}, then in the www/books"):
        dotbox.analyze("4x5", method="book")
