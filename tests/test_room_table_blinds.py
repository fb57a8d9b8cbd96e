"""The room's table (pokerroom.room.table): blinds owed by new and returning players, missed blinds posted live or dead,
the club's new-player fee (RULES §3.4-§3.6, G2, GR-12, GR-13; TRAPS T07).  All time is virtual (VirtualClock); every
figure is exact.  Shared helpers: tests/tabletools.py."""

from __future__ import annotations

from pokerroom.engine import EventType, ScriptedCards
from pokerroom.room.layout import Dealer
from pokerroom.room.stakes import BuyIn
from pokerroom.room.table import Table
from tabletools import (
    B,
    C,
    F,
    K,
    R,
    balanced,
    bets,
    dead,
    dealt,
    fold_around,
    kinds,
    net,
    new_table,
    play,
    positions,
    t07_table,
)

# ---------------------------------------------------------------------------------------- new players (§3.4, GR-13)


def test_3_4_new_player_posts_a_live_big_blind_and_has_the_option() -> None:
    t = new_table("holdem", players=(0, 1, 2, 3), blinds=(5, 10), seats=6)
    t.start_hand(seed=1)
    assert positions(t) == (0, 1, 2, 3)
    fold_around(t)
    t.sit(5, "p5", 1000)  # between the big blind-to-be and the button: an allowed seat
    assert t.seats[5] is not None and t.seats[5].new
    t.start_hand(seed=2)
    # first to act after the big blind in position (seat 3), with his 10 already in
    assert positions(t) == (1, 2, 3, 5) and bets(t) == {2: 5, 3: 10, 5: 10}
    legal = t.hand.legal_actions()  # type: ignore[union-attr]
    assert legal is not None and legal.check and not legal.call and legal.raise_ == (20, 1000)
    play(t, (5, K), (0, C), (1, C), (2, C), (3, K))
    assert t.hand is not None and t.hand.street == 1 and t.hand.pot_total == 50
    assert t.seats[5] is not None and t.seats[5].new is False


def test_3_4_new_player_post_is_live_after_calls() -> None:
    t = new_table("holdem", players=range(5), blinds=(5, 10), seats=6)
    t.start_hand(seed=1)
    assert positions(t) == (0, 1, 2, 3)
    fold_around(t)
    t.sit(5, "p5", 1000)
    t.start_hand(seed=2)
    assert positions(t) == (1, 2, 3, 4) and bets(t) == {2: 5, 3: 10, 5: 10}
    play(t, (4, C))
    legal = t.hand.legal_actions()  # type: ignore[union-attr]
    assert t.to_act == 5 and legal is not None and legal.check and legal.raise_ == (20, 1000)
    play(t, (5, R(40)), (0, F), (1, F), (2, F), (3, F), (4, F))
    result = t.record
    assert result is not None and [e.amount for e in result.events if e.type is EventType.UNCALLED] == [30]
    assert net(result) == {"p0": 0, "p1": 0, "p2": -5, "p3": -10, "p4": -10, "p5": 25}


def test_a_3_4_1_new_player_between_button_and_small_blind_waits() -> None:
    t = new_table("holdem", players=(0, 1, 3, 4), blinds=(5, 10), seats=6)
    t.start_hand(seed=1)
    assert positions(t) == (0, 1, 3, 4)
    fold_around(t)
    t.sit(2, "p2", 1000)  # right after the next button (seat 1): the small blind's place
    mark = len(t.events)
    t.start_hand(seed=2)
    assert positions(t) == (1, 3, 4, 0) and bets(t) == {3: 5, 4: 10}
    assert t.layout is not None and t.layout.waiting == (2,) and 2 not in t.layout.dealt
    assert kinds(t, mark) == [("wait", 2, 0, "waits for the big blind")]
    fold_around(t)
    assert t.seats[2] is not None and t.seats[2].new and not t.seats[2].owes_big  # no missed blind for a newcomer
    t.start_hand(seed=3)  # now behind the button: he posts
    assert positions(t) == (3, 4, 0, 1) and bets(t) == {4: 5, 0: 10, 2: 10}


def test_3_4_new_player_in_the_big_blind_posts_it_normally() -> None:
    t = new_table("holdem", players=(0, 1, 3), blinds=(5, 10), seats=5)
    t.start_hand(seed=1)
    assert positions(t) == (0, 1, 3, 0)
    fold_around(t)
    t.sit(4, "p4", 1000)
    t.start_hand(seed=2)
    assert positions(t) == (1, 3, 4, 0) and bets(t) == {3: 5, 4: 10}
    assert t.layout is not None and t.layout.cleared == (4,)
    play(t, (0, C), (1, C), (3, C), (4, K))
    assert t.hand is not None and t.hand.street == 1


def test_3_4_new_player_may_wait_for_the_big_blind() -> None:
    t = new_table("holdem", players=(0, 1, 2, 3), blinds=(5, 10), seats=6)
    t.start_hand(seed=1)
    fold_around(t)
    t.sit(5, "p5", 1000, post=False)
    t.start_hand(seed=2)
    assert positions(t) == (1, 2, 3, 0) and t.layout is not None and t.layout.waiting == (5,)
    fold_around(t)
    t.start_hand(seed=3)  # the big blind comes to him: he posts it in position
    assert positions(t) == (2, 3, 5, 0) and bets(t) == {3: 5, 5: 10}
    assert t.seats[5] is not None and not t.seats[5].new


def test_gr_13_new_player_on_the_dead_button_waits() -> None:
    t = new_table("holdem", players=range(5), blinds=(5, 10), seats=5, dealer=Dealer.DEAD_BUTTON)
    for k in range(2):
        t.start_hand(seed=k)
        fold_around(t)
    t.stand("p3")
    t.start_hand(seed=3)
    fold_around(t)
    t.sit(3, "p3b", 1000)  # on the (empty) button
    t.start_hand(seed=4)
    assert positions(t) == (3, 4, 0, 1) and t.layout is not None and t.layout.waiting == (3,)
    fold_around(t)
    t.start_hand(seed=5)  # the button has moved on: he posts from behind it
    assert positions(t) == (4, 0, 1, 2) and bets(t) == {0: 5, 1: 10, 3: 10}


# --------------------------------------------------------------------------------- missed blinds (§3.5, GR-12, T07)


def test_t07a_missed_small_blind_only_is_posted_dead() -> None:
    t = t07_table(1)
    t.start_hand(seed=1)
    assert positions(t) == (2, 3, 4, 0)  # p5 (seat 4) is the big blind
    fold_around(t)
    t.sit_out("p5")
    mark = len(t.events)
    t.start_hand(seed=2)
    assert positions(t) == (3, 0, 1, 2)  # the small blind passes p5
    assert kinds(t, mark) == [("missed_blind", 4, 5, "small")]
    fold_around(t)
    t.come_back("p5")
    start = t.stacks()
    t.start_hand(seed=3)
    # p1 BTN, p2 SB, p3 BB, p4 UTG, p5 CO posts 5 dead (no big blind)
    assert positions(t) == (0, 1, 2, 3) and bets(t) == {1: 5, 2: 10} and dead(t) == {4: 5}
    assert t.hand is not None and t.hand.pot_total == 20
    play(t, (3, R(30)))
    legal = t.hand.legal_actions()
    assert t.to_act == 4 and legal is not None and legal.call == 30
    play(t, (4, F), (0, F), (1, F), (2, F))
    result = t.record
    assert result is not None and balanced(result)
    assert [e.amount for e in result.events if e.type is EventType.UNCALLED] == [20]
    assert [e.amount for e in result.events if e.type is EventType.POT] == [30]
    assert net(result) == {"p1": 0, "p2": -5, "p3": -10, "p4": 20, "p5": -5}
    assert {k: v - start[k] for k, v in t.stacks().items()} == {"p1": 0, "p2": -5, "p3": -10, "p4": 20, "p5": -5}
    assert not t.seats[4].owes_small  # type: ignore[union-attr]


def test_t07b_missed_both_blinds_posts_big_live_and_small_dead() -> None:
    t = t07_table(0)
    t.start_hand(seed=1)
    assert positions(t) == (1, 2, 3, 4)
    fold_around(t)
    t.sit_out("p5")
    mark = len(t.events)
    t.start_hand(seed=2)
    assert positions(t) == (2, 3, 0, 1)  # the big blind passes p5
    fold_around(t)
    t.start_hand(seed=3)
    assert positions(t) == (3, 0, 1, 2)  # then the small blind
    fold_around(t)
    assert kinds(t, mark) == [("missed_blind", 4, 10, "big"), ("missed_blind", 4, 5, "small")]
    t.come_back("p5")
    start = t.stacks()
    t.start_hand(seed=4)
    assert positions(t) == (0, 1, 2, 3)
    assert bets(t) == {1: 5, 2: 10, 4: 10} and dead(t) == {4: 5}
    play(t, (3, F))
    legal = t.hand.legal_actions()  # type: ignore[union-attr]
    assert t.to_act == 4 and legal is not None and legal.check and legal.raise_ == (20, 995)
    play(t, (4, K), (0, F), (1, F), (2, K))
    h = t.hand
    assert h is not None and h.street == 1 and h.pot_total == 30
    assert [t.layout.dealt[i] for i in range(5) if not h.folded[i]] == [2, 4]  # type: ignore[union-attr]
    assert t.to_act == 2
    play(t, (2, B(10)), (4, F))
    result = t.record
    assert result is not None and balanced(result)
    assert {k: v - start[k] for k, v in t.stacks().items()} == {"p1": 0, "p2": -5, "p3": 20, "p4": 0, "p5": -15}


def test_gr_12_missed_both_blinds_may_wait_for_the_big_blind() -> None:
    t = t07_table(0)
    t.start_hand(seed=1)
    fold_around(t)
    t.sit_out("p5")
    for k in range(2):
        t.start_hand(seed=2 + k)
        fold_around(t)
    t.come_back("p5", post=False)
    t.start_hand(seed=4)
    assert positions(t) == (0, 1, 2, 3) and t.layout is not None and t.layout.waiting == (4,)
    fold_around(t)
    t.start_hand(seed=5)
    assert positions(t) == (1, 2, 3, 0) and t.layout is not None and t.layout.waiting == (4,)
    fold_around(t)
    t.start_hand(seed=6)  # the big blind reaches him: he posts it in position and owes nothing more
    assert positions(t) == (2, 3, 4, 0) and bets(t) == {3: 5, 4: 10} and dead(t) == {}
    st = t.seats[4]
    assert st is not None and not st.owes_big and not st.owes_small


def test_3_5_missing_the_big_blind_is_recorded_alone() -> None:
    # After one hand away only the big blind is owed; the small blind is owed once it has passed too.
    t = t07_table(0)
    t.start_hand(seed=1)
    fold_around(t)
    t.sit_out("p5")
    t.start_hand(seed=2)
    fold_around(t)
    st = t.seats[4]
    assert st is not None and (st.owes_big, st.owes_small) == (True, False)
    t.start_hand(seed=3)
    fold_around(t)
    assert (st.owes_big, st.owes_small) == (True, True)


def test_3_5_returning_into_the_blinds_gap_waits_and_owes_the_small_blind_too() -> None:
    t = t07_table(0)
    t.start_hand(seed=1)
    fold_around(t)
    t.sit_out("p5")
    t.start_hand(seed=2)  # missed the big blind
    fold_around(t)
    t.come_back("p5")
    t.start_hand(seed=3)
    # p5 is between the button (seat 3) and the small blind (seat 0): he may not post there
    assert positions(t) == (3, 0, 1, 2) and t.layout is not None and t.layout.waiting == (4,)
    fold_around(t)
    st = t.seats[4]
    assert st is not None and (st.owes_big, st.owes_small) == (True, True)
    t.start_hand(seed=4)
    assert bets(t) == {1: 5, 2: 10, 4: 10} and dead(t) == {4: 5}


# ----------------------------------------------------------------------------------- the club's new-player fee (G2)


def test_a_g2_7_new_player_fee_is_dead_money_in_the_first_hand() -> None:
    t = new_table("club-holdem", players=(0, 1, 2, 3), stack=500, seats=6)
    t.start_hand(seed=1)
    assert positions(t) == (0, 1, 2, 3)
    fold_around(t)
    t.sit(5, "p5", 500)
    assert t.seats[5] is not None and t.seats[5].fee_due and not t.seats[5].new
    t.start_hand(seed=2)
    # not in the blinds: he plays at once and pays the fee of 5 (the first blind) as dead money
    assert positions(t) == (1, 2, 3, 5) and bets(t) == {2: 5, 3: 10} and dead(t) == {5: 5}
    assert t.hand is not None and t.hand.pot_total == 20
    play(t, (5, F), (0, F), (1, F), (2, F))
    result = t.record
    assert result is not None and net(result) == {"p0": 0, "p1": 0, "p2": -5, "p3": 10, "p5": -5}
    t.start_hand(seed=3)
    assert dead(t) == {}  # only in the first hand


def test_a_g2_7_new_player_in_the_big_blind_pays_the_fee_too() -> None:
    t = new_table("club-holdem", players=(0, 1, 2), stack=500, seats=4)
    t.start_hand(seed=1)
    fold_around(t)
    t.sit(3, "p3", 500)
    t.start_hand(seed=2)
    assert positions(t) == (1, 2, 3, 0) and bets(t) == {2: 5, 3: 10} and dead(t) == {3: 5}
    assert t.hand is not None and t.hand.pot_total == 20
    result = fold_around(t)
    assert net(result) == {"p0": 0, "p1": 0, "p2": -5, "p3": 5}


def _bust_p1_at_club_holdem() -> Table:
    """Club hold'em, p0 p1 p2 with 500; p1 goes all-in and loses to p0 in hand 1."""
    t = new_table("club-holdem", players=(0, 1, 2), stack=500, seats=3)
    t.start_hand(cards=ScriptedCards({0: "AsAh", 1: "KsKh", 2: "7c2d"}, "Ad9c4h3s2c"))
    play(t, (0, R(500)), (1, C), (2, F))
    assert t.record is not None and t.stacks() == {"p0": 1010, "p1": 0, "p2": 490}
    return t


def test_g2_busted_player_who_rebuys_at_once_is_not_new() -> None:
    t = _bust_p1_at_club_holdem()
    t.add_chips("p1", 500)
    assert t.finish_busts() == []
    t.start_hand(seed=2)
    assert positions(t) == (1, 2, 0, 1) and dead(t) == {}


def test_g2_busted_player_who_does_not_rebuy_at_once_pays_the_fee_on_return() -> None:
    t = _bust_p1_at_club_holdem()
    assert t.finish_busts() == ["p1"]
    st = t.seats[1]
    assert st is not None and st.sitting_out and st.fee_due
    t.start_hand(seed=2)  # heads-up without him
    assert dealt(t) == (0, 2)
    fold_around(t)
    t.add_chips("p1", 480)
    t.come_back("p1")
    t.start_hand(seed=3)
    assert dealt(t) == (0, 1, 2) and dead(t) == {1: 5}


# --------------------------------------------------- regressions: short stacks owing blinds (§3.5, §3.6, TRAPS T07)


def test_3_6_short_returning_player_owing_both_blinds_posts_live_first() -> None:
    # p4 has 3 chips and owes both blinds: the 3 go in live (not dead), so with the nuts he wins 3 from each
    t = new_table("holdem", players=range(4), blinds=(5, 10), seats=5, buy_in=BuyIn(1, 10_000))
    t.sit(4, "p4", 3)
    t.start_hand(seed=0)
    fold_around(t)
    t.sit_out("p4")
    for k in (1, 2, 3):
        t.start_hand(seed=k)
        fold_around(t)
    assert t.seats[4] is not None and t.seats[4].owes_big and t.seats[4].owes_small
    t.come_back("p4")
    t.start_hand(cards=ScriptedCards({0: "2c3d", 1: "2h3s", 2: "4c5d", 3: "4h5s", 4: "AsAh"}, "AdAcKd9c8h"))
    assert positions(t) == (0, 1, 2, 3) and bets(t) == {1: 5, 2: 10, 4: 3} and dead(t) == {}
    result = fold_around(t)
    assert result.contributions == (0, 5, 5, 0, 3) and result.payouts == (0, 0, 4, 0, 9)
    assert t.stacks() == {"p0": 1000, "p1": 995, "p2": 999, "p3": 1000, "p4": 9}
    assert t.seats[4] is not None and not (t.seats[4].owes_big or t.seats[4].owes_small)
