"""Compiled kernels of equity: exact board enumeration for hold'em, combination tables, random deals.

:func:`board_exact` is exact hold'em and short-deck equity.  Suits matter only through flushes, so it uses
suit symmetry throughout: boards that cannot make a flush are valued once per rank multiset and counted as their
suit assignments; boards with three or more cards of one suit are valued once per set of cards of that suit and
rank multiset of the others; suits no known card uses are interchangeable, so one stands for all of them.  About
120,000 valuations replace the 1.7 million boards of a heads-up preflop.  When every board can make a flush (three
of a suit already out), the boards are walked one by one with a combination odometer that keeps running weight
sums and suit lanes (each step adds one card).
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
    key = (k >> weight_sig) & 16777215  # constant masks: in bounds by construction (batch_tables pads)
    value = val7[(key + off7[(key >> shift) & 4095]) & 262143]
    s = suit7[k & 511]
    if s != 0:
        suited = flush[(b >> (16 * (s - 1))) & 8191]
        if suited > value:
            value = suited
    return value


@njit
def _credit(values: Array, w: int, shares: Array, out: Array) -> None:
    """Pay one deal (counted ``w`` times): ``out[p]`` += (win, tie, share in units) for the best values."""
    players = values.shape[0]
    best = values[0]
    count = 1
    for p in range(1, players):
        v = values[p]
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


@njit
def _next_subset(idx: Array, size: int, n: int) -> int:
    """Advance ``idx[:size]`` (a ``size``-subset of ``range(n)``, increasing) to the next one in lexicographic
    order; returns the first position that changed, or -1 after the last subset."""
    j = size - 1
    while j >= 0 and idx[j] == n - size + j:
        j -= 1
    if j < 0:
        return -1
    idx[j] += 1
    for q in range(j + 1, size):
        idx[q] = idx[q - 1] + 1
    return j


@njit
def _next_multiset(idx: Array, size: int) -> bool:
    """Advance ``idx[:size]`` (ranks 0..12, non-decreasing) to the next multiset; ``False`` after the last."""
    j = size - 1
    while j >= 0 and idx[j] == 12:
        j -= 1
    if j < 0:
        return False
    idx[j] += 1
    for q in range(j + 1, size):
        idx[q] = idx[j]
    return True


@njit
def _multiset(
    idx: Array, size: int, avail: Array, binom: Array, weight: Array, sig: int, runs: Array
) -> tuple[int, int, int]:  # fmt: skip
    """For the rank multiset ``idx[:size]`` (non-decreasing): the ways to pick its cards from ``avail`` cards of
    each rank, its rank part (sum of the ranks' weights without suit bits) and the number of distinct ranks,
    written to ``runs`` as (rank, count) rows."""
    ways = 1
    key = 0
    q = 0
    n = 0
    while q < size:
        rank = idx[q]
        m = 1
        while q + m < size and idx[q + m] == rank:
            m += 1
        ways *= binom[avail[rank], m] if m <= avail[rank] else 0
        key += m * (weight[4 * rank] >> sig)  # a club's weight: the rank part, no suit bits
        runs[n, 0] = rank
        runs[n, 1] = m
        n += 1
        q += m
    return ways, key, n


@njit
def _boards(
    rest: Array, to_come: int, base_k: int, base_b: int, hole_k: Array, hole_b: Array, mult: int, shares: Array,
    weight: Array, bits: Array, sig: int, shift: int, suit7: Array, off7: Array, val7: Array, flush: Array,
    values: Array, out: Array,
) -> int:  # fmt: skip
    """Every ``to_come``-subset of ``rest`` added to the board sums, each deal counted ``mult`` times."""
    players = hole_k.shape[0]
    r = rest.shape[0]
    if r < to_come:
        return 0
    idx = np.zeros(to_come + 1, dtype=np.int64)
    pk = np.zeros(to_come + 1, dtype=np.int64)
    pb = np.zeros(to_come + 1, dtype=np.int64)
    pk[0] = base_k
    pb[0] = base_b
    for j in range(to_come):
        idx[j] = j
        pk[j + 1] = pk[j] + weight[rest[j]]
        pb[j + 1] = pb[j] | bits[rest[j]]
    total = 0
    heads_up = players == 2
    k0, k1, b0, b1 = hole_k[0], hole_k[1], hole_b[0], hole_b[1]
    first = 0
    second = 0
    both = 0
    while True:
        k = pk[to_come]
        b = pb[to_come]
        if heads_up:  # scalars, no stores: twice as fast as the general path
            v0 = _value7(k + k0, b | b0, sig, shift, suit7, off7, val7, flush)
            v1 = _value7(k + k1, b | b1, sig, shift, suit7, off7, val7, flush)
            first += v0 > v1
            second += v1 > v0
            both += v0 == v1
        else:
            for p in range(players):
                values[p] = _value7(k + hole_k[p], b | hole_b[p], sig, shift, suit7, off7, val7, flush)
            _credit(values, mult, shares, out)
        total += mult
        j = _next_subset(idx, to_come, r)
        if j < 0:
            break
        for q in range(j, to_come):  # running sums from the first card that changed
            pk[q + 1] = pk[q] + weight[rest[idx[q]]]
            pb[q + 1] = pb[q] | bits[rest[idx[q]]]
    if heads_up:
        out[0, 0] += mult * first
        out[1, 0] += mult * second
        out[0, 1] += mult * both
        out[1, 1] += mult * both
        out[0, 2] += mult * (first * shares[1] + both * shares[2])
        out[1, 2] += mult * (second * shares[1] + both * shares[2])
    return total


@njit
def board_exact(
    rest: Array, to_come: int, board_k: int, board_b: int, board_suits: Array, hole_k: Array, hole_b: Array,
    free: Array, units: int, weight: Array, bits: Array, sig: int, shift: int, suit7: Array, off7: Array,
    val7: Array, flush: Array, out: Array,
) -> int:  # fmt: skip
    """Every board of ``to_come`` more cards from ``rest`` (hold'em, short deck): ``out[p]`` += (wins, ties,
    pot share in 1/``units``); returns the number of boards.

    ``board_k``/``board_b``: the known board's weight sum and suit lanes, ``board_suits``: its cards per suit;
    ``hole_k``/``hole_b``: each player's; ``free``: 1 for a suit no known card uses.  A flush needs three board
    cards of one suit (two hole cards), and five board cards hold three of at most one suit, so:

    * boards with no suit three times are valued by their ranks alone: each multiset of ranks once, counted as
      its suit assignments without three of a suit (all minus, per suit, those with three or more, from a
      small count over its ranks);
    * boards with three or more of suit ``s``: each set of new ``s`` cards, then the other cards by rank multiset
      (no other suit can flush), counted as their assignments to the other suits; free suits are
      interchangeable (no known card uses them), so one stands for all of them.
    """
    players = hole_k.shape[0]
    shares = np.zeros(players + 1, dtype=np.int64)
    for c in range(1, players + 1):
        shares[c] = units // c
    values = np.zeros(players, dtype=np.int64)
    many = 0
    for s in range(4):
        if board_suits[s] > many:
            many = board_suits[s]
    if to_come == 0 or many >= 3:  # every board can make a flush: walk them all
        return _boards(rest, to_come, board_k, board_b, hole_k, hole_b, 1, shares, weight, bits, sig, shift, suit7,
                       off7, val7, flush, values, out)  # fmt: skip
    # 1. No suit three times: one valuation per rank multiset.
    avail = np.zeros(13, dtype=np.int64)
    has = np.zeros((13, 4), dtype=np.int64)
    for i in range(rest.shape[0]):
        avail[rest[i] >> 2] += 1
        has[rest[i] >> 2, rest[i] & 3] = 1
    binom = np.zeros((6, 6), dtype=np.int64)
    for n in range(6):
        binom[n, 0] = 1
        for q in range(1, n + 1):
            binom[n, q] = binom[n - 1, q - 1] + binom[n - 1, q]
    idx = np.zeros(to_come, dtype=np.int64)  # ranks, non-decreasing
    dp = np.zeros(to_come + 1, dtype=np.int64)
    hole_rank = np.zeros(players, dtype=np.int64)
    for p in range(players):
        hole_rank[p] = hole_k[p] >> sig  # a hand's suit weights stay below the rank part (under 256)
    board_rank = board_k >> sig
    total = 0
    runs = np.zeros((max(to_come, 1), 2), dtype=np.int64)
    while True:
        ways, ksum, nruns = _multiset(idx, to_come, avail, binom, weight, sig, runs)
        if ways > 0:
            flushy = 0
            for s in range(4):
                need = 3 - board_suits[s]
                for j in range(to_come + 1):
                    dp[j] = 0
                dp[0] = 1
                for u in range(nruns):  # ways with j cards of suit s, rank by rank
                    rank, m = runs[u, 0], runs[u, 1]
                    h = has[rank, s]
                    with_s = binom[avail[rank] - 1, m - 1] if h else 0
                    without = binom[avail[rank] - h, m] if m <= avail[rank] - h else 0
                    for j in range(to_come, -1, -1):
                        dp[j] = dp[j] * without + (dp[j - 1] * with_s if j > 0 else 0)
                for j in range(need, to_come + 1):
                    flushy += dp[j]
            ways -= flushy
        if ways > 0:
            for p in range(players):
                key = (board_rank + hole_rank[p] + ksum) & 16777215
                values[p] = val7[(key + off7[(key >> shift) & 4095]) & 262143]
            _credit(values, ways, shares, out)
            total += ways
        if not _next_multiset(idx, to_come):
            break
    # 2. Three or more of suit s: each set of new s cards, then the other cards by rank multiset (no other suit
    #    can reach a flush beside three of s), counted as their assignments to the three other suits.
    nfree = 0
    for s in range(4):
        nfree += free[s]
    done_free = False
    suited = np.zeros(13, dtype=np.int64)
    avail_o = np.zeros(13, dtype=np.int64)
    for s in range(4):
        mult = 1
        if free[s]:
            if done_free:
                continue
            done_free = True
            mult = nfree
        ns = 0
        for rank in range(13):
            avail_o[rank] = avail[rank] - has[rank, s]
            if has[rank, s]:
                suited[ns] = rank
                ns += 1
        board_mask = (board_b >> (16 * s)) & 8191
        for j in range(3 - board_suits[s], min(to_come, ns) + 1):
            rest_count = to_come - j
            pick = np.zeros(j, dtype=np.int64)
            for q in range(j):
                pick[q] = q
            while True:
                mask = board_mask
                picked_rank = 0
                for q in range(j):
                    mask |= 1 << suited[pick[q]]
                    picked_rank += weight[4 * suited[pick[q]]] >> sig
                total += _flush_boards(
                    rest_count, avail_o, binom, board_rank + picked_rank, mask, s, hole_rank, hole_b, mult, shares,
                    weight, sig, shift, off7, val7, flush, values, out,
                )  # fmt: skip
                if _next_subset(pick, j, ns) < 0:
                    break
    return total


@njit
def _flush_boards(
    count: int, avail: Array, binom: Array, base_rank: int, mask: int, s: int, hole_rank: Array, hole_b: Array,
    mult: int, shares: Array, weight: Array, sig: int, shift: int, off7: Array, val7: Array, flush: Array,
    values: Array, out: Array,
) -> int:  # fmt: skip
    """The boards whose suit-``s`` cards are fixed (``mask``, rank part in ``base_rank``) and whose ``count``
    other cards come from the other suits (``avail`` of each rank): one valuation per rank multiset."""
    players = hole_rank.shape[0]
    idx = np.zeros(count, dtype=np.int64)
    runs = np.zeros((max(count, 1), 2), dtype=np.int64)
    total = 0
    while True:
        ways, key, _ = _multiset(idx, count, avail, binom, weight, sig, runs)
        ways *= mult
        key += base_rank
        if ways > 0:
            for p in range(players):
                own = (key + hole_rank[p]) & 16777215
                value = val7[(own + off7[(own >> shift) & 4095]) & 262143]
                suited = flush[(mask | (hole_b[p] >> (16 * s))) & 8191]  # 0 below five cards of s
                values[p] = suited if suited > value else value
            _credit(values, ways, shares, out)
            total += ways
        if not _next_multiset(idx, count):
            break
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
        if _next_subset(idx, size, n) < 0:
            break


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
            if top == 0:
                return -1
            j = np.random.randint(0, top)
            card = pool[j]
            top -= 1
            pool[j] = pool[top]
            pool[top] = card
            if not used & (np.int64(1) << card):
                out[i, q] = card
                q += 1
        # the pool stays a permutation of rest: the next deal starts from the whole of it again
    return rejected
