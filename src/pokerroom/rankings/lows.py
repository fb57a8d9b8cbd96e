"""The low rankings: A-5 (club lowball, razz), A-5 eight-or-better, A-6 and 2-7 (RULES §2.2).

Every low is an ordering whose key is inverted, so that here too **a larger value is better** (the best low
has the largest value).

* :data:`A5_LOW` (``a5-low``, E-LOW-CLUB; alias ``razz``): the ace is always low; straights and flushes do
  not exist.  Categories best to worst: no pair, one pair, two pair, trips, full house, quads; inside a
  category compare like E-HIGH with higher losing.  Best hand ``5-4-3-2-A``, the wheel.  Suits never matter.
* :data:`A5_LOW_8` (``a5-low-8``, E-LOW-8): five *different* ranks, each 8 or lower, the ace counting 1;
  the highest card first, lower wins.  Five cards with no such low make no hand: value **0**, category
  ``NO_HAND``, name ``"no low"`` (:meth:`~pokerroom.rankings.ranking.Ranking.best_hand` gives empty cards).
* :data:`A6_LOW` (``a6-low``, E-LOW-A6): the ace is low except in ``A-K-Q-J-T``, the highest straight;
  straights and flushes count against the hand.  Categories best to worst: no pair, pair, two pair, trips,
  straight, flush, full house, quads, straight flush.  Best hand ``6-4-3-2-A`` in mixed suits.
* :data:`DEUCE_TO_SEVEN` (``27-low``, E-LOW-27): E-HIGH with the ace high only (``A-5-4-3-2`` is ace high, not
  a straight), the lowest E-HIGH hand wins.  Best hand ``7-5-4-3-2`` in mixed suits, "the number one".

>>> from pokerroom.rankings.ranking import Ranking
>>> A5_LOW.best_hand("8s 6d 4c 2h Ac Kd Kc").name, A5_LOW.best_hand("5h 4h 3h 2h Ah").name
('eight-six low', 'wheel')
>>> A5_LOW_8.best_hand("9c Td Jh 6s 5c Qd Kh").name
'no low'
>>> DEUCE_TO_SEVEN.best_hand("7h 5d 4c 3s 2h").name
'seven-five-four-three-two, the number one'
"""

from __future__ import annotations

from dataclasses import dataclass

from pokerroom.rankings.high import high_name
from pokerroom.rankings.model import HIGH_CATEGORIES, RANK_NAMES, Category, Classified, SuitModel
from pokerroom.rankings.ranking import Ranking
from pokerroom.rankings.shapes import ACE, BY_SHAPE, grouped, joined_ranks, shown_groups, straight_top

__all__ = [
    "A5_LOW",
    "A5_LOW_8",
    "A6_LOW",
    "DEUCE_TO_SEVEN",
    "AceToFiveOrdering",
    "AceToSixOrdering",
    "DeuceToSevenOrdering",
    "low_name",
    "low_rank",
]

_LOW_BEST_FIRST: tuple[Category, ...] = (
    Category.HIGH_CARD,
    Category.ONE_PAIR,
    Category.TWO_PAIR,
    Category.THREE_OF_A_KIND,
    Category.FULL_HOUSE,
    Category.FOUR_OF_A_KIND,
)
"""A-5 categories from best to worst (a hand with no pair is reported as ``HIGH_CARD``, "no pair")."""

_A6_BEST_FIRST: tuple[Category, ...] = HIGH_CATEGORIES
"""A-6 categories from best to worst (RULES E-LOW-A6)."""

_HIGH_ORDER: tuple[Category, ...] = HIGH_CATEGORIES
"""E-HIGH categories from worst to best; a 2-7 key is the negated E-HIGH key."""

_WHEEL_LOW = (4, 3, 2, 1, 0)
"""``5-4-3-2-A`` as low ranks (:func:`low_rank`)."""


def low_rank(rank: int) -> int:
    """A rank with the ace low: ace 0, deuce 1, ..., king 12."""
    return 0 if rank == ACE else rank + 1


def _rank_of(low: int) -> int:
    return ACE if low == 0 else low - 1


def _low_groups(ranks: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Groups of equal ranks with the ace low: low ranks by count then rank, both descending; the sizes."""
    order, sizes = grouped(tuple(sorted((low_rank(r) for r in ranks), reverse=True)))
    return order, sizes


def low_name(hand: Classified) -> str:
    """Player wording of a low hand with no pair: ``"wheel"`` for ``5-4-3-2-A``, else the two highest cards,
    ``"eight-six low"``; hands with pairs as E-HIGH (``"one pair, aces"``)."""
    if hand.category is not Category.HIGH_CARD:
        return high_name(hand)
    if tuple(low_rank(r) for r in hand.ranks) == _WHEEL_LOW:
        return "wheel"
    return f"{RANK_NAMES[hand.ranks[0]]}-{RANK_NAMES[hand.ranks[1]]} low"


@dataclass(frozen=True, slots=True)
class AceToFiveOrdering:
    """A-5 low (E-LOW-CLUB), or with ``qualifier`` the eight-or-better low (E-LOW-8).

    Keys are ``(5 - category index best first, negated low ranks grouped as E-HIGH...)``.  ``qualifier`` is
    the highest rank allowed in a qualifying low (6 = the eight) and also requires five different ranks.
    """

    id: str = "a5-low"
    title: str = "E-LOW-CLUB"
    qualifier: int | None = None
    no_hand_name: str = "no hand"
    ranks: tuple[int, ...] = tuple(range(13))
    suit_model: SuitModel = SuitModel.IGNORE

    def classify(self, ranks: tuple[int, ...], flush: bool) -> Classified | None:
        """Classify five descending ranks (``flush`` is ignored); ``None`` for no qualifying low."""
        order, sizes = _low_groups(ranks)
        if self.qualifier is not None and (len(order) != 5 or order[0] > low_rank(self.qualifier)):
            return None
        category = BY_SHAPE[sizes]
        key = (len(_LOW_BEST_FIRST) - 1 - _LOW_BEST_FIRST.index(category), *(-r for r in order))
        return Classified(key, category, tuple(_rank_of(r) for r in shown_groups(order, sizes)))

    def name(self, hand: Classified) -> str:
        """``"wheel"``, ``"eight-six low"``, ``"one pair, aces"`` (:func:`low_name`)."""
        return low_name(hand)


@dataclass(frozen=True, slots=True)
class AceToSixOrdering:
    """A-6 low (E-LOW-A6), ``SuitModel.FLUSH``: see the module docstring.  Keys are ``(8 - category index
    best first, negated tie-break ranks with the ace low...)``; a straight's tie-break is its top card (the
    ace-high straight's top is 13, above the king)."""

    id: str = "a6-low"
    title: str = "E-LOW-A6"
    ranks: tuple[int, ...] = tuple(range(13))
    suit_model: SuitModel = SuitModel.FLUSH

    def classify(self, ranks: tuple[int, ...], flush: bool) -> Classified:
        """Classify five descending ranks; ``flush`` when all five cards share a suit."""
        worst = len(_A6_BEST_FIRST) - 1
        lows = tuple(sorted((low_rank(r) for r in ranks), reverse=True))
        top: int | None = None
        if len(set(lows)) == 5 and lows[0] - lows[4] == 4:
            top = lows[0]
        elif set(ranks) == {ACE, 11, 10, 9, 8}:
            top = 13
        if top is not None:
            category = Category.STRAIGHT_FLUSH if flush else Category.STRAIGHT
            shown = ranks if top == 13 else tuple(_rank_of(r) for r in lows)
            return Classified((worst - _A6_BEST_FIRST.index(category), -top), category, shown)
        order, sizes = grouped(lows)
        category = Category.FLUSH if flush else BY_SHAPE[sizes]
        key = (worst - _A6_BEST_FIRST.index(category), *(-r for r in order))
        return Classified(key, category, tuple(_rank_of(r) for r in shown_groups(order, sizes)))

    def name(self, hand: Classified) -> str:
        """``"six-four low"``, ``"straight, five high"``, ``"flush, king high"``, ``"one pair, aces"``."""
        if hand.category is Category.HIGH_CARD:
            return f"{RANK_NAMES[hand.ranks[0]]}-{RANK_NAMES[hand.ranks[1]]} low"
        return high_name(hand)


@dataclass(frozen=True, slots=True)
class DeuceToSevenOrdering:
    """Deuce-to-seven low (E-LOW-27), ``SuitModel.FLUSH``: the E-HIGH key without the wheel, negated."""

    id: str = "27-low"
    title: str = "E-LOW-27"
    ranks: tuple[int, ...] = tuple(range(13))
    suit_model: SuitModel = SuitModel.FLUSH

    def classify(self, ranks: tuple[int, ...], flush: bool) -> Classified:
        """Classify five descending ranks; ``flush`` when all five cards share a suit."""
        top = straight_top(ranks, lowest=None)
        if top is not None:
            category = Category.STRAIGHT_FLUSH if flush else Category.STRAIGHT
            return Classified((-_HIGH_ORDER.index(category), -top), category, ranks)
        order, sizes = grouped(ranks)
        category = Category.FLUSH if flush else BY_SHAPE[sizes]
        return Classified((-_HIGH_ORDER.index(category), *(-r for r in order)), category, shown_groups(order, sizes))

    def name(self, hand: Classified) -> str:
        """No pair: every card, ``"eight-six-five-four-two"``; ``7-5-4-3-2`` adds ``", the number one"``.
        Other hands as E-HIGH (``"one pair, deuces"``, ``"straight, six high"``)."""
        if hand.category is Category.HIGH_CARD:
            words = joined_ranks(hand.ranks)
            return f"{words}, the number one" if hand.ranks == (5, 3, 2, 1, 0) else words
        return high_name(hand)


A5_LOW = Ranking(AceToFiveOrdering())
"""E-LOW-CLUB / A-5 low: club lowball (G1) and razz (G16)."""

A5_LOW_8 = Ranking(AceToFiveOrdering("a5-low-8", "E-LOW-8", qualifier=6, no_hand_name="no low"))
"""E-LOW-8, the eight-or-better low of stud hi/lo and Omaha hi/lo (G4, G7, G10); value 0 = no low."""

A6_LOW = Ranking(AceToSixOrdering())
"""E-LOW-A6, ace-to-six lowball (G3)."""

DEUCE_TO_SEVEN = Ranking(DeuceToSevenOrdering())
"""E-LOW-27, deuce-to-seven lowball (G12, G17)."""
