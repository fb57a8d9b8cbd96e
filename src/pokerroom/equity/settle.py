"""Settling dealt hands: values for every player, pot shares as the engine pays them, running totals.

Shares are counted in integer units of the pot (``2 * lcm(1..players)``, so every split of either half is whole)
to keep exact results exact.  Per player the totals hold: deals won alone (the whole pot; a scoop in hi/lo), deals
with a smaller share, scoops, high only (the whole high half, no low), low only, split (any other part share),
the pot units won, and the sum of squared units for Monte Carlo's variance.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from pokerroom.equity.games import EquityGame
from pokerroom.equity.inputs import Player
from pokerroom.rankings.batch import evaluate_batch, evaluate_omaha_batch

__all__ = ["CHUNK", "Progress", "Totals", "settle", "share", "units"]

CHUNK = 1 << 16
"""Deals settled at once (exact chunks and Monte Carlo batches)."""

Progress = Callable[[int, int], None]
"""``progress(done, total)``, called as the work goes on."""


def units(players: int) -> int:
    """The pot in units: every share of a half split among up to ``players`` is a whole number of them."""
    return 2 * math.lcm(*range(1, players + 1))


@dataclass
class Totals:
    """Running totals: ``sums`` int64 ``[players, 7]`` (win, tie, scoop, high only, low only, split, units won),
    ``squares`` (sum of squared units per player), ``count`` deals (with their weights)."""

    players: int
    units: int
    count: int = 0
    sums: np.ndarray = field(init=False)
    squares: np.ndarray = field(init=False)

    def __post_init__(self) -> None:
        self.sums = np.zeros((self.players, 7), dtype=np.int64)
        self.squares = np.zeros(self.players, dtype=np.float64)


def settle(
    g: EquityGame,
    players: list[Player],
    matchup: tuple[np.ndarray, ...],
    board: list[int],
    deal: np.ndarray,
    to_come: int,
    totals: Totals,
) -> None:
    """Value every player's hand in each row of ``deal`` (columns: the board to come, then each player's missing
    cards in order) and add the shares to ``totals``.  ``matchup[p]``: player ``p``'s known cards, one row for
    every deal or ``(rows, width)`` per deal."""
    rows = deal.shape[0]
    known = np.broadcast_to(np.array(board, dtype=np.int64), (rows, len(board)))
    boards = np.concatenate([known, deal[:, :to_come]], axis=1)
    col = to_come
    high = np.zeros((rows, len(players)), dtype=np.int64)
    low_ranking = g.low
    low = np.zeros((rows, len(players)), dtype=np.int64) if low_ranking is not None else None
    for p, player in enumerate(players):
        own = matchup[p]
        mine = np.broadcast_to(own, (rows, own.shape[-1])) if own.ndim == 1 else own
        hand = np.concatenate([mine, deal[:, col : col + player.missing]], axis=1)
        col += player.missing
        if g.omaha:
            high[:, p] = evaluate_omaha_batch(hand, boards, g.high, check=False)
            if low is not None and low_ranking is not None:
                low[:, p] = evaluate_omaha_batch(hand, boards, low_ranking, check=False)
        else:
            full = np.concatenate([hand, boards], axis=1) if g.board else hand
            high[:, p] = evaluate_batch(full, g.high, check=False)
            if low is not None and low_ranking is not None:
                low[:, p] = evaluate_batch(full, low_ranking, check=False)
    share(high, low, totals)


def share(high: np.ndarray, low: np.ndarray | None, totals: Totals) -> None:
    """Pay each row (values ``[rows, players]``; ``low`` 0 = no qualifying low) into ``totals`` (RULES §2.2)."""
    pot = totals.units
    hi_win = high == high.max(axis=1, keepdims=True)
    hi_count = hi_win.sum(axis=1, keepdims=True)
    if low is None:
        won = hi_win * (pot // hi_count)
        has_low = np.zeros((high.shape[0], 1), dtype=bool)
        lo_win = np.zeros_like(hi_win)
    else:
        best_low = low.max(axis=1, keepdims=True)
        has_low = best_low > 0
        lo_win = (low == best_low) & has_low
        lo_count = np.maximum(lo_win.sum(axis=1, keepdims=True), 1)
        halves = hi_win * (pot // 2 // hi_count) + lo_win * (pot // 2 // lo_count)
        won = np.where(has_low, halves, hi_win * (pot // hi_count))
    win = won == pot
    tie = (won > 0) & ~win
    sums = totals.sums
    sums[:, 0] += win.sum(axis=0)
    sums[:, 1] += tie.sum(axis=0)
    if low is not None:
        high_only = has_low & hi_win & (hi_count == 1) & ~lo_win
        low_only = has_low & lo_win & ~hi_win & (lo_win.sum(axis=1, keepdims=True) == 1)
        sums[:, 2] += win.sum(axis=0)
        sums[:, 3] += high_only.sum(axis=0)
        sums[:, 4] += low_only.sum(axis=0)
        sums[:, 5] += (tie & ~high_only & ~low_only).sum(axis=0)
    sums[:, 6] += won.sum(axis=0)
    totals.squares += (won.astype(np.float64) ** 2).sum(axis=0)
    totals.count += high.shape[0]
