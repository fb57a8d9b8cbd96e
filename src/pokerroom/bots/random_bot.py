"""``RandomBot``: a uniformly random legal action; the engine's fuzzer and the weakest opponent."""

from __future__ import annotations

import random

from pokerroom.bots.base import legal_of
from pokerroom.engine import Action, ActionKind, HandView

__all__ = ["RandomBot"]


class RandomBot:
    """Picks one of the legal action kinds uniformly, then a uniformly random amount in the legal range of a
    bet or raise.  Reproducible with ``seed``.

    >>> from pokerroom.games import find
    >>> hand = find("holdem").deal(stacks=[100, 100, 100], seed=1)
    >>> bot = RandomBot(seed=2)
    >>> while not hand.is_complete:
    ...     seat = hand.to_act
    ...     _ = hand.act(bot.act(hand.view(seat)), seat)
    >>> sum(hand.stacks)
    300
    """

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, view: HandView) -> Action:
        legal = legal_of(view)
        kind = self.rng.choice(legal.kinds())
        if kind is ActionKind.BET and legal.bet is not None:
            return Action.bet(self.rng.randint(*legal.bet))
        if kind is ActionKind.RAISE and legal.raise_ is not None:
            return Action.raise_to(self.rng.randint(*legal.raise_))
        return Action(kind)
