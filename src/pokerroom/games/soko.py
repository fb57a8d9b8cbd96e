"""Sökö, Canadian or Scandinavian stud (RULES G8; seed 004): five-card stud for 2 to 8 players with antes and a
fixed dealer box.  One card down and one up, then three more up, a betting round after each.  The highest up
card brings in (2 × the ante by default; equal ranks: ♠ > ♥ > ♦ > ♣); later rounds are opened by the best showing
hand under E-SOKO's partial ranking (A-G8-1), ties clockwise from the box.  The best hand of the player's own five
cards by E-SOKO (a four-flush and a four-straight beat one pair; TRAPS T21).  Show order: the last bettor or
raiser, else the highest open hand (A-G8-4).  Fixed limit small, small, big, big (§6.4), pot and no limit.

House rules: ``showing_four_flush_straight`` (A-G8-2), ``show_first_when_checked`` (A-G8-4, settled decision 11)
and ``open_pair_big_bet`` (A-G8-3, off).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from enum import StrEnum

from pokerroom.cards import DECK52
from pokerroom.games.base import Family, Game, HouseRule, Opener, StudParts
from pokerroom.games.shares import best_five
from pokerroom.games.structures import Limit
from pokerroom.games.stud_parts import FIVE_CARD_STUD_STREETS, door_key_highest
from pokerroom.rankings import SOKO as SOKO_RANKING

__all__ = ["SOKO", "SokoShowing", "showing_soko"]

_HIGH, _PAIR, _FOUR_STRAIGHT, _FOUR_FLUSH, _TWO_PAIR, _TRIPS, _QUADS = range(7)
_ACE = 12


def _run_top(ranks: Sequence[int]) -> int | None:
    """The top card of four distinct consecutive ranks (``J-Q-K-A`` high, ``A-2-3-4`` with top 4), or ``None``."""
    distinct = sorted(set(ranks))
    if len(distinct) != 4:
        return None
    if distinct[-1] - distinct[0] == 3:
        return distinct[-1]
    if distinct == [0, 1, 2, _ACE]:
        return 2
    return None


def showing_soko(up: Sequence[int], *, fours: bool = True) -> tuple[int, ...]:
    """The best showing hand by E-SOKO's partial ranking (RULES A-G8-1), larger opens first.

    With two or three up cards trips beat pairs and pairs beat high cards; with four, quads > trips > two pair >
    four-flush > four-straight > pair > high card (a four-card straight flush is a four-flush).  A four-flush is
    keyed by its ranks, a four-straight by its top card (``A-2-3-4``: the four); suits never break ties.
    ``fours=False`` ignores four-flushes and four-straights, as plain stud does (A-G8-2).  Unknown cards show
    nothing.

    >>> from pokerroom.cards import parse_cards
    >>> showing_soko(parse_cards("Kh 9h 6h 2h")) > showing_soko(parse_cards("Ac Ad 7s 2d"))
    True
    >>> showing_soko(parse_cards("Kh 9h 6h 2h"), fours=False) > showing_soko(parse_cards("Ac Ad 7s 2d"))
    False
    """
    cards = [c for c in up if c >= 0]
    if not cards:
        return ()
    ranks = [c >> 2 for c in cards]
    ordered = sorted(Counter(ranks).items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = [n for _, n in ordered]
    tie = tuple(r for r, _ in ordered)
    if shape[0] == 4:
        category = _QUADS
    elif shape[0] == 3:
        category = _TRIPS
    elif shape[:2] == [2, 2]:
        category = _TWO_PAIR
    elif shape[0] == 2:
        category = _PAIR
    else:
        category = _HIGH
    if fours and len(cards) == 4 and category == _HIGH:
        if len({c & 3 for c in cards}) == 1:
            return (_FOUR_FLUSH, *tie)
        top = _run_top(ranks)
        if top is not None:
            return (_FOUR_STRAIGHT, top)
    return (category, *tie)


class SokoShowing(StrEnum):
    """How four up cards are read for the first actor and the show order (RULES A-G8-2); each choice is the
    game's ``showing_key`` itself."""

    COUNT = "count"
    """A four-flush and a four-straight showing beat a pair (the rulebook's recommendation)."""
    IGNORE = "ignore"
    """They count as high cards, as in plain stud."""

    def __call__(self, up: Sequence[int]) -> tuple[int, ...]:
        return showing_soko(up, fours=self is SokoShowing.COUNT)


SHOWING_FOUR_FLUSH_STRAIGHT = HouseRule(
    "showing_four_flush_straight",
    "stud.showing_key",
    SokoShowing.COUNT,
    "a four-flush or four-straight among four up cards beats a showing pair when choosing who acts (and shows) "
    "first (count), or is read as high cards as in plain stud (ignore)",
    "RULES G8, A-G8-2",
    choices=tuple(SokoShowing),
)
SHOW_FIRST_WHEN_CHECKED = HouseRule(
    "show_first_when_checked",
    "show_first",
    Opener.SHOWING,
    "who shows first when the last round had no bet: the highest open hand (showing; RULES 'highest_open') or "
    "the first player clockwise from the dealer box (button; RULES 'left_of_dealer')",
    "RULES G8, A-G8-4, settled decision 11",
    choices=(Opener.SHOWING, Opener.BUTTON),
)
SOKO_OPEN_PAIR_BIG_BET = HouseRule(
    "open_pair_big_bet",
    "stud.open_pair_double",
    False,
    "at fixed limit an open pair on the second round (two up cards) allows the big bet in that round",
    "RULES G8, A-G8-3 (off: seed 004 says it for seven-card stud only)",
)

SOKO = Game(
    id="soko",
    name="Sökö (Canadian stud)",
    family=Family.STUD,
    deck=DECK52,
    streets=FIVE_CARD_STUD_STREETS,
    shares=(best_five("high", SOKO_RANKING),),
    limits=(Limit.FIXED, Limit.POT, Limit.NO),
    default_limit=Limit.FIXED,
    max_players=8,
    aliases=("sökö", "soeko", "canadian-stud"),
    show_first=Opener.SHOWING,
    stud=StudParts(door_key_highest, SokoShowing.COUNT),
    house_rules=(SHOWING_FOUR_FLUSH_STRAIGHT, SHOW_FIRST_WHEN_CHECKED, SOKO_OPEN_PAIR_BIG_BET),
)
