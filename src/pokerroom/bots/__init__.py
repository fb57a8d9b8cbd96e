"""Bots: players that choose actions from a seat's view (DESIGN: views are first-class).

Every bot has ``act(view) -> Action`` (:class:`Bot`) and sees only :class:`~pokerroom.engine.HandView`.

* :class:`RandomBot` - a uniformly random legal action (a fuzzer), random discards in a draw;
* :class:`CallingStation` - checks or calls, posts the bring-in, stands pat, never folds or raises (benchmarks);
* :class:`SimpleBot` - Chen-formula preflop and made-hand category after the flop in hold'em and Omaha; in every
  other game its estimated part of the pot by the game's own shares, and sensible discards; deterministic with a
  seed.

:func:`make` builds one by name (``"simple"``, ``"random"``, ``"calling"``).

>>> from pokerroom.games import find
>>> hand = find("holdem").deal(stacks=[200] * 4, seed=3)
>>> bots = [make("simple", seed=s) for s in range(4)]
>>> while not hand.is_complete:
...     seat = hand.to_act
...     _ = hand.act(bots[seat].act(hand.view(seat)), seat)
>>> sum(hand.stacks)
800
"""

from __future__ import annotations

from collections.abc import Callable

from pokerroom.bots.base import Bot, aggressive, clamp, legal_of, passive
from pokerroom.bots.calling import CallingStation
from pokerroom.bots.random_bot import RandomBot
from pokerroom.bots.simple import SimpleBot, Strength, chen_score, preflop_score, strength
from pokerroom.errors import UnsupportedRule

__all__ = [
    "BOTS",
    "Bot",
    "CallingStation",
    "RandomBot",
    "SimpleBot",
    "Strength",
    "aggressive",
    "chen_score",
    "clamp",
    "legal_of",
    "make",
    "passive",
    "preflop_score",
    "strength",
]

BOTS: dict[str, Callable[[int | None], Bot]] = {
    "simple": SimpleBot,
    "random": RandomBot,
    "calling": CallingStation,
}
"""Bot name -> constructor taking a seed."""


def make(name: str, seed: int | None = None) -> Bot:
    """A new bot called ``name`` (``simple``, ``random`` or ``calling``) seeded with ``seed``; raises
    :class:`~pokerroom.errors.UnsupportedRule` naming the bots there are."""
    factory = BOTS.get(name.strip().lower())
    if factory is None:
        raise UnsupportedRule(f"unknown bot {name!r}; bots: {', '.join(BOTS)}")
    return factory(seed)
