"""Revision 0004_nights: the club's game nights (``nights``), kept as they are played so an evening survives a
crash (``pokerroom night --resume``).

Upgrade creates the table with the columns written here (frozen: later changes are later revisions), or keeps one
already there with those columns; downgrade
drops it, and with it the books of every night (their chips stay in the ledger, on the nights' accounts).
"""

from __future__ import annotations

from alembic import op
from sqlalchemy import JSON, Column, DateTime, ForeignKey, Index, Integer, MetaData, String, Table

from pokerroom.store.migrations import ensure_table

revision = "0004_nights"
down_revision: str | None = "0003_server_tables"
branch_labels: str | None = None
depends_on: str | None = None


def _nights() -> Table:
    meta = MetaData()
    Table("poker_tables", meta, Column("id", Integer, primary_key=True))
    return Table(
        "nights",
        meta,
        Column("id", Integer, primary_key=True),
        Column("label", String(200), nullable=False),
        Column("game", String(100), nullable=False),
        Column("table_id", Integer, ForeignKey("poker_tables.id"), nullable=False),
        Column("config", JSON(), nullable=False),
        Column("state", JSON(), nullable=False),
        Column("status", String(20), nullable=False),
        Column("created_at", DateTime(), nullable=False),
        Column("updated_at", DateTime(), nullable=False),
        Column("ended_at", DateTime(), nullable=True),
        Index("ix_nights_status", "status"),
    )


def upgrade() -> None:
    """Create the ``nights`` table; one already there (a store made at this head whose revision row was lost) is
    kept when it has the columns, refused otherwise."""
    ensure_table(op.get_bind(), _nights())


def downgrade() -> None:
    """Drop the ``nights`` table."""
    _nights().drop(op.get_bind())
