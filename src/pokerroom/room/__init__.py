"""The room: tables that run hand after hand (RULES §3.3-§3.11, G1-G3, §5).

* :mod:`~pokerroom.room.table`: :class:`Table` and :class:`TableConfig`: seats, buy-ins and rebuys, the button
  or dealer box, blinds owed by new and returning players, clocks, disconnect protection, rake, carried chips;
* :mod:`~pokerroom.room.decisions`: the one path of an action: accepted or forced, then applied;
* :mod:`~pokerroom.room.record`: the hand record (:class:`HandRecord`), written by every layer above;
* :mod:`~pokerroom.room.settings`: what a table takes from its game and config;
* :mod:`~pokerroom.room.layout`: who is dealt in and who posts what before a hand (:func:`plan_hand`);
* :mod:`~pokerroom.room.rake` and :mod:`~pokerroom.room.stakes`: seed 004's rake tables and buy-in ranges;
* :mod:`~pokerroom.room.clock`: real and virtual clocks, the action timer with its time bank;
* :mod:`~pokerroom.room.night`: the club's game night: seats and dealer by lot, buy-ins, the cash-out sheet.

The room is synchronous and does no I/O; :class:`pokerroom.store.runner.TableRunner` plays a table through the
store (journal, ledger, crash recovery).
"""

from __future__ import annotations

from pokerroom.room.clock import DRAW_SECONDS, ActionTimer, Clock, SystemClock, VirtualClock
from pokerroom.room.decisions import Cause, Decision
from pokerroom.room.layout import Candidate, Dealer, Layout, NewPlayerRule, plan_hand
from pokerroom.room.night import CashOut, Night, NightConfig
from pokerroom.room.rake import RakeSchedule, TableRake, schedule_for, split_rake
from pokerroom.room.record import Deck, HandRecord, PotResult, Result, SeatRecord, Setup, Status, record_of
from pokerroom.room.stakes import BuyIn
from pokerroom.room.table import RoomEvent, SeatState, Table, TableConfig

__all__ = [
    "DRAW_SECONDS",
    "ActionTimer",
    "BuyIn",
    "Candidate",
    "CashOut",
    "Cause",
    "Clock",
    "Dealer",
    "Decision",
    "Deck",
    "HandRecord",
    "Layout",
    "NewPlayerRule",
    "Night",
    "NightConfig",
    "PotResult",
    "RakeSchedule",
    "Result",
    "RoomEvent",
    "SeatRecord",
    "SeatState",
    "Setup",
    "Status",
    "SystemClock",
    "Table",
    "TableConfig",
    "TableRake",
    "VirtualClock",
    "plan_hand",
    "record_of",
    "schedule_for",
    "split_rake",
]
