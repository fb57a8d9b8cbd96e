"""One call to the evaluators from Python, through the public path a user calls: pokerroom beside its peers.

Every evaluator gets the same random hands (fixed seed), each converted beforehand to its own native input
form, so only the calls are timed; the sides run interleaved (:func:`common.best_rates`, the best of each):

* 7-card high: ``HIGH.evaluator()`` on a list of card ints (``rank * 4 + suit``) against ``eval7.evaluate`` on
  a list of ``eval7.Card`` (goal, issue 24: at least 1.5 times eval7); treys' ``Evaluator().evaluate(hole,
  board)`` (2 + 5) and phevaluator's ``evaluate_cards(*ids)`` as information;
* Omaha high, 4 hole + 5 board cards, exactly two plus three: :func:`pokerroom.rankings.omaha_value` against
  phevaluator's ``evaluate_omaha_cards(*board, *hole)`` (goal, issue 24: at least 1M evaluations a second).
  ``omaha_value`` keeps a row per board rank multiset once seen (6,175 of them, a few MB); the untimed
  warm-up pass builds them, so the figure is a long-running process's.

Figures are evaluations per second.  ``python benchmarks/bench_eval.py [--quick]`` prints the table (with
``src`` importable); ``benchmarks/run.py`` gathers :func:`rows` with the others.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable, Sequence
from typing import Any

from common import Row, best_rates, format_table, peer
from pokerroom.cards import format_card
from pokerroom.rankings import HIGH, omaha_value

__all__ = ["rows"]


def _loop(call: Callable[[Any], object], inputs: Sequence[Any]) -> Callable[[], int]:
    """One pass of ``call(item)`` over ``inputs``, returning how many calls (for :func:`common.best_rates`)."""

    def one_pass() -> int:
        for item in inputs:
            call(item)
        return len(inputs)

    return one_pass


def _loop2(call: Callable[[Any, Any], object], inputs: Sequence[tuple[Any, Any]]) -> Callable[[], int]:
    """One pass of ``call(x, y)`` over ``inputs`` of pairs."""

    def one_pass() -> int:
        for x, y in inputs:
            call(x, y)
        return len(inputs)

    return one_pass


def _loop_star(call: Callable[..., object], inputs: Sequence[Sequence[Any]]) -> Callable[[], int]:
    """One pass of ``call(*item)`` over ``inputs`` (the peers whose API takes the cards as arguments)."""

    def one_pass() -> int:
        for item in inputs:
            call(*item)
        return len(inputs)

    return one_pass


def rows(quick: bool = False, *, seed: int = 7) -> list[Row]:
    """The one-call rows: 7-card high against eval7 (goal 1.5x), treys and phevaluator; Omaha 4 + 5 high against
    phevaluator (goal 1M/s).  Raises :class:`common.PeerMissing` if eval7, treys or phevaluator is missing."""
    eval7 = peer("eval7")
    treys = peer("treys")
    phevaluator = peer("phevaluator")
    hands = 20_000 if quick else 200_000
    rounds, seconds = (2, 0.2) if quick else (3, 0.5)
    rng = random.Random(seed)

    deals = [rng.sample(range(52), 7) for _ in range(hands)]
    texts = [[format_card(c) for c in deal] for deal in deals]
    seven = [[eval7.Card(t) for t in text] for text in texts]
    treys_cards = [[treys.Card.new(t) for t in text] for text in texts]
    treys_split = [(cards[:2], cards[2:]) for cards in treys_cards]
    phe_ids = [[phevaluator.Card(t).id_ for t in text] for text in texts]
    ours, theirs, tr, ph = best_rates(
        [
            _loop(HIGH.evaluator(), deals),
            _loop(eval7.evaluate, seven),
            _loop2(treys.Evaluator().evaluate, treys_split),
            _loop_star(phevaluator.evaluate_cards, phe_ids),
        ],
        rounds,
        seconds,
    )
    what = "7-card high, one call: HIGH.evaluator()(cards)"
    out = [
        Row(what, "evals/s", ours, "eval7", theirs, goal_ratio=1.5),
        Row(what, "evals/s", ours, "treys", tr),
        Row(what, "evals/s", ours, "phevaluator", ph),
    ]

    nines = [rng.sample(range(52), 9) for _ in range(hands)]
    omaha = [(deal[:4], deal[4:]) for deal in nines]
    phe_omaha = [[phevaluator.Card(format_card(c)).id_ for c in (*deal[4:], *deal[:4])] for deal in nines]
    ours, theirs = best_rates(
        [_loop2(omaha_value, omaha), _loop_star(phevaluator.evaluate_omaha_cards, phe_omaha)], rounds, seconds
    )
    name = "Omaha high 4 + 5, one call: omaha_value(hole, board)"
    out.append(Row(name, "evals/s", ours, "phevaluator", theirs, goal_limit=1e6))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="shorter measurements")
    args = parser.parse_args()
    print(format_table(rows(args.quick)))


if __name__ == "__main__":
    main()
