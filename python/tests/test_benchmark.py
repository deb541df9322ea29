"""``python -m dotbox.benchmark``: bad bots and boards are named before any game is played, and
a board with pre-drawn lines is rated from its own start (the self-check on every game's
margin holds)."""

import pytest

from dotbox import benchmark


@pytest.mark.parametrize(
    "args, message",
    [
        (["--bots", "rules,mcts:x"], "--bots: 'mcts:x': mcts:N takes a number of simulations"),
        (["--bots", "mcts:0"], "--bots: 'mcts:0': mcts:N takes a number of simulations"),
        (["--bots", "engine:-1"], "--bots: 'engine:-1': engine:S takes a positive number"),
        (["--bots", "engine:nan"], "--bots: 'engine:nan': engine:S takes a positive number"),
        (["--bots", "nosuchmodule:make"], "--bots: 'nosuchmodule:make': No module named"),
        (["--bots", "random:nosuchfunction"], "--bots: 'random:nosuchfunction': module 'random'"),
        (["--bots", "foo"], "--bots: unknown bot 'foo': mcts:N, rules"),
        (["--boards", "foo"], "--boards: foo: no perfect play to rate against: invalid board 'foo'"),
        (["--boards", "3x3,9x9"], "--boards: 9x9: no perfect play to rate against: board 9x9 has 180 lines"),
        (["--boards", "5x5"], "--boards: 5x5: no perfect play to rate against: the solve needs about 8.0 PiB on disk"),
    ],
)
def test_bad_bots_and_boards_are_named_before_any_game(args, message, capsys):
    with pytest.raises(SystemExit) as exit:
        benchmark.main(["--bots", "rules", "--boards", "2x2", *args])
    assert exit.value.code == 2
    captured = capsys.readouterr()
    assert message in captured.err, captured.err
    assert "| rules |" not in captured.err, "no game was played"


def test_a_board_with_pre_drawn_lines_is_rated_from_its_own_start(capsys):
    assert benchmark.main(["--bots", "rules", "--boards", "icelandic", "--games", "1"]) == 0
    rows = [r for r in capsys.readouterr().out.splitlines() if r.startswith("| rules |")]
    assert [r.split(" | ")[1:3] for r in rows] == [["icelandic", "first"], ["icelandic", "second"]]
