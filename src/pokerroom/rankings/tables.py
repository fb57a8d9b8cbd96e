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

Two more suit models use the same first step (classify every 5-card class, number the keys):

* ``SuitModel.FOUR_FLUSH`` (Sökö): the suit part of the sum is 9 bits wide (suit weights
  :data:`FOUR_SUIT_WEIGHT`), enough to tell "exactly four of one suit" as well as "five or more" for 5 to 7
  cards; a third table ``four_flush`` maps the four suited ranks and the best other rank to the best value,
  and the evaluator takes the larger of that and the unsuited lookup.
* ``SuitModel.CARDS`` (Telesina, 32-card draw): see :mod:`pokerroom.rankings.suited`, which builds its
  tables from the same numbered classes.

Memory: for E-HIGH about 74,000 dict entries and an 8,192-entry list, a few MB (the design's budget is 64 MB
for all rankings together).  Nothing is written to disk; :class:`~pokerroom.rankings.ranking.Ranking` builds
the tables on first use and keeps them.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import combinations, combinations_with_replacement

from pokerroom.errors import PokerroomError
from pokerroom.rankings.model import Category, Classified, FourFlushOrdering, Ordering, SuitModel

__all__ = [
    "FOUR_SUIT_WEIGHT",
    "OFFSET",
    "RANK_WEIGHT",
    "SUIT_MASKS",
    "SUIT_WEIGHT",
    "Evaluator",
    "Tables",
    "build_tables",
    "make_evaluator",
    "make_five_evaluator",
    "pair_weights",
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

FOUR_SUIT_WEIGHT: tuple[int, ...] = (0, 1, 29, 37)
"""Per-suit weights for ``SuitModel.FOUR_FLUSH``: for 5, 6 or 7 cards the sum (< 512) tells which suit holds
exactly four cards and which five or more."""

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
    * ``suit_model``: the ordering's :class:`~pokerroom.rankings.model.SuitModel`; ``sig_bits``: the width of
      the suit part of a sum (8, or 9 for ``FOUR_FLUSH``); ``four_flush``: ``FOUR_FLUSH`` only, from
      ``mask << 4 | fifth`` (13-bit mask of the four suited ranks, the best other rank) to the value.
    * ``suit_shift``: ``CARDS`` only (:class:`~pokerroom.rankings.suited.SuitedTables`): a value is the class
      number shifted left this far, plus the suit part; 0 elsewhere.
    * ``has_no_hand``: whether some five cards make no hand (value 0, as a low that does not qualify).
    """

    ordering_id: str
    card_weight: tuple[int, ...]
    nonflush: dict[int, dict[int, int]]
    flush_suit: dict[int, tuple[int, ...]]
    flush_value: tuple[int, ...]
    flush_dominates: bool
    classes: array[int]
    categories: tuple[Category, ...]
    suit_model: SuitModel = SuitModel.FLUSH
    sig_bits: int = 8
    four_flush: dict[int, int] = field(default_factory=dict)
    suit_shift: int = 0
    has_no_hand: bool = False

    @property
    def max_value(self) -> int:
        """The value of the best hand (the number of distinct 5-card values; for ``SuitModel.CARDS`` the
        number of distinct rank parts, see :meth:`~pokerroom.rankings.ranking.Ranking.max_value`)."""
        return len(self.classes) - 1

    def hand_class(self, value: int) -> tuple[tuple[int, ...], bool]:
        """A 5-card class of ``value`` (``1..max_value``): its five ranks, descending, and whether suited.

        For a four-flush class (:meth:`is_four_flush`) the ranks are the four suited ones, then the fifth.
        """
        code = self.classes[value]
        return tuple(code >> shift & 15 for shift in (16, 12, 8, 4, 0)), bool(code >> 20 & 1)

    def is_four_flush(self, value: int) -> bool:
        """Whether the class of ``value`` is scored by the ordering's ``classify_four_flush``."""
        return bool(self.classes[value] >> 21 & 1)


def _rank_multisets(ranks: Sequence[int], size: int) -> list[tuple[int, ...]]:
    """Every multiset of ``size`` ranks from ``ranks`` with at most four of a rank, as descending tuples."""
    combos = combinations_with_replacement(sorted(ranks, reverse=True), size)
    return [c for c in combos if all(c[i] != c[i + 4] for i in range(size - 4))]


_KEYS: dict[tuple[tuple[int, ...], int], list[int]] = {}


def _shared_keys(ranks: tuple[int, ...], n: int) -> list[int]:
    """The rank-sum key of each ``n``-rank multiset of :func:`_rank_multisets`, in its order.

    Kept once per deck and size and shared by every ordering of that deck, so that the dicts of six 52-card
    rankings hold the same key objects (about 2 MB saved per ranking).  Raises :class:`RuntimeError` if two
    multisets share a key.
    """
    keys = _KEYS.get((ranks, n))
    if keys is None:
        shifted = [w - OFFSET for w in RANK_WEIGHT]
        keys = [sum(shifted[r] for r in m) for m in _rank_multisets(ranks, n)]
        if len(set(keys)) != len(keys):
            raise RuntimeError(f"rank weights collide for {n} cards")
        _KEYS[ranks, n] = keys
    return keys


def _suit_table(n: int, *, four: bool = False, least: int = 5) -> tuple[int, ...]:
    """The suit-signature table for ``n`` cards; raises if the suit weights are ambiguous.

    Plain (``four`` false): 256 entries, ``1 + suit`` of a suit holding ``least`` or more cards (five: a flush;
    Omaha asks for three of five board cards), else 0.  With ``four``: 512 entries over
    :data:`FOUR_SUIT_WEIGHT`, also ``5 + suit`` of a suit holding exactly four.
    """
    weights = FOUR_SUIT_WEIGHT if four else SUIT_WEIGHT
    table = [0] * (512 if four else 256)
    owner: dict[int, int] = {}
    for c in range(n + 1):
        for d in range(n + 1 - c):
            for h in range(n + 1 - c - d):
                counts = (c, d, h, n - c - d - h)
                total = sum(k * w for k, w in zip(counts, weights, strict=True))
                suit = next((s + 1 for s, k in enumerate(counts) if k >= least), 0)
                if four and not suit:
                    suit = next((s + 5 for s, k in enumerate(counts) if k == 4), 0)
                if owner.setdefault(total, suit) != suit:
                    raise RuntimeError(f"suit weights cannot tell flushes apart for {n} cards")
                table[total] = suit
    return tuple(table)


def _pack(ranks: Sequence[int], kind: int) -> int:
    return kind << 20 | ranks[0] << 16 | ranks[1] << 12 | ranks[2] << 8 | ranks[3] << 4 | ranks[4]


def build_tables(ordering: Ordering) -> Tables:
    """Generate the tables of ``ordering`` (a fraction of a second for E-HIGH).

    Raises :class:`RuntimeError` only if the weights fail their own uniqueness check (a bug, not bad input).
    """
    ranks = tuple(sorted(ordering.ranks))
    model = ordering.suit_model
    suited = model is not SuitModel.IGNORE
    four = model is SuitModel.FOUR_FLUSH
    shifted = [w - OFFSET for w in RANK_WEIGHT]

    # 1. Classify every 5-card class and number the distinct keys 1..N (larger is better).
    fives = _rank_multisets(ranks, 5)
    plain = {m: ordering.classify(m, False) for m in fives}
    flush = {m: ordering.classify(m, True) for m in fives if suited and len(set(m)) == 5}
    fours: dict[tuple[int, ...], Classified | None] = {}
    if four:
        four_ordering: FourFlushOrdering = ordering  # type: ignore[assignment]
        for quad in combinations(sorted(ranks, reverse=True), 4):
            for fifth in ranks:
                scored = four_ordering.classify_four_flush(quad, fifth)
                other = plain[tuple(sorted((*quad, fifth), reverse=True))]
                if other is None or scored.key > other.key:  # else those cards are scored as the better hand
                    fours[(*quad, fifth)] = scored
    by_key: dict[tuple[int, ...], tuple[int, Category]] = {}
    for kind, group in ((0, plain), (1, flush), (2, fours)):
        for m, hand in group.items():
            if hand is not None:
                by_key.setdefault(hand.key, (_pack(m, kind), hand.category))
    ordered = sorted(by_key)
    value_of = {key: i + 1 for i, key in enumerate(ordered)}
    classes = array("L", [0, *(by_key[k][0] for k in ordered)])
    categories = (Category.NO_HAND, *(by_key[k][1] for k in ordered))

    def value(hand: Classified | None) -> int:
        return 0 if hand is None else value_of[hand.key]

    dominates = all(value(flush[m]) >= value(plain[m]) for m in flush)
    if model is SuitModel.CARDS:
        from pokerroom.rankings.suited import build_suited

        return build_suited(ordering, plain, flush, value_of, classes, categories, dominates)

    # 2. Unsuited tables for 5 cards, then 6 and 7 as the best of one card fewer.
    nonflush: dict[int, dict[int, int]] = {5: {}}
    for m, key in zip(fives, _shared_keys(ranks, 5), strict=True):
        nonflush[5][key] = value(plain[m])
    for n in range(MIN_CARDS + 1, TABLE_MAX_CARDS + 1):
        smaller, table = nonflush[n - 1], {}
        for m, key in zip(_rank_multisets(ranks, n), _shared_keys(ranks, n), strict=True):
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

    # 4. Four-flush table: four suited ranks (13-bit mask) and the best other rank.  Where those five cards
    #    score better as something else (a straight), the entry is absent and the unsuited lookup has it.
    four_flush: dict[int, int] = {}
    for m, hand in fours.items():
        mask = sum(1 << r for r in m[:4])
        four_flush[mask << 4 | m[4]] = value(hand)
    if four_flush:
        if min(v for v in flush_value if v) <= max(four_flush.values()):
            raise RuntimeError("a four-flush must rank below every flush")
        for key, v in four_flush.items():
            if four_flush.get(key - 1, 0) > v:
                raise RuntimeError("a four-flush must not get worse with a higher fifth card")

    sig_bits = 9 if four else 8
    suit_weight = FOUR_SUIT_WEIGHT if four else SUIT_WEIGHT
    return Tables(
        ordering_id=ordering.id,
        card_weight=tuple((shifted[c >> 2] << sig_bits) + suit_weight[c & 3] for c in range(52)),
        nonflush=nonflush,
        flush_suit={n: _suit_table(n, four=four) if suited else (0,) * 256 for n in range(5, 8)},
        flush_value=tuple(flush_value),
        flush_dominates=dominates,
        classes=classes,
        categories=categories,
        suit_model=model,
        sig_bits=sig_bits,
        four_flush=four_flush,
        has_no_hand=any(h is None for h in plain.values()) or any(h is None for h in flush.values()),
    )


_PAIRS: dict[tuple[int, ...], tuple[tuple[int, ...], ...]] = {}


def pair_weights(weights: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """``pairs[a][b] == weights[a] + weights[b]`` for every two card ints (52 x 52 ints).

    Why: adding two large ints allocates a new one, the largest cost of a one-call evaluation in CPython;
    summing seven weights as three pairs and a single takes three additions instead of six (about 20 % fewer
    instructions a call).  Kept once per weight tuple, so the rankings of one card-weight layout share it
    (about 0.1 MB).
    """
    pairs = _PAIRS.get(weights)
    if pairs is None:
        pairs = _PAIRS[weights] = tuple(tuple(x + y for y in weights) for x in weights)
    return pairs


SUIT_MASKS: tuple[tuple[int, ...], ...] = tuple(
    tuple(1 << (c >> 2) if c & 3 == suit else 0 for c in range(52)) for suit in range(4)
)
"""``SUIT_MASKS[suit][card]``: the card's rank bit if it is of ``suit``, else 0 (OR over a hand: the 13-bit rank
mask of that suit, the index of ``Tables.flush_value``)."""


def _suit_masks(flush_suit: Sequence[int]) -> tuple[tuple[int, ...] | None, ...]:
    """Per suit signature (``k & 255``): :data:`SUIT_MASKS` of the suit holding five or more cards, or ``None``
    (one lookup and an ``is`` test instead of a lookup, a truth test and a second lookup)."""
    return tuple(SUIT_MASKS[s - 1] if s else None for s in flush_suit)


def make_evaluator(t: Tables) -> Evaluator:
    """The raw evaluator over ``t``: 5 to 9 card ints in, the best 5-card value out (larger is better).

    No validation: duplicate cards, negative ints or cards outside the ranking's deck give a meaningless value
    or raise :class:`KeyError` or :class:`IndexError`.  A count outside 5..9 raises
    :class:`~pokerroom.errors.PokerroomError`.

    Seven cards, the common call, take the shortest path: the cards are unpacked at once (a failed unpack is
    how another count is noticed, with no ``len`` call) and the tables are bound as default arguments (read as
    fast locals).  Those extra parameters are not part of the interface: call the result with one argument.
    """
    if t.suit_model is SuitModel.CARDS:
        from pokerroom.rankings.suited import make_suited_evaluator

        return make_suited_evaluator(t)
    if t.suit_model is SuitModel.FOUR_FLUSH:
        return _make_four_flush_evaluator(t)
    w = t.card_weight
    w2 = pair_weights(w)
    nf6, nf7 = t.nonflush[6], t.nonflush[7]
    suited6, suited7 = _suit_masks(t.flush_suit[6]), _suit_masks(t.flush_suit[7])
    fl = t.flush_value
    dominates = t.flush_dominates

    five = make_five_evaluator(t)

    def every_five(cards: Sequence[int]) -> int:
        return max(map(five, combinations(cards, 5)))

    def other(cards: Sequence[int]) -> int:
        """Any count but seven: 5, 6, 8 or 9 cards, or the count error."""
        n = len(cards)
        if n == 5:
            return five(cards)
        if n == 6:
            a, b, c, d, e, f = cards
            k = w2[a][b] + w2[c][d] + w2[e][f]
            m = suited6[k & 255]
            if m is None:
                return nf6[k >> 8]
            if not dominates:
                return every_five(cards)
            flush, plain = fl[m[a] | m[b] | m[c] | m[d] | m[e] | m[f]], nf6[k >> 8]
            return flush if flush > plain else plain
        if TABLE_MAX_CARDS < n <= MAX_CARDS:
            return every_five(cards)
        raise PokerroomError(f"a hand is {MIN_CARDS} to {MAX_CARDS} cards, got {n}")

    if t.suit_model is SuitModel.IGNORE:

        def evaluate_ignoring_suits(
            cards: Sequence[int], w: tuple[int, ...] = w, w2: tuple[tuple[int, ...], ...] = w2,
            nf7: dict[int, int] = nf7, other: Evaluator = other,
        ) -> int:  # fmt: skip
            try:
                a, b, c, d, e, f, g = cards
            except ValueError:  # not seven cards
                return other(cards)
            return nf7[(w2[a][b] + w2[c][d] + w2[e][f] + w[g]) >> 8]

        return evaluate_ignoring_suits

    if not dominates:

        def evaluate_every_flush_five(
            cards: Sequence[int], w: tuple[int, ...] = w, w2: tuple[tuple[int, ...], ...] = w2,
            suited7: tuple[tuple[int, ...] | None, ...] = suited7, nf7: dict[int, int] = nf7,
            other: Evaluator = other,
        ) -> int:  # fmt: skip
            try:
                a, b, c, d, e, f, g = cards
            except ValueError:  # not seven cards
                return other(cards)
            k = w2[a][b] + w2[c][d] + w2[e][f] + w[g]
            if suited7[k & 255] is None:
                return nf7[k >> 8]
            return every_five(cards)  # a flush may rank below the unsuited reading (A-6, 2-7 lows)

        return evaluate_every_flush_five

    def evaluate(
        cards: Sequence[int], w: tuple[int, ...] = w, w2: tuple[tuple[int, ...], ...] = w2,
        suited7: tuple[tuple[int, ...] | None, ...] = suited7, nf7: dict[int, int] = nf7,
        fl: tuple[int, ...] = fl, other: Evaluator = other,
    ) -> int:  # fmt: skip
        try:
            a, b, c, d, e, f, g = cards
        except ValueError:  # not seven cards
            return other(cards)
        k = w2[a][b] + w2[c][d] + w2[e][f] + w[g]
        m = suited7[k & 255]
        if m is None:
            return nf7[k >> 8]
        flush, plain = fl[m[a] | m[b] | m[c] | m[d] | m[e] | m[f] | m[g]], nf7[k >> 8]
        return flush if flush > plain else plain

    return evaluate


def make_five_evaluator(t: Tables) -> Evaluator:
    """The raw evaluator of exactly five card ints over ``t`` (no validation; used by best-hand selection)."""
    if t.suit_model is SuitModel.CARDS:
        from pokerroom.rankings.suited import make_suited_five_evaluator

        return make_suited_five_evaluator(t)
    if t.suit_model is SuitModel.FOUR_FLUSH:
        return _make_four_flush_evaluator(t, five_only=True)
    w = t.card_weight
    w2 = pair_weights(w)
    nf5, fs5, fl = t.nonflush[5], t.flush_suit[5], t.flush_value

    def five(cards: Sequence[int]) -> int:
        a, b, c, d, e = cards
        k = w2[a][b] + w2[c][d] + w[e]
        if fs5[k & 255]:
            return fl[(1 << (a >> 2)) | (1 << (b >> 2)) | (1 << (c >> 2)) | (1 << (d >> 2)) | (1 << (e >> 2))]
        return nf5[k >> 8]

    return five


def _make_four_flush_evaluator(t: Tables, *, five_only: bool = False) -> Evaluator:
    """The raw evaluator for ``SuitModel.FOUR_FLUSH`` (Sökö): 5 to 9 cards, or exactly five."""
    w = t.card_weight
    nf5, nf6, nf7 = t.nonflush[5], t.nonflush[6], t.nonflush[7]
    fs5, fs6, fs7 = t.flush_suit[5], t.flush_suit[6], t.flush_suit[7]
    fl, ff = t.flush_value, t.four_flush
    dominates = t.flush_dominates

    def five(cards: Sequence[int]) -> int:
        a, b, c, d, e = cards
        k = w[a] + w[b] + w[c] + w[d] + w[e]
        s = fs5[k & 511]
        if s:
            return suited(cards, s, nf5[k >> 9])
        return nf5[k >> 9]

    def suited(cards: Sequence[int], s: int, plain: int) -> int:
        """``s`` is ``1 + suit`` (five or more of that suit) or ``5 + suit`` (exactly four)."""
        if s > 4:
            suit, mask, fifth = s - 5, 0, 0
            for card in cards:
                if card & 3 == suit:
                    mask |= 1 << (card >> 2)
                elif card >> 2 > fifth:
                    fifth = card >> 2
            value = ff.get(mask << 4 | fifth, 0)
            return value if value > plain else plain
        if not dominates:
            return max(five(x) for x in combinations(cards, 5))
        mask = 0
        for card in cards:
            if card & 3 == s - 1:
                mask |= 1 << (card >> 2)
        value = fl[mask]
        return value if value > plain else plain

    if five_only:
        return five

    def evaluate(cards: Sequence[int]) -> int:
        n = len(cards)
        if n == 5:
            return five(cards)
        if n == 7:
            a, b, c, d, e, f, g = cards
            k = w[a] + w[b] + w[c] + w[d] + w[e] + w[f] + w[g]
            s = fs7[k & 511]
            return suited(cards, s, nf7[k >> 9]) if s else nf7[k >> 9]
        if n == 6:
            a, b, c, d, e, f = cards
            k = w[a] + w[b] + w[c] + w[d] + w[e] + w[f]
            s = fs6[k & 511]
            return suited(cards, s, nf6[k >> 9]) if s else nf6[k >> 9]
        if TABLE_MAX_CARDS < n <= MAX_CARDS:
            return max(five(x) for x in combinations(cards, 5))
        raise PokerroomError(f"a hand is {MIN_CARDS} to {MAX_CARDS} cards, got {n}")

    return evaluate
