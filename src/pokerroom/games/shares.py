"""Pot shares built from rankings: the best five of all the cards, or Omaha's two hole cards and three board cards
(RULES §2.2, G6), and the hi/lo games' odd-chip house rule (RULES §3.2, §6.3, settled decision 18).  See
:class:`~pokerroom.games.base.Share`."""

from __future__ import annotations

from pokerroom.games.base import HouseRule, Selection, Share
from pokerroom.rankings import Ranking

__all__ = ["ODD_CHIPS_TO_HIGH", "best_five", "omaha"]

ODD_CHIPS_TO_HIGH = HouseRule(
    "odd_chips_to_high",
    "house.odd_chips_to_high",
    False,
    "every odd chip of a hi/lo pot goes to the high winner, one from a tied low half included (the seed's literal "
    "reading); by default an odd chip inside a tied half goes to the first tied winner clockwise from the dealer",
    "RULES §3.2, §6.3 (G7, G10, G4), settled decision 18",
)
"""The hi/lo games' house rule for odd chips (stud hi/lo, Omaha hi/lo and five-card Omaha hi/lo): the engine's
showdown reads ``house.odd_chips_to_high``."""


def best_five(name: str, ranking: Ranking) -> Share:
    """The best five of the player's cards and the board under ``ranking`` (hold'em, stud, draw)."""
    return Share(name, ranking, Selection.BEST_FIVE)


def omaha(name: str, ranking: Ranking) -> Share:
    """Exactly two hole cards and three board cards under ``ranking`` (RULES G6, G7; TRAPS T12, T13)."""
    return Share(name, ranking, Selection.OMAHA)
