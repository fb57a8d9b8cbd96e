"""The load test's set-up over the room's public HTTP API (docs/protocol.md, "HTTP"): its players signed up and
topped up with play money, its tables created, each table's six players chosen.

The tables come in groups of up to :data:`GROUP_TABLES`: the six players of a group sit at every table of their
group (player ``j`` at seat ``j``), each creating at most :data:`~pokerroom.server.lobby.MAX_OPEN_TABLES` (3) of
them, the burst the lobby's creation limit allows at once.  Each group may speak for its own address
(``X-Forwarded-For: 198.18.x.y``, the range RFC 2544 sets aside for benchmarks, from a random start each run):
the room's per-address limits (20 sign-ups, 200 sockets) are its defence against one attacker, not what a load
test measures.  The server believes the header only from a proxy it trusts (uvicorn's ``--forwarded-allow-ips``,
127.0.0.1 by default), so a load test from another machine meets those limits and is told so.

HTTP runs on :mod:`urllib` (the standard library: ``pokerroom`` needs no HTTP client of its own) in threads,
:data:`HTTP_CONCURRENCY` requests at once.  Every refusal the test cannot work around raises
:class:`LoadtestError` naming the URL and the server's reason.
"""

from __future__ import annotations

import asyncio
import json
import math
import secrets
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from http.cookies import SimpleCookie
from typing import Any

from pokerroom.errors import PokerroomError

__all__ = [
    "GROUP_TABLES",
    "PLAY_CHIPS",
    "SEATS",
    "LoadtestError",
    "Plan",
    "TablePlan",
    "group_address",
    "groups_for",
    "set_up",
]

SEATS = 6
"""Seats (and bot players) at each table of a load test."""

GROUP_TABLES = 18
"""Tables one group of :data:`SEATS` players plays at once: each creates 3 (the lobby's ``MAX_OPEN_TABLES``, and
its burst of creations), so no creation waits; 18 sockets a player stays under the room's 24."""

PLAY_CHIPS = 10_000
"""Play money an account holds after ``POST /api/play-chips`` (docs/protocol.md); each player's buy-ins at its
group's tables must fit in it."""

HTTP_CONCURRENCY = 6
"""HTTP requests in flight at once (a sign-up hashes a password on the server: more would only queue there)."""

RETRIES = 20
"""Times a request answered 429 or 503 (busy, ``Retry-After``) is tried again, waiting as told (at most
:data:`MAX_WAIT` seconds each)."""

MAX_WAIT = 30.0

ADDRESSES = 2**17
"""Addresses of 198.18.0.0/15, the groups' (:func:`group_address`)."""


class LoadtestError(PokerroomError):
    """The load test cannot go on: the room is unreachable, refused the set-up, or dropped connections for good."""


@dataclass(frozen=True)
class TablePlan:
    """One table of the test: its ``id``, its six players' session cookies (seat order), the address they speak
    for (``None``: their own), the chips each brings (``buy_in``)."""

    id: int
    cookies: tuple[str, ...]
    address: str | None
    buy_in: int


@dataclass(frozen=True)
class Plan:
    """Everything set up: the tables, the game and stakes chosen, the players signed up."""

    tables: tuple[TablePlan, ...]
    game: str
    stakes: str
    limit: str
    players: int


def groups_for(tables: int) -> int:
    """Groups of six players ``tables`` tables need (:data:`GROUP_TABLES` each)."""
    return math.ceil(tables / GROUP_TABLES)


def group_address(group: int, offset: int = 0) -> str:
    """The address group ``group`` speaks for: the ``offset + group``-th of RFC 2544's benchmarking range
    198.18.0.0/15 (a run picks a random ``offset``: the room's sign-up limit per address outlives a run).

    >>> group_address(0), group_address(255, 1), group_address(3, 131071)
    ('198.18.0.0', '198.18.1.0', '198.18.0.2')
    """
    number = (offset + group) % ADDRESSES
    return f"198.{18 + number // 65536}.{number // 256 % 256}.{number % 256}"


class _Http:
    """Blocking JSON requests to the room at ``base`` (no proxy from the environment: the room is addressed as
    given), each one optionally as a player (``cookie``) and for an address (``forwarded``)."""

    def __init__(self, base: str, cookie_name: str) -> None:
        self.base = base.rstrip("/")
        self.cookie_name = cookie_name
        self.opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))

    def call(
        self, method: str, path: str, body: dict[str, Any] | None = None, cookie: str | None = None,
        forwarded: str | None = None,
    ) -> tuple[Any, str | None]:  # fmt: skip
        """The answer's JSON and the session cookie it set (if any); 429/503 waited out and tried again.
        Raises :class:`LoadtestError` for any other failure, naming the URL."""
        url = self.base + path
        headers = {"Content-Type": "application/json", "Accept": "application/json"}
        if cookie is not None:
            headers["Cookie"] = f"{self.cookie_name}={cookie}"
        if forwarded is not None:
            headers["X-Forwarded-For"] = forwarded
        data = json.dumps(body).encode() if body is not None else None
        for attempt in range(RETRIES + 1):
            request = urllib.request.Request(url, data=data, headers=headers, method=method)
            try:
                with self.opener.open(request, timeout=120) as answer:
                    return json.loads(answer.read() or b"null"), self._session(answer.headers.get_all("Set-Cookie"))
            except urllib.error.HTTPError as exc:
                detail = _detail(exc)
                wait = float(exc.headers.get("Retry-After") or 1)
                if exc.code in (429, 503) and attempt < RETRIES and wait <= MAX_WAIT:
                    time.sleep(wait)  # the room asked us to wait (too many at once, or its hashing pool busy)
                    continue
                raise LoadtestError(f"{method} {url} was refused: {exc.code} {detail}") from None
            except (urllib.error.URLError, OSError) as exc:
                reason = getattr(exc, "reason", exc)
                raise LoadtestError(f"cannot reach the room at {self.base}: {method} {url}: {reason}") from None
            except json.JSONDecodeError:
                raise LoadtestError(f"{method} {url} did not answer JSON: is {self.base} a pokerroom server?") from None
        raise AssertionError("unreachable")  # the loop returns or raises

    def _session(self, headers: list[str] | None) -> str | None:
        for header in headers or []:
            morsel = SimpleCookie(header).get(self.cookie_name)
            if morsel is not None:
                return morsel.value
        return None


def _detail(exc: urllib.error.HTTPError) -> str:
    try:
        return str(json.loads(exc.read()).get("detail"))
    except (ValueError, AttributeError, OSError):
        return exc.reason if isinstance(exc.reason, str) else ""


def _choose_game(games: list[dict[str, Any]]) -> tuple[str, str, str]:
    """Game, stakes and limit of the test's tables: no-limit hold'em at its default stakes when the room offers
    it (the room's commonest table, two cards a player: the client's moves are check, call and raise), else the
    first game listed at its defaults."""
    by_id = {g["id"]: g for g in games}
    game = by_id.get("holdem") or (games[0] if games else None)
    if game is None:
        raise LoadtestError("the room offers no game (GET /api/games answered [])")
    limit = "no" if "no" in game["limits"] else game["default_limit"]
    return game["id"], game["default_stakes"], limit


async def set_up(base: str, tables: int, cookie_name: str, forwarded: bool, tick: Callable[[str], None]) -> Plan:
    """Sign up ``groups_for(tables) * 6`` players, top up their play money, create ``tables`` play-money tables
    of six seats, and plan who sits where.  ``tick(stage)`` is called once per player signed up (``"players"``)
    and per table created (``"tables"``).  Raises :class:`LoadtestError`."""
    http = _Http(base, cookie_name)
    gate = asyncio.Semaphore(HTTP_CONCURRENCY)

    async def call(*args: Any, **kw: Any) -> tuple[Any, str | None]:
        async with gate:
            return await asyncio.to_thread(http.call, *args, **kw)

    games, _ = await call("GET", "/api/games")
    game, stakes, limit = _choose_game(games)
    run = secrets.token_hex(3)  # names of this run's players and tables, unique in the room's store
    password = secrets.token_urlsafe(12)
    groups = groups_for(tables)
    offset = secrets.randbelow(ADDRESSES)

    def address_of(group: int) -> str | None:
        return group_address(group, offset) if forwarded else None

    async def player(group: int, seat: int) -> str:
        address = address_of(group)
        body = {"name": f"lt{run}g{group}p{seat}", "password": password}
        _, cookie = await call("POST", "/api/signup", body, forwarded=address)
        if cookie is None:
            raise LoadtestError(f"POST {http.base}/api/signup set no {cookie_name} cookie")
        await call("POST", "/api/play-chips", cookie=cookie, forwarded=address)
        tick("players")
        return cookie

    cookies = await asyncio.gather(*(player(g, s) for g in range(groups) for s in range(SEATS)))

    async def table(n: int) -> dict[str, Any]:
        group, index = divmod(n, GROUP_TABLES)
        owner = cookies[group * SEATS + index % SEATS]
        body = {"name": f"loadtest {run} {n + 1}", "game": game, "stakes": stakes, "limit": limit, "kind": "play",
                "seats": SEATS, "bots": 0}  # fmt: skip
        info, _ = await call("POST", "/api/tables", body, cookie=owner, forwarded=address_of(group))
        tick("tables")
        return dict(info)

    infos = await asyncio.gather(*(table(n) for n in range(tables)))
    plans = []
    for n, info in enumerate(infos):
        group = n // GROUP_TABLES
        at_once = min(GROUP_TABLES, tables - group * GROUP_TABLES)  # tables each player of the group sits at
        buy_in = min(int(info["buy_in"]["default"]), PLAY_CHIPS // at_once)
        if buy_in < int(info["buy_in"]["min"]):
            raise LoadtestError(
                f"the tables' least buy-in ({info['buy_in']['min']}) times {at_once} tables does not fit in a "
                f"player's {PLAY_CHIPS} play chips"
            )
        players = tuple(cookies[group * SEATS : (group + 1) * SEATS])
        plans.append(TablePlan(id=int(info["id"]), cookies=players, address=address_of(group), buy_in=buy_in))
    return Plan(tables=tuple(plans), game=game, stakes=stakes, limit=limit, players=len(cookies))
