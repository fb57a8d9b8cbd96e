"""Who acts or shows first (RULES §6.1, §6.2, §6.5): in stud the bring-in, the best showing hand and the open
pair on fourth street (G4, G9, G16); in the club draw games the previous round's opener (G1, G3); the seat after
the big blind (G15).  Each function reads the hand and the game's declarations only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pokerroom.errors import UnsupportedRule

if TYPE_CHECKING:
    from pokerroom.engine.hand import Hand

__all__ = ["any_open_pair", "best_showing_seat", "big_blind_seat", "bring_in_seat", "previous_opener"]


def _live_from_dealer(hand: Hand) -> list[int]:
    n = hand.n
    return [s for s in ((hand.button + 1 + k) % n for k in range(n)) if not hand.folded[s]]


def bring_in_seat(hand: Hand) -> int:
    """The seat whose door card (its first up card) the game's ``bring_in_key`` ranks first at this limit;
    ties cannot happen when the key includes the suit, else the first clockwise from the dealer."""
    stud = hand.game.stud
    if stud is None:
        raise UnsupportedRule(f"{hand.game.id} opens a round with a bring-in but declares no stud parts")
    key = stud.bring_in_key
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
    stud = hand.game.stud
    if stud is None:
        raise UnsupportedRule(f"{hand.game.id} opens a round by the showing hand but declares no stud parts")
    key = stud.showing_key
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


def previous_opener(hand: Hand, or_last_raiser: bool) -> int:
    """The seat that opens a round after a draw in the club games: the previous round's first bettor; if that
    player has folded, the previous round's last raiser (``or_last_raiser``, RULES G1) or the next seat clockwise
    (G3); left of the dealer when the previous round was checked through (A-G1-1, G3)."""
    first_bettor, last_raiser = hand.previous_round_openers()
    if first_bettor is None:
        return hand.button + 1
    if not hand.folded[first_bettor]:
        return first_bettor
    if or_last_raiser and last_raiser is not None and not hand.folded[last_raiser]:
        return last_raiser
    return first_bettor + 1


def big_blind_seat(hand: Hand) -> int:
    """The seat of the big blind in position when the table named it (other players posted a live big blind,
    RULES §3.4), else the last seat clockwise from the button that posted the largest blind, or the button's seat
    when there were none."""
    if hand.big_blind_seat is not None:
        return hand.big_blind_seat
    if not any(hand.blinds):
        return hand.button
    big = max(hand.blinds)
    n = hand.n
    return max((s for s in range(n) if hand.blinds[s] == big), key=lambda s: (s - hand.button - 1) % n)
