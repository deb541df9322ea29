"""OpenSpiel's ``dots_and_boxes`` and dotbox, side by side.

OpenSpiel numbers the lines of a ``num_rows`` × ``num_cols`` board of boxes as dotbox does:
the horizontal lines row by row from the top (action ``r*C + c``, ``"P1(h,r,c)"``), then the
vertical lines row by row (``(R+1)*C + r*(C+1) + c``, ``"P1(v,r,c)"``). Its ``dbn`` string
(``state.dbn_string()``) is one character per line in that order, ``1`` for a drawn line. So a
state's drawn lines are dotbox's lines unchanged; only whose turn it is and the boxes taken
come from the state's history, and dotbox's values do not depend on them (a value is the net
boxes *still to come* for the player to move).

``to_dotbox`` and ``from_dotbox`` convert; :class:`DotboxBot` is an OpenSpiel bot that plays a
best move by dotbox's exact analysis wherever it reaches, and past it the move dotbox answers
with there (labelled not exact).
"""

from __future__ import annotations

import random
from typing import Dict, List, Optional, Sequence, Tuple, Union

import pyspiel

from . import Book, DotboxError, analyze, position, rules_move, shipped_book

GAME = "dots_and_boxes"


def _dims(board: str) -> Tuple[int, int, int]:
    _, rows, cols, lines, _ = position(board)
    return rows, cols, lines


def game_for(board: str, utility_margin: bool = False) -> pyspiel.Game:
    """OpenSpiel's ``dots_and_boxes`` game of a dotbox board (``"RxC"``; ``"icelandic"`` is
    its 3x5 board, the pre-drawn lines being moves of the state). ``utility_margin``: returns
    are the box margin instead of win/loss."""
    rows, cols, _ = _dims(board)
    params = {"num_rows": rows, "num_cols": cols, "utility_margin": utility_margin}
    return pyspiel.load_game(GAME, params)


def to_dotbox(
    state: Union[pyspiel.State, str], board: Optional[str] = None
) -> Tuple[str, List[int]]:
    """``(board, lines)`` of an OpenSpiel ``dots_and_boxes`` state or of a ``dbn`` string.

    A state names its own board; a ``dbn`` string does not (2x3 and 3x2 have as many lines),
    so ``board`` (``"RxC"``) is then required. ``lines`` are the drawn lines, in increasing
    order.
    """
    if isinstance(state, str):
        if board is None:
            raise DotboxError("a dbn string does not say its board: give board='RxC'")
        dbn = state.strip()
        rows, cols, count = _dims(board)
        name = f"{rows}x{cols}"
    else:
        game = state.get_game()
        if game.get_type().short_name != GAME:
            raise DotboxError(f"not a {GAME} state: {game}")
        params = game.get_parameters()
        name = f"{params['num_rows']}x{params['num_cols']}"
        if board is not None and _dims(board)[:2] != _dims(name)[:2]:
            raise DotboxError(f"the state is of board {name}, not {board}")
        dbn = state.dbn_string()
        count = _dims(name)[2]
    if len(dbn) != count or set(dbn) - {"0", "1"}:
        raise DotboxError(
            f"dbn string: expected {count} characters 0 or 1 for board {name}, "
            f"got {len(dbn)}: {dbn!r}"
        )
    return name, [i for i, bit in enumerate(dbn) if bit == "1"]


def to_dbn(board: str, lines: Sequence[int]) -> str:
    """OpenSpiel's ``dbn`` string of the drawn ``lines`` of ``board``."""
    _, _, count = _dims(board)
    drawn = set()
    for line in lines:
        if not 0 <= line < count:
            raise DotboxError(
                f"lines: line {line} does not exist: this board has lines 0 to {count - 1}"
            )
        drawn.add(line)
    return "".join("1" if i in drawn else "0" for i in range(count))


def from_dotbox(
    board: str, lines: Sequence[int] = (), utility_margin: bool = False
) -> pyspiel.State:
    """An OpenSpiel state with ``lines`` drawn, played in the order given (which decides
    whose turn it is and the boxes each player took; the dbn string and dotbox's values do not
    depend on it). The board's pre-drawn lines (``icelandic``) are drawn first.
    ``utility_margin`` as for :func:`game_for`."""
    lines = list(lines)
    _, _, _, _, drawn = position(board, lines)
    state = game_for(board, utility_margin).new_initial_state()
    order = [line for line in drawn if line not in set(lines)] + lines
    for line in order:
        state.apply_action(line)
    return state


class Answers:
    """:func:`dotbox.analyze` for the positions of a game, remembered: each board's shipped
    book answers where it gives move scores, whatever ``method`` says, and the rest is
    answered by ``analyze(method=..., time_limit=...)``. Boards are OpenSpiel's, with no
    pre-drawn lines."""

    def __init__(self, method: Optional[str] = None, time_limit: Optional[float] = None):
        self.method = method
        self.time_limit = time_limit
        # Each board's shipped book depth (0: none). The book itself is read through
        # ``analyze(method="book")``, which keeps it open for the process: one copy of what
        # it has decoded, however many ``Answers`` ask.
        self._depths: Dict[str, int] = {}
        self._answers: Dict[Tuple[str, Tuple[int, ...]], dict] = {}

    def __call__(self, board: str, lines: Sequence[int]) -> dict:
        key = (board, tuple(sorted(lines)))
        if key not in self._answers:
            if board not in self._depths:
                path = shipped_book(board)
                self._depths[board] = Book(path).depth if path else 0
            if len(key[1]) < self._depths[board]:
                answer = analyze(board, key[1], method="book")
            else:
                answer = analyze(board, key[1], method=self.method, time_limit=self.time_limit)
            self._answers[key] = answer
        return self._answers[key]


class DotboxBot(pyspiel.Bot):
    """An OpenSpiel bot for ``dots_and_boxes`` that plays one of the best moves by dotbox's
    exact analysis (the shipped book, the retrograde solver or the search), chosen at random
    among equals; where no exact answer comes within ``time_limit`` seconds, the move dotbox
    answers with past exact reach (``last_answer["exact"]`` is then False).

    ``time_limit`` ``None`` waits for the exact answer however long it takes.
    """

    def __init__(self, seed: Optional[int] = None, time_limit: Optional[float] = 10.0):
        pyspiel.Bot.__init__(self)
        self._rng = random.Random(seed)
        self._answers = Answers(time_limit=time_limit)
        #: The analysis behind the last move (``analyze``'s dict).
        self.last_answer: Optional[dict] = None

    def restart_at(self, state):
        pass

    def provides_policy(self):
        return True

    def step_with_policy(self, state):
        """The best moves with equal probability, and the one chosen."""
        board, lines = to_dotbox(state)
        answer = self._answers(board, lines)
        self.last_answer = answer
        best = answer["best"]
        if not best:
            return [], pyspiel.INVALID_ACTION
        policy = [(line, 1 / len(best)) for line in best]
        return policy, self._rng.choice(best)

    def step(self, state):
        return self.step_with_policy(state)[1]


class EngineBot(pyspiel.Bot):
    """An OpenSpiel bot playing dotbox's engine alone: the move of its estimates
    (``analyze(method="estimate")``: no book, no exact method asked), ``seconds`` a move.
    What ``dotbox.benchmark`` rates as dotbox's own play past exact reach."""

    def __init__(self, seconds: float = 1.0, seed: int = 0):
        pyspiel.Bot.__init__(self)
        self._seconds = seconds
        self._seed = seed

    def restart_at(self, state):
        pass

    def step(self, state):
        board, lines = to_dotbox(state)
        if state.is_terminal():  # as DotboxBot and RulesBot answer a finished game
            return pyspiel.INVALID_ACTION
        answer = analyze(board, lines, method="estimate", time_limit=self._seconds, seed=self._seed)
        return answer["best"][0]


class RulesBot(pyspiel.Bot):
    """An OpenSpiel bot playing dotbox's rules of thumb: take a box when one can be taken,
    else a line that gives nothing away (at random), else the smallest sacrifice. A baseline,
    with no claim of optimality."""

    def __init__(self, seed: Optional[int] = None):
        pyspiel.Bot.__init__(self)
        self._rng = random.Random(seed)

    def restart_at(self, state):
        pass

    def step(self, state):
        board, lines = to_dotbox(state)
        line = rules_move(board, lines, self._rng.random())
        return pyspiel.INVALID_ACTION if line is None else line
