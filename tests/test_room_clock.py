"""Clocks and the action timer (pokerroom.room.clock) in virtual time, with exact figures in seconds."""

from __future__ import annotations

import time

import pytest

from pokerroom.errors import RoomError
from pokerroom.room.clock import DRAW_SECONDS, ActionTimer, Clock, SystemClock, VirtualClock, draw_timer


def test_virtual_clock_moves_only_when_advanced() -> None:
    clock = VirtualClock()
    assert clock.now() == 0.0
    assert clock.advance(2.5) == 2.5
    assert clock.advance(0.0) == 2.5
    assert clock.now() == 2.5
    assert VirtualClock(100.0).now() == 100.0
    with pytest.raises(RoomError, match="cannot go back"):
        clock.advance(-1.0)
    assert clock.now() == 2.5


def test_both_clocks_satisfy_the_protocol() -> None:
    assert isinstance(VirtualClock(), Clock)
    assert isinstance(SystemClock(), Clock)
    before = time.monotonic()
    assert SystemClock().now() >= before


def test_action_in_time_leaves_the_bank_alone() -> None:
    clock = VirtualClock(1000.0)
    timer = ActionTimer()
    assert (timer.action_seconds, timer.bank_seconds, timer.bank_refill, timer.bank_max) == (20.0, 30.0, 0.0, 30.0)
    timer.start(2, clock.now())
    assert timer.running == 2
    assert timer.remaining(clock.now()) == 50.0
    clock.advance(12.5)
    assert timer.remaining(clock.now()) == 37.5
    assert not timer.expired(clock.now())
    assert timer.stop(clock.now()) == 12.5
    assert timer.running is None
    assert timer.bank(2) == 30.0


def test_overrun_draws_the_bank() -> None:
    clock = VirtualClock()
    timer = ActionTimer(action_seconds=20.0, bank_seconds=30.0)
    timer.start(0, clock.now())
    clock.advance(20.0)
    assert timer.remaining(clock.now()) == 30.0  # action time gone, the whole bank left
    clock.advance(7.5)
    assert timer.remaining(clock.now()) == 22.5
    assert timer.stop(clock.now()) == 27.5
    assert timer.bank(0) == 22.5
    assert timer.bank(1) == 30.0  # another seat's bank is untouched

    # The next action gets the full action time again, then the smaller bank.
    timer.start(0, clock.now())
    assert timer.remaining(clock.now()) == 42.5
    clock.advance(40.0)
    assert timer.remaining(clock.now()) == 2.5
    assert timer.stop(clock.now()) == 40.0
    assert timer.bank(0) == 2.5


def test_bank_exhausted_is_expired() -> None:
    clock = VirtualClock()
    timer = ActionTimer(action_seconds=20.0, bank_seconds=30.0)
    timer.start(4, clock.now())
    clock.advance(49.75)
    assert timer.remaining(clock.now()) == 0.25
    assert not timer.expired(clock.now())
    clock.advance(0.25)
    assert timer.remaining(clock.now()) == 0.0
    assert timer.expired(clock.now())  # exactly at the limit counts as expired
    clock.advance(10.0)
    assert timer.remaining(clock.now()) == 0.0
    assert timer.expired(clock.now())
    assert timer.stop(clock.now()) == 60.0
    assert timer.bank(4) == 0.0  # charged at most what the bank held

    # With an empty bank only the action time is left.
    timer.start(4, clock.now())
    clock.advance(20.0)
    assert timer.expired(clock.now())
    timer.stop(clock.now())


def test_refill_per_hand_is_capped() -> None:
    clock = VirtualClock()
    timer = ActionTimer(action_seconds=10.0, bank_seconds=30.0, bank_refill=5.0, bank_max=40.0)
    timer.start(1, clock.now())
    clock.advance(22.0)  # 12 s over
    timer.stop(clock.now())
    assert timer.bank(1) == 18.0
    timer.new_hand()
    assert timer.bank(1) == 23.0
    for _ in range(3):
        timer.new_hand()
    assert timer.bank(1) == 38.0
    timer.new_hand()
    assert timer.bank(1) == 40.0  # capped at bank_max
    timer.new_hand()
    assert timer.bank(1) == 40.0
    assert timer.bank(7) == 30.0  # an unseen seat starts with bank_seconds


def test_default_refill_is_zero_and_cap_defaults_to_the_bank() -> None:
    timer = ActionTimer(bank_refill=10.0)
    assert timer.bank_max == 30.0
    timer.start(0, 0.0)
    timer.stop(25.0)  # 5 s over
    assert timer.bank(0) == 25.0
    timer.new_hand()
    timer.new_hand()
    assert timer.bank(0) == 30.0
    no_refill = ActionTimer()
    no_refill.start(0, 0.0)
    no_refill.stop(25.0)
    no_refill.new_hand()
    assert no_refill.bank(0) == 25.0


def test_timer_misuse_is_refused() -> None:
    timer = ActionTimer()
    with pytest.raises(RoomError, match="no action is being timed"):
        timer.remaining(0.0)
    with pytest.raises(RoomError, match="no action is being timed"):
        timer.stop(0.0)
    timer.start(0, 10.0)
    with pytest.raises(RoomError, match="still being timed"):
        timer.start(1, 11.0)
    with pytest.raises(RoomError, match="before the action started"):
        timer.expired(9.0)
    with pytest.raises(RoomError, match="being timed"):
        timer.forget(0)
    timer.stop(10.0)
    with pytest.raises(RoomError, match="negative"):
        ActionTimer(action_seconds=-1.0)
    with pytest.raises(RoomError, match="below"):
        ActionTimer(bank_seconds=30.0, bank_max=10.0)


def test_forget_gives_the_next_player_a_full_bank() -> None:
    timer = ActionTimer()
    timer.start(5, 0.0)
    timer.stop(45.0)
    assert timer.bank(5) == 5.0
    timer.forget(5)
    assert timer.bank(5) == 30.0


def test_draw_timer_is_thirty_seconds_without_a_bank() -> None:
    assert DRAW_SECONDS == 30.0
    clock = VirtualClock()
    timer = draw_timer()
    timer.start(3, clock.now())
    clock.advance(29.5)
    assert not timer.expired(clock.now())
    clock.advance(0.5)
    assert timer.expired(clock.now())
    assert timer.stop(clock.now()) == 30.0
