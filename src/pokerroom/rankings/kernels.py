"""Compiled kernels of the batch evaluators: rows of card ints in, the one-call evaluator's values out.

Each function is the array form of the matching one-call evaluator (:func:`~pokerroom.rankings.tables.
make_evaluator`, :func:`~pokerroom.rankings.suited.make_suited_evaluator`) over the arrays of
:mod:`pokerroom.rankings.batch_tables`; the tests compare the two on random hands of every ranking.  No
validation happens here (:mod:`pokerroom.rankings.batch` checks the input first); card ints must be 0..51.

A seven-card high hand costs seven weight loads and adds, one signature lookup and two dependent loads of the
perfect hash; the OR of the cards' suit bits is formed only when a suit holds five cards (about 3 % of hands).
"""

from __future__ import annotations

import numpy as np

from pokerroom.rankings.batch_tables import Model
from pokerroom.rankings.jit import njit

__all__ = [
    "cards_rows",
    "eval_rows",
    "five_value",
    "omaha_rows",
    "row_errors",
    "seven_rows",
    "suited_rows",
    "suited_value",
]

Array = np.ndarray

_FLUSH_EVERY_FIVE = Model.FLUSH_EVERY_FIVE  # a module-level int: numba reads it as a constant


@njit
def _four(b: int, suit: int, plain: int, four: Array, high_bit: Array) -> int:
    """Sökö: exactly four cards of ``suit`` in the suit lanes ``b``; the better of the four-flush and ``plain``."""
    mask = (b >> (16 * suit)) & 8191
    other = 0
    for lane in range(4):
        if lane != suit:
            other |= (b >> (16 * lane)) & 8191
    value = four[(mask << 4) | high_bit[other]]
    return value if value > plain else plain


@njit
def five_value(
    k: int, b: int, sig: int, shift: int, suit5: Array, off5: Array, val5: Array, flush: Array,
    four: Array, high_bit: Array,
) -> int:  # fmt: skip
    """The value of five cards from their weight sum ``k`` and suit lanes ``b``."""
    s = suit5[k & 511]
    if s != 0 and s <= 4:
        return flush[(b >> (16 * (s - 1))) & 8191]
    key = (k >> sig) & 16777215
    plain = val5[(key + off5[(key >> shift) & 4095]) & 262143]
    if s > 4:
        return _four(b, s - 5, plain, four, high_bit)
    return plain


@njit
def suited_value(
    row: Array, b: int, s: int, plain: int, model: int, weight: Array, bits: Array, sig: int,
    shift: int, suit5: Array, off5: Array, val5: Array, flush: Array, four: Array, high_bit: Array,
    subsets: Array,
) -> int:  # fmt: skip
    """Six or more cards where the signature ``s`` says a suit holds four (Sökö) or five or more of them."""
    if s > 4:
        return _four(b, s - 5, plain, four, high_bit)
    if model == _FLUSH_EVERY_FIVE:
        return _every_five(row, weight, bits, sig, shift, suit5, off5, val5, flush, four, high_bit, subsets)
    value = flush[(b >> (16 * (s - 1))) & 8191]
    return value if value > plain else plain


@njit
def _every_five(
    row: Array, weight: Array, bits: Array, sig: int, shift: int, suit5: Array, off5: Array,
    val5: Array, flush: Array, four: Array, high_bit: Array, subsets: Array,
) -> int:  # fmt: skip
    best = 0
    for j in range(subsets.shape[0]):
        k = 0
        b = 0
        for q in range(5):
            card = row[subsets[j, q]]
            k += weight[card]
            b |= bits[card]
        value = five_value(k, b, sig, shift, suit5, off5, val5, flush, four, high_bit)
        if value > best:
            best = value
    return best


@njit
def _bad_row(cards: Array, i: int, deck: int) -> bool:
    """Whether row ``i`` holds a card twice or a card outside the 52-bit ``deck`` mask."""
    seen = 0
    for q in range(cards.shape[1]):
        bit = 1 << int(cards[i, q])
        if seen & bit or not deck & bit:
            return True
        seen |= bit
    return False


@njit
def _plain7(k: int, sig: int, shift: int, off7: Array, val7: Array) -> int:
    """The unsuited value of seven cards from their weight sum ``k`` (the perfect hash's two loads)."""
    key = (k >> sig) & 16777215  # constant masks: provably in bounds, no wraparound checks
    return val7[(key + off7[(key >> shift) & 4095]) & 262143]


@njit
def seven_rows(
    cards: Array, out: Array, deck: int, model: int, sig: int, shift: int, weight: Array, bits: Array,
    suit7: Array, off7: Array, val7: Array, flush: Array,
) -> int:  # fmt: skip
    """``out[i]`` = the value of the seven cards ``cards[i]`` under a non-``CARDS`` ranking, or -1 where a suit's
    cards need :func:`suited_rows` (Sökö's four of a suit; five of a suit where a flush can rank below the unsuited
    reading).  ``deck`` as for :func:`eval_rows`; returns the first bad row, or -1.  Its own kernel, with only the
    arrays the common rows read: the compiled loop keeps them in registers (with the rare readings' arrays too it
    spills, about a tenth slower)."""
    for i in range(cards.shape[0]):
        c0, c1, c2, c3, c4, c5, c6 = cards[i, 0], cards[i, 1], cards[i, 2], cards[i, 3], cards[i, 4], cards[
            i, 5], cards[i, 6]  # fmt: skip
        if deck != 0:  # checked as read, sharing the loads: a separate pass over the rows costs twice as much
            m0, m1, m2, m3, m4, m5, m6 = (1 << int(c0), 1 << int(c1), 1 << int(c2), 1 << int(c3), 1 << int(c4),
                                          1 << int(c5), 1 << int(c6))  # fmt: skip
            union = m0 | m1 | m2 | m3 | m4 | m5 | m6  # seven distinct cards: their bits sum to their union
            if union != m0 + m1 + m2 + m3 + m4 + m5 + m6 or union & ~deck:
                return i
        k = weight[c0] + weight[c1] + weight[c2] + weight[c3] + weight[c4] + weight[c5] + weight[c6]
        value = _plain7(k, sig, shift, off7, val7)
        s = suit7[k & 511]
        if s != 0:
            if s <= 4 and model != _FLUSH_EVERY_FIVE:  # the common flush, inline
                b = bits[c0] | bits[c1] | bits[c2] | bits[c3] | bits[c4] | bits[c5] | bits[c6]
                suited = flush[(b >> (16 * (s - 1))) & 8191]
                if suited > value:
                    value = suited
            else:
                value = -1
        out[i] = value
    return -1


@njit
def suited_rows(
    cards: Array, out: Array, model: int, sig: int, shift: int, weight: Array, bits: Array, suit5: Array,
    suit7: Array, off5: Array, val5: Array, off7: Array, val7: Array, flush: Array, four: Array, high_bit: Array,
    subsets: Array,
) -> None:  # fmt: skip
    """The rows :func:`seven_rows` left at -1, valued by :func:`suited_value`."""
    for i in range(cards.shape[0]):
        if out[i] != -1:
            continue
        row = cards[i]
        k = 0
        b = 0
        for q in range(7):
            k += weight[row[q]]
            b |= bits[row[q]]
        out[i] = suited_value(
            row, b, suit7[k & 511], _plain7(k, sig, shift, off7, val7), model, weight, bits, sig, shift, suit5,
            off5, val5, flush, four, high_bit, subsets,
        )  # fmt: skip


@njit
def eval_rows(
    cards: Array, out: Array, deck: int, model: int, sig: int, shift: int, weight: Array, bits: Array,
    suit5: Array, suit6: Array, suit7: Array, off5: Array, val5: Array, off6: Array, val6: Array, off7: Array,
    val7: Array, flush: Array, four: Array, high_bit: Array, subsets: Array,
) -> int:  # fmt: skip
    """``out[i]`` = the value of the hand ``cards[i]`` (rows of 5, 6, 8 or 9 card ints; seven:
    :func:`seven_rows`) under a non-``CARDS`` ranking.

    ``deck``: the 52-bit mask of the ranking's cards, to check each row as it is read (no card twice, none off
    the deck), or 0 for no check; returns the first bad row (the rows before it evaluated), or -1.
    ``subsets``: every 5-card subset of a row's positions (:func:`~pokerroom.rankings.batch_tables.combos`).
    """
    rows, n = cards.shape
    if n == 6:
        for i in range(rows):
            if deck != 0 and _bad_row(cards, i, deck):
                return i
            c0, c1, c2, c3, c4, c5 = cards[i, 0], cards[i, 1], cards[i, 2], cards[i, 3], cards[i, 4], cards[i, 5]
            k = weight[c0] + weight[c1] + weight[c2] + weight[c3] + weight[c4] + weight[c5]
            key = (k >> sig) & 16777215  # constant masks: provably in bounds, no wraparound checks
            value = val6[(key + off6[(key >> shift) & 4095]) & 262143]
            s = suit6[k & 511]
            if s != 0:
                b = bits[c0] | bits[c1] | bits[c2] | bits[c3] | bits[c4] | bits[c5]
                value = suited_value(
                    cards[i], b, s, value, model, weight, bits, sig, shift, suit5, off5, val5, flush, four,
                    high_bit, subsets,
                )  # fmt: skip
            out[i] = value
    elif n == 5:
        for i in range(rows):
            if deck != 0 and _bad_row(cards, i, deck):
                return i
            c0, c1, c2, c3, c4 = cards[i, 0], cards[i, 1], cards[i, 2], cards[i, 3], cards[i, 4]
            k = weight[c0] + weight[c1] + weight[c2] + weight[c3] + weight[c4]
            b = bits[c0] | bits[c1] | bits[c2] | bits[c3] | bits[c4]
            out[i] = five_value(k, b, sig, shift, suit5, off5, val5, flush, four, high_bit)
    else:
        for i in range(rows):
            if deck != 0 and _bad_row(cards, i, deck):
                return i
            out[i] = _every_five(
                cards[i], weight, bits, sig, shift, suit5, off5, val5, flush, four, high_bit, subsets
            )
    return -1


@njit
def omaha_rows(
    hole: Array, board: Array, out: Array, sig: int, shift: int, weight: Array, bits: Array, suit5: Array,
    off5: Array, val5: Array, flush: Array, four: Array, high_bit: Array, pairs: Array, triples: Array,
) -> None:  # fmt: skip
    """``out[i]`` = the best five of exactly two of ``hole[i]`` and three of ``board[i]`` (RULES G6).

    ``pairs``/``triples``: every 2-subset of the hole positions and 3-subset of the board positions.
    """
    npairs = pairs.shape[0]
    ntriples = triples.shape[0]
    pk = np.zeros(npairs, dtype=np.int64)
    pb = np.zeros(npairs, dtype=np.int64)
    for i in range(hole.shape[0]):
        for p in range(npairs):
            a = hole[i, pairs[p, 0]]
            c = hole[i, pairs[p, 1]]
            pk[p] = weight[a] + weight[c]
            pb[p] = bits[a] | bits[c]
        best = 0
        for t in range(ntriples):
            x = board[i, triples[t, 0]]
            y = board[i, triples[t, 1]]
            z = board[i, triples[t, 2]]
            tk = weight[x] + weight[y] + weight[z]
            tb = bits[x] | bits[y] | bits[z]
            for p in range(npairs):
                value = five_value(
                    pk[p] + tk, pb[p] | tb, sig, shift, suit5, off5, val5, flush, four, high_bit
                )
                if value > best:
                    best = value
        out[i] = best


@njit
def _cards_flush(k: int, o: int, ranks: int, flush: Array) -> int:
    """The best flush base of the suit at place ``o``: its ranks' bits gathered from the order mask."""
    x = k >> o
    index = 0
    for i in range(ranks):
        index |= ((x >> (4 * i)) & 1) << i
    return flush[index]


@njit
def _cards_five(
    k: int, bits: int, ranks: int, counts: bool, suit5: Array, where5: Array, code5: Array, flush: Array,
    place: Array, highest: Array,
) -> int:  # fmt: skip
    s = suit5[(k >> bits) & 255]
    if s != 0:
        o = place[s - 1]
        return _cards_flush(k, o, ranks, flush) + (o if counts else 0)
    row = where5[(k >> (bits + 8)) & 131071]
    packed = code5[row, 2]
    return code5[row, 0] + ((k & code5[row, 1]) << 2) + highest[(k >> (packed & 255)) & ((packed >> 8) & 255)]


@njit
def _cards_every_five(
    cards: Array, i: int, weight: Array, bits: int, ranks: int, counts: bool, suit5: Array, where5: Array,
    code5: Array, flush: Array, place: Array, highest: Array, subsets: Array,
) -> int:  # fmt: skip
    best = 0
    for j in range(subsets.shape[0]):
        k = 0
        for q in range(5):
            k += weight[cards[i, subsets[j, q]]]
        value = _cards_five(k, bits, ranks, counts, suit5, where5, code5, flush, place, highest)
        if value > best:
            best = value
    return best


@njit
def cards_rows(
    cards: Array, out: Array, bits: int, ranks: int, counts: bool, dominates: bool, weight: Array, suit5: Array,
    where5: Array, code5: Array, suit_n: Array, where_n: Array, code_n: Array, flush: Array, place: Array,
    highest: Array, top: Array, subsets: Array,
) -> None:  # fmt: skip
    """``out[i]`` = the value of ``cards[i]`` under a ``SuitModel.CARDS`` ranking (Telesina, 32-card draw).

    ``suit_n``/``where_n``/``code_n`` are the arrays of the rows' card count (6 or 7; unused for 5 and above 7).
    """
    rows, n = cards.shape
    rank_shift = bits + 8
    if n == 5:  # 32-card draw: unrolled, the cards' sum only
        for i in range(rows):
            k = weight[cards[i, 0]] + weight[cards[i, 1]] + weight[cards[i, 2]] + weight[cards[i, 3]] + weight[
                cards[i, 4]]  # fmt: skip
            s = suit5[(k >> bits) & 255]
            if s != 0:
                o = place[s - 1]
                out[i] = _cards_flush(k, o, ranks, flush) + (o if counts else 0)
            else:
                row = where5[(k >> rank_shift) & 131071]
                packed = code5[row, 2]
                out[i] = code5[row, 0] + ((k & code5[row, 1]) << 2) + highest[(k >> (packed & 255)) & (packed >> 8)]
        return
    for i in range(rows):
        if n == 6:  # Telesina: five cards and the Vela, unrolled
            k = weight[cards[i, 0]] + weight[cards[i, 1]] + weight[cards[i, 2]] + weight[cards[i, 3]] + weight[
                cards[i, 4]] + weight[cards[i, 5]]  # fmt: skip
        else:
            k = 0
            for q in range(n):
                k += weight[cards[i, q]]
        key = (k >> rank_shift) & 131071
        s = suit_n[(k >> bits) & 255]
        row = where_n[key] if n <= 7 else 0
        packed = code_n[row, 2]
        kind = packed >> 16
        if kind == 2 or (s != 0 and not dominates):
            out[i] = _cards_every_five(cards, i, weight, bits, ranks, counts, suit5, where5, code5, flush, place,
                                       highest, subsets)  # fmt: skip
            continue
        mask = k
        if kind == 1:
            shifts = code_n[row, 3]
            for j in range(4):
                shift = (shifts >> (8 * j)) & 255
                if shift == 255:
                    break
                nibble = (mask >> shift) & 15
                mask += (top[nibble] - nibble) << shift
        value = (
            code_n[row, 0] + ((mask & code_n[row, 1]) << 2) + highest[(mask >> (packed & 255)) & ((packed >> 8) & 255)]
        )
        if s != 0:
            o = place[s - 1]
            suited = _cards_flush(k, o, ranks, flush) + (o if counts else 0)
            if suited > value:
                value = suited
        out[i] = value


@njit
def row_errors(cards: Array, deck: int) -> int:
    """The first row holding a card twice or a card outside the 52-bit ``deck`` mask, else -1."""
    for i in range(cards.shape[0]):
        if _bad_row(cards, i, deck):
            return i
    return -1
