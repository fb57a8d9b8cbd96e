"""Shared test helpers (pytest fixtures)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

import randomplay
from pokerroom.engine import Hand
from pokerroom.games import Game, Limit
from pokerroom.store import Store
from storetools import BACKENDS, Clock, backend_url

PlayRandomly = Callable[[Game, Limit, int], Hand]

RUN_FIRST = (
    "tests/test_room_soak.py",
    "tests/test_room_crash.py::test_sigkill",
    "tests/test_server_actor.py::test_no_message_carries",
    "tests/test_browser",
    "tests/test_games_random_play.py",
    "tests/test_cli_simulate_workers.py",
    "tests/test_games_pokerkit.py",
    "src/pokerroom/equity/__init__.py",
)
"""Node-id prefixes of the longest tests (``pytest --durations``): started first, so that with ``-n 2`` neither
worker is left alone with one of them at the end of the run."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    def rank(item: pytest.Item) -> int:
        node = item.nodeid
        return next((i for i, prefix in enumerate(RUN_FIRST) if node.startswith(prefix)), len(RUN_FIRST))

    items.sort(key=rank)  # stable: the rest keep their order


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
