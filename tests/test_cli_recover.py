"""``pokerroom recover``: after ``kill -9`` of ``pokerroom simulate --database FILE`` the hand in progress is voided,
its contributions refunded and the table's chips returned (RULES §3.8); ``simulate --database`` does the same
when it starts."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pokerroom.cli import app
from pokerroom.store import Store

runner = CliRunner()

COMMAND = [sys.executable, "-c", "from pokerroom.cli import main; main()"]


def flat(output: str) -> str:
    for box in "│╭╮╰╯─":
        output = output.replace(box, " ")
    return " ".join(output.split())


def crashed_store(path: Path) -> str:
    """A store whose simulate run was killed (SIGKILL) with a hand in progress; returns its URL."""
    url = f"sqlite:///{path}"
    Store(url).close()
    for _attempt in range(5):
        args = ["simulate", "holdem", "--players", "4", "--hands", "1000000", "--seed", "3", "--database", url]
        run = subprocess.Popen([*COMMAND, *args], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline:
                time.sleep(0.5)
                with Store(url) as store:
                    running = store.hands_in_progress()
                    if running and store.last_hand_number(running[0].table) > 5:
                        break
            os.kill(run.pid, signal.SIGKILL)
        finally:
            run.kill()
            run.wait(timeout=30)
        with Store(url) as store:
            if store.hands_in_progress():
                return url
    pytest.fail("the run was never killed mid-hand")


def test_recover_after_kill_9_voids_the_hand_and_the_ledger_balances(tmp_path: Path) -> None:
    url = crashed_store(tmp_path / "room.db")
    with Store(url) as store:
        stranded = store.hands_in_progress()
    assert stranded
    result = runner.invoke(app, ["recover", "--database", url])
    assert result.exit_code == 0, result.output
    out = flat(result.output)
    for info in stranded:
        # a long run's later shards name their table with a suffix (-s1, -s2...): the kill may land in any
        table = r"Table simulate-holdem-[0-9a-f]{8}(?:-s\d+)?"
        voided = rf"{table}: hand #{info.number} voided \(RULES §3\.8\); refunded: "
        assert re.search(voided, out), out
    assert "chips returned from the table to the players' accounts" in out
    assert "Recovered 1 table, 1 hand voided." in out
    with Store(url) as store:
        assert store.hands_in_progress() == []
        store.check_balanced()
    balance = runner.invoke(app, ["report", "--database", url, "balance"])
    assert balance.exit_code == 0, balance.output
    again = runner.invoke(app, ["recover", "--database", url])
    assert again.exit_code == 0 and "nothing to recover" in again.output


def test_simulate_with_the_database_recovers_first(tmp_path: Path) -> None:
    url = crashed_store(tmp_path / "room.db")
    args = ["simulate", "holdem", "--players", "2", "--hands", "3", "--seed", "1", "--database", url]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "Recovery: Table simulate-holdem-" in result.output and "voided (RULES §3.8)" in result.output
    assert "Store check passed" in result.output
    with Store(url) as store:
        assert store.hands_in_progress() == []
        store.check_balanced()


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("mysql://u:secret@db.example/room", "no driver for mysql"),
        ("sqlite:///{tmp}/missing.db", "no SQLite database at"),
        ("not a url", "not a database URL"),
    ],
)
def test_a_bad_database_exits_2(url: str, message: str, tmp_path: Path) -> None:
    result = runner.invoke(app, ["recover", "--database", url.format(tmp=tmp_path)])
    assert result.exit_code == 2, result.output
    assert message in flat(result.output) and "secret" not in result.output
    assert not (tmp_path / "missing.db").exists()


def test_a_store_with_nothing_in_progress(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'room.db'}"
    result = runner.invoke(app, ["simulate", "holdem", "--players", "2", "--hands", "2", "--database", url])
    assert result.exit_code == 0, result.output
    done = runner.invoke(app, ["recover", "--database", url])
    assert done.exit_code == 0, done.output
    assert "No hand in progress: nothing to recover." in done.output
