"""The split room under load (issue 25): one gateway and 1, 2 and 4 table workers over NATS and PostgreSQL, side
by side with the single process on the same PostgreSQL, each driven by ``pokerroom loadtest``'s clients.

Each level gets a new PostgreSQL database and its own room name on NATS, then starts the room as an operator
does (``pokerroom worker --nats ... --database ...`` N times, ``pokerroom serve --nats ...``; or ``pokerroom
serve --database ...`` alone for the single process), with no starting tables, and runs the load tool's set-up
and clients (:mod:`pokerroom.loadtest`: sign-ups, tables, six bot clients a table thinking ``--think`` seconds
on average) for ``--seconds``.  While the clients play it samples the CPU time (user + system) of every process
of the room: the gateway, the workers, PostgreSQL's server processes and the NATS server, and apart from them
the load generator's.  It prints per level: actions a second, action latency p50/p99 (ms), errors, stalled
tables, each part's CPU (% of one core) and the room's CPU-milliseconds per action (every room process,
PostgreSQL and NATS included), then the same figure without PostgreSQL and NATS.

    python benchmarks/bench_split.py                                   # 200 tables: single, 1, 2, 4 workers
    python benchmarks/bench_split.py --tables 100 --seconds 20 --levels single,1,2

On a two-core machine the room and the generator share the cores: the figures show what the split costs (the
hops through NATS, the gateway's work, PostgreSQL), not how it scales; docs/split-room.md gives the arithmetic
for a large room.  Needs PostgreSQL (``--database``, a server URL whose user may create databases) and NATS
(``--nats``) running.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import psutil
from rich.console import Console

from pokerroom.loadtest.driver import Options, run
from pokerroom.loadtest.figures import Summary
from pokerroom.server import COOKIE

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from storetools import pg_database  # a new database on the server, dropped after (the suite's own helper)

PG = os.environ.get("POKERROOM_PG_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/postgres")
NATS = os.environ.get("POKERROOM_NATS", "nats://127.0.0.1:4222")
CLI = [str(Path(sys.executable).with_name("pokerroom"))]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _ready(base: str, procs: list[subprocess.Popen[bytes]], seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for p in procs:
            if p.poll() is not None:
                raise RuntimeError(f"a room process ended (exit status {p.returncode}) before the room was up")
        with contextlib.suppress(OSError), urllib.request.urlopen(f"{base}/api/tables", timeout=2) as answer:
            if answer.status == 200:
                return
        time.sleep(0.2)
    raise RuntimeError(f"the room did not answer at {base} in {seconds:g} s")


class Sampler:
    """CPU seconds (user + system) of the room's parts, read at each call of :meth:`take`."""

    def __init__(self, gateway: int, workers: list[int]) -> None:
        self.parts: dict[str, list[psutil.Process]] = {
            "gateway": [psutil.Process(gateway)],
            "workers": [psutil.Process(w) for w in workers],
            "nats": [p for p in psutil.process_iter(["name"]) if (p.info["name"] or "").startswith("nats-server")],
            "generator": [psutil.Process()],
        }
        self.samples: list[tuple[float, dict[str, float]]] = []

    @staticmethod
    def _cpu(procs: list[psutil.Process]) -> float:
        total = 0.0
        for p in procs:
            with contextlib.suppress(psutil.Error):
                t = p.cpu_times()
                total += t.user + t.system
        return total

    @staticmethod
    def _postgres() -> float:
        # Every PostgreSQL server process (backends come and go with the pools; the machine runs nothing else).
        return Sampler._cpu([p for p in psutil.process_iter(["name"]) if p.info["name"] == "postgres"])

    def take(self) -> None:
        now = time.monotonic()
        cpu = {part: self._cpu(procs) for part, procs in self.parts.items()}
        cpu["postgres"] = self._postgres()
        self.samples.append((now, cpu))

    def rates(self) -> dict[str, float]:
        """Each part's CPU over the samples' span, in cores (1.0 = one core busy)."""
        (t0, first), (t1, last) = self.samples[0], self.samples[-1]
        return {part: (last[part] - first[part]) / (t1 - t0) for part in first}


@dataclass
class Level:
    name: str
    summary: Summary
    cores: dict[str, float]


def _room(
    level: str, url: str, room: str, port: int, logs: Path
) -> tuple[subprocess.Popen[bytes], list[int], list[subprocess.Popen[bytes]]]:
    common = ["--database", url, "--tables", "none", "--log-level", "warning", "--log-format", "text"]
    procs: list[subprocess.Popen[bytes]] = []

    def start(args: list[str], log: str) -> subprocess.Popen[bytes]:
        with open(logs / log, "wb") as out:
            procs.append(subprocess.Popen([*CLI, *args], stdout=out, stderr=subprocess.STDOUT))
        return procs[-1]

    if level == "single":
        gateway = start(["serve", *common, "--port", str(port)], "single.log")
        return gateway, [], procs
    split = ["--nats", NATS, "--room", room]
    workers = [start(["worker", *common, *split, "--name", f"w{k}"], f"w{k}.log").pid for k in range(int(level))]
    gateway = start(["serve", *common, *split, "--port", str(port)], "gateway.log")
    return gateway, workers, procs


def measure(level: str, args: argparse.Namespace, logs: Path) -> Level:
    """One level: a new database and room, the load tool's set-up and clients, the CPU sampled meanwhile."""
    with pg_database(args.database) as url:
        port = _free_port()
        base = f"http://127.0.0.1:{port}"
        gateway, workers, procs = _room(level, url, f"bench-{os.getpid()}-{level}", port, logs)
        try:
            _ready(base, procs)
            time.sleep(1.5 if workers else 0.0)  # the workers heard by the gateway: a table made has a home
            sampler = Sampler(gateway.pid, workers)
            options = Options(base, args.tables, args.seconds, args.think, args.processes)

            def tick(stage: str) -> None:
                if stage == "second":  # within the window: the room at its steady load
                    sampler.take()

            summary, _said = run(options, COOKIE, Console(file=io.StringIO()), watch=tick)
            if len(sampler.samples) < 2:
                raise RuntimeError("the window was too short to sample the room's CPU (give --seconds 5 or more)")
            cores = sampler.rates()
            if args.processes > 1:
                cores["generator"] = summary.client_cpu / 100
            return Level(level if level == "single" else f"{level} worker{'s' * (level != '1')}", summary, cores)
        finally:
            for p in procs:
                p.terminate()
            for p in procs:
                try:
                    p.wait(timeout=15)
                except subprocess.TimeoutExpired:
                    p.kill()


COLUMNS = (
    "room", "tables", "actions/s", "p50 ms", "p99 ms", "errors", "stalled", "gateway %", "workers %",
    "postgres %", "nats %", "gen %", "room ms/action", "ours ms/action",
)  # fmt: skip


def _row(level: Level) -> list[str]:
    s, c = level.summary, level.cores
    per_s = s.actions_per_s or float("nan")
    room = c["gateway"] + c["workers"] + c["postgres"] + c["nats"]
    ours = c["gateway"] + c["workers"]
    return [
        level.name, str(s.tables), f"{s.actions_per_s:,.1f}", f"{s.p50_ms or 0:.1f}", f"{s.p99_ms or 0:.1f}",
        str(s.errors), str(s.stalled_tables), f"{100 * c['gateway']:.0f}", f"{100 * c['workers']:.0f}",
        f"{100 * c['postgres']:.0f}", f"{100 * c['nats']:.0f}", f"{100 * c['generator']:.0f}",
        f"{1000 * room / per_s:.2f}", f"{1000 * ours / per_s:.2f}",
    ]  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--levels", default="single,1,2,4", help="comma separated: 'single' and worker counts")
    ap.add_argument("--tables", type=int, default=200)
    ap.add_argument("--seconds", type=float, default=30.0, help="the measured window of each level")
    ap.add_argument("--think", type=float, default=1.0, help="each client's mean think time (s)")
    ap.add_argument("--processes", type=int, default=1, help="load generator processes")
    ap.add_argument("--database", default=PG, help="a PostgreSQL server URL (a database is made per level)")
    ap.add_argument("--keep-logs", default=None, help="folder to keep the room processes' logs in")
    args = ap.parse_args()
    levels = [x.strip() for x in args.levels.split(",") if x.strip()]
    for x in levels:
        if x != "single" and not (x.isdigit() and int(x) >= 1):
            ap.error(f"--levels: {x!r} is neither 'single' nor a worker count")
    logs = Path(args.keep_logs) if args.keep_logs else Path(tempfile.mkdtemp(prefix="bench-split-"))
    logs.mkdir(parents=True, exist_ok=True)
    rows = []
    try:
        for x in levels:
            print(f"{x}: {args.tables} tables, {args.seconds:g} s ...", file=sys.stderr, flush=True)
            level = measure(x, args, logs)
            rows.append(level)
            print("  " + " | ".join(f"{k} {v}" for k, v in zip(COLUMNS, _row(level), strict=True)), file=sys.stderr)
    finally:
        if not args.keep_logs:
            shutil.rmtree(logs, ignore_errors=True)
    from rich.table import Table

    table = Table(title=f"the split room under load ({os.cpu_count()} cores, think {args.think:g} s, "
                  f"window {args.seconds:g} s)")  # fmt: skip
    for c in COLUMNS:
        table.add_column(c, justify="right")
    for level in rows:
        table.add_row(*_row(level))
    Console(width=200).print(table)
    print(
        "CPU: user + system over the window, % of one core; room ms/action: gateway + workers + PostgreSQL + NATS "
        "CPU per action applied; ours: gateway + workers only"
    )


if __name__ == "__main__":
    main()
