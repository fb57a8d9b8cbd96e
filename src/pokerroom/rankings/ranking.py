"""The :class:`Ranking`: an ordering's tables, its fast evaluator, and best-hand description with validation.

A ranking is made from an :class:`~pokerroom.rankings.model.Ordering` and builds its tables on first use
(:func:`~pokerroom.rankings.tables.build_tables`), once, or reads them from the disk cache
(:mod:`~pokerroom.rankings.table_cache`).  Two faces:

* the raw ``evaluate(cards) -> int`` for hot loops: no validation, larger is better, equal values split;
* ``best_hand(cards) -> HandValue`` and ``describe(...)`` for people: cards are checked and refusals raise
  typed errors from :mod:`pokerroom.errors`.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Sequence
from dataclasses import replace
from itertools import combinations

from pokerroom.cards import format_card, parse_cards
from pokerroom.errors import DuplicateCard, InvalidCard, PokerroomError
from pokerroom.rankings.model import Category, Classified, HandValue, Ordering, SuitModel
from pokerroom.rankings.suited import SuitedTables
from pokerroom.rankings.table_cache import cached_tables
from pokerroom.rankings.tables import (
    MAX_CARDS,
    MIN_CARDS,
    Evaluator,
    Tables,
    make_evaluator,
    make_five_evaluator,
)

__all__ = ["CardsLike", "Ranking", "check_cards"]

CardsLike = Iterable[int] | str
"""Cards as ints (``rank * 4 + suit``) or as text for :func:`~pokerroom.cards.parse_cards` (``"AsKd 7h"``)."""


def check_cards(cards: CardsLike, *, low: int, high: int, what: str = "a hand", deck: int = (1 << 13) - 1) -> list[int]:
    """Cards as a list of ints after checking them.

    Raises :class:`~pokerroom.errors.InvalidCard` for something that is not a card int in ``0..51`` (or a card
    of a rank outside the 13-bit rank mask ``deck``), :class:`~pokerroom.errors.DuplicateCard` for a card seen
    twice, and :class:`~pokerroom.errors.PokerroomError` when the count is outside ``low..high``.
    """
    out = parse_cards(cards, allow_unknown=False) if isinstance(cards, str) else list(cards)
    seen: set[int] = set()
    for card in out:
        if type(card) is not int or not 0 <= card < 52:
            raise InvalidCard(repr(card), "a card int is rank * 4 + suit, in 0..51")
        if not deck >> (card >> 2) & 1:
            raise InvalidCard(format_card(card), "this ranking's deck has no card of that rank")
        if card in seen:
            raise DuplicateCard(format_card(card))
        seen.add(card)
    if not low <= len(out) <= high:
        count = f"{low}" if low == high else f"{low} to {high}"
        raise PokerroomError(f"{what} is {count} cards, got {len(out)}")
    return out


class Ranking:
    """One ranking system: evaluation, description and best-hand selection over its generated tables.

    * ``id``: registry name (``"high"``); ``title``: rulebook name (``"E-HIGH"``); ``ordering``: the
      declaration the tables come from.
    * ``evaluate(cards) -> int``: the raw evaluator.  ``cards`` is a sequence of 5 to 9 card ints
      (``rank * 4 + suit``); the result is the best 5-card value, larger is better, equal values split
      the pot (RULES §2.2).  **0 means no hand**: five cards that do not qualify (no eight-or-better low;
      never in rankings without a qualifier).  No validation: duplicate or out-of-range cards give a
      meaningless value or raise :class:`KeyError`/:class:`IndexError`; a count outside 5..9 raises
      :class:`~pokerroom.errors.PokerroomError`.  The first call builds the tables; afterwards the attribute
      is the generated function itself, so ``ev = ranking.evaluator()`` is the fastest handle for a loop.
    * ``best_hand`` / ``describe`` / ``category`` / ``classified``: checked and described (see each).
    * ``pot_keys(values)``: the hook for pot-level rules that are not a plain comparison (Telesina's heads-up
      straight-flush rule); the engine calls it per pot.
    """

    id: str
    title: str
    ordering: Ordering
    evaluate: Evaluator

    def __init__(self, ordering: Ordering) -> None:
        self.ordering = ordering
        self.id = ordering.id
        self.title = ordering.title
        self._deck = sum(1 << r for r in ordering.ranks)
        self._tables: Tables | None = None
        self._five: Evaluator | None = None
        self._lock = threading.Lock()
        self.evaluate = self._evaluate_first
        self.omaha_cache: object = None
        """Working storage of :func:`~pokerroom.rankings.omaha.omaha_value` (rows built per board)."""

    def __repr__(self) -> str:
        return f"<Ranking {self.id} ({self.title})>"

    def _evaluate_first(self, cards: Sequence[int]) -> int:
        """The evaluator before the tables exist: build them, then hand over to the generated function."""
        self.tables()
        return self.evaluate(cards)

    def tables(self) -> Tables:
        """The generated tables, read from the disk cache or built on the first call, then kept (thread-safe;
        :mod:`~pokerroom.rankings.table_cache`)."""
        if self._tables is None:
            with self._lock:
                if self._tables is None:
                    tables = cached_tables(self.ordering)
                    self._five = make_five_evaluator(tables)
                    self.evaluate = make_evaluator(tables)
                    self._tables = tables
        return self._tables

    def evaluator(self) -> Evaluator:
        """The raw evaluator function (see the class docstring), with its tables built."""
        self.tables()
        return self.evaluate

    def five_evaluator(self) -> Evaluator:
        """The raw evaluator of exactly five card ints (no validation), with its tables built."""
        self.tables()
        assert self._five is not None  # set together with the tables
        return self._five

    @property
    def max_value(self) -> int:
        """The value of the best possible hand; values run from 1 (worst) to this (0 = no hand).

        Values are dense (every int in between is some hand's value) except for suit-ranked orderings
        (``SuitModel.CARDS``: Telesina, 32-card draw), whose values carry the deciding suits in their low bits.
        """
        tables = self.tables()
        return tables.best_value if isinstance(tables, SuitedTables) else tables.max_value

    @property
    def no_hand_name(self) -> str:
        """The name of value 0, five cards that make no hand (``"no low"`` for eight-or-better)."""
        return str(getattr(self.ordering, "no_hand_name", Category.NO_HAND.value))

    def _class_of(self, value: int) -> tuple[Tables, int]:
        tables = self.tables()
        number = value >> tables.suit_shift if type(value) is int and 0 < value <= self.max_value else 0
        if not 0 < number <= tables.max_value:
            raise PokerroomError(f"{value!r} is not a {self.id} hand value; values are 1..{self.max_value}")
        return tables, number

    def category(self, value: int) -> Category:
        """The category of a hand value; raises :class:`~pokerroom.errors.PokerroomError` for a value
        that is not one of this ranking's hand values (0, "no hand", included)."""
        tables, number = self._class_of(value)
        return tables.categories[number]

    def classified(self, value: int) -> Classified:
        """What the ordering says about a hand value (category, sort key, display ranks; for suit-ranked
        orderings the deciding ``suit``); raises :class:`~pokerroom.errors.PokerroomError` for a value that is
        not one of this ranking's hand values."""
        tables, number = self._class_of(value)
        ranks, flush = tables.hand_class(number)
        if tables.is_four_flush(number):
            hand: Classified | None = self.ordering.classify_four_flush(ranks[:4], ranks[4])  # type: ignore[attr-defined]
        else:
            hand = self.ordering.classify(ranks, flush)
        assert hand is not None  # values from 1 up are hands
        if isinstance(tables, SuitedTables) and hand.suit_last is not None:
            hand = replace(hand, suit=tables.suit_order.index(value & 3))
        return hand

    def describe(self, hand: int | CardsLike) -> str:
        """The player's name for a hand value or for cards (5 to 9, best five used).

        ``describe(value)`` needs only the int (``"full house, queens full of fours"``); value 0 is
        :attr:`no_hand_name` in a ranking where some hands do not qualify.  Raises
        :class:`~pokerroom.errors.PokerroomError` for an int that is not a hand value and the errors of
        :meth:`best_hand` for cards.
        """
        if isinstance(hand, int):
            if hand == 0 and self.tables().has_no_hand:
                return self.no_hand_name
            return self.ordering.name(self.classified(hand))
        return self.best_hand(hand).name

    def best_hand(self, cards: CardsLike) -> HandValue:
        """The best five of 5 to 9 cards (RULES §2.2: only the best five cards count), described.

        ``cards``: card ints or text such as ``"AsKd 7h 7c 2s Kh 3d"``.  Returns a
        :class:`~pokerroom.rankings.model.HandValue` whose ``cards`` are the five used, in display order.
        When no five cards make a hand (no eight-or-better low), the value is 0, the category
        ``NO_HAND``, the name :attr:`no_hand_name` and ``cards`` is empty.
        Raises :class:`~pokerroom.errors.InvalidCard` (also for a card outside this ranking's deck),
        :class:`~pokerroom.errors.DuplicateCard`, or :class:`~pokerroom.errors.PokerroomError` for a count
        outside 5..9.
        """
        hand = check_cards(cards, low=MIN_CARDS, high=MAX_CARDS, deck=self._deck)
        value = self.evaluate(hand)
        if value == 0:
            return HandValue(0, Category.NO_HAND, (), self.no_hand_name, self.id)
        five = self.five_evaluator()
        chosen = next(s for s in combinations(sorted(hand, reverse=True), 5) if five(s) == value)
        return self.hand_value(chosen, value=value)

    def classify_cards(self, five: Sequence[int]) -> tuple[Classified | None, int | None]:
        """What the ordering says about exactly five valid card ints, and the suit of a four-flush (else
        ``None``); for suit-ranked orderings the result's ``suit`` is filled in."""
        ranks = tuple(sorted((c >> 2 for c in five), reverse=True))
        suits = [c & 3 for c in five]
        model = self.ordering.suit_model
        flush = model is not SuitModel.IGNORE and len(set(suits)) == 1
        hand = self.ordering.classify(ranks, flush)
        four_suit = next((s for s in set(suits) if suits.count(s) == 4), None)
        if model is SuitModel.FOUR_FLUSH and four_suit is not None:
            quad = tuple(sorted((c >> 2 for c in five if c & 3 == four_suit), reverse=True))
            fifth = next(c >> 2 for c in five if c & 3 != four_suit)
            other: Classified = self.ordering.classify_four_flush(quad, fifth)  # type: ignore[attr-defined]
            if hand is None or other.key > hand.key:
                return other, four_suit
        if model is SuitModel.CARDS and hand is not None and hand.suit_last is not None:
            order = getattr(self.ordering, "suit_order", (0, 1, 2, 3))
            best = max((c & 3 for c in five if c >> 2 == hand.suit_last), key=lambda s: order[s])
            hand = replace(hand, suit=best)
        return hand, None

    def hand_value(self, five: Sequence[int], *, value: int | None = None) -> HandValue:
        """Describe exactly five valid, distinct card ints (no checks here; ``value`` if already known)."""
        if value is None:
            value = self.five_evaluator()(five)
        classified, four_suit = self.classify_cards(five)
        if classified is None:
            return HandValue(value, Category.NO_HAND, tuple(five), self.no_hand_name, self.id)
        if self.ordering.suit_model is SuitModel.CARDS:
            order = getattr(self.ordering, "suit_order", (0, 1, 2, 3))
            left = sorted(five, key=lambda c: (c >> 2, order[c & 3]), reverse=True)
        else:
            left = sorted(five, reverse=True)
        shown: list[int] = []
        for i, rank in enumerate(classified.ranks):
            card = next(
                (c for c in left if c >> 2 == rank and (four_suit is None or i > 3 or c & 3 == four_suit)),
                next(c for c in left if c >> 2 == rank),
            )
            left.remove(card)
            shown.append(card)
        return HandValue(value, classified.category, tuple(shown), self.ordering.name(classified), self.id)

    def pot_keys(self, values: Sequence[int]) -> list[int]:
        """The keys that decide one pot among the hands contesting it, larger is better.

        The engine calls this with the values of the hands eligible for a pot (main or side pot) and pays
        the largest key(s).  For most rankings the keys are the values themselves; an ordering with a
        pot-level rule supplies ``pot_keys`` (Telesina: a heads-up ``A-7-8-9-T`` straight flush beats an
        ``A-K-Q-J-T`` one, RULES G14, settled decision 7).  Comparing two hands outside a pot (``compare``)
        never applies such rules.
        """
        hook = getattr(self.ordering, "pot_keys", None)
        return list(values) if hook is None else list(hook(self, values))
