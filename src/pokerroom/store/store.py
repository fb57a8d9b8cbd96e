"""The :class:`Store` facade: players' accounts, tables, chips moving between them, hands and reports, each
public method one database transaction over the ledger in :mod:`pokerroom.store.ledger`.
"""

from __future__ import annotations

import contextlib
import functools
import os
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from datetime import UTC, date, datetime
from typing import Concatenate, Literal, ParamSpec, TypeVar

from sqlalchemy import Engine, Table, bindparam, select
from sqlalchemy import text as sql_text
from sqlalchemy.engine import Connection
from sqlalchemy.exc import DBAPIError, IntegrityError

from pokerroom.errors import PokerroomError, StoreError
from pokerroom.room.journal import journal_record
from pokerroom.room.record import HandRecord
from pokerroom.room.record_json import record_from_json
from pokerroom.store import hand_export as _hand_export
from pokerroom.store import hands as _hands
from pokerroom.store import leases as _leases
from pokerroom.store import ledger as _ledger
from pokerroom.store import migrations
from pokerroom.store import protections as _protections
from pokerroom.store import reports as _reports
from pokerroom.store.checks import (
    MAX_SMALL,
    as_utc,
    chips,
    count,
    ident,
    json_object,
    known_accounts,
    known_table,
    text,
    to_naive_utc,
)
from pokerroom.store.connect import WRITE, make_engine
from pokerroom.store.ledger import CASHIER, PLAY_PREFIX, account_key, carried_key, post, read_balances, stack_key
from pokerroom.store.records import HandInfo, HistoryRow, Lease, RakeRow
from pokerroom.store.retry import Retrier, RetryStats, dropped
from pokerroom.store.schema import accounts, balances, poker_tables
from pokerroom.words import plural

__all__ = ["Store"]

P = ParamSpec("P")
R = TypeVar("R")

# Built once (checked after every hand): a prebuilt statement skips SQLAlchemy's construction and hashing.
_STACKS = (
    select(balances.c.account_id, balances.c.balance)
    .where(balances.c.table_id == bindparam("table"), balances.c.book == "stack", balances.c.balance != 0)
    .order_by(balances.c.account_id)
)
# PostgreSQL: the id of the transaction about to commit, and afterwards what became of it (a cut COMMIT).
_XID = sql_text("SELECT txid_current()")
_XID_STATUS = sql_text("SELECT txid_status(:xid)")


def _retried(method: Callable[Concatenate[Store, P], R]) -> Callable[Concatenate[Store, P], R]:
    """The store method, redone whole when its database connection drops (:mod:`pokerroom.store.retry`)."""
    operation = f"Store.{method.__name__}"

    def call(self: Store, /, *args: P.args, **kwargs: P.kwargs) -> R:
        return self._retrier.call(operation, lambda: method(self, *args, **kwargs))

    functools.update_wrapper(call, method)  # its name and docstring (the API reference reads them)
    return call


def _whose(conn: Connection, account: int) -> str:
    """``alice's account`` or ``alice's play-chip account``: an account as a refusal names it to its player (the
    store's ids are internal and never shown to players)."""
    name = str(conn.execute(select(accounts.c.name).where(accounts.c.id == account)).scalar_one())
    if name.startswith(PLAY_PREFIX):
        return f"{name.removeprefix(PLAY_PREFIX)}'s play-chip account"
    return f"{name}'s account"


class Store:
    """Persistent accounts, tables, hands and a double-entry chip ledger in SQLite (a file, the default) or
    PostgreSQL (``postgresql+psycopg://...``).

    Chips are ``int`` in the smallest unit.  Every method is one transaction and checks its input first: a bad
    amount (not a positive ``int``, or above :data:`~pokerroom.store.checks.MAX_CHIPS`, 2**53), a bad id (above
    :data:`~pokerroom.store.checks.MAX_ID`, 2**62, for hands; :data:`~pokerroom.store.checks.MAX_SMALL`, 2**31 - 1,
    for accounts and tables), an unknown id, a short balance or a balance that would pass
    2**53 raises :class:`StoreError` (a ledger that would not balance :class:`LedgerError`) and writes nothing.
    ``now`` is the clock for timestamps (default: the current UTC time); a naive time it returns is taken as UTC.

    Opening checks the database's revision (:mod:`pokerroom.store.migrations`): a database at this release's
    revision opens; an empty one is created at it (the tables and ``alembic_version``, one transaction); one
    written by an older release (or by the release before migrations), or by a newer one, raises
    :class:`~pokerroom.store.migrations.SchemaVersionError` (a :class:`StoreError`) naming its revision and the
    command that upgrades it, ``pokerroom db upgrade --database URL``.

    The methods that move a table's chips take an optional ``lease``: the token of the runner playing the table
    (:meth:`take_lease`); the write then happens only while that runner holds the table, and refreshes its
    heartbeat, in the same transaction.

    On PostgreSQL a method whose database connection drops (``pg_terminate_backend``, a restart, a network cut)
    is redone whole after a short wait, up to :data:`~pokerroom.store.retry.RETRY_DELAYS` (5 retries, at most
    3.42 s of waiting), with one warning line in the log; a ``COMMIT`` whose reply was lost is looked up by its
    transaction id and redone only if it did not land.  When the retries are spent the method raises
    :class:`~pokerroom.store.retry.StoreUnavailable` (a :class:`StoreError`) and has written nothing.
    :attr:`retry_stats` counts what the retries did.  :meth:`writing` and :meth:`reading` blocks are not redone
    (their body is the caller's), but start on a live connection.
    """

    def __init__(
        self,
        url: str = "sqlite:///pokerroom.db",
        *,
        echo: bool = False,
        now: Callable[[], datetime] | None = None,
    ) -> None:
        self._engine = make_engine(url, echo=echo)
        self._writer = self._engine.execution_options(**{WRITE: True})
        # Each thread keeps one writing connection: a table writes a transaction per action, and checking a
        # connection out of the pool and back in costs about as much as the journal insert itself.
        self._local = threading.local()
        self._held: dict[threading.Thread, Connection] = {}
        self._held_lock = threading.Lock()
        self._clock = now if now is not None else (lambda: datetime.now(UTC))
        self._retrier = Retrier(enabled=self._engine.dialect.name == "postgresql")
        try:
            migrations.prepare(self._engine)  # current: opens; empty: created at the head; else refused
        except BaseException:
            self._engine.dispose()
            raise

    # --- plumbing -----------------------------------------------------------------------------------------

    @property
    def engine(self) -> Engine:
        """The SQLAlchemy engine (for tools and tests; writing through it bypasses the ledger's checks)."""
        return self._engine

    def close(self) -> None:
        """Close every pooled connection; the store cannot be used afterwards."""
        with self._held_lock:
            held, self._held = self._held, {}
        for conn in held.values():
            conn.close()
        self._engine.dispose()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _now(self) -> datetime:
        return to_naive_utc(self._clock())

    def now(self) -> datetime:
        """The store's clock: the time it stamps rows with (UTC, aware)."""
        return as_utc(self._now())

    @contextmanager
    def _read(self) -> Iterator[Connection]:
        with self._engine.begin() as conn:
            yield conn

    @property
    def retry_stats(self) -> RetryStats:
        """What the retries after dropped connections did since the store opened (calls redone, attempts,
        cut ``COMMIT`` statements found landed, calls given up, seconds lost)."""
        return self._retrier.stats

    def _writer_connection(self, *, ping: bool) -> Connection:
        """This thread's writing connection (``ping``: checked alive first on PostgreSQL, a dead one replaced)."""
        conn: Connection | None = getattr(self._local, "writer", None)
        if conn is not None and ping and self._retrier.enabled and not conn.closed:
            try:
                self._engine.dialect.do_ping(conn.connection.dbapi_connection)  # type: ignore[arg-type]
            except Exception:  # whatever the driver raises for a dead socket: reconnect below
                self._forget_writer()
                conn = None
        if conn is None or conn.closed or conn.invalidated:
            conn = self._local.writer = self._writer.connect()
            with self._held_lock:
                # Threads that have ended give their connection back to the pool, which has only so many.
                for thread in [t for t in self._held if not t.is_alive()]:
                    self._held.pop(thread).close()
                self._held[threading.current_thread()] = conn
        return conn

    def _forget_writer(self) -> None:
        """Drop this thread's writing connection (it died): the next write takes a new one from the pool."""
        conn: Connection | None = getattr(self._local, "writer", None)
        self._local.writer = None
        with self._held_lock:
            self._held.pop(threading.current_thread(), None)
        if conn is not None:
            with contextlib.suppress(Exception):  # a dead connection may fail to say goodbye
                conn.close()

    def _xid_status(self, xid: int) -> str | None:
        with self._engine.connect() as conn:
            state = conn.execute(_XID_STATUS, {"xid": xid}).scalar()
        return None if state is None else str(state)

    @contextmanager
    def _write(self, *, ping: bool = False, xid_box: list[int] | None = None) -> Iterator[Connection]:
        # The checks before each write catch bad input; a constraint failing here means a concurrent writer won.
        # ``xid_box``: the body puts the transaction's id in it when a statement of its own read it (the journal).
        conn = self._writer_connection(ping=ping)
        xid: int | None = None
        try:
            with conn.begin():
                yield conn
                if self._retrier.enabled:  # asked before COMMIT, so that a cut COMMIT can be looked up
                    xid = xid_box[0] if xid_box else int(conn.execute(_XID).scalar_one())
        except IntegrityError as exc:
            raise StoreError(f"the database refused the change: {exc.orig}") from exc
        except DBAPIError as exc:
            if not self._retrier.enabled or not dropped(exc):
                raise
            self._forget_writer()
            # xid known: only the COMMIT can have failed.  Landed: done; else the caller redoes it whole.
            if xid is None or not self._retrier.landed(xid, exc, self._xid_status):
                raise

    def writing(self) -> AbstractContextManager[Connection]:
        """A writing transaction (``BEGIN IMMEDIATE`` on SQLite: the write lock from the first statement) for a
        layer's own tables beside the store's (the server's log-ins); the store's tables are written through its
        methods only.  Commits on leaving the block, rolls back on an error.  On PostgreSQL the connection is
        pinged first (one that dropped since the last write is replaced) and a cut ``COMMIT`` is looked up (see
        :class:`Store`); a connection dropping inside the block raises, as the block is not redone."""
        return self._write(ping=True)

    def reading(self) -> AbstractContextManager[Connection]:
        """A reading transaction, as :meth:`writing` is for writes."""
        return self._read()

    # --- accounts -----------------------------------------------------------------------------------------

    @_retried
    def create_account(self, name: str, *, deposit: int = 0) -> int:
        """Open an account for ``name`` (unique) and post ``deposit`` chips (>= 0) cashier -> account; return its
        id.  StoreError if the name is taken."""
        name = text(name, "account name")
        deposit = chips(deposit, "deposit", zero=True)
        with self._write() as conn:
            if conn.execute(select(accounts.c.id).where(accounts.c.name == name)).first() is not None:
                raise StoreError(f"an account named {name!r} already exists")
            row = conn.execute(accounts.insert().values(name=name, created_at=self._now())).inserted_primary_key
            assert row is not None
            account = int(row[0])
            if deposit:
                post(
                    conn,
                    now=self._now(),
                    kind="deposit",
                    memo="deposit",
                    transfers=[(CASHIER, account_key(account), deposit)],
                )
        return account

    def _id_named(self, rows: Table, name: str, what: str) -> int:
        with self._read() as conn:
            found = conn.execute(select(rows.c.id).where(rows.c.name == name)).scalar()
        if found is None:
            raise StoreError(f"no {what} named {name!r}")
        return int(found)

    @_retried
    def account_id(self, name: str) -> int:
        """The id of the account named ``name``; StoreError if there is none."""
        return self._id_named(accounts, name, "account")

    @_retried
    def deposit(self, account: int, amount: int, *, memo: str = "deposit") -> None:
        """Post ``amount`` chips (> 0) cashier -> ``account``."""
        amount = chips(amount, "deposit")
        with self._write() as conn:
            known_accounts(conn, [account])
            post(conn, now=self._now(), kind="deposit", memo=memo, transfers=[(CASHIER, account_key(account), amount)])

    @_retried
    def withdraw(self, account: int, amount: int, *, memo: str = "withdrawal") -> None:
        """Post ``amount`` chips (> 0) ``account`` -> cashier; StoreError if the account holds fewer."""
        amount = chips(amount, "withdrawal")
        with self._write() as conn:
            known_accounts(conn, [account])
            held = read_balances(conn, [account_key(account)], lock=True)[account_key(account)]
            if held < amount:
                raise StoreError(f"{_whose(conn, account)} holds {plural(held, 'chip')}, cannot withdraw {amount}")
            post(
                conn, now=self._now(), kind="withdrawal", memo=memo, transfers=[(account_key(account), CASHIER, amount)]
            )

    @_retried
    def balance(self, account: int) -> int:
        """Chips in ``account`` off the tables; StoreError if the account is unknown."""
        account = ident(account, "account", most=MAX_SMALL)
        with self._read() as conn:
            held = conn.execute(select(balances.c.balance).where(balances.c.key == account_key(account))).scalar()
            if held is None:
                known_accounts(conn, [account])
        return int(held or 0)

    # --- the house's bankroll (ledger keys house:real, house:play) ----------------------------------------

    @_retried
    def house_balance(self, *, real_money: bool) -> int:
        """Chips in the house's bankroll of one currency (``house:real`` or ``house:play``)."""
        key = _ledger.house_key(real_money)
        with self._read() as conn:
            return read_balances(conn, [key])[key]

    @_retried
    def house_deposit(self, amount: int, *, real_money: bool, memo: str = "cashier deposit to the house") -> int:
        """Post ``amount`` chips (> 0) cashier -> the house's bankroll; returns its new balance."""
        amount = chips(amount, "deposit")
        key = _ledger.house_key(real_money)
        with self._write() as conn:
            post(conn, now=self._now(), kind="house_deposit", memo=memo, transfers=[(CASHIER, key, amount)])
            return read_balances(conn, [key])[key]

    @_retried
    def house_withdraw(self, amount: int, *, real_money: bool, memo: str = "house withdrawal to the cashier") -> int:
        """Post ``amount`` chips (> 0) house bankroll -> cashier; returns its new balance.  StoreError if it holds
        fewer (the chips its bots hold at the tables are not in it)."""
        amount = chips(amount, "withdrawal")
        key = _ledger.house_key(real_money)
        with self._write() as conn:
            held = read_balances(conn, [key], lock=True)[key]
            if held < amount:
                raise StoreError(f"the house bankroll {key} holds {plural(held, 'chip')}, cannot withdraw {amount}")
            post(conn, now=self._now(), kind="house_withdraw", memo=memo, transfers=[(key, CASHIER, amount)])
            return held - amount

    @_retried
    def fund_from_house(
        self, account: int, amount: int, *, real_money: bool, memo: str, top_up: bool = False
    ) -> None:
        """Move ``amount`` chips (> 0) from the house's bankroll to house bot ``account``
        (:func:`~pokerroom.store.ledger.fund_from_house`: ``top_up`` tops a short play-money bankroll up from
        the cashier first); :class:`~pokerroom.store.ledger.HouseBankrollShort` otherwise, nothing moved."""
        amount = chips(amount, "funding")
        with self._write() as conn:
            known_accounts(conn, [account])
            _ledger.fund_from_house(
                conn, now=self._now(), account=account, chips=amount, real_money=real_money, memo=memo, top_up=top_up
            )

    @_retried
    def return_to_house(self, accounts: Sequence[int], *, real_money: bool, memo: str) -> int:
        """Move every chip house bot ``accounts`` hold off the tables back to the house's bankroll; returns the
        chips moved."""
        with self._write() as conn:
            known_accounts(conn, accounts)
            return _ledger.return_to_house(conn, now=self._now(), accounts=accounts, real_money=real_money, memo=memo)

    # --- tables and chips at them -------------------------------------------------------------------------

    @_retried
    def create_table(self, name: str, *, game: str, config: dict[str, object]) -> int:
        """Create table ``name`` (unique) playing ``game`` with ``config`` (stored as JSON); return its id."""
        name = text(name, "table name")
        game = text(game, "game")
        config = json_object(config, "config")
        with self._write() as conn:
            if conn.execute(select(poker_tables.c.id).where(poker_tables.c.name == name)).first() is not None:
                raise StoreError(f"a table named {name!r} already exists")
            row = conn.execute(
                poker_tables.insert().values(name=name, game=game, config=config, created_at=self._now())
            ).inserted_primary_key
        assert row is not None
        return int(row[0])

    @_retried
    def table_id(self, name: str) -> int:
        """The id of the table named ``name``; StoreError if there is none."""
        return self._id_named(poker_tables, name, "table")

    @_retried
    def table_config(self, table: int) -> dict[str, object]:
        """The config stored for ``table`` (JSON: keys are strings)."""
        table = ident(table, "table", most=MAX_SMALL)
        with self._read() as conn:
            row = conn.execute(select(poker_tables.c.config).where(poker_tables.c.id == table)).first()
        if row is None:
            raise StoreError(f"no table with id {table}")
        config: dict[str, object] = row.config
        return config

    def _at_table(self, conn: Connection, table: int, lease: str | None, account: int | None = None) -> int:
        """``table`` (and ``account``) checked to exist, and the table's ``lease`` held (StoreError otherwise):
        what every move of chips at a table checks first."""
        table = known_table(conn, table)
        if account is not None:
            known_accounts(conn, [account])
        if lease is not None:
            _leases.hold(conn, self._now(), table, lease)
        return table

    @_retried
    def buy_in(self, table: int, account: int, amount: int, *, lease: str | None = None) -> None:
        """Move ``amount`` chips (> 0) from ``account`` to its stack at ``table``; StoreError if the account holds
        fewer."""
        amount = chips(amount, "buy-in")
        with self._write() as conn:
            table = self._at_table(conn, table, lease, account)
            held = read_balances(conn, [account_key(account)], lock=True)[account_key(account)]
            if held < amount:
                raise StoreError(f"{_whose(conn, account)} holds {plural(held, 'chip')}, cannot buy in for {amount}")
            post(
                conn,
                now=self._now(),
                kind="buy_in",
                memo="buy-in",
                table=table,
                transfers=[(account_key(account), stack_key(table, account), amount)],
            )

    @_retried
    def cash_out(self, table: int, account: int, amount: int | None = None, *, lease: str | None = None) -> int:
        """Move ``amount`` chips (> 0; the whole stack when None) from ``account``'s stack at ``table`` back to
        the account; return the chips moved (0, writing nothing, for an empty stack and ``amount`` None).
        StoreError if the stack holds fewer."""
        if amount is not None:
            amount = chips(amount, "cash-out")
        with self._write() as conn:
            table = self._at_table(conn, table, lease, account)
            key = stack_key(table, account)
            held = read_balances(conn, [key], lock=True)[key]
            if amount is None:
                amount = held
            elif held < amount:
                raise StoreError(
                    f"{_whose(conn, account)} has {plural(held, 'chip')} at table {table}, cannot cash out {amount}"
                )
            if amount:
                post(
                    conn,
                    now=self._now(),
                    kind="cash_out",
                    memo="cash-out",
                    table=table,
                    transfers=[(key, account_key(account), amount)],
                )
        return amount

    @_retried
    def cash_out_all(self, table: int, *, lease: str | None = None) -> dict[int, int]:
        """Move every stack at ``table`` back to its account in one transaction (RULES §3.8: after a crash, and
        after voiding the hands in progress); return account -> chips moved."""
        with self._write() as conn:
            table = self._at_table(conn, table, lease)
            held = self._stacks(conn, table)
            if held:
                post(
                    conn,
                    now=self._now(),
                    kind="cash_out",
                    memo="cash-out (all)",
                    table=table,
                    transfers=[(stack_key(table, a), account_key(a), n) for a, n in sorted(held.items())],
                )
        return held

    @_retried
    def stack(self, table: int, account: int) -> int:
        """Chips ``account`` has at ``table``."""
        table, account = ident(table, "table", most=MAX_SMALL), ident(account, "account", most=MAX_SMALL)
        with self._read() as conn:
            held = conn.execute(select(balances.c.balance).where(balances.c.key == stack_key(table, account))).scalar()
            if held is None:
                known_table(conn, table)
                known_accounts(conn, [account])
        return int(held or 0)

    @_retried
    def stacks(self, table: int) -> dict[int, int]:
        """Account -> chips at ``table``, for the nonzero stacks only."""
        with self._read() as conn:
            return self._stacks(conn, known_table(conn, table))

    @staticmethod
    def _stacks(conn: Connection, table: int) -> dict[int, int]:
        return {int(account): int(held) for account, held in conn.execute(_STACKS, {"table": table})}

    @_retried
    def carried(self, table: int) -> int:
        """Chips ``table``'s carried account holds (left over from a hand for the next)."""
        with self._read() as conn:
            key = carried_key(known_table(conn, table))
            return read_balances(conn, [key])[key]

    # --- hands --------------------------------------------------------------------------------------------

    @_retried
    def begin_hand(
        self,
        table: int,
        number: int,
        *,
        setup: dict[str, object],
        lease: str | None = None,
        accounts: Sequence[int] = (),
    ) -> int:
        """Store hand ``number`` (>= 1, unique at the table) as in progress with its ``setup`` (JSON: seed,
        seats, stacks, posts ...), dealt to the players of ``accounts`` (see :meth:`hands_of`); return the hand
        id."""
        with self._write() as conn:
            return _hands.begin_hand(conn, self._now(), table, number, setup, lease=lease, accounts=accounts)

    @_retried
    def hands_of(self, account: int, *, table: int | None = None, limit: int = 50) -> list[HandInfo]:
        """The hands ``account`` was dealt into (at ``table`` only, when given), newest first, at most
        ``limit``."""
        with self._read() as conn:
            return _hands.hands_of(conn, account, table=table, limit=limit)

    @_retried
    def tables(self) -> list[tuple[int, str, str]]:
        """Every table as ``(id, name, game)``, oldest first."""
        with self._read() as conn:
            return [(int(r.id), str(r.name), str(r.game)) for r in conn.execute(
                select(poker_tables.c.id, poker_tables.c.name, poker_tables.c.game).order_by(poker_tables.c.id)
            )]

    @_retried
    def journal(self, hand: int, seq: int, entry: dict[str, object], *, protection: int | None = None) -> None:
        """Commit action ``seq`` (>= 0, unique in the hand) of a hand in progress; call it *before* the table
        applies the action.  ``protection``: the account this entry gives disconnect protection (RULES §3.7),
        recorded in the same transaction (see :meth:`record_protection`).  StoreError for an unknown or finished
        hand or a repeated ``seq``."""
        box: list[int] = []
        try:
            with self._write(xid_box=box) as conn:
                now = self._now()
                xid = _hands.write_journal(conn, now, hand, seq, entry, xid=self._retrier.enabled)
                if xid is not None:
                    box.append(xid)
                if protection is not None:
                    _protections.record(conn, now, protection, table=None, hand=hand)
        except StoreError as exc:
            if isinstance(exc.__cause__, IntegrityError):
                raise StoreError(f"hand {hand} already has journal entry {seq}") from exc
            raise

    @_retried
    def journal_entries(self, hand: int) -> list[dict[str, object]]:
        """The journal of ``hand``, in ``seq`` order."""
        with self._read() as conn:
            return _hands.journal_entries(conn, hand)

    @_retried
    def settle_hand(
        self,
        hand: int,
        *,
        contributions: dict[int, int],
        payouts: dict[int, int],
        rake: int = 0,
        carried_in: int = 0,
        carried_out: int = 0,
        record: dict[str, object] | None = None,
        lease: str | None = None,
    ) -> None:
        """Post a finished hand in one transaction: each account's ``contributions`` stack -> pot, ``carried_in``
        carried -> pot, ``payouts`` pot -> stack, ``rake`` pot -> rake, ``carried_out`` pot -> carried; store
        ``record`` (the hand history JSON) and mark it settled.  LedgerError, writing nothing, unless
        contributions + carried_in == payouts + rake + carried_out, or if a stack (or the carried account) holds
        less than it gives; StoreError if the hand is not in progress."""
        with self._write() as conn:
            _hands.settle_hand(
                conn,
                self._now(),
                hand,
                contributions=contributions,
                payouts=payouts,
                rake=rake,
                carried_in=carried_in,
                carried_out=carried_out,
                record=record,
                lease=lease,
            )

    @_retried
    def void_hand(
        self,
        hand: int,
        *,
        contributions: dict[int, int],
        reason: str,
        record: dict[str, object] | None = None,
        lease: str | None = None,
    ) -> None:
        """Cancel a hand in progress (RULES §3.8): post each contribution stack -> pot and refund it pot -> stack
        with ``reason`` as the memo, store ``record`` (the voided hand's record JSON, its cards and actions up to
        the void) and mark the hand voided.  No rake; carried chips stay where they are."""
        with self._write() as conn:
            _hands.void_hand(
                conn, self._now(), hand, contributions=contributions, reason=reason, record=record, lease=lease
            )

    @_retried
    def hands_in_progress(self, table: int | None = None) -> list[HandInfo]:
        """Hands in progress at ``table`` (anywhere when None), oldest first."""
        with self._read() as conn:
            return _hands.hands_in_progress(conn, table)

    @_retried
    def hand(self, hand: int) -> HandInfo:
        """The stored hand ``hand``; StoreError if unknown."""
        with self._read() as conn:
            return _hands.hand_info(conn, hand)

    @_retried
    def hand_record(self, hand: int) -> HandRecord:
        """The record of hand ``hand`` (:class:`~pokerroom.room.record.HandRecord`, every card): as stored when
        it was settled or voided; for a hand still in progress, its set-up with the journal replayed
        (``incomplete``).  StoreError if unknown or if what is stored cannot be read back (naming the field)."""
        with self._read() as conn:
            info = _hands.hand_info(conn, hand)
            entries = _hands.journal_entries(conn, hand) if info.record is None else []
        try:
            if info.record is not None:
                return record_from_json(info.record)
            return journal_record(info.setup, entries)
        except PokerroomError as err:
            where = f"hand {info.id} (table {info.table}, number {info.number})"
            raise StoreError(f"{where} cannot be read: {err}") from None

    @_retried
    def hands_on(self, day: date, table: int | str | None = None) -> list[_hand_export.StoredHand]:
        """Every hand that started on UTC ``day`` (at ``table`` only: its id, or a name or id as a person types
        it), settled, voided and in progress, in the order they started, each with its full record JSON
        (:class:`~pokerroom.store.hand_export.StoredHand`).  StoreError naming the tables for an unknown
        ``table``."""
        with self._read() as conn:
            if isinstance(table, str):
                table = _hand_export.find_table(conn, table)[0]
            return _hand_export.hands_on(conn, day, table)

    @_retried
    def last_hand_number(self, table: int) -> int:
        """The highest hand number begun at ``table``; 0 when none."""
        with self._read() as conn:
            return _hands.last_hand_number(conn, table)

    # --- who plays a table --------------------------------------------------------------------------------

    @_retried
    def take_lease(
        self,
        table: int,
        owner: str,
        *,
        host: str | None = None,
        pid: int | None = None,
        timeout: float = _leases.DEFAULT_TIMEOUT,
        by_heartbeat: bool = False,
    ) -> Lease | None:
        """Make runner ``owner`` (a token, at most 64 characters) the one that plays ``table``, from process
        ``pid`` (default: this one) on ``host`` (default: this host), in one transaction.  A lease held by another
        runner is taken over only when that runner is gone: on this host its process has ended; on another host
        its heartbeat is more than ``timeout`` seconds old (see :mod:`pokerroom.store.leases`).  Returns the
        lease taken over (None: the table was free, or already ``owner``'s); StoreError naming the holder while
        it lives."""
        table = ident(table, "table", most=MAX_SMALL)
        owner = text(owner, "lease owner")
        if len(owner) > 64:
            raise StoreError(f"a lease owner has at most 64 characters, not {len(owner)}")
        host = _leases.this_host() if host is None else host
        if not isinstance(host, str) or len(host) > 255:
            raise StoreError(f"host must be a string of at most 255 characters, not {host!r}")
        pid = count(os.getpid() if pid is None else pid, "pid")
        if isinstance(timeout, bool) or not isinstance(timeout, int | float) or not 0 <= timeout < float("inf"):
            raise StoreError(f"timeout must be a number of seconds of at least 0, not {timeout!r}")
        with self._write() as conn:
            return _leases.take(
                conn, self._now(), table, owner, host=host, pid=pid, timeout=float(timeout), by_heartbeat=by_heartbeat
            )

    @_retried
    def renew_lease(self, table: int, owner: str) -> None:
        """Refresh the heartbeat of ``owner``'s lease of ``table``; StoreError if ``owner`` no longer holds it."""
        table = ident(table, "table", most=MAX_SMALL)
        with self._write() as conn:
            _leases.hold(conn, self._now(), known_table(conn, table), owner)

    @_retried
    def release_lease(self, table: int, owner: str | None = None) -> bool:
        """End ``owner``'s lease of ``table`` (whoever holds it when ``owner`` is None: for an operator, when a
        holder is known to be gone); returns whether a lease ended."""
        with self._write() as conn:
            return _leases.release(conn, table, owner)

    @_retried
    def lease(self, table: int) -> Lease | None:
        """Who plays ``table`` (None: nobody)."""
        with self._read() as conn:
            return _leases.current(conn, table)

    # --- disconnect protection (RULES §3.7) -----------------------------------------------------------------

    @_retried
    def record_protection(self, account: int, *, table: int | None = None, hand: int | None = None) -> datetime:
        """Record that ``account`` was given disconnect protection now (the store's clock), at ``table`` in
        ``hand`` (both optional); returns the time recorded (UTC, aware)."""
        with self._write() as conn:
            now = self._now()
            _protections.record(conn, now, account, table=table, hand=hand)
        return as_utc(now)

    @_retried
    def protections_since(self, account: int, since: datetime) -> list[datetime]:
        """The times (UTC, aware) ``account`` was given disconnect protection at or after ``since`` (a naive
        time is taken as UTC), oldest first."""
        with self._read() as conn:
            return _protections.since(conn, account, since)

    # --- checks and reports -------------------------------------------------------------------------------

    @_retried
    def check_balanced(self) -> None:
        """LedgerError unless every transaction's postings sum to zero, every balance row equals the sum of its
        postings, no key but the cashier is negative and every pot is empty; the message names what is off."""
        with self._read() as conn:
            _ledger.check_balanced(conn)

    @_retried
    def total(self) -> int:
        """Chips in the room: every ledger key but the cashier (== minus the cashier's balance)."""
        with self._read() as conn:
            return _reports.total(conn)

    @_retried
    def rake_report(self, *, by: Literal["table", "day"] = "table", real_money: bool | None = None) -> list[RakeRow]:
        """Rake per table (id and name) or per UTC day (ISO date): hands raked and chips taken; ``real_money``:
        at the tables of that kind only (None: all)."""
        with self._read() as conn:
            return _reports.rake_report(conn, by, real_money)

    @_retried
    def currency_books(self) -> _reports.Currencies:
        """The ledger by currency (real money, play chips): what the room owes players, the house's bankroll and
        bots, the rake, the cashier's side (:func:`pokerroom.store.reports.currency_books`)."""
        with self._read() as conn:
            return _reports.currency_books(conn)

    @_retried
    def account_history(self, account: int) -> list[HistoryRow]:
        """Every posting on ``account`` or its stacks at any table, oldest first, with balances after each."""
        with self._read() as conn:
            return _reports.account_history(conn, account)
