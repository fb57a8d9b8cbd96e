"""A table worker of the split room (issue 25): ``pokerroom worker --nats URL --database postgresql://...``.

A :class:`Worker` plays tables: each under its lease in PostgreSQL (:mod:`pokerroom.store.leases`), each by a
:class:`~pokerroom.server.actor.TableActor` as in the single process (the same :class:`~pokerroom.server.lobby.
Lobby` builds them: the runner, its crash recovery, the house bots), its sockets being the gateways' sockets seen
through NATS (:class:`RemoteConnection`; the subjects: :mod:`pokerroom.server.split.subjects`).

Every :data:`~pokerroom.store.leases.HEARTBEAT` second the worker (two loops: renewing never waits for claims)

* renews every lease it holds in one statement (:func:`pokerroom.store.leases.renew`); a table whose lease
  another worker took (this one was cut off from the store for :data:`~pokerroom.store.leases.DEFAULT_TIMEOUT`
  seconds, say) is dropped at once: its actor stops without writing anything (the new holder voided the hand);
* claims tables nobody plays: free, or whose holder is gone (its process ended on this host, or its heartbeat
  older than the timeout).  Opening a table runs the crash rule (RULES §3.8, seed 004): the hand in progress is
  voided from its journal and every contribution refunded, the players' table chips go back to their accounts,
  the house bots' to the house, before it deals again.  A worker claims up to its fair share of the room's open
  tables (``ceil(tables / live workers)``, itself counted), so workers started together split the room, and the
  last one alive takes everything;
* announces each claim on ``room.table.<id>.owner`` (the gateways reconnect their sockets of that table) and
  publishes its tables' lobby rows on ``room.tables.rows``;
* disconnects the sockets of a gateway not heard of for :data:`~pokerroom.server.split.subjects.GATEWAY_TIMEOUT`
  seconds.

:meth:`Worker.run` ends on its stop event (SIGINT, SIGTERM): every hand being played is voided, every player stood
up with their chips back in their account, and the leases given back (:meth:`Lobby.stop`), as ``serve`` does.
The worker also creates the starting tables the store has none of (several workers starting together: the
store's unique name lets one of them), and a player's new table when a gateway asks (``room.tables.create``, to
one worker of the queue group): the table is then this worker's.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import os
import secrets
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import anyio.to_thread
from sqlalchemy import select

from pokerroom.errors import PokerroomError, RoomError
from pokerroom.server.admin_desk import ACCOUNT_HELD
from pokerroom.server.collector import keep_gc
from pokerroom.server.lobby import (
    MAX_OPEN_TABLES,
    ROOM_WAITLIST_REQUESTS,
    TABLE_WAITLIST_REQUESTS,
    Lobby,
    TableLimit,
    UnknownTable,
)
from pokerroom.server.operations import log_recovery
from pokerroom.server.oplog import event
from pokerroom.server.protocol import ProtocolError, encode, error_message, parse
from pokerroom.server.split import subjects
from pokerroom.server.starters import Starter
from pokerroom.server.table_info import ShutSummary
from pokerroom.store import Store
from pokerroom.store import leases as _leases
from pokerroom.store.audit import CLOSED, PAUSED, table_statuses
from pokerroom.store.schema import lobby_tables

__all__ = ["RemoteConnection", "Worker"]

log = logging.getLogger(__name__)


class RemoteConnection:
    """A gateway's socket as a table actor sees it (the actor's ``Connection``): :meth:`send` publishes the
    message to ``subject`` (``room.gw.<gateway>.<conn>``)."""

    def __init__(self, player: str, gateway: str, subject: str, out: subjects.Publisher) -> None:
        self.player = player
        self.gateway = gateway
        self.subject = subject
        self._out = out

    def send(self, message: dict[str, Any] | str) -> None:
        text = message if isinstance(message, str) else encode(message)
        self._out.put(self.subject, text.encode())

    def end(self, code: int, reason: str) -> None:
        """Have the gateway close the socket with ``code`` and ``reason`` (its table closed)."""
        self._out.put(subjects.ending(self.subject), json.dumps({"code": code, "reason": reason}).encode())


class Worker:
    """Plays tables of ``store`` for the room on NATS at ``nats_url`` (see the module docstring).  ``name``: this
    worker's name in the log and its announcements (default ``HOST-PID-XXXX``); ``room``: the room's name on NATS
    (:class:`~pokerroom.server.split.subjects.Subjects`); ``starters``: the starting tables;
    ``actor_options``: every table's (:class:`TableActor`: delays, bots, chat, reveal)."""

    def __init__(
        self,
        store: Store,
        nats_url: str,
        *,
        name: str | None = None,
        room: str = subjects.DEFAULT_ROOM,
        starters: Sequence[Starter] = (),
        **actor_options: Any,
    ) -> None:
        self.subjects = subjects.Subjects(room)
        self.store = store
        self.nats_url = nats_url
        self.name = name or f"{_leases.this_host()}-{os.getpid()}-{secrets.token_hex(2)}"
        self.starters = tuple(starters)
        self.lobby = Lobby(store, **actor_options)
        self.lobby.takes_by_heartbeat = True  # every worker renews each second: a hung one's tables are taken
        self.sockets: dict[int, dict[tuple[str, int], RemoteConnection]] = {}
        """Table -> (gateway, conn) -> the socket as its actor knows it."""
        self.gateways: dict[str, float] = {}
        """Gateway -> when it was last heard of (monotonic seconds)."""
        self._subscriptions: dict[int, tuple[Any, ...]] = {}
        """Table -> its subscriptions (commands, requests)."""
        self._retired: set[int] = set()
        """Closed tables already looked at (cashed out if a crash left chips there)."""
        self._client: Any = None
        self._out: subjects.Publisher | None = None
        self.renewed = time.monotonic()
        """When this worker last renewed its leases (monotonic seconds)."""

    # ------------------------------------------------------------------ the task

    async def run(self, stop: asyncio.Event) -> ShutSummary:
        """Connect to NATS, create the starting tables, then claim and play tables until ``stop`` is set; then
        close every table (hands voided, chips home, leases given back) and return what that did."""
        import nats

        self._client = client = await nats.connect(self.nats_url, name=f"pokerroom-worker-{self.name}")
        self._out = out = subjects.Publisher(client)
        pump = asyncio.get_running_loop().create_task(out.pump())
        await self.listen()
        await anyio.to_thread.run_sync(self._create_starters)
        event("worker_start", worker=self.name, nats=self.nats_url)
        # Renewing runs on its own: claiming many tables at once (a dead worker's hundreds) takes longer than the
        # lease timeout, and must never let this worker's own leases expire meanwhile.
        renewing = asyncio.get_running_loop().create_task(self._every_beat(self.renew, stop))
        collecting = asyncio.get_running_loop().create_task(keep_gc())  # the tables' actions run here
        try:
            await self._every_beat(self.look, stop)
        finally:
            collecting.cancel()
            renewing.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await renewing
            for subs in self._subscriptions.values():
                for sub in subs:
                    with contextlib.suppress(Exception):
                        await sub.unsubscribe()
            self._subscriptions.clear()
            done = await self.lobby.stop()
            await asyncio.sleep(0.1)  # the last messages out (the players' pages see the tables stop)
            pump.cancel()
            with contextlib.suppress(Exception):
                await client.drain()
        event("worker_stop", worker=self.name, **done.__dict__)
        return done

    async def listen(self) -> None:
        """Subscribe to the room's subjects every worker answers (not a table's: :meth:`_serve`)."""
        client = self._client
        await client.subscribe(self.subjects.gateways_alive, cb=self._gateway_alive)
        await client.subscribe(self.subjects.tables_create, queue=subjects.WORKERS, cb=self._create)
        await client.subscribe(self.subjects.waitlists, cb=self._waitlists)
        await client.subscribe(self.subjects.players_hold, cb=self._hold)

    @staticmethod
    async def _every_beat(step: Callable[[], Awaitable[None]], stop: asyncio.Event) -> None:
        """Run ``step`` every :data:`~pokerroom.store.leases.HEARTBEAT` seconds until ``stop`` is set (a step's
        error is logged, and the next beat tries again: the store away for a moment, say)."""
        while not stop.is_set():
            began = time.monotonic()
            try:
                await step()
            except Exception as exc:
                event("worker_error", level=logging.ERROR, step=step.__name__, error=repr(exc))
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), max(0.0, _leases.HEARTBEAT - (time.monotonic() - began)))

    async def beat(self) -> None:
        """One heartbeat: :meth:`renew`, then :meth:`look` (:meth:`run` runs them as two loops)."""
        await self.renew()
        await self.look()

    async def renew(self) -> None:
        """Renew every lease held, in one statement, and drop the tables whose lease another holder took."""
        lost = await anyio.to_thread.run_sync(self.lobby.renew_leases)
        for table_id in sorted(lost):
            await self._drop(table_id)
        self.renewed = time.monotonic()

    def stale(self) -> bool:
        """Whether this worker has not renewed its leases for longer than another waits before taking them (it
        was stopped, or cut off from the store): its tables may be another's, so it answers no message for them
        until its next renewal says which it still holds (the messages are the new holder's to answer)."""
        return time.monotonic() - self.renewed > _leases.DEFAULT_TIMEOUT

    async def look(self) -> None:
        """Claim the tables this worker may (:meth:`_claimable`), publish its rows, forget silent gateways."""
        for table_id, name, bots, created_by, paused in await anyio.to_thread.run_sync(self._claimable):
            await self._claim(table_id, name, bots, created_by, paused)
        self._publish_rows()
        now = time.monotonic()
        for gateway, seen in list(self.gateways.items()):
            if now - seen > subjects.GATEWAY_TIMEOUT:
                self._gateway_gone(gateway)

    # ------------------------------------------------------------------ leases

    def _claimable(self) -> list[tuple[int, str, int, str | None, bool]]:
        """The tables this worker may claim now (module docstring: free or whose holder is gone, up to its fair
        share), as ``(id, name, house bots, created by, paused)``; closed tables a crash left chips at are
        cashed out on the way (the lobby's rule)."""
        with self.store.reading() as conn:
            rows = {int(r.table_id): (int(r.bots), r.created_by) for r in conn.execute(select(lobby_tables))}
            held = {lease.table: lease for lease in _leases.every(conn)}
        statuses = table_statuses(self.store)
        now, host = self.store.now(), _leases.this_host()
        names = {table_id: name for table_id, name, _game in self.store.tables()}
        mine = set(self.lobby.actors)
        open_tables = [t for t in rows if t in names and statuses.get(t) != CLOSED]
        # The workers alive besides this one: each holds a fresh lease (a worker holding nothing is not seen).
        alive = {
            (lease.host, lease.pid)
            for lease in held.values()
            if lease.table not in mine and not self._gone(lease, now, host)
        }
        share = math.ceil(len(open_tables) / (len(alive) + 1)) if open_tables else 0
        out: list[tuple[int, str, int, str | None, bool]] = []
        for table_id in sorted(rows):
            if table_id in mine or table_id not in names or table_id in self._retired:
                continue
            closed = statuses.get(table_id) == CLOSED
            if not closed and len(mine) + len(out) >= share:
                continue
            lease = held.get(table_id)
            if lease is not None and not self._gone(lease, now, host):
                continue
            if closed:  # never played again; a crash may have left chips there: cashed out (the lobby's rule)
                self.lobby._retired(table_id, names[table_id], statuses)
                self._retired.add(table_id)
                continue
            bots, created_by = rows[table_id]
            out.append((table_id, names[table_id], bots, created_by, statuses.get(table_id) == PAUSED))
        return out

    @staticmethod
    def _gone(lease: Any, now: Any, host: str) -> bool:
        """Whether a lease's holder is gone for a worker: its heartbeat too old, on any host (workers renew)."""
        return _leases.gone(lease, now, host, _leases.DEFAULT_TIMEOUT, by_heartbeat=True)

    async def _claim(self, table_id: int, name: str, bots: int, created_by: str | None, paused: bool) -> None:
        """Open table ``table_id`` (its lease taken, its crash recovered, its bots seated) in a worker thread and
        start its actor; another worker that got there first is no fault."""
        try:
            actor = await anyio.to_thread.run_sync(self.lobby._actor, table_id, name, None, bots, created_by)
        except PokerroomError as err:
            event("table_claim_refused", worker=self.name, table_id=table_id, reason=str(err))
            return
        actor.paused = paused
        self.lobby._register(actor)
        await self._serve(table_id)
        log_recovery([actor], actor.metrics, self.store.hand_record)  # the hand it voided, as serve logs them
        taken = actor.runner.taken_over
        event(
            "table_claimed", worker=self.name, table_id=table_id, table=name, voided=actor.runner.recovered,
            taken_from=None if taken is None else _leases.describe(taken, self.store.now()),
        )  # fmt: skip

    async def _serve(self, table_id: int) -> None:
        """Take the sockets of table ``table_id`` (its actor in the lobby): subscribe to its commands and announce
        the claim (the gateways reconnect their sockets there)."""
        self.sockets[table_id] = {}
        assert self._client is not None and self._out is not None
        self._subscriptions[table_id] = (
            await self._client.subscribe(self.subjects.table_in(table_id), cb=self._command),
            await self._client.subscribe(self.subjects.table_ask(table_id), cb=self._ask),
        )
        self._out.put(self.subjects.table_owner(table_id), json.dumps({"worker": self.name}).encode())

    async def _create(self, msg: Any) -> None:
        """A player's new table (``room.tables.create``): made here as the single process makes it
        (:meth:`Lobby.create_for`: its limits, the store's work in a thread), played here; the answer is its row
        or the refusal.  The player's open tables are counted over the whole room (the store), not this worker's
        alone."""
        try:
            data = json.loads(msg.data)
            player, bots, settings = str(data["player"]), int(data["bots"]), dict(data["settings"])
        except (ValueError, KeyError, TypeError):
            return
        try:
            held = await anyio.to_thread.run_sync(self._open_tables_of, player)
            if held >= MAX_OPEN_TABLES:
                raise TableLimit(
                    f"{player} has {held} open tables, the most a player may create (MAX_OPEN_TABLES = "
                    f"{MAX_OPEN_TABLES}); play at one of them or at another table",
                    status=400,
                )
            actor = await self.lobby.create_for(player, bots=bots, **settings)
        except TableLimit as err:
            answer: dict[str, object] = {"error": str(err), "status": err.status, "retry_after": err.retry_after}
        except PokerroomError as err:
            answer = {"error": str(err), "status": 400, "retry_after": None}
        else:
            await self._serve(actor.info.id)
            event("table_created", worker=self.name, table_id=actor.info.id, table=actor.info.name, player=player)
            answer = {"row": actor.json(), "worker": self.name}
        with contextlib.suppress(Exception):
            await msg.respond(encode(answer).encode())

    def _open_tables_of(self, player: str) -> int:
        """Tables ``player`` created that are not closed, over the whole room."""
        closed = {t for t, status in table_statuses(self.store).items() if status == CLOSED}
        with self.store.reading() as conn:
            made = conn.execute(select(lobby_tables.c.table_id).where(lobby_tables.c.created_by == player))
            return sum(int(t) not in closed for t in made.scalars())

    async def _drop(self, table_id: int) -> None:
        """Stop playing ``table_id``, whose lease another worker took: its actor stops and its runner closes
        without a write (the new holder voided its hand and owns its chips)."""
        actor = self.lobby.actors.pop(table_id, None)
        task = self.lobby.tasks.pop(table_id, None)
        subs = self._subscriptions.pop(table_id, ())
        self.sockets.pop(table_id, None)
        for sub in subs:
            with contextlib.suppress(Exception):
                await sub.unsubscribe()
        if actor is not None:
            actor.closed = True  # the task ends at its next step; nothing more reaches the store from it
            actor.stop()
            with contextlib.suppress(PokerroomError):
                actor.runner.close()  # releases nothing: the lease is another's now
        if task is not None:
            with contextlib.suppress(Exception, asyncio.CancelledError):
                await asyncio.wait_for(task, 5)
        event("table_lost", level=logging.WARNING, worker=self.name, table_id=table_id)

    def _create_starters(self) -> None:
        names = {name for _id, name, _game in self.store.tables()}
        for s in self.starters:
            if s.name.strip() in names:
                continue
            settings = s.settings()
            try:
                name, config = Lobby._settings(**settings)  # checked as the single process checks them
                actor = self.lobby._build(name, config, int(settings["bots"]), None)
            except PokerroomError as err:  # another worker created it meanwhile
                event("starter_skipped", worker=self.name, table=s.name, reason=str(err))
                continue
            # Created here, played by whoever claims it: the lease is given back at once.
            actor.shut()

    # ------------------------------------------------------------------ NATS

    def _publish_rows(self) -> None:
        assert self._out is not None
        try:
            rows = self.lobby.rows()
        except PokerroomError as err:  # the store away: the gateways keep the last rows a while
            event("rows_failed", level=logging.WARNING, worker=self.name, reason=str(err))
            return
        message = {"worker": self.name, "rows": rows, "presence": self.lobby.table_presence()}  # presence: not public
        self._out.put(self.subjects.tables_rows, encode(message).encode())

    async def _gateway_alive(self, msg: Any) -> None:
        with contextlib.suppress(ValueError, KeyError, TypeError):
            self.gateways[str(json.loads(msg.data)["gateway"])] = time.monotonic()

    def _gateway_gone(self, gateway: str) -> None:
        """Every socket of ``gateway`` disconnects (its process is gone: its players' seats get their grace)."""
        self.gateways.pop(gateway, None)
        for table_id, conns in self.sockets.items():
            actor = self.lobby.actors.get(table_id)
            for key in [k for k in conns if k[0] == gateway]:
                conn = conns.pop(key)
                if actor is not None:
                    actor.submit(conn, "disconnect")
        event("gateway_gone", level=logging.WARNING, worker=self.name, gateway=gateway)

    async def _ask(self, msg: Any) -> None:
        """A request for one of this worker's tables (``room.table.<id>.ask``): a waiting list's join or leave, the
        table's state for an operator's action, or the action (:mod:`~pokerroom.server.split.subjects`)."""
        await self._reply(msg, lambda data: self._table_request(self.subjects.table_of(msg.subject), data))

    def _table_request(self, table_id: int, data: dict[str, Any]) -> object:
        what = str(data["what"])
        if what == "state":
            return self.lobby.table_state_now(table_id)
        if what == "admin":
            hand = None if data.get("hand") is None else int(data["hand"])
            return self.lobby.table_action_now(table_id, str(data["action"]), operator=str(data["operator"]), hand=hand)
        if what not in TABLE_WAITLIST_REQUESTS:
            raise RoomError(f"no table request {what!r}")
        return self.lobby.waitlist_request(what, str(data["player"]), table_id)

    async def _waitlists(self, msg: Any) -> None:
        """A player's places on this worker's waiting lists, or their leaving every one (``room.waitlists``)."""

        def request(data: dict[str, Any]) -> object:
            what = str(data["what"])
            if what not in ROOM_WAITLIST_REQUESTS:
                raise RoomError(f"no request {what!r} over every table")
            return self.lobby.waitlist_request(what, str(data["player"]))

        await self._reply(msg, request)

    async def _hold(self, msg: Any) -> None:
        """An operator's hold on a player (``room.players.hold``): their sockets at this worker's tables end with
        ACCOUNT_HELD (every gateway's), and they stand up there (:meth:`Lobby.remove_player_now`)."""

        def hold(data: dict[str, Any]) -> object:
            player, reason = str(data["player"]), str(data["reason"])
            for conns in self.sockets.values():
                for conn in conns.values():
                    if conn.player == player:
                        conn.end(ACCOUNT_HELD, reason)
            return self.lobby.remove_player_now(player)

        await self._reply(msg, hold)

    async def _reply(self, msg: Any, value: Callable[[dict[str, Any]], object]) -> None:
        """Answer the request ``msg`` (a JSON object) with ``{"value": value(it), "worker"}``, or the lobby's refusal
        ``{"error", "unknown" (an unknown table), "worker"}``.  A malformed request gets no answer, nor does any
        while this worker is :meth:`stale`."""
        if self.stale():
            return
        answer: dict[str, object]
        try:
            answer = {"value": value(json.loads(msg.data)), "worker": self.name}
        except UnknownTable as err:
            answer = {"error": str(err), "unknown": True, "worker": self.name}
        except PokerroomError as err:
            answer = {"error": str(err), "unknown": False, "worker": self.name}
        except (ValueError, KeyError, TypeError):
            return
        with contextlib.suppress(Exception):
            await msg.respond(encode(answer).encode())

    async def _command(self, msg: Any) -> None:
        """One message of ``room.table.<id>.in`` (:func:`subjects.envelope`) handed to the table's actor."""
        try:
            table_id = self.subjects.table_of(msg.subject)
            data = json.loads(msg.data)
            kind, gateway, conn_id, player = data["kind"], str(data["gateway"]), int(data["conn"]), str(data["player"])
        except (ValueError, KeyError, TypeError):
            return
        actor = self.lobby.actors.get(table_id)
        conns = self.sockets.get(table_id)
        if actor is None or conns is None or self._out is None or self.stale():
            return
        self.gateways[gateway] = time.monotonic()
        key = (gateway, conn_id)
        if kind == "connect":
            if key not in conns:  # a gateway reconnecting a socket this worker already has: nothing to do
                subject = self.subjects.to_gateway(gateway, conn_id)
                conns[key] = RemoteConnection(player, gateway, subject, self._out)
                actor.submit(conns[key], "connect")
        elif kind == "disconnect":
            conn = conns.pop(key, None)
            if conn is not None:
                actor.submit(conn, "disconnect")
        elif kind == "command":
            conn = conns.get(key)
            if conn is None:  # sent before this worker's claim reached the gateway: it connects again first
                return
            try:
                command = parse(str(data.get("text", "")))
            except ProtocolError as err:
                conn.send(error_message(err))
                return
            actor.submit(conn, command)
