"""OpenSpiel's ``dots_and_boxes`` and dotbox, side by side.

OpenSpiel numbers the lines of a ``num_rows`` × ``num_cols`` board of boxes as dotbox does:
the horizontal lines row by row from the top (action ``r*C + c``, ``"P1(h,r,c)"``), then the
vertical lines row by row (``(R+1)*C + r*(C+1) + c``, ``"P1(v,r,c)"``). Its ``dbn`` string
(``state.dbn_string()``) is one character per line in that order, ``1`` for a drawn line. So a
state's drawn lines are dotbox's lines unchanged; only whose turn it is and the boxes taken
come from the state's history, and dotbox's values do not depend on them (a value is the net
boxes *still to come* for the player to move).

``to_dotbox`` and ``from_dotbox`` convert; ``perfect_returns`` gives a state's returns under
perfect play (the boxes taken so far included); :class:`DotboxBot` is an OpenSpiel bot that plays a
best move by dotbox's exact analysis wherever it reaches, and past it the move dotbox answers
with there (labelled not exact), or with ``method="search"`` exact moves only.
"""

from __future__ import annotations

import collections.abc
import copy
import random
from collections import OrderedDict
from typing import Dict, List, Optional, Sequence, Tuple, Union, cast

import pyspiel

from . import (
    Book,
    DotboxError,
    Lines,
    _board,
    _dotbox,
    _lines_text,
    _text,
    _check_options,
    _line_numbers,
    _options_read,
    _seed,
    _shown,
    analyze,
    position,
    rules_move,
    shipped_book,
)

GAME = "dots_and_boxes"


def _dims(board: str) -> Tuple[int, int, int]:
    """Rows, columns and lines of a board named alone (a position or record refused)."""
    _, rows, cols, lines, _ = _board(board)
    return rows, cols, lines


def game_for(board: str, utility_margin: bool = False) -> pyspiel.Game:
    """OpenSpiel's ``dots_and_boxes`` game of a dotbox board (``"RxC"``; ``"icelandic"`` is
    its 3x5 board, the pre-drawn lines being moves of the state). ``utility_margin``: returns
    are the box margin instead of win/loss."""
    rows, cols, _ = _dims(board)
    if not isinstance(utility_margin, bool):
        raise DotboxError(f"utility_margin: {_shown(utility_margin)} is not True or False")
    params = {"num_rows": rows, "num_cols": cols, "utility_margin": utility_margin}
    return pyspiel.load_game(GAME, params)


def to_dotbox(
    state: Union[pyspiel.State, str], board: Optional[str] = None
) -> Tuple[str, List[int]]:
    """``(board, lines)`` of an OpenSpiel ``dots_and_boxes`` state or of a ``dbn`` string.

    A state names its own board; a bare ``dbn`` string does not (2x3 and 3x2 have as many
    lines), so ``board`` is then required, unless the string starts with its board as the
    page's import reads it (``"2x2 100001000000"``): the library reads it, as for the page.
    Nothing may follow the lines. A board with pre-drawn lines (``"icelandic"``) must find
    them drawn. The board returned is OpenSpiel's ``"RxC"``:
    a dbn string of ``"icelandic"`` gives ``"3x5"``, its pre-drawn lines among the drawn
    ones. ``lines`` are every drawn line, in increasing order.
    """
    if isinstance(state, str):
        state = _text("state", state)
        words = state.split(None, 2)
        if words[1:2] in (["moves"], ["pre"]):  # "3x3 [pre 1,2] moves a4b4": a game record
            raise DotboxError(
                f"{state!r} is a game record, not a dbn string: dotbox.position gives its "
                "board and lines (and dotbox.analyze its scores)"
            )
        given = None if board is None else _text("board", board)
        named, rows, cols, lines = _dotbox.read_dbn(state, given)
        if given is not None and _dims(given)[:2] != (rows, cols):
            raise DotboxError(f"the dbn string is of board {named}, not {given}")
        return f"{rows}x{cols}", lines
    if isinstance(state, pyspiel.State):
        game = state.get_game()
        if game.get_type().short_name != GAME:
            raise DotboxError(f"not a {GAME} state: {game}")
        params = game.get_parameters()
        name = f"{params['num_rows']}x{params['num_cols']}"
        if board is not None and _dims(board)[:2] != _dims(name)[:2]:
            raise DotboxError(f"the state is of board {name}, not {board}")
        return name, _dotbox.read_dbn(state.dbn_string(), name)[3]
    raise DotboxError(f"state: {_shown(state)} is neither an OpenSpiel state nor a dbn string")


def to_dbn(board: str, lines: Lines) -> str:
    """OpenSpiel's ``dbn`` string of the position of ``lines`` on ``board``: one bit a line,
    the board's pre-drawn lines drawn. ``lines`` are read and checked as :func:`dotbox.analyze`
    reads them (numbers, or a string of numbers and labels)."""
    return _dotbox.dbn(_text("board", board), _lines_text(lines))


def from_dotbox(
    board: str, lines: Sequence[int] = (), utility_margin: bool = False
) -> pyspiel.State:
    """An OpenSpiel state with ``lines`` drawn, played in the order given (which decides
    whose turn it is and the boxes each player took; the dbn string and dotbox's values do not
    depend on it). The board's pre-drawn lines (``icelandic``) are drawn first, once each,
    however often ``lines`` lists them. ``utility_margin`` as for :func:`game_for`."""
    if isinstance(lines, str):
        raise DotboxError(
            "lines: from_dotbox plays the lines in the order given: give line numbers, "
            f"not the string {lines!r}"
        )
    if isinstance(lines, collections.abc.Set):
        raise DotboxError(
            "lines: from_dotbox plays the lines in the order given, which a set does not keep: "
            "give a list"
        )
    lines = _line_numbers(lines)
    predrawn = _board(board)[4]  # a board alone: a position's lines would be played silently
    position(board, lines)  # every line on the board, none listed twice but pre-drawn ones
    state = game_for(board, utility_margin).new_initial_state()
    for line in predrawn + [line for line in lines if line not in predrawn]:
        state.apply_action(line)
    return state


def perfect_returns(
    state: pyspiel.State,
    method: Optional[str] = None,
    time_limit: Optional[float] = None,
    nodes: Optional[int] = None,
) -> Tuple[float, float]:
    """What ``state.returns()`` will be at the end of the game if both players play perfectly
    from ``state`` on, for players 0 and 1, in the game's own utility: the box margin with
    ``utility_margin=True``, else 1, -1 or 0 for a win, a loss or a draw. The value target of
    a bot that learns from perfect play.

    dotbox's value is the net boxes *still to come* for the player to move; the boxes taken so
    far and whose turn it is come from the state's history, played again by dotbox as a game
    record (:func:`dotbox.analyze`'s ``"game"``). ``method``, ``time_limit`` and ``nodes`` are
    :func:`dotbox.analyze`'s; an answer that is not exact (past exact reach) is refused rather
    than returned as perfect play: ``method="search"`` asks for the exact search, which may
    take long.
    """
    if not isinstance(state, pyspiel.State):
        raise DotboxError(f"state: {_shown(state)} is not an OpenSpiel state")
    board, _ = to_dotbox(state)  # a dots_and_boxes state, or an error naming the game
    if state.is_terminal():
        return cast(Tuple[float, float], tuple(state.returns()))
    history = " ".join(str(action) for action in state.history())
    answer = analyze(f"{board} moves {history}", method=method, time_limit=time_limit, nodes=nodes)
    if not answer["exact"]:
        raise DotboxError(
            f"perfect_returns: no exact value of this position within reach ({answer['method']} "
            "answered with estimates): method='search' asks for the exact search, which may "
            "take long"
        )
    taken, mover = answer["game"]["taken"], answer["game"]["to_move"]
    rows, cols, _ = _dims(board)
    left = rows * cols - sum(taken)
    boxes = list(taken)
    boxes[mover] += (left + answer["value"]) // 2
    boxes[1 - mover] += (left - answer["value"]) // 2
    margin = boxes[0] - boxes[1]
    if not state.get_game().get_parameters()["utility_margin"]:
        margin = (margin > 0) - (margin < 0)
    return float(margin), float(-margin)


#: :class:`DotboxBot`'s ``time_limit`` when none is given and its method reads one.
DEFAULT_TIME_LIMIT = 10.0


class _Default:
    """Marks an argument left out (where ``None`` means something else); ``help()`` shows
    it by name."""

    def __repr__(self) -> str:
        return "DEFAULT"


#: Marks an argument left out (where ``None`` means something else).
DEFAULT = _Default()


#: How many answers an :class:`Answers` (and so a :class:`DotboxBot`) keeps: the positions
#: of some hundred games, a few tens of MB at most.
REMEMBERED = 10_000


class Answers:
    """:func:`dotbox.analyze` for the positions of a game, remembered: each board's shipped
    book answers where it gives move scores, whatever ``method`` says, and the rest is
    answered by ``analyze(method=..., time_limit=..., nodes=...)``. Boards are OpenSpiel's,
    with no pre-drawn lines. The options are checked when it is made, as
    :func:`dotbox.analyze` checks them. The last :data:`REMEMBERED` answers are kept (a few
    KB each), so a bot labelling many games holds a bounded amount of memory; each call
    returns the caller's own copy."""

    def __init__(
        self,
        method: Optional[str] = None,
        time_limit: Optional[float] = None,
        nodes: Optional[int] = None,
    ):
        _check_options(method, time_limit, nodes=nodes)
        self.method = method
        self.time_limit = time_limit
        self.nodes = nodes
        # Each board's shipped book depth (0: none). The book itself is read through
        # ``analyze(method="book")``, which keeps it open for the process: one copy of what
        # it has decoded, however many ``Answers`` ask.
        self._depths: Dict[str, int] = {}
        self._answers: OrderedDict[Tuple[str, Tuple[int, ...]], dict] = OrderedDict()

    def __call__(self, board: str, lines: Sequence[int]) -> dict:
        key = (board, tuple(sorted(lines)))
        if key in self._answers:
            self._answers.move_to_end(key)
        else:
            if board not in self._depths:
                path = shipped_book(board)
                self._depths[board] = Book(path).depth if path else 0
            depth = self._depths[board]
            if len(key[1]) < depth:
                answer = analyze(board, key[1], method="book")
            elif self.method == "book":
                # The book method's own error would ask for book=FILE, which is no option here.
                where = f"past its shipped book (depth {depth})" if depth else "without a shipped book"
                raise DotboxError(
                    f"method='book': {board} with {len(key[1])} lines drawn is {where}: "
                    "method='book' plays the book's positions only; give another method to "
                    "play past it"
                )
            else:
                answer = analyze(
                    board, key[1], method=self.method, time_limit=self.time_limit, nodes=self.nodes
                )
            self._answers[key] = answer
            if len(self._answers) > REMEMBERED:
                self._answers.popitem(last=False)  # the least recently asked
        # A copy: a caller editing an answer (turning it into a training target, say) changed
        # what was remembered for the position, and so the bots' later moves.
        return copy.deepcopy(self._answers[key])


class DotboxBot(pyspiel.Bot):
    """An OpenSpiel bot for ``dots_and_boxes`` that plays one of the best moves (at random
    among equals) of dotbox's answer for each position: the board's shipped book where it
    gives move scores, else ``analyze(board, lines, method=method, time_limit=time_limit)``.
    ``last_answer`` is that answer; its ``exact`` says whether the move is proven best.

    With ``method`` ``None`` (the default) the answer policy answers: exactly wherever an
    exact method is in reach within the policy's own budgets (the retrograde solver, chains as
    pseudo-lines, the search; ``dotbox::policy::NATIVE``, docs/cli.md), whatever
    ``time_limit`` says; past them, the engine's move from estimates made within
    ``time_limit`` seconds (``None``: the policy's), with ``exact`` False unless the engine's
    own search settled the position meanwhile. So ``time_limit`` bounds the engine's
    estimates, not a move's time (an exact method within the budgets may take a minute on a
    large board), and ``None`` does not wait for an exact answer.

    ``method="book"`` plays the shipped book's positions only, and raises past it.

    For exact moves only, ``method="search"`` with ``time_limit=None``: every position past the
    book is searched to the end, however long that takes (with a ``time_limit``, a search
    that outlasts it raises :class:`DotboxError`); or ``method="retro"``, which raises where
    the position is too large to solve in memory.

    ``time_limit`` left out is :data:`DEFAULT_TIME_LIMIT` where the method reads a time limit
    (the policy's choice, ``"search"``, ``"estimate"``), else none (``"retro"``, ``"book"``,
    ``"rules"``, which refuse one). ``seed`` (``None``: unseeded) picks among equal moves; it
    is checked as :func:`dotbox.analyze` checks its own. ``nodes`` is the engine's node budget
    where the engine answers (``analyze``'s ``nodes``): with a ``seed`` and ``time_limit=None``
    (else whichever ends first), the same estimates on every run of a machine with as many
    cores (one engine thread a core), which a time limit cannot give; the exact methods the
    policy tries first keep their own budgets. Refused by the methods that run no engine.
    Bad options raise :class:`DotboxError` here, not a game later.
    """

    def __init__(
        self,
        seed: Optional[int] = None,
        time_limit: Union[float, None, object] = DEFAULT,
        method: Optional[str] = None,
        nodes: Optional[int] = None,
    ):
        pyspiel.Bot.__init__(self)
        limit: Optional[float]
        if time_limit is DEFAULT:
            reads = "time_limit" in _options_read(method)
            limit = DEFAULT_TIME_LIMIT if reads else None
        else:
            limit = cast(Optional[float], time_limit)
        self._rng = random.Random(_seed(seed))
        self._answers = Answers(method=method, time_limit=limit, nodes=nodes)
        #: The analysis behind the last move (``analyze``'s dict, the caller's own copy).
        self.last_answer: Optional[dict] = None

    def restart_at(self, state):
        """Nothing to reset: each move is answered from the state alone."""

    def provides_policy(self):
        """True: :meth:`step_with_policy` gives the best moves' policy."""
        return True

    def step_with_policy(self, state):
        """The best moves with equal probability, and the one chosen (no policy and
        ``INVALID_ACTION`` on a finished game, whatever the method)."""
        board, lines = to_dotbox(state)
        if state.is_terminal():  # the rules and the estimate would refuse a full board
            return [], pyspiel.INVALID_ACTION
        answer = self._answers(board, lines)
        self.last_answer = answer
        best = answer["best"]
        if not best:  # every answer of a position with a line to draw names a move
            raise DotboxError(f"no move to play in {board} with lines {lines}: {answer}")
        policy = [(line, 1 / len(best)) for line in best]
        return policy, self._rng.choice(best)

    def step(self, state):
        """One of the best moves, chosen at random (``INVALID_ACTION`` on a finished game)."""
        return self.step_with_policy(state)[1]


class EngineBot(pyspiel.Bot):
    """An OpenSpiel bot playing dotbox's engine alone: the move of its estimates
    (``analyze(method="estimate")``: no book, no exact method asked), ``time_limit`` seconds
    a move, or ``nodes`` nodes a move (with ``time_limit=None``: the same moves on every run
    of a machine with as many cores, one engine thread a core; with ``time_limit`` too,
    whichever ends first). What ``dotbox.benchmark`` rates as dotbox's own
    play past exact reach. Bad options raise :class:`DotboxError` here."""

    def __init__(
        self,
        time_limit: Optional[float] = 1.0,
        seed: int = 0,
        nodes: Optional[int] = None,
    ):
        pyspiel.Bot.__init__(self)
        if time_limit is None and nodes is None:
            # analyze's None is the engine's default; a bot rated at a budget names it.
            raise DotboxError(
                "time_limit: None is not a number of seconds a move (give nodes=N for a "
                "node budget instead)"
            )
        _check_options("estimate", time_limit, seed, nodes)
        self._time_limit = time_limit
        self._seed = seed
        self._nodes = nodes

    def restart_at(self, state):
        """Nothing to reset: each move is estimated from the state alone."""

    def step(self, state):
        """The move of the engine's estimates (``INVALID_ACTION`` on a finished game)."""
        board, lines = to_dotbox(state)
        if state.is_terminal():  # as DotboxBot and RulesBot answer a finished game
            return pyspiel.INVALID_ACTION
        answer = analyze(
            board,
            lines,
            method="estimate",
            time_limit=self._time_limit,
            seed=self._seed,
            nodes=self._nodes,
        )
        return answer["best"][0]


class RulesBot(pyspiel.Bot):
    """An OpenSpiel bot playing dotbox's rules of thumb: take a box when one can be taken,
    else a line that gives nothing away (at random), else the smallest sacrifice. A baseline,
    with no claim of optimality. ``seed`` (``None``: unseeded) is checked as
    :func:`dotbox.analyze` checks its own, when the bot is made."""

    def __init__(self, seed: Optional[int] = None):
        pyspiel.Bot.__init__(self)
        self._rng = random.Random(_seed(seed))

    def restart_at(self, state):
        """Nothing to reset: each move is chosen from the state alone."""

    def step(self, state):
        """The rules' move (``INVALID_ACTION`` on a finished game)."""
        board, lines = to_dotbox(state)
        line = rules_move(board, lines, self._rng.random())
        return pyspiel.INVALID_ACTION if line is None else line
