"""Browser tests of the table chat (issue 18 item 7): Debian's Chromium driven by Playwright against a real server.

Two players, each in a browser of their own, talk at a heads-up table: HTML typed into the chat shows as the
literal text on the other screen (never as markup, never run), the table's hotkeys ignore keys typed into the chat
input, a mute hides a player's messages until unmuted.  A spectator who is an operator (made so in the store) reads
with the input disabled, removes a message for everyone and mutes a player for 10 minutes, whose next attempt says
until when.  Screenshots: ``artifacts/screenshots/chat*.png``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from browsertools import PHONE, running_server, shot, sign_up
from pokerroom.server import Starter
from pokerroom.store.roles import OPERATOR, grant

playwright_sync = pytest.importorskip("playwright.sync_api")

pytestmark = pytest.mark.browser

STARTERS = [
    Starter("Talk", "holdem", "1/2", "no", bots=0, seats=2),
    Starter("Moderated", "holdem", "1/2", "no", bots=0, seats=3),
]
WAIT = 15_000
"""Milliseconds any one thing may take to show (the machine is shared and slow)."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Any]]:
    db = tmp_path_factory.mktemp("chat") / "room.db"
    with running_server(db, STARTERS, bot_delay=0.05, next_hand_delay=1.0, seed=5) as (base, app):
        yield base, app


def _open(page: Any, table: str, *, sit: bool) -> None:
    """From the lobby into table ``table``: sat in the first empty seat with the default buy-in, or watching."""
    row = page.get_by_test_id("table-row").filter(has_text=table).first
    row.get_by_test_id("join-table").click()
    page.get_by_test_id("table-view").wait_for(state="visible")
    if sit:
        sit_button = page.get_by_test_id("sit-button").first
        sit_button.wait_for(state="visible", timeout=WAIT)
        sit_button.click()
        page.get_by_test_id("buyin-confirm").click()
        page.get_by_test_id("chat-input").wait_for(state="visible")
        playwright_sync.expect(page.get_by_test_id("chat-input")).to_be_enabled(timeout=WAIT)


def _show_chat(page: Any) -> None:
    """On a phone the side panels are tabs: choose the chat's."""
    tab = page.get_by_test_id("panel-tab").filter(has_text="Chat")
    if tab.count() and tab.first.is_visible():
        tab.first.click()
    page.get_by_test_id("chat-panel").wait_for(state="visible")


def _say(page: Any, text: str) -> None:
    page.get_by_test_id("chat-input").fill(text)
    page.get_by_test_id("chat-send").click()


def _say_through(page: Any, text: str) -> None:
    """Say ``text`` and see it come back; refused for the rate limit (3 at once, then one every 2 s), the text is
    put back in the input and sent again once the wait is over."""
    _say(page, text)
    mine, note = _message(page, text), page.get_by_test_id("chat-note")
    playwright_sync.expect(mine.or_(note.filter(has_text="Too many messages"))).to_be_visible(timeout=WAIT)
    if not mine.count():
        playwright_sync.expect(page.get_by_test_id("chat-input")).to_have_value(text)
        page.wait_for_timeout(2100)  # the rule's own wait: one message every 2 s
        page.get_by_test_id("chat-send").click()
        mine.wait_for(timeout=WAIT)


def _texts(page: Any) -> list[str]:
    return [str(t) for t in page.get_by_test_id("chat-text").all_text_contents()]


def _message(page: Any, text: str) -> Any:
    text_node = page.get_by_test_id("chat-text").get_by_text(text, exact=True)
    return page.get_by_test_id("chat-message").filter(has=text_node)


def _pages(browser: Any, base: str, names: list[str], sizes: list[dict[str, Any]]) -> tuple[list[Any], list[str]]:
    errors: list[str] = []
    pages = []
    for name, size in zip(names, sizes, strict=True):
        page = browser.new_context(viewport=size).new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on("dialog", lambda d: errors.append(f"a dialog opened: {d.message}"))
        sign_up(page, base, name)
        pages.append(page)
    return pages, errors


def test_html_is_shown_as_text_hotkeys_ignore_the_input_and_a_mute_hides(server: tuple[str, Any], browser: Any) -> None:
    base, _app = server
    (alice, bob), errors = _pages(browser, base, ["alice", "bob"], [{"width": 1280, "height": 900}] * 2)
    for page in (alice, bob):
        _open(page, "Talk", sit=True)
        _show_chat(page)
    _say(alice, "<b>hi</b>")
    _message(bob, "<b>hi</b>").wait_for(timeout=WAIT)
    _say(alice, "<img src=x onerror=alert(1)>")
    _message(bob, "<img src=x onerror=alert(1)>").wait_for(timeout=WAIT)
    shown = bob.get_by_test_id("chat-messages")
    assert shown.locator("b, img").count() == 0  # text, not markup
    assert _texts(bob) == ["<b>hi</b>", "<img src=x onerror=alert(1)>"]
    first = bob.get_by_test_id("chat-message").first
    assert first.locator(".chat-name").text_content() == "alice"
    assert first.locator("time").get_attribute("datetime", timeout=WAIT).endswith("Z")
    shot(bob, "chat")

    # Heads-up, somebody is to act: F, C, K and R typed into the chat are text, never a fold, call, check or raise.
    bar = "[data-testid=action-bar]:visible"
    to_act = None
    for _ in range(60):  # the deal comes a second after both sit
        to_act = next((p for p in (alice, bob) if p.locator(bar).count()), None)
        if to_act is not None:
            break
        alice.wait_for_timeout(250)
    assert to_act is not None, "no hand was dealt"
    other = bob if to_act is alice else alice
    events = to_act.get_by_test_id("event-log").locator("li").count()
    to_act.get_by_test_id("chat-input").click()
    to_act.keyboard.type("fckr")
    to_act.keyboard.press("Enter")
    _message(other, "fckr").wait_for(timeout=WAIT)
    assert to_act.locator(bar).count() == 1  # still to act: no key reached the bar
    assert to_act.get_by_test_id("event-log").locator("li").count() == events
    shot(to_act, "chat-hotkeys-ignored")

    # bob mutes alice: her messages go from his screen, new ones do not come, until he unmutes her.
    _message(bob, "<b>hi</b>").get_by_test_id("chat-mute").click()
    playwright_sync.expect(bob.get_by_test_id("chat-unmute")).to_have_text("Unmute alice", timeout=WAIT)
    assert "<b>hi</b>" not in _texts(bob)
    assert _message(alice, "<b>hi</b>").get_by_test_id("chat-mute").count() == 0  # never on your own
    _say_through(alice, "can you hear me")
    _say_through(bob, "quiet now")  # sent after alice's: hers would have come first
    assert "can you hear me" not in _texts(bob)
    shot(bob, "chat-muted")
    bob.get_by_test_id("chat-unmute").click()
    _message(bob, "can you hear me").wait_for(timeout=WAIT)
    assert _texts(bob)[:2] == ["<b>hi</b>", "<img src=x onerror=alert(1)>"]
    assert not errors, errors


def test_a_spectator_operator_reads_removes_and_mutes(server: tuple[str, Any], browser: Any) -> None:
    base, app = server
    (cleo, dan, olga), errors = _pages(
        browser, base, ["cleo", "dan", "olga"], [{"width": 1280, "height": 900}] * 2 + [PHONE]
    )
    grant(app.state.store, "olga", OPERATOR)
    for page in (cleo, dan):
        _open(page, "Moderated", sit=True)
        _show_chat(page)
    _say(cleo, "buy chips at example.com")
    _say(dan, "no thanks")
    _open(olga, "Moderated", sit=False)
    _show_chat(olga)
    _message(olga, "no thanks").wait_for(timeout=WAIT)
    playwright_sync.expect(olga.get_by_test_id("chat-input")).to_be_disabled()
    playwright_sync.expect(olga.get_by_test_id("chat-spectator")).to_be_visible()
    assert olga.get_by_test_id("chat-remove").count() == 2 and olga.get_by_test_id("chat-op-mute").count() == 2
    assert cleo.get_by_test_id("chat-remove").count() == 0 and dan.get_by_test_id("chat-op-mute").count() == 0
    shot(olga, "chat-spectator-operator")

    _message(olga, "buy chips at example.com").get_by_test_id("chat-remove").click()
    for page in (cleo, dan, olga):
        playwright_sync.expect(page.get_by_test_id("chat-text")).to_have_text(["no thanks"], timeout=WAIT)
    shot(dan, "chat-removed")

    _message(olga, "no thanks").get_by_test_id("chat-op-mute").click()
    playwright_sync.expect(dan.get_by_test_id("chat-note")).to_contain_text("An operator muted you in the chat until")
    _say(dan, "why?")
    playwright_sync.expect(dan.get_by_test_id("chat-note")).to_contain_text("An operator muted you in the chat until")
    playwright_sync.expect(dan.get_by_test_id("chat-input")).to_have_value("why?")  # kept, to send later
    playwright_sync.expect(olga.get_by_test_id("chat-note")).to_contain_text("dan cannot chat until")
    assert _texts(cleo) == ["no thanks"]
    shot(dan, "chat-operator-mute")
    assert not errors, errors
