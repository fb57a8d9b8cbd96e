"""Persistence for pokerroom: accounts, tables, hands with their action journal, and a double-entry chip
ledger, in SQLite (default) or PostgreSQL through SQLAlchemy 2.

:class:`Store` is the entry point; :mod:`~pokerroom.store.ledger` holds the ledger keys and invariants,
:mod:`~pokerroom.store.schema` the tables, :mod:`~pokerroom.store.hands` the hand life cycle,
:mod:`~pokerroom.store.leases` which runner plays a table, :mod:`~pokerroom.store.protections` the disconnect
protections given, :mod:`~pokerroom.store.reports` the reports and :mod:`~pokerroom.store.runner` a table played
through the store.  Amounts stay within 2**53 chips and ids within 64-bit integers
(:mod:`~pokerroom.store.checks`).
"""

from __future__ import annotations

from pokerroom.store.ledger import CASHIER, account_key, carried_key, pot_key, rake_key, stack_key
from pokerroom.store.records import HandInfo, HistoryRow, Lease, RakeRow
from pokerroom.store.store import Store

__all__ = [
    "CASHIER",
    "HandInfo",
    "HistoryRow",
    "Lease",
    "RakeRow",
    "Store",
    "account_key",
    "carried_key",
    "pot_key",
    "rake_key",
    "stack_key",
]
