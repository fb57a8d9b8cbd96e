"""Where a hand is (the states of the machine :class:`~pokerroom.engine.hand.Hand` walks).

A hand is in a betting round (RULES §2.3, :mod:`~pokerroom.engine.betting`), a draw (§2.5,
:mod:`~pokerroom.engine.draw`), the split question of 32-card draw (G15) or the showdown (§2.4, §6.5; both
:mod:`~pokerroom.engine.showdown`), until it is complete.  A hand that stops at deals (``Hand.stop_at_deals``, for
search: :mod:`~pokerroom.engine.chance`) also waits before each street's cards are dealt.
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["Phase"]


class Phase(StrEnum):
    """Where the hand is: a betting round, a draw, the split question, the showdown (show or muck), or complete;
    ``DEAL``: a street's cards are to be dealt and the hand waits for ``Hand.deal`` (a chance node; only in a hand
    that stops at deals)."""

    BETTING = "betting"
    DRAW = "draw"
    SPLIT = "split"
    SHOWDOWN = "showdown"
    COMPLETE = "complete"
    DEAL = "deal"
