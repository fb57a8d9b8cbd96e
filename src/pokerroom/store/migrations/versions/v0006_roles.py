"""Revision 0006_roles: the server's roles (``roles``): which accounts are operators, who may remove table chat
messages and mute players in the chat (issue 18), granted by ``pokerroom admin create NAME``.

Upgrade creates the table with the columns written here (frozen: later changes are later revisions), or keeps one
already there with those columns; downgrade drops it (every role granted goes with it).
"""

from __future__ import annotations

from alembic import op
from sqlalchemy import Column, DateTime, ForeignKey, Integer, MetaData, String, Table

from pokerroom.store.migrations import ensure_table

revision = "0006_roles"
down_revision: str | None = "0005_night_invites"
branch_labels: str | None = None
depends_on: str | None = None


def _roles() -> Table:
    meta = MetaData()
    Table("accounts", meta, Column("id", Integer, primary_key=True))
    return Table(
        "roles",
        meta,
        Column("account_id", Integer, ForeignKey("accounts.id"), primary_key=True, autoincrement=False),
        Column("role", String(40), primary_key=True),
        Column("granted_at", DateTime(), nullable=False),
    )


def upgrade() -> None:
    """Create the ``roles`` table; one already there (a store made at this head whose revision row was lost) is
    kept when it has the columns, refused otherwise."""
    ensure_table(op.get_bind(), _roles())


def downgrade() -> None:
    """Drop the ``roles`` table."""
    _roles().drop(op.get_bind())
