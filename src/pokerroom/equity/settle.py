"""Settling dealt hands: values for every player, pot shares as the engine pays them, running totals.

Shares are counted in integer units of the pot (``2 * lcm(1..players)``, so every split of either half is whole)
to keep exact results exact.  Per player the totals hold: deals won alone (the whole pot; a scoop in hi/lo), deals
with a smaller share, scoops, high only (the whole high half, no low), low only, split (any other part share),
the pot units won, and the sum of squared units for Monte Carlo's variance.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np

from pokerroom.equity.games import EquityGame
from pokerroom.equity.inputs import Player
from pokerroom.games import Selection

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
    cards in order) under each of the game's shares and add the pot shares to ``totals``.  ``matchup[p]``: player
    ``p``'s known cards, one row for every deal or ``(rows, width)`` per deal."""
    from pokerroom.rankings.batch import evaluate_batch, evaluate_omaha_batch  # not for a single hold'em matchup

    rows = deal.shape[0]
    known = np.broadcast_to(np.array(board, dtype=np.int64), (rows, len(board)))
    boards = np.concatenate([known, deal[:, :to_come]], axis=1)
    col = to_come
    values = [np.zeros((rows, len(players)), dtype=np.int64) for _ in g.shares]
    for p, player in enumerate(players):
        own = matchup[p]
        mine = np.broadcast_to(own, (rows, own.shape[-1])) if own.ndim == 1 else own
        hand = np.concatenate([mine, deal[:, col : col + player.missing]], axis=1)
        col += player.missing
        full: np.ndarray | None = None
        for k, part in enumerate(g.shares):
            if part.selection is Selection.OMAHA:
                values[k][:, p] = evaluate_omaha_batch(hand, boards, part.ranking, check=False)
            else:
                if full is None:
                    full = np.concatenate([hand, boards], axis=1) if g.board else hand
                values[k][:, p] = evaluate_batch(full, part.ranking, check=False)
    keys = [v if rule is None else rule(v) for v, rule in zip(values, g.pot_rules, strict=True)]
    share(values, totals, keys)


def share(values: Sequence[np.ndarray], totals: Totals, keys: Sequence[np.ndarray] | None = None) -> None:
    """Pay each row into ``totals`` as the engine pays one pot contested by every player (RULES §2.2, §2.4).

    ``values``: per share, int ``[rows, players]`` (0 = no qualifying hand: no part in that share); ``keys``:
    per share, what decides it (a pot-level rule's keys, RULES G14), by default the values.  Each share with a
    qualifying hand gets an equal part of the pot (hi/lo: half each; no low, the high takes it all), split
    equally among the best keys of the qualifying hands.
    """
    pot = totals.units
    keys = values if keys is None else keys
    wins: list[np.ndarray] = []
    counts: list[np.ndarray] = []
    qualified: list[np.ndarray] = []
    for value, key in zip(values, keys, strict=True):
        if key is value:
            best = value.max(axis=1, keepdims=True)
            some = best > 0
        else:  # only qualifying hands take part in a pot rule's comparison
            some = value.max(axis=1, keepdims=True) > 0
            key = np.where(value > 0, key, np.iinfo(np.int64).min)
            best = key.max(axis=1, keepdims=True)
        win = key == best
        counts.append(win.sum(axis=1, keepdims=True))  # at least 1: the best is somebody's
        if not some.all():
            win &= some  # a row where nobody qualifies pays nothing from this share
        wins.append(win)
        qualified.append(some)
    if len(values) == 1:
        won = wins[0] * (pot // counts[0])
    else:
        parts = np.maximum(qualified[0].astype(np.int64) + qualified[1], 1)
        won = wins[0] * (pot // parts // counts[0]) + wins[1] * (pot // parts // counts[1])
    win_all = won == pot
    tie = (won > 0) & ~win_all
    sums = totals.sums
    sums[:, 0] += win_all.sum(axis=0)
    sums[:, 1] += tie.sum(axis=0)
    if len(values) == 2:
        hi_win, lo_win = wins
        has_low = qualified[1]
        high_only = has_low & hi_win & (counts[0] == 1) & ~lo_win
        low_only = has_low & lo_win & ~hi_win & (counts[1] == 1)
        sums[:, 2] += win_all.sum(axis=0)
        sums[:, 3] += high_only.sum(axis=0)
        sums[:, 4] += low_only.sum(axis=0)
        sums[:, 5] += (tie & ~high_only & ~low_only).sum(axis=0)
    sums[:, 6] += won.sum(axis=0)
    totals.squares += (won.astype(np.float64) ** 2).sum(axis=0)
    totals.count += won.shape[0]
