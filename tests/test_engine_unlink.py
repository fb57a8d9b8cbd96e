"""A complete hand holds no reference cycle (``Hand.unlink``): once its last holder lets it go, reference counting
frees the hand, its phases, its events and its lists at once, with the garbage collector off.  A room ends a hand
every few seconds at each table; cyclic, each one waited for a collection, and a server that freezes what lives
(``gc.freeze``) kept them all until its next full sweep, which stalled every table.

The complete hand still answers everything a holder asks of it (its phases reach it through a weak proxy), and a
copy of it is complete and unlinked too."""

from __future__ import annotations

import gc
import random
import weakref
from collections.abc import Iterator

import pytest

from pokerroom.engine import Action, ActionKind, DeckSource
from pokerroom.engine.betting import BettingRound
from pokerroom.engine.draw import DrawRound
from pokerroom.engine.showdown import Showdown
from pokerroom.errors import HandOver
from pokerroom.games import Limit, all_games, find
from randomplay import any_kind, random_hand


@pytest.fixture
def no_collector() -> Iterator[None]:
    """The garbage collector off for the test: only reference counting frees anything."""
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_a_complete_hand_is_freed_by_reference_counting(game: object, no_collector: None) -> None:
    rng = random.Random(7)
    phases = _phases()
    limits = [x for x in (Limit.NO, Limit.POT, Limit.FIXED, Limit.SPREAD) if x in game.limits]  # type: ignore[attr-defined]
    for k in range(6):
        hand = random_hand(game, limits[k % len(limits)], rng)  # type: ignore[arg-type]
        while not hand.is_complete:
            legal = hand.legal_actions()
            assert legal is not None
            hand.act(any_kind(rng, legal), legal.seat)
        ref = weakref.ref(hand)
        del hand, legal
        assert ref() is None, game
    assert _phases() == phases  # and no phase of theirs outlives its hand


def _phases() -> int:
    """How many betting rounds, draws and showdowns are alive (held by anything, garbage included)."""
    return sum(type(o) in (BettingRound, DrawRound, Showdown) for o in gc.get_objects())


def test_a_hand_still_playing_is_not_unlinked() -> None:
    """While the hand plays its phases hold it strongly (the hot path reads no proxy)."""
    hand = find("holdem").deal(stacks=[1000, 1000, 1000], button=2, blinds=(5, 10), cards=DeckSource.shuffled(seed=3))
    hand.act(Action.call(), 2)
    assert hand._round.hand is hand and hand._draw.hand is hand and hand._showdown.hand is hand


def test_a_complete_hand_answers_as_before_and_its_copy_is_unlinked(no_collector: None) -> None:
    hand = find("holdem").deal(stacks=[1000, 1000, 1000], button=2, blinds=(5, 10), cards=DeckSource.shuffled(seed=3))
    hand.act(Action.raise_to(40), 2)
    hand.act(Action.fold(), 0)
    hand.act(Action.fold(), 1)
    assert hand.is_complete and hand.to_act is None and hand.legal_actions() is None
    assert hand.outcome() == [-5, -10, 15] and hand.current_pots() == [] and hand.total_chips == 3000
    assert hand._showdown.hand.outcome() == [-5, -10, 15]  # the proxy reaches the hand
    with pytest.raises(HandOver):
        hand.act(Action(ActionKind.CHECK), 0)
    twin = hand.copy()
    assert twin.is_complete and twin.outcome() == [-5, -10, 15] and twin.events == hand.events
    ref = weakref.ref(twin)
    del twin
    assert ref() is None
