"""The bot interface and the helpers every bot shares.

A bot is anything with ``act(view) -> Action`` (:class:`Bot`): it sees only the seat's
:class:`~pokerroom.engine.HandView`, never the hand, so it cannot know what the seat may not know.  The helpers
turn a wish ("bet about two thirds of the pot") into an action the view's legal actions allow.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from pokerroom.engine import Action, HandView, LegalActions
from pokerroom.errors import NotYourTurn

__all__ = ["Bot", "aggressive", "clamp", "legal_of", "passive"]


@runtime_checkable
class Bot(Protocol):
    """A player that chooses an action from its seat's view.

    ``act`` is called only when ``view.legal`` is set (the seat is to act); it returns an action that the
    hand accepts.  ``name`` is a short label for tables and logs.
    """

    name: str

    def act(self, view: HandView) -> Action:
        """The action to take now, chosen from ``view`` alone."""
        ...


def legal_of(view: HandView) -> LegalActions:
    """The legal actions of ``view``; raises :class:`~pokerroom.errors.NotYourTurn` when the viewer is not to
    act (a bot asked out of turn)."""
    if view.legal is None:
        raise NotYourTurn(f"seat {view.seat} is not to act (seat {view.to_act} is); a bot acts only on its turn")
    return view.legal


def clamp(amount: int, bounds: tuple[int, int]) -> int:
    """``amount`` moved into the inclusive range ``bounds``."""
    lo, hi = bounds
    return max(lo, min(hi, amount))


def passive(legal: LegalActions) -> Action:
    """Check if free, else call, else show at a showdown, else fold."""
    if legal.check:
        return Action.check()
    if legal.call is not None:
        return Action.call()
    if legal.show:
        return Action.show()
    return Action.fold()


def aggressive(legal: LegalActions, to: int) -> Action | None:
    """A bet or raise to ``to`` (moved into the legal range), or ``None`` when neither is legal."""
    if legal.bet is not None:
        return Action.bet(clamp(to, legal.bet))
    if legal.raise_ is not None:
        return Action.raise_to(clamp(to, legal.raise_))
    return None
