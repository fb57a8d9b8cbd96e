"""Revision 0002_hand_records: stored hands in the hand record's forms; no column changes.

Upgrade converts every hand, settled, void and in progress alike (``hands.status``, ``hands.setup``,
``journal.entry``, ``hands.record``), replaying each one to check it, and stops at the first hand that cannot be
converted, naming it (:func:`pokerroom.store.migrations.hand_records.upgrade`).  Downgrade writes the old forms
back where they can hold what is stored; what they cannot hold is listed in
:mod:`pokerroom.store.migrations.hand_records` (voided hands lose their record, which the old release never kept;
a hand dealt without a deck seed stops the downgrade).
"""

from __future__ import annotations

from alembic import context, op

from pokerroom.store.migrations import SUMMARY, hand_records

revision = "0002_hand_records"
down_revision: str | None = "0001_baseline"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Convert the stored hands to the record's forms; the counts go to the run's config attributes."""
    context.config.attributes[SUMMARY] = hand_records.upgrade(op.get_bind())


def downgrade() -> None:
    """Write the stored hands back in the forms of revision 0001; the counts go to the run's config attributes."""
    context.config.attributes[SUMMARY] = hand_records.downgrade(op.get_bind())
