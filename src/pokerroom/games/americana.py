"""Americana (RULES G13; seed 004): five-card stud with the 32-card deck (A K Q J T 9 8 7) for 2 to 6 players,
antes and a fixed dealer box.  One card down and one up, then three more up, a betting round after each.  The
highest up card brings in (2 × the ante by default; equal ranks: ♠ > ♥ > ♦ > ♣); later rounds are opened by the
best showing hand (E-HIGH on the up cards: quads > trips > two pair > pair > high cards; A-G13-1), ties clockwise
from the box.  The best hand of the player's own five cards by E-AMERICANA: a flush beats a full house and
``A-7-8-9-T`` is the lowest straight (TRAPS T22); suits never break showdown ties (A-G13-2).  Show order: the
last bettor or raiser of the last round, else the highest open hand.  Fixed limit small, small, big, big (§6.4),
pot and no limit.
"""

from __future__ import annotations

from pokerroom.cards import DECK32
from pokerroom.games.base import Family, Game, Opener, StudParts
from pokerroom.games.shares import best_five
from pokerroom.games.structures import Limit
from pokerroom.games.stud_parts import FIVE_CARD_STUD_STREETS, door_key_highest, showing_high
from pokerroom.rankings import AMERICANA as AMERICANA_RANKING

__all__ = ["AMERICANA"]

AMERICANA = Game(
    id="americana",
    name="Americana",
    family=Family.STUD,
    deck=DECK32,
    streets=FIVE_CARD_STUD_STREETS,
    shares=(best_five("high", AMERICANA_RANKING),),
    limits=(Limit.FIXED, Limit.POT, Limit.NO),
    default_limit=Limit.FIXED,
    max_players=6,
    show_first=Opener.SHOWING,
    stud=StudParts(door_key_highest, showing_high),
)
