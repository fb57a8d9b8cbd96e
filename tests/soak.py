"""The suite's two tiers (README "Tests"): ``make test`` runs each long check at a tenth of its count, ``make soak``
(``POKERROOM_SOAK=1``) at the full count the issue names."""

from __future__ import annotations

import os

SOAK = os.environ.get("POKERROOM_SOAK") == "1"
"""Whether this run is ``make soak``."""


def count(full: int) -> int:
    """``full`` under ``make soak``, a tenth of it (at least 1) under ``make test``."""
    return full if SOAK else max(1, full // 10)
