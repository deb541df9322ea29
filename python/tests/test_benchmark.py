"""``python -m dotbox.benchmark``: bad bots and boards are named before any game is played, a
board with pre-drawn lines is rated from its own start (the self-check on every game's margin
holds), and the results page is what the template writes, kept across runs."""

import pytest

from conftest import ROOT
from dotbox import benchmark

PAGE = ROOT / "docs" / "benchmark.md"


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
        (["--boards", "foo"], "--boards: invalid board 'foo'"),
        (["--boards", "3x3,9x9"], "--boards: board 9x9 has 180 lines"),
        (["--boards", "5x5"], "--boards: 5x5: no perfect play to rate against: the subgame has about 4.56e16 positions; solving it in memory needs about 8.0 PiB"),
        # A board alone: a position's lines would be dropped.
        (["--boards", "3x3:0"], "--boards: board: '3x3:0' is a position, not a board"),
        # Seeds count up from --seed (plus 1000 for the second colour), 32-bit for OpenSpiel.
        (["--seed", "-5"], "--seed: -5 is not from 0 to 2147482646"),
        (["--seed", "18446744073709551615"], "--seed: 18446744073709551615 is not from 0 to"),
        (["--bots", "mcts:10", "--seed", "5000000000"], "--seed: 5000000000 is not from 0 to"),
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


def test_the_results_page_is_what_the_template_writes():
    # docs/benchmark.md, re-made by the command it names, keeps its other runs' rows and notes.
    fields = benchmark.page_fields(PAGE.read_text())
    assert fields is not None, "docs/benchmark.md is not what benchmark.PAGE writes"
    assert benchmark.PAGE.format(**fields) == PAGE.read_text()
    assert "| engine:1 | 4x4 | first |" in fields["table"] and "`engine:1`" in fields["notes"]


def test_a_run_with_out_keeps_the_rows_and_notes_of_other_runs(tmp_path):
    page = tmp_path / "benchmark.md"
    page.write_text(PAGE.read_text())
    before = benchmark.page_fields(page.read_text())
    for seed in ("1", "2"):  # the second run replaces the first's rows
        args = ["--bots", "rules", "--boards", "2x2", "--games", "1", "--seed", seed]
        assert benchmark.main([*args, "--out", str(page)]) == 0
    after = benchmark.page_fields(page.read_text())
    assert after["command"] == "python -m dotbox.benchmark " + " ".join(args)
    assert after["notes"] == before["notes"]
    rows = after["table"].splitlines()[2:]  # under the header
    assert [benchmark.cells(r)[:3] for r in rows[:2]] == [["rules", "2x2", "first"], ["rules", "2x2", "second"]]
    assert rows[2:] == before["table"].splitlines()[2:]


def test_out_refuses_to_overwrite_a_page_it_did_not_write(tmp_path, capsys):
    page = tmp_path / "notes.md"
    page.write_text("# my notes\n")
    with pytest.raises(SystemExit):
        benchmark.main(["--bots", "rules", "--boards", "2x2", "--games", "1", "--out", str(page)])
    assert "--out: " in capsys.readouterr().err and page.read_text() == "# my notes\n"


def test_a_bot_playing_a_drawn_line_is_named_not_a_key_error(tmp_path, monkeypatch):
    # A bot of the user's that plays line 0 again and again (a bare KeyError before).
    (tmp_path / "stubborn.py").write_text(
        "import pyspiel\n"
        "class Stubborn(pyspiel.Bot):\n"
        "    def __init__(self):\n"
        "        pyspiel.Bot.__init__(self)\n"
        "    def step(self, state):\n"
        "        return 0\n"
        "    def restart_at(self, state):\n"
        "        pass\n"
        "def make(game, player, seed):\n"
        "    return Stubborn()\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(ValueError, match=r"2x2: the rated bot played 0, not an open line of the position with lines \[.*0.*\] drawn"):
        benchmark.main(["--bots", "stubborn:make", "--boards", "2x2", "--games", "1"])
