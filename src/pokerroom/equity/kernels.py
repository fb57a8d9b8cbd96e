"""Compiled kernels of equity: exact board enumeration for hold'em, combination tables, random deals.

:func:`board_exact` is the hot loop of exact hold'em and short-deck equity: it walks every board that can still
come (a combination odometer keeping the running weight sums and suit lanes, so each step adds one card) and
values each player's seven cards from two table lookups.  Suit symmetry: suits no known card uses are
interchangeable, so only boards whose free-suit rank masks are in non-increasing order are valued, each
counted as often as its arrangements (``k! / prod(m!)`` for ``k`` free suits with ``m`` equal masks).
"""

from __future__ import annotations

import numpy as np

from pokerroom.rankings.jit import njit

__all__ = ["board_exact", "combinations_table", "random_deals"]

Array = np.ndarray


@njit
def _value7(
    k: int, b: int, weight_sig: int, shift: int, suit7: Array, off7: Array, val7: Array, flush: Array
) -> int:  # fmt: skip
    key = k >> weight_sig
    value = val7[key + off7[key >> shift]]
    s = suit7[k & ((1 << weight_sig) - 1)]
    if s != 0:
        suited = flush[(b >> (16 * (s - 1))) & 8191]
        if suited > value:
            value = suited
    return value


@njit
def board_exact(
    rest: Array, to_come: int, board_k: int, board_b: int, hole_k: Array, hole_b: Array, free: Array,
    units: int, weight: Array, bits: Array, sig: int, shift: int, suit7: Array, off7: Array, val7: Array,
    flush: Array, out: Array,
) -> int:  # fmt: skip
    """Every board of ``to_come`` cards from ``rest``: ``out[p]`` += (wins, ties, equity in 1/``units``).

    ``hole_k``/``hole_b``: each player's hole weight sum and suit lanes; ``board_k``/``board_b``: the known
    board's.  ``free``: the free suits (for the symmetry); ``out``: int64[players, 3].  Returns the number of
    boards counted (with their symmetry weights).  Only for rankings whose flush reading is
    ``max(flush, unsuited)`` (hold'em high, short deck).
    """
    players = hole_k.shape[0]
    r = rest.shape[0]
    nfree = free.shape[0]
    idx = np.zeros(to_come + 1, dtype=np.int64)
    pk = np.zeros(to_come + 1, dtype=np.int64)
    pb = np.zeros(to_come + 1, dtype=np.int64)
    values = np.zeros(players, dtype=np.int64)
    fact = np.array([1, 1, 2, 6, 24], dtype=np.int64)
    shares = np.zeros(players + 1, dtype=np.int64)
    for c in range(1, players + 1):
        shares[c] = units // c
    pk[0] = board_k
    pb[0] = board_b
    for j in range(to_come):
        idx[j] = j
        pk[j + 1] = pk[j] + weight[rest[j]]
        pb[j + 1] = pb[j] | bits[rest[j]]
    total = 0
    while True:
        k = pk[to_come]
        b = pb[to_come]
        w = 1
        if nfree >= 2:
            ok = True
            runs = 1
            w = int(fact[nfree])
            for f in range(1, nfree):
                before = (b >> (16 * free[f - 1])) & 8191
                here = (b >> (16 * free[f])) & 8191
                if here > before:
                    ok = False
                    break
                if here == before:
                    runs += 1
                else:
                    w //= fact[runs]
                    runs = 1
            w //= fact[runs]
            if not ok:
                w = 0
        if w > 0:
            best = -1
            count = 0
            for p in range(players):
                v = _value7(k + hole_k[p], b | hole_b[p], sig, shift, suit7, off7, val7, flush)
                values[p] = v
                if v > best:
                    best = v
                    count = 1
                elif v == best:
                    count += 1
            share = w * shares[count]
            for p in range(players):
                if values[p] == best:
                    if count == 1:
                        out[p, 0] += w
                    else:
                        out[p, 1] += w
                    out[p, 2] += share
            total += w
        # next combination: the rightmost index that can still move
        j = to_come - 1
        while j >= 0 and idx[j] == r - to_come + j:
            j -= 1
        if j < 0:
            break
        idx[j] += 1
        pk[j + 1] = pk[j] + weight[rest[idx[j]]]
        pb[j + 1] = pb[j] | bits[rest[idx[j]]]
        for q in range(j + 1, to_come):
            idx[q] = idx[q - 1] + 1
            pk[q + 1] = pk[q] + weight[rest[idx[q]]]
            pb[q + 1] = pb[q] | bits[rest[idx[q]]]
    return total


@njit
def combinations_table(n: int, size: int, out: Array) -> None:
    """Fill ``out`` (int16[C(n, size), size]) with every ``size``-subset of ``range(n)`` in lexicographic order."""
    idx = np.arange(size)
    row = 0
    while True:
        for q in range(size):
            out[row, q] = idx[q]
        row += 1
        j = size - 1
        while j >= 0 and idx[j] == n - size + j:
            j -= 1
        if j < 0:
            break
        idx[j] += 1
        for q in range(j + 1, size):
            idx[q] = idx[q - 1] + 1


@njit
def random_deals(
    seed: int, rest: Array, combos: Array, starts: Array, sizes: Array, need: int, out: Array, picked: Array
) -> int:  # fmt: skip
    """Random deals for Monte Carlo: for each row of ``out``, one combo per player drawn from its range and
    ``need`` more cards from ``rest`` without the cards those combos use.

    ``combos``: int64[total, width] the players' combos one after another (player ``p``'s are rows
    ``starts[p] .. starts[p] + sizes[p]``), padded with -1; ``picked``: int64[rows, players] receives the chosen
    rows.  Conflicting combos are redrawn (uniform over the compatible matchups).  Returns the number of rejected
    draws; -1 when 10,000 draws in a row conflicted (the ranges hardly fit together).
    """
    np.random.seed(seed)
    players = sizes.shape[0]
    r = rest.shape[0]
    pool = rest.copy()
    rejected = 0
    for i in range(out.shape[0]):
        tries = 0
        while True:
            used = np.int64(0)
            clash = False
            for p in range(players):
                row = starts[p] + np.random.randint(0, sizes[p])
                picked[i, p] = row
                for q in range(combos.shape[1]):
                    card = combos[row, q]
                    if card >= 0:
                        bit = np.int64(1) << card
                        if used & bit:
                            clash = True
                        used |= bit
            if not clash:
                break
            rejected += 1
            tries += 1
            if tries >= 10000:
                return -1
        top = r
        q = 0
        while q < need:
            j = np.random.randint(0, top)
            card = pool[j]
            top -= 1
            pool[j] = pool[top]
            pool[top] = card
            if not used & (np.int64(1) << card):
                out[i, q] = card
                q += 1
            if top == 0:
                return -1
        # the pool stays a permutation of rest: the next deal starts from the whole of it again
    return rejected
