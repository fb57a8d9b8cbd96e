"""Texas hold'em (RULES G5; seed 004, and the club's G2 shape): two hole cards, flop, turn, river; four betting
rounds; best five of seven cards by the standard high ranking (E-HIGH), using 0, 1 or 2 hole cards."""

from __future__ import annotations

from pokerroom.cards import DECK52
from pokerroom.games.base import Family, Game, Opener, Street
from pokerroom.games.shares import best_five
from pokerroom.games.structures import Limit
from pokerroom.rankings import HIGH

__all__ = ["HOLDEM", "HOLDEM_STREETS", "high_share"]

HOLDEM_STREETS = (
    Street("preflop", hole=2, opener=Opener.BLINDS),
    Street("flop", board=3),
    Street("turn", board=1),
    Street("river", board=1),
)

high_share = best_five("high", HIGH)

HOLDEM = Game(
    id="holdem",
    name="Texas hold'em",
    family=Family.BOARD,
    deck=DECK52,
    streets=HOLDEM_STREETS,
    shares=(high_share,),
    limits=(Limit.NO, Limit.POT, Limit.HALF_POT, Limit.FIXED, Limit.SPREAD),
    default_limit=Limit.NO,
    max_players=10,
    aliases=("nlhe", "texas-holdem", "hold'em"),
)
