"""Table stakes and buy-ins (RULES §3.3, §7.6 GR-19).  Amounts in exact cents (1 chip = 1 cent) unless a test
says otherwise."""

from __future__ import annotations

import dataclasses

import pytest

from pokerroom.errors import PokerroomError, RoomError
from pokerroom.games import Limit
from pokerroom.room.stakes import FL_MIN_BUYINS, BuyIn, min_buyin_fixed_limit

# --- RULES §7.6 GR-19 and the §3.3 table ----------------------------------------------------------------------------

SEED_ROWS = [(25, 300), (100, 1000), (200, 2000), (300, 3000), (500, 5000)]


def test_gr19_fl_2_4_min_buyin_20_from_the_table() -> None:
    assert min_buyin_fixed_limit(200) == 2000


def test_gr19_unlisted_fl_0_50_1_min_buyin_5_by_the_formula() -> None:
    assert 50 not in FL_MIN_BUYINS
    assert min_buyin_fixed_limit(50) == 500


def test_gr19_fl_0_25_0_50_min_buyin_3_by_the_table() -> None:
    # the formula gives €2.50, rounded up to €3: table and formula agree
    assert FL_MIN_BUYINS[25] == 300
    assert min_buyin_fixed_limit(25) == 300


@pytest.mark.parametrize(("small_bet", "minimum"), SEED_ROWS, ids=[f"{sb}c" for sb, _ in SEED_ROWS])
def test_gr19_every_seed_row(small_bet: int, minimum: int) -> None:
    assert FL_MIN_BUYINS[small_bet] == minimum
    assert min_buyin_fixed_limit(small_bet) == minimum
    assert BuyIn.for_table(Limit.FIXED, small_bet=small_bet, big_blind=small_bet) == BuyIn(minimum, None)


def test_fl_min_buyins_holds_exactly_the_seed_rows() -> None:
    assert sorted(FL_MIN_BUYINS.items()) == SEED_ROWS


@pytest.mark.parametrize(("small_bet", "minimum"), SEED_ROWS)
def test_fallback_formula_reproduces_every_seed_row(small_bet: int, minimum: int) -> None:
    assert -(-10 * small_bet // 100) * 100 == minimum  # ceil_to_euro(10 × small_bet)


@pytest.mark.parametrize(
    ("small_bet", "minimum"),
    [
        (2, 100),  # €0.02/€0.04: €0.20 -> €1
        (10, 100),  # €0.10/€0.20: €1.00 exactly
        (15, 200),  # €0.15/€0.30: €1.50 -> €2
        (75, 800),  # €0.75/€1.50: €7.50 -> €8
        (150, 1500),  # €1.50/€3: €15
        (400, 4000),  # €4/€8: €40
        (1000, 10000),  # €10/€20: €100
    ],
)
def test_fallback_formula_for_unlisted_levels(small_bet: int, minimum: int) -> None:
    assert small_bet not in FL_MIN_BUYINS
    assert min_buyin_fixed_limit(small_bet) == minimum


def test_min_buyin_in_bigger_chips() -> None:
    assert min_buyin_fixed_limit(5, cents_per_chip=5) == 60  # €0.25 small bet -> €3 = 60 five-cent chips
    assert min_buyin_fixed_limit(2, cents_per_chip=100) == 20  # €2 small bet -> €20 = 20 one-euro chips
    # €1.05 small bet in 7-cent chips: €10.50 -> €11 = 157.1 chips, rounded up so the minimum is never under €11
    assert min_buyin_fixed_limit(15, cents_per_chip=7) == 158


def test_min_buyin_refuses_a_bad_stake() -> None:
    with pytest.raises(RoomError, match="small bet"):
        min_buyin_fixed_limit(0)
    with pytest.raises(RoomError, match="cents_per_chip"):
        min_buyin_fixed_limit(100, cents_per_chip=0)


# --- BuyIn.for_table ------------------------------------------------------------------------------------------------


def test_fixed_limit_table_has_no_maximum() -> None:
    buyin = BuyIn.for_table(Limit.FIXED, small_bet=200, big_blind=200)
    assert buyin == BuyIn(2000, None)
    buyin.check(1_000_000_000)


def test_spread_table_uses_the_fixed_limit_minimum() -> None:
    # "€1-€2-€3" with a €0.50 big blind: the first round's largest bet, €1, is the small bet
    assert BuyIn.for_table(Limit.SPREAD, small_bet=100, big_blind=50) == BuyIn(1000, None)


def test_fixed_limit_table_in_bigger_chips() -> None:
    assert BuyIn.for_table(Limit.FIXED, small_bet=40, big_blind=40, cents_per_chip=5) == BuyIn(400, None)


@pytest.mark.parametrize("limit", [Limit.NO, Limit.POT, Limit.HALF_POT])
def test_big_bet_table_default_20_to_100_big_blinds(limit: Limit) -> None:
    assert BuyIn.for_table(limit, small_bet=50, big_blind=100) == BuyIn(2000, 10000)


def test_configured_range_replaces_the_defaults() -> None:
    assert BuyIn.for_table(Limit.NO, small_bet=50, big_blind=100, minimum=4000, maximum=25000) == BuyIn(4000, 25000)
    assert BuyIn.for_table(Limit.POT, small_bet=50, big_blind=100, maximum=5000) == BuyIn(2000, 5000)
    assert BuyIn.for_table(Limit.FIXED, small_bet=200, big_blind=200, minimum=1000) == BuyIn(1000, None)
    assert BuyIn.for_table(Limit.FIXED, small_bet=200, big_blind=200, maximum=8000) == BuyIn(2000, 8000)
    # a fully configured no-limit table needs no big blind for defaults
    assert BuyIn.for_table(Limit.NO, small_bet=0, big_blind=0, minimum=10, maximum=20) == BuyIn(10, 20)


def test_for_table_refuses_a_bad_configuration() -> None:
    with pytest.raises(RoomError, match="big blind"):
        BuyIn.for_table(Limit.NO, small_bet=50, big_blind=0)
    with pytest.raises(RoomError, match="maximum buy-in 1000 is below the minimum 2000"):
        BuyIn.for_table(Limit.NO, small_bet=50, big_blind=100, maximum=1000)
    with pytest.raises(RoomError, match="small bet"):
        BuyIn.for_table(Limit.FIXED, small_bet=0, big_blind=0)


# --- BuyIn.check ----------------------------------------------------------------------------------------------------


def test_check_accepts_the_range_inclusive() -> None:
    buyin = BuyIn(2000, 10000)
    buyin.check(2000)
    buyin.check(10000)
    buyin.check(5000)
    buyin.check(1, stack=9999)  # a top-up between hands
    buyin.check(500, stack=1500)


def test_check_below_the_minimum_names_the_range() -> None:
    with pytest.raises(RoomError, match=r"stack of 1999; the table allows 2000 to 10000 chips, so add 2000 to 10000"):
        BuyIn(2000, 10000).check(1999)


def test_check_above_the_maximum_names_the_range() -> None:
    with pytest.raises(RoomError, match=r"2000 to 10000 chips") as info:
        BuyIn(2000, 10000).check(10001)
    assert isinstance(info.value, PokerroomError)
    assert isinstance(info.value, ValueError)


def test_check_top_up_counts_the_stack_on_the_table() -> None:
    with pytest.raises(RoomError, match=r"stack of 10500; the table allows 2000 to 10000 chips, so add 1 to 4000"):
        BuyIn(2000, 10000).check(4500, stack=6000)
    with pytest.raises(RoomError, match=r"add 1500 to 9500"):
        BuyIn(2000, 10000).check(100, stack=500)


def test_check_a_stack_at_the_maximum_cannot_be_topped_up() -> None:
    with pytest.raises(RoomError, match=r"cannot be topped up \(the maximum is 10000\)"):
        BuyIn(2000, 10000).check(1, stack=10000)


def test_check_without_maximum() -> None:
    with pytest.raises(RoomError, match=r"the table allows 3000 chips or more, so add 3000 chips or more"):
        BuyIn(3000).check(2999)


@pytest.mark.parametrize("amount", [0, -1, -5000])
def test_check_refuses_a_non_positive_amount(amount: int) -> None:
    with pytest.raises(RoomError, match=rf"positive number of chips, not {amount}; allowed: add 2000 to 10000"):
        BuyIn(2000, 10000).check(amount)
    with pytest.raises(RoomError, match="positive"):
        BuyIn(1).check(amount, stack=5000)  # even when the stack alone is in range


def test_buyin_is_frozen_and_validated() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        BuyIn(1, 2).minimum = 3  # type: ignore[misc]
    with pytest.raises(RoomError, match="at least 1 chip"):
        BuyIn(0)
    with pytest.raises(RoomError, match="below the minimum"):
        BuyIn(10, 9)


def test_describe() -> None:
    assert BuyIn(2000, 10000).describe() == "2000 to 10000 chips"
    assert BuyIn(300).describe() == "300 chips or more"
