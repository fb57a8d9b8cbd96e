"""The club's games (seeds 000 and 001; RULES G1, G2, §5): lowball and hold'em as the home club plays them.

* ``club-lowball`` (G1): everyone antes 3, five cards down, a betting round from the dealer's left with opens and
  raises of 1-10 chips, one draw (5, 4 or 3 cards by the number of players), a second round of 1-30 opened by the
  first round's opener or its last raiser, ace-to-five low (E-LOW-CLUB); odd chips stay for the next hand.
* ``club-holdem`` (G2): blinds 5/10, no limit with a one-chip smallest bet and raise (settled decision 2), the
  literal heads-up layout (A-G2-5), odd chips stay for the next hand.

Out-of-range amounts are refused by the engine with the nearest legal amount; the room and the CLI place that
amount instead (``clamp_out_of_range_bets``, settled decision 19).
"""

from __future__ import annotations

from pokerroom.cards import DECK52
from pokerroom.games.base import Game, HouseRule, Opener, Street
from pokerroom.games.holdem import HOLDEM_STREETS, high_share
from pokerroom.games.shares import best_five
from pokerroom.games.structures import Limit
from pokerroom.rankings import A5_LOW

__all__ = ["CLUB_HOLDEM", "CLUB_LOWBALL", "club_draw_limit"]


def club_draw_limit(players: int) -> int:
    """The club's draw limit by the number of players dealt in: 2-5 players 5 cards, 6 players 4, 7 or more 3
    (RULES §5.1 #9, A-G1-3)."""
    return 5 if players <= 5 else 4 if players == 6 else 3


_CLAMP = HouseRule(
    "clamp_out_of_range_bets",
    "clamp_out_of_range_bets",
    True,
    "an amount over the maximum is cut to it, under the minimum raised to it, instead of refused",
    "seed 000 5.3; RULES G1, settled decision 19",
)
_CARRY = HouseRule(
    "odd_chips_carry",
    "odd_chips_carry",
    True,
    "chips that cannot be split stay in the pot for the next hand",
    "RULES G1, G2, §6.3",
)

CLUB_LOWBALL = Game(
    id="club-lowball",
    name="Club lowball (ace-to-five, one draw)",
    deck=DECK52,
    streets=(Street("deal", hole=5), Street("draw", draw=5, opener=Opener.OPENER_OR_RAISER)),
    shares=(best_five("low", A5_LOW),),
    limits=(Limit.SPREAD, Limit.NO),
    default_limit=Limit.SPREAD,
    max_players=10,
    aliases=("lowball",),
    draw_limit=club_draw_limit,
    odd_chips_carry=True,
    home_game=True,
    nl_min_chips=1,
    ranges=(1, 10, 30),
    ante=3,
    clamp_out_of_range_bets=True,
    house_rules=(
        HouseRule("ante", "ante", 3, "ante per player per hand", "RULES §5.1 #3"),
        HouseRule(
            "ranges",
            "ranges",
            (1, 10, 30),
            "the smallest bet, then each round's largest open or raise (1-10, then 1-30)",
            "RULES §5.1 #4, #5; A-G1-5",
        ),
        _CLAMP,
        _CARRY,
    ),
)

CLUB_HOLDEM = Game(
    id="club-holdem",
    name="Club hold'em (no limit, blinds 5/10)",
    deck=DECK52,
    streets=HOLDEM_STREETS,
    shares=(high_share,),
    limits=(Limit.NO,),
    default_limit=Limit.NO,
    max_players=10,
    odd_chips_carry=True,
    home_game=True,
    rebuy_to_average=True,
    hu_button_posts_sb=False,
    nl_min_chips=1,
    blinds=(5, 10),
    clamp_out_of_range_bets=True,
    house_rules=(
        HouseRule("blinds", "blinds", (5, 10), "the first and second blind", "RULES §5.2 #3-#5"),
        HouseRule(
            "nl_min_chips",
            "nl_min_chips",
            1,
            "the smallest bet and raise in chips (0: the big blind and the last raise, TDA)",
            "RULES A-G2-3, settled decision 2",
        ),
        HouseRule(
            "hu_button_posts_sb",
            "hu_button_posts_sb",
            False,
            "heads-up the button posts the small blind (the online layout) instead of the literal one",
            "RULES A-G2-5, settled decision 14",
        ),
        _CLAMP,
        _CARRY,
    ),
)
