"""Decisions: an action the table has accepted for the hand being played, or decided for a player who cannot act
(RULES §2.5, §3.7, A-3.7-2; seed 000 5.3).

Every action reaches the pots through one path (DESIGN: "one path for an action"): a driver (the terminal, a
socket, a simulation, a bot) asks :meth:`Table.accept <pokerroom.room.table.Table.accept>` (the seat mapped, the
action verified once, an out-of-range amount placed at the nearest legal one where the house rule says so) or
:meth:`Table.forced <pokerroom.room.table.Table.forced>` (what a time-out or a player who left does here); both
are pure and return a :class:`Decision`; a store journals it; :meth:`Table.apply
<pokerroom.room.table.Table.apply>` applies it.  :func:`decision_json` is its journal form.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from pokerroom.chips import whole_number
from pokerroom.engine import Action, ActionKind, LegalActions
from pokerroom.engine.codec import action_from_json, action_json, member
from pokerroom.errors import RecordError

__all__ = ["Cause", "Decision", "decision_from_json", "decision_json", "timeout_action"]


class Cause(StrEnum):
    """Why the table applies an action."""

    PLAYER = "player"
    """The player chose it."""
    TIMEOUT = "timeout"
    """The player's time ran out, or their connection did and then their time (RULES §3.7)."""
    LEFT = "left"
    """The player left the table during the hand, or their program failed: check when free, else fold; a draw
    stands pat.  Never disconnect protection (the player gave the hand up)."""


@dataclass(frozen=True, slots=True)
class Decision:
    """What the table will do for table ``seat``: ``action``, or ``None`` for disconnect protection (the player
    stays in as all-in for the chips already in, RULES §3.7); its ``cause``; ``asked``, the amount the player asked
    for when the house rule placed the nearest legal amount instead (seed 000 5.3, settled decision 19).
    ``hand`` (the table's hand number) and ``step`` (the hand's event count) say when it was decided: a decision
    is applied only to the state it was decided on."""

    seat: int
    action: Action | None
    cause: Cause = Cause.PLAYER
    asked: int | None = None
    hand: int = 0
    step: int = 0

    @property
    def protection(self) -> bool:
        """Whether this is disconnect protection."""
        return self.action is None


def timeout_action(legal: LegalActions, cause: Cause) -> Action | None:
    """What the table does for a player who does not act, where the hand alone decides (RULES §2.5, A-3.7-2): a
    draw stands pat, a showdown mucks, a forced bring-in is posted, a free check is taken; after a time-out the
    action is marked ``timed_out`` (the record says so; a draw's player may not bet or raise afterwards).
    ``None``: the player faces a bet, and the table decides between disconnect protection and a fold (§3.7)."""
    timed_out = cause is Cause.TIMEOUT
    if legal.draw is not None:
        return Action.draw((), timed_out=timed_out)
    for allowed, kind in ((legal.show or legal.muck, ActionKind.MUCK), (legal.bring_in is not None,
                          ActionKind.BRING_IN), (legal.check, ActionKind.CHECK)):
        if allowed:
            return Action(kind, timed_out=timed_out)
    return None


def decision_json(decision: Decision) -> dict[str, object]:
    """The journal form: ``{"seat", "cause", "action", ...}`` (the action's fields, :mod:`pokerroom.engine.codec`),
    ``"protection": true`` without an action, ``"asked"`` when an amount was placed."""
    out: dict[str, object] = {"seat": decision.seat, "cause": decision.cause.value}
    if decision.action is None:
        out["protection"] = True
    else:
        out.update(action_json(decision.action))
    if decision.asked is not None:
        out["asked"] = decision.asked
    return out


def decision_from_json(data: Mapping[str, Any]) -> Decision:
    """The inverse of :func:`decision_json` (``hand`` and ``step`` are not journaled: an entry is applied in
    order).  Raises :class:`~pokerroom.errors.RecordError` naming the field."""
    if not isinstance(data, Mapping):
        raise RecordError(f"a journal entry is a JSON object, not {data!r}", field="entry")
    seat = data.get("seat")
    if not whole_number(seat):
        raise RecordError(f"a journal entry needs its table 'seat', a whole number, not {seat!r}", field="seat")
    cause = member(Cause, data, "cause", Cause.PLAYER)
    asked = data.get("asked")
    if asked is not None and (not whole_number(asked)):
        raise RecordError(f"'asked' must be a whole number of chips, not {asked!r}", field="asked")
    if data.get("protection") is True:
        return Decision(seat, None, cause, asked)
    return Decision(seat, action_from_json(data), cause, asked)
