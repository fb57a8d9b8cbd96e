"""Telesina (RULES G14; seed 004): five-card stud with the 32-card deck (A K Q J T 9 8 7) for 2 to 6 players,
antes and a fixed dealer position (A-G14-6), and the **Vela**: after the fifth card's round one community card,
face up in the middle, then a fifth betting round.  The highest up card brings in (2 × the ante by default; equal
ranks: ♥ > ♦ > ♣ > ♠, the Italian order); later rounds (the Vela's too) are opened by the best showing hand on the
player's own up cards, ties by rank then suit, hearts first (A-G14-1, A-G14-7).  The best five of the player's
five cards and the Vela by E-TELESINA (suits break ties, a flush beats a full house, ``A-7-8-9-T`` the lowest
straight; TRAPS T22), with the heads-up straight-flush rule per pot: when exactly two hands contest a pot an
``A-7-8-9-T`` straight flush beats an ``A-K-Q-J-T`` one (A-G14-2, settled decision 7).  Show order: the last
bettor or raiser of the last round (A-G14-3), else the highest open hand.

Limits: pot (the default, as Telesina is usually played online, RULES G14 "FL sizes"), fixed (small, small, big,
big, big; §6.4) and no limit.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

from pokerroom.cards import DECK32
from pokerroom.games.base import Family, Game, Opener, Street, StudParts
from pokerroom.games.shares import best_five
from pokerroom.games.structures import Limit
from pokerroom.games.stud_parts import FIVE_CARD_STUD_STREETS, NEVER_BRINGS_IN
from pokerroom.rankings import TELESINA as TELESINA_RANKING
from pokerroom.rankings import telesina_pot_keys
from pokerroom.rankings.telesina import SUIT_ORDER

__all__ = ["TELESINA", "TELESINA_STREETS", "door_key_telesina", "showing_telesina"]

TELESINA_STREETS = (*FIVE_CARD_STUD_STREETS, Street("vela", board=1, opener=Opener.SHOWING))
"""Five-card stud's four streets, then the Vela: one board card and the fifth betting round (RULES G14 "Deal")."""


def _card_key(card: int) -> int:
    """A card by rank, then suit in the Italian order ♥ > ♦ > ♣ > ♠."""
    return (card >> 2) * 4 + SUIT_ORDER[card & 3]


def door_key_telesina(card: int, limit: Limit) -> int:
    """The highest door card brings in at every limit; equal ranks: ♥ > ♦ > ♣ > ♠ (RULES G14, §6.1; TE-1)."""
    return _card_key(card) if card >= 0 else NEVER_BRINGS_IN


def showing_telesina(up: Sequence[int]) -> tuple[int, ...]:
    """The best showing hand on the player's own up cards (the Vela is ignored; RULES A-G14-1, A-G14-7), larger
    opens first: quads > trips > two pair > pair > high cards, then the cards from the largest group down
    compared by rank and then suit, hearts first (``K♥ K♠`` beats ``K♦ K♣``; ``A♥ Q♣`` beats ``A♦ K♣``).

    >>> from pokerroom.cards import parse_cards
    >>> showing_telesina(parse_cards("Ah Qc")) > showing_telesina(parse_cards("Ad Kc"))
    True
    """
    cards = [c for c in up if c >= 0]
    counts = Counter(c >> 2 for c in cards)
    ordered = sorted(cards, key=lambda c: (counts[c >> 2], _card_key(c)), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    return (*shape, *map(_card_key, ordered))


TELESINA = Game(
    id="telesina",
    name="Telesina",
    family=Family.STUD,
    deck=DECK32,
    streets=TELESINA_STREETS,
    shares=(replace(best_five("high", TELESINA_RANKING), pot_keys=telesina_pot_keys),),
    limits=(Limit.POT, Limit.FIXED, Limit.NO),
    default_limit=Limit.POT,
    max_players=6,
    show_first=Opener.SHOWING,
    stud=StudParts(door_key_telesina, showing_telesina),
)
