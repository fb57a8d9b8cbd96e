"""Write a played :class:`~pokerroom.engine.Hand` as a PHH record, from its event list (DESIGN habit 4).

Seats map to PHH players from the button: ``p1`` is the first seat left of the button and ``pN`` the button
(heads-up ``p1`` is the big blind and ``p2`` the button, whose blind lists are written in reverse order, as
PHH-NOTES "Seats" says).  Amounts are written in chips times ``unit`` (1 by default).  With ``seat=`` the record
is written from that seat's view: other seats' cards that were never shown appear as ``????``.

>>> from pokerroom.engine import Action, ScriptedCards
>>> from pokerroom.games import find
>>> hand = find("holdem").deal(stacks=[100, 100], button=0, blinds=(1, 2),
...                            cards=ScriptedCards({0: "AsAh", 1: "7c2d"}, "KdQd3s4h9c"))
>>> _ = hand.act(Action.fold(), 0)
>>> rec = from_hand(hand)
>>> rec.variant, rec.blinds_or_straddles, rec.actions
('NT', (Decimal('1'), Decimal('2')), ('d dh p1 7c2d', 'd dh p2 AsAh', 'p2 f'))
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from pokerroom.cards import UNKNOWN, format_cards
from pokerroom.engine import EventType, Hand
from pokerroom.errors import UnsupportedRule
from pokerroom.formats.phh import PHHHand
from pokerroom.games import Limit

__all__ = ["from_hand", "variant_code"]

_CODES: dict[tuple[str, Limit], str] = {
    ("holdem", Limit.NO): "NT",
    ("holdem", Limit.FIXED): "FT",
    ("omaha", Limit.POT): "PO",
    ("short-deck", Limit.NO): "NS",
}


def variant_code(hand: Hand) -> str:
    """The PHH variant code of ``hand``'s game and limit; raises :class:`~pokerroom.errors.UnsupportedRule`
    when PHH has none."""
    code = _CODES.get((hand.game.id, hand.betting.limit))
    if code is None:
        raise UnsupportedRule(
            f"PHH has no variant code for {hand.game.id} at {hand.betting.limit.value} limit; "
            f"written: {', '.join(f'{g} {lim.value}' for g, lim in _CODES)}"
        )
    return code


def from_hand(hand: Hand, *, unit: Decimal = Decimal(1), seat: int | None = None) -> PHHHand:
    """The PHH record of ``hand`` (finished or not; ``finishing_stacks`` only once it is complete).

    ``seat`` writes the record from that seat's view (hidden cards as ``??``).  Raises
    :class:`~pokerroom.errors.UnsupportedRule` for a game PHH cannot express.
    """
    code = variant_code(hand)
    n = hand.n
    order = [(hand.button + 1 + k) % n for k in range(n)]  # PHH position -> engine seat
    player = {s: i for i, s in enumerate(order)}

    def by_position(values: Sequence[int]) -> tuple[Decimal, ...]:
        out = [Decimal(values[s]) * unit for s in order]
        return tuple(out[::-1]) if n == 2 else tuple(out)

    shown = set(hand.shown)
    actions: list[str] = []
    for e in hand.events:
        t = e.type
        if t is EventType.DEAL_HOLE:
            assert e.seat is not None and e.cards is not None
            visible = seat is None or e.seat == seat or e.seat in shown
            cards = e.cards if visible else (UNKNOWN,) * len(e.cards)
            actions.append(f"d dh p{player[e.seat] + 1} {format_cards(cards)}")
        elif t is EventType.DEAL_BOARD:
            assert e.cards is not None
            actions.append(f"d db {format_cards(e.cards)}")
        elif t is EventType.FOLD:
            actions.append(f"p{player[e.seat] + 1} f")  # type: ignore[index]
        elif t is EventType.CHECK or t is EventType.CALL:
            actions.append(f"p{player[e.seat] + 1} cc")  # type: ignore[index]
        elif t is EventType.BET or t is EventType.RAISE:
            assert e.to is not None
            actions.append(f"p{player[e.seat] + 1} cbr {_amount(e.to, unit)}")  # type: ignore[index]
        elif t is EventType.SHOW:
            assert e.cards is not None
            actions.append(f"p{player[e.seat] + 1} sm {format_cards(e.cards)}")  # type: ignore[index]
        elif t is EventType.MUCK:
            actions.append(f"p{player[e.seat] + 1} sm")  # type: ignore[index]
    betting = hand.betting
    fixed = betting.limit is Limit.FIXED
    finishing = tuple(Decimal(hand.stacks[s]) * unit for s in order) if hand.is_complete else None
    return PHHHand(
        variant=code,
        ante_trimming_status=hand.ante_trimming,
        antes=by_position(hand.antes),
        blinds_or_straddles=by_position(hand.blinds),
        small_bet=Decimal(betting.bet_sizes[0]) * unit if fixed else None,
        big_bet=Decimal(betting.bet_sizes[-1]) * unit if fixed else None,
        min_bet=None if fixed else Decimal(betting.min_bet) * unit,
        starting_stacks=tuple(Decimal(hand.starting_stacks[s]) * unit for s in order),
        actions=tuple(actions),
        finishing_stacks=finishing,
    )


def _amount(chips: int, unit: Decimal) -> str:
    value = Decimal(chips) * unit
    return format(value.normalize(), "f") if value != value.to_integral_value() else str(int(value))
