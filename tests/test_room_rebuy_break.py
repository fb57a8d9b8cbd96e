"""The club's rebuy cap between two hands (RULES G2, A-G2-6): every rebuy and every new player's buy-in between the
same two hands is measured against the M and S of the table as it was after the last hand (before the table's first
hand: as it was before the first rebuy), so nobody passes X = floor(M / S) by buying in small steps and one
player's rebuy or buy-in does not raise another's cap; ``max_rebuy`` says exactly what ``add_chips`` accepts; the
refusals name M, S, X and the stack (and the table maximum, and the no-limit lowball rule, theirs).  Club hold'em
5/10 (the fee for a newcomer joining a running game is 5, dead).  Shared helpers: tests/tabletools.py."""

from __future__ import annotations

import copy
import random
import re

import pytest

from pokerroom.engine import ScriptedCards
from pokerroom.errors import RoomError
from pokerroom.room.stakes import BuyIn
from pokerroom.room.table import RoomEvent, Table
from tabletools import C, F, K, R, bets, check_down, dead, fold_around, new_table, play, positions

AFTER = "; M and S are those of the table after the last hand, not of the table now"


def refused(message: str) -> pytest.RaisesContext[RoomError]:
    """``pytest.raises`` for a :class:`RoomError` whose message is exactly ``message``."""
    return pytest.raises(RoomError, match=f"^{re.escape(message)}$")


def after_first_hand() -> Table:
    """Bo 300 (seat 0), Anna 155 (seat 1), Cia 145 (seat 2); hand 1: Bo on the button folds, Anna (small blind)
    folds, Cia (big blind) takes 5: Bo 300, Anna 150, Cia 150.  M = 600, S = 3, X = 200."""
    t = new_table("club-holdem", seats=5)
    for seat, (name, chips) in enumerate([("Bo", 300), ("Anna", 155), ("Cia", 145)]):
        t.sit(seat, name, chips)
    t.start_hand(seed=1)
    assert positions(t) == (0, 1, 2, 0) and bets(t) == {1: 5, 2: 10}  # button, small, big blind, Bo to act
    play(t, (0, F), (1, F))
    assert t.to_act is None and t.stacks() == {"Bo": 300, "Anna": 150, "Cia": 150} and t.carried == 0
    return t


def test_a_g2_6_rebuys_in_small_steps_stop_at_x_and_do_not_raise_another_players_cap() -> None:
    t = after_first_hand()
    assert {name: t.max_rebuy(name) for name in t.stacks()} == {"Bo": 0, "Anna": 50, "Cia": 50}
    t.add_chips("Anna", 30)
    assert t.stacks()["Anna"] == 180 and t.max_rebuy("Anna") == 20  # not 30: M stays 600, not 630
    with refused(
        "Anna may add at most 20 chips now: X = M / S = 600 / 3 = 200 chips after the rebuy (A-G2-6), and Anna "
        f"has 180{AFTER}"
    ):
        t.add_chips("Anna", 21)
    # Anna's rebuy does not raise Cia's cap: X = 200 for her too (M = 630 would make it 210)
    assert t.max_rebuy("Cia") == 50
    with refused(
        "Cia may add at most 50 chips now: X = M / S = 600 / 3 = 200 chips "
        f"after the rebuy (A-G2-6), and Cia has 150{AFTER}"
    ):
        t.add_chips("Cia", 51)
    assert t.stacks() == {"Bo": 300, "Anna": 180, "Cia": 150}  # the refusals changed nothing
    t.add_chips("Anna", 20)
    t.add_chips("Cia", 50)
    assert t.stacks() == {"Bo": 300, "Anna": 200, "Cia": 200}
    assert {name: t.max_rebuy(name) for name in t.stacks()} == {"Bo": 0, "Anna": 0, "Cia": 0}
    with refused(
        "Anna may add at most 0 chips now: X = M / S = 600 / 3 = 200 chips "
        f"after the rebuy (A-G2-6), and Anna has 200{AFTER}"
    ):
        t.add_chips("Anna", 1)
    assert [e for e in t.events if e.kind == "rebuy"] == [
        RoomEvent("rebuy", 1, "Anna", 30),
        RoomEvent("rebuy", 1, "Anna", 20),
        RoomEvent("rebuy", 2, "Cia", 50),
    ]


def test_a_g2_6_new_players_between_the_same_hands_share_the_m_and_s_after_the_last_hand() -> None:
    t = after_first_hand()
    t.add_chips("Anna", 50)  # M = 650 now, but the cap stays 600 / 3 = 200
    with refused(f"Dan may buy in for at most 200 chips now: X = M / S = 600 / 3 = 200 chips (A-G2-6), not 201{AFTER}"):
        t.sit(3, "Dan", 201)
    assert t.seats[3] is None
    t.sit(3, "Dan", 200)
    # Dan's buy-in does not raise Eva's cap either: S stays 3 (850 / 4 = 212 would let her buy 212)
    with refused(f"Eva may buy in for at most 200 chips now: X = M / S = 600 / 3 = 200 chips (A-G2-6), not 201{AFTER}"):
        t.sit(4, "Eva", 201)
    t.sit(4, "Eva", 200)
    assert t.stacks() == {"Bo": 300, "Anna": 200, "Cia": 150, "Dan": 200, "Eva": 200}
    assert t.max_rebuy("Cia") == 50
    # The next hand resets M and S: hand 2, Anna on the button, Cia small blind, Dan big blind, the newcomers' fee
    # of 5 dead; Eva acts first and everyone folds to Dan, who takes 5 + 10 + 5 + 5 = 25.
    t.start_hand(seed=2)
    assert positions(t) == (1, 2, 3, 4) and bets(t) == {2: 5, 3: 10} and dead(t) == {3: 5, 4: 5}
    assert t.max_rebuy("Cia") == 0  # while a hand is being played
    play(t, (4, F), (0, F), (1, F), (2, F))
    assert t.stacks() == {"Bo": 300, "Anna": 200, "Cia": 145, "Dan": 210, "Eva": 195}
    # M = 1050, S = 5, X = 210
    assert {name: t.max_rebuy(name) for name in t.stacks()} == {"Bo": 0, "Anna": 10, "Cia": 65, "Dan": 0, "Eva": 15}
    with refused(
        "Cia may add at most 65 chips now: X = M / S = 1050 / 5 = 210 chips after the rebuy (A-G2-6), and Cia has 145"
    ):
        t.add_chips("Cia", 66)
    t.add_chips("Cia", 65)
    assert t.stacks()["Cia"] == 210 and t.max_rebuy("Eva") == 15


def test_a_g2_6_a_player_who_stands_up_between_hands_leaves_m_and_s_as_they_were() -> None:
    t = after_first_hand()
    assert t.stand("Bo") == 300
    # M and S stay those after the last hand (600 / 3 = 200), not 300 / 2 = 150 for the two left
    assert t.stacks() == {"Anna": 150, "Cia": 150} and t.max_rebuy("Anna") == 50 and t.max_rebuy("Cia") == 50
    t.add_chips("Anna", 50)
    with refused(f"Dan may buy in for at most 200 chips now: X = M / S = 600 / 3 = 200 chips (A-G2-6), not 250{AFTER}"):
        t.sit(0, "Dan", 250)
    t.sit(0, "Dan", 200)
    # Bo comes back in the same break: a new player, measured against the same M and S
    with refused(f"Bo may buy in for at most 200 chips now: X = M / S = 600 / 3 = 200 chips (A-G2-6), not 300{AFTER}"):
        t.sit(3, "Bo", 300)
    t.sit(3, "Bo", 200)
    assert t.stacks() == {"Dan": 200, "Anna": 200, "Cia": 150, "Bo": 200}
    # Hand 2: Anna on the button, Cia small blind, Bo big blind (seat 3), Dan (seat 0) first; Dan and Bo, new to
    # a running game, pay the fee of 5.
    t.start_hand(seed=3)
    assert positions(t) == (1, 2, 3, 0) and bets(t) == {2: 5, 3: 10} and dead(t) == {0: 5, 3: 5}
    fold_around(t)
    assert t.stacks() == {"Dan": 195, "Anna": 200, "Cia": 145, "Bo": 210}
    assert t.max_rebuy("Cia") == 42  # M = 750, S = 4, X = 187


def test_a_g2_6_before_the_first_hand_the_first_rebuy_fixes_m_and_s() -> None:
    # Before any hand the table is forming: each buy-in is measured against the players seated before it.
    t = new_table("club-holdem", seats=4)
    t.sit(0, "Bo", 300)
    with refused("Anna may buy in for at most 300 chips now: X = M / S = 300 / 1 = 300 chips (A-G2-6), not 301"):
        t.sit(1, "Anna", 301)
    t.sit(1, "Anna", 150)
    with refused("Cia may buy in for at most 225 chips now: X = M / S = 450 / 2 = 225 chips (A-G2-6), not 226"):
        t.sit(2, "Cia", 226)
    t.sit(2, "Cia", 150)
    # The first rebuy fixes M = 600 and S = 3 (X = 200) for every rebuy and buy-in until a hand ends.
    t.add_chips("Anna", 30)
    note = "; M and S are those of the table before the first rebuy, not of the table now"
    with refused(
        "Anna may add at most 20 chips now: X = M / S = 600 / 3 = 200 chips "
        f"after the rebuy (A-G2-6), and Anna has 180{note}"
    ):
        t.add_chips("Anna", 21)
    t.add_chips("Anna", 20)
    assert t.max_rebuy("Cia") == 50
    with refused(f"Dan may buy in for at most 200 chips now: X = M / S = 600 / 3 = 200 chips (A-G2-6), not 201{note}"):
        t.sit(3, "Dan", 201)
    t.sit(3, "Dan", 200)
    # Hand 1: Bo on the button, Anna small blind, Cia big blind, Dan first; a new table's players pay no fee.
    t.start_hand(seed=4)
    assert positions(t) == (0, 1, 2, 3) and bets(t) == {1: 5, 2: 10} and dead(t) == {}
    play(t, (3, F), (0, F), (1, F))
    assert t.stacks() == {"Bo": 300, "Anna": 195, "Cia": 155, "Dan": 200}
    assert t.max_rebuy("Cia") == 57 and t.max_rebuy("Anna") == 17  # M = 850, S = 4, X = 212


def test_a_g2_6_a_player_who_sits_down_during_a_hand_is_measured_against_the_last_break() -> None:
    t = after_first_hand()
    t.add_chips("Anna", 50)
    t.start_hand(seed=5)  # hand 2: Anna on the button, Cia small blind, Bo big blind; Anna first
    assert positions(t) == (1, 2, 0, 1)
    with refused(f"Dan may buy in for at most 200 chips now: X = M / S = 600 / 3 = 200 chips (A-G2-6), not 201{AFTER}"):
        t.sit(3, "Dan", 201)
    t.sit(3, "Dan", 200)
    play(t, (1, R(30)), (2, F), (0, C))  # Anna raises to 30, Cia folds, Bo calls
    assert t.to_act == 0 and t.hand is not None and t.hand.pot_total == 65
    check_down(t)
    assert t.record is not None and sum(t.stacks().values()) == 850 and t.carried == 0
    stacks = t.stacks()
    x = 850 // 4
    assert {name: t.max_rebuy(name) for name in stacks} == {name: max(0, x - chips) for name, chips in stacks.items()}


def test_a_g2_6_a_refused_store_write_wound_back_keeps_the_break() -> None:
    # The store's runner copies the seat, adds the chips and, when the ledger refuses, puts the copy back: the
    # table is as before, and so are M and S.
    t = after_first_hand()
    t.add_chips("Anna", 30)
    seat, saved, mark = 2, copy.copy(t.seats[2]), len(t.events)
    t.add_chips("Cia", 40)
    t.seats[seat], t.events[mark:] = saved, []  # wound back
    assert t.stacks() == {"Bo": 300, "Anna": 180, "Cia": 150}
    assert t.max_rebuy("Anna") == 20 and t.max_rebuy("Cia") == 50


def test_a_g2_6_a_dry_run_put_back_leaves_m_and_s_as_they_were() -> None:
    # The store's runner tries a change on the table and puts every attribute back (TableRunner.trial): before
    # the first hand a tried rebuy must not fix M and S, so the next newcomer is still measured against the table.
    t = new_table("club-holdem", seats=4)
    t.sit(0, "Bo", 300)
    t.sit(1, "Anna", 150)
    attributes, seats = dict(t.__dict__), [copy.copy(st) for st in t.seats]
    t.add_chips("Anna", 75)  # tried: X = 450 / 2 = 225
    t.__dict__.clear()
    t.__dict__.update(attributes, seats=seats)
    assert t.stacks() == {"Bo": 300, "Anna": 150} and t.max_rebuy("Anna") == 75
    t.sit(2, "Cia", 225)  # against the table as it is: 450 / 2 = 225
    assert t.max_rebuy("Anna") == 75 and t.max_rebuy("Cia") == 0  # 675 / 3 = 225


def test_a_g2_6_seats_rearranged_between_hands_keep_the_break() -> None:
    t = after_first_hand()
    t.add_chips("Anna", 30)
    t.seats[0], t.seats[1] = t.seats[1], t.seats[0]  # the club night's arrange() moves players between seats
    assert t.seat_of("Anna") == 0 and t.max_rebuy("Anna") == 20 and t.max_rebuy("Cia") == 50


def test_a_g2_6_stacks_changed_outside_the_table_start_a_new_break() -> None:
    # A result typed in for a hand played with real cards (pokerroom night) changes the stacks outside the table:
    # the next rebuy takes M and S from the table as it is then.
    t = after_first_hand()
    t.add_chips("Anna", 50)
    for name, chips in (("Bo", -100), ("Anna", 60), ("Cia", 40)):
        t.seats[t.seat_of(name)].stack += chips  # type: ignore[union-attr]
    assert t.stacks() == {"Bo": 200, "Anna": 260, "Cia": 190}  # M = 650, S = 3, X = 216
    assert t.max_rebuy("Bo") == 16 and t.max_rebuy("Cia") == 26
    t.add_chips("Bo", 10)
    note = "; M and S are those of the table before the first rebuy, not of the table now"
    with refused(
        "Cia may add at most 26 chips now: X = M / S = 650 / 3 = 216 chips "
        f"after the rebuy (A-G2-6), and Cia has 190{note}"
    ):
        t.add_chips("Cia", 27)


def test_a_g2_6_carried_chips_are_not_in_m() -> None:
    # Hand 1: a pot of 45 split between Bo and Cia (the same ace-king), the odd chip carried to the next hand.
    t = new_table("club-holdem", seats=3)
    for seat, name in enumerate(("Bo", "Anna", "Cia")):
        t.sit(seat, name, 200)
    cards = ScriptedCards({0: "AsKd", 1: "7c2d", 2: "AhKc"}, "QsJh9c4d3s")
    t.start_hand(cards=cards)
    assert positions(t) == (0, 1, 2, 0)
    play(t, (0, C), (1, R(15)), (2, C), (0, C))  # Bo calls 10, Anna raises to 15, Cia and Bo call: 45
    play(t, (1, K), (2, K), (0, K))
    play(t, (1, K), (2, K), (0, K))
    play(t, (1, K), (2, K), (0, K))
    assert t.stacks() == {"Bo": 207, "Anna": 185, "Cia": 207} and t.carried == 1  # 45 = 22 + 22 + 1 carried
    assert t.max_rebuy("Anna") == 14  # M = 599 (not 600), S = 3, X = 199
    with refused(
        "Anna may add at most 14 chips now: X = M / S = 599 / 3 = 199 chips after the rebuy (A-G2-6), and Anna has 185"
    ):
        t.add_chips("Anna", 15)


@pytest.mark.parametrize("seed", range(12))
def test_a_g2_6_max_rebuy_is_what_add_chips_accepts_and_nobody_passes_x(seed: int) -> None:
    """Random hands and random chips between them: ``max_rebuy`` is exactly the most ``add_chips`` accepts, and
    after any rebuy or buy-in of a break nobody who bought holds more than floor(M / S) of the table as the last
    hand left it."""
    rng = random.Random(seed)
    t = new_table("club-holdem", seats=6)
    for seat, chips in enumerate((400, 300, 250)):
        t.sit(seat, f"p{seat}", chips)
    fresh = 3
    for hand in range(8):
        if sum(1 for st in t.seats if st is not None and st.stack > 0 and not st.sitting_out) < 2:
            break
        for st in t.seats:
            if st is not None and st.stack > 0:
                st.sitting_out = False
        t.start_hand(seed=seed * 100 + hand)
        (fold_around if rng.random() < 0.5 else check_down)(t)
        t.finish_busts()
        m, s = sum(t.stacks().values()), len(t.stacks())
        x = m // s
        bought: set[str] = set()
        for _ in range(rng.randrange(1, 7)):
            names = list(t.stacks())
            move = rng.random()
            if move < 0.6:
                name = rng.choice(names)
                most = t.max_rebuy(name)
                assert most == max(0, x - t.stacks()[name])
                with pytest.raises(RoomError, match=f"may add at most {most} chip"):
                    t.add_chips(name, most + 1)
                if most:
                    t.add_chips(name, rng.randint(1, most))
                    bought.add(name)
            elif move < 0.8 and None in t.seats:
                name = f"p{fresh}"
                fresh += 1
                with pytest.raises(RoomError, match=f"may buy in for at most {x} chip"):
                    t.sit(t.seats.index(None), name, x + 1)
                t.sit(t.seats.index(None), name, rng.randint(1, x))
                bought.add(name)
            elif len(names) > 2:
                t.stand(rng.choice(names))
            assert all(chips <= x for name, chips in t.stacks().items() if name in bought)


def test_3_3_the_table_maximum_refusal_names_its_numbers() -> None:
    t = new_table("holdem", players=(0, 1), blinds=(5, 10), seats=2, stack=900)
    assert t.buy_in == BuyIn(200, 1000) and t.max_rebuy("p0") == 100
    with refused("p0 may add at most 100 chips now: the table maximum is 1000 chips (RULES §3.3), and p0 has 900"):
        t.add_chips("p0", 101)
    t.add_chips("p0", 99)
    with refused("p0 may add at most 1 chip now: the table maximum is 1000 chips (RULES §3.3), and p0 has 999"):
        t.add_chips("p0", 2)
    t.add_chips("p0", 1)
    assert t.stacks() == {"p0": 1000, "p1": 900}


def test_g1_the_no_limit_lowball_refusal_names_the_stack_and_the_chips_asked_for() -> None:
    t = new_table("club-lowball", players=(0, 1), stack=500, limit="no")
    with refused(
        "p0 still has 500 chips: in no-limit play a rebuy needs an empty stack (G1), so p0 may not add 100 chips now"
    ):
        t.add_chips("p0", 100)
    t.seats[0].stack = 1  # type: ignore[union-attr]
    with refused(
        "p0 still has 1 chip: in no-limit play a rebuy needs an empty stack (G1), so p0 may not add 1 chip now"
    ):
        t.add_chips("p0", 1)
    assert t.max_rebuy("p0") == 0 and t.stacks() == {"p0": 1, "p1": 500}


def test_3_3_the_table_minimum_refusal_counts_one_chip_in_the_singular() -> None:
    t = new_table("a6-lowball", players=(0, 1), stack=20, seats=3)
    t.seats[1].stack = 1  # type: ignore[union-attr]
    with refused("p1 has 1 chip and the table minimum is 13: add at least 12 chips, not 1 (RULES §3.3)"):
        t.add_chips("p1", 1)
    t.add_chips("p1", 12)
    assert t.stacks() == {"p0": 20, "p1": 13}
