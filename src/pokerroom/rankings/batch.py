"""Batch evaluation: arrays of hands in, arrays of values out, for every ranking system.

>>> import numpy as np
>>> from pokerroom.cards import parse_cards
>>> hands = np.array([parse_cards("As Ks Qs Js Ts 2c 3d"), parse_cards("2c 2d 7h 9s Jc Qd 3h")])
>>> values = evaluate_batch(hands, "high")
>>> [find("high").evaluate(list(h)) for h in hands] == values.tolist()
True
>>> values.dtype.name
'int32'

* :func:`evaluate_batch`: ``cards`` is an int array of shape ``(N, k)``, ``k`` = 5 to 9 cards per hand (card
  ints ``rank * 4 + suit``); the result is ``(N,)`` values equal to the one-call
  :meth:`~pokerroom.rankings.Ranking.evaluate` of each row: larger is better, 0 = no hand (no qualifying low).
  int32 for every ranking but the suit-ranked ones (Telesina, 32-card draw: int64).  A ranking of fewer than five
  cards (:data:`~pokerroom.rankings.few.FEW_HIGH`, the research games') takes ``k`` = 1 to 4 instead, each row
  looked up by its ranks.
* :func:`evaluate_omaha_batch`: ``hole`` ``(N, h)`` with ``h`` = 2 to 6 and ``board`` ``(N, b)`` with ``b`` =
  3 to 5: the best hand of exactly two hole and three board cards (RULES G6), as
  :func:`~pokerroom.rankings.omaha_value` (not for the suit-ranked rankings).
* :func:`batch_pot_rule`: the array form of a pot-level rule (:attr:`pokerroom.games.Share.pot_keys`,
  Telesina's heads-up straight-flush rule): the keys of many pots at once, each the one-call rule's own.

Both evaluators are compiled with numba (:mod:`pokerroom.rankings.jit`; numba is imported on the first call, the
kernels compiled on first use for each ranking's table shapes and cached on disk); a batch of at least 65,536 rows
is cut into one block per core, run on threads at once (the kernels release the GIL).  Without numba they run as
plain Python, correct but slow. The input is checked unless ``check=False``: :class:`~pokerroom.errors.InvalidCard`
for an int outside 0..51 (always checked: the kernels index tables with it) or a card outside the ranking's deck,
:class:`~pokerroom.errors.DuplicateCard` for a card twice in one hand (hole and board together for Omaha),
:class:`~pokerroom.errors.PokerroomError` for a wrong shape; the error names the first bad hand.  The cards and
deck check of :func:`evaluate_batch` is made by the kernel as it reads each row (one pass over the cards), so on
such an error ``out`` may already hold values of other rows. With ``check=False`` a hand with repeated or off-deck
cards gives a meaningless value, never a crash."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations, combinations_with_replacement
from typing import TYPE_CHECKING, NoReturn

import numpy as np

from pokerroom.cards import format_card
from pokerroom.errors import DuplicateCard, InvalidCard, PokerroomError, UnsupportedRule
from pokerroom.rankings import TELESINA, Ranking, find, telesina_pot_keys
from pokerroom.rankings.batch_tables import BatchTables, CardsTables, Model, batch_tables, combos
from pokerroom.rankings.few import MAX_FEW_CARDS, FewCardRanking
from pokerroom.rankings.kernels import cards_rows, eval_rows, omaha_rows, row_errors, seven_rows, suited_rows
from pokerroom.rankings.model import Category

if TYPE_CHECKING:
    from concurrent.futures import ThreadPoolExecutor

__all__ = ["BatchPotRule", "as_card_array", "batch_pot_rule", "evaluate_batch", "evaluate_omaha_batch", "subsets"]


def _ranking(ranking: str | Ranking) -> Ranking:
    if isinstance(ranking, str):
        return find(ranking)
    if not isinstance(ranking, Ranking):
        raise PokerroomError(f"a ranking is an id such as 'high' or a Ranking, got {ranking!r}")
    return ranking


def as_card_array(cards: object, *, width: tuple[int, int], what: str = "hands") -> np.ndarray:
    """``cards`` as a C-contiguous uint8 ``(N, k)`` array, ``k`` within ``width``; a 1-D array is one hand.

    Raises :class:`~pokerroom.errors.PokerroomError` for another shape or a non-integer array and
    :class:`~pokerroom.errors.InvalidCard` for an int outside 0..51.
    """
    try:
        array = np.asarray(cards)
    except ValueError:  # ragged rows
        raise PokerroomError(f"{what} must be an (N, k) array of card ints: rows of one length") from None
    if array.ndim == 1:
        array = array.reshape(1, -1)
    low, high = width
    if array.ndim != 2 or not low <= array.shape[1] <= high:
        raise PokerroomError(f"{what} must be an (N, k) array of card ints with k = {low} to {high}, got shape "
                             f"{array.shape}")  # fmt: skip
    if array.size and array.dtype.kind not in "iu":
        raise PokerroomError(f"{what} must hold card ints (rank * 4 + suit), got dtype {array.dtype}")
    if array.size:
        low = 0 if array.dtype.kind == "u" else int(array.min())  # one pass for unsigned input
        high = int(array.max())
        if low < 0 or high > 51:
            raise InvalidCard(str(low if low < 0 else high), "a card int is rank * 4 + suit, in 0..51")
    return np.ascontiguousarray(array, dtype=np.uint8)


@cache
def _deck_mask(ranking: Ranking) -> int:
    """The 52-bit mask of the cards of ``ranking``'s deck (kept: every checked call reads it)."""
    return sum(1 << c for c in range(52) if c >> 2 in ranking.ordering.ranks)


def _check_rows(rows: np.ndarray, ranking: Ranking) -> None:
    bad = row_errors(rows, _deck_mask(ranking))
    if bad >= 0:
        _row_error(rows, bad, ranking)


def _row_error(rows: np.ndarray, bad: int, ranking: Ranking) -> NoReturn:
    """Raise the error of row ``bad``, which a kernel found to hold a card twice or off the ranking's deck."""
    seen: set[int] = set()
    for card in rows[bad].tolist():
        if card >> 2 not in ranking.ordering.ranks:
            raise InvalidCard(format_card(card), f"hand {bad}: the {ranking.id} deck has no card of that rank")
        if card in seen:
            raise DuplicateCard(format_card(card))
        seen.add(card)
    raise AssertionError(f"hand {bad} was reported bad and is not")  # the kernels and this loop disagree


def subsets(n: int) -> np.ndarray:
    """Every 5-card subset of ``n`` positions, int8 ``(C(n, 5), 5)`` (an empty ``(0, 5)`` below five)."""
    return combos(n) if n >= 5 else np.zeros((0, 5), dtype=np.int8)


def evaluate_batch(
    cards: object, ranking: str | Ranking = "high", *, check: bool = True, out: np.ndarray | None = None
) -> np.ndarray:
    """The value of every hand in ``cards`` (``(N, k)`` card ints, ``k`` = 5..9) under ``ranking``: ``(N,)`` ints.

    ``out``: an array to write the values into and return (``(N,)``, the dtype of the module docstring), so that
    repeated calls allocate nothing.  See the module docstring for the errors raised.
    """
    chosen = _ranking(ranking)
    few = chosen if isinstance(chosen, FewCardRanking) else None
    rows = as_card_array(cards, width=(5, 9) if few is None else (1, MAX_FEW_CARDS))
    n = rows.shape[1]
    if few is not None:
        if check:
            _check_rows(rows, chosen)
        out = _out_array(out, rows.shape[0], np.int32)
        ranks = -np.sort(-(rows >> 2).astype(np.int64), axis=1)  # each row's ranks, highest first
        out[:] = _few_values(few, n)[ranks @ 13 ** np.arange(n - 1, -1, -1)]
        return out
    t = batch_tables(chosen)
    if isinstance(t, BatchTables):
        out = _out_array(out, rows.shape[0], np.int32)
        _eval(rows, out, t, chosen, check)
        return out
    out = _out_array(out, rows.shape[0], np.int64)
    if check:
        _check_rows(rows, chosen)
    m = min(max(n, 6), 7)
    _split(
        cards_rows, (rows, out), t.mask_bits, t.ranks, t.counts, t.dominates, t.weight, t.suit5, t.where5, t.code5,
        getattr(t, f"suit{m}"), getattr(t, f"where{m}"), getattr(t, f"code{m}"), t.flush, t.place, t.highest, t.top,
        subsets(n),
    )  # fmt: skip
    return out


def _out_array(out: np.ndarray | None, rows: int, dtype: type[np.integer]) -> np.ndarray:
    """``out`` checked to hold ``rows`` values of ``dtype``, or a new array for them."""
    if out is None:
        return np.empty(rows, dtype=dtype)
    if out.shape != (rows,) or out.dtype != dtype or not out.flags.writeable:
        raise PokerroomError(f"out must be a writeable ({rows},) {np.dtype(dtype).name} array, got "
                             f"{out.shape} {out.dtype}")  # fmt: skip
    return out


@cache
def _few_values(ranking: FewCardRanking, k: int) -> np.ndarray:
    """The value of every ``k`` ranks under a ranking of fewer than five cards, int32 indexed by the ranks highest
    first as the digits of a base-13 number (``13**k`` entries, at most 28,561)."""
    table = np.zeros(13**k, dtype=np.int32)
    for ranks in combinations_with_replacement(range(12, -1, -1), k):
        index = 0
        for r in ranks:
            index = index * 13 + r
        table[index] = ranking.evaluate([4 * r for r in ranks])  # the value depends on the ranks alone
    return table


def _eval(rows: np.ndarray, out: np.ndarray, t: BatchTables, ranking: Ranking, check: bool) -> None:
    """The rows' values into ``out``; with ``check``, each row checked as the kernel reads it (one pass over the
    cards rather than two), the first bad one raised (``out`` then holds the values of some rows)."""
    if rows.shape[1] == 7:
        bad = _split(
            seven_rows, (rows, out), _deck_mask(ranking) if check else 0, t.model, t.sig_bits, t.shift, t.weight,
            t.bits, t.suit7, t.off7, t.val7, t.flush,
        )  # fmt: skip
        if bad >= 0:
            _row_error(rows, bad, ranking)
        if t.model in (Model.FOUR_FLUSH, Model.FLUSH_EVERY_FIVE):  # the rows left at -1
            _split(
                suited_rows, (rows, out), t.model, t.sig_bits, t.shift, t.weight, t.bits, t.suit5, t.suit7, t.off5,
                t.val5, t.off7, t.val7, t.flush, t.four, t.high_bit, subsets(7),
            )  # fmt: skip
        return
    bad = _split(
        eval_rows, (rows, out), _deck_mask(ranking) if check else 0, t.model, t.sig_bits, t.shift, t.weight, t.bits,
        t.suit5, t.suit6, t.suit7, t.off5, t.val5, t.off6, t.val6, t.off7, t.val7, t.flush, t.four, t.high_bit,
        subsets(rows.shape[1]),
    )  # fmt: skip
    if bad >= 0:
        _row_error(rows, bad, ranking)


PARALLEL_ROWS = 1 << 15
"""Rows each block holds at least: a smaller batch runs on the calling thread alone (a hand-off costs about as
much as evaluating a few thousand hands)."""

BLOCKS_PER_CORE = 4
"""Blocks per core of a large batch: enough that a core another process slows takes fewer of them."""

_POOL: dict[int, ThreadPoolExecutor] = {}
"""The worker threads, by process id: a forked child has none of its parent's threads, so it makes its own."""


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def _split(kernel: Callable[..., int | None], sliced: tuple[np.ndarray, ...], *args: object) -> int:
    """``kernel(*sliced, *args)`` with the arrays of ``sliced`` (the input rows and ``out``, the same length) cut
    into blocks of rows that every core takes in turn, the calling thread too (a core slowed by another process
    takes fewer): the compiled kernels release the GIL (:mod:`pokerroom.rankings.jit`) and write disjoint slices
    of ``out``, so the blocks need no locking.  Fewer than ``2 * PARALLEL_ROWS`` rows, or one core: the calling
    thread alone.  Returns the first row (of the whole batch) a kernel returned as bad, or -1."""
    n = sliced[0].shape[0]
    cores = _cores()
    blocks = min(BLOCKS_PER_CORE * cores, n // PARALLEL_ROWS)
    if cores < 2 or blocks < 2:
        alone = kernel(*sliced, *args)
        return -1 if alone is None else int(alone)
    pool = _POOL.get(os.getpid())
    if pool is None:
        from concurrent.futures import ThreadPoolExecutor  # here: its import (logging) is not for every user

        _POOL.clear()
        pool = _POOL[os.getpid()] = ThreadPoolExecutor(max_workers=cores - 1, thread_name_prefix="pokerroom-batch")
    cuts = [n * i // blocks for i in range(blocks + 1)]
    found: list[int | None] = [None] * blocks
    turn = iter(range(blocks))  # next() on a range iterator is atomic under the GIL: each block is taken once

    def drain() -> None:
        for i in turn:
            found[i] = kernel(*(x[cuts[i] : cuts[i + 1]] for x in sliced), *args)

    helpers = [pool.submit(drain) for _ in range(min(cores, blocks) - 1)]
    drain()
    for helper in helpers:
        helper.result()
    bad = [start + int(row) for start, row in zip(cuts[:-1], found, strict=True) if row is not None and row >= 0]
    return min(bad, default=-1)


def _pairs_triples(h: int, b: int) -> tuple[np.ndarray, np.ndarray]:
    pairs = np.array(list(combinations(range(h), 2)), dtype=np.int8).reshape(-1, 2)
    triples = np.array(list(combinations(range(b), 3)), dtype=np.int8).reshape(-1, 3)
    return pairs, triples


def evaluate_omaha_batch(
    hole: object, board: object, ranking: str | Ranking = "high", *, check: bool = True
) -> np.ndarray:
    """The best two-plus-three hand of each row (``hole`` ``(N, 2..6)``, ``board`` ``(N, 3..5)``): ``(N,)`` int32.

    Raises :class:`~pokerroom.errors.UnsupportedRule` for a suit-ranked ranking, and the errors of the module
    docstring (also for hole and board row counts that differ).
    """
    chosen = _ranking(ranking)
    holes = as_card_array(hole, width=(2, 6), what="hole cards")
    boards = as_card_array(board, width=(3, 5), what="boards")
    if holes.shape[0] != boards.shape[0]:
        raise PokerroomError(f"hole cards and boards must have the same number of rows, got {holes.shape[0]} and "
                             f"{boards.shape[0]}")  # fmt: skip
    t = batch_tables(chosen)
    if isinstance(t, CardsTables):
        raise UnsupportedRule(f"Omaha's two-plus-three hands under {chosen.id}: suit-ranked rankings are not "
                              "played with a board")  # fmt: skip
    if check:
        _check_rows(np.ascontiguousarray(np.concatenate([holes, boards], axis=1)), chosen)
    out = np.zeros(holes.shape[0], dtype=np.int32)
    pairs, triples = _pairs_triples(holes.shape[1], boards.shape[1])
    _split(
        omaha_rows, (holes, boards, out), t.sig_bits, t.shift, t.weight, t.bits, t.suit5, t.off5, t.val5, t.flush,
        t.four, t.high_bit, pairs, triples,
    )  # fmt: skip
    return out


PotRule = Callable[[Sequence[int]], Sequence[int]]
"""A pot-level rule: the values of the hands contesting one pot in, the keys that decide it out."""


@dataclass(frozen=True, eq=False)
class BatchPotRule:
    """The array form of a pot-level rule that changes only heads-up pots between a few special hands.

    ``special``: int64 ``(S,)``, sorted: the values the rule can touch; ``keys``: int64 ``(S, S, 2)``, the
    one-call rule's keys for every heads-up pot between two of them (computed by calling that rule, so the rule
    itself is written once).  Any other pot (more or fewer than two hands, or a hand outside ``special``) keeps
    its values as keys.
    """

    special: np.ndarray
    keys: np.ndarray

    def __call__(self, values: np.ndarray) -> np.ndarray:
        """The keys of ``values`` (int ``(N, n)``: each row the values of the ``n`` hands contesting one pot),
        as ``(N, n)`` int64; equal to the one-call rule row by row."""
        values = np.asarray(values, dtype=np.int64)
        if values.ndim != 2 or values.shape[1] != 2 or not self.special.size:
            return values
        at = np.minimum(np.searchsorted(self.special, values), self.special.size - 1)
        both = (self.special[at] == values).all(axis=1)
        if not both.any():
            return values
        rows = np.flatnonzero(both)
        keys = values.copy()
        keys[rows] = self.keys[at[rows, 0], at[rows, 1]]
        return keys


def _straight_flushes(ranking: Ranking) -> np.ndarray:
    """The values of every straight flush the ranking's deck holds, sorted (five cards of one suit at a time)."""
    five = ranking.five_evaluator()
    ranks = sorted(ranking.ordering.ranks)
    found = set()
    for suit in range(4):
        for hand in combinations([4 * r + suit for r in ranks], 5):
            value = five(hand)
            if value and ranking.category(value) is Category.STRAIGHT_FLUSH:
                found.add(value)
    return np.array(sorted(found), dtype=np.int64)


@cache
def _heads_up_table(rule: PotRule, ranking: Ranking) -> BatchPotRule:
    special = _straight_flushes(ranking)
    keys = np.array([[list(rule([int(a), int(b)])) for b in special] for a in special], dtype=np.int64)
    return BatchPotRule(special, keys.reshape(special.size, special.size, 2))


_ARRAY_FORMS: dict[PotRule, Callable[[], BatchPotRule]] = {
    # RULES G14, A-G14-2: only a heads-up pot between two straight flushes can go another way.
    telesina_pot_keys: lambda: _heads_up_table(telesina_pot_keys, TELESINA),
}


def batch_pot_rule(rule: PotRule) -> BatchPotRule:
    """The array form of the pot-level rule ``rule`` (built on the first call, then kept).

    Raises :class:`~pokerroom.errors.UnsupportedRule` naming a rule that has no array form here.
    """
    build = _ARRAY_FORMS.get(rule)
    if build is None:
        name = getattr(rule, "__qualname__", repr(rule))
        known = ", ".join(getattr(r, "__qualname__", repr(r)) for r in _ARRAY_FORMS)
        raise UnsupportedRule(f"the pot rule {name} has no array form for batch settling; known: {known}")
    return build()
