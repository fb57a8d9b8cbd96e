"""Disconnect protections given (RULES §3.7: a limited number per player per 24 hours, room-wide).

Each protection is a row: the player's account, the store's time it was used (naive UTC), and the table and
hand.  The functions take an open connection inside a transaction; :class:`~pokerroom.store.Store` supplies it.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select
from sqlalchemy.engine import Connection

from pokerroom.errors import StoreError
from pokerroom.store.checks import as_utc, ident, known_accounts, known_table, to_naive_utc
from pokerroom.store.schema import hands, protections

__all__ = ["record", "since"]


def record(conn: Connection, now: datetime, account: int, *, table: int | None, hand: int | None) -> None:
    """Record that ``account`` was given disconnect protection at ``now`` (at ``table``, in ``hand``; the table
    is the hand's when only the hand is given)."""
    known_accounts(conn, [account])
    if hand is not None:
        hand = ident(hand, "hand")
        found = conn.execute(select(hands.c.table_id).where(hands.c.id == hand)).scalar()
        if found is None:
            raise StoreError(f"no hand with id {hand}")
        if table is not None and known_table(conn, table) != int(found):
            raise StoreError(f"hand {hand} was not played at table {table}")
        table = int(found)
    elif table is not None:
        table = known_table(conn, table)
    conn.execute(protections.insert().values(account_id=account, used_at=now, table_id=table, hand_id=hand))


def since(conn: Connection, account: int, moment: datetime) -> list[datetime]:
    """The times (UTC, aware) ``account`` was given disconnect protection at or after ``moment``, oldest first."""
    (account,) = known_accounts(conn, [account])
    if not isinstance(moment, datetime):
        raise StoreError(f"since must be a datetime, not {moment!r}")
    query = (
        select(protections.c.used_at)
        .where(protections.c.account_id == account, protections.c.used_at >= to_naive_utc(moment))
        .order_by(protections.c.used_at, protections.c.id)
    )
    return [as_utc(t) for t in conn.execute(query).scalars()]
