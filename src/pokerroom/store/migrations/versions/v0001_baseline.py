"""Revision 0001_baseline: the store's ten tables as the release before migrations made them (commit e9263e5).

Upgrade creates them (:func:`~pokerroom.store.migrations.baseline.baseline_metadata`, frozen); downgrade drops
them, with everything they hold.  A database that release wrote is stamped at this revision rather than running
it (:func:`pokerroom.store.migrations.upgrade`).
"""

from __future__ import annotations

from alembic import op

from pokerroom.store.migrations.baseline import baseline_metadata

revision = "0001_baseline"
down_revision: str | None = None
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Create the baseline's tables, keys and indexes."""
    baseline_metadata().create_all(op.get_bind(), checkfirst=False)


def downgrade() -> None:
    """Drop the baseline's tables (every row with them)."""
    baseline_metadata().drop_all(op.get_bind(), checkfirst=False)
