"""A table's waiting list: players queued for a seat at a full table, the first in line offered each seat that
frees up.

A :class:`Waitlist` belongs to one :class:`~pokerroom.server.actor.TableActor`, which asks it in its sit path
(:meth:`Waitlist.check_sit`: a seat held for someone else is refused, naming the waiting list) and after every
change (:meth:`Waitlist.refresh`: expired offers passed on, free seats offered).  An offer holds its seat for
:data:`OFFER_SECONDS` seconds of the table's clock; when the player takes another seat, leaves the list (declines)
or lets the time run out, they are off the list and the seat goes to the next in line.  A player is on a table's
list at most once; sitting down at the table or logging out (the last session of theirs) takes them off.

The actor and the lobby's endpoints call it on the event loop (the lobby then has the actor offer the seats at once:
:meth:`~pokerroom.server.actor.TableActor.waitlist_changed`); every method still takes the list's lock.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from dataclasses import dataclass

from pokerroom.errors import RoomError
from pokerroom.room.clock import Clock

__all__ = ["OFFER_SECONDS", "Offer", "Waitlist"]

OFFER_SECONDS = 60.0
"""How long an offered seat is held for the first in line (seconds of the table's clock)."""


@dataclass(frozen=True, slots=True)
class Offer:
    """A free ``seat`` held for ``player`` until ``until`` (table clock, seconds)."""

    player: str
    seat: int
    until: float


class Waitlist:
    """One table's waiting list (see the module docstring); times from ``clock``."""

    def __init__(self, clock: Clock, *, offer_seconds: float = OFFER_SECONDS) -> None:
        self.clock = clock
        self.offer_seconds = offer_seconds
        self._queue: list[str] = []
        self._offers: dict[int, Offer] = {}
        self._lock = threading.Lock()

    # ------------------------------------------------------------------ reading

    @property
    def players(self) -> list[str]:
        """Who is waiting, first in line first (those offered a seat included)."""
        with self._lock:
            return list(self._queue)

    def place(self, player: str) -> int | None:
        """``player``'s place in line (1: first), ``None`` when not on the list."""
        with self._lock:
            return self._queue.index(player) + 1 if player in self._queue else None

    def offer(self, player: str) -> Offer | None:
        """The seat offered to ``player`` now, if any."""
        with self._lock:
            return next((o for o in self._offers.values() if o.player == player), None)

    def held(self, seat: int) -> Offer | None:
        """The offer holding ``seat``, if any."""
        with self._lock:
            return self._offers.get(seat)

    def deadline(self) -> float | None:
        """When the next offer runs out (table clock), ``None`` without offers."""
        with self._lock:
            return min((o.until for o in self._offers.values()), default=None)

    # ------------------------------------------------------------------ changes

    def join(self, player: str, *, free_seats: Iterable[int], seated: bool) -> int:
        """Put ``player`` at the end of the line (a player already on it keeps their place); returns the place.
        Raises :class:`RoomError` for a player seated at the table, or when a seat is free and held for nobody
        (sit down instead)."""
        with self._lock:
            if seated:
                raise RoomError(f"{player} already has a seat at this table; the waiting list is for a full table")
            if player in self._queue:
                return self._queue.index(player) + 1
            open_seats = [s for s in free_seats if s not in self._offers]
            if open_seats:
                raise RoomError(f"seat {open_seats[0]} is free: sit down there instead of joining the waiting list")
            self._queue.append(player)
            return len(self._queue)

    def leave(self, player: str) -> bool:
        """Take ``player`` off the list (declining any seat offered: it goes to the next in line at the next
        :meth:`refresh`, which the caller runs at once); whether they were on it."""
        with self._lock:
            return self._drop(player)

    def _drop(self, player: str) -> bool:
        if player not in self._queue:
            return False
        self._queue.remove(player)
        for seat, o in list(self._offers.items()):
            if o.player == player:
                del self._offers[seat]
        return True

    def check_sit(self, seat: int, player: str) -> None:
        """Refuse ``player`` taking ``seat`` while it is held for someone else: :class:`RoomError` naming the
        waiting list and the seconds left of the offer."""
        with self._lock:
            o = self._offers.get(seat)
            if o is None or o.player == player:
                return
            left = max(0, round(o.until - self.clock.now()))
            raise RoomError(
                f"seat {seat} is held for the first player on this table's waiting list for {left} more seconds; "
                "join the waiting list or take another seat"
            )

    def sat(self, player: str) -> None:
        """``player`` sat down at the table: off the list, any offer ended."""
        with self._lock:
            self._drop(player)

    def refresh(self, free_seats: Iterable[int], seated: Iterable[str]) -> list[Offer]:
        """Bring the list up to date with the table: offers whose time ran out end (their player off the list),
        players ``seated`` at the table leave it, offers on seats no longer free end, and each free seat held for
        nobody is offered to the next in line without an offer.  Returns the new offers."""
        now = self.clock.now()
        free = list(free_seats)
        with self._lock:
            for player in set(seated) & set(self._queue):
                self._drop(player)
            for seat, o in list(self._offers.items()):
                if o.until <= now:
                    self._drop(o.player)
                elif seat not in free:
                    del self._offers[seat]
            offered = {o.player for o in self._offers.values()}
            waiting = [p for p in self._queue if p not in offered]
            new = [
                Offer(player, seat, now + self.offer_seconds)
                for seat, player in zip([s for s in free if s not in self._offers], waiting, strict=False)
            ]
            for o in new:
                self._offers[o.seat] = o
            return new
