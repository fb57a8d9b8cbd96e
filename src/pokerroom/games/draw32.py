"""32-card draw (RULES G15; seed 004): a 32-card deck, blinds, five cards down, a round opened left of the big
blind, a draw of up to four cards and a second round both opened by the first active player after the big blind
(A-G15-3, A-G15-6), ranked by E-32DRAW where suits break every tie; in the second round, while no bet is made,
the players may agree to split the pot (the split proposal: each pot splits only if every player eligible for it
accepts, and a completed split ends the hand without a showdown)."""

from __future__ import annotations

from pokerroom.cards import DECK32
from pokerroom.games.base import DrawParts, Family, Game, HouseRule, Opener, Street
from pokerroom.games.shares import best_five
from pokerroom.games.structures import Limit
from pokerroom.rankings import DRAW32 as DRAW32_RANKING

__all__ = ["DRAW32"]

DRAW32 = Game(
    id="draw32",
    name="32-card draw",
    family=Family.DRAW,
    deck=DECK32,
    streets=(
        Street("deal", hole=5, opener=Opener.BLINDS),
        Street("draw", draw=4, opener=Opener.AFTER_BIG_BLIND),
    ),
    shares=(best_five("high", DRAW32_RANKING),),
    limits=(Limit.FIXED, Limit.SPREAD, Limit.POT, Limit.HALF_POT, Limit.NO),
    default_limit=Limit.FIXED,
    max_players=5,
    aliases=("32-card-draw",),
    show_first=Opener.AFTER_BIG_BLIND,
    split_offer=True,
    draw=DrawParts(order=Opener.AFTER_BIG_BLIND),
    house_rules=(
        HouseRule(
            "split_offer",
            "split_offer",
            True,
            "the split proposal in the round after the draw",
            "RULES G15 (seed 004)",
        ),
        HouseRule(
            "draw_order",
            "draw.order",
            Opener.AFTER_BIG_BLIND,
            "who draws first: after the big blind, or left of the button (RRoP)",
            "RULES A-G15-3",
            choices=(Opener.AFTER_BIG_BLIND, Opener.BUTTON),
        ),
    ),
)
