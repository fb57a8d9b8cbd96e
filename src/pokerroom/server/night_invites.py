"""The invitations to club nights hosted in the browser, and what the host agrees when making one.

A host (a logged-in player) makes an :class:`Invite`: the evening's agreement (:class:`~pokerroom.room.night.
NightConfig`: the game, the price per chip in öre, the first buy-in, the length, the house rules, limit or no
limit) and an unguessable token (:func:`secrets.token_urlsafe`) for the link ``/night/TOKEN``.  Friends who open
the link take a seat; bots take seats when the host asks.  When the host starts the evening the invite becomes a
night in the store (:class:`~pokerroom.store.night_runner.NightRunner`, ``night_id``), played by a
:class:`~pokerroom.server.night_actor.NightActor`.  Invites are kept in the store (``night_invites``), so a link
and the seats taken before the start survive a restart of the server.

House rules come from JSON: :func:`house_rule` reads one the way ``Game.with_rules`` takes it (lists as tuples,
whole numbers for a rule of decimals, ``yes``/``no`` text for a rule that is on or off), and
:func:`check_rules` deals a trial hand under the rules at a throwaway table, so a value no hand could be dealt
with is refused, with the reason, before it is agreed (RULES §5 meta-rule 2).
"""

from __future__ import annotations

import math
import random
import re
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import select, update

from pokerroom.errors import PokerroomError, RoomError, StoreError, UnsupportedRule
from pokerroom.games import Game, find
from pokerroom.room.night import GAMES, Night, NightConfig, name_key
from pokerroom.room.night_trial import check_rules
from pokerroom.room.record_json import rule_value_from_json
from pokerroom.store import Store
from pokerroom.store.checks import as_utc, to_naive_utc
from pokerroom.store.ledger import BOT_PREFIX
from pokerroom.store.schema import night_invites

__all__ = [
    "BOT_PREFIX",
    "CANCELLED",
    "STARTED",
    "WAITING",
    "Invite",
    "Invites",
    "agreement",
    "house_rule",
    "is_bot",
    "valid_token",
]

WAITING = "waiting"
"""An invite whose evening has not started: people take seats."""
STARTED = "started"
"""The evening has started: the invite names its night."""
CANCELLED = "cancelled"
"""The host called the evening off before it started."""

# Bots at a night are named ``bot-1``, ``bot-2``... (BOT_PREFIX, the ledger's one bot prefix); log-in names may not
# start with ``bot``.

TOKEN_BYTES = 18
"""Random bytes in an invite token (144 bits: 24 URL-safe characters)."""

_TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")
_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


def is_bot(name: str) -> bool:
    """Whether ``name`` is a bot's (log-in names never start with ``bot``)."""
    return name.startswith(BOT_PREFIX)


def valid_token(token: str) -> bool:
    """Whether ``token`` has the form of an invite token (a quick refusal before any look-up)."""
    return bool(_TOKEN.fullmatch(token))


# ---------------------------------------------------------------------------------------------- the agreement


def house_rule(game: Game, key: str, value: object) -> tuple[str, object]:
    """House rule ``key`` of ``game`` with ``value`` as JSON gave it, in the form ``Game.with_rules`` takes:
    lists as tuples, a whole number for a rule of decimals, text for a rule that is a number, a list (``5,10``)
    or on/off (``yes``/``no``).  Raises :class:`UnsupportedRule` naming the game's house rules for an unknown
    name, and the game's refusal for a value of the wrong kind."""
    name = str(key).strip().replace("-", "_")
    rules = {r.name: r for r in game.house_rules}
    rule = rules.get(name)
    if rule is None:
        raise UnsupportedRule(f"{game.id} has no house rule {name!r}; its house rules: {', '.join(rules) or 'none'}")
    default, v = rule.default, rule_value_from_json(value)
    if isinstance(v, str) and not rule.choices:
        word = v.strip()
        if isinstance(default, bool):
            if word.lower() not in _TRUE | _FALSE:
                raise UnsupportedRule(f"house rule {name} is yes or no (true/false, on/off), not {value!r}")
            v = word.lower() in _TRUE
        elif isinstance(default, int | float):
            try:
                v = int(word) if isinstance(default, int) else float(word)
            except ValueError:
                raise UnsupportedRule(f"house rule {name} takes a number like {default}, not {value!r}") from None
        elif isinstance(default, tuple):
            try:
                v = tuple(int(part) for part in word.split(","))
            except ValueError:
                raise UnsupportedRule(
                    f"house rule {name} takes whole numbers separated by commas, like "
                    f"{','.join(map(str, default))}, not {value!r}"
                ) from None
    if isinstance(default, float) and type(v) is int:
        v = float(v)
    if isinstance(v, float) and not math.isfinite(v):
        raise UnsupportedRule(f"house rule {name} takes a finite number, not {value!r}")
    game.with_rules(**{name: v})  # the kind and the rule's own check
    return name, v


def agreement(
    game: str,
    *,
    price_per_chip: int | None = None,
    first_buyin: int | None = None,
    hands: int | None = None,
    minutes: float | None = None,
    no_limit: bool = False,
    house_rules: Mapping[str, object] | None = None,
) -> NightConfig:
    """The evening's agreement from what the host chose: the length defaults to 50 hands or 150 minutes, as at the
    terminal; with only one of them given, the other is not agreed.  House rules are read with :func:`house_rule`
    and tried at a trial table (:func:`check_rules`).  Raises :class:`RoomError` (or :class:`UnsupportedRule`)
    saying what is wrong."""
    if game not in GAMES:
        raise RoomError(f"a club night plays {' or '.join(GAMES)}, not {game!r}")
    if game == "club-holdem":
        no_limit = True  # club hold'em is always no limit
    hands, minutes = NightConfig.length(hands, minutes)
    chosen = find(game)
    rules: dict[str, object] = {}
    for key, value in (house_rules or {}).items():
        name, parsed = house_rule(chosen, key, value)
        rules[name] = parsed
    config = NightConfig(
        game,
        price_per_chip=price_per_chip,
        first_buyin=first_buyin,
        hands=hands,
        minutes=float(minutes),
        house_rules=rules,
        no_limit=no_limit,
    )
    if rules:  # a value no hand could be dealt with is refused before anybody is invited
        check_rules(Night(config, ["A", "B", "C"], rng=random.Random(0), first_dealer=0), rules)
    return config


# ---------------------------------------------------------------------------------------------- the invite


@dataclass
class Invite:
    """One invitation: its ``token``, the ``host``, the agreement (``config``), the bot kind, the players who took
    a seat before the start (``players``, bots included, in the order they sat; once the night has ended, everyone
    who sat at it), its ``status`` and, once started, its ``night_id``."""

    token: str
    host: str
    config: NightConfig
    players: list[str] = field(default_factory=list)
    bot_kind: str = "simple"
    status: str = WAITING
    night_id: int | None = None
    created_at: datetime | None = None

    @property
    def humans(self) -> list[str]:
        return [p for p in self.players if not is_bot(p)]

    @property
    def bots(self) -> list[str]:
        return [p for p in self.players if is_bot(p)]

    def take_seat(self, name: str) -> None:
        """``name`` takes a seat for the evening.  Raises :class:`RoomError` when the evening has started, the seats
        are full, or a player of that name (without case) is already seated."""
        self._waiting()
        if name in self.players:
            return
        if any(name_key(p) == name_key(name) for p in self.players):
            raise RoomError(f"a player named {name!r} (without regard to case) has a seat already")
        most = find(self.config.game).max_players
        if len(self.players) >= most:
            raise RoomError(f"every seat is taken: a club night seats at most {most} players")
        self.players.append(name)

    def stand_up(self, name: str) -> None:
        """``name`` gives up the seat taken (before the start)."""
        self._waiting()
        if name not in self.players:
            raise RoomError(f"{name} has no seat to give up")
        self.players.remove(name)

    def add_bot(self) -> str:
        """A bot takes a seat; returns its name."""
        self._waiting()
        k = 1
        while f"{BOT_PREFIX}{k}" in self.players:
            k += 1
        name = f"{BOT_PREFIX}{k}"
        self.take_seat(name)
        return name

    def _waiting(self) -> None:
        if self.status != WAITING:
            raise RoomError(f"the evening has {self.status}: seats are taken before the start")

    def to_json(self) -> dict[str, object]:
        return {"agreement": self.config.to_json(), "players": list(self.players), "bots": self.bot_kind}

    def options(self) -> dict[str, object]:
        """The night's options as ``pokerroom night`` stores them: the humans who play (the rest are bots of kind
        ``bots``), no results typed in, no pause between hands."""
        return {"humans": self.humans, "bots": self.bot_kind, "enter": False, "pause": False}


class Invites:
    """The invites of ``store`` (``night_invites``)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def create(self, host: str, config: NightConfig, *, bot_kind: str = "simple") -> Invite:
        """A new invite of ``host`` (seated at once) for an evening of ``config``; stored."""
        token = secrets.token_urlsafe(TOKEN_BYTES)
        invite = Invite(token, host, config, [host], bot_kind, created_at=self.store.now())
        now = to_naive_utc(self.store.now())
        with self.store.writing() as conn:
            conn.execute(
                night_invites.insert().values(
                    token=token, host=host, config=invite.to_json(), status=WAITING, night_id=None,
                    created_at=now, updated_at=now,
                )
            )  # fmt: skip
        return invite

    def save(self, invite: Invite) -> None:
        """Write ``invite``'s seats, status and night."""
        now = to_naive_utc(self.store.now())
        with self.store.writing() as conn:
            done = conn.execute(
                update(night_invites)
                .where(night_invites.c.token == invite.token)
                .values(config=invite.to_json(), status=invite.status, night_id=invite.night_id, updated_at=now)
            )
        if done.rowcount != 1:
            raise StoreError(f"no invite with token {invite.token[:4]}…")

    def all(self) -> list[Invite]:
        """Every invite stored, oldest first (those whose stored agreement cannot be read are left out)."""
        with self.store.reading() as conn:
            rows = list(conn.execute(select(night_invites).order_by(night_invites.c.created_at)))
        out = []
        for r in rows:
            data: dict[str, Any] = dict(r.config)
            try:
                config = NightConfig.from_json(data["agreement"])
            except (KeyError, PokerroomError):
                continue
            out.append(
                Invite(
                    r.token, r.host, config, [str(p) for p in data.get("players", [])], str(data.get("bots", "simple")),
                    r.status, None if r.night_id is None else int(r.night_id), as_utc(r.created_at),
                )
            )  # fmt: skip
        return out
