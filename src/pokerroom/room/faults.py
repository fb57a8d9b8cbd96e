"""Engine faults at a table: an exception that is not the typed refusal of an action breaks the hand being played,
and the table voids it (every chip back, RULES §3.8) and deals on, never stuck.

:class:`HandVoided` is what the caller sees; :func:`voids_on_fault` guards a :class:`~pokerroom.room.table.Table`
method that asks the hand being played.  The voiding itself is the table's (``Table._fault``, one path with
:meth:`~pokerroom.room.table.Table.void_hand`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Concatenate, ParamSpec, Protocol, TypeVar

from pokerroom.errors import PokerroomError

if TYPE_CHECKING:
    from pokerroom.engine import Hand
    from pokerroom.room.layout import Layout
    from pokerroom.room.record import HandRecord

__all__ = ["HandVoided", "voids_on_fault"]


class HandVoided(RuntimeError):
    """An engine fault (any exception but the typed refusal of an action) broke the hand being played: the table
    voided it, every chip back where it was before the deal (RULES §3.8, ``Table.void_hand``), and deals the next
    hand as usual.  ``record`` is the voided hand's record; the fault is the exception's ``__cause__``.  Not a
    :class:`~pokerroom.errors.PokerroomError`: nothing the caller sent was refused."""

    def __init__(self, message: str, record: HandRecord) -> None:
        super().__init__(message)
        self.record = record


class _Faulting(Protocol):
    hand: Hand | None
    layout: Layout | None

    def _fault(self, exc: Exception) -> HandVoided: ...


_T = TypeVar("_T", bound=_Faulting)
_P = ParamSpec("_P")
_R = TypeVar("_R")


def voids_on_fault(method: Callable[Concatenate[_T, _P], _R]) -> Callable[Concatenate[_T, _P], _R]:
    """A table method that asks the hand being played: a typed refusal (a
    :class:`~pokerroom.errors.PokerroomError`) goes to the caller as it is, any other exception is an engine fault
    that voids the hand (``Table._fault``, raised as :class:`HandVoided`)."""

    @functools.wraps(method)
    def guarded(self: _T, /, *args: _P.args, **kwargs: _P.kwargs) -> _R:
        try:
            return method(self, *args, **kwargs)
        except (PokerroomError, HandVoided):
            raise
        except Exception as exc:
            if self.hand is None or self.layout is None or self.hand.is_complete:
                raise  # no hand being played: nothing to void
            raise self._fault(exc) from exc

    return guarded
