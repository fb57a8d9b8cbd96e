"""Events: the frozen record of everything that happened in a hand (the only input of formats and ledger).

Each event has a ``type`` (one of :class:`EventType`), the ``seat`` concerned (or ``None``), an ``amount`` in
chips where one applies (``POST_*``, ``CALL``, ``BET``/``RAISE`` give the chips added and ``to`` the round
total; ``RESHUFFLE`` the number of cards shuffled into the stub, RULES §2.5), ``cards`` where cards move or show,
and ``text`` for names (hand names, blind kinds).  A ``POT`` event names the ``eligible`` seats and the ``winners``
with their chips, and for a contested pot of a game with more than one share (high and low) the ``shares`` as the
showdown paid them (RULES §2.4, §6.3).
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from pokerroom.cards import format_cards

__all__ = ["TIMED_OUT", "Event", "EventType"]


TIMED_OUT = "timed out"
"""The ``text`` of an action the table made for a player whose time ran out (RULES §2.5, §3.7)."""


class EventType(StrEnum):
    POST_ANTE = "post_ante"
    POST_BLIND = "post_blind"
    POST_DEAD = "post_dead"
    DEAL_HOLE = "deal_hole"
    DEAL_UP = "deal_up"
    DEAL_BOARD = "deal_board"
    BRING_IN = "bring_in"
    DRAW = "draw"
    RESHUFFLE = "reshuffle"
    SPLIT = "split"
    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"
    ARTIFICIAL_ALL_IN = "artificial_all_in"
    UNCALLED = "uncalled_bet_returned"
    SHOW = "show"
    MUCK = "muck"
    RAKE = "rake"
    POT = "pot"
    WIN = "win"
    HAND_END = "hand_end"


class Event(NamedTuple):
    """One thing that happened (immutable).  ``winners`` (on ``POT``) lists ``(seat, chips)`` pairs; ``shares`` (on
    a contested ``POT`` of a game with several shares) gives each share that was paid as ``(share name, ((seat,
    chips), ...))``, in the game's share order, a share nobody qualified for left out (no low: the high scoops)."""

    type: EventType
    seat: int | None = None
    amount: int | None = None
    to: int | None = None
    cards: tuple[int, ...] | None = None
    text: str | None = None
    all_in: bool = False
    winners: tuple[tuple[int, int], ...] | None = None
    eligible: tuple[int, ...] | None = None
    shares: tuple[tuple[str, tuple[tuple[int, int], ...]], ...] | None = None

    def __str__(self) -> str:
        who = f"seat {self.seat} " if self.seat is not None else ""
        bits = [f"{who}{self.type.value}"]
        if self.to is not None:
            bits.append(f"to {self.to}")
        elif self.amount is not None:
            bits.append(str(self.amount))
        if self.cards is not None:
            bits.append(format_cards(self.cards))
        if self.text:
            bits.append(f"({self.text})")
        if self.winners:
            bits.append(", ".join(f"seat {s} wins {c}" for s, c in self.winners))
        if self.all_in:
            bits.append("all-in")
        return " ".join(bits)
