"""Seven-card stud (RULES G9; seed 004): antes and a bring-in, two down and one up, three more up, one down; five
betting rounds, the lowest door card bringing in at fixed limit (the highest at pot limit), the best showing hand
opening later rounds; at fixed limit an open pair on fourth street allows the big bet; a community card when the
deck runs out on seventh street; best five of seven by E-HIGH."""

from __future__ import annotations

from pokerroom.cards import DECK52
from pokerroom.games.base import Family, Game, Opener, StudParts
from pokerroom.games.shares import best_five
from pokerroom.games.structures import Limit
from pokerroom.games.stud_parts import (
    COMMON_CARD_BETTING,
    OPEN_PAIR_BIG_BET,
    STUD_STREETS,
    door_key_ace_high,
    showing_high,
)
from pokerroom.rankings import HIGH

__all__ = ["STUD"]

STUD = Game(
    id="stud",
    name="Seven-card stud",
    family=Family.STUD,
    deck=DECK52,
    streets=STUD_STREETS,
    shares=(best_five("high", HIGH),),
    limits=(Limit.FIXED, Limit.POT, Limit.NO),
    default_limit=Limit.FIXED,
    max_players=8,
    aliases=("7-stud", "seven-card-stud"),
    show_first=Opener.SHOWING,
    stud=StudParts(door_key_ace_high, showing_high, common_card=True, open_pair_double=True),
    house_rules=(OPEN_PAIR_BIG_BET, COMMON_CARD_BETTING),
)
