"""Shared test helpers (pytest fixtures)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from pokerroom.engine import Action, ActionKind, DeckSource, Hand
from pokerroom.games import Game, Limit
from pokerroom.store import Store
from storetools import BACKENDS, Clock, backend_url

PlayRandomly = Callable[[Game, Limit, int], Hand]


def _play_randomly(game: Game, limit: Limit, seed: int) -> Hand:
    rng = random.Random(seed)
    n = rng.randint(2, game.max_players)
    stacks = [rng.choice((rng.randint(1, 30), rng.randint(30, 400))) for _ in range(n)]
    h = game.deal(
        stacks=stacks,
        button=rng.randrange(n),
        ante=rng.randint(0, 3),
        limit=limit,
        cards=DeckSource.shuffled(game.deck, seed=seed),
    )
    start = sum(stacks)
    while not h.is_complete:
        legal = h.legal_actions()
        assert legal is not None
        kinds = legal.kinds()
        if len(kinds) > 1 and ActionKind.FOLD in kinds and rng.random() < 0.7:
            kinds.remove(ActionKind.FOLD)  # fold less often: more hands reach the later streets
        kind = rng.choice(kinds)
        if kind is ActionKind.BET or kind is ActionKind.RAISE:
            lo, hi = legal.bet if kind is ActionKind.BET else legal.raise_  # type: ignore[misc]
            amount = rng.choice(legal.amounts) if legal.amounts else rng.randint(lo, hi)
            action = Action(kind, amount)
        else:
            action = Action(kind)
        h.act(action, legal.seat)
        assert h.total_chips == start and min(h.stacks) >= 0
    assert sum(h.stacks) == start and sum(h.outcome()) == 0
    return h


@pytest.fixture
def play_randomly() -> PlayRandomly:
    """Deal a seeded hand of ``game`` at ``limit`` with random stacks and antes and play it out with random legal
    actions, checking after every action that chips are conserved and no stack is negative."""
    return _play_randomly


# The store tests run each case on SQLite and on PostgreSQL (tests/storetools.py); a test module may define its
# own ``store`` fixture over ``store_url``.
@pytest.fixture(params=BACKENDS)
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    with backend_url(request.param, tmp_path) as url:
        yield url


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def store(store_url: str, clock: Clock) -> Iterator[Store]:
    s = Store(store_url, now=clock)
    yield s
    s.close()
