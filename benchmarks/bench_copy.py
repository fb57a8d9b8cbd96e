"""Copying a hand for search, pokerroom beside PokerKit on the same situation (issue 23: ``hand.copy()`` under 50 µs).

The situation: 6-max no-limit hold'em, blinds 50/100, stacks 10,000, everybody called preflop; on the flop the
small blind bet 300 and the big blind called, the next player to act (seat 2 in both engines).  Rows, each the
time of one copy in microseconds (the fastest batch of interleaved rounds: the machine is shared), and how many times
faster than PokerKit's ``copy.deepcopy(state)`` of the same situation:

* ``hand.copy()``: the explicit copy (every list copied, the game, the betting structure and the events shared);
* ``copy.deepcopy(hand)`` as ``hand.copy()`` was before issue 23 (the game and betting structure shared);
* ``hand.copy(resample=2, rng=...)``: the copy with every card seat 2 has not seen dealt again.

Run ``python benchmarks/bench_copy.py [--rounds N]``; ``benchmarks/run.py`` prints every table.
"""

from __future__ import annotations

import argparse
import copy
import random
import time
from collections.abc import Callable
from typing import Any

from common import Row, format_table, peer


def pokerroom_hand() -> Any:
    from pokerroom.engine import Action
    from pokerroom.games import find

    hand = find("holdem").deal(stacks=[10_000] * 6, button=5, blinds=(50, 100), seed=1)
    while hand.street == 0:
        seat = hand.to_act
        hand.act(Action.call() if hand.cur > hand.bets[seat] else Action.check(), seat)
    hand.act(Action.bet(300), 0)
    hand.act(Action.call(), 1)
    assert hand.to_act == 2 and hand.pot_total == 1200
    return hand


def pokerkit_state() -> Any:
    from pokerkit import Automation, Mode, NoLimitTexasHoldem

    state = NoLimitTexasHoldem.create_state(
        tuple(Automation), True, 0, (50, 100), 100, (10_000,) * 6, 6, mode=Mode.CASH_GAME
    )
    while state.street_index == 0:
        state.check_or_call()
    state.complete_bet_or_raise_to(300)
    state.check_or_call()
    assert state.actor_index == 2 and sum(state.stacks) == 60_000 - 1200
    return state


def _per_call(fn: Callable[[], object], seconds: float) -> float:
    """Microseconds per call of ``fn``: the fastest batch (as ``timeit`` reports) among batches of calls made for at
    least ``seconds``, after one untimed call."""
    fn()
    batch = 1
    while True:  # a batch of at least a millisecond
        start = time.perf_counter()
        for _ in range(batch):
            fn()
        if time.perf_counter() - start >= 1e-3:
            break
        batch *= 2
    best, until = float("inf"), time.perf_counter() + seconds
    while time.perf_counter() < until:
        start = time.perf_counter()
        for _ in range(batch):
            fn()
        best = min(best, (time.perf_counter() - start) / batch)
    return best * 1e6


def run(seconds: float = 0.5, rounds: int = 3) -> list[tuple[str, float, float]]:
    """Rows of (what, pokerroom µs per copy, PokerKit µs per ``deepcopy``), the best of ``rounds`` interleaved."""
    hand = pokerroom_hand()
    state = pokerkit_state()
    rng = random.Random(1)
    memo = {id(hand.game): hand.game, id(hand.betting): hand.betting}
    ours = {
        "hand.copy(), 6-max NL hold'em mid-flop": hand.copy,
        "copy.deepcopy(hand) (the copy before issue 23)": lambda: copy.deepcopy(hand, dict(memo)),
        "hand.copy(resample=2, rng=...)": lambda: hand.copy(resample=2, rng=rng),
    }
    best = dict.fromkeys(ours, float("inf"))
    theirs = float("inf")
    for _ in range(rounds):
        for name, fn in ours.items():
            best[name] = min(best[name], _per_call(fn, seconds))
            theirs = min(theirs, _per_call(lambda: copy.deepcopy(state), seconds))
    return [(name, best[name], theirs) for name in ours]


def rows(quick: bool = False) -> list[Row]:
    """The rows of ``make bench``: microseconds per copy, lower is better, beside PokerKit's ``deepcopy``; the
    explicit copy's goal is issue 23's 50 µs."""
    peer("pokerkit")
    found = run(0.2 if quick else 0.5, 2 if quick else 3)
    goals = {"hand.copy(), 6-max NL hold'em mid-flop": 50.0}
    return [
        Row(name, "µs", ours, "pokerkit", theirs, higher_is_better=False, goal_limit=goals.get(name))
        for name, ours, theirs in found
    ]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="shorter measurements")
    args = parser.parse_args(argv)
    print(format_table(rows(args.quick)))


if __name__ == "__main__":
    main()
