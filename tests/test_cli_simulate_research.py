"""``pokerroom simulate`` for research (issue 23): a row per hand and seat (CSV, Parquet), the hands as PHH with the
bots named, stacks reset before every hand, the fast path without a store (the same hands as through the store),
and the bet unit and stakes of every game in ``--json``."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from pokerroom.cli import app
from pokerroom.formats import phh
from pokerroom.formats.replay import replay

runner = CliRunner()

BASE = ["simulate", "holdem", "--players", "3", "--hands", "60", "--shard-hands", "25", "--seed", "7"]
BASE += ["--bots", "simple,calling,random"]


def run_json(*args: str) -> dict[str, Any]:
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    doc: dict[str, Any] = json.loads(result.stdout)
    return doc


def test_no_store_plays_the_same_hands_as_the_store() -> None:
    stored, fast = run_json(*BASE), run_json(*BASE, "--no-store")
    assert stored["store"] is True and fast["store"] is False
    assert fast["bots"] == stored["bots"]  # same seed, same decks, same bots: the same results to the chip
    assert fast["check"] == {"passed": True, "problems": []}
    assert fast["deposited"] == stored["deposited"] == fast["held"]


def test_rows_phh_and_reset_stacks(tmp_path: Path) -> None:
    rows_path, folder = tmp_path / "rows.csv", tmp_path / "phh"
    doc = run_json(*BASE, "--no-store", "--hands-out", str(rows_path), "--phh", str(folder), "--reset-stacks", "50bb")
    assert doc["reset_stacks"] == 100 and doc["bet_unit"] == {"name": "big blind", "chips": 2}
    with rows_path.open() as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == 60 * 3
    assert list(rows[0]) == [
        "game", "stakes", "hand", "shard", "seat", "bot", "kind", "cards", "shown", "board", "actions", "start",
        "net", "net_units",
    ]  # fmt: skip
    assert sorted({int(r["hand"]) for r in rows}) == list(range(1, 61))  # numbered through the shards (25, 25, 10)
    assert {r["shard"] for r in rows} == {"0", "1", "2"}
    assert {r["start"] for r in rows} == {"100"}  # 50 big blinds before every hand
    assert all(b["rebuys"] == 0 for b in doc["bots"])
    for bot in doc["bots"]:
        mine = [r for r in rows if r["bot"] == bot["bot"]]
        assert sum(int(r["net"]) for r in mine) == bot["chips_won"]
        assert all(float(r["net_units"]) == int(r["net"]) / 2 for r in mine)
        assert all(len(r["cards"]) == 4 for r in mine)  # two hole cards each
    # The calling station never folds, bets or raises: only checks and calls.
    assert {tok for r in rows if r["bot"] == "calling-2" for tok in r["actions"].replace("/", " ").split()} <= {
        "x",
        "c",
    }
    shown = [r for r in rows if r["shown"]]
    assert shown and all(r["shown"] == r["cards"] for r in shown)
    files = sorted(folder.glob("*.phhs"))
    assert len(files) == 3
    hands = [h for path in files for h in phh.read(path)]
    assert len(hands) == 60
    assert {h.players for h in hands} <= {
        ("simple-1", "calling-2", "random-3"), ("calling-2", "random-3", "simple-1"),
        ("random-3", "simple-1", "calling-2"),
    }  # fmt: skip
    assert all(replay(h).status == "ok" for h in hands)
    assert all(set(h.starting_stacks) == {100} for h in hands)


def test_reset_stacks_through_the_store_keeps_the_ledger() -> None:
    doc = run_json(*BASE, "--reset-stacks", "150")
    assert doc["check"]["passed"] and doc["reset_stacks"] == 150
    assert doc["bots"] == run_json(*BASE, "--reset-stacks", "150", "--no-store")["bots"]


def test_parquet_rows(tmp_path: Path) -> None:
    args = ["simulate", "stud", "--players", "4", "--hands", "20", "--seed", "3", "--bots", "calling", "--no-store"]
    doc = run_json(*args, "--hands-out", str(tmp_path / "rows.parquet"))
    table = pq.read_table(tmp_path / "rows.parquet").to_pylist()
    assert len(table) == 80 and table[0]["game"] == "stud"
    # Stud: the bet unit is the small bet, there is no big blind.
    assert doc["big_blind"] is None and doc["bet_unit"] == {"name": "small bet", "chips": 10}
    assert doc["stakes"]["bring_in"] > 0 and doc["stakes"]["ante"] > 0
    assert all(row["net_units"] == row["net"] / 10 for row in table)
    assert "units_per_100" in doc["bots"][0] and "bb_per_100" not in doc["bots"][0]


@pytest.mark.parametrize(
    ("extra", "needle"),
    [
        (["--reset-stacks", "0"], "a whole number of chips (5000) or of bet units (100bb), above 0"),
        (["--reset-stacks", "lots"], "a whole number of chips"),
        (["--hands-out", "rows.txt"], "the rows are written as .csv or .parquet, not '.txt'"),
        (["--no-store", "--database", "sqlite:///x.db"], "--no-store plays without a database"),
    ],
)
def test_bad_research_options(extra: list[str], needle: str) -> None:
    result = runner.invoke(app, [*BASE, *extra])
    assert result.exit_code == 2, result.output
    assert needle in " ".join(result.output.replace("│", " ").split())
