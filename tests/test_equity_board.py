"""Exact hold'em boards: the NumPy enumeration (a single matchup, no compiler) gives the compiled kernel's integers.

Random matchups of 2 to 6 players in hold'em and short deck, with 0 to 5 board cards and dead cards, plus drawn
shapes that reach every branch: suited hands sharing suits, two or three of a suit on the board (the walk),
pairs against pairs of the same ranks (ties), a full board.  Each compares wins, ties, pot units and the board
count of :func:`pokerroom.equity.exact.board_totals` with ``compiled=False`` against ``compiled=True``.
"""

from __future__ import annotations

import os
import subprocess
import sys
from math import comb

import numpy as np
import pytest

from pokerroom.cards import parse_cards
from pokerroom.equity.exact import board_totals
from pokerroom.equity.games import find
from pokerroom.equity.settle import units
from soak import count

CASES = count(2_000)


def _compare(game: str, hands: list[list[int]], board: list[int], dead: list[int]) -> None:
    g = find(game)
    used = {c for h in hands for c in h} | set(board) | set(dead)
    left = np.array([c for c in g.deck if c not in used], dtype=np.int64)
    matchup = tuple(np.array(h, dtype=np.int64) for h in hands)
    to_come = 5 - len(board)
    pot = units(len(hands))
    numpy_count, numpy_out = board_totals(g, matchup, board, dead, left, to_come, pot, compiled=False)
    jit_count, jit_out = board_totals(g, matchup, board, dead, left, to_come, pot, compiled=True)
    where = f"{game} {hands} board {board} dead {dead}"
    assert numpy_count == jit_count == comb(len(left), to_come), where
    assert np.array_equal(numpy_out, jit_out), where


Deal = tuple[list[list[int]], list[int], list[int]]


def _deal(rng: np.random.Generator, deck: list[int], players: int, board: int, dead: int) -> Deal:
    cards = [int(c) for c in rng.permutation(deck)[: 2 * players + board + dead]]
    hands = [cards[2 * p : 2 * p + 2] for p in range(players)]
    return hands, cards[2 * players : 2 * players + board], cards[2 * players + board :]


def test_random_matchups_equal_the_compiled_kernel() -> None:
    rng = np.random.default_rng(24)
    for i in range(CASES):
        game = "short-deck" if i % 4 == 3 else "holdem"
        deck = list(find(game).deck)
        players = int(rng.choice([2, 2, 2, 3, 4, 6]))
        board = int(rng.choice([0, 3, 3, 4, 4, 5, 1, 2])) if i % 10 else 0  # every tenth a preflop
        dead = int(rng.choice([0, 0, 1, 4]))
        _compare(game, *_deal(rng, deck, players, board, dead))


def test_suits_shared_and_flush_boards_equal_the_compiled_kernel() -> None:
    """Suited hands in one suit, boards with two or three of it, and pairs split by suit (ties)."""
    rng = np.random.default_rng(7)
    for i in range(count(500)):
        game = "short-deck" if i % 3 == 2 else "holdem"
        deck = list(find(game).deck)
        suit = int(rng.integers(4))
        same = [c for c in rng.permutation(deck) if c & 3 == suit]
        other = [c for c in rng.permutation(deck) if c & 3 != suit]
        players = int(rng.choice([2, 2, 3]))
        hands = [[int(same[2 * p]), int(same[2 * p + 1])] if p < 2 else [int(other[0]), int(other[1])]
                 for p in range(players)]  # fmt: skip
        on_board = int(rng.integers(0, 4))
        others = int(rng.integers(0, 5 - on_board))
        board = [int(c) for c in same[4 : 4 + on_board]] + [int(c) for c in other[2 : 2 + others]]
        _compare(game, hands, board, [])


@pytest.mark.parametrize(
    ("hands", "board"),
    [
        (["AhKh", "QsQd"], ""),
        (["AsKs", "AdKd"], ""),  # the same ranks: most boards tie
        (["AsKs", "AdKd", "AcKc", "AhKh"], ""),  # every suit used: no free suit
        (["7c2d", "7d2c"], "7h 2h"),
        (["AhKh", "QhJh"], "Th 9h 2h"),  # three hearts out: every board walked
        (["AhKh", "QhJh"], "Th 9h 2h 3c 4d"),  # nothing to come
        (["AsKs", "QsJs"], "9s 8s"),
        (["2c3d", "4h5s", "6c7d", "8h9s", "TcJd", "QhKs"], ""),
    ],
)
def test_chosen_shapes_equal_the_compiled_kernel(hands: list[str], board: str) -> None:
    _compare("holdem", [parse_cards(h) for h in hands], parse_cards(board), [])


def test_a_single_matchup_does_not_load_numba() -> None:
    """The first exact equity of a process takes the NumPy path: numba is not even imported."""
    code = (
        "import sys\n"
        "from pokerroom.equity import equity\n"
        "r = equity('holdem', ['AhKh', 'QsQd'], method='exact')\n"
        "print(r.players[0].exact, 'numba' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=dict(os.environ),
                          timeout=300)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["197833/428076", "False"]
