"""The room's table (pokerroom.room.table): a hand voided after a server crash is refunded and dealt again (RULES §7.6
GR-17).  All time is virtual (VirtualClock); every figure is exact.  Shared helpers: tests/tabletools.py."""

from __future__ import annotations

import pytest

from pokerroom.errors import RoomError
from pokerroom.room.clock import VirtualClock
from tabletools import (
    C,
    R,
    bets,
    dead,
    fold_around,
    new_table,
    play,
    positions,
    t07_table,
)

# --------------------------------------------------------------------------------------------- server crash (GR-17)


def test_gr_17_void_hand_refunds_and_the_hand_is_dealt_again() -> None:
    clock = VirtualClock()
    t = new_table("holdem", players=(0, 1, 2, 3), blinds=(5, 10), seats=5, clock=clock)
    t.start_hand(seed=1)
    fold_around(t)
    t.sit(4, "p4", 1000)
    before = t.stacks()
    t.start_hand(seed=2)
    assert positions(t) == (1, 2, 3, 4) and bets(t) == {2: 5, 3: 10, 4: 10}
    play(t, (4, R(30)), (0, C), (1, C))
    clock.advance(5.0)
    result = t.void_hand()
    assert result.voided and result.rake == 0
    assert result.contributions == result.payouts
    assert dict(zip([n for _, n in result.players], result.contributions, strict=True)) == {
        "p0": 30,
        "p1": 30,
        "p2": 5,
        "p3": 10,
        "p4": 30,
    }
    assert t.stacks() == before and t.hand is None and t.to_act is None
    t.start_hand(seed=3)  # the same positions again, and the newcomer posts again
    assert positions(t) == (1, 2, 3, 4) and bets(t) == {2: 5, 3: 10, 4: 10}


def test_gr_17_void_hand_keeps_the_debts_it_cancelled() -> None:
    t = t07_table(1)
    t.start_hand(seed=1)
    fold_around(t)
    t.sit_out("p5")
    t.start_hand(seed=2)
    fold_around(t)
    t.come_back("p5")
    t.start_hand(seed=3)
    assert dead(t) == {4: 5}
    t.void_hand()
    assert t.seats[4] is not None and t.seats[4].owes_small
    t.start_hand(seed=4)
    assert positions(t) == (0, 1, 2, 3) and dead(t) == {4: 5}
    fold_around(t)
    with pytest.raises(RoomError, match="no hand is being played"):
        t.void_hand()


def test_gr_17_a_voided_hand_keeps_its_number() -> None:
    t = new_table("holdem", players=range(3), blinds=(5, 10), seats=3)
    t.start_hand(seed=1)
    fold_around(t)
    t.start_hand(seed=2)
    assert t.void_hand().number == 2 and t.hand_number == 2
    t.start_hand(seed=3)
    assert t.hand_number == 3 and positions(t) == (1, 2, 0, 1)  # the voided hand's positions again
    assert fold_around(t).number == 3
