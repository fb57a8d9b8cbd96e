"""Games as data: one small module per game and a registry (DESIGN: "games are data").

``find(id)`` returns a :class:`Game` by id or alias; ``all_games()`` lists them: ``club-lowball`` (RULES G1),
``club-holdem`` (G2), ``a6-lowball`` (G3), ``holdem`` (G5), ``omaha`` (G6), ``omaha8`` (G7), ``omaha5`` and
``omaha5-8`` (five-card Omaha and its hi/lo form, after G6 and G7), ``stud`` (G9), ``stud8`` (G10, G4), ``soko``
(G8), ``americana`` (G13), ``telesina`` (G14), ``razz`` (G16), ``five-card-draw`` (G11), ``27-triple-draw`` (G12),
``27-single-draw`` (G17), ``draw32`` (G15) and ``short-deck`` (E-SHORT, for PHH code NS); for reading PokerStars'
hand histories, ``omaha6`` (six-card Omaha, after G6), ``courchevel`` and ``courchevel8`` (five-card Omaha with the
first flop card before the preflop betting, after G6 and G7) and ``6plus`` (6+ hold'em ranked by E-6PLUS); and
the research games ``kuhn`` (Kuhn poker) and ``leduc`` (Leduc hold'em), small enough to walk their game trees
exactly (``Game.research``: never offered by the room, :func:`room_games`, :func:`room_game`).
"""

from __future__ import annotations

from pokerroom.errors import UnsupportedRule
from pokerroom.games.a6_lowball import A6_LOWBALL
from pokerroom.games.americana import AMERICANA
from pokerroom.games.base import (
    DrawParts,
    Family,
    Game,
    HouseDefaults,
    HouseRule,
    Opener,
    Selection,
    Share,
    Street,
    StudParts,
)
from pokerroom.games.club import CLUB_HOLDEM, CLUB_LOWBALL
from pokerroom.games.courchevel import COURCHEVEL, COURCHEVEL8
from pokerroom.games.draw import DEUCE_SEVEN_SINGLE, DEUCE_SEVEN_TRIPLE, FIVE_CARD_DRAW
from pokerroom.games.draw32 import DRAW32
from pokerroom.games.holdem import HOLDEM
from pokerroom.games.kuhn import KUHN
from pokerroom.games.leduc import LEDUC
from pokerroom.games.omaha import OMAHA, OMAHA5, OMAHA5_8, OMAHA6, OMAHA8
from pokerroom.games.razz import RAZZ
from pokerroom.games.short_deck import SHORT_DECK_HOLDEM, SIX_PLUS_HOLDEM
from pokerroom.games.soko import SOKO
from pokerroom.games.structures import Betting, Limit
from pokerroom.games.stud import STUD
from pokerroom.games.stud8 import STUD8
from pokerroom.games.telesina import TELESINA

__all__ = [
    "Betting",
    "DrawParts",
    "Family",
    "Game",
    "HouseDefaults",
    "HouseRule",
    "Limit",
    "Opener",
    "Selection",
    "Share",
    "Street",
    "StudParts",
    "all_games",
    "find",
    "room_game",
    "room_games",
]

_GAMES: tuple[Game, ...] = (
    CLUB_LOWBALL,
    CLUB_HOLDEM,
    A6_LOWBALL,
    HOLDEM,
    OMAHA,
    OMAHA8,
    OMAHA5,
    OMAHA5_8,
    STUD,
    STUD8,
    SOKO,
    AMERICANA,
    TELESINA,
    RAZZ,
    FIVE_CARD_DRAW,
    DEUCE_SEVEN_TRIPLE,
    DEUCE_SEVEN_SINGLE,
    DRAW32,
    SHORT_DECK_HOLDEM,
    OMAHA6,
    COURCHEVEL,
    COURCHEVEL8,
    SIX_PLUS_HOLDEM,
    KUHN,
    LEDUC,
)
_BY_NAME: dict[str, Game] = {}
for _g in _GAMES:
    for _name in (_g.id, *_g.aliases):
        _BY_NAME[_name] = _g


def all_games() -> tuple[Game, ...]:
    """Every game in the registry, the research games included (:func:`room_games` leaves them out)."""
    return _GAMES


_ROOM_GAMES: tuple[Game, ...] = tuple(g for g in _GAMES if not g.research)


def room_games() -> tuple[Game, ...]:
    """The games the room offers at its tables (the server's game list and new tables): every game in the
    registry but the research games (``Game.research``: Kuhn poker, Leduc hold'em)."""
    return _ROOM_GAMES


def room_game(name: str) -> Game:
    """The game a room table of ``name`` plays: :func:`find`'s, refusing a research game with
    :class:`~pokerroom.errors.UnsupportedRule` that names the games the room offers.  The one check behind every
    table the room creates."""
    game = find(name)
    if game.research:
        offered = ", ".join(g.id for g in _ROOM_GAMES)
        raise UnsupportedRule(
            f"{game.id} ({game.name}) is a research game, not offered by the room; play it with pokerroom play, "
            f"pokerroom simulate or the Python API; the room's games: {offered}"
        )
    return game


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
