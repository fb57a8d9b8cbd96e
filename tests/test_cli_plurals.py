"""Counts in what the command line says take the right number ("1 hand", "2 hands") through the one helper,
``pokerroom.words.plural``; and an error is not preceded by a stray blank line."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pokerroom.cli import app
from pokerroom.cli.recover import Recovered, describe
from pokerroom.errors import StoreError
from pokerroom.room.night import NightConfig
from pokerroom.room.night_sheet import SheetInfo, _length
from pokerroom.store import Store

SRC = Path(__file__).resolve().parent.parent / "src" / "pokerroom"
SHARED = Path(__file__).resolve().parent.parent.parent / "shared"
runner = CliRunner()

NOUNS = (
    "hands|players|chips|rebuys|minutes|seconds|shards|tables|seats|cards|bots|accounts|orbits|deals|matchups|"
    "postings|antes|blinds|bets|raises|games|days|worker processes|processes|workers"
)
COUNT_THEN_NOUN = re.compile(rf"^ ({NOUNS})\b(?!/)")  # "hands/s" is a rate, not a count

ALLOWED = {
    # (file, the counted expression): why the plural is always right there
    ("simulate.py", "setup.players"): "a simulation seats 2 bots or more",
    ("simulate.py", "players"): "a simulation seats 2 bots or more",
    ("simulate.py", "MAX_CHIPS"): "2**53",
    ("night_evening.py", "n"): "an orbit deals once per player seated: 2 or more",
    ("night.py", "n"): "said only for n < 1: 0 players, -1 players",
    ("night.py", "self.game.max_players"): "a table seats 2 or more",
}
"""Counts followed by a plural noun without ``plural()``, each with its reason."""


def _cli_files() -> list[Path]:
    owned_elsewhere = {"admin.py", "serve.py"}
    files = [p for p in sorted((SRC / "cli").glob("*.py")) if p.name not in owned_elsewhere]
    return [*files, SRC / "room" / "night.py", SRC / "room" / "night_sheet.py"]


def _counts_without_plural(path: Path) -> list[str]:
    """Every f-string part ``{count} nouns`` in ``path`` that is neither a range (``2 to {n} players``), a
    fraction (``{done}/{n} shards``), a name followed by a verb (``{dealer} deals``) nor on :data:`ALLOWED`."""
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if not isinstance(node, ast.JoinedStr):
            continue
        parts = node.values
        for before, value, after in zip([None, *parts], parts, [*parts[1:], None], strict=False):
            if not isinstance(value, ast.FormattedValue) or not isinstance(after, ast.Constant):
                continue
            if not isinstance(after.value, str) or not COUNT_THEN_NOUN.match(after.value):
                continue
            said = before.value if isinstance(before, ast.Constant) and isinstance(before.value, str) else ""
            expression = ast.unparse(value.value)
            if said.endswith((" to ", "/")) or re.search(r"(name|dealer|\.id)$", expression):
                continue
            if (path.name, expression) not in ALLOWED:
                found.append(f"{path.name}:{node.lineno}: {{{expression}}}{after.value[:20]}")
    return found


def _hand_rolled_plurals(path: Path) -> list[str]:
    """Every ``'' if n == 1 else 's'`` (or ``'hand' if n == 1 else 'hands'``) in ``path``: a second copy of
    ``plural``.  A choice not made on a count compared with 1 (``'tables' if several else 'table'``) is not one."""
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if not isinstance(node, ast.IfExp) or not isinstance(node.body, ast.Constant):
            continue
        counted = isinstance(node.test, ast.Compare) and any(
            isinstance(c, ast.Constant) and c.value == 1 for c in node.test.comparators
        )
        if counted and isinstance(node.orelse, ast.Constant):
            one, other = sorted([node.body.value, node.orelse.value], key=str)
            if not isinstance(one, str) or not isinstance(other, str) or not re.fullmatch(r"[a-z ]*", one + other):
                continue
            noun = other.rsplit(" ", 1)[-1] if other else ""
            if (one, other) in {("", "s"), ("", "es")} or (other in (one + "s", one + "es") and noun in NOUNS):
                found.append(f"{path.name}:{node.lineno}: {ast.unparse(node)}")
    return found


def test_the_scan_finds_what_it_looks_for(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        'a = f"after {n} hands"\nb = f"{k} chip{\'\' if k == 1 else \'s\'}"\nc = f"2 to {m} players"\n'
        'd = f"{dealer} deals"\ne = f"{done}/{n} shards"\nf = f"{rate:.0f} hands/s"\n'
        "g = f\"{n} {'hand' if n == 1 else 'hands'}\"\nh = 'tables' if several else 'table'\n"
    )
    assert _counts_without_plural(sample) == ["sample.py:1: {n} hands"]
    assert _hand_rolled_plurals(sample) == [
        "sample.py:2: '' if k == 1 else 's'",
        "sample.py:7: 'hand' if n == 1 else 'hands'",
    ]


@pytest.mark.parametrize("path", _cli_files(), ids=lambda p: p.name)
def test_counts_go_through_plural(path: Path) -> None:
    assert _counts_without_plural(path) == []
    assert _hand_rolled_plurals(path) == []


# ---------------------------------------------------------------------- the messages fixed, with 1 and 2


def test_recover_says_chip_and_chips() -> None:
    lines = describe([Recovered("main", returned=1), Recovered("side", returned=2)])
    assert lines == [
        "Table main: 1 chip returned from the table to the players' accounts.",
        "Table side: 2 chips returned from the table to the players' accounts.",
    ]


def test_report_history_and_balance_count_postings_and_chips(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'room.db'}"
    store = Store(url)
    bo = store.create_account("bo", deposit=1)
    store.close()
    one = runner.invoke(app, ["report", "--database", url, "history", "bo"])
    assert one.exit_code == 0, one.output
    assert "1 posting; holdings now 1 chip." in one.output
    balance = runner.invoke(app, ["report", "--database", url, "balance"]).output
    assert "Real money: the room owes players 1 chip." in balance
    store = Store(url)
    store.deposit(bo, 1)
    store.close()
    two = runner.invoke(app, ["report", "--database", url, "history", "bo"])
    assert "2 postings; holdings now 2 chips." in two.output


def test_the_store_says_chip_when_one_is_held() -> None:
    store = Store("sqlite:///:memory:")
    bo = store.create_account("bo", deposit=1)
    with pytest.raises(StoreError, match=r"^bo's account holds 1 chip, cannot withdraw 5$"):
        store.withdraw(bo, 5)
    store.deposit(bo, 1)
    with pytest.raises(StoreError, match=r"^bo's account holds 2 chips, cannot withdraw 5$"):
        store.withdraw(bo, 5)


def test_simulate_refuses_a_buy_in_of_1_chip() -> None:
    result = runner.invoke(app, ["simulate", "holdem", "--hands", "1", "--buy-in", "1"])
    assert result.exit_code == 2
    flat = " ".join(re.sub(r"[│╭╮╰╯─]", " ", result.output).split())
    assert "1 chip is outside this table's buy-in range: 40 to 200 chips" in flat


def test_equity_says_deal_and_matchup() -> None:
    full = runner.invoke(app, ["equity", "holdem", "AhKh", "QsQd", "--board", "2c 3d 4h 5s 6c"])
    assert full.exit_code == 0, full.output
    assert "1 deal over 1 matchup, every one counted; board 2c3d4h5s6c" in full.output
    ranges = runner.invoke(app, ["equity", "holdem", "AhKh,AdKd", "QsQd", "--board", "2c 3d 4h 5s"])
    assert "88 deals over 2 matchups, every one counted" in ranges.output  # 44 rivers a matchup


def test_an_equity_error_has_no_blank_line_before_it() -> None:
    result = runner.invoke(app, ["equity", "holdem", "AhAh"])
    assert result.exit_code == 2
    assert result.stderr == "error: equity needs 2 to 10 players, got 1\n"


@pytest.mark.skipif(not (SHARED / "phh" / "synthetic").is_dir(), reason="needs ../shared/phh")
def test_replay_counts_hand_and_hands() -> None:
    folder = SHARED / "phh" / "synthetic"
    one = runner.invoke(app, ["replay", str(folder / "synthetic-nt-odd-chip-split.phh")])
    assert one.exit_code == 0 and re.search(r"^1 hand in [\d.]+ s ", one.output, re.M), one.output
    two = [str(folder / "synthetic-nt-odd-chip-split.phh"), str(folder / "synthetic-nt-3way-chop-board.phh")]
    assert re.search(r"^2 hands in [\d.]+ s ", runner.invoke(app, ["replay", *two]).output, re.M)


def test_the_agreed_length_says_minute_and_minutes() -> None:
    assert NightConfig(minutes=1).length_text() == "50 hands or 1 minute"
    assert NightConfig(minutes=2.5).length_text() == "50 hands or 2.5 minutes"

    def sheet(minutes: float) -> SheetInfo:
        return SheetInfo(
            game="club-lowball", game_name="Club lowball", limit="spread", price_per_chip=20, first_buyin=250,
            hands_played=3, agreed_minutes=minutes,
        )  # fmt: skip

    assert _length(sheet(1)) == "1 minute, ending on a completed orbit"
    assert _length(sheet(90)) == "90 minutes, ending on a completed orbit"


def test_rules_say_one_chip() -> None:
    result = runner.invoke(app, ["rules", "club-lowball"])
    assert "no limit: the smallest bet and raise is 1 chip\n" in result.output
    assert "2 antes by default" in runner.invoke(app, ["rules", "stud"]).output
