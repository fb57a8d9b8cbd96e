"""Browser test of the operators' page, /admin (issue 20): Debian's Chromium driven by Playwright against a real
server.

A player (pia) sits at a heads-up table with a house bot and folds hand 1; an operator (opal, given the role in the
store) logs in at /admin on a phone's screen (the top bar in one row), sees pia online seated at the table, pauses
it (the row says "paused" and offers Resume only) and resumes it, each answer a sentence in a toast and each row in
the audit log with its action's name, short details and its time in UTC; looks hand 1 up and sees its table, its
number and every card the record dealt, and looks it up again from the audit row's link; sees pia away once her
page is closed; bans pia (the confirm dialog, the audit row, pia gone from the online list); a player who is not an
operator sees "operators only" and a link to the lobby.  Screenshots: ``artifacts/screenshots/admin-*.png``.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from datetime import datetime
from typing import Any

import pytest

from browsertools import PHONE, click_any, join, running_server, shot, sign_up
from pokerroom.room.record_json import record_json
from pokerroom.server import Starter
from pokerroom.store.roles import grant

playwright_sync = pytest.importorskip("playwright.sync_api")

pytestmark = pytest.mark.browser

STARTERS = [Starter("Duo", "holdem", "1/2", "no", bots=1, seats=2)]
PASSWORD = "correct horse"
WAIT = 15_000
"""Milliseconds any one thing may take to show (the machine is shared and slow)."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Any]]:
    db = tmp_path_factory.mktemp("admin") / "room.db"
    with running_server(db, STARTERS, bot_delay=0.05, next_hand_delay=2.0, seed=5) as (base, app):
        yield base, app


def api_sign_up(context: Any, base: str, name: str) -> None:
    """Sign ``name`` up through the API and forget the cookie (the page logs in with its form)."""
    signed = context.request.post(base + "/api/signup", data={"name": name, "password": PASSWORD})
    assert signed.status == 201, signed.text()
    context.clear_cookies()


def log_in_at_admin(context: Any, base: str, name: str) -> Any:
    """Open /admin in ``context`` and log in as ``name`` with the page's form; the page."""
    page = context.new_page()
    page.goto(base + "/admin")
    page.get_by_test_id("login-name").fill(name)
    page.get_by_test_id("login-password").fill(PASSWORD)
    page.get_by_test_id("login-submit").click()
    return page


def first_finished_hand(page: Any, base: str) -> int:
    """Fold (else check) at each of the player's turns until a hand of theirs is over; its id."""
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        done = [h["id"] for h in page.request.get(base + "/api/hands").json() if h["status"] == "complete"]
        if done:
            return int(done[-1])
        click_any(page, ["action-fold", "action-check"])
        page.wait_for_timeout(150)
    raise AssertionError("no hand was over within 20 s")


def test_a_player_who_is_not_an_operator_sees_operators_only(server: tuple[str, Any], browser: Any) -> None:
    base, _app = server
    context = browser.new_context(viewport=PHONE)
    api_sign_up(context, base, "nora")
    page = log_in_at_admin(context, base, "nora")
    denied = page.get_by_test_id("admin-denied")
    playwright_sync.expect(denied).to_be_visible(timeout=WAIT)
    playwright_sync.expect(denied.locator("h2")).to_have_text("Operators only")
    assert page.get_by_test_id("lobby-link").get_attribute("href") == "./"
    assert page.get_by_test_id("admin-view").is_hidden()
    shot(page, "admin-denied")
    page.context.close()


def test_an_operator_pauses_resumes_looks_a_hand_up_and_bans(server: tuple[str, Any], browser: Any) -> None:
    base, app = server
    expect = playwright_sync.expect
    player = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    sign_up(player, base, "pia")
    join(player, "Duo", "pia")
    hand_id = first_finished_hand(player, base)
    assert player.get_by_test_id("admin-link").is_hidden()  # the lobby's link shows to operators only

    context = browser.new_context(viewport=PHONE)
    api_sign_up(context, base, "opal")
    assert grant(app.state.store, "opal")
    page = log_in_at_admin(context, base, "opal")
    page.get_by_test_id("admin-view").wait_for(state="visible", timeout=WAIT)

    bar = [page.locator(f".topbar {s}").bounding_box() for s in (".brand", ".admin-title", "#logout", "#lang-switch")]
    assert max(b["y"] for b in bar if b) - min(b["y"] for b in bar if b) < 12, bar  # one row at 390 px

    online = page.locator('[data-testid="online-row"][data-player="pia"]')
    expect(online.get_by_test_id("online-seated")).to_have_text("#1 Duo", timeout=WAIT)

    row = page.locator('[data-testid="admin-table-row"][data-table="1"]')
    toasts = page.get_by_test_id("toast")
    utc = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$")
    row.get_by_test_id("admin-pause").click()
    said = r"^Table #1 Duo paused(; the hand being played \(id (\d+)\) plays on|; no hand was being played)\.$"
    expect(toasts.filter(has_text=re.compile(said))).to_have_count(1, timeout=WAIT)
    expect(row.get_by_test_id("admin-table-paused")).to_have_text("paused", timeout=WAIT)
    expect(row.get_by_test_id("admin-pause")).to_have_count(0)
    expect(row.get_by_test_id("admin-resume")).to_have_count(1)
    paused = page.locator('[data-testid="audit-row"][data-action="pause"][data-target="1"]')
    expect(paused.get_by_test_id("audit-action")).to_have_text("pause", timeout=WAIT)
    expect(paused.get_by_test_id("audit-when")).to_have_text(utc)
    playing = re.match(said, toasts.filter(has_text=re.compile(said)).inner_text())
    assert playing
    if playing.group(2):  # the paused hand plays on: named as players know it, with its id, in the row and the log
        lobby = next(r for r in page.request.get(base + "/api/tables").json() if r["id"] == 1)
        if lobby["hand_id"] == int(playing.group(2)):
            want = f"hand #{lobby['hand_number']} (id {lobby['hand_id']})"
            expect(row.get_by_test_id("admin-table-hand")).to_have_text(want, timeout=WAIT)
        expect(paused.get_by_test_id("audit-detail")).to_have_text(f"hand being played: id {playing.group(2)}")
    row.get_by_test_id("admin-resume").click()
    expect(toasts.filter(has_text="Table #1 Duo resumed; it deals again.")).to_have_count(1, timeout=WAIT)
    expect(row.get_by_test_id("admin-table-paused")).to_have_count(0, timeout=WAIT)
    expect(row.get_by_test_id("admin-resume")).to_have_count(0)
    resumed = page.locator('[data-testid="audit-row"][data-action="resume"][data-target="1"]')
    expect(resumed.get_by_test_id("audit-action")).to_have_text("resume", timeout=WAIT)

    page.get_by_test_id("admin-hand-id").fill(str(hand_id))
    page.get_by_test_id("admin-hand-submit").click()
    expect(page.get_by_test_id("admin-hand-status")).to_have_text("settled", timeout=WAIT)
    record = record_json(app.state.store.hand_record(hand_id))
    setup = record["setup"]
    started = datetime.fromisoformat(setup["started_at"]).strftime("%Y-%m-%d %H:%M:%S UTC")
    named = f"#{setup['number']} (id {hand_id})"
    expect(page.get_by_test_id("admin-hand-head")).to_have_text(f"Hand {named} at Duo · {started}")
    expect(toasts.filter(has_text=f"Hand {named} at Duo: settled")).to_have_count(1, timeout=WAIT)
    players = [name for _seat, name, _stack in record["setup"]["seats"]]
    assert "pia" in players and len(players) == 2
    for k, name in enumerate(players):
        dealt = [c for e in record["events"] if e["type"] == "deal_hole" and e["seat"] == k for c in e["cards"]]
        shown = page.locator(f'[data-testid="admin-hand-player"][data-player="{name}"] [data-testid="card"]')
        assert len(dealt) == 2
        assert [shown.nth(i).get_attribute("data-card") for i in range(shown.count())] == dealt
    href = page.get_by_test_id("admin-phh").get_attribute("href")
    assert href == f"/api/admin/hands/{hand_id}?format=phh"
    looked = page.locator(f'[data-testid="audit-row"][data-action="hand"][data-target="{hand_id}"]')
    expect(looked).to_have_count(1)
    expect(looked.get_by_test_id("audit-action")).to_have_text("hand lookup")
    expect(looked.get_by_test_id("audit-detail")).to_have_text("as JSON")
    shot(page, "admin-hand")
    page.get_by_test_id("admin-hand-out").evaluate("node => { node.hidden = true; }")
    # Read before the click: the lookup it makes adds a second row that the same locator then matches too.
    expect(looked.get_by_test_id("audit-hand-link")).to_have_text(f"hand id {hand_id}")
    looked.get_by_test_id("audit-hand-link").click()  # the audit row's hand: looked up again
    expect(page.get_by_test_id("admin-hand-out")).to_be_visible(timeout=WAIT)
    expect(looked).to_have_count(2, timeout=WAIT)

    player.close()  # pia's page gone: still seated, away
    expect(online.get_by_test_id("online-seated")).to_have_text("#1 Duo (away)", timeout=WAIT)

    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_test_id("admin-player-name").fill("pia")
    page.get_by_test_id("admin-reason").fill("chip dumping")
    page.get_by_test_id("admin-ban").click()
    ban = page.locator('[data-testid="audit-row"][data-action="ban"][data-target="pia"]')
    expect(ban).to_have_count(1, timeout=WAIT)
    expect(ban.get_by_test_id("audit-action")).to_have_text("ban")
    expect(ban.get_by_test_id("audit-detail")).to_contain_text("reason: chip dumping · 1 session ended")
    banned = "pia is banned; 0 connections closed. They stand up at #1 Duo after the hand they are in."
    expect(toasts.filter(has_text=banned)).to_have_count(1, timeout=WAIT)
    expect(online).to_have_count(0, timeout=WAIT)  # the ban closed pia's socket; the list refreshes every 5 s
    assert [r.get_attribute("data-action") for r in page.get_by_test_id("audit-row").all()][:3] == [
        "ban",
        "hand",
        "hand",
    ]  # newest first
    shot(page, "admin-phone")
    page.set_viewport_size({"width": 1280, "height": 900})
    shot(page, "admin-desktop")

    page.goto(base + "/")  # the lobby shows the operator the way here
    expect(page.get_by_test_id("admin-link")).to_be_visible(timeout=WAIT)
    context.close()
    player.context.close()
