"""Americana (RULES G13; §6.1-§6.5; §7.8 AM-1, AM-5; TRAPS T22) played with exact chips, cards and turns.

Cards are scripted per seat in deal order: the down card, then the four up cards.  The dealer box is the
``button`` seat; the deal starts left of it.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from handtools import check_round, pots, shown
from pokerroom.cards import DECK32
from pokerroom.engine import Action, EventType, Hand, ScriptedCards
from pokerroom.errors import UnsupportedRule
from pokerroom.games import Game, Limit, find
from pokerroom.games.base import Opener

F, C, K = Action.fold(), Action.call(), Action.check()
BRING = Action.post_bring_in()
B, R = Action.bet, Action.raise_to

AMERICANA = find("americana")


def deal(
    hole: dict[int, str],
    *,
    button: int | None = None,
    ante: int = 1,
    stacks: list[int] | None = None,
    limit: str = "fixed",
    small_bet: int = 10,
) -> Hand:
    n = len(hole)
    return AMERICANA.deal(
        stacks=stacks or [100] * n,
        button=n - 1 if button is None else button,
        ante=ante,
        betting=AMERICANA.betting(limit, big_blind=small_bet),
        cards=ScriptedCards(hole),
    )





def test_declaration() -> None:
    assert AMERICANA.deck == DECK32 and AMERICANA.max_players == 6 and AMERICANA.hole_cards == 5
    assert [(s.hole, s.up, s.board, s.opener) for s in AMERICANA.streets] == [
        (1, 1, 0, Opener.BRING_IN),
        (0, 1, 0, Opener.SHOWING),
        (0, 1, 0, Opener.SHOWING),
        (0, 1, 0, Opener.SHOWING),
    ]
    assert AMERICANA.default_limit is Limit.FIXED
    assert set(AMERICANA.limits) == {Limit.FIXED, Limit.POT, Limit.NO}
    assert AMERICANA.betting("fixed", big_blind=10).bet_sizes == (10, 10, 20, 20)  # RULES §6.4: S S B B
    with pytest.raises(UnsupportedRule, match="2 to 6"):
        AMERICANA.deal(stacks=[100] * 7, ante=1)


def test_am1_equal_kings_spades_brings_in_at_twice_the_ante() -> None:
    h = deal({0: "7c" + "Kh", 1: "8c" + "Ks", 2: "9c" + "Qs"}, ante=2)
    assert h.pot_total == 6 and h.bring_in == 4 and h.to_act == 1
    legal = h.legal_actions()
    assert legal is not None and (legal.bring_in, legal.bet, legal.fold) == (4, (10, 10), False)


@pytest.mark.parametrize(
    ("doors", "seat"),
    [
        (("Kd", "Kc", "Kh"), 2),  # spades > hearts > diamonds > clubs
        (("Kd", "Kc", "Qs"), 0),
        (("Ac", "Ks", "7s"), 0),  # the ace is high
        (("9c", "9d", "8s"), 1),
        (("7c", "7d", "7h"), 2),
    ],
)
def test_highest_door_card_brings_in_spades_first(doors: tuple[str, ...], seat: int) -> None:
    downs = ("Tc", "Td", "Th")
    h = deal({k: downs[k] + door for k, door in enumerate(doors)})
    assert h.to_act == seat


@pytest.mark.parametrize(
    ("ups", "first"),
    [
        (("As Kd", "Qc Qd", "Jh Th"), 1),  # a pair beats high cards
        (("As Kd Qh", "Qc Qd 7c", "9h 9s 9c"), 2),  # trips beat a pair
        (("As Kd Qh", "Ac Kc Qs", "Ah Kh Jd"), 0),  # equal: the first clockwise from the box (seat 2)
    ],
)
def test_later_rounds_opened_by_the_best_showing_hand(ups: tuple[str, ...], first: int) -> None:
    downs = ("7d", "7h", "7s")
    h = deal({k: downs[k] + up.replace(" ", "") for k, up in enumerate(ups)})
    h.act(BRING, h.to_act)
    while h.street == 0:
        h.act(C, h.to_act)
    if len(ups[0]) > 5:
        check_round(h)
    assert h.to_act == first


def test_t22_flush_over_full_house_over_low_straight_over_trips_one_pot_each() -> None:
    # TRAPS T22 at no limit: four all-ins of different sizes make a main pot and two side pots, each won by the
    # next hand in the order flush > full house > A-7-8-9-T straight > trips.
    hole = {
        0: "Ah" + "7h9hJhQh",  # flush
        1: "8d" + "KsKdKc8s",  # full house
        2: "Ad" + "7s8h9cTd",  # straight, the ace below the seven
        3: "9d" + "QsQcQdJc",  # three queens
    }
    h = deal(hole, stacks=[20, 40, 60, 100], limit="no", small_bet=2)
    assert h.to_act == 1 and h.bring_in == 2  # K♠
    h.act(BRING, 1)
    h.act(C, 2)
    h.act(R(99), 3)
    for _ in range(3):
        h.act(C, h.to_act)
    assert h.is_complete
    assert pots(h) == [(80, ((0, 80),)), (60, ((1, 60),)), (40, ((2, 40),))]
    assert h.stacks == [80, 60, 40, 40]


@pytest.mark.parametrize(("button", "stacks"), [(2, [101, 100, 99]), (0, [100, 101, 99])])
def test_am5_equal_hands_split_odd_chip_to_the_first_clockwise_from_the_box(button: int, stacks: list[int]) -> None:
    # AM-5: A-K-Q-J-9 against A-K-Q-J-9, suits do not count: a split.  The pot is 7.
    hole = {0: "Ah" + "KcQdJs9c", 1: "Ad" + "KsQhJc9d", 2: "7c" + "8c9sTs7s"}
    h = deal(hole, button=button, small_bet=2)
    assert h.to_act == 1  # K♠ over K♣
    h.act(BRING, 1)
    h.act(F, 2)
    h.act(C, 0)
    assert h.to_act == (0 if button == 2 else 1)  # K-Q showing twice: the first clockwise from the box
    while not h.is_complete:
        h.act(K, h.to_act)
    assert shown(h) == ([0, 1] if button == 2 else [1, 0])  # checked through: the highest open hand, by position
    assert [e.amount for e in h.events if e.type is EventType.POT] == [7]
    assert h.stacks == stacks


def test_the_last_bettor_shows_first_and_the_highest_open_hand_otherwise() -> None:
    hole = {0: "Ah" + "KcQdJs9c", 1: "Ad" + "KsQhJc8d", 2: "7c" + "8c9sTs7s"}
    h = deal(hole, small_bet=2)
    h.act(BRING, 1)
    h.act(C, 2)
    h.act(C, 0)
    check_round(h)
    check_round(h)
    assert h.street == 3 and h.to_act == 0  # K-Q-J-9 over K-Q-J-8 and 8-9-T-7
    h.act(K, 0)
    h.act(B(4), 1)
    h.act(F, 2)
    h.act(C, 0)
    assert shown(h) == [1, 0]
    assert pots(h) == [(17, ((0, 17),))]  # A-K-Q-J-9 over A-K-Q-J-8
    assert h.stacks == [110, 93, 97]


@pytest.mark.parametrize("limit", list(AMERICANA.limits))
def test_random_legal_play_conserves_chips(limit: Limit, play_randomly: Callable[[Game, Limit, int], Hand]) -> None:
    showdowns = 0
    for seed in range(120):
        h = play_randomly(AMERICANA, limit, seed)
        showdowns += any(e.type is EventType.SHOW for e in h.events)
        dealt = [c for cards in h.hole for c in cards]
        assert len(dealt) == len(set(dealt)) and set(dealt) <= set(DECK32) and not h.board
    assert showdowns > 50
