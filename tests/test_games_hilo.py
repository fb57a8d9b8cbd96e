"""Hi/lo pots (RULES G7, G10, §3.2; TRAPS T13): each pot split in halves separately, no qualifying low scoops,
quartering, and the odd chip to the high half."""

from __future__ import annotations

from handtools import pots
from pokerroom.engine import Action, Hand, ScriptedCards
from pokerroom.games import Betting, find
from randomplay import all_in

C, K = Action.call(), Action.check()


def omaha8(hole: dict[int, str], board: str, stacks: list[int], **kw: object) -> Hand:
    betting = Betting.pot_limit(2)
    return find("omaha8").deal(
        stacks=stacks, button=len(stacks) - 1, blinds=(1, 2), betting=betting,
        cards=ScriptedCards(hole, board), **kw,  # type: ignore[arg-type]
    )  # fmt: skip



def test_t13a_low_needs_two_hole_cards_split_200_200() -> None:
    h = omaha8({0: "AsKcKhQd", 1: "3s8cJdJc"}, "2h4c6d7sKd", [200, 200])
    all_in(h)
    assert pots(h) == [(400, ((0, 200), (1, 200)))]
    assert h.stacks == [200, 200]


def test_t13b_no_low_high_scoops() -> None:
    h = omaha8({0: "AsKcKhQd", 1: "3s8cJdJc"}, "KsQc9c7h2d", [200, 200])
    all_in(h)
    assert h.stacks == [400, 0]


def test_quartering() -> None:
    # Seat 0: nut high and the same 8-6-4-3-2... low as seat 1: high 200 to seat 0, the low half quartered.
    h = omaha8({0: "3c8sKdKh", 1: "3d8h9c9d", 2: "QsQcJsJc"}, "2h4c6dAsKs", [200, 200, 200])
    all_in(h)
    # pot 600: high (300) to seat 0's three kings; the low 8-4-3-2-A of seats 0 and 1 ties: 150 each.
    assert pots(h) == [(600, ((0, 450), (1, 150)))]


def test_odd_chip_goes_to_the_high_half() -> None:
    # The small blind folds after putting in 1: pot 1 + 2 + 2 = 5; the high half takes 3, the low half 2.
    hole = {0: "JsJcTsTc", 1: "QhQd9c9d", 2: "Ah3cKsKh"}
    h = omaha8(hole, "2h4c6dQs7s", [100, 100, 100])
    h.act(C, 2)  # the button calls 2
    h.act(Action.fold(), 0)  # the small blind folds
    h.act(K, 1)
    while not h.is_complete:
        h.act(K, h.to_act)
    # seat 1 three queens (high), seat 2 6-4-3-2-A (low)
    assert pots(h) == [(5, ((1, 3), (2, 2)))]
    assert h.stacks == [99, 101, 100]


def test_stud8_high_and_low_split_with_odd_chip_to_high() -> None:
    # Heads-up stud hi/lo, ante 1 each, bring-in 1, called: pot 5 -> high 3, low 2.
    hole = {
        0: "KhKd2c" + "Kc" + "9s" + "9h" + "Qs",  # full house: kings over nines, no low
        1: "Ah3d5c" + "7d" + "8c" + "Jh" + "Js",  # 8-7-5-3-A low
    }
    h = find("stud8").deal(
        stacks=[100, 100], button=1, ante=1, bring_in=1, betting=Betting.fixed_limit(2, 4, rounds=5),
        cards=ScriptedCards(hole),
    )  # fmt: skip
    assert h.to_act == 0  # 2c is the lowest door card
    h.act(Action.post_bring_in(), 0)
    h.act(C, 1)
    while not h.is_complete:
        h.act(K, h.to_act)
    assert pots(h) == [(4, ((0, 2), (1, 2)))]
    assert h.stacks == [100, 100]
