"""Who acts or shows first (RULES §6.1, §6.2, §6.5): in stud the bring-in, the best showing hand and the open
pair on fourth street (G4, G9, G16); in the club draw games the previous round's opener (G1, G3); the seat after
the big blind (G15).  Each function reads the hand and the game's declarations only.

:data:`FIRST_TO_ACT` is the table the engine walks: for each :class:`~pokerroom.games.base.Opener` a game's
street (or its draw, or its showdown) names, the function that finds the first seat.  The betting round, the draw
and the showdown look their opener up there; none of them asks which opener it is.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING

from pokerroom.errors import UnsupportedRule
from pokerroom.games.base import Opener

if TYPE_CHECKING:
    from pokerroom.engine.hand import Hand

__all__ = [
    "FIRST_TO_ACT",
    "any_open_pair",
    "best_showing_seat",
    "big_blind_seat",
    "bring_in_seat",
    "clockwise",
    "largest_blind_seat",
    "left_of_big_blind",
    "left_of_blinds",
    "left_of_button",
    "previous_opener",
    "previous_opener_or_raiser",
]


def clockwise(first: int, n: int) -> list[int]:
    """Every seat of an ``n``-seat table clockwise from ``first`` (``0..n-1``).

    >>> clockwise(4, 6)
    [4, 5, 0, 1, 2, 3]
    """
    start = first % n
    return [*range(start, n), *range(start)]


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
    n = hand.n
    if first_bettor is None:
        return (hand.button + 1) % n
    if not hand.folded[first_bettor]:
        return first_bettor
    if or_last_raiser and last_raiser is not None and not hand.folded[last_raiser]:
        return last_raiser
    return (first_bettor + 1) % n


def previous_opener_or_raiser(hand: Hand) -> int:
    """:func:`previous_opener` with the previous round's last raiser standing in for a folded opener (RULES G1)."""
    return previous_opener(hand, True)


def _previous_opener_only(hand: Hand) -> int:
    return previous_opener(hand, False)


def big_blind_seat(hand: Hand) -> int:
    """The seat of the big blind in position when the table named it (other players posted a live big blind,
    RULES §3.4), else the last seat clockwise from the button that posted the largest blind, or the button's seat
    when there were none."""
    if hand.big_blind_seat is not None:
        return hand.big_blind_seat
    seat = largest_blind_seat(hand.blinds, hand.button)
    return hand.button if seat is None else seat


def largest_blind_seat(blinds: Sequence[int], button: int) -> int | None:
    """The last seat clockwise from the button that posts the largest blind (``blinds`` in chips, one per
    seat; ``None`` when nobody posts one): the big blind in position, or the last straddle."""
    big = max(blinds, default=0)
    if big <= 0:
        return None
    n = len(blinds)
    for k in range(n):  # from the button backwards: the first found is the last clockwise from its left
        seat = (button - k) % n
        if blinds[seat] == big:
            return seat
    raise AssertionError("unreachable: some seat posts the largest blind")


def left_of_button(hand: Hand) -> int:
    """The seat left of the button or dealer box (RULES §6.2); the betting round skips seats that cannot act."""
    return (hand.button + 1) % hand.n


def left_of_big_blind(hand: Hand) -> int:
    """The seat after the big blind's (:func:`big_blind_seat`; RULES G15, A-G15-3)."""
    return (big_blind_seat(hand) + 1) % hand.n


def left_of_blinds(hand: Hand) -> int:
    """The first round of a blind game: left of the big blind or the last straddle (:func:`big_blind_seat`);
    a later round, or a table without blinds: left of the button (RULES §6.2, §3.11)."""
    if hand.round_index == 0 and any(hand.blinds):
        return left_of_big_blind(hand)
    return left_of_button(hand)


FIRST_TO_ACT: Mapping[Opener, Callable[[Hand], int]] = MappingProxyType(
    {
        Opener.BLINDS: left_of_blinds,
        Opener.BUTTON: left_of_button,
        Opener.BRING_IN: bring_in_seat,
        Opener.SHOWING: best_showing_seat,
        Opener.OPENER: _previous_opener_only,
        Opener.OPENER_OR_RAISER: previous_opener_or_raiser,
        Opener.AFTER_BIG_BLIND: left_of_big_blind,
    }
)
"""For each :class:`~pokerroom.games.base.Opener`, the function giving the first seat (``0..n-1``) to consider: a
betting round starts from it and skips seats that cannot act; a draw and a showdown start from it and skip seats
no longer in the hand (RULES §6.1, §6.2, §6.5)."""
