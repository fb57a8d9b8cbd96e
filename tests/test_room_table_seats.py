"""The room's table (pokerroom.room.table): sitting down, standing up and sitting out, refused requests and actions that
change nothing, the corners of the table's bookkeeping (RULES §3.3, §3.11).  All time is virtual (VirtualClock); every
figure is exact.  Shared helpers: tests/tabletools.py."""

from __future__ import annotations

from typing import Any

import pytest

from pokerroom.bots import CallingStation
from pokerroom.engine import Action, ScriptedCards
from pokerroom.errors import IllegalAction, PokerroomError, RoomError
from pokerroom.room.stakes import BuyIn
from pokerroom.room.table import Table, TableConfig
from pokerroom.server.protocol import view_json
from tabletools import (
    C,
    F,
    K,
    R,
    balanced,
    bets,
    dead,
    dealt,
    fold_around,
    kinds,
    new_table,
    play,
    positions,
    t07_table,
)

# --------------------------------------------------------------------------- sitting, standing and refused requests


def test_stand_during_a_hand_is_refused_and_sit_out_waits_for_the_next() -> None:
    t = new_table("holdem", players=(0, 1, 2, 3), blinds=(5, 10), seats=4)
    t.sit_out("p3")
    t.start_hand(seed=1)
    assert dealt(t) == (0, 1, 2)
    play(t, (0, F))
    for name in ("p0", "p1"):
        with pytest.raises(RoomError, match="in the hand being played; they may leave when it ends"):
            t.stand(name)
    assert t.stand("p3") == 1000  # not dealt in: free to go
    t.sit_out("p1")  # takes effect from the next hand
    assert t.to_act == 1
    play(t, (1, C), (2, K))
    assert t.hand is not None and t.hand.street == 1
    fold_around(t)
    t.start_hand(seed=2)
    assert dealt(t) == (0, 2)
    assert [(e.kind, e.player) for e in t.events if e.kind in ("sit_out", "stand")] == [
        ("sit_out", "p3"),
        ("stand", "p3"),
        ("sit_out", "p1"),
    ]


def test_refused_requests_name_the_limits_and_change_nothing() -> None:
    t = new_table("holdem", players=(0, 1), blinds=(5, 10), seats=6)
    before = (list(t.seats), len(t.events))
    with pytest.raises(RoomError, match=r"seat 6 does not exist; this table has seats 0 to 5"):
        t.sit(6, "x", 500)
    with pytest.raises(RoomError, match=r"seat -1 does not exist"):
        t.sit(-1, "x", 500)
    with pytest.raises(RoomError, match=r"seat 1 is taken by 'p1'"):
        t.sit(1, "x", 500)
    with pytest.raises(RoomError, match=r"'p0' is already seated at this table \(seat 0\)"):
        t.sit(2, "p0", 500)
    with pytest.raises(RoomError, match=r"a buy-in of 199 chips .* the table allows 200 to 1000 chips"):
        t.sit(2, "x", 199)
    with pytest.raises(RoomError, match=r"a buy-in of 1001 chips .* the table allows 200 to 1000 chips"):
        t.sit(2, "x", 1001)
    with pytest.raises(RoomError, match=r"'nobody' is not seated"):
        t.stand("nobody")
    with pytest.raises(RoomError, match="positive number of chips"):
        t.add_chips("p0", 0)
    assert (list(t.seats), len(t.events)) == before
    with pytest.raises(RoomError, match="holdem tables have 2 to 10 seats, not 11"):
        Table(TableConfig("holdem", seats=11))
    with pytest.raises(RoomError, match="draw32 tables have 2 to 5 seats, not 6"):
        Table(TableConfig("draw32", seats=6))
    t.start_hand(seed=1)
    with pytest.raises(RoomError, match="a hand is being played"):
        t.start_hand(seed=2)
    lone = new_table("holdem", players=(0,), blinds=(5, 10), seats=2)
    with pytest.raises(RoomError, match="fewer than two players"):
        lone.start_hand(seed=1)
    assert lone.hand is None and lone.hand_number == 0


def test_illegal_actions_at_the_table_change_nothing() -> None:
    t = new_table("holdem", players=(0, 1, 2), blinds=(5, 10), seats=3)
    with pytest.raises(IllegalAction, match="no hand is being played"):
        t.act(0, C)
    t.start_hand(seed=1)
    with pytest.raises(IllegalAction):
        t.act(0, K)
    assert t.to_act == 0 and t.hand is not None and t.hand.pot_total == 15


def test_club_amounts_out_of_range_are_clamped() -> None:
    t = new_table("club-holdem", players=(0, 1, 2), stack=500)
    t.start_hand(seed=1)
    t.act(0, R(900))  # decision 19: the room places the nearest legal amount (all-in 500)
    assert t.hand is not None and t.hand.bets[0] == 500


# ------------------------------------------------------------------------------- corners of the table's bookkeeping


def test_a_hand_decided_by_the_forced_bets_is_settled_at_once() -> None:
    t = new_table("holdem", players=(), blinds=(5, 10), seats=2, buy_in=BuyIn(1, 1000))
    t.sit(0, "a", 5)
    t.sit(1, "b", 10)
    h = t.start_hand(cards=ScriptedCards({0: "AsAh", 1: "7c2d"}, "Kd9c4h3s8c"))
    assert h.is_complete and t.to_act is None
    assert t.record is not None and t.record.number == 1 and balanced(t.record)
    assert t.stacks() == {"a": 10, "b": 5} and t.total_chips() == 15


def test_a_new_game_starts_when_everyone_who_played_has_left() -> None:
    t = new_table("holdem", players=(0, 1, 2), blinds=(5, 10), seats=4)
    t.start_hand(seed=1)
    fold_around(t)
    for name in ("p0", "p1", "p2"):
        t.stand(name)
    t.sit(1, "x", 500)
    t.sit(3, "y", 500)
    assert t.seats[1] is not None and t.seats[1].new
    t.start_hand(seed=2)
    assert dealt(t) == (1, 3) and dead(t) == {}
    assert bets(t) == {1: 5, 3: 10} and positions(t) == (1, 1, 3, 1)


def test_play_bots_takes_bot_objects_or_callables() -> None:
    t = new_table("holdem", players=range(3), stack=1000, blinds=(5, 10), seats=3)
    objects = t.play_bots({f"p{s}": CallingStation() for s in range(3)}, seed=4)
    t2 = new_table("holdem", players=range(3), stack=1000, blinds=(5, 10), seats=3)
    callables = t2.play_bots({f"p{s}": CallingStation().act for s in range(3)}, seed=4)
    assert objects.payouts == callables.payouts and sum(objects.payouts) == sum(objects.contributions)


# ------------------------------------------------------------------ regressions: wrong types and values are refused


@pytest.mark.parametrize(
    ("seat", "name", "chips", "message"),
    [
        ("3", "x", 300, r"a seat is a whole number from 0 to 3, not '3'"),
        (2.0, "x", 300, r"a seat is a whole number from 0 to 3, not 2\.0"),
        (True, "x", 300, r"a seat is a whole number from 0 to 3, not True"),
        (None, "x", 300, r"a seat is a whole number from 0 to 3, not None"),
        (2, "x", "300", r"a buy-in must be a positive number of chips \(a whole number, 1 or more\), not '300'"),
        (2, "x", 200.5, r"not 200\.5"),
        (2, "x", float("nan"), r"not nan"),
        (2, "x", None, r"a buy-in must be a positive number of chips .* not None"),
        (2, "x", True, r"a buy-in must be a positive number of chips .* not True"),
        (2, "", 300, r"a player's name must be a non-empty string, not ''"),
        (2, "  ", 300, r"a player's name must be a non-empty string, not '  '"),
        (2, None, 300, r"a player's name must be a non-empty string, not None"),
        (2, 7, 300, r"a player's name must be a non-empty string, not 7"),
    ],
)
def test_3_3_sit_refuses_wrong_types_and_changes_nothing(seat: Any, name: Any, chips: Any, message: str) -> None:
    t = new_table("holdem", players=(0, 1), blinds=(5, 10), seats=4)
    before = (list(t.seats), len(t.events), t.stacks())
    with pytest.raises(RoomError, match=message):
        t.sit(seat, name, chips)
    assert (list(t.seats), len(t.events), t.stacks()) == before


def test_post_must_be_a_flag() -> None:
    t = new_table("holdem", players=(0, 1), blinds=(5, 10), seats=4)
    with pytest.raises(RoomError, match="post must be True or False, not 'no'"):
        t.sit(2, "x", 300, post="no")  # type: ignore[arg-type]
    with pytest.raises(RoomError, match="post must be True or False, not 0"):
        t.come_back("p0", post=0)  # type: ignore[arg-type]
    assert t.seats[2] is None and t.seats[0] is not None and t.seats[0].post


# ---------------------------------------------------------------------- regressions: a refused deal changes nothing


def test_a_refused_start_hand_logs_nothing() -> None:
    t = new_table("a6-lowball", seats=3)
    t.sit(0, "a", 13)
    t.sit(1, "b", 100)
    t.seats[0].stack = 12  # type: ignore[union-attr]
    mark = len(t.events)
    for _ in range(2):
        with pytest.raises(RoomError, match="fewer than two players"):
            t.start_hand(seed=2)
    assert t.events[mark:] == [] and t.hand is None and t.hand_number == 0


def test_a_failed_deal_records_no_missed_blinds() -> None:
    t = t07_table(0)
    t.start_hand(seed=1)
    fold_around(t)
    t.sit_out("p5")
    mark = len(t.events)
    state = [(s.new, s.owes_big, s.owes_small) for s in t.seats if s is not None]
    with pytest.raises(PokerroomError, match="cards"):
        t.start_hand(cards=ScriptedCards({0: "As"}))  # one card for a two-card hand: the engine refuses
    assert t.events[mark:] == [] and t.hand_number == 1 and t.button == 1
    assert [(s.new, s.owes_big, s.owes_small) for s in t.seats if s is not None] == state
    t.start_hand(seed=2)
    assert positions(t) == (2, 3, 0, 1)
    assert kinds(t, mark) == [("missed_blind", 4, 10, "big")]


# ------------------------------------------------------------- posting events in table seats (antes, blinds, posts)


def _posts(t: Table, viewer: int | None = None) -> list[tuple[str, int, int, str | None]]:
    """The forced bets of the hand being played as a player sees them over the wire (the server's one view of a
    hand, :func:`pokerroom.server.protocol.view_json`): (type, table seat, chips, text)."""
    assert t.hand is not None and t.layout is not None
    es = None if viewer is None else t.layout.dealt.index(viewer)
    events = view_json(t.hand.view(es), t.layout.dealt, number=t.hand_number)["events"]
    return [
        (e["type"], e["seat"], e["amount"], e.get("text"))
        for e in events  # type: ignore[attr-defined]
        if e["type"] in ("post_ante", "post_blind", "post_dead", "bring_in")
    ]


def test_posting_events_name_table_seats_not_engine_indexes() -> None:
    # Seats 2, 5 and 7 of nine are taken: engine seats 0, 1, 2.  Every post a player or a hand history sees names
    # the table seat (RULES §3.4: the new player's posted big blind included).
    t = new_table("holdem", players=(2, 5, 7), blinds=(5, 10), ante=1, seats=9)
    t.start_hand(seed=1)
    assert positions(t) == (2, 5, 7, 2)
    assert _posts(t) == [
        ("post_ante", 5, 1, None), ("post_ante", 7, 1, None), ("post_ante", 2, 1, None),
        ("post_blind", 5, 5, "small blind"), ("post_blind", 7, 10, "big blind"),
    ]  # fmt: skip
    assert _posts(t, viewer=7) == _posts(t)  # amounts and seats are public
    assert bets(t) == {5: 5, 7: 10}
    fold_around(t)
    record = t.record
    assert record is not None and record.players == ((2, "p2"), (5, "p5"), (7, "p7"))
    assert [p.seat for p in record.setup.seats] == [2, 5, 7]
    t.sit(3, "p3", 1000)  # joins between the big blind to be and the button: posts a live big blind
    t.start_hand(seed=2)
    assert positions(t) == (5, 7, 2, 3) and bets(t) == {7: 5, 2: 10, 3: 10}
    assert _posts(t) == [
        ("post_ante", 7, 1, None), ("post_ante", 2, 1, None), ("post_ante", 3, 1, None), ("post_ante", 5, 1, None),
        ("post_blind", 7, 5, "small blind"), ("post_blind", 2, 10, "big blind"),
        ("post_blind", 3, 10, "posted big blind"),
    ]  # fmt: skip
    fold_around(t)  # p3 checks its option, p5 and p7 fold, p2 and p3 check down: p3 takes the 29
    assert t.stacks() == {"p2": 988, "p3": 1018, "p5": 993, "p7": 1001}


def test_stud_antes_and_the_bring_in_name_table_seats() -> None:
    t = new_table("stud", players=(2, 5, 7), ante=1, bring_in=2, stakes="4/8", seats=8, first_button=0)
    # engine seat 1 (table seat 5) shows the lowest door card, the 2c: it brings in
    t.start_hand(cards=ScriptedCards({0: "AhKd9c", 1: "AsKc2c", 2: "QhQd8c"}))
    assert t.to_act == 5
    t.act(5, Action.post_bring_in())
    assert _posts(t) == [
        ("post_ante", 2, 1, None), ("post_ante", 5, 1, None), ("post_ante", 7, 1, None), ("bring_in", 5, 2, None),
    ]  # fmt: skip
    assert t.to_act == 7 and bets(t) == {5: 2}
