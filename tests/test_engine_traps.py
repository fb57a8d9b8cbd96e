"""TRAPS.md hold'em-family entries (T01-T06, T08-T10, T12, T20, T23, T24) with the exact chips of each entry.

Seats are 0-based: the entry's p1 is seat 0.
"""

from __future__ import annotations

import pytest

from pokerroom.engine import Action, DeckSource, EventType, Hand, Pot, ScriptedCards
from pokerroom.errors import IllegalAction, IllegalAmount
from pokerroom.games import Betting, find

HOLDEM = find("holdem")
OMAHA = find("omaha")


def deal(stacks: list[int], button: int, blinds: tuple[int, ...] = (1, 2), **kw: object) -> Hand:
    kw.setdefault("cards", DeckSource.shuffled(seed=7))
    return HOLDEM.deal(stacks=stacks, button=button, blinds=blinds, **kw)  # type: ignore[arg-type]


def play(hand: Hand, *moves: tuple[int, Action]) -> None:
    for seat, action in moves:
        hand.act(action, seat)


F, C, K = Action.fold(), Action.call(), Action.check()
R = Action.raise_to
B = Action.bet


def test_t01_short_all_in_after_full_raise_does_not_reopen() -> None:
    h = deal([19, 200, 16, 200], button=3)
    assert h.to_act == 2
    play(h, (2, R(16)), (3, C), (0, R(19)), (1, C))
    assert h.to_act == 3
    legal = h.legal_actions()
    assert legal is not None
    assert (legal.fold, legal.check, legal.call, legal.raise_) == (True, False, 3, None)
    with pytest.raises(IllegalAction):
        h.act(R(40), 3)
    assert h.to_act == 3 and h.stacks == [0, 181, 0, 184]
    h.act(C, 3)
    assert h.current_pots() == [Pot(64, (0, 1, 2, 3)), Pot(9, (0, 1, 3))]
    assert h.stacks == [0, 181, 0, 181]
    assert h.street == 1 and h.to_act == 1  # flop: only p2 and p4 bet, p2 first after the button
    assert h.total_chips == 435


def test_t02a_heads_up_min_raise_arithmetic() -> None:
    h = deal([1000, 1000], button=0, blinds=(10, 25))
    assert h.to_act == 0 and h.bets == [10, 25]
    legal = h.legal_actions()
    assert legal is not None and legal.raise_ == (50, 1000)
    h.act(R(50), 0)
    assert h.legal_actions().raise_ == (75, 1000)  # type: ignore[union-attr]
    h.act(R(75), 1)
    assert h.legal_actions().raise_ == (100, 1000)  # type: ignore[union-attr]


def test_t02b_postflop_first_bet_min_raise() -> None:
    h = deal([200, 200, 200], button=2)
    play(h, (2, C), (0, C), (1, K))
    assert h.street == 1 and h.to_act == 0
    h.act(B(2), 0)
    assert h.legal_actions().raise_ == (4, 198)  # type: ignore[union-attr]


def test_t02c_non_minimum_raise_sets_the_increment() -> None:
    h = deal([10000] * 4, button=3, blinds=(50, 100))
    h.act(R(300), 2)
    assert h.legal_actions().raise_ == (500, 10000)  # type: ignore[union-attr]


def test_t03_all_in_raise_below_minimum_then_call_only() -> None:
    # Seat 0 is the entry's p2 (500 behind, acts first), seat 1 the entry's p1 (29 behind); pot 100 at the river.
    h = deal([550, 79], button=1, blinds=(10, 20))
    play(h, (1, R(50)), (0, C), (0, K), (1, K), (0, K), (1, K))
    assert h.street == 3 and h.stacks == [500, 29] and h.pot_total == 100 and h.to_act == 0
    h.act(B(22), 0)
    legal = h.legal_actions()
    assert legal is not None and legal.seat == 1
    assert (legal.fold, legal.check, legal.call, legal.raise_) == (True, False, 22, (29, 29))
    with pytest.raises(IllegalAmount) as err:
        h.act(R(44), 1)
    assert err.value.nearest == 29
    h.act(R(29), 1)
    legal = h.legal_actions()
    assert legal is not None and (legal.call, legal.raise_) == (7, None)


def test_t03_exact_stacks_when_each_player_wins() -> None:
    for winner_hole, final in ((1, [471, 158]), (0, [629, 0])):
        hole = {winner_hole: "AsAh", 1 - winner_hole: "2c3d"}
        h = deal([550, 79], button=1, blinds=(10, 20), cards=ScriptedCards(hole, "7d8d9cJhQs"))
        play(h, (1, R(50)), (0, C), (0, K), (1, K), (0, K), (1, K))
        play(h, (0, B(22)), (1, R(29)), (0, C))
        assert h.stacks == final


def test_t04_facing_all_in_alone_must_act_and_cannot_raise() -> None:
    h = deal([3000, 2000], button=0, blinds=(50, 100))
    play(h, (0, R(250)), (1, R(2000)))
    legal = h.legal_actions()
    assert legal is not None and legal.seat == 0
    assert (legal.fold, legal.check, legal.call, legal.raise_) == (True, False, 1750, None)
    h.act(F, 0)
    assert h.stacks == [2750, 2250] and h.is_complete
    uncalled = [e for e in h.events if e.type is EventType.UNCALLED]
    assert [(e.seat, e.amount) for e in uncalled] == [(1, 1750)]


def test_t04_call_runs_the_board_out() -> None:
    cards = ScriptedCards({0: "AsAh", 1: "2c3d"}, "7d8d9cJhQs")
    h = deal([3000, 2000], button=0, blinds=(50, 100), cards=cards)
    play(h, (0, R(250)), (1, R(2000)), (0, C))
    assert h.is_complete and len(h.board) == 5
    pots = [(e.amount, e.winners) for e in h.events if e.type is EventType.POT]
    assert pots == [(4000, ((0, 4000),))]
    assert h.stacks == [5000, 0]


def test_t05a_big_blind_option() -> None:
    h = deal([200] * 4, button=3)
    play(h, (2, F), (3, F), (0, C))
    assert h.street == 0 and h.to_act == 1
    legal = h.legal_actions()
    assert legal is not None and legal.check and legal.raise_ == (4, 200)
    h.act(R(6), 1)
    legal = h.legal_actions()
    assert legal is not None and legal.seat == 0 and (legal.call, legal.raise_) == (4, (10, 200))


def test_t05b_live_straddle() -> None:
    h = deal([200] * 6, button=5, straddle=4)
    assert h.bets == [1, 2, 4, 0, 0, 0]
    assert h.to_act == 3
    legal = h.legal_actions()
    assert legal is not None and (legal.call, legal.raise_) == (4, (8, 200))
    play(h, (3, C), (4, C), (5, C), (0, C), (1, C))
    assert h.to_act == 2
    legal = h.legal_actions()
    assert legal is not None and legal.check and legal.raise_ == (8, 200)
    h.act(K, 2)
    assert h.street == 1 and h.to_act == 0  # after the flop the small blind acts first


def test_t06_heads_up_button_posts_small_blind_and_acts_first_preflop_only() -> None:
    h = deal([500, 500], button=0, blinds=(5, 10))
    assert h.bets == [5, 10] and h.to_act == 0
    play(h, (0, C))
    assert h.to_act == 1  # the big blind's option
    play(h, (1, K))
    assert h.street == 1 and h.to_act == 1  # after the flop the button acts last
    play(h, (1, K), (0, K))
    assert h.street == 2 and h.to_act == 1


def test_t06_example_line_and_hand_two() -> None:
    h = deal([500, 500], button=0, blinds=(5, 10))
    play(h, (0, R(30)), (1, F))
    assert h.stacks == [510, 490]
    assert [(e.seat, e.amount) for e in h.events if e.type is EventType.UNCALLED] == [(0, 20)]
    h2 = deal([510, 490], button=1, blinds=(5, 10))
    assert h2.bets == [10, 5] and h2.to_act == 1


def test_t08a_uncalled_part_returned_before_showdown() -> None:
    for hole, final in (({0: "2c3d", 1: "AsAh"}, [802, 396]), ({0: "AsAh", 1: "2c3d"}, [1198, 0])):
        h = deal([1000, 198], button=0, blinds=(10, 20), cards=ScriptedCards(hole, "7d8d9cJhQs"))
        play(h, (0, R(60)), (1, R(100)), (0, R(280)), (1, C))
        uncalled = [(e.seat, e.amount) for e in h.events if e.type is EventType.UNCALLED]
        assert uncalled == [(0, 82)]
        assert h.stacks == final


def test_t08b_all_in_then_fold() -> None:
    h = deal([1000, 1000], button=0, blinds=(10, 20))
    play(h, (0, R(1000)), (1, F))
    assert h.stacks == [1020, 980]
    assert [(e.seat, e.amount) for e in h.events if e.type is EventType.UNCALLED] == [(0, 980)]
    pot = [e for e in h.events if e.type is EventType.POT]
    assert [(e.amount, e.winners) for e in pot] == [(40, ((0, 40),))]
    assert h.outcome() == [20, -20]


def test_t08c_covering_raise_below_minimum_is_legal_fixed_limit() -> None:
    # Fixed limit 300/600 heads-up, river (the big-bet round): p1 has 750 in all, p2 plenty.
    betting = Betting.fixed_limit(300, 600)
    h = HOLDEM.deal(stacks=[750 + 300, 2600 + 300], button=1, blinds=(150, 300), betting=betting,
                    cards=DeckSource.shuffled(seed=3))
    play(h, (1, C), (0, K), (0, K), (1, K), (0, K), (1, K))
    assert h.street == 3 and h.stacks == [750, 2600]
    h.act(B(600), 0)
    legal = h.legal_actions()
    assert legal is not None and legal.raise_ == (750, 1200)
    h.act(R(750), 1)
    legal = h.legal_actions()
    assert legal is not None and (legal.call, legal.raise_) == (150, None)


def test_t09_folded_players_chips_stay_but_never_win() -> None:
    cards = ScriptedCards({0: "As9d", 1: "KsQs", 2: "JcJd"}, "2c7d9sJh4d")
    h = HOLDEM.deal(stacks=[100, 1000, 1000], button=0, blinds=(5, 10), cards=cards)
    play(h, (0, R(100)), (1, C), (2, C))
    play(h, (1, B(200)), (2, C))
    play(h, (1, B(300)), (2, F))
    assert h.is_complete
    assert h.stacks == [300, 1100, 700]
    pots = [(e.amount, e.eligible, e.winners) for e in h.events if e.type is EventType.POT]
    assert pots == [(300, (0, 1), ((0, 300),)), (400, (1,), ((1, 400),))]


def test_t10a_exact_three_way_split() -> None:
    cards = ScriptedCards({0: "2c3d", 1: "2d3c", 2: "2h3h"}, "AsKsQdJcTh")
    h = HOLDEM.deal(stacks=[10100, 10100, 10100], button=2, blinds=(50, 100), cards=cards)
    play(h, (2, R(10100)), (0, C), (1, C))
    assert h.stacks == [10100, 10100, 10100]
    pots = [e for e in h.events if e.type is EventType.POT]
    assert [(e.amount, e.winners) for e in pots] == [(30300, ((0, 10100), (1, 10100), (2, 10100)))]


def test_t10b_odd_chips_by_seat_from_the_button() -> None:
    cards = ScriptedCards({0: "2c3d", 1: "7h8h", 2: "2d3c", 3: "2h3h"}, "AsKsQdJcTh")
    h = HOLDEM.deal(stacks=[100] * 4, button=0, blinds=(2, 4), cards=cards)
    play(h, (3, R(100)), (0, C), (1, F), (2, C))
    assert h.stacks == [100, 98, 101, 101]


def test_t12_omaha_exactly_two_hole_cards() -> None:
    cards = ScriptedCards({0: "QhJsJd9c", 1: "5s3d8c8d"}, "AhKh7h4h2c")
    h = OMAHA.deal(stacks=[200, 200], button=0, blinds=(1, 2), limit="no", cards=cards)
    play(h, (0, R(200)), (1, C))
    assert h.stacks == [0, 400]
    pots = [(e.amount, e.winners) for e in h.events if e.type is EventType.POT]
    assert pots == [(400, ((1, 400),))]


def test_t20c_board_plays_split() -> None:
    cards = ScriptedCards({0: "Ah8h", 1: "AsQc"}, "Jd7hJcKhKs")
    h = HOLDEM.deal(stacks=[100, 100], button=0, blinds=(1, 2), cards=cards)
    play(h, (0, R(100)), (1, C))
    assert h.stacks == [100, 100]


def test_t20ab_flush_kickers_and_two_pair_choice() -> None:
    cards = ScriptedCards({0: "5dAh", 1: "Qc7d"}, "QdJd9dKc6d")
    h = HOLDEM.deal(stacks=[100, 100], button=0, blinds=(1, 2), cards=cards)
    play(h, (0, R(100)), (1, C))
    assert h.stacks == [0, 200]
    cards = ScriptedCards({0: "Ks6h", 1: "7c5s"}, "4d8s4h7d8c")
    h = HOLDEM.deal(stacks=[100, 100], button=0, blinds=(1, 2), cards=cards)
    play(h, (0, R(100)), (1, C))
    assert h.stacks == [0, 200]


def test_t23_showdown_order_last_aggressor_first() -> None:
    cards = ScriptedCards({0: "2c3d", 1: "AsAh", 2: "KsKh", 3: "QsQh"}, "4c7d9sJh8d")
    h = HOLDEM.deal(stacks=[1000] * 4, button=0, blinds=(5, 10), cards=cards, auto_showdown=False)
    play(h, (3, C), (0, C), (1, C), (2, K))
    for _ in range(2):
        play(h, (1, K), (2, K), (3, K), (0, K))
    play(h, (1, K), (2, B(50)), (3, R(150)), (0, F), (1, C), (2, C))
    assert h.to_act == 3  # p4 shows first, then clockwise p2, p3
    h.act(Action.show(), 3)
    assert h.to_act == 1
    h.act(Action.show(), 1)
    assert h.to_act == 2
    h.act(Action.muck(), 2)  # beaten by a hand already shown: may muck
    assert h.is_complete and h.stacks == [990, 1330, 840, 840]


def test_t23_checked_through_first_left_of_button_shows_first() -> None:
    cards = ScriptedCards({0: "2c3d", 1: "AsAh", 2: "KsKh", 3: "QsQh"}, "4c7d9sJh8d")
    h = HOLDEM.deal(stacks=[1000] * 4, button=0, blinds=(5, 10), cards=cards, auto_showdown=False)
    play(h, (3, C), (0, F), (1, C), (2, K))
    for _ in range(3):
        play(h, (1, K), (2, K), (3, K))
    assert h.to_act == 1


def test_t24a_antes_are_dead_money() -> None:
    h = deal([100, 100, 100], button=2, blinds=(5, 10), ante=5)
    assert h.pot_total == 30
    h.act(R(20), 2)
    assert h.stacks[2] == 75 and h.pot_total == 50
    play(h, (0, F), (1, F))
    assert h.stacks == [90, 85, 125]
    assert h.outcome() == [-10, -15, 25]


def test_t24b_all_in_for_part_of_the_ante() -> None:
    h = deal([1000, 1000, 1000, 6], button=0, blinds=(20, 40), ante=10)
    assert h.stacks[3] == 0
    assert h.to_act == 0  # p4 is all-in from the ante and cannot act
    play(h, (0, F), (1, C), (2, K))
    assert h.current_pots() == [Pot(24, (1, 2, 3)), Pot(92, (1, 2))]
