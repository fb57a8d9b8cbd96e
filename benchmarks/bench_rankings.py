"""Every ranking system, one call at a time from Python: evaluations per second beside PokerKit where it has
the system, the cold start of each system's tables, and their memory.

Hand sizes follow the games (issue 3): 7 cards for the hold'em and stud systems (``high``, ``short-deck``,
``a5-low`` as razz, ``a5-low-8`` as stud hi/lo), 5 for the draw and five-card stud systems (``a6-low``,
``27-low``, ``soko``, ``americana``, ``draw32``), 6 for Telesina (five cards and the Vela), and Omaha as 4 hole
+ 5 board cards with exactly two plus three (``high`` and ``a5-low-8``).  Every evaluator gets the same random
hands (fixed seed), converted beforehand to its own input form, so only the calls are timed; figures are the
best of ``repeats`` runs.  pokerroom's Omaha keeps a row per board rank multiset once seen: its first pass
over fresh boards ("cold") is shown beside the best pass ("warm").

Run ``python benchmarks/bench_rankings.py`` (with ``src`` importable).  Target (issue 3, DESIGN.md): at least
1M evaluations per second for every system; all tables under 64 MB; a cold system's first call under a second.
"""

from __future__ import annotations

import dataclasses
import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from pokerroom.cards import format_cards
from pokerroom.rankings import Ranking, find, ids, omaha_value

__all__ = ["cold_starts", "run", "table_memory"]

GAME_SIZES: dict[str, int] = {
    "high": 7,
    "short-deck": 7,
    "a5-low": 7,
    "a5-low-8": 7,
    "a6-low": 5,
    "27-low": 5,
    "soko": 5,
    "americana": 5,
    "telesina": 6,
    "draw32": 5,
}

POKERKIT_CLASSES: dict[str, str] = {
    "high": "StandardHighHand",
    "short-deck": "ShortDeckHoldemHand",
    "a5-low": "RegularLowHand",
    "a5-low-8": "EightOrBetterLowHand",
    "27-low": "StandardLowHand",
}


def _rate(call: Callable[[Any], object], inputs: Sequence[Any], repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        for item in inputs:
            call(item)
        best = min(best, time.perf_counter() - start)
    return len(inputs) / best


def _rates_star(call: Callable[..., object], inputs: Sequence[Sequence[Any]], repeats: int) -> list[float]:
    out = []
    for _ in range(repeats):
        start = time.perf_counter()
        for item in inputs:
            call(*item)
        out.append(len(inputs) / (time.perf_counter() - start))
    return out


def _deck(ranking: Ranking) -> list[int]:
    return [c for c in range(52) if c >> 2 in ranking.ordering.ranks]


def _pokerkit() -> Any:
    try:
        import pokerkit
    except ImportError:
        return None
    return pokerkit


def run(
    hands: int = 200_000, *, seed: int = 7, pokerkit_hands: int = 2_000, repeats: int = 3
) -> list[tuple[str, str, float, float | None]]:
    """Time every system on ``hands`` random hands of its game size; returns ``(system, hand size,
    pokerroom evals/s, PokerKit evals/s or None)`` rows, Omaha rows last.  PokerKit runs on the first
    ``pokerkit_hands`` hands only and is scaled to a per-second rate like the others."""
    kit = _pokerkit()
    rows: list[tuple[str, str, float, float | None]] = []
    for ranking_id in ids():
        ranking = find(ranking_id)
        size = GAME_SIZES.get(ranking_id, 7)
        rng = random.Random(seed)
        deck = _deck(ranking)
        deals = [rng.sample(deck, size) for _ in range(hands)]
        ours = _rate(ranking.evaluator(), deals, repeats)
        theirs = None
        if kit is not None and ranking_id in POKERKIT_CLASSES:
            hand_class = getattr(kit, POKERKIT_CLASSES[ranking_id])
            kit_deals = [tuple(kit.Card.parse(format_cards(d))) for d in deals[:pokerkit_hands]]
            theirs = _rate(hand_class.from_game_or_none, kit_deals, 1)
        label = "5 + Vela" if ranking_id == "telesina" else f"{size} cards"
        rows.append((ranking_id, label, ours, theirs))

    rng = random.Random(seed)
    deals9 = [rng.sample(range(52), 9) for _ in range(hands)]
    for ranking_id, kit_name in (("high", "OmahaHoldemHand"), ("a5-low-8", "OmahaEightOrBetterLowHand")):
        ranking = find(ranking_id)
        ranking.omaha_cache = None  # fresh rows: the first pass is the cold one
        split = [(d[:4], d[4:], ranking) for d in deals9]
        rates = _rates_star(omaha_value, split, repeats + 1)
        theirs = None
        if kit is not None:
            hand_class = getattr(kit, kit_name)
            kit_split = [
                (tuple(kit.Card.parse(format_cards(d[:4]))), tuple(kit.Card.parse(format_cards(d[4:]))))
                for d in deals9[:pokerkit_hands]
            ]
            start = time.perf_counter()
            for hole, board in kit_split:
                hand_class.from_game_or_none(hole, board)
            theirs = len(kit_split) / (time.perf_counter() - start)
        rows.append((f"omaha {ranking_id} (cold)", "4 + 5", rates[0], theirs))
        rows.append((f"omaha {ranking_id} (warm)", "4 + 5", max(rates[1:]), theirs))
    return rows


def cold_starts() -> list[tuple[str, float]]:
    """Seconds from a fresh ranking to the end of its first call (tables built), per system, in registry
    order (the first 52-card system also builds the rank keys the others share)."""
    out = []
    for ranking_id in ids():
        fresh = Ranking(find(ranking_id).ordering)
        cards = _deck(fresh)[-5:]
        start = time.perf_counter()
        fresh.evaluate(cards)
        out.append((ranking_id, time.perf_counter() - start))
    return out


def _deep_size(obj: object, seen: set[int]) -> int:
    if id(obj) in seen:
        return 0
    seen.add(id(obj))
    size = sys.getsizeof(obj)
    if isinstance(obj, dict):
        size += sum(_deep_size(k, seen) + _deep_size(v, seen) for k, v in obj.items())
    elif isinstance(obj, (list, tuple, set)):
        size += sum(_deep_size(x, seen) for x in obj)
    elif dataclasses.is_dataclass(obj):
        size += sum(_deep_size(getattr(obj, f.name), seen) for f in dataclasses.fields(obj))
    return size


def table_memory() -> list[tuple[str, int]]:
    """Bytes held by each system's tables (shared objects counted once, with the first system that holds them),
    then ``("all", total)``."""
    seen: set[int] = set()
    out = [(ranking_id, _deep_size(find(ranking_id).tables(), seen)) for ranking_id in ids()]
    out.append(("all", sum(n for _, n in out)))
    return out


def main() -> None:
    print("cold start (fresh tables, first call):")
    for ranking_id, seconds in cold_starts():
        print(f"  {ranking_id:12} {seconds * 1000:8.0f} ms")
    print(f"{'system':26} {'hand':>9} {'pokerroom/s':>13} {'pokerkit/s':>11} {'ratio':>8}")
    for name, size, ours, theirs in run():
        kit = f"{theirs:11,.0f}" if theirs else f"{'-':>11}"
        ratio = f"{ours / theirs:7.0f}x" if theirs else f"{'-':>8}"
        print(f"{name:26} {size:>9} {ours:13,.0f} {kit} {ratio}")
    print("table memory:")
    for ranking_id, size in table_memory():
        print(f"  {ranking_id:12} {size / 2**20:6.1f} MB")


if __name__ == "__main__":
    main()
