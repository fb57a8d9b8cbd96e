"""``pokerroom simulate``: bots play one table through the room (TableRunner) and the store; the results per bot
with 95% intervals, the rake, and the ledger's check."""

from __future__ import annotations

import math
import re

import pytest
from typer.testing import CliRunner

from pokerroom.cli import app
from pokerroom.cli.simulate import interval

runner = CliRunner()


def plain(output: str) -> str:
    for box in "│┃┏┓┗┛┡┩└┘┳┻╇╈━─┯┷╭╮╰╯":
        output = output.replace(box, " ")
    return " ".join(output.split())


def bot_rows(output: str) -> dict[str, list[str]]:
    """Bot name -> the cells of its row in the results table."""
    rows: dict[str, list[str]] = {}
    for line in output.splitlines():
        cells = [c.strip() for c in line.strip("│ ").split("│")]
        if cells and re.fullmatch(r"(simple|random|calling)-\d+", cells[0]):
            rows[cells[0]] = cells
    return rows


@pytest.mark.parametrize(
    ("game", "bots", "players", "blinds"),
    [
        ("holdem", "simple,random,calling", 6, True),
        ("stud", "random,calling", 5, False),
        ("27-triple-draw", "calling,random", 4, True),
    ],
)
def test_simulate_through_the_store(game: str, bots: str, players: int, blinds: bool) -> None:
    args = ["simulate", game, "--players", str(players), "--hands", "200", "--seed", "11", "--bots", bots]
    result = runner.invoke(app, [*args, "--real-money"])
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Store: a temporary SQLite file" in out
    assert "Results after 200 hands" in out
    rows = bot_rows(out)
    kinds = bots.split(",")
    assert sorted(rows) == sorted(f"{kinds[k % len(kinds)]}-{k + 1}" for k in range(players))
    assert all(cells[1] == "200" for cells in rows.values())  # everyone dealt every hand (busted bots rebuy)
    assert all(len(cells) == (6 if blinds else 5) for cells in rows.values())
    assert ("BB/100" in out) is blinds
    won = sum(int(cells[3]) for cells in rows.values())
    rake = int(re.search(r"Rake: (\d+) chips taken in 200 hands \(the store's rake report: \1\)", out).group(1))  # type: ignore[union-attr]
    assert rake > 0 and won <= -rake  # the bots lose the rake (and any chips still carried)
    assert "hands/s" in out
    assert "Store check passed: the ledger balances; chips in" in out


def test_results_are_reproducible_with_a_seed() -> None:
    args = ["simulate", "omaha", "--players", "3", "--hands", "40", "--seed", "5", "--bots", "random"]
    first, second = runner.invoke(app, args), runner.invoke(app, args)
    assert first.exit_code == second.exit_code == 0, first.output
    assert bot_rows(first.output) == bot_rows(second.output)
    assert "play money (no rake)" in first.output and "Rake: 0 chips" in first.output


def test_stakes_set_the_blinds_and_the_big_blind_unit() -> None:
    args = ["simulate", "holdem", "--players", "2", "--hands", "30", "--seed", "2", "--stakes", "5/10"]
    result = runner.invoke(app, [*args, "--bots", "calling"])
    assert result.exit_code == 0, result.output
    assert "blinds 5/10" in result.output and "BB = big blind = 10 chips" in result.output
    rows = bot_rows(result.output)
    for cells in rows.values():
        chips, bbs = (float(c.split(" ± ")[0]) for c in cells[4:6])
        assert math.isclose(chips / 10, bbs, abs_tol=0.1)


def test_interval_is_the_normal_approximation() -> None:
    mean, half = interval([3, -1, 5, -3], unit=1)
    assert mean == 100.0
    assert math.isclose(half, 1.96 * math.sqrt(((2**2) + (2**2) + (4**2) + (4**2)) / 3) / 2 * 100)
    assert interval([4, 0], unit=2)[0] == 100.0
    assert interval([7]) == (700.0, math.inf) and interval([]) == (0.0, math.inf)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["poker", "--players", "3"], "known games: club-lowball, club-holdem"),
        (["holdem", "--players", "1"], "holdem seats 2 to 10 players, not 1"),
        (["stud", "--players", "9"], "stud seats 2 to 8 players, not 9"),
        (["holdem", "--stakes", "2/1"], "SMALL no larger than BIG"),
        (["holdem", "--stakes", "big"], "stakes are written SMALL/BIG in whole chips, such as 1/2"),
        (["stud", "--stakes", "1/2"], "stud has no blinds"),
        (["holdem", "--bots", "simple,shark"], "unknown bot shark; bots: simple, random, calling"),
        (["holdem", "--hands", "0"], "--hands"),
    ],
)
def test_bad_input_exits_2_naming_what_is_allowed(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["simulate", *args])
    assert result.exit_code == 2, result.output
    assert message in plain(result.output)
