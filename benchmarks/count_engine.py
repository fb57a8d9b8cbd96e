"""A fixed engine workload for instruction counts (``valgrind --tool=callgrind python benchmarks/count_engine.py``).

Seconds on a shared machine are noisy; instructions are not.  ``public``: 6-max no-limit hold'em check/call hands
through ``legal_actions()`` and ``act()``; ``raise``: the same with every second action a minimum raise where one is
legal.  Run it before and after a change and compare the totals callgrind prints.
"""

from __future__ import annotations

import argparse
import random

from pokerroom.engine import Action, DeckSource
from pokerroom.games import find


def play(hands: int, *, raises: bool) -> int:
    holdem = find("holdem")
    rng = random.Random(1)
    actions = 0
    for _ in range(hands):
        hand = holdem.deal(
            stacks=[10000] * 6, button=5, blinds=(50, 100), cards=DeckSource.shuffled(seed=rng.getrandbits(32))
        )
        while hand.to_act is not None:
            legal = hand.legal_actions()
            assert legal is not None
            if raises and actions % 2 and legal.raise_ is not None:
                action = Action.raise_to(legal.raise_[0])
            else:
                action = Action.check() if legal.check else Action.call()
            hand.act(action, hand.to_act)
            actions += 1
    return actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--raises", action="store_true")
    args = parser.parse_args()
    print(play(args.hands, raises=args.raises), "actions")


if __name__ == "__main__":
    main()
