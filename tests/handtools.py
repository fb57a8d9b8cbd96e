"""Small helpers the game tests share: who showed, what each pot paid, checking a round down."""

from __future__ import annotations

from pokerroom.engine import Action, EventType, Hand


def shown(h: Hand) -> list[int]:
    """The seats that showed at the showdown, in the order they showed."""
    return [e.seat for e in h.events if e.type is EventType.SHOW and e.seat is not None]


def pots(h: Hand) -> list[tuple[int, tuple[tuple[int, int], ...] | None]]:
    """Each pot's amount and its ``(seat, chips)`` payouts, in the order the pots were settled."""
    return [(e.amount or 0, e.winners) for e in h.events if e.type is EventType.POT]


def check_round(h: Hand) -> None:
    """Check until the street changes or the hand ends."""
    street = h.street
    while h.street == street and not h.is_complete:
        h.act(Action.check(), h.to_act)


class InOrder:
    """Randomness that never moves a card (:class:`~pokerroom.engine.DeckSource`'s ``stream``): the deck deals in
    the order given, and a reshuffle leaves the stub (then the muck, in the order it was mucked) as it is, so
    every card dealt is known."""

    def below(self, n: int) -> int:
        return 0
