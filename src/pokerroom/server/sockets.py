"""The server's WebSockets (tables and club nights): each one's outbox and rate limit, and the registry of every
open socket by player, by session and by address.

:class:`Socket` is one WebSocket as an actor sees it (``send`` queues a message, :meth:`Socket.pump` writes them
out); :func:`talk` serves one; :class:`SocketRegistry` caps the sockets a player (:data:`SOCKETS_PER_PLAYER`) and
an address (:data:`SOCKETS_PER_ADDRESS`) may hold open (one more is closed with :data:`TOO_MANY`) and ends the
sockets of a session or a player at once (:data:`SESSION_ENDED`: log-out, log-out everywhere, a password change).
A socket that closes, for whatever reason, is a disconnect for its table or night.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from typing import Any

from fastapi import WebSocket

from pokerroom.server.protocol import Ping, ProtocolError, encode, error_message, pong
from pokerroom.server.ratelimit import TokenBucket

__all__ = [
    "OUTBOX_CHARS",
    "OUTBOX_LIMIT",
    "SESSION_ENDED",
    "SOCKETS_PER_ADDRESS",
    "SOCKETS_PER_PLAYER",
    "TOO_MANY",
    "RateLimit",
    "Socket",
    "SocketRegistry",
    "talk",
]

OUTBOX_LIMIT = 1000
"""Messages waiting for a slow client before its connection is closed."""

OUTBOX_CHARS = 8_000_000
"""Characters of messages waiting for a slow client before its connection is closed (big messages pile up in
memory long before :data:`OUTBOX_LIMIT` of them)."""

SOCKETS_PER_PLAYER = 24
"""WebSockets one player may hold open at once (tables and nights, every tab and device together)."""

SOCKETS_PER_ADDRESS = 200
"""WebSockets one address may hold open at once (every player behind it together)."""

TOO_MANY = 4429
"""The close code of a socket beyond :data:`SOCKETS_PER_PLAYER` or :data:`SOCKETS_PER_ADDRESS`."""

SESSION_ENDED = 4410
"""The close code of a socket whose session was ended (log-out, log-out everywhere, a password change); the page
connects again, and a cookie that is no longer good gets 4401."""

SLOW_READER = 1013
"""The close code of a socket whose client fell too far behind (:data:`OUTBOX_LIMIT`, :data:`OUTBOX_CHARS`)."""


class RateLimit:
    """A connection's messages: ``rate`` a second on average, bursts of ``burst`` (a
    :class:`~pokerroom.server.ratelimit.TokenBucket` on the wall clock)."""

    def __init__(self, rate: float, burst: int) -> None:
        self.bucket = TokenBucket(rate, burst, time.monotonic())
        self.warned = 0.0

    def take(self) -> bool:
        return self.bucket.take(time.monotonic()) == 0.0

    def warn(self) -> bool:
        """Whether to tell the client now (at most once a second)."""
        now = time.monotonic()
        if now - self.warned >= 1.0:
            self.warned = now
            return True
        return False


class Socket:
    """One WebSocket as the actor sees it: :meth:`send` queues a message; :meth:`pump` writes them out.
    ``session``: the SHA-256 of the session token it was opened with; ``address``: the client's address."""

    def __init__(self, player: str, session: str = "", address: str = "") -> None:
        self.player = player
        self.session = session
        self.address = address
        self.outbox: asyncio.Queue[str] = asyncio.Queue()
        self.queued = 0
        """Characters in :attr:`outbox`."""
        self.dropped = asyncio.Event()
        """Set when the client fell :data:`OUTBOX_LIMIT` messages or :data:`OUTBOX_CHARS` characters behind: the
        connection is dropped at once."""
        self.ended = asyncio.Event()
        """Set by :meth:`end`: the connection is closed at once with :attr:`close_code` and :attr:`close_reason`."""
        self.close_code = SESSION_ENDED
        self.close_reason = ""

    def send(self, message: dict[str, Any] | str) -> None:
        if self.dropped.is_set() or self.ended.is_set():
            return
        text = message if isinstance(message, str) else encode(message)
        if self.outbox.qsize() >= OUTBOX_LIMIT or self.queued + len(text) > OUTBOX_CHARS:
            self.dropped.set()
            return
        self.queued += len(text)
        self.outbox.put_nowait(text)

    def end(self, code: int, reason: str) -> None:
        """Close this connection now with ``code`` and ``reason``; nothing more is read from it."""
        if not self.ended.is_set():
            self.close_code, self.close_reason = code, reason
            self.ended.set()

    async def pump(self, ws: WebSocket) -> None:
        while True:
            text = await self.outbox.get()
            self.queued -= len(text)
            await ws.send_text(text)


class SocketRegistry:
    """Every open :class:`Socket` of the server, by player, session and address, with the caps of the module
    docstring.  Used on the event loop only."""

    def __init__(self, per_player: int = SOCKETS_PER_PLAYER, per_address: int = SOCKETS_PER_ADDRESS) -> None:
        self.per_player = per_player
        self.per_address = per_address
        self.sockets: set[Socket] = set()
        self._players: dict[str, int] = {}
        self._addresses: dict[str, int] = {}
        self.ends = 0
        """How many times :meth:`end` ran: a socket whose session was looked up before an end and registered
        after it looks its session up again."""
        self.shared: Callable[[str, str | None, str | None, int], None] | None = None
        """Told of each end made here, ``(reason, player, session, code)``: a gateway of the split room has every
        other gateway end the same sockets (:meth:`~pokerroom.server.lobby.Lobby.share_socket_ends`)."""

    def open(self, sock: Socket) -> str | None:
        """Register ``sock``; or, over a cap, not, and the close reason."""
        if self._players.get(sock.player, 0) >= self.per_player:
            return f"at most {self.per_player} open connections per player"
        if self._addresses.get(sock.address, 0) >= self.per_address:
            return f"at most {self.per_address} open connections per address"
        self.sockets.add(sock)
        self._players[sock.player] = self._players.get(sock.player, 0) + 1
        self._addresses[sock.address] = self._addresses.get(sock.address, 0) + 1
        return None

    def close(self, sock: Socket) -> None:
        """Forget ``sock`` (it closed)."""
        if sock not in self.sockets:
            return
        self.sockets.discard(sock)
        for counts, key in ((self._players, sock.player), (self._addresses, sock.address)):
            counts[key] -= 1
            if not counts[key]:
                del counts[key]

    def count(self, *, player: str | None = None, address: str | None = None) -> int:
        """Open sockets of ``player`` or of ``address``."""
        if player is not None:
            return self._players.get(player, 0)
        return self._addresses.get(address or "", 0)

    def end(
        self,
        reason: str,
        *,
        player: str | None = None,
        session: str | None = None,
        code: int = SESSION_ENDED,
        share: bool = True,
    ) -> int:
        """Close every socket of ``player`` (or opened under ``session``, a token's SHA-256) with ``code``
        (:data:`SESSION_ENDED` unless told: an operator's hold closes with its own) and ``reason``; returns how
        many here.  The one way to end a player's sockets: it counts in :attr:`ends`, and (``share``, unless this
        end came from another gateway) :attr:`shared` is told, so the room's other gateways end theirs too."""
        self.ends += 1
        ended = 0
        for sock in list(self.sockets):
            if (player is not None and sock.player == player) or (session is not None and sock.session == session):
                sock.end(code, reason)
                ended += 1
        if share and self.shared is not None:
            self.shared(reason, player, session, code)
        return ended


async def talk(
    ws: WebSocket,
    conn: Socket,
    submit: Callable[[Any, Any], None],
    read_command: Callable[[str | bytes], Any],
    rate: float,
    burst: int,
) -> None:
    """Serve one WebSocket: ``submit`` the connection, then each message read (``read_command``: refused ones get
    an ``error`` message, the connection staying open; at most ``rate`` a second, bursts of ``burst``), then its
    end; the messages queued for ``conn`` are written out meanwhile.  The socket closes when the client goes, falls
    too far behind (:data:`SLOW_READER`) or is ended (:meth:`Socket.end`)."""
    submit(conn, "connect")
    limit = RateLimit(rate, burst)

    async def read() -> None:
        while True:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect" or conn.ended.is_set():
                return
            data = message.get("text")
            if data is None:
                data = message.get("bytes") or b""
            if not limit.take():
                if limit.warn():
                    conn.send(error_message(ProtocolError("rate_limited", f"at most {rate:g} messages a second")))
                continue
            try:
                command = read_command(data)
            except ProtocolError as err:
                conn.send(error_message(err))
                continue
            if isinstance(command, Ping):  # answered here: a ping asks nothing of the table, so never queues there
                conn.send(pong(command))
                continue
            submit(conn, command)

    tasks = [asyncio.create_task(t) for t in (read(), conn.pump(ws), conn.dropped.wait(), conn.ended.wait())]
    try:
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    finally:
        submit(conn, "disconnect")
        for task in tasks:
            task.cancel()
        if conn.ended.is_set():  # ended by the server: say why
            with contextlib.suppress(Exception):
                await asyncio.wait_for(ws.close(code=conn.close_code, reason=_close_reason(conn.close_reason)), 1.0)
        elif conn.dropped.is_set():  # too far behind: close now, whatever the socket's buffers hold
            with contextlib.suppress(Exception):
                await asyncio.wait_for(ws.close(code=SLOW_READER), 1.0)


def _close_reason(reason: str) -> str:
    """``reason`` cut to the 123 bytes of UTF-8 a WebSocket close frame holds (never inside a character).

    >>> len(_close_reason("é" * 100).encode("utf-8")), _close_reason("bob is banned from this room")
    (122, 'bob is banned from this room')
    """
    return reason.encode("utf-8")[:123].decode("utf-8", "ignore")
