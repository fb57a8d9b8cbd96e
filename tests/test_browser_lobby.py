"""Browser tests of the lobby (issue 18 item 6): Debian's Chromium driven by Playwright against a real server.

The table list filtered by game and sorted by stakes (row order checked, aria-sort on the header), the filters kept
over a reload; the create-table form's defaults (no-limit hold'em 1/2) and its limit select following the game;
and the waiting list with two players in browsers of their own: Bob joins the list of a full heads-up table, Alice
leaves it, Bob is offered the seat in the lobby and takes it through the buy-in.  Screenshots:
``artifacts/screenshots/lobby-*.png``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from browsertools import join, running_server, shot, sign_up
from pokerroom.server import Starter

playwright_sync = pytest.importorskip("playwright.sync_api")

pytestmark = pytest.mark.browser

STARTERS = [
    Starter("Alpha", "holdem", "5/10", "no", bots=0, seats=6),
    Starter("Bravo stud", "stud", "10/20", "fixed", bots=0, seats=None),
    Starter("Charlie", "holdem", "1/2", "no", bots=0, seats=6),
    Starter("Delta", "holdem", "2/4", "no", bots=0, seats=6),
    Starter("Duo", "holdem", "1/2", "no", bots=1, seats=2),
]
WAIT = 15_000
"""Milliseconds any one thing may take to show (the machine is shared and slow)."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("lobby") / "room.db"
    with running_server(db, STARTERS, bot_delay=0.05, next_hand_delay=1.0, seed=3) as (base, _app):
        yield base


def _names(page: Any) -> list[str]:
    return [n.strip() for n in page.locator('[data-testid="table-row"] td.t-name').all_text_contents()]


def _wait_names(page: Any, want: list[str]) -> None:
    page.wait_for_function(
        "want => JSON.stringify([...document.querySelectorAll('[data-testid=table-row] td.t-name')]"
        ".map(td => td.textContent.trim())) === JSON.stringify(want)",
        arg=want,
        timeout=WAIT,
    )


def test_filter_by_game_and_sort_by_stakes(server: str, browser: Any) -> None:
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    sign_up(page, server, "fiona")
    _wait_names(page, ["Alpha", "Bravo stud", "Charlie", "Delta", "Duo"])
    page.get_by_test_id("lobby-filter-game").select_option("holdem")
    _wait_names(page, ["Alpha", "Charlie", "Delta", "Duo"])
    page.get_by_test_id("lobby-sort-stakes").click()  # ascending: big blinds 2, 2, 4, 10 (ties by table id)
    _wait_names(page, ["Charlie", "Duo", "Delta", "Alpha"])
    stakes_head = page.locator('th[data-sort="stakes"]')
    assert stakes_head.get_attribute("aria-sort") == "ascending"
    assert page.locator('th[data-sort="name"]').get_attribute("aria-sort") == "none"
    page.get_by_test_id("lobby-sort-stakes").click()
    _wait_names(page, ["Alpha", "Delta", "Charlie", "Duo"])
    assert stakes_head.get_attribute("aria-sort") == "descending"
    page.get_by_test_id("lobby-filter-stakes").select_option("2")
    _wait_names(page, ["Charlie", "Duo"])
    page.get_by_test_id("lobby-filter-stakes").select_option("")
    page.get_by_test_id("lobby-hide-full").check()  # Duo: its bot and nobody else, 1 of 2 seats; stays
    page.get_by_test_id("lobby-hide-empty").check()  # the tables nobody sits at go
    _wait_names(page, ["Duo"])
    page.get_by_test_id("lobby-hide-empty").uncheck()
    _wait_names(page, ["Alpha", "Delta", "Charlie", "Duo"])
    row = page.get_by_test_id("table-row").filter(has_text="Alpha")
    assert [row.get_by_test_id(t).inner_text() for t in ("stat-avg-pot", "stat-players-flop", "stat-hands-hour")] == [
        "—",
        "—",
        "0",
    ]
    shot(page, "lobby-filtered")
    page.reload()  # the filters and the sort are remembered
    _wait_names(page, ["Alpha", "Delta", "Charlie", "Duo"])
    assert page.get_by_test_id("lobby-filter-game").input_value() == "holdem"
    assert page.locator('th[data-sort="stakes"]').get_attribute("aria-sort") == "descending"
    page.close()


def test_create_table_defaults_to_no_limit_holdem(server: str, browser: Any) -> None:
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    sign_up(page, server, "gus")
    game = page.get_by_test_id("create-game")
    playwright_sync.expect(game).to_have_value("holdem", timeout=WAIT)
    assert page.get_by_test_id("create-limit").input_value() == "no"
    assert page.get_by_test_id("create-stakes").input_value() == "1/2"
    shot(page, "lobby-create-defaults")
    game.select_option("stud")  # the limit select follows the game: stud's limits, fixed first
    limits = page.get_by_test_id("create-limit").locator("option")
    assert [o.get_attribute("value") for o in limits.all()] == ["fixed", "pot", "no"]
    assert page.get_by_test_id("create-limit").input_value() == "fixed"
    page.close()


def test_the_first_in_line_is_offered_a_freed_seat(server: str, browser: Any) -> None:
    alice = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    bob = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    sign_up(alice, server, "alice")
    sign_up(bob, server, "bob")
    seat = join(alice, "Duo", "alice")  # Duo is full: its bot and Alice
    duo = bob.get_by_test_id("table-row").filter(has_text="Duo")
    duo.get_by_test_id("waitlist-join").click(timeout=WAIT)
    playwright_sync.expect(duo.get_by_test_id("waitlist-place")).to_have_text("1st in line", timeout=WAIT)
    shot(bob, "lobby-waitlist-joined")
    assert bob.get_by_test_id("waitlist-offer").is_hidden()

    alice.get_by_test_id("leave").click()  # she folds at her turns and stands when the hand is over
    offer = bob.get_by_test_id("waitlist-offer")
    offer.wait_for(state="visible", timeout=30_000)
    text = bob.get_by_test_id("waitlist-offer-text").inner_text()
    # the page counts seats from 1, as the hand text does; the protocol counts from 0
    assert f"A seat is free at Duo: seat {seat + 1} is held for you for" in text
    shot(bob, "lobby-waitlist-offer")

    bob.get_by_test_id("waitlist-take").click()
    bob.get_by_test_id("table-view").wait_for(state="visible")
    bob.get_by_test_id("buyin-dialog").wait_for(state="visible", timeout=WAIT)
    bob.get_by_test_id("buyin-confirm").click()
    bob.locator(f'[data-testid="seat"][data-seat="{seat}"]').filter(has_text="bob").wait_for(timeout=WAIT)
    offer.wait_for(state="hidden", timeout=WAIT)  # seated: off the list, the notice gone
    shot(bob, "lobby-waitlist-seated")
    alice.close()
    bob.close()
