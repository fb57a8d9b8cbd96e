"""The server's side of the operators' tools (issue 20): applying admin actions to the running room and telling
the store who is online.

:class:`AdminDesk` applies an :class:`~pokerroom.store.audit.Entry` to the room: a suspended or banned player's
sockets close with :data:`ACCOUNT_HELD` and they stand up at every table (after the hand they are dealt into,
their chips back to their account); a reset password ends their sockets with
:data:`~pokerroom.server.sockets.SESSION_ENDED`; a table is closed, paused, resumed or its hand voided through
its actor.  The API applies its actions at once (:meth:`AdminDesk.act`); the command line only writes the store,
so the desk's task polls the audit rows no server applied yet, once a second (one indexed read in a worker
thread), applies them and marks them applied.  Actions apply in audit order: an API action first applies what the
command line queued before it (under the desk's lock, which the poll holds too).  A hold ends the player's
sockets through :meth:`SocketRegistry.end <pokerroom.server.sockets.SocketRegistry.end>`, so a socket whose
session was looked up before the hold looks it up again; their night sockets close the same way.  The same
task beats the server's desk row every :data:`BEAT_SECONDS` and rewrites who is online there when it changed
(``pokerroom admin online`` reads it).  Everything but the store's work runs on the event loop, between the
actors' steps.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import os
import secrets
import socket
from collections.abc import Callable
from datetime import datetime
from typing import Any

import anyio.to_thread

from pokerroom.errors import PokerroomError
from pokerroom.server.lobby import TABLE_CLOSED, Lobby, TableUnreachable
from pokerroom.server.oplog import event
from pokerroom.server.sockets import SocketRegistry
from pokerroom.store import Store
from pokerroom.store.audit import (
    BANNED,
    SUSPENDED,
    TABLE_ACTIONS,
    Entry,
    claim,
    desk_beat,
    desk_close,
    desk_open,
    in_flight,
    mark_applied,
    pending,
    refusal,
    unclaim,
)  # fmt: skip

__all__ = ["ACCOUNT_HELD", "BEAT_SECONDS", "POLL_SECONDS", "TABLE_CLOSED", "AdminDesk"]

ACCOUNT_HELD = 4423
"""The close code of the sockets of a player an operator suspended or banned (the page does not reconnect; a log-in
is refused with 403 saying until when)."""

POLL_SECONDS = 1.0
"""Seconds between two reads of the queued admin actions (the command line's reach a server within ~2 s)."""

BEAT_SECONDS = 5.0
"""Seconds between two beats of the server's desk row when nobody came or went."""

log = logging.getLogger(__name__)


class AdminDesk:
    """Applies admin actions to the room (``lobby``, ``sockets``) and keeps this server's desk row in ``store``
    (see the module docstring).  :meth:`start` and :meth:`stop` run in the server's lifespan."""

    def __init__(
        self,
        store: Store,
        lobby: Lobby,
        sockets: SocketRegistry,
        *,
        poll: float = POLL_SECONDS,
        beat: float = BEAT_SECONDS,
    ) -> None:
        self.store = store
        self.lobby = lobby
        self.sockets = sockets
        self.poll_every = poll
        self.beat_every = beat
        self.owner = secrets.token_hex(16)
        self._task: asyncio.Task[None] | None = None
        self._shown: list[dict[str, Any]] | None = None
        self._beat = 0.0
        self._lock = asyncio.Lock()
        """Held while queued actions are applied and while an API action is stored and applied: audit order."""

    # ------------------------------------------------------------------ the task

    async def start(self) -> None:
        """Register this server's desk and start polling (inside the event loop)."""
        await anyio.to_thread.run_sync(desk_open, self.store, self.owner, socket.gethostname(), os.getpid())
        self._beat = asyncio.get_running_loop().time()
        self._task = asyncio.get_running_loop().create_task(self._run(), name="admin desk")

    async def stop(self) -> None:
        """Stop polling and remove this server's desk row."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
        with contextlib.suppress(PokerroomError):
            await anyio.to_thread.run_sync(desk_close, self.store, self.owner)

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self.poll_every)
            try:
                await self.poll()
            except Exception as err:  # the store out of reach for a moment: polled again next second
                log.warning("admin desk: poll failed: %s", err)
                event("error", level=logging.WARNING, where="admin desk", error=str(err))

    async def poll(self) -> int:
        """Apply every queued admin action, mark them applied, and beat the desk (who is online rewritten when
        it changed); returns how many actions were applied."""
        async with self._lock:
            count = await self._catch_up()
        shown = self.presence()
        now = asyncio.get_running_loop().time()
        changed = shown != self._shown
        if changed or now - self._beat >= self.beat_every:
            await anyio.to_thread.run_sync(desk_beat, self.store, self.owner, shown if changed else None)
            self._shown, self._beat = shown, now
        return count

    async def _catch_up(self) -> int:
        """Apply every queued action, oldest first, and mark them applied (the caller holds the lock)."""
        queued = await anyio.to_thread.run_sync(pending, self.store)
        # A table's actions apply in audit order: none while an earlier one of that table is being applied (claimed
        # by another gateway of a split room) or put back in the queue.
        busy: dict[str, int] = {}  # table -> the first of its actions not applied yet
        for e in await anyio.to_thread.run_sync(in_flight, self.store):
            busy.setdefault(e.target, e.id)
        done: dict[int, dict[str, Any]] = {}
        for e in queued:
            # A table action is applied once in the room, by the server that claims it (several gateways poll).
            if e.action in TABLE_ACTIONS and (
                busy.get(e.target, e.id) < e.id or not await anyio.to_thread.run_sync(claim, self.store, e.id)
            ):
                busy.setdefault(e.target, e.id)
                continue
            try:
                done[e.id] = await self.apply(e, via="cli", unreachable=True)
            except TableUnreachable:  # its table is changing hands: queued again, applied at a later poll
                await anyio.to_thread.run_sync(unclaim, self.store, e.id)
                busy.setdefault(e.target, e.id)
        if done:
            await anyio.to_thread.run_sync(mark_applied, self.store, done)
        return len(done)

    async def act(self, write: Callable[[], Entry]) -> tuple[Entry, dict[str, Any]]:
        """An API action in audit order: what the command line queued is applied first, then ``write`` runs in a
        worker thread (it stores the action with its audit row, stored applied) and its entry is applied, what
        applying did written into the row (:func:`~pokerroom.store.audit.mark_applied`); returns the entry (with
        ``applied`` in its detail) and what applying did.  ``write``'s :class:`~pokerroom.errors.PokerroomError`
        propagates (nothing of this action stored or applied; the queued ones stay applied)."""
        async with self._lock:
            await self._catch_up()
            entry = await anyio.to_thread.run_sync(write)
            done = await self.apply(entry, via="api")
            # What applying did goes into the row as for a queued action: the audit reads alike from both channels.
            await anyio.to_thread.run_sync(mark_applied, self.store, {entry.id: done})
            return dataclasses.replace(entry, detail={**entry.detail, "applied": done}), done

    # ------------------------------------------------------------------ who is online

    def presence(self) -> list[dict[str, Any]]:
        """Who is online and where, by name (:func:`~pokerroom.server.lobby.presence_of`: ``[{"player", "seated",
        "watching", "away"}]``, table ids); house bots are not listed.  In the split room, every gateway's sockets
        and every worker's tables (:meth:`~pokerroom.server.lobby.Lobby.room_presence`)."""
        return self.lobby.room_presence({sock.player for sock in self.sockets.sockets})

    # ------------------------------------------------------------------ applying

    async def apply(self, entry: Entry, *, via: str, unreachable: bool = False) -> dict[str, Any]:
        """Apply ``entry`` to the running room (on the event loop); returns what it did (JSON).  An action on a
        table this server does not hold, or a void of a hand no longer played, does nothing and says so."""
        try:
            result = await self._apply(entry)
        except TableUnreachable:
            if unreachable:  # the caller's to handle (a queued action is tried again)
                raise
            result = {"done": False, "why": f"table {entry.target}'s worker did not answer; try again in a moment"}
        except PokerroomError as err:
            result = {"done": False, "why": str(err)}
        event(
            "admin", action=entry.action, operator=entry.operator, target=entry.target, via=via, audit_id=entry.id,
            result=result,
        )  # fmt: skip
        return result

    async def _apply(self, e: Entry) -> dict[str, Any]:
        if e.action in ("suspend", "ban"):
            until = e.detail.get("until")
            held = SUSPENDED if e.action == "suspend" else BANNED
            # The player's page shows the close's reason: the same sentence a log-in is refused with.
            why = refusal(e.target, held, None if until is None else datetime.fromisoformat(str(until)), e.at)
            why = why or f"{e.target} is {'banned' if held == BANNED else 'suspended'}"
            return await self.remove_player(e.target, why)
        if e.action == "password":
            return {"done": True, "sockets_closed": self.sockets.end("password reset by an operator", player=e.target)}
        if e.action in ("reinstate", "hand"):
            return {"done": True}
        if e.action in TABLE_ACTIONS:
            wanted = e.detail.get("hand")
            hand = int(wanted) if wanted is not None else None
            return await self.lobby.table_action(int(e.target), e.action, operator=e.operator, hand=hand)
        return {"done": False, "why": f"no admin action {e.action!r}"}

    async def remove_player(self, name: str, reason: str) -> dict[str, Any]:
        """End every socket of ``name`` (:data:`ACCOUNT_HELD`; tables and nights), stand them up at every table
        (after the hand they are dealt into) and take them off every waiting list (:meth:`Lobby.remove_player`)."""
        closed = self.sockets.end(reason, player=name, code=ACCOUNT_HELD)
        tables = await self.lobby.remove_player(name, reason)
        return {"done": True, "sockets_closed": closed, "stood_up_at": tables}
