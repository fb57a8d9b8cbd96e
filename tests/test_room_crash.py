"""The real crash test of RULES §3.8: a table server (``python tests/crashworker.py``) playing bots through
a :class:`~pokerroom.store.runner.TableRunner` on a SQLite file is killed with SIGKILL in the middle of a hand,
then a new runner on the same file recovers.

Each kill: the worker is started (it recovers and reseats its bots itself), it plays until its first settled
hand, then the test waits a seeded random time and polls the database read-only until a hand is in progress with
a seeded random number of journal rows, and kills the worker at once.  Then, in the test process:

* before recovery, every player's chips (account + stack at the table) are read; the in-progress hand's set-up
  must name exactly the stacks the store holds (stacks only change when a hand settles);
* a :class:`TableRunner` on the same file recovers: every hand that was in progress is void, its ledger
  transaction carries the §3.8 reason and refunds exactly the contributions the journal replays to;
* every player holds what they held before that hand, ``check_balanced()`` passes and ``total()`` is unchanged.

Five kills across five games in the normal run, fifty with ``POKERROOM_SOAK=1``; at least 80 % of kills must find
a hand in progress.  The worker sleeps a few milliseconds before each action (``--delay-ms``), as players do, so a
kill lands inside a hand.

And the lease between real processes: a runner in the test process on the table of a live worker is refused,
naming the worker's pid, and the worker plays on; once the worker is SIGKILLed the table is taken over at once.
"""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from crashworker import table_name
from pokerroom.errors import StoreError
from pokerroom.room.journal import replay_journal
from pokerroom.room.record import Status, record_of
from pokerroom.room.record_json import setup_from_json
from pokerroom.store import Store
from pokerroom.store.runner import CRASH_REASON, TableRunner
from soak import SOAK

WORKER = Path(__file__).with_name("crashworker.py")

GAMES = ("holdem", "stud8", "27-triple-draw", "club-lowball", "telesina")
RAKED = {"holdem", "27-triple-draw", "telesina"}  # real-money tables; the others play money
KILLS_PER_GAME = 10 if SOAK else 1
PLAYERS = 4
DELAY_MS = 3


def in_progress_rows(path: Path) -> list[tuple[int, int]]:
    """(hand id, journal rows) of the hands in progress, read through a read-only connection."""
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=10)
    try:
        return list(
            conn.execute(
                "SELECT h.id, COUNT(j.seq) FROM hands h LEFT JOIN journal j ON j.hand_id = h.id "
                "WHERE h.status = ? GROUP BY h.id",
                (Status.INCOMPLETE.value,),  # the store's status of a hand in progress
            )
        )
    finally:
        conn.close()


def kill_mid_hand(path: Path, game: str, seed: int, rng: random.Random, log: Path) -> None:
    """Start the worker on ``path``, let it settle a hand, then SIGKILL it once a hand in progress has a random
    number of journal rows (or after a few seconds whatever it is doing)."""
    with log.open("ab") as err:
        proc = subprocess.Popen(
            [sys.executable, str(WORKER), f"sqlite:///{path}", game, str(seed),
             "--players", str(PLAYERS), "--delay-ms", str(DELAY_MS), *(["--real-money"] if game in RAKED else [])],
            stdout=subprocess.PIPE, stderr=err, text=True,
        )
    watchdog = threading.Timer(120, proc.kill)  # a hung worker must not hang the test run
    watchdog.start()
    try:
        assert proc.stdout is not None
        while not (line := proc.stdout.readline()).startswith("settled"):
            assert line, f"the worker stopped before settling a hand: {log.read_text()[-3000:]}"
        time.sleep(rng.uniform(0.0, 0.25))
        rows = rng.randint(0, 6)
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            if any(n >= rows for _h, n in in_progress_rows(path)):
                break
            time.sleep(0.0005)
        proc.send_signal(signal.SIGKILL)
        assert proc.wait(timeout=30) == -signal.SIGKILL, log.read_text()[-3000:]
    finally:
        watchdog.cancel()
        if proc.poll() is None:
            proc.kill()
        proc.wait()
        if proc.stdout is not None:
            proc.stdout.close()


def recover_and_check(url: str, game: str) -> dict[str, Any]:
    """Recover the table of ``game`` after a kill and check RULES §3.8; returns what the kill found."""
    with Store(url) as store:
        table = store.table_id(table_name(game))
        players = {f"{table_name(game)}-bot{i}": store.account_id(f"{table_name(game)}-bot{i}") for i in range(PLAYERS)}
        held = {name: store.balance(a) + store.stack(table, a) for name, a in players.items()}
        total = store.total()
        open_hands = store.hands_in_progress(table)
        assert len(open_hands) <= 1  # one runner, one hand at a time
        refunds: dict[int, dict[int, int]] = {}
        journal_rows = 0
        for info in open_hands:
            # The hand in progress started from exactly the stacks the last settlement left.
            seats = setup_from_json(info.setup).seats
            for seat in seats:
                assert store.stack(table, players[seat.player]) == seat.stack, (game, seat.player)
            entries = store.journal_entries(info.id)
            journal_rows += len(entries)
            hand = replay_journal(info.setup, entries)
            put = record_of(hand, status=Status.VOIDED, seats=seats).contributions
            refunds[info.id] = {players[seat.player]: c for seat, c in zip(seats, put, strict=True) if c}
            assert sum(refunds[info.id].values()) > 0  # the forced bets are in before anyone acts
        runner = TableRunner(store, table_name(game))  # the killed worker's lease: same host, process ended
        assert runner.taken_over is not None and runner.taken_over.pid != os.getpid()
        assert runner.recovered == [info.id for info in open_hands]
        assert store.hands_in_progress() == []
        for info in open_hands:
            assert store.hand(info.id).status == "voided"
            voided: dict[int, int] = {}
            for account in players.values():
                for row in store.account_history(account):
                    if row.kind == "void" and row.hand == info.id:
                        assert row.memo == CRASH_REASON
                        if row.amount > 0:
                            voided[account] = voided.get(account, 0) + row.amount
            assert voided == refunds[info.id], game
        # Every player holds what they held before the hand, all of it back in their account.
        assert {name: store.balance(a) + store.stack(table, a) for name, a in players.items()} == held
        assert store.stacks(table) == {}
        store.check_balanced()
        assert store.total() == total
        runner.close()  # the next worker on this table may start
        return {"mid_hand": bool(open_hands), "rows": journal_rows}


def test_sigkill_mid_hand_then_recovery(tmp_path: Path) -> None:
    rng = random.Random(20240501)
    found: list[dict[str, Any]] = []
    for game in GAMES:
        path = tmp_path / f"{game}.db"
        for _ in range(KILLS_PER_GAME):
            kill_mid_hand(path, game, rng.getrandbits(31), rng, tmp_path / "worker.log")
            found.append({"game": game, **recover_and_check(f"sqlite:///{path}", game)})
    mid = sum(1 for f in found if f["mid_hand"])
    with_rows = sum(1 for f in found if f["rows"])
    print(f"{len(found)} kills: {mid} mid-hand, {with_rows} with actions journaled; rows {[f['rows'] for f in found]}")
    assert len(found) == len(GAMES) * KILLS_PER_GAME >= (50 if SOAK else 5)
    assert mid >= 0.8 * len(found), found


def test_a_second_runner_is_refused_while_the_worker_lives(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'lease.db'}"
    log = tmp_path / "worker.log"
    with log.open("ab") as err:
        worker = subprocess.Popen(
            [sys.executable, str(WORKER), url, "holdem", "1", "--players", str(PLAYERS), "--delay-ms", str(DELAY_MS)],
            stdout=subprocess.PIPE, stderr=err, text=True,
        )
    watchdog = threading.Timer(120, worker.kill)
    watchdog.start()
    try:
        assert worker.stdout is not None
        while not (line := worker.stdout.readline()).startswith("settled"):
            assert line, log.read_text()[-3000:]
        with Store(url) as store:
            table = store.table_id(table_name("holdem"))
            with pytest.raises(StoreError, match=rf"being played by runner \w+ on host .*, pid {worker.pid},"):
                TableRunner(store, table_name("holdem"))  # this process is the second server
            assert len(store.hands_in_progress(table)) <= 1
            # The worker never noticed: it settles its next hand.
            while not (line := worker.stdout.readline()).startswith("settled"):
                assert line, log.read_text()[-3000:]
            worker.send_signal(signal.SIGKILL)
            assert worker.wait(timeout=30) == -signal.SIGKILL
            total = store.total()
            with TableRunner(store, table_name("holdem")) as runner:  # now taken over at once
                assert runner.taken_over is not None and runner.taken_over.pid == worker.pid
                assert store.hands_in_progress(table) == [] and store.stacks(table) == {}
            store.check_balanced()
            assert store.total() == total
    finally:
        watchdog.cancel()
        if worker.poll() is None:
            worker.kill()
        worker.wait()
        if worker.stdout is not None:
            worker.stdout.close()
