"""Equity: who is ahead, by how much, in every game with a showdown (issue 7).

* :func:`equity` (:mod:`pokerroom.equity.core`): exact enumeration (suit symmetry where valid) or seeded Monte
  Carlo with a 95 % interval; hi/lo shares as scoop, high only, low only and split.
* :func:`parse_range` (:mod:`pokerroom.equity.ranges`): hold'em and Omaha range notation (``QQ+``, ``AKs``,
  ``T9s-65s``, ``AhKh``, ``AAKKds``).
* :data:`EQUITY_GAMES` (:mod:`pokerroom.equity.games`): the games covered.

The names are loaded on first use, so that importing the package (and starting the command line) does not load
numba until equity is asked for.

>>> from pokerroom.equity import equity
>>> result = equity("holdem", ["AhKh", "QsQd"], method="exact")
>>> str(result.players[0].exact), round(result.players[0].equity, 6)
('197833/428076', 0.462145)
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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

_HOME = {
    "EXACT_LIMIT": "core",
    "EquityResult": "core",
    "PlayerEquity": "core",
    "equity": "core",
    "EQUITY_GAMES": "games",
    "EquityGame": "games",
    "find": "games",
    "is_range": "ranges",
    "parse_range": "ranges",
    "range_size": "ranges",
}


def __getattr__(name: str) -> Any:
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module 'pokerroom.equity' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"pokerroom.equity.{home}"), name)
    globals()[name] = value
    return value
