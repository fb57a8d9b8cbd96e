"""The end of a hand (RULES §2.4, §3.2, §3.10, §6.3, §6.5, G15): the pots settled when one player is left or at
the showdown, the rake, who shows first, show or muck, splitting pots among shares and tied winners with the odd
chips, and 32-card draw's split question.

:class:`Showdown` holds that state of a :class:`~pokerroom.engine.hand.Hand` and the rules that act on it; the
hand's chips (``stacks``, ``contributions``, ``won``...) stay the hand's.
"""

from __future__ import annotations

import operator
from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING

from pokerroom.cards import UNKNOWN, format_cards
from pokerroom.engine.actions import Action, ActionKind
from pokerroom.engine.events import TIMED_OUT, Event, EventType
from pokerroom.engine.order import FIRST_TO_ACT, clockwise, left_of_big_blind, left_of_button
from pokerroom.engine.phase import Phase
from pokerroom.engine.pots import Pot, build_pots, split_chips
from pokerroom.errors import IllegalAction, NotYourCards, NotYourTurn, UnknownCards

if TYPE_CHECKING:
    from pokerroom.engine.hand import Hand

__all__ = ["Phase", "Showdown"]

Shares = tuple[tuple[str, tuple[tuple[int, int], ...]], ...]
"""Each share's payouts of one pot: ``((share name, ((seat, chips), ...)), ...)`` (the ``shares`` of a ``POT``)."""


def _same_cards_in_place(hole: Sequence[int], shown: Sequence[int]) -> bool:
    """Whether ``shown`` agrees with ``hole`` card by card where both are known."""
    return all(h in (UNKNOWN, g) or g == UNKNOWN for h, g in zip(hole, shown, strict=False))


class Showdown:
    """How a hand ends, owned by its :class:`~pokerroom.engine.hand.Hand`.

    * ``pots``: the pots as settled (main pot first; :class:`~pokerroom.engine.pots.Pot`), less the rake, once
      the betting is over; empty before;
    * ``shown``: the cards each seat showed (in the order held); ``mucked``: the seats that mucked, in order;
    * ``order``: the show order (RULES §6.5: the last aggressor, else the game's ``show_first``);
    * ``split_queue``: the all-in seats still to answer 32-card draw's split proposal (RULES A-G15-2), in turn;
    * ``paid``: chips of pots already split out by agreement before the showdown.
    """

    __slots__ = ("hand", "mucked", "order", "paid", "pots", "shown", "split_queue")

    def __init__(self, hand: Hand) -> None:
        self.hand = hand
        self.pots: list[Pot] = []
        self.shown: dict[int, tuple[int, ...]] = {}
        self.mucked: list[int] = []
        self.order: list[int] = []
        self.split_queue: list[int] = []
        self.paid = 0

    def copy_for(self, hand: Hand) -> Showdown:
        """This showdown's state for ``hand`` (a copy of its own hand, :meth:`~pokerroom.engine.hand.Hand.copy`):
        the lists and the dict are copied; pots and shown cards are frozen, shared."""
        twin: Showdown = object.__new__(Showdown)
        twin.hand = hand
        twin.pots = self.pots.copy()
        twin.shown = dict(self.shown)
        twin.mucked = self.mucked.copy()
        twin.order = self.order.copy()
        twin.split_queue = self.split_queue.copy()
        twin.paid = self.paid
        return twin

    # ------------------------------------------------------------------ settling without a showdown

    def award_uncontested(self, seat: int) -> None:
        """Everybody else folded: ``seat`` takes every pot (after the rake) and the hand is complete."""
        hand = self.hand
        self.pots = build_pots(hand.contributions, list(map(_not, hand.folded)), hand.dead)
        self.take_rake()
        total = 0
        for pot in self.pots:
            amount = pot.amount
            total += amount
            hand.events.append(
                _tnew(Event, (_POT, None, amount, None, None, None, False, ((seat, amount),), pot.eligible, None))
            )
        hand.stacks[seat] += total
        hand.won[seat] += total
        self.finish()

    def take_rake(self) -> None:
        """RULES §3.10: the house's cut from the settled pots, once the hand reached the game's raking street;
        uncalled bets are already back, so they are never raked.  Raises
        :class:`~pokerroom.errors.IllegalAction` when the rake rule takes more than a pot holds."""
        hand = self.hand
        rule = hand.rake_rule
        if rule is None or hand.street < hand.game.rake_street or not self.pots:
            return
        taken = list(rule([p.amount for p in self.pots], hand.n))
        if len(taken) != len(self.pots) or any(t < 0 or t > p.amount for t, p in zip(taken, self.pots, strict=True)):
            raise IllegalAction(f"the rake rule took {taken} from pots {[p.amount for p in self.pots]}")
        total = sum(taken)
        if total:
            self.pots = [Pot(p.amount - t, p.eligible) for p, t in zip(self.pots, taken, strict=True)]
            hand.rake = total
            hand.rake_by_pot = tuple(taken)
            hand.events.append(Event(EventType.RAKE, None, total))

    def finish(self) -> None:
        """The hand is complete: chips set aside by disconnect protection come back; a ``HAND_END`` event."""
        hand = self.hand
        hand.phase = _COMPLETE
        hand.to_act = None
        if any(hand.protected):
            for seat, chips in enumerate(hand.protected):
                hand.stacks[seat] += chips
        text = " ".join(map(str, hand.stacks))
        hand.events.append(_tnew(Event, (_HAND_END, None, None, None, None, text, False, None, None, None)))
        hand.unlink()

    # ------------------------------------------------------------------ the split question (RULES G15)

    def begin(self) -> None:
        """The last street is over with several players in: settle the pots' levels, take the rake, then ask the
        split question or start the showdown."""
        hand = self.hand
        hand.to_act = None
        self.pots = build_pots(hand.contributions, list(map(_not, hand.folded)), hand.dead)
        self.take_rake()
        accepted = hand.split_accepted
        if hand._round.split_open and accepted:
            # RULES A-G15-2: players all-in are asked too, in turn order, before any pot is split.
            folded, stacks = hand.folded, hand.stacks
            self.split_queue = [
                s
                for s in clockwise(left_of_big_blind(hand), hand.n)
                if not folded[s] and s not in accepted and stacks[s] == 0
            ]
            if self.split_queue:
                hand.phase = _SPLIT
                hand.to_act = self.split_queue[0]
                return
            self._split_pots()
            if hand.phase is _COMPLETE:
                return
        self._begin_showing()

    def verify_split(self, action: Action, seat: int | None) -> int:
        """An all-in player's answer to the split proposal: split (accept) or check (decline)."""
        s = self.hand.to_act
        assert s is not None
        if seat is not None and seat != s:
            raise NotYourTurn(f"seat {seat} cannot answer the split: it is seat {s}'s turn")
        if action.kind not in (ActionKind.SPLIT, ActionKind.CHECK):
            raise IllegalAction(f"seat {s} answers the split proposal: split (accept) or check (decline)")
        return s

    def act_split(self, action: Action, s: int) -> Event:
        hand = self.hand
        accepted = action.kind is ActionKind.SPLIT
        if accepted:
            hand.split_accepted.add(s)
        event = Event(EventType.SPLIT, s, text="accepts" if accepted else "declines")
        hand.events.append(event)
        self.split_queue.pop(0)
        if self.split_queue:
            hand.to_act = self.split_queue[0]
            return event
        self._split_pots()
        if hand.phase is not _COMPLETE:
            self._begin_showing()
        return event

    def _split_pots(self) -> None:
        """Split every pot whose eligible players all accepted; the hand ends when none is left (RULES G15)."""
        hand = self.hand
        odd_order = clockwise(left_of_button(hand), hand.n)
        left: list[Pot] = []
        for pot in self.pots:
            if not all(s in hand.split_accepted for s in pot.eligible):
                left.append(pot)
                continue
            payouts = split_chips(pot.amount, [s for s in odd_order if s in pot.eligible])
            self.paid += pot.amount
            for seat, chips in payouts:
                hand.stacks[seat] += chips
                hand.won[seat] += chips
            hand.events.append(
                Event(EventType.POT, None, pot.amount, text="split", eligible=pot.eligible, winners=tuple(payouts))
            )
        self.pots = left
        hand._round.split_open = False
        if not left:
            self.finish()

    # ------------------------------------------------------------------ show or muck

    def _begin_showing(self) -> None:
        hand = self.hand
        hand.phase = _SHOWDOWN
        hand.to_act = None
        aggressor = hand._round.aggressor
        if aggressor is not None and not hand.folded[aggressor]:
            first = aggressor
        else:
            first = FIRST_TO_ACT[hand.game.show_first](hand)
        pots = self.pots
        contenders: Collection[int] = pots[0].eligible if len(pots) == 1 else {s for p in pots for s in p.eligible}
        self.order = order = [s for s in clockwise(first, hand.n) if s in contenders]
        if hand.auto_showdown:
            # Online practice: every hand is turned up; a hand with unknown cards (a replay) waits to be shown.
            shown, holes = self.shown, hand.hole
            for seat in order:
                if seat not in shown and UNKNOWN not in holes[seat]:
                    self._apply_show(seat, None)
        hand.to_act = self._next_to_show()
        if hand.to_act is None:
            self._settle()

    def _next_to_show(self) -> int | None:
        for seat in self.order:
            if seat not in self.shown and seat not in self.mucked:
                return seat
        return None

    def _apply_show(self, seat: int, cards: Sequence[int] | None) -> None:
        hand = self.hand
        hole = hand.hole[seat]
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
        cards = tuple(hole)
        self.shown[seat] = cards
        hand.events.append(_tnew(Event, (_SHOW, seat, None, None, cards, None, False, None, None, None)))

    def verify_show(self, action: Action, seat: int | None) -> int:
        """Show or muck by ``seat`` (the seat to show when ``None``); returns the seat."""
        hand = self.hand
        undecided = [s for s in self.order if s not in self.shown and s not in self.mucked]
        if action.kind not in (ActionKind.SHOW, ActionKind.MUCK):
            raise IllegalAction(f"the hand is at the showdown: only show or muck (refused: {action!r})")
        if seat is None:
            seat = hand.to_act
        if seat is None or seat not in undecided:
            raise NotYourTurn(f"seat {seat} has nothing to show or muck; undecided seats: {undecided}")
        if hand.strict_show_order and seat != hand.to_act:
            raise NotYourTurn(f"seat {seat} cannot show yet: seat {hand.to_act} shows or mucks first")
        if action.kind is ActionKind.SHOW and action.cards is not None:
            hole = hand.hole[seat]
            # Fewer cards than held: shown early, before the last cards of an all-in hand were dealt (PHH).
            if len(action.cards) > len(hole):
                raise IllegalAction(f"seat {seat} holds {len(hole)} cards; {len(action.cards)} shown")
            if not _same_cards_in_place(hole, action.cards):
                # Hand histories may list a hand in another order: the known cards must still be the seat's.
                extra = [c for c in action.cards if c != UNKNOWN and c not in hole]
                missing = [c for c in hole if c != UNKNOWN and c not in action.cards]
                if len(action.cards) != len(hole) or missing or len(extra) > hole.count(UNKNOWN):
                    raise NotYourCards(f"seat {seat} holds {format_cards(hole)}, not {format_cards(action.cards)}")
        return seat

    def act_show(self, action: Action, seat: int) -> Event:
        hand = self.hand
        if action.kind is ActionKind.SHOW:
            self._apply_show(seat, action.cards)
            event = hand.events[-1]
        else:
            self.mucked.append(seat)
            event = Event(EventType.MUCK, seat, text=TIMED_OUT if action.timed_out else None)
            hand.events.append(event)
        hand.to_act = self._next_to_show()
        if hand.to_act is None:
            self._settle()
        return event

    # ------------------------------------------------------------------ dividing the pots

    def _settle(self) -> None:
        """Divide every pot among its shares and winners (RULES §2.4, §3.2, §6.3).  Raises
        :class:`~pokerroom.errors.UnknownCards` before any chip moves when a contender's cards are unknown."""
        hand = self.hand
        values: dict[tuple[int, int], int | None] = {}
        odd_order = clockwise(left_of_button(hand), hand.n)
        several = len(hand.game.shares) > 1
        mucked = self.mucked
        results: list[tuple[Pot, list[tuple[int, int]], Shares | None]] = []
        for pot in self.pots:  # decide every pot first: an unknown hand raises before any chip moves
            contenders = [s for s in pot.eligible if s not in mucked] if mucked else list(pot.eligible)
            if not contenders:  # everybody eligible mucked: the last to muck gave it up last
                contenders = [next(s for s in reversed(mucked) if s in pot.eligible)]
            if len(contenders) == 1:
                results.append((pot, [(contenders[0], pot.amount)], None))
            else:
                payouts, shares = self._split_pot(pot.amount, contenders, values, odd_order)
                results.append((pot, payouts, shares if several else None))
        stacks, won, events = hand.stacks, hand.won, hand.events
        for pot, payouts, paid in results:
            kept = pot.amount  # less what is paid: the odd chips carried to the next hand
            for seat, chips in payouts:
                stacks[seat] += chips
                won[seat] += chips
                kept -= chips
            hand.carried += kept
            text = f"{kept} carried to the next hand" if kept else None
            events.append(
                _tnew(Event, (_POT, None, pot.amount, None, None, text, False, tuple(payouts), pot.eligible, paid))
            )
        self.finish()

    def _split_pot(
        self,
        amount: int,
        contenders: list[int],
        values: dict[tuple[int, int], int | None],
        odd_order: list[int],
    ) -> tuple[list[tuple[int, int]], Shares]:
        """One contested pot: the payouts by seat (in odd-chip order) and by share (shares nobody qualified for
        left out).  Shares with a qualifier split the pot evenly, an odd chip between shares to the first (high);
        tied winners of a share split it with the odd chips clockwise from the button, or leave them in the pot
        for the next hand when the game carries them (RULES §6.3, G1, G2).  Under the house rule
        ``odd_chips_to_high`` (RULES §3.2, settled decision 18) the odd chips of every other share go to the first
        share's winner as well (tied high winners: clockwise from the button)."""
        hand = self.hand
        board = hand.board
        holes = hand.hole
        winners_by_share: list[tuple[str, list[int]]] = []
        board_known = UNKNOWN not in board
        for k, share in enumerate(hand.game.shares):
            scored: list[tuple[int, int]] = []
            for seat in contenders:
                key = (k, seat)
                if key in values:
                    v = values[key]
                else:
                    hole = holes[seat]
                    if not board_known or UNKNOWN in hole:
                        raise UnknownCards(f"seat {seat}'s cards are unknown at the showdown")
                    v = values[key] = share.evaluate(hole, board)
                if v is not None:
                    scored.append((seat, v))
            if not scored:
                continue
            if share.pot_keys is not None:  # a pot-level rule such as Telesina's heads-up straight flushes
                keys = share.pot_keys([v for _, v in scored])
                scored = [(seat, key) for (seat, _), key in zip(scored, keys, strict=True)]
            best = max(map(_second, scored))
            winners_by_share.append((share.name, [seat for seat, v in scored if v == best]))
        count = len(winners_by_share)
        base, odd = divmod(amount, count)
        chunks = [base + 1 if k < odd else base for k in range(count)]
        if count > 1 and hand.game.house.odd_chips_to_high:
            for k in range(1, count):
                extra = chunks[k] % len(winners_by_share[k][1])  # a tied low half's odd chips: to the high
                chunks[k] -= extra
                chunks[0] += extra
        out: dict[int, int] = {}
        shares: list[tuple[str, tuple[tuple[int, int], ...]]] = []
        for k, (name, seats) in enumerate(winners_by_share):
            chunk = chunks[k]
            if len(seats) == 1:
                payouts = [(seats[0], chunk)]
            else:
                if hand.carry_odd_chips:  # indivisible chips stay in the pot for the next hand (RULES G1, G2)
                    chunk -= chunk % len(seats)
                payouts = split_chips(chunk, [s for s in odd_order if s in seats])
            shares.append((name, tuple(payouts)))
            for seat, chips in payouts:
                out[seat] = out.get(seat, 0) + chips
        if len(out) == 1:
            return list(out.items()), tuple(shares)
        return sorted(out.items(), key=lambda kv: odd_order.index(kv[0])), tuple(shares)


_tnew = tuple.__new__
"""An :class:`Event` from its ten fields at once (the named tuple's keyword ``__new__`` costs more)."""
if len(Event._fields) != 10:  # the literal field tuples above list all ten
    raise AssertionError("Event's fields changed: update the tuples the showdown builds")
_POT, _SHOW, _HAND_END = EventType.POT, EventType.SHOW, EventType.HAND_END
_COMPLETE, _SHOWDOWN, _SPLIT = Phase.COMPLETE, Phase.SHOWDOWN, Phase.SPLIT
_not = operator.not_
_second = operator.itemgetter(1)
"""A hand not valued yet (``None`` is a value: no qualifying hand)."""
