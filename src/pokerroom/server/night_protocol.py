"""The messages of a club night's WebSocket (``/ws/nights/TOKEN``, docs/protocol.md "Club nights").

A night's socket speaks the table protocol (:mod:`pokerroom.server.protocol`: ``act``, ``ping``, and ``rebuy`` /
``leave`` for one's own seat) and these messages besides, each a JSON object with ``"v"`` (the table protocol's
``VERSION``) and ``"type"``:

* before the start: ``take_seat``, ``stand_up``; the host's ``add_bot`` (``count``), ``remove_bot`` (``name``),
  ``start``, ``cancel``;
* during the evening: ``join`` (``chips``?: a late arrival, a seat by lot), ``rebuy`` (``amount``, the host may name
  a ``player``), ``leave`` (the host may name a ``player``); the host's ``rule`` (``key``, ``value``: from the next
  hand on), ``end`` (``now``?: at once instead of after the orbit), ``pause``, ``resume`` (deal on after the
  pause between hands), ``deal`` (deal the next hand now), ``add_bot``.

:func:`parse` gives a :class:`NightCommand` or the table's command, or raises
:class:`~pokerroom.server.protocol.ProtocolError` (codes :data:`NIGHT_ERROR_CODES` beside the table's).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from pokerroom.chips import whole_number
from pokerroom.server import protocol
from pokerroom.server.protocol import MAX_MESSAGE, VERSION, Command, ProtocolError

__all__ = ["HOST_ONLY", "KINDS", "NIGHT_ERROR_CODES", "NightCommand", "parse"]

NIGHT_ERROR_CODES = {
    "not_host": "only the host may do that (start, pause, end, rules, bots, another player's rebuy or leave)",
    "not_at_night": "the player has no seat at this night",
    "night_over": "the night has ended (or was called off)",
    "night": "the night's books refused (a rebuy past the cap, a buy-in out of range, a rule no hand can be dealt "
    "with, ...)",
}
"""The error codes a night's socket adds to :data:`~pokerroom.server.protocol.ERROR_CODES`."""

KINDS = (
    "take_seat", "stand_up", "add_bot", "remove_bot", "start", "cancel", "join", "rule", "end", "pause", "resume",
    "deal",
)  # fmt: skip
"""The message types of a night beside the table's (``rebuy`` and ``leave`` are read here too)."""

HOST_ONLY = frozenset({"add_bot", "remove_bot", "start", "cancel", "rule", "end", "pause", "resume", "deal"})
"""What only the host may send."""


@dataclass(frozen=True, slots=True)
class NightCommand:
    """One night message: ``kind`` (:data:`KINDS`, ``rebuy`` or ``leave``) and its fields."""

    kind: str
    chips: int | None = None
    player: str | None = None
    key: str | None = None
    value: object = None
    now: bool = False
    count: int = 1


def _int(msg: dict[str, Any], key: str, *, required: bool, minimum: int = 1) -> int | None:
    value = msg.get(key)
    if value is None and not required:
        return None
    if not whole_number(value) or value < minimum:
        raise ProtocolError("bad_field", f"{key!r} must be a whole number, {minimum} or more, not {value!r}")
    return int(value)


def _name(msg: dict[str, Any], key: str, *, required: bool) -> str | None:
    value = msg.get(key)
    if value is None and not required:
        return None
    if not isinstance(value, str) or not 1 <= len(value.strip()) <= 40:
        raise ProtocolError("bad_field", f"{key!r} must be a player's name, not {value!r}")
    return value.strip()


def _night(kind: str, msg: dict[str, Any]) -> NightCommand:
    if kind in ("take_seat", "stand_up", "start", "cancel", "pause", "resume", "deal"):
        return NightCommand(kind)
    if kind == "add_bot":
        return NightCommand(kind, count=_int(msg, "count", required=False) or 1)
    if kind == "remove_bot":
        return NightCommand(kind, player=_name(msg, "name", required=True))
    if kind == "join":
        return NightCommand(kind, chips=_int(msg, "chips", required=False))
    if kind == "rebuy":
        return NightCommand(kind, chips=_int(msg, "amount", required=True), player=_name(msg, "player", required=False))
    if kind == "leave":
        return NightCommand(kind, player=_name(msg, "player", required=False))
    if kind == "rule":
        key = msg.get("key")
        if not isinstance(key, str) or not 1 <= len(key) <= 60:
            raise ProtocolError("bad_field", f"'key' must name a house rule, not {key!r}")
        if "value" not in msg:
            raise ProtocolError("bad_field", "'value' is missing: the rule's new value")
        return NightCommand(kind, key=key, value=msg["value"])
    if kind == "end":
        now = msg.get("now", False)
        if not isinstance(now, bool):
            raise ProtocolError("bad_field", f"'now' must be true or false, not {now!r}")
        return NightCommand(kind, now=now)
    raise AssertionError(kind)


def parse(text: str | bytes) -> NightCommand | Command:
    """The command in one message to a night's socket: a :class:`NightCommand` for the night's types (and
    ``rebuy``, ``leave``), else the table's (:func:`pokerroom.server.protocol.parse`).  Raises
    :class:`ProtocolError`."""
    if len(text) > MAX_MESSAGE:
        return protocol.parse(text)  # the table's refusal
    try:
        msg = json.loads(text)
    except (ValueError, UnicodeDecodeError, RecursionError):
        return protocol.parse(text)
    kind = msg.get("type") if isinstance(msg, dict) else None
    if not isinstance(msg, dict) or not isinstance(kind, str) or kind not in (*KINDS, "rebuy", "leave"):
        try:
            return protocol.parse(text)
        except ProtocolError as err:
            if err.code == "unknown_type":
                types = [*protocol._PARSERS, *KINDS]
                raise ProtocolError(
                    "unknown_type", f"unknown message type {kind!r}; the types are: {', '.join(types)}", allowed=types
                ) from None
            raise
    if type(msg.get("v")) is not int or msg.get("v") != VERSION:
        raise ProtocolError("version", f"this server speaks protocol v={VERSION}; the message has v={msg.get('v')!r}")
    return _night(kind, msg)
