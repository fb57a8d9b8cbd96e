"""Omaha (RULES G6) and Omaha hi/lo eight or better (G7; seed 004): four hole cards, a hold'em board, and hands of
exactly two hole cards and three board cards (E-HIGH over all 60 combinations; TRAPS T12).  In hi/lo each pot is
split between the best high and the best qualifying low (E-LOW-8), each half choosing its own two hole cards; no
low, and the high scoops (TRAPS T13)."""

from __future__ import annotations

from pokerroom.cards import DECK52
from pokerroom.games.base import Family, Game, Opener, Street
from pokerroom.games.holdem import HOLDEM_STREETS
from pokerroom.games.shares import omaha
from pokerroom.games.structures import Limit
from pokerroom.rankings import A5_LOW_8, HIGH

__all__ = ["OMAHA", "OMAHA8", "omaha_high_share"]

OMAHA_STREETS = (Street("preflop", hole=4, opener=Opener.BLINDS), *HOLDEM_STREETS[1:])
omaha_high_share = omaha("high", HIGH)

OMAHA = Game(
    id="omaha",
    name="Omaha",
    family=Family.BOARD,
    deck=DECK52,
    streets=OMAHA_STREETS,
    shares=(omaha_high_share,),
    limits=(Limit.POT, Limit.NO, Limit.HALF_POT, Limit.FIXED, Limit.SPREAD),
    default_limit=Limit.POT,
    max_players=9,
    aliases=("plo", "omaha-high"),
)

OMAHA8 = Game(
    id="omaha8",
    name="Omaha hi/lo, eight or better",
    family=Family.BOARD,
    deck=DECK52,
    streets=OMAHA_STREETS,
    shares=(omaha_high_share, omaha("low", A5_LOW_8)),
    limits=(Limit.FIXED, Limit.POT, Limit.NO, Limit.HALF_POT, Limit.SPREAD),
    default_limit=Limit.FIXED,
    max_players=9,
    aliases=("omaha-hi-lo", "o8", "plo8"),
)
