"""``pokerroom night`` killed with SIGKILL in the middle of a hand, then ``--resume``d (issue 17 item 1; the crash
rule, RULES §3.8): the hand cut off is void and every chip it took goes back; the seats, the dealer, the stacks,
the carried chips, the agreed rules and the evening's length are as they were before it.

The soak (``POKERROOM_SOAK=1``) kills a night at several points, each resumed; the suite runs a tenth."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pokerroom.cli import app
from pokerroom.room.record import Status
from pokerroom.store import Store
from pokerroom.store import nights as stored
from pokerroom.store.night_runner import NightRunner
from soak import SOAK

COMMAND = [str(Path(sys.executable).parent / "pokerroom")]
KILLS = 20 if SOAK else 2


class Terminal:
    """A ``pokerroom night`` process whose output is read as it comes (prompts end without a newline)."""

    def __init__(self, args: list[str], cwd: Path) -> None:
        self.proc = subprocess.Popen(
            [*COMMAND, *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            cwd=cwd,
            env={**os.environ, "COLUMNS": "200", "TERM": "dumb"},
        )
        self.out = ""
        self.seen = 0

    def read_until(self, *marks: str, timeout: float = 60.0) -> str:
        """Read until new output (since the last call) ends with one of ``marks``; returns it."""
        deadline = time.monotonic() + timeout
        assert self.proc.stdout is not None
        while time.monotonic() < deadline:
            for mark in marks:
                if len(self.out) > self.seen and self.out.endswith(mark):
                    self.seen = len(self.out)
                    return mark
            ready, _, _ = select.select([self.proc.stdout], [], [], 0.5)
            if ready:
                chunk = os.read(self.proc.stdout.fileno(), 65536)
                if not chunk:
                    raise AssertionError(f"the night ended early:\n{self.out}")
                self.out += chunk.decode()
        raise AssertionError(f"no {marks} within {timeout} s:\n{self.out[-3000:]}")

    def send(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write((line + "\n").encode())
        self.proc.stdin.flush()

    def kill(self) -> None:
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=30)

    def close(self) -> None:
        """Kill the process if it still runs and close its pipes."""
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(timeout=30)
        for pipe in (self.proc.stdin, self.proc.stdout):
            if pipe is not None:
                pipe.close()


def books(url: str) -> dict[str, object]:
    """What the store's books say between hands: seats, next dealer, stacks, carried chips, rules, length."""
    with Store(url) as store:
        row = stored.load_night(store)
        night = row.state["night"]
        stacks = {}
        for name in night["seats"]:
            account = store.account_id(stored.account_name(row.id, name))
            stacks[name] = store.balance(account) + store.stack(row.table, account)
        return {
            "seats": night["seats"],
            "upcoming": night["upcoming"],
            "hand": night["hand"],
            "stacks": stacks,
            "carried": store.carried(row.table),
            "changes": night["changes"],
            "config": night["config"],
            "deals": night["deals"],
        }


@pytest.mark.parametrize("kill", range(KILLS))
def test_a_night_killed_mid_hand_resumes_with_every_chip_and_rule(tmp_path: Path, kill: int) -> None:
    url = f"sqlite:///{tmp_path / 'night.db'}"
    game = "club-holdem" if kill % 2 else "club-lowball"
    args = [
        "night",
        "--game",
        game,
        "--players",
        "Anna,Bo,Cia,Dan",
        "--human",
        "Anna",
        "--seed",
        str(11 + kill),
        "--hands",
        "8",
        "--rule",
        "ante=2" if game == "club-lowball" else "blinds=5,10",
        "--database",
        url,
    ]
    term = Terminal(args, tmp_path)
    try:
        term.read_until("> ")
        # Hand 1 is played; between hands a rule is agreed; hand 2 is dealt and Anna is asked to act: SIGKILL.
        while not term.out.endswith("hand 2> "):
            last = term.out.rsplit("\n", 2)[-2]  # the line before the prompt: "Your move: ..." or "Your draw: ..."
            term.send("p" if last.startswith("Your draw") else "c")
            term.read_until("> ")
        rule = "ante=3" if game == "club-lowball" else "blinds=10,20"
        term.send(f"rule {rule}")
        term.read_until("hand 2> ")
        before = books(url)
        term.send("")
        term.read_until("> ")
        assert "=== Hand 2:" in term.out
        with Store(url) as store:
            assert len(store.hands_in_progress()) == 1  # killed with hand 2 being played
        term.kill()
    finally:
        term.close()
    assert books(url) == before  # the books are as they were between hands 1 and 2

    # The host resumes at the terminal: the hand cut off is void; the standings; the host pauses again.
    result = CliRunner().invoke(app, ["night", "--resume", "--database", url], input="standings\npause\n")
    assert result.exit_code == 0, result.output
    assert "Night 1 resumed after 1 hand; 1 hand cut off by the stop is void, every chip returned" in result.output
    assert "The evening is paused after 1 hand" in result.output

    with Store(url) as store:
        book = NightRunner.resume(store)
        try:
            assert book.voided == []  # voided at the first resume
            void = store.hand_record(stored.table_hands(store, book.runner.table_id)[1])
            assert void.status is Status.VOIDED and void.setup.number == 2
            assert book.stacks() == before["stacks"] and book.table.carried == before["carried"]
            assert book.night.seats == before["seats"] and book.night.next_dealer == before["upcoming"]
            assert book.night.hand == 1 and book.night.deals == before["deals"]
            key, value = rule.split("=")
            assert str(book.night.rules_for_hand(2)[key]).replace(" ", "").strip("()") == value
            assert book.night.config.hands == 8
            store.check_balanced()
        finally:
            book.close()

    # Resumed once more: the input ends, Anna leaves with her chips, the sheet settles and the night is ended.
    result = CliRunner().invoke(app, ["night", "--resume", "1", "--database", url], input="")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Night 1 resumed after 1 hand." in out and "Anna leaves with" in out
    assert "0,00 kr" in out.split("Total")[-1].splitlines()[0]
    with Store(url) as store:
        assert stored.load_night(store, 1).status == stored.ENDED
        store.check_balanced()
