"""Exact enumeration: every compatible matchup of the players' combos, every way the rest can be dealt.

Hold'em shapes (two hole cards, five on the board, one share valued by a flush or suitless ranking: hold'em,
club hold'em, short deck) with every player's hole cards known walk the boards by suit symmetry
(:func:`board_totals`): NumPy (:mod:`pokerroom.equity.board`, no compiler: a single matchup, about 4 ms for a
heads-up preflop) or the compiled kernel :func:`~pokerroom.equity.kernels.board_exact` (many matchups, or numba
already loaded: :func:`compiled_board`); both give the same integers.  The rest (Omaha, stud, Telesina, draw,
players with cards to come) deals every outcome in chunks of rows and settles them with the batch evaluators.
:func:`cost` estimates the work so that ``method="auto"`` can choose, and ``method="exact"`` refuses what would run
for hours.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from itertools import product
from math import comb

import numpy as np

from pokerroom.equity.board import board_exact_numpy
from pokerroom.equity.games import EquityGame
from pokerroom.equity.inputs import Player
from pokerroom.equity.settle import CHUNK, Progress, Totals, settle, units
from pokerroom.errors import PokerroomError
from pokerroom.rankings.batch_tables import BatchTables, Model, batch_tables
from pokerroom.rankings.jit import HAVE_NUMBA, numba_loaded

__all__ = ["CHUNK", "EXACT_CAP", "board_totals", "compiled_board", "cost", "enumerate_all", "fast_path"]

EXACT_CAP = 6 * 10**11
"""The most work (see :func:`cost`) ``method="exact"`` takes on: about ten minutes here."""


def fast_path(g: EquityGame, players: list[Player]) -> bool:
    """Whether :func:`~pokerroom.equity.kernels.board_exact` serves this game and these players."""
    if len(g.shares) != 1 or g.pot_rules[0] is not None or g.omaha or g.board != 5 or g.hole != 2:
        return False
    t = batch_tables(g.shares[0].ranking)
    suits = isinstance(t, BatchTables) and t.model in (Model.FLUSH, Model.IGNORE)  # only flushes, or no suits
    return suits and all(p.missing == 0 for p in players)


NUMBA_LOAD_SECONDS = 0.3
"""Importing numba and loading the cached board kernel, measured here."""


def compiled_board(matchups: int, boards: int) -> bool:
    """Whether a board walk of ``matchups`` matchups of ``boards`` boards each takes the compiled kernel rather
    than NumPy: numba installed, and the kernel's estimated time, loading numba first if this process has not, is
    below NumPy's.  Measured here: NumPy 0.25 ms a matchup plus 2.3 ns a board (a heads-up preflop: 4 ms), the
    kernel 0.02 ms plus 2.4 ns (4 ms; a flop: 0.04 ms against 0.26 ms)."""
    numpy_seconds = matchups * (2.5e-4 + boards * 2.3e-9)
    compiled_seconds = matchups * (2e-5 + boards * 2.4e-9) + (0.0 if numba_loaded() else NUMBA_LOAD_SECONDS)
    return HAVE_NUMBA and compiled_seconds < numpy_seconds


def deals_per_matchup(left: int, to_come: int, missing: list[int]) -> int:
    """Ways to deal the board to come and each player's missing cards from ``left`` cards."""
    total = comb(left, to_come)
    left -= to_come
    for size in missing:
        total *= comb(left, size)
        left -= size
    return total


def cost(g: EquityGame, players: list[Player], left: int, to_come: int) -> int:
    """Work units of an exact run (about a nanosecond each here).  The chunked path: deals times players, times
    the two-plus-three hands of Omaha (60 with four hole cards, 100 with five), times 150 (numpy per row), plus
    0.1 ms for each chunk it walks to; the board walk (compiled or NumPy): deals times (players + 2) plus 0.1 ms
    per matchup (a heads-up preflop: 4 to 7 ms)."""
    matchups = math.prod(int(p.combos.shape[0]) for p in players)
    held = max(p.combos.shape[1] for p in players) * len(players)
    groups = [to_come, *(p.missing for p in players)]
    count = deals_per_matchup(left - held, to_come, groups[1:])
    if fast_path(g, players):  # the board walk values rank multisets, not boards: measured, about this
        return int(matchups * (count * (len(players) + 2) + 100_000))
    inner = max(comb(left - held, size) for size in groups)
    fives = comb(g.hole, 2) * comb(g.board, 3) if g.omaha else 1  # Omaha: every two-plus-three hand
    return int(matchups * (count * len(players) * fives * 150 + count // inner * 100_000))


def _matchups(players: list[Player]) -> Iterator[tuple[np.ndarray, ...]]:
    for pick in product(*(range(p.combos.shape[0]) for p in players)):
        rows = tuple(p.combos[i] for p, i in zip(players, pick, strict=True))
        cards = [int(c) for row in rows for c in row]
        if len(set(cards)) == len(cards):
            yield rows


def enumerate_all(
    g: EquityGame,
    players: list[Player],
    board: list[int],
    dead: list[int],
    rest: np.ndarray,
    to_come: int,
    progress: Progress | None,
) -> tuple[Totals, int]:
    """Every deal of every compatible matchup settled: ``(totals, matchups)``.

    Raises :class:`~pokerroom.errors.PokerroomError` when no matchup is compatible.
    """
    totals = Totals(len(players), units(len(players)))
    fast = fast_path(g, players)
    bound = math.prod(p.combos.shape[0] for p in players)
    held = sum(p.combos.shape[1] for p in players)
    per = deals_per_matchup(len(rest) - held, to_come, [p.missing for p in players])
    compiled = fast and compiled_board(bound, per)
    matchups = 0
    for matchup in _matchups(players):
        matchups += 1
        used = {int(c) for row in matchup for c in row}
        left = np.array([c for c in rest.tolist() if c not in used], dtype=np.int64)
        if fast:
            _board(g, matchup, board, dead, left, to_come, totals, compiled)
        else:
            for deal in deals(left, [to_come, *(p.missing for p in players)]):
                settle(g, players, matchup, board, deal, to_come, totals)
                if progress is not None:
                    progress(totals.count, bound * per)
        if progress is not None:
            progress(matchups * per, bound * per)
    if not matchups:
        raise PokerroomError("the ranges cannot all be dealt together: every matchup shares a card")
    return totals, matchups


def board_totals(
    g: EquityGame, matchup: tuple[np.ndarray, ...], board: list[int], dead: list[int], left: np.ndarray,
    to_come: int, units: int, *, compiled: bool,
) -> tuple[int, np.ndarray]:  # fmt: skip
    """Every board of one matchup (:func:`fast_path` games): ``(boards, out)``, ``out`` int64 ``[players, 3]``
    holding each player's wins, ties and pot units (in 1/``units``).  ``compiled``: the numba kernel
    (:func:`~pokerroom.equity.kernels.board_exact`) rather than NumPy
    (:func:`~pokerroom.equity.board.board_exact_numpy`); both give the same integers."""
    t = batch_tables(g.shares[0].ranking)
    assert isinstance(t, BatchTables)  # fast_path checked it
    hole_k = np.array([int(t.weight[row].sum()) for row in matchup], dtype=np.int64)
    hole_b = np.array([int(np.bitwise_or.reduce(t.bits[row])) for row in matchup], dtype=np.int64)
    board_k = int(t.weight[board].sum()) if board else 0
    board_b = int(np.bitwise_or.reduce(t.bits[board])) if board else 0
    known = set(board) | set(dead) | {int(c) for row in matchup for c in row}
    free = np.array([int(all(c & 3 != s for c in known)) for s in range(4)], dtype=np.int64)
    board_suits = np.array([sum(1 for c in board if c & 3 == s) for s in range(4)], dtype=np.int64)
    out = np.zeros((len(matchup), 3), dtype=np.int64)
    if compiled:
        from pokerroom.equity.kernels import board_exact  # compiled kernels: imported by the runs that need them

        counted = board_exact(
            left, to_come, board_k, board_b, board_suits, hole_k, hole_b, free, units, t.weight, t.bits,
            t.sig_bits, t.shift, t.suit7, t.off7, t.val7, t.flush, out,
        )  # fmt: skip
    else:
        counted = board_exact_numpy(left, to_come, board_k, board_b, board_suits, hole_k, hole_b, free, units, t,
                                    out)  # fmt: skip
    return int(counted), out


def _board(
    g: EquityGame, matchup: tuple[np.ndarray, ...], board: list[int], dead: list[int], left: np.ndarray,
    to_come: int, totals: Totals, compiled: bool,
) -> None:  # fmt: skip
    counted, out = board_totals(g, matchup, board, dead, left, to_come, totals.units, compiled=compiled)
    totals.count += counted
    totals.sums[:, 0] += out[:, 0]
    totals.sums[:, 1] += out[:, 1]
    totals.sums[:, 6] += out[:, 2]


_COMBOS: dict[tuple[int, int], np.ndarray] = {}


def _combos(n: int, size: int) -> np.ndarray:
    """Every ``size``-subset of ``range(n)``, int16 ``[C(n, size), size]`` (kept for the next call)."""
    table = _COMBOS.get((n, size))
    if table is None:
        table = np.zeros((comb(n, size), size), dtype=np.int16)
        if size:
            from pokerroom.equity.kernels import combinations_table

            combinations_table(n, size, table)
        if table.nbytes < 1 << 26:
            _COMBOS[n, size] = table
    return table


def deals(left: np.ndarray, groups: list[int]) -> Iterator[np.ndarray]:
    """Every deal of ``groups`` (sizes, in order) from ``left`` as int64 rows, columns group after group.

    The group with the most combinations is the innermost, taken whole by numpy; the others are walked.
    """
    live = [i for i, size in enumerate(groups) if size]
    if not live:
        yield np.zeros((1, 0), dtype=np.int64)
        return
    inner = max(live, key=lambda i: comb(len(left), groups[i]))
    outer = [i for i in live if i != inner]
    starts = {i: sum(groups[:i]) for i in live}
    width = sum(groups)

    def walk(pool: np.ndarray, depth: int, fixed: dict[int, np.ndarray]) -> Iterator[np.ndarray]:
        if depth == len(outer):
            table = _combos(len(pool), groups[inner])
            for start in range(0, len(table), CHUNK):
                part = pool[table[start : start + CHUNK]]
                rows = np.empty((len(part), width), dtype=np.int64)
                rows[:, starts[inner] : starts[inner] + groups[inner]] = part
                for i, cards in fixed.items():
                    rows[:, starts[i] : starts[i] + groups[i]] = cards
                yield rows
            return
        group = outer[depth]
        for pick in _combos(len(pool), groups[group]):
            keep = np.ones(len(pool), dtype=bool)
            keep[pick] = False
            yield from walk(pool[keep], depth + 1, {**fixed, group: pool[pick]})

    yield from walk(left, 0, {})
