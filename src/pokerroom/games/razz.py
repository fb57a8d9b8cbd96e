"""Razz (RULES G16; PHH code FR): seven-card stud for the lowest hand, ace-to-five (E-LOW-CLUB, no qualifier);
the highest door card brings in, the best showing low opens later rounds and shows first; fixed limit."""

from __future__ import annotations

from pokerroom.cards import DECK52
from pokerroom.games.base import Family, Game, Opener, StudParts
from pokerroom.games.shares import best_five
from pokerroom.games.structures import Limit
from pokerroom.games.stud_parts import COMMON_CARD_BETTING, STUD_STREETS, door_key_razz, showing_low
from pokerroom.rankings import A5_LOW

__all__ = ["RAZZ"]

RAZZ = Game(
    id="razz",
    name="Razz",
    family=Family.STUD,
    deck=DECK52,
    streets=STUD_STREETS,
    shares=(best_five("low", A5_LOW),),
    limits=(Limit.FIXED,),
    default_limit=Limit.FIXED,
    max_players=8,
    show_first=Opener.SHOWING,
    stud=StudParts(door_key_razz, showing_low, common_card=True),
    house_rules=(COMMON_CARD_BETTING,),
)
