"""The shared vocabulary of every ranking: categories, the described hand, and what an ordering declares.

An *ordering* (:class:`Ordering`) is the only part that differs between ranking systems (DESIGN.md: "Rankings
come from tables built by one generator"): it looks at the five ranks of a 5-card hand, and whether the five
cards share a suit, and says which category the hand is in and how it sorts.  The generator in
:mod:`pokerroom.rankings.tables` turns an ordering into lookup tables, and
:class:`~pokerroom.rankings.ranking.Ranking` evaluates and describes hands with them.  Values follow one
direction: **larger is better**, lows included (a low ordering inverts its key).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, StrEnum
from typing import Protocol

from pokerroom.cards import format_cards

__all__ = [
    "FLUSH_OVER_FULL_HOUSE",
    "HIGH_CATEGORIES",
    "RANK_NAMES",
    "RANK_PLURALS",
    "Category",
    "Classified",
    "FourFlushOrdering",
    "HandValue",
    "Ordering",
    "SuitModel",
]

RANK_NAMES: tuple[str, ...] = (
    "deuce", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace",
)  # fmt: skip
"""Player words for one card of each rank, deuce (0) to ace (12)."""

RANK_PLURALS: tuple[str, ...] = (
    "deuces", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens", "jacks", "queens",
    "kings", "aces",
)  # fmt: skip
"""Player words for several cards of each rank, deuces (0) to aces (12)."""


class Category(StrEnum):
    """A hand category; its text is the player's word for it.

    The order of categories is the business of each ranking (a flush beats a full house in Americana, not in
    standard high), so categories themselves do not compare; compare hand values instead.
    """

    STRAIGHT_FLUSH = "straight flush"
    FOUR_OF_A_KIND = "four of a kind"
    FULL_HOUSE = "full house"
    FLUSH = "flush"
    STRAIGHT = "straight"
    THREE_OF_A_KIND = "three of a kind"
    TWO_PAIR = "two pair"
    FOUR_FLUSH = "four-flush"
    """Sökö only (RULES G8 E-SOKO): exactly four cards of one suit."""
    FOUR_STRAIGHT = "four-straight"
    """Sökö only (RULES G8 E-SOKO): four cards of consecutive ranks, not a straight."""
    ONE_PAIR = "one pair"
    HIGH_CARD = "high card"
    """Five cards with no pair and no straight or flush that counts; in the low rankings, "no pair"."""
    NO_HAND = "no hand"
    """Five cards that make no hand in the ranking (a low that does not qualify); value 0."""


HIGH_CATEGORIES: tuple[Category, ...] = (
    Category.HIGH_CARD,
    Category.ONE_PAIR,
    Category.TWO_PAIR,
    Category.THREE_OF_A_KIND,
    Category.STRAIGHT,
    Category.FLUSH,
    Category.FULL_HOUSE,
    Category.FOUR_OF_A_KIND,
    Category.STRAIGHT_FLUSH,
)
"""The E-HIGH categories from worst to best (RULES §2.2); A-6 and 2-7 lows use the same ladder read downward."""

FLUSH_OVER_FULL_HOUSE: tuple[Category, ...] = (
    *HIGH_CATEGORIES[:5],
    Category.FULL_HOUSE,
    Category.FLUSH,
    *HIGH_CATEGORIES[7:],
)
"""The short decks' ladder, worst to best: E-HIGH's with the flush above the full house, the flush being the
rarer in 36 and 32 cards (E-SHORT, E-AMERICANA, E-TELESINA, E-32DRAW; RULES §2.2, G13, G14, G15)."""


class SuitModel(Enum):
    """How much an ordering looks at suits; it decides the shape of the generated tables.

    * ``FLUSH``: only whether all five cards share a suit (standard high, short deck, 2-7 and A-6 lows,
      Americana).  Tables: one keyed by the rank multiset, one keyed by the 13-bit rank mask of a suit.
    * ``IGNORE``: suits never matter (A-5 lows, 8-or-better).  Only the rank-multiset table.
    * ``FOUR_FLUSH``: ``FLUSH`` plus which four cards share a suit when exactly four do (Sökö's four-flush).
      The ordering adds :meth:`FourFlushOrdering.classify_four_flush`; a third table is keyed by the four
      suited ranks and the fifth card's rank.
    * ``CARDS``: suits break ties (Telesina, 32-card draw).  :meth:`Ordering.classify` still sees ranks and
      the flush flag and returns the rank part of the key; its :attr:`Classified.suit_ranks` and
      :attr:`Classified.suit_last` name the cards whose suits decide after it, in the ordering's own suit
      order (``suit_order``).  Values are the rank part's dense number shifted left, with the suit part in
      the low bits (:mod:`pokerroom.rankings.suited`).
    """

    FLUSH = "flush"
    IGNORE = "ignore"
    FOUR_FLUSH = "four-flush"
    CARDS = "cards"


@dataclass(frozen=True, slots=True)
class Classified:
    """What an ordering says about one 5-card class.

    ``key`` sorts the classes of one ordering (larger is better; equal keys are equal hands), ``category`` is
    the hand's category and ``ranks`` are the five ranks (0 = deuce .. 12 = ace) in display order: the
    largest group first (``Q Q Q 4 4``), straights from the top with a low ace last (``5 4 3 2 A``).

    Only for ``SuitModel.CARDS`` (suits break ties after ``key``):

    * ``suit_ranks``: ranks of single cards compared next, highest rank first, each by (rank, suit) at its
      position (Telesina's kickers: the first kicker's suit decides before the second kicker's rank);
    * ``suit_last``: a rank whose highest suit (among the hand's cards of that rank) decides last (Telesina's
      pair, the suit of a flush, the suit of 32-card draw's highest card);
    * ``suit``: filled in when a hand is described: the card suit (0..3 = c, d, h, s) that ``suit_last``
      found, for names such as ``"flush, hearts"``.
    """

    key: tuple[int, ...]
    category: Category
    ranks: tuple[int, ...]
    suit_ranks: tuple[int, ...] = ()
    suit_last: int | None = None
    suit: int | None = None


class Ordering(Protocol):
    """The declaration of one ranking system: everything the table generator needs.

    ``id`` is the registry name (``"high"``), ``title`` the rulebook name (``"E-HIGH"``), ``ranks`` the ranks
    present in the deck (0 = deuce .. 12 = ace), ``suit_model`` how suits enter (:class:`SuitModel`).

    Optional attributes, read with ``getattr`` by :class:`~pokerroom.rankings.ranking.Ranking`:

    * ``suit_order`` (``SuitModel.CARDS``, required there): four ints, the rank of each card suit (clubs,
      diamonds, hearts, spades) in the tie-break order, 3 = highest (Telesina: ``(1, 2, 3, 0)``, ♥ > ♦ > ♣ >
      ♠);
    * ``no_hand_name``: the name of value 0 (``"no low"`` for eight-or-better), default ``"no hand"``;
    * ``pot_keys(ranking, values) -> list[int]``: a pot-level rule over the values of the hands contesting one
      pot (Telesina's heads-up straight-flush rule); default: the values themselves.
    """

    @property
    def id(self) -> str: ...

    @property
    def title(self) -> str: ...

    @property
    def ranks(self) -> tuple[int, ...]: ...

    @property
    def suit_model(self) -> SuitModel: ...

    def classify(self, ranks: tuple[int, ...], flush: bool) -> Classified | None:
        """Classify five ranks (descending, 0 = deuce .. 12 = ace); ``flush`` when the five share a suit.

        ``None`` means the five cards make no hand in this ranking (a low that does not qualify); the
        generator gives such hands the value 0.
        """
        ...

    def name(self, hand: Classified) -> str:
        """The player's wording of a hand, such as ``"full house, queens full of fours"``."""
        ...


class FourFlushOrdering(Ordering, Protocol):
    """An ordering with ``SuitModel.FOUR_FLUSH``: it also scores exactly four cards of one suit."""

    def classify_four_flush(self, suited: tuple[int, ...], fifth: int) -> Classified:
        """Classify four suited ranks (distinct, descending) with a fifth card of another suit and rank
        ``fifth``; the generator takes the better of this and :meth:`classify` of the five ranks."""
        ...


@dataclass(frozen=True, slots=True, eq=False)
class HandValue:
    """A described hand, the result of :meth:`~pokerroom.rankings.ranking.Ranking.best_hand`.

    * ``value``: the ranking's int, larger is better; equal values split the pot (suits never break ties in
      E-HIGH, RULES §2.2).
    * ``category``: the :class:`Category`.
    * ``cards``: the five cards used (card ints ``rank * 4 + suit``) in display order: the largest group
      first, then by rank, straights from the top (the wheel as ``5 4 3 2 A``).
    * ``name``: player wording, such as ``"two pair, kings and sevens"``.
    * ``ranking``: the id of the ranking that made it.

    Hands compare by ``value`` within one ranking (``==`` means a split, even with different cards);
    comparing hands of different rankings raises :class:`TypeError`.
    """

    value: int
    category: Category
    cards: tuple[int, ...]
    name: str
    ranking: str

    def _other_value(self, other: object) -> int | None:
        if isinstance(other, HandValue):
            if other.ranking != self.ranking:
                raise TypeError(f"cannot compare a {self.ranking!r} hand with a {other.ranking!r} hand")
            return other.value
        return None

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self.ranking == other.ranking and self.value == other.value

    def __hash__(self) -> int:
        return hash((self.ranking, self.value))

    def __lt__(self, other: object) -> bool:
        value = self._other_value(other)
        return NotImplemented if value is None else self.value < value

    def __le__(self, other: object) -> bool:
        value = self._other_value(other)
        return NotImplemented if value is None else self.value <= value

    def __gt__(self, other: object) -> bool:
        value = self._other_value(other)
        return NotImplemented if value is None else self.value > value

    def __ge__(self, other: object) -> bool:
        value = self._other_value(other)
        return NotImplemented if value is None else self.value >= value

    def __str__(self) -> str:
        return f"{self.name} ({format_cards(self.cards, sep=' ')})"
