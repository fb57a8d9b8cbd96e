"""Side pots by contribution level and odd chips (RULES §2.4, §3.2; TRAPS T09, T10, T24; RULES §7.3 SP-1)."""

from __future__ import annotations

from pokerroom.engine import Action, DeckSource, Pot, ScriptedCards, build_pots, split_chips
from pokerroom.games import find


def test_sp1_seed_side_pot_example() -> None:
    # A and B > 100 chips, C has 10: A opens 10, B raises by 20 (to 30), C calls all-in 10, A calls 20 more.
    assert build_pots([30, 30, 10], [True, True, True]) == [Pot(30, (0, 1, 2)), Pot(40, (0, 1))]


def test_sp1_played_out_c_best_b_second() -> None:
    # Seats: A = 0 (button), B = 1, C = 2 (10 chips); no blinds, the club's opening by A.
    cards = ScriptedCards({0: "7c2d", 1: "KsKh", 2: "AsAh"}, "3c4d9hTsJc")
    h = find("holdem").deal(stacks=[200, 200, 10], button=2, blinds=(), cards=cards,
                            betting=find("holdem").betting("no", big_blind=1))
    h.act(Action.bet(10), 0)
    h.act(Action.raise_to(30), 1)
    h.act(Action.call(), 2)
    h.act(Action.call(), 0)
    assert h.current_pots() == [Pot(30, (0, 1, 2)), Pot(40, (0, 1))]
    for _ in range(3):
        h.act(Action.check(), 0)
        h.act(Action.check(), 1)
    assert h.stacks == [170, 170 + 40, 30]


def test_t09_folded_chips_stay_in_the_pots() -> None:
    assert build_pots([100, 300, 300], [True, True, False]) == [Pot(300, (0, 1)), Pot(400, (1,))]


def test_t24b_ante_levels() -> None:
    assert build_pots([10, 50, 50, 6], [False, True, True, True]) == [Pot(24, (1, 2, 3)), Pot(92, (1, 2))]


def test_dead_money_goes_to_the_main_pot() -> None:
    assert build_pots([50, 20, 50], [True, True, True], dead=15) == [Pot(75, (0, 1, 2)), Pot(60, (0, 2))]


def test_mid_round_only_all_in_players_cap_a_pot() -> None:
    h = find("holdem").deal(stacks=[20, 200, 200], button=0, cards=DeckSource.shuffled(seed=4))
    assert h.current_pots() == [Pot(3, (0, 1, 2))]  # nobody all-in yet: one pot, everyone eligible
    h.act(Action.raise_to(20), 0)  # all-in
    h.act(Action.raise_to(60), 1)
    assert h.current_pots() == [Pot(42, (0, 1, 2)), Pot(40, (1, 2))]


def test_t10_splits() -> None:
    assert split_chips(30300, [0, 1, 2]) == [(0, 10100), (1, 10100), (2, 10100)]
    assert split_chips(302, [2, 3, 0]) == [(2, 101), (3, 101), (0, 100)]
    assert split_chips(25, [4, 1]) == [(4, 13), (1, 12)]
