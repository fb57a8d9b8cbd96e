"""The room: tables that run hand after hand (RULES §3.3-§3.11, G1-G3, §5).

* :mod:`~pokerroom.room.table`: :class:`Table` and :class:`TableConfig`: seats, buy-ins and rebuys, the button
  or dealer box, blinds owed by new and returning players, clocks, disconnect protection, rake, carried chips;
* :mod:`~pokerroom.room.layout`: who is dealt in and who posts what before a hand (:func:`plan_hand`);
* :mod:`~pokerroom.room.rake` and :mod:`~pokerroom.room.stakes`: seed 004's rake tables and buy-in ranges;
* :mod:`~pokerroom.room.clock`: real and virtual clocks, the action timer with its time bank;
* :mod:`~pokerroom.room.night`: the club's game night: seats and dealer by lot, buy-ins, the cash-out sheet.

The room is synchronous and does no I/O; :class:`pokerroom.store.runner.TableRunner` plays a table through the
store (journal, ledger, crash recovery).
"""

from __future__ import annotations

from pokerroom.room.clock import DRAW_SECONDS, ActionTimer, Clock, SystemClock, VirtualClock
from pokerroom.room.layout import Candidate, Dealer, Layout, NewPlayerRule, plan_hand
from pokerroom.room.night import CashOut, Night, NightConfig
from pokerroom.room.rake import RakeSchedule, TableRake, schedule_for, split_rake
from pokerroom.room.stakes import BuyIn
from pokerroom.room.table import HandResult, RoomEvent, SeatState, Table, TableConfig

__all__ = [
    "DRAW_SECONDS",
    "ActionTimer",
    "BuyIn",
    "Candidate",
    "CashOut",
    "Clock",
    "Dealer",
    "HandResult",
    "Layout",
    "NewPlayerRule",
    "Night",
    "NightConfig",
    "RakeSchedule",
    "RoomEvent",
    "SeatState",
    "SystemClock",
    "Table",
    "TableConfig",
    "TableRake",
    "VirtualClock",
    "plan_hand",
    "schedule_for",
    "split_rake",
]
