"""The one path of an action (pokerroom.room.decisions; Table.accept, Table.forced, Table.apply): the seat mapped,
the action verified once and clamped once under the house rule (seed 000 5.3, settled decision 19), the time-out and
leaving rules in one place (RULES §2.5, §3.7, A-3.7-2); accepting and forcing change nothing, a stale decision is
refused."""

from __future__ import annotations

from typing import Any

import pytest

from pokerroom.engine import Action, ActionKind, EventType, ScriptedCards
from pokerroom.errors import IllegalAction, IllegalAmount, NotYourCards, NotYourTurn, RoomError
from pokerroom.room.clock import VirtualClock
from pokerroom.room.decisions import Cause, Decision
from pokerroom.room.stakes import BuyIn
from pokerroom.room.table import Table, TableConfig


def _table(game: str, players: int = 3, stack: int = 200, **config: Any) -> Table:
    table = Table(TableConfig(game, seats=players, **config), clock=VirtualClock())
    for seat in range(players):
        table.sit(seat, "ABCDEF"[seat], stack)
    return table


def _state(table: Table) -> tuple[Any, ...]:
    h = table.hand
    assert h is not None
    return len(h.events), h.to_act, list(h.stacks), list(h.bets), list(table.events), table.timer.running


def test_accept_clamps_an_amount_under_the_club_house_rule() -> None:
    table = _table("club-lowball", stack=500)  # ranges 1-10 then 1-30; every player antes 3
    table.start_hand(seed=1)
    seat = table.to_act
    assert seat is not None
    before = _state(table)
    decision = table.accept(seat, Action.bet(15))
    assert decision == Decision(seat, Action.bet(10), Cause.PLAYER, asked=15, hand=1, step=before[0])
    assert _state(table) == before  # pure
    event = table.apply(decision)
    assert table.layout is not None
    assert (event.type, event.seat, event.amount, event.to) == (EventType.BET, table.layout.dealt.index(seat), 10, 10)
    below = table.accept(table.to_act, Action.raise_to(10))  # type: ignore[arg-type]
    assert below.action == Action.raise_to(11) and below.asked == 10  # a raise of at least one chip


def test_accept_without_the_house_rule_refuses_with_the_nearest_amount() -> None:
    table = _table("holdem", buy_in=BuyIn(1, None))
    table.start_hand(seed=1)
    seat = table.to_act
    assert seat == 0  # three-handed the button opens
    with pytest.raises(IllegalAmount, match=r"cannot raise to 1000: the legal range is 4\.\.200") as err:
        table.accept(seat, Action.raise_to(1000))
    assert err.value.nearest == 200


def test_accept_maps_the_table_seats() -> None:
    table = Table(TableConfig("27-triple-draw", seats=6), clock=VirtualClock())
    table.sit(2, "A", 100)
    table.sit(5, "B", 100)
    table.start_hand(cards=ScriptedCards({0: "2c 3d 4h 5s 9c", 1: "7c 7d 8h 8s Kc"}, ""))
    assert table.layout is not None and table.layout.dealt == (2, 5)
    first = table.to_act
    other = 5 if first == 2 else 2
    with pytest.raises(NotYourTurn, match=f"it is seat {first}'s turn, not seat {other}'s"):
        table.accept(other, Action.call())
    with pytest.raises(NotYourTurn, match="seat 3 is not dealt in this hand"):
        table.accept(3, Action.call())
    # Play to the draw; a discard the player does not hold names the table seat and the cards held.
    while table.hand is not None and table.hand.legal_actions() is not None and table.hand.legal_actions().draw is None:  # type: ignore[union-attr]
        legal = table.hand.legal_actions()
        assert legal is not None
        table.act(table.to_act, Action.check() if legal.check else Action.call())  # type: ignore[arg-type]
    seat = table.to_act
    assert seat is not None
    hand = table.hand
    assert hand is not None
    with pytest.raises(NotYourCards, match=f"seat {seat} does not hold As; it holds "):
        table.accept(seat, Action.draw((hand.hole[table.layout.dealt.index(seat)][0], 51)))


def test_forced_follows_the_time_out_rules() -> None:
    table = _table("holdem")
    table.start_hand(seed=2)
    seat = table.to_act
    assert seat is not None
    before = _state(table)
    facing = table.forced(Cause.TIMEOUT)
    assert facing.action == Action(ActionKind.FOLD, timed_out=True) and facing.cause is Cause.TIMEOUT
    assert _state(table) == before
    table.act(seat, Action.call())
    table.act(table.to_act, Action.call())  # type: ignore[arg-type]
    free = table.forced(Cause.TIMEOUT)  # the big blind may check
    assert free.action == Action(ActionKind.CHECK, timed_out=True)
    left = table.forced(Cause.LEFT)
    assert left.action == Action.check() and left.cause is Cause.LEFT  # a player who left is not timed out
    event = table.apply(free)
    assert (event.type, event.text) == (EventType.CHECK, "timed out") and table.events[-1].kind == "timeout"


def test_forced_draw_stands_pat_and_the_show_mucks() -> None:
    table = _table("five-card-draw", players=2, auto_showdown=False)
    table.start_hand(seed=3)
    while table.hand is not None and not table.hand.is_complete:
        legal = table.hand.legal_actions()
        assert legal is not None
        if legal.draw is not None:
            decision = table.forced(Cause.TIMEOUT)
            assert decision.action == Action.draw((), timed_out=True)
            assert table.forced(Cause.LEFT).action == Action.stand_pat()
            table.apply(decision)
        elif legal.show:
            assert table.forced(Cause.TIMEOUT).action == Action(ActionKind.MUCK, timed_out=True)
            table.apply(table.forced(Cause.TIMEOUT))
        else:
            table.act(table.to_act, Action.check() if legal.check else Action.call())  # type: ignore[arg-type]
    assert table.record is not None
    draws = [e for e in table.record.events if e.type is EventType.DRAW]
    assert draws and all(e.text == "timed out" and e.amount == 0 for e in draws)


def test_a_stud_time_out_posts_the_bring_in() -> None:
    table = _table("stud", players=3)
    table.start_hand(seed=4)
    decision = table.forced(Cause.TIMEOUT)
    assert decision.action == Action(ActionKind.BRING_IN, timed_out=True)
    event = table.apply(decision)
    assert (event.type, event.text) == (EventType.BRING_IN, "timed out")


def test_disconnect_protection_only_on_a_real_money_fixed_limit_time_out() -> None:
    table = _table("holdem", limit="fixed", stakes="10/20", real_money=True, stack=400)
    table.start_hand(seed=5)
    table.act(table.to_act, Action.raise_to(20))  # type: ignore[arg-type]  # the button raises
    sb = table.to_act
    assert sb is not None
    protected = table.forced(Cause.TIMEOUT)  # the small blind has 5 in: RULES §3.7 keeps it in
    assert protected.protection and protected.action is None
    assert table.forced(Cause.LEFT).action == Action.fold()  # a player who left gives the hand up
    event = table.apply(protected)
    assert event.type is EventType.ARTIFICIAL_ALL_IN and [e.kind for e in table.events[-2:]] == ["protected", "warning"]
    assert table.aai_remaining("B") == 0  # one a day by default


def test_a_stale_decision_is_refused_and_changes_nothing() -> None:
    table = _table("holdem")
    table.start_hand(seed=6)
    seat = table.to_act
    assert seat is not None
    old = table.accept(seat, Action.call())
    table.act(seat, Action.call())
    before = _state(table)
    with pytest.raises(RoomError, match="decide again"):
        table.apply(old)
    assert _state(table) == before
    with pytest.raises(IllegalAction, match="no hand is being played"):
        Table(TableConfig("holdem")).accept(0, Action.call())
