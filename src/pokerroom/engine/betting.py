"""Bet and raise ranges for one betting round (RULES §2.3, §3.9, settled decisions 17 and 21; TDA 47).

All amounts are round totals ("to") in integer chips.
"""

from __future__ import annotations

from pokerroom.games.structures import Betting, Limit

__all__ = ["is_full_raise", "raise_range"]


def raise_range(
    betting: Betting,
    round_index: int,
    *,
    cur: int,
    last_inc: int,
    own: int,
    stack: int,
    pot: int,
    cover: int,
    raises: int = 1,
) -> tuple[int, int]:
    """The ``(min_to, max_to)`` of a bet (``cur == 0``) or raise, given the seat may raise at all.

    * ``cur``: the level to call this round; ``last_inc``: the last full bet or raise increment (the big blind
      or straddle preflop); ``own``: the seat's chips in this round; ``stack``: chips behind;
    * ``pot``: every chip in the pot, this round's bets included (the ``P`` of RULES §3.9);
    * ``cover``: the most any opponent still in the hand can reach this round (``bet + stack``): a bet reaching
      it covers everybody and is legal from a call up (settled decision 17);
    * ``raises``: full bets made this round (the big blind counts); in fixed limit with none yet, the bet is
      the round's size whatever is in, so a bring-in is completed to the small bet (RULES G4, TRAPS T15).

    The seat may always go all-in for less than the minimum (TDA 47, table stakes).
    """
    all_in = own + stack
    call = cur - own
    limit = betting.limit
    if limit is Limit.FIXED:
        size = betting.size(round_index)
        full_min = size if raises == 0 and cur < size else cur + size
        hi = full_min
    elif limit is Limit.SPREAD:
        most = betting.size(round_index)
        least = max(betting.min_bet, last_inc) if betting.match_last else betting.min_bet
        full_min = cur + least
        hi = cur + most
        if betting.round_max is not None:
            top = betting.round_max * most
            hi = min(hi, top)
            full_min = min(full_min, hi)  # reaching the round maximum is legal whatever the increment
    else:
        step = betting.min_raise if betting.min_raise is not None and cur else max(last_inc, betting.min_bet)
        full_min = cur + step
        if limit is Limit.NO:
            hi = all_in
        elif limit is Limit.POT:
            hi = max(cur + pot + call, full_min)  # the minimum bet stands even above a small pot
        else:
            hi = max(cur + (pot + call) // 2, full_min)
    hi = min(hi, all_in)
    if betting.covering_bet_needs_full_raise:
        lo = min(full_min, all_in)
    else:
        lo = min(full_min, max(cur + 1, cover), all_in)
    return (min(lo, hi), hi)


def is_full_raise(betting: Betting, round_index: int, *, increment: int, last_inc: int) -> bool:
    """Whether a bet or raise of ``increment`` reopens the betting (TDA 47: in fixed limit half a bet or more;
    otherwise at least the last full increment, and at least the minimum bet)."""
    if betting.limit is Limit.FIXED:
        return increment * 2 >= betting.size(round_index)
    if betting.min_raise is not None or not betting.match_last:
        return increment >= min(betting.min_bet, betting.min_raise or betting.min_bet)
    return increment >= max(last_inc, betting.min_bet)
