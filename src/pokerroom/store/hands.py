"""Hands: starting one, its action journal, settling it through the ledger and voiding it (RULES §3.8).

A hand's ``status`` is its record's (:class:`~pokerroom.room.record.Status`): ``incomplete`` from
:func:`begin_hand` until :func:`settle_hand` (``complete``) or :func:`void_hand` (``voided``), which store the
hand's record.  While it runs, the table journals each decision *before* applying it, so after a crash the hands
still ``incomplete`` can be replayed from their set-up and journal or voided, every contribution refunded.

The functions take an open connection inside a transaction; :class:`~pokerroom.store.Store` supplies both.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import bindparam, func, select, update
from sqlalchemy.engine import Connection
from sqlalchemy.exc import DBAPIError

from pokerroom.errors import LedgerError, StoreError
from pokerroom.room.record import Status
from pokerroom.store import leases
from pokerroom.store.checks import (
    MAX_SMALL,
    chip_map,
    chips,
    count,
    ident,
    json_object,
    known_accounts,
    known_table,
    text,
)
from pokerroom.store.ledger import Transfer, carried_key, pot_key, rake_key, read_balances, stack_key
from pokerroom.store.ledger import post as post_transfers
from pokerroom.store.records import HandInfo
from pokerroom.store.schema import hand_players, hands, journal

__all__ = [
    "IN_PROGRESS",
    "SETTLED",
    "VOID",
    "begin_hand",
    "hand_info",
    "hands_in_progress",
    "hands_of",
    "journal_entries",
    "last_hand_number",
    "settle_hand",
    "void_hand",
    "write_journal",
]

IN_PROGRESS, SETTLED, VOID = Status.INCOMPLETE.value, Status.COMPLETE.value, Status.VOIDED.value

_HAND_COLUMNS = (hands.c.id, hands.c.table_id, hands.c.number, hands.c.setup, hands.c.status, hands.c.record)

# Every hand's statements are built once: a hand writes one transaction per action, and a prebuilt statement
# skips SQLAlchemy's statement construction and cache-key hashing.
_HAND = select(*_HAND_COLUMNS).where(hands.c.id == bindparam("hand"))
_HAND_LOCKED = _HAND.with_for_update()
_HAND_STATUS = select(hands.c.status).where(hands.c.id == bindparam("hand"))
_NUMBER_TAKEN = select(hands.c.id).where(hands.c.table_id == bindparam("table"), hands.c.number == bindparam("number"))
_HAND_INSERT = hands.insert()
_HAND_END = update(hands).where(hands.c.id == bindparam("hand"))
_JOURNAL_COLUMNS = ("hand_id", "seq", "entry", "created_at")
_JOURNAL_APPEND = journal.insert().from_select(
    _JOURNAL_COLUMNS,
    select(
        hands.c.id,
        bindparam("seq", type_=journal.c.seq.type),
        bindparam("entry", type_=journal.c.entry.type),
        bindparam("created_at", type_=journal.c.created_at.type),
    ).where(hands.c.id == bindparam("hand"), hands.c.status == IN_PROGRESS),
)
"""The journal's one statement per action: the entry inserted only if its hand is in progress (no row: the
refusal is looked up after, off the hot path)."""
_JOURNAL_APPEND_XID = _JOURNAL_APPEND.returning(func.txid_current())
"""PostgreSQL's: the transaction id comes back with the insert (the store asks it before ``COMMIT`` to look up a
cut one, :mod:`pokerroom.store.retry`), saving a statement."""


class _OnTheDriver:
    """A prebuilt statement run on SQLite's own cursor, inside the caller's transaction: SQLAlchemy compiles it and
    turns the values into the driver's (its bind processors) once, but its per-statement execution (events,
    execution context, result) costs several times SQLite's insert, and the journal runs once per action."""

    def __init__(self, statement: Any) -> None:
        self.statement = statement
        self._compiled: Any = None
        self._steps: list[tuple[str, Any]] = []

    def rowcount(self, conn: Connection, values: dict[str, Any]) -> int:
        """Run with ``values`` on ``conn`` (a SQLite connection); the number of rows written."""
        if self._compiled is None:
            compiled = self.statement.compile(dialect=conn.dialect)
            binds = compiled.binds
            dialect = conn.dialect
            self._steps = [
                (name, binds[name].type.dialect_impl(dialect).bind_processor(dialect)) for name in compiled.positiontup
            ]
            self._compiled = compiled
        params = self._compiled.construct_params(values)
        row = [params[name] if step is None else step(params[name]) for name, step in self._steps]
        driver = conn.connection.driver_connection
        assert driver is not None
        try:
            return int(driver.execute(self._compiled.string, row).rowcount)
        except conn.dialect.loaded_dbapi.Error as err:  # raised as SQLAlchemy raises it (IntegrityError ...)
            raise DBAPIError.instance(self._compiled.string, row, err, conn.dialect.loaded_dbapi.Error) from err


_JOURNAL_APPEND_SQLITE = _OnTheDriver(_JOURNAL_APPEND)


def _info(row: Any) -> HandInfo:
    return HandInfo(
        id=int(row.id),
        table=int(row.table_id),
        number=int(row.number),
        setup=row.setup,
        status=row.status,
        record=row.record,
    )


def begin_hand(
    conn: Connection,
    now: datetime,
    table: int,
    number: int,
    setup: dict[str, object],
    *,
    lease: str | None = None,
    accounts: Sequence[int] = (),
) -> int:
    """Store hand ``number`` (>= 1, unique at the table) of ``table`` as in progress, dealt to ``accounts``;
    return its id.  With ``lease``, only while that runner holds the table
    (:func:`pokerroom.store.leases.hold`)."""
    table = known_table(conn, table)
    number = ident(number, "hand number")
    setup = json_object(setup, "setup")
    if lease is not None:
        leases.hold(conn, now, table, lease)
    taken = conn.execute(_NUMBER_TAKEN, {"table": table, "number": number}).first()
    if taken is not None:
        raise StoreError(f"table {table} already has a hand number {number} (hand id {taken.id})")
    row = conn.execute(
        _HAND_INSERT, {"table_id": table, "number": number, "setup": setup, "status": IN_PROGRESS, "started_at": now}
    ).inserted_primary_key
    assert row is not None
    hand_id = int(row[0])
    if accounts:
        conn.execute(hand_players.insert(), [{"hand_id": hand_id, "account_id": ident(a, "account")} for a in accounts])
    return hand_id


def hands_of(conn: Connection, account: int, *, table: int | None = None, limit: int = 50) -> list[HandInfo]:
    """The hands ``account`` was dealt into (at ``table`` only, when given), newest first, at most ``limit``."""
    query = (
        select(*_HAND_COLUMNS)
        .join(hand_players, hand_players.c.hand_id == hands.c.id)
        .where(hand_players.c.account_id == ident(account, "account"))
        .order_by(hands.c.id.desc())
        .limit(limit)
    )
    if table is not None:
        query = query.where(hands.c.table_id == table)
    return [_info(row) for row in conn.execute(query)]


def _hand_row(conn: Connection, hand: object, *, lock: bool = False) -> Any:
    hand_id = ident(hand, "hand")
    # Locked on PostgreSQL: a concurrent settle of the same hand waits, then sees it done.
    row = conn.execute(_HAND_LOCKED if lock else _HAND, {"hand": hand_id}).first()
    if row is None:
        raise StoreError(f"no hand with id {hand_id}")
    return row


def _running(conn: Connection, hand: object) -> Any:
    row = _hand_row(conn, hand, lock=True)
    if row.status != IN_PROGRESS:
        raise StoreError(f"hand {row.id} (table {row.table_id}, number {row.number}) is {row.status}, not in progress")
    return row


def write_journal(
    conn: Connection, now: datetime, hand: int, seq: int, entry: dict[str, object], *, xid: bool = False
) -> int | None:
    """Append action ``seq`` (>= 0, unique within the hand) of a hand in progress.  The hot path (issue 25): one
    prebuilt statement, the hand's status checked inside the insert.  ``xid`` (PostgreSQL): return the
    transaction's id, read by the same statement.  StoreError for an unknown or finished hand."""
    hand = ident(hand, "hand")
    seq = count(seq, "journal seq", most=MAX_SMALL)
    entry = json_object(entry, "journal entry")
    values = {"hand": hand, "seq": seq, "entry": entry, "created_at": now}
    if xid:
        got = conn.execute(_JOURNAL_APPEND_XID, values).scalar()
        if got is not None:
            return int(got)
    elif conn.dialect.name == "sqlite":
        if _JOURNAL_APPEND_SQLITE.rowcount(conn, values) == 1:
            return None
    elif conn.execute(_JOURNAL_APPEND, values).rowcount == 1:
        return None
    status = conn.execute(_HAND_STATUS, {"hand": hand}).scalar()  # nothing written: say why
    if status is None:
        raise StoreError(f"no hand with id {hand}")
    raise StoreError(f"hand {hand} is {status}; its journal is closed")


def journal_entries(conn: Connection, hand: int) -> list[dict[str, object]]:
    """The journal of ``hand`` in ``seq`` order."""
    row = _hand_row(conn, hand)
    query = select(journal.c.entry).where(journal.c.hand_id == row.id).order_by(journal.c.seq)
    return list(conn.execute(query).scalars())


def hand_info(conn: Connection, hand: int) -> HandInfo:
    """The stored hand ``hand``."""
    return _info(_hand_row(conn, hand))


def hands_in_progress(conn: Connection, table: int | None) -> list[HandInfo]:
    """Hands in progress (at ``table``, or anywhere when None), oldest first."""
    query = select(*_HAND_COLUMNS).where(hands.c.status == IN_PROGRESS).order_by(hands.c.id)
    if table is not None:
        query = query.where(hands.c.table_id == known_table(conn, table))
    return [_info(row) for row in conn.execute(query)]


def last_hand_number(conn: Connection, table: int) -> int:
    """The highest hand number begun at ``table``; 0 when none."""
    table = known_table(conn, table)
    return int(conn.execute(select(func.max(hands.c.number)).where(hands.c.table_id == table)).scalar() or 0)


def _cover(conn: Connection, needs: Mapping[str, int], hand: int) -> None:
    """LedgerError unless each key holds at least the chips the hand takes from it."""
    held = read_balances(conn, needs, lock=True)
    short = [
        f"{key} holds {held[key]} but the hand takes {amount}" for key, amount in needs.items() if held[key] < amount
    ]
    if short:
        raise LedgerError(f"hand {hand}: " + "; ".join(short))


def _ending(
    conn: Connection,
    now: datetime,
    hand: int,
    lease: str | None,
    record: dict[str, object] | None,
    accounts: Iterable[int],
) -> tuple[Any, dict[str, object] | None]:
    """What ending a hand (settled or void) checks first: the ``record`` is a JSON object, the hand is in
    progress, the table's ``lease`` is held and the ``accounts`` exist.  Returns (the hand's row, the record)."""
    if record is not None:
        record = json_object(record, "record")
    row = _running(conn, hand)
    table = int(row.table_id)
    if lease is not None:
        leases.hold(conn, now, table, lease)
    known_accounts(conn, accounts)
    return row, record


def settle_hand(
    conn: Connection,
    now: datetime,
    hand: int,
    *,
    contributions: Mapping[int, int],
    payouts: Mapping[int, int],
    rake: int,
    carried_in: int,
    carried_out: int,
    record: dict[str, object] | None,
    lease: str | None = None,
) -> None:
    """Post a finished hand (see :meth:`pokerroom.store.Store.settle_hand`) and mark it settled."""
    put = chip_map(contributions, "contributions")
    paid = chip_map(payouts, "payouts")
    rake = chips(rake, "rake", zero=True)
    carried_in = chips(carried_in, "carried_in", zero=True)
    carried_out = chips(carried_out, "carried_out", zero=True)
    row, record = _ending(conn, now, hand, lease, record, put.keys() | paid.keys())
    table, hand_id = int(row.table_id), int(row.id)
    into, out = sum(put.values()) + carried_in, sum(paid.values()) + rake + carried_out
    if into != out:
        raise LedgerError(
            f"hand {hand_id}: the pot does not come back to zero: contributions {sum(put.values())} + carried in "
            f"{carried_in} = {into} in, but payouts {sum(paid.values())} + rake {rake} + carried out {carried_out} "
            f"= {out} out ({into - out:+d})"
        )
    pot = pot_key(table)
    needs = {stack_key(table, account): amount for account, amount in put.items()}
    if carried_in:
        needs[carried_key(table)] = carried_in
    _cover(conn, needs, hand_id)
    transfers: list[Transfer] = [(stack_key(table, account), pot, amount) for account, amount in sorted(put.items())]
    if carried_in:
        transfers.append((carried_key(table), pot, carried_in))
    transfers += [(pot, stack_key(table, account), amount) for account, amount in sorted(paid.items())]
    if rake:
        transfers.append((pot, rake_key(table), rake))
    if carried_out:
        transfers.append((pot, carried_key(table), carried_out))
    memo = f"hand {row.number} settled"
    post_transfers(conn, now=now, kind="settle", memo=memo, transfers=transfers, table=table, hand=hand_id)
    conn.execute(_HAND_END, {"hand": hand_id, "status": SETTLED, "record": record, "ended_at": now})


def void_hand(
    conn: Connection,
    now: datetime,
    hand: int,
    *,
    contributions: Mapping[int, int],
    reason: str,
    record: dict[str, object] | None = None,
    lease: str | None = None,
) -> None:
    """Refund a hand's contributions and mark it void (see :meth:`pokerroom.store.Store.void_hand`)."""
    put = chip_map(contributions, "contributions")
    reason = text(reason, "reason")
    row, record = _ending(conn, now, hand, lease, record, put.keys())
    table, hand_id = int(row.table_id), int(row.id)
    _cover(conn, {stack_key(table, account): amount for account, amount in put.items()}, hand_id)
    pot = pot_key(table)
    # Each contribution goes in and straight back: net zero, but the ledger shows what was refunded and why.
    transfers: list[Transfer] = [(stack_key(table, account), pot, amount) for account, amount in sorted(put.items())]
    transfers += [(pot, stack_key(table, account), amount) for account, amount in sorted(put.items())]
    post_transfers(conn, now=now, kind="void", memo=reason, transfers=transfers, table=table, hand=hand_id)
    conn.execute(_HAND_END, {"hand": hand_id, "status": VOID, "record": record, "ended_at": now})
