"""The room: tables that run hand after hand, with seats, buy-ins, stakes and rake (RULES §3)."""

from __future__ import annotations

__all__: list[str] = []
