"""A hand in progress as the store keeps it: its set-up (:func:`~pokerroom.room.record_json.setup_json`) and the
journal of the table's decisions (:func:`~pokerroom.room.decisions.decision_json`, table seats), each committed
before it was applied (RULES §3.8).  :func:`replay_journal` deals the hand again and applies the journal;
:func:`journal_record` gives its record.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from pokerroom.engine import Action, Hand
from pokerroom.errors import RecordError
from pokerroom.room.decisions import decision_from_json
from pokerroom.room.record import HandRecord, Setup, Status, replay
from pokerroom.room.record_json import setup_from_json

__all__ = ["journal_record", "replay_journal", "replay_setup"]


def replay_journal(setup: Mapping[str, Any], entries: Iterable[Mapping[str, Any]], *, rake: bool = True) -> Hand:
    """The hand of a stored ``setup`` (:func:`~pokerroom.room.record_json.setup_json`) dealt again from its deck
    seed, with the journal ``entries`` (:func:`~pokerroom.room.decisions.decision_json`, table seats) applied in
    order; ``rake=False`` deals it without the rake (a crash refunds contributions).  Raises
    :class:`~pokerroom.errors.RecordError` for an entry that cannot be read and the engine's errors for one that
    is not legal there: a journal that does not belong to this set-up."""
    return replay_setup(setup_from_json(setup), entries, rake=rake)


def replay_setup(setup: Setup, entries: Iterable[Mapping[str, Any]], *, rake: bool = True) -> Hand:
    """:func:`replay_journal` with the set-up already read."""
    engine_seat = {s.seat: k for k, s in enumerate(setup.seats)}

    def actions() -> Iterator[tuple[int, Action | None]]:
        for entry in entries:
            decision = decision_from_json(entry)
            if decision.seat not in engine_seat:
                raise RecordError(
                    f"a journal entry names table seat {decision.seat}, not dealt in (seats {list(engine_seat)})",
                    field="seat",
                )
            yield engine_seat[decision.seat], decision.action

    return replay(setup, actions(), rake=rake)


def journal_record(setup: Mapping[str, Any], entries: Iterable[Mapping[str, Any]]) -> HandRecord:
    """The record of a hand still in progress in the store (its set-up and journal): ``incomplete``, with every
    event up to the last journaled action.  See :func:`replay_journal` for the errors."""
    parsed = setup_from_json(setup)
    hand = replay_setup(parsed, entries)
    return HandRecord(parsed, tuple(hand.events), Status.INCOMPLETE)
