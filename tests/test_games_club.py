"""The club games and the A-6 table (RULES G1, G2, G3, §5; §7.1-§7.4 vectors that involve play)."""

from __future__ import annotations

import pytest

from pokerroom.engine import Action, DeckSource, EventType, ScriptedCards
from pokerroom.errors import IllegalAction, IllegalAmount, UnsupportedRule
from pokerroom.games import find
from pokerroom.games.club import club_draw_limit

F, C, K = Action.fold(), Action.call(), Action.check()
R, B = Action.raise_to, Action.bet
LOWBALL, CLUB_HOLDEM, A6 = find("club-lowball"), find("club-holdem"), find("a6-lowball")


def test_g1_ante_ranges_and_first_actor() -> None:
    h = LOWBALL.deal(stacks=[200] * 4, button=3, seed=1)
    assert h.pot_total == 12 and h.stacks == [197] * 4  # ante 3 each
    assert h.to_act == 0  # left of the dealer
    legal = h.legal_actions()
    assert legal is not None and legal.fold and legal.check and legal.bet == (1, 10)
    with pytest.raises(IllegalAmount) as err:
        h.act(B(15), 0)
    assert err.value.nearest == 10  # the room and the CLI clamp to it (decision 19)
    h.act(B(10), 0)
    assert h.legal_actions().raise_ == (11, 20)  # type: ignore[union-attr]  # any increment 1-10


def test_g1_all_check_goes_to_the_draw_then_left_of_the_dealer_opens() -> None:
    h = LOWBALL.deal(stacks=[200] * 3, button=2, seed=2)
    for seat in (0, 1, 2):
        h.act(K, seat)
    assert h.phase.value == "draw" and h.to_act == 0
    for seat in (0, 1, 2):
        h.act(Action.stand_pat(), seat)
    assert h.phase.value == "betting" and h.to_act == 0  # A-G1-1
    assert h.legal_actions().bet == (1, 30)  # type: ignore[union-attr]


def test_g1_round_two_opened_by_the_opener_or_the_last_raiser() -> None:
    h = LOWBALL.deal(stacks=[200] * 4, button=3, seed=3)
    h.act(K, 0)
    h.act(B(5), 1)  # seat 1 opens
    h.act(R(10), 2)  # seat 2 raises
    h.act(C, 3)
    h.act(C, 0)
    h.act(C, 1)
    for seat in (0, 1, 2, 3):
        h.act(Action.stand_pat(), seat)
    assert h.to_act == 1  # the opener
    h2 = LOWBALL.deal(stacks=[200] * 4, button=3, seed=3)
    h2.act(K, 0)
    h2.act(B(5), 1)
    h2.act(R(10), 2)
    h2.act(C, 3)
    h2.act(C, 0)
    h2.act(F, 1)  # the opener folds
    for seat in (0, 2, 3):
        h2.act(Action.stand_pat(), seat)
    assert h2.to_act == 2  # the last raiser of round one


def test_g1_draw_limit_by_table_size() -> None:
    assert [club_draw_limit(n) for n in (2, 5, 6, 7, 10)] == [5, 5, 4, 3, 3]
    h = LOWBALL.deal(stacks=[200] * 6, button=5, seed=4)
    for seat in range(6):
        h.act(K, seat)
    legal = h.legal_actions()
    assert legal is not None and legal.draw == 4
    with pytest.raises(IllegalAmount, match="at most 4 cards"):
        h.act(Action.draw(tuple(h.hole[0][:5])), 0)


def test_he14_odd_chips_carry_to_the_next_hand() -> None:
    # Club hold'em: two players split a pot of 25 -> 12 each and 1 carried over.
    cards = ScriptedCards({0: "2c3d", 1: "2d3c", 2: "7h8h"}, "AsKsQdJcTh")
    h = CLUB_HOLDEM.deal(stacks=[100, 100, 100], button=2, cards=cards)
    assert h.bets == [5, 10, 0] and h.to_act == 2
    h.act(F, 2)
    h.act(R(12), 0)  # a 2-chip raise: the club's one-chip minimum
    h.act(R(15), 1)
    h.act(R(25), 0)
    h.act(Action.call(), 1)
    while not h.is_complete:
        h.act(K, h.to_act)
    # each put 25 in; board A K Q J T: both play the board, 50 split evenly
    assert h.stacks == [100, 100, 100] and h.carried == 0
    cards = ScriptedCards({0: "2c3d", 1: "2d3c", 2: "7h8h"}, "AsKsQdJcTh")
    odd = CLUB_HOLDEM.deal(stacks=[100, 100, 100], button=2, cards=cards, carried_in=1)
    odd.act(F, 2)
    odd.act(C, 0)
    odd.act(K, 1)
    while not odd.is_complete:
        odd.act(K, odd.to_act)
    pot = [e for e in odd.events if e.type is EventType.POT]
    assert [(e.amount, e.winners, e.text) for e in pot] == [(21, ((0, 10), (1, 10)), "1 carried to the next hand")]
    assert odd.carried == 1 and odd.stacks == [100, 100, 100] and odd.total_chips == 301


def test_he14_last_hand_of_the_evening_pays_the_odd_chip() -> None:
    cards = ScriptedCards({0: "2c3d", 1: "2d3c", 2: "7h8h"}, "AsKsQdJcTh")
    h = CLUB_HOLDEM.deal(stacks=[100, 100, 100], button=2, cards=cards, carried_in=1, last_hand=True)
    h.act(F, 2)
    h.act(C, 0)
    h.act(K, 1)
    while not h.is_complete:
        h.act(K, h.to_act)
    assert h.carried == 0 and h.stacks == [101, 100, 100]  # A-G1-7: first tied winner clockwise


def test_he17_and_a_g2_5_literal_heads_up() -> None:
    h = CLUB_HOLDEM.deal(stacks=[500, 500], button=0, seed=5)
    assert h.bets == [10, 5] and h.to_act == 1  # the non-dealer posts 5 and acts first
    h.act(C, 1)
    legal = h.legal_actions()
    assert legal is not None and legal.seat == 0 and legal.check and legal.raise_ == (11, 500)  # HE-17
    h.act(K, 0)
    assert h.street == 1 and h.to_act == 1  # the non-dealer first in every round


def test_a_g2_5_literal_heads_up_blinds_are_named_by_their_amounts() -> None:
    # Seed 001's literal layout (settled decision 14): the non-dealer posts the first blind of 5, the small blind,
    # and the dealer the second, the big blind of 10; the small blind is posted first.
    h = CLUB_HOLDEM.deal(stacks=[500, 500], button=0, seed=5)
    posted = [(e.seat, e.amount, e.to, e.text) for e in h.events if e.type is EventType.POST_BLIND]
    assert posted == [(1, 5, 5, "small blind"), (0, 10, 10, "big blind")]
    assert h.bets == [10, 5] and h.stacks == [490, 495] and h.to_act == 1
    # the house rule hu_button_posts_sb: the online layout, the button posts the small blind and acts first
    online = CLUB_HOLDEM.with_rules(hu_button_posts_sb=True).deal(stacks=[500, 500], button=0, seed=5)
    online_posted = [(e.seat, e.amount, e.text) for e in online.events if e.type is EventType.POST_BLIND]
    assert online_posted == [(0, 5, "small blind"), (1, 10, "big blind")]
    assert online.bets == [5, 10] and online.to_act == 0
    # three players: left of the button the small blind, then the big blind, whatever the heads-up rule
    three = CLUB_HOLDEM.deal(stacks=[500, 500, 500], button=0, seed=5)
    three_posted = [(e.seat, e.amount, e.text) for e in three.events if e.type is EventType.POST_BLIND]
    assert three_posted == [(1, 5, "small blind"), (2, 10, "big blind")] and three.to_act == 0


def test_club_holdem_house_rule_tda_minimum() -> None:
    tda = CLUB_HOLDEM.with_rules(nl_min_chips=0)
    h = tda.deal(stacks=[500] * 3, button=2, seed=6)
    assert h.legal_actions().raise_ == (20, 500)  # type: ignore[union-attr]
    with pytest.raises(UnsupportedRule, match="no house rule 'ante'"):
        CLUB_HOLDEM.with_rules(ante=1)


def test_g3_check_or_bet_only_and_the_opener_opens_round_two() -> None:
    h = A6.deal(stacks=[20] * 3, button=2, seed=7)
    assert h.pot_total == 3 and h.to_act == 0
    legal = h.legal_actions()
    assert legal is not None and (legal.fold, legal.check, legal.bet) == (False, True, (1, 1))
    with pytest.raises(IllegalAction):
        h.act(F, 0)
    h.act(K, 0)
    h.act(B(1), 1)  # seat 1 opens
    h.act(R(2), 2)
    h.act(R(3), 0)
    h.act(R(4), 1)  # capped at four bets
    legal = h.legal_actions()
    assert legal is not None and legal.seat == 2 and legal.raise_ is None
    h.act(C, 2)
    h.act(C, 0)
    for seat in (0, 1, 2):
        h.act(Action.stand_pat(), seat)
    assert h.to_act == 1  # the first bettor of round one (A-G3-6)
    assert h.legal_actions().bet == (2, 2)  # type: ignore[union-attr]


def test_g3_opener_folded_next_active_clockwise() -> None:
    h = A6.deal(stacks=[20] * 4, button=3, seed=8)
    h.act(B(1), 0)
    h.act(C, 1)
    h.act(C, 2)
    h.act(C, 3)
    h2 = h.copy()
    for seat in range(4):
        h2.act(Action.stand_pat(), seat)
    assert h2.to_act == 0
    # the opener folds on a raise in round one: round two starts with the next active player
    h = A6.deal(stacks=[20] * 4, button=3, seed=8)
    h.act(B(1), 0)
    h.act(R(2), 1)
    h.act(C, 2)
    h.act(C, 3)
    h.act(F, 0)
    for seat in (1, 2, 3):
        h.act(Action.stand_pat(), seat)
    assert h.to_act == 1


def test_a6_fold_house_rule() -> None:
    h = A6.with_rules(allow_fold_when_check=True).deal(stacks=[20] * 2, button=1, seed=9)
    legal = h.legal_actions()
    assert legal is not None and legal.fold and legal.check


def test_sp1_side_pot_example_in_club_lowball_round_two() -> None:
    # A (seat 0), B (seat 1), C (seat 2, 10 chips left) in round two: A opens 10, B raises by 20, C calls
    # all-in 10, A calls 20.  C has the best hand, B the second.
    hole = {0: "KcQdJh9s8c", 1: "7c6d5h4s2d", 2: "5c4d3h2sAd"}
    h = LOWBALL.deal(stacks=[200, 200, 13], button=2, cards=ScriptedCards(hole), limit="no")
    for seat in (0, 1, 2):
        h.act(K, seat)
    for seat in (0, 1, 2):
        h.act(Action.stand_pat(), seat)
    h.act(B(10), 0)
    h.act(R(30), 1)
    h.act(C, 2)
    h.act(C, 0)
    pots = [(e.amount, e.eligible, e.winners) for e in h.events if e.type is EventType.POT]
    assert pots == [(30 + 9, (0, 1, 2), ((2, 39),)), (40, (0, 1), ((1, 40),))]


def test_seeded_lowball_is_reproducible() -> None:
    a = LOWBALL.deal(stacks=[200] * 3, button=0, cards=DeckSource.shuffled(seed=11))
    b = LOWBALL.deal(stacks=[200] * 3, button=0, cards=DeckSource.shuffled(seed=11))
    assert a.hole == b.hole


def test_lb16_tie_on_31_chips_carries_one() -> None:
    # Club lowball, two players tie with 9-8-6-4-2: a 31-chip pot pays 15 + 15 and carries 1 (LB-11, LB-16).
    hole = {0: "9c8d6h4s2c", 1: "9d8h6s4c2d"}
    h = LOWBALL.deal(stacks=[100, 100], button=1, cards=ScriptedCards(hole), carried_in=1)
    h.act(B(10), 0)
    h.act(C, 1)
    for seat in (0, 1):
        h.act(Action.stand_pat(), seat)
    h.act(B(2), 0)
    h.act(C, 1)
    pot = [(e.amount, e.winners, e.text) for e in h.events if e.type is EventType.POT]
    assert pot == [(31, ((0, 15), (1, 15)), "1 carried to the next hand")]
    assert h.carried == 1 and h.stacks == [100, 100]


def test_lb20_a_bet_over_the_limit_names_the_nearest_legal_amount() -> None:
    h = LOWBALL.deal(stacks=[200] * 3, button=2, seed=12)
    with pytest.raises(IllegalAmount, match="nearest legal amount 10") as err:
        h.act(B(12), 0)
    assert err.value.nearest == 10 and LOWBALL.house.clamp_out_of_range_bets
    h.act(B(err.value.nearest), 0)  # what the room places when it clamps
    assert h.bets[0] == 10


def test_a6_10_round_two_opener() -> None:
    # Dealer P0; round 1: P1 checks, P2 bets, P3 raises, P1 folds, P2 calls -> round 2 starts with P2.
    def round_one(p2_folds: bool, all_check: bool = False) -> int | None:
        h = A6.deal(stacks=[20] * 4, button=0, seed=13)
        if all_check:
            for seat in (1, 2, 3, 0):
                h.act(K, seat)
        else:
            h.act(K, 1)
            h.act(B(1), 2)
            h.act(R(2), 3)
            h.act(C, 0)
            h.act(F, 1)
            h.act(F if p2_folds else C, 2)
        while h.phase.value == "draw":
            h.act(Action.stand_pat(), h.to_act)
        return h.to_act

    assert round_one(False) == 2
    assert round_one(True) == 3
    assert round_one(False, all_check=True) == 1


def test_a6_11_odd_chip_to_the_first_winner_left_of_the_dealer() -> None:
    # Pot 7 split between P2 and P4, dealer P0: P2 gets 4, P4 gets 3.
    hole = {0: "KcKdKhQcQd", 1: "JcJdJhTcTd", 2: "6c4h3s2dAc", 3: "9c9d9h8c8d", 4: "6d4d3c2hAh"}
    h = A6.deal(stacks=[20] * 5, button=0, cards=ScriptedCards(hole))
    h.act(K, 1)
    h.act(B(1), 2)
    h.act(F, 3)
    h.act(C, 4)
    h.act(F, 0)
    h.act(F, 1)
    assert h.pot_total == 7
    for seat in (2, 4):
        h.act(Action.stand_pat(), seat)
    h.act(K, 2)
    h.act(K, 4)
    pot = [(e.amount, e.winners) for e in h.events if e.type is EventType.POT]
    assert pot == [(7, ((2, 4), (4, 3)))]
    assert h.stacks == [19, 19, 22, 19, 21]


def test_club_blinds_house_rule_is_a_small_and_a_big_amount() -> None:
    """``blinds`` takes two positive whole numbers, the small first (as ``--stakes`` does): ``0,0`` or ``10,5`` is
    refused with the reason, never dealt (a table with no big blind cannot deal)."""
    game = find("club-holdem")
    assert game.with_rules(blinds=(10, 20)).house.blinds == (10, 20)
    for bad in ((0, 0), (10, 5), (0, 10), (5,)):
        with pytest.raises(UnsupportedRule, match=r"house rule blinds cannot be .*(positive|two whole numbers)"):
            game.with_rules(blinds=bad)
