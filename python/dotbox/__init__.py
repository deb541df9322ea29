"""Exact Dots-and-Boxes values from Python: the dotbox solver behind one call.

``analyze(board, lines)`` gives what ``dotbox analyze --json`` prints: the position's value
(net boxes still to come for the player to move under perfect play) and every legal move's
score, from the shipped opening book, the retrograde solver or the search, chosen as the
command line chooses. Lines are numbered as the command line, the page and OpenSpiel's
``dots_and_boxes`` number them: for R×C boxes, the horizontal lines row by row from the top
(``r*C + c``), then the vertical ones row by row (``(R+1)*C + r*(C+1) + c``).

Every failure is a :class:`DotboxError` (a ``ValueError``) with the command line's message,
bad input of any type included (a ``None`` or a float where line numbers go): the message names
the argument at fault as Python names it. Line numbers are any integers ``operator.index``
reads (numpy's included), never bools or floats; seconds are any real number, a ``Fraction``
or a ``Decimal`` included. The solvers run with the GIL released, so
other Python threads go on meanwhile.
"""

from __future__ import annotations

import collections.abc
import decimal
import json
import math
import numbers
import operator
import os
from typing import Any, Dict, Iterable, List, Optional, Tuple, Union

from . import _dotbox
from ._dotbox import DotboxError, __version__

#: The books the wheel carries (python/dotbox/books links the checkout's www/books, and
#: pyproject.toml puts them in the wheel): found wherever the package is installed, after
#: ``$DOTBOX_BOOKS`` and before a checkout's.
_CARRIED_BOOKS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "books")
if os.path.isfile(os.path.join(_CARRIED_BOOKS, "index.json")):
    _dotbox.carried_books(_CARRIED_BOOKS)

__all__ = ["__version__", "DotboxError", "Book", "analyze", "solve", "rules_move", "position", "shipped_book"]

Lines = Union[str, Iterable[int]]

#: The compiled module's integers (a seed, bytes of memory) are 64-bit unsigned.
_U64 = 2**64

#: The fewest bytes of memory a solve may be given: the command line's rule for ``--memory``
#: (``parse_size``: "the size must be positive"; 0 is a budget no solve fits, which the
#: solve would only warn of). The library keeps that rule in its text parser alone, so it is
#: stated here for an int.
_LEAST_MEMORY = 1


def _shown(value: Any) -> str:
    """``value`` as an error message quotes it: its repr, but a long number (an int, a
    ``Fraction``, a ``Decimal``) in exponent notation, as the command line shows seconds:
    ``10**400`` written out is 401 digits, and past 4,300 Python refuses to write an int out
    at all (a ValueError that would stand in for the DotboxError)."""
    try:
        text = repr(value)
    except ValueError:  # an int past that limit, or a list holding one
        text = None
    if text is not None and len(text) <= 30:
        return text
    if isinstance(value, (numbers.Rational, decimal.Decimal)):
        digits = decimal.Context(prec=6, Emax=decimal.MAX_EMAX, Emin=decimal.MIN_EMIN)
        if isinstance(value, decimal.Decimal):
            number = digits.plus(value)
        else:
            number = digits.divide(int(value.numerator), int(value.denominator))
        return f"{number.normalize(digits):e}"
    return text if text is not None else f"a {type(value).__name__} too long to write out"


def _line_numbers(lines: Iterable[int]) -> List[int]:
    """``lines`` as ints, each checked as a line number: an integer as ``operator.index``
    reads it (numpy's too), not a bool (``True`` is no line 1) nor a float, and neither
    negative nor past 64 bits (the command line would read ``-1`` as a label, and ``2**70``
    as no number). Whether it is on the board is the command line's check. What ``iter``
    refuses is no line numbers, whatever its type claims: a numpy 0-d array
    (``numpy.array(5)``) is an ``Iterable`` by its class, yet refuses to iterate."""
    try:
        given = iter(lines)
    except TypeError:
        given = None
    # A mapping iterates over its keys: whatever it maps them to, it is no list of lines.
    if given is None or isinstance(lines, (str, bytes, bytearray, collections.abc.Mapping)):
        raise DotboxError(f"lines: {_shown(lines)} is neither line numbers nor a string of them")
    checked = []
    for line in given:
        if isinstance(line, bool):
            raise DotboxError(f"lines: {_shown(line)} is not a line number")
        try:
            number = operator.index(line)
        except TypeError:
            raise DotboxError(f"lines: {_shown(line)} is not a line number") from None
        if number < 0:
            raise DotboxError(f"lines: line {_shown(number)} does not exist: line numbers start at 0")
        if number >= _U64:  # past what the command line reads as a number
            raise DotboxError(f"lines: line {_shown(number)} does not exist: a board has at most 64 lines")
        checked.append(number)
    return checked


def _lines_text(lines: Lines) -> str:
    """``lines`` as the command line's ``--lines`` text: numbers or labels, comma-separated.
    A string is the command line's to read; anything else is line numbers."""
    if isinstance(lines, str):
        return _text("lines", lines)
    return ",".join(map(str, _line_numbers(lines)))


def _text(name: str, value: Any) -> str:
    """``value`` of the argument ``name``, which must be a string (a board, a method) of text
    the compiled module can read: a lone surrogate (``"\udcff"``, as ``os.fsdecode`` makes of
    bytes that are not UTF-8) is no character, and the module's UnicodeEncodeError would name
    no argument."""
    if not isinstance(value, str):
        raise DotboxError(f"{name}: {_shown(value)} is not a string")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as e:
        raise DotboxError(
            f"{name}: {_shown(value)} is not text: character {e.start} is a lone surrogate"
        ) from None
    return value


def _real(name: str, value: Any, what: str) -> float:
    """``value`` of the argument ``name`` as a float: any real number (``numbers.Real``: an
    int, a float, a ``Fraction``, numpy's) or a ``Decimal`` (no ``numbers.Real``, as it does
    not mix with floats, yet as good a number), not a bool nor a string (``float("5")`` would
    read one); ``what`` says what it should be. A number a float cannot hold (``10**400``,
    which ``float`` refuses with an OverflowError, or a Decimal ``1e400`` it makes infinite,
    ``1e-400`` it makes 0) is refused here, in the caller's terms: past this it would be
    misreported as infinity or 0."""
    if isinstance(value, bool) or not isinstance(value, (numbers.Real, decimal.Decimal)):
        raise DotboxError(f"{name}: {_shown(value)} is not {what}")
    try:
        number = float(value)
    except OverflowError:
        number = math.inf
    except ValueError:  # a Decimal's signalling NaN, which float() refuses
        raise DotboxError(f"{name}: {_shown(value)} is not {what}") from None
    if (math.isinf(number) or number == 0) and number != value:
        raise DotboxError(f"{name}: {_shown(value)} is not {what}: a float cannot hold it")
    return number


def _u64(name: str, value: Any, what: str, least: int = 0) -> int:
    """``value`` of the argument ``name`` as an int the compiled module takes (``least``, 0
    unless told, to 2**64 - 1), instead of its OverflowError naming no argument."""
    try:
        number = None if isinstance(value, bool) else operator.index(value)
    except TypeError:
        number = None
    if number is None or not least <= number < _U64:
        raise DotboxError(f"{name}: {_shown(value)} is not {what} from {least} to 2**64 - 1")
    return number


def _path(name: str, value: Any) -> str:
    """``value`` of the argument ``name`` as a path string (a ``str``, ``bytes`` or
    ``os.PathLike``)."""
    try:
        path = os.fsdecode(os.fspath(value))
    except TypeError:
        raise DotboxError(f"{name}: {_shown(value)} is not a path") from None
    if not path:
        raise DotboxError(f"{name}: an empty path names no file or directory")
    return path


def _optional(check, name: str, value: Any, *what: Any):
    """``check(name, value, *what)``, or ``None`` for ``None`` (the argument's default)."""
    return None if value is None else check(name, value, *what)


def analyze(
    board: str,
    lines: Lines = (),
    method: Optional[str] = None,
    time_limit: Optional[float] = None,
    book: Optional[Union[str, os.PathLike]] = None,
    seed: Optional[int] = None,
    nodes: Optional[int] = None,
) -> Dict[str, Any]:
    """The value of a position and the score of every legal move.

    ``board`` is ``"RxC"`` (boxes, for example ``"4x4"``), ``"icelandic"`` or a game record
    as the page exports it (``"3x3 moves a4b4 b1b2"``). ``lines`` are the drawn lines (numbers,
    or a comma-separated string of numbers or labels such as ``"a1b1"``).

    ``method`` is ``None`` (the command line's choice, by dotbox's one answer policy: the
    board's shipped book, the retrograde solver, chains as pseudo-lines or the search where an
    exact answer is in reach, else the engine's estimates), ``"book"``, ``"retro"``,
    ``"search"``, ``"estimate"`` (the engine, never exact) or ``"rules"`` (the rules of thumb,
    never exact), named exactly as on the command line (not ``"Retro"``). ``time_limit`` is the command line's ``--time-limit`` in seconds: the
    engine's time with no method forced or with ``"estimate"``; with ``method="search"`` the
    search's, past which it is an error. ``book`` is a book file to answer from; ``seed`` the
    engine's and the rules of thumb's (default 0), refused with an exact method, which has
    nothing random to seed. The same seed gives the same estimates for the same work done;
    within a time limit the work done depends on the machine's speed and load. ``nodes``
    (the command line's ``--nodes``, at least 1) is the engine's work instead: with a seed,
    the same estimates on every run of a machine with as many cores (the engine runs one
    thread a core; without ``time_limit`` it runs until they are searched); refused where no
    engine runs (an exact method forced, the rules).

    Returns ``{"board", "lines", "method", "value", "moves": [{"line", "score", "exact"}],
    "best", "exact"}``.
    ``value`` and each ``score`` are net boxes for the player to move (the mover), from the
    position (the move) on. With ``exact`` False (no exact answer in reach) ``value`` and the
    scores are the engine's estimates (floats; ``None`` for the rules of thumb), ``method``
    says what answered, and ``best`` holds the one move it plays; an estimate's
    ``value_exact`` and a move's ``exact`` say where the engine's search proved the value and
    that move's score (never with ``method="estimate"``). With ``method`` ``"pseudo"``
    (chains as pseudo-lines, chosen on its own) the scores are integers, exact where a move's
    ``exact`` says so and upper bounds elsewhere (``pseudo_lines``: its chains, whether the
    value is proven, the unproven moves), and ``best`` the moves proven best (never empty: the
    policy collapses chains only where the value is proven, which proves a best move too).
    """
    method, time_limit, seed = _options(method, time_limit, seed)
    if hasattr(board, "dbn_string"):  # an OpenSpiel state, which _text would call no string
        raise DotboxError(
            "board: an OpenSpiel state is not a board: dotbox.analyze(*dotbox.openspiel."
            "to_dotbox(state)) analyzes its position, and dotbox.openspiel.perfect_returns("
            "state) gives its returns under perfect play"
        )
    text = _dotbox.analyze_json(
        _text("board", board),
        _lines_text(lines),
        method,
        time_limit,
        _optional(_path, "book", book),
        seed,
        _nodes(nodes),
    )
    return json.loads(text)


def _options(method: Any, time_limit: Any, seed: Any) -> Tuple[Optional[str], Optional[float], Optional[int]]:
    """:func:`analyze`'s ``method``, ``time_limit`` and ``seed``, their types checked."""
    return (
        _optional(_text, "method", method),
        _optional(_real, "time_limit", time_limit, "a number of seconds"),
        _seed(seed),
    )


def _seed(seed: Any) -> Optional[int]:
    """``seed`` checked: ``None`` (the default) or an integer the compiled module takes. The
    one rule of every seed, the engine's and the rules' as an OpenSpiel bot's own: a bot's
    seeds Python's ``random``, which would take ``-1`` or a string and raise its own
    TypeError on a list."""
    return _optional(_u64, "seed", seed, "an integer")


def _nodes(nodes: Any) -> Optional[int]:
    """:func:`analyze`'s ``nodes``, its type checked: a number of nodes, at least 1."""
    return _optional(_u64, "nodes", nodes, "a number of nodes", 1)


def _check_options(
    method: Any = None, time_limit: Any = None, seed: Any = None, nodes: Any = None
) -> None:
    """:func:`analyze`'s ``method``, ``time_limit``, ``seed`` and ``nodes`` checked as it
    checks them, with no position: for what asks many positions later (the OpenSpiel bots),
    so that bad options fail when it is made, not a game later."""
    _dotbox.check_options(*_options(method, time_limit, seed), _nodes(nodes))


def _options_read(method: Optional[str]) -> List[str]:
    """The options of :func:`analyze` (``time_limit``, ``seed``, ...) that ``method`` reads;
    with ``None`` (the answer policy may choose any method) every one."""
    return _dotbox.options_read(_optional(_text, "method", method))


def solve(
    board: str,
    lines: Lines = (),
    store: Optional[Union[str, os.PathLike]] = None,
    memory: Optional[int] = None,
) -> Dict[str, Any]:
    """The position's whole subgame solved backward, as ``dotbox solve --json``.

    With ``store`` (a directory) every finished tile is kept there, so a solve that was
    stopped resumes and a second call answers from the tiles. ``memory`` bounds the bytes the
    solve holds (at least 1, as on the command line; default: 60 % of the machine's).
    Returns the same fields as :func:`analyze`, always exact, and ``solve``: what the solve
    did (``seconds``, ``positions_computed``, ``tiles_computed``, ``tiles_reused`` from
    ``store``, ``positions_per_second``, ``peak_memory_bytes``: the process's peak while this
    solve ran, restarted at its start on Linux, or None).
    """
    text = _dotbox.solve_json(
        _text("board", board),
        _lines_text(lines),
        _optional(_path, "store", store),
        _optional(_u64, "memory", memory, "a number of bytes", _LEAST_MEMORY),
    )
    return json.loads(text)


def rules_move(board: str, lines: Lines = (), random: float = 0.0) -> Optional[int]:
    """The line the rules of thumb draw: a box to take, else a line that gives nothing away,
    else the smallest sacrifice (``random`` in [0, 1) picks among equals). No claim of
    optimality. ``None`` on a full board."""
    random = _real("random", random, "a number in [0, 1)")
    return _dotbox.rules_move(_text("board", board), _lines_text(lines), random)


def shipped_book(board: str) -> Optional[str]:
    """The path of the shipped opening book that answers ``board``, found as the command line
    finds it (``$DOTBOX_BOOKS``, then the books this package carries, ``dotbox/books``, then
    ``www/books`` of the checkout dotbox was built from), or ``None``. It may be the book of the board's transpose (the 3x5 book for ``"5x3"``),
    or of the board with fewer lines pre-drawn (the 3x5 book for ``"icelandic"``, within its
    first two lines): ask it with ``Book(path).analyze(lines, board=...)``."""
    path = _dotbox.shipped_book(_board(board)[0])
    return None if path is None else os.fspath(path)


def _board(board: str) -> Tuple[str, int, int, int, List[int]]:
    """``(name, rows, cols, line_count, predrawn)`` of a board named alone: a position or a
    game record, whose lines would be dropped, is refused naming ``board``."""
    return _dotbox.board(_text("board", board))


def position(board: str, lines: Lines = ()) -> Tuple[str, int, int, int, List[int]]:
    """``(name, rows, cols, line_count, drawn)`` of a position, checked as the command line
    checks it: ``drawn`` lists every drawn line, the board's pre-drawn ones included."""
    return _dotbox.position(_text("board", board), _lines_text(lines))


class Book:
    """One opening book. Format 2 is read chunk by chunk: opening it reads the index only, each
    query reads and checks (length, CRC32) just the chunks it needs. Format 1 is read and
    checked whole when opened."""

    def __init__(self, path: Union[str, os.PathLike]):
        self._book = _dotbox.Book(_path("path", path))

    @property
    def board(self) -> str:
        """The book's board (``"RxC"`` or ``"icelandic"``)."""
        return self._book.board

    @property
    def depth(self) -> int:
        """Most lines drawn beyond the pre-drawn ones in a stored position; move scores need
        fewer."""
        return self._book.depth

    @property
    def chunks_held(self) -> int:
        """Chunks read so far."""
        return self._book.chunks_held

    @property
    def path(self) -> str:
        """The book file's path."""
        return os.fspath(self._book.path)

    def analyze(self, lines: Lines = (), board: Optional[str] = None) -> Dict[str, Any]:
        """The analysis of the position of ``lines`` from this book alone, shaped as
        :func:`analyze`'s (always exact). ``board`` is the board the lines are drawn on: the
        book's own (the default) or its transpose (``"5x3"`` for the 3x5 book), either perhaps
        with more lines pre-drawn (``"icelandic"`` for the 3x5 book)."""
        board = _optional(_text, "board", board)
        return json.loads(self._book.analyze_json(_lines_text(lines), board))

    def verify(self, deep: bool = False) -> Dict[str, int]:
        """Reads the whole file and checks it as ``dotbox book verify [--deep]`` does: every
        chunk decoded (each against its CRC32) and, with ``deep``, every value against its
        children's. Returns ``{"chunks": decoded, "positions": values checked}``; the first
        damage found raises :class:`DotboxError` naming the file and where it lies."""
        if not isinstance(deep, bool):
            raise DotboxError(f"deep: {_shown(deep)} is not True or False")
        chunks, positions = self._book.verify(deep)
        return {"chunks": chunks, "positions": positions}

    def __reduce__(self) -> Tuple[Any, Tuple[str]]:
        """Pickled (or copied) as its path: the copy opens the file again, in the process
        that unpickles it (a ``multiprocessing`` worker of any start method), and reads
        its own chunks."""
        return (Book, (self.path,))

    def __repr__(self) -> str:
        return repr(self._book)
