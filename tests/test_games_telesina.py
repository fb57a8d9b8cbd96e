"""Telesina (RULES G14; §6.1-§6.5; §7.8 TE-1, TE-2, TE-3, TE-8; TRAPS T22) played with exact chips, cards and
turns: the Vela and its fifth betting round, suit-ranked bring-ins and showing hands, the heads-up
straight-flush rule pot by pot.

Cards are scripted per seat in deal order: the down card, then the four up cards; the board script is the Vela.
The dealer box is the ``button`` seat; the deal starts left of it.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from handtools import check_round, pots, shown
from pokerroom.cards import DECK32, parse_cards
from pokerroom.engine import Action, EventType, Hand, ScriptedCards
from pokerroom.errors import UnsupportedRule
from pokerroom.games import Game, Limit, find
from pokerroom.games.base import Opener
from pokerroom.games.telesina import showing_telesina
from pokerroom.rankings import TELESINA as TELESINA_RANKING

F, C, K = Action.fold(), Action.call(), Action.check()
BRING = Action.post_bring_in()
B, R = Action.bet, Action.raise_to

TELESINA = find("telesina")


def deal(
    hole: dict[int, str],
    vela: str = "",
    *,
    button: int | None = None,
    ante: int = 1,
    stacks: list[int] | None = None,
    limit: str = "fixed",
    small_bet: int = 10,
) -> Hand:
    n = len(hole)
    return TELESINA.deal(
        stacks=stacks or [100] * n,
        button=n - 1 if button is None else button,
        ante=ante,
        betting=TELESINA.betting(limit, big_blind=small_bet),
        cards=ScriptedCards(hole, board=vela),
    )





def test_declaration() -> None:
    assert TELESINA.deck == DECK32 and TELESINA.max_players == 6 and TELESINA.hole_cards == 5
    assert [(s.name, s.hole, s.up, s.board, s.betting, s.opener) for s in TELESINA.streets] == [
        ("second", 1, 1, 0, True, Opener.BRING_IN),
        ("third", 0, 1, 0, True, Opener.SHOWING),
        ("fourth", 0, 1, 0, True, Opener.SHOWING),
        ("fifth", 0, 1, 0, True, Opener.SHOWING),
        ("vela", 0, 0, 1, True, Opener.SHOWING),
    ]
    assert TELESINA.default_limit is Limit.POT  # RULES G14: usually played pot limit online
    assert set(TELESINA.limits) == {Limit.FIXED, Limit.POT, Limit.NO}
    assert TELESINA.betting("fixed", big_blind=10).bet_sizes == (10, 10, 20, 20, 20)  # RULES §6.4: S S B B B
    with pytest.raises(UnsupportedRule, match="2 to 6"):
        TELESINA.deal(stacks=[100] * 7, ante=1)


# ---------------------------------------------------------------- the bring-in: hearts > diamonds > clubs > spades


def test_te1_equal_kings_hearts_brings_in() -> None:
    h = deal({0: "7c" + "Ks", 1: "8c" + "Kh", 2: "9c" + "Qh"}, ante=2)
    assert h.pot_total == 6 and h.bring_in == 4 and h.to_act == 1
    legal = h.legal_actions()
    assert legal is not None and (legal.bring_in, legal.bet, legal.fold) == (4, (10, 10), False)


@pytest.mark.parametrize(
    ("doors", "seat"),
    [
        (("Ks", "Kc"), 1),  # clubs over spades (Sökö and Americana: spades first)
        (("Kc", "Kd"), 1),
        (("Kd", "Kh"), 1),
        (("Kh", "Ks"), 0),
        (("As", "Kh"), 0),  # the rank before the suit; the ace is high
        (("7s", "7c"), 1),
    ],
)
def test_highest_door_card_brings_in_by_the_italian_suit_order(doors: tuple[str, ...], seat: int) -> None:
    downs = ("Tc", "Td")
    h = deal({k: downs[k] + door for k, door in enumerate(doors)})
    assert h.to_act == seat
    for limit in ("pot", "no"):  # the highest card at every limit
        assert deal({k: downs[k] + door for k, door in enumerate(doors)}, limit=limit).to_act == seat


# ---------------------------------------------------------------- later rounds: own up cards, ties by suit


@pytest.mark.parametrize(
    ("ups", "first"),
    [
        (("9sAc", "8sAh", "Tc7d"), 1),  # A♥ beats A♣ before the second card is looked at (by position: seat 0)
        (("KdKc", "KsKh", "7d8d"), 1),  # the pair with the heart
        (("AsKs", "9c9s", "Ah8h"), 1),  # a pair beats high cards
    ],
)
def test_later_rounds_opened_by_the_best_showing_hand_ties_by_suit(ups: tuple[str, ...], first: int) -> None:
    downs = ("Jc", "Jd", "Jh")
    h = deal({k: downs[k] + up for k, up in enumerate(ups)})
    h.act(BRING, h.to_act)
    while h.street == 0:
        h.act(C, h.to_act)
    assert h.to_act == first


def test_showing_telesina_keys() -> None:
    def key(cards: str) -> tuple[int, ...]:
        return showing_telesina(parse_cards(cards))

    assert key("Ah Qc") > key("Ad Kc")  # TE-6's logic on the up cards
    assert key("Kh Ks") > key("Kd Kc") > key("Ah Kh")
    assert key("9c 9s 9d") > key("Ah Ad Kh")
    assert key("8c 8s 7d 7c") > key("Ah Ad Kh Qh")
    assert key("Jc Jd 7s") > key("Jc Js Ah")  # the pair's suits come before the kicker


def _vela_hand(vela: str = "Jd") -> Hand:
    # Seat 0 shows 7♠ 8♣ 9♦ J♥ (jack high), seat 1 K♣ Q♦ 8♠ 7♥ (king high).  Counting the Vela J♦ would give
    # seat 0 a showing pair of jacks; the Vela is common and ignored (A-G14-1, A-G14-7).
    h = deal({0: "Ac" + "7s8c9dJh", 1: "Ad" + "KcQd8s7h"}, vela)
    assert h.to_act == 1  # K♣ brings in
    h.act(BRING, 1)
    h.act(C, 0)
    for _ in range(2):
        assert h.to_act == 1
        check_round(h)
    assert h.street == 3 and h.to_act == 1 and not h.board
    return h


def test_the_vela_is_a_board_card_with_a_fifth_betting_round() -> None:
    h = _vela_hand()
    check_round(h)
    assert h.street == 4 and h.round_index == 4
    assert h.board == parse_cards("Jd") and all(len(cards) == 5 for cards in h.hole)
    assert [(e.cards, e.text) for e in h.events if e.type is EventType.DEAL_BOARD] == [(tuple(h.board), "vela")]
    assert h.to_act == 1  # own up cards only: king high over jack high
    legal = h.legal_actions()
    assert legal is not None and legal.bet == (20, 20)  # the big bet in the fifth round
    h.act(B(20), 1)
    h.act(C, 0)
    assert shown(h) == [1, 0]  # the last bettor shows first
    assert pots(h) == [(46, ((0, 46),))]  # seat 0's jacks (with the Vela) beat A-K-Q-J-8
    assert h.stacks == [123, 77]


def test_a_g14_3_a_bet_before_the_vela_does_not_set_the_show_order() -> None:
    h = _vela_hand()
    h.act(K, 1)
    h.act(B(20), 0)
    h.act(C, 1)
    assert h.street == 4 and h.to_act == 1
    check_round(h)
    assert shown(h) == [1, 0]  # the Vela round was checked: the highest open hand shows first
    assert h.stacks == [123, 77]


# ---------------------------------------------------------------- the heads-up straight-flush rule (A-G14-2)


def test_te2_heads_up_the_lowest_straight_flush_beats_the_royal() -> None:
    hole = {0: "Th" + "AhKhQhJh", 1: "As" + "7s8s9sTs"}
    royal, low = (TELESINA_RANKING.evaluate(parse_cards(cards + "7d")) for cards in hole.values())
    assert royal > low  # outside a pot the royal ranks higher
    h = deal(hole, "7d")
    assert h.to_act == 0  # A♥ brings in
    h.act(BRING, 0)
    h.act(C, 1)
    while not h.is_complete:
        h.act(K, h.to_act)
    assert shown(h) == [0, 1]
    assert pots(h) == [(6, ((1, 6),))]
    assert h.stacks == [97, 103]


_TE3 = {0: "Th" + "AhKhQhJh", 1: "As" + "7s8s9sTs", 2: "Kd" + "KcQdQcJd"}


def test_te3_three_way_the_royal_wins() -> None:
    h = deal(_TE3, "7d")
    h.act(BRING, 0)
    h.act(C, 1)
    h.act(C, 2)
    while not h.is_complete:
        h.act(K, h.to_act)
    assert shown(h)[0] == 2  # the showing pair of queens is the highest open hand
    assert pots(h) == [(9, ((0, 9),))]
    assert h.stacks == [106, 97, 97]


def test_the_rule_applies_pot_by_pot_main_pot_three_way_side_pot_heads_up() -> None:
    h = deal(_TE3, "7d", stacks=[200, 200, 20], limit="no", small_bet=2)
    h.act(BRING, 0)
    h.act(C, 1)
    h.act(R(19), 2)  # all in
    h.act(C, 0)
    h.act(C, 1)
    assert h.pot_total == 60 and h.to_act == 0  # A-K showing
    h.act(B(20), 0)
    h.act(C, 1)
    while not h.is_complete:
        h.act(K, h.to_act)
    assert shown(h) == [2, 0, 1]
    # The main pot has three hands: the royal wins it; the side pot has two: A-7-8-9-T wins it.
    assert pots(h) == [(60, ((0, 60),)), (40, ((1, 40),))]
    assert h.stacks == [220, 200, 0]


# ---------------------------------------------------------------- suits at the showdown; T22


def test_te8_the_vela_as_kicker_the_top_pair_with_the_heart_wins() -> None:
    h = deal({0: "7s" + "KhKsQcQd", 1: "8d" + "KdKcQhQs"}, "Ac")
    assert h.to_act == 0  # K♥ over K♦
    h.act(BRING, 0)
    h.act(C, 1)
    while not h.is_complete:
        assert h.to_act == 0  # K♥ K♠ ... over K♦ K♣ ... every round
        h.act(K, h.to_act)
        h.act(K, h.to_act)
    assert pots(h) == [(6, ((0, 6),))]
    assert h.stacks == [103, 97]


def test_t22_flush_over_full_house_over_low_straight_over_trips_one_pot_each() -> None:
    hole = {
        0: "Ah" + "7h9hJhQh",  # flush
        1: "8d" + "KsKdKc8s",  # full house
        2: "Ad" + "7s8h9cTd",  # straight, the ace below the seven
        3: "9d" + "QsQcQdJc",  # three queens
    }
    h = deal(hole, "7c", stacks=[20, 40, 60, 100], limit="no", small_bet=2)
    assert h.to_act == 1 and h.bring_in == 2  # K♠ (the highest rank; no other king shows)
    h.act(BRING, 1)
    h.act(C, 2)
    h.act(R(99), 3)
    for _ in range(3):
        h.act(C, h.to_act)
    assert h.is_complete and h.board == parse_cards("7c")
    assert pots(h) == [(80, ((0, 80),)), (60, ((1, 60),)), (40, ((2, 40),))]
    assert h.stacks == [80, 60, 40, 40]


# ---------------------------------------------------------------- random legal play


@pytest.mark.parametrize("limit", list(TELESINA.limits))
def test_random_legal_play_conserves_chips(limit: Limit, play_randomly: Callable[[Game, Limit, int], Hand]) -> None:
    velas = 0
    for seed in range(120):
        h = play_randomly(TELESINA, limit, seed)
        velas += len(h.board)
        assert len(h.board) <= 1
        dealt = [c for cards in h.hole for c in cards] + h.board
        assert len(dealt) == len(set(dealt)) and set(dealt) <= set(DECK32)
    assert velas > 50
