"""Pots, side pots and splitting chips (RULES §2.4, §3.2, §3.6; TRAPS T09, T10, T24).

Side pots are built by contribution levels: each level collects, from every contributor (folded players
included), the part of their contribution between the previous level and this one; a player is eligible for a
level when still in the hand and contributed up to it.  Dead money (antes outside the levels) goes to the main
pot.  Chips are integers; odd chips go one at a time to the tied winners in the order given (first clockwise from
the button or dealer box, ``ODD_LEFT_OF_DEALER``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

__all__ = ["Pot", "RakeRule", "build_pots", "split_chips"]

RakeRule = Callable[[Sequence[int], int], Sequence[int]]
"""A rake rule (RULES §3.10): the pots' amounts (main pot first) and how many players were dealt in -> the chips
taken from each pot.  A hand takes it as ``rake`` and calls it once the pots are settled."""


@dataclass(frozen=True, slots=True)
class Pot:
    """One pot: ``amount`` chips, won only by the ``eligible`` seats (ascending seat order)."""

    amount: int
    eligible: tuple[int, ...]


def build_pots(
    contributions: Sequence[int],
    in_hand: Sequence[bool],
    dead: int = 0,
    all_in: Sequence[bool] | None = None,
) -> list[Pot]:
    """The main pot then each side pot, from each seat's total ``contributions`` and whether it is ``in_hand``.

    Only an all-in player caps a pot: levels are cut at the contributions of the seats in ``all_in`` (every
    seat still in the hand when ``all_in`` is ``None``, as at a settled showdown) and at the top.  A player who
    is still in the hand and not all-in is eligible for every pot, even mid-round before calling.  Chips of
    folded players above the top level join the last pot, so no chip is ever left without an eligible player.
    ``dead`` money (antes outside the levels) goes to a pot every player still in the hand is eligible for.

    >>> build_pots([100, 300, 300], [True, True, False])
    [Pot(amount=300, eligible=(0, 1)), Pot(amount=400, eligible=(1,))]
    >>> build_pots([1, 2, 6], [True, True, True], all_in=[False, False, False])  # mid-round: one pot
    [Pot(amount=9, eligible=(0, 1, 2))]
    """
    # Plain loops over the seats: the engine settles every hand with this, and comprehensions cost a frame each.
    capped = all_in if all_in is not None else in_hand
    top = 0
    levels: set[int] = set()
    for c, alive, cap in zip(contributions, in_hand, capped, strict=True):
        if alive:
            if c > top:
                top = c
            if cap and c > 0:
                levels.add(c)
    if top > 0:
        levels.add(top)
    n = len(contributions)
    pots: list[Pot] = []
    prev = 0
    for level in sorted(levels):
        amount = 0
        eligible = []
        for i in range(n):
            c = contributions[i]
            if c > prev:
                amount += (c if c < level else level) - prev
                if c >= level and in_hand[i]:
                    eligible.append(i)
                    continue
            if in_hand[i] and not capped[i]:
                eligible.append(i)
        pots.append(Pot(amount, tuple(eligible)))
        prev = level
    leftover = 0
    for c in contributions:
        if c > prev:
            leftover += c - prev
    if not pots:
        live_seats = tuple(i for i, alive in enumerate(in_hand) if alive)
        return [Pot(dead + leftover, live_seats)] if dead + leftover else []
    if leftover:
        last = pots[-1]
        pots[-1] = Pot(last.amount + leftover, last.eligible)
    if dead:  # dead antes: every player still in the hand may win them, even one all-in on the ante alone
        everyone = tuple(i for i, alive in enumerate(in_hand) if alive)
        first = pots[0]
        if first.eligible == everyone:
            pots[0] = Pot(first.amount + dead, everyone)
        else:
            pots.insert(0, Pot(dead, everyone))
    return pots


def split_chips(amount: int, winners_in_order: Sequence[int]) -> list[tuple[int, int]]:
    """Split ``amount`` equally among the winners; the odd chips go one at a time in the order given.

    >>> split_chips(302, [2, 3, 0])
    [(2, 101), (3, 101), (0, 100)]
    """
    n = len(winners_in_order)
    share, odd = divmod(amount, n)
    return [(seat, share + (1 if k < odd else 0)) for k, seat in enumerate(winners_in_order)]
