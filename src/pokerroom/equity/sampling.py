"""Monte Carlo: seeded random deals, chunk by chunk, and an honest 95 % interval.

Chunk ``c`` of a run draws from its own seed, ``SeedSequence(seed, spawn_key=(c,))`` (the ``c``-th child of the
run's seed, made when needed), so the same seed gives the same deals and results.  The interval is the wider of
the normal one (1.96 standard errors of the per-deal share) and Wilson's score interval for the mean share (a
share lies in 0..1, so its variance is at most p(1 - p)): near 0 or 1, or with few samples, the normal interval
alone claims too much.
"""

from __future__ import annotations

import math

import numpy as np

from pokerroom.equity.games import EquityGame
from pokerroom.equity.inputs import Player
from pokerroom.equity.settle import CHUNK, Progress, Totals, settle, units
from pokerroom.errors import PokerroomError

__all__ = ["CHUNK", "Z95", "interval", "sample"]

Z95 = 1.96


def interval(mean: float, squares_mean: float, n: int) -> tuple[float, float]:
    """The 95 % interval ``(low, high)`` of a mean share from ``n`` deals (``squares_mean``: mean squared share)."""
    if n <= 0:
        return 0.0, 1.0
    var = max(squares_mean - mean * mean, 0.0)
    half = Z95 * math.sqrt(var / n)
    z2 = Z95 * Z95
    centre = (mean + z2 / (2 * n)) / (1 + z2 / n)
    spread = Z95 * math.sqrt(mean * (1 - mean) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, min(mean - half, centre - spread)), min(1.0, max(mean + half, centre + spread))


def sample(
    g: EquityGame,
    players: list[Player],
    board: list[int],
    rest: np.ndarray,
    to_come: int,
    samples: int,
    seed: int,
    progress: Progress | None,
) -> Totals:
    """``samples`` random deals settled: each player's combo drawn from its range (conflicts redrawn, so every
    compatible matchup is equally likely), then the board to come and the players' missing cards."""
    from pokerroom.equity.kernels import random_deals  # compiled: loaded by the runs that need it

    totals = Totals(len(players), units(len(players)))
    width = max(max(p.combos.shape[1] for p in players), 1)
    combos = np.full((sum(p.combos.shape[0] for p in players), width), -1, dtype=np.int64)
    starts = np.zeros(len(players), dtype=np.int64)
    at = 0
    for p, player in enumerate(players):
        starts[p] = at
        combos[at : at + player.combos.shape[0], : player.combos.shape[1]] = player.combos
        at += player.combos.shape[0]
    sizes = np.array([p.combos.shape[0] for p in players], dtype=np.int64)
    need = to_come + sum(p.missing for p in players)
    chunks = (samples + CHUNK - 1) // CHUNK
    for c in range(chunks):
        rows = min(CHUNK, samples - c * CHUNK)
        deal = np.zeros((rows, need), dtype=np.int64)
        picked = np.zeros((rows, len(players)), dtype=np.int64)
        child = np.random.SeedSequence(seed, spawn_key=(c,))
        chunk_seed = int(child.generate_state(1)[0] % (2**31))
        if random_deals(chunk_seed, rest, combos, starts, sizes, need, deal, picked) < 0:
            raise PokerroomError("the ranges hardly ever fit together: 10,000 draws in a row shared a card")
        matchup = tuple(player.combos[picked[:, p] - starts[p]] for p, player in enumerate(players))
        settle(g, players, matchup, board, deal, to_come, totals)
        if progress is not None:
            progress(c + 1, chunks)
    return totals
