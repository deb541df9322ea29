"""Rates OpenSpiel bots against perfect play: ``python -m dotbox.benchmark``.

Each rated bot plays whole games of ``dots_and_boxes`` from the empty board, as the first and
as the second player, against a perfect opponent (one of dotbox's best moves, chosen at
random). Every move the bot makes is scored by dotbox's exact analysis: its *loss* is the
position's value minus the move's score, the boxes it gives up against perfect play (0 for a
best move). Reported per board and colour: boxes lost per game and per move, the blunder rate
(moves losing 2 boxes or more), and the same by phase of the game (opening, middle, endgame:
the thirds of the board's lines). A self-check holds on every game: the bot's final margin is
the empty board's value for its colour less the boxes it lost.

Bots: ``mcts:N`` (OpenSpiel's ``MCTSBot``, random rollouts, N simulations a move), ``rules``
(dotbox's rules of thumb), ``engine:S`` (dotbox's engine alone, S seconds a move), ``random``, ``dotbox`` (DotboxBot, which must lose nothing) or
``module:function`` (any OpenSpiel bot: ``function(game, player, seed)`` returns a
``pyspiel.Bot``).
"""

from __future__ import annotations

import argparse
import importlib
import os
import platform
import random
import re
import string
import sys
import time
from dataclasses import dataclass, field
from typing import Callable, Dict, List, Optional, Sequence, Set, Tuple

import pyspiel

from . import DotboxError, _board
from .openspiel import Answers, DotboxBot, EngineBot, RulesBot, from_dotbox, game_for, to_dotbox

PHASES = ("opening", "middle", "endgame")
BLUNDER = 2


@dataclass
class Tally:
    """Losses of one bot on one board in one colour."""

    games: int = 0
    lost: int = 0
    margins: List[int] = field(default_factory=list)
    moves: Dict[str, int] = field(default_factory=lambda: dict.fromkeys(PHASES, 0))
    phase_lost: Dict[str, int] = field(default_factory=lambda: dict.fromkeys(PHASES, 0))
    blunders: Dict[str, int] = field(default_factory=lambda: dict.fromkeys(PHASES, 0))

    def add_move(self, phase: str, loss: int):
        """Counts a move of ``phase`` that lost ``loss`` boxes."""
        self.moves[phase] += 1
        self.phase_lost[phase] += loss
        self.blunders[phase] += loss >= BLUNDER
        self.lost += loss


def phase_of(drawn: int, total: int) -> str:
    """The phase of a move made with ``drawn`` of the board's ``total`` lines drawn: the
    opening, middle or endgame, by thirds of the lines."""
    return PHASES[min(3 * drawn // total, 2)]


def play(game, board: str, bot, bot_player: int, oracle: Answers, rng, tally: Tally):
    """One game of ``bot`` (as ``bot_player``) against perfect play, its moves scored. The
    board's pre-drawn lines (``icelandic``) are drawn first, as moves of the state."""
    state = from_dotbox(board, utility_margin=True)
    bot.restart_at(state)
    total = game.num_distinct_actions()
    start_value = oracle(board, [])["value"]
    lost = 0
    while not state.is_terminal():
        _, lines = to_dotbox(state)
        answer = oracle(board, lines)
        assert answer["exact"], answer
        player = state.current_player()
        if player == bot_player:
            action = bot.step(state)
            scores = {m["line"]: m["score"] for m in answer["moves"]}
            if action not in scores:
                raise ValueError(
                    f"{board}: the rated bot played {action!r}, not an open line of the "
                    f"position with lines {lines} drawn (open: {sorted(scores)})"
                )
            loss = answer["value"] - scores[action]
            tally.add_move(phase_of(len(lines), total), loss)
            lost += loss
        else:
            action = rng.choice(answer["best"])
            bot.inform_action(state, player, action)
        state.apply_action(action)
    margin = int(state.returns()[bot_player])
    expected = (start_value if bot_player == 0 else -start_value) - lost
    if margin != expected:
        raise AssertionError(
            f"{board}: margin {margin}, but the value less the losses is {expected}"
        )
    tally.games += 1
    tally.margins.append(margin)


#: Makes a bot: ``(game, player, seed)`` to a ``pyspiel.Bot`` playing as ``player``.
BotFactory = Callable[[pyspiel.Game, int, int], pyspiel.Bot]

BOT_KINDS = "mcts:N, rules, engine:S, random, dotbox or module:function"


def bot_factory(spec: str) -> BotFactory:
    """The maker of the bot a ``--bots`` item names; a ``ValueError`` naming the item when it
    names none (read before any game is played, so that a typo costs no games)."""
    kind, _, arg = spec.partition(":")
    if kind == "mcts":
        if not arg.isdigit() or int(arg) < 1:
            raise ValueError(f"'{spec}': mcts:N takes a number of simulations, at least 1")
        simulations = int(arg)

        def mcts(game, player, seed):
            evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
            return pyspiel.MCTSBot(game, evaluator, 2.0, simulations, 1000, True, seed, False)

        return mcts
    if kind == "engine":
        try:
            seconds = float(arg or 1.0)
        except ValueError:
            seconds = float("nan")
        if not seconds > 0 or seconds == float("inf"):
            raise ValueError(f"'{spec}': engine:S takes a positive number of seconds a move")
        return lambda game, player, seed: EngineBot(seconds, seed)
    if arg:
        try:
            factory = getattr(importlib.import_module(kind), arg)
        except (ImportError, AttributeError) as e:
            raise ValueError(f"'{spec}': {e}") from None
        return factory
    fixed: Dict[str, BotFactory] = {
        "rules": lambda game, player, seed: RulesBot(seed),
        "random": lambda game, player, seed: pyspiel.make_uniform_random_bot(player, seed),
        # The oracle's own exact answers: it loses nothing on any board that can be rated.
        "dotbox": lambda game, player, seed: DotboxBot(seed, time_limit=None, method="retro"),
    }
    if kind not in fixed:
        raise ValueError(f"unknown bot '{spec}': {BOT_KINDS}")
    return fixed[kind]


def rate(make_bot: BotFactory, board: str, games: int, seed: int, oracle: Answers) -> List[Tally]:
    """Tallies of ``games`` games in each colour of the bot ``make_bot`` makes on ``board``."""
    game = game_for(board, utility_margin=True)
    tallies = []
    for colour in (0, 1):
        tally = Tally()
        for number in range(games):
            game_seed = seed + 1000 * colour + number
            bot = make_bot(game, colour, game_seed)
            play(game, board, bot, colour, oracle, random.Random(game_seed), tally)
        tallies.append(tally)
    return tallies


def row(spec: str, board: str, colour: int, t: Tally) -> str:
    """The results table's row of bot ``spec`` on ``board`` playing ``colour`` (0: first)."""
    moves = sum(t.moves.values())
    blunders = sum(t.blunders.values())
    phases = []
    for phase in PHASES:
        n = t.moves[phase]
        phases.append(
            f"{t.phase_lost[phase] / n:.2f} / {100 * t.blunders[phase] / n:.0f}%" if n else "–"
        )
    won = sum(m > 0 for m in t.margins)
    drawn = sum(m == 0 for m in t.margins)
    return (
        f"| {spec} | {board} | {'first' if colour == 0 else 'second'} | {t.games} "
        f"| {won}-{drawn}-{t.games - won - drawn} | {t.lost / t.games:.2f} "
        f"| {t.lost / moves:.3f} | {100 * blunders / moves:.1f}% | " + " | ".join(phases) + " |"
    )


HEADER = (
    "| bot | board | plays | games | won-drawn-lost | boxes lost / game | lost / move "
    "| blunder rate | opening | middle | endgame |\n"
    "|---|---|---|---|---|---|---|---|---|---|---|"
)


def cells(table_row: str) -> List[str]:
    """The cells of a row of the results table."""
    return [cell.strip() for cell in table_row.strip().strip("|").split("|")]


def page_fields(text: str) -> Optional[Dict[str, str]]:
    """The fields of :data:`PAGE` that write ``text`` (``table``, ``notes``, ``command``...),
    or ``None`` when ``text`` is not a page it writes. How ``--out`` keeps what the page it
    replaces holds beyond this run's bots: the rows of other runs, and notes on them."""
    pattern = "".join(
        re.escape(literal) + (f"(?P<{name}>.*?)" if name else "")
        for literal, name, _, _ in string.Formatter().parse(PAGE)
    )
    match = re.fullmatch(pattern, text, re.S)
    return match.groupdict() if match else None


def kept_from(path: str, rated: Set[Tuple[str, str]]) -> Tuple[List[str], str]:
    """The rows of the page at ``path`` of bots and boards other than ``rated`` (``(bot,
    board)`` pairs this run rates), and its notes; none where there is no page yet. A file
    that is not such a page is an error: rewriting it would lose what it holds."""
    if not os.path.exists(path):
        return [], ""
    with open(path) as page:
        fields = page_fields(page.read())
    if fields is None:
        raise ValueError(f"{path} is not a page this writes: its rows and notes cannot be kept")
    rows = fields["table"].splitlines()[HEADER.count("\n") + 1 :]
    return [r for r in rows if tuple(cells(r)[:2]) not in rated], fields["notes"]


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Rates the bots ``argv`` names (the command line's arguments: ``--help``) and prints
    the results table, or writes the results page (``--out``); 0 on success. Bad bots and
    boards are named (exit 2) before any game is played."""
    parser = argparse.ArgumentParser(prog="python -m dotbox.benchmark", description=__doc__.split("\n\n")[0])
    parser.add_argument("--bots", default="mcts:100,mcts:1000,rules,random",
                        help="comma-separated bots to rate (default: %(default)s)")
    parser.add_argument("--boards", default="4x4,3x5", help="default: %(default)s")
    parser.add_argument("--games", type=int, default=2,
                        help="games per bot, board and colour (default: %(default)s)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", help="write the results page here (docs/benchmark.md); the "
                        "rows of other bots and boards and the notes of the page it replaces "
                        "are kept")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games: at least 1")
    # Each game's seed is --seed, plus 1000 for the second colour, plus the game's number; the
    # OpenSpiel bots take 32-bit seeds.
    most = 2**31 - 1 - 1000 - (args.games - 1)
    if not 0 <= args.seed <= most:
        parser.error(f"--seed: {args.seed} is not from 0 to {most} (the games' seeds count up "
                     "from it, and OpenSpiel's bots take 32-bit seeds)")
    started = time.perf_counter()
    rows = []
    # Exact answers: the shipped books (to depth 10 on 4x4 and 3x5), the retrograde solver
    # past them.
    oracle = Answers(method="retro")
    specs = args.bots.split(",")
    boards = args.boards.split(",")
    try:
        makers = [bot_factory(spec) for spec in specs]
    except ValueError as e:
        parser.error(f"--bots: {e}")
    for board in boards:
        try:
            _board(board)  # a board alone: a position or game record would be played from empty
        except DotboxError as e:
            parser.error(f"--boards: {e}")
        try:
            oracle(board, [])  # the empty board's value: perfect play is in reach
        except DotboxError as e:
            parser.error(f"--boards: {board}: no perfect play to rate against: {e}")
    kept: List[str] = []
    notes = ""
    if args.out:
        try:
            kept, notes = kept_from(args.out, {(spec, board) for spec in specs for board in boards})
        except ValueError as e:
            parser.error(f"--out: {e}")
    for board in boards:
        for spec, make_bot in zip(specs, makers):
            t0 = time.perf_counter()
            for colour, tally in enumerate(rate(make_bot, board, args.games, args.seed, oracle)):
                rows.append(row(spec, board, colour, tally))
                print(rows[-1], file=sys.stderr, flush=True)
            print(f"    ({spec} on {board}: {time.perf_counter() - t0:.0f} s)", file=sys.stderr)
    table = HEADER + "\n" + "\n".join(rows + kept)
    command = "python -m dotbox.benchmark " + " ".join(
        f"--{k} {v}" for k, v in (("bots", args.bots), ("boards", args.boards),
                                  ("games", args.games), ("seed", args.seed))
    )
    if args.out:
        with open(args.out, "w") as out:
            out.write(PAGE.format(table=table, notes=notes, command=command,
                                  seconds=f"{time.perf_counter() - started:.0f}",
                                  machine=f"{platform.machine()}, {platform.python_version()}",
                                  open_spiel=_version("open_spiel")))
    else:
        print(table)
    return 0


def _version(package: str) -> str:
    """The installed version of ``package``."""
    from importlib.metadata import version

    return version(package.replace("_", "-"))


#: The results page (docs/benchmark.md). ``notes``: what the page it replaces says under its
#: table (kept, as its other bots' rows are: see :func:`kept_from`), ending in a blank line.
PAGE = """# Bots against perfect play

How many boxes does a Dots-and-Boxes bot give away against a perfect opponent? Each rated bot
plays whole games of OpenSpiel's `dots_and_boxes` from the empty board, as the first and as
the second player, against dotbox playing one of its best moves (chosen at random among them).
Every move of the bot is scored by dotbox's exact analysis (the shipped books to depth 10,
the retrograde solver past them): its loss is the position's value minus the move's score,
the net boxes it gives up. Made by

    {command} --out docs/benchmark.md

(the package: `pip install ./python`; open-spiel {open_spiel}; {seconds} s on {machine},
two cores shared). The default run, two games per bot, board and colour, takes a few minutes;
more `--games` narrow the figures. A run with `--out` keeps the rows of the bots and boards
it does not rate from the page it replaces, and the notes under the table.

- **boxes lost / game**: the bot's net boxes lost per game against perfect play. The bot's
  final margin is always the empty board's value for its colour less this (checked on every
  game).
- **lost / move**, **blunder rate**: per move the bot made; a blunder loses 2 boxes or more.
- **opening**, **middle**, **endgame**: boxes lost per move / blunder rate over the moves made
  with the first, second and last third of the board's lines drawn.
- **won-drawn-lost**: the games' results for the bot.

Games are `dots_and_boxes(utility_margin=true)`: returns are box margins, which MCTS's
rollouts maximise. Bots: `mcts:N` is OpenSpiel's `MCTSBot` (random-rollout evaluator, one
rollout, UCT constant 2, N simulations a move, MCTS-Solver on); `rules` is dotbox's rules of
thumb (take a box when one can be taken, else a line that gives nothing away, else the
smallest sacrifice); `engine:S` is dotbox's engine alone, S seconds a move
(`analyze(method="estimate")`: no book and no exact method asked for); `random` plays
uniformly at random; `dotbox` is `DotboxBot` answering as the rating does (the books, then
`method="retro"`), which by construction loses nothing.

{table}

{notes}Rate any OpenSpiel bot the same way: `--bots mymodule:make_bot`, where
`make_bot(game, player, seed)` returns a `pyspiel.Bot` playing as `player`.
"""

if __name__ == "__main__":
    sys.exit(main())
