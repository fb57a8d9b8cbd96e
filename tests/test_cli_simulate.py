"""``pokerroom simulate``: bots play one table through the room (TableRunner) and the store; the results per bot
with 95% intervals, the rake, and the ledger's check."""

from __future__ import annotations

import math
import re
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy import select
from sqlalchemy.exc import OperationalError
from typer.testing import CliRunner

from pokerroom.cli import app
from pokerroom.cli.simulate import MAX_CHIPS, interval
from pokerroom.store import Store
from pokerroom.store.schema import accounts
from pokerroom.store.schema import hands as hands_table

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
    assert all(len(cells) == 6 for cells in rows.values())  # every game has its bet unit
    assert ("BB/100" in out) is blinds and ("SB/100" in out) is not blinds  # stud: the small bet
    won = sum(int(cells[3]) for cells in rows.values())
    rake = int(re.search(r"Rake: (\d+) chips taken in 200 hands \(the store's rake report: \1\)", out).group(1))  # type: ignore[union-attr]
    assert rake > 0 and won <= -rake  # the bots lose the rake (and any chips still carried)
    assert "hands/s" in out
    assert "Store check passed: the ledger balances; this run's chips in" in out


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


@pytest.mark.parametrize(
    ("args", "header"),
    [
        # --stakes as pokerroom play reads them: fixed limit small/big bet, blinds half the small bet and the small bet
        (["holdem", "--limit", "fixed", "--stakes", "2/4"], "fixed limit 2/4, blinds 1/2,"),
        (["stud", "--stakes", "2/4"], "fixed limit 2/4, ante 1, bring-in 2,"),
        (["holdem", "--limit", "pot", "--stakes", "1/3"], "pot limit, minimum bet 3, blinds 1/3,"),
        # no --stakes: the forced bets in use, never a default that is not
        (["omaha8"], "fixed limit 1/2, blinds 1/1,"),
        (["stud"], "fixed limit 10/20, ante 2, bring-in 4,"),
    ],
)
def test_stakes_mean_what_they_mean_to_play_and_the_header_shows_them(args: list[str], header: str) -> None:
    result = runner.invoke(app, ["simulate", *args, "--players", "3", "--hands", "2", "--seed", "3"])
    assert result.exit_code == 0, result.output
    assert header in result.output.splitlines()[0]
    assert "Results after 2 hands" in result.output and "Store check passed" in result.output


def test_buy_in_and_one_hand_wording() -> None:
    args = ["simulate", "holdem", "--players", "2", "--hands", "1", "--buy-in", "150", "--seed", "1"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    first = result.output.splitlines()[0]
    assert "buy-in 150 chips" in first and "; 1 hand, seed 1." in first
    assert "Results after 1 hand " in result.output


@pytest.mark.parametrize("game", ["club-lowball", "club-holdem", "a6-lowball"])
def test_a_home_game_at_real_money_says_it_is_never_raked(game: str) -> None:
    result = runner.invoke(app, ["simulate", game, "--players", "3", "--hands", "3", "--seed", "1", "--real-money"])
    assert result.exit_code == 0, result.output
    assert "real money, but a home game: never raked (RULES §3.10)" in result.output
    assert "Rake: 0 chips" in result.output


def test_a_given_database_makes_no_temporary_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import tempfile

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("a temporary folder was made although --database was given")

    monkeypatch.setattr(tempfile, "TemporaryDirectory", refuse)
    url = f"sqlite:///{tmp_path / 'room.db'}"
    result = runner.invoke(app, ["simulate", "holdem", "--players", "2", "--hands", "2", "--database", url])
    assert result.exit_code == 0, result.output


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
        (["holdem", "--stakes", "2/1"], "the small one no larger than the big one"),
        (["holdem", "--stakes", "big"], "stakes are written SMALL/BIG in whole chips, such as 1/2"),
        (["holdem", "--limit", "table"], "unknown limit 'table'; limits: no, pot, half-pot, fixed, spread"),
        (["holdem", "--buy-in", "5"], "5 chips is outside this table's buy-in range: 40 to 200 chips"),
        (["holdem", "--bots", "simple,shark"], "unknown bot 'shark'; bots: simple, random, calling, MODULE:CLASS"),
        (["holdem", "--hands", "0"], "--hands"),
    ],
)
def test_bad_input_exits_2_naming_what_is_allowed(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["simulate", *args])
    assert result.exit_code == 2, result.output
    assert message in plain(result.output)


def flat(output: str) -> str:
    """The output with Rich's panel borders gone and whitespace collapsed."""
    for box in "│╭╮╰╯─":
        output = output.replace(box, " ")
    return " ".join(output.split())


# ---------------------------------------------------------------------------------------------- absurd stakes


@pytest.mark.parametrize(
    ("stakes", "message"),
    [
        # Used to end in OverflowError: Python int too large to convert to SQLite INTEGER.
        ("99999999999999999999/999999999999999999999", f"at most {MAX_CHIPS} chips (2**53, the store's limit)"),
        (f"1/{MAX_CHIPS + 1}", f"at most {MAX_CHIPS} chips"),
        # Blinds inside the limit, but 100 big blinds a bot are not: the store could not hold the buy-ins.
        (f"1/{MAX_CHIPS // 50}", "the buy-in would be"),
        ("10000000000000/20000000000000", "more than 9007199254740992 chips (2**53, the store's limit)"),
    ],
)
def test_absurd_stakes_exit_2(stakes: str, message: str, tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'room.db'}"
    result = runner.invoke(app, ["simulate", "holdem", "--hands", "3", "--stakes", stakes, "--database", url])
    assert result.exit_code == 2, result.output
    assert "Invalid value for --stakes" in flat(result.output) and message in flat(result.output)
    assert not (tmp_path / "room.db").exists()  # refused before the store is opened


def test_stakes_just_inside_the_limit_play() -> None:
    big = MAX_CHIPS // (100 * 2)  # the buy-in is 100 big blinds; two bots
    args = ["simulate", "holdem", "--players", "2", "--hands", "3", "--stakes", f"{big}/{big}", "--seed", "1"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert f"Results after 3 hands (BB = big blind = {big} chips)" in flat(result.output)
    assert "Store check passed" in result.output


# ---------------------------------------------------------------------------------------------- the database


def foreign_database(path: Path) -> list[str]:
    """Another program's SQLite file with a table named like one of pokerroom's; returns its tables."""
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE balances (key TEXT PRIMARY KEY, balance INTEGER)")
    conn.execute("CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT)")
    conn.commit()
    conn.close()
    return tables_of(path)


def tables_of(path: Path) -> list[str]:
    conn = sqlite3.connect(path)
    try:
        return sorted(name for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'"))
    finally:
        conn.close()


def test_a_foreign_sqlite_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "other.db"
    before = foreign_database(path)
    result = runner.invoke(app, ["simulate", "holdem", "--hands", "3", "--database", f"sqlite:///{path}"])
    assert result.exit_code == 2, result.output  # was: OperationalError: no such column: balances.book
    text = flat(result.output)
    assert "not a pokerroom database" in text and f"sqlite:///{path}" in "".join(text.split())  # Rich may wrap
    assert "table balances lacks the columns book, table_id, account_id" in text
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert tables_of(path) == before  # nothing written into the other program's file
    garbage = tmp_path / "notes.db"
    garbage.write_text("not a database at all\n" * 100)
    result = runner.invoke(app, ["simulate", "holdem", "--hands", "3", "--database", f"sqlite:///{garbage}"])
    assert result.exit_code == 2, result.output
    assert "not a pokerroom database" in flat(result.output) and "file is not a database" in flat(result.output)


@pytest.mark.parametrize("url", ["mysql://u:secret@db.example/room", "mysql+pymysql://u:secret@db.example/room"])
def test_a_database_without_a_driver_exits_2(url: str) -> None:
    result = runner.invoke(app, ["simulate", "holdem", "--hands", "3", "--database", url])
    assert result.exit_code == 2, result.output  # was: ModuleNotFoundError: No module named 'MySQLdb'
    assert "no driver for mysql; pokerroom supports sqlite and postgresql (postgresql+psycopg)" in flat(result.output)
    assert "secret" not in result.output


def test_a_database_error_during_the_run_is_reported_not_raised(monkeypatch: pytest.MonkeyPatch) -> None:
    def failing(self: Store, *args: object, **kwargs: object) -> None:
        raise OperationalError("INSERT INTO journal ...", {}, Exception("database is locked"))

    monkeypatch.setattr(Store, "journal", failing)
    result = runner.invoke(app, ["simulate", "holdem", "--players", "2", "--hands", "3", "--seed", "1"])
    assert result.exit_code == 1, result.output
    assert "the store failed, the run stops" in flat(result.output) and "database is locked" in flat(result.output)
    assert result.exception is None or isinstance(result.exception, SystemExit)


# ---------------------------------------------------------------------------------------------- shared stores


def run_accounts(url: str) -> list[str]:
    with Store(url) as store, store.engine.connect() as conn:
        return sorted(str(name) for (name,) in conn.execute(select(accounts.c.name)))


def test_runs_one_after_the_other_on_one_store_check_their_own_chips(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'shared.db'}"
    for seed in ("1", "2"):
        args = ["simulate", "holdem", "--players", "3", "--hands", "40", "--seed", seed, "--database", url]
        result = runner.invoke(app, args)
        assert result.exit_code == 0, result.output
        assert "Store check passed" in result.output, result.output
        assert sorted(bot_rows(result.output)) == ["simple-1", "simple-2", "simple-3"]  # short names in the report
    names = run_accounts(url)
    assert len(names) == 6 and all(re.fullmatch(r"simulate-holdem-[0-9a-f]{8}-simple-[123]", n) for n in names)


def test_concurrent_runs_on_one_sqlite_file_both_pass_their_check(tmp_path: Path) -> None:
    # Two processes at once: each used to count the other's deposits and its bots' shared accounts
    # ("the room holds 7000 chips, not 3000 before plus 2200 deposited").
    url = f"sqlite:///{tmp_path / 'shared.db'}"
    Store(url).close()  # the tables exist before both start
    command = [sys.executable, "-c", "from pokerroom.cli import main; main()", "simulate", "holdem"]
    runs = [
        subprocess.Popen(
            [*command, "--hands", "300", "--seed", seed, "--bots", "simple,random", "--real-money", "--database", url],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        for seed in ("1", "2")
    ]
    outputs = [run.communicate(timeout=300)[0] for run in runs]
    for run, output in zip(runs, outputs, strict=True):
        assert run.returncode == 0, output
        assert "Store check passed" in output and "FAILED" not in output, output
    assert len(run_accounts(url)) == 12
    with Store(url) as store:
        store.check_balanced()


def test_house_rules_are_set_with_rule_as_in_play(tmp_path: Path) -> None:
    # RULES settled decision 18's alternative at omaha hi/lo: the header names it and every hand's record keeps it.
    url = f"sqlite:///{tmp_path / 'room.db'}"
    args = ["simulate", "omaha8", "--players", "3", "--hands", "4", "--seed", "2", "--database", url]
    result = runner.invoke(app, [*args, "--rule", "odd_chips_to_high=true"])
    assert result.exit_code == 0, result.output
    assert "\nHouse rules: odd_chips_to_high=true\n" in result.output
    with Store(url) as store, store.engine.connect() as conn:
        ids = [row.id for row in conn.execute(select(hands_table.c.id))]
        assert len(ids) == 4
        assert all(store.hand_record(i).setup.rules == {"odd_chips_to_high": True} for i in ids)
    json_out = runner.invoke(app, [*args[:-2], "--rule", "odd_chips_to_high=true", "--json"])
    assert json_out.exit_code == 0 and '"house_rules": {\n    "odd_chips_to_high": true\n  }' in json_out.stdout
    bad = runner.invoke(app, ["simulate", "omaha8", "--hands", "2", "--rule", "nope=1"])
    assert bad.exit_code == 2
    assert "omaha8 has no house rule 'nope'; its house rules: odd_chips_to_high" in plain(bad.output)
    plain_run = runner.invoke(app, ["simulate", "omaha8", "--players", "3", "--hands", "2", "--seed", "2"])
    assert plain_run.exit_code == 0 and "House rules:" not in plain_run.output


BIG = MAX_CHIPS // (100 * 2)
"""A big blind at which two stacks of 100 big blinds are 9007199254740800 chips, 192 short of 2**53."""


@pytest.mark.parametrize("store", [True, False])
@pytest.mark.parametrize(
    ("options", "played", "deposit"),
    [
        # A bot busts (seed 1: after hand 2) and its rebuy would take the chips deposited past 2**53.
        (["--hands", "40", "--bots", "random"], "2 hands", 100 * BIG),
        # --reset-stacks of 100 big blinds: after hand 1 (seed 1: a bot folds, one blind lost) topping the loser
        # back up would pass it.
        (["--hands", "10", "--reset-stacks", str(100 * BIG)], "1 hand", BIG),
    ],
    ids=["rebuy", "reset"],
)
def test_a_deposit_past_the_stores_limit_stops_the_run_before_it(
    options: list[str], played: str, deposit: int, store: bool
) -> None:
    """Stakes just inside the limit: the run stops before the deposit (a rebuy, or a reset of the stacks) that
    would take the chips deposited past 2**53, through the store and without it alike, and what was played
    checks out."""
    args = ["simulate", "holdem", "--players", "2", "--stakes", f"{BIG}/{BIG}", "--seed", "1", *options] + (
        [] if store else ["--no-store"]
    )
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    out = flat(result.output)
    assert (
        f"stopped after {played}: depositing {deposit} chips more would take the {200 * BIG} deposited past "
        f"{MAX_CHIPS} chips (2**53, the store's limit)"
    ) in out
    assert f"Results after {played} (BB = big blind = {BIG} chips)" in out
    assert ("Store check passed" if store else "Chip check passed after every hand") in out
