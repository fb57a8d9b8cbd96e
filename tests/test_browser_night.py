"""Browser tests of the club night (issue 17 item 7): Debian's Chromium driven by Playwright against a real server
on loopback.

Three friends, each in a browser of their own (one a phone, 390x844), go from the invite link to the cash-out sheet:
the host signs up on /night, agrees a short evening of club lowball (2 hands: it ends on the orbit after them), the
others open the link, sign up and take a seat, the host starts, everybody plays by clicking (check, call, stand
pat) and the sheet, who pays whom in kronor, is shown on every screen, with its files.  A second test restarts the
server in the middle of a hand: the page reconnects by itself, the night is back, paused, the hand void, and the
host deals on.  Screenshots are saved in ``artifacts/screenshots/`` (``night-*.png``).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn

from browsertools import click_any, free_port, shot
from pokerroom.server import create_app
from pokerroom.store import Store

playwright_sync = pytest.importorskip("playwright.sync_api")

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}
PASSIVE = ("action-check", "action-call", "action-draw", "action-show")
SEED = 1
"""The server's seed: its first hold'em night deals the host a turn in hand 1, so the hand the restart cuts off is
his first and the void leaves him his 500 chips (at seed 11 he won 5 chips uncontested in hand 1)."""


class Server:
    """A pokerroom server on loopback over a SQLite file, which can be stopped and started again on the same port."""

    def __init__(self, path: Path) -> None:
        self.url = f"sqlite:///{path}"
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.store: Store | None = None
        self.srv: uvicorn.Server | None = None
        self.thread: threading.Thread | None = None

    def start(self) -> None:
        self.store = Store(self.url)
        app = create_app(
            store=self.store,
            starters=(),
            bot_delay=0.05,
            next_hand_delay=0.4,
            seed=SEED,
            night_options={"bust_wait": 5},
        )
        self.srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning"))
        self.thread = threading.Thread(target=self.srv.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.srv.started:
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.05)

    def stop(self) -> None:
        assert self.srv is not None and self.thread is not None and self.store is not None
        self.srv.should_exit = True
        self.thread.join(20)
        self.store.close()


@pytest.fixture(name="server")
def server_fixture(tmp_path: Path) -> Iterator[Server]:
    server = Server(tmp_path / "night.db")
    server.start()
    yield server
    server.stop()


def _shot(page: Any, name: str) -> None:
    shot(page, f"night-{name}")


def _sign_up(page: Any, name: str) -> None:
    page.get_by_test_id("signup-name").fill(name)
    page.get_by_test_id("signup-password").fill("correct horse")
    page.get_by_test_id("signup-submit").click()


def _host(page: Any, base: str, name: str, **fields: str) -> str:
    """``name`` signs up on /night and makes a night of ``fields``; returns the invite link."""
    page.goto(base + "/night")
    _sign_up(page, name)
    page.get_by_test_id("host-form").wait_for()
    for field, value in fields.items():
        box = page.get_by_test_id(f"host-{field}")
        if field == "game":
            box.select_option(value)
        else:
            box.fill(value)
    page.get_by_test_id("host-submit").click()
    page.get_by_test_id("invite-panel").wait_for()
    return str(page.get_by_test_id("invite-url").input_value())


def _click_passive(page: Any) -> bool:
    return click_any(page, PASSIVE)


def _no_sideways_scroll(page: Any) -> None:
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 392, f"the page is {width}px wide on a 390px phone"


def test_three_friends_from_the_invite_link_to_the_cash_out_sheet(server: Server, browser: Any) -> None:
    contexts = [
        browser.new_context(viewport={"width": 1280, "height": 900}),
        browser.new_context(**PHONE),
        browser.new_context(viewport={"width": 1024, "height": 768}),
    ]
    anna, bo, cia = (c.new_page() for c in contexts)
    errors: list[str] = []
    for page in (anna, bo, cia):
        page.on("pageerror", lambda e: errors.append(str(e)))
    link = _host(anna, server.base, "anna", game="club-lowball", hands="2")
    assert "/night/" in link and len(link.rsplit("/", 1)[1]) >= 22
    for page, name in ((bo, "bo"), (cia, "cia")):
        page.goto(link)
        page.get_by_test_id("signup-form").wait_for()
        _sign_up(page, name)
        page.get_by_test_id("take-seat").click()
        page.get_by_test_id("stand-up").wait_for()
    anna.locator('[data-testid="waiting-player"][data-player="cia"]').wait_for()
    assert not bo.get_by_test_id("start-night").is_visible()  # only the host starts
    _no_sideways_scroll(bo)
    _shot(bo, "phone-waiting")
    anna.get_by_test_id("start-night").click()

    pages = (anna, bo, cia)
    seen_own_cards = False
    deadline = time.monotonic() + 90
    while not all(p.get_by_test_id("sheet-panel").is_visible() for p in pages):
        assert time.monotonic() < deadline, "the evening did not end"
        clicked = False
        for page in pages:
            if not seen_own_cards and page is bo and bo.get_by_test_id("action-bar").is_visible():
                # on the phone: the action bar fits, bo's cards face up, the others' face down
                box = bo.get_by_test_id("action-bar").bounding_box()
                assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 392
                mine = bo.locator('[data-testid="seat"][data-player="bo"] [data-testid="card"]')
                theirs = bo.locator('[data-testid="seat"][data-player="anna"] [data-testid="card"]')
                if mine.count() == 5 and theirs.count() == 5:
                    assert "??" not in [c.get_attribute("data-card") for c in mine.all()]
                    assert {c.get_attribute("data-card") for c in theirs.all()} == {"??"}
                    _no_sideways_scroll(bo)
                    _shot(bo, "phone-turn")
                    seen_own_cards = True
            clicked = _click_passive(page) or clicked
        if not clicked:
            anna.wait_for_timeout(50)
    assert seen_own_cards

    texts = []
    for page, name in zip(pages, ("anna", "bo", "cia"), strict=True):
        sheet = page.get_by_test_id("sheet-panel")
        assert page.get_by_test_id("night-phase").inner_text() == "ended"
        assert page.get_by_test_id("sheet-row").count() == 3
        assert "0,00 kr" in sheet.locator("tfoot").inner_text()  # the nets sum to zero
        texts.append(page.get_by_test_id("sheet-transfers").inner_text())
        assert all(" pays " in line and line.endswith(" kr") for line in texts[-1].splitlines()) or (
            texts[-1] == "No transfers needed: everyone is even."
        )
        _shot(page, f"sheet-{name}")
    assert texts[0] == texts[1] == texts[2]
    _no_sideways_scroll(bo)
    href = bo.get_by_test_id("sheet-csv").get_attribute("href")
    csv = bo.request.get(server.base + href)
    assert csv.status == 200 and csv.text().startswith("player,deals,chips_bought")
    assert (
        bo.request.get(server.base + bo.get_by_test_id("sheet-json").get_attribute("href")).json()["totals"]["net_ore"]
        == 0
    )
    assert not errors, errors
    for c in contexts:
        c.close()


def test_the_page_reconnects_after_a_restart_mid_hand(server: Server, browser: Any) -> None:
    context = browser.new_context(**PHONE)
    page = context.new_page()
    _host(page, server.base, "hugo", game="club-holdem", hands="40", bots="2")
    page.get_by_test_id("start-night").click()
    page.get_by_test_id("action-bar").wait_for(state="visible", timeout=20_000)
    number = page.get_by_test_id("night-sub").inner_text().rsplit("hand ", 1)[1]
    server.stop()
    page.get_by_test_id("conn-status").wait_for(state="visible")  # "reconnecting…"
    server.start()
    page.wait_for_function(
        "() => document.querySelector('[data-testid=night-phase]').textContent === 'paused'", timeout=30_000
    )
    log = page.get_by_test_id("night-log").inner_text()
    assert f"Hand {number} was cut off" in log and "RULES §3.8" in log
    assert page.get_by_test_id("conn-status").is_hidden()
    chips = page.locator('[data-testid="standing"][data-player="hugo"] td').nth(3).inner_text()
    assert chips == "500"  # the void hand's chips are back
    _shot(page, "phone-after-restart")
    page.get_by_test_id("deal").click()
    page.get_by_test_id("action-bar").wait_for(state="visible", timeout=20_000)
    context.close()
