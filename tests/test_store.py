"""The store: accounts, chips at tables, hands (settle, void, journal), persistence and ledger checks.

Every test runs on SQLite (a file) and on PostgreSQL (a database of its own); see ``storetools``.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
from datetime import timedelta
from pathlib import Path

import pytest
from sqlalchemy import select, text, update

from pokerroom.errors import LedgerError, StoreError
from pokerroom.store import HandInfo, Store, account_key, carried_key, rake_key
from pokerroom.store.schema import balances, hands, postings
from storetools import Clock, dead_pid, holder_dies


def key_balance(store: Store, key: str) -> int:
    with store.engine.connect() as conn:
        return int(conn.execute(select(balances.c.balance).where(balances.c.key == key)).scalar() or 0)


def posting_count(store: Store) -> int:
    with store.engine.connect() as conn:
        return int(conn.execute(text("SELECT COUNT(*) FROM postings")).scalar_one())


def seated(store: Store, *names: str, chips: int = 100, deposit: int = 1000) -> tuple[int, list[int]]:
    """A table with a player per name, each with ``deposit`` in the account and ``chips`` bought in."""
    table = store.create_table("main", game="holdem", config={"blinds": [1, 2], "max_players": 9})
    players = []
    for name in names:
        account = store.create_account(name, deposit=deposit)
        store.buy_in(table, account, chips)
        players.append(account)
    return table, players


# --- accounts ---------------------------------------------------------------------------------------------


def test_create_deposit_withdraw(store: Store) -> None:
    alice = store.create_account("alice", deposit=100)
    bob = store.create_account("bob")
    assert store.account_id("alice") == alice and store.account_id("bob") == bob
    assert (store.balance(alice), store.balance(bob)) == (100, 0)
    store.deposit(alice, 50)
    store.withdraw(alice, 30, memo="to the bank")
    assert store.balance(alice) == 120
    assert store.total() == 120 == -key_balance(store, "cashier")
    before = posting_count(store)
    with pytest.raises(StoreError, match="holds 120 chips, cannot withdraw 121"):
        store.withdraw(alice, 121)
    with pytest.raises(StoreError, match="holds 0 chips"):
        store.withdraw(bob, 1)
    assert (store.balance(alice), store.balance(bob), store.total(), posting_count(store)) == (120, 0, 120, before)
    assert store.account_history(alice)[-1].memo == "to the bank"
    store.check_balanced()


def test_bad_input_refused_before_writing(store: Store) -> None:
    alice = store.create_account("alice", deposit=10)
    table = store.create_table("t", game="holdem", config={})
    before = posting_count(store)
    with pytest.raises(StoreError, match="already exists"):
        store.create_account("alice")
    with pytest.raises(StoreError, match="already exists"):
        store.create_table("t", game="omaha", config={})
    for amount in (0, -5, 1.5, True, "3"):
        with pytest.raises(StoreError):
            store.deposit(alice, amount)  # type: ignore[arg-type]
        with pytest.raises(StoreError):
            store.withdraw(alice, amount)  # type: ignore[arg-type]
        with pytest.raises(StoreError):
            store.buy_in(table, alice, amount)  # type: ignore[arg-type]
    with pytest.raises(StoreError):
        store.create_account("carol", deposit=-1)
    with pytest.raises(StoreError):
        store.create_account("  ")
    with pytest.raises(StoreError, match="JSON"):
        store.create_table("u", game="holdem", config={"x": object()})
    with pytest.raises(StoreError, match="JSON"):
        store.create_table("u", game="holdem", config={"x": float("nan")})
    with pytest.raises(StoreError, match="no account named"):
        store.account_id("nobody")
    with pytest.raises(StoreError, match="no account with id 999"):
        store.balance(999)
    with pytest.raises(StoreError, match="no account with id 999"):
        store.deposit(999, 5)
    with pytest.raises(StoreError, match="no account with id 999"):
        store.buy_in(table, 999, 5)
    with pytest.raises(StoreError, match="no table with id 999"):
        store.buy_in(999, alice, 5)
    with pytest.raises(StoreError, match="no table with id 999"):
        store.table_config(999)
    with pytest.raises(StoreError, match="no table with id 999"):
        store.stack(999, alice)
    with pytest.raises(StoreError, match="no hand with id 999"):
        store.hand(999)
    with pytest.raises(StoreError, match="no hand with id 999"):
        store.journal(999, 0, {"a": 1})
    with pytest.raises(StoreError):
        store.begin_hand(table, 0, setup={})
    assert store.account_id("alice") == alice and store.balance(alice) == 10 and posting_count(store) == before
    assert store.table_config(table) == {}


# --- chips at tables ----------------------------------------------------------------------------------------


def test_buy_in_and_cash_out(store: Store) -> None:
    alice = store.create_account("alice", deposit=100)
    table = store.create_table("t1", game="holdem", config={"blinds": [1, 2]})
    assert store.table_id("t1") == table and store.table_config(table) == {"blinds": [1, 2]}
    assert store.stacks(table) == {} and store.stack(table, alice) == 0
    store.buy_in(table, alice, 60)
    assert (store.balance(alice), store.stack(table, alice), store.stacks(table)) == (40, 60, {alice: 60})
    with pytest.raises(StoreError, match="holds 40 chips, cannot buy in for 50"):
        store.buy_in(table, alice, 50)
    assert store.cash_out(table, alice, 20) == 20
    assert (store.balance(alice), store.stack(table, alice)) == (60, 40)
    with pytest.raises(StoreError, match="has 40 chips at table"):
        store.cash_out(table, alice, 41)
    assert store.cash_out(table, alice) == 40
    assert (store.balance(alice), store.stacks(table)) == (100, {})
    assert store.cash_out(table, alice) == 0
    with pytest.raises(StoreError):
        store.cash_out(table, alice, 1)
    assert store.total() == 100
    store.check_balanced()


def test_cash_out_all(store: Store) -> None:
    table, (a, b, c) = seated(store, "a", "b", "c", chips=40)
    store.cash_out(table, c)
    assert store.cash_out_all(table) == {a: 40, b: 40}
    assert store.stacks(table) == {} and store.balance(a) == 1000 and store.cash_out_all(table) == {}
    store.check_balanced()


# --- hands --------------------------------------------------------------------------------------------------


def test_settle_with_rake_and_carried_chips(store: Store) -> None:
    table, (a, b) = seated(store, "A", "B")
    h1 = store.begin_hand(table, 1, setup={"seed": 7, "seats": [a, b], "stacks": [100, 100]})
    store.settle_hand(h1, contributions={a: 50, b: 50}, payouts={a: 97}, rake=3, record={"winner": "A", "pot": 100})
    assert store.stacks(table) == {a: 147, b: 50}
    assert key_balance(store, rake_key(table)) == 3 and store.carried(table) == 0
    assert store.hand(h1) == HandInfo(
        h1, table, 1, {"seed": 7, "seats": [a, b], "stacks": [100, 100]}, "complete", {"winner": "A", "pot": 100}
    )
    # Hand 2 leaves an odd chip on the table; hand 3 plays it.
    h2 = store.begin_hand(table, 2, setup={})
    store.settle_hand(h2, contributions={a: 10, b: 10}, payouts={a: 9, b: 10}, carried_out=1)
    assert store.carried(table) == 1 and store.stacks(table) == {a: 146, b: 50}
    h3 = store.begin_hand(table, 3, setup={})
    store.settle_hand(h3, contributions={a: 5, b: 5}, payouts={b: 11}, carried_in=1)
    assert store.carried(table) == 0 and store.stacks(table) == {a: 141, b: 56}
    assert key_balance(store, carried_key(table)) == 0
    assert store.total() == 2000 and store.balance(a) == store.balance(b) == 900
    assert store.last_hand_number(table) == 3 and store.hands_in_progress() == []
    store.check_balanced()


def test_unbalanced_settlement_refused(store: Store) -> None:
    table, (a, b) = seated(store, "A", "B")
    hand = store.begin_hand(table, 1, setup={})
    before = posting_count(store)
    with pytest.raises(LedgerError, match=r"contributions 100 .* = 100 in, but payouts 96 \+ rake 3 .* = 99 out"):
        store.settle_hand(hand, contributions={a: 50, b: 50}, payouts={a: 96}, rake=3)
    with pytest.raises(LedgerError, match=r"stack:\d+:\d+ holds 100 but the hand takes 150"):
        store.settle_hand(hand, contributions={a: 150, b: 50}, payouts={a: 200})
    with pytest.raises(LedgerError, match=r"carried:\d+ holds 0 but the hand takes 2"):
        store.settle_hand(hand, contributions={a: 1}, payouts={a: 3}, carried_in=2)
    with pytest.raises(StoreError, match="no account with id 999"):
        store.settle_hand(hand, contributions={a: 1}, payouts={999: 1})
    with pytest.raises(StoreError):
        store.settle_hand(hand, contributions={a: -1}, payouts={})
    assert posting_count(store) == before and store.stacks(table) == {a: 100, b: 100}
    assert store.hand(hand).status == "incomplete" and store.hand(hand).record is None
    store.check_balanced()


def test_settle_twice_refused(store: Store) -> None:
    table, (a, b) = seated(store, "A", "B")
    hand = store.begin_hand(table, 1, setup={})
    store.settle_hand(hand, contributions={a: 2, b: 2}, payouts={b: 4})
    with pytest.raises(StoreError, match="is complete, not in progress"):
        store.settle_hand(hand, contributions={a: 2, b: 2}, payouts={b: 4})
    with pytest.raises(StoreError, match="is complete"):
        store.void_hand(hand, contributions={a: 2}, reason="late")
    with pytest.raises(StoreError, match="journal is closed"):
        store.journal(hand, 0, {"a": "fold"})
    assert store.stacks(table) == {a: 98, b: 102}


def test_void_hand_refunds_contributions_gr17(store: Store) -> None:
    table, (a, b, c) = seated(store, "A", "B", "C")
    # A chip carried from an earlier hand must stay where it is.
    h1 = store.begin_hand(table, 1, setup={})
    store.settle_hand(h1, contributions={a: 1, b: 2}, payouts={b: 2}, carried_out=1)
    assert store.carried(table) == 1
    start = store.stacks(table)
    hand = store.begin_hand(table, 2, setup={"seats": [a, b, c]})
    store.journal(hand, 0, {"seat": 0, "action": "post", "amount": 5})
    store.journal(hand, 1, {"seat": 1, "action": "post", "amount": 10})
    store.void_hand(hand, contributions={a: 5, b: 10, c: 10}, reason="server crash (RULES 3.8)")
    assert store.stacks(table) == start == {a: 99, b: 100, c: 100}
    assert store.carried(table) == 1 and store.rake_report() == []
    assert store.hand(hand).status == "voided" and store.hands_in_progress(table) == []
    for player, put in ((a, 5), (b, 10), (c, 10)):
        voids = [row for row in store.account_history(player) if row.kind == "void"]
        assert [(r.amount, r.hand, r.memo) for r in voids] == [
            (-put, hand, "server crash (RULES 3.8)"),
            (put, hand, "server crash (RULES 3.8)"),
        ]
    with pytest.raises(StoreError, match="is void"):
        store.settle_hand(hand, contributions={}, payouts={})
    with pytest.raises(StoreError, match="non-empty"):
        store.void_hand(store.begin_hand(table, 3, setup={}), contributions={}, reason="")
    store.check_balanced()


def test_journal_round_trip(store: Store) -> None:
    table, _ = seated(store, "A", "B")
    hand = store.begin_hand(table, 1, setup={"seed": 42})
    entries = {
        2: {"seat": 1, "action": "call", "amount": 4, "cards": None},
        0: {"seat": 0, "action": "post", "amount": 1, "nested": {"k": [1, "x", True]}},
        1: {"seat": 1, "action": "raise", "amount": 4, "note": "é ♠"},
    }
    for seq, entry in entries.items():
        store.journal(hand, seq, entry)
    assert store.journal_entries(hand) == [entries[0], entries[1], entries[2]]
    with pytest.raises(StoreError, match="already has journal entry 1"):
        store.journal(hand, 1, {"dup": True})
    with pytest.raises(StoreError):
        store.journal(hand, -1, {})
    with pytest.raises(StoreError, match="JSON"):
        store.journal(hand, 3, {"bad": {1, 2}})
    assert len(store.journal_entries(hand)) == 3
    other = store.begin_hand(table, 2, setup={})
    assert store.journal_entries(other) == []


def test_the_journal_on_sqlites_driver_writes_what_sqlalchemy_writes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On SQLite the journal's insert runs on the driver's cursor (the hot path): the row it writes is the row
    SQLAlchemy's own execution of the same statement writes, value for value (JSON text, time text)."""
    from pokerroom.store import hands as stored

    entry = {"seat": 1, "action": "raise", "amount": 10, "cards": ["Ah", "Kd"], "note": 'é "♠"', "x": None}
    rows = []
    for way in ("driver", "sqlalchemy"):
        with Store(f"sqlite:///{tmp_path / way}.db", now=Clock()) as s:
            table, _ = seated(s, "A", "B")
            hand = s.begin_hand(table, 1, setup={"seed": 1})
            if way == "sqlalchemy":
                monkeypatch.setattr(
                    stored._JOURNAL_APPEND_SQLITE, "rowcount",
                    lambda conn, values: conn.execute(stored._JOURNAL_APPEND, values).rowcount,
                )  # fmt: skip
            s.journal(hand, 0, entry)
            with pytest.raises(StoreError, match="already has journal entry 0"):
                s.journal(hand, 0, entry)
            with s.engine.connect() as conn:
                rows.append(conn.execute(text("SELECT hand_id, seq, entry, created_at FROM journal")).all())
            assert s.journal_entries(hand) == [entry]
            s.void_hand(hand, contributions={}, reason="test")
            with pytest.raises(StoreError, match=f"hand {hand} is voided; its journal is closed"):
                s.journal(hand, 1, entry)
            with pytest.raises(StoreError, match="no hand with id 99"):
                s.journal(99, 0, entry)
    assert rows[0] == rows[1] and len(rows[0]) == 1


def test_hands_in_progress_and_numbers(store: Store) -> None:
    t1 = store.create_table("one", game="holdem", config={})
    t2 = store.create_table("two", game="omaha", config={})
    assert store.last_hand_number(t1) == 0 and store.hands_in_progress() == []
    h1 = store.begin_hand(t1, 1, setup={"seed": 1})
    h2 = store.begin_hand(t2, 7, setup={"seed": 2})
    h3 = store.begin_hand(t1, 2, setup={"seed": 3})
    with pytest.raises(StoreError, match="already has a hand number 2"):
        store.begin_hand(t1, 2, setup={})
    assert [h.id for h in store.hands_in_progress()] == [h1, h2, h3]
    assert store.hands_in_progress(t1) == [
        HandInfo(h1, t1, 1, {"seed": 1}, "incomplete"),
        HandInfo(h3, t1, 2, {"seed": 3}, "incomplete"),
    ]
    store.settle_hand(h1, contributions={}, payouts={})
    assert [h.id for h in store.hands_in_progress(t1)] == [h3]
    assert (store.last_hand_number(t1), store.last_hand_number(t2)) == (2, 7)
    with pytest.raises(StoreError, match="no table with id 999"):
        store.hands_in_progress(999)


# --- persistence and ledger checks --------------------------------------------------------------------------


def test_reopen_sees_everything(store_url: str) -> None:
    with Store(store_url) as first:
        table, (a, b) = seated(first, "A", "B")
        hand = first.begin_hand(table, 1, setup={"seed": 9})
        first.settle_hand(hand, contributions={a: 20, b: 20}, payouts={b: 39}, rake=1, record={"id": 1})
        open_hand = first.begin_hand(table, 2, setup={"seed": 10})
        first.journal(open_hand, 0, {"action": "post"})
        history = first.account_history(b)
    with Store(store_url) as second:
        assert second.account_id("B") == b and second.table_config(table) == {"blinds": [1, 2], "max_players": 9}
        assert second.stacks(table) == {a: 80, b: 119} and second.balance(a) == 900
        assert second.hand(hand).record == {"id": 1} and second.journal_entries(open_hand) == [{"action": "post"}]
        assert [h.id for h in second.hands_in_progress()] == [open_hand]
        assert second.account_history(b) == history and second.total() == 2000
        second.check_balanced()


_KILLED_WRITER = """
import os, signal, sys
from pokerroom.store import Store
s = Store(sys.argv[1])
a = s.create_account("A", deposit=500)
t = s.create_table("t", game="holdem", config={})
s.buy_in(t, a, 200)
h = s.begin_hand(t, 1, setup={})
s.journal(h, 0, {"action": "post", "amount": 2})
os.kill(os.getpid(), signal.SIGKILL)
"""


def test_sigkill_loses_no_committed_transaction(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'killed.db'}"
    done = subprocess.run([sys.executable, "-c", _KILLED_WRITER, url], capture_output=True, timeout=60)
    assert done.returncode == -signal.SIGKILL, done.stderr
    with Store(url) as store:
        a, t = store.account_id("A"), store.table_id("t")
        assert (store.balance(a), store.stack(t, a)) == (300, 200)
        (hand,) = store.hands_in_progress()
        assert store.journal_entries(hand.id) == [{"action": "post", "amount": 2}]
        with store.engine.connect() as conn:
            pragmas = [
                conn.exec_driver_sql(f"PRAGMA {p}").scalar() for p in ("journal_mode", "synchronous", "foreign_keys")
            ]
        assert pragmas == ["wal", 1, 1]  # synchronous 1 = NORMAL
        store.check_balanced()
    assert os.path.exists(tmp_path / "killed.db")


def test_check_balanced_detects_tampered_balance(store: Store) -> None:
    _, (a, _b) = seated(store, "A", "B")
    store.check_balanced()
    with store.engine.begin() as conn:
        conn.execute(update(balances).where(balances.c.key == account_key(a)).values(balance=balances.c.balance + 1))
    with pytest.raises(LedgerError, match=rf"balance of account:{a} is 901 but its postings sum to 900"):
        store.check_balanced()


def test_check_balanced_detects_tampered_posting(store: Store) -> None:
    _, (_a, b) = seated(store, "A", "B")
    with store.engine.begin() as conn:
        first = conn.execute(
            select(postings.c.id, postings.c.transaction_id)
            .where(postings.c.key == account_key(b))
            .order_by(postings.c.id)
        ).first()
        assert first is not None
        conn.execute(update(postings).where(postings.c.id == first.id).values(amount=postings.c.amount - 5))
    with pytest.raises(LedgerError) as refused:
        store.check_balanced()
    message = str(refused.value)
    assert f"transaction {first.transaction_id} postings sum to -5, not 0" in message
    assert f"balance of account:{b} is 900 but its postings sum to 895" in message


def test_check_balanced_detects_negative_and_stuck_pot(store: Store) -> None:
    table, (a,) = seated(store, "A", chips=10, deposit=10)
    with store.engine.begin() as conn:  # a forged but balanced transfer that overdraws A's stack into the pot
        conn.execute(update(balances).where(balances.c.key == f"stack:{table}:{a}").values(balance=-5))
        conn.execute(balances.insert().values(key=f"pot:{table}", book="pot", table_id=table, balance=15))
        conn.execute(update(hands).values(status="voided"))
    with pytest.raises(LedgerError) as refused:
        store.check_balanced()
    message = str(refused.value)
    assert f"stack:{table}:{a} is negative (-5)" in message
    assert f"pot:{table} holds 15 chips outside a settlement" in message


def test_threads_write_through_their_own_connections(store: Store) -> None:
    # Each thread keeps its own writing connection (the journal's hot path); writers from several threads at
    # once neither share a transaction nor lose a chip.
    accounts = [store.create_account(f"t{i}", deposit=1000) for i in range(4)]
    errors: list[BaseException] = []

    def work(account: int) -> None:
        try:
            for _ in range(25):
                store.deposit(account, 3)
                store.withdraw(account, 1)
        except BaseException as exc:  # reported below: a thread's exception would otherwise be lost
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(a,)) for a in accounts]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert [store.balance(a) for a in accounts] == [1050] * 4 and store.total() == 4200
    # Many more short-lived writing threads than the pool has connections: ended threads give theirs back.
    for _round in range(30):
        worker = threading.Thread(target=store.deposit, args=(accounts[0], 1))
        worker.start()
        worker.join()
    assert store.balance(accounts[0]) == 1080
    store.check_balanced()


# --- numbers beyond the limits ------------------------------------------------------------------------------


def test_amounts_ids_and_numbers_beyond_the_limits_are_refused(store: Store) -> None:
    a = store.create_account("a")
    table = store.create_table("t", game="holdem", config={})
    hand = store.begin_hand(table, 1, setup={})
    before = posting_count(store)
    for amount in (2**53 + 1, 2**62, 2**63, 2**70):
        with pytest.raises(StoreError, match=r"at most 9007199254740992 chips \(2\*\*53"):
            store.deposit(a, amount)
        with pytest.raises(StoreError, match=r"2\*\*53"):
            store.create_account(f"x{amount}", deposit=amount)
        with pytest.raises(StoreError, match=r"2\*\*53"):
            store.withdraw(a, amount)
        with pytest.raises(StoreError, match=r"2\*\*53"):
            store.buy_in(table, a, amount)
        with pytest.raises(StoreError, match=r"2\*\*53"):
            store.cash_out(table, a, amount)
        with pytest.raises(StoreError, match=r"2\*\*53"):
            store.settle_hand(hand, contributions={a: amount}, payouts={a: amount})
        with pytest.raises(StoreError, match=r"2\*\*53"):
            store.void_hand(hand, contributions={a: amount}, reason="r")
    for big in (2**62 + 1, 2**63, 2**70):  # hand ids and numbers: 64-bit columns
        with pytest.raises(StoreError, match=r"at most 4611686018427387904 \(2\*\*62\)"):
            store.begin_hand(table, big, setup={})
        with pytest.raises(StoreError, match=r"2\*\*62"):
            store.journal(big, 0, {})
        with pytest.raises(StoreError, match=r"2\*\*62"):
            store.hand(big)
        with pytest.raises(StoreError, match=r"2\*\*62"):
            store.journal_entries(big)
    for big in (2**31, 2**40, 2**62, 2**63, 2**70):  # account and table ids, journal seq: 32 bits on PostgreSQL
        with pytest.raises(StoreError, match=r"at most 2147483647 \(2\*\*31 - 1\)"):
            store.balance(big)
        with pytest.raises(StoreError, match=r"2\*\*31 - 1"):
            store.deposit(big, 1)
        with pytest.raises(StoreError, match=r"2\*\*31 - 1"):
            store.begin_hand(big, 2, setup={})
        with pytest.raises(StoreError, match=r"2\*\*31 - 1"):
            store.journal(hand, big, {})
        with pytest.raises(StoreError, match=r"2\*\*31 - 1"):
            store.stack(table, big)
        with pytest.raises(StoreError, match=r"2\*\*31 - 1"):
            store.stacks(big)
        with pytest.raises(StoreError, match=r"2\*\*31 - 1"):
            store.account_history(big)
        with pytest.raises(StoreError, match=r"2\*\*31 - 1"):
            store.settle_hand(hand, contributions={big: 1}, payouts={big: 1})
        with pytest.raises(StoreError, match=r"2\*\*31 - 1"):
            store.take_lease(big, "x")
        with pytest.raises(StoreError, match=r"2\*\*31 - 1"):
            store.record_protection(big)
    # Within the limits but unknown: the usual refusals, never a database error.
    with pytest.raises(StoreError, match="no account with id 2147483647"):
        store.balance(2**31 - 1)
    with pytest.raises(StoreError, match="no hand with id 4611686018427387904"):
        store.hand(2**62)
    # A bool is not an int, wherever one is expected.
    for call in (
        lambda: store.deposit(a, True),
        lambda: store.deposit(True, 5),
        lambda: store.balance(True),
        lambda: store.begin_hand(table, True, setup={}),
        lambda: store.begin_hand(True, 2, setup={}),
        lambda: store.journal(hand, True, {}),
        lambda: store.journal(True, 0, {}),
        lambda: store.buy_in(table, a, True),
        lambda: store.cash_out(table, a, True),
        lambda: store.stack(True, a),
        lambda: store.settle_hand(hand, contributions={True: 1}, payouts={True: 1}),
        lambda: store.settle_hand(hand, contributions={}, payouts={}, rake=False),
        lambda: store.record_protection(True),
    ):
        with pytest.raises(StoreError):
            call()
    assert posting_count(store) == before and store.balance(a) == 0
    assert store.hand(hand).status == "incomplete" and store.journal_entries(hand) == []
    # The largest figures are taken, exactly.
    store.journal(hand, 2**31 - 1, {"seq": "last"})
    assert store.journal_entries(hand) == [{"seq": "last"}]
    assert store.hand(store.begin_hand(table, 2**62, setup={})).number == 2**62
    store.deposit(a, 2**53)
    assert store.balance(a) == 2**53 == store.total()
    store.check_balanced()


def test_no_balance_may_pass_the_limit(store: Store) -> None:
    a = store.create_account("a")
    b = store.create_account("b")
    store.deposit(a, 2**53 - 500)
    before = posting_count(store)
    # The account would pass 2**53, and so would the room (the cashier is minus every chip in it).
    with pytest.raises(StoreError, match=rf"account:{a} would hold 9007199254741492.* beyond 9007199254740992"):
        store.deposit(a, 1000)
    with pytest.raises(StoreError, match=r"cashier would hold -9007199254741492"):
        store.deposit(b, 1000)
    with pytest.raises(StoreError, match="beyond"):
        store.create_account("c", deposit=1000)
    assert posting_count(store) == before and store.balance(b) == 0
    with pytest.raises(StoreError, match="no account named 'c'"):
        store.account_id("c")
    store.deposit(b, 500)  # exactly up to the limit
    assert store.total() == 2**53 and store.balance(a) + store.balance(b) == 2**53
    # Chips moving inside the room are fine at any size within it.
    table = store.create_table("t", game="holdem", config={})
    store.buy_in(table, a, 2**53 - 500)
    store.buy_in(table, b, 500)
    hand = store.begin_hand(table, 1, setup={})
    store.settle_hand(hand, contributions={a: 2**53 - 500, b: 500}, payouts={b: 2**53})
    assert store.stack(table, b) == 2**53 and store.stack(table, a) == 0
    assert store.cash_out(table, b) == 2**53
    store.withdraw(b, 2**53)
    store.deposit(a, 2**53)  # room again once chips have left
    assert store.total() == 2**53
    store.check_balanced()  # never an integer overflow, never a float


# --- leases and disconnect protections ----------------------------------------------------------------------


def test_table_leases(store: Store, clock: Clock) -> None:
    table = store.create_table("t", game="holdem", config={})
    other = store.create_table("u", game="holdem", config={})
    assert store.lease(table) is None
    assert store.take_lease(table, "one") is None
    held = store.lease(table)
    assert held is not None and (held.table, held.owner, held.pid) == (table, "one", os.getpid())
    assert (held.host, held.heartbeat) == (socket.gethostname(), clock())
    assert store.take_lease(table, "one") is None  # the holder again: a fresh heartbeat
    assert store.take_lease(other, "two") is None  # a lease per table
    # This process lives: refused however old the heartbeat, naming the holder.
    clock.advance(hours=1)
    with pytest.raises(StoreError, match=rf"table {table} is being played by runner one on host .*, pid {os.getpid()}"):
        store.take_lease(table, "three")
    # Its process ended: taken over at once (and the next, "four", ends too).
    holder_dies(store, table)
    taken = store.take_lease(table, "four")
    assert taken is not None and taken.owner == "one" and taken.pid != os.getpid()
    holder_dies(store, table)
    taken = store.take_lease(table, "five")
    assert taken is not None and taken.owner == "four"
    # Writes with a lease go through only while it is held, and refresh it.
    a = store.create_account("a", deposit=100)
    clock.advance(seconds=10)
    store.buy_in(table, a, 50, lease="five")
    lease = store.lease(table)
    assert lease is not None and lease.heartbeat == clock()
    before = posting_count(store)
    for call in (
        lambda: store.buy_in(table, a, 10, lease="four"),
        lambda: store.cash_out(table, a, lease="four"),
        lambda: store.cash_out_all(table, lease="four"),
        lambda: store.begin_hand(table, 1, setup={}, lease="four"),
        lambda: store.renew_lease(table, "four"),
    ):
        with pytest.raises(StoreError, match=r"runner four no longer holds the lease .* held by runner five"):
            call()
    hand = store.begin_hand(table, 1, setup={}, lease="five")
    with pytest.raises(StoreError, match="no longer holds"):
        store.settle_hand(hand, contributions={a: 5}, payouts={a: 5}, lease="four")
    with pytest.raises(StoreError, match="no longer holds"):
        store.void_hand(hand, contributions={a: 5}, reason="r", lease="four")
    assert posting_count(store) == before and store.hand(hand).status == "incomplete"
    store.settle_hand(hand, contributions={a: 5}, payouts={a: 5}, lease="five")
    # Given back: only by its holder (or by anyone without an owner: the operator's way).
    assert store.release_lease(table, "four") is False
    assert store.release_lease(table, "five") is True and store.lease(table) is None
    with pytest.raises(StoreError, match="nobody holds it"):
        store.renew_lease(table, "five")
    assert store.release_lease(other) is True and store.lease(other) is None
    for bad in (
        lambda: store.take_lease(999, "x"),
        lambda: store.take_lease(table, ""),
        lambda: store.take_lease(table, "x" * 65),
        lambda: store.take_lease(table, "x", pid=-1),
        lambda: store.take_lease(table, "x", pid=True),
        lambda: store.take_lease(table, "x", timeout=-1),
        lambda: store.take_lease(table, "x", timeout=float("nan")),
    ):
        with pytest.raises(StoreError):
            bad()
    assert store.lease(table) is None


def test_leases_from_another_host_go_by_the_heartbeat(store: Store, clock: Clock) -> None:
    table = store.create_table("t", game="holdem", config={})
    store.take_lease(table, "far", host="elsewhere", pid=os.getpid())  # the pid means nothing on another host
    clock.advance(seconds=5)  # DEFAULT_TIMEOUT: 5 s (issue 25)
    with pytest.raises(StoreError, match=r"host 'elsewhere', pid \d+, last heartbeat 5.0 s ago.* more than 5 s old"):
        store.take_lease(table, "near")
    store.renew_lease(table, "far")
    clock.advance(seconds=4)
    with pytest.raises(StoreError, match="being played by runner far"):
        store.take_lease(table, "near")
    with pytest.raises(StoreError, match="being played by runner far"):
        store.take_lease(table, "near", timeout=4.5)
    assert store.take_lease(table, "near", timeout=3) is not None
    # A holder whose process on this host has ended: this host knows at once, another host only by the heartbeat.
    store.release_lease(table)
    store.take_lease(table, "here", pid=dead_pid())
    with pytest.raises(StoreError, match="being played by runner here"):
        store.take_lease(table, "far", host="elsewhere")
    taken = store.take_lease(table, "near")
    assert taken is not None and taken.owner == "here"


def test_disconnect_protections_are_recorded(store: Store, clock: Clock) -> None:
    table, (a, b) = seated(store, "A", "B")
    hand = store.begin_hand(table, 1, setup={})
    assert store.protections_since(a, clock() - timedelta(days=1)) == []
    first = clock()
    assert store.record_protection(a) == first
    clock.advance(hours=2)
    store.journal(hand, 0, {"seat": 0, "kind": "artificial_all_in"}, protection=a)  # one transaction
    store.record_protection(b, table=table, hand=hand)
    assert store.protections_since(a, first) == [first, first + timedelta(hours=2)]
    assert store.protections_since(a, first + timedelta(seconds=1)) == [first + timedelta(hours=2)]
    assert store.protections_since(a, (first + timedelta(hours=3)).replace(tzinfo=None)) == []  # naive is UTC
    assert store.protections_since(b, first) == [clock()]
    for bad in (
        lambda: store.record_protection(999),
        lambda: store.record_protection(a, hand=999),
        lambda: store.record_protection(a, table=999),
        lambda: store.record_protection(a, table=store.create_table("u", game="holdem", config={}), hand=hand),
        lambda: store.protections_since(999, first),
        lambda: store.protections_since(a, "yesterday"),  # type: ignore[arg-type]
        lambda: store.journal(hand, 1, {"seat": 0}, protection=999),
    ):
        with pytest.raises(StoreError):
            bad()
    # A journal entry refused records no protection, and a protection refused journals nothing.
    assert len(store.journal_entries(hand)) == 1
    assert len(store.protections_since(a, first)) == 2
