"""Bad input is a DotboxError with the command line's message, naming Python's own arguments (never an option Python does not have), never a crash."""

import random
import shutil
from decimal import Decimal
from fractions import Fraction

import numpy as np
import pytest

import dotbox


def bots():
    """``dotbox.openspiel``, which needs ``open-spiel``: its rows skip without it."""
    return pytest.importorskip("dotbox.openspiel")


@pytest.mark.parametrize(
    "call,message",
    [
        (lambda: dotbox.analyze("9x9"), "at most 64"),
        (lambda: dotbox.analyze("3y3"), "invalid board '3y3'"),
        (lambda: dotbox.analyze("3x3", [24]), "lines: line 24 does not exist"),
        (lambda: dotbox.analyze("3x3", [-1]), "lines: line -1 does not exist: line numbers start at 0"),
        (lambda: dotbox.analyze("3x3", [2**70]), f"lines: line {2**70} does not exist: a board has at most 64 lines"),
        (lambda: dotbox.analyze("3x3", [1, 1]), "1"),
        (lambda: dotbox.analyze("3x3", ["a"]), "lines: 'a' is not a line number"),
        (lambda: dotbox.solve("3x3", [30]), "lines: line 30 does not exist"),
        (lambda: dotbox.Book(dotbox.shipped_book("3x4")).analyze([40]), "lines: line 40 does not exist"),
        (lambda: dotbox.analyze("3x3", "zz9"), "zz9"),
        (lambda: dotbox.analyze("3x3", method="magic"), "not one of retro, book, search, estimate, rules"),
        (lambda: dotbox.analyze("3x3", time_limit=-1), "not a positive number of seconds"),
        (lambda: dotbox.analyze("3x3", time_limit=1e308), "time_limit: 1e308 seconds is too long"),
        (lambda: dotbox.analyze("3x3", method="book"), "method='book' needs book=FILE: no book for 3x3"),
        (lambda: dotbox.analyze("3x4", method="estimate", book=dotbox.shipped_book("3x4")), "method='estimate' reads no book"),
        (lambda: dotbox.analyze("3x3:0", [1]), "lines cannot be given with the position '3x3:0'"),
        (lambda: dotbox.analyze("3x3 moves a4b4", [1]), "lines cannot be given with a game record"),
        (lambda: dotbox.analyze("5x5", method="search", time_limit=0.01), "raise time_limit"),
        (lambda: dotbox.analyze("2x2", method="estimate", nodes=0), "nodes: 0 is not a number of nodes from 1 to 2**64 - 1"),
        (lambda: dotbox.analyze("2x2", method="estimate", nodes=1.5), "nodes: 1.5 is not a number of nodes from 1 to 2**64 - 1"),
        (lambda: dotbox.analyze("2x2", method="retro", nodes=100), "method='retro' does not read nodes"),
        (lambda: dotbox.analyze("4x4", method="retro"), "dotbox.solve(..., store=DIR), or answer it from a book, with method='search' (exact, but on a large position it may run for hours or never end) or with method='estimate'"),
        (lambda: dotbox.analyze("5x5", method="retro"), "and on disk more than the whole file system holding"),
        (lambda: dotbox.analyze("3x3", book="/nonexistent.book"), "cannot read /nonexistent.book"),
        (lambda: dotbox.analyze("3x3 moves a4b4 zz", []), "game record"),
        (lambda: dotbox.rules_move("3x3", [], 1.5), "not in [0, 1)"),
        (lambda: dotbox.Book("/nonexistent.book"), "cannot read /nonexistent.book"),
        (lambda: dotbox.Book(dotbox.shipped_book("3x4")).analyze([], board="3x4:0,1"), "board: '3x4:0,1' is a position, not a board"),
        (lambda: dotbox.Book(dotbox.shipped_book("3x4")).analyze([], board="3x4 moves a1b1"), "board: '3x4 moves a1b1' is a game record, not a board"),
        (lambda: dotbox.analyze("1x6148914691236517206"), "1x6148914691236517206"),
        # Wrong types are bad input too: a DotboxError naming the argument, never a TypeError.
        (lambda: dotbox.analyze(None), "board: None is not a string"),
        (lambda: dotbox.analyze("2x2", None), "lines: None is neither line numbers nor a string of them"),
        (lambda: dotbox.analyze("2x2", 5), "lines: 5 is neither line numbers nor a string of them"),
        (lambda: dotbox.analyze("2x2", b"05"), "lines: b'05' is neither line numbers nor a string of them"),
        # A dbn string given as lines would read as line 0 (2x2's empty board, valued -2).
        (lambda: dotbox.analyze("2x2", "000000000000"), "lines: '000000000000' is a number with a leading zero, not a line number"),
        (lambda: dotbox.analyze("2x2", [1.5]), "lines: 1.5 is not a line number"),
        (lambda: dotbox.analyze("2x2", [True]), "lines: True is not a line number"),
        (lambda: dotbox.analyze("2x2", method=5), "method: 5 is not a string"),
        (lambda: dotbox.analyze("2x2", time_limit="abc"), "time_limit: 'abc' is not a number of seconds"),
        (lambda: dotbox.analyze("2x2", time_limit=True), "time_limit: True is not a number of seconds"),
        (lambda: dotbox.analyze("2x2", book=5), "book: 5 is not a path"),
        (lambda: dotbox.analyze("2x2", seed="1"), "seed: '1' is not an integer from 0 to 2**64 - 1"),
        # An exact method has nothing random to seed: the seed is refused, not ignored.
        (lambda: dotbox.analyze("2x2", method="retro", seed=1), "method='retro' does not read seed"),
        (lambda: dotbox.analyze("2x2", seed=-1), "seed: -1 is not an integer from 0 to 2**64 - 1"),
        (lambda: dotbox.analyze("2x2", seed=2**64), "seed: 18446744073709551616 is not an integer from 0 to 2**64 - 1"),
        (lambda: dotbox.analyze("2x2", seed=1.0), "seed: 1.0 is not an integer from 0 to 2**64 - 1"),
        (lambda: dotbox.solve("2x2", memory=-1), "memory: -1 is not a number of bytes from 1 to 2**64 - 1"),
        (lambda: dotbox.solve("2x2", memory="1G"), "memory: '1G' is not a number of bytes from 1 to 2**64 - 1"),
        (lambda: dotbox.solve("2x2", store=5), "store: 5 is not a path"),
        (lambda: dotbox.solve("2x2", store=""), "store: an empty path names no file or directory"),
        (lambda: dotbox.rules_move("2x2", [], "x"), "random: 'x' is not a number in [0, 1)"),
        (lambda: dotbox.position("2x2", [0, None]), "lines: None is not a line number"),
        (lambda: dotbox.shipped_book(4), "board: 4 is not a string"),
        (lambda: dotbox.Book(None), "path: None is not a path"),
        (lambda: dotbox.Book(dotbox.shipped_book("3x4")).analyze([], board=34), "board: 34 is not a string"),
        # Numbers past a float's range or of Python's other number types, and objects that
        # pass for what they are not: each escaped once as a TypeError, an OverflowError or a
        # misleading message.
        (lambda: dotbox.analyze("2x2", method="estimate", time_limit=10**400), "time_limit: 1e+400 is not a number of seconds: a float cannot hold it"),
        (lambda: dotbox.analyze("2x2", method="estimate", time_limit=-(10**400)), "time_limit: -1e+400 is not a number of seconds: a float cannot hold it"),
        (lambda: dotbox.analyze("2x2", time_limit=Fraction(10**400, 1)), "time_limit: 1e+400 is not a number of seconds: a float cannot hold it"),
        (lambda: dotbox.analyze("2x2", time_limit=Fraction(1, 10**400)), "time_limit: 1e-400 is not a number of seconds: a float cannot hold it"),
        (lambda: dotbox.analyze("2x2", time_limit=Decimal("1e400")), "time_limit: Decimal('1E+400') is not a number of seconds: a float cannot hold it"),
        (lambda: dotbox.analyze("2x2", time_limit=Decimal("1e-400")), "time_limit: Decimal('1E-400') is not a number of seconds: a float cannot hold it"),
        (lambda: dotbox.analyze("2x2", time_limit=Decimal("sNaN")), "time_limit: Decimal('sNaN') is not a number of seconds"),
        (lambda: dotbox.analyze("2x2", time_limit=Decimal("-1")), "time_limit: -1 is not a positive number of seconds"),
        (lambda: dotbox.analyze("2x2", time_limit=Decimal("Infinity")), "time_limit: inf is not a finite number of seconds"),
        (lambda: bots().DotboxBot(time_limit=10**400), "time_limit: 1e+400 is not a number of seconds"),
        (lambda: bots().EngineBot(time_limit=10**400), "time_limit: 1e+400 is not a number of seconds"),
        (lambda: dotbox.rules_move("3x3", [], random=10**400), "random: 1e+400 is not a number in [0, 1): a float cannot hold it"),
        # An int past 4,300 digits, which Python refuses to write out (a ValueError).
        (lambda: dotbox.analyze("3x3", [10**5000]), "lines: line 1e+5000 does not exist: a board has at most 64 lines"),
        (lambda: dotbox.analyze("2x2", seed=10**5000), "seed: 1e+5000 is not an integer from 0 to 2**64 - 1"),
        (lambda: dotbox.analyze(10**5000), "board: 1e+5000 is not a string"),
        # Iterable by its class, yet it refuses to iterate: no line numbers.
        (lambda: dotbox.analyze("3x3", np.array(5)), "lines: array(5) is neither line numbers nor a string of them"),
        # A bot's seed seeds Python's random: checked as analyze's seed, when the bot is made.
        (lambda: bots().DotboxBot(seed=[1]), "seed: [1] is not an integer from 0 to 2**64 - 1"),
        (lambda: bots().RulesBot(seed=[1]), "seed: [1] is not an integer from 0 to 2**64 - 1"),
        (lambda: bots().RulesBot(seed=-1), "seed: -1 is not an integer from 0 to 2**64 - 1"),
        (lambda: bots().DotboxBot(seed="1"), "seed: '1' is not an integer from 0 to 2**64 - 1"),
        (lambda: bots().EngineBot(seed=[1]), "seed: [1] is not an integer from 0 to 2**64 - 1"),
        # Methods by their exact names, as on the command line, quoted as given.
        (lambda: dotbox.analyze("2x2", method="RETRO"), "method: 'RETRO' is not one of retro, book, search, estimate, rules"),
        (lambda: dotbox.analyze("2x2", method="rEtRo"), "method: 'rEtRo' is not one of"),
        (lambda: dotbox.analyze("2x2", method="Estimate"), "method: 'Estimate' is not one of"),
        (lambda: dotbox.analyze("2x2", method="BOOK"), "method: 'BOOK' is not one of"),
        (lambda: bots().DotboxBot(method="Retro"), "method: 'Retro' is not one of"),
        # No memory at all, which the command line refuses ("the size must be positive").
        (lambda: dotbox.solve("2x2", memory=0), "memory: 0 is not a number of bytes from 1 to 2**64 - 1"),
        (lambda: dotbox.solve("2x2", memory=2**64), "memory: 18446744073709551616 is not a number of bytes from 1 to 2**64 - 1"),
        # A dbn string (named by its board or not), then more: the more is what is wrong.
        (lambda: bots().to_dotbox("2x2 000000000000 extra"), "text follows the dbn string's lines: 'extra'"),
        (lambda: bots().to_dotbox("2x2 000000000000  0 1", "2x2"), "text follows the dbn string's lines: '0 1'"),
        (lambda: bots().to_dotbox("000000000000 extra", "2x2"), "text follows the dbn string's lines: 'extra'"),
        (lambda: bots().to_dotbox("000000000000 0"), "text follows the dbn string's lines: '0'"),
        # A board that names lines too: refused, not dropped (the bridge takes lines apart).
        (lambda: bots().to_dotbox("0" * 12, "2x2:0"), "board: '2x2:0' is a position, not a board"),
        (lambda: bots().to_dotbox("0" * 24, "3x3 moves a1b1"), "board: '3x3 moves a1b1' is a game record, not a board"),
        (lambda: bots().to_dotbox("2x2:0 " + "0" * 12), "invalid board '2x2:0'"),
        (lambda: bots().from_dotbox("3x3:0,5", []), "board: '3x3:0,5' is a position, not a board"),
        (lambda: bots().game_for("3x3:0"), "board: '3x3:0' is a position, not a board"),
        # Icelandic's pre-drawn lines are drawn in every one of its positions.
        (lambda: bots().to_dotbox("0" * 38, "icelandic"), "lines 15, 16, 17, 18, 19, 20, 26, 32 are pre-drawn on icelandic but not drawn in the dbn string"),
        # A mapping is no list of lines; a set has no order for lines played in order.
        (lambda: dotbox.analyze("2x2", {3: "x"}), "lines: {3: 'x'} is neither line numbers nor a string of them"),
        (lambda: bots().from_dotbox("2x2", {0, 5}), "lines: from_dotbox plays the lines in the order given, which a set does not keep"),
        # A lone surrogate (os.fsdecode's stand-in for a byte that is not UTF-8) is no text:
        # the compiled module's UnicodeEncodeError named no argument.
        (lambda: dotbox.analyze("\udcff"), "board: '\\udcff' is not text: character 0 is a lone surrogate"),
        (lambda: dotbox.analyze("3x3", "0,\udcff"), "lines: '0,\\udcff' is not text: character 2 is a lone surrogate"),
        (lambda: dotbox.Book(dotbox.shipped_book("3x4")).analyze("\udcff"), "lines: '\\udcff' is not text"),
        (lambda: bots().to_dotbox("\udcff", "2x2"), "state: '\\udcff' is not text"),
        (lambda: bots().to_dbn("2x2", "\udcff"), "lines: '\\udcff' is not text"),
    ],
)
def test_bad_input_is_named(call, message):
    with pytest.raises(dotbox.DotboxError) as caught:
        call()
    assert message in str(caught.value)
    assert "--" not in str(caught.value), "Python has no options"
    assert isinstance(caught.value, ValueError)


@pytest.mark.parametrize("seconds", [10, 10.0, np.float64(10), Fraction(10), Decimal("10"), Decimal("1e1")])
def test_any_real_number_is_seconds(seconds):
    # Fraction and Decimal seconds as int and float ones: the same limit, the same answer.
    assert dotbox.analyze("2x2", method="search", time_limit=seconds) == dotbox.analyze("2x2", method="search")


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
    # Reading every chunk finds the damage at once; the intact book passes.
    with pytest.raises(dotbox.DotboxError, match=f"{book_copy}: .*chunk [0-9]+: checksum mismatch"):
        damaged.verify()
    assert intact.verify()["chunks"] > 0
    with pytest.raises(dotbox.DotboxError, match="deep: 'yes' is not True or False"):
        intact.verify(deep="yes")


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
        with pytest.raises(dotbox.DotboxError, match=name) as caught:
            dotbox.analyze("3x4", book=path)
        # Python's words: no command of the command line.
        assert "`dotbox " not in str(caught.value), caught.value
