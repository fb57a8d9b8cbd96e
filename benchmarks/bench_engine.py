"""Full hands through the public API, pokerroom beside PokerKit on the same workload (issue 24).

6-max no-limit hold'em, stacks 10,000, blinds 50/100, a fresh shuffled deck each hand, played to the end:

* **check/call**: every player checks when free, else calls (goal: 100x PokerKit's ``check_or_call()`` loop);
* **raise every second action**: the same, except that every second action of the hand is a minimum raise (or
  bet) where one is legal, its amount read from the legal actions' bounds (goal: 50x PokerKit's
  ``complete_bet_or_raise_to(min)`` / ``check_or_call()`` loop).

Ours goes through ``hand.legal_actions()`` to choose and ``hand.act(Action..., hand.to_act)`` to act, the way a
user's bot does; PokerKit's state automates dealing, showdown and chip pushing.  Both sides are timed in
interleaved rounds (``common.best_rates``).  Run ``python benchmarks/bench_engine.py [--quick]``;
``benchmarks/run.py`` prints every table.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable

from common import Row, best_rates, format_table, peer, rate

STACK, BLINDS, SEATS = 10_000, (50, 100), 6


def _rate(fn: Callable[[], int], min_seconds: float = 1.0) -> float:
    """Items per second of ``fn`` (which returns how many items it did), repeated for at least ``min_seconds``,
    after one untimed call (the first showdown builds the ranking's tables once per process).  Kept for
    ``bench_pokerstars``, which times with it."""
    fn()
    return rate(fn, min_seconds)


def ours(hands: int, *, raises: bool) -> Callable[[], int]:
    """``hands`` hands per call through the public API; ``raises``: every second action a minimum raise."""
    from pokerroom.engine import Action, DeckSource
    from pokerroom.games import find

    holdem = find("holdem")
    rng = random.Random(1)
    stacks = [STACK] * SEATS

    def run() -> int:
        for _ in range(hands):
            hand = holdem.deal(
                stacks=stacks, button=SEATS - 1, blinds=BLINDS, cards=DeckSource.shuffled(seed=rng.getrandbits(32))
            )
            done = 0
            while hand.to_act is not None:
                legal = hand.legal_actions()
                assert legal is not None
                if raises and done % 2 and (legal.raise_ is not None or legal.bet is not None):
                    if legal.raise_ is not None:
                        action = Action.raise_to(legal.raise_[0])
                    else:
                        assert legal.bet is not None
                        action = Action.bet(legal.bet[0])
                else:
                    action = Action.check() if legal.check else Action.call()
                hand.act(action, hand.to_act)
                done += 1
        return hands

    return run


def pokerkit(hands: int, *, raises: bool) -> Callable[[], int]:
    """PokerKit's loop over the same hands: ``check_or_call()``, and with ``raises`` every second action
    ``complete_bet_or_raise_to(min)`` where PokerKit allows one."""
    kit = peer("pokerkit")
    automations = tuple(kit.Automation)

    def run() -> int:
        for _ in range(hands):
            state = kit.NoLimitTexasHoldem.create_state(
                automations, True, 0, BLINDS, BLINDS[1], (STACK,) * SEATS, SEATS, mode=kit.Mode.CASH_GAME
            )
            done = 0
            while state.status:
                if raises and done % 2 and state.can_complete_bet_or_raise_to():
                    state.complete_bet_or_raise_to(state.min_completion_betting_or_raising_to_amount)
                else:
                    state.check_or_call()
                done += 1
        return hands

    return run


def rows(quick: bool = False) -> list[Row]:
    """The check/call row (goal 100x) and the raise-every-second-action row (goal 50x), ours and PokerKit's
    interleaved."""
    rounds, seconds = (2, 0.3) if quick else (5, 1.0)
    out = []
    for raises, what, goal in (
        (False, "6-max NL hands, check/call (legal_actions + act)", 100.0),
        (True, "6-max NL hands, min-raise every 2nd action", 50.0),
    ):
        # PokerKit is ~100x slower: fewer hands per call keep both sides' calls short.
        mine, theirs = best_rates([ours(200, raises=raises), pokerkit(4, raises=raises)], rounds, seconds)
        out.append(Row(what, "hands/s", mine, "pokerkit", theirs, goal_ratio=goal))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="shorter measurements")
    args = parser.parse_args()
    print(format_table(rows(args.quick)))


if __name__ == "__main__":
    main()
