"""Batch evaluation and equity (issues 7 and 24): pokerroom beside its peers, every figure measured in this run.

The table (:func:`rows`, ``make bench``), each figure beside eval7's from the same run, interleaved:

* batch evaluation of random 7-card high hands, ``evaluate_batch(hands, "high")`` on a uint8 array (input
  checked, as a user calls it), beside eval7 called once per hand; goal 300M hands/s;
* exact heads-up preflop equity in a warm process, a new matchup each call, beside eval7's exact enumeration
  (``py_hand_vs_range_exact``, the same equities); goal 10 ms;
* the first exact equity in a fresh process (AhKh against QsQd), the whole process timed, beside eval7 doing the
  same in a fresh process; goal 0.3 s.

``--details`` adds the older sections:

1. Batch evaluation of 7-card high hands (``evaluate_batch``, raw and checked) beside eval7, phevaluator and treys
   called once per hand on a slice of the same hands (each converted beforehand to its own input form, so only
   the calls are timed).  Target: 300M hands/s.
2. Every ranking system at its game's hand size, cards drawn from its own deck: batch speed (target 100M/s)
   beside the one-call Python evaluator, and
3. batch values equal to the one-call values on 1,000,000 random hands per system (100,000 with ``--quick``).
4. Exact equity of AhKh against QsQd (C(48, 5) boards; 0.462145, target 10 ms) beside a plain eval7 loop over
   the same boards and PokerKit's Monte Carlo ``calculate_equities``.
5. Monte Carlo deals per second in hold'em, Omaha, stud hi/lo, five-card Omaha hi/lo, Sökö and Telesina, with
   each result's 95 % interval.
6. Range against range: exact and Monte Carlo.
7. The first run's compile time: a fresh process with empty numba and table caches, then again warm.

Hands are random with a fixed seed; speeds are the best of a few timed runs after a warm-up call.
Run ``python benchmarks/bench_equity.py [--quick] [--details] [--hands N]`` (with ``src`` importable).
"""

from __future__ import annotations

import argparse
import dataclasses
import inspect
import itertools
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

import pokerroom
from common import PYTHON, Row, best_rates, format_table, peer, process_seconds
from pokerroom.cards import format_card
from pokerroom.equity import EquityResult, equity
from pokerroom.rankings import find, ids
from pokerroom.rankings.batch import evaluate_batch

__all__ = ["Settings", "main", "rows"]

GAME_SIZES: dict[str, int] = {
    "high": 7,
    "short-deck": 7,
    "a5-low": 7,  # razz
    "a5-low-8": 7,  # stud hi/lo
    "a6-low": 5,
    "27-low": 5,
    "soko": 5,
    "americana": 7,
    "telesina": 6,  # five cards and the Vela
    "draw32": 5,
}
HIGH_TARGET = 300e6
SYSTEM_TARGET = 100e6
EXACT_TARGET = 0.010
FIRST_CALL_TARGET = 0.3
EXACT_EQUITY = 0.462145


@dataclass(frozen=True)
class Settings:
    hands: int = 4_000_000  # batch hands per system
    peer_hands: int = 200_000  # hands for the one-at-a-time peers
    one_call_hands: int = 100_000  # hands for the one-call pokerroom evaluator's rate
    check_hands: int = 1_000_000  # hands compared batch against one call, per system
    pokerkit_samples: int = 10_000
    repeats: int = 3
    exact_repeats: int = 5
    range_exact: bool = True
    seed: int = 7


QUICK = Settings(
    hands=1_000_000, peer_hands=50_000, one_call_hands=20_000, check_hands=100_000, pokerkit_samples=2_000,
    repeats=3, exact_repeats=5, range_exact=False,
)  # fmt: skip


def random_hands(rng: np.random.Generator, deck: Sequence[int], n: int, k: int) -> np.ndarray:
    """``n`` hands of ``k`` distinct cards from ``deck``, uniformly: C-contiguous uint8 ``(n, k)``."""
    cards = np.asarray(deck, dtype=np.uint8)
    out = np.empty((n, k), dtype=np.uint8)
    todo = np.arange(n)
    while todo.size:
        draw = rng.integers(0, len(cards), size=(todo.size, k), dtype=np.uint8)
        ordered = np.sort(draw, axis=1)
        ok = ~(ordered[:, 1:] == ordered[:, :-1]).any(axis=1)
        out[todo[ok]] = cards[draw[ok]]
        todo = todo[~ok]
    return out


def deck_of(ranking_id: str) -> list[int]:
    ranks = find(ranking_id).ordering.ranks
    return [rank * 4 + suit for rank in sorted(ranks) for suit in range(4)]


def best_time(call: Callable[[], object], repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        call()
        best = min(best, time.perf_counter() - start)
    return best


def loop_rate(call: Callable[[Any], object], inputs: Sequence[Any], repeats: int) -> float:
    def run() -> None:
        for item in inputs:
            call(item)

    return len(inputs) / best_time(run, repeats)


def loop_rate_star(call: Callable[..., object], inputs: Sequence[Sequence[Any]], repeats: int) -> float:
    def run() -> None:
        for item in inputs:
            call(*item)

    return len(inputs) / best_time(run, repeats)


def same_order(ours: np.ndarray, theirs: np.ndarray, *, larger_better: bool) -> bool:
    """Whether ``ours`` is a strictly increasing function of the peer's strength (same ranking of every hand)."""
    strength = np.asarray(theirs, dtype=np.int64) * (1 if larger_better else -1)
    pairs = np.unique(np.stack([strength, np.asarray(ours, dtype=np.int64)], axis=1), axis=0)
    if len(pairs) != len(np.unique(strength)) or len(pairs) != len(np.unique(ours)):
        return False
    return bool(np.all(np.diff(pairs[:, 1]) > 0))


def fmt_rate(rate: float) -> str:
    return f"{rate:,.0f}"


def section(title: str) -> None:
    print()
    print(f"== {title} ==", flush=True)


# 1. ------------------------------------------------------------------------------------------------------------


def bench_high(s: Settings) -> None:
    section(f"7-card high, batch on every core ({s.hands:,} hands) beside one call at a time ({s.peer_hands:,})")
    hands = random_hands(np.random.default_rng(s.seed), range(52), s.hands, 7)
    out = evaluate_batch(hands, "high")  # warm-up: compiled kernels and tables loaded; reused below
    raw = s.hands / best_time(lambda: evaluate_batch(hands, "high", check=False, out=out), s.repeats)
    checked = s.hands / best_time(lambda: evaluate_batch(hands, "high", check=True), s.repeats)
    sample = hands[: s.peer_hands]
    ours = evaluate_batch(sample, "high")
    lists = sample.tolist()
    texts = [[format_card(c) for c in hand] for hand in lists]
    rows: list[tuple[str, int, float, str]] = [
        ("pokerroom evaluate_batch raw", s.hands, raw, "-"),
        ("pokerroom evaluate_batch check", s.hands, checked, "-"),
    ]
    one_call = find("high").evaluator()
    rows.append(("pokerroom one call", len(lists), loop_rate(one_call, lists, s.repeats), "-"))
    try:
        import eval7
    except ImportError:
        pass
    else:
        seven = [[eval7.Card(t) for t in text] for text in texts]
        values = np.array([eval7.evaluate(h) for h in seven])
        agree = "yes" if same_order(ours, values, larger_better=True) else "NO"
        rows.append(("eval7.evaluate", len(seven), loop_rate(eval7.evaluate, seven, s.repeats), agree))
    try:
        import phevaluator
    except ImportError:
        pass
    else:
        # phevaluator's card id is rank * 4 + suit (deuce 0, suits c d h s), as pokerroom's ints: checked here
        ints_ok = all(phevaluator.evaluate_cards(*h) == phevaluator.evaluate_cards(*t) for h, t in
                      zip(lists[:1000], texts[:1000], strict=True))  # fmt: skip
        ids_ok = all(phevaluator.Card(t).id_ == c for h, text in zip(lists[:1000], texts[:1000], strict=True)
                     for c, t in zip(h, text, strict=True))  # fmt: skip
        values = np.array([phevaluator.evaluate_cards(*h) for h in lists])
        agree = "yes" if ints_ok and ids_ok and same_order(ours, values, larger_better=False) else "NO"
        rows.append(("phevaluator.evaluate_cards", len(lists), loop_rate_star(phevaluator.evaluate_cards, lists,
                                                                              s.repeats), agree))  # fmt: skip
    try:
        from treys import Card as TreysCard
        from treys import Evaluator
    except ImportError:
        pass
    else:
        treys_cards = [[TreysCard.new(t) for t in text] for text in texts]
        split = [(cards[:2], cards[2:]) for cards in treys_cards]
        evaluator = Evaluator()
        values = np.array([evaluator.evaluate(hole, board) for hole, board in split])
        agree = "yes" if same_order(ours, values, larger_better=False) else "NO"
        rows.append(("treys Evaluator.evaluate", len(split), loop_rate_star(evaluator.evaluate, split, s.repeats),
                     agree))  # fmt: skip

    peer = next((rate for name, _, rate, _ in rows if name.startswith("eval7")), None)
    print(f"{'evaluator':32} {'hands':>11} {'hands/s':>15} {'vs eval7':>10} {'vs 300M':>8} {'same order':>10}")
    for name, n, rate, agree in rows:
        ratio = f"{rate / peer:9.1f}x" if peer else f"{'-':>10}"
        target = f"{rate / HIGH_TARGET:7.2f}x" if name.startswith("pokerroom evaluate_batch") else f"{'-':>8}"
        print(f"{name:32} {n:>11,} {fmt_rate(rate):>15} {ratio} {target} {agree:>10}")
    print("same order: every hand of the slice ranked as pokerroom ranks it (phevaluator fed pokerroom's ints)")


# 2 and 3. -----------------------------------------------------------------------------------------------------


def bench_systems(s: Settings) -> list[str]:
    section(f"every ranking system: batch ({s.hands:,} hands) and one call ({s.one_call_hands:,}); "
            f"batch = one call on {s.check_hands:,} hands")  # fmt: skip
    print(f"{'system':12} {'cards':>5} {'batch raw/s':>15} {'vs 100M':>8} {'batch check/s':>15} "
          f"{'one call/s':>12} {'ratio':>8} {'batch = one call':>18}")  # fmt: skip
    problems: list[str] = []
    rng = np.random.default_rng(s.seed + 1)
    for ranking_id in ids():
        size = GAME_SIZES.get(ranking_id, 7)
        hands = random_hands(rng, deck_of(ranking_id), max(s.hands, s.check_hands), size)
        timed = hands[: s.hands]
        out = evaluate_batch(timed, ranking_id)  # warm-up; its array is reused for the raw figure
        raw = len(timed) / best_time(
            lambda t=timed, r=ranking_id, o=out: evaluate_batch(t, r, check=False, out=o), s.repeats
        )
        checked = len(timed) / best_time(lambda t=timed, r=ranking_id: evaluate_batch(t, r), s.repeats)
        one_call = find(ranking_id).evaluator()
        lists = hands[: s.check_hands].tolist()
        single = loop_rate(one_call, lists[: s.one_call_hands], s.repeats)
        batch_values = evaluate_batch(hands[: s.check_hands], ranking_id)
        call_values = np.array([one_call(h) for h in lists], dtype=np.int64)
        wrong = np.flatnonzero(batch_values.astype(np.int64) != call_values)
        if wrong.size:
            verdict = f"{wrong.size:,} differ"
            i = int(wrong[0])
            problems.append(f"{ranking_id}: hand {lists[i]} ({' '.join(format_card(c) for c in lists[i])}): "
                            f"batch {int(batch_values[i])}, one call {int(call_values[i])}")  # fmt: skip
        else:
            verdict = "equal"
        print(f"{ranking_id:12} {size:>5} {fmt_rate(raw):>15} {raw / SYSTEM_TARGET:7.2f}x {fmt_rate(checked):>15} "
              f"{fmt_rate(single):>12} {raw / single:7.0f}x {verdict:>18}", flush=True)  # fmt: skip
    for problem in problems:
        print(f"  first mismatch, {problem}")
    return problems


# 4. ------------------------------------------------------------------------------------------------------------


def eval7_exact(hero: str = "AhKh", villain: str = "QsQd") -> tuple[float, float, int]:
    """``hero`` against ``villain`` over every board, with eval7 (a plain loop: eval7's own ``py_hand_vs_range_exact``
    values a complete board only): (seconds, equity of ``hero``, boards)."""
    import eval7

    first = [eval7.Card(hero[i : i + 2]) for i in (0, 2)]
    second = [eval7.Card(villain[i : i + 2]) for i in (0, 2)]
    held = {str(c) for c in first + second}
    deck = [c for c in eval7.Deck().cards if str(c) not in held]
    evaluate = eval7.evaluate
    start = time.perf_counter()
    wins = ties = boards = 0
    for combo in itertools.combinations(deck, 5):
        board = list(combo)
        a = evaluate(first + board)
        b = evaluate(second + board)
        if a > b:
            wins += 1
        elif a == b:
            ties += 1
        boards += 1
    seconds = time.perf_counter() - start
    return seconds, (wins + ties / 2) / boards, boards


def pokerkit_monte_carlo(samples: int) -> tuple[float, float]:
    """PokerKit's ``calculate_equities`` for AhKh against QsQd, one process: (seconds, equity of AhKh)."""
    import pokerkit

    start = time.perf_counter()
    shares = pokerkit.calculate_equities(
        (pokerkit.parse_range("AhKh"), pokerkit.parse_range("QsQd")), (), 2, 5, pokerkit.Deck.STANDARD,
        (pokerkit.StandardHighHand,), sample_count=samples,
    )  # fmt: skip
    return time.perf_counter() - start, float(shares[0])


def bench_exact(s: Settings) -> None:
    section("exact equity, AhKh against QsQd (C(48, 5) = 1,712,304 boards)")
    hands = ["AhKh", "QsQd"]
    result = equity("holdem", hands, method="exact")  # warm-up
    seconds = best_time(lambda: equity("holdem", hands, method="exact"), s.exact_repeats)
    share = result.players[0].equity
    ok = "ok" if round(share, 6) == EXACT_EQUITY else f"WRONG (expected {EXACT_EQUITY})"
    print(f"{'who':34} {'time':>10} {'boards or samples/s':>20} {'AhKh equity':>12} {'vs pokerroom':>13}")
    print(f"{'pokerroom equity exact':34} {seconds * 1000:8.1f}ms {fmt_rate(result.deals / seconds):>20} "
          f"{share:12.6f} {'1.0x':>13}   target {EXACT_TARGET * 1000:.0f} ms: "
          f"{'met' if seconds <= EXACT_TARGET else 'missed'}; equity {ok}")  # fmt: skip
    try:
        seven_seconds, seven_share, boards = eval7_exact()
    except ImportError:
        pass
    else:
        name = "eval7 loop over every board"
        print(f"{name:34} {seven_seconds * 1000:8.0f}ms {fmt_rate(boards / seven_seconds):>20} "
              f"{seven_share:12.6f} {seven_seconds / seconds:12.0f}x slower")  # fmt: skip
    try:
        kit_seconds, kit_share = pokerkit_monte_carlo(s.pokerkit_samples)
    except ImportError:
        pass
    else:
        name = f"pokerkit calculate_equities {s.pokerkit_samples:,}"
        rate = s.pokerkit_samples / kit_seconds
        print(f"{name:34} {kit_seconds * 1000:8.0f}ms {fmt_rate(rate):>20} {kit_share:12.6f} "
              f"{'(Monte Carlo)':>13}")  # fmt: skip


# 5 and 6. ------------------------------------------------------------------------------------------------------


def _timed(game: str, hands: list[str], repeats: int, **options: Any) -> tuple[float, EquityResult]:
    best = float("inf")
    result: EquityResult | None = None
    for _ in range(repeats):
        start = time.perf_counter()
        result = equity(game, hands, **options)
        best = min(best, time.perf_counter() - start)
    assert result is not None
    return best, result


def bench_monte_carlo(s: Settings) -> None:
    section("Monte Carlo deals per second (one call, seed 1)")
    print(f"{'game':8} {'hands':26} {'samples':>10} {'time':>9} {'deals/s':>13} {'equity 1':>9} {'95% CI':>9}")
    cases = [
        ("holdem", ["AhKh", "QsQd"], 2_000_000),
        ("omaha", ["AsAdKsKd", "QhQcJhJc"], 500_000),
        ("stud8", ["As2s3d", "KhKd7c"], 500_000),
        ("omaha5-8", ["Ah2h3dKd9c", "As4c5sQhQs"], 500_000),
        ("soko", ["Ah9h", "KcKd"], 500_000),
        ("telesina", ["AhKh", "9s8s"], 500_000),
    ]
    for game, hands, samples in cases:
        equity(game, hands, method="monte-carlo", samples=1_000, seed=1)  # warm-up
        seconds, result = _timed(game, hands, 2, method="monte-carlo", samples=samples, seed=1)
        player = result.players[0]
        print(f"{game:8} {' vs '.join(hands):26} {samples:>10,} {seconds:8.3f}s {fmt_rate(result.deals / seconds):>13} "
              f"{player.equity:9.5f} {player.ci:>9.5f}", flush=True)  # fmt: skip


def bench_ranges(s: Settings) -> None:
    section("range against range (hold'em)")
    print(f"{'method':12} {'ranges':34} {'time':>9} {'matchups':>9} {'deals':>15} {'deals/s':>13} "
          f"{'equity 1':>9}")  # fmt: skip
    exact_hands = ["QQ+,AKs", "JJ-88,AQs+"]
    if s.range_exact:
        seconds, result = _timed("holdem", exact_hands, 1, method="exact")
        print(f"{'exact':12} {' vs '.join(exact_hands):34} {seconds:8.2f}s {result.matchups:>9,} {result.deals:>15,} "
              f"{fmt_rate(result.deals / seconds):>13} {result.players[0].equity:9.6f}", flush=True)  # fmt: skip
    else:
        print(f"{'exact':12} {' vs '.join(exact_hands):34} {'skipped (--quick)':>9}")
    mc_hands = ["22+,A2s+,KTs+,ATo+", "QQ+,AK"]
    equity("holdem", mc_hands, method="monte-carlo", samples=1_000, seed=1)  # warm-up
    seconds, result = _timed("holdem", mc_hands, 2, method="monte-carlo", samples=1_000_000, seed=1)
    print(f"{'monte-carlo':12} {' vs '.join(mc_hands):34} {seconds:8.2f}s {result.matchups:>9,} {result.deals:>15,} "
          f"{fmt_rate(result.deals / seconds):>13} {result.players[0].equity:9.6f}  "
          f"(CI {result.players[0].ci:.5f})")  # fmt: skip


# 7. ------------------------------------------------------------------------------------------------------------

FIRST_RUN = """
import json, time
start = time.perf_counter()
import numpy as np
from pokerroom.equity import equity
from pokerroom.rankings.batch import evaluate_batch
imported = time.perf_counter()
rng = np.random.default_rng(1)
hands = np.argsort(rng.random((1000, 52)), axis=1)[:, :7].astype(np.uint8)
evaluate_batch(hands, "high")
batch = time.perf_counter()
share = equity("holdem", ["AhKh", "QsQd"], method="exact").players[0].equity
done = time.perf_counter()
print(json.dumps({"import": imported - start, "batch": batch - imported, "equity": done - batch,
                  "total": done - start, "share": share}))
"""


def first_run(numba_dir: str, table_dir: str) -> dict[str, float]:
    env = dict(os.environ, NUMBA_CACHE_DIR=numba_dir, POKERROOM_CACHE_DIR=table_dir)
    source = str(Path(pokerroom.__file__).resolve().parent.parent)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (source, env.get("PYTHONPATH", "")) if p)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", FIRST_RUN], env=env, capture_output=True, text=True, check=True)
    figures: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    figures["process"] = time.perf_counter() - start
    return figures


def bench_first_run() -> None:
    section("first run: import, one evaluate_batch (high, 7 cards), one exact equity, in a fresh process")
    print(f"{'caches':28} {'import':>9} {'batch':>9} {'equity':>9} {'total':>9} {'process':>9}")
    with tempfile.TemporaryDirectory() as numba_dir, tempfile.TemporaryDirectory() as table_dir:
        for label in ("cold (empty numba + tables)", "warm (same dirs, again)"):
            f = first_run(numba_dir, table_dir)
            print(f"{label:28} {f['import']:8.2f}s {f['batch']:8.2f}s {f['equity']:8.2f}s {f['total']:8.2f}s "
                  f"{f['process']:8.2f}s", flush=True)  # fmt: skip
    print("process: the whole subprocess, interpreter start included")


# The table of ``make bench`` (issue 24) ------------------------------------------------------------------------

MATCHUPS = (("AhKh", "QsQd"), ("AsKd", "7c7h"), ("JhTh", "9s9d"), ("AcQd", "KhJs"), ("5d4d", "AhAs"))
"""Heads-up preflop matchups of the warm figure: each call is a new matchup (nothing of one serves the next)."""

FIRST_CALL = "from pokerroom.equity import equity; equity('holdem', ['AhKh', 'QsQd'], method='exact')"
"""A user's first exact equity: the whole process, interpreter start included."""


def _eval7_first_call() -> str:
    """The same matchup in a fresh process with eval7: :func:`eval7_exact`'s source run alone (no numpy, no
    pokerroom imported; eval7 has no equity function for it: ``py_hand_vs_range_exact`` values a full board)."""
    return "import itertools, time\n" + inspect.getsource(eval7_exact) + "\neval7_exact()\n"


def rows(quick: bool = False) -> list[Row]:
    """Batch 7-card evaluation (hands/s), exact heads-up preflop equity warm and in a fresh process (seconds),
    each beside eval7 measured in the same run, interleaved.  Raises :class:`common.PeerMissing` without eval7."""
    eval7 = peer("eval7")
    rounds = 2 if quick else 3
    seconds = 0.3 if quick else 0.5
    # 1. Batch evaluation: `evaluate_batch(hands, "high")` as a user calls it (input checked), beside eval7 called
    #    once per hand on a slice of the same hands (converted to its cards beforehand: only the calls are timed).
    hands = random_hands(np.random.default_rng(7), range(52), 1_000_000 if quick else 4_000_000, 7)
    sample = hands[:50_000].tolist()
    seven = [[eval7.Card(format_card(c)) for c in hand] for hand in sample]
    theirs_values = np.array([eval7.evaluate(h) for h in seven])
    if not same_order(evaluate_batch(hands[: len(sample)], "high"), theirs_values, larger_better=True):
        raise RuntimeError("evaluate_batch and eval7 rank the benchmark's hands differently")

    def batch() -> int:
        return len(evaluate_batch(hands, "high"))

    def eval7_calls() -> int:
        evaluate = eval7.evaluate
        for hand in seven:
            evaluate(hand)
        return len(seven)

    batch_rate, eval7_rate = best_rates([batch, eval7_calls], rounds, seconds)
    # 2. Exact heads-up preflop equity, warm: a new matchup each call, beside eval7 valuing every board of one.
    shares: dict[str, float] = {}

    def exact() -> int:
        for m in MATCHUPS:
            shares[m[0]] = equity("holdem", list(m), method="exact").players[0].equity
        return len(MATCHUPS)

    def eval7_boards() -> int:
        shares["eval7"] = eval7_exact(*MATCHUPS[0])[1]
        return 1

    exact_rate, eval7_exact_rate = best_rates([exact, eval7_boards], rounds, seconds)
    if abs(shares["eval7"] - shares[MATCHUPS[0][0]]) > 1e-12:
        raise RuntimeError(f"exact equities differ: pokerroom {shares[MATCHUPS[0][0]]}, eval7 {shares['eval7']}")
    # 3. The first call in a fresh process, whole process (interpreter start, imports, tables from the disk cache).
    commands = [[PYTHON, "-c", FIRST_CALL], [PYTHON, "-c", _eval7_first_call()]]
    # Once untimed, free to write bytecode (as an installed package has it; PYTHONDONTWRITEBYTECODE would make
    # every timed process compile the modules changed since) and the table cache (a machine's first run builds it).
    writing = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    subprocess.run(commands[0], check=True, env=writing, stdout=subprocess.DEVNULL)
    first, eval7_first = process_seconds(commands, rounds=3 if quick else 5)
    return [
        Row("batch 7-card high, evaluate_batch(uint8 hands, 'high')", "hands/s", batch_rate, "eval7 1 call",
            eval7_rate, goal_limit=HIGH_TARGET),
        Row("exact equity, heads-up preflop, a new matchup, warm", "s", 1 / exact_rate, "eval7 boards",
            1 / eval7_exact_rate, False, goal_limit=EXACT_TARGET),
        Row("exact equity AhKh-QsQd, first call, whole process", "s", first, "eval7 boards", eval7_first, False,
            goal_limit=FIRST_CALL_TARGET),
    ]  # fmt: skip


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=None, help="batch hands per system (default 4,000,000)")
    parser.add_argument("--quick", action="store_true", help="smaller counts: the whole run in about a minute")
    parser.add_argument("--details", action="store_true", help="after the table, sections 1 to 7 below")
    args = parser.parse_args(argv)
    print(format_table(rows(args.quick)), flush=True)
    if not args.details:
        return
    settings = QUICK if args.quick else Settings()
    if args.hands is not None:
        settings = dataclasses.replace(settings, hands=args.hands)
    started = time.perf_counter()
    bench_high(settings)
    problems = bench_systems(settings)
    bench_exact(settings)
    bench_monte_carlo(settings)
    bench_ranges(settings)
    bench_first_run()
    print()
    print(f"({time.perf_counter() - started:.0f} s in all{'; batch and one call differ' if problems else ''})")


if __name__ == "__main__":
    main()
