"""Omaha (RULES G6; seed 004): four hole cards, a hold'em board, and a hand of exactly two hole cards and
three board cards (E-HIGH over all 60 combinations; TRAPS T12)."""

from __future__ import annotations

from collections.abc import Sequence

from pokerroom.cards import DECK52
from pokerroom.games.base import Game, Opener, Share, Street
from pokerroom.games.holdem import HOLDEM_STREETS
from pokerroom.games.structures import Limit
from pokerroom.rankings import HIGH, best_omaha, omaha_value

__all__ = ["OMAHA", "omaha_high_share"]


def _value(hole: Sequence[int], board: Sequence[int]) -> int:
    return omaha_value(hole, board, HIGH)


def _cards(hole: Sequence[int], board: Sequence[int]) -> tuple[int, ...]:
    return best_omaha(hole, board, HIGH).cards


omaha_high_share = Share("high", _value, HIGH.describe, _cards)

OMAHA = Game(
    id="omaha",
    name="Omaha",
    deck=DECK52,
    streets=(Street("preflop", hole=4, opener=Opener.BLINDS), *HOLDEM_STREETS[1:]),
    shares=(omaha_high_share,),
    limits=(Limit.POT, Limit.NO, Limit.HALF_POT, Limit.FIXED),
    default_limit=Limit.POT,
    max_players=9,
    aliases=("plo", "omaha-high"),
)
