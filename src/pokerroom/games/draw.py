"""Draw games with blinds (seed 004): five-card draw "Lukket poker" (RULES G11), deuce-to-seven triple draw (G12)
and no-limit deuce-to-seven single draw (G17).  Five cards face down; draws of up to five cards clockwise from
the button's left (A-G11-1), each followed by a betting round opened left of the button; a draw the clock made
stands pat and loses bet and raise for the rest of the hand (G11) or the next round (G12, RULES §2.5)."""

from __future__ import annotations

from pokerroom.cards import DECK52
from pokerroom.games.base import DrawParts, Family, Game, HouseRule, Opener, Street
from pokerroom.games.shares import best_five
from pokerroom.games.structures import Limit
from pokerroom.rankings import DEUCE_TO_SEVEN, HIGH

__all__ = ["DEUCE_SEVEN_SINGLE", "DEUCE_SEVEN_TRIPLE", "FIVE_CARD_DRAW"]

_ALL = (Limit.FIXED, Limit.SPREAD, Limit.POT, Limit.HALF_POT, Limit.NO)
_DEAL = Street("deal", hole=5, opener=Opener.BLINDS)
_DRAW = Street("draw", draw=5)
_TIMEOUT = HouseRule(
    "draw_timeout_rest_of_hand",
    "draw.timeout_rest_of_hand",
    True,
    "a draw the clock made stands pat and loses bet and raise for the rest of the hand (else the next round)",
    "RULES §2.5, G11",
)
_TIMEOUT_NEXT_ROUND = HouseRule(
    "draw_timeout_rest_of_hand",
    "draw.timeout_rest_of_hand",
    False,
    "a draw the clock made stands pat and loses bet and raise for the next betting round only (else the rest "
    "of the hand)",
    "RULES §2.5, G12",
)

FIVE_CARD_DRAW = Game(
    id="five-card-draw",
    name="Five-card draw (Lukket poker)",
    family=Family.DRAW,
    deck=DECK52,
    streets=(_DEAL, _DRAW),
    shares=(best_five("high", HIGH),),
    limits=_ALL,
    default_limit=Limit.FIXED,
    max_players=6,
    aliases=("lukket-poker", "draw"),
    draw=DrawParts(),
    house_rules=(_TIMEOUT,),
)

DEUCE_SEVEN_TRIPLE = Game(
    id="27-triple-draw",
    name="Deuce-to-seven triple draw",
    family=Family.DRAW,
    deck=DECK52,
    streets=(_DEAL, Street("first draw", draw=5), Street("second draw", draw=5), Street("third draw", draw=5)),
    shares=(best_five("low", DEUCE_TO_SEVEN),),
    limits=_ALL,
    default_limit=Limit.FIXED,
    max_players=6,
    aliases=("2-7-triple-draw", "27td"),
    draw=DrawParts(timeout_rest_of_hand=False),
    house_rules=(_TIMEOUT_NEXT_ROUND,),
)

DEUCE_SEVEN_SINGLE = Game(
    id="27-single-draw",
    name="Deuce-to-seven single draw",
    family=Family.DRAW,
    deck=DECK52,
    streets=(_DEAL, _DRAW),
    shares=(best_five("low", DEUCE_TO_SEVEN),),
    limits=(Limit.NO, Limit.POT, Limit.FIXED),
    default_limit=Limit.NO,
    max_players=6,
    aliases=("2-7-single-draw", "27sd"),
    draw=DrawParts(),
    house_rules=(_TIMEOUT,),
)
