"""The room's table (pokerroom.room.table): buy-ins, rebuys and top-ups between hands, the club's rebuy cap and table
stakes (RULES §3.3, G1-G3).  All time is virtual (VirtualClock); every figure is exact.  Shared helpers:
tests/tabletools.py."""

from __future__ import annotations

from typing import Any

import pytest

from pokerroom.engine import ScriptedCards
from pokerroom.errors import RoomError
from pokerroom.room.stakes import BuyIn
from pokerroom.room.table import RoomEvent
from tabletools import (
    B,
    C,
    F,
    R,
    check_down,
    dealt,
    fold_around,
    kinds,
    new_table,
    play,
)

# ------------------------------------------------------------------------------------------ rebuys and table stakes


def test_3_3_chips_are_added_only_between_hands() -> None:
    t = new_table("holdem", players=(0, 1, 2), blinds=(5, 10), seats=3, stack=500)
    t.start_hand(seed=1)
    play(t, (0, F))
    for name in ("p0", "p1"):  # p0 has folded but was dealt in; p1 holds cards
        with pytest.raises(RoomError, match="only between hands"):
            t.add_chips(name, 100)
    assert t.stacks() == {"p0": 500, "p1": 500, "p2": 500} and t.total_chips() == 1500
    assert t.hand is not None and t.hand.stacks == [500, 495, 490]
    fold_around(t)
    t.add_chips("p0", 100)
    assert t.stacks() == {"p0": 600, "p1": 495, "p2": 505}
    assert t.events[-1] == RoomEvent("rebuy", 0, "p0", 100)


def test_a_g2_6_club_rebuy_cap_x_is_m_over_s() -> None:
    t = new_table("club-holdem", seats=4)
    t.sit(0, "a", 700)
    t.sit(1, "b", 300)
    t.sit(2, "c", 500)
    # M = 1500, S = 3: X = 500
    assert t.max_rebuy("b") == 200 and t.max_rebuy("a") == 0 and t.max_rebuy("c") == 0
    with pytest.raises(RoomError, match="may add at most 200 chips"):
        t.add_chips("b", 201)
    with pytest.raises(RoomError, match="may add at most 0 chips"):
        t.add_chips("c", 1)
    assert t.stacks() == {"a": 700, "b": 300, "c": 500}
    t.add_chips("b", 200)
    assert t.stacks() == {"a": 700, "b": 500, "c": 500}
    # a newcomer's buy-in: the same cap with M and S before he joins (1700 / 3 = 566)
    with pytest.raises(RoomError, match="at most 566 chips"):
        t.sit(3, "d", 567)
    assert t.seats[3] is None
    t.sit(3, "d", 566)
    assert t.stacks()["d"] == 566


def test_g1_no_limit_lowball_rebuys_only_with_an_empty_stack() -> None:
    t = new_table("club-lowball", players=(0, 1), stack=500, limit="no", rebuy_only_busted=True)
    with pytest.raises(RoomError, match="still has 500 chips: in no-limit play a rebuy needs an empty stack"):
        t.add_chips("p0", 100)
    hole = {0: "2c3d4h5s7c", 1: "KcKdKhQsJc"}
    t.start_hand(cards=ScriptedCards(hole))
    play(t, (1, B(497)), (0, C))
    check_down(t)
    assert t.stacks() == {"p0": 1000, "p1": 0}
    t.add_chips("p1", 500)
    assert t.stacks() == {"p0": 1000, "p1": 500}


def test_3_3_no_limit_table_maximum() -> None:
    t = new_table("holdem", players=(0, 1), blinds=(5, 10), seats=2, stack=900)
    assert t.buy_in == BuyIn(200, 1000) and t.max_rebuy("p0") == 100
    with pytest.raises(RoomError, match="may add at most 100 chips"):
        t.add_chips("p0", 101)
    t.add_chips("p0", 100)
    assert t.max_rebuy("p0") == 0 and t.stacks() == {"p0": 1000, "p1": 900}


def test_3_3_fixed_limit_table_has_no_maximum() -> None:
    t = new_table("holdem", players=(0, 1), blinds=(100, 200), limit="fixed", seats=2, stack=2000, real_money=True)
    assert t.buy_in == BuyIn(2000, None) and t.max_rebuy("p0") is None  # €2/€4: €20 minimum (GR-19)
    t.add_chips("p0", 1_000_000)
    assert t.stacks()["p0"] == 1_002_000


def test_a_g3_4_a6_player_below_13_chips_is_not_dealt_in_until_topped_up() -> None:
    t = new_table("a6-lowball", players=(0, 1), stack=20, seats=3)
    with pytest.raises(RoomError, match="the table allows 13 chips or more"):
        t.sit(2, "p2", 12)
    t.sit(2, "p2", 13)
    hole = {0: "6c4h3s2dAc", 1: "KcQdJh9s8c", 2: "KdQhJs9c8d"}
    t.start_hand(cards=ScriptedCards(hole))
    result = check_down(t)
    assert result.payouts == (3, 0, 0) and t.stacks() == {"p0": 22, "p1": 19, "p2": 12}
    mark = len(t.events)
    t.start_hand(seed=2)
    assert dealt(t) == (0, 1)
    assert kinds(t, mark) == [("sit_out", 2, 12, "fewer than 13 chips before the deal")]
    check_down(t)
    t.add_chips("p2", 1)
    t.start_hand(seed=3)
    assert dealt(t) == (0, 1, 2)
    assert t.hand is not None and t.hand.pot_total == 3  # ante 1 each


# ------------------------------------------------------------------------------------ regressions: chips (§3.3, G2)


def test_3_3_top_up_must_reach_the_table_minimum() -> None:
    t = new_table("holdem", players=(), blinds=(5, 10), seats=3)
    t.sit(0, "a", 200)
    t.sit(1, "b", 1000)
    t.start_hand(cards=ScriptedCards({0: "2c3d", 1: "AsAh"}, "AdAcKd9c8h"))
    play(t, (0, R(195)), (1, C))
    check_down(t)
    assert t.stacks() == {"a": 5, "b": 1195} and t.buy_in == BuyIn(200, 1000)
    mark = len(t.events)
    with pytest.raises(RoomError, match="a has 5 chips and the table minimum is 200: add at least 195 chips, not 1"):
        t.add_chips("a", 1)
    with pytest.raises(RoomError, match="add at least 195 chips, not 194"):
        t.add_chips("a", 194)
    assert t.stacks() == {"a": 5, "b": 1195} and len(t.events) == mark
    t.add_chips("a", 195)
    assert t.stacks() == {"a": 200, "b": 1195}


def test_3_3_no_chips_are_added_at_the_table_while_a_hand_is_played() -> None:
    t = new_table("holdem", players=(0, 1, 2), blinds=(5, 10), seats=4, stack=500)
    t.sit_out("p2")  # seated, not dealt in
    t.start_hand(seed=1)
    with pytest.raises(RoomError, match="p2 may add chips when the hand being played ends"):
        t.add_chips("p2", 100)
    t.sit(3, "p3", 500)  # sitting down is allowed: the newcomer's chips are not in the hand
    with pytest.raises(RoomError, match="only between hands"):
        t.add_chips("p3", 100)
    assert t.stacks() == {"p0": 500, "p1": 500, "p2": 500, "p3": 500}
    fold_around(t)
    t.add_chips("p2", 100)
    assert t.stacks()["p2"] == 600


def test_club_rebuy_cap_uses_the_stacks_after_the_hand() -> None:
    t = new_table("club-holdem", players=range(3), seats=4, stack=500)
    t.sit_out("p2")
    t.start_hand(seed=1)
    with pytest.raises(RoomError, match="only between hands"):
        t.add_chips("p2", 1)  # X = M/S would count stacks the hand is still changing
    fold_around(t)
    assert t.stacks() == {"p0": 495, "p1": 505, "p2": 500}


@pytest.mark.parametrize(
    ("name", "chips", "message"),
    [
        ("a", "5", r"'a' is not seated"),
        ("p0", "5", r"a rebuy must be a positive number of chips \(a whole number, 1 or more\), not '5'"),
        ("p0", True, r"not True"),
        ("p0", float("nan"), r"not nan"),
        ("p0", 10.0, r"not 10\.0"),
        ("p0", -5, r"not -5"),
        (None, 5, r"a player's name must be a non-empty string, not None"),
    ],
)
def test_3_3_add_chips_refuses_wrong_types_and_changes_nothing(name: Any, chips: Any, message: str) -> None:
    t = new_table("holdem", players=(0, 1), blinds=(5, 10), seats=4, stack=500)
    before = (t.stacks(), len(t.events))
    with pytest.raises(RoomError, match=message):
        t.add_chips(name, chips)
    assert (t.stacks(), len(t.events)) == before
