"""Short-deck (six-plus) hold'em: hold'em dealt from the 36-card deck, ranked by E-SHORT (a flush beats a full
house, A-6-7-8-9 is the lowest straight).  Not in the seeds; needed to replay PHH code ``NS`` (RULES §2.2)."""

from __future__ import annotations

from pokerroom.cards import DECK36
from pokerroom.games.base import Family, Game
from pokerroom.games.holdem import HOLDEM_STREETS
from pokerroom.games.shares import best_five
from pokerroom.games.structures import Limit
from pokerroom.rankings import SHORT_DECK

__all__ = ["SHORT_DECK_HOLDEM"]

SHORT_DECK_HOLDEM = Game(
    id="short-deck",
    name="Short-deck hold'em",
    family=Family.BOARD,
    deck=DECK36,
    streets=HOLDEM_STREETS,
    shares=(best_five("high", SHORT_DECK),),
    limits=(Limit.NO, Limit.POT, Limit.FIXED),
    default_limit=Limit.NO,
    max_players=9,
    aliases=("six-plus", "6-plus"),
)
