"""Reports read from the ledger: rake by table or by day, a player's history, and the chips in the room.

All amounts are chips (whole numbers of the smallest unit); days are UTC.
"""

from __future__ import annotations

from typing import Literal

from sqlalchemy import func, select
from sqlalchemy.engine import Connection

from pokerroom.errors import StoreError
from pokerroom.store.checks import as_utc, known_accounts
from pokerroom.store.ledger import CASHIER
from pokerroom.store.records import HistoryRow, RakeRow
from pokerroom.store.schema import balances, poker_tables, postings, transactions

__all__ = ["account_history", "rake_report", "total"]


def rake_report(conn: Connection, by: Literal["table", "day"]) -> list[RakeRow]:
    """Rake from the ledger's postings to ``rake:`` keys, one row per table (by id) or per UTC day (oldest
    first): hands raked (hands whose settlement took rake) and chips taken."""
    raked = (
        select(transactions.c.table_id, transactions.c.hand_id, transactions.c.created_at, postings.c.amount)
        .select_from(postings.join(transactions, postings.c.transaction_id == transactions.c.id))
        .where(postings.c.key.like("rake:%"), postings.c.amount > 0)
    )
    if by == "table":
        sub = raked.subquery()
        query = (
            select(sub.c.table_id, poker_tables.c.name, func.count(sub.c.hand_id.distinct()), func.sum(sub.c.amount))
            .select_from(sub.join(poker_tables, sub.c.table_id == poker_tables.c.id))
            .group_by(sub.c.table_id, poker_tables.c.name)
            .order_by(sub.c.table_id)
        )
        return [RakeRow(int(table), name, int(count), int(rake)) for table, name, count, rake in conn.execute(query)]
    if by != "day":
        raise StoreError(f"rake_report groups by 'table' or 'day', not {by!r}")
    days: dict[str, tuple[set[int], int]] = {}
    for _table, hand, created, amount in conn.execute(raked):
        day = as_utc(created).date().isoformat()
        seen, rake = days.setdefault(day, (set(), 0))
        if hand is not None:
            seen.add(int(hand))
        days[day] = (seen, rake + int(amount))
    return [RakeRow(None, day, len(seen), rake) for day, (seen, rake) in sorted(days.items())]


def account_history(conn: Connection, account: int) -> list[HistoryRow]:
    """Every posting on ``account`` or its stacks at any table, oldest first, with the balance of the posted
    key and the player's holdings (account + stacks) after each."""
    (account,) = known_accounts(conn, [account])
    query = (
        select(
            postings.c.key,
            postings.c.amount,
            transactions.c.id,
            transactions.c.created_at,
            transactions.c.kind,
            transactions.c.table_id,
            transactions.c.hand_id,
            transactions.c.memo,
        )
        .select_from(postings.join(transactions, postings.c.transaction_id == transactions.c.id))
        .where(postings.c.account_id == account)
        .order_by(postings.c.id)
    )
    running: dict[str, int] = {}
    holdings = 0
    rows: list[HistoryRow] = []
    for key, amount, txn, created, kind, table, hand, memo in conn.execute(query):
        amount = int(amount)
        running[key] = running.get(key, 0) + amount
        holdings += amount
        rows.append(
            HistoryRow(
                time=as_utc(created),
                kind=kind,
                table=None if table is None else int(table),
                hand=None if hand is None else int(hand),
                key=key,
                amount=amount,
                balance=running[key],
                holdings=holdings,
                memo=memo,
                transaction=int(txn),
            )
        )
    return rows


def total(conn: Connection) -> int:
    """Chips held by every ledger key except the cashier (accounts, stacks, rake, carried chips)."""
    return int(conn.execute(select(func.sum(balances.c.balance)).where(balances.c.key != CASHIER)).scalar() or 0)
