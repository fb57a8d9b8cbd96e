"""A day's hands as stored, for the operator's export (``pokerroom export``, :mod:`pokerroom.cli.export`).

:func:`hands_on` reads every hand that started on one UTC day (at one table, or at all of them) in one query:
settled, voided and still in progress, each with its table's name and size and its full record JSON (every card:
this is the operator's reader, never a seat's view).  :func:`find_table` resolves the ``--table`` a person types
(a table's name, or its id).  :func:`header_record` turns a stored hand into its
:class:`~pokerroom.room.record.HandRecord` with the header fields every written hand carries (table id and name,
hand number, start time in UTC) taken from the stored row where the record lacks them.

The functions take an open connection; :class:`~pokerroom.store.Store` supplies it (:meth:`Store.hands_on
<pokerroom.store.Store.hands_on>`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date, datetime, time, timedelta
from typing import Any

from sqlalchemy import select
from sqlalchemy.engine import Connection

from pokerroom.errors import PokerroomError, StoreError
from pokerroom.room.record import HandRecord
from pokerroom.room.record_json import record_from_json
from pokerroom.store.checks import MAX_SMALL, as_utc, known_table
from pokerroom.store.schema import hands, poker_tables

__all__ = ["StoredHand", "day_bounds", "find_table", "hands_on", "header_record"]


@dataclass(frozen=True, slots=True)
class StoredHand:
    """One stored hand: its store ``id``, ``table`` id, ``table_name``, the table's size ``seats`` (``None``:
    the game's most players), its ``number`` at the table, ``status`` (a :class:`~pokerroom.room.record.Status`
    value: ``complete``, ``voided`` or ``incomplete`` while in progress), ``started_at`` and ``ended_at`` (UTC,
    aware; ``ended_at`` ``None`` while in progress) and ``record`` (the record JSON, every card; ``None`` while in
    progress or for a hand voided without a readable set-up)."""

    id: int
    table: int
    table_name: str
    seats: int | None
    number: int
    status: str
    started_at: datetime
    ended_at: datetime | None
    record: dict[str, Any] | None


def day_bounds(day: date) -> tuple[datetime, datetime]:
    """The UTC day ``day`` as the store's naive UTC times: ``[midnight, next midnight)``."""
    start = datetime.combine(day, time(0, 0))
    if day == date.max:  # the calendar's last day has no next midnight
        return start, datetime.max
    return start, start + timedelta(days=1)


def find_table(conn: Connection, key: str) -> tuple[int, str]:
    """The table a person names: by its name first, else by its id when ``key`` is a whole number.  Returns
    ``(id, name)``; :class:`~pokerroom.errors.StoreError` naming the tables there are when none matches."""
    row = conn.execute(select(poker_tables.c.id, poker_tables.c.name).where(poker_tables.c.name == key)).first()
    if row is None and key.strip().isdigit() and int(key) <= MAX_SMALL:
        wanted = int(key)
        row = conn.execute(select(poker_tables.c.id, poker_tables.c.name).where(poker_tables.c.id == wanted)).first()
    if row is None:
        known = [f"{r.id} {r.name!r}" for r in conn.execute(select(poker_tables.c.id, poker_tables.c.name))]
        there = ", ".join(known[:20]) + (" ..." if len(known) > 20 else "") if known else "there are none"
        raise StoreError(f"no table named or numbered {key!r}; tables: {there}")
    return int(row.id), str(row.name)


def _seats(config: object) -> int | None:
    seats = config.get("seats") if isinstance(config, dict) else None
    return seats if isinstance(seats, int) and not isinstance(seats, bool) else None


def hands_on(conn: Connection, day: date, table: int | None = None) -> list[StoredHand]:
    """Every hand that started on UTC day ``day`` (at ``table`` only, when given), in the order they started
    (then by id).  StoreError for an unknown ``table``."""
    start, end = day_bounds(day)
    query = (
        select(
            hands.c.id, hands.c.table_id, hands.c.number, hands.c.status, hands.c.record, hands.c.started_at,
            hands.c.ended_at, poker_tables.c.name, poker_tables.c.config,
        )
        .join(poker_tables, poker_tables.c.id == hands.c.table_id)
        .where(hands.c.started_at >= start, hands.c.started_at < end)
        .order_by(hands.c.started_at, hands.c.id)
    )  # fmt: skip
    if table is not None:
        query = query.where(hands.c.table_id == known_table(conn, table))
    return [
        StoredHand(
            id=int(r.id),
            table=int(r.table_id),
            table_name=str(r.name),
            seats=_seats(r.config),
            number=int(r.number),
            status=str(r.status),
            started_at=as_utc(r.started_at),
            ended_at=None if r.ended_at is None else as_utc(r.ended_at),
            record=r.record,
        )
        for r in conn.execute(query)
    ]


def header_record(hand: StoredHand) -> HandRecord:
    """The full record of a settled or voided ``hand`` with the header fields every written hand carries: the
    table's id and name, the hand's number and its start (UTC), each from the record's set-up, else from the
    stored row.  StoreError naming the hand when it has no record (in progress, or voided without a readable
    set-up) or its record cannot be read."""
    where = f"hand {hand.id} (table {hand.table_name!r}, number {hand.number})"
    if hand.record is None:
        raise StoreError(f"{where} is {hand.status} and has no record")
    try:
        record = record_from_json(hand.record)
    except PokerroomError as err:
        raise StoreError(f"{where} cannot be read: {err}") from None
    setup = record.setup
    filled = replace(
        setup,
        table_id=setup.table_id if setup.table_id is not None else hand.table,
        table_name=setup.table_name if setup.table_name is not None else hand.table_name,
        number=setup.number if setup.number is not None else hand.number,
        started_at=as_utc(setup.started_at if setup.started_at is not None else hand.started_at),
    )
    return record if filled == setup else replace(record, setup=filled)
