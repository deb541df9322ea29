"""docs/book-format.md is enough to read a book: scripts/book_reader.py, the reader written from
it in pure Python, gives every value and move score dotbox's own reader gives, on the shipped
3x4 book and on version-1 and version-2 books built here, and refuses damaged books."""

import importlib.util
import json
import os
import random
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

import dotbox
from conftest import ROOT

READER_PATH = ROOT / "scripts" / "book_reader.py"
BOOKS = ROOT / "www" / "books"
SHIPPED = {name: BOOKS / f"{name}.book" for name in ["3x4-d7", "4x4-d10", "3x5-d10"]}


def load_reader():
    """scripts/book_reader.py, imported by path (scripts/ is not a package)."""
    spec = importlib.util.spec_from_file_location("book_reader", READER_PATH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


reader = load_reader()


@pytest.fixture(scope="session")
def built_books(tmp_path_factory):
    """Books of depth 6 built by the command line: 3x3 in both versions, and 1x8, whose high
    group holds interchangeable sets (of three lines at the ends): {"3x3-v1": path, ...}."""
    exe = Path(os.environ.get("DOTBOX_CLI", ROOT / "target" / "release" / "dotbox"))
    if not exe.is_file():
        pytest.fail(f"{exe} is missing: build it with `cargo build --release --bin dotbox`")
    folder = tmp_path_factory.mktemp("books")
    books = {}
    for board, version in (("3x3", "1"), ("3x3", "2"), ("1x8", "2")):
        path = folder / f"{board}-d6-v{version}.book"
        build = [exe, "book", "build", board, "--depth", "6", "--out", path, "--format", version]
        subprocess.run(build, check=True, capture_output=True)
        books[f"{board}-v{version}"] = path
    return books


def box_to_take(board, lines):
    """Whether some box has exactly three sides drawn."""
    return any(sum(line in lines for line in sides) == 3 for sides in board.boxes)


def random_positions(board, depth, count, seed):
    """The empty board and `count` positions with 1 to depth-1 lines drawn, a third of them
    with a box to take."""
    rng = random.Random(seed)
    positions = [[]]
    with_box = 0
    while len(positions) <= count:
        lines = sorted(rng.sample(range(board.line_count), rng.randrange(1, depth)))
        takes = box_to_take(board, lines)
        if takes and with_box < count // 3:
            with_box += 1
            positions.append(lines)
        elif not takes and len(positions) - with_box <= count - count // 3:
            positions.append(lines)
    return positions


def scores(answer):
    """(value, [(line, score), ...]) of an analysis, from either reader."""
    return answer["value"], [(move["line"], move["score"]) for move in answer["moves"]]


def assert_readers_agree(path, positions):
    ours = reader.open_book(path)
    theirs = dotbox.Book(str(path))
    for lines in positions:
        assert scores(reader.analyze(ours, lines)) == scores(theirs.analyze(lines)), lines


def test_the_shipped_3x4_book_reads_as_dotbox_reads_it():
    book = reader.open_book(SHIPPED["3x4-d7"])
    assert (book.board.name, book.depth, book.predrawn) == ("3x4", 7, 0)
    positions = random_positions(book.board, book.depth, 30, seed=74)
    assert sum(box_to_take(book.board, p) for p in positions) == 10
    assert_readers_agree(SHIPPED["3x4-d7"], positions)


def test_the_docs_worked_example_is_where_the_docs_say():
    # docs/book-format.md, "Addressing": {0, 5}, its mirror image {3, 6} and {16, 5} (the
    # corner's other border line) are all at index 48 of layer 2.
    layout = reader.open_book(SHIPPED["3x4-d7"]).layout
    for lines in ([0, 5], [3, 6], [16, 5]):
        assert layout.locate(sum(1 << line for line in lines)) == (2, 48), lines


@pytest.mark.parametrize("name", ["3x3-v1", "3x3-v2", "1x8-v2"])
def test_books_built_here_read_as_dotbox_reads_them(built_books, name):
    book = reader.open_book(built_books[name])
    assert isinstance(book, reader.BookV1 if name.endswith("v1") else reader.BookV2)
    assert_readers_agree(built_books[name], random_positions(book.board, book.depth, 30, seed=6))


@pytest.mark.parametrize(
    "name, lines", [("4x4-d10", [1, 9, 17, 30, 38]), ("3x5-d10", [2, 14, 20, 27, 33])]
)
def test_one_position_of_each_larger_book(name, lines):
    # Their layouts have three and two high groups (the 3x4 book's has one); a position this
    # shallow lays out in a fraction of a second in pure Python.
    assert_readers_agree(SHIPPED[name], [lines])


@pytest.mark.parametrize("name", ["3x3-v2", "1x8-v2"])
def test_blocks_counted_by_burnside_are_the_representatives_listed(built_books, name):
    layout = reader.open_book(built_books[name]).layout
    for high_count in range(7):
        counts = (high_count,)
        assert layout.block_count(counts) == len(layout.representatives(counts)), counts


def test_the_command_line_prints_what_dotbox_analyze_prints():
    out = subprocess.run(
        [sys.executable, str(READER_PATH), str(SHIPPED["3x4-d7"]), "--lines", "0,5"],
        check=True,
        capture_output=True,
        text=True,
    )
    answer = json.loads(out.stdout)
    assert scores(answer) == scores(dotbox.Book(str(SHIPPED["3x4-d7"])).analyze([0, 5]))


def flipped(data, at):
    damaged = bytearray(data)
    damaged[at] ^= 0x40
    return bytes(damaged)


def index_length(data):
    return struct.unpack_from("<Q", data, 24)[0]


def test_a_flipped_byte_in_a_chunk_or_the_index_is_refused_as_dotbox_refuses_it(
    built_books, tmp_path
):
    data = SHIPPED["3x4-d7"].read_bytes()
    v1 = built_books["3x3-v1"].read_bytes()
    damaged = {
        "chunk": (flipped(data, (index_length(data) + len(data)) // 2), r"chunk \d+: checksum"),
        "index": (flipped(data, 60), "index checksum mismatch"),  # 60: in the fingerprint
        "v1": (flipped(v1, len(v1) // 2), "checksum mismatch"),
    }
    for name, (bytes_, message) in damaged.items():
        with pytest.raises(reader.BookError, match=message):
            reader.read_book(bytes_)
        path = tmp_path / f"{name}.book"
        path.write_bytes(bytes_)
        with pytest.raises(dotbox.DotboxError, match="checksum"):
            dotbox.Book(str(path)).verify()


def test_a_layer_length_forged_with_its_checksum_is_refused():
    # A layer one position longer, the index checksum recomputed: only the layout tells.
    data = bytearray(SHIPPED["3x4-d7"].read_bytes())
    fingerprint_len = struct.unpack_from("<H", data, 44)[0]
    layer_0 = 48 + fingerprint_len
    struct.pack_into("<Q", data, layer_0, struct.unpack_from("<Q", data, layer_0)[0] + 1)
    body = index_length(data) - 4
    struct.pack_into("<I", data, body, zlib.crc32(data[:body]))
    with pytest.raises(reader.BookError, match="layer 0 is 17 positions long in the book, 16 in"):
        reader.read_book(bytes(data))
