"""Limit structures (RULES §3.9) with the room's vectors (§7.6 GR-5, GR-8..GR-11) and TRAPS T11."""

from __future__ import annotations

import pytest

from pokerroom.engine import Action, DeckSource, Hand
from pokerroom.engine.betting import raise_range
from pokerroom.errors import IllegalAction, IllegalAmount
from pokerroom.games import Betting, Limit, find

HOLDEM = find("holdem")
C, K, F = Action.call(), Action.check(), Action.fold()
R, B = Action.raise_to, Action.bet


def deal(stacks: list[int], betting: Betting, blinds: tuple[int, int], button: int | None = None) -> Hand:
    return HOLDEM.deal(
        stacks=stacks,
        button=len(stacks) - 1 if button is None else button,
        blinds=blinds,
        betting=betting,
        cards=DeckSource.shuffled(seed=11),
    )


def test_gr5_fixed_limit_cap_counts_the_big_blind() -> None:
    # EUR 1/2 in cents: small bet 100 = the big blind, small blind 50.
    h = deal([10000] * 5, Betting.fixed_limit(100, 200), (50, 100))
    assert h.to_act == 2
    assert h.legal_actions().raise_ == (200, 200)  # type: ignore[union-attr]
    with pytest.raises(IllegalAmount) as err:
        h.act(R(250), 2)
    assert err.value.nearest == 200
    h.act(R(200), 2)
    h.act(R(300), 3)
    h.act(R(400), 4)
    legal = h.legal_actions()
    assert legal is not None and legal.seat == 0 and legal.call == 350 and legal.raise_ is None
    with pytest.raises(IllegalAction):
        h.act(R(500), 0)


def test_fixed_limit_big_bet_on_turn_and_river() -> None:
    h = deal([10000] * 3, Betting.fixed_limit(100, 200), (50, 100))
    h.act(C, 2)
    h.act(C, 0)
    h.act(K, 1)
    assert h.legal_actions().bet == (100, 100)  # type: ignore[union-attr]
    for seat in (0, 1, 2):
        h.act(K, seat)
    assert h.street == 2 and h.legal_actions().bet == (200, 200)  # type: ignore[union-attr]


def test_fixed_limit_short_all_in_under_half_a_bet_does_not_reopen() -> None:
    # Flop, bet 100: p1 bets, p2 calls, p3 all-in for 140 (+40 < half of 100): p1 and p2 may only call.
    h = deal([1000, 1000, 240], Betting.fixed_limit(100, 200), (50, 100))
    h.act(C, 2)
    h.act(C, 0)
    h.act(K, 1)
    h.act(B(100), 0)
    h.act(C, 1)
    legal = h.legal_actions()
    assert legal is not None and legal.raise_ == (140, 140)  # all-in for less
    h.act(R(140), 2)
    legal = h.legal_actions()
    assert legal is not None and legal.seat == 0 and (legal.call, legal.raise_) == (40, None)


def test_fixed_limit_all_in_of_half_a_bet_reopens() -> None:
    h = deal([1000, 1000, 250], Betting.fixed_limit(100, 200), (50, 100))
    h.act(C, 2)
    h.act(C, 0)
    h.act(K, 1)
    h.act(B(100), 0)
    h.act(C, 1)
    h.act(R(150), 2)
    legal = h.legal_actions()
    assert legal is not None and legal.seat == 0 and (legal.call, legal.raise_) == (50, (250, 250))


def test_gr8_pot_limit_preflop_range() -> None:
    h = deal([1000] * 4, Betting.pot_limit(2), (1, 2))
    assert h.legal_actions().raise_ == (4, 7)  # type: ignore[union-attr]


def test_gr9_half_pot_limit_preflop_range() -> None:
    h = deal([100000] * 4, Betting.half_pot_limit(200), (100, 200))
    assert h.legal_actions().raise_ == (400, 450)  # type: ignore[union-attr]


def test_gr10_pot_limit_raise_after_pot_sized_bet() -> None:
    # Pot 10 from preflop (5 players call 2), A bets 10, B may raise to at most 40.
    h = deal([1000] * 5, Betting.pot_limit(2), (1, 2))
    for seat in (2, 3, 4, 0):
        h.act(C, seat)
    h.act(K, 1)
    assert h.pot_total == 10 and h.to_act == 0
    assert h.legal_actions().bet == (2, 10)  # type: ignore[union-attr]
    h.act(B(10), 0)
    assert h.legal_actions().raise_ == (20, 40)  # type: ignore[union-attr]


def test_gr11_short_all_in_does_not_reopen_for_callers() -> None:
    # NL 50/100 (cents): A bets 300, B calls, C all-in for 500 total: A and B may only call 500 or fold.
    h = deal([10000, 10000, 10000, 600], Betting.no_limit(100), (50, 100), button=3)
    for seat in (2, 3, 0):
        h.act(C, seat)
    h.act(K, 1)
    assert h.to_act == 0
    h.act(B(300), 0)
    h.act(C, 1)
    h.act(C, 2)
    assert h.legal_actions().raise_ == (500, 500)  # type: ignore[union-attr]
    h.act(R(500), 3)
    for seat in (0, 1, 2):
        legal = h.legal_actions()
        assert legal is not None and legal.seat == seat and (legal.call, legal.raise_) == (200, None)
        h.act(C, seat)
    assert h.street == 2


def test_t11_half_pot_ranges_and_rounding() -> None:
    half = Betting.half_pot_limit(20)
    assert raise_range(half, 0, cur=20, last_inc=20, own=0, stack=1000, pot=30, cover=1000) == (40, 45)
    assert raise_range(half, 1, cur=0, last_inc=0, own=0, stack=1000, pot=100, cover=1000) == (20, 50)
    assert raise_range(half, 1, cur=50, last_inc=50, own=0, stack=1000, pot=150, cover=1000) == (100, 150)
    assert raise_range(half, 1, cur=0, last_inc=0, own=0, stack=1000, pot=105, cover=1000) == (20, 52)
    # (c) above the stack: p2 has put in 300, p1 900; stacks 1200 in all: only all-in to 1200.
    assert raise_range(half, 1, cur=900, last_inc=600, own=300, stack=900, pot=1200, cover=1200) == (1200, 1200)


def test_t11c_no_action_once_the_hand_is_over() -> None:
    h = deal([1000, 1000], Betting.half_pot_limit(20), (10, 20), button=0)
    h.act(F, 0)
    assert h.is_complete and h.legal_actions() is None


def test_limit_parse_names() -> None:
    assert Limit.parse("NL") is Limit.NO and Limit.parse("pot") is Limit.POT and Limit.parse("limit") is Limit.FIXED


def spread_flop(stacks: list[int] | None = None) -> Hand:
    """Seed 004's "€1-€2-€3" spread limit in cents, big blind 50: on the flop the round maximum is 100."""
    betting = Betting.spread_limit(50, (100, 100, 200, 300))
    h = deal(stacks or [10000] * 4, betting, (25, 50), button=3)
    for seat in (2, 3, 0):
        h.act(C, seat)
    h.act(K, 1)
    assert h.street == 1 and h.to_act == 0
    return h


def test_gr6_spread_limit_round_maximum_caps_the_round() -> None:
    h = spread_flop()
    assert h.legal_actions().bet == (50, 100)  # type: ignore[union-attr]
    h.act(B(100), 0)
    assert h.legal_actions().raise_ == (200, 200)  # type: ignore[union-attr]
    h.act(R(200), 1)
    assert h.legal_actions().raise_ == (300, 300)  # type: ignore[union-attr]
    h.act(R(300), 2)
    legal = h.legal_actions()
    assert legal is not None and legal.seat == 3 and (legal.call, legal.raise_) == (300, None)
    with pytest.raises(IllegalAction):
        h.act(R(400), 3)


def test_gr7_short_raise_reaching_the_round_maximum_is_legal() -> None:
    h = spread_flop()
    h.act(B(50), 0)
    assert h.legal_actions().raise_ == (100, 150)  # type: ignore[union-attr]
    h.act(R(150), 1)
    assert h.legal_actions().raise_ == (250, 250)  # type: ignore[union-attr]
    with pytest.raises(IllegalAmount) as err:
        h.act(R(200), 2)
    assert err.value.nearest == 250
    h.act(R(250), 2)
    assert h.legal_actions().raise_ == (300, 300)  # type: ignore[union-attr]
    h.act(R(300), 3)
    for seat in (0, 1, 2):
        legal = h.legal_actions()
        assert legal is not None and legal.seat == seat and legal.raise_ is None
        h.act(C, seat)
    assert h.street == 2


def test_t02d_spread_raise_at_least_the_last_bet() -> None:
    betting = Betting.spread_limit(2, (10, 10, 10, 10))
    h = deal([1000, 1000, 1000], betting, (1, 2), button=2)
    h.act(C, 2)
    h.act(C, 0)
    h.act(K, 1)
    h.act(B(6), 0)
    assert h.legal_actions().raise_ == (12, 16)  # type: ignore[union-attr]
    with pytest.raises(IllegalAmount):
        h.act(R(10), 1)
    short = deal([1000, 12, 1000], betting, (1, 2), button=2)
    short.act(C, 2)
    short.act(C, 0)
    short.act(K, 1)
    short.act(B(6), 0)
    assert short.legal_actions().raise_ == (10, 10)  # type: ignore[union-attr]  # all-in for less


def test_club_ranges_any_increment_in_range_and_no_cap() -> None:
    betting = Betting.ranges(1, (10, 30))
    h = find("holdem").deal(stacks=[500] * 3, button=2, blinds=(), betting=betting, cards=DeckSource.shuffled(seed=2))
    assert h.to_act == 0
    assert h.legal_actions().bet == (1, 10)  # type: ignore[union-attr]
    h.act(B(10), 0)
    assert h.legal_actions().raise_ == (11, 20)  # type: ignore[union-attr]  # a raise need not match the last
    h.act(R(11), 1)
    for _ in range(6):  # no cap on the number of raises
        legal = h.legal_actions()
        assert legal is not None and legal.raise_ is not None
        h.act(R(legal.raise_[0]), legal.seat)
