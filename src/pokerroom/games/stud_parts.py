"""The parts the stud family shares (RULES G4, G8, G9, G10, G13, G14, G16; §6.1, §6.2): its streets, who brings
in, and the best showing hand.

Suits order clubs < diamonds < hearts < spades (the card ints' own suit order, RULES §6.1).  A card that is
unknown (``??`` in a replay) never brings in and shows nothing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from pokerroom.games.base import HouseRule, Opener, Street
from pokerroom.games.structures import Limit

__all__ = [
    "COMMON_CARD_BETTING",
    "FIVE_CARD_STUD_STREETS",
    "NEVER_BRINGS_IN",
    "OPEN_PAIR_BIG_BET",
    "STUD_STREETS",
    "door_key_ace_high",
    "door_key_highest",
    "door_key_razz",
    "showing_high",
    "showing_low",
]

STUD_STREETS = (
    Street("third", hole=2, up=1, opener=Opener.BRING_IN),
    Street("fourth", up=1, opener=Opener.SHOWING),
    Street("fifth", up=1, opener=Opener.SHOWING),
    Street("sixth", up=1, opener=Opener.SHOWING),
    Street("seventh", hole=1, opener=Opener.SHOWING),
)
"""Third street two down and one up (the door card), fourth to sixth up, seventh down (RULES G9 "Deal")."""

FIVE_CARD_STUD_STREETS = (
    Street("second", hole=1, up=1, opener=Opener.BRING_IN),
    Street("third", up=1, opener=Opener.SHOWING),
    Street("fourth", up=1, opener=Opener.SHOWING),
    Street("fifth", up=1, opener=Opener.SHOWING),
)
"""Five-card stud (Sökö, Americana, Telesina): one down and one up, then three more up, a betting round after
each; the first round opened by the bring-in, the others by the best showing hand (RULES G8, G13, G14 "Deal")."""

COMMON_CARD_BETTING = HouseRule(
    "common_card_betting",
    "stud.common_card_betting",
    False,
    "a betting round after the community card dealt when the deck runs out at seventh street",
    "RULES G9, A-G9-3 (the seed: none; RRoP: normal betting)",
)
OPEN_PAIR_BIG_BET = HouseRule(
    "open_pair_big_bet",
    "stud.open_pair_double",
    True,
    "at fixed limit an open pair on fourth street allows the big bet in that round",
    "RULES G9 (seed 004)",
)

NEVER_BRINGS_IN = -(10**6)
"""The door key of an unknown card (``??`` in a replay): below every real card."""
_NEVER = NEVER_BRINGS_IN


def door_key_ace_high(card: int, limit: Limit) -> int:
    """Stud and stud hi/lo: at fixed (and spread) limit the lowest door card brings in, the ace high and clubs
    the lowest suit; at pot and no limit the highest, spades first (RULES G9, G10, A-G9-1; TRAPS T14 a, b)."""
    if card < 0:
        return _NEVER
    if limit in (Limit.FIXED, Limit.SPREAD):
        return -card
    return card


def door_key_highest(card: int, limit: Limit) -> int:
    """Sökö and Americana: the highest door card brings in at every limit, the ace high, spades first on equal
    ranks (♠ > ♥ > ♦ > ♣, the card ints' own order, in the 52- and the 32-card deck; RULES G8, G13, §6.1)."""
    return card if card >= 0 else _NEVER


def door_key_razz(card: int, limit: Limit) -> int:
    """Razz: the highest door card brings in, the ace low, spades the highest suit (RULES G16; TRAPS T14 c)."""
    if card < 0:
        return _NEVER
    rank, suit = card >> 2, card & 3
    return ((rank + 1) % 13) * 4 + suit


def _pattern(ranks: Sequence[int]) -> tuple[int, ...]:
    """Counts, then ranks, ordered by (count, rank) from the top: quads > trips > two pair > pair > high."""
    counts = Counter(ranks)
    ordered = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    return tuple(c for _, c in ordered) + tuple(r for r, _ in ordered)


def showing_high(up: Sequence[int]) -> tuple[int, ...]:
    """The best showing high hand (E-HIGH on the up cards, suits ignored; RULES G9, A-G4-7)."""
    return _pattern([c >> 2 for c in up if c >= 0])


def showing_low(up: Sequence[int]) -> tuple[int, ...]:
    """Razz: the best showing low hand (ace low, pairs count against; RULES G16), as a key where larger acts
    first."""
    return tuple(-x for x in _pattern([(c >> 2) + 1 if c >> 2 != 12 else 0 for c in up if c >= 0]))
