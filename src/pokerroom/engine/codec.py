"""The one JSON form of actions and events, used wherever one is stored or sent: the store's journal and hand
records, the table protocol, hand downloads (DESIGN: one hand record, one codec).

* an action: ``{"action": "raise", "amount": 40}``, ``{"action": "draw", "cards": ["7h", "2c"]}``,
  ``{"action": "draw", "cards": [], "timed_out": true}``; ``amount`` is the bet or raise *to* (chips);
* an event: ``{"type": "raise", "seat": 2, "amount": 30, "to": 40}`` with, where they apply, ``cards``,
  ``text``, ``all_in``, ``winners`` (``[[seat, chips], ...]``), ``eligible`` (seats) and ``shares`` (a pot split
  among shares: ``[["high", [[seat, chips], ...]], ["low", [[seat, chips], ...]]]``).

Cards are written as text (``"As"``; ``"??"`` for a card the reader may not see).  Seats are the engine's
(``0..n-1`` from the hand's set-up) unless ``seat_of`` maps them to the table's seat numbers.  Reading raises
:class:`~pokerroom.errors.RecordError` naming the field and what it may hold, or
:class:`~pokerroom.errors.InvalidCard` for a card that is not one; nothing is half read.

>>> action_json(Action.raise_to(40))
{'action': 'raise', 'amount': 40}
>>> action_from_json({"action": "draw", "cards": ["7h", "2c"]})
Action(discard 7h2c)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from enum import StrEnum
from typing import Any, TypeVar

from pokerroom.cards import UNKNOWN, format_card, parse_card
from pokerroom.chips import whole_number
from pokerroom.engine.actions import Action, ActionKind
from pokerroom.engine.events import Event, EventType
from pokerroom.errors import DuplicateCard, InvalidCard, RecordError

_E = TypeVar("_E", bound=StrEnum)

__all__ = [
    "MAX_CARDS",
    "action_from_json",
    "action_json",
    "card_text",
    "cards_from_json",
    "event_from_json",
    "event_json",
    "member",
]

MAX_CARDS = 10
"""The most cards one action names (a draw, a show)."""

_NO_AMOUNT: dict[ActionKind, Callable[[], Action]] = {
    ActionKind.FOLD: Action.fold,
    ActionKind.CHECK: Action.check,
    ActionKind.CALL: Action.call,
    ActionKind.BRING_IN: Action.post_bring_in,
    ActionKind.SPLIT: Action.split,
    ActionKind.MUCK: Action.muck,
}


def card_text(card: int) -> str:
    """``"As"``; ``"??"`` for a card the reader may not see."""
    return "??" if card == UNKNOWN else format_card(card)


def _whole(data: Mapping[str, Any], key: str, *, minimum: int = 0, required: bool = True) -> int | None:
    value = data.get(key)
    if value is None and not required:
        return None
    if not whole_number(value):
        raise RecordError(f"{key!r} must be a whole number, not {value!r}", field=key)
    if value < minimum:
        raise RecordError(f"{key!r} must be {minimum} or more, not {value}", field=key)
    return value


def cards_from_json(raw: object, *, key: str = "cards", unknown: bool = True) -> tuple[int, ...]:
    """Cards written as a list of text (``["As", "Td"]``); ``unknown``: whether ``"??"`` may stand for a card
    the writer could not see.  Raises :class:`~pokerroom.errors.RecordError` for anything but a list of at most
    :data:`MAX_CARDS` strings and :class:`~pokerroom.errors.InvalidCard` for a token that is not a card."""
    if not isinstance(raw, list) or not all(isinstance(c, str) for c in raw) or len(raw) > MAX_CARDS:
        raise RecordError(
            f"{key!r} must be a list of up to {MAX_CARDS} cards such as ['As', 'Td'], not {raw!r}", field=key
        )
    cards = tuple(parse_card(c) for c in raw)
    if not unknown and UNKNOWN in cards:
        raise InvalidCard("??", "it stands for a card nobody may see; name the card, such as 'As'")
    return cards


def member(kinds: type[_E], data: Mapping[str, Any], key: str, default: _E | None = None) -> _E:
    """The member of the string enum ``kinds`` named by ``data[key]`` (``default`` when the key is absent).
    Raises :class:`~pokerroom.errors.RecordError` naming the key and listing the names (``allowed``)."""
    name = data.get(key, default.value if default is not None else None)
    for kind in kinds:
        if kind.value == name:
            return kind
    allowed = [k.value for k in kinds]
    raise RecordError(f"{key!r} must be one of {', '.join(allowed)}, not {name!r}", field=key, allowed=allowed)


def action_json(action: Action) -> dict[str, object]:
    """``action`` as JSON (see the module docstring)."""
    out: dict[str, object] = {"action": action.kind.value}
    if action.amount is not None:
        out["amount"] = action.amount
    if action.cards is not None:
        out["cards"] = [card_text(c) for c in action.cards]
    if action.timed_out:
        out["timed_out"] = True
    return out


def action_from_json(data: Mapping[str, Any], *, unknown: bool = True) -> Action:
    """The action in ``data`` (the inverse of :func:`action_json`; other keys are ignored, so a protocol message
    carrying an action reads the same).  ``unknown``: whether cards may be ``"??"``.  Raises
    :class:`~pokerroom.errors.RecordError` (``field`` names the key; ``allowed`` lists the action kinds for a bad
    ``action``) or :class:`~pokerroom.errors.InvalidCard`."""
    if not isinstance(data, Mapping):
        raise RecordError(f"an action is a JSON object such as {{\"action\": \"call\"}}, not {data!r}", field="action")
    kind = member(ActionKind, data, "action")
    timed_out = data.get("timed_out", False)
    if not isinstance(timed_out, bool):
        raise RecordError(f"'timed_out' must be true or false, not {timed_out!r}", field="timed_out")
    if kind is ActionKind.BET or kind is ActionKind.RAISE:
        return Action(kind, _whole(data, "amount", minimum=1), None, timed_out)
    raw = data.get("cards")
    cards = None if raw is None else cards_from_json(raw, unknown=unknown)
    known = [c for c in cards or () if c != UNKNOWN]
    if len(set(known)) != len(known):
        twice = next(c for c in known if known.count(c) > 1)
        raise DuplicateCard(format_card(twice))
    if kind is ActionKind.DRAW:
        return Action.draw(cards or (), timed_out=timed_out)
    if kind is ActionKind.SHOW:
        return Action(kind, None, cards, timed_out)
    return Action(kind, None, None, True) if timed_out else _NO_AMOUNT[kind]()


def _seat(seat: int, seat_of: Sequence[int] | None) -> int:
    return seat if seat_of is None else seat_of[seat]


def event_json(event: Event, seat_of: Sequence[int] | None = None) -> dict[str, object]:
    """``event`` as JSON, its seats mapped by ``seat_of`` (engine seat -> table seat) when given."""
    out: dict[str, object] = {"type": event.type.value}
    if event.seat is not None:
        out["seat"] = _seat(event.seat, seat_of)
    if event.amount is not None:
        out["amount"] = event.amount
    if event.to is not None:
        out["to"] = event.to
    if event.cards is not None:
        out["cards"] = [card_text(c) for c in event.cards]
    if event.text is not None:
        out["text"] = event.text
    if event.all_in:
        out["all_in"] = True
    if event.winners is not None:
        out["winners"] = [[_seat(s, seat_of), chips] for s, chips in event.winners]
    if event.eligible is not None:
        out["eligible"] = [_seat(s, seat_of) for s in event.eligible]
    if event.shares is not None:
        out["shares"] = [[name, [[_seat(s, seat_of), chips] for s, chips in paid]] for name, paid in event.shares]
    return out


def _pairs(raw: object, key: str = "winners") -> tuple[tuple[int, int], ...]:
    if not isinstance(raw, list) or not all(
        isinstance(p, list) and len(p) == 2 and all(whole_number(x) for x in p)
        for p in raw
    ):
        raise RecordError(f"{key!r} must be a list of [seat, chips] pairs, not {raw!r}", field=key)
    return tuple((p[0], p[1]) for p in raw)


def _shares(raw: object) -> tuple[tuple[str, tuple[tuple[int, int], ...]], ...]:
    if not isinstance(raw, list) or not all(
        isinstance(share, list) and len(share) == 2 and isinstance(share[0], str) for share in raw
    ):
        raise RecordError(
            f"'shares' must be a list of [share name, [[seat, chips], ...]] pairs, not {raw!r}", field="shares"
        )
    return tuple((name, _pairs(paid, "shares")) for name, paid in raw)


def event_from_json(data: Mapping[str, Any]) -> Event:
    """The event in ``data`` (the inverse of :func:`event_json` with engine seats).  Raises
    :class:`~pokerroom.errors.RecordError` or :class:`~pokerroom.errors.InvalidCard`."""
    if not isinstance(data, Mapping):
        raise RecordError(f"an event is a JSON object, not {data!r}", field="event")
    kind = member(EventType, data, "type")
    text = data.get("text")
    if text is not None and not isinstance(text, str):
        raise RecordError(f"'text' must be a string, not {text!r}", field="text")
    all_in = data.get("all_in", False)
    if not isinstance(all_in, bool):
        raise RecordError(f"'all_in' must be true or false, not {all_in!r}", field="all_in")
    eligible = data.get("eligible")
    if eligible is not None and (
        not isinstance(eligible, list) or not all(whole_number(s) for s in eligible)
    ):
        raise RecordError(f"'eligible' must be a list of seats, not {eligible!r}", field="eligible")
    cards = data.get("cards")
    amount = _whole(data, "amount", required=False)
    to = _whole(data, "to", required=False)
    return Event(
        kind,
        _whole(data, "seat", required=False),
        amount,
        to,
        None if cards is None else cards_from_json(cards, key="cards"),
        text,
        all_in,
        None if data.get("winners") is None else _pairs(data["winners"]),
        None if eligible is None else tuple(eligible),
        None if data.get("shares") is None else _shares(data["shares"]),
    )
