"""Bad input is a DotboxError with the command line's message, naming Python's own arguments (never an option Python does not have), never a crash."""

import random
import shutil

import pytest

import dotbox


@pytest.mark.parametrize(
    "call,message",
    [
        (lambda: dotbox.analyze("9x9"), "at most 64"),
        (lambda: dotbox.analyze("3y3"), "invalid board '3y3'"),
        (lambda: dotbox.analyze("3x3", [24]), "lines: line 24 does not exist"),
        (lambda: dotbox.analyze("3x3", [-1]), "-1"),
        (lambda: dotbox.analyze("3x3", [1, 1]), "1"),
        (lambda: dotbox.analyze("3x3", ["a"]), "lines: 'a' is not a line number"),
        (lambda: dotbox.solve("3x3", [30]), "lines: line 30 does not exist"),
        (lambda: dotbox.Book(dotbox.shipped_book("3x4")).analyze([40]), "lines: line 40 does not exist"),
        (lambda: dotbox.analyze("3x3", "zz9"), "zz9"),
        (lambda: dotbox.analyze("3x3", method="magic"), "not one of book, retro, search, estimate, rules"),
        (lambda: dotbox.analyze("3x3", time_limit=-1), "not a positive number of seconds"),
        (lambda: dotbox.analyze("3x3", time_limit=1e308), "time_limit: 1e308 seconds is too long"),
        (lambda: dotbox.analyze("3x3", method="book"), "method='book' needs book=FILE: no book for 3x3"),
        (lambda: dotbox.analyze("3x4", method="estimate", book=dotbox.shipped_book("3x4")), "method='estimate' reads no book"),
        (lambda: dotbox.analyze("3x3:0", [1]), "lines cannot be given with the position '3x3:0'"),
        (lambda: dotbox.analyze("3x3 moves a4b4", [1]), "lines cannot be given with a game record"),
        (lambda: dotbox.analyze("5x5", method="search", time_limit=0.01), "raise time_limit"),
        (lambda: dotbox.analyze("4x4", method="retro"), "dotbox.solve(..., store=DIR), or answer from a book or with method='search'"),
        (lambda: dotbox.analyze("5x5", method="retro"), "out of this machine's reach"),
        (lambda: dotbox.analyze("3x3", book="/nonexistent.book"), "cannot read /nonexistent.book"),
        (lambda: dotbox.analyze("3x3 moves a4b4 zz", []), "game record"),
        (lambda: dotbox.rules_move("3x3", [], 1.5), "not in [0, 1)"),
        (lambda: dotbox.Book("/nonexistent.book"), "cannot read /nonexistent.book"),
    ],
)
def test_bad_input_is_named(call, message):
    with pytest.raises(dotbox.DotboxError) as caught:
        call()
    assert message in str(caught.value)
    assert "--" not in str(caught.value), "Python has no options"
    assert isinstance(caught.value, ValueError)


@pytest.fixture
def book_copy(tmp_path):
    path = tmp_path / "3x4.book"
    shutil.copy(dotbox.shipped_book("3x4"), path)
    return path


def test_a_damaged_chunk_is_refused(book_copy):
    intact = dotbox.Book(dotbox.shipped_book("3x4"))
    data = bytearray(book_copy.read_bytes())
    for at in range(len(data) // 2, len(data), 50):  # the deepest layer's chunks, at the end
        data[at] ^= 0xFF
    book_copy.write_bytes(bytes(data))
    damaged = dotbox.Book(book_copy)
    rng = random.Random(6)
    errors = []
    for _ in range(20):
        lines = rng.sample(range(31), 6)  # its move scores are read from the deepest layer
        try:
            assert damaged.analyze(lines) == intact.analyze(lines)
        except dotbox.DotboxError as e:
            errors.append(str(e))
    assert errors, "no query read a damaged chunk"
    assert all(str(book_copy) in e and "chunk" in e for e in errors), errors


def test_a_damaged_index_truncation_and_other_files_are_refused(book_copy, tmp_path):
    data = book_copy.read_bytes()
    cases = {
        "flipped.book": data[:60] + bytes([data[60] ^ 0xFF]) + data[61:],
        "short.book": data[:30],
        "other.book": b"hello, this is not a book at all" * 4,
    }
    for name, content in cases.items():
        path = tmp_path / name
        path.write_bytes(content)
        with pytest.raises(dotbox.DotboxError, match=name):
            dotbox.Book(path)
        with pytest.raises(dotbox.DotboxError, match=name):
            dotbox.analyze("3x4", book=path)
