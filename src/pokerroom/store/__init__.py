"""Persistence for pokerroom: accounts, tables, hands with their action journal, and a double-entry chip
ledger, in SQLite (default) or PostgreSQL through SQLAlchemy 2.

:class:`Store` is the entry point; :mod:`~pokerroom.store.ledger` holds the ledger keys and invariants,
:mod:`~pokerroom.store.schema` the tables, :mod:`~pokerroom.store.hands` the hand life cycle,
:mod:`~pokerroom.store.leases` which runner plays a table, :mod:`~pokerroom.store.protections` the disconnect
protections given, :mod:`~pokerroom.store.reports` the reports, :mod:`~pokerroom.store.retry` the retries after a
dropped PostgreSQL connection and :mod:`~pokerroom.store.runner` a table played through the store.  Amounts stay
within 2**53 chips and ids within 64-bit integers (:mod:`~pokerroom.store.checks`).

The schema and the form of stored data change only through Alembic migrations
(:mod:`~pokerroom.store.migrations`, revisions in ``migrations/versions``).  :class:`Store` creates an empty
database at this release's revision and opens one that is there; a database written by an older release (the
release before migrations included, which has no ``alembic_version`` table) or by a newer one is refused with
:class:`~pokerroom.store.migrations.SchemaVersionError` naming its revision and the command to run::

    pokerroom db status --database URL     # its revision, this release's, whether an upgrade is needed
    pokerroom db upgrade --database URL    # one transaction; stored hands converted and checked by replay

(:mod:`pokerroom.cli.db`; :func:`~pokerroom.store.migrations.upgrade` from Python).
"""

from __future__ import annotations

from pokerroom.store.ledger import CASHIER, account_key, carried_key, pot_key, rake_key, stack_key
from pokerroom.store.records import HandInfo, HistoryRow, Lease, RakeRow
from pokerroom.store.retry import RetryStats, StoreUnavailable
from pokerroom.store.store import Store

__all__ = [
    "CASHIER",
    "HandInfo",
    "HistoryRow",
    "Lease",
    "RakeRow",
    "RetryStats",
    "Store",
    "StoreUnavailable",
    "account_key",
    "carried_key",
    "pot_key",
    "rake_key",
    "stack_key",
]
