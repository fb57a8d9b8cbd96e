"""The room's table (pokerroom.room.table): buy-ins, rebuys and top-ups between hands, the club's rebuy cap and table
stakes (RULES §3.3, G1-G3).  All time is virtual (VirtualClock); every figure is exact.  Shared helpers:
tests/tabletools.py."""

from __future__ import annotations

import random
from typing import Any

import pytest

from pokerroom.engine import Action, ScriptedCards
from pokerroom.errors import RoomError
from pokerroom.games import Limit, find
from pokerroom.room.night import Night, NightConfig
from pokerroom.room.stakes import BuyIn
from pokerroom.room.table import RoomEvent
from tabletools import (
    B,
    C,
    F,
    K,
    R,
    check_down,
    dealt,
    fold_around,
    kinds,
    new_table,
    play,
)

PAT = Action.stand_pat()

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
    # a newcomer's buy-in: the same cap with M and S before he joins, and before b's rebuy in the same break
    # (1500 / 3 = 500, not 1700 / 3 = 566: one player's rebuy does not raise another's cap, A-G2-6)
    with pytest.raises(RoomError, match="d may buy in for at most 500 chips now: X = M / S = 1500 / 3 = 500 chips"):
        t.sit(3, "d", 501)
    assert t.seats[3] is None
    t.sit(3, "d", 500)
    assert t.stacks()["d"] == 500


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


def test_g1_no_limit_lowball_rebuy_rule_is_the_games_own_and_max_rebuy_tells_it() -> None:
    # RULES G1, §5.1 #7: at no limit a rebuy waits until all the player's chips are gone.  The config names
    # nothing (rebuy_only_busted=None): the game's house rule decides, and max_rebuy answers as add_chips does.
    t = new_table("club-lowball", players=(0, 1), stack=500, limit="no")
    assert t.limit is Limit.NO and t.rebuy_only_busted and t.buy_in == BuyIn(1, None)
    assert t.max_rebuy("p0") == 0 and t.max_rebuy("p1") == 0
    for amount in (1, 100):
        with pytest.raises(RoomError, match="p0 still has 500 chips: in no-limit play a rebuy needs an empty stack"):
            t.add_chips("p0", amount)
    hole = {0: "2c3d4h5s7c", 1: "KcKdKhQsJc"}
    t.start_hand(cards=ScriptedCards(hole))
    assert t.max_rebuy("p0") == 0 and t.max_rebuy("p1") == 0  # a hand is being played
    assert t.to_act == 1  # left of the dealer (seat 0)
    play(t, (1, B(497)), (0, C))  # antes of 3, then all in
    check_down(t)
    assert t.stacks() == {"p0": 1000, "p1": 0}
    assert t.max_rebuy("p1") is None and t.max_rebuy("p0") == 0  # busted: no limit; still holding chips: none
    t.add_chips("p1", 500)
    assert t.stacks() == {"p0": 1000, "p1": 500} and t.max_rebuy("p1") == 0
    assert t.events[-1] == RoomEvent("rebuy", 1, "p1", 500)


def test_g1_limit_lowball_tops_up_any_time_between_hands() -> None:
    # The spread-limit game (the default) and a no-limit table whose config turns the rule off: top-ups are free.
    for t in (
        new_table("club-lowball", players=(0, 1), stack=500),
        new_table("club-lowball", players=(0, 1), stack=500, limit="no", rebuy_only_busted=False),
    ):
        assert not t.rebuy_only_busted and t.max_rebuy("p0") is None
        t.add_chips("p0", 100)
        assert t.stacks() == {"p0": 600, "p1": 500}


def test_g1_the_club_night_books_and_the_table_give_the_same_answer() -> None:
    # One rule (HouseDefaults.rebuy_only_busted) for the table's settings and the night's books.
    lowball = find("club-lowball").house
    assert lowball.rebuy_only_busted(Limit.NO) and not lowball.rebuy_only_busted(Limit.SPREAD)
    night = Night(NightConfig("club-lowball", no_limit=True), ["A", "B"], rng=random.Random(1))
    for name in night.seats:
        night.buy_in(name, 500)
    with pytest.raises(RoomError, match="in no-limit lowball a rebuy waits until all chips are gone; A has 500"):
        night.rebuy("A", 100, stacks={"A": 500, "B": 500})
    assert night.rebuy("A", 100, stacks={"A": 0, "B": 1000}) == 1000  # 100 chips at 10 öre


def test_3_3_max_rebuy_is_0_when_no_amount_the_caps_allow_reaches_the_table_minimum() -> None:
    t = new_table("club-holdem", seats=3, buy_in=BuyIn(300, None))
    for seat, name in enumerate("abc"):
        t.sit(seat, name, 300)
    for seat in (1, 2):
        t.seats[seat].stack = 50  # type: ignore[union-attr]  # as after hands lost
    # M = 400, S = 3: X = 133, so c may add 83 at most and would still be under the minimum of 300
    assert t.max_rebuy("c") == 0 and t.max_rebuy("a") == 0
    with pytest.raises(RoomError, match="c may add at most 83 chips now"):
        t.add_chips("c", 250)
    with pytest.raises(RoomError, match="c has 50 chips and the table minimum is 300: add at least 250 chips, not 83"):
        t.add_chips("c", 83)
    assert t.stacks() == {"a": 300, "b": 50, "c": 50}


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


def test_a_g3_4_a6_stack_falling_below_13_in_play_sits_out_until_topped_up() -> None:
    # RULES G3 min_stack=13, A-G3-4: before every deal each player needs 13 chips (ante 1 + 4 + 8), else tops up or
    # sits out that hand.  p2 loses 4 chips in a hand and falls to 10: not dealt in, the deal passes that seat, and
    # only a top-up to 13 or more brings the player back.
    t = new_table("a6-lowball", players=(0, 1, 2), stack=14, seats=4)
    hole = {0: "6c4h3s2dAc", 1: "KcQdJh9s8c", 2: "KdQhJs9c8d"}
    t.start_hand(cards=ScriptedCards(hole))
    assert dealt(t) == (0, 1, 2) and t.layout is not None and t.layout.button == 0 and t.to_act == 1
    play(t, (1, K), (2, K), (0, B(1)), (1, F), (2, C))
    play(t, (2, PAT), (0, PAT))  # the draw, clockwise from the dealer's left
    play(t, (0, B(2)), (2, C))  # round 2: the opener of round 1 first (A-G3-6)
    assert t.record is not None and t.record.payouts == (9, 0, 0)
    assert t.stacks() == {"p0": 19, "p1": 13, "p2": 10}
    assert t.short(2) and not t.short(1) and t.max_rebuy("p2") is None
    mark = len(t.events)
    t.start_hand(cards=ScriptedCards({0: "KcQdJh9s8c", 1: "6c4h3s2dAc"}))
    assert dealt(t) == (0, 1) and t.layout is not None and t.layout.button == 1 and t.to_act == 0
    assert kinds(t, mark) == [("sit_out", 2, 10, "fewer than 13 chips before the deal")]
    assert t.hand is not None and t.hand.pot_total == 2 and t.stacks()["p2"] == 10
    check_down(t)
    assert t.stacks() == {"p0": 18, "p1": 14, "p2": 10}
    with pytest.raises(RoomError, match="p2 has 10 chips and the table minimum is 13: add at least 3 chips, not 2"):
        t.add_chips("p2", 2)
    assert t.stacks()["p2"] == 10 and t.short(2)
    t.add_chips("p2", 3)
    assert not t.short(2) and t.stacks()["p2"] == 13
    t.start_hand(seed=5)
    assert dealt(t) == (0, 1, 2) and t.layout is not None and t.layout.button == 2
    assert t.hand is not None and t.hand.pot_total == 3 and t.hand.stacks == [17, 13, 12]  # ante 1 each


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
