"""RULES §2.4, §6.3: a contested pot of a hi/lo game is split between the shares, the odd chip between them to
the high, and a share's tied winners split it with the odd chip clockwise from the button.  The ``POT`` event
carries each share's payouts as the showdown paid them (``Event.shares``); ``results.pot_shares`` reads them."""

from __future__ import annotations

import pytest

from pokerroom.engine import Action, Event, EventType, Hand, ScriptedCards
from pokerroom.engine.codec import event_from_json, event_json
from pokerroom.engine.results import pot_shares
from pokerroom.errors import RecordError
from pokerroom.games import find


def _checked_down(h: Hand) -> list[Event]:
    while h.to_act is not None:
        legal = h.legal_actions()
        assert legal is not None
        h.act(Action.check() if legal.check else Action.call())
    return [e for e in h.events if e.type is EventType.POT]


def _omaha8(hole: dict[int, str], board: str, stacks: list[int] | None = None) -> Hand:
    return find("omaha8").deal(
        stacks=stacks or [100] * 3,
        button=0,
        blinds=(1, 2),
        ante=1,
        limit="pot",
        cards=ScriptedCards(hole, board=board),
    )


def test_quartered_pot_pays_each_share_with_its_odd_chips() -> None:
    # Antes 3 + 3 x 4 = 15: high 8 (the odd chip between shares goes to the high), low 7 between two tied lows:
    # 4 to seat 1 (first clockwise from the button at seat 0), 3 to seat 2.
    h = _omaha8({0: "KdKhQcQd", 1: "As3sJcJd", 2: "Ah3hTcTd"}, "2c5d7hKcKs")
    h.act(Action.raise_to(4), 0)
    h.act(Action.call(), 1)
    h.act(Action.call(), 2)
    (pot,) = _checked_down(h)
    assert pot.amount == 15
    assert pot.shares == (("high", ((0, 8),)), ("low", ((1, 4), (2, 3))))
    assert pot.winners == ((1, 4), (2, 3), (0, 8))
    assert pot_shares(h, pot) == [("high", [(0, 8)]), ("low", [(1, 4), (2, 3)])]
    assert h.outcome() == [3, -1, -2]


def test_no_low_the_high_scoops_and_only_the_high_share_is_listed() -> None:
    h = _omaha8({0: "KdKhQcQd", 1: "AsJsJcJd", 2: "AhThTcTd"}, "2c9d7hKcKs")
    h.act(Action.call(), 0)
    h.act(Action.call(), 1)
    h.act(Action.check(), 2)
    (pot,) = _checked_down(h)
    assert pot.amount == 9
    assert pot.shares == (("high", ((0, 9),)),)
    assert pot_shares(h, pot) == [("high", [(0, 9)])]


def test_side_pots_each_carry_their_own_shares() -> None:
    # Seat 2 is all-in for 11 (ante 1 + 10): the main pot of 33 is split three ways between shares; the side pot of
    # 2 x 19 = 38 between seats 0 and 1 only (seat 1's low, seat 0's high).
    h = _omaha8({0: "KdKhQcQd", 1: "As3sJcJd", 2: "Ah4hTcTd"}, "2c5d7hKcKs", stacks=[100, 100, 11])
    h.act(Action.raise_to(10), 0)
    h.act(Action.call(), 1)
    h.act(Action.call(), 2)
    h.act(Action.bet(19), 1)
    h.act(Action.call(), 0)
    main, side = _checked_down(h)
    assert (main.amount, main.eligible) == (33, (0, 1, 2))
    assert main.shares == (("high", ((0, 17),)), ("low", ((1, 16),)))  # A-3 low beats A-4
    assert (side.amount, side.eligible) == (38, (0, 1))
    assert side.shares == (("high", ((0, 19),)), ("low", ((1, 19),)))


def test_a_pot_not_split_among_shares_has_none() -> None:
    h = _omaha8({0: "KdKhQcQd", 1: "As3sJcJd", 2: "Ah3hTcTd"}, "2c5d7hKcKs")
    h.act(Action.raise_to(4), 0)
    h.act(Action.fold(), 1)
    h.act(Action.fold(), 2)
    (pot,) = [e for e in h.events if e.type is EventType.POT]
    assert pot.shares is None and pot_shares(h, pot) is None  # uncontested
    holdem = find("holdem").deal(stacks=[100] * 2, cards=ScriptedCards({0: "AsAh", 1: "KsKh"}, board="2c5d7h9cJs"))
    (pot,) = _checked_down(holdem)
    assert pot.shares is None  # one share: the winners say it all


def test_shares_are_part_of_the_record() -> None:
    h = _omaha8({0: "KdKhQcQd", 1: "As3sJcJd", 2: "Ah3hTcTd"}, "2c5d7hKcKs")
    h.act(Action.raise_to(4), 0)
    h.act(Action.call(), 1)
    h.act(Action.call(), 2)
    (pot,) = _checked_down(h)
    data = event_json(pot)
    assert data["shares"] == [["high", [[0, 8]]], ["low", [[1, 4], [2, 3]]]]
    assert event_from_json(data) == pot
    assert event_json(pot, seat_of=[4, 7, 9])["shares"] == [["high", [[4, 8]]], ["low", [[7, 4], [9, 3]]]]
    assert "shares" not in event_json(h.events[0])


def test_malformed_shares_are_refused_naming_the_field() -> None:
    for bad in ([["high", [[0]]]], [[1, [[0, 8]]]], "high", [["high"]]):
        with pytest.raises(RecordError) as err:
            event_from_json({"type": "pot", "amount": 8, "shares": bad})
        assert err.value.field == "shares"
