"""Revision 0005_night_invites: the invitations to club nights hosted in the browser (``night_invites``), so that an
invite link, the players who took a seat before the start and the night it became survive a restart of the server.

Upgrade creates the table with the columns written here (frozen: later changes are later revisions), or keeps one
already there with those columns; downgrade drops it (the nights themselves, their books and chips, stay).
"""

from __future__ import annotations

from alembic import op
from sqlalchemy import JSON, Column, DateTime, ForeignKey, Integer, MetaData, String, Table

from pokerroom.store.migrations import ensure_table

revision = "0005_night_invites"
down_revision: str | None = "0004_nights"
branch_labels: str | None = None
depends_on: str | None = None


def _invites() -> Table:
    meta = MetaData()
    Table("nights", meta, Column("id", Integer, primary_key=True))
    return Table(
        "night_invites",
        meta,
        Column("token", String(64), primary_key=True),
        Column("host", String(40), nullable=False),
        Column("config", JSON(), nullable=False),
        Column("status", String(20), nullable=False),
        Column("night_id", Integer, ForeignKey("nights.id"), nullable=True),
        Column("created_at", DateTime(), nullable=False),
        Column("updated_at", DateTime(), nullable=False),
    )


def upgrade() -> None:
    """Create the ``night_invites`` table; one already there (a store made at this head whose revision row was
    lost) is kept when it has the columns, refused otherwise."""
    ensure_table(op.get_bind(), _invites())


def downgrade() -> None:
    """Drop the ``night_invites`` table."""
    _invites().drop(op.get_bind())
