"""Courchevel and Courchevel hi/lo eight or better: PokerStars' games, for reading its hand histories (not in the
seeds; closest RULES sections G6 and G7).

Five-card Omaha (hands of exactly two hole cards and three board cards, E-HIGH; hi/lo as ``omaha5-8`` with the
E-LOW-8 low) where the first flop card is dealt face up with the hole cards, before the first betting round; two
more board cards then complete the flop, then the turn and the river, each followed by a betting round.  Blinds
open the first round (G5/G6); pot limit.  Nine players at most: 9 x 5 hole cards and the five board cards take 50
of the 52 cards.
"""

from __future__ import annotations

from pokerroom.cards import DECK52
from pokerroom.games.base import Family, Game, Opener, Street
from pokerroom.games.omaha import omaha_high_share, omaha_low_share
from pokerroom.games.shares import ODD_CHIPS_TO_HIGH
from pokerroom.games.structures import Limit

__all__ = ["COURCHEVEL", "COURCHEVEL8", "COURCHEVEL_STREETS"]

COURCHEVEL_STREETS = (
    Street("preflop", hole=5, board=1, opener=Opener.BLINDS),
    Street("flop", board=2),
    Street("turn", board=1),
    Street("river", board=1),
)
"""Five hole cards and the first flop card face up before the first betting round; the flop's other two cards,
the turn and the river after it."""

COURCHEVEL = Game(
    id="courchevel",
    name="Courchevel",
    family=Family.BOARD,
    deck=DECK52,
    streets=COURCHEVEL_STREETS,
    shares=(omaha_high_share,),
    limits=(Limit.POT,),
    default_limit=Limit.POT,
    max_players=9,
    aliases=("courchevel-high",),
)
"""Courchevel: five-card Omaha (G6's two-plus-three hands) with the first flop card shown before the preflop
betting.  Pot limit, nine players at most."""

COURCHEVEL8 = Game(
    id="courchevel8",
    name="Courchevel hi/lo, eight or better",
    family=Family.BOARD,
    deck=DECK52,
    streets=COURCHEVEL_STREETS,
    shares=(omaha_high_share, omaha_low_share),
    limits=(Limit.POT,),
    default_limit=Limit.POT,
    max_players=9,
    aliases=("courchevel-hi-lo", "courchevel-8"),
    house_rules=(ODD_CHIPS_TO_HIGH,),
)
"""Courchevel hi/lo, eight or better: Courchevel's deal with G7's split: each pot between the best high (E-HIGH)
and the best qualifying low (E-LOW-8), each from exactly two hole cards and three board cards chosen
independently; no low, and the high takes the whole pot.  Pot limit, nine players at most."""
