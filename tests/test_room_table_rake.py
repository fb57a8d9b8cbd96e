"""The room's table (pokerroom.room.table): the rake (RULES §3.10, §7.7).  All time is virtual (VirtualClock); every
figure is exact.  Shared helpers: tests/tabletools.py."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from pokerroom.bots import CallingStation
from pokerroom.engine import ScriptedCards
from pokerroom.room.stakes import BuyIn
from pokerroom.room.table import RoomEvent, Table
from tabletools import (
    C,
    F,
    K,
    R,
    balanced,
    check_down,
    net,
    new_table,
    play,
    positions,
)

# ----------------------------------------------------------------------------------------------- rake (§3.10, §7.7)


def _cents_table(players: Sequence[int], stack: int = 5000, **config: object) -> Table:
    cfg: dict[str, Any] = {"blinds": (50, 100), "real_money": True, "seats": max(players) + 1}
    cfg.update(config)
    return new_table("holdem", players=players, stack=stack, **cfg)


def test_rk_1_ten_euro_pot_with_two_dealt_pays_fifty_cents() -> None:
    t = _cents_table((0, 1))
    assert t.buy_in == BuyIn(2000, 10000)
    t.start_hand(cards=ScriptedCards({0: "AsAh", 1: "7c2d"}, "Kd9c4h3s8c"))
    play(t, (0, R(500)), (1, C))
    result = check_down(t)
    assert result.rake == 50 and balanced(result)
    assert t.stacks() == {"p0": 5450, "p1": 4500}
    assert t.events[-1] == RoomEvent("rake", None, None, 50)
    assert t.total_chips() + result.rake == 10000


def test_rk_3_hundred_euro_pot_with_six_dealt_is_capped_at_three_euros() -> None:
    t = _cents_table(range(6), stack=10000)
    hole = {0: "QcQd", 1: "7c2d", 2: "8c3d", 3: "AsAh", 4: "KcKd", 5: "JcJd"}
    t.start_hand(cards=ScriptedCards(hole, "Ad9c4h3s5c"))
    play(t, (3, R(1990)), (4, C), (5, C), (0, C), (1, F), (2, C))
    assert t.hand is not None and t.hand.pot_total == 10000
    result = check_down(t)
    assert result.rake == 300
    assert net(result) == {"p0": -1990, "p1": -50, "p2": -1990, "p3": 7710, "p4": -1990, "p5": -1990}


def test_rk_9_no_flop_no_drop_and_rk_4_small_pot_rule() -> None:
    t = _cents_table((0, 1, 2))
    t.start_hand(cards=ScriptedCards({0: "7c2d", 1: "AsAh", 2: "8c3d"}, "Kd9c4h5s6c"))
    play(t, (0, R(3000)), (1, F), (2, F))
    assert t.record is not None and t.record.rake == 0
    assert t.stacks() == {"p0": 5150, "p1": 4950, "p2": 4900}
    t.start_hand(cards=ScriptedCards({0: "7c2d", 1: "AsAh", 2: "8c3d"}, "Kd9cJhQs3c"))
    assert positions(t) == (1, 2, 0, 1)
    play(t, (1, C), (2, C), (0, K))
    result = check_down(t)
    # a €3.00 pot that saw the flop: below €4.00, €0.01 per full €0.20 = 15 cents
    assert result.rake == 15 and net(result) == {"p0": -100, "p1": 185, "p2": -100}
    assert t.total_chips() + 15 == 15000


def test_rk_10_play_money_and_club_games_are_never_raked() -> None:
    for t in (
        _cents_table((0, 1), real_money=False),
        new_table("club-holdem", players=(0, 1), stack=5000, blinds=(50, 100), real_money=True),
    ):
        t.start_hand(cards=ScriptedCards({0: "AsAh", 1: "7c2d"}, "Kd9c4h3s8c"))
        assert t.to_act == 0  # the first to act before the flop: the button online, the non-dealer at the club
        play(t, (0, R(500)), (1, C))
        result = check_down(t)
        assert result.rake == 0 and sum(t.stacks().values()) == 10000
        assert t.stacks()["p0"] == 5500


@pytest.mark.parametrize("game", ["club-lowball", "club-holdem", "a6-lowball"])
def test_3_10_home_games_are_never_raked(game: str) -> None:
    t = new_table(game, players=range(3), stack=200, real_money=True, seats=3)
    for seed in range(20):
        assert t.play_bots({f"p{s}": CallingStation().act for s in range(3)}, seed=seed).rake == 0
    assert t.total_chips() == 600
