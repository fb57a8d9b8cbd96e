"""Views (DESIGN: "views are first-class"), copies and card sources."""

from __future__ import annotations

import pytest

from pokerroom.cards import UNKNOWN, parse_cards
from pokerroom.engine import Action, DeckSource, EventType, OutOfCards, ScriptedCards
from pokerroom.errors import DuplicateCard, HandOver, NotYourTurn
from pokerroom.games import find

HOLDEM = find("holdem")


def test_view_shows_own_cards_only_until_showdown() -> None:
    cards = ScriptedCards({0: "AsAh", 1: "KsKh", 2: "2c7d"}, "3c4d9hTsJc")
    h = HOLDEM.deal(stacks=[100, 100, 100], button=2, blinds=(1, 2), cards=cards)
    v0 = h.view(0)
    assert v0.my_cards == tuple(parse_cards("AsAh"))
    assert v0.hole[1] == (UNKNOWN, UNKNOWN) and v0.hole[2] == (UNKNOWN, UNKNOWN)
    deals = [e for e in v0.events if e.type is EventType.DEAL_HOLE]
    assert [e.cards for e in deals] == [tuple(parse_cards("AsAh")), (UNKNOWN, UNKNOWN), (UNKNOWN, UNKNOWN)]
    assert h.to_act == 2 and v0.legal is None
    v2 = h.view(2)
    assert v2.legal is not None and v2.legal.call == 2 and v2.legal.raise_ == (4, 100)
    spectator = h.view(None)
    assert all(c == (UNKNOWN, UNKNOWN) for c in spectator.hole) and spectator.legal is None
    h.act(Action.fold(), 2)
    h.act(Action.raise_to(100), 0)
    h.act(Action.call(), 1)
    v2 = h.view(2)
    assert v2.hole[0] == tuple(parse_cards("AsAh")) and v2.hole[1] == tuple(parse_cards("KsKh"))
    assert v2.pot == 0 and v2.stacks == (200, 0, 100) and v2.phase == "complete"


def test_copy_is_independent_and_deals_the_same_cards() -> None:
    h = HOLDEM.deal(stacks=[500] * 4, button=0, blinds=(5, 10), seed=42)
    c = h.copy()
    h.act(Action.fold(), 3)
    assert c.to_act == 3 and len(c.events) == len(h.events) - 1
    for x in (h, c):
        if x is c:
            x.act(Action.fold(), 3)
        for seat in (0, 1):
            x.act(Action.call(), seat)
        x.act(Action.check(), 2)
    assert h.board == c.board and len(h.board) == 3


def test_unseeded_hands_copy_too() -> None:
    h = HOLDEM.deal(stacks=[500] * 3, button=0)
    assert h.copy().stacks == h.stacks


def test_deck_source_order_and_exhaustion() -> None:
    src = DeckSource(parse_cards("AsKsQsJs"))
    assert src.deal_hole([0, 1], 1) == [[51], [47]]
    assert src.deal_board(2) == parse_cards("QsJs")
    with pytest.raises(OutOfCards, match="0 cards left, 1 needed"):
        src.deal_board(1)
    with pytest.raises(DuplicateCard):
        DeckSource(parse_cards("AsKsAs", unique=False))


def test_seeded_shuffles_repeat_and_differ_by_seed() -> None:
    a = DeckSource.shuffled(seed=5).deal_board(52)
    assert a == DeckSource.shuffled(seed=5).deal_board(52)
    assert sorted(a) == list(range(52))
    assert a != DeckSource.shuffled(seed=6).deal_board(52)


def test_scripted_cards_refuse_duplicates_and_overdeal() -> None:
    with pytest.raises(DuplicateCard):
        ScriptedCards({0: "AsKs", 1: "AsQd"})
    src = ScriptedCards({0: "AsKs"}, "2c")
    with pytest.raises(OutOfCards):
        src.deal_board(3)


def test_refusals_leave_state_unchanged() -> None:
    h = HOLDEM.deal(stacks=[100, 100, 100], button=0, blinds=(1, 2), seed=1)
    before = (list(h.stacks), list(h.bets), h.to_act, len(h.events))
    with pytest.raises(NotYourTurn, match="seat 1 cannot act: it is seat 0's turn"):
        h.act(Action.call(), 1)
    assert (list(h.stacks), list(h.bets), h.to_act, len(h.events)) == before
    h.act(Action.fold(), 0)
    h.act(Action.fold(), 1)
    with pytest.raises(HandOver):
        h.act(Action.check(), 2)


def test_other_seats_discards_are_hidden_in_views() -> None:
    h = find("five-card-draw").deal(stacks=[100] * 3, button=0, seed=1)
    while h.phase.value == "betting":
        legal = h.legal_actions()
        assert legal is not None
        h.act(Action.check() if legal.check else Action.call(), legal.seat)
    s = h.to_act
    assert s is not None
    thrown = tuple(h.hole[s][:2])
    h.act(Action.draw(thrown), s)
    other = h.view((s + 1) % 3)
    draws = [e for e in other.events if e.type is EventType.DRAW]
    assert draws[0].cards == (UNKNOWN, UNKNOWN) and draws[0].amount == 2
    mine = [e for e in h.view(s).events if e.type is EventType.DRAW]
    assert mine[0].cards == thrown
