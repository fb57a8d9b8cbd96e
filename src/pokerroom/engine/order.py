"""Who acts or shows first in stud games (RULES §6.1, §6.2, §6.5; G4, G9, G16): the bring-in, the best showing
hand and the open pair on fourth street.  Each function reads the hand and the game's declarations only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pokerroom.errors import UnsupportedRule

if TYPE_CHECKING:
    from pokerroom.engine.hand import Hand

__all__ = ["any_open_pair", "best_showing_seat", "bring_in_seat"]


def _live_from_dealer(hand: Hand) -> list[int]:
    n = hand.n
    return [s for s in ((hand.button + 1 + k) % n for k in range(n)) if not hand.folded[s]]


def bring_in_seat(hand: Hand) -> int:
    """The seat whose door card (its first up card) the game's ``bring_in_key`` ranks first at this limit;
    ties cannot happen when the key includes the suit, else the first clockwise from the dealer."""
    key = hand.game.bring_in_key
    if key is None:
        raise UnsupportedRule(f"{hand.game.id} opens a round with a bring-in but declares no bring_in_key")
    limit = hand.betting.limit
    best_seat, best = -1, None
    for seat in _live_from_dealer(hand):
        k = key(hand.up[seat][0], limit)
        if best is None or k > best:
            best_seat, best = seat, k
    return best_seat


def best_showing_seat(hand: Hand) -> int:
    """The seat with the best showing hand by the game's ``showing_key``; equal hands go to the first tied
    player clockwise from the dealer (RULES §6.2)."""
    key = hand.game.showing_key
    if key is None:
        raise UnsupportedRule(f"{hand.game.id} opens a round by the showing hand but declares no showing_key")
    best_seat, best = -1, None
    for seat in _live_from_dealer(hand):
        k = key(hand.up[seat])
        if best is None or k > best:
            best_seat, best = seat, k
    return best_seat


def any_open_pair(hand: Hand) -> bool:
    """Whether any player still in the hand shows a pair among their up cards (RULES G9, A-G9-5)."""
    for seat in _live_from_dealer(hand):
        ranks = [c >> 2 for c in hand.up[seat]]
        if len(set(ranks)) < len(ranks):
            return True
    return False
