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

from collections.abc import Sequence

from pokerroom.cards import DECK52
from pokerroom.errors import RoomError
from pokerroom.games.base import DrawParts, Family, Game, HouseDefaults, HouseRule, Opener, Street, pair_fault
from pokerroom.games.holdem import HOLDEM_STREETS, high_share
from pokerroom.games.shares import best_five
from pokerroom.games.structures import Limit
from pokerroom.rankings import A5_LOW

__all__ = ["CLUB_HOLDEM", "CLUB_LOWBALL", "club_draw_limit", "new_player_fee", "rebuy_cap"]


def club_draw_limit(players: int) -> int:
    """The club's draw limit by the number of players dealt in: 2-5 players 5 cards, 6 players 4, 7 or more 3
    (RULES §5.1 #9, A-G1-3)."""
    return 5 if players <= 5 else 4 if players == 6 else 3


def rebuy_cap(stacks: Sequence[int], own: int) -> int:
    """The most chips a player holding ``own`` may buy between hands in club hold'em (RULES G2, A-G2-6): up to
    X = floor(M / S) chips afterwards, where M is the chips in front of the ``stacks`` of the players seated
    (carried pot chips excluded) and S their number, both before the purchase; a newcomer is not among ``stacks``
    and holds 0.  Never below 0.  Raises :class:`~pokerroom.errors.RoomError` for an empty table.

    >>> rebuy_cap([700, 300, 0], 0)
    333
    """
    if not stacks:
        raise RoomError("no players at the table: the rebuy cap M / S is undefined")
    return max(0, sum(stacks) // len(stacks) - own)


def new_player_fee(blinds: Sequence[int]) -> int:
    """The club's new-player fee (RULES G2, A-G2-7): the first blind, paid as dead money in the player's first
    hand, by a player who joins a running game or comes back after busting without buying in at once.

    >>> new_player_fee((5, 10))
    5
    """
    return blinds[0] if blinds else 0


_CLAMP = HouseRule(
    "clamp_out_of_range_bets",
    "house.clamp_out_of_range_bets",
    True,
    "an amount over the maximum is cut to it, under the minimum raised to it, instead of refused",
    "seed 000 5.3; RULES G1, settled decision 19",
)
_CARRY = HouseRule(
    "odd_chips_carry",
    "house.odd_chips_carry",
    True,
    "chips that cannot be split stay in the pot for the next hand",
    "RULES G1, G2, §6.3",
)

CLUB_LOWBALL = Game(
    id="club-lowball",
    name="Club lowball (ace-to-five, one draw)",
    family=Family.DRAW,
    deck=DECK52,
    streets=(Street("deal", hole=5), Street("draw", draw=5, opener=Opener.OPENER_OR_RAISER)),
    shares=(best_five("low", A5_LOW),),
    limits=(Limit.SPREAD, Limit.NO),
    default_limit=Limit.SPREAD,
    max_players=10,
    aliases=("lowball",),
    draw=DrawParts(limit=club_draw_limit),
    house=HouseDefaults(
        ante=3,
        nl_min_chips=1,
        ranges=(1, 10, 30),
        odd_chips_carry=True,
        clamp_out_of_range_bets=True,
        home_game=True,
        rebuy_when_busted=(Limit.NO,),
    ),
    house_rules=(
        HouseRule("ante", "house.ante", 3, "ante per player per hand", "RULES §5.1 #3"),
        HouseRule(
            "ranges",
            "house.ranges",
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
    family=Family.BOARD,
    deck=DECK52,
    streets=HOLDEM_STREETS,
    shares=(high_share,),
    limits=(Limit.NO,),
    default_limit=Limit.NO,
    max_players=10,
    house=HouseDefaults(
        blinds=(5, 10),
        nl_min_chips=1,
        hu_button_posts_sb=False,
        odd_chips_carry=True,
        clamp_out_of_range_bets=True,
        home_game=True,
        rebuy_to_average=True,
        new_player_fee=True,
    ),
    house_rules=(
        HouseRule(
            "blinds", "house.blinds", (5, 10), "the first and second blind", "RULES §5.2 #3-#5", check=pair_fault
        ),
        HouseRule(
            "nl_min_chips",
            "house.nl_min_chips",
            1,
            "the smallest bet and raise in chips (0: the big blind and the last raise, TDA)",
            "RULES A-G2-3, settled decision 2",
        ),
        HouseRule(
            "hu_button_posts_sb",
            "house.hu_button_posts_sb",
            False,
            "heads-up the button posts the small blind (the online layout) instead of the literal one",
            "RULES A-G2-5, settled decision 14",
        ),
        _CLAMP,
        _CARRY,
    ),
)
