"""What the parts of a table's actor share: :class:`ActorParts`, the attributes and methods that
:class:`~pokerroom.server.actor.TableActor` sets up and its parts (:class:`~pokerroom.server.house_bots.
HouseBotSeats`, :class:`~pokerroom.server.table_controls.OperatorControls`, :class:`~pokerroom.server.
table_views.TableViews`) read, declared once for the type checker.  Nothing here runs."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pokerroom.room.clock import Clock
    from pokerroom.room.table import Table
    from pokerroom.server.actor import Connection
    from pokerroom.server.table_info import TableInfo
    from pokerroom.server.waitlist import Waitlist
    from pokerroom.store.runner import TableRunner

__all__ = ["ActorParts"]


class ActorParts:
    """The base of a table actor's parts: the state :class:`~pokerroom.server.actor.TableActor` keeps."""

    if TYPE_CHECKING:
        table: Table
        runner: TableRunner
        info: TableInfo
        clock: Clock
        waitlist: Waitlist
        bots: dict[str, Any]
        connections: dict[str, list[Connection]]
        paused: bool
        closing: bool
        closed: bool
        _changed: bool
        _deal_due: float | None

        def _schedule_deal(self) -> None: ...
        def _hand_running(self) -> bool: ...
        def _seated(self, player: str) -> bool: ...
