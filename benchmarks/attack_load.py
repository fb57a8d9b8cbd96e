"""The server under the attacks of issue 19: latency for everyone else during a log-in flood and a ping flood.

Starts a real server process (uvicorn, the app of ``pokerroom serve`` over a temporary SQLite store, with the
log-in throttle and the socket caps raised by ``create_app``'s settings, so that the hashing pool and the event
loop are what is measured) and prints one table:

* another player's ``GET /api/me`` latency (p50/p99), alone and during 32 parallel wrong log-ins (each of the
  32 sends its next log-in as soon as the last is answered: 401 after a hash, or 503 at once when the hashing
  pool's queue is full);
* a player's ping round trip at a table (p50/p99), alone and while one account holds 200 sockets at the same
  table, each pinging at its rate limit (20 a second);
* the time of a wrong password for a known name and for a name nobody has (medians, the default Argon2id costs).

    python benchmarks/attack_load.py                 # port 8821, 100 samples a figure
    python benchmarks/attack_load.py --samples 30 --port 8822

The floods run in processes of their own, so the figures are not this client's own lag; the server and the
clients share the machine, though, and on a small one the flood's CPU (200 sockets) is taken from the server's.
Ctrl-C stops everything, the server process included.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import httpx2
import websockets

from pokerroom.server import COOKIE
from pokerroom.server.protocol import VERSION

PASSWORD = "correct horse"
LOGINS = 32
"""Wrong log-ins in flight at once."""
FLOOD_SOCKETS = 200
"""Sockets of the one account that floods the table with pings."""
PING_RATE = 20.0
"""Pings a second per flooding socket: the server's rate limit per connection (``create_app(rate=20)``)."""

SERVER = """
import sys
import uvicorn
from pokerroom.server import Starter, create_app
from pokerroom.server.throttle import LoginLimits, Rate
from pokerroom.store import Store

url, port = sys.argv[1], int(sys.argv[2])
anyone = Rate(burst=1_000_000, every=0.000001)
store = Store(url)
app = create_app(
    store=store,
    starters=[Starter("Bench", "holdem", "1/2", "no", bots=0, seats=6)],
    login_limits=LoginLimits(anyone, anyone, anyone, anyone),
    sockets_per_player=1000,
    sockets_per_address=5000,
)
try:
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning", ws_max_size=65536,
                ws_per_message_deflate=False, backlog=4096)
finally:
    store.close()
"""


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of process ``pid`` so far (Linux /proc; 0.0 elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class CpuWindow:
    """The server's CPU over a stretch of wall time, as a share of one core."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.cpu, self.wall = cpu_seconds(pid), time.monotonic()

    def share(self) -> str:
        used = cpu_seconds(self.pid) - self.cpu
        return f"{100 * used / max(1e-9, time.monotonic() - self.wall):.0f}%"


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def ms(values: list[float]) -> str:
    return f"{percentile(values, 50) * 1000:8.1f} {percentile(values, 99) * 1000:8.1f}"


class Server:
    """The server process over a fresh SQLite file; :meth:`stop` ends it."""

    def __init__(self, port: int) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="pokerroom-attack-"))
        self.log = (self.folder / "server.log").open("w")
        url = f"sqlite:///{self.folder / 'room.db'}"
        self.proc = subprocess.Popen(
            [sys.executable, "-c", SERVER, url, str(port)], stdout=self.log, stderr=subprocess.STDOUT
        )
        self.base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited: {(self.folder / 'server.log').read_text()[-2000:]}")
            with contextlib.suppress(httpx2.HTTPError):
                if httpx2.get(f"{self.base}/api/games", timeout=2, trust_env=False).status_code == 200:
                    return
            time.sleep(0.2)
        raise RuntimeError("the server did not answer in 60 s")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        self.log.close()


async def sign_up(http: httpx2.AsyncClient, name: str) -> str:
    r = await http.post("/api/signup", json={"name": name, "password": PASSWORD})
    r.raise_for_status()
    token = r.cookies[COOKIE]
    http.cookies.clear()
    return str(token)


async def sample(probe: Callable[[], Awaitable[None]], count: int, gap: float) -> list[float]:
    """``count`` timings of ``probe`` (seconds), ``gap`` seconds apart."""
    out: list[float] = []
    for _ in range(count):
        started = time.perf_counter()
        await probe()
        out.append(time.perf_counter() - started)
        await asyncio.sleep(gap)
    return out


class Pinger:
    """One player's socket at table 1: :meth:`ping` sends a ping and waits for its pong."""

    def __init__(self, ws: websockets.ClientConnection) -> None:
        self.ws = ws
        self.n = 0

    async def ping(self) -> None:
        self.n += 1
        tag = f"p{self.n}"
        await self.ws.send(json.dumps({"v": VERSION, "type": "ping", "id": tag}))
        while True:
            m = json.loads(await self.ws.recv())
            if m.get("type") == "pong" and m.get("id") == tag:
                return


async def connect(base: str, token: str) -> websockets.ClientConnection:
    url = base.replace("http://", "ws://") + "/ws/tables/1"
    return await websockets.connect(url, additional_headers={"Cookie": f"{COOKIE}={token}"}, max_size=2**22)


@contextlib.contextmanager
def flooding(target: Callable[..., None], *args: object) -> Iterator[Callable[[], dict[str, Any]]]:
    """Run ``target(*args, ready, stop, results)`` in a process of its own while the block runs (from when it
    says it is under way); yields a function giving what it reported once it stopped."""
    ctx = multiprocessing.get_context("spawn")
    ready, stop, results = ctx.Event(), ctx.Event(), ctx.Queue()
    proc = ctx.Process(target=target, args=(*args, ready, stop, results), daemon=True)
    proc.start()
    got: dict[str, Any] = {}
    try:
        if not ready.wait(120):
            raise RuntimeError("the flood did not start in 120 s")
        yield lambda: got
    finally:
        stop.set()
        with contextlib.suppress(Exception):
            got.update(results.get(timeout=60))
        proc.join(30)
        if proc.is_alive():
            proc.kill()


def login_flood(base: str, ready: Any, stop: Any, results: Any) -> None:
    """LOGINS wrong log-ins in flight at once until ``stop``; reports ``{status: count}``."""

    async def main() -> dict[int, int]:
        codes: dict[int, int] = {}
        halt = asyncio.Event()

        async def one() -> None:
            async with httpx2.AsyncClient(base_url=base, timeout=120, trust_env=False) as http:
                while not halt.is_set():
                    r = await http.post("/api/login", json={"name": "target", "password": "guess guess"})
                    codes[r.status_code] = codes.get(r.status_code, 0) + 1
                    if r.status_code == 503:  # as a client obeying Retry-After would, but sooner: the queue kept full
                        await asyncio.sleep(0.05)

        tasks = [asyncio.create_task(one()) for _ in range(LOGINS)]
        await asyncio.sleep(1.0)  # under way
        ready.set()
        await asyncio.get_running_loop().run_in_executor(None, stop.wait)
        halt.set()
        await asyncio.gather(*tasks)
        return codes

    results.put(asyncio.run(main()))


def ping_flood(base: str, token: str, ready: Any, stop: Any, results: Any) -> None:
    """FLOOD_SOCKETS sockets of one account at table 1, each pinging PING_RATE times a second and reading
    everything it is sent, until ``stop``; reports the pings sent a second and the sockets closed by code."""

    async def main() -> dict[str, Any]:
        counts: dict[str, Any] = {"sent": 0}
        halt = asyncio.Event()

        async def one() -> None:
            ws = await connect(base, token)

            async def drain() -> None:
                with contextlib.suppress(websockets.ConnectionClosed):
                    async for _ in ws:
                        pass

            reader = asyncio.create_task(drain())
            try:
                n = 0
                while not halt.is_set():
                    n += 1
                    await ws.send(json.dumps({"v": VERSION, "type": "ping", "id": n}))
                    counts["sent"] += 1
                    await asyncio.sleep(1 / PING_RATE)
            except websockets.ConnectionClosed as closed:
                key = f"code {closed.rcvd.code if closed.rcvd else None}"
                counts[key] = counts.get(key, 0) + 1
            finally:
                reader.cancel()
                with contextlib.suppress(Exception):
                    await ws.close()

        tasks = [asyncio.create_task(one()) for _ in range(FLOOD_SOCKETS)]
        await asyncio.sleep(2.0)  # every socket open and pinging
        sent, started = counts["sent"], time.monotonic()
        ready.set()
        await asyncio.get_running_loop().run_in_executor(None, stop.wait)
        counts["rate"] = (counts["sent"] - sent) / (time.monotonic() - started)
        halt.set()
        await asyncio.gather(*tasks, return_exceptions=True)
        return counts

    results.put(asyncio.run(main()))


async def run(base: str, samples: int, pid: int) -> None:
    rows: list[tuple[str, str]] = []
    async with httpx2.AsyncClient(base_url=base, timeout=120, trust_env=False) as http:
        reader = await sign_up(http, "reader")
        await sign_up(http, "target")
        watcher = await sign_up(http, "watcher")
        flooder = await sign_up(http, "flooder")
        me_headers = {"Cookie": f"{COOKIE}={reader}"}

        async def me() -> None:
            (await http.get("/api/me", headers=me_headers)).raise_for_status()

        def wrong(name: str) -> Callable[[], Awaitable[None]]:
            async def attempt() -> None:
                r = await http.post("/api/login", json={"name": name, "password": "not the password"})
                assert r.status_code == 401, r.text

            return attempt

        # Wrong-password timings: a known name and a name nobody has, one at a time.
        known = await sample(wrong("target"), 20, 0.0)
        unknown = await sample(wrong("nobody-here"), 20, 0.0)
        rows.append(("wrong password, known name (median ms)", f"{statistics.median(known) * 1000:8.1f}"))
        rows.append(("wrong password, unknown name (median ms)", f"{statistics.median(unknown) * 1000:8.1f}"))

        rows.append(("GET /api/me alone, p50 p99 (ms)", ms(await sample(me, samples, 0.02))))
        with flooding(login_flood, base) as result:
            window = CpuWindow(pid)
            during = await sample(me, samples, 0.02)
            cpu = window.share()
        answered = ", ".join(f"{n} x {code}" for code, n in sorted(result().items()))
        rows.append((f"GET /api/me during {LOGINS} wrong log-ins, p50 p99 (ms)", ms(during)))
        rows.append(("  the log-ins answered; the server's CPU", f"{answered}; {cpu} of a core"))

    # Pings: alone, then while one account holds FLOOD_SOCKETS sockets pinging at the rate limit.
    ws = await connect(base, watcher)
    pinger = Pinger(ws)
    await pinger.ping()
    rows.append(("ping alone, p50 p99 (ms)", ms(await sample(pinger.ping, samples, 0.05))))
    with flooding(ping_flood, base, flooder) as result:
        window = CpuWindow(pid)
        during = await sample(pinger.ping, samples, 0.05)
        cpu = window.share()
    await ws.close()
    counts = result()
    rows.append((f"ping while 1 account holds {FLOOD_SOCKETS} pinging sockets, p50 p99 (ms)", ms(during)))
    closed = ", ".join(f"{n} x {k}" for k, n in sorted(counts.items()) if k.startswith("code")) or "none"
    rows.append(
        ("  the flood's pings a second; sockets closed; the server's CPU", f"{counts['rate']:.0f}; {closed}; {cpu}")
    )

    width = max(len(label) for label, _ in rows)
    print(f"{'':{width}}      p50      p99")
    for label, value in rows:
        print(f"{label:{width}}  {value}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=int, default=8821)
    parser.add_argument("--samples", type=int, default=100, help="timings per figure")
    args = parser.parse_args()
    server = Server(args.port)
    try:
        asyncio.run(run(server.base, args.samples, server.proc.pid))
    finally:
        server.stop()
    print(f"(machine: {os.cpu_count()} cores; server log in {server.folder})")


if __name__ == "__main__":
    main()
