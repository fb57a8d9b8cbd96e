"""Browser test of what a player sees when the room acts on their table (issue 20): Debian's Chromium driven by
Playwright against a real server, on a phone's screen, the operator's actions sent through the admin API.

Pia sits at a heads-up play-chip table with a house bot; the operator voids hand 1 (a toast names it), pauses the
table (the felt says so, with no countdown) and closes it (a lasting message with the chips that went back to her
account, the lobby, no "There is no such table."). A real-money table shows no "Add bots".  Screenshots:
``artifacts/screenshots/room-acts-*.png``.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from browsertools import PHONE, join, running_server, shot, sign_up
from pokerroom.server import Starter
from pokerroom.store.roles import grant

playwright_sync = pytest.importorskip("playwright.sync_api")

pytestmark = pytest.mark.browser

STARTERS = [
    Starter("Duo", "holdem", "1/2", "no", bots=1, seats=2),
    Starter("Cash", "holdem", "1/2", "fixed", bots=0, seats=6, real_money=True),
]
PASSWORD = "correct horse"
WAIT = 15_000
"""Milliseconds any one thing may take to show (the machine is shared and slow)."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Any]]:
    db = tmp_path_factory.mktemp("room-acts") / "room.db"
    with running_server(db, STARTERS, bot_delay=0.05, next_hand_delay=3.0, seed=11) as (base, app):
        yield base, app


def operator(browser: Any, base: str, app: Any) -> Any:
    """A context logged in as the operator opal (the role given in the store): its request client."""
    context = browser.new_context()
    signed = context.request.post(base + "/api/signup", data={"name": "opal", "password": PASSWORD})
    assert signed.status == 201, signed.text()
    assert grant(app.state.store, "opal")
    return context.request


def admin(request: Any, base: str, action: str, body: dict[str, object] | None = None) -> None:
    url = f"{base}/api/admin/tables/1/{action}"
    answer = request.post(url, data=body) if body else request.post(url)
    assert answer.ok, answer.text()


def void_a_hand(page: Any, request: Any, base: str) -> int:
    """Void the hand being played at table 1 (its id from the table's own ``hand_id``), within 30 s; its number.
    The bot may end a hand (a fold) between the look and the void: the void then names a hand no longer played
    (409) and the next hand is tried."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        row = page.request.get(base + "/api/tables/1").json()
        if row["hand_id"] is not None:
            answer = request.post(f"{base}/api/admin/tables/1/void", data={"hand": row["hand_id"]})
            if answer.ok:
                return int(row["hand_number"])
            assert answer.status == 409, answer.text()
        page.wait_for_timeout(100)
    raise AssertionError("no hand of pia's could be voided within 30 s")


def test_a_void_a_pause_and_a_close_are_told_and_a_real_table_has_no_bots_button(
    server: tuple[str, Any], browser: Any
) -> None:
    base, app = server
    expect = playwright_sync.expect
    page = browser.new_context(viewport=PHONE).new_page()
    sign_up(page, base, "pia")
    join(page, "Duo", "pia")
    expect(page.get_by_test_id("add-bots")).to_be_visible()  # a play-chip table takes bots
    op = operator(browser, base, app)

    number = void_a_hand(page, op, base)
    voided = f"Hand #{number} was voided: every chip put in was returned."
    expect(page.get_by_test_id("toast").filter(has_text=voided)).to_have_count(1, timeout=WAIT)
    shot(page, "room-acts-void")

    admin(op, base, "pause")  # within the 3 s before the next deal: nothing is dealt
    expect(page.get_by_test_id("next-deal")).to_have_text("Paused by the room: the next hand waits", timeout=WAIT)
    shot(page, "room-acts-paused")

    before = page.request.get(base + "/api/me").json()["balances"]["play"]
    admin(op, base, "close")  # no hand in play: closed at once, pia cashed out
    lasting = page.get_by_test_id("lasting")
    expect(lasting).to_have_count(1, timeout=WAIT)
    page.get_by_test_id("lobby").wait_for(state="visible", timeout=WAIT)
    back = page.request.get(base + "/api/me").json()["balances"]["play"] - before
    assert back > 0
    expect(lasting).to_have_text(f"This table was closed by the room; your {back:,} chips went back to your account.×")
    expect(page.get_by_test_id("toast").filter(has_text="There is no such table.")).to_have_count(0)
    expect(page.get_by_test_id("balance-play")).to_have_text(f"{before + back:,}", timeout=WAIT)
    page.wait_for_timeout(4700)  # a toast would be gone by now; the message stays until closed
    expect(lasting).to_have_count(1)
    shot(page, "room-acts-closed")
    page.get_by_test_id("lasting-close").click()
    expect(lasting).to_have_count(0)

    page.goto(base + "/#/table/2")  # the real-money table: the server refuses bots there, so no button
    expect(page.get_by_test_id("table-title")).to_have_text("Cash", timeout=WAIT)
    expect(page.get_by_test_id("bots-count")).to_be_hidden()
    expect(page.get_by_test_id("add-bots")).to_be_hidden()
    page.context.close()
