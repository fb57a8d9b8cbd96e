"""The bot interface and the helpers every bot shares.

A bot is anything with ``act(view) -> Action`` (:class:`Bot`): it sees only the seat's
:class:`~pokerroom.engine.HandView`, never the hand, so it cannot know what the seat may not know.  The helpers
turn a wish ("bet about two thirds of the pot") into an action the view's legal actions allow.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from pokerroom.engine import Action, HandView, LegalActions
from pokerroom.errors import NotYourTurn

__all__ = ["Bot", "aggressive", "clamp", "legal_amount", "legal_of", "passive"]


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


def legal_amount(legal: LegalActions, to: int, bounds: tuple[int, int]) -> int:
    """``to`` moved into ``bounds``, then to the nearest of ``legal.amounts`` when the structure allows only
    some totals (fixed-limit stud with an open pair: the small or the big bet); a tie takes the smaller."""
    amount = clamp(to, bounds)
    if legal.amounts:
        return min(legal.amounts, key=lambda a: (abs(a - amount), a))
    return amount


def passive(legal: LegalActions) -> Action:
    """Post the bring-in when it is due, stand pat in a draw, check if free, else call, else show at a
    showdown, else fold (:meth:`LegalActions.passive`)."""
    return legal.passive()


def aggressive(legal: LegalActions, to: int) -> Action | None:
    """A bet or raise to ``to`` (moved into the legal range and onto a legal amount), or ``None`` when neither
    is legal.  Facing a bring-in duty, the bet is the completion (or more, where the structure allows)."""
    if legal.bet is not None:
        return Action.bet(legal_amount(legal, to, legal.bet))
    if legal.raise_ is not None:
        return Action.raise_to(legal_amount(legal, to, legal.raise_))
    return None
