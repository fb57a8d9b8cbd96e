"""Seven-card stud hi/lo, eight or better (RULES G10 for seed 004, G4 for seed 003): dealt and bet as seven-card
stud, without the open-pair big bet; each pot split between the best high (E-HIGH) and the best qualifying low
(E-LOW-8), no low and the high scoops; the odd chip to the high half (house rule ``odd_chips_to_high``: every odd
chip to the high winner, settled decision 18)."""

from __future__ import annotations

from pokerroom.cards import DECK52
from pokerroom.games.base import Family, Game, HouseRule, Opener, StudParts
from pokerroom.games.shares import ODD_CHIPS_TO_HIGH, best_five
from pokerroom.games.structures import Limit
from pokerroom.games.stud_parts import COMMON_CARD_BETTING, STUD_STREETS, door_key_ace_high, showing_high
from pokerroom.rankings import A5_LOW_8, HIGH

__all__ = ["STUD8"]

STUD8 = Game(
    id="stud8",
    name="Seven-card stud hi/lo, eight or better",
    family=Family.STUD,
    deck=DECK52,
    streets=STUD_STREETS,
    shares=(best_five("high", HIGH), best_five("low", A5_LOW_8)),
    limits=(Limit.FIXED, Limit.POT, Limit.NO),
    default_limit=Limit.FIXED,
    max_players=8,
    aliases=("stud-hi-lo", "7-stud-8"),
    show_first=Opener.SHOWING,
    stud=StudParts(door_key_ace_high, showing_high, common_card=True),
    house_rules=(
        COMMON_CARD_BETTING,
        HouseRule(
            "bring_in_antes",
            "stud.bring_in_antes",
            2,
            "the default bring-in in antes (2: seed 004's twice the ante; -1: seed 003's half the small bet)",
            "RULES G10 (seed 004), G4 (seed 003)",
            choices=(1, 2, 3, -1),
        ),
        ODD_CHIPS_TO_HIGH,
    ),
)
