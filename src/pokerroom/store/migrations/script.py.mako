"""Revision ${up_revision}: ${message}

What changes, why, and what downgrade cannot take back (see :mod:`pokerroom.store.migrations`).
"""

from __future__ import annotations

from alembic import op
import sqlalchemy as sa
${imports if imports else ""}

revision = ${repr(up_revision)}
down_revision: str | None = ${repr(down_revision)}
branch_labels: str | None = ${repr(branch_labels)}
depends_on: str | None = ${repr(depends_on)}


def upgrade() -> None:
    """What upgrade does."""
    ${upgrades if upgrades else "raise NotImplementedError('write the upgrade')"}


def downgrade() -> None:
    """What downgrade does, or why it cannot."""
    ${downgrades if downgrades else "raise NotImplementedError('write the downgrade')"}
