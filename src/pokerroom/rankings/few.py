"""E-HIGH on fewer than five cards: the ranking of the research games, Kuhn poker and Leduc hold'em.

The research literature's small poker games value hands of one or two cards: Kuhn poker (H. W. Kuhn, "A simplified
two-person poker", 1950) one card, the higher card winning; Leduc hold'em (F. Southey et al., "Bayes' Bluff:
Opponent Modelling in Poker", UAI 2005; RLCard's and OpenSpiel's ``leduc_poker``) the player's card with the one
board card, a card that pairs the board beating any unpaired hand, else the higher card, equal ranks splitting.
Both are E-HIGH's ladder (RULES §2.2) read on the cards there are: with fewer than five cards there are no
straights or flushes, only groups of equal ranks, so the categories from best to worst are four of a kind, three
of a kind, two pair, one pair and high card, and inside a category the ranks decide from the largest group down
(the pair, then the kickers).  Suits never break ties.

:data:`FEW_HIGH` is a :class:`~pokerroom.rankings.ranking.Ranking` over hands of 1 to 4 cards: ``evaluate`` gives
a dense value (larger is better, equal values split), ``best_hand`` and ``describe`` name it.  It is not in the
registry of :func:`pokerroom.rankings.find`, whose rankings value 5 to 9 cards (``pokerroom rank``, ``compare``,
batch evaluation); it has no five-card tables, and asking for them raises
:class:`~pokerroom.errors.UnsupportedRule`.  Hands of different sizes compare too (a hand with more cards of the
same top ranks is the better), though in the research games every player's hand has the same size.

>>> from pokerroom.cards import parse_cards
>>> FEW_HIGH.best_hand("Qh Qs").name, FEW_HIGH.best_hand("Ks Qh").name, FEW_HIGH.describe("Js")
('one pair, queens', 'high card, king', 'high card, jack')
>>> FEW_HIGH.evaluate(parse_cards("Jh Js")) > FEW_HIGH.evaluate(parse_cards("Ks Qh"))
True
>>> FEW_HIGH.evaluate(parse_cards("Ks Qh")) == FEW_HIGH.evaluate(parse_cards("Kh Qs"))
True
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations_with_replacement

from pokerroom.errors import PokerroomError, UnsupportedRule
from pokerroom.rankings.high import high_name
from pokerroom.rankings.model import HIGH_CATEGORIES, Category, Classified, HandValue, SuitModel
from pokerroom.rankings.ranking import CardsLike, Ranking, check_cards
from pokerroom.rankings.shapes import grouped, shown_groups
from pokerroom.rankings.tables import Evaluator, Tables

__all__ = ["FEW_HIGH", "MAX_FEW_CARDS", "FewCardRanking", "FewHighOrdering"]

MAX_FEW_CARDS = 4
"""The most cards :data:`FEW_HIGH` values; five or more are E-HIGH's (:data:`pokerroom.rankings.HIGH`)."""


def _category(sizes: tuple[int, ...]) -> Category:
    """The category of fewer than five cards by their group sizes (largest first)."""
    if sizes[0] == 4:
        return Category.FOUR_OF_A_KIND
    if sizes[0] == 3:
        return Category.THREE_OF_A_KIND
    if sizes[0] == 2:
        return Category.TWO_PAIR if sizes[1:2] == (2,) else Category.ONE_PAIR
    return Category.HIGH_CARD


@dataclass(frozen=True, slots=True)
class FewHighOrdering:
    """E-HIGH's ordering of 1 to 4 cards (see the module docstring).  Keys are ``(category index, ranks from the
    largest group down...)`` with E-HIGH's category indices (0 high card, 1 one pair, 2 two pair, 3 three of a
    kind, 7 four of a kind)."""

    id: str = "few-high"
    title: str = "E-HIGH on fewer than five cards"
    ranks: tuple[int, ...] = tuple(range(13))
    suit_model: SuitModel = SuitModel.IGNORE

    def classify(self, ranks: tuple[int, ...], flush: bool) -> Classified:
        """Classify 1 to 4 descending ranks; ``flush`` plays no part below five cards."""
        order, sizes = grouped(ranks)
        category = _category(sizes)
        return Classified((HIGH_CATEGORIES.index(category), *order), category, shown_groups(order, sizes))

    def name(self, hand: Classified) -> str:
        """Player wording, as E-HIGH's: ``high card, king``, ``one pair, queens``, ``two pair, kings and
        jacks``."""
        return high_name(hand)


class FewCardRanking(Ranking):
    """A :class:`~pokerroom.rankings.ranking.Ranking` of hands of 1 to :data:`MAX_FEW_CARDS` cards, from an
    ordering that classifies that many ranks (:class:`FewHighOrdering`).

    * ``evaluate(cards) -> int``: raw and unchecked like every ranking's, a dense value from 1 (the worst hand of
      one card) up, larger is better; a count outside 1..4 raises :class:`~pokerroom.errors.PokerroomError`;
    * ``best_hand`` / ``describe`` / ``category`` / ``classified``: as :class:`Ranking`'s, for 1 to 4 cards (the
      ``cards`` of a :class:`~pokerroom.rankings.model.HandValue` are all of them, in display order);
    * ``tables()`` and ``five_evaluator()`` raise :class:`~pokerroom.errors.UnsupportedRule`: there are no
      five-card tables, so batch evaluation (:mod:`pokerroom.rankings.batch`) does not take this ranking.

    The values are built on first use, once (every multiset of 1 to 4 ranks, at most four of a rank).
    """

    def __init__(self, ordering: FewHighOrdering) -> None:
        super().__init__(ordering)
        self._values: dict[tuple[int, ...], int] = {}
        self._classes: list[Classified] = []
        self._built = threading.Lock()
        self.evaluate = self._evaluate_few

    def _build(self) -> dict[tuple[int, ...], int]:
        if not self._values:
            with self._built:
                if not self._values:
                    by_ranks: dict[tuple[int, ...], Classified] = {}
                    ranks = sorted(self.ordering.ranks, reverse=True)
                    for n in range(1, MAX_FEW_CARDS + 1):
                        for combo in combinations_with_replacement(ranks, n):
                            by_ranks[combo] = self.ordering.classify(combo, False)  # type: ignore[assignment]
                    keys = sorted({c.key for c in by_ranks.values()})
                    number = {key: i + 1 for i, key in enumerate(keys)}
                    classes: list[Classified] = [Classified((), Category.NO_HAND, ())] * (len(keys) + 1)
                    for hand in by_ranks.values():
                        classes[number[hand.key]] = hand
                    self._classes = classes
                    self._values = {combo: number[hand.key] for combo, hand in by_ranks.items()}
        return self._values

    def _evaluate_few(self, cards: Sequence[int]) -> int:
        value = (self._values or self._build()).get(tuple(sorted([c >> 2 for c in cards], reverse=True)))
        if value is None:
            raise PokerroomError(f"{self.id} values 1 to {MAX_FEW_CARDS} cards, got {len(cards)}")
        return value

    def _no_tables(self) -> UnsupportedRule:
        return UnsupportedRule(
            f"the {self.id} ranking values 1 to {MAX_FEW_CARDS} cards and has no five-card tables; batch "
            "evaluation and the rank and compare commands take rankings of 5 to 9 cards"
        )

    def tables(self) -> Tables:
        """Refused: this ranking has no five-card tables (see the class docstring)."""
        raise self._no_tables()

    def evaluator(self) -> Evaluator:
        """The raw evaluator (see the class docstring), with its values built."""
        self._build()
        return self.evaluate

    def five_evaluator(self) -> Evaluator:
        """Refused: there are no hands of five cards in this ranking."""
        raise self._no_tables()

    @property
    def max_value(self) -> int:
        """The value of the best hand (four aces); values run from 1 up to it, every one some hand's."""
        self._build()
        return len(self._classes) - 1

    def classified(self, value: int) -> Classified:
        """What the ordering says about a hand value; raises :class:`~pokerroom.errors.PokerroomError` for a
        value that is not one of this ranking's."""
        if type(value) is not int or not 0 < value <= self.max_value:
            raise PokerroomError(f"{value!r} is not a {self.id} hand value; values are 1..{self.max_value}")
        return self._classes[value]

    def category(self, value: int) -> Category:
        """The category of a hand value (errors as :meth:`classified`)."""
        return self.classified(value).category

    def describe(self, hand: int | CardsLike) -> str:
        """The player's name for a hand value or for 1 to 4 cards (errors as :meth:`classified` and
        :meth:`best_hand`)."""
        if isinstance(hand, int):
            return self.ordering.name(self.classified(hand))
        return self.best_hand(hand).name

    def best_hand(self, cards: CardsLike) -> HandValue:
        """1 to 4 cards valued and named, every card counting.  Raises
        :class:`~pokerroom.errors.InvalidCard`, :class:`~pokerroom.errors.DuplicateCard`, or
        :class:`~pokerroom.errors.PokerroomError` for a count outside 1..4."""
        hand = check_cards(cards, low=1, high=MAX_FEW_CARDS, deck=self._deck)
        return self.hand_value(hand, value=self.evaluate(hand))


FEW_HIGH = FewCardRanking(FewHighOrdering())
"""E-HIGH on 1 to 4 cards, the ranking of Kuhn poker and Leduc hold'em (see the module docstring)."""
