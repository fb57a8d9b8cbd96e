"""Clocks and action timers of the room: real or virtual time, the per-action clock with a time bank, and the
draw timer of RULES §2.5.

All times are in **seconds** (floats).  The room never reads the wall clock itself: it asks a :class:`Clock`,
so tests run the room in virtual time with :class:`VirtualClock` and get exact, repeatable figures.

* :class:`Clock` is the protocol (``now()``); :class:`SystemClock` uses ``time.monotonic``; :class:`VirtualClock`
  moves only when told to (``advance``).
* :class:`ActionTimer` times one player's decision at a time: ``action_seconds`` per action, then the player's
  time bank (``bank_seconds``), which is drawn on for the overrun and refilled by ``bank_refill`` per hand up
  to ``bank_max``.
* :data:`DRAW_SECONDS` is the 30-second draw timer of seed 004's online draw games (RULES §2.5,
  ``draw_timeout_s=30``).  The timer only says *when* time is up; the consequence (the player stands pat and may
  not bet or raise in the following betting round) is the table's to apply.
"""

from __future__ import annotations

import time
from typing import Protocol, runtime_checkable

from pokerroom.errors import RoomError

__all__ = [
    "DRAW_SECONDS",
    "FOLD_DELAY",
    "NEXT_HAND_DELAY",
    "ActionTimer",
    "Clock",
    "SystemClock",
    "VirtualClock",
    "draw_timer",
]

NEXT_HAND_DELAY = 5.0
"""Seconds a hand's result stays on the felt before the next deal (``pokerroom serve --next-hand-delay``)."""

FOLD_DELAY = 2.0
"""Seconds at most between a hand won uncontested (everyone else folded: nothing to read on the felt) and the
next deal; see :meth:`pokerroom.server.actor.TableActor.deal_delay`."""

DRAW_SECONDS = 30.0
"""Seconds a player has to draw in seed 004's online draw games (RULES §2.5 ``draw_timeout_s``).  On time-out
the player stands pat (draws 0) and loses the right to bet or raise in the following betting round (for the rest
of the hand in Lukket poker and 32-card draw, only "this round" in 2-7 triple draw); the table applies that."""


@runtime_checkable
class Clock(Protocol):
    """Anything that tells the time in seconds.  Only differences between two readings mean anything."""

    def now(self) -> float:
        """The current time in seconds; never goes backwards."""
        ...


class SystemClock:
    """Real time: ``time.monotonic()`` (seconds, unaffected by changes to the wall clock)."""

    def now(self) -> float:
        return time.monotonic()


class VirtualClock:
    """Time that moves only when :meth:`advance` is called, so tests get exact figures.

    >>> clock = VirtualClock()
    >>> clock.advance(12.5)
    12.5
    >>> clock.now()
    12.5
    """

    def __init__(self, start: float = 0.0) -> None:
        """A clock reading ``start`` seconds."""
        self._now = float(start)

    def now(self) -> float:
        return self._now

    def advance(self, seconds: float) -> float:
        """Move the clock ``seconds`` forward and return the new time; raises :class:`RoomError` for a negative
        amount (a clock never goes backwards)."""
        if seconds < 0:
            raise RoomError(f"a clock cannot go back: advance by {seconds} s; give 0 seconds or more")
        self._now += seconds
        return self._now


class ActionTimer:
    """The clock of the player to act, with a time bank per seat (all figures in seconds).

    A player has ``action_seconds`` for each action; once they are used up the player's bank is drawn on.  The
    action has expired when both are used up.  :meth:`stop` charges the bank for the overrun (at most what the
    bank held).  :meth:`new_hand` refills every bank by ``bank_refill``, never above ``bank_max``.  A seat the
    timer has not seen yet starts with a full ``bank_seconds``.

    Only one action is timed at a time.  Every method is deterministic: the times come from the caller.

    >>> t = ActionTimer(action_seconds=20.0, bank_seconds=30.0)
    >>> t.start(3, 100.0)
    >>> t.remaining(125.0)   # 20 s of action time used, 5 s of the bank
    25.0
    >>> t.stop(125.0), t.bank(3)
    (25.0, 25.0)
    """

    def __init__(
        self,
        action_seconds: float = 20.0,
        bank_seconds: float = 30.0,
        bank_refill: float = 0.0,
        bank_max: float | None = None,
    ) -> None:
        """``action_seconds`` per action; ``bank_seconds`` in each seat's bank at the start; ``bank_refill``
        added to each bank per hand, up to ``bank_max`` (default: ``bank_seconds``).  Raises :class:`RoomError`
        for a negative time or a ``bank_max`` below ``bank_seconds``."""
        top = bank_seconds if bank_max is None else bank_max
        for name, value in (
            ("action_seconds", action_seconds),
            ("bank_seconds", bank_seconds),
            ("bank_refill", bank_refill),
            ("bank_max", top),
        ):
            if value < 0:
                raise RoomError(f"{name} cannot be negative ({value} s); give 0 seconds or more")
        if top < bank_seconds:
            raise RoomError(f"bank_max ({top} s) is below the starting bank_seconds ({bank_seconds} s)")
        self.action_seconds = float(action_seconds)
        self.bank_seconds = float(bank_seconds)
        self.bank_refill = float(bank_refill)
        self.bank_max = float(top)
        self._banks: dict[int, float] = {}
        self._seat: int | None = None
        self._started = 0.0

    def __repr__(self) -> str:
        return (
            f"ActionTimer(action_seconds={self.action_seconds}, bank_seconds={self.bank_seconds}, "
            f"bank_refill={self.bank_refill}, bank_max={self.bank_max}, running={self._seat})"
        )

    @property
    def running(self) -> int | None:
        """The seat being timed, or ``None`` between actions."""
        return self._seat

    def bank(self, seat: int) -> float:
        """Seconds left in ``seat``'s time bank (not counting an action being timed now)."""
        return self._banks.get(seat, self.bank_seconds)

    def start(self, seat: int, clock_now: float) -> None:
        """Start timing ``seat``'s action at time ``clock_now`` (seconds).  Raises :class:`RoomError` if another
        action is still being timed (stop it first)."""
        if self._seat is not None:
            raise RoomError(f"seat {self._seat}'s action is still being timed; stop it before starting seat {seat}")
        self._banks.setdefault(seat, self.bank_seconds)
        self._seat = seat
        self._started = float(clock_now)

    def _elapsed(self, now: float) -> float:
        if self._seat is None:
            raise RoomError("no action is being timed; start one first")
        elapsed = now - self._started
        if elapsed < 0:
            raise RoomError(f"time {now} s is before the action started ({self._started} s)")
        return elapsed

    def remaining(self, now: float) -> float:
        """Seconds left at time ``now``: the action time left plus the bank left, never below 0.  Raises
        :class:`RoomError` when no action is timed or ``now`` is before its start."""
        action, bank = self.left(now)
        return action + bank

    def left(self, now: float) -> tuple[float, float]:
        """``(action, bank)``: seconds of the action time and of the seat's bank left at time ``now``; the bank
        counts down only once the action time is spent.  Raises like :meth:`remaining`.

        >>> t = ActionTimer(action_seconds=20.0, bank_seconds=30.0)
        >>> t.start(3, 100.0)
        >>> t.left(112.0), t.left(125.0), t.left(160.0)
        ((8.0, 30.0), (0.0, 25.0), (0.0, 0.0))
        """
        elapsed = self._elapsed(now)
        assert self._seat is not None
        overrun = max(0.0, elapsed - self.action_seconds)
        return max(0.0, self.action_seconds - elapsed), max(0.0, self._banks[self._seat] - overrun)

    def expired(self, now: float) -> bool:
        """Whether the action time and the whole bank are used up at time ``now`` (exactly at the limit counts
        as expired).  Raises like :meth:`remaining`."""
        return self.remaining(now) <= 0.0

    def stop(self, now: float) -> float:
        """End the timed action at time ``now``; returns the seconds it took.  The bank is charged for the time
        over ``action_seconds`` (never below 0).  Raises like :meth:`remaining`."""
        elapsed = self._elapsed(now)
        seat = self._seat
        assert seat is not None
        overrun = max(0.0, elapsed - self.action_seconds)
        self._banks[seat] = max(0.0, self._banks[seat] - overrun)
        self._seat = None
        return elapsed

    def new_hand(self) -> None:
        """Refill every seat's bank by ``bank_refill`` seconds, capped at ``bank_max`` (call once per hand)."""
        for seat, left in self._banks.items():
            self._banks[seat] = min(self.bank_max, left + self.bank_refill)

    def forget(self, seat: int) -> None:
        """Drop ``seat``'s bank (the player left); the next player there starts with a full ``bank_seconds``.
        Raises :class:`RoomError` while that seat's action is being timed."""
        if self._seat == seat:
            raise RoomError(f"seat {seat}'s action is being timed; stop it first")
        self._banks.pop(seat, None)


def draw_timer() -> ActionTimer:
    """A timer for the draw of seed 004's online draw games: :data:`DRAW_SECONDS` (30 s) and no time bank
    (RULES §2.5).  On expiry the table makes the player stand pat and bars bets and raises as §2.5 says."""
    return ActionTimer(action_seconds=DRAW_SECONDS, bank_seconds=0.0)
