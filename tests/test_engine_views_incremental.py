"""Incremental views (issue 25): ``hand.view(seat)`` folds in only the events appended since that viewer's last
view (:mod:`pokerroom.engine.views`), and must always equal the view built from scratch (``views._full_view``).

* random legal play of every game at every limit (tests/randomplay.py's tables and chooser; shows and mucks in
  turn, some hands stopping at every deal): after every action and deal, every seat's and the spectator's view
  against the full one; in every second hand only a random few viewers look at each step, so their views fold
  in several events at once;
* copies made along the way (plain and resampled) start without the hand's cache, their views are exact, and
  playing a copy on leaves the hand's views exact;
* a show unmasks the shower's earlier deal in every other viewer's events (the change that is not an append);
* PHH replays (unknown cards ``????`` filled in by a show) checked after every action.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from pokerroom.cards import UNKNOWN, parse_cards
from pokerroom.engine import Action, EventType, Hand, Phase, ScriptedCards
from pokerroom.engine.views import _full_view
from pokerroom.errors import UnsupportedRule
from pokerroom.games import Limit, all_games, find
from randomplay import random_action, random_hand
from soak import count

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "phh"
HANDS = count(400)
"""Hands per game, shared between its limits (a tenth under ``make test``)."""


def _cases() -> list[object]:
    out: list[object] = []
    for game in all_games():
        for limit in game.limits:
            try:
                game.deal(stacks=[1000, 1000], betting=game.betting(limit, big_blind=10), seed=0)
            except UnsupportedRule:
                continue  # a limit the game does not play (tests/test_games_random_play.py names why)
            out.append(pytest.param(game.id, limit, id=f"{game.id}-{limit.value}"))
    return out


def check_views(hand: Hand, rng: random.Random | None = None) -> None:
    """Every seat's and the spectator's view equal the full one (``rng``: only a random few viewers look)."""
    viewers: list[int | None] = [*range(hand.n), None]
    if rng is not None:
        viewers = rng.sample(viewers, rng.randint(0, 2))
    for seat in viewers:
        assert hand.view(seat) == _full_view(hand, seat), (seat, hand)


def step(hand: Hand, rng: random.Random) -> None:
    """One action by the seat to act, or the pending deal at a chance node."""
    if hand.phase is Phase.DEAL:
        hand.deal()
        return
    legal = hand.legal_actions()
    assert legal is not None
    hand.act(random_action(rng, legal, hand), legal.seat)


def check_copy(hand: Hand, rng: random.Random) -> None:
    """A copy (resampled for a random seat half the time) has no view cache of its own yet, its views are exact
    and stay exact as it plays on, and the hand's own views stay exact."""
    resampled = not hand.is_complete and rng.random() < 0.5  # random_hand deals from a deck: every card known
    twin = hand.copy(resample=rng.randrange(hand.n), rng=rng) if resampled else hand.copy()
    assert twin._views is None
    check_views(twin)
    for _ in range(rng.randint(1, 4)):
        if twin.is_complete:
            break
        step(twin, rng)
        check_views(twin)
    check_views(hand)


@pytest.mark.parametrize(("game_id", "limit"), _cases())
def test_incremental_views_equal_full_views_in_random_play(game_id: str, limit: Limit) -> None:
    game = find(game_id)
    rng = random.Random(f"views {game_id} {limit.value}")
    hands = max(2, -(-HANDS // len(game.limits)))
    for k in range(hands):
        hand = random_hand(game, limit, rng)
        hand.stop_at_deals = rng.random() < 0.2
        lagging = rng if k % 2 else None
        check_views(hand, lagging)
        while not hand.is_complete:
            step(hand, rng)
            check_views(hand, lagging)
            if rng.random() < 0.05:
                check_copy(hand, rng)
        check_views(hand)  # every viewer at the end, the lagging ones included
        check_copy(hand, rng)


def test_a_show_unmasks_the_earlier_deal_in_every_other_view() -> None:
    cards = ScriptedCards({0: "AsKs", 1: "QhQd", 2: "7c2d"}, board="3h4h5h9sJc")
    hand = find("holdem").deal(stacks=[100] * 3, button=0, blinds=(1, 2), cards=cards, auto_showdown=False)
    while hand.phase is not Phase.SHOWDOWN:
        seat = hand.to_act
        assert seat is not None
        hand.act(Action.call() if hand.cur > hand.bets[seat] else Action.check(), seat)
    before = {s: hand.view(s) for s in (0, 1, 2, None)}
    deal_2 = next(e for e in hand.events if e.type is EventType.DEAL_HOLE and e.seat == 2)
    assert deal_2.cards == tuple(parse_cards("7c2d"))
    for s in (0, 1, None):
        (mine,) = (e for e in before[s].events if e.type is EventType.DEAL_HOLE and e.seat == 2)
        assert mine.cards == (UNKNOWN, UNKNOWN)
    shower = hand.to_act
    assert shower is not None
    hand.act(Action.show(), shower)
    for s in (0, 1, 2, None):
        view = hand.view(s)
        assert view == _full_view(hand, s)
        (dealt,) = (e for e in view.events if e.type is EventType.DEAL_HOLE and e.seat == shower)
        assert dealt.cards == hand.shown[shower] == tuple(hand.hole[shower])
        assert view.hole[shower] == tuple(hand.hole[shower])
        assert view.events[: len(before[s].events)] != before[s].events or s == shower


def test_a_copy_keeps_its_views_apart() -> None:
    hand = find("holdem").deal(stacks=[200] * 3, button=0, blinds=(1, 2), seed=7)
    first = hand.view(None)
    assert hand._views is not None
    twin = hand.copy()
    assert twin._views is None
    twin.act(Action.fold(), twin.to_act)
    assert twin.view(None).events[-1].type is EventType.FOLD
    assert hand.view(None) == first == _full_view(hand, None)
    assert len(hand.view(None).events) == len(twin.view(None).events) - 1
    hand.act(Action.call(), hand.to_act)
    assert hand.view(None).events[-1].type is EventType.CALL
    assert twin.view(None).events[-1].type is EventType.FOLD


def _phh_paths() -> list[Path]:
    top = sorted((SHARED / "dataset").glob("*.phh")) + sorted((SHARED / "synthetic").glob("*.phh"))
    return (
        top
        + sorted((SHARED / "dataset" / "wsop").rglob("*.phh"))[:20]
        + sorted((SHARED / "dataset" / "handhq").glob("*.phhs"))
    )


def test_incremental_views_equal_full_views_in_phh_replays() -> None:
    from pokerroom.formats import phh
    from pokerroom.formats.replay import replay

    paths = _phh_paths()
    if not paths:
        pytest.skip("the PHH hands are not in ../shared/phh")
    rng = random.Random("views phh")
    replayed = 0

    def observe(index: int, hand: Hand) -> str | None:
        check_views(hand, rng if index % 3 else None)
        return None

    for path in paths:
        for record in phh.read(path)[:30]:
            result = replay(record, observer=observe)
            if result.hand is not None:
                check_views(result.hand)
                replayed += 1
    assert replayed >= 30


def test_a_seat_not_at_the_table_sees_what_the_full_view_shows() -> None:
    hand = find("holdem").deal(stacks=[200] * 3, button=0, blinds=(1, 2), seed=3)
    for seat in (-1, 3, 9):
        view = hand.view(seat)
        assert view == _full_view(hand, seat)
        assert view.hole == ((UNKNOWN, UNKNOWN),) * 3 and view.legal is None
