"""Short-deck (six-plus) hold'em: hold'em dealt from the 36-card deck, ranked by E-SHORT (a flush beats a full
house, A-6-7-8-9 is the lowest straight).  Not in the seeds; needed to replay PHH code ``NS`` (RULES §2.2).  And
PokerStars' 6+ hold'em (``6plus``), the same deal ranked by E-6PLUS (three of a kind also beats a straight)."""

from __future__ import annotations

from pokerroom.cards import DECK36
from pokerroom.games.base import Family, Game
from pokerroom.games.holdem import HOLDEM_STREETS
from pokerroom.games.shares import best_five
from pokerroom.games.structures import Limit
from pokerroom.rankings import SHORT_DECK, SIX_PLUS

__all__ = ["SHORT_DECK_HOLDEM", "SIX_PLUS_HOLDEM"]

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

SIX_PLUS_HOLDEM = Game(
    id="6plus",
    name="6+ hold'em",
    family=Family.BOARD,
    deck=DECK36,
    streets=HOLDEM_STREETS,
    shares=(best_five("high", SIX_PLUS),),
    limits=(Limit.NO, Limit.POT, Limit.FIXED),
    default_limit=Limit.NO,
    max_players=9,
    aliases=("6plus-holdem", "stars-6plus"),
)
"""6+ hold'em as PokerStars deals it: PokerStars' game, for reading its hand histories (not in the seeds; closest
RULES section G5, ranked by E-6PLUS of §2.2's short-deck family).  Hold'em from the 36-card deck (6 to A): straight
flush, four of a kind, flush, full house, three of a kind, straight, two pair, pair, high card; ``A-6-7-8-9`` the
lowest straight.  Forced bets are the table's, not the game's: every player antes and the button alone posts a
"button blind" (``blinds=[0, ..., 0, B]`` in :func:`~pokerroom.engine.setup.blind_order`, the button last; heads-up
``(B, 0)``, the button first); preflop action starts left of the button and the button acts last, and the
smallest bet is the button blind.  Nine players at most (9 x 2 + 5 = 23 of 36 cards)."""
