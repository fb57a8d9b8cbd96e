"""7-card high-hand evaluation, one call at a time from Python: pokerroom against its peers.

Every evaluator gets the same random 7-card hands (fixed seed), each converted beforehand to its own native
input form, so only the calls are timed:

* pokerroom: ``HIGH.evaluator()`` on a list of card ints (``rank * 4 + suit``);
* eval7: ``eval7.evaluate`` on a list of ``eval7.Card``;
* treys: ``Evaluator().evaluate(hole, board)`` on treys card ints (2 + 5);
* phevaluator: ``evaluate_cards(*ids)`` on its card ids;
* pokerkit: ``StandardHighHand.from_game`` on a tuple of ``pokerkit.Card`` (a smaller sample: it is slow).

Figures are evaluations per second, best of ``repeats`` runs; DESIGN.md asks for at least eval7's rate.
Run ``python benchmarks/bench_eval.py`` (with ``src`` importable).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from pokerroom.cards import format_card
from pokerroom.rankings import HIGH

__all__ = ["run"]


def _rate(call: Callable[[Any], object], inputs: Sequence[Any], repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        for item in inputs:
            call(item)
        best = min(best, time.perf_counter() - start)
    return len(inputs) / best


def _rate_star(call: Callable[..., object], inputs: Sequence[Sequence[Any]], repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        for item in inputs:
            call(*item)
        best = min(best, time.perf_counter() - start)
    return len(inputs) / best


def run(
    hands: int = 200_000, *, seed: int = 7, pokerkit_hands: int = 2_000, repeats: int = 3
) -> list[tuple[str, float]]:
    """Time each evaluator on the same ``hands`` random 7-card hands; returns ``(name, evaluations/s)`` pairs.

    Peers that are not installed are left out.  PokerKit runs on the first ``pokerkit_hands`` hands only and
    is scaled to a per-second rate like the others.
    """
    rng = random.Random(seed)
    deals = [rng.sample(range(52), 7) for _ in range(hands)]
    texts = [[format_card(c) for c in deal] for deal in deals]
    results: list[tuple[str, float]] = []

    evaluate = HIGH.evaluator()
    results.append(("pokerroom", _rate(evaluate, deals, repeats)))

    try:
        import eval7
    except ImportError:
        pass
    else:
        seven = [[eval7.Card(t) for t in text] for text in texts]
        results.append(("eval7", _rate(eval7.evaluate, seven, repeats)))

    try:
        from treys import Card as TreysCard
        from treys import Evaluator
    except ImportError:
        pass
    else:
        treys_cards = [[TreysCard.new(t) for t in text] for text in texts]
        split = [(cards[:2], cards[2:]) for cards in treys_cards]
        results.append(("treys", _rate_star(Evaluator().evaluate, split, repeats)))

    try:
        import phevaluator
    except ImportError:
        pass
    else:
        ids = [[phevaluator.Card(t).id_ for t in text] for text in texts]
        results.append(("phevaluator", _rate_star(phevaluator.evaluate_cards, ids, repeats)))

    try:
        import pokerkit
    except ImportError:
        pass
    else:
        kit = [tuple(pokerkit.Card.parse("".join(text))) for text in texts[:pokerkit_hands]]
        results.append(("pokerkit", _rate(pokerkit.StandardHighHand.from_game, kit, 1)))

    return results


def main() -> None:
    results = run()
    rates = dict(results)
    print(f"{'evaluator':<12} {'7-card evals/s':>15} {'vs eval7':>9}")
    for name, rate in results:
        ratio = f"{rate / rates['eval7']:.2f}x" if "eval7" in rates else "-"
        print(f"{name:<12} {rate:>15,.0f} {ratio:>9}")


if __name__ == "__main__":
    main()
