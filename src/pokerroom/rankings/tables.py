"""The table generator: an :class:`~pokerroom.rankings.model.Ordering` in, tables and a fast evaluator out.

How the tables work (DESIGN.md "Rankings come from tables built by one generator"):

* Every 5-card class the ordering can see (a rank multiset, plus "all one suit" for ``SuitModel.FLUSH``) is
  classified once; the distinct keys are sorted and numbered ``1..N`` (0 is kept for "no hand"), so a value is
  a dense int where larger is better.
* Each card has one int weight, ``(RANK_WEIGHT[rank] - OFFSET) * 256 + SUIT_WEIGHT[suit]``.  The sum over a
  hand carries the hand's rank multiset in its high part (the rank weights give every multiset of up to seven
  ranks, at most four of a kind, a distinct sum) and a suit signature in its low 8 bits, from which one list
  lookup tells whether five or more cards share a suit, and which.  The offset centres the 7-card sums on zero
  so that every sum fits in one CPython digit (``|k| < 2**30``), which keeps the additions on the fast path.
* ``nonflush[n]`` maps the rank part of an ``n``-card sum (``n`` = 5, 6, 7) to the best value among its 5-card
  sub-multisets, scored as if not suited; ``flush_value`` maps a 13-bit rank mask of one suit to the best
  suited five among those ranks.  When a flush never ranks below the same ranks unsuited (high, short deck,
  Americana), the best of ``n`` cards is the larger of the two lookups; otherwise the evaluator falls back to
  trying every 5-card subset when five cards share a suit (about 3 % of 7-card hands).

Memory: for E-HIGH about 74,000 dict entries and an 8,192-entry list, a few MB (the design's budget is 64 MB
for all rankings together).  Nothing is written to disk; :class:`~pokerroom.rankings.ranking.Ranking` builds
the tables on first use and keeps them.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations, combinations_with_replacement

from pokerroom.errors import PokerroomError
from pokerroom.rankings.model import Category, Classified, Ordering, SuitModel

__all__ = [
    "OFFSET",
    "RANK_WEIGHT",
    "SUIT_WEIGHT",
    "Evaluator",
    "Tables",
    "build_tables",
    "make_evaluator",
    "make_five_evaluator",
]

Evaluator = Callable[[Sequence[int]], int]
"""A raw evaluator: card ints in, the ranking's value out (larger is better)."""

RANK_WEIGHT: tuple[int, ...] = (
    0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181,
)  # fmt: skip
"""Per-rank weights whose sums are distinct for every multiset of up to 7 ranks with at most 4 of a rank."""

OFFSET = (4 * RANK_WEIGHT[12] + 3 * RANK_WEIGHT[11] + 4 * RANK_WEIGHT[0] + 3 * RANK_WEIGHT[1]) // 14
"""Subtracted from each rank weight so that 7-card sums are centred on zero (one CPython digit)."""

SUIT_WEIGHT: tuple[int, ...] = (0, 1, 25, 32)
"""Per-suit weights (clubs, diamonds, hearts, spades): for 5, 6 or 7 cards the sum (< 256) tells whether any
suit holds five or more of them."""

MIN_CARDS = 5
TABLE_MAX_CARDS = 7
MAX_CARDS = 9


@dataclass(frozen=True, slots=True)
class Tables:
    """The generated tables of one ordering.

    * ``card_weight``: 52 ints, the weight of each card (see the module docstring).
    * ``nonflush``: for ``n`` in 5, 6, 7, a dict from the rank part of an ``n``-card sum (``k >> 8``) to the
      best value of those ranks scored unsuited.
    * ``flush_suit``: for ``n`` in 5, 6, 7, a 256-entry list from the suit part (``k & 255``) to
      ``1 + suit`` of the suit holding five or more cards, or 0.
    * ``flush_value``: 8,192 ints, the best suited-five value within a 13-bit rank mask (0 below five ranks).
    * ``flush_dominates``: whether ``max(flush, nonflush)`` is exact (see the module docstring).
    * ``classes``: index ``value`` gives one 5-card class of that value, packed as
      ``flush << 20 | r0 << 16 | r1 << 12 | r2 << 8 | r3 << 4 | r4``, ranks descending (:meth:`hand_class`).
    * ``categories``: index ``value`` gives its :class:`~pokerroom.rankings.model.Category` (0: ``NO_HAND``).
    """

    ordering_id: str
    card_weight: tuple[int, ...]
    nonflush: dict[int, dict[int, int]]
    flush_suit: dict[int, tuple[int, ...]]
    flush_value: tuple[int, ...]
    flush_dominates: bool
    classes: array[int]
    categories: tuple[Category, ...]

    @property
    def max_value(self) -> int:
        """The value of the best hand (the number of distinct 5-card values)."""
        return len(self.classes) - 1

    def hand_class(self, value: int) -> tuple[tuple[int, ...], bool]:
        """A 5-card class of ``value`` (``1..max_value``): its five ranks, descending, and whether suited."""
        code = self.classes[value]
        return tuple(code >> shift & 15 for shift in (16, 12, 8, 4, 0)), bool(code >> 20)


def _rank_multisets(ranks: Sequence[int], size: int) -> list[tuple[int, ...]]:
    """Every multiset of ``size`` ranks from ``ranks`` with at most four of a rank, as descending tuples."""
    out: list[tuple[int, ...]] = []
    for combo in combinations_with_replacement(sorted(ranks, reverse=True), size):
        if all(combo.count(r) <= 4 for r in set(combo)):
            out.append(combo)
    return out


def _suit_table(n: int) -> tuple[int, ...]:
    """The 256-entry suit-signature table for ``n`` cards; raises if the suit weights are ambiguous."""
    table = [0] * 256
    owner: dict[int, int] = {}
    for c in range(n + 1):
        for d in range(n + 1 - c):
            for h in range(n + 1 - c - d):
                counts = (c, d, h, n - c - d - h)
                total = sum(k * w for k, w in zip(counts, SUIT_WEIGHT, strict=True))
                suit = next((s + 1 for s, k in enumerate(counts) if k >= 5), 0)
                if owner.setdefault(total, suit) != suit:
                    raise RuntimeError(f"suit weights cannot tell flushes apart for {n} cards")
                table[total] = suit
    return tuple(table)


def build_tables(ordering: Ordering) -> Tables:
    """Generate the tables of ``ordering`` (a fraction of a second for E-HIGH).

    Raises :class:`RuntimeError` only if the weights fail their own uniqueness check (a bug, not bad input).
    """
    ranks = tuple(sorted(ordering.ranks))
    suited = ordering.suit_model is SuitModel.FLUSH
    shifted = [w - OFFSET for w in RANK_WEIGHT]

    # 1. Classify every 5-card class and number the distinct keys 1..N (larger is better).
    fives = _rank_multisets(ranks, 5)
    plain = {m: ordering.classify(m, False) for m in fives}
    flush = {m: ordering.classify(m, True) for m in fives if suited and len(set(m)) == 5}
    by_key: dict[tuple[int, ...], tuple[int, Category]] = {}
    for is_flush, group in ((False, plain), (True, flush)):
        for m, hand in group.items():
            if hand is not None:
                code = is_flush << 20 | m[0] << 16 | m[1] << 12 | m[2] << 8 | m[3] << 4 | m[4]
                by_key.setdefault(hand.key, (code, hand.category))
    ordered = sorted(by_key)
    value_of = {key: i + 1 for i, key in enumerate(ordered)}

    def value(hand: Classified | None) -> int:
        return 0 if hand is None else value_of[hand.key]

    # 2. Unsuited tables for 5 cards, then 6 and 7 as the best of one card fewer.
    nonflush: dict[int, dict[int, int]] = {5: {}}
    for m, hand in plain.items():
        key = sum(shifted[r] for r in m)
        if key in nonflush[5]:
            raise RuntimeError("rank weights collide for 5 cards")
        nonflush[5][key] = value(hand)
    for n in range(MIN_CARDS + 1, TABLE_MAX_CARDS + 1):
        smaller, table = nonflush[n - 1], {}
        for m in _rank_multisets(ranks, n):
            key = sum(shifted[r] for r in m)
            if key in table:
                raise RuntimeError(f"rank weights collide for {n} cards")
            table[key] = max(smaller[key - shifted[r]] for r in set(m))
        nonflush[n] = table

    # 3. Suited table over 13-bit rank masks: exact for five ranks, best of one rank fewer above that.
    flush_value = [0] * 8192
    deck_mask = sum(1 << r for r in ranks)
    for m, hand in flush.items():
        flush_value[sum(1 << r for r in m)] = value(hand)
    for mask in range(8192):
        if suited and mask & deck_mask == mask and mask.bit_count() > 5:
            flush_value[mask] = max(flush_value[mask ^ (1 << r)] for r in range(13) if mask >> r & 1)
    dominates = all(value(flush[m]) >= value(plain[m]) for m in flush)

    return Tables(
        ordering_id=ordering.id,
        card_weight=tuple(shifted[c >> 2] * 256 + SUIT_WEIGHT[c & 3] for c in range(52)),
        nonflush=nonflush,
        flush_suit={n: _suit_table(n) if suited else (0,) * 256 for n in range(5, 8)},
        flush_value=tuple(flush_value),
        flush_dominates=dominates,
        classes=array("L", [0, *(by_key[k][0] for k in ordered)]),
        categories=(Category.NO_HAND, *(by_key[k][1] for k in ordered)),
    )


def make_evaluator(t: Tables) -> Evaluator:
    """The raw evaluator over ``t``: 5 to 9 card ints in, the best 5-card value out (larger is better).

    No validation: duplicate cards, negative ints or cards outside the ranking's deck give a meaningless value
    or raise :class:`KeyError` or :class:`IndexError`.  A count outside 5..9 raises
    :class:`~pokerroom.errors.PokerroomError`.
    """
    w = t.card_weight
    nf6, nf7 = t.nonflush[6], t.nonflush[7]
    fs6, fs7 = t.flush_suit[6], t.flush_suit[7]
    fl = t.flush_value
    dominates = t.flush_dominates

    five = make_five_evaluator(t)

    def suited(cards: Sequence[int], suit: int, nonflush_value: int) -> int:
        if not dominates:
            return max(five(s) for s in combinations(cards, 5))
        mask = 0
        for card in cards:
            if card & 3 == suit:
                mask |= 1 << (card >> 2)
        flush_value = fl[mask]
        return flush_value if flush_value > nonflush_value else nonflush_value

    def other(cards: Sequence[int]) -> int:
        n = len(cards)
        if n == 5:
            return five(cards)
        if n == 6:
            a, b, c, d, e, f = cards
            k = w[a] + w[b] + w[c] + w[d] + w[e] + w[f]
            s = fs6[k & 255]
            return suited(cards, s - 1, nf6[k >> 8]) if s else nf6[k >> 8]
        if TABLE_MAX_CARDS < n <= MAX_CARDS:
            return max(five(s) for s in combinations(cards, 5))
        raise PokerroomError(f"a hand is {MIN_CARDS} to {MAX_CARDS} cards, got {n}")

    def evaluate(cards: Sequence[int]) -> int:
        if len(cards) == 7:
            a, b, c, d, e, f, g = cards
            k = w[a] + w[b] + w[c] + w[d] + w[e] + w[f] + w[g]
            if fs7[k & 255]:
                return suited(cards, fs7[k & 255] - 1, nf7[k >> 8])
            return nf7[k >> 8]
        return other(cards)

    return evaluate


def make_five_evaluator(t: Tables) -> Evaluator:
    """The raw evaluator of exactly five cards over ``t`` (no validation; used by best-hand selection)."""
    w = t.card_weight
    nf5, fs5, fl = t.nonflush[5], t.flush_suit[5], t.flush_value

    def five(cards: Sequence[int]) -> int:
        a, b, c, d, e = cards
        k = w[a] + w[b] + w[c] + w[d] + w[e]
        if fs5[k & 255]:
            return fl[(1 << (a >> 2)) | (1 << (b >> 2)) | (1 << (c >> 2)) | (1 << (d >> 2)) | (1 << (e >> 2))]
        return nf5[k >> 8]

    return five
