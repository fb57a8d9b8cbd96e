"""One connection's view of its table: the full ``state`` message, kept up to date by ``delta`` messages.

The table protocol (docs/protocol.md) sends each connection a full ``state`` first; a server that sends deltas
then sends ``{"type": "delta", "seq": N, "set": {...}, "hand_set": {...}, "events": [...]}``, numbered per
connection from 1 after each full state.  :func:`apply` is the one place a client merges them, the same way the
page does: ``Object.assign(state, set)``, then ``Object.assign(state.hand, hand_set)`` when the hand is not
null, then the new events appended to ``state.hand.events``.  A delta whose ``seq`` is not the next one (a gap)
is not applied: the client asks for a full state (``{"type": "resync"}``) and ignores deltas until it comes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any

__all__ = ["Applied", "View", "apply"]


class Applied(Enum):
    """What :func:`apply` did with a message."""

    STATE = "state"
    """A full state replaced the view."""
    DELTA = "delta"
    """A delta was merged into the view."""
    RESYNC = "resync"
    """A delta came out of order: nothing applied; send ``{"type": "resync"}`` (once: the view now waits)."""
    IGNORED = "ignored"
    """Not a state message (``welcome``, ``error``, ``pong`` ...), or a delta while a resync is awaited."""


@dataclass
class View:
    """``state``: the table as this connection last knew it (``None`` before the first full state);
    ``next_seq``: the ``seq`` the next delta must carry; ``resyncing``: a full state has been asked for;
    ``resyncs``: how many times one was."""

    state: dict[str, Any] | None = None
    next_seq: int = 1
    resyncing: bool = False
    resyncs: int = 0


def apply(view: View, message: Mapping[str, Any]) -> Applied:
    """Merge one server message into ``view`` (docs/protocol.md, the ``state`` and ``delta`` messages).

    A ``state`` replaces the view and restarts the delta count at 1.  A ``delta`` with the expected ``seq``
    replaces the top-level keys in ``set``, then the hand's keys in ``hand_set`` (when the state has a hand),
    then appends ``events`` to the hand's events.  A delta before any state, or with another ``seq``, is a gap:
    :attr:`Applied.RESYNC` once, then :attr:`Applied.IGNORED` until the next full state.
    """
    kind = message.get("type")
    if kind == "state":
        view.state = dict(message)
        view.next_seq = 1
        view.resyncing = False
        return Applied.STATE
    if kind != "delta" or view.resyncing:
        return Applied.IGNORED
    if view.state is None or message.get("seq") != view.next_seq:
        view.resyncing = True
        view.resyncs += 1
        return Applied.RESYNC
    view.next_seq += 1
    state = view.state
    state.update(message.get("set") or {})
    hand = state.get("hand")
    if hand is not None:
        hand.update(message.get("hand_set") or {})
        events = message.get("events")
        if events:
            hand.setdefault("events", []).extend(events)
    return Applied.DELTA
