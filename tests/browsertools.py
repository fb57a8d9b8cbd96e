"""Shared helpers of the browser tests: a real server on loopback in a thread, Debian's Chromium's launch flags,
screenshots under ``artifacts/screenshots/``, and the steps every test takes (sign up, join a lobby row, click a
visible button).  Test modules import these; ``conftest.py`` gives pytest-playwright the launch arguments."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import uvicorn

from pokerroom.server import Starter, create_app
from pokerroom.store import Store

CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = Path(__file__).resolve().parent.parent / "artifacts" / "screenshots"
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE = {"width": 390, "height": 844}
"""A phone's screen in CSS pixels (iPhone 12-14)."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def running_server(db: Path, starters: Sequence[Starter], **options: Any) -> Iterator[tuple[str, Any]]:
    """A pokerroom server over a SQLite store at ``db`` with ``starters`` (``options`` go to ``create_app``);
    yields its base URL and the app."""
    store = Store(f"sqlite:///{db}")
    app = create_app(store=store, starters=starters, **options)
    try:
        with serving(app) as port:
            yield f"http://127.0.0.1:{port}", app
    finally:
        store.close()


@contextmanager
def serving(app: Any, port: int | None = None) -> Iterator[int]:
    """The ASGI ``app`` served by uvicorn on 127.0.0.1 in a thread (at ``port``, else a free one) until the block
    ends; yields the port."""
    # The socket is bound here and handed to uvicorn: a port found free and bound later may be taken meanwhile
    # (a browser's or client's outgoing connections draw from the same ephemeral range).
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", port or 0))
    port = int(sock.getsockname()[1])
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=srv.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 60
    while not srv.started:
        assert thread.is_alive(), f"the server stopped while starting (port {port}): see its log above"
        assert time.monotonic() < deadline, "the server did not start in 60 s"
        time.sleep(0.05)
    try:
        yield port
    finally:
        srv.should_exit = True
        thread.join(20)


def shot(page: Any, name: str, *, full_page: bool = True) -> Path:
    """Save a screenshot of ``page`` as ``artifacts/screenshots/NAME.png``; returns its path."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page)
    return path


def sign_up(page: Any, base: str, name: str, password: str = "correct horse") -> None:
    """Open ``base``, sign up as ``name`` and wait for the lobby."""
    page.goto(base + "/")
    page.get_by_test_id("signup-name").fill(name)
    page.get_by_test_id("signup-password").fill(password)
    page.get_by_test_id("signup-submit").click()
    page.get_by_test_id("lobby").wait_for(state="visible")


def join(page: Any, table: str, name: str) -> int:
    """Join the lobby row named ``table``, sit in the first empty seat with the default buy-in; returns the seat."""
    row = page.get_by_test_id("table-row").filter(has_text=table).first
    row.wait_for()
    row.get_by_test_id("join-table").click()
    page.get_by_test_id("table-view").wait_for(state="visible")
    sit = page.get_by_test_id("sit-button").first
    sit.wait_for(state="visible")
    seat = int(sit.evaluate("b => b.closest('[data-seat]').dataset.seat"))
    sit.click()
    page.get_by_test_id("buyin-confirm").click()
    page.locator(f'[data-testid="seat"][data-seat="{seat}"]').filter(has_text=name).wait_for(timeout=10_000)
    return seat


def click_any(page: Any, testids: Sequence[str]) -> bool:
    """Click the first visible, enabled button of ``testids``; the bar is redrawn on every state, so a button
    found may be gone a moment later: then nothing is clicked."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    for testid in testids:
        button = page.locator(f'[data-testid="{testid}"]:visible:enabled')
        if button.count():
            try:
                button.first.click(timeout=1000)
            except PlaywrightTimeout:
                return False
            return True
    return False


PASSIVE = ("action-check", "action-call", "action-draw", "action-bring-in", "action-show")
"""The buttons a passive player clicks: check, call, stand pat or discard, bring in, show."""
