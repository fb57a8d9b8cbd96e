"""E-HIGH, the standard high ranking (RULES §2.2 E-HIGH, §3.1), as an ordering for the table generator.

Categories best to worst: straight flush (the ace-high one is called a royal flush but is not a separate
category), four of a kind, full house, flush, straight, three of a kind, two pair, one pair, high card.  The
ace plays low only in the wheel ``5-4-3-2-A``, the lowest straight (flush); there is no wrap-around.  Suits
never break ties.  :data:`HIGH` is the ranking itself (also ``rankings.find("high")``).

>>> from pokerroom.cards import parse_cards
>>> HIGH.best_hand(parse_cards("Kh Ks 7d 7c 2s Ah")).name
'two pair, kings and sevens'
>>> HIGH.evaluate(parse_cards("5s4s3s2sAs")) > HIGH.evaluate(parse_cards("KsKdKhKcAs"))
True
"""

from __future__ import annotations

from dataclasses import dataclass

from pokerroom.rankings.model import HIGH_CATEGORIES, RANK_NAMES, RANK_PLURALS, Category, Classified, SuitModel
from pokerroom.rankings.ranking import Ranking
from pokerroom.rankings.shapes import ACE, BY_SHAPE, grouped, shown_groups, straight_display, straight_top

__all__ = ["HIGH", "HighOrdering", "high_name"]

_CATEGORY_ORDER: tuple[Category, ...] = HIGH_CATEGORIES
"""E-HIGH categories from worst to best; the index is the first element of the sort key."""

@dataclass(frozen=True, slots=True)
class HighOrdering:
    """The E-HIGH ordering (RULES §2.2): see the module docstring.  Keys are ``(category index, tie-break
    ranks...)`` with the category index from 0 (high card) to 8 (straight flush)."""

    id: str = "high"
    title: str = "E-HIGH"
    ranks: tuple[int, ...] = tuple(range(13))
    suit_model: SuitModel = SuitModel.FLUSH

    def classify(self, ranks: tuple[int, ...], flush: bool) -> Classified:
        """Classify five descending ranks; ``flush`` when all five cards share a suit."""
        top = straight_top(ranks, lowest=0)
        if top is not None:
            category = Category.STRAIGHT_FLUSH if flush else Category.STRAIGHT
            shown = straight_display(ranks, top)
            return Classified((_CATEGORY_ORDER.index(category), top), category, shown)
        order, sizes = grouped(ranks)
        category = Category.FLUSH if flush else BY_SHAPE[sizes]
        shown = shown_groups(order, sizes)
        return Classified((_CATEGORY_ORDER.index(category), *order), category, shown)

    def name(self, hand: Classified) -> str:
        """Player wording of an E-HIGH hand (see :func:`high_name`)."""
        return high_name(hand)


def high_name(hand: Classified) -> str:
    """Player wording for a high hand from its category and display ranks.

    Wordings: ``high card, ace``; ``one pair, jacks``; ``two pair, kings and sevens``; ``three of a kind,
    fives``; ``straight, nine high``; ``flush, ace high``; ``full house, queens full of fours``; ``four of a
    kind, nines``; ``straight flush, five high``; ``royal flush``.
    """
    r = hand.ranks
    category = hand.category
    if category is Category.STRAIGHT_FLUSH and r[0] == ACE:
        return "royal flush"
    if category in (Category.STRAIGHT_FLUSH, Category.STRAIGHT, Category.FLUSH):
        return f"{category}, {RANK_NAMES[r[0]]} high"
    if category is Category.HIGH_CARD:
        return f"{category}, {RANK_NAMES[r[0]]}"
    if category is Category.TWO_PAIR:
        return f"{category}, {RANK_PLURALS[r[0]]} and {RANK_PLURALS[r[2]]}"
    if category is Category.FULL_HOUSE:
        return f"{category}, {RANK_PLURALS[r[0]]} full of {RANK_PLURALS[r[3]]}"
    return f"{category}, {RANK_PLURALS[r[0]]}"


HIGH = Ranking(HighOrdering())
"""The standard high ranking, E-HIGH (RULES §2.2); tables are built on first use."""
