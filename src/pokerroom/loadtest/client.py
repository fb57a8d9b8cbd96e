"""One bot client of the load test: a player at one seat of one table over the WebSocket table protocol
(docs/protocol.md, "WebSocket"), many of them in one asyncio event loop (as ``benchmarks/load_client.py``).

A client connects with its player's session cookie, sits down (``sit`` at its seat with its buy-in) on the
first state that shows it standing, and at each of its turns (``hand.to_act`` is its seat and ``hand.legal``
set) waits a random think time, exponential with mean ``think`` seconds, then sends one ``act`` naming the turn
(``hand``, ``seq``): a check or a call, a minimum bet or raise on :data:`RAISE_SHARE` of its turns.  Its latency
runs from the ``act`` sent to the first message that shows it applied (the hand's events grew past ``seq``, or
another hand).  Every message goes through :func:`pokerroom.loadtest.view.apply` (full states and deltas).

A connection that drops is opened again (:data:`RECONNECTS` times, the seat is kept for 30 s by the room); one
the room closes for a reason no retry mends (not logged in, too many sockets, unknown table ...) ends the test.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import time
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus

from pokerroom.loadtest.setup import LoadtestError, TablePlan
from pokerroom.loadtest.view import Applied, View, apply
from pokerroom.words import plural

__all__ = ["ACTION_ERRORS", "FATAL_CLOSES", "Client", "Params", "Tally", "Window"]

RAISE_SHARE = 0.1
"""Share of a client's turns it bets or raises the minimum (else it checks or calls): hands reach showdowns
and side pots now and then, as at a real table."""

RECONNECTS = 3
"""Times a dropped connection is opened again before the test gives up."""

FATAL_CLOSES = {
    4401: "not logged in",
    4403: "an origin the room does not serve",
    4404: "no such table (or it was closed)",
    4410: "the session was ended",
    4423: "the player is suspended or banned",
    4429: "too many sockets for one player or one address: the room's SOCKETS_PER_PLAYER, SOCKETS_PER_ADDRESS; "
    "--forwarded-for spreads the players over addresses where the room trusts this machine as its proxy",
}
"""Close codes of the room (docs/protocol.md) no reconnect mends, with what they mean."""

ACTION_ERRORS = {"not_your_turn", "illegal_action", "illegal_amount", "stale_hand", "wrong_seat", "not_seated"}
"""Error codes that answer an ``act``: the action was not applied and will not be."""


@dataclass(frozen=True)
class Params:
    """What every client of a process shares: the room's WebSocket base (``ws://host:port/base``), the session
    cookie's name (the server's own, given by the parent process), the mean think time (s), the seed of the
    clients' random choices."""

    ws_base: str
    cookie_name: str
    think: float
    seed: int


class Window:
    """The measured run, in ``time.monotonic`` seconds (one clock for every process of the machine)."""

    def __init__(self) -> None:
        self.start = float("inf")
        self.end = float("inf")

    def holds(self, t: float) -> bool:
        return self.start <= t < self.end


@dataclass
class Tally:
    """One process's raw figures: latencies (ms) of the actions sent in the window, actions applied in it, the
    newest time (monotonic s) an action was seen applied at each table, error messages by code (``dropped``: a
    connection lost; ``lost``: an action sent in the window never seen applied), delta gaps resynced, messages
    received (full states and deltas among them), the window's ``end`` (monotonic s) and the CPU seconds the
    process used in it (``cpu``: a load tool short of CPU measures itself, not the room)."""

    latencies: list[float] = field(default_factory=list)
    applied: int = 0
    last_applied: dict[int, float] = field(default_factory=dict)
    errors: dict[str, int] = field(default_factory=dict)
    resyncs: int = 0
    messages: int = 0
    states: int = 0
    deltas: int = 0
    end: float = 0.0
    cpu: float = 0.0

    def error(self, code: str) -> None:
        self.errors[code] = self.errors.get(code, 0) + 1


class Client:
    """The player at seat ``seat`` of ``table``."""

    def __init__(self, table: TablePlan, seat: int, params: Params, window: Window, tally: Tally) -> None:
        self.table = table
        self.seat = seat
        self.params = params
        self.window = window
        self.tally = tally
        self.url = f"{params.ws_base}/ws/tables/{table.id}"
        self.rng = random.Random(f"{params.seed}:{table.id}:{seat}")
        self.ws: ClientConnection | None = None
        self.view = View()
        self.seated = asyncio.Event()
        self.sit_sent = False
        self.rebuy_hand: int | None = None  # the hand number a rebuy was asked at (one a hand)
        self.pending: tuple[int, int, float] | None = None  # the action awaited: hand number, events seen, sent at
        self.acted: tuple[int, int] | None = None  # the turn last acted on: hand number, events seen
        self.acting: asyncio.Task[None] | None = None
        self.stopping = False
        self.version = 0  # the protocol version the room speaks: every message it sends carries it as "v"
        self.last_error: str | None = None  # the room's newest error message to this client (said if it never sits)

    async def open(self) -> None:
        """Connect (three tries); raises :class:`LoadtestError` naming the URL."""
        headers = {"Cookie": f"{self.params.cookie_name}={self.table.cookies[self.seat]}"}
        if self.table.address is not None:
            headers["X-Forwarded-For"] = self.table.address
        for attempt in range(3):
            try:
                self.ws = await connect(
                    self.url, additional_headers=headers, compression=None, proxy=None, open_timeout=60,
                    ping_interval=None, max_queue=None,
                )  # fmt: skip
                self.view = View()
                return
            except (OSError, TimeoutError, InvalidHandshake, ConnectionClosed) as exc:
                if isinstance(exc, InvalidStatus) or attempt == 2:
                    raise LoadtestError(f"cannot connect to {self.url}: {exc}") from None
                await asyncio.sleep(0.5 * (attempt + 1))

    async def _send(self, message: dict[str, Any]) -> None:
        assert self.ws is not None
        with contextlib.suppress(ConnectionClosed):  # the reader sees the close and reconnects
            await self.ws.send(json.dumps({"v": self.version, **message}, separators=(",", ":")))

    async def play(self) -> None:
        """Read and answer messages until :meth:`close`; reconnect a dropped connection.  Raises
        :class:`LoadtestError` when the room closed it for good or it cannot be opened again."""
        reconnects = 0
        while True:
            assert self.ws is not None
            try:
                async for raw in self.ws:
                    await self._receive(raw if isinstance(raw, str) else raw.decode())
            except ConnectionClosed:
                pass
            if self.stopping:
                return
            close = self.ws.close_code, self.ws.close_reason
            if close[0] in FATAL_CLOSES:
                raise LoadtestError(
                    f"the room closed {self.url} with {close[0]} ({FATAL_CLOSES[close[0]]}): {close[1]}"
                )
            self.tally.error("dropped")
            reconnects += 1
            if reconnects > RECONNECTS:
                raise LoadtestError(
                    f"{self.url} dropped {plural(reconnects, 'time')} (last close: {close[0]} {close[1]})"
                )
            self._cancel_act()
            await asyncio.sleep(0.5 * reconnects)
            await self.open()

    async def _receive(self, text: str) -> None:
        received = time.monotonic()
        self.tally.messages += 1
        message = json.loads(text)
        self.version = message.get("v", self.version)  # the welcome's, before anything is sent: answer in kind
        kind = message.get("type")
        if kind == "error":
            code = str(message.get("code"))
            self.tally.error(code)
            self.last_error = f"{code}: {message.get('message')}"
            if self.sit_sent and not self.seated.is_set():
                raise LoadtestError(f"{self.url}: seat {self.seat} refused: {self.last_error}")
            self.sit_sent = False  # a sit again refused: asked again at the next state
            if code in ACTION_ERRORS:
                self.pending = None
            return
        applied = apply(self.view, message)
        if applied is Applied.RESYNC:
            self.tally.resyncs += 1
            await self._send({"type": "resync"})
            return
        if applied is Applied.IGNORED:
            return
        if applied is Applied.STATE:
            self.tally.states += 1
        else:
            self.tally.deltas += 1
        state = self.view.state
        assert state is not None
        hand = state.get("hand")
        if self.pending is not None:
            number, events, _ = self.pending
            if hand is None or hand["number"] != number or len(hand["events"]) > events:
                self._resolve(received)
        await self._respond(state, hand)

    def _resolve(self, received: float) -> None:
        assert self.pending is not None
        sent = self.pending[2]
        self.pending = None
        if self.window.holds(sent):
            self.tally.latencies.append((received - sent) * 1000.0)
        if self.window.holds(received):
            self.tally.applied += 1
        if received < self.window.end:
            self.tally.last_applied[self.table.id] = received

    async def _respond(self, state: dict[str, Any], hand: dict[str, Any] | None) -> None:
        """Sit down, rebuy when broke, or take a turn: what this state asks of the client."""
        if state.get("you") is None:
            if not self.sit_sent:
                self.sit_sent = True
                await self._send({"type": "sit", "seat": self.seat, "buy_in": self.table.buy_in})
            return
        # Seated: stood up later (the table's worker died and the one taking it over stood everyone up, RULES
        # §3.8), the client sits down again, as a player at the page does.
        self.sit_sent = False
        self.seated.set()
        mine = state["seats"][self.seat]
        rebuy = state.get("rebuy") or {}
        if mine is not None and mine["stack"] == 0 and rebuy.get("allowed") and rebuy.get("queued") is None:
            number = state.get("hand_number")
            if self.rebuy_hand != number:  # once a hand: a busted player keeps playing (RULES §3.3)
                self.rebuy_hand = number
                most = rebuy.get("max")
                await self._send({"type": "rebuy", "amount": self.table.buy_in if most is None else
                                  min(most, self.table.buy_in)})  # fmt: skip
        if hand is None or hand.get("to_act") != self.seat or not hand.get("legal") or self.pending:
            return
        turn = (int(hand["number"]), len(hand["events"]))
        if turn == self.acted:
            return
        self.acted = turn
        self.acting = asyncio.create_task(self._act_later(turn, hand["legal"]))

    def _choose(self, legal: dict[str, Any]) -> dict[str, Any]:
        actions: list[str] = legal["actions"]
        if self.rng.random() < RAISE_SHARE:
            for kind in ("raise", "bet"):
                if kind in actions and kind in legal:
                    return {"action": kind, "amount": legal[kind][0]}
        for kind in ("check", "call", "show", "muck"):
            if kind in actions:
                return {"action": kind}
        return {"action": actions[0]}

    async def _act_later(self, turn: tuple[int, int], legal: dict[str, Any]) -> None:
        think = self.params.think
        if think > 0:
            await asyncio.sleep(self.rng.expovariate(1.0 / think))
        message = {"type": "act", "hand": turn[0], "seq": turn[1], **self._choose(legal)}
        self.pending = (turn[0], turn[1], time.monotonic())
        await self._send(message)

    def _cancel_act(self) -> None:
        if self.acting is not None:
            self.acting.cancel()
        self.pending = None
        self.acted = None

    def overdue(self) -> float | None:
        """When the action awaited was sent (monotonic s), ``None`` when none is."""
        return None if self.pending is None else self.pending[2]

    async def close(self) -> None:
        """Stand up (``leave``: the chips go back to the account) and close the connection."""
        self.stopping = True
        self._cancel_act()
        if self.ws is not None:
            await self._send({"type": "leave"})
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.ws.close(), 5)
