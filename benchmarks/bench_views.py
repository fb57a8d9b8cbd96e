"""Per-seat views after every action, as the table actor builds them (issue 25: the room's CPU per action).

After every action of a hand the actor builds each dealt seat's view and the spectator's (``hand.view(seat)``)
and turns each into JSON without its events (``view_json(..., events=False)``; the events go out once each,
:mod:`pokerroom.server.deltas`).  This script plays seeded 6-max no-limit hold'em hands (blinds 50/100, stacks
10,000, random actions: mostly check and call, some bets and folds) and times, per action, in microseconds:

* ``views``: the seven views through ``hand.view`` (incremental: each viewer's redacted events folded in since
  its last view, :mod:`pokerroom.engine.views`);
* ``full views``: the seven views recomputed from every event (``views._full_view``, the reference);
* ``view_json``: the seven views as JSON without events.

Each figure is the best of ``--rounds`` rounds (the machine is shared).  Run
``python benchmarks/bench_views.py [--hands N] [--rounds N]``.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

SEATS = 6


def _hands(count: int) -> list[list[tuple[object, int]]]:
    """``count`` seeded hands' actions, each ``(action, seat)``, to replay the same way in every round."""
    from pokerroom.engine import Action
    from pokerroom.games import find

    game = find("holdem")
    rng = random.Random(25)
    plays = []
    for k in range(count):
        hand = game.deal(stacks=[10_000] * SEATS, button=k % SEATS, blinds=(50, 100), seed=k)
        played: list[tuple[object, int]] = []
        while not hand.is_complete:
            legal = hand.legal_actions()
            assert legal is not None
            r = rng.random()
            if legal.call is not None and r < 0.15:
                action = Action.fold()
            elif legal.raise_ is not None and r < 0.3:
                action = Action.raise_to(legal.raise_[0])
            elif legal.bet is not None and r < 0.3:
                action = Action.bet(legal.bet[0])
            else:
                action = Action.call() if legal.call is not None else Action.check()
            hand.act(action, legal.seat)
            played.append((action, legal.seat))
        plays.append(played)
    return plays


def _round(plays: list[list[tuple[object, int]]], view: Callable[..., object], to_json: bool) -> tuple[float, int]:
    """Replay every hand, building the seven views (and their JSON with ``to_json``) after every action; the
    seconds spent in the views (or the JSON) and the number of actions."""
    from pokerroom.games import find
    from pokerroom.server.protocol import view_json

    game = find("holdem")
    viewers: list[int | None] = [*range(SEATS), None]
    dealt = list(range(SEATS))
    spent, actions = 0.0, 0
    clock = time.process_time  # CPU time: the machine is shared
    for k, played in enumerate(plays):
        hand = game.deal(stacks=[10_000] * SEATS, button=k % SEATS, blinds=(50, 100), seed=k)
        for action, seat in played:
            hand.act(action, seat)  # type: ignore[arg-type]
            actions += 1
            if to_json:
                views = [view(hand, s) for s in viewers]
                start = clock()
                for v in views:
                    view_json(v, dealt, number=1, events=False)  # type: ignore[arg-type]
                spent += clock() - start
            else:
                start = clock()
                for s in viewers:
                    view(hand, s)
                spent += clock() - start
    return spent, actions


def main() -> None:
    from pokerroom.engine.views import _full_view

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    plays = _hands(args.hands)
    rows: dict[str, Callable[[], tuple[float, int]]] = {
        "views (hand.view)": lambda: _round(plays, lambda h, s: h.view(s), False),
        "full views (reference)": lambda: _round(plays, _full_view, False),
        "view_json (events=False)": lambda: _round(plays, lambda h, s: h.view(s), True),
    }
    best = {name: float("inf") for name in rows}
    for _ in range(args.rounds):  # interleaved rounds, the best of each
        for name, run in rows.items():
            spent, actions = run()
            best[name] = min(best[name], spent / actions * 1e6)
    print(f"{SEATS} seats + a spectator, {args.hands} hands, µs per action (best of {args.rounds} rounds)")
    for name, us in best.items():
        print(f"  {name:<28} {us:8.1f}")


if __name__ == "__main__":
    main()
