"""The page in each of its four languages (issue 18 item 8): a browser whose language is Swedish, Russian or
English gets the lobby and the table in it, and a player who picks Norsk bokmål in the top bar's switch gets the
page again in Norwegian, remembered after a reload.  Each checks the page's ``<html lang>``, a lobby column, the
Fold and Call buttons in the words of that language's rulebook (seeds 000, 002, 004) and a game name, and saves
``lang-<code>.png`` of the table.  In Swedish and Russian a hand is then played out and the table view's visible
text (felt, seat controls, the hand log, the Results panel, the history) must hold none of the English of
:data:`ENGLISH`; in Russian, no Latin word at all beyond the players' and the table's names."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from browsertools import click_any, join, running_server, shot, sign_up
from pokerroom.server import Starter

playwright_sync = pytest.importorskip("playwright.sync_api")

pytestmark = pytest.mark.browser

CODES = ("en", "sv", "nb", "ru")
STARTERS = [Starter(f"Duel-{code}", "holdem", "1/2", "no", bots=1, seats=2) for code in CODES]
DESKTOP = {"width": 1280, "height": 800}

WORDS = {
    "en": ("Game", "Fold", "Call ", "Host a club night", "Club lowball"),
    "sv": ("Spel", "Lägg", "Syna ", "Bjud in till en spelkväll", "Klubbens Lowball"),
    "nb": ("Spill", "Kast", "Syn ", "Arranger en klubbkveld", "Klubbens lowball"),
    "ru": ("Игра", "Сбросить", "Уравнять ", "Провести клубный вечер", "Клубный лоуболл"),
}
"""What each language's page must say: the lobby's Game column, the Fold button, the Call button's start, and on
the club night page its heading and the start of the club lowball's name (gameName)."""
WORD_KEYS = ("game", "fold", "call", "host", "lowball")

ENGLISH = (
    "Sit out", "Leave", "Add bots", "Results", "This hand", "Hand history", "Hand #", "Pot ", "Main pot", "Board",
    "money", "wins", "shows", "Seat ", "Waiting", "folded", "complete", "preflop", "Preflop", "No hands",
    "posts", "calls", "checks", "collected", "Download", "Replay", "Sit here", "Open", "Beep", "Chat ",
)  # fmt: skip
"""English the table view must not show in Swedish or Russian once a hand is over (Swedish "limit", "all-in",
"River" and "bot" are Swedish poker words too)."""
RU_ENGLISH = ("limit", "Lobby", "River", "Turn", "Flop", "all-in", "Rake")
"""More English that must not show in Russian."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db: Path = tmp_path_factory.mktemp("languages") / "room.db"
    options = {"bot_delay": 0.05, "next_hand_delay": 1.0, "seed": 8, "bot_kind": "calling"}
    with running_server(db, STARTERS, **options) as (url, _):
        yield url


def _fold_and_call(page: Any) -> None:
    """Play passively until a decision offers both Fold and Call (the button preflop, facing the big blind)."""
    fold = page.locator('[data-testid="action-fold"]:visible')
    call = page.locator('[data-testid="action-call"]:visible')
    for _ in range(60):
        page.locator('[data-testid="action-bar"]').wait_for(state="visible", timeout=30_000)
        if fold.count() and call.count():
            return
        click_any(page, ("action-check", "action-call"))
        page.wait_for_timeout(150)
    raise AssertionError("no decision with Fold and Call came")


def _no_english_after_a_hand(page: Any, code: str) -> None:
    """Play on passively until a hand's result is listed, then read the table view's visible text."""
    result = page.get_by_test_id("result")
    for _ in range(120):
        if result.count():
            break
        click_any(page, ("action-check", "action-call"))
        page.wait_for_timeout(150)
    result.first.wait_for(timeout=30_000)
    page.get_by_test_id("history-item").first.wait_for(timeout=30_000)
    text = page.inner_text("#table-view")
    shot(page, f"lang-{code}-after-hand")
    assert page.get_by_test_id("result-pot").count() and page.get_by_test_id("event").count()
    found = [word for word in (*ENGLISH, *(RU_ENGLISH if code == "ru" else ())) if word in text]
    assert not found, f"{code}: English on the table view: {found}\n{text}"
    if code == "ru":
        names = " ".join(page.get_by_test_id("seat-name").all_inner_texts()) + " pokerroom Duel-ru PHH"
        latin = sorted({w for w in re.findall(r"[A-Za-z]{3,}", text) if w not in names})
        assert not latin, f"ru: Latin words on the table view: {latin}\n{text}"


@pytest.mark.parametrize(
    ("code", "locale", "switch"),
    [("en", "en-US", False), ("sv", "sv-SE", False), ("nb", "en-GB", True), ("ru", "ru-RU", False)],
)
def test_the_table_in_each_language(browser: Any, server: str, code: str, locale: str, switch: bool) -> None:
    context = browser.new_context(locale=locale, viewport=DESKTOP)
    page = context.new_page()
    try:
        name = f"lang_{code}"
        sign_up(page, server, name)
        html = page.locator("html")
        select = page.get_by_test_id("lang-switch")
        assert select.locator("option").all_inner_texts() == ["English", "Svenska", "Norsk bokmål", "Русский"]
        if switch:
            assert html.get_attribute("lang") == "en" and select.input_value() == "en"
            with page.expect_navigation():
                select.select_option(code)
            page.get_by_test_id("lobby").wait_for(state="visible")
        assert html.get_attribute("lang") == code
        assert select.input_value() == code
        words = dict(zip(WORD_KEYS, WORDS[code], strict=True))
        assert page.get_by_test_id("lobby-sort-game").inner_text().strip() == words["game"]
        shot(page, f"lang-{code}-lobby")

        join(page, f"Duel-{code}", name)
        _fold_and_call(page)
        assert page.get_by_test_id("action-fold").inner_text().strip() == words["fold"]
        assert page.get_by_test_id("action-call").inner_text().startswith(words["call"])
        shot(page, f"lang-{code}")
        if code in ("sv", "ru"):
            _no_english_after_a_hand(page, code)
        if switch:  # the choice is remembered: a reload keeps Norwegian though the browser asks for English
            page.reload()
            page.get_by_test_id("table-view").wait_for(state="visible")
            assert html.get_attribute("lang") == code

        page.goto(server + "/night")  # the club night page speaks the same language
        page.get_by_test_id("host-view").wait_for(state="visible")
        assert html.get_attribute("lang") == code
        assert page.locator("#host-form h2").inner_text().strip() == words["host"]
        assert page.get_by_test_id("host-game").locator("option").first.inner_text().startswith(words["lowball"])
        shot(page, f"lang-{code}-night")
    finally:
        context.close()
