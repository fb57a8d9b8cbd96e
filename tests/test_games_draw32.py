"""32-card draw (RULES G15): the draw order and round two after the big blind, four-card draws, suit-ranked
showdowns and the split proposal (TRAPS T23: after a completed split nobody shows)."""

from __future__ import annotations

import pytest

from pokerroom.cards import parse_cards
from pokerroom.engine import Action, EventType, Hand, ScriptedCards
from pokerroom.errors import IllegalAction, IllegalAmount
from pokerroom.games import Betting, find

F, C, K, SPLIT, PAT = Action.fold(), Action.call(), Action.check(), Action.split(), Action.stand_pat()
DRAW32 = find("draw32")
HOLE = {0: "AhKhQhJh9d", 1: "AdKdQdJd9c", 2: "7s8cTsQsAc", 3: "7h8h9hTh7c"}


def deal(n: int = 3, stacks: list[int] | None = None) -> Hand:
    hole = {s: HOLE[s] for s in range(n)}
    betting = Betting.fixed_limit(10, 20, rounds=2)
    return DRAW32.deal(stacks=stacks or [200] * n, button=n - 1, blinds=(5, 10), betting=betting,
                       cards=ScriptedCards(hole))  # fmt: skip


def to_round_two(h: Hand) -> None:
    while h.street == 0:
        legal = h.legal_actions()
        assert legal is not None
        h.act(C if legal.call else K, legal.seat)
    while h.phase.value == "draw":
        h.act(PAT, h.to_act)


def test_draw_order_and_round_two_start_after_the_big_blind() -> None:
    h = deal(4)  # button 3, blinds seats 0 and 1: seat 2 first in both
    assert h.to_act == 2
    for seat in (2, 3, 0):
        h.act(C, seat)
    h.act(K, 1)
    assert h.phase.value == "draw" and h.to_act == 2
    legal = h.legal_actions()
    assert legal is not None and legal.draw == 4
    with pytest.raises(IllegalAmount):
        h.act(Action.draw(tuple(parse_cards("7s8cTsQsAc"))), 2)
    for seat in (2, 3, 0, 1):
        h.act(PAT, seat)
    assert h.phase.value == "betting" and h.to_act == 2


def test_everybody_splits_and_nobody_shows() -> None:
    h = deal()
    to_round_two(h)
    assert h.to_act == 2  # after the big blind (seat 1)
    legal = h.legal_actions()
    assert legal is not None and legal.split and legal.check
    for seat in (2, 0, 1):
        h.act(SPLIT, seat)
    assert h.is_complete
    assert not [e for e in h.events if e.type is EventType.SHOW]
    pots = [(e.amount, e.winners, e.text) for e in h.events if e.type is EventType.POT]
    assert pots == [(30, ((0, 10), (1, 10), (2, 10)), "split")]
    assert h.stacks == [200, 200, 200]


def test_a_check_ends_the_proposal_and_splitters_count_as_checked() -> None:
    h = deal()
    to_round_two(h)
    h.act(SPLIT, 2)
    h.act(K, 0)  # declines by checking
    legal = h.legal_actions()
    assert legal is not None and legal.seat == 1 and not legal.split and legal.check
    with pytest.raises(IllegalAction):
        h.act(SPLIT, 1)
    h.act(K, 1)
    assert h.is_complete and h.split_accepted == set()
    shows = [e.seat for e in h.events if e.type is EventType.SHOW]
    assert shows[0] == 2  # checked through: the first active player after the big blind shows first
    # hearts beat diamonds beat spades on equal ranks: seat 0 (A-K-Q-J-9 in hearts, a flush) wins 30
    assert h.stacks == [220, 190, 190]


def test_no_split_once_a_bet_is_made() -> None:
    h = deal()
    to_round_two(h)
    h.act(Action.bet(20), 2)
    legal = h.legal_actions()
    assert legal is not None and not legal.split


def test_all_in_players_are_asked_and_decline_only_their_pots() -> None:
    h = deal(3, stacks=[200, 200, 8])
    h.act(C, 2)  # all-in for 8 of the 10
    h.act(C, 0)
    h.act(K, 1)
    for seat in (2, 0, 1):
        h.act(PAT, seat)
    assert h.current_pots()[1].eligible == (0, 1) and h.to_act == 0
    h.act(SPLIT, 0)
    h.act(SPLIT, 1)
    assert h.phase.value == "split" and h.to_act == 2  # A-G15-2: the all-in player is asked too
    legal = h.legal_actions()
    assert legal is not None and legal.split and legal.check
    h.act(K, 2)  # declines: the main pot goes to the showdown, the side pot is split
    assert h.is_complete
    pots = [(e.amount, e.eligible, e.text) for e in h.events if e.type is EventType.POT]
    assert pots == [(4, (0, 1), "split"), (24, (0, 1, 2), None)]
    assert h.stacks == [216, 192, 0]


def test_all_in_player_accepting_completes_the_split() -> None:
    h = deal(3, stacks=[200, 200, 8])
    h.act(C, 2)
    h.act(C, 0)
    h.act(K, 1)
    for seat in (2, 0, 1):
        h.act(PAT, seat)
    h.act(SPLIT, 0)
    h.act(SPLIT, 1)
    h.act(SPLIT, 2)
    assert h.is_complete and not [e for e in h.events if e.type is EventType.SHOW]
    assert h.stacks == [200, 200, 8]  # main 24: 8 each; side 4: 2 each
