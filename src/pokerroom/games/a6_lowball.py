"""Ace-to-six lowball, single draw, fixed limit 1/2 (RULES G3; the teaching table of seed 002): ante 1, no blinds,
five cards down, a round of 1-chip bets from the dealer's left (check or bet, no fold without a bet), a draw of
up to five, a round of 2-chip bets opened by the first round's opener (or the next active player), the lowest
hand by E-LOW-A6 taking the whole pot; cap a bet and three raises; odd chip to the first winner left of the
dealer.  The 13-chip minimum before a deal is the room's (G3 "Stack requirement")."""

from __future__ import annotations

from pokerroom.cards import DECK52
from pokerroom.games.base import DrawParts, Family, Game, HouseDefaults, HouseRule, Opener, Street
from pokerroom.games.shares import best_five
from pokerroom.games.structures import Limit
from pokerroom.rankings import A6_LOW

__all__ = ["A6_LOWBALL", "A6_MIN_STACK"]

A6_MIN_STACK = 13
"""Every player holds at least this many chips before a deal: ante 1 + at most 4 + at most 8 (RULES G3)."""

A6_LOWBALL = Game(
    id="a6-lowball",
    name="Ace-to-six lowball (single draw, fixed limit 1/2)",
    family=Family.DRAW,
    deck=DECK52,
    streets=(Street("deal", hole=5), Street("draw", draw=5, opener=Opener.OPENER)),
    shares=(best_five("low", A6_LOW),),
    limits=(Limit.FIXED,),
    default_limit=Limit.FIXED,
    max_players=5,
    aliases=("ace-to-six",),
    draw=DrawParts(),
    house=HouseDefaults(ante=1, fixed_bets=(1, 2), fold_without_bet=False, home_game=True, min_stack=A6_MIN_STACK),
    house_rules=(
        HouseRule("ante", "house.ante", 1, "ante per player per hand", "RULES G3"),
        HouseRule(
            "allow_fold_when_check",
            "house.fold_without_bet",
            False,
            "a player may fold when no bet is pending",
            "RULES A-G3-3",
        ),
    ),
)
