"""Chips are whole numbers in the smallest unit of the table's currency: the one test that a value given for
chips, a seat or a count is one."""

from __future__ import annotations

from typing import TypeGuard

__all__ = ["whole_number"]


def whole_number(value: object) -> TypeGuard[int]:
    """Whether ``value`` is a whole number: an ``int`` and not a ``bool`` (an ``int`` to Python, never a chip
    count, a seat or a card to pokerroom).

    >>> whole_number(3), whole_number(True), whole_number(3.0)
    (True, False, False)
    """
    return isinstance(value, int) and not isinstance(value, bool)
