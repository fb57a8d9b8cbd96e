"""What equity needs to know of a game: its deck, how many cards a player holds, the board, the pot shares.

| id | deck | player's cards | board | shares |
|---|---|---|---|---|
| ``holdem`` | 52 | 2 | 5 | high (E-HIGH) |
| ``short-deck`` | 36 | 2 | 5 | high (E-SHORT) |
| ``omaha`` / ``omaha5`` | 52 | 4 / 5, exactly two used | 5, exactly three used | high |
| ``omaha8`` / ``omaha5-8`` | 52 | 4 / 5 | 5 | high and eight-or-better low, half each |
| ``stud`` / ``stud8`` / ``razz`` | 52 | 7 (best five) | none | high / high and 8-or-better / A-5 low |
| ``five-card-draw`` | 52 | 5 as they stand | none | high |
| ``27-triple-draw``, ``27-single-draw`` | 52 | 5 | none | deuce-to-seven low |
| ``club-lowball`` / ``a6-lowball`` | 52 | 5 | none | A-5 / A-6 low |
| ``draw32`` | 32 | 5 | none | E-32DRAW |

Draw games are valued with the hands as they stand (no draws to come).  Game ids and aliases follow the game
registry (``pokerroom games``); :func:`find` raises :class:`~pokerroom.errors.UnsupportedRule` naming these for
any other game (Telesina's Vela and Americana's structure are not covered).
"""

from __future__ import annotations

from dataclasses import dataclass

from pokerroom.cards import DECK32, DECK36, DECK52
from pokerroom.errors import UnsupportedRule
from pokerroom.rankings import Ranking
from pokerroom.rankings import find as find_ranking

__all__ = ["EQUITY_GAMES", "EquityGame", "find"]


@dataclass(frozen=True)
class EquityGame:
    """One game for :func:`pokerroom.equity.equity`.

    ``deck``: its cards (ints); ``hole``: the cards each player ends with (their own); ``board``: community
    cards (0 for none); ``omaha``: exactly two hole and three board cards; ``high``: the ranking of the (high)
    share; ``low``: the ranking of the low half in a hi/lo game (value 0 = no qualifying low), else ``None``.
    """

    id: str
    name: str
    deck: tuple[int, ...]
    hole: int
    board: int
    high: Ranking
    low: Ranking | None = None
    omaha: bool = False
    aliases: tuple[str, ...] = ()

    @property
    def hi_lo(self) -> bool:
        """Whether the pot is split between a high and a qualifying low."""
        return self.low is not None

    @property
    def ranges(self) -> bool:
        """Whether players may be given as ranges (hold'em and Omaha games)."""
        return self.board > 0


_FULL, _SHORT, _THIRTY_TWO = DECK52, DECK36, DECK32

EQUITY_GAMES: tuple[EquityGame, ...] = (
    EquityGame("holdem", "Texas hold'em", _FULL, 2, 5, find_ranking("high"),
               aliases=("nlhe", "texas-holdem", "hold'em", "club-holdem")),
    EquityGame("short-deck", "Short-deck hold'em", _SHORT, 2, 5, find_ranking("short-deck"),
               aliases=("six-plus", "6-plus")),
    EquityGame("omaha", "Omaha", _FULL, 4, 5, find_ranking("high"), omaha=True, aliases=("plo", "omaha-high")),
    EquityGame("omaha5", "Five-card Omaha", _FULL, 5, 5, find_ranking("high"), omaha=True, aliases=("plo5",)),
    EquityGame("omaha8", "Omaha hi/lo, eight or better", _FULL, 4, 5, find_ranking("high"),
               find_ranking("a5-low-8"), omaha=True, aliases=("omaha-hi-lo", "o8", "plo8")),
    EquityGame("omaha5-8", "Five-card Omaha hi/lo", _FULL, 5, 5, find_ranking("high"), find_ranking("a5-low-8"),
               omaha=True, aliases=("plo5-8",)),
    EquityGame("stud", "Seven-card stud", _FULL, 7, 0, find_ranking("high"), aliases=("7-stud", "seven-card-stud")),
    EquityGame("stud8", "Seven-card stud hi/lo", _FULL, 7, 0, find_ranking("high"), find_ranking("a5-low-8"),
               aliases=("stud-hi-lo", "7-stud-8")),
    EquityGame("razz", "Razz", _FULL, 7, 0, find_ranking("a5-low")),
    EquityGame("five-card-draw", "Five-card draw", _FULL, 5, 0, find_ranking("high"),
               aliases=("draw", "lukket-poker")),
    EquityGame("27-triple-draw", "Deuce-to-seven triple draw", _FULL, 5, 0, find_ranking("27-low"),
               aliases=("2-7-triple-draw", "27td")),
    EquityGame("27-single-draw", "Deuce-to-seven single draw", _FULL, 5, 0, find_ranking("27-low"),
               aliases=("2-7-single-draw", "27sd")),
    EquityGame("club-lowball", "Club lowball (ace-to-five)", _FULL, 5, 0, find_ranking("a5-low"),
               aliases=("lowball",)),
    EquityGame("a6-lowball", "Ace-to-six lowball", _FULL, 5, 0, find_ranking("a6-low"), aliases=("ace-to-six",)),
    EquityGame("draw32", "32-card draw", _THIRTY_TWO, 5, 0, find_ranking("draw32"), aliases=("32-card-draw",)),
)  # fmt: skip

_BY_NAME = {name: game for game in EQUITY_GAMES for name in (game.id, *game.aliases)}


def find(name: str) -> EquityGame:
    """The equity game called ``name`` (id or alias, case and ``_``/``-`` ignored).

    Raises :class:`~pokerroom.errors.UnsupportedRule` listing the games equity covers.
    """
    game = _BY_NAME.get(name.strip().lower().replace("_", "-"))
    if game is None:
        raise UnsupportedRule(f"equity for {name!r} is not implemented; games: {', '.join(g.id for g in EQUITY_GAMES)}")
    return game

