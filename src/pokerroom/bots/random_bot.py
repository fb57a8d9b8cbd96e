"""``RandomBot``: a uniformly random legal action; the engine's fuzzer and the weakest opponent."""

from __future__ import annotations

import random

from pokerroom.bots.base import legal_of
from pokerroom.cards import UNKNOWN
from pokerroom.engine import Action, ActionKind, HandView

__all__ = ["RandomBot"]


class RandomBot:
    """Picks one of the legal action kinds uniformly, then a uniformly random amount in the legal range of a
    bet or raise (one of the legal ``amounts`` when only some are legal); posts the bring-in or completes; in a
    draw throws a random subset of its cards, up to the most it may.  Reproducible with ``seed``.

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
            return Action.bet(self._amount(legal.bet, legal.amounts))
        if kind is ActionKind.RAISE and legal.raise_ is not None:
            return Action.raise_to(self._amount(legal.raise_, legal.amounts))
        if kind is ActionKind.BRING_IN:
            return Action.post_bring_in()
        if kind is ActionKind.DRAW and legal.draw is not None:
            cards = [c for c in view.my_cards if c != UNKNOWN]
            count = self.rng.randint(0, min(legal.draw, len(cards)))
            return Action.draw(tuple(self.rng.sample(cards, count)))
        return Action(kind)

    def _amount(self, bounds: tuple[int, int], amounts: tuple[int, ...] | None) -> int:
        if amounts:
            return self.rng.choice(amounts)
        return self.rng.randint(*bounds)
