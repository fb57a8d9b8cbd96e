"""Issue 16, part 3: a table is never left stuck.  Any exception the engine raises while a hand is being played
that is not the typed refusal of a bad action (an engine fault, whatever its type: the issue's was the ranking's
"a hand is 5 to 9 cards, got 2" at the showdown) voids the hand through the table's one void path (RULES §3.8,
``Table.void_hand``): every chip back where it was before the deal, the fault logged with its traceback, and
``HandVoided`` raised to the caller; the table then deals the next hand as usual.  Through the store
(``TableRunner``) the store voids it too, refunding every contribution.

Faults are injected by patching an engine method to raise.  All time is virtual; every figure is exact.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from typing import Any

import pytest

from pokerroom.bots import CallingStation
from pokerroom.engine import Action, EventType, Hand
from pokerroom.engine.betting import BettingRound
from pokerroom.engine.draw import DrawRound
from pokerroom.engine.showdown import Showdown
from pokerroom.errors import IllegalAmount, PokerroomError, RoomError
from pokerroom.room import table as table_module
from pokerroom.room.record import record_of
from pokerroom.room.table import HandVoided, Table, TableConfig
from pokerroom.store import Store
from pokerroom.store.runner import TableRunner
from tabletools import C, K, R, check_down, fold_around, new_table, positions

LOGGER = "pokerroom.room.table"


class Boom(RuntimeError):
    """The injected fault."""


def _raise(*_: Any, **__: Any) -> Any:
    raise Boom("injected engine fault")


_MOVE = BettingRound._move


def _move_then_fail(self: BettingRound, seat: int, chips: int) -> None:
    """A bet's chips moved inside the engine, then the fault (the round records the action after)."""
    _MOVE(self, seat, chips)
    _raise()


def _holdem() -> Table:
    t = new_table("holdem", players=range(3), stack=500, blinds=(5, 10))
    t.start_hand(seed=3)
    assert positions(t) == (0, 1, 2, 0)  # button 0, small blind 1, big blind 2, seat 0 to act
    return t


def _fault_logged(caplog: pytest.LogCaptureFixture, kind: type[BaseException]) -> None:
    errors = [r for r in caplog.records if r.name == LOGGER and r.levelno == logging.ERROR]
    assert len(errors) == 1 and "engine fault" in errors[0].getMessage()
    assert errors[0].exc_info is not None and errors[0].exc_info[0] is kind


def _deals_on(t: Table, number: int) -> None:
    """The next hand deals (the voided hand's positions again, RULES §3.8) and plays to its end."""
    assert t.hand is None and t.to_act is None
    t.start_hand(seed=4)
    assert t.hand_number == number and positions(t) == (0, 1, 2, 0)
    record = fold_around(t)  # seats 0 and 1 fold: the big blind takes the small blind's 5
    assert record.number == number and not record.voided
    assert t.stacks() == {"p0": 500, "p1": 495, "p2": 505}


def test_a_fault_in_mid_hand_voids_it_with_every_chip_back(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    t = _holdem()
    h = t.hand
    assert h is not None
    t.act(0, R(30))
    t.act(1, C)
    assert t.to_act == 2 and h.stacks == [470, 470, 490]
    # The fault strikes after the raise has moved the big blind's chips inside the engine.
    monkeypatch.setattr(BettingRound, "_move", _move_then_fail)
    with caplog.at_level(logging.ERROR, logger=LOGGER), pytest.raises(HandVoided) as err:
        t.act(2, R(90))
    assert isinstance(err.value.__cause__, Boom) and not isinstance(err.value, PokerroomError)
    assert h.stacks == [470, 470, 410]  # the engine's hand is left as the fault left it...
    assert t.stacks() == {"p0": 500, "p1": 500, "p2": 500}  # ...the table's chips are as before the deal
    record = err.value.record
    assert record is t.record and record.voided and record.number == 1 and record.rake == 0
    assert record.reason is not None and "engine fault" in record.reason and "injected engine fault" in record.reason
    assert dict(zip([p for _, p in record.players], record.contributions, strict=True)) == {
        "p0": 30,
        "p1": 30,
        "p2": 90,
    }
    assert record.payouts == record.contributions
    _fault_logged(caplog, Boom)
    assert t.total_chips() == 1500
    monkeypatch.undo()
    _deals_on(t, 2)


def test_the_issues_showdown_fault_voids_the_hand(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    # The issue: the last check of a triple-draw hand raised the ranking's typed error after the showdown had
    # begun, and the table was stuck.  A typed error raised while an accepted action is applied is a fault too.
    t = new_table("27-triple-draw", players=range(6), stack=100, blinds=(1, 2), first_button=4)
    h = t.start_hand(seed=9)

    def bad_hand(self: Showdown) -> None:
        raise PokerroomError("a hand is 5 to 9 cards, got 2")

    monkeypatch.setattr(Showdown, "_settle", bad_hand)
    moves = 0
    with caplog.at_level(logging.ERROR, logger=LOGGER), pytest.raises(HandVoided) as err:
        while True:
            seat, legal = t.to_act, h.legal_actions()
            assert seat is not None and legal is not None
            t.act(seat, Action.stand_pat() if legal.draw is not None else C if legal.call else K)
            moves += 1
    # 6 preflop actions, then three draws and three betting rounds of six: the fault came with the last check.
    assert moves == 6 + 3 * 12 - 1 and h.street == 3
    assert err.value.record.events[-1].type is EventType.SHOW
    assert "a hand is 5 to 9 cards, got 2" in (err.value.record.reason or "")
    assert t.stacks() == {f"p{s}": 100 for s in range(6)} and t.hand is None
    _fault_logged(caplog, PokerroomError)
    monkeypatch.undo()
    t.start_hand(seed=10)
    assert t.hand_number == 2 and positions(t)[0] == 5  # the voided hand's button again
    assert not check_down(t).voided
    assert sum(t.stacks().values()) == 600


def test_a_fault_while_verifying_or_choosing_for_a_player_voids_the_hand(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    t = _holdem()
    t.act(0, C)
    monkeypatch.setattr(Hand, "verify", lambda *_: _raise())
    with caplog.at_level(logging.ERROR, logger=LOGGER), pytest.raises(HandVoided) as err:
        t.act(1, C)
    assert err.value.record.contributions == (10, 5, 10)
    assert t.stacks() == {"p0": 500, "p1": 500, "p2": 500}
    _fault_logged(caplog, Boom)
    monkeypatch.undo()
    _deals_on(t, 2)
    # A time-out: the table's own choice for the player faults.
    t.start_hand(seed=5)
    monkeypatch.setattr(Hand, "legal_actions", lambda *_: _raise())
    t.run_out_clock()
    with pytest.raises(HandVoided):
        t.time_out()
    monkeypatch.undo()
    assert t.stacks() == {"p0": 500, "p1": 495, "p2": 505} and t.hand is None and t.hand_number == 3


def test_a_fault_in_a_draw_voids_the_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    t = new_table("five-card-draw", players=range(4), stack=100, blinds=(1, 2), first_button=2)
    h = t.start_hand(seed=2)
    for seat in (2, 3, 0):
        t.act(seat, C)
    t.act(1, K)
    assert t.to_act == 0 and h.legal_actions() is not None
    t.act(0, Action.draw(tuple(h.hole[0][:3])))
    monkeypatch.setattr(DrawRound, "act", _raise)
    with pytest.raises(HandVoided) as err:
        t.act(1, Action.draw(tuple(h.hole[1][:2])))
    assert err.value.record.contributions == (2, 2, 2, 2)
    assert t.stacks() == {"p0": 100, "p1": 100, "p2": 100, "p3": 100}
    monkeypatch.undo()
    t.start_hand(seed=3)
    assert t.hand_number == 2 and not check_down(t).voided


def test_a_fault_while_settling_leaves_every_seat_as_before_the_deal(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    t = _holdem()
    real = record_of

    def settle_fails(hand: Hand, **kw: Any) -> Any:
        if kw.get("status") is None:  # the settled record; the void's own record is made as usual
            raise Boom("record failed")
        return real(hand, **kw)

    monkeypatch.setattr(table_module, "record_of", settle_fails)
    t.act(0, R(40))
    t.act(1, Action.fold())
    with caplog.at_level(logging.ERROR, logger=LOGGER), pytest.raises(HandVoided) as err:
        t.act(2, Action.fold())  # the hand is over (seat 0 wins 55) when the record fails
    assert t.stacks() == {"p0": 500, "p1": 500, "p2": 500} and t.hand is None and t.carried == 0
    assert err.value.record.voided and err.value.record.contributions == (10, 5, 10)  # the uncalled 30 came back
    _fault_logged(caplog, Boom)
    monkeypatch.undo()
    _deals_on(t, 2)


def test_a_refusal_is_not_a_fault(caplog: pytest.LogCaptureFixture) -> None:
    t = _holdem()
    h = t.hand
    with caplog.at_level(logging.ERROR, logger=LOGGER):
        with pytest.raises(IllegalAmount):
            t.act(0, R(15))  # under the minimum raise
        decision = t.accept(0, C)
        t.act(0, C)
        with pytest.raises(RoomError, match="decide again"):
            t.apply(decision)  # made on another state
    assert t.hand is h and t.to_act == 1 and not caplog.records
    assert fold_around(t).number == 1


# --------------------------------------------------------------------------------------------- through the store


@pytest.fixture
def store(store_url: str) -> Iterator[Store]:
    s = Store(store_url)
    yield s
    s.close()


def test_through_the_store_the_fault_is_voided_there_too(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    runner = TableRunner(store, "faults", TableConfig("holdem", blinds=(5, 10)))
    accounts = {}
    for seat, player in enumerate(("C", "A", "B")):
        accounts[player] = store.create_account(player, deposit=1000)
        runner.sit(seat, player, 500)
    total = store.total()
    hand_id = runner.start_hand(seed=11)
    runner.act(0, R(30))
    monkeypatch.setattr(BettingRound, "_move", _move_then_fail)
    with pytest.raises(HandVoided):
        runner.act(1, R(60))
    monkeypatch.undo()
    assert runner.hand_id is None and store.hand(hand_id).status == "voided"
    assert store.hands_in_progress(runner.table_id) == []
    assert {p: store.balance(a) + store.stack(runner.table_id, a) for p, a in accounts.items()} == {
        "C": 1000,
        "A": 1000,
        "B": 1000,
    }
    runner.check_stacks()
    store.check_balanced()
    assert store.total() == total
    record = runner.play_hand({p: CallingStation().act for p in accounts}, seed=12)  # the table deals on
    assert record.number == 2 and not record.voided
    runner.check_stacks()
    assert store.total() == total
