"""The read-only records the store hands out: :class:`HandInfo`, :class:`RakeRow`, :class:`HistoryRow` and
:class:`Lease`."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

__all__ = ["HandInfo", "HistoryRow", "Lease", "RakeRow"]


@dataclass(frozen=True)
class HandInfo:
    """A hand as stored: its ``id``, ``table`` id, ``number`` at that table, ``setup`` (the JSON given to
    ``begin_hand``), ``status`` (a :class:`~pokerroom.room.record.Status`: ``"incomplete"``, ``"complete"`` or
    ``"voided"``) and, once ended, its ``record`` (the hand history JSON; None while the hand is played; a void
    hand keeps the record of what was dealt and acted before the void)."""

    id: int
    table: int
    number: int
    setup: dict[str, object]
    status: str
    record: dict[str, object] | None = None


@dataclass(frozen=True)
class RakeRow:
    """One line of the rake report: the ``table`` id and ``name`` when grouped by table, or ``table`` None and
    ``name`` the UTC day (ISO ``YYYY-MM-DD``) when grouped by day; ``hands`` raked and ``rake`` in chips."""

    table: int | None
    name: str
    hands: int
    rake: int


@dataclass(frozen=True)
class HistoryRow:
    """One posting on a player's account or one of their table stacks, oldest first.

    ``time`` (UTC, aware), ``kind`` of the transaction (``deposit``, ``withdrawal``, ``buy_in``, ``cash_out``,
    ``settle``, ``void``), ``table`` and ``hand`` ids (None where the transaction has none), ``key`` (the ledger
    key: ``account:ID`` or ``stack:TABLE:ID``), ``amount`` (chips, + in / - out), ``balance`` (of that key after
    this posting), ``holdings`` (the account plus all the player's stacks after it), ``memo`` and
    ``transaction`` id."""

    time: datetime
    kind: str
    table: int | None
    hand: int | None
    key: str
    amount: int
    balance: int
    holdings: int
    memo: str
    transaction: int


@dataclass(frozen=True)
class Lease:
    """Who plays ``table`` (see :mod:`pokerroom.store.leases`): the runner's ``owner`` token, the ``host`` and
    ``pid`` of its process, and its last ``heartbeat`` (UTC, aware, from the store's clock)."""

    table: int
    owner: str
    host: str
    pid: int
    heartbeat: datetime
