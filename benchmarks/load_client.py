"""The load generator of ``bench_server.py``: bot clients of the table protocol (docs/protocol.md), many WebSocket
connections in one asyncio process.

:func:`worker` is one generator process. It is given its tables (a table id and the six players' session cookies
each), connects one client per seat, sits each client down, then plays: each client keeps its table's state as the
page does (a ``state`` replaces it, a ``delta`` is merged into it, a gap in ``seq`` asks for a ``resync``), and
whenever the state shows it to act (``hand.legal`` set) it checks or calls (now and then bets or raises the minimum,
shows at a showdown), paced so that its table is offered ``rate`` actions a second: the acting client waits until
``1 / rate`` seconds after the previous action sent at its table (each table's first action at a random phase within
the first ``1 / rate`` seconds, so the tables do not all act in the same instant). Latency runs from the moment an
``act`` is sent to the moment the client receives the first message (``state`` or ``delta``) after which its state
shows it applied (the hand's events grew or another hand is dealt). Between ``ready`` and ``go`` (a
:mod:`multiprocessing` pipe to the parent) the worker only plays; it measures over the window ``go`` names and sends
back its figures (:class:`Figures`). Once its clients sit it freezes what it holds out of the garbage collector and
collects nothing until the window ends, so that its own collections do not show up as the server's latency.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import math
import random
import resource
import signal
import time
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from pokerroom.loadtest.client import Window
from pokerroom.loadtest.figures import percentile
from pokerroom.loadtest.view import Applied, View, apply
from pokerroom.server.protocol import VERSION

COOKIE = "pokerroom_session"
ACTION_ERRORS = {"not_your_turn", "illegal_action", "illegal_amount", "stale_hand", "wrong_seat", "not_seated"}


@dataclass
class Params:
    """What every client of a worker does: ``rate`` actions a second offered per table, ``raise_share`` of the
    turns a minimum bet or raise, ``deflate``: offer permessage-deflate as browsers do."""

    host: str
    port: int
    rate: float = 1.0
    raise_share: float = 0.1
    deflate: bool = True
    connect_concurrency: int = 50
    seed: int = 1


@dataclass
class Lag:
    """How late an event loop's 10 ms sleeps woke over the window: p99 and max (ms), and of the stalls over
    50 ms the share of their wall time the loop's thread was on a CPU (near 100%: the process's own work; low:
    waiting for a CPU or blocked in a system call)."""

    p99: float = math.nan
    max: float = math.nan
    stalls: int = 0
    stall_cpu: float = math.nan
    gc_max: float = math.nan
    gc_total: float = math.nan
    gc_full: int | None = None
    rss: tuple[float, float] | None = None
    census: str = ""

    @classmethod
    def of(cls, samples: list[tuple[float, float, float]], start: float, end: float) -> Lag:
        inside = [(lag, cpu) for t, lag, cpu in samples if start <= t and t + 0.01 + lag < end]  # woke in it
        if not inside:
            return cls()
        lags = [lag * 1000 for lag, _ in inside]
        stalls = [(lag, cpu) for lag, cpu in inside if lag > 0.05]
        wall = sum(lag + 0.01 for lag, _ in stalls)
        return cls(
            p99=percentile(lags, 0.99),
            max=max(lags),
            stalls=len(stalls),
            stall_cpu=100 * sum(cpu for _, cpu in stalls) / wall if stalls else math.nan,
        )

    def describe(self) -> str:
        text = f"p99 {self.p99:.1f} ms, max {self.max:.1f} ms, {self.stalls} stalls > 50 ms"
        if self.stalls:
            text += f" (on CPU {self.stall_cpu:.0f}% of their time)"
        if not math.isnan(self.gc_max):
            text += f"; GC pauses max {self.gc_max:.1f} ms, {self.gc_total:.0f} ms in all"
        if self.gc_full is not None:
            text += f", {self.gc_full} full collections"
        if self.rss is not None:
            text += f"; RSS {self.rss[0]:.0f} -> {self.rss[1]:.0f} MB"
        return text


@dataclass
class Figures:
    """One worker's figures over the window: latencies (ms) of the actions sent in it, actions applied in it,
    actions sent in it never seen applied (``lost``), error messages, dropped connections, CPU seconds."""

    latencies: list[float] = field(default_factory=list)
    applied: int = 0
    lost: int = 0
    errors: dict[str, int] = field(default_factory=dict)
    dropped: int = 0
    cpu: float = 0.0
    messages: int = 0
    loop: Lag = field(default_factory=lambda: Lag())


@dataclass
class TablePace:
    """When the next action of a table may be sent (``None``: none sent yet)."""

    next_at: float | None = None


class Client:
    """One player at one seat of one table."""

    def __init__(
        self, table: int, seat: int, cookie: str, pace: TablePace, params: Params, window: Window, figures: Figures
    ) -> None:
        self.table = table
        self.seat = seat
        self.cookie = cookie
        self.pace = pace
        self.params = params
        self.window = window
        self.figures = figures
        self.rng = random.Random(hash((params.seed, table, seat)))
        self.ws: ClientConnection | None = None
        self.seated = False
        self.sit_sent = False
        self.pending: tuple[int, int, float] | None = None  # (hand number, events seen, sent at)
        self.acted: tuple[int, int] | None = None  # the turn last acted on (hand number, events seen)
        self.acting: asyncio.Task[None] | None = None
        self.view = View()
        """The table as the messages read make it (pokerroom.loadtest.view: a ``delta`` merged into the last
        ``state``)."""

    async def open(self) -> None:
        url = f"ws://{self.params.host}:{self.params.port}/ws/tables/{self.table}"
        for attempt in range(4):
            try:
                self.ws = await connect(
                    url,
                    additional_headers={"Cookie": f"{COOKIE}={self.cookie}"},
                    compression="deflate" if self.params.deflate else None,
                    proxy=None,
                    open_timeout=60,
                    ping_interval=None,
                    max_queue=None,
                )
                return
            except (OSError, TimeoutError, ConnectionClosed):
                if attempt == 3:
                    raise
                await asyncio.sleep(0.5 * (attempt + 1))

    async def _send(self, message: dict[str, Any]) -> None:
        assert self.ws is not None
        await self.ws.send(json.dumps(message, separators=(",", ":")))

    def _choose(self, legal: dict[str, Any]) -> dict[str, Any]:
        actions: list[str] = legal["actions"]
        if self.rng.random() < self.params.raise_share:
            for kind in ("raise", "bet"):
                if kind in actions and kind in legal:
                    return {"action": kind, "amount": legal[kind][0]}
        for kind in ("check", "call", "show", "muck"):
            if kind in actions:
                return {"action": kind}
        return {"action": actions[0]}

    async def _act_later(self, number: int, events: int, legal: dict[str, Any]) -> None:
        now = time.monotonic()
        if self.pace.next_at is None:
            # The first action: a random phase, so that the tables' actions spread over the second instead of
            # coming in one burst (the clients all sat down together).
            self.pace.next_at = now + self.rng.random() / self.params.rate
        at = max(now, self.pace.next_at)
        self.pace.next_at = at + 1.0 / self.params.rate
        if at > now:
            await asyncio.sleep(at - now)
        message = {"v": VERSION, "type": "act", "hand": number, "seq": events, **self._choose(legal)}
        sent = time.monotonic()
        self.pending = (number, events, sent)
        with contextlib.suppress(ConnectionClosed):
            await self._send(message)

    def _resolve(self, received: float) -> None:
        assert self.pending is not None
        sent = self.pending[2]
        self.pending = None
        if self.window.holds(sent):
            self.figures.latencies.append((received - sent) * 1000.0)
        if self.window.holds(received):
            self.figures.applied += 1

    async def play(self) -> None:
        """Read this client's messages until the connection ends; act at its turns."""
        assert self.ws is not None
        figures = self.figures
        try:
            async for raw in self.ws:
                received = time.monotonic()
                if self.window.holds(received):
                    figures.messages += 1
                msg = json.loads(raw)
                kind = msg.get("type")
                if kind == "error":
                    code = str(msg.get("code"))
                    if self.window.holds(received):
                        figures.errors[code] = figures.errors.get(code, 0) + 1
                    if code in ACTION_ERRORS and self.pending is not None:
                        self.pending = None
                    continue
                applied = apply(self.view, msg)
                if applied is Applied.RESYNC:  # a gap: one resync, then a full state
                    await self._send({"v": VERSION, "type": "resync"})
                if applied is not Applied.STATE and applied is not Applied.DELTA:
                    continue
                msg = self.view.state
                assert msg is not None
                hand = msg.get("hand")
                if self.pending is not None:
                    number, events, _ = self.pending
                    if hand is None or hand["number"] != number or len(hand["events"]) > events:
                        self._resolve(received)
                if msg.get("you") is None:
                    if not self.sit_sent:
                        self.sit_sent = True
                        buy_in = msg["buy_in"]["default"]
                        await self._send({"v": VERSION, "type": "sit", "seat": self.seat, "buy_in": buy_in})
                    continue
                self.seated = True
                if hand is None or not hand.get("legal") or hand.get("to_act") != self.seat or self.pending:
                    continue
                turn = (hand["number"], len(hand["events"]))
                if turn == self.acted:
                    continue
                self.acted = turn
                self.acting = asyncio.create_task(self._act_later(turn[0], turn[1], hand["legal"]))
        except ConnectionClosed:
            pass
        if not stopping:
            figures.dropped += 1

    async def close(self) -> None:
        if self.acting is not None:
            self.acting.cancel()
        if self.ws is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.ws.close(), 5)


stopping = False


def _rss() -> float:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * resource.getpagesize() / 2**20


def _cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


async def _run(pipe: Connection, tables: list[tuple[int, list[str]]], params: Params) -> None:
    global stopping
    loop = asyncio.get_running_loop()
    window = Window()
    figures = Figures()
    clients: list[Client] = []
    for table, cookies in tables:
        pace = TablePace()
        clients.extend(Client(table, seat, c, pace, params, window, figures) for seat, c in enumerate(cookies))
    gate = asyncio.Semaphore(params.connect_concurrency)
    players: list[asyncio.Task[None]] = []
    lags: list[tuple[float, float, float]] = []
    pauses: list[tuple[float, int, float]] = []
    gc_started = [0.0]

    def on_gc(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            gc_started[0] = time.monotonic()
        else:
            pauses.append((gc_started[0], info["generation"], time.monotonic() - gc_started[0]))

    gc.callbacks.append(on_gc)

    async def watch() -> None:
        while True:
            t, cpu = time.monotonic(), time.thread_time()
            await asyncio.sleep(0.01)
            lags.append((t, time.monotonic() - t - 0.01, time.thread_time() - cpu))

    async def start(client: Client) -> None:
        async with gate:
            await client.open()
        players.append(asyncio.create_task(client.play()))

    failures = [r for r in await asyncio.gather(*(start(c) for c in clients), return_exceptions=True) if r]
    seated_by = time.monotonic() + 60
    while time.monotonic() < seated_by and not all(c.seated for c in clients):
        await asyncio.sleep(0.1)
    # Our own collections would stall every client at once (and count as the server's latency): the connections
    # are made, keep them out of the collector, and collect nothing from the warm-up to the window's end.
    gc.collect()
    gc.freeze()
    gc.disable()
    pipe.send(("ready", len(failures), sum(not c.seated for c in clients), repr(failures[:3])))
    _, start_at, end_at = await loop.run_in_executor(None, pipe.recv)
    window.start, window.end = start_at, end_at
    watcher = asyncio.create_task(watch())
    await asyncio.sleep(max(0.0, start_at - time.monotonic()))
    cpu0, rss0 = _cpu(), _rss()
    await asyncio.sleep(max(0.0, end_at - time.monotonic()))
    cpu1, rss1 = _cpu(), _rss()
    # Actions sent in the window but not yet seen applied: wait a little, then count them as lost.
    cutoff = time.monotonic() + 5.0
    while time.monotonic() < cutoff and any(c.pending and window.holds(c.pending[2]) for c in clients):
        await asyncio.sleep(0.05)
    for c in clients:
        if c.pending and window.holds(c.pending[2]):
            figures.lost += 1
            figures.latencies.append((time.monotonic() - c.pending[2]) * 1000.0)
    figures.cpu = cpu1 - cpu0
    gc.enable()
    watcher.cancel()
    figures.loop = Lag.of(lags, start_at, end_at)
    inside = [pause * 1000 for t, _, pause in pauses if start_at <= t < end_at]
    figures.loop.gc_max, figures.loop.gc_total = max(inside, default=0.0), sum(inside)
    figures.loop.rss = (rss0, rss1)
    figures.loop.gc_full = sum(1 for t, generation, _ in pauses if start_at <= t < end_at and generation == 2)
    stopping = True
    pipe.send(("figures", figures))
    await asyncio.gather(*(c.close() for c in clients))
    for task in players:
        task.cancel()


def worker(pipe: Connection, tables: list[tuple[int, list[str]]], params: Params) -> None:
    """One generator process (the target of a ``multiprocessing`` process): see the module docstring."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent stops us
    asyncio.run(_run(pipe, tables, params))
