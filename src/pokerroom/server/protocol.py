"""The table protocol: JSON messages between a browser (or a bot) and a table's actor (docs/protocol.md).

Every message is a JSON object with ``"v"`` (:data:`VERSION`) and ``"type"``.  :func:`parse` turns the text a
client sent into one :data:`Command` or raises :class:`ProtocolError` with a ``code`` (:data:`ERROR_CODES`) and a
message saying what was wrong and what is allowed; nothing has changed at that point.  :func:`view_json` writes
one seat's :class:`~pokerroom.engine.HandView` with table seat numbers, cards as text (``"As"``, ``"??"`` for a
card the seat may not see) and the legal actions with their amounts.  Chips are integers in the smallest unit.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import orjson

from pokerroom.chips import whole_number
from pokerroom.engine import Action, HandView, LegalActions
from pokerroom.engine.codec import action_from_json, card_text, event_json
from pokerroom.errors import DuplicateCard, InvalidCard, PokerroomError, RecordError

__all__ = [
    "ACT_REQUIRED",
    "ERROR_CODES",
    "VERSION",
    "Act",
    "AddBots",
    "Chat",
    "ChatMute",
    "ChatRemove",
    "ComeBack",
    "Command",
    "Leave",
    "Mute",
    "Ping",
    "ProtocolError",
    "Rebuy",
    "Resync",
    "Seed",
    "Sit",
    "SitOut",
    "card_text",
    "encode",
    "error_message",
    "legal_json",
    "message_text",
    "parse",
    "pong",
    "view_json",
]

VERSION = 4
"""The protocol version; a message with another ``"v"`` is refused (code ``version``).  Version 3 (issue 19):
``act`` names the hand and the turn it answers (``hand`` and ``seq`` required), a ``ping`` is answered to its
sender alone (docs/protocol.md, "Changes in version 3").  Version 4 (issue 25): after the ``state`` of a connect
a connection gets ``delta`` messages (what changed), and a client asks for a full ``state`` with ``resync``
(:mod:`pokerroom.server.deltas`; docs/protocol.md, "Changes in version 4")."""

MAX_MESSAGE = 4096
"""The longest message a client may send, in characters (code ``too_long``)."""

ERROR_CODES = {
    "malformed": "the message is not a JSON object",
    "too_long": f"the message is longer than {MAX_MESSAGE} characters",
    "version": f"the message has no or another protocol version (this server speaks v={VERSION})",
    "unknown_type": "the message type is not one the server knows",
    "bad_field": "a field is missing or has the wrong kind of value",
    "not_seated": "the player has no seat at this table",
    "wrong_seat": "the message names a seat that is not the player's",
    "stale_hand": "the action answers a hand that is over or a moment of the hand that has passed (hand, seq)",
    "not_your_turn": "it is not this seat's turn (the message names whose it is)",
    "illegal_action": "the action is not allowed now",
    "illegal_amount": "the amount is not allowed now",
    "bad_card": "a card is malformed or not the player's",
    "room": "the table refused (seat taken, buy-in out of range, ...)",
    "store": "the account or ledger refused (balance too low, ...)",
    "rate_limited": "too many messages; slow down",
    "spectator": "spectators read the chat but do not write in it; take a seat to chat",
    "chat_empty": "the chat message has no text once control characters and outer spaces are removed",
    "chat_too_long": "the chat message is longer than the chat allows (pokerroom.server.chat.CHAT_MAX_CHARS)",
    "chat_rate": "too many chat messages; the message and allowed.retry_after say when you may send again",
    "chat_muted": "an operator muted you in the chat; the message and allowed.until say until when",
    "not_operator": "only an operator may do this",
    "no_message": "no chat message with that id at this table (removed, or no longer kept)",
    "no_player": "no such player to mute: not at this table (mute), not on your list (unmute), not signed up",
    "mute_limit": "you muted the most players allowed (pokerroom.server.chat.MUTE_MAX); unmute someone first",
    "mute_rate": "too many mutes; the message and allowed.retry_after say when you may mute again",
    "seed_refused": "the client seed is not taken now (between hands only, for the hand whose seed hash is shown)",
}
"""Every error ``code`` the server sends, with what it means."""


_ENCODER = json.JSONEncoder(separators=(",", ":"))
"""The standard library's compact encoder, made once: what :func:`encode` falls back to."""


def encode(message: object) -> str:
    """A message as the socket carries it: compact JSON text (no spaces after separators; text other than
    ASCII as UTF-8, not escaped).  orjson encodes it (a broadcast encodes a dozen values an action; the standard
    library took several times as long); what orjson refuses (an integer beyond 64 bits, a lone surrogate) the
    standard library encodes, so every message the server could send before it still sends, meaning the same."""
    try:
        return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()
    except TypeError:  # orjson.JSONEncodeError is one
        return _ENCODER.encode(message)


class ProtocolError(PokerroomError):
    """A message the server refuses: ``code`` is one of :data:`ERROR_CODES`; ``allowed`` says what would have
    been accepted (the legal actions, the message types, the seats), where that helps."""

    def __init__(self, code: str, message: str, *, allowed: object = None) -> None:
        super().__init__(message)
        self.code = code
        self.allowed = allowed


@dataclass(frozen=True, slots=True)
class Sit:
    """Take ``seat`` with ``buy_in`` chips from the player's account (RULES §3.3)."""

    seat: int
    buy_in: int


@dataclass(frozen=True, slots=True)
class Leave:
    """Stand up (between hands; during a hand, after it): the stack goes back to the account."""


@dataclass(frozen=True, slots=True)
class SitOut:
    """Not dealt in from the next hand (RULES §3.5)."""


@dataclass(frozen=True, slots=True)
class ComeBack:
    """Dealt in again (missed blinds are posted, RULES §3.5)."""


@dataclass(frozen=True, slots=True)
class Rebuy:
    """Add ``amount`` chips from the account, between hands (RULES §3.3)."""

    amount: int


@dataclass(frozen=True, slots=True)
class Act:
    """A player action answering one moment of one hand: table hand number ``hand``, when the hand had ``seq``
    events (what the player saw when choosing), by table ``seat`` (``None``: the player's own).  An action for
    another moment is refused (``stale_hand``), so a message sent twice acts at most once."""

    action: Action
    hand: int
    seq: int
    seat: int | None = None


@dataclass(frozen=True, slots=True)
class AddBots:
    """Fill up to ``count`` empty seats with house bots."""

    count: int


@dataclass(frozen=True, slots=True)
class Ping:
    """Answered with ``pong`` to the sender alone (keeps a connection alive, measures latency; no ``state`` to
    anyone); ``id`` is echoed."""

    id: object = None


@dataclass(frozen=True, slots=True)
class Resync:
    """Asks for a full ``state`` (a client that missed a ``delta``'s ``seq`` or holds no state); the next
    message to this connection is one (protocol v4)."""


@dataclass(frozen=True, slots=True)
class Seed:
    """A seated player's client seed for hand number ``hand`` (the next hand, whose ``state.shuffle.seed_hash`` is
    shown): ``seed`` is 1 to 64 lower-case hex digits, mixed into that hand's deck (docs/shuffle.md)."""

    hand: int
    seed: str


@dataclass(frozen=True, slots=True)
class Chat:
    """A chat message to the table: ``text`` as sent (the rules are :mod:`pokerroom.server.chat`'s)."""

    text: str


@dataclass(frozen=True, slots=True)
class Mute:
    """Stop (``on``) or start again (``on`` false: ``unmute``) receiving ``player``'s chat messages."""

    player: str
    on: bool = True


@dataclass(frozen=True, slots=True)
class ChatRemove:
    """An operator removes chat message ``id`` for everyone at the table."""

    id: int


@dataclass(frozen=True, slots=True)
class ChatMute:
    """An operator stops ``player`` sending chat messages for ``minutes`` (0 lifts it)."""

    player: str
    minutes: int


Command = (
    Sit | Leave | SitOut | ComeBack | Rebuy | Act | AddBots | Ping | Resync | Seed | Chat | Mute | ChatRemove | ChatMute
)


def _int(msg: dict[str, Any], key: str, *, minimum: int = 0, required: bool = True) -> int | None:
    value = msg.get(key)
    if value is None and not required:
        return None
    if not whole_number(value):
        raise ProtocolError("bad_field", f"{key!r} must be a whole number, not {value!r}")
    if value < minimum:
        raise ProtocolError("bad_field", f"{key!r} must be {minimum} or more, not {value}")
    return value


def _text(msg: dict[str, Any], key: str, *, most: int | None = None) -> str:
    value = msg.get(key)
    if not isinstance(value, str):
        raise ProtocolError("bad_field", f"{key!r} must be text, not {value!r}")
    if most is not None and not 0 < len(value) <= most:
        raise ProtocolError("bad_field", f"{key!r} must be 1 to {most} characters, not {len(value)}")
    return value


def _action(msg: dict[str, Any]) -> Action:
    """The action of an ``act`` message, read by the one codec (:mod:`pokerroom.engine.codec`); cards must be
    named (no ``??``)."""
    try:
        return action_from_json(msg, unknown=False)
    except RecordError as err:
        raise ProtocolError("bad_field", str(err), allowed=err.allowed) from err
    except (InvalidCard, DuplicateCard) as err:
        raise ProtocolError("bad_card", str(err)) from err


ACT_REQUIRED = ("hand", "seq")
"""The fields every ``act`` must carry since version 3: the hand (``state.hand.number``) and the turn
(``seq``: ``state.hand.events.length`` when the player chose) it answers."""


def _act(msg: dict[str, Any]) -> Act:
    action = _action(msg)
    missing = [key for key in ACT_REQUIRED if msg.get(key) is None]
    if missing:
        raise ProtocolError(
            "bad_field",
            f"{' and '.join(repr(k) for k in missing)} {'is' if len(missing) == 1 else 'are'} required: an act names "
            "the hand it answers ('hand': the table's hand number, state.hand.number) and the turn ('seq': the "
            "number of events the hand had when you chose, state.hand.events.length)",
            allowed=list(ACT_REQUIRED),
        )
    return Act(
        action,
        hand=_int(msg, "hand", minimum=1) or 0,
        seq=_int(msg, "seq") or 0,
        seat=_int(msg, "seat", required=False),
    )


_PARSERS: dict[str, Callable[[dict[str, Any]], Command]] = {
    "sit": lambda m: Sit(_int(m, "seat") or 0, _int(m, "buy_in", minimum=1) or 0),
    "leave": lambda m: Leave(),
    "sit_out": lambda m: SitOut(),
    "come_back": lambda m: ComeBack(),
    "rebuy": lambda m: Rebuy(_int(m, "amount", minimum=1) or 0),
    "act": _act,
    "bots": lambda m: AddBots(_int(m, "count", minimum=1) or 0),
    "ping": lambda m: Ping(m.get("id")),
    "resync": lambda m: Resync(),
    "seed": lambda m: Seed(_int(m, "hand", minimum=1) or 0, _text(m, "seed", most=64)),
    "chat": lambda m: Chat(_text(m, "text")),
    "mute": lambda m: Mute(_text(m, "player", most=40)),
    "unmute": lambda m: Mute(_text(m, "player", most=40), on=False),
    "chat_remove": lambda m: ChatRemove(_int(m, "id", minimum=1) or 0),
    "chat_mute": lambda m: ChatMute(_text(m, "player", most=40), _int(m, "minutes") or 0),
}
"""Message type -> parser (the message types a client may send)."""


def message_text(data: str | bytes) -> str:
    """A client message as text: a binary frame read as JSON reads bytes (UTF-8, -16 or -32, told by its first
    bytes).  Raises :class:`ProtocolError` (``malformed``) for bytes that are none of them."""
    if isinstance(data, str):
        return data
    try:
        return data.decode(json.detect_encoding(data), "surrogatepass")
    except UnicodeDecodeError as err:
        raise ProtocolError("malformed", f"the message is not JSON: {err}") from err


def parse(text: str | bytes) -> Command:
    """The command in one client message; raises :class:`ProtocolError` (see :data:`ERROR_CODES`).

    >>> parse('{"v": 4, "type": "act", "action": "raise", "amount": 40, "hand": 7, "seq": 12}')
    Act(action=Action(raise to 40), hand=7, seq=12, seat=None)
    >>> parse('{"v": 4, "type": "dance"}')
    Traceback (most recent call last):
    ...
    pokerroom.server.protocol.ProtocolError: unknown message type 'dance'; the types are: sit, leave, sit_out, \
come_back, rebuy, act, bots, ping, resync, seed, chat, mute, unmute, chat_remove, chat_mute
    """
    if len(text) > MAX_MESSAGE:
        raise ProtocolError("too_long", f"the message has {len(text)} characters; at most {MAX_MESSAGE} are read")
    try:
        msg = json.loads(message_text(text))
    except (ValueError, UnicodeDecodeError) as err:
        raise ProtocolError("malformed", f"the message is not JSON: {err}") from err
    except RecursionError:
        raise ProtocolError("malformed", "the message nests too deeply to be a message of this protocol") from None
    if not isinstance(msg, dict):
        raise ProtocolError("malformed", f"a message is a JSON object with 'v' and 'type', not {type(msg).__name__}")
    if type(msg.get("v")) is not int or msg.get("v") != VERSION:
        raise ProtocolError("version", f"this server speaks protocol v={VERSION}; the message has v={msg.get('v')!r}")
    kind = msg.get("type")
    parser = _PARSERS.get(kind) if isinstance(kind, str) else None
    if parser is None:
        types = list(_PARSERS)
        known = ", ".join(types)
        raise ProtocolError("unknown_type", f"unknown message type {kind!r}; the types are: {known}", allowed=types)
    return parser(msg)


def pong(ping: Ping) -> dict[str, object]:
    """The answer to ``ping``, sent to its connection alone (no table is asked: a flood of pings from one account
    never waits in, or delays, any table's queue)."""
    return {"v": VERSION, "type": "pong", "id": ping.id}


def error_message(err: ProtocolError) -> dict[str, object]:
    """The ``error`` message for ``err``."""
    out: dict[str, object] = {"v": VERSION, "type": "error", "code": err.code, "message": str(err)}
    if err.allowed is not None:
        out["allowed"] = err.allowed
    return out


def legal_json(legal: LegalActions) -> dict[str, object]:
    """The legal actions with their amounts: ``actions`` (the kinds), and where they apply ``call`` (chips the
    call adds), ``bet``/``raise`` (``[min_to, max_to]`` round totals), ``amounts`` (the only legal totals, stud's
    open pair), ``bring_in`` (chips), ``draw`` (most discards)."""
    out: dict[str, object] = {"actions": [k.value for k in legal.kinds()]}
    if legal.call is not None:
        out["call"] = legal.call
    if legal.bet is not None:
        out["bet"] = list(legal.bet)
    if legal.raise_ is not None:
        out["raise"] = list(legal.raise_)
    if legal.amounts is not None:
        out["amounts"] = list(legal.amounts)
    if legal.bring_in is not None:
        out["bring_in"] = legal.bring_in
    if legal.draw is not None:
        out["draw"] = legal.draw
    return out


def view_json(view: HandView, seat_of: Sequence[int], *, number: int, events: bool = True) -> dict[str, object]:
    """``view`` as JSON with table seats (``seat_of[engine seat]``): ``number`` (the table's hand number),
    ``game``, ``phase``, ``street``, ``button``, ``to_act``, ``pot``, ``pots`` (main then side pots, each
    ``{"amount", "eligible"}``), ``board``, ``players`` (per dealt seat: ``seat``, ``stack``, ``bet``,
    ``starting``, ``folded``, ``cards``, ``up``), ``legal`` (only for the seat to act), ``events`` (left out
    when ``events`` is false: the broadcast encodes each event once, :mod:`pokerroom.server.deltas`)."""
    players = [
        {
            "seat": seat_of[s],
            "stack": view.stacks[s],
            "bet": view.bets[s],
            "starting": view.starting_stacks[s],
            "folded": view.folded[s],
            "cards": [card_text(c) for c in view.hole[s]],
            "up": list(view.up[s]) if view.up else [False] * len(view.hole[s]),
        }
        for s in range(len(view.stacks))
    ]
    out: dict[str, object] = {
        "number": number,
        "game": view.game,
        "phase": view.phase,
        "street": view.street,
        "button": seat_of[view.button],
        "to_act": None if view.to_act is None else seat_of[view.to_act],
        "pot": view.pot,
        "pots": [{"amount": p.amount, "eligible": [seat_of[s] for s in p.eligible]} for p in view.pots],
        "board": [card_text(c) for c in view.board],
        "players": players,
        "big_blind": view.big_blind,
        "legal": None if view.legal is None else legal_json(view.legal),
    }
    if events:
        out["events"] = [event_json(e, seat_of) for e in view.events]
    return out
