"""Stud engine parts (RULES G4, G9, G10, G16; TRAPS T10 c, T14, T15, T16) with exact chips, cards and turns."""

from __future__ import annotations

import pytest

from pokerroom.engine import Action, DeckSource, EventType, Hand, ScriptedCards
from pokerroom.errors import IllegalAction, IllegalAmount
from pokerroom.games import Betting, find

F, C, K = Action.fold(), Action.call(), Action.check()
BRING = Action.post_bring_in()
R, B = Action.raise_to, Action.bet


def stud(game: str, hole: dict[int, str], *, ante: int = 2, stacks: list[int] | None = None) -> Hand:
    n = len(hole)
    return find(game).deal(
        stacks=stacks or [1000] * n,
        button=n - 1,
        ante=ante,
        bring_in=5,
        betting=Betting.fixed_limit(10, 20, rounds=5),
        cards=ScriptedCards(hole),
    )


def test_t14a_stud_lowest_door_card_by_suit_brings_in() -> None:
    h = stud("stud", {0: "AhAd5s", 1: "3h4h2d", 2: "6h7hKc", 3: "8h9h2c"})
    assert h.to_act == 3
    legal = h.legal_actions()
    assert legal is not None and (legal.bring_in, legal.bet, legal.fold, legal.check) == (5, (10, 10), False, False)


def test_t14b_stud8_ace_counts_high_for_the_bring_in() -> None:
    h = stud("stud8", {0: "KhKdAc", 1: "3h4h2h", 2: "6h7h9d"})
    assert h.to_act == 1


def test_t14c_razz_highest_door_card_brings_in_spades_first() -> None:
    h = stud("razz", {0: "2h3hKd", 1: "4h5hKs", 2: "6h7hAc", 3: "8h9hQh"})
    assert h.to_act == 1


def test_t14_pot_limit_stud_highest_card_brings_in() -> None:
    h = find("stud").deal(
        stacks=[1000] * 3, button=2, ante=2, bring_in=5, limit="pot",
        cards=ScriptedCards({0: "2h3hKd", 1: "4h5hKs", 2: "6h7hAc"}),
    )  # fmt: skip
    assert h.to_act == 2  # the ace is the highest card


def test_t15_completion_is_not_a_raise_and_the_cap() -> None:
    hole = {0: "AhKh2c", 1: "QhJh5d", 2: "9s9c8s", 3: "7s6s6h", 4: "4c3c9h"}
    h = stud("stud", hole)
    assert h.pot_total == 10 and h.to_act == 0
    h.act(BRING, 0)
    assert h.to_act == 1
    legal = h.legal_actions()
    assert legal is not None and (legal.call, legal.raise_) == (5, (10, 10))
    with pytest.raises(IllegalAmount) as err:
        h.act(R(15), 1)
    assert err.value.nearest == 10
    h.act(R(10), 1)  # completes
    h.act(R(20), 2)
    h.act(R(30), 3)
    h.act(R(40), 4)
    legal = h.legal_actions()
    assert legal is not None and legal.seat == 0 and (legal.call, legal.raise_) == (35, None)
    h.act(C, 0)
    legal = h.legal_actions()
    assert legal is not None and legal.seat == 1 and (legal.call, legal.raise_) == (30, None)


def fourth_street(game: str) -> Hand:
    # Seat 2 shows 8s then 8d: an open pair on fourth street; seat 0 (2c) brings in.
    hole = {0: "AhKh2c" + "3d", 1: "QhJh5d" + "Ts", 2: "9s9c8s" + "8d", 3: "7s6s6h" + "2s", 4: "4c3c9h" + "Jd"}
    h = stud(game, hole)
    h.act(BRING, 0)
    for seat in (1, 2, 3, 4):
        h.act(C, seat)
    assert h.street == 1
    return h


def test_t15_open_pair_on_fourth_street_allows_the_big_bet() -> None:
    h = fourth_street("stud")
    assert h.to_act == 2  # the open pair is the best showing hand
    legal = h.legal_actions()
    assert legal is not None and legal.check and legal.bet == (10, 20) and legal.amounts == (10, 20)
    with pytest.raises(IllegalAmount, match="the legal amounts are 10 or 20"):
        h.act(B(15), 2)
    h.act(B(10), 2)
    legal = h.legal_actions()
    assert legal is not None and legal.seat == 3 and legal.call == 10 and legal.amounts == (20, 30)
    h.act(R(30), 3)  # a big raise: later raises are big ones
    legal = h.legal_actions()
    assert legal is not None and legal.amounts == (50,)


@pytest.mark.parametrize("game", ["stud8", "razz"])
def test_t15_no_big_bet_on_fourth_street_in_stud8_and_razz(game: str) -> None:
    hole = {0: "AhKh2c" + "3d", 1: "QhJh5d" + "Ts", 2: "9s9c8s" + "8d", 3: "7s6s6h" + "2s", 4: "4c3c9h" + "Jd"}
    if game == "razz":  # razz brings in the highest card: seat 1's queen... use a king there
        hole = {0: "AhKh2c" + "3d", 1: "QhJhKs" + "Ts", 2: "9s9c8s" + "8d", 3: "7s6s6h" + "2s", 4: "4c3c9h" + "Jd"}
    h = stud(game, hole)
    first = h.to_act
    assert first is not None
    h.act(BRING, first)
    while h.street == 0:
        h.act(C, h.to_act)
    legal = h.legal_actions()
    assert legal is not None and legal.bet == (10, 10) and legal.amounts is None


def test_razz_later_streets_opened_by_the_best_low_showing() -> None:
    hole = {0: "AhKh2c" + "Kd", 1: "QhJhKs" + "3s", 2: "9s9c8s" + "4d"}
    h = stud("razz", hole)
    assert h.to_act == 1
    h.act(BRING, 1)
    h.act(C, 2)
    h.act(C, 0)
    # showing: seat 0 2-K, seat 1 K-3, seat 2 8-4: the best low is 8-4
    assert h.street == 1 and h.to_act == 2


def test_t10c_stud_odd_chip_by_position_not_by_suit() -> None:
    hole = {
        0: "KhQcJd" + "Td" + "9s" + "3h" + "4h",
        1: "5d6d2c" + "7c",
        2: "KsQdJc" + "Tc" + "9h" + "3s" + "4s",
    }
    h = find("stud").deal(
        stacks=[100] * 3, button=2, ante=20, bring_in=5, betting=Betting.fixed_limit(10, 20, rounds=5),
        cards=ScriptedCards(hole),
    )  # fmt: skip
    assert h.to_act == 1
    h.act(BRING, 1)
    h.act(C, 2)
    h.act(C, 0)
    assert h.pot_total == 75 and h.to_act == 0  # J-T showing twice: the first clockwise from the dealer box
    h.act(K, 0)
    h.act(F, 1)
    h.act(K, 2)
    while not h.is_complete:
        h.act(K, h.to_act)
    pot = [e for e in h.events if e.type is EventType.POT]
    assert [(e.amount, e.winners) for e in pot] == [(75, ((0, 38), (2, 37)))]
    assert h.stacks == [113, 75, 112]


def test_t16_community_card_when_the_deck_runs_out() -> None:
    h = find("stud").deal(
        stacks=[1000] * 8, button=7, ante=1, bring_in=5, betting=Betting.fixed_limit(10, 20, rounds=5),
        cards=DeckSource.shuffled(seed=16),
    )  # fmt: skip
    h.act(BRING, h.to_act)
    while h.street < 4 and not h.is_complete:
        legal = h.legal_actions()
        assert legal is not None
        h.act(C if legal.call is not None else K, legal.seat)
    assert h.is_complete and len(h.board) == 1
    assert [e.text for e in h.events if e.type is EventType.DEAL_BOARD] == ["common card"]
    assert all(len(cards) == 6 for cards in h.hole)
    shows = [e for e in h.events if e.type is EventType.SHOW]
    assert len(shows) == 8
    dealt = [c for cards in h.hole for c in cards] + h.board
    assert len(dealt) == len(set(dealt)) == 49
    assert sum(h.stacks) == 8000


def test_bring_in_player_cannot_fold_or_check() -> None:
    h = stud("stud", {0: "AhKh2c", 1: "QhJh5d"})
    with pytest.raises(IllegalAction, match="bring in 5"):
        h.act(F, 0)
    with pytest.raises(IllegalAction):
        h.act(K, 0)
    h.act(B(10), 0)  # completes at once
    legal = h.legal_actions()
    assert legal is not None and legal.seat == 1 and (legal.call, legal.raise_) == (10, (20, 20))


def test_everybody_calls_the_bring_in_and_the_round_ends() -> None:
    h = stud("stud", {0: "AhKh2c" + "3d", 1: "QhJh5d" + "Ts", 2: "9s9c8s" + "7d"})
    h.act(BRING, 0)
    h.act(C, 1)
    h.act(C, 2)
    assert h.street == 1 and h.pot_total == 6 + 15


def test_pot_limit_stud_bring_in_is_twice_the_ante_and_the_smallest_bet() -> None:
    # RULES G9: bring-in 2 x ante; §3.9: at pot limit the smallest bet is the bring-in, the largest the pot (6).
    h = find("stud").deal(
        stacks=[1000] * 3, button=2, ante=2, limit="pot",
        cards=ScriptedCards({0: "2h3hKd", 1: "4h5hKs", 2: "6h7hAc"}),
    )  # fmt: skip
    assert (h.bring_in, h.betting.min_bet, h.pot_total, h.to_act) == (4, 4, 6, 2)
    legal = h.legal_actions()
    assert legal is not None and (legal.bring_in, legal.bet) == (4, (4, 6))


def test_pot_limit_minimum_bet_stands_above_a_small_pot() -> None:
    # Ante 1 each (pot 3) with a 10-chip smallest bet: the bring-in seat may bet exactly 10, above the pot.
    h = find("stud").deal(
        stacks=[1000] * 3, button=2, ante=1, bring_in=5, betting=Betting.pot_limit(10),
        cards=ScriptedCards({0: "2h3hKd", 1: "4h5hKs", 2: "6h7hAc"}),
    )  # fmt: skip
    legal = h.legal_actions()
    assert legal is not None and legal.seat == 2 and legal.bet == (10, 10)
