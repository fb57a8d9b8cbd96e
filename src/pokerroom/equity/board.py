"""Exact hold'em boards in NumPy: :func:`~pokerroom.equity.kernels.board_exact`'s enumeration with no compiler.

Importing numba takes about half a second, longer than a whole heads-up preflop here, so a single matchup is
enumerated with NumPy (:func:`board_exact_numpy`); the compiled kernel takes the long runs (many matchups of a
range, :func:`pokerroom.equity.exact.enumerate_all` chooses).  Both count the same deals the same way and return
the same integers (the tests compare them on random matchups): suits matter only through flushes, so

1. boards with no suit three times are valued once per rank multiset, counted as their suit assignments minus
   those with three or more cards of some suit (a polynomial in the number of cards of that suit, rank by rank,
   of which only the terms below three are needed);
2. boards with three or more of suit ``s``: each set of new ``s`` cards beside each rank multiset of the other
   cards (no other suit can reach a flush beside three of ``s``); suits no known card uses are interchangeable,
   so one stands for all of them;
3. when every board can make a flush (three of a suit already out, or no card to come) the boards are walked one
   by one (at most ``C(45, 2)`` of them).

Every array is one of these groups at once: the multisets (6,188 of five ranks), or suited sets times multisets
(about 30,000 per suit), so a heads-up preflop is a few dozen NumPy operations on arrays of that size.
"""

from __future__ import annotations

from functools import cache
from itertools import chain, combinations, combinations_with_replacement
from math import comb

import numpy as np

from pokerroom.rankings.batch_tables import BatchTables

__all__ = ["board_exact_numpy"]

Array = np.ndarray

RANKS = 13

_BINOM = np.zeros((6, 6), dtype=np.int64)
"""``C(n, k)`` for ``n, k`` in 0..5, 0 above the diagonal (a rank can hold at most four cards)."""
for _n in range(6):
    for _k in range(_n + 1):
        _BINOM[_n, _k] = 1 if _k in (0, _n) else _BINOM[_n - 1, _k - 1] + _BINOM[_n - 1, _k]


@cache
def _multisets(size: int) -> tuple[Array, Array]:
    """Every multiset of ``size`` ranks (0..12) as runs, ``(rank, slot)``, each int64 ``[max(size, 1), M]`` (one
    row per place, so that each place is one contiguous array): the ranks in order, and ``rank * 6 + count`` with
    each rank's count at its first place and 0 at the others (a factor of 1 in every product below)."""
    m = comb(RANKS + size - 1, size)
    flat = np.fromiter(chain.from_iterable(combinations_with_replacement(range(RANKS), size)), np.int64, m * size)
    if not size:
        return np.zeros((1, 1), dtype=np.int64), np.zeros((1, 1), dtype=np.int64)
    rank = flat.reshape(m, size)
    first = np.ones(rank.shape, dtype=bool)
    first[:, 1:] = rank[:, 1:] != rank[:, :-1]
    count = (rank[:, :, None] == rank[:, None, :]).sum(axis=2) * first
    return np.ascontiguousarray(rank.T), np.ascontiguousarray((rank * 6 + count).T)


_KEYS: dict[tuple[int, bytes], Array] = {}


def _keys(size: int, part: Array) -> Array:
    """The rank part of every multiset of :func:`_multisets` (``part[r]``: rank ``r``'s; kept per ranking)."""
    held = _KEYS.get((size, part.tobytes()))
    if held is None:
        rank, slot = _multisets(size)
        held = _KEYS[size, part.tobytes()] = (part[rank] * (slot - rank * 6)).sum(axis=0)
    return held


@cache
def _subsets(n: int, size: int) -> Array:
    """Every ``size``-subset of ``range(n)``, int64 ``[C(n, size), size]``."""
    rows = list(combinations(range(n), size))
    return np.array(rows, dtype=np.int64).reshape(len(rows), size)


def _product(table: Array, slot: Array) -> Array:
    """``table[slot[0]] * table[slot[1]] * ...``: per multiset, the product of its places' entries."""
    out: Array = table[slot[0]]
    for row in slot[1:]:
        out = out * table[row]
    return out


def _plain(key: Array, t: BatchTables) -> Array:
    """The unsuited value of seven cards' rank keys (int64 in, the tables' dtype out), as the kernels read ``val7``
    (without their masks: a real hand's key, row and slot are in bounds, and NumPy checks every index anyway)."""
    value: Array = t.val7[key + t.off7[key >> t.shift]]
    return value


def _value7(k: Array, b: Array, t: BatchTables) -> Array:
    """Seven cards' values from their weight sums ``k`` and suit lanes ``b`` (the kernels' ``_value7``)."""
    value = _plain(k >> t.sig_bits, t)
    s = t.suit7[k & 511].astype(np.int64)
    suited = np.where(s != 0, t.flush[(b >> (16 * np.maximum(s - 1, 0))) & 8191], 0)
    best: Array = np.maximum(value, suited)
    return best


def _credit(values: Array, w: Array, shares: Array, out: Array) -> int:
    """Pay deals: ``values`` ``[players, ...]`` (1-D or 2-D per player), each deal counted as often as ``w``
    (broadcast to a player's values) says; ``out[p]`` += (wins, ties, pot units).  Returns the deals counted."""
    deals = int(np.broadcast_to(w, values.shape[1:]).sum())
    if values.shape[0] == 2:  # matrix products: the weighted counts without an array of weights per deal
        first = int(np.sum((values[0] > values[1]) @ w))
        second = int(np.sum((values[1] > values[0]) @ w))
        both = deals - first - second
        out[0] += (first, both, first * shares[1] + both * shares[2])
        out[1] += (second, both, second * shares[1] + both * shares[2])
        return deals
    flat = values.reshape(values.shape[0], -1)
    w = np.broadcast_to(w, values.shape[1:]).ravel()
    best = flat.max(axis=0)
    win = flat == best
    count = win.sum(axis=0)
    alone = count == 1
    out[:, 0] += np.where(win & alone, w, 0).sum(axis=1)
    out[:, 1] += np.where(win & ~alone, w, 0).sum(axis=1)
    out[:, 2] += np.where(win, w * shares[count], 0).sum(axis=1)
    return deals


def board_exact_numpy(
    rest: Array, to_come: int, board_k: int, board_b: int, board_suits: Array, hole_k: Array, hole_b: Array,
    free: Array, units: int, t: BatchTables, out: Array,
) -> int:  # fmt: skip
    """Every board of ``to_come`` more cards from ``rest`` (hold'em, short deck): ``out[p]`` += (wins, ties, pot
    share in 1/``units``); returns the number of boards.  The arguments are
    :func:`~pokerroom.equity.kernels.board_exact`'s, with the ranking's tables as ``t``."""
    players = hole_k.shape[0]
    shares = np.array([0] + [units // c for c in range(1, players + 1)], dtype=np.int64)
    hole_k = hole_k.astype(np.int64)
    hole_b = hole_b.astype(np.int64)
    if to_come == 0 or int(board_suits.max()) >= 3:  # every board can make a flush: walk them all
        picks = rest[_subsets(len(rest), to_come)]
        k = board_k + t.weight[picks].sum(axis=1)
        b = np.bitwise_or.reduce(t.bits[picks], axis=1) | board_b if to_come else np.full(1, board_b)
        values = np.stack([_value7(k + hole_k[p], b | hole_b[p], t) for p in range(players)])
        return _credit(values, np.ones(len(k), dtype=np.int64), shares, out)
    sig = t.sig_bits
    part = t.weight[0 : 4 * RANKS : 4] >> sig  # a club's weight: each rank's part, no suit bits
    avail = np.bincount(rest >> 2, minlength=RANKS)
    has = np.zeros((RANKS, 4), dtype=np.int64)
    has[rest >> 2, rest & 3] = 1
    hole_rank = hole_k >> sig  # a hand's suit weights stay below the rank part
    board_rank = board_k >> sig
    total = 0
    # 1. No suit three times: each rank multiset once, counted as its assignments without three of any suit.
    _, slot = _multisets(to_come)
    ways = _product(_BINOM[avail].ravel(), slot)  # C(avail[r], m) at r * 6 + m
    # Per rank and suit s, a card count of m splits into (m from the other suits) + x (one of them s):
    # `without` and `with_s`, the polynomial's two terms, at r * 6 + m; the product over the multiset's ranks counts
    # its assignments by the number of s cards, and only the terms below `need` (at most 3) are kept.
    a = avail[:, None, None]
    h = has[:, None, :]
    m = np.arange(6)[None, :, None]
    without = _BINOM[a - h, m].reshape(RANKS * 6, 4)
    with_s = np.where((h == 1) & (m >= 1), _BINOM[np.maximum(a - 1, 0), np.maximum(m - 1, 0)], 0).reshape(-1, 4)
    c0 = without[slot[0]]  # [M, 4]
    c1 = with_s[slot[0]]
    c2 = np.zeros_like(c0)
    for row in slot[1:]:
        lo = without[row]
        hi = with_s[row]
        c2 = c2 * lo + c1 * hi
        c1 = c1 * lo + c0 * hi
        c0 = c0 * lo
    need = 3 - board_suits.astype(np.int64)
    below = c0 + np.where(need >= 2, c1, 0) + np.where(need >= 3, c2, 0)
    ways = below.sum(axis=1) - 3 * ways  # ways minus, for each of the 4 suits, (ways - below)
    live = ways > 0
    ways, key = ways[live], _keys(to_come, part)[live] + board_rank
    values = np.stack([_plain(key + hole_rank[p], t) for p in range(players)])
    total += _credit(values, ways, shares, out)
    # 2. Three or more of suit s: each set of new s cards beside each rank multiset of the other cards.
    nfree = int(free.sum())
    done_free = False
    for s in range(4):
        mult = 1
        if free[s]:
            if done_free:
                continue
            done_free = True
            mult = nfree
        suited = np.flatnonzero(has[:, s])
        table = _BINOM[avail - has[:, s]].ravel()
        board_mask = (board_b >> (16 * s)) & 8191
        for j in range(3 - int(board_suits[s]), min(to_come, len(suited)) + 1):
            picks = suited[_subsets(len(suited), j)]  # [S, j]: j >= 1, as need is 1 to 3 here
            mask = board_mask | np.bitwise_or.reduce(1 << picks, axis=1)
            base = board_rank + part[picks].sum(axis=1)
            _, slot = _multisets(to_come - j)
            ways = _product(table, slot)
            live = ways > 0
            ways, key = ways[live] * mult, _keys(to_come - j, part)[live]
            grid = base[:, None] + key[None, :]  # [S, M]
            values = np.empty((players, *grid.shape), dtype=t.val7.dtype)
            for p in range(players):
                flush = t.flush[mask | ((int(hole_b[p]) >> (16 * s)) & 8191)]  # 0 below five cards of s
                values[p] = np.maximum(_plain(grid + hole_rank[p], t), flush[:, None])
            total += _credit(values, ways, shares, out)
    return total
