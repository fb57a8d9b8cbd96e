"""Revision ``0001_baseline``'s tables: the store's tables as the last release before migrations made them
(commit e9263e5, ``metadata.create_all`` of its ``pokerroom.store.schema``), column for column, with their keys,
constraints and indexes.

Frozen: a later change to :mod:`pokerroom.store.schema` goes into a new revision, never here.  Revision 0001
creates these tables; :func:`pokerroom.store.migrations.upgrade` also checks a database of that release (tables
but no ``alembic_version``) against them before taking it as revision 0001.
"""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    BigInteger,
    Column,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
)

__all__ = ["baseline_metadata"]


def baseline_metadata() -> MetaData:
    """A new :class:`~sqlalchemy.MetaData` holding revision 0001's ten tables (accounts, poker_tables, hands,
    hand_players, journal, transactions, postings, balances, table_leases, protections)."""
    metadata = MetaData()
    # SQLite only auto-numbers an ``INTEGER PRIMARY KEY``; PostgreSQL gets BIGSERIAL for the busy tables.
    big_id = BigInteger().with_variant(Integer(), "sqlite")
    Table(
        "accounts",
        metadata,
        Column("id", Integer, primary_key=True),
        Column("name", String(200), nullable=False, unique=True),
        Column("created_at", DateTime(), nullable=False),
    )
    Table(
        "poker_tables",
        metadata,
        Column("id", Integer, primary_key=True),
        Column("name", String(200), nullable=False, unique=True),
        Column("game", String(100), nullable=False),
        Column("config", JSON(), nullable=False),
        Column("created_at", DateTime(), nullable=False),
    )
    Table(
        "hands",
        metadata,
        Column("id", big_id, primary_key=True),
        Column("table_id", Integer, ForeignKey("poker_tables.id"), nullable=False),
        Column("number", BigInteger, nullable=False),
        Column("setup", JSON(), nullable=False),
        Column("status", String(20), nullable=False),
        Column("record", JSON(none_as_null=True), nullable=True),
        Column("started_at", DateTime(), nullable=False),
        Column("ended_at", DateTime(), nullable=True),
        UniqueConstraint("table_id", "number", name="uq_hands_table_number"),
        Index("ix_hands_status", "status"),
    )
    Table(
        "hand_players",
        metadata,
        Column("hand_id", big_id, ForeignKey("hands.id"), primary_key=True),
        Column("account_id", Integer, ForeignKey("accounts.id"), primary_key=True),
        Index("ix_hand_players_account", "account_id", "hand_id"),
    )
    Table(
        "journal",
        metadata,
        Column("hand_id", big_id, ForeignKey("hands.id"), primary_key=True),
        Column("seq", Integer, primary_key=True, autoincrement=False),
        Column("entry", JSON(), nullable=False),
        Column("created_at", DateTime(), nullable=False),
    )
    Table(
        "transactions",
        metadata,
        Column("id", big_id, primary_key=True),
        Column("created_at", DateTime(), nullable=False),
        Column("kind", String(20), nullable=False),
        Column("table_id", Integer, ForeignKey("poker_tables.id"), nullable=True),
        Column("hand_id", big_id, ForeignKey("hands.id"), nullable=True),
        Column("memo", Text(), nullable=False),
    )
    Table(
        "postings",
        metadata,
        Column("id", big_id, primary_key=True),
        Column("transaction_id", big_id, ForeignKey("transactions.id"), nullable=False, index=True),
        Column("key", String(100), nullable=False, index=True),
        Column("amount", BigInteger, nullable=False),
        Column("account_id", Integer, ForeignKey("accounts.id"), nullable=True, index=True),
    )
    Table(
        "balances",
        metadata,
        Column("key", String(100), primary_key=True),
        Column("book", String(20), nullable=False),
        Column("table_id", Integer, nullable=True),
        Column("account_id", Integer, nullable=True),
        Column("balance", BigInteger, nullable=False),
        Index("ix_balances_table", "table_id", "book"),
    )
    Table(
        "table_leases",
        metadata,
        Column("table_id", Integer, ForeignKey("poker_tables.id"), primary_key=True, autoincrement=False),
        Column("owner", String(64), nullable=False),
        Column("host", String(255), nullable=False),
        Column("pid", BigInteger, nullable=False),
        Column("heartbeat", DateTime(), nullable=False),
    )
    Table(
        "protections",
        metadata,
        Column("id", big_id, primary_key=True),
        Column("account_id", Integer, ForeignKey("accounts.id"), nullable=False),
        Column("used_at", DateTime(), nullable=False),
        Column("table_id", Integer, ForeignKey("poker_tables.id"), nullable=True),
        Column("hand_id", big_id, ForeignKey("hands.id"), nullable=True),
        Index("ix_protections_account_time", "account_id", "used_at"),
    )
    return metadata
