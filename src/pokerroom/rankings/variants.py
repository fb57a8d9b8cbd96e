"""High rankings with other decks or other categories: E-SHORT, E-AMERICANA and E-SOKO (RULES §2.2, G8, G13).

* :data:`SHORT_DECK` (``short-deck``, E-SHORT): 36 cards (6 to A); a flush beats a full house; ``A-6-7-8-9``
  is the lowest straight (nine high).  Suits never break ties.
* :data:`SIX_PLUS` (``6plus-trips``, E-6PLUS): PokerStars' 6+ hold'em ranking, for reading its hand histories
  (not in the seeds; closest RULES section §2.2, E-SHORT): 36 cards; a flush beats a full house **and** three of
  a kind beats a straight; ``A-6-7-8-9`` is the lowest straight.  Suits never break ties.
* :data:`AMERICANA` (``americana``, E-AMERICANA): 32 cards (7 to A); a flush beats a full house;
  ``A-7-8-9-T`` is the lowest straight (ten high).  Suits never break ties (A-G13-2).
* :data:`SOKO` (``soko``, E-SOKO): 52 cards; E-HIGH with a **four-flush** and a **four-straight** between two
  pair and one pair (four-flush above four-straight).  A four-flush is exactly four cards of one suit, keyed
  by the four suited ranks and then the fifth card; a four-straight is four consecutive ranks (``J-Q-K-A`` and
  ``A-2-3-4`` count, nothing wraps), keyed by the run's top card and then the fifth card.  A hand that is both
  is a four-flush; one with a pair beside counts as the four-flush or four-straight.  Suits never break ties.

Every ordering here is an E-HIGH ordering with its own deck and category order; tie-break keys inside a
category are those of E-HIGH (RULES §2.2).

>>> SOKO.best_hand("Kh 9h 6h 2h 8c").name, SOKO.best_hand("5s 6d 7c 8d Ks").name
('four-flush, king high', 'four-straight, eight high')
>>> AMERICANA.best_hand("Ad 7s 8h 9c Td").name
'straight, ten high'
"""

from __future__ import annotations

from dataclasses import dataclass

from pokerroom.rankings.high import high_name
from pokerroom.rankings.model import FLUSH_OVER_FULL_HOUSE, HIGH_CATEGORIES, RANK_NAMES, Category, Classified, SuitModel
from pokerroom.rankings.ranking import Ranking
from pokerroom.rankings.shapes import ACE, BY_SHAPE, grouped, shown_groups, straight_display, straight_top

__all__ = ["AMERICANA", "SHORT_DECK", "SIX_PLUS", "SIX_PLUS_CATEGORIES", "SOKO", "HighVariantOrdering", "SokoOrdering"]

_SOKO_ORDER: tuple[Category, ...] = (
    *HIGH_CATEGORIES[:2],
    Category.FOUR_STRAIGHT,
    Category.FOUR_FLUSH,
    *HIGH_CATEGORIES[2:],
)
"""E-SOKO categories from worst to best (RULES G8: four-flush and four-straight between two pair and a pair)."""

SIX_PLUS_CATEGORIES: tuple[Category, ...] = (
    *HIGH_CATEGORIES[:3],
    Category.STRAIGHT,
    Category.THREE_OF_A_KIND,
    Category.FULL_HOUSE,
    Category.FLUSH,
    *HIGH_CATEGORIES[7:],
)
"""PokerStars' 6+ hold'em categories from worst to best: E-SHORT's ladder with three of a kind also above the
straight (trips are the rarer in 36 cards)."""


@dataclass(frozen=True, slots=True)
class HighVariantOrdering:
    """An E-HIGH style ordering: ``categories`` from worst to best, the deck's ``ranks`` (the lowest one
    makes the low-ace straight), keys ``(category index, E-HIGH tie-break ranks...)``."""

    id: str
    title: str
    ranks: tuple[int, ...]
    categories: tuple[Category, ...]
    suit_model: SuitModel = SuitModel.FLUSH

    def classify(self, ranks: tuple[int, ...], flush: bool) -> Classified:
        """Classify five descending ranks; ``flush`` when all five cards share a suit."""
        top = straight_top(ranks, lowest=min(self.ranks))
        if top is not None:
            category = Category.STRAIGHT_FLUSH if flush else Category.STRAIGHT
            return Classified((self.categories.index(category), top), category, straight_display(ranks, top))
        order, sizes = grouped(ranks)
        category = Category.FLUSH if flush else BY_SHAPE[sizes]
        return Classified((self.categories.index(category), *order), category, shown_groups(order, sizes))

    def name(self, hand: Classified) -> str:
        """Player wording, as E-HIGH (``"flush, ace high"``, ``"straight, nine high"``)."""
        return high_name(hand)


def _four_run(ranks: tuple[int, ...]) -> tuple[int, tuple[int, ...]] | None:
    """The top of a run of four consecutive ranks within five (ace high or in ``A-2-3-4``) and the run's
    ranks from the top (a low ace last), or ``None``."""
    present = set(ranks)
    for top in range(ACE, 2, -1):
        if {top, top - 1, top - 2, top - 3} <= present:
            return top, (top, top - 1, top - 2, top - 3)
    if {ACE, 0, 1, 2} <= present:
        return 2, (2, 1, 0, ACE)
    return None


@dataclass(frozen=True, slots=True)
class SokoOrdering:
    """The E-SOKO ordering (RULES G8), ``SuitModel.FOUR_FLUSH``: see the module docstring."""

    id: str = "soko"
    title: str = "E-SOKO"
    ranks: tuple[int, ...] = tuple(range(13))
    suit_model: SuitModel = SuitModel.FOUR_FLUSH

    def classify(self, ranks: tuple[int, ...], flush: bool) -> Classified:
        """Classify five descending ranks; four-straights here, four-flushes in :meth:`classify_four_flush`."""
        hand = HighVariantOrdering(self.id, self.title, self.ranks, _SOKO_ORDER).classify(ranks, flush)
        if hand.category in (Category.ONE_PAIR, Category.HIGH_CARD):
            run = _four_run(ranks)
            if run is not None:
                top, shown = run
                rest = list(ranks)
                for r in shown:
                    rest.remove(r)
                category = Category.FOUR_STRAIGHT
                return Classified((_SOKO_ORDER.index(category), top, rest[0]), category, (*shown, rest[0]))
        return hand

    def classify_four_flush(self, suited: tuple[int, ...], fifth: int) -> Classified:
        """Four suited ranks (descending) and the fifth card's rank: key ``(four-flush, *suited, fifth)``."""
        category = Category.FOUR_FLUSH
        return Classified((_SOKO_ORDER.index(category), *suited, fifth), category, (*suited, fifth))

    def name(self, hand: Classified) -> str:
        """Player wording: E-HIGH's, plus ``"four-flush, king high"`` and ``"four-straight, eight high"``."""
        if hand.category in (Category.FOUR_FLUSH, Category.FOUR_STRAIGHT):
            return f"{hand.category}, {RANK_NAMES[hand.ranks[0]]} high"
        return high_name(hand)


SHORT_DECK = Ranking(HighVariantOrdering("short-deck", "E-SHORT", tuple(range(4, 13)), FLUSH_OVER_FULL_HOUSE))
"""E-SHORT, 36-card short-deck hold'em (RULES §2.2; PHH code NS)."""

SIX_PLUS = Ranking(HighVariantOrdering("6plus-trips", "E-6PLUS", tuple(range(4, 13)), SIX_PLUS_CATEGORIES))
"""E-6PLUS, PokerStars' 6+ hold'em (its hand histories; closest RULES section §2.2, E-SHORT)."""

AMERICANA = Ranking(HighVariantOrdering("americana", "E-AMERICANA", tuple(range(5, 13)), FLUSH_OVER_FULL_HOUSE))
"""E-AMERICANA, the 32-card stud game of RULES G13."""

SOKO = Ranking(SokoOrdering())
"""E-SOKO, Sökö / Canadian stud (RULES G8)."""
