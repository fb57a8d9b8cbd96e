"""Omaha (RULES G6), Omaha hi/lo eight or better (G7; seed 004) and their five-card forms: four (or five) hole
cards, a hold'em board, and hands of exactly two hole cards and three board cards (E-HIGH over all C(4, 2) x C(5, 3)
= 60 combinations, C(5, 2) x C(5, 3) = 100 with five hole cards; TRAPS T12).  In hi/lo each pot is split between
the best high and the best qualifying low (E-LOW-8), each half choosing its own two hole cards; no low, and the
high scoops (TRAPS T13)."""

from __future__ import annotations

from pokerroom.cards import DECK52
from pokerroom.games.base import Family, Game, Opener, Street
from pokerroom.games.holdem import HOLDEM_STREETS
from pokerroom.games.shares import ODD_CHIPS_TO_HIGH, omaha
from pokerroom.games.structures import Limit
from pokerroom.rankings import A5_LOW_8, HIGH

__all__ = ["OMAHA", "OMAHA5", "OMAHA5_8", "OMAHA5_STREETS", "OMAHA6", "OMAHA8", "omaha_high_share", "omaha_low_share"]

OMAHA_STREETS = (Street("preflop", hole=4, opener=Opener.BLINDS), *HOLDEM_STREETS[1:])
OMAHA5_STREETS = (Street("preflop", hole=5, opener=Opener.BLINDS), *HOLDEM_STREETS[1:])
OMAHA6_STREETS = (Street("preflop", hole=6, opener=Opener.BLINDS), *HOLDEM_STREETS[1:])
omaha_high_share = omaha("high", HIGH)
omaha_low_share = omaha("low", A5_LOW_8)

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
    shares=(omaha_high_share, omaha_low_share),
    limits=(Limit.FIXED, Limit.POT, Limit.NO, Limit.HALF_POT, Limit.SPREAD),
    default_limit=Limit.FIXED,
    max_players=9,
    aliases=("omaha-hi-lo", "o8", "plo8"),
    house_rules=(ODD_CHIPS_TO_HIGH,),
)

OMAHA5 = Game(
    id="omaha5",
    name="Five-card Omaha",
    family=Family.BOARD,
    deck=DECK52,
    streets=OMAHA5_STREETS,
    shares=(omaha_high_share,),
    limits=(Limit.POT,),
    default_limit=Limit.POT,
    max_players=9,
    aliases=("plo5",),
)
"""Five-card Omaha: Omaha (RULES G6, the closest section) with five hole cards, of which exactly two are used with
exactly three board cards.  Blinds and betting as G5/G6; played at pot limit, as five-card Omaha is.  Nine players
at most: 9 x 5 hole cards and the five board cards take 50 of the 52 cards."""

OMAHA5_8 = Game(
    id="omaha5-8",
    name="Five-card Omaha hi/lo, eight or better",
    family=Family.BOARD,
    deck=DECK52,
    streets=OMAHA5_STREETS,
    shares=(omaha_high_share, omaha_low_share),
    limits=(Limit.POT,),
    default_limit=Limit.POT,
    max_players=9,
    aliases=("plo5-8",),
    house_rules=(ODD_CHIPS_TO_HIGH,),
)
"""Five-card Omaha hi/lo, eight or better: Omaha hi/lo (RULES G7, the closest section) with five hole cards.  Each
pot is split between the best high (E-HIGH) and the best qualifying low (E-LOW-8), each from exactly two hole cards
and three board cards chosen independently; no low, and the high takes the whole pot.  Pot limit, nine players at
most (as :data:`OMAHA5`)."""

OMAHA6 = Game(
    id="omaha6",
    name="Six-card Omaha",
    family=Family.BOARD,
    deck=DECK52,
    streets=OMAHA6_STREETS,
    shares=(omaha_high_share,),
    limits=(Limit.POT,),
    default_limit=Limit.POT,
    max_players=6,
    aliases=("plo6",),
)
"""Six-card Omaha: PokerStars' game, for reading its hand histories (not in the seeds; closest RULES section G6).
Omaha with six hole cards, of which exactly two are used with exactly three board cards (C(6, 2) x C(5, 3) = 150
hands).  Blinds and betting as G5/G6, at pot limit as PokerStars deals it.  Six players at most: 6 x 6 hole cards
and the five board cards take 41 of the 52 cards."""
