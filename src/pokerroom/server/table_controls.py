"""An operator's controls of a server table (issue 20, docs/server.md "Operators"): :class:`OperatorControls`, the
part of :class:`~pokerroom.server.actor.TableActor` that pauses and resumes its deals, closes it (everyone cashed
out once the hand being played is over), voids the hand being played under the crash rule (RULES §3.8) and
stands up a suspended or banned player.  The admin desk (:mod:`pokerroom.server.admin_desk`) calls them on the
event loop, between the actor's steps.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from pokerroom.errors import PokerroomError
from pokerroom.server.actor_parts import ActorParts
from pokerroom.server.protocol import VERSION

if TYPE_CHECKING:
    from pokerroom.server.actor import Connection, TableActor

__all__ = ["OperatorControls"]


class OperatorControls(ActorParts):
    """The operator's part of a table's actor (see the module docstring); :class:`TableActor` sets the attributes
    below (and :class:`~pokerroom.server.actor_parts.ActorParts`'s)."""

    if TYPE_CHECKING:
        next_hand_delay: float
        when_closed: Callable[[TableActor, dict[str, int]], None] | None
        _leaving: set[str]
        _bot_due: float | None

        def submit(self, conn: Connection | None, item: Any) -> None: ...
        def _void(self, reason: str) -> None: ...
        def _send_bots_home(self, moved: dict[str, int]) -> None: ...
        def offer_seats(self) -> None: ...
        def _leave(self, player: str, seat: int) -> None: ...

    def _stand_leavers(self) -> None:
        """Stand up the players who asked to leave (or were removed) during the hand just ended."""
        for player in sorted(self._leaving):
            with contextlib.suppress(PokerroomError):
                self.runner.stand(player)
            self.bots.pop(player, None)
        self._leaving.clear()

    def _wake(self) -> None:
        self._changed = True
        if not self.closed:
            self.submit(None, "tick")

    def pause(self) -> None:
        """No new deal until :meth:`resume`; the hand being played plays on (on the event loop)."""
        self.paused = True
        self._wake()

    def resume(self) -> None:
        """Deal again after :meth:`pause` (the next deal after the usual delay)."""
        self.paused = False
        self._schedule_deal()
        self._wake()

    def close_table(self) -> bool:
        """Close the table for good: no more deals; once the hand being played is over everyone stands up, their
        chips back to their accounts, and :attr:`when_closed` is called.  Returns whether it closed at once (no
        hand was being played)."""
        self.closing = True
        if not self._hand_running():
            self._finish_close()
            return True
        self._wake()
        return False

    def _finish_close(self) -> None:
        try:
            moved = self.runner.stand_all()
        finally:
            self.runner.close()
            self.closed = True
            self.submit(None, "stop")  # the task ends (it may be waiting for a command)
        for player, conns in self.connections.items():
            # Each player is told what went back to their account (a spectator: no ``chips``).
            notice: dict[str, object] = {"v": VERSION, "type": "notice", "code": "table_closed", "table": self.info.id}
            if player in moved:
                notice["chips"] = moved[player]
            for conn in conns:
                conn.send(notice)
        self._send_bots_home(moved)
        self.bots.clear()
        if self.when_closed is not None:
            self.when_closed(cast("TableActor", self), moved)  # the mixin is only ever a TableActor's

    def hand_playing(self) -> int | None:
        """The store's id of the hand being played, or ``None`` between hands."""
        return self.runner.hand_id if self._hand_running() else None

    def json(self) -> dict[str, object]:
        """The table as the API lists it: :class:`TableInfo`'s JSON with ``hand_id`` (:meth:`hand_playing`: what an
        operator's void names) and ``hand_number`` (the table's number of that hand; both ``None`` between hands)
        and ``paused`` (an operator paused the deals)."""
        playing = self.hand_playing()
        number = self.table.hand_number if playing is not None else None
        return {**self.info.json(), "hand_id": playing, "hand_number": number, "paused": self.paused}

    def void_hand(self, reason: str, hand_id: int | None = None) -> int | None:
        """Void the hand being played by an operator's decision, through the crash rule's path (:meth:`_void`:
        every contribution back, RULES §3.8, the void in the results); the table deals on after the usual delay.
        ``hand_id``: void only that hand (the store's id).  Returns the voided hand's store id, or ``None`` when
        no hand (or not that one) was being played."""
        current = self.runner.hand_id
        if not self._hand_running() or current is None or (hand_id is not None and hand_id != current):
            return None
        self._void(reason)
        if self._hand_running():
            return None  # the store refused the void: the hand plays on
        self._bot_due = None
        self._stand_leavers()
        self._deal_due = self.clock.now() + self.next_hand_delay
        self._wake()
        return current

    def remove_player(self, player: str) -> bool:
        """Stand ``player`` up (an operator suspended or banned them): at once when not dealt into the hand being
        played, else once it is over (checking or folding at their turns meanwhile); their chips back to their
        account; off the waiting list.  Returns whether they were seated."""
        if self.waitlist.leave(player):
            self.offer_seats()
        seated = self._seated(player)
        if seated:
            self._leave(player, self.table.seat_of(player))
        self._wake()
        return seated
