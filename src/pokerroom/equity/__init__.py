"""Equity: who is ahead, by how much, in every game with a showdown (issue 7).

* :func:`equity` (:mod:`pokerroom.equity.core`): exact enumeration (suit symmetry where valid) or seeded Monte
  Carlo with a 95 % interval; hi/lo shares as scoop, high only, low only and split.
* :func:`parse_range` (:mod:`pokerroom.equity.ranges`): hold'em and Omaha range notation (``QQ+``, ``AKs``,
  ``T9s-65s``, ``AhKh``, ``AAKKds``).
* :data:`EQUITY_GAMES` (:mod:`pokerroom.equity.games`): the games covered.

>>> result = equity("holdem", ["AhKh", "QsQd"], method="exact")
>>> str(result.players[0].exact), round(result.players[0].equity, 6)
('197833/428076', 0.462145)
"""

from __future__ import annotations

from pokerroom.equity.core import EXACT_LIMIT, EquityResult, PlayerEquity, equity
from pokerroom.equity.games import EQUITY_GAMES, EquityGame, find
from pokerroom.equity.ranges import is_range, parse_range, range_size

__all__ = [
    "EQUITY_GAMES",
    "EXACT_LIMIT",
    "EquityGame",
    "EquityResult",
    "PlayerEquity",
    "equity",
    "find",
    "is_range",
    "parse_range",
    "range_size",
]
