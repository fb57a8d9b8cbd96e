"""The replayer in the browser (issue 18 item 4): alice plays a hand of hold'em against a bot to the end, the
"This hand" log speaks in names ("alice: posts small blind 1"), she opens its replay from the hand-history panel,
steps with replay-next to the end where the seats' stacks are the hand's final stacks, steps back, jumps to a
street, and copies the PokerStars-style text (a <pre> of "name: " lines).  Screenshots: replay-start, replay-end,
replay-log."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import pytest

from browsertools import PASSIVE, click_any, join, running_server, shot, sign_up
from pokerroom.server import Starter

playwright_sync = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.browser

STARTERS = [Starter("Replay", "holdem", "1/2", "no", bots=1, seats=2)]
LOG_LINE = re.compile(r"^(alice|bot\S*|\S+): |^\*\*\* |^Dealt to |^Uncalled bet |^\S+ collected ")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("replay") / "room.db"
    with running_server(db, STARTERS, bot_delay=0.05, next_hand_delay=1.0, seed=7, bot_kind="calling") as (base, _):
        yield base


def play_until_a_hand_is_over(page: Any) -> None:
    """Click check / call until the history lists a hand that is over (its replay link)."""
    deadline = time.monotonic() + 60
    link = page.get_by_test_id("replay-link")
    while not link.count():
        assert time.monotonic() < deadline, "no hand finished within a minute"
        if not click_any(page, PASSIVE):
            page.wait_for_timeout(100)


def seat_stacks(page: Any) -> dict[str, int]:
    out = {}
    for seat in page.locator('[data-testid="seat"].seat-taken').all():
        stack = seat.get_by_test_id("seat-stack").inner_text()
        out[seat.get_attribute("data-seat")] = int(stack.replace(",", ""))
    return out


def test_play_a_hand_then_replay_it_step_by_step(browser: Any, server: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server)
    page = context.new_page()
    page.set_default_timeout(15_000)
    sign_up(page, server, "alice")
    join(page, "Replay", "alice")
    play_until_a_hand_is_over(page)

    # the log is written in names, in the text history's shapes
    lines = [x.strip() for x in page.get_by_test_id("event").all_inner_texts()]
    assert lines and all(LOG_LINE.match(x) for x in lines), lines
    assert any(x.startswith("alice: posts ") for x in lines), lines
    assert not any(x.startswith("Seat ") for x in lines)
    shot(page, "replay-log")

    link = page.get_by_test_id("replay-link").last  # the oldest listed: hand #1
    hand_id = link.evaluate("a => a.closest('[data-hand-id]').dataset.handId")
    table = page
    with context.expect_page() as opened:
        link.click()  # the replay opens in a tab of its own: the table stays, its seat and blinds untouched
    page = opened.value
    assert table.get_by_test_id("table-view").is_visible()
    page.get_by_test_id("replay-view").wait_for(state="visible")
    counter = page.get_by_test_id("replay-counter")
    counter.wait_for(state="visible")
    page.wait_for_function("() => /^Step 1 of/.test(document.getElementById('replay-counter').textContent)")
    data = page.request.get(f"{server}/api/hands/{hand_id}").json()
    total = len(data["steps"])
    assert counter.inner_text() == f"Step 1 of {total}"
    assert page.get_by_test_id("replay-prev").is_disabled()
    assert "The hand is dealt." in page.get_by_test_id("replay-line").inner_text()
    assert page.locator("#replay-felt-slot #felt").count() == 1  # the felt, drawn by the table's renderers
    first = data["steps"][0]
    assert seat_stacks(page) == {str(p["seat"]): p["stack"] for p in first["players"]}
    shot(page, "replay-start")

    for k in range(2, total + 1):
        page.get_by_test_id("replay-next").click()
        assert counter.inner_text() == f"Step {k} of {total}"
    assert page.get_by_test_id("replay-next").is_disabled()
    assert seat_stacks(page) == {seat: chips for seat, chips in data["final_stacks"].items()}
    # the last step tells the result as the live felt does: the winner, the amount, the hand
    winner = data["summary"][0]
    result = page.get_by_test_id("felt-result")
    assert result.is_visible() and result.inner_text().startswith(f"{winner['player']} wins {winner['amount']}")
    shot(page, "replay-end")

    page.get_by_test_id("replay-prev").click()
    assert counter.inner_text() == f"Step {total - 1} of {total}"
    assert seat_stacks(page) == {str(p["seat"]): p["stack"] for p in data["steps"][total - 2]["players"]}
    streets = page.get_by_test_id("replay-street")
    assert [s["name"] for s in data["streets"]] == ["preflop", "flop", "turn", "river"]  # a calling station
    assert streets.all_inner_texts() == ["Preflop", "Flop", "Turn", "River"]
    streets.nth(1).click()
    flop = data["streets"][1]["step"]
    assert counter.inner_text() == f"Step {flop + 1} of {total}"
    assert page.get_by_test_id("board").get_by_test_id("card").count() == 3
    assert re.search(r"(^| · )\*\*\* FLOP \*\*\* \[\S\S \S\S \S\S\]$", page.get_by_test_id("replay-line").inner_text())
    streets.first.click()
    assert counter.inner_text() == f"Step 1 of {total}"
    assert page.get_by_test_id("felt-result").is_hidden()

    text = page.get_by_test_id("replay-text").inner_text()
    assert text.startswith(f"PokerStars Hand #{hand_id}:  Hold'em No Limit (1/2)")
    assert re.search(r"^alice: (posts|checks|calls|folds|bets|raises)", text, re.M)
    assert "Seat 0" not in text and text == data["text"]
    page.get_by_test_id("replay-copy").click()
    page.get_by_test_id("toast").first.wait_for()
    copied = page.evaluate("() => navigator.clipboard.readText().catch(() => window.getSelection().toString())")
    assert "alice: " in copied
    download = page.get_by_test_id("replay-download")
    assert download.get_attribute("href") == f"/api/hands/{hand_id}/text"

    page.get_by_test_id("replay-back-table").click()
    page.get_by_test_id("table-view").wait_for(state="visible")
    assert page.locator(".table-main #felt").count() == 1  # the felt is back in the table view
    context.close()
