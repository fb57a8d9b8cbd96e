"""Persistence for pokerroom: accounts, tables, hands with their action journal, and a double-entry chip
ledger, in SQLite (default) or PostgreSQL through SQLAlchemy 2.

:class:`Store` is the entry point; :mod:`~pokerroom.store.ledger` holds the ledger keys and invariants,
:mod:`~pokerroom.store.schema` the tables, :mod:`~pokerroom.store.hands` the hand life cycle and
:mod:`~pokerroom.store.reports` the reports.
"""

from __future__ import annotations

from pokerroom.store.ledger import CASHIER, account_key, carried_key, pot_key, rake_key, stack_key
from pokerroom.store.records import HandInfo, HistoryRow, RakeRow
from pokerroom.store.store import Store

__all__ = [
    "CASHIER",
    "HandInfo",
    "HistoryRow",
    "RakeRow",
    "Store",
    "account_key",
    "carried_key",
    "pot_key",
    "rake_key",
    "stack_key",
]
