"""Rake schedules, their choice by stake, and the split over side pots (RULES §3.10, §7.7 RK-1..RK-8).

Amounts are exact cents (1 chip = 1 cent unless a test says otherwise).  RK-9 (no flop, no drop) is the engine's
test; RK-10 (play money) is the room's: such tables have no schedule at all.
"""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerroom.errors import PokerroomError, UnsupportedRule
from pokerroom.games import Limit
from pokerroom.room.rake import (
    R_FL_1,
    R_FL_2,
    R_FL_LOW,
    R_NL,
    SCHEDULES,
    RakeSchedule,
    TableRake,
    schedule_for,
    split_rake,
)

# --- RULES §7.7 ---------------------------------------------------------------------------------------------------


def test_rk1_nl_two_players_pot_10() -> None:
    assert schedule_for(Limit.NO, small_bet=0).rake(1000, 2) == 50


def test_rk2_nl_two_players_pot_30_is_capped() -> None:
    assert R_NL.rake(3000, 2) == 75


def test_rk3_nl_six_players_pot_100_is_capped() -> None:
    assert R_NL.rake(10000, 6) == 300


@pytest.mark.parametrize("dealt", range(2, 11))
def test_rk4_nl_pot_3_50_small_pot_rule(dealt: int) -> None:
    assert R_NL.rake(350, dealt) == 17  # 17 full €0.20 steps at €0.01


@pytest.mark.parametrize("dealt", range(2, 11))
def test_rk5_nl_pot_4_00_main_rule(dealt: int) -> None:
    assert R_NL.rake(400, dealt) == 20


def test_rk6_fl_1_2_five_players_pot_23() -> None:
    schedule = schedule_for(Limit.FIXED, small_bet=100)
    assert schedule is R_FL_1
    assert schedule.rake(2300, 5) == 100  # 4 full €5 at €0.25


def test_rk7_fl_2_4_three_players_pot_50_is_capped() -> None:
    schedule = schedule_for(Limit.FIXED, small_bet=200)
    assert schedule is R_FL_2
    assert schedule.rake(5000, 3) == 75


def test_rk8_fl_0_50_1_four_players_pot_2_90_small_pot_rule() -> None:
    schedule = schedule_for(Limit.FIXED, small_bet=50)
    assert schedule is R_FL_LOW
    assert schedule.rake(290, 4) == 14


# --- every cap row of every table -----------------------------------------------------------------------------------

CAPS = {
    "R-NL": {2: 75, 3: 200, 4: 200, 5: 300, 10: 300},
    "R-FL-LOW": {2: 75, 3: 75, 4: 100, 5: 100, 10: 100},
    "R-FL-1": {2: 75, 3: 75, 4: 200, 5: 200, 10: 200},
    "R-FL-2": {2: 75, 3: 75, 4: 200, 5: 200, 10: 200},
}


@pytest.mark.parametrize(
    ("schedule_id", "dealt", "cap"),
    [(sid, dealt, cap) for sid, rows in CAPS.items() for dealt, cap in rows.items()],
    ids=lambda v: str(v),
)
def test_cap_rows(schedule_id: str, dealt: int, cap: int) -> None:
    schedule = SCHEDULES[schedule_id]
    assert schedule.cap(dealt) == cap
    assert schedule.rake(1_000_000, dealt) == cap
    # the smallest pot that reaches the cap, and one cent less: one unit fewer at the full rate
    units = -(-cap // schedule.unit_rake)
    assert schedule.rake(units * schedule.unit, dealt) == cap
    assert schedule.rake(units * schedule.unit - 1, dealt) == (units - 1) * schedule.unit_rake < cap


@pytest.mark.parametrize("schedule", [R_NL, R_FL_LOW, R_FL_1, R_FL_2], ids=lambda s: s.id)
@pytest.mark.parametrize("dealt", [0, 1, 11])
def test_dealt_count_outside_the_caps_is_unsupported(schedule: RakeSchedule, dealt: int) -> None:
    with pytest.raises(UnsupportedRule, match=rf"{schedule.id} has no cap for {dealt} players"):
        schedule.rake(1000, dealt)


def test_schedules_by_id() -> None:
    assert SCHEDULES == {"R-NL": R_NL, "R-FL-LOW": R_FL_LOW, "R-FL-1": R_FL_1, "R-FL-2": R_FL_2}
    assert all(s.id == sid for sid, s in SCHEDULES.items())


def test_rates_per_full_unit() -> None:
    # A-3.10-2: per full unit, rounding down
    assert R_NL.rake(1099, 3) == 50
    assert R_NL.rake(1100, 3) == 55
    assert R_FL_1.rake(999, 4) == 25
    assert R_FL_1.rake(1000, 4) == 50
    assert R_FL_1.rake(499, 4) == 0  # no small-pot rule in R-FL-1
    assert R_FL_2.rake(1999, 4) == 50
    assert R_FL_2.rake(2000, 4) == 100
    assert R_FL_2.rake(999, 4) == 0


def test_empty_pot_has_no_rake() -> None:
    assert [s.rake(0, 2) for s in SCHEDULES.values()] == [0, 0, 0, 0]


# --- the small-pot rule ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("schedule", [R_NL, R_FL_LOW], ids=lambda s: s.id)
def test_small_pot_threshold_boundary_is_continuous(schedule: RakeSchedule) -> None:
    assert schedule.rake(399, 4) == 19  # small-pot rule: 19 full €0.20
    assert schedule.rake(400, 4) == 20  # main rule: 4 full €1
    assert schedule.rake(419, 4) == 20
    assert schedule.rake(499, 4) == 20
    assert schedule.rake(19, 4) == 0
    assert schedule.rake(20, 4) == 1
    # both formulas give €0.20 at €4.00: moving the threshold just past it changes nothing there
    assert schedule.with_small_pot_threshold(401).rake(400, 4) == 20


@pytest.mark.parametrize("schedule", [R_NL, R_FL_LOW, R_FL_LOW.with_small_pot_threshold(100)], ids=lambda s: s.id)
def test_rake_never_falls_as_the_pot_grows(schedule: RakeSchedule) -> None:
    rakes = [schedule.rake(pot, 4) for pot in range(2001)]
    assert rakes == sorted(rakes)


def test_a_3_10_1_alternative_threshold_1_euro() -> None:
    alt = R_FL_LOW.with_small_pot_threshold(100)
    assert alt.id == "R-FL-LOW"
    assert alt.small_pot == (100, 20, 1)
    assert alt.caps == R_FL_LOW.caps
    assert alt.rake(99, 4) == 4  # small-pot rule below €1
    assert alt.rake(100, 4) == 5  # main rule from €1
    assert alt.rake(290, 4) == 10  # RK-8's pot: €0.10 instead of €0.14
    assert alt.rake(350, 4) == 15
    assert R_FL_LOW.small_pot == (400, 20, 1)  # the default is untouched


@pytest.mark.parametrize("schedule", [R_FL_1, R_FL_2], ids=lambda s: s.id)
def test_no_small_pot_rule_to_move(schedule: RakeSchedule) -> None:
    with pytest.raises(UnsupportedRule, match=schedule.id):
        schedule.with_small_pot_threshold(100)


def test_schedules_are_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        R_NL.unit = 1  # type: ignore[misc]


@pytest.mark.parametrize(
    "kwargs",
    [
        {"unit": 0, "unit_rake": 5, "caps": ((2, 10, 100),)},
        {"unit": 100, "unit_rake": 5, "caps": ()},
        {"unit": 100, "unit_rake": 5, "caps": ((5, 2, 100),)},
        {"unit": 100, "unit_rake": 5, "caps": ((2, 10, 100),), "small_pot": (400, 0, 1)},
    ],
)
def test_bad_schedule_data_is_refused(kwargs: dict[str, object]) -> None:
    with pytest.raises(UnsupportedRule, match="R-X"):
        RakeSchedule("R-X", **kwargs)  # type: ignore[arg-type]


def test_negative_pot_is_refused() -> None:
    with pytest.raises(PokerroomError, match="negative"):
        R_NL.rake(-1, 2)


# --- choosing the table by stake (A-3.10-5) --------------------------------------------------------------------------


@pytest.mark.parametrize("limit", [Limit.NO, Limit.POT, Limit.HALF_POT])
@pytest.mark.parametrize("small_bet", [1, 50, 100, 200, 10000])
def test_big_bet_structures_use_r_nl_at_every_stake(limit: Limit, small_bet: int) -> None:
    assert schedule_for(limit, small_bet=small_bet) is R_NL


@pytest.mark.parametrize("limit", [Limit.FIXED, Limit.SPREAD])
@pytest.mark.parametrize(
    ("small_bet", "expected"),
    [
        (2, R_FL_LOW),  # €0.02/€0.04, the lowest listed
        (25, R_FL_LOW),
        (50, R_FL_LOW),  # €0.50/€1, the highest of the low range
        (100, R_FL_1),
        (200, R_FL_2),
        (500, R_FL_2),
        (10000, R_FL_2),
    ],
    ids=lambda v: v.id if isinstance(v, RakeSchedule) else str(v),
)
def test_fixed_and_spread_by_small_bet(limit: Limit, small_bet: int, expected: RakeSchedule) -> None:
    assert schedule_for(limit, small_bet=small_bet) is expected


@pytest.mark.parametrize(
    ("small_bet", "expected"),
    [
        (75, R_FL_LOW),  # €0.75/€1.50
        (99, R_FL_LOW),
        (150, R_FL_1),  # €1.50/€3
        (199, R_FL_1),
        (300, R_FL_2),  # €3/€6
    ],
    ids=lambda v: v.id if isinstance(v, RakeSchedule) else str(v),
)
def test_a_3_10_5_nearest_lower_range(small_bet: int, expected: RakeSchedule) -> None:
    assert schedule_for(Limit.FIXED, small_bet=small_bet) is expected


def test_below_the_lowest_range_uses_r_fl_low() -> None:
    assert schedule_for(Limit.FIXED, small_bet=1) is R_FL_LOW


def test_spread_1_2_3_uses_r_fl_1() -> None:
    # seed 004's "€1-€2-€3": the first round's largest bet is €1
    assert schedule_for(Limit.SPREAD, small_bet=100) is R_FL_1


def test_schedule_for_scales_the_small_bet_to_cents() -> None:
    assert schedule_for(Limit.FIXED, small_bet=20, cents_per_chip=5) is R_FL_1  # €1
    assert schedule_for(Limit.FIXED, small_bet=4, cents_per_chip=50) is R_FL_2  # €2
    assert schedule_for(Limit.FIXED, small_bet=10, cents_per_chip=5) is R_FL_LOW  # €0.50


def test_schedule_for_refuses_a_bad_stake() -> None:
    with pytest.raises(PokerroomError, match="small bet"):
        schedule_for(Limit.FIXED, small_bet=0)
    with pytest.raises(PokerroomError, match="cents_per_chip"):
        schedule_for(Limit.NO, small_bet=100, cents_per_chip=0)


# --- chips worth more than a cent -------------------------------------------------------------------------------------


def test_cents_per_chip_scaling() -> None:
    assert R_NL.rake(200, 2, cents_per_chip=5) == 10  # €10 pot -> €0.50
    assert R_NL.rake(600, 2, cents_per_chip=5) == 15  # €30 pot -> capped €0.75
    assert R_NL.rake(70, 2, cents_per_chip=5) == 3  # €3.50 small pot -> €0.17 -> 3 chips (€0.15), rounded down
    assert R_NL.rake(143, 2, cents_per_chip=7) == 7  # €10.01 -> €0.50 -> 7 chips (€0.49)
    assert R_NL.rake(1000, 2, cents_per_chip=100) == 0  # €0.75 cap is under one €1 chip
    assert R_FL_2.rake(500, 4, cents_per_chip=10) == 20  # €50 -> €2.00 cap


def test_cents_per_chip_must_be_positive() -> None:
    with pytest.raises(PokerroomError, match="cents_per_chip"):
        R_NL.rake(1000, 2, cents_per_chip=0)
    with pytest.raises(PokerroomError, match="cents_per_chip"):
        TableRake(R_NL, cents_per_chip=0)


# --- side pots (A-3.10-4) -------------------------------------------------------------------------------------------


def test_split_rake_proportional_leftover_from_main_pot() -> None:
    # 100 × 1000/1333 = 75.0, × 300/1333 = 22.5, × 33/1333 = 2.5 -> 75 + 22 + 2 = 99; the 1 left from the main pot
    assert split_rake(100, [1000, 300, 33]) == [76, 22, 2]


def test_split_rake_exact_shares() -> None:
    assert split_rake(30, [1000, 500, 1500]) == [10, 5, 15]
    assert split_rake(75, [3000]) == [75]
    assert split_rake(0, [1000, 300]) == [0, 0]
    assert split_rake(0, []) == []


def test_split_rake_leftover_to_main_even_when_a_side_pot_is_bigger() -> None:
    # 3 × 100/400 = 0.75, 3 × 300/400 = 2.25 -> 0 + 2, leftover 1 from the main pot
    assert split_rake(3, [100, 300]) == [1, 2]


def test_split_rake_leftover_beyond_the_main_pot_comes_from_the_next_pots() -> None:
    # 200 × 1/201 = 0.99, 200 × 100/201 = 99.5 twice -> 0 + 99 + 99; 2 left: the main pot holds only 1
    assert split_rake(200, [1, 100, 100]) == [1, 100, 99]


def test_split_rake_refuses_more_than_the_pots_hold() -> None:
    with pytest.raises(PokerroomError, match="more than the 10 chips") as info:
        split_rake(11, [4, 6])
    assert isinstance(info.value, ValueError)
    with pytest.raises(PokerroomError):
        split_rake(1, [])
    with pytest.raises(PokerroomError, match="negative"):
        split_rake(-1, [10])
    with pytest.raises(PokerroomError, match="negative"):
        split_rake(1, [10, -1])


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 100_000), min_size=1, max_size=8), st.data())
def test_split_rake_sums_to_the_rake_and_never_exceeds_a_pot(pots: list[int], data: st.DataObject) -> None:
    rake = data.draw(st.integers(0, sum(pots)), label="rake")
    shares = split_rake(rake, pots)
    assert sum(shares) == rake
    assert len(shares) == len(pots)
    assert all(0 <= share <= pot for share, pot in zip(shares, pots, strict=True))
    total = sum(pots)
    floors = [rake * pot // total if total else 0 for pot in pots]
    assert all(share >= floor for share, floor in zip(shares, floors, strict=True))
    if pots[0] - floors[0] >= rake - sum(floors):
        # the main pot has room for the leftover: the side pots give exactly their rounded-down shares
        assert shares[1:] == floors[1:]


# --- the table hook ---------------------------------------------------------------------------------------------------


def test_table_rake_rakes_the_total_and_splits_it() -> None:
    # €13.33 in all, 3 dealt: 13 full euros -> €0.65; 48.8 + 14.6 + 1.6 -> 48 + 14 + 1, 2 left from the main pot
    assert TableRake(R_NL)([1000, 300, 33], 3) == [50, 14, 1]
    assert TableRake(R_NL)([10000], 6) == [300]  # RK-3
    # RK-6's €23.00 as a main and a side pot: €1.00; 86.96 + 13.04 -> 86 + 13, 1 left from the main pot
    assert TableRake(R_FL_1)([2000, 300], 5) == [87, 13]


def test_table_rake_with_bigger_chips() -> None:
    # 5-cent chips, pots €50 + €10: €0.50 per full €10 of €60 = €3.00, capped at €2.00 for 4 dealt = 40 chips
    rake = TableRake(R_FL_2, cents_per_chip=5)
    assert rake([1000, 200], 4) == [34, 6]  # 40 chips: 40 × 1000/1200 = 33.3, 40 × 200/1200 = 6.7 -> 33 + 6 + 1


def test_table_rake_refuses_an_uncovered_dealt_count() -> None:
    with pytest.raises(UnsupportedRule, match="R-NL has no cap for 1 players"):
        TableRake(R_NL)([1000], 1)


def test_table_rake_is_frozen() -> None:
    rake = TableRake(R_NL)
    with pytest.raises(dataclasses.FrozenInstanceError):
        rake.cents_per_chip = 5  # type: ignore[misc]
