"""``SuitModel.CARDS``: the generator's third suit model, for rankings whose ties are broken by suits.

Telesina (RULES G14) and 32-card draw (G15) order hands by ranks and then by the suits of particular cards,
in their own suit order (♥ > ♦ > ♣ > ♠).  The ordering still classifies five *ranks* (and the flush flag)
like every other ordering; its :class:`~pokerroom.rankings.model.Classified` adds which cards' suits decide
after the rank key (``suit_ranks``, ``suit_last``).  The generator turns that into tables here:

* Each card of the deck gets a bit in an *order mask* ``M``: nibble ``i`` (4 bits) belongs to the ``i``-th
  rank of the deck and the bit inside it is the suit's place in the suit order (3 = highest).  Comparing two
  sets of single cards by (rank, then suit) from the top is comparing their order masks as ints.
* The card weight packs three sums into one int: the rank-multiset part (as in
  :mod:`~pokerroom.rankings.tables`), the 8-bit suit signature (flush detection) and ``M``:
  ``k = rank_part << (B + 8) | signature << B | M`` with ``B = 4 * ranks``.
* A value is ``class_number << (B + 2)`` (the dense number of the rank key, larger is better) plus the suit
  part ``(M & km) << 2 | highest_suit(M, nibble)``: ``km`` keeps the nibbles of ``suit_ranks`` and the last
  two bits are the highest suit among the cards of ``suit_last``.  Values are therefore not dense: every int
  in ``1..max_value`` is not a value, but larger is still better and equal values split.
* For every ``n``-card rank multiset (``n`` = 5, 6, 7) a *code* ``(base, km, sh, hm)`` gives the value of the
  best five as ``base + ((k & km) << 2) + HIGHEST_SUIT[(k >> sh) & hm]``.  For six or seven ranks the code
  is that of the best 5-card sub-multiset (the best rank key; among equal keys the one whose ``km`` reaches
  the highest ranks, which wins whatever the suits).  Where no single formula is exact (a rank the formula
  reads holds more cards than the five use, e.g. three pairs in six cards), the code is ``None`` and the
  evaluator tries every five (a few per cent of 6-card Telesina hands).
* Five or more cards of one suit: the best flush value of the suited ranks (a dict keyed by the suit's bits
  of ``M``) plus the suit's place in the order.

Memory: a few thousand codes per ``n``; well under 1 MB per ranking.
"""

from __future__ import annotations

from array import array
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from itertools import combinations, product

from pokerroom.errors import PokerroomError
from pokerroom.rankings.model import Category, Classified, Ordering, SuitModel
from pokerroom.rankings.tables import (
    MAX_CARDS,
    MIN_CARDS,
    RANK_WEIGHT,
    SUIT_WEIGHT,
    Evaluator,
    Tables,
    _rank_multisets,
    _suit_table,
)

__all__ = [
    "HIGHEST_SUIT",
    "TOP_CARD",
    "Code",
    "ReducedCode",
    "SuitedTables",
    "build_suited",
    "make_suited_evaluator",
    "make_suited_five_evaluator",
]

Code = tuple[int, int, int, int]
"""``(base, km, sh, hm)``: the value of the best five is ``base + ((k & km) << 2) + HIGHEST_SUIT[(k >> sh) & hm]``."""

ReducedCode = tuple[int, int, int, int, tuple[int, ...]]
"""A :data:`Code` and the nibble shifts of ranks whose cards the best five use only once: the order mask keeps
the highest suit of each of those ranks before the code applies (three pairs in six cards, a straight with a
pair)."""

TOP_CARD: tuple[int, ...] = tuple(1 << (n.bit_length() - 1) if n else 0 for n in range(16))
"""For a nibble of the order mask, the bit of the highest suit present."""

HIGHEST_SUIT: tuple[int, ...] = tuple(max(n.bit_length() - 1, 0) for n in range(16))
"""For a nibble of the order mask, the place (0..3) of the highest suit present; 0 for an empty nibble."""


@dataclass(frozen=True, slots=True)
class SuitedTables(Tables):
    """The tables of a ``SuitModel.CARDS`` ordering (see the module docstring).

    * ``codes``: for ``n`` in 5, 6, 7, a dict from the rank part of an ``n``-card sum to a :data:`Code`, or
      ``None`` where no single formula is exact; ``reduced``: for ``n`` in 6, 7, where that is ``None``, a
      :data:`ReducedCode` if there is one, else the evaluator tries every five.
    * ``flush_spread``: from the suit's bits of the order mask (``(M >> place) & spread``) of five to seven
      suited ranks to the best flush value's base.
    * ``suit_order``: the place (3 = highest) of each card suit, clubs to spades.
    * ``flush_suit_counts``: whether a flush's value adds its suit's place (``suit_last`` set on flushes).
    * ``mask_bits``: ``B``, the width of the order mask (4 per rank of the deck).
    * ``best_value``: the largest value of any hand.
    """

    codes: dict[int, dict[int, Code | None]] = field(default_factory=dict)
    reduced: dict[int, dict[int, ReducedCode]] = field(default_factory=dict)
    flush_spread: dict[int, int] = field(default_factory=dict)
    suit_order: tuple[int, ...] = (0, 1, 2, 3)
    flush_suit_counts: bool = True
    mask_bits: int = 32
    best_value: int = 0


def _check_spec(ordering: Ordering, m: tuple[int, ...], hand: Classified, *, flush: bool) -> None:
    singles = [r for r in hand.suit_ranks if m.count(r) == 1]
    if len(singles) != len(hand.suit_ranks) or list(hand.suit_ranks) != sorted(set(singles), reverse=True):
        raise RuntimeError(f"{ordering.id}: suit_ranks {hand.suit_ranks} must be single cards, descending, in {m}")
    if hand.suit_last is not None and hand.suit_last not in m:
        raise RuntimeError(f"{ordering.id}: suit_last {hand.suit_last} is not in {m}")
    if flush and hand.suit_ranks:
        raise RuntimeError(f"{ordering.id}: a flush is decided by its suit alone (suit_last), not suit_ranks")


def build_suited(
    ordering: Ordering,
    plain: Mapping[tuple[int, ...], Classified | None],
    flush: Mapping[tuple[int, ...], Classified | None],
    value_of: Mapping[tuple[int, ...], int],
    classes: array[int],
    categories: tuple[Category, ...],
    dominates: bool,
) -> SuitedTables:
    """The :class:`SuitedTables` of a ``SuitModel.CARDS`` ordering, from the generator's numbered classes.

    ``plain``/``flush`` are the ordering's classes of every 5-rank multiset (unsuited / suited), ``value_of``
    the dense number of each rank key.  Raises :class:`RuntimeError` for an ordering whose suit declarations
    are inconsistent (a bug in the ordering, not bad input).
    """
    ranks = tuple(sorted(ordering.ranks))
    index = {r: i for i, r in enumerate(ranks)}
    bits = 4 * len(ranks)
    shift = bits + 2
    order = tuple(getattr(ordering, "suit_order", (0, 1, 2, 3)))
    if sorted(order) != [0, 1, 2, 3]:
        raise RuntimeError(f"{ordering.id}: suit_order must place the four suits 0..3")
    weights = RANK_WEIGHT[: len(ranks)]
    offset = (4 * weights[-1] + 3 * weights[-2] + 4 * weights[0] + 3 * weights[1]) // 14
    shifted = {r: weights[index[r]] - offset for r in ranks}

    def hand_of(m: tuple[int, ...], hand: Classified | None) -> Classified:
        if hand is None:
            raise RuntimeError(f"{ordering.id}: every five cards must make a hand in a suit-ranked ordering")
        return hand

    def code(hand: Classified) -> Code:
        km = sum(15 << 4 * index[r] for r in hand.suit_ranks)
        if hand.suit_last is None:
            return value_of[hand.key] << shift, km, 0, 0
        return value_of[hand.key] << shift, km, 4 * index[hand.suit_last], 15

    # Codes for five cards, then six and seven from their best sub-multiset.
    codes: dict[int, dict[int, Code | None]] = {}
    reduced: dict[int, dict[int, ReducedCode]] = {6: {}, 7: {}}
    for n in (5, 6, 7):
        table: dict[int, Code | None] = {}
        for m in _rank_multisets(ranks, n):
            key = sum(shifted[r] for r in m)
            if key in table:
                raise RuntimeError(f"rank weights collide for {n} cards")
            if n == 5:
                hand = hand_of(m, plain[m])
                _check_spec(ordering, m, hand, flush=False)
                table[key] = code(hand)
                continue
            subs = {sub: hand_of(sub, plain[sub]) for sub in combinations(m, 5)}
            best = max(value_of[h.key] for h in subs.values())
            chosen = [(sub, h) for sub, h in subs.items() if value_of[h.key] == best]
            exact = all(
                all(m.count(r) == 1 for r in h.suit_ranks)
                and (h.suit_last is None or m.count(h.suit_last) == sub.count(h.suit_last))
                for sub, h in chosen
            )
            if exact and len({h.suit_last for _, h in chosen}) == 1:
                table[key] = max((code(h) for _, h in chosen), key=lambda c: c[1])
                continue
            table[key] = None
            if len(chosen) == 1:  # one best sub-multiset: keep the best card of each rank it holds once
                sub, hand = chosen[0]
                extra = sorted({r for r in m if m.count(r) > sub.count(r)})
                if all(sub.count(r) == 1 for r in extra):
                    reduced[n][key] = (*code(hand), tuple(4 * index[r] for r in extra))
        codes[n] = table

    # Flush values by the suited ranks (five to seven of them).
    flush_spread: dict[int, int] = {}
    counts_suit: set[bool] = set()
    for size in (5, 6, 7):
        for m in combinations(sorted(ranks, reverse=True), size):
            best = 0
            for sub in combinations(m, 5):
                hand = hand_of(sub, flush[sub])
                _check_spec(ordering, sub, hand, flush=True)
                counts_suit.add(hand.suit_last is not None)
                best = max(best, value_of[hand.key])
            flush_spread[sum(1 << 4 * index[r] for r in m)] = best << shift
    if len(counts_suit) != 1:
        raise RuntimeError(f"{ordering.id}: either every flush is decided by its suit or none is")

    card_weight = []
    for card in range(52):
        rank, suit = card >> 2, card & 3
        if rank in index:
            mask = 1 << (4 * index[rank] + order[suit])
            card_weight.append((shifted[rank] << (bits + 8)) + (SUIT_WEIGHT[suit] << bits) + mask)
        else:
            card_weight.append(1 << (bits + 40))  # a card outside the deck: the lookup raises KeyError
    tables = SuitedTables(
        ordering_id=ordering.id,
        card_weight=tuple(card_weight),
        nonflush={},
        flush_suit={n: _suit_table(n) for n in range(5, 8)},
        flush_value=(),
        flush_dominates=dominates,
        classes=classes,
        categories=categories,
        suit_model=SuitModel.CARDS,
        suit_shift=shift,
        codes=codes,
        reduced=reduced,
        flush_spread=flush_spread,
        suit_order=order,
        flush_suit_counts=counts_suit.pop(),
        mask_bits=bits,
    )
    return replace(tables, best_value=_best_value(tables, ranks))


def _best_value(t: SuitedTables, ranks: Sequence[int]) -> int:
    """The value of the best hand: the best suit assignment of the best class's ranks."""
    five = make_suited_five_evaluator(t)
    top, suited = t.hand_class(t.max_value)
    best = 0
    suit_sets = ([s] * 5 for s in range(4)) if suited else product(range(4), repeat=5)
    for suits in suit_sets:
        cards = [r * 4 + s for r, s in zip(top, suits, strict=True)]
        if len(set(cards)) == 5 and all(r in ranks for r in top):
            best = max(best, five(cards))
    return best


def make_suited_five_evaluator(t: Tables) -> Evaluator:
    """The raw evaluator of exactly five cards over ``SuitedTables`` (no validation)."""
    if not isinstance(t, SuitedTables):
        raise TypeError("suited evaluators need SuitedTables")
    w, c5, fs5 = t.card_weight, t.codes[5], t.flush_suit[5]
    fls, place, hs = t.flush_spread, t.suit_order, HIGHEST_SUIT
    bits, rank_shift, counts = t.mask_bits, t.mask_bits + 8, t.flush_suit_counts
    spread = sum(1 << 4 * i for i in range(bits // 4))

    def five(cards: Sequence[int]) -> int:
        a, b, c, d, e = cards
        k = w[a] + w[b] + w[c] + w[d] + w[e]
        s = fs5[(k >> bits) & 255]
        if s:
            o = place[s - 1]
            return fls[(k >> o) & spread] + o if counts else fls[(k >> o) & spread]
        base, km, sh, hm = c5[k >> rank_shift]  # type: ignore[misc]  # five cards always have a code
        return base + ((k & km) << 2) + hs[(k >> sh) & hm]

    return five


def make_suited_evaluator(t: Tables) -> Evaluator:
    """The raw evaluator of 5 to 9 cards over ``SuitedTables`` (no validation; see the module docstring).

    A count outside 5..9 raises :class:`~pokerroom.errors.PokerroomError`.
    """
    if not isinstance(t, SuitedTables):
        raise TypeError("suited evaluators need SuitedTables")
    five = make_suited_five_evaluator(t)
    w, c6, c7, fs6, fs7 = t.card_weight, t.codes[6], t.codes[7], t.flush_suit[6], t.flush_suit[7]
    r6, r7 = t.reduced[6], t.reduced[7]
    fls, place, hs, top = t.flush_spread, t.suit_order, HIGHEST_SUIT, TOP_CARD
    bits, rank_shift, counts, dominates = t.mask_bits, t.mask_bits + 8, t.flush_suit_counts, t.flush_dominates
    spread = sum(1 << 4 * i for i in range(bits // 4))

    def every_five(cards: Sequence[int]) -> int:
        return max(five(x) for x in combinations(cards, 5))

    def finish(cards: Sequence[int], k: int, code: Code | None, s: int, reduce: dict[int, ReducedCode]) -> int:
        if s and not dominates:
            return every_five(cards)
        mask = k
        if code is None:
            shrink = reduce.get(k >> rank_shift)
            if shrink is None:
                return every_five(cards)
            base, km, sh, hm, shifts = shrink
            for shift in shifts:  # keep only the highest suit of a rank the best five use once
                nibble = (mask >> shift) & 15
                mask += (top[nibble] - nibble) << shift
        else:
            base, km, sh, hm = code
        value = base + ((mask & km) << 2) + hs[(mask >> sh) & hm]
        if s:
            o = place[s - 1]
            flush = fls[(k >> o) & spread] + (o if counts else 0)
            return flush if flush > value else value
        return value

    def evaluate(cards: Sequence[int]) -> int:
        n = len(cards)
        if n == 6:
            a, b, c, d, e, f = cards
            k = w[a] + w[b] + w[c] + w[d] + w[e] + w[f]
            code = c6[k >> rank_shift]
            s = fs6[(k >> bits) & 255]
            if s or code is None:
                return finish(cards, k, code, s, r6)
            base, km, sh, hm = code
            return base + ((k & km) << 2) + hs[(k >> sh) & hm]
        if n == 5:
            return five(cards)
        if n == 7:
            a, b, c, d, e, f, g = cards
            k = w[a] + w[b] + w[c] + w[d] + w[e] + w[f] + w[g]
            return finish(cards, k, c7[k >> rank_shift], fs7[(k >> bits) & 255], r7)
        if MIN_CARDS < n <= MAX_CARDS:
            return every_five(cards)
        raise PokerroomError(f"a hand is {MIN_CARDS} to {MAX_CARDS} cards, got {n}")

    return evaluate
