"""The room's table (pokerroom.room.table): the moving button, the dead button, the dealer box and the club's rotating
deal, heads-up transitions and the layout between hands (RULES §3.11, G1-G3).  All time is virtual (VirtualClock); every
figure is exact.  Shared helpers: tests/tabletools.py."""

from __future__ import annotations

import itertools
import random

import pytest

from pokerroom.engine import EventType, ScriptedCards
from pokerroom.errors import RoomError
from pokerroom.room.clock import VirtualClock
from pokerroom.room.layout import Dealer
from pokerroom.room.stakes import BuyIn
from pokerroom.room.table import Table, TableConfig
from tabletools import (
    C,
    F,
    K,
    R,
    balanced,
    bets,
    check_down,
    dealt,
    fold_around,
    kinds,
    net,
    new_table,
    play,
    positions,
)

# ----------------------------------------------------------------------------------------------- the button (§3.11)


def test_3_11_moving_button_moves_one_player_each_hand() -> None:
    t = new_table("holdem", players=range(6), blinds=(5, 10), seats=6)
    seen = []
    for k in range(7):
        t.start_hand(seed=k)
        seen.append((*positions(t), bets(t)))
        result = fold_around(t)
        assert balanced(result)
    assert seen == [
        (0, 1, 2, 3, {1: 5, 2: 10}),
        (1, 2, 3, 4, {2: 5, 3: 10}),
        (2, 3, 4, 5, {3: 5, 4: 10}),
        (3, 4, 5, 0, {4: 5, 5: 10}),
        (4, 5, 0, 1, {5: 5, 0: 10}),
        (5, 0, 1, 2, {0: 5, 1: 10}),
        (0, 1, 2, 3, {1: 5, 2: 10}),
    ]
    # every big blind won the small blind once; seat 2 twice (hands 1 and 7), seat 1 paid it twice
    assert t.stacks() == {"p0": 1000, "p1": 995, "p2": 1005, "p3": 1000, "p4": 1000, "p5": 1000}
    assert t.total_chips() == 6000


def test_3_11_a_player_who_left_is_skipped() -> None:
    t = new_table("holdem", players=range(6), blinds=(5, 10), seats=6)
    t.start_hand(seed=1)
    assert positions(t) == (0, 1, 2, 3)
    fold_around(t)
    assert t.stand("p2") == 1005  # last hand's big blind leaves with the small blind he won
    t.start_hand(seed=2)
    assert dealt(t) == (0, 1, 3, 4, 5)
    assert positions(t) == (1, 3, 4, 5) and bets(t) == {3: 5, 4: 10}
    fold_around(t)
    assert t.stand("p4") == 1005  # the next big blind leaves too
    t.start_hand(seed=3)
    assert positions(t) == (3, 5, 0, 1) and bets(t) == {5: 5, 0: 10}
    fold_around(t)
    assert t.stacks() == {"p0": 1005, "p1": 995, "p3": 995, "p5": 995}
    assert t.total_chips() == 3990


def test_3_11_a_busted_player_sits_out_and_is_skipped() -> None:
    # p1 goes all-in with 50 and loses to p0; then p1 has no chips, is not dealt in, and the button passes him.
    t = new_table("holdem", players=(0, 2, 3), blinds=(5, 10), seats=4, buy_in=BuyIn(50, 1000))
    t.sit(1, "p1", 50)
    cards = ScriptedCards({0: "AsAh", 1: "7c2d", 2: "9c9d", 3: "KcQd"}, "AdKh4s8c3h")
    t.start_hand(cards=cards)
    assert positions(t) == (0, 1, 2, 3)
    play(t, (3, F), (0, R(50)), (1, C), (2, F))
    result = check_down(t)
    assert net(result) == {"p0": 60, "p1": -50, "p2": -10, "p3": 0}
    assert t.stacks()["p1"] == 0 and t.seats[1] is not None and t.seats[1].busted_at == 1
    assert t.finish_busts() == ["p1"]
    assert t.seats[1].sitting_out
    t.start_hand(seed=4)
    assert dealt(t) == (0, 2, 3)
    assert positions(t) == (2, 3, 0, 2)


def test_3_11_going_heads_up_button_posts_small_blind_and_no_big_blind_twice() -> None:
    # Decision 14: the big blind (seat 2) keeps out of the big blind when seat 1 leaves; from then on the button
    # posts the small blind and acts first before the flop, last after it.
    t = new_table("holdem", players=range(3), blinds=(5, 10), seats=3)
    t.start_hand(seed=1)
    assert positions(t) == (0, 1, 2, 0)
    fold_around(t)
    t.stand("p1")
    t.start_hand(seed=2)
    assert positions(t) == (2, 2, 0, 2) and bets(t) == {2: 5, 0: 10}
    play(t, (2, C), (0, K))
    assert t.hand is not None and t.hand.street == 1 and t.to_act == 0  # the big blind first after the flop
    check_down(t)
    t.start_hand(seed=3)
    assert positions(t) == (0, 0, 2, 0) and bets(t) == {0: 5, 2: 10}
    fold_around(t)
    t.start_hand(seed=4)
    assert positions(t) == (2, 2, 0, 2)


@pytest.mark.parametrize("leaver", ["p0", "p1", "p2"])
def test_3_11_heads_up_nobody_posts_the_big_blind_twice_in_a_row(leaver: str) -> None:
    t = new_table("holdem", players=range(3), blinds=(5, 10), seats=3)
    t.start_hand(seed=1)
    fold_around(t)
    big_before = t.layout.big_blind  # type: ignore[union-attr]
    t.stand(leaver)
    bigs = []
    for k in range(4):
        t.start_hand(seed=10 + k)
        assert t.layout is not None and t.layout.button == t.layout.small_blind == t.to_act
        bigs.append(t.layout.big_blind)
        fold_around(t)
    assert bigs[0] != big_before
    assert all(a != b for a, b in itertools.pairwise(bigs))


def test_a_g2_5_club_holdem_heads_up_keeps_the_literal_layout() -> None:
    # The dealer posts the big blind (10), the non-dealer the small (5) and acts first in every round.
    t = new_table("club-holdem", players=(0, 1), stack=500)
    t.start_hand(seed=1)
    assert positions(t) == (1, 0, 1, 0) and bets(t) == {1: 10, 0: 5}
    play(t, (0, C), (1, K))
    assert t.hand is not None and t.hand.street == 1 and t.to_act == 0
    check_down(t)
    t.start_hand(seed=2)
    assert positions(t) == (0, 1, 0, 1) and bets(t) == {0: 10, 1: 5}
    play(t, (1, C), (0, K))
    assert t.hand is not None and t.hand.street == 1 and t.to_act == 1


def test_3_11_club_holdem_going_heads_up_alternates_the_big_blind() -> None:
    t = new_table("club-holdem", players=range(3), stack=500)
    t.start_hand(seed=1)
    assert positions(t) == (0, 1, 2, 0)
    fold_around(t)
    t.stand("p0")
    t.start_hand(seed=2)
    # seat 2 was the big blind: now seat 1 deals and posts 10, seat 2 posts 5 and acts first
    assert positions(t) == (1, 2, 1, 2) and bets(t) == {1: 10, 2: 5}


# -------------------------------------------------------------------------------------------------- the dead button


def test_3_11_dead_button_big_blind_moves_one_seat_small_blind_may_be_dead() -> None:
    t = new_table("holdem", players=range(5), blinds=(5, 10), seats=5, dealer=Dealer.DEAD_BUTTON)
    t.start_hand(seed=1)
    assert positions(t) == (0, 1, 2, 3)
    fold_around(t)
    t.start_hand(seed=2)
    assert positions(t) == (1, 2, 3, 4)
    fold_around(t)
    assert t.stand("p3") == 1005  # last hand's big blind leaves: no small blind this hand
    t.start_hand(seed=3)
    assert positions(t) == (2, None, 4, 0) and bets(t) == {4: 10}
    fold_around(t)  # seat 4 wins nothing but his own big blind back
    t.start_hand(seed=4)
    # the button is on the empty seat 3 (the small blind's position last hand); seat 4 posts the small blind
    assert positions(t) == (3, 4, 0, 1) and bets(t) == {4: 5, 0: 10}
    play(t, (1, C), (2, C), (4, C), (0, K))
    assert t.hand is not None and t.hand.street == 1
    assert t.to_act == 4  # the small blind acts first after the flop, the button's seat being empty
    check_down(t)
    t.start_hand(seed=5)
    assert positions(t) == (4, 0, 1, 2) and bets(t) == {0: 5, 1: 10}


# ------------------------------------------------------------------------------- the dealer box and the club's deal


def test_3_11_stud_box_does_not_move_and_the_deal_starts_left_of_it() -> None:
    t = new_table("stud", players=range(5), seats=5, ante=1, bring_in=2, first_button=2)
    firsts = []
    for k in range(3):
        if k == 2:
            t.sit_out("p3")
        h = t.start_hand(seed=k)
        assert t.layout is not None and t.layout.button == 2
        first_deal = next(e for e in h.events if e.type is EventType.DEAL_HOLE)
        assert first_deal.seat is not None
        firsts.append(t.layout.dealt[first_deal.seat])
        assert balanced(check_down(t))
    assert firsts == [3, 3, 4]


@pytest.mark.parametrize("game", ["club-lowball", "a6-lowball"])
def test_g1_g3_club_dealer_rotates_one_seat_each_hand(game: str) -> None:
    t = new_table(game, players=range(4), seats=4, stack=100)
    dealers, first = [], []
    for k in range(5):
        t.start_hand(seed=k)
        assert t.layout is not None
        dealers.append(t.layout.button)
        first.append(t.to_act)
        check_down(t)
    assert dealers == [0, 1, 2, 3, 0]
    assert first == [1, 2, 3, 0, 1]  # the player left of the dealer opens


# -------------------------------------------------------------------- regressions: the layout between hands (§3.11)


def _preflop_order(t: Table) -> list[int]:
    """Everyone calls or checks the first betting round; the table seats in the order they acted."""
    h = t.hand
    assert h is not None
    order = []
    while h.street == 0 and not h.is_complete:
        seat = t.to_act
        assert seat is not None
        order.append(seat)
        legal = h.legal_actions()
        assert legal is not None
        t.act(seat, C if legal.call else K)
    return order


def test_3_11_newcomer_at_a_heads_up_table_waits_then_posts_the_big_blind_in_position() -> None:
    t = new_table("holdem", players=(0, 1), blinds=(5, 10), seats=3)
    t.start_hand(seed=0)
    assert positions(t) == (0, 0, 1, 0) and bets(t) == {0: 5, 1: 10}
    fold_around(t)
    t.sit(2, "p2", 1000)
    mark = len(t.events)
    t.start_hand(seed=1)
    # the button moves to seat 1; seat 2 is the small blind's position: the newcomer waits; heads-up, seat 1
    # (the big blind last hand) is the button and posts the small blind, seat 0 the big blind
    assert dealt(t) == (0, 1) and positions(t) == (1, 1, 0, 1) and bets(t) == {1: 5, 0: 10}
    assert kinds(t, mark) == [("wait", 2, 0, "waits for the big blind")]
    assert t.seats[2] is not None and t.seats[2].new
    assert _preflop_order(t) == [1, 0]
    fold_around(t)
    t.start_hand(seed=2)
    assert dealt(t) == (0, 1, 2) and positions(t) == (0, 1, 2, 0) and bets(t) == {1: 5, 2: 10}
    assert t.seats[2] is not None and not t.seats[2].new
    assert _preflop_order(t) == [0, 1, 2]
    fold_around(t)
    assert t.total_chips() == 3000


def test_3_11_newcomer_right_after_the_button_at_three_handed_waits() -> None:
    # seats 0 and 4 heads-up, a newcomer in seat 3: never button 0, BB 3, SB 4 (the small blind after the big)
    t = new_table("holdem", players=(0, 4), blinds=(5, 10), seats=5)
    t.start_hand(seed=0)
    assert positions(t) == (0, 0, 4, 0)
    fold_around(t)
    t.start_hand(seed=1)
    assert positions(t) == (4, 4, 0, 4)
    fold_around(t)
    t.sit(3, "p3", 1000)
    t.start_hand(seed=2)
    assert dealt(t) == (0, 4) and positions(t) == (0, 0, 4, 0) and t.layout is not None
    assert t.layout.waiting == (3,)
    fold_around(t)
    t.start_hand(seed=3)
    assert positions(t) == (4, 0, 3, 4) and bets(t) == {0: 5, 3: 10}
    assert _preflop_order(t) == [4, 0, 3]


def test_3_11_dead_button_back_from_heads_up_keeps_the_big_blind_off_the_button() -> None:
    t = new_table("holdem", players=range(3), blinds=(5, 10), seats=3, dealer=Dealer.DEAD_BUTTON)
    bigs = []
    for k in range(2):
        t.start_hand(seed=k)
        bigs.append(t.layout.big_blind)  # type: ignore[union-attr]
        fold_around(t)
    t.sit_out("p0")
    t.start_hand(seed=5)
    assert positions(t) == (2, 2, 1, 2) and bets(t) == {2: 5, 1: 10}
    fold_around(t)
    t.come_back("p0")
    t.start_hand(seed=6)
    assert positions(t) == (0, 1, 2, 0) and bets(t) == {1: 5, 2: 10}
    assert _preflop_order(t) == [0, 1, 2]
    assert bigs == [2, 0]


def test_3_11_dead_button_given_as_text_plays_the_dead_button() -> None:
    t = new_table("holdem", players=range(4), blinds=(5, 10), seats=4, dealer="dead_button")
    assert t.dealer is Dealer.DEAD_BUTTON and t.config.dealer is Dealer.DEAD_BUTTON
    t.start_hand(seed=0)
    fold_around(t)
    t.stand("p2")  # last hand's big blind: no small blind now
    t.start_hand(seed=1)
    assert positions(t) == (1, None, 3, 0) and bets(t) == {3: 10}


def _walk_the_room(dealer: Dealer, trial: int) -> None:
    """Random sitting, leaving, sitting out and coming back between hands; every hand's layout is checked."""
    rng = random.Random(trial)
    size = rng.randint(2, 8)
    t = Table(
        TableConfig("holdem", blinds=(5, 10), seats=size, buy_in=BuyIn(1, 10**6), dealer=dealer), clock=VirtualClock()
    )
    names = (f"n{i}" for i in itertools.count())
    for seat in rng.sample(range(size), rng.randint(0, size)):
        t.sit(seat, next(names), 1000)
    last_big: str | None = None

    def cw(a: int, b: int) -> int:
        return (b - a) % size

    for step in range(40):
        op = rng.choice(["hand"] * 4 + ["sit", "stand", "out", "back"])
        seated = [s for s in t.seats if s is not None]
        if op == "sit":
            free = [i for i, s in enumerate(t.seats) if s is None]
            if free:
                t.sit(rng.choice(free), next(names), 1000, post=rng.random() < 0.7)
        elif op == "stand" and seated:
            t.stand(rng.choice(seated).player)
        elif op == "out" and seated:
            t.sit_out(rng.choice(seated).player)
        elif op == "back" and seated:
            t.come_back(rng.choice(seated).player, post=rng.random() < 0.7)
        elif op == "hand":
            owing = {i for i, s in enumerate(t.seats) if s is not None and (s.new or s.owes_big or s.owes_small)}
            try:
                t.start_hand(seed=step)
            except RoomError:
                continue
            layout = t.layout
            assert layout is not None and layout.big_blind is not None
            where = (dealer, trial, step, layout)
            big = t.seats[layout.big_blind].player  # type: ignore[union-attr]
            assert big != last_big, where  # nobody posts the big blind twice in a row
            last_big = big
            sb, bb, button = layout.small_blind, layout.big_blind, layout.button
            if len(layout.dealt) == 2:
                assert button == sb and button in layout.dealt and bb != button, where
            else:
                assert bb != button, where
                if sb is not None:
                    assert 0 < cw(button, sb) < cw(button, bb), where  # clockwise button -> SB -> BB
                if dealer is Dealer.MOVING_BUTTON:
                    assert sb is not None, where
                    assert not [s for s in layout.dealt if 0 < cw(button, s) < cw(button, bb) and s != sb], where
                square = [s for s in layout.dealt if s not in owing]
                for s in owing & set(layout.dealt):  # owing players are dealt in as the big blind or posting
                    assert s in layout.cleared, where
                    if len(square) >= 2:  # else a new game: nobody owes anything
                        assert s == bb or (s not in (button, sb) and s in {*layout.posts, *layout.dead}), where
            fold_around(t)


@pytest.mark.parametrize("dealer", [Dealer.MOVING_BUTTON, Dealer.DEAD_BUTTON])
def test_3_11_random_seating_keeps_the_blinds_in_order(dealer: Dealer) -> None:
    for trial in range(300):
        _walk_the_room(dealer, trial)
