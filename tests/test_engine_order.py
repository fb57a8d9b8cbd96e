"""Who acts and shows first (RULES §6.1, §6.2, §6.5, G1, G3, G4, G15) comes from one table: each ``Opener`` a
game declares maps to the function that finds the seat (``engine.order.FIRST_TO_ACT``), and the betting round,
the draw and the showdown look their opener up there."""

from __future__ import annotations

from collections.abc import Callable, Mapping

import pytest

from pokerroom.engine import Action, EventType, Hand, Phase, ScriptedCards, order
from pokerroom.engine import betting as betting_module
from pokerroom.engine import draw as draw_module
from pokerroom.engine import showdown as showdown_module
from pokerroom.games import find
from pokerroom.games.base import Opener


def test_every_opener_has_a_function() -> None:
    assert set(order.FIRST_TO_ACT) == set(Opener)
    with pytest.raises(TypeError):
        order.FIRST_TO_ACT[Opener.BUTTON] = order.left_of_button  # type: ignore[index]


def test_the_table_gives_each_games_first_seat() -> None:
    first = order.FIRST_TO_ACT
    holdem = find("holdem").deal(stacks=[100] * 5, button=1, blinds=(1, 2), seed=1)
    assert first[Opener.BLINDS](holdem) == 4 == holdem.to_act  # left of the big blind at seat 3
    assert first[Opener.BUTTON](holdem) == 2
    assert first[Opener.AFTER_BIG_BLIND](holdem) == 4
    stud = find("stud").deal(
        stacks=[100] * 3, button=0, ante=1, cards=ScriptedCards({0: "2c3c7d", 1: "AsKs2h", 2: "QhJh9s"})
    )
    # The lowest door card brings in (7d at seat 0 is above 2h at seat 1); the best showing hand opens later.
    assert first[Opener.BRING_IN](stud) == 1 == stud.to_act
    assert first[Opener.SHOWING](stud) == 2  # the 9s is the best up card


def test_previous_opener_after_a_checked_round_is_left_of_the_dealer() -> None:
    h = find("a6-lowball").deal(stacks=[100] * 3, button=2, seed=3)
    assert h.previous_round_openers() == (None, None)
    assert order.FIRST_TO_ACT[Opener.OPENER](h) == 0
    assert order.FIRST_TO_ACT[Opener.OPENER_OR_RAISER](h) == 0


def _swap(monkeypatch: pytest.MonkeyPatch, module: object, opener: Opener, fn: Callable[[Hand], int]) -> None:
    table: Mapping[Opener, Callable[[Hand], int]] = {**order.FIRST_TO_ACT, opener: fn}
    monkeypatch.setattr(module, "FIRST_TO_ACT", table)


def test_the_betting_round_walks_the_table(monkeypatch: pytest.MonkeyPatch) -> None:
    # Hold'em's flop is opened by Opener.BUTTON: a table that says "seat 2" makes seat 2 open it.
    _swap(monkeypatch, betting_module, Opener.BUTTON, lambda hand: 2)
    h = find("holdem").deal(stacks=[100] * 4, button=3, blinds=(1, 2), seed=5)
    assert h.to_act == 2  # preflop: Opener.BLINDS, left of the big blind at seat 1
    for _ in range(4):
        legal = h.legal_actions()
        assert legal is not None
        h.act(Action.check() if legal.check else Action.call())
    assert h.street == 1 and h.to_act == 2


def test_the_draw_and_the_showdown_walk_the_table(monkeypatch: pytest.MonkeyPatch) -> None:
    _swap(monkeypatch, draw_module, Opener.BUTTON, lambda hand: 1)
    h = find("five-card-draw").deal(stacks=[100] * 3, button=2, blinds=(1, 2), seed=6)
    for _ in range(3):
        legal = h.legal_actions()
        assert legal is not None
        h.act(Action.check() if legal.check else Action.call())
    assert h.phase is Phase.DRAW and h.to_act == 1  # not seat 0, left of the button

    _swap(monkeypatch, showdown_module, Opener.BUTTON, lambda hand: 2)
    h = find("holdem").deal(
        stacks=[100] * 3, button=0, blinds=(1, 2), cards=ScriptedCards({0: "AsAh", 1: "KsKh", 2: "QsQh"}, "2c5d7h9cJs")
    )
    while h.to_act is not None:
        legal = h.legal_actions()
        assert legal is not None
        h.act(Action.check() if legal.check else Action.call())
    shows = [e.seat for e in h.events if e.type is EventType.SHOW]
    assert shows == [2, 0, 1]  # checked down: the table's first shower, then clockwise
