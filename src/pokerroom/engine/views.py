"""Views: exactly what one seat may know (DESIGN: "views are first-class").

A :class:`HandView` carries the public state (stacks, bets, pot, board, who folded, whose turn), the seat's own
hole cards, other seats' cards only once shown at the showdown, the seat's legal actions when it is to act, and
the event list with other seats' hole cards masked as unknown.  Bots and the server see only views.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pokerroom.cards import UNKNOWN
from pokerroom.engine.actions import LegalActions
from pokerroom.engine.events import Event, EventType
from pokerroom.engine.pots import Pot

if TYPE_CHECKING:
    from pokerroom.engine.hand import Hand

__all__ = ["HandView", "make_view", "redact"]


@dataclass(frozen=True, slots=True)
class HandView:
    """One seat's view of a hand (``seat`` is ``None`` for a spectator).  Chips are integers.

    ``hole[s]`` is a tuple of every card a seat holds, as dealt: the viewer's own, face-up cards and shown hands
    in the clear, ``UNKNOWN`` (-1) for cards the viewer may not see.  ``legal`` is set only when the viewer is to act.
    """

    seat: int | None
    game: str
    phase: str
    street: str
    button: int
    to_act: int | None
    stacks: tuple[int, ...]
    bets: tuple[int, ...]
    pot: int
    board: tuple[int, ...]
    folded: tuple[bool, ...]
    hole: tuple[tuple[int, ...], ...]
    legal: LegalActions | None
    events: tuple[Event, ...]
    big_blind: int
    starting_stacks: tuple[int, ...]
    pots: tuple[Pot, ...] = ()
    up: tuple[tuple[bool, ...], ...] = ()

    """``pots``: the main pot then the side pots as they stand (this round's bets included; empty once the hand
    is complete); ``up[s][i]``: whether ``hole[s][i]`` was dealt face up (stud), public to every seat."""

    @property
    def my_cards(self) -> tuple[int, ...]:
        return self.hole[self.seat] if self.seat is not None else ()


_PRIVATE = frozenset((EventType.DEAL_HOLE, EventType.DRAW))


def redact(events: Iterable[Event], seat: int | None, shown: Mapping[int, Sequence[int]]) -> Iterator[Event]:
    """``events`` as ``seat`` may see them (``None``: a spectator): another seat's down cards and discards
    become unknown (only their number shows), except cards that seat has shown (``shown``: the cards each seat
    showed so far).  Up cards, the board and every amount are public.  The one rule for live views and for
    hand records and histories written for a player."""
    for event in events:
        owner, cards = event[1], event[4]  # seat, cards: read as a tuple, the hot path of every view
        if cards is not None and owner != seat and event[0] in _PRIVATE:
            known = shown.get(owner) if owner is not None else None
            hidden = tuple(c if c in known else UNKNOWN for c in cards) if known else _UNKNOWN_CARDS[len(cards)]
            event = Event._make((*event[:4], hidden, *event[5:]))
        yield event


_UNKNOWN_CARDS = tuple((UNKNOWN,) * k for k in range(64))
"""Every count of cards a deal or a draw names, all unknown."""


def make_view(hand: Hand, seat: int | None) -> HandView:
    """Build ``seat``'s view of ``hand``."""
    hole = tuple(
        tuple(cards) if s == seat else hand.shown.get(s) or tuple(c if c in hand.up[s] else UNKNOWN for c in cards)
        for s, cards in enumerate(hand.hole)
    )
    legal = hand.legal_actions() if seat is not None and hand.to_act == seat else None
    complete = hand.is_complete
    return HandView(
        seat=seat,
        game=hand.game.id,
        phase=hand.phase.value,
        street=hand.game.streets[hand.street].name,
        button=hand.button,
        to_act=hand.to_act,
        stacks=tuple(hand.stacks),
        bets=tuple(hand.bets),
        pot=0 if complete else hand.pot_total,
        board=tuple(hand.board),
        folded=tuple(hand.folded),
        hole=hole,
        legal=legal,
        events=tuple(redact(hand.events, seat, hand.shown)),
        big_blind=max(hand.blinds) if any(hand.blinds) else hand.betting.min_bet,
        starting_stacks=hand.starting_stacks,
        pots=tuple(hand.current_pots()),
        up=tuple(tuple(c in hand.up[s] for c in cards) for s, cards in enumerate(hand.hole)),
    )
