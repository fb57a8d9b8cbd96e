"""The showdown part of a hand (RULES §2.4, §3.2, §6.3, §6.5, G15): who shows first, show or muck, splitting
pots among shares and tied winners with the odd chips, and 32-card draw's split proposal.

:class:`ShowdownMixin` holds these steps of :class:`~pokerroom.engine.hand.Hand`; the hand's state it reads is
declared below, set up by ``Hand.__init__``.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import TYPE_CHECKING, cast

from pokerroom.cards import UNKNOWN, format_cards
from pokerroom.engine import order
from pokerroom.engine.actions import Action, ActionKind
from pokerroom.engine.events import Event, EventType
from pokerroom.engine.pots import Pot, build_pots, split_chips
from pokerroom.errors import IllegalAction, NotYourCards, NotYourTurn, UnknownCards
from pokerroom.games.base import Opener

if TYPE_CHECKING:
    from pokerroom.engine.hand import Hand
    from pokerroom.games.base import Game

__all__ = ["Phase", "ShowdownMixin"]


def _same_cards_in_place(hole: Sequence[int], shown: Sequence[int]) -> bool:
    """Whether ``shown`` agrees with ``hole`` card by card where both are known."""
    return all(h in (UNKNOWN, g) or g == UNKNOWN for h, g in zip(hole, shown, strict=False))


class Phase(StrEnum):
    """Where the hand is: a betting round, a draw, the split question, the showdown (show or muck), or complete."""

    BETTING = "betting"
    DRAW = "draw"
    SPLIT = "split"
    SHOWDOWN = "showdown"
    COMPLETE = "complete"


class ShowdownMixin:
    """The showdown steps of a hand.  The attributes are the hand's (see :class:`~pokerroom.engine.hand.Hand`)."""

    game: Game
    n: int
    button: int
    phase: Phase
    to_act: int | None
    stacks: list[int]
    contributions: list[int]
    dead: int
    folded: list[bool]
    hole: list[list[int]]
    board: list[int]
    events: list[Event]
    aggressor: int | None
    auto_showdown: bool
    strict_show_order: bool
    carry_odd_chips: bool
    carried: int
    shown: dict[int, tuple[int, ...]]
    mucked: list[int]
    pots: list[Pot]
    won: list[int]
    split_accepted: set[int]
    _show_order: list[int]
    _split_open: bool
    _split_queue: list[int]
    _paid: int
    protected: list[int]
    rake: int

    def _take_rake(self) -> None: ...

    @property
    def _hand(self) -> Hand:
        return cast("Hand", self)

    def _seats_from(self, first: int) -> list[int]:
        n = self.n
        return [(first + k) % n for k in range(n)]

    def _finish(self) -> None:
        self.phase = Phase.COMPLETE
        self.to_act = None
        for seat, chips in enumerate(self.protected):  # disconnect protection: the chips set aside come back
            self.stacks[seat] += chips
        self.events.append(Event(EventType.HAND_END, text=" ".join(str(s) for s in self.stacks)))

    def _showdown(self) -> None:
        self.to_act = None
        self.pots = build_pots(self.contributions, [not f for f in self.folded], self.dead)
        self._take_rake()
        if self._split_open and self.split_accepted:
            # RULES A-G15-2: players all-in are asked too, in turn order, before any pot is split.
            start = order.big_blind_seat(self._hand) + 1
            self._split_queue = [
                s
                for s in self._seats_from(start % self.n)
                if not self.folded[s] and s not in self.split_accepted and self.stacks[s] == 0
            ]
            if self._split_queue:
                self.phase = Phase.SPLIT
                self.to_act = self._split_queue[0]
                return
            self._split_pots()
            if self.phase is Phase.COMPLETE:
                return
        self._begin_showdown()


    def _act_split_answer(self, action: Action, s: int) -> Event:
        accepted = action.kind is ActionKind.SPLIT
        if accepted:
            self.split_accepted.add(s)
        event = Event(EventType.SPLIT, s, text="accepts" if accepted else "declines")
        self.events.append(event)
        self._split_queue.pop(0)
        if self._split_queue:
            self.to_act = self._split_queue[0]
            return event
        self._split_pots()
        if self.phase is not Phase.COMPLETE:
            self._begin_showdown()
        return event


    def _split_pots(self) -> None:
        """Split every pot whose eligible players all accepted; the hand ends when none is left (RULES G15)."""
        odd_order = self._seats_from(self.button + 1)
        left: list[Pot] = []
        for pot in self.pots:
            if not all(s in self.split_accepted for s in pot.eligible):
                left.append(pot)
                continue
            payouts = split_chips(pot.amount, [s for s in odd_order if s in pot.eligible])
            self._paid += pot.amount
            for seat, chips in payouts:
                self.stacks[seat] += chips
                self.won[seat] += chips
            self.events.append(
                Event(EventType.POT, None, pot.amount, text="split", eligible=pot.eligible, winners=tuple(payouts))
            )
        self.pots = left
        self._split_open = False
        if not left:
            self._finish()


    def _begin_showdown(self) -> None:
        self.phase = Phase.SHOWDOWN
        self.to_act = None
        if self.aggressor is not None and not self.folded[self.aggressor]:
            first = self.aggressor
        elif self.game.show_first is Opener.SHOWING:
            first = order.best_showing_seat(self._hand)
        elif self.game.show_first is Opener.AFTER_BIG_BLIND:
            first = order.big_blind_seat(self._hand) + 1
        else:
            first = self.button + 1
        contenders = {s for pot in self.pots for s in pot.eligible}
        self._show_order = [s for s in self._seats_from(first % self.n) if s in contenders]
        if self.auto_showdown:
            # Online practice: every hand is turned up; a hand with unknown cards (a replay) waits to be shown.
            for seat in self._show_order:
                if seat not in self.shown and UNKNOWN not in self.hole[seat]:
                    self._apply_show(seat, None)
        self.to_act = self._next_to_show()
        if self.to_act is None:
            self._settle()


    def _next_to_show(self) -> int | None:
        for seat in self._show_order:
            if seat not in self.shown and seat not in self.mucked:
                return seat
        return None


    def _apply_show(self, seat: int, cards: Sequence[int] | None) -> None:
        hole = self.hole[seat]
        if cards is not None:
            if _same_cards_in_place(hole, cards):
                for i, (have, given) in enumerate(zip(hole, cards, strict=False)):
                    if have == UNKNOWN:
                        hole[i] = given
            else:  # the same cards in another order: the new ones fill the unknown places
                new = iter(c for c in cards if c != UNKNOWN and c not in hole)
                for i, have in enumerate(hole):
                    if have == UNKNOWN:
                        hole[i] = next(new, UNKNOWN)
        self.shown[seat] = tuple(hole)
        self.events.append(Event(EventType.SHOW, seat, cards=tuple(hole)))


    def _settle(self) -> None:
        """Divide every pot among its shares and winners (RULES §2.4, §3.2, §6.3)."""
        values: dict[tuple[int, int], int | None] = {}
        odd_order = self._seats_from(self.button + 1)
        results: list[tuple[Pot, list[tuple[int, int]]]] = []
        for pot in self.pots:  # decide every pot first: an unknown hand raises before any chip moves
            contenders = [s for s in pot.eligible if s not in self.mucked]
            if not contenders:  # everybody eligible mucked: the last to muck gave it up last
                contenders = [next(s for s in reversed(self.mucked) if s in pot.eligible)]
            if len(contenders) == 1:
                results.append((pot, [(contenders[0], pot.amount)]))
            else:
                results.append((pot, self._split_pot(pot.amount, contenders, values, odd_order)))
        for pot, payouts in results:
            for seat, chips in payouts:
                self.stacks[seat] += chips
                self.won[seat] += chips
            kept = pot.amount - sum(chips for _, chips in payouts)  # odd chips carried to the next hand
            self.carried += kept
            text = f"{kept} carried to the next hand" if kept else None
            self.events.append(
                Event(EventType.POT, None, pot.amount, text=text, eligible=pot.eligible, winners=tuple(payouts))
            )
        self._finish()


    def _split_pot(
        self,
        amount: int,
        contenders: list[int],
        values: dict[tuple[int, int], int | None],
        odd_order: list[int],
    ) -> list[tuple[int, int]]:
        shares = self.game.shares
        winners_by_share: list[list[int]] = []
        for k, share in enumerate(shares):
            scored: list[tuple[int, int]] = []
            for seat in contenders:
                key = (k, seat)
                if key not in values:
                    hole = self.hole[seat]
                    if UNKNOWN in hole or UNKNOWN in self.board:
                        raise UnknownCards(f"seat {seat}'s cards are unknown at the showdown")
                    values[key] = share.evaluate(hole, self.board)
                v = values[key]
                if v is not None:
                    scored.append((seat, v))
            if not scored:
                continue
            if share.pot_keys is not None:  # a pot-level rule such as Telesina's heads-up straight flushes
                keys = share.pot_keys([v for _, v in scored])
                scored = [(seat, key) for (seat, _), key in zip(scored, keys, strict=True)]
            best = max(v for _, v in scored)
            winners_by_share.append([seat for seat, v in scored if v == best])
        # Shares with a qualifier split the pot evenly; an odd chip between shares goes to the first (high).
        parts = len(winners_by_share)
        base, odd = divmod(amount, parts)
        out: dict[int, int] = {}
        for k, seats in enumerate(winners_by_share):
            chunk = base + (1 if k < odd else 0)
            if self.carry_odd_chips:  # indivisible chips stay in the pot for the next hand (RULES G1, G2)
                chunk -= chunk % len(seats)
            ordered = [s for s in odd_order if s in seats]
            for seat, chips in split_chips(chunk, ordered):
                out[seat] = out.get(seat, 0) + chips
        return sorted(out.items(), key=lambda kv: odd_order.index(kv[0]))


    def _verify_split(self, action: Action, seat: int | None) -> int:
        s = self.to_act
        assert s is not None
        if seat is not None and seat != s:
            raise NotYourTurn(f"seat {seat} cannot answer the split: it is seat {s}'s turn")
        if action.kind not in (ActionKind.SPLIT, ActionKind.CHECK):
            raise IllegalAction(f"seat {s} answers the split proposal: split (accept) or check (decline)")
        return s


    def _verify_showdown(self, action: Action, seat: int | None) -> None:
        undecided = [s for s in self._show_order if s not in self.shown and s not in self.mucked]
        if action.kind not in (ActionKind.SHOW, ActionKind.MUCK):
            raise IllegalAction(f"the hand is at the showdown: only show or muck (refused: {action!r})")
        if seat is None:
            seat = self.to_act
        if seat is None or seat not in undecided:
            raise NotYourTurn(f"seat {seat} has nothing to show or muck; undecided seats: {undecided}")
        if self.strict_show_order and seat != self.to_act:
            raise NotYourTurn(f"seat {seat} cannot show yet: seat {self.to_act} shows or mucks first")
        if action.kind is ActionKind.SHOW and action.cards is not None:
            hole = self.hole[seat]
            # Fewer cards than held: shown early, before the last cards of an all-in hand were dealt (PHH).
            if len(action.cards) > len(hole):
                raise IllegalAction(f"seat {seat} holds {len(hole)} cards; {len(action.cards)} shown")
            if not _same_cards_in_place(hole, action.cards):
                # Hand histories may list a hand in another order: the known cards must still be the seat's.
                extra = [c for c in action.cards if c != UNKNOWN and c not in hole]
                missing = [c for c in hole if c != UNKNOWN and c not in action.cards]
                if len(action.cards) != len(hole) or missing or len(extra) > hole.count(UNKNOWN):
                    raise NotYourCards(
                        f"seat {seat} holds {format_cards(hole)}, not {format_cards(action.cards)}"
                    )


    def _act_showdown(self, action: Action, seat: int | None) -> Event:
        assert seat is not None
        if action.kind is ActionKind.SHOW:
            self._apply_show(seat, action.cards)
            event = self.events[-1]
        else:
            self.mucked.append(seat)
            event = Event(EventType.MUCK, seat)
            self.events.append(event)
        self.to_act = self._next_to_show()
        if self.to_act is None:
            self._settle()
        return event
