"""Texas hold'em (RULES G5; seed 004, and the club's G2 shape): two hole cards, flop, turn, river; four betting
rounds; best five of seven cards by the standard high ranking (E-HIGH), using 0, 1 or 2 hole cards."""

from __future__ import annotations

from collections.abc import Sequence

from pokerroom.cards import DECK52
from pokerroom.games.base import Game, Opener, Share, Street
from pokerroom.games.structures import Limit
from pokerroom.rankings import HIGH

__all__ = ["HOLDEM", "HOLDEM_STREETS", "high_share"]

HOLDEM_STREETS = (
    Street("preflop", hole=2, opener=Opener.BLINDS),
    Street("flop", board=3),
    Street("turn", board=1),
    Street("river", board=1),
)


def _value(hole: Sequence[int], board: Sequence[int]) -> int:
    return HIGH.evaluate([*hole, *board])


def _cards(hole: Sequence[int], board: Sequence[int]) -> tuple[int, ...]:
    return HIGH.best_hand([*hole, *board]).cards


high_share = Share("high", _value, HIGH.describe, _cards)

HOLDEM = Game(
    id="holdem",
    name="Texas hold'em",
    deck=DECK52,
    streets=HOLDEM_STREETS,
    shares=(high_share,),
    limits=(Limit.NO, Limit.POT, Limit.HALF_POT, Limit.FIXED),
    default_limit=Limit.NO,
    max_players=10,
    aliases=("nlhe", "texas-holdem", "hold'em"),
)
