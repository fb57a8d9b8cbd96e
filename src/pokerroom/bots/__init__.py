"""Bots: players that choose actions from a seat's view (DESIGN: views are first-class).

Every bot has ``act(view) -> Action`` (:class:`Bot`) and sees only :class:`~pokerroom.engine.HandView`.

* :class:`RandomBot` - a uniformly random legal action (a fuzzer), random discards in a draw;
* :class:`CallingStation` - checks or calls, posts the bring-in, stands pat, never folds or raises (benchmarks);
* :class:`SimpleBot` - Chen-formula preflop and made-hand category after the flop in hold'em and Omaha; in every
  other game its estimated part of the pot by the game's own shares, and sensible discards; deterministic with a
  seed.

:func:`make` builds one by name: a built-in (``"simple"``, ``"random"``, ``"calling"``), ``MODULE:CLASS``,
``FILE.py:CLASS`` or an installed ``pokerroom.bots`` entry point (:mod:`pokerroom.bots.registry`).

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

from pokerroom.bots.base import Bot, aggressive, clamp, legal_of, passive
from pokerroom.bots.calling import CallingStation
from pokerroom.bots.random_bot import RandomBot
from pokerroom.bots.registry import BOTS, ENTRY_POINT_GROUP, BotFactory, label, make, normalize, resolve
from pokerroom.bots.simple import SimpleBot, Strength, chen_score, preflop_score, strength

__all__ = [
    "BOTS",
    "ENTRY_POINT_GROUP",
    "Bot",
    "BotFactory",
    "CallingStation",
    "RandomBot",
    "SimpleBot",
    "Strength",
    "aggressive",
    "chen_score",
    "clamp",
    "label",
    "legal_of",
    "make",
    "normalize",
    "passive",
    "preflop_score",
    "resolve",
    "strength",
]
