"""Batch evaluation equals the one-call evaluator, for every ranking system (issue 7).

Random hands of 5 to 9 cards per ranking (100,000 per ranking and card count of 5 to 7 here; ``make soak``
checks 1,000,000), hands forced to hold flushes and four-flushes (the rare branches),
Omaha's two-plus-three, bad input, the disk cache, and the library without numba.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from pokerroom.cards import parse_cards
from pokerroom.errors import DuplicateCard, InvalidCard, PokerroomError, UnsupportedRule
from pokerroom.rankings import find, ids, omaha_value
from pokerroom.rankings.batch import evaluate_batch, evaluate_omaha_batch
from soak import count

HANDS = count(1_000_000)
"""Random hands per ranking and card count: a tenth of the soak's million under ``make test``."""


def _deck(ranking_id: str) -> np.ndarray:
    ranks = find(ranking_id).ordering.ranks
    return np.array([c for c in range(52) if c >> 2 in ranks], dtype=np.uint8)


def _random_hands(deck: np.ndarray, n: int, count: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    idx = np.argsort(rng.random((count, len(deck))), axis=1)[:, :n]
    return np.ascontiguousarray(deck[idx])


def _one_call(ranking_id: str, hands: np.ndarray) -> np.ndarray:
    evaluate = find(ranking_id).evaluator()
    return np.array([evaluate(row) for row in hands.tolist()], dtype=np.int64)


@pytest.mark.parametrize("ranking_id", ids())
@pytest.mark.parametrize("n", [5, 6, 7])
def test_batch_equals_one_call(ranking_id: str, n: int) -> None:
    hands = _random_hands(_deck(ranking_id), n, HANDS, seed=n * 101 + len(ranking_id))
    got = evaluate_batch(hands, ranking_id)
    want = _one_call(ranking_id, hands)
    bad = np.flatnonzero(got != want)
    assert bad.size == 0, f"{ranking_id} {hands[bad[0]].tolist()}: batch {got[bad[0]]}, one call {want[bad[0]]}"
    assert got.shape == (HANDS,)


@pytest.mark.parametrize("ranking_id", ids())
@pytest.mark.parametrize("n", [8, 9])
def test_batch_eight_and_nine_cards(ranking_id: str, n: int) -> None:
    hands = _random_hands(_deck(ranking_id), n, 2_000, seed=n)
    assert np.array_equal(evaluate_batch(hands, ranking_id), _one_call(ranking_id, hands))


@pytest.mark.parametrize("ranking_id", ids())
@pytest.mark.parametrize("n", [5, 6, 7])
@pytest.mark.parametrize("suited", [4, 5])
def test_batch_with_suited_cards(ranking_id: str, n: int, suited: int) -> None:
    """Hands with ``suited`` or more cards of one suit: the flush, four-flush and every-five branches."""
    deck = _deck(ranking_id)
    rng = np.random.default_rng(n * 10 + suited)
    rows = []
    for _ in range(3_000):
        suit = int(rng.integers(4))
        same = rng.permutation(deck[deck % 4 == suit])[:suited]
        rest = rng.permutation(np.setdiff1d(deck, same))[: n - suited]
        rows.append(rng.permutation(np.concatenate([same, rest])))
    hands = np.array(rows, dtype=np.uint8)
    assert np.array_equal(evaluate_batch(hands, ranking_id), _one_call(ranking_id, hands))


def test_known_values_and_dtypes() -> None:
    hands = np.array([parse_cards("As Ks Qs Js Ts 2c 3d"), parse_cards("2c 3d 4h 5s 7c 8d 9h")])
    values = evaluate_batch(hands, "high")
    assert values.dtype == np.int32
    assert values[0] == find("high").max_value  # the royal flush is the best hand
    assert find("high").describe(int(values[1])) == "high card, nine"
    low = evaluate_batch(np.array([parse_cards("Kc Qd Jh 9s 9c 8d 8h")]), "a5-low-8")
    assert low.tolist() == [0]  # no eight-or-better low: value 0
    telesina = evaluate_batch(np.array([parse_cards("Ah Kh Qh Jh Th 7c")]), "telesina")
    assert telesina.dtype == np.int64
    assert telesina[0] == find("telesina").evaluate(parse_cards("Ah Kh Qh Jh Th 7c"))
    assert evaluate_batch(parse_cards("7s 5d 4c 3h 2s"), "27-low").shape == (1,)  # one hand as a 1-D array
    assert evaluate_batch(np.zeros((0, 7), dtype=np.uint8)).shape == (0,)


@pytest.mark.parametrize("ranking_id", ["high", "a5-low-8", "soko", "27-low"])
@pytest.mark.parametrize(("h", "b"), [(4, 5), (5, 5), (4, 3), (4, 4), (6, 5)])
def test_omaha_batch_equals_omaha_value(ranking_id: str, h: int, b: int) -> None:
    ranking = find(ranking_id)
    both = _random_hands(_deck(ranking_id), h + b, 3_000, seed=h * 7 + b)
    got = evaluate_omaha_batch(both[:, :h], both[:, h:], ranking_id)
    want = [omaha_value(row[:h], row[h:], ranking) for row in both.tolist()]
    assert got.tolist() == want


def test_bad_input_is_refused() -> None:
    with pytest.raises(InvalidCard, match="52"):
        evaluate_batch(np.array([[0, 1, 2, 3, 52]]))
    with pytest.raises(InvalidCard, match="-1"):
        evaluate_batch(np.array([[0, 1, 2, 3, -1]]))
    with pytest.raises(DuplicateCard, match="As"):
        evaluate_batch(np.array([parse_cards("2c 3c 4c 5c 6c"), [51, 51, 1, 2, 3]]))
    with pytest.raises(InvalidCard, match="short-deck deck has no card"):
        evaluate_batch(np.array([parse_cards("2c 7d 8h 9s Tc")]), "short-deck")
    with pytest.raises(PokerroomError, match="k = 5 to 9"):
        evaluate_batch(np.zeros((3, 4), dtype=np.uint8))
    with pytest.raises(PokerroomError, match="dtype float64"):
        evaluate_batch(np.zeros((3, 5)))
    with pytest.raises(PokerroomError, match="same number of rows"):
        evaluate_omaha_batch(np.zeros((2, 4), dtype=np.uint8), np.zeros((3, 5), dtype=np.uint8))
    with pytest.raises(DuplicateCard):
        evaluate_omaha_batch(np.array([parse_cards("As Ks Qs Js")]), np.array([parse_cards("As 2c 3c 4c 5c")]))
    with pytest.raises(UnsupportedRule, match="telesina"):
        evaluate_omaha_batch(np.array([parse_cards("As Ks Qs Js")]), np.array([parse_cards("Ts 9c 8c 7c 7d")]),
                             "telesina")  # fmt: skip


def test_unchecked_nonsense_never_crashes() -> None:
    """Every row of one card repeated, with ``check=False``: meaningless values, but inside the tables."""
    for ranking_id in ids():
        for n in (5, 6, 7, 9):
            hands = np.repeat(np.arange(52, dtype=np.uint8), n).reshape(52, n)
            assert evaluate_batch(hands, ranking_id, check=False).shape == (52,)


def _run(code: str, env: dict[str, str]) -> str:
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_disk_cache_is_written_and_read(tmp_path: Path) -> None:
    env = {**os.environ, "POKERROOM_CACHE_DIR": str(tmp_path)}
    code = (
        "from pokerroom.rankings.batch import evaluate_batch; from pokerroom.rankings.batch_tables import _MEMO;"
        "print(evaluate_batch([[48, 44, 40, 36, 32, 49, 45]], 'americana').tolist())"
    )
    first = _run(code, env)
    files = sorted(p.name for p in tmp_path.iterdir())  # the batch arrays, and the one-call tables built them
    assert len(files) == 2 and files[0].startswith("batch-americana-") and files[1].startswith("tables-americana-")
    assert _run(code, env) == first  # the second process reads the cached arrays


def test_cache_files_replace_their_own_ranking_only_and_damage_is_rebuilt(tmp_path: Path) -> None:
    from pokerroom.rankings.batch_tables import _cache_file, _load, _save, batch_tables

    high = find("high")
    tables = batch_tables(high)
    for name in ("batch-a5-low-0123456789abcdef.tables", "batch-a5-low-8-0123456789abcdef.tables"):
        (tmp_path / name).write_bytes(b"older source")
    _save(str(tmp_path / "batch-a5-low-fedcba9876543210.tables"), tables, "a5-low")
    assert sorted(p.name for p in tmp_path.iterdir()) == [  # a5-low's older file goes, a5-low-8's stays
        "batch-a5-low-8-0123456789abcdef.tables", "batch-a5-low-fedcba9876543210.tables"]  # fmt: skip
    path = str(tmp_path / "batch-high-0.tables")
    _save(path, tables, "high")
    loaded = _load(path, type(tables))
    assert loaded is not None and all(
        np.array_equal(getattr(loaded, name), getattr(tables, name)) for name in vars(tables)
    )
    data = Path(path).read_bytes()
    for damaged in (data[: len(data) // 2], data.replace(b"weight", b"wieght"), b"", b"PK\x03\x04"):
        Path(path).write_bytes(damaged)
        assert _load(path, type(tables)) is None
    assert _cache_file(high).endswith(".tables")


def test_the_first_bad_row_is_named_when_the_rows_are_split(monkeypatch: pytest.MonkeyPatch) -> None:
    """Large batches run in blocks on several threads; the error is still the first bad row's."""
    import pokerroom.rankings.batch as batch

    monkeypatch.setattr(batch, "_cores", lambda: 3)
    hands = _random_hands(_deck("short-deck"), 7, 200_000, seed=3)
    assert np.array_equal(evaluate_batch(hands, "short-deck"), _one_call("short-deck", hands))
    for rows in ([150_000], [70_000, 150_000], [10, 70_000]):
        bad = hands.copy()
        for row in rows:
            bad[row, 3] = 0  # a deuce: not in the short deck
        with pytest.raises(InvalidCard, match=f"hand {rows[0]}:"):
            evaluate_batch(bad, "short-deck")
    for n in (5, 6, 7, 8, 9):
        twice = _random_hands(_deck("high"), n, 100_000, seed=n)
        twice[99_999, n - 1] = twice[99_999, 0]
        with pytest.raises(DuplicateCard):
            evaluate_batch(twice, "high")
        assert evaluate_batch(twice[:99_999], "high").shape == (99_999,)


def test_a_forked_child_evaluates_large_batches() -> None:
    """The worker threads belong to the process that made them: a forked child (multiprocessing's default on
    Linux) makes its own rather than waiting on threads it does not have."""
    code = (
        "import os, numpy as np\n"
        "import pokerroom.rankings.batch as batch\n"
        "batch._cores = lambda: 2\n"
        "hands = np.array([[0, 4, 8, 12, 17, 21, 25]] * 100_000, dtype=np.uint8)\n"
        "first = batch.evaluate_batch(hands)\n"
        "child = os.fork()\n"
        "if child == 0:\n"
        "    os._exit(0 if np.array_equal(batch.evaluate_batch(hands), first) else 1)\n"
        "print(os.waitpid(child, 0)[1])\n"
    )
    assert _run(code, dict(os.environ)).split() == ["0"]


def test_importing_the_batch_evaluators_does_not_import_numba() -> None:
    """numba (half a second to import) loads when a kernel first runs, not when a module declaring one does."""
    code = (
        "import sys\n"
        "import pokerroom.rankings.batch, pokerroom.equity.kernels, pokerroom.equity.exact\n"
        "print('numba' in sys.modules)\n"
        "from pokerroom.rankings.batch import evaluate_batch\n"
        "evaluate_batch([[0, 4, 8, 12, 17, 21, 25]])\n"
        "from pokerroom.rankings.jit import numba_loaded\n"
        "print('numba' in sys.modules, numba_loaded())\n"
    )
    assert _run(code, dict(os.environ)).split() == ["False", "True", "True"]


def test_without_numba_the_library_still_works() -> None:
    """numba blocked: one-call evaluation as always, and the batch path runs as plain Python (slowly)."""
    code = (
        "import sys; sys.modules['numba'] = None\n"
        "from pokerroom.rankings import best_hand; print(best_hand('Ah Kh Qh Jh Th 2c 2d').name)\n"
        "from pokerroom.rankings.jit import HAVE_NUMBA; print(HAVE_NUMBA)\n"
        "from pokerroom.rankings.batch import evaluate_batch; from pokerroom.rankings import find\n"
        "rows = [[51, 47, 43, 39, 35, 0, 4], [0, 5, 10, 15, 16, 20, 30]]\n"
        "print(evaluate_batch(rows).tolist() == [find('high').evaluate(r) for r in rows])\n"
    )
    assert _run(code, dict(os.environ)).split() == ["royal", "flush", "False", "True"]


def test_out_array_is_filled_and_checked() -> None:
    hands = _random_hands(_deck("high"), 7, 1_000, seed=9)
    out = np.empty(1_000, dtype=np.int32)
    assert evaluate_batch(hands, "high", out=out) is out
    assert np.array_equal(out, _one_call("high", hands))
    with pytest.raises(PokerroomError, match="writeable"):
        evaluate_batch(hands, "high", out=np.empty(999, dtype=np.int32))
    with pytest.raises(PokerroomError, match="int64"):
        evaluate_batch(hands[:, :5], "draw32", out=np.empty(1_000, dtype=np.int32), check=False)
