"""Draws (RULES §2.5, G1, G3, G11, G12, G15): each player still in discards 0..``limit`` cards, in turn from the
game's first drawer, and is dealt as many from the stub; the stub is reshuffled with the muck when it runs out
(the hand records a ``RESHUFFLE`` event, amount the cards put into the stub); a draw the clock made stands pat and
takes away bet and raise afterwards.

:class:`DrawRound` holds the order of a draw and the rules that act on it; what each seat discarded stays the
hand's (``Hand.discards``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pokerroom.cards import UNKNOWN, format_cards
from pokerroom.engine.actions import Action, ActionKind
from pokerroom.engine.dealing import OutOfCards
from pokerroom.engine.events import TIMED_OUT, Event, EventType
from pokerroom.engine.order import FIRST_TO_ACT, clockwise
from pokerroom.engine.phase import Phase
from pokerroom.errors import IllegalAction, IllegalAmount, NotYourCards, NotYourTurn
from pokerroom.games.base import Opener
from pokerroom.words import plural

if TYPE_CHECKING:
    from pokerroom.engine.hand import Hand

__all__ = ["DrawRound"]


class DrawRound:
    """A hand's draws, owned by its :class:`~pokerroom.engine.hand.Hand`: ``queue`` holds the seats still to draw
    in the current draw, in turn (the first is the hand's ``to_act``)."""

    __slots__ = ("hand", "queue")

    def __init__(self, hand: Hand) -> None:
        self.hand = hand
        self.queue: list[int] = []

    def copy_for(self, hand: Hand) -> DrawRound:
        """This draw's state for ``hand`` (a copy of its own hand, :meth:`~pokerroom.engine.hand.Hand.copy`)."""
        twin: DrawRound = object.__new__(DrawRound)
        twin.hand = hand
        twin.queue = self.queue.copy()
        return twin

    def start(self) -> None:
        """Start the current street's draw: every player still in, clockwise from the game's first drawer
        (:data:`~pokerroom.engine.order.FIRST_TO_ACT` of the game's ``draw.order``: left of the button,
        A-G11-1, or after the big blind, A-G15-3)."""
        hand = self.hand
        draw = hand.game.draw
        first = FIRST_TO_ACT[draw.order if draw is not None else Opener.BUTTON](hand)
        folded = hand.folded
        self.queue = [s for s in clockwise(first, hand.n) if not folded[s]]
        hand.phase = Phase.DRAW
        hand.to_act = self.queue[0]

    def limit(self) -> int:
        """The most cards the seat to act may draw: the street's (or the table size's) limit, and no more than the
        stub and the reshuffled muck can give it (never its own discards, RULES §2.5, decision 22)."""
        hand = self.hand
        draw = hand.game.draw
        rule = draw.limit if draw is not None else None
        street = hand.game.streets[hand.street].draw
        limit = min(street, rule(hand.n)) if rule is not None else street
        seat = hand.to_act
        capacity = hand._cards.draw_capacity(hand.discards[seat] if seat is not None else ())
        return limit if capacity is None else min(limit, capacity)

    def verify(self, action: Action, seat: int | None) -> int:
        """Raise a typed error unless ``action`` is a legal draw by the seat to draw (``seat``, when named);
        returns that seat."""
        hand = self.hand
        s = hand.to_act
        assert s is not None
        if seat is not None and seat != s:
            raise NotYourTurn(f"seat {seat} cannot draw: it is seat {s}'s turn to draw")
        limit = self.limit()
        if action.kind is not ActionKind.DRAW:
            raise IllegalAction(f"seat {s} is drawing: only a draw is legal (discard 0..{limit}; refused: {action!r})")
        discards = action.cards or ()
        if action.timed_out and discards:
            raise IllegalAction("a draw that timed out stands pat: it discards nothing (RULES §2.5)")
        known = [c for c in discards if c != UNKNOWN]
        if len(set(known)) != len(known):
            raise NotYourCards(f"seat {s} names a card twice in {format_cards(discards)}")
        hole = hand.hole[s]
        unknown = hole.count(UNKNOWN)
        missing = [c for c in discards if c not in hole or c == UNKNOWN]
        if len(missing) > unknown:  # a card not held is the first thing wrong, whatever the count
            raise NotYourCards(f"seat {s} holds {format_cards(hole)}, not {format_cards(missing)}")
        if len(discards) > limit:
            raise IllegalAmount(
                f"seat {s} may discard at most {plural(limit, 'card')}, not {len(discards)}", nearest=limit
            )
        return s

    def act(self, action: Action, s: int) -> Event:
        """Seat ``s`` discards, then draws as many from the stub (RULES §2.5): a ``DRAW`` event, a ``RESHUFFLE``
        for each time the stub was reshuffled to complete it, the ``DEAL_HOLE`` of the new cards.  Afterwards the
        hand's ``to_act`` is the next drawer, or ``None`` when the draw is over.

        All or nothing: the new cards are dealt before the hand changes, so a draw the card source cannot complete
        (:class:`~pokerroom.engine.dealing.OutOfCards`: a script that runs out; a seeded deck never does once
        :meth:`verify` accepted the draw, decision 22) leaves the hand, the stub and the muck as they were."""
        hand = self.hand
        hole = hand.hole[s]
        discards = list(action.cards or ())
        kept = list(hole)
        for c in discards:
            kept.remove(c if c in kept else UNKNOWN)
        own = hand.discards[s]
        source = hand._cards
        count = len(discards)
        if count:
            capacity = source.draw_capacity(own)
            if capacity is not None and count > capacity:  # verify's limit says so first; checked before the muck
                raise OutOfCards(f"seat {s} may discard at most {plural(capacity, 'card')}, not {count} (RULES §2.5)")
            source.discard(discards)
        new = source.deal_draw(s, count, [*own, *discards])
        # Dealt: from here on nothing is refused.
        kept.extend(new)
        hole[:] = kept
        own.extend(discards)
        if action.timed_out:
            # RULES §2.5: no bet or raise afterwards; G12 limits it to the next betting round.
            draw = hand.game.draw
            hand._round.no_raise[s] = -1 if draw is None or draw.timeout_rest_of_hand else 2
        text = TIMED_OUT if action.timed_out else None
        event = Event(EventType.DRAW, s, len(discards), None, tuple(discards), text)
        events = hand.events
        events.append(event)
        for moved in source.reshuffled:
            events.append(Event(EventType.RESHUFFLE, None, moved))
        if new:
            events.append(Event(EventType.DEAL_HOLE, s, cards=tuple(new)))
        self.queue.pop(0)
        hand.to_act = self.queue[0] if self.queue else None
        return event
