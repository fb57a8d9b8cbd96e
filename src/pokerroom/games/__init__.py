"""Games as data: one small module per game and a registry (DESIGN: "games are data").

``find(id)`` returns a :class:`Game` by id or alias; ``all_games()`` lists them.  So far the hold'em family:
``holdem`` (RULES G5), ``omaha`` (G6) and ``short-deck`` (E-SHORT, for PHH code NS).
"""

from __future__ import annotations

from pokerroom.errors import UnsupportedRule
from pokerroom.games.base import Game, Share, Street
from pokerroom.games.holdem import HOLDEM
from pokerroom.games.omaha import OMAHA
from pokerroom.games.short_deck import SHORT_DECK_HOLDEM
from pokerroom.games.structures import Betting, Limit

__all__ = ["Betting", "Game", "Limit", "Share", "Street", "all_games", "find"]

_GAMES: tuple[Game, ...] = (HOLDEM, OMAHA, SHORT_DECK_HOLDEM)
_BY_NAME: dict[str, Game] = {}
for _g in _GAMES:
    for _name in (_g.id, *_g.aliases):
        _BY_NAME[_name] = _g


def all_games() -> tuple[Game, ...]:
    """Every game in the registry."""
    return _GAMES


def find(name: str) -> Game:
    """The game with id or alias ``name``; raises :class:`~pokerroom.errors.UnsupportedRule` naming the known
    ids otherwise.

    >>> find("holdem").name
    "Texas hold'em"
    """
    game = _BY_NAME.get(name.strip().lower())
    if game is None:
        known = ", ".join(g.id for g in _GAMES)
        raise UnsupportedRule(f"unknown game {name!r}; known games: {known}")
    return game
