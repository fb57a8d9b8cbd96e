"""A gateway of the split room (issue 25): ``pokerroom serve --nats URL --database postgresql://...``.

The gateway is the single process's app (:func:`pokerroom.server.app.create_app`: accounts, the HTTP API, the
web client, the players' WebSockets with their caps, rate limits and outboxes) over a :class:`GatewayLobby`,
which plays no table: a table socket's connect, commands and disconnect go to ``room.table.<id>.in`` and the
worker holding the table answers on ``room.gw.<gateway>.<conn>`` (:mod:`pokerroom.server.split.subjects`).  The
gateway checks and rate-limits each message as the single process does (the worker parses it again: one parser,
:func:`pokerroom.server.protocol.parse`) and answers a ``ping`` itself.

When a table changes hands (its worker died, another claimed it and voided the hand in progress), the new
holder announces it on ``room.table.<id>.owner`` and the gateway sends ``connect`` again for each of its sockets
at that table: each page gets a ``welcome`` and a fresh full ``state`` from the new holder and plays on without
reloading.  The lobby's list (``GET /api/tables``, ``GET /api/tables/ID``) is what the workers publish each
second on ``room.tables.rows``; a table whose worker has not published for
:data:`~pokerroom.store.leases.DEFAULT_TIMEOUT` seconds is left out until another claims it; a socket opened to
a table the rows do not name is taken when the store has it open (its worker answers once it claims it), refused
with 4404 otherwise.

A player's new table (``POST /api/tables``) is made by one of the workers (``room.tables.create``), which plays
it.  The waiting lists are the workers' (each table's beside its actor): a join or leave goes to the table's
worker (``room.table.<id>.ask``), a player's places and their leaving every list (logged out) to every worker
(``room.waitlists``), the answers of the workers heard from within :data:`GATHER_TIMEOUT` gathered.  Not yet
served by a split room (the single process serves them): club nights across several gateways; docs/split-room.md
says so.  An operator's table action (pause, resume, close, void; from the API or queued by the command line and
applied by a gateway's desk) is checked and applied by the table's worker (``room.table.<id>.ask``); the sockets
at a table an operator closed are closed by their gateway when the worker says so (``room.gw.<gateway>.<conn>.end``).
A hold on a player goes to every worker (``room.players.hold``): each ends their sockets at its tables and stands
them up there.  Any end of a player's or a session's sockets at one gateway (a hold, a log-out, a password
changed) is told to every other gateway (``room.sockets.end``), which ends the same sockets of its own.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
import os
import secrets
import time
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import anyio.to_thread
from sqlalchemy import select

from pokerroom.errors import PokerroomError, RoomError
from pokerroom.server.accounts import live_sessions
from pokerroom.server.actor import Connection
from pokerroom.server.lobby import (
    ROOM_WAITLIST_REQUESTS,
    STARTER_TABLES,
    TABLE_CLOSED,
    TABLE_WAITLIST_REQUESTS,
    Lobby,
    Starter,
    TableLimit,
    TableUnreachable,
    UnknownTable,
    end_connections,
    presence_of,
)
from pokerroom.server.oplog import event
from pokerroom.server.protocol import Ping, encode, message_text, parse
from pokerroom.server.sockets import SESSION_ENDED, SocketRegistry
from pokerroom.server.split import subjects
from pokerroom.server.table_info import ShutSummary
from pokerroom.store import Store
from pokerroom.store.audit import CLOSED
from pokerroom.store.checks import MAX_SMALL
from pokerroom.store.leases import DEFAULT_TIMEOUT, this_host
from pokerroom.store.schema import lobby_tables, table_status

__all__ = ["ASK_TIMEOUT", "CREATE_TIMEOUT", "GATHER_TIMEOUT", "GatewayLobby", "Relayed"]

log = logging.getLogger(__name__)

CREATE_TIMEOUT = 15.0
"""Seconds a gateway waits for a worker to make a player's new table (``POST /api/tables``)."""

ASK_TIMEOUT = 5.0
"""Seconds a gateway waits for a table's worker to answer a waiting-list join or leave."""

GATHER_TIMEOUT = 1.0
"""Seconds a gateway waits for every live worker's answer to a request all of them answer (``room.waitlists``);
a worker silent that long is left out of the answer."""


@dataclass(frozen=True, slots=True)
class Relayed:
    """A client's message checked by the gateway's parser, relayed to the table's worker as it came."""

    text: str


def relay(data: str | bytes) -> Ping | Relayed:
    """The gateway's reading of one client message: :func:`parse` checks it (a
    :class:`~pokerroom.server.protocol.ProtocolError` goes back to the client, as in the single process); a ping
    is kept to be answered here; anything else is relayed as it came."""
    command = parse(data)
    if isinstance(command, Ping):
        return command
    return Relayed(message_text(data))  # a binary frame as the single process reads it: the worker gets text


def _newest(published: Mapping[str, tuple[float, list[dict[str, Any]]]], key: str) -> dict[int, dict[str, Any]]:
    """Table id (each entry's ``key``) -> its entry in the newest of the lists ``published`` (worker -> (when,
    monotonic seconds; its tables' entries)) by workers heard within the lease timeout: while a table changes
    hands two workers may list it, and the newer word is the holder's."""
    now = time.monotonic()
    out: dict[int, tuple[float, dict[str, Any]]] = {}
    for when, entries in published.values():
        if now - when > DEFAULT_TIMEOUT:
            continue
        for entry in entries:
            table_id = int(entry[key])
            if table_id not in out or out[table_id][0] < when:
                out[table_id] = (when, entry)
    return {table_id: entry for table_id, (_when, entry) in out.items()}


class GatewayLobby(Lobby):
    """The lobby of a gateway (see the module docstring): no actors of its own; the tables are the workers'.
    ``nats_url``: the room's NATS; ``room``: the room's name there (:class:`~pokerroom.server.split.subjects.
    Subjects`); ``name``: this gateway's name in subjects (default ``HOST-PID-XXXXXX``)."""

    def __init__(
        self, store: Store, nats_url: str, *, room: str = subjects.DEFAULT_ROOM, name: str | None = None
    ) -> None:
        super().__init__(store)
        self.subjects = subjects.Subjects(room)
        self.nats_url = nats_url
        self.name = name or f"{this_host().split('.')[0]}-{os.getpid()}-{secrets.token_hex(3)}".replace(".", "-")
        self.published: dict[str, tuple[float, list[dict[str, object]]]] = {}
        """Worker -> (when, monotonic seconds; its tables' rows)."""
        self.sockets: dict[int, dict[int, Connection]] = {}
        """Table -> conn id -> the socket."""
        self._ids: dict[Connection, tuple[int, int]] = {}
        self._by_id: dict[int, Connection] = {}
        self._next = itertools.count(1)
        self._client: Any = None
        self._out: subjects.Publisher | None = None
        self._tasks: list[asyncio.Task[None]] = []
        self.table_presences: dict[str, tuple[float, list[dict[str, Any]]]] = {}
        """Worker -> (when, monotonic seconds; its tables' :meth:`~pokerroom.server.lobby.Lobby.table_presence`)."""
        self.peers: dict[str, tuple[float, list[str]]] = {}
        """Another gateway -> (when; the players with a socket open there)."""
        self._told: tuple[float, list[str]] = (0.0, [])
        self.registry: SocketRegistry | None = None
        """The server's sockets (:meth:`share_socket_ends`): ended here when another gateway ends theirs."""

    # ------------------------------------------------------------------ the lobby's life

    def open(self, *, starters: Sequence[Starter] = STARTER_TABLES) -> None:
        """Nothing to open: the workers open and create the tables."""

    async def start(self) -> None:
        """Connect to NATS and listen for the workers' messages (inside the server's event loop)."""
        import nats

        self._client = client = await nats.connect(self.nats_url, name=f"pokerroom-gateway-{self.name}")
        self._out = subjects.Publisher(client)
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._out.pump()), loop.create_task(self._alive())]
        await client.subscribe(self.subjects.to_gateway_any(self.name), cb=self._deliver)
        await client.subscribe(self.subjects.to_gateway_ends(self.name), cb=self._end)
        await client.subscribe(self.subjects.tables_rows, cb=self._rows)
        await client.subscribe(self.subjects.table_owner_any, cb=self._owner)
        await client.subscribe(self.subjects.sockets_end, cb=self._ended_elsewhere)
        await client.subscribe(self.subjects.gateways_presence, cb=self._peer_presence)
        event("gateway_start", gateway=self.name, nats=self.nats_url)

    async def stop(self) -> ShutSummary:
        """Tell the workers every socket is gone, then leave NATS; the tables play on (the workers')."""
        for sock in list(self._ids):
            self._disconnect(sock)
        await asyncio.sleep(0.05)  # the disconnects out
        for task in self._tasks:
            task.cancel()
        if self._client is not None:
            with contextlib.suppress(Exception):
                await self._client.drain()
        return ShutSummary()

    def close(self) -> ShutSummary:
        return ShutSummary()

    async def _alive(self) -> None:
        while True:
            assert self._out is not None
            self._out.put(self.subjects.gateways_alive, json.dumps({"gateway": self.name}).encode())
            self._tell_presence()
            with contextlib.suppress(Exception):  # the store away a moment: looked at again next time
                await self._sweep()
            await asyncio.sleep(subjects.ALIVE_EVERY)

    async def _sweep(self) -> None:
        """End this gateway's sockets at tables no worker lists that the store has closed (an operator closed the
        table while no worker held it: nobody else tells these sockets)."""
        fresh = self._fresh()
        for table_id in [t for t, conns in self.sockets.items() if conns and t not in fresh]:
            if not await anyio.to_thread.run_sync(self._stored_open, table_id):
                self._end_sockets(table_id, TABLE_CLOSED, f"table {table_id} is closed")

    def _end_sockets(self, table_id: int, code: int, reason: str) -> None:
        end_connections(list(self.sockets.get(table_id, {}).values()), code, reason)

    # ------------------------------------------------------------------ the lobby's list

    def _fresh(self) -> dict[int, dict[str, object]]:
        """Each table's latest row from a worker heard of within the lease timeout."""
        return _newest(self.published, "id")

    def rows(self) -> list[dict[str, object]]:
        fresh = self._fresh()
        return [fresh[t] for t in sorted(fresh)]

    def table_json(self, table_id: int) -> dict[str, object] | None:
        return self._fresh().get(table_id)

    async def create_row(self, player: str, *, bots: int = 0, **settings: Any) -> dict[str, object]:
        """A player's new table, made by one of the workers (``room.tables.create``): its row, or the worker's
        refusal raised again here (:class:`TableLimit` with its status and wait, else :class:`RoomError`);
        RoomError when no worker answers within :data:`CREATE_TIMEOUT` seconds."""
        client = self._connected()
        request = encode({"player": player, "bots": bots, "settings": settings}).encode()
        try:
            reply = await client.request(self.subjects.tables_create, request, timeout=CREATE_TIMEOUT)
        except Exception as exc:  # no worker answered (none running, or all busy): nothing was created
            raise RoomError(f"no table worker answered ({type(exc).__name__}); try again in a moment") from None
        answer = json.loads(reply.data)
        if "row" in answer:
            row: dict[str, object] = answer["row"]
            # Listed at once (its worker's next rows say the same): the page opens the table's socket next.
            when, rows = self.published.get(str(answer["worker"]), (time.monotonic(), []))
            self.published[str(answer["worker"])] = (when, [*rows, row])
            return row
        if answer["status"] != 400 or answer.get("retry_after") is not None:
            raise TableLimit(answer["error"], status=int(answer["status"]), retry_after=answer.get("retry_after"))
        raise RoomError(answer["error"])

    def _connected(self) -> Any:
        """The NATS client; RoomError before :meth:`start` has connected it."""
        if self._client is None:
            raise RoomError("the room is not connected to its workers yet; try again in a moment")
        return self._client

    # ------------------------------------------------------------------ waiting lists

    async def waitlist(self, what: str, player: str, table_id: int | None = None) -> Any:
        """:meth:`Lobby.waitlist` through the workers (module docstring): the value the worker's lobby gives, or its
        refusal raised again here (:class:`UnknownTable`, :class:`RoomError`); RoomError when the table's worker
        does not answer within :data:`ASK_TIMEOUT` seconds.  A player's places are sorted by table id."""
        request: dict[str, object] = {"what": what, "player": player}
        if what in TABLE_WAITLIST_REQUESTS:
            if table_id is None or (
                table_id not in self._fresh() and not await anyio.to_thread.run_sync(self._stored_open, table_id)
            ):
                raise UnknownTable(f"no table with id {table_id}")
            return await self._ask_table(table_id, request)
        if what not in ROOM_WAITLIST_REQUESTS:
            return Lobby.waitlist_request(self, what, player, table_id)  # the lobby's refusal of the request
        answers = [_answered(a) for a in await self._gather(self.subjects.waitlists, request)]
        if what == "leave_all":
            return None
        return sorted((entry for entries in answers for entry in entries), key=lambda entry: int(entry["table"]))

    # ------------------------------------------------------------------ operators' table actions

    async def table_state(self, table_id: int) -> dict[str, object] | None:
        """:meth:`Lobby.table_state` from the table's worker; ``None`` for a table the room does not have open;
        :class:`TableUnreachable` for an open one no worker answers for (being taken over)."""
        try:
            state: dict[str, object] | None = await self._ask_table(table_id, {"what": "state"})
        except TableUnreachable:
            if await anyio.to_thread.run_sync(self._stored_open, table_id):
                raise
            return None
        return state

    async def table_action(
        self, table_id: int, action: str, *, operator: str, hand: int | None = None
    ) -> dict[str, Any]:
        """:meth:`Lobby.table_action` applied by the table's worker.  When none answers: a close of a table the
        store has closed is done here (this gateway's sockets there end with TABLE_CLOSED, the other gateways'
        at their next look, :meth:`_sweep`; the next worker to look cashes its chips out); anything else raises
        :class:`TableUnreachable` (a queued action stays queued: :class:`~pokerroom.server.admin_desk.AdminDesk`)."""
        request: dict[str, object] = {"what": "admin", "action": action, "operator": operator, "hand": hand}
        try:
            done: dict[str, Any] = await self._ask_table(table_id, request)
        except TableUnreachable:
            if await anyio.to_thread.run_sync(self._stored_open, table_id):
                raise
            if action != "close":
                return {"done": False, "why": f"table {table_id} is not open"}
            self._end_sockets(table_id, TABLE_CLOSED, f"table {table_id} is closed")
            return {"done": True, "closed_at_once": True}
        return done

    def share_socket_ends(self, registry: SocketRegistry) -> None:
        """Each end of ``registry``'s sockets goes to every other gateway (``room.sockets.end``), and theirs come
        here: a hold, a log-out everywhere or a changed password ends the player's sockets at every gateway."""
        self.registry = registry
        registry.shared = self._share_end

    def _share_end(self, reason: str, player: str | None, session: str | None, code: int) -> None:
        if self._out is not None:
            told = {"gateway": self.name, "reason": reason, "player": player, "session": session, "code": code}
            self._out.put(self.subjects.sockets_end, json.dumps(told).encode())

    async def _ended_elsewhere(self, msg: Any) -> None:
        """Another gateway ended a player's or a session's sockets: end them here too (not told on again)."""
        try:
            told = json.loads(msg.data)
            if told["gateway"] == self.name or self.registry is None:
                return
            player, session = told.get("player"), told.get("session")
            if not (isinstance(player, str | None) and isinstance(session, str | None)):
                raise TypeError("player and session are text or null")
            reason, code = str(told["reason"]), int(told["code"])
        except (ValueError, KeyError, TypeError) as exc:  # not one of ours: said in the log, nothing ended
            log.warning("gateway %s: a sockets' end it cannot read: %s", self.name, exc)
            return
        registry = self.registry
        if player is not None and session is None and code == SESSION_ENDED:
            # The player's sessions were ended there (a log-out everywhere, a password changed or reset): the
            # sockets of a session opened since (the new password's, a page that logged in again) stay.
            theirs = {sock.session for sock in registry.sockets if sock.player == player}
            try:
                live = await anyio.to_thread.run_sync(live_sessions, self.store, theirs)
            except PokerroomError as exc:  # the store away: every socket of theirs ends, as it was told
                log.warning("gateway %s: sessions not checked (%s); every socket of %s ends", self.name, exc, player)
                live = set()
            for ended in sorted(theirs - live):
                registry.end(reason, session=ended, code=code, share=False)
            return
        registry.end(reason, player=player, session=session, code=code, share=False)

    async def remove_player(self, player: str, reason: str) -> list[int]:
        """:meth:`Lobby.remove_player` by every worker (``room.players.hold``: each ends the player's sockets at its
        tables, every gateway's, and stands them up there): the tables they were seated at, sorted."""
        answers = await self._gather(self.subjects.players_hold, {"player": player, "reason": reason})
        return sorted(int(t) for answer in answers for t in _answered(answer))

    async def _ask_table(self, table_id: int, request: dict[str, object]) -> Any:
        """``request`` to the worker holding ``table_id`` (``room.table.<id>.ask``): its answer's value, or its
        refusal raised again; :class:`TableUnreachable` when none answers within :data:`ASK_TIMEOUT` seconds."""
        client = self._connected()
        try:
            reply = await client.request(
                self.subjects.table_ask(table_id), encode(request).encode(), timeout=ASK_TIMEOUT
            )
        except Exception as exc:  # no worker holds it this moment (being taken over, closed), or none answered
            raise TableUnreachable(f"table {table_id}'s worker did not answer ({type(exc).__name__}); try again in "
                                   "a moment") from None  # fmt: skip
        return _answered(json.loads(reply.data))

    async def _gather(self, subject: str, request: dict[str, object]) -> list[dict[str, Any]]:
        """Publish ``request`` to every worker on ``subject`` and gather their answers: until every worker heard
        from within the lease timeout has answered, or :data:`GATHER_TIMEOUT` seconds."""
        client = self._connected()
        now = time.monotonic()
        expected = {worker for worker, (when, _rows) in self.published.items() if now - when <= DEFAULT_TIMEOUT}
        answers: list[dict[str, Any]] = []
        heard: set[str] = set()
        complete = asyncio.Event()

        async def take(msg: Any) -> None:
            with contextlib.suppress(ValueError, TypeError, KeyError):
                answer = json.loads(msg.data)
                answers.append(answer)
                heard.add(str(answer["worker"]))
                if expected <= heard:
                    complete.set()

        inbox = client.new_inbox()
        sub = await client.subscribe(inbox, cb=take)
        try:
            await client.publish(subject, encode(request).encode(), reply=inbox)
            if expected:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(complete.wait(), GATHER_TIMEOUT)
        finally:
            with contextlib.suppress(Exception):
                await sub.unsubscribe()
        return answers

    async def _rows(self, msg: Any) -> None:
        with contextlib.suppress(ValueError, KeyError, TypeError):
            data = json.loads(msg.data)
            now, worker = time.monotonic(), str(data["worker"])
            self.published[worker] = (now, list(data["rows"]))
            self.table_presences[worker] = (now, list(data.get("presence") or []))

    # ------------------------------------------------------------------ who is online

    def _players_here(self) -> list[str]:
        return sorted({sock.player for sock in self.registry.sockets}) if self.registry is not None else []

    def _tell_presence(self) -> None:
        """Tell the other gateways who has a socket here, when it changed or every :data:`PRESENCE_EVERY` s."""
        players, (when, told) = self._players_here(), self._told
        now = time.monotonic()
        if self._out is not None and (players != told or now - when >= subjects.PRESENCE_EVERY):
            self._told = (now, players)
            message = json.dumps({"gateway": self.name, "players": players})
            self._out.put(self.subjects.gateways_presence, message.encode())

    async def _peer_presence(self, msg: Any) -> None:
        with contextlib.suppress(ValueError, KeyError, TypeError):
            data = json.loads(msg.data)
            if data["gateway"] != self.name:
                self.peers[str(data["gateway"])] = (time.monotonic(), [str(p) for p in data["players"]])

    def table_presence(self) -> list[dict[str, Any]]:
        """Every table's players as its worker last published them (workers heard within the lease timeout; a table
        two workers list while it changes hands: the newer word)."""
        newest = _newest(self.table_presences, "table")
        return [newest[t] for t in sorted(newest)]

    def room_presence(self, players: Collection[str]) -> list[dict[str, Any]]:
        """:func:`~pokerroom.server.lobby.presence_of` over the room: ``players`` (this gateway's sockets) and the
        other gateways' heard within :data:`~pokerroom.server.split.subjects.GATEWAY_TIMEOUT`, every worker's
        tables."""
        now = time.monotonic()
        everyone = set(players)
        for when, theirs in self.peers.values():
            if now - when <= subjects.GATEWAY_TIMEOUT:
                everyone.update(theirs)
        return presence_of(everyone, self.table_presence())

    # ------------------------------------------------------------------ sockets

    def socket_route(
        self, table_id: int
    ) -> tuple[Callable[[Any, Any], None], Callable[[str | bytes], Any]] | None:
        if table_id not in self._fresh() and not self._stored_open(table_id):
            return None

        def submit(conn: Connection, item: Any) -> None:
            self._submit(table_id, conn, item)

        return submit, relay

    def _stored_open(self, table_id: int) -> bool:
        """Whether the store has table ``table_id`` of the lobby, not closed: a table no worker's rows named yet
        (made a moment ago through another gateway, or being claimed) takes sockets all the same; one indexed
        read, for table ids the rows do not know only (an id beyond the store's ids is no table: not looked up)."""
        if not 1 <= table_id <= MAX_SMALL:
            return False
        with self.store.reading() as conn:
            known = conn.execute(select(lobby_tables.c.table_id).where(lobby_tables.c.table_id == table_id)).first()
            closed = conn.execute(
                select(table_status.c.status).where(table_status.c.table_id == table_id)
            ).scalar_one_or_none()
        return known is not None and closed != CLOSED

    def _submit(self, table_id: int, conn: Connection, item: Any) -> None:
        if item == "connect":
            conn_id = next(self._next)
            self._ids[conn] = (table_id, conn_id)
            self._by_id[conn_id] = conn
            self.sockets.setdefault(table_id, {})[conn_id] = conn
            self._send(table_id, "connect", conn_id, conn.player)
        elif item == "disconnect":
            self._disconnect(conn)
        elif isinstance(item, Relayed) and conn in self._ids:
            self._send(table_id, "command", self._ids[conn][1], conn.player, item.text)

    def _disconnect(self, conn: Connection) -> None:
        where = self._ids.pop(conn, None)
        if where is None:
            return
        table_id, conn_id = where
        self._by_id.pop(conn_id, None)
        self.sockets.get(table_id, {}).pop(conn_id, None)
        self._send(table_id, "disconnect", conn_id, conn.player)

    def _send(self, table_id: int, kind: str, conn_id: int, player: str, text: str = "") -> None:
        if self._out is not None:
            self._out.put(self.subjects.table_in(table_id), subjects.envelope(kind, self.name, conn_id, player, text))

    async def _deliver(self, msg: Any) -> None:
        """A worker's message for one of this gateway's sockets, sent as it came."""
        with contextlib.suppress(ValueError):
            conn = self._by_id.get(int(msg.subject.rsplit(".", 1)[1]))
            if conn is not None:
                conn.send(msg.data.decode("utf-8"))

    async def _end(self, msg: Any) -> None:
        """A worker closes one of this gateway's sockets (``room.gw.<gateway>.<conn>.end``: its table closed)."""
        with contextlib.suppress(ValueError, KeyError, TypeError):
            conn = self._by_id.get(int(msg.subject.split(".")[-2]))
            data = json.loads(msg.data)
            end_connections([conn], int(data["code"]), str(data["reason"]))

    async def _owner(self, msg: Any) -> None:
        """A worker claimed a table: every socket of this gateway at it connects again, to the new holder."""
        with contextlib.suppress(ValueError):
            table_id = self.subjects.table_of(msg.subject)
            conns = self.sockets.get(table_id, {})
            for conn_id, conn in conns.items():
                self._send(table_id, "connect", conn_id, conn.player)
            if conns:
                event("table_reconnected", gateway=self.name, table_id=table_id, sockets=len(conns))


def _answered(answer: dict[str, Any]) -> Any:
    """A worker's answer to a request (:meth:`Worker._reply <pokerroom.server.split.worker.Worker._reply>`): its
    value, or its refusal raised again."""
    if "error" in answer:
        raise (UnknownTable if answer.get("unknown") else RoomError)(str(answer["error"]))
    return answer["value"]
