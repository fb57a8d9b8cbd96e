"""Table chat (issue 18 item 7): text only, length- and rate-limited, a per-player mute, operators' removal and mute.

Each rule is one constant here. Only seated players write (spectators read: code ``spectator``); the text has its
control characters removed (line breaks and tabs become spaces), combining marks beyond :data:`CHAT_MAX_MARKS` in a
row dropped (no stacks drawn over other lines) and its outer spaces trimmed, and must then hold 1 to
:data:`CHAT_MAX_CHARS` characters, one of them visible (longer text is refused, never cut: ``chat_too_long``;
nothing visible: ``chat_empty``). A player sends at most :data:`CHAT_BURST` messages at once and :data:`CHAT_RATE` a
second on average (a token bucket per player and table: 5 every 10 s; ``chat_rate`` says when the next one may go).
The server never reads the text as HTML: it is sent on as the JSON string it is, and the page shows it as text. A
player mutes only someone at the table (connected, or with a message kept there; the name matched ignoring case, the
signed-up spelling kept), at most :data:`MUTE_MAX` players, and at most :data:`MUTE_BURST` mutes at once and
:data:`MUTE_RATE` a second (``mute_rate``); the answer is ``muted``, the one change. An operator mutes a signed-up
player (:attr:`ChatRoom.login_name`; ``no_player`` otherwise).

A table's chat lives in its actor's memory (:class:`TableChat`, the last :data:`CHAT_KEPT` messages; a newcomer gets
the last :data:`CHAT_HISTORY` in the ``welcome``); it is not stored and not part of any hand history. What outlives
one table is the :class:`ChatRoom`, one per server: who muted whom (a player's mutes hold at every table and across
reconnects while the server runs), which players an operator has muted and until when, and who is an operator (the
store's ``roles``, :func:`pokerroom.store.roles.has_role`).

Messages (docs/protocol.md, "Table chat"): ``chat`` ``{"id", "player", "text", "at"}`` (``at``: UTC, ISO 8601);
``{"messages", "operator", "muted"}`` as the ``welcome`` message's ``chat``; ``muted`` ``{"player", "on"}`` after a
player's mute (``on``) or unmute (with ``messages`` again); ``chat_removed`` ``{"id"}``; ``chat_muted`` ``{"player",
"until"}`` (``until`` null: lifted). Times for the rate limits and operators' mutes are read from the room's
:class:`~pokerroom.room.clock.Clock` (seconds); ``wall`` gives the UTC time they are shown in.
"""

from __future__ import annotations

import time
import unicodedata
from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Protocol

from pokerroom.room.clock import Clock, SystemClock
from pokerroom.server.protocol import VERSION, Chat, ChatMute, ChatRemove, Command, Mute, ProtocolError, encode
from pokerroom.server.ratelimit import TokenBucket

__all__ = [
    "CHAT_BURST",
    "CHAT_HISTORY",
    "CHAT_KEPT",
    "CHAT_MAX_CHARS",
    "CHAT_MAX_MARKS",
    "CHAT_RATE",
    "COMMANDS",
    "MUTE_BURST",
    "MUTE_MAX",
    "MUTE_RATE",
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
CHAT_MAX_MARKS = 2
"""Combining marks (Unicode Mn, Me) kept in a row after one character; more are dropped (they stack over other
lines)."""
OPERATOR_MUTE_MAX_MINUTES = 7 * 24 * 60
"""The longest an operator may mute a player in one go (a week)."""
MUTE_MAX = 100
"""The most players one player may have muted at once (``mute_limit`` beyond it)."""
MUTE_RATE = 1 / 2
"""Mutes and unmutes a player may send a second, on average, at all tables together (one every 2 s)."""
MUTE_BURST = 5
"""Mutes and unmutes a player may send at once before :data:`MUTE_RATE` applies."""

COMMANDS = (Chat, Mute, ChatRemove, ChatMute)
"""The protocol's chat commands, which :class:`TableChat` carries out."""

_SPACES = {"\t", "\n", "\r", "\v", "\f", "\x85", "\u2028", "\u2029"}
_KEEP_FORMAT = {"\u200d"}  # the zero-width joiner holds emoji sequences together
_MARKS = ("Mn", "Me")  # combining marks (variation selectors among them)
_UNSEEN = ("Zs", "Zl", "Zp", "Cc", "Cf", "Cs", "Mn", "Me")
_BLANK = {
    "\u115f", "\u1160", "\u3164", "\uffa0",  # Hangul fillers
    "\u2800",  # the braille blank
}  # fmt: skip
"""Letters and symbols that draw nothing."""


class Connection(Protocol):
    """A client as the chat sees it (the actor's connection): ``player`` and a non-blocking ``send``."""

    player: str

    def send(self, message: dict[str, Any] | str) -> None: ...


def is_chat(command: Command) -> bool:
    """Whether ``command`` is one of the chat's (:data:`COMMANDS`)."""
    return isinstance(command, COMMANDS)


def _visible(ch: str) -> bool:
    """Whether ``ch`` draws something: not a space, control, format character, combining mark or blank."""
    return ch not in _BLANK and unicodedata.category(ch) not in _UNSEEN


def clean_text(text: str) -> str:
    """``text`` as it is shown: line breaks and tabs made spaces, control characters (Unicode Cc, Cs and Cf, the
    zero-width joiner kept) removed, combining marks beyond :data:`CHAT_MAX_MARKS` in a row dropped, outer spaces
    trimmed.  Raises :class:`ProtocolError` ``chat_empty`` when nothing visible is left (only spaces, format
    characters, combining marks, Hangul fillers, the braille blank) and ``chat_too_long`` beyond
    :data:`CHAT_MAX_CHARS` characters.

    >>> clean_text("  hi\\x07 there\\n  ")
    'hi there'
    >>> clean_text("a" + "\\u0301" * 5) == "a\\u0301\\u0301"
    True
    """
    out = []
    marks = 0  # combining marks since the last character they combine with
    for ch in text:
        category = unicodedata.category(ch)
        if ch in _SPACES:
            out.append(" ")
            marks = 0
        elif category in ("Cc", "Cs", "Cf") and ch not in _KEEP_FORMAT:
            continue
        elif category in _MARKS:
            marks += 1
            if marks <= CHAT_MAX_MARKS:
                out.append(ch)
        else:
            out.append(ch)
            if ch not in _KEEP_FORMAT:  # a joiner between marks does not start a new stack
                marks = 0
    cleaned = "".join(out).strip()
    if not any(_visible(ch) for ch in cleaned):
        raise ProtocolError("chat_empty", "the message has nothing visible; write something to send")
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


def _take(buckets: dict[str, TokenBucket], player: str, now: float, rate: float, burst: int) -> float:
    """Take one message from ``player``'s bucket (``rate`` a second, at most ``burst``); returns 0 when taken, else
    the seconds until one is there (one decimal)."""
    return round(buckets.setdefault(player, TokenBucket(rate, burst, now)).take(now), 1)


@dataclass
class ChatRoom:
    """What the chat keeps across a server's tables: ``mutes`` (player -> the players they do not hear, at most
    :data:`MUTE_MAX`), ``silenced`` (player -> the room clock's time an operator's mute ends), ``is_operator``
    (from the store's roles; none without one), ``login_name`` (the signed-up spelling of a name ignoring case,
    ``None``: no such player; :meth:`pokerroom.server.accounts.Users.login_name`; without a store every name is
    taken as it is), ``clock`` (the rate limits and mutes; the tables' clock) and ``wall`` (seconds since the
    epoch, for the times shown)."""

    is_operator: Callable[[str], bool] = lambda player: False
    clock: Clock = field(default_factory=SystemClock)
    wall: Callable[[], float] = time.time
    login_name: Callable[[str], str | None] = lambda name: name
    mutes: dict[str, set[str]] = field(default_factory=dict)
    silenced: dict[str, float] = field(default_factory=dict)
    mute_buckets: dict[str, TokenBucket] = field(default_factory=dict, repr=False)
    """Each player's mutes and unmutes (:data:`MUTE_RATE`, :data:`MUTE_BURST`), at every table together."""

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
        self._buckets: dict[str, TokenBucket] = {}

    # ------------------------------------------------------------------ connections

    def welcome(self, player: str) -> dict[str, object]:
        """What ``player`` is told of the chat on connecting (the ``welcome`` message's ``chat``): ``messages``,
        the newest :data:`CHAT_HISTORY` from players they hear (oldest first), whether they are an ``operator``,
        and whom they ``muted``."""
        return {
            "messages": self._heard(player),
            "operator": self.room.is_operator(player),
            "muted": sorted(self.room.muted_by(player)),
        }

    def _heard(self, player: str) -> list[dict[str, object]]:
        """The newest :data:`CHAT_HISTORY` messages ``player`` hears, oldest first."""
        return [m.json() for m in self.messages if self.room.hears(player, m.player)][-CHAT_HISTORY:]

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
        body = encode(message.json())
        for listener, conns in connections.items():
            if self.room.hears(listener, player):
                _send(conns, body)

    def _spend(self, player: str) -> None:
        """Take one message from ``player``'s bucket, or refuse with when the next one may go."""
        wait = _take(self._buckets, player, self.room.clock.now(), CHAT_RATE, CHAT_BURST)
        if wait:
            raise ProtocolError(
                "chat_rate",
                f"too many chat messages (at most {CHAT_BURST} at once, {CHAT_RATE * 10:g} every 10 s); "
                f"send again in {wait:g} s",
                allowed={"retry_after": wait},
            )

    def _mute(self, player: str, command: Mute, connections: Mapping[str, Sequence[Connection]]) -> None:
        """``player`` mutes (``command.on``) or unmutes ``command.player``: only someone at this table (connected,
        or with a message kept here) or, to unmute, on their list, matched ignoring case; at most
        :data:`MUTE_MAX`, at the mute rate.  Answered with ``muted`` ``{"player", "on"}``, an unmute with
        ``messages`` besides (as the ``welcome``'s, that player's among them again)."""
        if command.player.lower() == player.lower():
            raise ProtocolError("bad_field", "you cannot mute yourself")
        mutes = self.room.mutes.get(player, set())
        if command.on:
            here = set(connections) | {m.player for m in self.messages}
            name = _same_name(command.player, here)
            if name is None:
                raise ProtocolError(
                    "no_player", f"nobody called {command.player!r} is at this table or wrote in its chat"
                )
            if name not in mutes and len(mutes) >= MUTE_MAX:
                raise ProtocolError(
                    "mute_limit",
                    f"you have muted {MUTE_MAX} players, the most allowed; unmute someone first",
                    allowed={"max_mutes": MUTE_MAX},
                )
        else:
            name = _same_name(command.player, mutes)
            if name is None:
                raise ProtocolError("no_player", f"you have not muted {command.player!r}")
        wait = _take(self.room.mute_buckets, player, self.room.clock.now(), MUTE_RATE, MUTE_BURST)
        if wait:
            raise ProtocolError(
                "mute_rate",
                f"too many mutes (at most {MUTE_BURST} at once, one every {1 / MUTE_RATE:g} s); "
                f"try again in {wait:g} s",
                allowed={"retry_after": wait},
            )
        if command.on:
            self.room.mutes.setdefault(player, set()).add(name)
        else:
            mutes.discard(name)
            if not mutes:
                self.room.mutes.pop(player, None)
        # A mute is answered with the one change (the page hides that player's messages itself); an unmute, at the
        # mute rate, with the last messages again, theirs among them.
        body: dict[str, object] = {"v": VERSION, "type": "muted", "player": name, "on": command.on}
        if not command.on:
            body["messages"] = self._heard(player)
        _send(connections.get(player, ()), body)

    def _operator(self, player: str) -> None:
        if not self.room.is_operator(player):
            raise ProtocolError("not_operator", f"{player} is not an operator; only an operator may do this")

    def _remove(self, message_id: int, connections: Mapping[str, Sequence[Connection]]) -> None:
        kept = [m for m in self.messages if m.id != message_id]
        if len(kept) == len(self.messages):
            raise ProtocolError("no_message", f"no chat message {message_id} at this table (removed, or too old)")
        self.messages = deque(kept, maxlen=CHAT_KEPT)
        body = encode({"v": VERSION, "type": "chat_removed", "id": message_id})
        for conns in connections.values():
            _send(conns, body)

    def _silence(self, conn: Connection, command: ChatMute, connections: Mapping[str, Sequence[Connection]]) -> None:
        if command.minutes > OPERATOR_MUTE_MAX_MINUTES:
            raise ProtocolError(
                "bad_field",
                f"an operator mutes for at most {OPERATOR_MUTE_MAX_MINUTES} minutes, not {command.minutes}",
            )
        player = self.room.login_name(command.player)  # the signed-up spelling: names are unique ignoring case
        if player is None:
            raise ProtocolError("no_player", f"no player is called {command.player!r}; check the name")
        until: str | None = None
        if command.minutes:
            at = self.room.clock.now() + 60 * command.minutes
            self.room.silenced[player] = at
            until = self.room.shown(at)
        else:
            self.room.silenced.pop(player, None)
        body = {"v": VERSION, "type": "chat_muted", "player": player, "until": until}
        for name in {conn.player, player}:  # the operator who muted and the player muted
            _send(connections.get(name, ()), body)


def _same_name(name: str, names: Iterable[str]) -> str | None:
    """The one of ``names`` that is ``name`` ignoring case (as players' names are unique), or ``None``."""
    wanted = name.lower()
    return next((n for n in names if n.lower() == wanted), None)


def _send(conns: Iterable[Connection], body: dict[str, object] | str) -> None:
    text = body if isinstance(body, str) else encode(body)  # encoded once for every connection
    for c in conns:
        c.send(text)
