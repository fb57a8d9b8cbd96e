"""What each table connection was last sent, and the ``delta`` message that brings it up to date (protocol v4).

A connection gets a full ``state`` on connect and on ``resync``; after that, on each change, a ``delta``
(docs/protocol.md, "Changes in version 4")::

    {"v": 4, "type": "delta", "seq": N, "set": {...}, "hand_set": {...}, "events": [...]}

``set`` holds the top-level keys of the state whose value changed (replaced whole; ``hand`` whole when another
hand is shown, or none), ``hand_set`` the keys of ``state.hand`` that changed, ``events`` the hand's events
added since.  A hand event already sent that reads differently now (a seat showed its down cards, which the
view's earlier deal events then name) comes as ``hand_set.events``, the list whole.  ``seq`` counts the messages
since the connection's last ``state`` (the first delta is 1).

The cost is the point (issue 25): a broadcast is one :class:`Frame` (the shared part, each value encoded only
when it differs from the last frame's) and one :class:`ViewFrame` per hand view (engine seat), whose events are
encoded once each for the hand's life; the delta of every connection that was sent the previous frame is then
put together from text already made.  A connection this module has no record of, or whose record is not of the
previous frame, gets a full ``state`` instead.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any

from pokerroom.engine.codec import event_json
from pokerroom.server.protocol import VERSION, encode

__all__ = ["Deltas", "Frame", "ViewFrame"]

_FIXED = ("v", "type")
"""Keys of a state that never change: not compared, not sent in a delta."""


def _members(texts: dict[str, str], keys: Sequence[str]) -> str:
    """The JSON object members ``"key":text`` of ``keys`` (texts already encoded), comma separated."""
    return ",".join(f'"{k}":{texts[k]}' for k in keys)  # the keys are plain names: no escaping


def _diff(
    values: dict[str, Any],
    last: dict[str, Any],
    last_texts: dict[str, str],
    known: dict[str, tuple[Any, str]] | None = None,
) -> tuple[dict[str, str], list[str]]:
    """Encode ``values`` key by key, reusing the text of a value equal to ``last``'s (or to ``known``'s value of
    that key: ``known`` is updated with each value encoded); returns the texts and the keys whose value differs
    from ``last`` (all of them when ``last`` is empty)."""
    texts: dict[str, str] = {}
    changed: list[str] = []
    for k, v in values.items():
        if k in last and last[k] == v:
            texts[k] = last_texts[k]
            continue
        changed.append(k)
        if known is None:
            texts[k] = encode(v)
            continue
        seen = known.get(k)
        if seen is not None and seen[0] == v:
            texts[k] = seen[1]
        else:
            text = texts[k] = encode(v)
            known[k] = (v, text)
    return texts, changed


class Frame:
    """One broadcast's shared part of the state: each key's value and text, and the keys changed since the
    previous frame (``number``: the broadcast it belongs to)."""

    def __init__(self, number: int, shared: dict[str, Any], last: Frame | None) -> None:
        self.number = number
        self.values = {k: v for k, v in shared.items() if k not in _FIXED}
        before = last.values if last is not None else {}
        self.texts: dict[str, str]
        self.texts, changed = _diff(self.values, before, last.texts if last is not None else {})
        changed.extend(k for k in before if k not in self.values)  # a key dropped: sent as null
        self.changed = _members({**self.texts, **dict.fromkeys(before.keys() - self.values.keys(), "null")}, changed)
        self.head = f'{{"v":{VERSION},"type":"state",{_members(self.texts, list(self.texts))}'
        """A full state's text up to its personal keys (the object still open)."""


@dataclass
class ViewFrame:
    """One hand view (a hand, an engine seat of it or a spectator) as of one broadcast.  ``key``: which hand
    and whose view (``None``: no hand shown); the rest as :class:`Frame`, with the view's events encoded once
    each over the hand (``epoch`` counts the times an event already sent changed)."""

    key: Hashable
    number: int = -1
    values: dict[str, Any] = field(default_factory=dict)
    texts: dict[str, str] = field(default_factory=dict)
    events: tuple[Any, ...] = ()
    event_texts: list[str] = field(default_factory=list)
    epoch: int = 0
    prev_number: int = -1
    """The broadcast this view was last built at before this one (its connections' records say so too)."""
    prev_events: int = 0
    """How many events the view had then."""
    prev_epoch: int = 0
    delta_members: str = ""
    """``"hand_set":{...},"events":[...]`` of a connection sent the view at :attr:`prev_number`."""
    _full: str | None = "null"

    @property
    def full(self) -> str:
        """The view as a state's ``hand`` value (made when first asked for in a broadcast: few need it)."""
        if self._full is None:
            events = ",".join(self.event_texts)
            self._full = f'{{{_members(self.texts, list(self.texts))},"events":[{events}]}}'
        return self._full

    def clear(self, number: int) -> None:
        """No hand at broadcast ``number``."""
        self.prev_number, self.number, self._full, self.delta_members = self.number, number, "null", ""
        self.values, self.texts, self.events, self.event_texts = {}, {}, (), []

    def update(
        self,
        number: int,
        values: dict[str, Any],
        events: Sequence[Any],
        seat_of: Sequence[int],
        shared: dict[int, tuple[Any, str]],
        shared_values: dict[str, tuple[Any, str]] | None = None,
    ) -> None:
        """Bring the view to broadcast ``number``: ``values`` (the hand's keys but ``events``) and ``events``
        (the engine's events of the view, encoded with table seats ``seat_of``; ``shared``: the texts of the
        events encoded for another view of this broadcast, by ``id``: an event no view redacts is one object;
        ``shared_values``: each key's value and text as another view of this broadcast encoded it, most keys being
        the same in every view)."""
        self.prev_number, self.prev_events, self.prev_epoch = self.number, len(self.event_texts), self.epoch
        self.number = number
        self.texts, changed = _diff(values, self.values, self.texts, shared_values)
        self.values = values
        k = len(self.events)
        if len(events) < k or tuple(events[:k]) != self.events:  # an event sent reads differently now
            self.epoch += 1
            k = 0
            self.event_texts = []
        for e in events[k:]:
            known = shared.get(id(e))
            if known is None or known[0] is not e:
                known = shared[id(e)] = (e, encode(event_json(e, seat_of)))
            self.event_texts.append(known[1])
        self.events = tuple(events)
        self._full = None
        if self.epoch != self.prev_epoch:
            hand_set = (
                _members(self.texts, changed) + ("," if changed else "") + f'"events":[{",".join(self.event_texts)}]'
            )
            self.delta_members = f'"hand_set":{{{hand_set}}},"events":[]'
        else:
            added = ",".join(self.event_texts[self.prev_events :])
            self.delta_members = f'"hand_set":{{{_members(self.texts, changed)}}},"events":[{added}]'


_NO_HAND_DELTA = '"hand_set":{},"events":[]'


@dataclass
class _Sent:
    """What one connection was last sent: the broadcast, its seat's personal keys' texts, the hand view."""

    frame: int
    personal: dict[str, str]
    view: Hashable
    seq: int = 0
    values: dict[str, Any] = field(default_factory=dict)
    """The personal keys' values (a value equal to the last one's is not encoded again)."""


class Deltas:
    """Per connection, what it was last sent; makes each broadcast's message for it (see the module docstring).
    Used by the table's actor alone (one writer)."""

    def __init__(self) -> None:
        self._sent: dict[Any, _Sent] = {}
        self._frame: Frame | None = None
        self._views: dict[Hashable, ViewFrame] = {}
        self._number = 0

    def forget(self, conn: Any) -> None:
        """``conn`` gets a full ``state`` next (a resync, or it is gone)."""
        self._sent.pop(conn, None)

    def reset(self) -> None:
        """Every connection gets a full ``state`` next (another sender may write to them meanwhile)."""
        self._sent.clear()
        self._frame = None
        self._views.clear()

    def frame(self, shared: dict[str, Any]) -> Frame:
        """Start a broadcast with its shared part (``v`` and ``type`` are not compared)."""
        self._number += 1
        self._frame = Frame(self._number, shared, self._frame)
        self._event_texts: dict[int, tuple[Any, str]] = {}
        self._value_texts: dict[str, tuple[Any, str]] = {}
        return self._frame

    def view(
        self, key: Hashable, build: Callable[[], tuple[dict[str, Any], Sequence[Any], Sequence[int]] | None]
    ) -> ViewFrame:
        """The hand view ``key`` of this broadcast, built (``build``: the hand's keys but ``events``, the events,
        the table seat of each engine seat; ``None``: no hand) the first time it is asked for in it."""
        view = self._views.get(key)
        if view is None:
            view = self._views[key] = ViewFrame(key)
        if view.number != self._number:
            parts = build()
            if parts is None:
                view.clear(self._number)
            else:
                view.update(self._number, *parts, self._event_texts, self._value_texts)
        return view

    def end_frame(self, keys: set[Hashable]) -> None:
        """Drop the views no connection holds any more (``keys``: those of this broadcast)."""
        for key in [k for k in self._views if k not in keys]:
            del self._views[key]

    def message(self, conn: Any, view: ViewFrame, personal: dict[str, Any]) -> str | None:
        """``conn``'s message of this broadcast: a full ``state`` (no record of it, or one of another frame), a
        ``delta``, or ``None`` when nothing it holds changed.  ``personal``: its player's own top-level keys."""
        frame = self._frame
        assert frame is not None
        sent = self._sent.get(conn)
        if sent is None or sent.frame != frame.number - 1:
            texts = {k: encode(v) for k, v in personal.items()}
            self._sent[conn] = _Sent(frame.number, texts, view.key, values=personal)
            return f'{frame.head},{_members(texts, list(texts))},"hand":{view.full}}}'
        texts, changed = _diff(personal, sent.values, sent.personal)
        members = [m for m in (frame.changed, _members(texts, changed)) if m]
        if sent.view != view.key or view.prev_number != sent.frame:
            members.append(f'"hand":{view.full}')
            hand = _NO_HAND_DELTA
        else:
            hand = view.delta_members or _NO_HAND_DELTA
        sent.frame, sent.personal, sent.values, sent.view = frame.number, texts, personal, view.key
        if not members and hand == _NO_HAND_DELTA:
            return None
        sent.seq += 1
        return f'{{"v":{VERSION},"type":"delta","seq":{sent.seq},"set":{{{",".join(members)}}},{hand}}}'
