"""The OpenSpiel bridge, against the real ``open-spiel`` package: its line numbering is
dotbox's, conversions round-trip, and DotboxBot plays only best moves where dotbox is exact."""

import random
import re

import pyspiel
import pytest

import dotbox
from dotbox import openspiel
from dotbox.openspiel import Answers, DotboxBot, EngineBot, RulesBot, from_dotbox, game_for, to_dbn, to_dotbox

BOARDS = [(r, c) for r in range(2, 6) for c in range(2, 6)]


def random_state(rows, cols, rng):
    game = pyspiel.load_game("dots_and_boxes", {"num_rows": rows, "num_cols": cols})
    state = game.new_initial_state()
    for _ in range(rng.randrange(game.num_distinct_actions() + 1)):
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def sides(rows, cols, r, c):
    """Box (r, c)'s lines in dotbox's documented numbering."""
    h = lambda r, c: r * cols + c
    v = lambda r, c: (rows + 1) * cols + r * (cols + 1) + c
    return {h(r, c), h(r + 1, c), v(r, c), v(r, c + 1)}


@pytest.mark.parametrize("rows,cols", BOARDS)
def test_openspiel_numbers_lines_as_dotbox(rows, cols):
    game = pyspiel.load_game("dots_and_boxes", {"num_rows": rows, "num_cols": cols})
    state = game.new_initial_state()
    # Each action's name is its line: (h, r, c) then (v, r, c), as dotbox numbers them.
    for action in range(game.num_distinct_actions()):
        kind, r, c = re.fullmatch(r"P1\((h|v),(\d+),(\d+)\)", state.action_to_string(0, action)).groups()
        r, c = int(r), int(c)
        want = r * cols + c if kind == "h" else (rows + 1) * cols + r * (cols + 1) + c
        assert action == want
    # And the boxes a move completes (the mover plays again) are dotbox's boxes.
    rng = random.Random(rows * 10 + cols)
    for _ in range(3):
        state, drawn = game.new_initial_state(), set()
        while not state.is_terminal():
            line = rng.choice(state.legal_actions())
            completes = sum(
                line in sides(rows, cols, r, c) and sides(rows, cols, r, c) <= drawn | {line}
                for r in range(rows)
                for c in range(cols)
            )
            player = state.current_player()
            state.apply_action(line)
            drawn.add(line)
            if not state.is_terminal():
                assert (state.current_player() == player) == (completes > 0)


@pytest.mark.parametrize("rows,cols", BOARDS)
def test_states_and_dbn_strings_round_trip(rows, cols):
    rng = random.Random(f"{rows}x{cols}")
    for _ in range(10):
        state = random_state(rows, cols, rng)
        board, lines = to_dotbox(state)
        assert board == f"{rows}x{cols}"
        assert lines == sorted(state.history())
        dbn = state.dbn_string()
        assert to_dbn(board, lines) == dbn
        assert to_dotbox(dbn, board) == (board, lines)
        again = from_dotbox(board, state.history())
        assert again.dbn_string() == dbn
        assert again.history() == state.history()
        assert again.current_player() == state.current_player()
        assert again.returns() == state.returns()
        # Drawn in another order, the same lines: the same position for dotbox.
        assert to_dotbox(from_dotbox(board, lines)) == (board, lines)
        assert dotbox.position(board, lines)[4] == lines


def test_the_icelandic_board_is_openspiels_3x5_with_its_lines_drawn_first():
    state = from_dotbox("icelandic", [0])
    board, lines = to_dotbox(state)
    assert board == "3x5"
    assert lines == dotbox.position("icelandic", [0])[4]
    assert dotbox.analyze(board, lines)["value"] == dotbox.analyze("icelandic", [0])["value"]


@pytest.mark.parametrize(
    "board,lines",
    [("icelandic", []), ("icelandic", [0]), ("icelandic", [20, 0, 33]), ("3x3", [0, 5]), ("2x5", [])],
)
def test_the_dbn_string_holds_every_drawn_line_and_round_trips(board, lines):
    # The board's pre-drawn lines (icelandic's) are drawn lines of OpenSpiel's state.
    drawn = dotbox.position(board, lines)[4]
    dbn = to_dbn(board, lines)
    assert dbn == from_dotbox(board, lines).dbn_string()
    assert [i for i, bit in enumerate(dbn) if bit == "1"] == drawn
    name, again = to_dotbox(dbn, board)
    assert dotbox.position(name, again)[4] == drawn
    assert dotbox.analyze(name, again)["value"] == dotbox.analyze(board, lines)["value"]


def test_lines_are_read_as_analyze_reads_them():
    assert to_dbn("2x2", "a1a2,5") == to_dbn("2x2", [5, 9])  # a1a2: the lower left vertical
    assert to_dbn("2x2", (n for n in [0, 7])) == to_dbn("2x2", [7, 0])


@pytest.mark.parametrize(
    "lines,played",
    [([20], []), ([20, 20], []), ([0, 20, 20], [0]), ([33, 20, 0, 15], [33, 0])],
)
def test_a_repeated_pre_drawn_line_is_drawn_once(lines, played):
    # position() takes pre-drawn lines listed again (and again): so does from_dotbox, which
    # draws the pre-drawn lines first, then the others in the order given.
    state = from_dotbox("icelandic", lines)
    assert state.history() == dotbox.position("icelandic")[4] + played


@pytest.mark.parametrize(
    "call,message",
    [
        (lambda: to_dotbox("0101", "2x2"), "a dbn string of 4 lines is not of the 2x2 board (12 lines)"),
        (lambda: to_dotbox("01x1", "2x2"), "a dbn string has a 0 or a 1 for each line; character 3 is 'x'"),
        (lambda: to_dotbox("0" * 12), "a dbn string does not say its board: give board='RxC', or the string as 'RxC BITS'"),
        (lambda: to_dotbox(pyspiel.load_game("tic_tac_toe").new_initial_state()), "not a dots_and_boxes state"),
        (lambda: to_dotbox(None), "state: None is neither an OpenSpiel state nor a dbn string"),
        (lambda: to_dotbox(b"0" * 12, "2x2"), "state: b'000000000000' is neither an OpenSpiel state nor a dbn string"),
        (lambda: to_dotbox("0" * 12, 22), "board: 22 is not a string"),
        (lambda: to_dbn("2x2", [12]), "lines: line 12 does not exist"),
        (lambda: to_dbn("2x2", [-1]), "lines: line -1 does not exist"),
        (lambda: to_dbn("2x2", [1.5]), "lines: 1.5 is not a line number"),
        (lambda: to_dbn("2x2", [True]), "lines: True is not a line number"),
        (lambda: to_dbn("2x2", [3, 3]), "lines: line 3 is listed twice"),
        (lambda: to_dbn("2x2", None), "lines: None is neither line numbers nor a string of them"),
        (lambda: from_dotbox("2x2", [1.5]), "lines: 1.5 is not a line number"),
        (lambda: from_dotbox("2x2", [3, 3]), "lines: line 3 is listed twice"),
        (lambda: from_dotbox("2x2", "0,5"), "lines: from_dotbox plays the lines in the order given"),
        (lambda: to_dotbox("2x2 100001000000", "3x3"), "the dbn string is of board 2x2, not 3x3"),
        (lambda: to_dotbox("2x2 1000010000"), "a dbn string of 10 lines is not of the 2x2 board (12 lines)"),
        (lambda: game_for("3x3", utility_margin=1), "utility_margin: 1 is not True or False"),
        # A board alone: a position's or a game record's lines would be set silently.
        (lambda: to_dbn("2x2:0", []), "board: '2x2:0' is a position, not a board"),
        (lambda: to_dbn("2x2 moves a1b1", []), "board: '2x2 moves a1b1' is a game record, not a board"),
        (lambda: dotbox.shipped_book("3x4:0"), "board: '3x4:0' is a position, not a board"),
        # A game record is not read as a dbn string ("moves" is no bit string).
        (lambda: to_dotbox("3x3 moves a4b4"), "'3x3 moves a4b4' is a game record, not a dbn string"),
        (lambda: to_dotbox("3x3 moves"), "'3x3 moves' is a game record, not a dbn string"),
        (
            lambda: to_dotbox("3x3 pre 1,2 moves a4b4"),
            "'3x3 pre 1,2 moves a4b4' is a game record, not a dbn string",
        ),
        # The bots' options fail when the bot is made, not a game later.
        (lambda: DotboxBot(method="estmate"), "method: 'estmate' is not one of"),
        (lambda: DotboxBot(time_limit=-1), "time_limit"),
        (lambda: DotboxBot(time_limit="5"), "time_limit: '5' is not a number of seconds"),
        (lambda: DotboxBot(method="retro", time_limit=5), "method='retro' does not read time_limit"),
        # Past the shipped book, or without one, 'book' answers nothing, in the bot's words.
        (lambda: DotboxBot(method="book").step(from_dotbox("3x3", [])),
         "method='book': 3x3 with 0 lines drawn is without a shipped book"),
        (lambda: DotboxBot(method="book").step(from_dotbox("3x4", list(range(8)))),
         "method='book': 3x4 with 8 lines drawn is past its shipped book (depth 7)"),
        (lambda: Answers(method="book", time_limit=1), "method='book' does not read time_limit"),
        (lambda: EngineBot(time_limit=0), "time_limit"),
        # analyze's None (the engine's default) would rate the bot at a time it did not name.
        (lambda: EngineBot(time_limit=None), "time_limit: None is not a number of seconds a move"),
        (lambda: EngineBot(seed=-1), "seed: -1 is not an integer"),
        (lambda: EngineBot(nodes=0), "nodes: 0 is not a number of nodes"),
        (lambda: DotboxBot(method="retro", nodes=1000), "method='retro' does not read nodes"),
        (lambda: DotboxBot(nodes=2.5), "nodes: 2.5 is not a number of nodes"),
    ],
)
def test_bad_dbn_strings_states_and_lines_are_named(call, message):
    with pytest.raises(dotbox.DotboxError) as caught:
        call()
    assert message in str(caught.value)


def test_dotbox_bot_never_plays_a_non_optimal_move_on_3x3(cli):
    game = game_for("3x3", utility_margin=True)
    value = dotbox.analyze("3x3")["value"]
    rng = random.Random(33)
    for game_number in range(8):
        bot = DotboxBot(seed=game_number)
        # Against itself, and against the rules of thumb and random play in both colours.
        opponents = [bot, RulesBot(seed=game_number), None]
        opponent = opponents[game_number % 3]
        bot_player = game_number % 2
        state = game.new_initial_state()
        while not state.is_terminal():
            player = state.current_player()
            if player == bot_player or opponent is bot:
                action = bot.step(state)
                board, lines = to_dotbox(state)
                reference = cli(board, lines)  # the command line, not the bot's own answer
                scores = {m["line"]: m["score"] for m in reference["moves"]}
                assert bot.last_answer["exact"] is True
                assert scores[action] == reference["value"], (lines, action)
            elif opponent is None:
                action = rng.choice(state.legal_actions())
            else:
                action = opponent.step(state)
            state.apply_action(action)
        if opponent is bot:  # perfect play on both sides ends at the empty board's value
            assert state.returns()[0] == value


def test_the_pages_export_names_its_board():
    assert to_dotbox("2x2 100001000000") == ("2x2", [0, 5])
    assert to_dotbox("2x2 100001000000", "2x2") == ("2x2", [0, 5])


@pytest.mark.parametrize("method", ["retro", "book", "rules", "search", "estimate", None])
def test_dotbox_bot_plays_with_every_method_and_no_time_limit_given(method):
    # A time limit left out is given only to a method that reads one (retro, book and rules
    # refuse one). 3x4 with 12 lines drawn, past its book; "book" within it.
    lines = [0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22][: 3 if method == "book" else 12]
    state = from_dotbox("3x4", lines)
    bot = DotboxBot(seed=1, method=method)
    assert bot.step(state) in state.legal_actions()
    assert bot.last_answer["exact"] is (method not in ("rules", "estimate"))


def test_editing_last_answer_leaves_the_bots_play_alone():
    # The bot remembers the answer for the position: last_answer is the caller's copy.
    state = from_dotbox("3x3", [0, 5])
    bot = DotboxBot(seed=1)
    bot.step(state)
    best = list(bot.last_answer["best"])
    bot.last_answer["best"][:] = [99]
    bot.last_answer["moves"].clear()
    for _ in range(5):
        assert bot.step(state) in best
    assert bot.last_answer["best"] == best
    answers = Answers()
    answers("3x3", [0, 5])["best"].clear()
    assert answers("3x3", [0, 5])["best"] == best


def test_every_bot_answers_a_finished_game_with_no_move():
    state = game_for("2x2").new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    bots = [DotboxBot(seed=1), EngineBot(time_limit=0.1), RulesBot(seed=1)]
    # Whatever the method: the rules and the estimate would refuse a full board.
    bots += [DotboxBot(seed=1, method=m) for m in ("retro", "search", "estimate", "rules")]
    for bot in bots:
        assert bot.step(state) == pyspiel.INVALID_ACTION, type(bot).__name__
    assert bots[-1].step_with_policy(state) == ([], pyspiel.INVALID_ACTION)


def test_dotbox_bot_plays_past_exact_reach_without_calling_it_exact():
    bot = DotboxBot(seed=1, time_limit=0.2)
    state = game_for("5x5").new_initial_state()
    action = bot.step(state)
    assert action in state.legal_actions()
    assert bot.last_answer["exact"] is False


def test_dotbox_bot_with_method_search_plays_exact_moves_only():
    # Past the policy's exact reach the search still searches (however long: the time limit
    # given here ends it with an error), never the engine's estimates.
    bot = DotboxBot(seed=1, method="search", time_limit=None)
    state = from_dotbox("3x3", [0, 5])
    assert bot.step(state) in dotbox.analyze("3x3", [0, 5])["best"]
    assert bot.last_answer["method"] == "search" and bot.last_answer["exact"] is True
    with pytest.raises(dotbox.DotboxError, match="raise time_limit"):
        DotboxBot(seed=1, method="search", time_limit=0.2).step(game_for("5x5").new_initial_state())


def test_answers_keep_only_the_latest_positions(monkeypatch):
    monkeypatch.setattr(openspiel, "REMEMBERED", 3)
    answers = Answers(method="retro")
    for line in range(5):
        answers("2x2", [line])
    answers("2x2", [2])  # asked again: now the most recent
    answers("2x2", [5])
    assert list(answers._answers) == [("2x2", (4,)), ("2x2", (2,)), ("2x2", (5,))]


def test_answers_read_the_shipped_book_whatever_the_method_and_the_method_past_it():
    # A search of 4x4 with one line drawn cannot end in a hundredth of a second: the answer
    # comes from the book, as the benchmark's oracle needs.
    answers = Answers(method="search", time_limit=0.01)
    booked = answers("4x4", [0])
    assert booked["method"] == "book" and booked["exact"] is True
    assert booked == dotbox.analyze("4x4", [0])
    # No book covers 3x3: the method asked for answers.
    assert Answers(method="retro")("3x3", [0])["method"] == "retro"


def test_bots_with_a_node_budget_play_the_same_game_on_every_run():
    # A time limit makes the engine's work depend on the machine's speed and load; a node
    # budget does not: two games of the same bots are move for move the same.
    def game():
        state = game_for("4x5").new_initial_state()
        engine = EngineBot(time_limit=None, seed=3, nodes=20_000)
        dotbox_bot = DotboxBot(seed=3, time_limit=None, nodes=20_000)
        moves = []
        for ply in range(6):
            bot = engine if ply % 2 == 0 else dotbox_bot
            action = bot.step(state)
            moves.append(action)
            state.apply_action(action)
        assert dotbox_bot.last_answer["exact"] is False, "past exact reach: the engine answered"
        assert dotbox_bot.last_answer["nodes"] >= 20_000
        return moves

    assert game() == game()


def minimax_returns(state):
    """Player 0's return under perfect play, by a plain minimax over OpenSpiel's own game tree
    (its rules, its scoring): no dotbox in it."""
    if state.is_terminal():
        return state.returns()[0]
    results = [minimax_returns(state.child(a)) for a in state.legal_actions()]
    return max(results) if state.current_player() == 0 else min(results)


@pytest.mark.parametrize("rows,cols,margin", [(2, 2, True), (2, 2, False), (1, 3, True), (2, 3, False)])
def test_perfect_returns_are_openspiels_returns_under_perfect_play(rows, cols, margin):
    game = pyspiel.load_game("dots_and_boxes", {"num_rows": rows, "num_cols": cols, "utility_margin": margin})
    rng = random.Random(rows * 100 + cols * 10 + margin)
    # Small enough for the minimax: at most 8 lines left (8! lines of play at most).
    lines = game.num_distinct_actions()
    for _ in range(12):
        state = game.new_initial_state()
        for _ in range(rng.randrange(lines - 8, lines + 1)):
            state.apply_action(rng.choice(state.legal_actions()))
        r0 = minimax_returns(state)
        assert openspiel.perfect_returns(state) == (r0, -r0), state.history()


def test_perfect_returns_refuse_an_estimate_and_what_is_no_state():
    state = game_for("5x5").new_initial_state()
    with pytest.raises(dotbox.DotboxError, match="no exact value of this position within reach"):
        openspiel.perfect_returns(state, method="estimate", nodes=1000)
    with pytest.raises(dotbox.DotboxError, match="state: '2x2' is not an OpenSpiel state"):
        openspiel.perfect_returns("2x2")
    with pytest.raises(dotbox.DotboxError, match=r"openspiel.perfect_returns\(state\)"):
        dotbox.analyze(state)
