"""What the PokerStars reader and check promise, kept light: the commands read these at start-up (their help
gives the limit, their summaries the statuses) without loading the reader's patterns."""

from __future__ import annotations

from pokerroom.formats.replay import STATUSES as REPLAY_STATUSES

__all__ = ["MAX_FILE_BYTES", "STATUSES"]

MAX_FILE_BYTES = 64 << 20
"""The largest file :func:`~pokerroom.formats.pokerstars.reader.read_each` reads (64 MiB): a bigger one is refused,
not loaded."""

STATUSES = (*REPLAY_STATUSES, "unsupported")
"""Every status a PokerStars check gives, in the order summaries list them: those of ``pokerroom replay`` and
``unsupported`` (a game or feature the engine cannot express, named)."""
