"""Equity: who is ahead, by how much, in every game of the registry (issue 7).

* :func:`equity` (:mod:`pokerroom.equity.core`): exact enumeration (suit symmetry where valid) or seeded Monte
  Carlo with a 95 % interval; hi/lo shares as scoop, high only, low only and split.
* :func:`parse_range` (:mod:`pokerroom.equity.ranges`): hold'em and Omaha range notation (``QQ+``, ``AKs``,
  ``T9s-65s``, ``AhKh``, ``AAKKds``).
* :func:`find` and :class:`EquityGame` (:mod:`pokerroom.equity.games`): a game of the registry
  (:func:`pokerroom.games.all_games`, ``pokerroom games``: every id and alias there) read for equity: deck,
  cards per player, board, pot shares.  The games covered are exactly the registry's.

The names are loaded on first use, so that importing the package (and starting the command line) loads nothing
of equity until it is asked for; numba is imported only when a compiled kernel runs (:mod:`pokerroom.rankings.jit`):
Monte Carlo, the chunked exact walk, many matchups of a range, never a single hold'em matchup.

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
    from pokerroom.equity.games import EquityGame, find
    from pokerroom.equity.ranges import is_range, parse_range, range_size

__all__ = [
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
