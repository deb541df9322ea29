"""The OpenSpiel bridge, against the real ``open-spiel`` package: its line numbering is
dotbox's, conversions round-trip, and DotboxBot plays only best moves where dotbox is exact."""

import random
import re

import pyspiel
import pytest

import dotbox
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


def test_bad_dbn_strings_and_states_are_named():
    with pytest.raises(dotbox.DotboxError, match="expected 12 characters"):
        to_dotbox("0101", "2x2")
    with pytest.raises(dotbox.DotboxError, match="does not say its board"):
        to_dotbox("0" * 12)
    with pytest.raises(dotbox.DotboxError, match="not a dots_and_boxes state"):
        to_dotbox(pyspiel.load_game("tic_tac_toe").new_initial_state())
    with pytest.raises(dotbox.DotboxError, match="line 12 does not exist"):
        to_dbn("2x2", [12])


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


def test_every_bot_answers_a_finished_game_with_no_move():
    state = game_for("2x2").new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    for bot in [DotboxBot(seed=1), EngineBot(seconds=0.1), RulesBot(seed=1)]:
        assert bot.step(state) == pyspiel.INVALID_ACTION, type(bot).__name__


def test_dotbox_bot_plays_past_exact_reach_without_calling_it_exact():
    bot = DotboxBot(seed=1, time_limit=0.2)
    state = game_for("5x5").new_initial_state()
    action = bot.step(state)
    assert action in state.legal_actions()
    assert bot.last_answer["exact"] is False


def test_answers_read_the_shipped_book_whatever_the_method_and_the_method_past_it():
    # A search of 4x4 with one line drawn cannot end in a hundredth of a second: the answer
    # comes from the book, as the benchmark's oracle needs.
    answers = Answers(method="search", time_limit=0.01)
    booked = answers("4x4", [0])
    assert booked["method"] == "book" and booked["exact"] is True
    assert booked == dotbox.analyze("4x4", [0])
    # No book covers 3x3: the method asked for answers.
    assert Answers(method="retro")("3x3", [0])["method"] == "retro"
