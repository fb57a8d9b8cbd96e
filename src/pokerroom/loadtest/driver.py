"""The load test from set-up to figures: players and tables over HTTP (:mod:`pokerroom.loadtest.setup`), then
six clients a table (:mod:`pokerroom.loadtest.client`) in one asyncio loop, or the tables split over
``processes`` worker processes; once every client sits, the measured window of ``seconds``; then every client
stands up and closes.

Progress (Rich, on standard error, only on a terminal) counts the players signed up, the tables created, the
clients connected and seated, and the run's seconds.  Any :class:`~pokerroom.loadtest.setup.LoadtestError`
(in any process) stops the whole test: the others are stopped and the error is raised to the command.
"""

from __future__ import annotations

import asyncio
import multiprocessing as mp
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from urllib.parse import urlsplit, urlunsplit

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TaskID, TextColumn, TimeElapsedColumn

from pokerroom.loadtest.client import Client, Params, Tally, Window
from pokerroom.loadtest.figures import Summary
from pokerroom.loadtest.setup import SEATS, LoadtestError, TablePlan, groups_for, set_up
from pokerroom.words import plural

__all__ = ["CONNECT_CONCURRENCY", "DRAIN_SECONDS", "Options", "run", "ws_base"]

CONNECT_CONCURRENCY = 50
"""WebSocket handshakes in flight at once per process."""

SEAT_SECONDS = 60.0
"""Longest wait, after the last connection, for every client to sit (then the test stops, naming a refusal)."""

DRAIN_SECONDS = 5.0
"""After the window, the longest wait for the actions sent in it to show applied; those that do not count as
``lost`` errors."""

Tick = Callable[[str], None]


@dataclass(frozen=True)
class Options:
    """The command's options: the room's ``url``, ``tables``, the window's ``seconds``, the mean ``think`` time
    (s), worker ``processes``, ``forwarded`` (each group of players speaks for its own address), ``seed``."""

    url: str
    tables: int
    seconds: float
    think: float
    processes: int = 1
    forwarded: bool = True
    seed: int = 1


def ws_base(url: str) -> str:
    """The WebSocket base of the room at ``url``: ``http://h:p/poker/`` -> ``ws://h:p/poker``.

    >>> ws_base("https://example.org/poker/"), ws_base("http://127.0.0.1:8000")
    ('wss://example.org/poker', 'ws://127.0.0.1:8000')
    """
    parts = urlsplit(url)
    scheme = {"http": "ws", "https": "wss"}.get(parts.scheme)
    if scheme is None or not parts.netloc:
        raise LoadtestError(f"{url!r} is not the room's address: give http://HOST:PORT (or https://...)")
    return urlunsplit((scheme, parts.netloc, parts.path.rstrip("/"), "", ""))


def _raise_failed(tasks: Sequence[asyncio.Task[None]]) -> None:
    for task in tasks:
        if task.done() and not task.cancelled() and task.exception() is not None:
            raise task.exception()  # type: ignore[misc]  # checked just above: not None


async def run_clients(
    plans: Sequence[TablePlan], params: Params, tick: Tick, go: Callable[[], Awaitable[tuple[float, float]]]
) -> Tally:
    """Connect and seat six clients per table of ``plans``, wait for ``go()`` to name the window (monotonic
    start, end), play through it and drain, then stand every client up.  ``tick(stage)``: ``"connected"``,
    ``"seated"`` per client, ``"second"`` per second of the window.  Raises :class:`LoadtestError`."""
    window, tally = Window(), Tally()
    clients = [Client(plan, seat, params, window, tally) for plan in plans for seat in range(SEATS)]
    gate = asyncio.Semaphore(CONNECT_CONCURRENCY)
    tasks: list[asyncio.Task[None]] = []

    async def start(client: Client) -> None:
        async with gate:
            await client.open()
        tasks.append(asyncio.create_task(client.play()))
        tick("connected")

    try:
        await asyncio.gather(*(start(c) for c in clients))
        seated, deadline = 0, time.monotonic() + SEAT_SECONDS
        while seated < len(clients):
            _raise_failed(tasks)
            now_seated = sum(c.seated.is_set() for c in clients)
            for _ in range(now_seated - seated):
                tick("seated")
            seated = now_seated
            if time.monotonic() > deadline:
                standing = next(c for c in clients if not c.seated.is_set())
                raise LoadtestError(
                    f"{len(clients) - seated} of {plural(len(clients), 'client')} not seated after {SEAT_SECONDS:g} s; "
                    f"{standing.url} seat {standing.seat}: {standing.last_error or 'no answer to sit'}"
                )
            await asyncio.sleep(0.05)
        window.start, window.end = await go()
        tally.end = window.end
        await asyncio.sleep(max(0.0, window.start - time.monotonic()))
        cpu = time.process_time()
        while (now := time.monotonic()) < window.end:
            _raise_failed(tasks)
            await asyncio.sleep(min(1.0, max(0.0, window.end - now)))
            tick("second")
        tally.cpu = time.process_time() - cpu
        drained = time.monotonic() + DRAIN_SECONDS
        while time.monotonic() < drained and any(window.holds(c.overdue() or -1.0) for c in clients):
            await asyncio.sleep(0.05)
        for client in clients:
            if window.holds(client.overdue() or -1.0):
                tally.error("lost")
        _raise_failed(tasks)
    finally:
        await asyncio.gather(*(c.close() for c in clients), return_exceptions=True)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    return tally


def _worker(conn: Connection, plans: list[TablePlan], params: Params) -> None:
    """One worker process: its tables' clients; ticks, ``ready`` and the tally (or ``failed``) over ``conn``."""

    async def go() -> tuple[float, float]:
        conn.send(("ready",))
        answer: tuple[float, float] = await asyncio.get_running_loop().run_in_executor(None, conn.recv)
        return answer

    try:
        tally = asyncio.run(run_clients(plans, params, lambda stage: conn.send(("tick", stage)), go))
        conn.send(("done", tally))
    except LoadtestError as exc:
        conn.send(("failed", str(exc)))
    except Exception as exc:  # a worker's bug must still end the test with a message, not hang the parent
        conn.send(("failed", f"worker process failed: {exc!r}"))


def _in_processes(plans: list[TablePlan], params: Params, options: Options, tick: Tick) -> list[Tally]:
    """Run the clients in ``options.processes`` spawned processes (tables dealt round); their tallies."""
    context = mp.get_context("spawn")  # no fork of a process that holds threads (Rich's, the HTTP pool's)
    shares = [plans[i :: options.processes] for i in range(options.processes)]
    links: list[Connection] = []
    workers = []
    for share in shares:
        ours, theirs = context.Pipe()
        worker = context.Process(target=_worker, args=(theirs, share, params), daemon=True)
        worker.start()
        links.append(ours)
        workers.append(worker)
    tallies: list[Tally] = []
    ready = 0
    open_links = list(links)  # a worker's link once its figures came is at its end (EOF): no longer waited on
    try:
        while open_links:
            for link in wait(open_links, timeout=1.0):
                assert isinstance(link, Connection)
                try:
                    message = link.recv()
                except EOFError:
                    raise LoadtestError("a worker process ended without its figures") from None
                if message[0] == "tick":
                    if message[1] != "second" or link is links[0]:  # every worker counts the same seconds
                        tick(message[1])
                elif message[0] == "ready":
                    ready += 1
                    if ready == len(workers):
                        start = time.monotonic() + 0.2
                        for each in links:
                            each.send((start, start + options.seconds))
                elif message[0] == "done":
                    tallies.append(message[1])
                    open_links.remove(link)
                else:
                    raise LoadtestError(message[1])
            dead = [w for w in workers if not w.is_alive() and w.exitcode]
            if dead:
                raise LoadtestError(f"a worker process ended with exit status {dead[0].exitcode}")
    except BaseException:
        for worker in workers:  # our own workers: the test is over, their clients' seats time out in the room
            worker.terminate()
        raise
    finally:
        for worker in workers:
            worker.join(timeout=10)
    return tallies


def run(
    options: Options, cookie_name: str, console: Console, watch: Tick | None = None
) -> tuple[Summary, str]:
    """The whole test; its figures and a line on what was set up.  ``watch(stage)`` is told each step the
    progress shows (``"second"``: each second of the measured window, so a caller can sample the room meanwhile).
    Raises :class:`LoadtestError`."""
    params = Params(ws_base(options.url), cookie_name, options.think, options.seed)
    players, sockets = groups_for(options.tables) * SEATS, options.tables * SEATS
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=console, transient=True, disable=not console.is_terminal) as progress:
        stages: dict[str, TaskID] = {
            "players": progress.add_task("signing up players", total=players),
            "tables": progress.add_task("creating tables", total=options.tables),
            "connected": progress.add_task("connecting clients", total=sockets),
            "seated": progress.add_task("seating clients", total=sockets),
            "second": progress.add_task("running (s)", total=options.seconds),
        }

        marks: dict[str, float] = {}

        def tick(stage: str) -> None:
            marks[stage] = time.monotonic()
            progress.advance(stages[stage])
            if watch is not None:
                watch(stage)

        began = time.monotonic()
        plan = asyncio.run(set_up(options.url, options.tables, cookie_name, options.forwarded, tick))
        set_up_in = time.monotonic() - began
        plans = list(plan.tables)
        if options.processes <= 1:

            async def go() -> tuple[float, float]:
                start = time.monotonic()
                return start, start + options.seconds

            tallies = [asyncio.run(run_clients(plans, params, tick, go))]
        else:
            tallies = _in_processes(plans, params, options, tick)
    summary = Summary.of(tallies, [p.id for p in plans], options.seconds, options.think, plan.game)
    said = (
        f"{plural(plan.players, 'player')} signed up and {plural(len(plan.tables), 'table')} of {plan.game} "
        f"{plan.stakes} {plan.limit}-limit created in {set_up_in:.1f} s; {plural(sockets, 'client')} connected and "
        f"seated in {marks.get('seated', began) - began - set_up_in:.1f} s"
    )
    return summary, said
