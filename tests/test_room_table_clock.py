"""The room's table (pokerroom.room.table): the action clock, the time bank and time-outs (RULES §3.7, §2.5).  All time
is virtual (VirtualClock); every figure is exact.  Shared helpers: tests/tabletools.py."""

from __future__ import annotations

import pytest

from pokerroom.cards import parse_cards
from pokerroom.engine import Action, Phase, ScriptedCards
from pokerroom.errors import IllegalAction, RoomError
from pokerroom.room.clock import VirtualClock
from tabletools import (
    B,
    C,
    F,
    K,
    R,
    fl_table,
    kinds,
    new_table,
    play,
)

# ---------------------------------------------------------------------------------------------- clocks (§3.7, §2.5)


def test_a_3_7_2_time_out_with_nothing_to_call_checks_after_the_bank() -> None:
    clock = VirtualClock()
    t = new_table("holdem", players=(0, 1, 2), blinds=(5, 10), seats=3, clock=clock)
    t.start_hand(seed=1)
    play(t, (0, C), (1, C))
    assert t.to_act == 2 and not t.expired()
    clock.advance(20.0)
    assert not t.expired()  # the action time is gone; the 30-second bank now runs
    clock.advance(29.5)
    assert not t.expired()
    clock.advance(0.5)
    assert t.expired()
    mark = len(t.events)
    t.time_out()
    assert kinds(t, mark) == [("timeout", 2, 0, "check")]
    assert t.hand is not None and t.hand.street == 1 and t.timer.bank(2) == 0.0


def test_time_bank_is_charged_for_a_late_action() -> None:
    clock = VirtualClock()
    t = new_table("holdem", players=(0, 1, 2), blinds=(5, 10), seats=3, clock=clock)
    t.start_hand(seed=1)
    clock.advance(32.0)
    play(t, (0, C))
    assert t.timer.bank(0) == 18.0 and t.timer.bank(1) == 30.0
    clock.advance(5.0)
    play(t, (1, C))
    assert t.timer.bank(1) == 30.0
    clock.advance(20.0 + 18.0)
    assert not t.expired()  # seat 2 has a full bank
    clock.advance(12.0)
    assert t.expired()


def test_a_3_7_2_time_out_facing_a_bet_folds_in_no_limit() -> None:
    clock = VirtualClock()
    t = new_table("holdem", players=(0, 1, 2), blinds=(50, 100), seats=3, clock=clock, real_money=True, stack=5000)
    t.start_hand(seed=1)
    play(t, (0, R(300)))
    clock.advance(50.0)
    assert t.to_act == 1 and t.expired()
    t.time_out()
    assert t.hand is not None and t.hand.folded[1] and t.to_act == 2
    assert t.aai_remaining("p1") == 1  # disconnect protection is not offered at no limit


def test_2_5_draw_time_out_stands_pat_and_may_not_bet_or_raise() -> None:
    clock = VirtualClock()
    t = new_table("five-card-draw", players=(0, 1, 2), blinds=(5, 10), seats=3, clock=clock, limit="fixed")
    hole = {0: "2c3d4h5s7c", 1: "KcKdKhQsJc", 2: "9c9d8h8s2d"}
    t.start_hand(cards=ScriptedCards(hole))
    play(t, (0, C), (1, C), (2, K))
    h = t.hand
    assert h is not None and h.phase is Phase.DRAW and t.to_act == 1
    play(t, (1, Action.stand_pat()))
    assert t.to_act == 2
    clock.advance(29.5)
    assert not t.expired()
    clock.advance(0.5)
    assert t.expired()  # 30 seconds to draw, no time bank (RULES §2.5)
    t.time_out()
    assert t.timer.bank(2) == 30.0  # the betting clock's bank was not touched
    assert h.hole[2] == parse_cards("9c9d8h8s2d") and h.discards[2] == []
    play(t, (0, Action.stand_pat()))
    assert t.hand is not None and t.hand.phase is Phase.BETTING and t.to_act == 1
    play(t, (1, B(20)))
    legal = h.legal_actions()
    assert t.to_act == 2 and legal is not None and legal.call == 20 and legal.raise_ is None and legal.fold
    play(t, (2, C), (0, F))
    assert h.is_complete


# ------------------------------------------------------------------------------------ regressions: time-outs (§3.7)


def test_3_7_time_out_is_refused_while_the_player_has_time() -> None:
    clock = VirtualClock()
    t = fl_table(clock)
    t.start_hand(seed=1)
    play(t, (3, R(400)), (0, C), (1, F), (2, R(600)))
    mark = len(t.events)
    with pytest.raises(RoomError, match="seat 3 still has 50 s to act"):
        t.time_out()
    clock.advance(49.5)
    with pytest.raises(RoomError, match=r"seat 3 still has 0\.5 s to act"):
        t.time_out()
    assert t.aai_remaining("p3") == 1 and t.to_act == 3 and len(t.events) == mark
    assert t.hand is not None and t.hand.contributions[3] == 400 and not t.hand.folded[3]
    assert t.run_out_clock() == 1.0 and t.expired()
    t.time_out()
    assert kinds(t, mark)[0] == ("protected", 3, 400, "disconnect protection: all-in")


def test_3_7_run_out_clock_needs_someone_to_act_and_a_virtual_clock() -> None:
    t = new_table("holdem", players=(0, 1), blinds=(5, 10), seats=2)
    with pytest.raises(IllegalAction, match="nobody is to act"):
        t.run_out_clock()
    t.start_hand(seed=1)
    assert t.run_out_clock() == 50.0
    t.time_out()
    assert t.hand is not None and t.hand.is_complete
