"""The NATS subjects of the split room (issue 25; docs/split-room.md) and the one publisher both sides use.

A gateway holds players' WebSockets; a worker holds table actors, each under its table's lease in PostgreSQL
(:mod:`pokerroom.store.leases`).  They talk over core NATS, the subjects being (``room``: the room's name,
``--room``, :data:`DEFAULT_ROOM` unless told; :class:`Subjects`)::

    room.table.<table>.in        gateway -> the worker holding <table>: a socket's connect, command, disconnect
                                 (an :func:`envelope`, JSON)
    room.table.<table>.owner     worker -> gateways: "I hold <table> now" ({"worker"}), sent on every claim;
                                 each gateway then sends ``connect`` again for each of its sockets at <table>,
                                 so the players' pages get a fresh full ``state`` from the new owner
    room.gw.<gateway>.<conn>     worker -> gateway: one message for socket <conn> of <gateway>, the exact text
                                 the socket sends
    room.gw.<gateway>.<conn>.end worker -> gateway: close socket <conn> ({"code", "reason"}: its table closed)
    room.gateways.alive          gateway -> workers, every :data:`ALIVE_EVERY` s: {"gateway"}; a worker that has
                                 not heard of a gateway for :data:`GATEWAY_TIMEOUT` s disconnects its sockets
                                 (a gateway that dies loses only its connections)
    room.tables.rows             worker -> gateways, every heartbeat: {"worker", "rows": [lobby rows], "presence":
                                 [each table's seated and connected players]}; the gateways' lobby (``GET
                                 /api/tables``) is the union of the fresh rows (``presence`` is not shown there)
    room.tables.create           gateway -> one worker (queue group ``workers``), a request: a player's new table
                                 ({"player", "bots", "settings"}); the answer {"row", "worker"} or {"error", "status",
                                 "retry_after"} (``POST /api/tables``)
    room.table.<table>.ask       gateway -> the worker holding <table>, a request: a player's join or leave of its
                                 waiting list ({"what", "player"}: :meth:`~pokerroom.server.lobby.Lobby.
                                 waitlist_request`), the table's state for an operator's action ({"what": "state"})
                                 or the action ({"what": "admin", "action", "operator", "hand"}: :meth:`~pokerroom.
                                 server.lobby.Lobby.table_action_now`); the answer {"value", "worker"} or {"error",
                                 "unknown"}
    room.waitlists               gateway -> every worker, a request each answers: a player's places on the waiting
                                 lists, or their leaving every list ({"what": "mine" | "leave_all", "player"}); the
                                 gateway gathers the answers of the workers it heard from
    room.players.hold            gateway -> every worker, a request each answers: an operator suspended or banned a
                                 player ({"player", "reason"}); each worker ends their sockets at its tables (every
                                 gateway's) and stands them up there; the answer {"value": [table ids], "worker"}
    room.gateways.presence       gateway -> every gateway, when it changes (else every :data:`PRESENCE_EVERY` s): the
                                 players with a socket open there ({"gateway", "players"}): who is online in the
                                 room is every gateway's sockets and every worker's tables (``room.tables.rows``
                                 carries each worker's tables' seated and connected players beside the rows)
    room.sockets.end             gateway -> every gateway: a gateway ended a player's or a session's sockets (an
                                 operator's hold, a log-out everywhere, a password changed or reset; {"gateway",
                                 "reason", "player", "session", "code"}); every other gateway ends theirs too

Why core NATS and not JetStream for the table traffic: nothing of value lives in these messages.  The chips and
every hand's journal are written to PostgreSQL by the actor before the players see them, and what a message
lost during a takeover carried is made good by the fresh ``state`` each reconnected socket gets (a client's
action lost with it is simply asked for again by its turn).  A player's identity is the gateway's to check (the
session cookie): NATS must be reachable only by the room's own processes.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
from typing import Any

__all__ = [
    "ALIVE_EVERY",
    "DEFAULT_ROOM",
    "GATEWAY_TIMEOUT",
    "PRESENCE_EVERY",
    "WORKERS",
    "Publisher",
    "Subjects",
    "ending",
    "envelope",
]

DEFAULT_ROOM = "room"
"""The room's name on NATS (``--room``): the first token of every subject.  Rooms sharing one NATS server (a test
beside a room, two clubs) must have different names."""

WORKERS = "workers"
"""The queue group of the workers' ``room.tables.create`` subscriptions: each request goes to one of them."""

ALIVE_EVERY = 1.0
"""Seconds between a gateway's ``room.gateways.alive`` messages."""

GATEWAY_TIMEOUT = 5.0
"""Seconds without word from a gateway after which a worker counts it as gone and disconnects its sockets."""

PRESENCE_EVERY = 3.0
"""Seconds between a gateway's ``room.gateways.presence`` messages while its players do not change (a change is
sent at the next :data:`ALIVE_EVERY`); another gateway's list older than :data:`GATEWAY_TIMEOUT` is dropped."""

_NAME = re.compile(r"[A-Za-z0-9_-]{1,64}")


class Subjects:
    """The subjects of the room named ``room`` (the module docstring with ``room`` in place of the first token).
    ValueError for a name that is not 1 to 64 letters, digits, ``-`` or ``_`` (NATS gives ``.``, ``*`` and ``>``
    meanings)."""

    def __init__(self, room: str = DEFAULT_ROOM) -> None:
        if not _NAME.fullmatch(room):
            raise ValueError(f"a room's name on NATS is 1 to 64 letters, digits, '-' or '_', not {room!r}")
        self.room = room
        self.gateways_alive = f"{room}.gateways.alive"
        self.tables_rows = f"{room}.tables.rows"
        self.tables_create = f"{room}.tables.create"
        self.table_owner_any = f"{room}.table.*.owner"
        self.waitlists = f"{room}.waitlists"
        self.players_hold = f"{room}.players.hold"
        self.sockets_end = f"{room}.sockets.end"
        self.gateways_presence = f"{room}.gateways.presence"

    def table_in(self, table: int) -> str:
        """The subject of table ``table``'s commands: ``room.table.<table>.in``."""
        return f"{self.room}.table.{int(table)}.in"

    def table_owner(self, table: int) -> str:
        """The subject a worker announces its claim of ``table`` on: ``room.table.<table>.owner``."""
        return f"{self.room}.table.{int(table)}.owner"

    def table_ask(self, table: int) -> str:
        """The subject of requests to the worker holding ``table``: ``room.table.<table>.ask``."""
        return f"{self.room}.table.{int(table)}.ask"

    def table_of(self, subject: str) -> int:
        """The table of a ``room.table.<table>.…`` subject; ValueError for another subject."""
        parts = subject.split(".")
        if len(parts) < 4 or parts[:2] != [self.room, "table"]:
            raise ValueError(f"not a table subject of room {self.room!r}: {subject!r}")
        return int(parts[2])

    def to_gateway(self, gateway: str, conn: int) -> str:
        """The subject of socket ``conn`` of ``gateway``: ``room.gw.<gateway>.<conn>``."""
        return f"{self.room}.gw.{gateway}.{int(conn)}"

    def to_gateway_ends(self, gateway: str) -> str:
        """Every socket's closing subject of ``gateway`` (a wildcard)."""
        return ending(self.to_gateway_any(gateway))

    def to_gateway_any(self, gateway: str) -> str:
        """Every socket's subject of ``gateway`` (a wildcard)."""
        return f"{self.room}.gw.{gateway}.*"


def ending(to_socket: str) -> str:
    """The subject that closes the socket (or sockets, a wildcard) of subject ``to_socket``: ``<to_socket>.end``."""
    return f"{to_socket}.end"


def envelope(kind: str, gateway: str, conn: int, player: str, text: str = "") -> bytes:
    """A message on ``room.table.<table>.in``: ``kind`` ``connect``, ``command`` (``text``: the client's message
    as it came, checked by the gateway's parser) or ``disconnect``, for socket ``conn`` of ``gateway`` whose
    player (checked by the gateway) is ``player``."""
    return json.dumps({"kind": kind, "gateway": gateway, "conn": conn, "player": player, "text": text}).encode()


class Publisher:
    """Messages published in the order given, from synchronous code (an actor's ``send``, a socket's ``submit``):
    :meth:`put` queues, :meth:`pump` (a task) publishes.  ``client``: a connected ``nats.aio.client.Client``."""

    def __init__(self, client: Any) -> None:
        self.client = client
        self.queue: asyncio.Queue[tuple[str, bytes]] = asyncio.Queue()

    def put(self, subject: str, data: bytes) -> None:
        self.queue.put_nowait((subject, data))

    async def pump(self) -> None:
        """Publish what is queued until cancelled (a message NATS refuses, the connection being closed, is
        dropped: the module docstring says why nothing of value is lost)."""
        while True:
            subject, data = await self.queue.get()
            with contextlib.suppress(Exception):
                await self.client.publish(subject, data)
