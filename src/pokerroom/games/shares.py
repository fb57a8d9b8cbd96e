"""Pot shares built from rankings: the best five of all the cards, or Omaha's two hole cards and three board cards
(RULES §2.2, G6).  See :class:`~pokerroom.games.base.Share`."""

from __future__ import annotations

from pokerroom.games.base import Selection, Share
from pokerroom.rankings import Ranking

__all__ = ["best_five", "omaha"]


def best_five(name: str, ranking: Ranking) -> Share:
    """The best five of the player's cards and the board under ``ranking`` (hold'em, stud, draw)."""
    return Share(name, ranking, Selection.BEST_FIVE)


def omaha(name: str, ranking: Ranking) -> Share:
    """Exactly two hole cards and three board cards under ``ranking`` (RULES G6, G7; TRAPS T12, T13)."""
    return Share(name, ranking, Selection.OMAHA)
