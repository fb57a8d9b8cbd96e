"""The room's table (pokerroom.room.table): disconnect protection, the artificial all-in and its allowance of once per
24 hours (RULES §3.7, GR-14..GR-16).  All time is virtual (VirtualClock); every figure is exact.  Shared helpers:
tests/tabletools.py."""

from __future__ import annotations

import pytest

from pokerroom.engine import EventType, ScriptedCards
from pokerroom.room.clock import VirtualClock
from pokerroom.room.table import Table, TableConfig
from tabletools import (
    DAY,
    B,
    C,
    F,
    R,
    check_down,
    fl_table,
    fold_around,
    kinds,
    net,
    play,
    positions,
)

# ----------------------------------------------------------------------- disconnect protection (§3.7, GR-14..GR-16)


def test_gr_14_artificial_all_in_after_four_euros_in() -> None:
    clock = VirtualClock()
    t = fl_table(clock)
    hole = {0: "KsKh", 1: "7c2d", 2: "QsQh", 3: "AsAh"}
    t.start_hand(cards=ScriptedCards(hole, "Ad9c4h3s8c"))
    assert positions(t) == (0, 1, 2, 3)
    play(t, (3, R(400)), (0, C), (1, F), (2, R(600)))
    t.disconnect("p3")
    clock.advance(50.0)
    mark = len(t.events)
    t.time_out()
    assert kinds(t, mark) == [
        ("protected", 3, 400, "disconnect protection: all-in"),
        ("warning", 3, 0, "disconnect protection used up for 24 hours"),
    ]
    assert t.aai_remaining("p3") == 0
    play(t, (0, C))
    h = t.hand
    assert h is not None and h.street == 1
    assert [(p.amount, p.eligible) for p in h.current_pots()] == [(1300, (0, 2, 3)), (400, (0, 2))]
    play(t, (2, B(200)), (0, C))  # later bets: the side pot p3 cannot win
    result = check_down(t)
    pots = [(e.amount, e.winners) for e in result.events if e.type is EventType.POT]
    # FL €2/€4 (R-FL-2), 4 dealt: €0.50 per full €10 of €21.00 = €1.00, taken from the pots in proportion
    # (61 + 38, the leftover cent from the main pot, A-3.10-4)
    assert result.rake == 100
    assert pots == [(1238, ((3, 1238),)), (762, ((0, 762),))]
    assert net(result) == {"p0": -38, "p1": -100, "p2": -800, "p3": 838}
    assert t.stacks()["p3"] == 5838 and t.total_chips() + result.rake == 20000


def test_gr_16_nothing_in_the_pot_folds_and_keeps_the_allowance() -> None:
    clock = VirtualClock()
    t = fl_table(clock)
    t.start_hand(seed=1)
    clock.advance(50.0)
    assert t.to_act == 3
    t.time_out()
    assert t.hand is not None and t.hand.folded[3] and t.aai_remaining("p3") == 1


@pytest.mark.parametrize("config", [{"limit": "pot"}, {"real_money": False}])
def test_gr_15_pot_limit_or_play_money_folds(config: dict[str, object]) -> None:
    clock = VirtualClock()
    t = fl_table(clock, **config)
    t.start_hand(seed=1)
    play(t, (3, C), (0, C), (1, C), (2, R(400)))
    clock.advance(50.0)
    mark = len(t.events)
    t.time_out()
    assert kinds(t, mark) == [("timeout", 3, 0, "fold")]
    assert t.hand is not None and t.hand.folded[3] and t.aai_remaining("p3") == 1


def test_3_7_allowance_is_once_per_24_hours_with_a_warning() -> None:
    clock = VirtualClock()
    t = fl_table(clock)
    t.start_hand(seed=1)
    assert positions(t) == (0, 1, 2, 3)
    play(t, (3, R(400)), (0, C), (1, F), (2, R(600)))
    clock.advance(50.0)
    mark = len(t.events)
    t.time_out()
    assert [e.kind for e in t.events[mark:]] == ["protected", "warning"]
    fold_around(t)
    clock.advance(3600.0)
    t.start_hand(seed=2)  # p3 is the big blind: 200 in, facing a raise, but the allowance is used
    assert positions(t) == (1, 2, 3, 0)
    play(t, (0, R(400)), (1, F), (2, F))
    clock.advance(50.0)
    mark = len(t.events)
    t.time_out()
    assert kinds(t, mark) == [("timeout", 3, 0, "fold")] and t.record is not None
    assert t.aai_remaining("p3") == 0
    clock.advance(DAY - 3600.0)  # 24 hours after the first protection
    assert t.aai_remaining("p3") == 1
    t.start_hand(seed=3)  # p3 is the small blind: 100 in
    assert positions(t) == (2, 3, 0, 1)
    play(t, (1, R(400)), (2, F))
    clock.advance(50.0)
    mark = len(t.events)
    t.time_out()
    assert kinds(t, mark) == [
        ("protected", 3, 100, "disconnect protection: all-in"),
        ("warning", 3, 0, "disconnect protection used up for 24 hours"),
    ]


def test_3_7_leaving_does_not_renew_the_allowance() -> None:
    clock = VirtualClock()
    t = fl_table(clock)
    t.start_hand(seed=1)
    play(t, (3, R(400)), (0, C), (1, F), (2, R(600)))
    clock.advance(50.0)
    t.time_out()
    fold_around(t)
    t.stand("p3")
    t.sit(3, "p3", 5000)
    assert t.aai_remaining("p3") == 0
    clock.advance(DAY)
    assert t.aai_remaining("p3") == 1


def test_3_7_allowance_counts_per_player_across_the_room_tables() -> None:
    clock = VirtualClock()
    shared: dict[str, list[float]] = {}
    config = TableConfig("holdem", blinds=(100, 200), limit="fixed", real_money=True, seats=4)
    one = Table(config, clock=clock, protections=shared)
    two = Table(config, clock=clock, protections=shared)
    for t in (one, two):
        for seat in range(4):
            t.sit(seat, f"p{seat}", 5000)
    one.start_hand(seed=1)
    play(one, (3, R(400)), (0, C), (1, F), (2, R(600)))
    clock.advance(50.0)
    one.time_out()
    assert shared["p3"] == [50.0] and one.aai_remaining("p3") == 0
    two.start_hand(seed=1)
    play(two, (3, R(400)), (0, C), (1, F), (2, R(600)))
    clock.advance(50.0)
    mark = len(two.events)
    two.time_out()  # the allowance was used at the other table an instant ago
    assert kinds(two, mark) == [("timeout", 3, 0, "fold")]
    assert two.hand is not None and two.hand.folded[3] and two.aai_remaining("p3") == 0
