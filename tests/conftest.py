"""Shared test helpers (pytest fixtures)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

import randomplay
import servertools
from pokerroom.engine import Hand
from pokerroom.games import Game, Limit
from pokerroom.store import Store
from storetools import BACKENDS, Clock, backend_url

PlayRandomly = Callable[[Game, Limit, int], Hand]

RUN_FIRST = (
    "tests/test_room_soak.py",
    "tests/test_server_actor.py::test_no_message_carries",
    "tests/test_room_crash.py::test_sigkill",
    "tests/test_browser",
    "tests/test_games_random_play.py",
    "tests/test_cli_simulate_workers.py",
    "tests/test_games_pokerkit.py",
    "src/pokerroom/equity/__init__.py",
    "tests/test_shuffle_fairness.py",
    "tests/test_ops_serve.py::test_a_second_server",
    "tests/test_formats_pokerstars_roundtrip.py::test_the_corpus",
    "tests/test_rankings_high.py::test_cross_check",
    "tests/test_server_attacks.py::test_a_client_that_never_reads",
    "tests/test_rankings_lows.py::test_cross_check",
    "tests/test_rankings_high.py::test_tables_are_built",
    "tests/test_formats_replay.py::test_pluribus",
    "tests/test_engine_seeds.py::test_every_card",
)
"""Node-id prefixes of the longest tests (``pytest --durations``): started first, so that with ``-n 2`` neither
worker is left alone with one of them at the end of the run.  Under pytest-xdist they are dealt in turn to the
workers (:func:`_deal_first`), the longest two first to different workers."""


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    def rank(item: pytest.Item) -> int:
        node = item.nodeid
        return next((i for i, prefix in enumerate(RUN_FIRST) if node.startswith(prefix)), len(RUN_FIRST))

    items.sort(key=rank)  # stable: the rest keep their order
    first = sum(1 for item in items if rank(item) < len(RUN_FIRST))
    items[:] = _deal_first(config, items, first)


def _deal_first(config: pytest.Config, items: list[pytest.Item], first: int) -> list[pytest.Item]:
    """``items`` (the ``first`` of them the longest) in the order that gives each xdist worker its share of the
    longest at the start of its first batch.

    xdist's ``load`` scheduler (the default of ``-n N``; each worker collects and orders the same list) sends each
    worker one batch of consecutive tests to start with, a quarter of its share of the whole, and the rest as they
    finish.  Were the longest tests all at the head of the list, the first worker's batch would hold every one of
    them and the other workers, done with the rest, would wait for it.  So the longest are dealt in turn, one to
    each batch, each batch filled up with the tests that come after them in order.  Tests sharing a module-scoped
    fixture (a browser module's server) are dealt together, in their order."""
    worker: dict[str, object] | None = getattr(config, "workerinput", None)  # only in an xdist worker
    workers = int(str(worker["workercount"])) if worker else 1
    if workers < 2 or len(items) < 2 * workers:
        return items
    # The first batch's size as xdist.scheduler.load.LoadScheduling.schedule computes it.
    chunk = len(items) // workers // 4
    most = config.getoption("maxschedchunk", None)
    batch = max(min(chunk, most) if most else chunk, 2)
    groups: dict[str, list[pytest.Item]] = {}
    for item in items[:first]:
        groups.setdefault(item.nodeid.split("::")[0] if _shares_a_module(item) else item.nodeid, []).append(item)
    shares: list[list[pytest.Item]] = [[] for _ in range(workers)]
    for k, group in enumerate(groups.values()):
        shares[k % workers] += group
    if max(map(len, shares)) > batch:
        return items
    rest = items[first:]
    out: list[pytest.Item] = []
    for share in shares:
        fill = batch - len(share)
        out += share + rest[:fill]
        rest = rest[fill:]
    return out + rest


def _shares_a_module(item: pytest.Item) -> bool:
    """Whether ``item`` uses a fixture set up once for its module (or class)."""
    info = getattr(item, "_fixtureinfo", None)
    if info is None:
        return False
    return any(d.scope in ("module", "class") for defs in info.name2fixturedefs.values() for d in defs)


@pytest.fixture(autouse=True)
def _cheap_hashes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Argon2id at its cheapest in every test (a sign-up takes a millisecond, not a fifth of a second of CPU);
    a test of the hashing sets its own costs (:func:`servertools.hashes`), and
    ``test_server_api.test_a_room_hashes_with_argon2id_at_the_library_defaults`` checks the room's own."""
    servertools.hashes(monkeypatch, 1, 8)


@pytest.fixture
def play_randomly() -> PlayRandomly:
    """Deal a seeded hand of ``game`` at ``limit`` with random stacks and antes and play it out with random legal
    actions, checking after every action that chips are conserved and no stack is negative
    (:func:`randomplay.play_randomly`)."""
    return randomplay.play_randomly


# The store tests run each case on SQLite and on PostgreSQL (tests/storetools.py); a test module may define its
# own ``store`` fixture over ``store_url``.
@pytest.fixture(params=BACKENDS)
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    with backend_url(request.param, tmp_path) as url:
        yield url


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def store(store_url: str, clock: Clock) -> Iterator[Store]:
    s = Store(store_url, now=clock)
    yield s
    s.close()


@pytest.fixture(scope="session")
def browser_type_launch_args() -> dict[str, object]:
    """pytest-playwright launches Debian's Chromium with these (never a downloaded browser)."""
    from browsertools import CHROMIUM, FLAGS

    if not CHROMIUM.exists():
        pytest.fail("Debian's Chromium is not installed: run `make chromium` (apt-get install chromium)")
    return {"executable_path": str(CHROMIUM), "headless": True, "args": FLAGS}


@pytest.fixture(autouse=True)
def _no_borrowed_event_loop(request: pytest.FixtureRequest) -> Iterator[None]:
    """Run a test that is not a browser test with no event loop running in its thread.  Once a browser test ran in
    a worker, Playwright's loop stays set as the thread's running loop: ``asyncio.run`` is refused there, and a
    Lobby made in plain code starts its tables' actors as tasks on that loop, which are destroyed still pending
    when it closes ("Task was destroyed but it is pending", a table 'Real' or 'actor')."""
    borrowed = asyncio._get_running_loop()
    if borrowed is None or {"browser", "page"} & set(request.fixturenames):
        yield
        return
    asyncio._set_running_loop(None)
    try:
        yield
    finally:
        asyncio._set_running_loop(borrowed)


@pytest.fixture(autouse=True)
def _close_what_a_browser_test_opened(request: pytest.FixtureRequest) -> Iterator[None]:
    """Close the pages (browser contexts) a browser test opened and left open: an open page keeps running its
    timers and socket for the rest of the session, a renderer's share of a core each."""
    if "browser" not in request.fixturenames:
        yield
        return
    browser = request.getfixturevalue("browser")
    before = {id(c) for c in browser.contexts}
    yield
    for context in browser.contexts:
        if id(context) not in before:
            context.close()
