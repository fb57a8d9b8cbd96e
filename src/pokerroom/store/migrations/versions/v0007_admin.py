"""Revision 0007_admin: the operators' tools (issue 20): the audit log of every admin action (``audit_log``, also
the queue of actions a running server has still to apply), suspended and banned players (``account_holds``),
paused and closed server tables (``table_status``) and the running servers with who is online (``admin_desks``).

Upgrade creates the four tables with the columns written here (frozen: later changes are later revisions), or keeps
ones already there with those columns; downgrade drops them (the audit log, holds and table states go with them).
"""

from __future__ import annotations

from alembic import op
from sqlalchemy import JSON, BigInteger, Column, DateTime, ForeignKey, Index, Integer, MetaData, String, Table, Text

from pokerroom.store.migrations import ensure_table

revision = "0007_admin"
down_revision: str | None = "0006_roles"
branch_labels: str | None = None
depends_on: str | None = None

_BigId = BigInteger().with_variant(Integer(), "sqlite")


def _tables() -> list[Table]:
    meta = MetaData()
    Table("poker_tables", meta, Column("id", Integer, primary_key=True))
    return [
        Table(
            "audit_log",
            meta,
            Column("id", _BigId, primary_key=True),
            Column("at", DateTime(), nullable=False),
            Column("operator", String(40), nullable=False),
            Column("action", String(40), nullable=False),
            Column("target", String(200), nullable=False),
            Column("detail", JSON(), nullable=False),
            Column("applied_at", DateTime(), nullable=True),
            Index("ix_audit_log_applied", "applied_at"),
            Index("ix_audit_log_at", "at"),
        ),
        Table(
            "account_holds",
            meta,
            Column("name", String(40), primary_key=True),
            Column("status", String(20), nullable=False),
            Column("until", DateTime(), nullable=True),
            Column("reason", Text(), nullable=False),
            Column("operator", String(40), nullable=False),
            Column("at", DateTime(), nullable=False),
        ),
        Table(
            "table_status",
            meta,
            Column("table_id", Integer, ForeignKey("poker_tables.id"), primary_key=True, autoincrement=False),
            Column("status", String(20), nullable=False),
            Column("at", DateTime(), nullable=False),
        ),
        Table(
            "admin_desks",
            meta,
            Column("owner", String(64), primary_key=True),
            Column("host", String(255), nullable=False),
            Column("pid", BigInteger, nullable=False),
            Column("started_at", DateTime(), nullable=False),
            Column("beat_at", DateTime(), nullable=False),
            Column("presence", JSON(), nullable=False),
            Column("presence_at", DateTime(), nullable=False),
        ),
    ]


def upgrade() -> None:
    """Create the four tables; one already there (a store made at this head whose revision row was lost) is kept
    when it has the columns, refused otherwise."""
    for table in _tables():
        ensure_table(op.get_bind(), table)


def downgrade() -> None:
    """Drop the four tables."""
    for table in reversed(_tables()):
        table.drop(op.get_bind())
