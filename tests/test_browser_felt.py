"""Browser tests of the live table telling the story of each hand (issue 18): the result line on the felt after a
showdown and after everyone folded, the winner's seat lit, each seat's last action, pre-action boxes, hotkeys, the
amount box and the Bet/Raise button agreeing, the table on a phone, stud's seven cards and a triple draw's
"Draws 2".  The bots call everything (``bot_kind="calling"``), so hands go where the test steers them; what the
page shows is compared with the ``state`` messages it received (Playwright sees the socket's frames)."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from browsertools import PASSIVE, PHONE, click_any, join, running_server, shot, sign_up
from pokerroom.server import Starter
from servertools import States

playwright_sync = pytest.importorskip("playwright.sync_api")

pytestmark = pytest.mark.browser

STARTERS = [
    Starter("Showdown", "holdem", "1/2", "no", bots=2, seats=3),
    Starter("Duel", "holdem", "1/2", "no", bots=1, seats=2),
    Starter("Trio", "holdem", "1/2", "no", bots=1, seats=3),
    Starter("Studio", "stud", "2/4", "fixed", bots=2, seats=3),
    Starter("Triple", "27-triple-draw", "2/4", "fixed", bots=1, seats=2),
]
DESKTOP = {"width": 1280, "height": 800}

# Every [seat, last-action text] the seats show, recorded on each change (a label may last one state only).
RECORDER = """() => {
  window.__labels = new Set();
  const seen = () => {
    for (const n of document.querySelectorAll('#seats [data-testid=last-action]')) {
      window.__labels.add(n.closest('[data-seat]').dataset.seat + '|' + n.textContent);
    }
  };
  new MutationObserver(seen).observe(document.getElementById('seats'), {childList: true, subtree: true});
}"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db: Path = tmp_path_factory.mktemp("felt") / "room.db"
    options = {"bot_delay": 0.05, "next_hand_delay": 1.5, "seed": 5, "bot_kind": "calling"}
    with running_server(db, STARTERS, **options) as (url, _):
        yield url


class Frames:
    """The states a page received, newest last: each ``state``, and each ``delta`` as the whole state it makes
    (:class:`~servertools.States`, one per socket)."""

    def __init__(self, page: Any) -> None:
        self.states: list[dict[str, Any]] = []
        page.on("websocket", self._socket)

    def _socket(self, ws: Any) -> None:
        held = States()
        ws.on("framereceived", lambda payload: self._frame(held, payload))

    def _frame(self, held: States, payload: Any) -> None:
        text = payload if isinstance(payload, str) else payload.decode() if isinstance(payload, bytes) else ""
        compact = text.replace(" ", "")
        if '"type":"state"' in compact or '"type":"delta"' in compact:
            self.states.append(held.take(json.loads(text)))

    def last(self) -> dict[str, Any]:
        assert self.states, "no state received"
        return self.states[-1]


def _new_page(browser: Any, viewport: dict[str, int]) -> tuple[Any, Any, Frames]:
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    return context, page, Frames(page)


def _my_turn(page: Any, timeout: float = 30_000) -> None:
    page.locator('[data-testid="action-bar"]:not(.busy)').wait_for(state="visible", timeout=timeout)


def _labels(page: Any) -> dict[int, str]:
    pairs = page.evaluate(
        "() => [...document.querySelectorAll('#seats [data-testid=last-action]')]"
        ".map(n => [Number(n.closest('[data-seat]').dataset.seat), n.textContent])"
    )
    return {seat: text for seat, text in pairs}


def _expected_preflop_labels(state: dict[str, Any]) -> dict[int, str]:
    """Before the flop the last event of each seat gives its label directly (no street has cleared them)."""
    out: dict[int, str] = {}
    for e in state["hand"]["events"]:
        kind, seat = e["type"], e.get("seat")
        if seat is None or kind.startswith("deal"):
            continue
        out[seat] = {
            "post_blind": f"Posts {e.get('amount')}",
            "call": f"Call {e.get('amount')}",
            "check": "Check",
            "fold": "Fold",
            "raise": f"Raise to {e.get('to')}",
        }[kind]
    return out


def _result_line(result: dict[str, Any]) -> str:
    """The line the felt must show for a one-share (high) result, from the server's summary."""
    parts = []
    for w in result["summary"]:
        if w["uncontested"]:
            parts.append(f"{w['player']} wins {w['amount']:,}, uncontested")
        else:
            parts.append(f"{w['player']} wins {w['amount']:,} with {w['hands'][0]['name']}")
    return "; ".join(parts)


FELT = """() => {
  const n = document.querySelector('[data-testid=felt-result]');
  const info = document.getElementById('hand-info').textContent;
  return {text: n.hidden ? '' : n.textContent, role: n.getAttribute('role'), live: n.getAttribute('aria-live'),
    hand: Number((info.match(/#(\\d+)/) || [0, 0])[1]),
    winners: [...document.querySelectorAll('.seat-winner')].map(s => Number(s.dataset.seat)),
    best: [...document.querySelectorAll('.card-best')].map(c => c.dataset.card)};
}"""


def _felt(page: Any) -> dict[str, Any]:
    """The result line, the hand number shown, the lit seats and the raised cards, read at one moment."""
    felt: dict[str, Any] = page.evaluate(FELT)
    assert felt["text"], "the result line was gone before it was read"
    return felt


def _result_of(frames: Frames, number: int) -> dict[str, Any]:
    return next(r for s in reversed(frames.states) for r in reversed(s["results"]) if r["number"] == number)


def _play_until(page: Any, done: Any, seconds: float = 60.0, keys: tuple[str, ...] = PASSIVE) -> None:
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, "the hand did not get there in time"
        if not click_any(page, keys):
            page.wait_for_timeout(50)


def test_holdem_hand_told_on_the_felt(server: str, browser: Any) -> None:
    context, page, frames = _new_page(browser, DESKTOP)
    sign_up(page, server, "alma")
    me = join(page, "Showdown", "alma")
    page.evaluate(RECORDER)
    _my_turn(page)
    # preflop: the blinds' "Posts N" and the callers' "Call N", exactly as the events say
    state = frames.last()
    assert state["hand"]["legal"] is not None and state["hand"]["street"] == "preflop"
    expected = _expected_preflop_labels(state)
    assert expected and _labels(page) == expected
    # the amount box and the button agree at every keystroke; the click sends the amount on the button
    amount = page.get_by_test_id("amount-input")
    raise_button = page.get_by_test_id("action-raise")
    low = state["hand"]["legal"]["raise"][0]
    amount.fill("")
    amount.press_sequentially("1")
    assert amount.input_value() == "1" and raise_button.inner_text() == f"Raise to {low}"
    amount.press_sequentially("0")
    assert raise_button.inner_text() == "Raise to 10"
    raise_button.click()
    page.wait_for_function(f"() => window.__labels.has('{me}|Raise to 10')", timeout=10_000)
    # the calling bots call the raise: each "Call N" with N what it put in
    page.wait_for_function("() => document.querySelectorAll('#board [data-testid=card]').length === 3", timeout=10_000)
    # (the call that closes the round is never seen: the flop comes with it and clears the labels)
    events = next(s for s in reversed(frames.states) if s["hand"] and s["hand"]["board"])["hand"]["events"]
    raise_at = next(i for i, e in enumerate(events) if e["type"] == "raise" and e["seat"] == me and e["to"] == 10)
    after_raise = events[raise_at + 1 :]
    calls = [e for e in after_raise[: [e["type"] for e in after_raise].index("deal_board")] if e["type"] == "call"]
    assert len(calls) == 2 and all(e["seat"] != me for e in calls)
    seen = page.evaluate("() => [...window.__labels]")
    assert f"{calls[0]['seat']}|Call {calls[0]['amount']}" in seen, (calls, seen)
    # the flop cleared the labels; at my turn the bots that acted before me show "Check"; K checks by hotkey
    _my_turn(page)
    flop = frames.last()["hand"]
    checked = {
        e["seat"]
        for e in flop["events"][[e["type"] for e in flop["events"]].index("deal_board") :]
        if e["type"] == "check"
    }
    assert _labels(page) == {seat: "Check" for seat in checked}
    shot(page, "felt-last-actions")
    events_before = len(flop["events"])
    page.keyboard.press("k")
    page.wait_for_function(
        "n => window.__labels.has(n + '|Check') || document.querySelectorAll('#board [data-testid=card]').length > 3",
        arg=str(me),
        timeout=10_000,
    )
    after = next(s for s in reversed(frames.states) if s["hand"] and len(s["hand"]["events"]) > events_before)
    assert after["hand"]["events"][events_before] == {"type": "check", "seat": me}
    # to the showdown by hotkeys: the result line names the winner, the amount and the hand
    _play_until(page, lambda: page.get_by_test_id("felt-result").is_visible(), keys=("action-check", "action-call"))
    shot(page, "felt-result-showdown")
    felt = _felt(page)
    result = _result_of(frames, felt["hand"])
    assert result["summary"] and not result["summary"][0]["uncontested"]
    assert felt["role"] == "status" and felt["live"] == "polite"
    assert felt["text"] == _result_line(result)
    assert felt["winners"] == [w["seat"] for w in result["summary"]]
    best = {card for w in result["summary"] for card in w["hands"][0]["best"]}
    assert len(best) >= 5 and best <= set(felt["best"])
    context.close()


def test_phone_fits_and_a_fold_is_uncontested(server: str, browser: Any) -> None:
    context, page, frames = _new_page(browser, PHONE)
    sign_up(page, server, "pilar")
    me = join(page, "Duel", "pilar")
    _my_turn(page)
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page is {width}px wide on a {PHONE['width']}px phone"
    inside = ["action-fold", "amount-input", "pot"]
    if page.get_by_test_id("action-call").count():
        inside.append("action-call")
    else:
        inside.append("action-check")
    inside.append("action-raise" if page.get_by_test_id("action-raise").count() else "action-bet")
    boxes = {tid: page.get_by_test_id(tid).bounding_box() for tid in inside}
    for card in page.locator(f'[data-testid="seat"][data-seat="{me}"] [data-testid="card"]').all():
        boxes[f"card {card.get_attribute('data-card')}"] = card.bounding_box()
    assert len(boxes) == len(inside) + 2
    for what, box in boxes.items():
        assert box is not None, what
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], (what, box)
        assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], (what, box)
    # the side panels are tabs below the felt: one panel shown, a tab shows another
    tabs = page.get_by_test_id("panel-tab")
    assert tabs.count() >= 3
    shown = page.evaluate(
        "() => [...document.querySelectorAll('.side-panels > section')].filter(s => s.offsetParent).length"
    )
    assert shown == 1
    tabs.nth(1).click()
    assert tabs.nth(1).get_attribute("aria-selected") == "true"
    shot(page, "felt-phone")
    # F folds (the hotkey): the bot wins uncontested
    page.keyboard.press("f")
    page.get_by_test_id("felt-result").wait_for(state="visible", timeout=10_000)
    shot(page, "felt-result-fold")
    felt = _felt(page)
    result = _result_of(frames, felt["hand"])
    assert result["summary"][0]["uncontested"] is True and result["summary"][0]["seat"] != me
    assert felt["text"] == _result_line(result) and felt["text"].endswith(", uncontested")
    assert felt["role"] == "status" and felt["winners"] == [result["summary"][0]["seat"]]
    context.close()


def test_a_pre_action_fires_on_the_next_turn(server: str, browser: Any) -> None:
    ca, a, frames_a = _new_page(browser, DESKTOP)
    cb, b, _ = _new_page(browser, DESKTOP)
    sign_up(a, server, "ada")
    sign_up(b, server, "bea")
    seat_a = join(a, "Trio", "ada")
    join(b, "Trio", "bea")
    # wait for bea to be to act while ada is still in the hand and not to act: ada ticks "Call any"
    deadline = time.monotonic() + 60
    while True:
        assert time.monotonic() < deadline, "never a turn of bea's with ada waiting"
        if b.locator('[data-testid="action-bar"]:not(.busy)').count() and a.get_by_test_id("pre-call-any").count():
            break
        if not click_any(a, ("action-check", "action-call")):
            a.wait_for_timeout(50)
    a.get_by_test_id("pre-call-any").check()
    shot(a, "felt-pre-action")
    ticked = len(frames_a.last()["hand"]["events"])
    number = frames_a.last()["hand"]["number"]
    # bea bets or raises; ada's box calls for her when her turn comes (she never clicks)
    assert click_any(b, ("action-raise", "action-bet"))
    a.wait_for_function("() => !document.querySelector('[data-testid=pre-call-any]:checked')", timeout=15_000)

    def acted() -> list[dict[str, Any]]:
        for s in frames_a.states:
            hand = s["hand"]
            if hand and hand["number"] == number and any(e.get("seat") == seat_a for e in hand["events"][ticked:]):
                return [e for e in hand["events"][ticked:] if e.get("seat") == seat_a]
        return []

    deadline = time.monotonic() + 15
    while not acted():
        assert time.monotonic() < deadline, "ada's pre-action did not act"
        a.wait_for_timeout(50)
    decision = next(
        s["hand"]
        for s in frames_a.states
        if s["hand"] and s["hand"]["number"] == number and s["hand"]["legal"] and len(s["hand"]["events"]) > ticked
    )
    assert decision["legal"]["call"] > 0
    mine = acted()[0]
    assert mine["type"] == "call" and mine["amount"] == decision["legal"]["call"]
    ca.close()
    cb.close()


def _overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return (
        a["x"] < b["x"] + b["width"]
        and b["x"] < a["x"] + a["width"]
        and a["y"] < b["y"] + b["height"]
        and b["y"] < a["y"] + a["height"]
    )


def _check_seven(page: Any, seat: int) -> None:
    cards = page.locator(f'[data-testid="seat"][data-seat="{seat}"] [data-testid="card"]')
    boxes = [c.bounding_box() for c in cards.all()]
    assert len(boxes) == 7 and all(boxes)
    width = page.viewport_size["width"]
    for i, box in enumerate(boxes):
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, box
        for other in boxes[i + 1 :]:
            assert not _overlap(box, other), (box, other)
    # down cards (only you see them) marked apart from the up cards
    ups = [c.get_attribute("data-up") for c in cards.all()]
    downs = [("card-down" in (c.get_attribute("class") or "")) for c in cards.all()]
    assert ups.count("true") == 4 and downs == [u == "false" for u in ups]


def test_stud_cards_and_triple_draw_labels(server: str, browser: Any) -> None:
    context, page, _ = _new_page(browser, DESKTOP)
    sign_up(page, server, "sten")
    me = join(page, "Studio", "sten")
    cards = page.locator(f'[data-testid="seat"][data-seat="{me}"] [data-testid="card"]')
    # at seventh street with the decision ours (not busy: an action just sent could take the hand to its showdown)
    ours = page.locator('[data-testid="action-bar"]:not(.busy)')
    _play_until(page, lambda: cards.count() == 7 and ours.is_visible())
    _check_seven(page, me)
    others = page.locator(f'[data-testid="seat"]:not([data-seat="{me}"]) [data-testid="card"][data-up="false"]')
    assert others.count() >= 3 and {c.get_attribute("data-card") for c in others.all()} == {"??"}
    shot(page, "felt-stud-cards")
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(200)
    _check_seven(page, me)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    shot(page, "felt-stud-cards-phone")
    page.set_viewport_size(DESKTOP)
    page.get_by_test_id("back-to-lobby").click()
    # 2-7 triple draw: "Draws 2" stays on the seat into the betting round until that player acts again
    join(page, "Triple", "sten")
    me = int(page.evaluate("() => document.querySelector('.seat-you').dataset.seat"))
    draw = page.locator('[data-testid="action-draw"]:visible:enabled')
    _play_until(page, lambda: draw.count() > 0, keys=("action-check", "action-call"))
    mine = page.locator(f'[data-testid="seat"][data-seat="{me}"] [data-testid="card"]')
    mine.nth(0).click()
    mine.nth(1).click()
    draw.first.click()
    _my_turn(page)
    assert page.get_by_test_id("action-draw").count() == 0
    assert _labels(page)[me] == "Draws 2"
    shot(page, "felt-draws")
    context.close()
