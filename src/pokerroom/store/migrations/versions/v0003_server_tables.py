"""Revision 0003_server_tables: the server's log-ins, sessions and lobby tables under the migrations.

Until this revision the server made these three tables itself when it started (``create_all``), so a database the
store and ``simulate`` wrote has none of them and one a server ran has all three, as the release before made them.
Upgrade creates each one that is missing, with the columns written here (frozen: later changes are later
revisions), and checks that one already there has them.  Downgrade leaves them: the release before this revision
made them itself and reads them as they are.
"""

from __future__ import annotations

from alembic import op
from sqlalchemy import Column, DateTime, Integer, MetaData, String, Table

from pokerroom.store.migrations import ensure_table

revision = "0003_server_tables"
down_revision: str | None = "0002_hand_records"
branch_labels: str | None = None
depends_on: str | None = None


def _tables() -> MetaData:
    meta = MetaData()
    Table(
        "logins",
        meta,
        Column("id", Integer, primary_key=True),
        Column("name", String(40), nullable=False, unique=True),
        Column("password", String(200), nullable=False),
        Column("created_at", DateTime(), nullable=False),
    )
    Table(
        "sessions",
        meta,
        Column("token", String(64), primary_key=True),
        Column("name", String(40), nullable=False, index=True),
        Column("expires_at", DateTime(), nullable=False),
    )
    Table(
        "lobby_tables",
        meta,
        Column("table_id", Integer, primary_key=True, autoincrement=False),
        Column("bots", Integer, nullable=False),
        Column("created_by", String(40), nullable=True),
    )
    return meta


def upgrade() -> None:
    """Create the server's tables that are missing; refuse one there without the columns the server reads."""
    for table in _tables().sorted_tables:
        ensure_table(op.get_bind(), table, "the server's")


def downgrade() -> None:
    """Nothing: the release before this revision makes and reads these tables itself."""
