"""The store survives a dropped PostgreSQL connection (issue 19): each store call cut by ``pg_terminate_backend``
is redone whole after a short wait (``RETRY_DELAYS``), a ``COMMIT`` whose reply was lost is looked up by its
transaction id and redone only if it did not land, and only a database that stays away past the retries ends a
hand, voided under the crash rule (RULES §3.8) with every chip refunded.

The tests share a throwaway database of the real PostgreSQL (``storetools.pg_database``), emptied before each,
and cut the store's connections from an operator's connection of their own: ``pg_terminate_backend`` between and
inside the store's transactions (a statement hook on the store's engine picks the moment), and
``ALLOW_CONNECTIONS false`` for a database that stays down.  SQLite cannot drop a connection and has no
retries.  ``POKERROOM_SOAK=1`` plays the acceptance table longer, with ten times the terminations.
"""

from __future__ import annotations

import logging
import re
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import psycopg
import pytest
from sqlalchemy import create_engine, event, func, select, text
from sqlalchemy.engine import Connection, make_url
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.pool import NullPool

from pokerroom.bots import CallingStation, RandomBot
from pokerroom.engine import Action, HandView
from pokerroom.errors import StoreError
from pokerroom.room.table import TableConfig
from pokerroom.store import RetryStats, Store, StoreUnavailable
from pokerroom.store import retry as retry_module
from pokerroom.store.retry import RETRY_DELAYS, dropped
from pokerroom.store.runner import CRASH_REASON, Bot, TableRunner
from pokerroom.store.schema import hands
from soak import count
from storetools import PG_URL, pg_database

KILLS = count(40)
"""``pg_terminate_backend`` calls during the acceptance table's play."""
KILL_EVERY = 25
"""Decisions between two of them (a hand at six seats takes about 20)."""
HANDS = count(200)
"""Hands the acceptance table plays at least (more while terminations are still to come)."""
REASON = "terminating connection due to administrator command"  # PostgreSQL's message for pg_terminate_backend


class Database:
    """A throwaway database and an operator's hand over it (a connection of its own, never the store's)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.name = make_url(url).database
        self.admin = create_engine(PG_URL, isolation_level="AUTOCOMMIT", poolclass=NullPool)

    def terminate(self, pid: int | None = None) -> int:
        """``pg_terminate_backend`` on backend ``pid`` (every connection to the database when None); returns how
        many, once they are gone."""
        where = "pid = :pid" if pid is not None else "datname = :db AND pid <> pg_backend_pid()"
        with self.admin.connect() as conn:
            pids = list(
                conn.execute(
                    text(f"SELECT pid FROM pg_stat_activity WHERE {where}"), {"pid": pid, "db": self.name}
                ).scalars()
            )
            for p in pids:
                conn.execute(text("SELECT pg_terminate_backend(:p)"), {"p": p})
            while conn.execute(
                text("SELECT count(*) FROM pg_stat_activity WHERE pid = ANY(:ps)"), {"ps": pids}
            ).scalar():
                time.sleep(0.002)
        return len(pids)

    def allow(self, allowed: bool) -> None:
        """Let connections in, or refuse every new one (the database is down for the store)."""
        with self.admin.connect() as conn:
            conn.exec_driver_sql(f'ALTER DATABASE "{self.name}" ALLOW_CONNECTIONS {str(allowed).lower()}')


@pytest.fixture(scope="module")
def database() -> Iterator[Database]:
    with pg_database() as url:
        database = Database(url)
        try:
            yield database
        finally:
            database.allow(True)
            database.admin.dispose()


@pytest.fixture
def db(database: Database) -> Database:
    """The module's database, its store's tables emptied (a new database, or a new store's tables, cost about a
    second on a busy machine; emptying them, milliseconds)."""
    database.allow(True)
    database.terminate()  # what the last test's store left behind
    owner = create_engine(database.url, isolation_level="AUTOCOMMIT", poolclass=NullPool)
    try:
        with owner.connect() as conn:
            names = conn.execute(
                text("SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'alembic_version'")
            ).scalars()
            listed = ", ".join(f'"{name}"' for name in names)
            if listed:
                conn.exec_driver_sql(f"TRUNCATE {listed} RESTART IDENTITY CASCADE")
    finally:
        owner.dispose()
    return database


@pytest.fixture
def store(db: Database) -> Iterator[Store]:
    s = Store(db.url)
    yield s
    s.close()


def backend_pid(conn: Connection) -> int:
    return int(conn.connection.dbapi_connection.info.backend_pid)  # type: ignore[union-attr]


class Cutter:
    """Terminates the store's connection just before it sends its next statement starting with the prefix
    :meth:`arm` was given (once per arming), inside the transaction.  ``cuts``: how many it made."""

    def __init__(self, store: Store, db: Database) -> None:
        self.store, self.db = store, db
        self.armed: tuple[str, bool] | None = None
        self.cuts = 0
        event.listen(store.engine, "before_cursor_execute", self._hook)

    def arm(self, statement: str, *, down: bool = False) -> None:
        """Cut before the next statement starting with ``statement``; ``down``: and refuse new connections."""
        self.armed = (statement, down)

    def _hook(self, conn: Connection, _cursor: Any, sql: str, *_args: Any) -> None:
        if self.armed is not None and sql.lstrip().startswith(self.armed[0]):
            if self.armed[1]:
                self.db.allow(False)
            self.armed = None
            assert self.db.terminate(backend_pid(conn)) == 1
            self.cuts += 1

    def close(self) -> None:
        event.remove(self.store.engine, "before_cursor_execute", self._hook)


@pytest.fixture
def cutter(store: Store, db: Database) -> Iterator[Cutter]:
    c = Cutter(store, db)
    yield c
    c.close()


@contextmanager
def cut_commit(store: Store, db: Database, *, landed: bool) -> Iterator[list[int]]:
    """Terminate the store's connection at its next ``COMMIT`` (once).  ``landed``: the transaction commits first
    and only the reply is lost (the DBAPI commits it, opens another, and the store's ``COMMIT`` goes to a dead
    server); else the ``COMMIT`` never arrives and the server rolls the transaction back."""
    cut: list[int] = []

    def hook(conn: Connection) -> None:
        if cut:
            return
        dbapi = conn.connection.dbapi_connection
        assert dbapi is not None
        pid = backend_pid(conn)
        if landed:
            dbapi.commit()
            dbapi.cursor().execute("SELECT 1")
        db.terminate(pid)
        cut.append(pid)

    event.listen(store.engine, "commit", hook)
    try:
        yield cut
    finally:
        event.remove(store.engine, "commit", hook)


def retry_lines(caplog: pytest.LogCaptureFixture) -> list[str]:
    """The store's retry warnings; none of the log's records carries a traceback."""
    assert all(r.exc_info is None for r in caplog.records), [r.getMessage() for r in caplog.records if r.exc_info]
    return [r.getMessage() for r in caplog.records if r.name == retry_module.__name__]


def redone(operation: str, reason: str = REASON) -> re.Pattern[str]:
    return re.compile(
        rf"store: Store\.{operation} redone after a dropped database connection \({reason}\): "
        r"1 retry, \d+\.\d{3} s lost"
    )


def landed_line(operation: str) -> re.Pattern[str]:
    return re.compile(
        rf"store: Store\.{operation}: the database connection dropped during its COMMIT \({REASON}\); transaction "
        r"\d+ had committed, so it was not redone \(\d+\.\d{3} s lost\)"
    )


def counts(store: Store) -> tuple[int, int, int, int]:
    s = store.retry_stats
    return s.retried, s.retries, s.landed, s.gave_up


def statuses(store: Store) -> dict[str, int]:
    with store.engine.connect() as conn:
        return {str(s): int(n) for s, n in conn.execute(select(hands.c.status, func.count()).group_by(hands.c.status))}


# ------------------------------------------------------------------------------------------------------ what a drop is


def test_a_drop_is_a_connection_gone_or_not_coming_back_never_a_refused_statement() -> None:
    def op(orig: Exception, **kw: Any) -> OperationalError:
        return OperationalError("SELECT 1", {}, orig, **kw)

    assert dropped(op(psycopg.errors.AdminShutdown(REASON)))  # 57P01: pg_terminate_backend
    assert dropped(op(psycopg.errors.CannotConnectNow("the database system is starting up")))  # 57P03
    assert dropped(op(psycopg.errors.ConnectionFailure("connection failure")))  # class 08
    assert dropped(op(psycopg.OperationalError("connection failed: Connection refused")))  # no SQLSTATE
    assert dropped(op(psycopg.errors.SerializationFailure("x"), connection_invalidated=True))
    assert not dropped(op(psycopg.errors.SerializationFailure("could not serialize access")))  # 40001
    assert not dropped(op(psycopg.errors.QueryCanceled("canceling statement due to statement timeout")))
    assert not dropped(IntegrityError("INSERT", {}, psycopg.errors.UniqueViolation("duplicate key")))
    assert not dropped(StoreError("no account with id 9"))


# ---------------------------------------------------------------------------------------------- (a) the store's writes


def test_a_write_after_a_termination_is_redone_once_with_one_warning_line(
    store: Store, db: Database, caplog: pytest.LogCaptureFixture
) -> None:
    account = store.create_account("ann", deposit=100)
    assert db.terminate() == 1  # the store's writing connection, idle between two calls
    with caplog.at_level(logging.WARNING):
        store.deposit(account, 25)
    assert store.balance(account) == 125 and store.total() == 125
    assert counts(store) == (1, 1, 0, 0) and 0 < store.retry_stats.seconds < 1
    (line,) = retry_lines(caplog)
    assert redone("deposit").fullmatch(line), line


def test_a_read_after_a_termination_takes_a_pinged_connection_and_needs_no_retry(store: Store, db: Database) -> None:
    account = store.create_account("ann", deposit=100)
    assert store.balance(account) == 100  # a pooled reading connection now exists beside the writing one
    assert db.terminate() == 2
    assert store.balance(account) == 100 and store.stacks(store.create_table("t", game="holdem", config={})) == {}
    # The pool pinged its dead connection at checkout and made a new one; the write found its own dead and redid.
    assert counts(store) == (1, 1, 0, 0)


def test_a_writing_block_starts_on_a_live_connection(store: Store, db: Database) -> None:
    store.create_account("ann")
    assert db.terminate() == 1
    with store.writing() as conn:  # a block is not redone, so its connection is checked before it starts
        assert conn.execute(text("SELECT count(*) FROM accounts")).scalar() == 1
    assert counts(store) == (0, 0, 0, 0)


def test_a_transaction_cut_inside_is_redone_whole(
    store: Store, cutter: Cutter, caplog: pytest.LogCaptureFixture
) -> None:
    account = store.create_account("ann", deposit=500)
    table = store.create_table("t", game="holdem", config={})
    cutter.arm("INSERT INTO postings")  # after the buy-in's checks and its ledger transaction's row
    with caplog.at_level(logging.WARNING):
        store.buy_in(table, account, 200)
    assert cutter.cuts == 1 and store.stack(table, account) == 200 and store.balance(account) == 300
    hand = store.begin_hand(table, 1, setup={"deck": 1}, accounts=[account])
    cutter.arm("INSERT INTO journal")  # after the hand's status was read
    with caplog.at_level(logging.WARNING):
        store.journal(hand, 0, {"seat": 0, "action": "check"})
    assert cutter.cuts == 2 and store.journal_entries(hand) == [{"seat": 0, "action": "check"}]
    store.check_balanced()
    assert store.total() == 500 and counts(store) == (2, 2, 0, 0)
    # The postings go in one pipeline, whose reading end finds the socket closed before the server's message.
    closed = "consuming input failed: server closed the connection unexpectedly"
    assert [redone(op, why).fullmatch(line) is not None for op, why, line in zip(
        ("buy_in", "journal"), (closed, REASON), retry_lines(caplog), strict=True
    )] == [True, True]  # fmt: skip


def test_a_cut_commit_that_landed_is_not_redone(store: Store, db: Database, caplog: pytest.LogCaptureFixture) -> None:
    account = store.create_account("ann", deposit=100)
    table = store.create_table("t", game="holdem", config={})
    hand = store.begin_hand(table, 1, setup={"deck": 1})
    with caplog.at_level(logging.WARNING):
        with cut_commit(store, db, landed=True) as cut:
            store.deposit(account, 25)  # redone, it would post twice
        assert len(cut) == 1
        with cut_commit(store, db, landed=True) as cut:
            bob = store.create_account("bob", deposit=7)  # redone, "an account named 'bob' already exists"
        assert len(cut) == 1
        with cut_commit(store, db, landed=True) as cut:
            store.journal(hand, 0, {"seat": 0})  # redone, "hand 1 already has journal entry 0"
        assert len(cut) == 1
    assert store.balance(account) == 125 and store.account_id("bob") == bob and store.balance(bob) == 7
    assert store.journal_entries(hand) == [{"seat": 0}]
    assert store.total() == 132 and counts(store) == (0, 0, 3, 0)
    lines = retry_lines(caplog)
    ops = ("deposit", "create_account", "journal")
    assert [bool(landed_line(op).fullmatch(line)) for op, line in zip(ops, lines, strict=True)] == [1, 1, 1], lines


def test_a_cut_commit_that_did_not_land_is_redone(store: Store, db: Database, caplog: pytest.LogCaptureFixture) -> None:
    account = store.create_account("ann", deposit=100)
    with caplog.at_level(logging.WARNING), cut_commit(store, db, landed=False) as cut:
        store.withdraw(account, 40)
    assert len(cut) == 1 and store.balance(account) == 60 and store.total() == 60
    assert counts(store) == (1, 1, 0, 0)
    (line,) = retry_lines(caplog)
    assert redone("withdraw").fullmatch(line), line


def test_a_refused_statement_is_not_retried(store: Store) -> None:
    table = store.create_table("t", game="holdem", config={})
    hand = store.begin_hand(table, 1, setup={"deck": 1})
    store.journal(hand, 0, {"seat": 0})
    with pytest.raises(StoreError, match=f"hand {hand} already has journal entry 0"):
        store.journal(hand, 0, {"seat": 1})
    assert counts(store) == (0, 0, 0, 0)


# ------------------------------------------------------------------------------------------------ (b) a table plays on


NAMES = ("ann", "bob", "cat", "dan", "eve", "fay")


def seated(store: Store, name: str = "main") -> tuple[TableRunner, dict[str, int]]:
    runner = TableRunner(store, name, TableConfig("holdem", real_money=True))
    accounts = {}
    for seat, player in enumerate(NAMES):
        accounts[player] = store.create_account(player, deposit=10_000)
        runner.sit(seat, player, 200)
    return runner, accounts


def bots_for(names: tuple[str, ...], tick: Callable[[], None] = lambda: None) -> dict[str, Bot]:
    def bot(inner: Bot) -> Bot:
        def act(view: HandView) -> Action | None:
            tick()
            return inner(view)

        return act

    return {n: bot(RandomBot(seed=i).act if i % 2 else CallingStation().act) for i, n in enumerate(names)}


def rebuy_busted(runner: TableRunner) -> None:
    for st in list(runner.table.seats):
        if st is not None and st.stack == 0:
            runner.rebuy(st.player, 200)


def test_b_four_terminations_mid_play_void_no_hand(
    store: Store, db: Database, cutter: Cutter, caplog: pytest.LogCaptureFixture
) -> None:
    """Acceptance (issue 19): bots play a table through the store while its connection is terminated every
    ``KILL_EVERY`` decisions, in turn: between two actions, inside an action's journal entry, between two actions
    and inside a hand's settlement (its last statement, after the postings)."""
    runner, _accounts = seated(store)
    total = store.total()
    decisions, kills = 0, 0
    ops: list[str] = []  # the store call each termination cuts

    def tick() -> None:  # each bot's decision, before it is journaled
        nonlocal decisions, kills
        decisions += 1
        if decisions % KILL_EVERY or kills == KILLS:
            return
        kind, kills = kills % 4, kills + 1
        if kind in (0, 2):  # the store's connections are idle: its next call is this decision's journal entry
            assert db.terminate() >= 1
            ops.append("journal")
        elif kind == 1:
            cutter.arm("INSERT INTO journal")
            ops.append("journal")
        else:
            cutter.arm("UPDATE hands")
            ops.append("settle_hand")

    bots = bots_for(NAMES, tick)
    played = 0
    began = time.monotonic()
    with caplog.at_level(logging.WARNING):
        while kills < KILLS or cutter.armed is not None or played < HANDS:
            rebuy_busted(runner)
            runner.play_hand(bots)
            played += 1
            runner.check_stacks()
    wall = time.monotonic() - began
    stats = store.retry_stats
    assert (stats.retried, stats.retries, stats.landed, stats.gave_up) == (KILLS, KILLS, 0, 0)
    assert cutter.cuts == KILLS // 2
    assert statuses(store) == {"complete": played}  # no hand voided, none left in progress
    assert runner.recovered == [] and runner.unwritten is None
    store.check_balanced()
    assert store.total() == total
    lines = retry_lines(caplog)
    cut_ops = [next((op for op in ("journal", "settle_hand") if redone(op).fullmatch(line)), line) for line in lines]
    assert sorted(cut_ops) == sorted(ops)  # one line per termination, naming the call redone
    print(
        f"\n{played} hands, {decisions} decisions, {KILLS} terminations: {stats.retries} retries, "
        f"{stats.seconds:.3f} s lost of {wall:.2f} s"
    )
    assert stats.seconds < 0.5 * KILLS


# ------------------------------------------------------------------------------------------- (c) down past the retries


def start_and_act(runner: TableRunner, decisions: int, seed: int) -> None:
    runner.start_hand(seed=seed)
    h, layout = runner.table.hand, runner.table.layout
    assert h is not None and layout is not None
    for _ in range(decisions):
        assert h.to_act is not None
        runner.act(layout.dealt[h.to_act], Action.call() if h.legal_actions().call else Action.check())  # type: ignore[union-attr]


def next_action(runner: TableRunner) -> tuple[int, Action]:
    h, layout = runner.table.hand, runner.table.layout
    assert h is not None and layout is not None and h.to_act is not None
    legal = h.legal_actions()
    assert legal is not None
    return layout.dealt[h.to_act], Action.call() if legal.call is not None else Action.check()


def test_c_database_down_past_the_retries_voids_the_hand_with_every_chip_refunded(
    store: Store, db: Database, caplog: pytest.LogCaptureFixture
) -> None:
    runner, _accounts = seated(store)
    total, stacks = store.total(), store.stacks(runner.table_id)
    start_and_act(runner, 3, seed=7)
    hand_id, events = runner.hand_id, len(runner.table.events)
    assert hand_id is not None
    db.allow(False)
    db.terminate()
    began = time.monotonic()
    with pytest.raises(StoreUnavailable) as refused:
        runner.act(*next_action(runner))
    waited = time.monotonic() - began
    assert refused.value.operation == "Store.journal" and refused.value.attempts == len(RETRY_DELAYS) + 1 == 6
    assert "is not currently accepting connections" in refused.value.reason and not refused.value.landed_unknown
    assert sum(RETRY_DELAYS) <= waited < sum(RETRY_DELAYS) + 4  # each attempt a refused connection
    assert runner.hand_id == hand_id and len(runner.table.events) == events  # the action was not taken
    assert store.retry_stats == RetryStats(gave_up=1, retries=5, seconds=store.retry_stats.seconds)
    db.allow(True)
    # As the server does on any error (RULES §3.8): the hand is voided, every contribution refunded.
    with caplog.at_level(logging.WARNING):
        record = runner.void("server error: hand void, chips returned (RULES §3.8)")
    assert record.voided and runner.hand_id is None and runner.unwritten is None
    assert retry_lines(caplog) == []  # the store's new connection was pinged at checkout: nothing to redo
    assert store.hand(hand_id).status == "voided" and store.stacks(runner.table_id) == stacks
    store.check_balanced()
    assert store.total() == total and statuses(store) == {"voided": 1}
    print(f"\ndown past the retries: the action refused after {waited:.2f} s")


@pytest.fixture
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    """Retries after 10 ms once: the database's absence, not the wait, is what these tests are about."""
    monkeypatch.setattr(retry_module, "RETRY_DELAYS", (0.01,))


@pytest.mark.usefixtures("quick")
def test_c_a_void_kept_while_the_database_is_away_is_written_before_the_next_deal(
    store: Store, db: Database, caplog: pytest.LogCaptureFixture
) -> None:
    runner, _accounts = seated(store)
    total, stacks = store.total(), store.stacks(runner.table_id)
    start_and_act(runner, 3, seed=7)
    hand_id = runner.hand_id
    db.allow(False)
    db.terminate()
    with pytest.raises(StoreUnavailable):
        runner.act(*next_action(runner))
    # The server voids the hand on the error at once, the database still away: void at the table, kept for the store.
    with caplog.at_level(logging.WARNING):
        record = runner.void("server error: hand void, chips returned (RULES §3.8)")
    assert record.voided and runner.hand_id is None and runner.unwritten == hand_id
    assert any(f"hand {hand_id}'s void is kept until the store can take it" in r.getMessage() for r in caplog.records)
    with pytest.raises(StoreUnavailable, match=r"^Store\.hand: "):
        runner.start_hand(seed=8)  # no deal while the store still has the last hand in progress
    db.allow(True)
    assert store.hand(hand_id).status == "incomplete"  # the store has not heard of the void yet
    runner.start_hand(seed=8)  # the void first, then the next deal
    assert store.hand(hand_id).status == "voided" and runner.unwritten is None
    assert store.stacks(runner.table_id) == stacks  # every contribution refunded
    runner.void("test over")
    store.check_balanced()
    assert store.total() == total and statuses(store) == {"voided": 2}


@pytest.mark.usefixtures("quick")
def test_c_a_void_never_written_is_done_by_the_next_runner_under_the_crash_rule(store: Store, db: Database) -> None:
    runner, accounts = seated(store)
    total, stacks = store.total(), store.stacks(runner.table_id)
    start_and_act(runner, 4, seed=11)
    hand_id = runner.hand_id
    db.allow(False)
    db.terminate()
    with pytest.raises(StoreUnavailable):
        runner.act(*next_action(runner))
    runner.void("server error: hand void, chips returned (RULES §3.8)")
    db.allow(True)
    runner.close()  # the process ends before its next deal
    again = TableRunner(store, "main")
    assert again.recovered == [hand_id] and store.hand(hand_id).status == "voided"
    assert store.hand_record(hand_id).reason == CRASH_REASON  # type: ignore[arg-type]
    assert store.stacks(runner.table_id) == {} and store.total() == total
    assert {n: store.balance(a) for n, a in accounts.items()} == {
        n: 10_000 - 200 + stacks[a] for n, a in accounts.items()
    }
    store.check_balanced()


@pytest.mark.usefixtures("quick")
def test_c_a_settlement_the_store_could_not_take_is_written_before_anything_else(
    store: Store, db: Database, cutter: Cutter
) -> None:
    runner, _accounts = seated(store)
    total = store.total()
    ids: list[int | None] = []
    cutter.arm("UPDATE hands", down=True)  # the database goes away inside the settlement
    record = runner.play_hand(bots_for(NAMES, lambda: ids.append(runner.hand_id)))
    assert cutter.cuts == 1 and record.status.value == "complete"
    hand_id = ids[0]
    assert hand_id is not None and runner.unwritten == hand_id and runner.hand_id is None
    with pytest.raises(StoreUnavailable, match=r"Store\.hand: the database connection dropped"):
        runner.start_hand()  # no deal while the store still has the last hand in progress
    db.allow(True)
    runner.check_stacks()  # the settlement first, then the store holds the table's chips exactly
    assert store.hand(hand_id).status == "complete" and runner.unwritten is None
    store.check_balanced()
    assert store.total() == total and statuses(store) == {"complete": 1}
