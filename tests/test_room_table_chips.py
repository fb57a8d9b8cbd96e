"""The room's table (pokerroom.room.table): odd chips carried to the next hand (RULES G1, G2), and chips never made or
lost over random room activity.  All time is virtual (VirtualClock); every figure is exact.  Shared helpers:
tests/tabletools.py."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerroom.bots import RandomBot
from pokerroom.engine import Action, ScriptedCards
from pokerroom.errors import RoomError
from pokerroom.room.clock import VirtualClock
from pokerroom.room.layout import Dealer
from pokerroom.room.table import RoomEvent, Table, TableConfig
from tabletools import (
    B,
    C,
    F,
    K,
    balanced,
    check_down,
    new_table,
    play,
    positions,
)

# ------------------------------------------------------------------------------------------- carried chips (G1, G2)


def test_g1_odd_chips_are_carried_and_paid_on_the_last_hand() -> None:
    t = new_table("club-lowball", players=(0, 1, 2), stack=100)
    tie = {0: "KcQdJh9s8c", 1: "9c8d6h4s2c", 2: "9d8h6s4c2d"}
    t.start_hand(cards=ScriptedCards(tie))
    assert t.layout is not None and t.layout.button == 0
    result = check_down(t)
    # antes 9: 4 + 4, one chip stays in the pot
    assert t.carried == 1 and result.carried_out == 1 and balanced(result)
    assert t.stacks() == {"p0": 97, "p1": 101, "p2": 101} and t.total_chips() == 300
    assert t.events[-1] == RoomEvent("carried", None, None, 1, "odd chips carried to the next hand")
    t.last_hand = True
    tie2 = {0: "9c8d6h4s2c", 1: "KcQdJh9s8c", 2: "9d8h6s4c2d"}
    t.start_hand(cards=ScriptedCards(tie2))
    assert t.layout is not None and t.layout.button == 1 and t.carried == 0
    assert t.hand is not None and t.hand.pot_total == 10  # 9 antes and the carried chip
    play(t, (2, K), (0, K), (1, K))
    for seat in (2, 0, 1):
        play(t, (seat, Action.stand_pat()))
    play(t, (2, B(1)), (0, C), (1, C))
    last = t.record
    assert last is not None and last.carried_in == 1 and last.carried_out == 0 and balanced(last)
    # 13 chips: 6 each and the odd chip to the first tied winner clockwise from the dealer (seat 2, A-G1-7)
    assert last.payouts == (6, 0, 7)
    assert t.stacks() == {"p0": 99, "p1": 97, "p2": 104} and t.carried == 0 and t.total_chips() == 300


def test_g2_club_holdem_carries_odd_chips_into_the_next_pot() -> None:
    t = new_table("club-holdem", players=(0, 1, 2), stack=100)
    board = "AsKsQdJcTh"  # a straight on the board: every player still in ties
    t.start_hand(cards=ScriptedCards({0: "2c3d", 1: "7h8h", 2: "2d3c"}, board))
    assert positions(t) == (0, 1, 2, 0)
    play(t, (0, C), (1, F), (2, K))
    result = check_down(t)
    assert result.payouts == (12, 0, 12) and result.carried_out == 1 and balanced(result)  # 25: 12 + 12, 1 stays
    assert t.stacks() == {"p0": 102, "p1": 95, "p2": 102} and t.carried == 1 and t.total_chips() == 300
    t.start_hand(cards=ScriptedCards({0: "2c3d", 1: "7h8h", 2: "2d3c"}, board))
    assert positions(t) == (1, 2, 0, 1) and t.hand is not None and t.hand.pot_total == 16
    play(t, (1, C), (2, C), (0, K))
    result = check_down(t)
    assert result.carried_in == 1 and result.payouts == (10, 10, 10) and result.carried_out == 1  # 31 three ways
    assert t.carried == 1 and balanced(result)
    t.last_hand = True
    t.start_hand(cards=ScriptedCards({0: "2c3d", 1: "7h8h", 2: "2d3c"}, board))
    assert positions(t) == (2, 0, 1, 2)
    play(t, (2, C), (0, C), (1, K))
    result = check_down(t)
    # A-G2-8: the odd chip goes to the first tied winner clockwise from the dealer (seat 2): seat 0
    assert result.payouts == (11, 10, 10) and result.carried_out == 0 and balanced(result)
    assert t.stacks() == {"p0": 103, "p1": 95, "p2": 102} and t.carried == 0 and t.total_chips() == 300


# ------------------------------------------------------------------------------------- chips are never made or lost


_TABLES: list[tuple[str, dict[str, object]]] = [
    ("holdem", {"blinds": (5, 10), "seats": 6}),
    ("holdem", {"blinds": (50, 100), "real_money": True, "seats": 6}),
    ("holdem", {"blinds": (100, 200), "limit": "fixed", "real_money": True, "seats": 4, "aai_per_24h": 2}),
    ("holdem", {"blinds": (5, 10), "seats": 5, "dealer": Dealer.DEAD_BUTTON}),
    ("omaha", {"blinds": (5, 10), "seats": 4, "real_money": True}),
    ("club-holdem", {"seats": 5}),
    ("club-lowball", {"seats": 5}),
    ("club-lowball", {"seats": 4, "limit": "no", "rebuy_only_busted": True}),
    ("a6-lowball", {"seats": 4}),
    ("stud", {"ante": 1, "bring_in": 2, "seats": 5, "real_money": True}),
    ("five-card-draw", {"blinds": (5, 10), "limit": "fixed", "seats": 4, "real_money": True}),
    ("draw32", {"blinds": (5, 10), "seats": 4}),
]


_OPS = st.lists(
    st.tuples(
        st.sampled_from(["sit", "stand", "sit_out", "come_back", "add", "hand", "hand", "hand", "timeout", "void"]),
        st.integers(0, 9),
        st.integers(0, 10_000),
    ),
    min_size=5,
    max_size=30,
)


@pytest.mark.parametrize("table", _TABLES, ids=[f"{g}-{i}" for i, (g, _) in enumerate(_TABLES)])
@settings(max_examples=40, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 6), ops=_OPS)
def test_chips_balance_over_random_room_activity(
    table: tuple[str, dict[str, object]], players: int, ops: list[tuple[str, int, int]]
) -> None:
    """Seats, leaving, sitting out, coming back, rebuys, hands played by random bots and timed-out actions:
    ``total_chips() + rake + cashed out == bought in`` after every step, no stack below 0, every hand balanced
    (``sum(contributions) + carried_in == sum(payouts) + rake + carried_out``)."""
    game, config = table
    clock = VirtualClock()
    t = Table(TableConfig(game, **config), clock=clock)  # type: ignore[arg-type]
    bots: dict[str, RandomBot] = {}
    bought = cashed = raked = 0
    names = iter(range(1000))
    for seat in range(min(players, t.size)):
        amount = t.buy_in.minimum * (2 + seat)
        if t.buy_in.maximum is not None:
            amount = min(amount, t.buy_in.maximum)
        if t.rebuy_cap and seat:
            amount = min(amount, t.total_chips() // seat)
        t.sit(seat, f"s{seat}", amount)
        bots[f"s{seat}"] = RandomBot(seed=seat)
        bought += amount
    ops = [*ops[:2], ("hand", 0, 1), *ops[2:]]

    def check() -> None:
        assert t.total_chips() + raked + cashed == bought
        assert all(s.stack >= 0 for s in t.seats if s is not None)

    for op, x, y in ops:
        seat = x % t.size
        st_ = t.seats[seat]
        before = (t.stacks(), t.total_chips())
        try:
            if op == "sit":
                low, high = t.buy_in.minimum, t.buy_in.maximum or t.buy_in.minimum * 5
                amount = low + y % (high - low + 1)
                name = f"n{next(names)}"
                t.sit(seat, name, amount)
                bots[name] = RandomBot(seed=y)
                bought += amount
            elif op == "stand" and st_ is not None:
                cashed += t.stand(st_.player)
            elif op == "sit_out" and st_ is not None:
                t.sit_out(st_.player)
            elif op == "come_back" and st_ is not None:
                t.come_back(st_.player, post=y % 3 != 0)
            elif op == "add" and st_ is not None:
                amount = 1 + y % 500
                t.add_chips(st_.player, amount)
                bought += amount
            elif op == "void":
                h = t.start_hand(seed=y)
                for _ in range(y % 4):
                    seat_to_act = t.to_act
                    if seat_to_act is None:
                        break
                    player = t.seats[seat_to_act]
                    assert player is not None
                    t.act(seat_to_act, bots[player.player].act(h.view(t.layout.dealt.index(seat_to_act))))  # type: ignore[union-attr]
                if not h.is_complete:
                    voided = t.void_hand()
                    assert voided.voided and voided.payouts == voided.contributions
                    assert t.stacks() == before[0]
                else:
                    assert t.record is not None
                    raked += t.record.rake
            elif op in ("hand", "timeout"):
                t.last_hand = y % 7 == 0
                if op == "hand":
                    t.finish_busts()
                h = t.start_hand(seed=y)
                while not h.is_complete:
                    seat_to_act = t.to_act
                    assert seat_to_act is not None
                    player = t.seats[seat_to_act]
                    assert player is not None
                    if op == "timeout" and len(h.events) % 3 == 0:
                        clock.advance(100.0)
                        assert t.expired()
                        t.time_out()
                    else:
                        clock.advance(1.0)
                        t.act(seat_to_act, bots[player.player].act(h.view(t.layout.dealt.index(seat_to_act))))  # type: ignore[union-attr]
                result = t.record
                assert result is not None and not result.voided
                assert balanced(result)
                assert all(c >= 0 for c in result.contributions) and all(p >= 0 for p in result.payouts)
                raked += result.rake
                if t.game.house.odd_chips_carry is False:
                    assert result.carried_out == 0
        except RoomError:
            assert (t.stacks(), t.total_chips()) == before  # a refused request changes nothing
        check()
    t.last_hand = True
    check()
