"""Browser tests (issue 6): Debian's Chromium driven by Playwright against a real server on loopback.

A user signs up, joins a table of hold'em, of stud and of five-card draw, plays hands to a showdown by clicking
and the page is checked: own cards face up, others' down cards as backs, the board, the dealer button or box,
results naming the winners, the hand history with its PHH download, and the table at phone width.  Screenshots
are saved in ``artifacts/screenshots/`` (make test installs Chromium from Debian's packages; never a download).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from browsertools import PASSIVE, click_any, join, running_server, shot, sign_up
from pokerroom.formats.phh import loads
from pokerroom.server import Starter

playwright_sync = pytest.importorskip("playwright.sync_api")

pytestmark = pytest.mark.browser

STARTERS = [
    Starter("Hold'em", "holdem", "1/2", "no", bots=2, seats=4),
    Starter("Stud", "stud", "2/4", "fixed", bots=2, seats=3),
    Starter("Draw", "five-card-draw", "1/2", "fixed", bots=2, seats=3),
]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("browser") / "room.db"
    with running_server(db, STARTERS, bot_delay=0.05, next_hand_delay=2.5, seed=11) as (base, _app):
        yield base


_SHOWDOWN_JS = """() => [...document.querySelectorAll('[data-testid="result"]')]
  .some(r => r.querySelectorAll('[data-testid="result-shown"]').length >= 2)"""


def _play_to_showdown(page: Any, seconds: float = 60.0) -> int:
    """Click passive actions (check, call, stand pat, bring in, show) until a hand ends in a showdown of two or
    more hands; returns the clicks made."""
    clicks = 0
    deadline = time.monotonic() + seconds
    while not page.evaluate(_SHOWDOWN_JS):
        assert time.monotonic() < deadline, "no showdown reached in time"
        if click_any(page, PASSIVE):
            clicks += 1
        else:
            page.wait_for_timeout(50)
    return clicks


def _leave(page: Any, name: str) -> None:
    """Click Leave and wait until the seat is given up (after the hand, if one is being played)."""
    page.get_by_test_id("leave").click()
    page.wait_for_function(
        "n => ![...document.querySelectorAll('[data-testid=seat]')].some(s => s.textContent.includes(n))",
        arg=name,
        timeout=30_000,
    )


def _cards(page: Any, seat: int) -> list[str]:
    seat_el = page.locator(f'[data-testid="seat"][data-seat="{seat}"]')
    return [c.get_attribute("data-card") for c in seat_el.get_by_test_id("card").all()]


def test_sign_up_and_play_holdem_to_a_showdown(server: str, browser: Any) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    sign_up(page, server, "hanna")
    assert page.get_by_test_id("balance-play").inner_text().replace(",", "") == "10000"
    page.get_by_test_id("table-row").nth(2).wait_for()
    assert page.get_by_test_id("table-row").count() == 3
    shot(page, "lobby")
    seat = join(page, "Hold'em", "hanna")
    clicks = _play_to_showdown(page)
    assert clicks >= 1
    shot(page, "holdem-showdown")
    mine = _cards(page, seat)
    assert len(mine) == 2 and "??" not in mine
    results = page.get_by_test_id("results").inner_text()
    assert "Pot" in results and "hanna" in results
    page.get_by_test_id("phh-link").first.wait_for(timeout=10_000)
    href = page.get_by_test_id("phh-link").first.get_attribute("href")
    text = page.request.get(server + href).text()
    hand = loads(text)[0]
    assert hand.variant == "NT" and any(a.startswith("d dh") for a in hand.actions)
    _leave(page, "hanna")
    page.close()


def test_stud_shows_up_cards_and_the_dealer_box(server: str, browser: Any) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    sign_up(page, server, "stina")
    seat = join(page, "Stud", "stina")
    page.get_by_test_id("action-bar").wait_for(state="visible", timeout=20_000)
    up = page.locator('[data-testid="card"][data-up="true"]')
    up.first.wait_for(timeout=10_000)
    # Every player still in the hand shows a door card face up (a folded player's cards are gone).
    live = page.locator('[data-testid="seat"][data-player]:not(.seat-folded)').count()
    assert live >= 2 and up.count() >= live
    assert page.get_by_test_id("dealer-button").first.inner_text().strip().lower() in ("box", "dealer box")
    _play_to_showdown(page)
    shot(page, "stud-showdown")
    mine = _cards(page, seat)
    assert len(mine) >= 3 and "??" not in mine
    _leave(page, "stina")
    page.close()


def test_draw_discards_by_clicking_cards(server: str, browser: Any) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    sign_up(page, server, "dagny")
    seat = join(page, "Draw", "dagny")
    draw = page.locator('[data-testid="action-draw"]:visible:enabled')
    deadline = time.monotonic() + 60
    while not draw.count():
        assert time.monotonic() < deadline, "never reached the draw"
        if not click_any(page, ("action-check", "action-call")):
            page.wait_for_timeout(50)
    before = _cards(page, seat)
    seat_el = page.locator(f'[data-testid="seat"][data-seat="{seat}"]')
    seat_el.get_by_test_id("card").nth(0).click()
    seat_el.get_by_test_id("card").nth(1).click()
    assert "2" in draw.first.inner_text()  # "Discard 2"
    shot(page, "draw-choosing")
    draw.first.click()
    page.wait_for_function(
        "([s, c]) => { const el = document.querySelector(`[data-testid=seat][data-seat='${s}']`);"
        " return el && [...el.querySelectorAll('[data-testid=card]')].map(x => x.dataset.card).join() !== c; }",
        arg=[seat, ",".join(before)],
        timeout=10_000,
    )
    after = _cards(page, seat)
    assert len(after) == 5 and after[2:] != [] and set(before[2:]) <= set(after)
    assert not {before[0], before[1]} <= set(after)
    _play_to_showdown(page)
    shot(page, "draw-showdown")
    _leave(page, "dagny")
    page.close()


def test_the_table_fits_a_phone(server: str, browser: Any) -> None:
    context = browser.new_context(viewport={"width": 360, "height": 740})
    page = context.new_page()
    sign_up(page, server, "pia")
    join(page, "Hold'em", "pia")
    page.get_by_test_id("action-bar").wait_for(state="visible", timeout=30_000)
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 362, f"the page is {width}px wide at a 360px screen"
    box = page.get_by_test_id("action-bar").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 362
    shot(page, "phone-table")
    context.close()
