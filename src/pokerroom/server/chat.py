"""Table chat (issue 18 item 7): text only, length- and rate-limited, a per-player mute, operators' removal and mute.

Each rule is one constant here.  Only seated players write (spectators read: code ``spectator``); the text has
its control characters removed (line breaks and tabs become spaces) and its outer spaces trimmed, and must then
hold 1 to :data:`CHAT_MAX_CHARS` characters (longer text is refused, never cut: ``chat_too_long``; none:
``chat_empty``).  A player sends at most :data:`CHAT_BURST` messages at once and :data:`CHAT_RATE` a second on
average (a token bucket per player and table: 5 every 10 s; ``chat_rate`` says when the next one may go).  The
server never reads the text as HTML: it is sent on as the JSON string it is, and the page shows it as text.

A table's chat lives in its actor's memory (:class:`TableChat`, the last :data:`CHAT_KEPT` messages; a newcomer
gets the last :data:`CHAT_HISTORY` in the ``welcome``); it is not stored and not part of any hand history.  What
outlives one table is the :class:`ChatRoom`, one per server: who muted whom (a player's mutes hold at every table
and across reconnects while the server runs), which players an operator has muted and until when, and who is an
operator (the store's ``roles``, :func:`pokerroom.store.roles.has_role`).

Messages (docs/protocol.md, "Table chat"): ``chat`` ``{"id", "player", "text", "at"}`` (``at``: UTC, ISO 8601);
``{"messages", "operator", "muted"}`` as the ``welcome`` message's ``chat`` and, after a mute, as ``chat_history``;
``chat_removed`` ``{"id"}``; ``chat_muted`` ``{"player", "until"}`` (``until`` null: lifted).  Times for the rate
limit and operators' mutes are read from the room's :class:`~pokerroom.room.clock.Clock` (seconds); ``wall`` gives
the UTC time they are shown in.
"""

from __future__ import annotations

import json
import time
import unicodedata
from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Protocol

from pokerroom.room.clock import Clock, SystemClock
from pokerroom.server.protocol import VERSION, Chat, ChatMute, ChatRemove, Command, Mute, ProtocolError

__all__ = [
    "CHAT_BURST",
    "CHAT_HISTORY",
    "CHAT_KEPT",
    "CHAT_MAX_CHARS",
    "CHAT_RATE",
    "COMMANDS",
    "OPERATOR_MUTE_MAX_MINUTES",
    "ChatMessage",
    "ChatRoom",
    "TableChat",
    "clean_text",
    "is_chat",
]

CHAT_MAX_CHARS = 200
"""The most characters (code points) a chat message may hold once cleaned; longer is refused, not cut."""
CHAT_RATE = 5 / 10
"""Chat messages a player may send a second at one table, on average (5 every 10 seconds)."""
CHAT_BURST = 3
"""Chat messages a player may send at once before :data:`CHAT_RATE` applies."""
CHAT_KEPT = 200
"""Chat messages a table keeps (the oldest go first)."""
CHAT_HISTORY = 50
"""Chat messages a connection is sent on connecting (the newest)."""
OPERATOR_MUTE_MAX_MINUTES = 7 * 24 * 60
"""The longest an operator may mute a player in one go (a week)."""

COMMANDS = (Chat, Mute, ChatRemove, ChatMute)
"""The protocol's chat commands, which :class:`TableChat` carries out."""

_SPACES = {"\t", "\n", "\r", "\v", "\f", "\x85", "\u2028", "\u2029"}
_KEEP_FORMAT = {"\u200d"}  # the zero-width joiner holds emoji sequences together


class Connection(Protocol):
    """A client as the chat sees it (the actor's connection): ``player`` and a non-blocking ``send``."""

    player: str

    def send(self, message: dict[str, Any] | str) -> None: ...


def is_chat(command: Command) -> bool:
    """Whether ``command`` is one of the chat's (:data:`COMMANDS`)."""
    return isinstance(command, COMMANDS)


def clean_text(text: str) -> str:
    """``text`` as it is shown: line breaks and tabs made spaces, control characters (Unicode Cc, Cs and Cf, the
    zero-width joiner kept) removed, outer spaces trimmed.  Raises :class:`ProtocolError` ``chat_empty`` when
    nothing is left and ``chat_too_long`` beyond :data:`CHAT_MAX_CHARS` characters.

    >>> clean_text("  hi\\x07 there\\n  ")
    'hi there'
    """
    out = []
    for ch in text:
        if ch in _SPACES:
            out.append(" ")
        elif unicodedata.category(ch) in ("Cc", "Cs", "Cf") and ch not in _KEEP_FORMAT:
            continue
        else:
            out.append(ch)
    cleaned = "".join(out).strip()
    if not cleaned:
        raise ProtocolError("chat_empty", "the message is empty; write something to send")
    if len(cleaned) > CHAT_MAX_CHARS:
        raise ProtocolError(
            "chat_too_long",
            f"the message has {len(cleaned)} characters; at most {CHAT_MAX_CHARS} are allowed (shorten it)",
            allowed={"max_chars": CHAT_MAX_CHARS},
        )
    return cleaned


def _iso(seconds: float) -> str:
    """A wall-clock time (seconds since the epoch) as UTC ISO 8601 to the second: ``2026-01-05T20:15:03Z``."""
    return datetime.fromtimestamp(seconds, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


@dataclass(frozen=True, slots=True)
class ChatMessage:
    """One message of a table's chat: its ``id`` (from 1 at each table), the ``player`` who sent it, the cleaned
    ``text`` and when (``at``, UTC ISO 8601)."""

    id: int
    player: str
    text: str
    at: str

    def json(self) -> dict[str, object]:
        return {"v": VERSION, "type": "chat", "id": self.id, "player": self.player, "text": self.text, "at": self.at}


@dataclass
class _Bucket:
    tokens: float
    at: float


@dataclass
class ChatRoom:
    """What the chat keeps across a server's tables: ``mutes`` (player -> the players they do not hear),
    ``silenced`` (player -> the room clock's time an operator's mute ends), ``is_operator`` (from the store's
    roles; none without one), ``clock`` (the rate limit and mutes; the tables' clock) and ``wall`` (seconds since
    the epoch, for the times shown)."""

    is_operator: Callable[[str], bool] = lambda player: False
    clock: Clock = field(default_factory=SystemClock)
    wall: Callable[[], float] = time.time
    mutes: dict[str, set[str]] = field(default_factory=dict)
    silenced: dict[str, float] = field(default_factory=dict)

    def muted_by(self, player: str) -> set[str]:
        """The players ``player`` has muted (a copy)."""
        return set(self.mutes.get(player, ()))

    def hears(self, listener: str, speaker: str) -> bool:
        """Whether ``listener`` is sent ``speaker``'s messages (not when ``listener`` muted them)."""
        return speaker not in self.mutes.get(listener, ())

    def silenced_until(self, player: str) -> float | None:
        """The room clock's time an operator's mute of ``player`` ends, or ``None`` (not muted, or over)."""
        until = self.silenced.get(player)
        if until is not None and self.clock.now() >= until:
            del self.silenced[player]
            return None
        return until

    def shown(self, clock_time: float) -> str:
        """A room-clock time as the UTC time it falls at (ISO 8601)."""
        return _iso(self.wall() + clock_time - self.clock.now())


class TableChat:
    """One table's chat (see the module docstring): ``room`` is the server's :class:`ChatRoom`."""

    def __init__(self, room: ChatRoom) -> None:
        self.room = room
        self.messages: deque[ChatMessage] = deque(maxlen=CHAT_KEPT)
        self._next_id = 1
        self._buckets: dict[str, _Bucket] = {}

    # ------------------------------------------------------------------ connections

    def welcome(self, player: str) -> dict[str, object]:
        """What ``player`` is told of the chat on connecting (the ``welcome`` message's ``chat``): ``messages``,
        the newest :data:`CHAT_HISTORY` from players they hear (oldest first), whether they are an ``operator``,
        and whom they ``muted``."""
        heard = [m.json() for m in self.messages if self.room.hears(player, m.player)]
        return {
            "messages": heard[-CHAT_HISTORY:],
            "operator": self.room.is_operator(player),
            "muted": sorted(self.room.muted_by(player)),
        }

    def history(self, player: str) -> dict[str, object]:
        """``player``'s ``chat_history`` message (after a mute or unmute): :meth:`welcome`'s fields."""
        return {"v": VERSION, "type": "chat_history", **self.welcome(player)}

    # ------------------------------------------------------------------ commands

    def handle(
        self, conn: Connection, command: Command, *, seated: bool, connections: Mapping[str, Sequence[Connection]]
    ) -> None:
        """Carry out a chat command (:data:`COMMANDS`) from ``conn``; ``seated``: whether its player has a seat
        at the table; ``connections``: every connection at the table by player.  A refusal raises
        :class:`ProtocolError` (see the module docstring) and changes nothing."""
        player = conn.player
        if isinstance(command, Chat):
            self._say(player, command.text, seated, connections)
        elif isinstance(command, Mute):
            self._mute(player, command, connections)
        elif isinstance(command, ChatRemove):
            self._operator(player)
            self._remove(command.id, connections)
        elif isinstance(command, ChatMute):
            self._operator(player)
            self._silence(conn, command, connections)

    def _say(self, player: str, text: str, seated: bool, connections: Mapping[str, Sequence[Connection]]) -> None:
        if not seated:
            raise ProtocolError("spectator", f"{player}: spectators read the chat; take a seat to write in it")
        until = self.room.silenced_until(player)
        if until is not None:
            shown = self.room.shown(until)
            raise ProtocolError(
                "chat_muted", f"an operator muted you in the chat until {shown} (UTC)", allowed={"until": shown}
            )
        cleaned = clean_text(text)
        self._spend(player)
        message = ChatMessage(self._next_id, player, cleaned, _iso(self.room.wall()))
        self._next_id += 1
        self.messages.append(message)
        body = _encode(message.json())
        for listener, conns in connections.items():
            if self.room.hears(listener, player):
                _send(conns, body)

    def _spend(self, player: str) -> None:
        """Take one message from ``player``'s bucket, or refuse with when the next one may go."""
        now = self.room.clock.now()
        bucket = self._buckets.setdefault(player, _Bucket(float(CHAT_BURST), now))
        bucket.tokens = min(float(CHAT_BURST), bucket.tokens + (now - bucket.at) * CHAT_RATE)
        bucket.at = now
        if bucket.tokens < 1:
            wait = round((1 - bucket.tokens) / CHAT_RATE, 1)
            raise ProtocolError(
                "chat_rate",
                f"too many chat messages (at most {CHAT_BURST} at once, {CHAT_RATE * 10:g} every 10 s); "
                f"send again in {wait:g} s",
                allowed={"retry_after": wait},
            )
        bucket.tokens -= 1

    def _mute(self, player: str, command: Mute, connections: Mapping[str, Sequence[Connection]]) -> None:
        if command.player == player:
            raise ProtocolError("bad_field", "you cannot mute yourself")
        mutes = self.room.mutes.setdefault(player, set())
        if command.on:
            mutes.add(command.player)
        else:
            mutes.discard(command.player)
            if not mutes:
                del self.room.mutes[player]
        _send(connections.get(player, ()), self.history(player))  # the list without (or with) their messages

    def _operator(self, player: str) -> None:
        if not self.room.is_operator(player):
            raise ProtocolError("not_operator", f"{player} is not an operator; only an operator may do this")

    def _remove(self, message_id: int, connections: Mapping[str, Sequence[Connection]]) -> None:
        kept = [m for m in self.messages if m.id != message_id]
        if len(kept) == len(self.messages):
            raise ProtocolError("no_message", f"no chat message {message_id} at this table (removed, or too old)")
        self.messages = deque(kept, maxlen=CHAT_KEPT)
        body = _encode({"v": VERSION, "type": "chat_removed", "id": message_id})
        for conns in connections.values():
            _send(conns, body)

    def _silence(self, conn: Connection, command: ChatMute, connections: Mapping[str, Sequence[Connection]]) -> None:
        if command.minutes > OPERATOR_MUTE_MAX_MINUTES:
            raise ProtocolError(
                "bad_field",
                f"an operator mutes for at most {OPERATOR_MUTE_MAX_MINUTES} minutes, not {command.minutes}",
            )
        until: str | None = None
        if command.minutes:
            at = self.room.clock.now() + 60 * command.minutes
            self.room.silenced[command.player] = at
            until = self.room.shown(at)
        else:
            self.room.silenced.pop(command.player, None)
        body = {"v": VERSION, "type": "chat_muted", "player": command.player, "until": until}
        for name in {conn.player, command.player}:  # the operator who muted and the player muted
            _send(connections.get(name, ()), body)


def _encode(body: dict[str, object]) -> str:
    return json.dumps(body, separators=(",", ":"))


def _send(conns: Iterable[Connection], body: dict[str, object] | str) -> None:
    text = body if isinstance(body, str) else _encode(body)  # encoded once for every connection
    for c in conns:
        c.send(text)
