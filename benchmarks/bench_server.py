"""The table server under load (issue 6): bot clients over WebSocket on loopback, six seats a table, each table
offered one action a second; actions per second and the latency from an action sent to the message (``state`` or
``delta``) showing it applied, p50 and p99.

Each level (a number of tables) gets a fresh server process (uvicorn, the app of ``pokerroom serve`` with no
starter tables, no bot or next-hand delay) over a new SQLite file in a temporary folder.  The script signs up the
players (six per group of tables; each player sits at one seat of as many tables as its 10,000 play chips buy
into), creates the tables through the HTTP API, then starts the load generator in its own process(es)
(``load_client.py``: asyncio and ``websockets``, many connections a process).  Once every client sits, it plays
``--warmup`` seconds, then measures ``--duration`` seconds.  It prints per level: tables, clients, offered and
achieved actions a second, latency p50/p99/max (ms), actions lost (sent, never seen applied), errors, the
generator's and the server's CPU (user + system seconds over the window's wall time, 100% = one core), the CPU
other processes used meanwhile (the machine's busy time less ours), the server's CPU per action (ms), and the
``state`` and ``delta`` messages received a second.
Below each level: how late the server's and the generator's event loops woke from 10 ms sleeps (stalls, and
whether the thread was on a CPU during them or waiting for one), their garbage-collector pauses, the server's
memory, and a census of the objects its collector tracks (taken after the window).

    python benchmarks/bench_server.py                      # 10 and 100 tables
    python benchmarks/bench_server.py --tables 100,1000
    python benchmarks/bench_server.py --search             # the most tables with p99 < 100 ms: 100, 200, 400,
                                                           # 700, 1000 up to the first failure, then one between
    python benchmarks/bench_server.py --quick --tables 10  # a short run (5 s warm-up, 10 s window)
    python benchmarks/bench_server.py --tables 400 --profile prof/   # py-spy the server during the window
    python benchmarks/bench_server.py --tables 300 --cprofile prof/  # cProfile it: every call, counted per action

A level passes when p99 < ``--p99-target`` ms (100), nothing is lost, no connection dropped and at least 90% of
the offered actions are applied.  The server and the generators share the machine (and with whatever else runs
on it: see the others column): on a small one the generator's CPU is taken from the server's.  Ctrl-C stops
everything, the server process included.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import math
import multiprocessing as mp
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx2

sys.path.insert(0, str(Path(__file__).resolve().parent))

from load_client import COOKIE, Figures, Lag, Params, percentile, worker

PLAY_CHIPS = 10_000
SEATS = 6
PASSWORD = "bench-password"
SEARCH_LEVELS = (100, 200, 400, 700, 1000)

# The server process: the app of ``pokerroom serve``, but with no starter tables and no delays; beside it a
# watcher of its event loop (how late a 10 ms sleep wakes, and how much CPU the loop's thread used meanwhile)
# and of the garbage collector, written to a JSON file when the server stops.
SERVER = """
import asyncio, gc, json, signal, sys, time
import uvicorn
from pokerroom.server import create_app, lobby
from pokerroom.server.throttle import LoginLimits, Rate
from pokerroom.store import Store

url, host, port, stats = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
lags, collections, memory, gc_started = [], [], [], [0.0]

def on_gc(phase, info):
    if phase == "start":
        gc_started[0] = time.monotonic()
    else:
        collections.append((gc_started[0], info["generation"], time.monotonic() - gc_started[0]))

def rss():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * 4096 / 2**20

async def watch():
    while True:
        t, cpu = time.monotonic(), time.thread_time()
        await asyncio.sleep(0.01)
        lags.append((t, time.monotonic() - t - 0.01, time.thread_time() - cpu))
        if len(lags) % 100 == 0:
            memory.append((t, rss()))

def freeze():  # --server-gc-freeze, on SIGUSR1 once the tables are set up: an experiment, not what serve does
    gc.collect()
    gc.freeze()

census = {}

def count():  # on SIGUSR2, after the window: what the collector tracks, by type (garbage in cycles first freed)
    tracked = len(gc.get_objects())
    garbage = gc.collect()
    objects = gc.get_objects()
    kinds = {}
    for o in objects:
        kinds[type(o).__name__] = kinds.get(type(o).__name__, 0) + 1
    top = sorted(kinds.items(), key=lambda kv: -kv[1])[:12]
    coros = {}
    for o in objects:
        if type(o).__name__ == "coroutine":
            name = o.__qualname__ + (" (done)" if o.cr_frame is None else "")
            coros[name] = coros.get(name, 0) + 1
    census["coroutines"] = sorted(coros.items(), key=lambda kv: -kv[1])[:5]
    census.update(tracked=tracked, garbage=garbage, live=len(objects), frozen=gc.get_freeze_count(), kinds=top)

profiler = [None]

def profile_on():  # --cprofile, on SIGRTMIN at the window's start: every call of the event loop's thread counted
    import cProfile
    profiler[0] = cProfile.Profile()
    profiler[0].enable()

def profile_off():  # on SIGRTMIN+1 at its end: the calls written for the parent (BENCH_CPROFILE)
    import os
    if profiler[0] is not None:
        profiler[0].disable()
        profiler[0].dump_stats(os.environ["BENCH_CPROFILE"])
        profiler[0] = None

async def main():
    watcher = asyncio.create_task(watch())
    asyncio.get_running_loop().add_signal_handler(signal.SIGUSR1, freeze)
    asyncio.get_running_loop().add_signal_handler(signal.SIGUSR2, count)
    asyncio.get_running_loop().add_signal_handler(signal.SIGRTMIN, profile_on)
    asyncio.get_running_loop().add_signal_handler(signal.SIGRTMIN + 1, profile_off)
    config = uvicorn.Config(
        app, host=host, port=port, log_level="warning", ws_max_size=65536, backlog=8192, ws_per_message_deflate=False
    )
    await uvicorn.Server(config).serve()
    watcher.cancel()

store = Store(url)
# One owner creates every table of the run: the lobby's limits on a player's tables are not what is measured.
lobby.MAX_OPEN_TABLES = lobby.TABLE_CREATE_BURST = 10**6
# Nor its caps on a player's and an address's sockets (each bench player sits at up to 50 tables, all from here),
# nor the sign-ups one address may make (400 tables take more players than its burst).
app = create_app(
    store=store, starters=[], next_hand_delay=0.0, bot_delay=0.0, sockets_per_player=10**6,
    sockets_per_address=10**6, login_limits=LoginLimits(signup=Rate(burst=10**6, every=1.0)),
)
gc.callbacks.append(on_gc)
try:
    asyncio.run(main())
except KeyboardInterrupt:  # uvicorn raises the signal again once it has shut down
    pass
finally:
    store.close()
    with open(stats, "w") as f:
        json.dump({"lags": lags, "gc": collections, "memory": memory, "census": census}, f)
"""


@dataclass
class Result:
    tables: int
    clients: int
    offered: float
    achieved: float
    p50: float
    p99: float
    max: float
    lost: int
    errors: dict[str, int]
    dropped: int
    generator_cpu: float
    server_cpu: float
    server_sys: float
    machine_busy: float
    messages: float
    setup_s: float
    server_loop: Lag
    generator_loop: Lag

    @property
    def others(self) -> float:
        """CPU used by other work on the machine during the window, % of one core."""
        return max(0.0, self.machine_busy * (os.cpu_count() or 1) - self.server_cpu - self.generator_cpu)

    def passes(self, target: float) -> bool:
        return self.p99 < target and self.lost == 0 and self.dropped == 0 and self.achieved >= 0.9 * self.offered


# ---------------------------------------------------------------------------------------------- the machine


def free_port(host: str) -> int:
    with socket.socket() as s:
        s.bind((host, 0))
        return int(s.getsockname()[1])


def process_cpu(pid: int) -> tuple[float, float]:
    """User and system CPU seconds of process ``pid`` (all its threads), from /proc/PID/stat."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    tick = os.sysconf("SC_CLK_TCK")
    return int(fields[11]) / tick, int(fields[12]) / tick


def machine_times() -> tuple[float, float]:
    """(busy, total) CPU seconds of the whole machine, every core, from /proc/stat."""
    with open("/proc/stat") as f:
        values = [int(v) for v in f.readline().split()[1:]]
    idle = values[3] + values[4]
    total = sum(values[:8])
    tick = os.sysconf("SC_CLK_TCK")
    return (total - idle) / tick, total / tick


class Server:
    """The server process over a fresh SQLite file; :meth:`stop` ends it (SIGINT, then SIGKILL)."""

    def __init__(self, host: str, port: int) -> None:
        self.host = host
        self.port = port or free_port(host)
        self.folder = Path(tempfile.mkdtemp(prefix="pokerroom-bench-"))
        self.log = self.folder / "server.log"
        self.stats = self.folder / "loop.json"
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def base(self) -> str:
        return f"http://{self.host}:{self.port}"

    def start(self) -> None:
        url = f"sqlite:///{self.folder / 'bench.db'}"
        with open(self.log, "wb") as log:
            self.proc = subprocess.Popen(
                [sys.executable, "-c", SERVER, url, self.host, str(self.port), str(self.stats)],
                stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
            )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited ({self.proc.returncode}):\n{self.log.read_text()[-2000:]}")
            with contextlib.suppress(httpx2.HTTPError):
                if httpx2.get(f"{self.base}/api/tables", timeout=1, trust_env=False).json() == []:
                    return
            time.sleep(0.2)
        raise RuntimeError(f"the server did not answer in 30 s:\n{self.log.read_text()[-2000:]}")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)  # uvicorn's graceful shutdown; SIGTERM would skip the stats
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()

    def loop(self, start: float, end: float) -> Lag:
        """The server's event loop over the window (after :meth:`stop`)."""
        try:
            data = json.loads(self.stats.read_text())
        except (OSError, ValueError):
            return Lag()
        lag = Lag.of(data["lags"], start, end)
        pauses = [pause * 1000 for t, _, pause in data["gc"] if start <= t < end]
        lag.gc_max, lag.gc_total = max(pauses, default=0.0), sum(pauses)
        lag.gc_full = sum(1 for t, generation, _ in data["gc"] if start <= t < end and generation == 2)
        rss = [mb for t, mb in data.get("memory", []) if start <= t < end]
        if rss:
            lag.rss = (rss[0], rss[-1])
        census = data.get("census") or {}
        if census:
            kinds = ", ".join(f"{name} {n:,}" for name, n in census["kinds"][:6])
            lag.census = (
                f"{census['tracked']:,} objects tracked by the GC, {census['garbage']:,} of them garbage in cycles; "
                f"{census['live']:,} live ({census['frozen']:,} frozen): {kinds}"
            )
        return lag

    def remove(self) -> None:
        shutil.rmtree(self.folder, ignore_errors=True)


# ---------------------------------------------------------------------------------------------- set-up


async def setup(base: str, tables: int, limit: str) -> list[tuple[int, list[str]]]:
    """Sign up the players and create ``tables`` tables; each table with its six players' session cookies."""
    gate = asyncio.Semaphore(8)

    def body(name: str) -> dict[str, object]:
        return {"name": name, "game": "holdem", "stakes": "1/2", "limit": limit, "kind": "play", "seats": SEATS}

    async with httpx2.AsyncClient(base_url=base, timeout=120, trust_env=False) as http:
        first = await _signup(http, "bench0")
        async with httpx2.AsyncClient(base_url=base, timeout=120, trust_env=False, cookies={COOKIE: first}) as owner:
            answer = await owner.post("/api/tables", json=body("bench 0"))
            answer.raise_for_status()
            info = answer.json()
            buy_in = int(info["buy_in"]["default"])
            per_player = max(1, PLAY_CHIPS // buy_in)  # tables one player's chips buy into
            groups = math.ceil(tables / per_player)

            async def signup(i: int) -> str:
                async with gate:
                    return await _signup(http, f"bench{i}")

            cookies = [first, *await asyncio.gather(*(signup(i) for i in range(1, groups * SEATS)))]

            async def create(i: int) -> int:
                async with gate:
                    r = await owner.post("/api/tables", json=body(f"bench {i}"))
                    r.raise_for_status()
                    return int(r.json()["id"])

            ids = [int(info["id"]), *await asyncio.gather(*(create(i) for i in range(1, tables)))]
    return [
        (table_id, list(cookies[(i // per_player) * SEATS:(i // per_player + 1) * SEATS]))
        for i, table_id in enumerate(ids)
    ]


async def _signup(http: httpx2.AsyncClient, name: str) -> str:
    r = await http.post("/api/signup", json={"name": name, "password": PASSWORD})
    r.raise_for_status()
    token = r.cookies[COOKIE]
    http.cookies.clear()
    return token


# ---------------------------------------------------------------------------------------------- one level


def run_level(tables: int, args: argparse.Namespace) -> Result:
    server = Server(args.host, args.port)
    if args.cprofile:  # where the server writes its calls at the window's end (inherited by its process)
        Path(args.cprofile).mkdir(parents=True, exist_ok=True)
        os.environ["BENCH_CPROFILE"] = str(Path(args.cprofile).resolve() / f"server-{tables}-tables.pstats")
    workers: list[mp.process.BaseProcess] = []
    spy: subprocess.Popen[bytes] | None = None
    figures: list[Figures] = []
    start = end = math.nan
    try:
        began = time.monotonic()
        server.start()
        assert server.proc is not None
        seating = asyncio.run(setup(server.base, tables, args.limit))
        params = Params(
            host=server.host, port=server.port, rate=args.rate, raise_share=args.raise_share, deflate=args.deflate
        )
        procs = args.procs or 1
        ctx = mp.get_context("spawn")
        pipes = []
        for k in range(procs):
            parent, child = ctx.Pipe()
            spawned = ctx.Process(target=worker, args=(child, seating[k::procs], params), daemon=True)
            spawned.start()
            workers.append(spawned)
            pipes.append(parent)
        for pipe, process in zip(pipes, workers, strict=True):
            _wait(pipe, process, 300, "get its clients seated")
            _, failed, unseated, detail = pipe.recv()
            if failed or unseated:
                raise RuntimeError(f"{failed} connections failed, {unseated} clients not seated: {detail}")
        setup_s = time.monotonic() - began
        if args.server_gc_freeze:
            server.proc.send_signal(signal.SIGUSR1)
        start = time.monotonic() + args.warmup
        end = start + args.duration
        for pipe in pipes:
            pipe.send(("go", start, end))
        time.sleep(max(0.0, start - time.monotonic()))
        server_cpu0, busy0 = process_cpu(server.proc.pid), machine_times()
        if args.profile:
            spy = _py_spy(server.proc.pid, tables, args)
        if args.cprofile:
            server.proc.send_signal(signal.SIGRTMIN)
        time.sleep(max(0.0, end - time.monotonic()))
        server_cpu1, busy1 = process_cpu(server.proc.pid), machine_times()
        if args.cprofile:
            server.proc.send_signal(signal.SIGRTMIN + 1)
        for pipe, process in zip(pipes, workers, strict=True):
            _wait(pipe, process, 60, "send its figures")
            figures.append(pipe.recv()[1])
        server.proc.send_signal(signal.SIGUSR2)  # count the server's objects (now: the count stalls it a while)
        time.sleep(1.0)
        if spy is not None:
            spy.wait(args.duration + 30)
    finally:
        for process in workers:
            process.join(15 if figures else 0)  # after the figures they close their connections; else stop them now
            if process.is_alive():
                process.terminate()
        if spy is not None and spy.poll() is None:
            spy.terminate()
        server.stop()
        server_loop = server.loop(start, end) if figures else Lag()
        if args.keep:
            print(f"  kept {server.folder} (the database, server.log, loop.json)", flush=True)
        else:
            server.remove()
    generator_loop = max((f.loop for f in figures), key=lambda lag: lag.max)
    latencies = [x for f in figures for x in f.latencies]
    errors: dict[str, int] = {}
    for f in figures:
        for code, n in f.errors.items():
            errors[code] = errors.get(code, 0) + n
    return Result(
        tables=tables,
        clients=tables * SEATS,
        offered=tables * args.rate,
        achieved=sum(f.applied for f in figures) / args.duration,
        p50=percentile(latencies, 0.50),
        p99=percentile(latencies, 0.99),
        max=max(latencies, default=math.nan),
        lost=sum(f.lost for f in figures),
        errors=errors,
        dropped=sum(f.dropped for f in figures),
        generator_cpu=100 * sum(f.cpu for f in figures) / args.duration,
        server_cpu=100 * (sum(server_cpu1) - sum(server_cpu0)) / args.duration,
        server_sys=100 * (server_cpu1[1] - server_cpu0[1]) / args.duration,
        machine_busy=100 * (busy1[0] - busy0[0]) / max(1e-9, busy1[1] - busy0[1]),
        messages=sum(f.messages for f in figures) / args.duration,
        setup_s=setup_s,
        server_loop=server_loop,
        generator_loop=generator_loop,
    )


def _wait(pipe: Any, process: mp.process.BaseProcess, seconds: float, what: str) -> None:
    """Until ``pipe`` has a message from the generator ``process``; raises if it ends or ``seconds`` pass."""
    deadline = time.monotonic() + seconds
    while not pipe.poll(0.5):
        if not process.is_alive():
            raise RuntimeError(f"a generator process ended (exit code {process.exitcode}) before it could {what}")
        if time.monotonic() > deadline:
            raise RuntimeError(f"a generator did not {what} in {seconds:g} s")


def _py_spy(pid: int, tables: int, args: argparse.Namespace) -> subprocess.Popen[bytes] | None:
    exe = shutil.which("py-spy") or str(Path(sys.executable).with_name("py-spy"))
    if not Path(exe).exists():
        print("--profile: py-spy not found (pip install py-spy); no profile taken", file=sys.stderr)
        return None
    folder = Path(args.profile)
    folder.mkdir(parents=True, exist_ok=True)
    out = folder / f"server-{tables}-tables.speedscope.json"
    return subprocess.Popen(
        [exe, "record", "--pid", str(pid), "--duration", str(int(args.duration)), "--rate", "200", "--nonblocking",
         "--format", "speedscope", "--output", str(out)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )


# ---------------------------------------------------------------------------------------------- the report


COLUMNS = (
    "tables", "clients", "offered/s", "achieved/s", "p50 ms", "p99 ms", "max ms", "lost", "errors",
    "gen CPU %", "server CPU %", "others CPU %", "msgs in/s",
)


def row(r: Result) -> list[str]:
    errors = ",".join(f"{k}:{v}" for k, v in sorted(r.errors.items())) or "0"
    if r.dropped:
        errors += f" dropped:{r.dropped}"
    return [
        str(r.tables), str(r.clients), f"{r.offered:,.0f}", f"{r.achieved:,.1f}", f"{r.p50:.1f}", f"{r.p99:.1f}",
        f"{r.max:.1f}", str(r.lost), errors, f"{r.generator_cpu:.0f}", f"{r.server_cpu:.0f}",
        f"{r.others:.0f}", f"{r.messages:,.0f}",
    ]


def report(results: list[Result], args: argparse.Namespace) -> None:
    try:
        from rich.console import Console
        from rich.table import Table
    except ImportError:
        print("  ".join(COLUMNS))
        for r in sorted(results, key=lambda r: r.tables):
            print("  ".join(row(r)))
    else:
        table = Table(title=f"pokerroom server under load ({os.cpu_count()} cores; window {args.duration:g} s)")
        for name in COLUMNS:
            table.add_column(name, justify="right")
        for r in sorted(results, key=lambda r: r.tables):
            table.add_row(*row(r), style=None if r.passes(args.p99_target) else "red")
        console = Console()
        if not console.is_terminal:
            console = Console(width=200)
        console.print(table)
    print(
        "latency: act sent -> first state/delta showing it applied, as the generator sees it; CPU: user+sys over the "
        "window, 100% = one core; others: the rest of the machine's busy time (other processes), % of one core"
    )
    passed = [r.tables for r in results if r.passes(args.p99_target)]
    if args.search:
        best = max(passed, default=None)
        print(f"most tables with p99 < {args.p99_target:g} ms (and >= 90% of the offered actions): {best or 'none'}")


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--tables", default=None, help="comma-separated table counts (default 10,100; --search: 100..1000)")
    ap.add_argument(
        "--search", action="store_true", help="try --tables in order up to the first level failing (then --refine)"
    )
    ap.add_argument(
        "--refine", type=int, default=1, help="--search: levels tried between the last pass and the first failure"
    )
    ap.add_argument("--duration", type=float, default=30.0, help="measuring window, seconds (default 30)")
    ap.add_argument("--warmup", type=float, default=10.0, help="play before measuring, seconds (default 10)")
    ap.add_argument("--quick", action="store_true", help="5 s warm-up, 10 s window")
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=0, help="server port (default: a free one)")
    ap.add_argument("--rate", type=float, default=1.0, help="actions a second offered per table (default 1)")
    ap.add_argument("--limit", default="fixed", choices=("fixed", "no", "pot"), help="the hold'em betting limit")
    ap.add_argument("--raise-share", type=float, default=0.1, help="share of turns that bet/raise the minimum")
    ap.add_argument("--procs", type=int, default=1, help="generator processes (default 1)")
    ap.add_argument("--no-deflate", dest="deflate", action="store_false", help="no permessage-deflate")
    ap.add_argument("--p99-target", type=float, default=100.0, help="p99 a level must stay under, ms (default 100)")
    ap.add_argument(
        "--server-gc-freeze", action="store_true",
        help="experiment: gc.freeze() in the server once the tables are set up (pokerroom serve does not)",
    )
    ap.add_argument("--keep", action="store_true", help="keep each server's folder (database, log, loop stats)")
    ap.add_argument("--profile", default=None, help="folder: py-spy record the server in each window (speedscope)")
    ap.add_argument(
        "--cprofile", default=None,
        help="folder: cProfile the server's event loop thread in each window (server-N-tables.pstats; every call "
        "counted, a few times slower: read the call counts per action, not the times)",
    )  # fmt: skip
    args = ap.parse_args(argv)
    if args.quick:
        args.duration, args.warmup = 10.0, 5.0
    default = SEARCH_LEVELS if args.search else (10, 100)
    args.levels = [int(x) for x in args.tables.split(",")] if args.tables else list(default)
    return args


def _between(low: int, high: int) -> int | None:
    """A round number of tables between ``low`` (passed) and ``high`` (failed), if there is one worth trying."""
    step = 50 if high - low > 100 else 10
    mid = round((low + high) / 2 / step) * step
    return mid if low < mid < high else None


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)

    def stop(signum: int, _frame: Any) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)
    results: list[Result] = []
    queue = list(args.levels)
    best, worst, refined = 0, None, 0
    try:
        while queue:
            tables = queue.pop(0)
            print(f"{tables} tables: setting up ...", flush=True)
            r = run_level(tables, args)
            results.append(r)
            print(
                f"{tables} tables ({r.setup_s:.0f} s set-up): {r.achieved:,.1f} actions/s of {r.offered:,.0f} offered, "
                f"p50 {r.p50:.1f} ms, p99 {r.p99:.1f} ms, max {r.max:.1f} ms, lost {r.lost}, "
                f"generator CPU {r.generator_cpu:.0f}%, server CPU {r.server_cpu:.0f}%, "
                f"machine busy {r.machine_busy:.0f}% (other work: {r.others:.0f}% of a core)",
                flush=True,
            )
            per_action = r.server_cpu * 10 / r.achieved if r.achieved else math.nan  # % of a core -> ms per action
            print(
                f"  server CPU {r.server_cpu:.0f}% of a core, {r.server_sys:.0f}% of it in the kernel: "
                f"{per_action:.2f} ms of CPU per player action",
                flush=True,
            )
            print(f"  server event loop: {r.server_loop.describe()}", flush=True)
            if r.server_loop.census:
                print(f"  server heap after the window: {r.server_loop.census}", flush=True)
            print(f"  generator event loop (worst process): {r.generator_loop.describe()}", flush=True)
            if not args.search:
                continue
            if r.passes(args.p99_target):
                best = max(best, tables)
            else:
                worst = tables if worst is None else min(worst, tables)
            if worst is not None:  # past the limit: bisect between the best pass and the first failure, then stop
                mid = _between(best, worst)
                queue = [mid] if mid is not None and refined < args.refine else []
                refined += 1
    except KeyboardInterrupt:
        print("interrupted; the server process is stopped", file=sys.stderr)
    if results:
        report(results, args)


if __name__ == "__main__":
    main()
