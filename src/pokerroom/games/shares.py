"""Pot shares built from rankings: best five of all the cards, or Omaha's two hole cards and three board cards.

A share's value is the ranking's int (larger is better); a ranking with a qualifier (E-LOW-8) gives 0 for no
hand, which the share reports as ``None``: that player takes no part in the share (RULES §2.4, G7, G10).
"""

from __future__ import annotations

from collections.abc import Sequence

from pokerroom.games.base import Share
from pokerroom.rankings import Ranking, best_omaha, omaha_value

__all__ = ["best_five", "omaha"]


def best_five(name: str, ranking: Ranking) -> Share:
    """The best five of the player's cards and the board under ``ranking`` (hold'em, stud, draw).

    The ranking's tables are built at the first showdown, not when the game module is imported (DESIGN.md: build
    tables lazily), so that ``import pokerroom.games`` and every command start quickly.
    """

    def value(hole: Sequence[int], board: Sequence[int]) -> int | None:
        return ranking.evaluate([*hole, *board]) or None

    def cards(hole: Sequence[int], board: Sequence[int]) -> tuple[int, ...]:
        return ranking.best_hand([*hole, *board]).cards

    return Share(name, value, ranking.describe, cards)


def omaha(name: str, ranking: Ranking) -> Share:
    """Exactly two hole cards and three board cards under ``ranking`` (RULES G6, G7; TRAPS T12, T13)."""

    def value(hole: Sequence[int], board: Sequence[int]) -> int | None:
        return omaha_value(hole, board, ranking) or None

    def cards(hole: Sequence[int], board: Sequence[int]) -> tuple[int, ...]:
        return best_omaha(hole, board, ranking).cards

    return Share(name, value, ranking.describe, cards)
