"""Helpers of the server tests that attack it and play the traps through it (tests/test_server_attacks.py,
tests/test_server_traps.py): an app per test over a fresh SQLite file, players, a WebSocket connection that
waits with a time limit, and the chips check every test ends with."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio
import pytest
from argon2 import PasswordHasher
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from pokerroom.engine import Action
from pokerroom.loadtest.view import Applied, View, apply
from pokerroom.server import COOKIE, Starter, create_app
from pokerroom.server import accounts as accounts_module
from pokerroom.server.protocol import VERSION, Act
from pokerroom.store import Store

HEADS_UP = Starter("Heads-up", "holdem", "1/2", "no", bots=1, seats=2)
DUEL = Starter("Duel", "holdem", "1/2", "no", bots=0, seats=2)
TRIO = Starter("Trio", "holdem", "1/2", "no", bots=0, seats=3)
QUAD = Starter("Quad", "holdem", "1/2", "no", bots=0, seats=4)
DRAW = Starter("Draw", "five-card-draw", "1/2", "fixed", bots=0, seats=2)
SPLIT = Starter("Split", "draw32", "1/2", "pot", bots=0, seats=3)
REAL = Starter("Real", "holdem", "1/2", "no", bots=1, seats=6, real_money=True)

FAST = {"bot_delay": 0.0, "next_hand_delay": 0.0, "seed": 7, "bot_kind": "calling"}
PASSWORD = "correct horse"
PLAY = 10_000
LIMIT = 2**53
"""The store's most chips for any balance or amount."""

Message = dict[str, Any]


# --- helpers -----------------------------------------------------------------------------------------------


def merge(state: Message, delta: Message) -> Message:
    """``state`` with ``delta`` applied as a client does (:func:`pokerroom.loadtest.view.apply`, the one merge of
    docs/protocol.md; its ``seq`` taken as the next), as a new object: ``state`` is left as it was."""
    view = View(state=json.loads(json.dumps(state)))
    assert apply(view, {**delta, "seq": view.next_seq}) is Applied.DELTA, delta
    assert view.state is not None
    return view.state


class States:
    """A client's copy of its table's state, kept by :func:`pokerroom.loadtest.view.apply` as the page keeps it:
    a ``state`` replaces it, a ``delta`` is merged into it; a delta out of order (its ``seq`` not the next after
    the last) or one for a hand when none is held fails the test."""

    def __init__(self) -> None:
        self.view = View()

    @property
    def state(self) -> Message | None:
        """The state as merged so far (``None`` before the first ``state``)."""
        return self.view.state

    def take(self, m: Message, *, copy: bool = True, owned: bool = False) -> Message:
        """``m``, or for a ``delta`` the whole state it makes, as a ``state`` message: a copy of its own, or with
        ``copy`` false the kept state itself (the next delta changes it: for a caller that keeps no history).
        ``owned``: ``m`` is the caller's to give away (just decoded, not used after), so it is kept, not copied."""
        if m["type"] not in ("state", "delta"):
            return m
        if m["type"] == "delta" and (m["hand_set"] or m["events"]):
            held = {**(self.view.state or {}), **m["set"]}
            assert held.get("hand") is not None, f"a hand delta with no hand held: {m}"
        expected = Applied.STATE if m["type"] == "state" else Applied.DELTA
        seq = self.view.next_seq - 1
        applied = apply(self.view, m if owned else json.loads(json.dumps(m)))  # no part of a copy shared
        assert applied is expected, f"{m['type']} seq {m.get('seq')} after seq {seq}: {applied.value}"
        if m["type"] == "state":
            return m
        assert self.state is not None
        return self.state if not copy else json.loads(json.dumps(self.state))


class Recorder:
    """An in-process connection for a :class:`~pokerroom.server.actor.TableActor`: keeps every message it is
    sent, decoded from JSON as the socket would carry it, a ``delta`` as the whole ``state`` it makes
    (:class:`States`; the messages as sent in :attr:`raw`)."""

    def __init__(self, player: str) -> None:
        self.player = player
        self.messages: list[dict[str, Any]] = []
        self.raw: list[dict[str, Any]] = []
        self.states = States()

    def send(self, message: dict[str, Any] | str) -> None:
        m = json.loads(message) if isinstance(message, str) else json.loads(json.dumps(message))
        self.raw.append(m)
        self.messages.append(self.states.take(m))

    def of_type(self, type_: str) -> list[dict[str, Any]]:
        return [m for m in self.messages if m["type"] == type_]

    def last_state(self) -> dict[str, Any]:
        return next(m for m in reversed(self.messages) if m["type"] == "state")

    def errors(self) -> list[dict[str, Any]]:
        return self.of_type("error")

    def notices(self) -> list[dict[str, Any]]:
        return self.of_type("notice")


@pytest.fixture(name="db")
def db_fixture(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'server.db'}"


def hashes(monkeypatch: pytest.MonkeyPatch, time_cost: int, memory_cost: int) -> None:
    """Argon2id with these costs for the apps built from now on."""
    monkeypatch.setattr(
        accounts_module,
        "PasswordHasher",
        lambda: PasswordHasher(time_cost=time_cost, memory_cost=memory_cost, parallelism=1),
    )


HOUSE_BANKROLL = 1_000_000
"""What the operator puts in the real-money house bankroll before a real-money table with bots opens."""


@contextmanager
def serve(url: str, *starters: Starter, **options: Any) -> Iterator[TestClient]:
    store = Store(url)
    try:
        # House bots at a real-money table play with the house's money, which the operator deposits first
        # (`pokerroom cashier deposit --house`): without it they do not sit (tests/test_books.py).
        if any(s.real_money and s.bots for s in starters) and not store.house_balance(real_money=True):
            store.house_deposit(HOUSE_BANKROLL, real_money=True)
        app = create_app(store=store, starters=starters or (HEADS_UP,), **{**FAST, **options})
        with TestClient(app) as client:
            yield client
    finally:
        store.close()


@dataclass(frozen=True)
class Player:
    name: str
    token: str

    @property
    def headers(self) -> dict[str, str]:
        return {"cookie": f"{COOKIE}={self.token}"}


def sign_up(client: TestClient, name: str) -> Player:
    r = client.post("/api/signup", json={"name": name, "password": PASSWORD})
    assert r.status_code == 201, r.text
    token = r.cookies[COOKIE]
    client.cookies.clear()
    return Player(name, token)


BAD = (400, 422)
"""Bad input: 400 (docs/protocol.md), or FastAPI's own 422 for a body or path that fails validation."""


def api(
    client: TestClient, player: Player | None, method: str, path: str, status: int | tuple[int, ...] = 200, **kw: Any
) -> Any:
    r = client.request(method, path, headers=player.headers if player else {}, **kw)
    assert r.status_code in ((status,) if isinstance(status, int) else status), (method, path, r.status_code, r.text)
    return r.json()


def play_chips(client: TestClient, player: Player) -> int:
    return int(api(client, player, "GET", "/api/me")["balances"]["play"])


def store_of(client: TestClient) -> Store:
    return client.app.state.store  # type: ignore[attr-defined,no-any-return]


def actor_of(client: TestClient, table_id: int = 1) -> Any:
    return client.app.state.lobby.actors[table_id]  # type: ignore[attr-defined]


class Conn:
    """One player's WebSocket to a table; every read has a time limit."""

    def __init__(self, ws: WebSocketTestSession) -> None:
        self.ws = ws
        self.seen: Message | None = None
        """The last ``state`` read: what an ``act`` answers unless told (its hand and events, as the page does)."""
        self.states = States()
        """The state as the deltas read make it: :meth:`recv` gives each ``delta`` as the ``state`` it makes."""
        self.welcome = self.recv()
        assert self.welcome["type"] == "welcome", self.welcome

    def send(self, type_: str, **fields: Any) -> None:
        self.ws.send_json({"v": VERSION, "type": type_, **fields})

    def act(self, action: str, **fields: Any) -> None:
        """Send ``action``; ``hand`` and ``seq`` are the last state's read (:attr:`seen`) unless given."""
        hand = self.seen["hand"] if self.seen is not None else None
        if hand is not None:
            fields.setdefault("hand", hand["number"])
            fields.setdefault("seq", len(hand["events"]))
        self.send("act", action=action, **fields)

    def recv(self, timeout: float = 10.0) -> Message:
        ws = self.ws

        async def receive() -> Any:
            with anyio.fail_after(timeout):
                return await ws._send_rx.receive()

        message = ws.portal.call(receive)
        ws._raise_on_close(message)
        m: Message = self.states.take(json.loads(message["text"]))
        if m["type"] == "state":
            self.seen = m
        return m

    def until(self, wanted: Callable[[Message], bool], what: str, *, errors_ok: bool = False) -> Message:
        for _ in range(3000):
            m = self.recv()
            if wanted(m):
                return m
            assert errors_ok or m["type"] != "error", f"waiting for {what}, got {m}"
        raise AssertionError(f"no {what} in 3000 messages")

    def state(self, wanted: Callable[[Message], bool] = lambda s: True, what: str = "a state") -> Message:
        return self.until(lambda m: m["type"] == "state" and wanted(m), what)

    def current(self, wanted: Callable[[Message], bool], what: str = "a state") -> Message:
        """The last state read when ``wanted`` holds for it, else the next state for which it does (a ping sends no
        state since protocol v3: after one, the last state read is the table as it stands)."""
        if self.seen is not None and wanted(self.seen):
            return self.seen
        return self.state(wanted, what)

    def error(self, code: str) -> Message:
        m = self.until(lambda m: m["type"] == "error", f"an error {code!r}")
        assert m["code"] == code, m
        return m

    def ping(self, tag: object) -> None:
        self.send("ping", id=tag)
        self.until(lambda m: m["type"] == "pong" and m["id"] == tag, f"pong {tag!r}")

    def turn(self, number: int) -> Message:
        """The next state in which this player is to act in hand ``number``."""
        return self.state(lambda s: my_turn(s, number), f"my turn in hand {number}")

    def drain(self) -> list[Message]:
        """Every message waiting now (a ping marks the end)."""
        tag = f"drain-{time.monotonic()}"
        self.send("ping", id=tag)
        out: list[Message] = []
        while True:
            m = self.recv()
            if m["type"] == "pong" and m["id"] == tag:
                return out
            out.append(m)


@contextmanager
def table(client: TestClient, player: Player, table_id: int = 1) -> Iterator[Conn]:
    with client.websocket_connect(f"/ws/tables/{table_id}", headers=dict(player.headers)) as ws:
        yield Conn(ws)


def turn_act(actor: Any, action: Action, seat: int | None = None) -> Act:
    """``action`` as a client sends it for the moment ``actor``'s table is at: its hand number and events."""
    h = actor.table.hand
    return Act(action, hand=actor.table.hand_number, seq=len(h.events) if h is not None else 0, seat=seat)


def my_turn(s: Message, number: int | None = None) -> bool:
    h = s["hand"]
    return (
        h is not None
        and (number is None or h["number"] == number)
        and h["legal"] is not None
        and h["to_act"] == s["you"]
    )


Policy = Callable[[Message], dict[str, Any] | None]


class Driver:
    """Plays a table from a watcher's connection: at each turn of a seat in ``conns`` it sends
    ``policy(hand)`` (the watcher's view: no legal actions, no hidden cards) from that seat's connection."""

    def __init__(self, watcher: Conn, conns: dict[int, Conn]) -> None:
        self.watcher = watcher
        self.conns = conns
        self.acted: tuple[int, int] | None = None
        self.last: Message | None = None

    def _act(self, s: Message, policy: Policy) -> None:
        h = s["hand"]
        if h is None or h["to_act"] is None or h["phase"] == "complete" or h["to_act"] not in self.conns:
            return
        key = (h["number"], len(h["events"]))
        if key == self.acted:
            return
        choice = policy(h)
        if choice is not None:
            self.acted = key
            self.conns[h["to_act"]].act(hand=h["number"], seq=len(h["events"]), seat=h["to_act"], **choice)

    def run(self, policy: Policy, stop: Callable[[Message], bool], *, limit: float = 15.0) -> Message:
        """Play until ``stop(state)``; fails when the table is silent for 5 s or ``limit`` seconds pass."""
        if self.last is not None:
            self._act(self.last, policy)
        deadline = time.monotonic() + limit
        while time.monotonic() < deadline:
            try:
                m = self.watcher.recv(5.0)
            except TimeoutError:
                raise AssertionError(f"the table stalled; last state {self.last}") from None
            if m["type"] != "state":
                continue
            self.last = m
            if stop(m):
                return m
            self._act(m, policy)
        raise AssertionError(f"no stop in {limit:g} s; last state {self.last}")


def facing(h: Message) -> int:
    """Chips the player to act must add to call."""
    bets = [p["bet"] for p in h["players"]]
    me = next(p for p in h["players"] if p["seat"] == h["to_act"])
    return max(bets) - int(me["bet"])


def check_or_call(h: Message) -> dict[str, Any]:
    return {"action": "call"} if facing(h) else {"action": "check"}


def fold_all(h: Message) -> dict[str, Any]:
    return {"action": "fold"}


def small_blind(h: Message) -> int | None:
    return next((e["seat"] for e in h["events"] if e["type"] == "post_blind" and e.get("text") == "small blind"), None)


def result(s: Message, number: int) -> Message | None:
    return next((r for r in s["results"] if r["number"] == number), None)


def conserved(client: TestClient, players: list[Player], table_id: int = 1, *, start: int = PLAY) -> None:
    """The ledger balances and each player's play chips plus their stack make ``start`` plus what the settled
    hands gave them (a seat's stack changes only when a hand is settled, so this holds during a hand too).  Read
    on the event loop, between two turns of the table's actor."""
    store = store_of(client)
    actor = actor_of(client, table_id)

    def look() -> list[tuple[str, int, int]]:
        store.check_balanced()
        stacks = {st.player: st.stack for st in actor.table.seats if st is not None}
        nets: dict[str, int] = {}
        for r in actor.results:
            for (_seat, name), net in zip(r["players"], r["net"], strict=True):
                nets[name] = nets.get(name, 0) + net
        held = [store.balance(store.account_id(f"play:{p.name}")) + stacks.get(p.name, 0) for p in players]
        return [(p.name, chips, start + nets.get(p.name, 0)) for p, chips in zip(players, held, strict=True)]

    for name, chips, due in client.portal.call(look):  # type: ignore[union-attr]
        assert chips == due, f"{name} holds {chips} chips, not {due}"


@contextmanager
def three_seated(client: TestClient, buy_in: int) -> Iterator[tuple[Driver, list[Player]]]:
    """alice, bob and carol in seats 0, 1 and 2 with ``buy_in`` chips each, and a watcher's connection driving
    them (:class:`Driver`; ``driver.conns`` are the three players' connections by seat); yields the driver and
    the four players (the watcher last)."""
    players = [sign_up(client, n) for n in ("alice", "bob", "carol", "watcher")]
    with (
        table(client, players[3]) as w,
        table(client, players[0]) as c0,
        table(client, players[1]) as c1,
        table(client, players[2]) as c2,
    ):
        conns = {0: c0, 1: c1, 2: c2}
        for k, c in conns.items():
            c.send("sit", seat=k, buy_in=buy_in)
        yield Driver(w, conns), players


@contextmanager
def heads_up(client: TestClient) -> Iterator[tuple[Player, Player, Conn, Conn, Message]]:
    """alice in seat 0 and bob in seat 1 with 100 chips each, connected; yields both players, their connections
    and the state in which alice is to act in hand 1."""
    alice, bob = sign_up(client, "alice"), sign_up(client, "bob")
    with table(client, alice) as a, table(client, bob) as b:
        a.send("sit", seat=0, buy_in=100)
        a.state(lambda s: s["you"] == 0)
        b.send("sit", seat=1, buy_in=100)
        yield alice, bob, a, b, a.state(lambda s: my_turn(s, 1))

