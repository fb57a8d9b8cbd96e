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

__all__ = ["HIGH", "HighOrdering", "high_name"]

_ACE = 12
_WHEEL = (12, 3, 2, 1, 0)

_CATEGORY_ORDER: tuple[Category, ...] = HIGH_CATEGORIES
"""E-HIGH categories from worst to best; the index is the first element of the sort key."""

_BY_SHAPE: dict[tuple[int, ...], Category] = {
    (4, 1): Category.FOUR_OF_A_KIND,
    (3, 2): Category.FULL_HOUSE,
    (3, 1, 1): Category.THREE_OF_A_KIND,
    (2, 2, 1): Category.TWO_PAIR,
    (2, 1, 1, 1): Category.ONE_PAIR,
    (1, 1, 1, 1, 1): Category.HIGH_CARD,
}


def straight_top(ranks: tuple[int, ...], *, wheel: bool = True) -> int | None:
    """The top rank of a straight made by five distinct descending ``ranks``, or ``None``.

    ``5-4-3-2-A`` counts (top 3, the five) when ``wheel``; nothing wraps around the ace.
    """
    if len(set(ranks)) != 5:
        return None
    if ranks[0] - ranks[4] == 4:
        return ranks[0]
    if wheel and ranks == _WHEEL:
        return 3
    return None


def grouped(ranks: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Group five ranks: (distinct ranks by count then rank, both descending; the group sizes).

    >>> grouped((12, 11, 11, 5, 5))
    ((11, 5, 12), (2, 2, 1))
    """
    counts = {r: ranks.count(r) for r in ranks}
    order = tuple(sorted(counts, key=lambda r: (counts[r], r), reverse=True))
    return order, tuple(counts[r] for r in order)


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
        top = straight_top(ranks)
        if top is not None:
            category = Category.STRAIGHT_FLUSH if flush else Category.STRAIGHT
            shown = _WHEEL[1:] + _WHEEL[:1] if top == 3 else ranks
            return Classified((_CATEGORY_ORDER.index(category), top), category, shown)
        order, sizes = grouped(ranks)
        category = Category.FLUSH if flush else _BY_SHAPE[sizes]
        shown = tuple(r for r, n in zip(order, sizes, strict=True) for _ in range(n))
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
    if category is Category.STRAIGHT_FLUSH and r[0] == _ACE:
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
