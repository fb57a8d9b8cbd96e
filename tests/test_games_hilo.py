"""Hi/lo pots (RULES G7, G10, §3.2; TRAPS T13): each pot split in halves separately, no qualifying low scoops,
quartering, the odd chip to the high half, and the odd chip of a tied low half under both settings of the house
rule ``odd_chips_to_high`` (settled decision 18)."""

from __future__ import annotations

import pytest

from handtools import pots
from pokerroom.engine import Action, EventType, Hand, ScriptedCards
from pokerroom.games import Betting, all_games, find
from pokerroom.room.table import Table, TableConfig
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


# ------------------------------------------------------------------ odd chips of a tied low half (settled decision 18)


def _omaha8_tied_low(odd_chips_to_high: bool) -> Hand:
    """Three-handed Omaha hi/lo, everyone in for 2: a pot of 6.  Seat 2 (the button) has three kings and no low;
    seats 0 and 1 tie the low with 6-4-3-2-A.  High half 3, low half 3 between two: one odd chip."""
    game = find("omaha8").with_rules(odd_chips_to_high=odd_chips_to_high)
    hole = {0: "As3d9c9h", 1: "Ac3hTdTs", 2: "KcQcJsJh"}
    h = game.deal(
        stacks=[100, 100, 100], button=2, blinds=(1, 2), betting=Betting.pot_limit(2),
        cards=ScriptedCards(hole, "2h4c6dKsKh"),
    )  # fmt: skip
    h.act(C, 2)  # the button calls 2
    h.act(C, 0)  # the small blind completes
    while not h.is_complete:
        h.act(K, h.to_act)
    return h


def test_sd18_default_the_tied_low_halfs_odd_chip_goes_clockwise_from_the_dealer() -> None:
    h = _omaha8_tied_low(False)
    # high 3 to seat 2; low 3 split 2/1, the odd chip to seat 0, the first tied winner left of the button (seat 2)
    assert pots(h) == [(6, ((0, 2), (1, 1), (2, 3)))]
    pot = next(e for e in h.events if e.type is EventType.POT)
    assert pot.shares == (("high", ((2, 3),)), ("low", ((0, 2), (1, 1))))
    assert h.stacks == [100, 99, 101]


def test_sd18_house_rule_every_odd_chip_to_the_high_winner() -> None:
    h = _omaha8_tied_low(True)
    # the low half's odd chip joins the high: high 4 to seat 2, low 2 split 1/1
    assert pots(h) == [(6, ((0, 1), (1, 1), (2, 4)))]
    pot = next(e for e in h.events if e.type is EventType.POT)
    assert pot.shares == (("high", ((2, 4),)), ("low", ((0, 1), (1, 1))))
    assert h.stacks == [99, 99, 102]


@pytest.mark.parametrize(("to_high", "stacks"), [(False, [101, 99]), (True, [102, 98])])
def test_sd18_stud8_tied_low_odd_chip_under_both_settings(to_high: bool, stacks: list[int]) -> None:
    # Heads-up stud hi/lo, ante 1 each, a bring-in of 2 called: a pot of 6.  Both make 6-4-3-2-A; seat 0's pair
    # of kings beats seat 1's queens for the high (3).  The low's 3 split between the two: the box is at seat 0,
    # so by default its odd chip goes to seat 1 (left of the dealer); with the house rule to seat 0, the high.
    hole = {
        0: "AhKd2c" + "3d" + "4h" + "Kh" + "6c",
        1: "AsQd3c" + "2d" + "4s" + "Qh" + "6d",
    }
    game = find("stud8").with_rules(odd_chips_to_high=to_high)
    h = game.deal(
        stacks=[100, 100], button=0, ante=1, bring_in=2, betting=Betting.fixed_limit(2, 4, rounds=5),
        cards=ScriptedCards(hole),
    )  # fmt: skip
    assert h.to_act == 0  # 2c is the lowest door card
    h.act(Action.post_bring_in(), 0)
    h.act(C, 1)
    while not h.is_complete:
        h.act(K, h.to_act)
    low = ((1, 2), (0, 1)) if not to_high else ((1, 1), (0, 1))  # in odd-chip order: seat 1 first
    high = 3 if not to_high else 4
    pot = next(e for e in h.events if e.type is EventType.POT)
    assert pot.amount == 6 and pot.shares == (("high", ((0, high),)), ("low", low))
    assert h.stacks == stacks


def test_sd18_is_a_house_rule_of_every_hi_lo_game_and_a_table_records_it() -> None:
    hi_lo = [g.id for g in all_games() if len(g.shares) > 1]
    assert hi_lo == ["omaha8", "omaha5-8", "stud8", "courchevel8"]
    for game_id in hi_lo:
        game = find(game_id)
        assert game.rule_value("odd_chips_to_high") is False and game.house.odd_chips_to_high is False
        changed = game.with_rules(odd_chips_to_high=True)
        assert changed.changed_rules() == {"odd_chips_to_high": True} and changed.house.odd_chips_to_high
    # at a table: the record names the house rule, and dealing its set-up again pays the same
    t = Table(TableConfig("omaha8", rules={"odd_chips_to_high": True}, blinds=(1, 2), limit="pot", seats=3))
    for seat in range(3):
        t.sit(seat, f"p{seat}", 100)
    t.start_hand(cards=ScriptedCards({0: "KcQcJsJh", 1: "As3d9c9h", 2: "Ac3hTdTs"}, "2h4c6dKsKh"))
    assert t.layout is not None and t.layout.button == 0 and t.to_act == 0  # button 0: blinds 1 and 2
    t.act(0, C)
    t.act(1, C)
    while t.hand is not None and not t.hand.is_complete:
        t.act(t.to_act, K)
    record = t.record
    assert record is not None and record.setup.rules == {"odd_chips_to_high": True}
    # seat 0 (the button) has no low and three kings: high 4 (3 + the low's odd chip); seats 1 and 2 tie the low
    assert t.stacks() == {"p0": 102, "p1": 99, "p2": 99}
