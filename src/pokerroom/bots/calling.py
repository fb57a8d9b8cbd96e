"""``CallingStation``: checks when it can and calls otherwise, posts the bring-in, stands pat; the benchmark
player."""

from __future__ import annotations

from pokerroom.bots.base import legal_of, passive
from pokerroom.engine import Action, HandView

__all__ = ["CallingStation"]


class CallingStation:
    """Never bets, raises or folds a hand it can keep: check if free, else call (shows at a showdown); posts the
    bring-in and never completes; stands pat in every draw.

    ``seed`` is accepted for a uniform constructor and ignored.
    """

    name = "calling"

    def __init__(self, seed: int | None = None) -> None:
        del seed

    def act(self, view: HandView) -> Action:
        return passive(legal_of(view))
