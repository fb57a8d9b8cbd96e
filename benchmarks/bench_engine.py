"""Full hands and PHH replay, pokerroom beside PokerKit on the same inputs.

* full 6-max no-limit hold'em hands with check/call players (DESIGN target: 100x PokerKit);
* the 10,000 Pluribus hands replayed end to end (reading the files included; target 3x PokerKit) and with
  the TOML parsing excluded (records already in memory; target 10x PokerKit's replay step).

Run ``python benchmarks/bench_engine.py [--hands N] [--replay N]``; ``benchmarks/run.py`` prints every table.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from pathlib import Path

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "phh" / "dataset" / "pluribus"


def _rate(fn: Callable[[], int], min_seconds: float = 1.0) -> float:
    """Items per second of ``fn`` (which returns how many items it did), repeated for at least ``min_seconds``,
    after one untimed call (the first showdown builds the ranking's tables once per process)."""
    fn()
    done, start = 0, time.perf_counter()
    while True:
        done += fn()
        elapsed = time.perf_counter() - start
        if elapsed >= min_seconds:
            return done / elapsed


def full_hands_pokerroom(n: int) -> Callable[[], int]:
    from pokerroom.engine import Action, DeckSource
    from pokerroom.games import find

    holdem = find("holdem")
    call, check = Action.call(), Action.check()
    rng = random.Random(1)

    def run() -> int:
        for _ in range(n):
            cards = DeckSource.shuffled(seed=rng.getrandbits(32))
            hand = holdem.deal(stacks=[10000] * 6, button=5, blinds=(50, 100), cards=cards)
            while hand.to_act is not None:
                seat = hand.to_act
                hand.act(call if hand.cur > hand.bets[seat] else check, seat)
        return n

    return run


def full_hands_public(n: int) -> Callable[[], int]:
    """The same hands through the public API only: ``legal_actions()`` chooses, ``act(..., hand.to_act)`` acts."""
    from pokerroom.engine import Action, DeckSource
    from pokerroom.games import find

    holdem = find("holdem")
    rng = random.Random(1)

    def run() -> int:
        for _ in range(n):
            hand = holdem.deal(
                stacks=[10000] * 6, button=5, blinds=(50, 100), cards=DeckSource.shuffled(seed=rng.getrandbits(32))
            )
            while hand.to_act is not None:
                legal = hand.legal_actions()
                assert legal is not None
                hand.act(Action.check() if legal.check else Action.call(), hand.to_act)
        return n

    return run


def full_hands_pokerkit(n: int) -> Callable[[], int]:
    from pokerkit import Automation, Mode, NoLimitTexasHoldem

    automations = tuple(Automation)

    def run() -> int:
        for _ in range(n):
            state = NoLimitTexasHoldem.create_state(
                automations, True, 0, (50, 100), 100, (10000,) * 6, 6, mode=Mode.CASH_GAME
            )
            while state.status:
                state.check_or_call()
        return n

    return run


def _pluribus_paths(limit: int) -> list[Path]:
    return sorted(SHARED.rglob("*.phh"))[:limit]


def replay_pokerroom(paths: list[Path], *, parse: bool) -> Callable[[], int]:
    from pokerroom.formats.phh import read
    from pokerroom.formats.replay import replay

    records = [h for p in paths for h in read(p)]

    def run() -> int:
        hands = [h for p in paths for h in read(p)] if parse else records
        for h in hands:
            if replay(h).status != "ok":
                raise AssertionError(f"{h.path} did not replay")
        return len(hands)

    return run


def replay_pokerkit(paths: list[Path], *, parse: bool) -> Callable[[], int]:
    from pokerkit import HandHistory

    def load(p: Path) -> HandHistory:
        with p.open("rb") as f:
            return HandHistory.load(f)

    histories = [load(p) for p in paths]

    def run() -> int:
        hhs = [load(p) for p in paths] if parse else histories
        for hh in hhs:
            for _state in hh:
                pass
        return len(hhs)

    return run


def run(hands: int = 200, replay_count: int = 2000) -> list[tuple[str, float, float]]:
    """Rows of (what, pokerroom per second, PokerKit per second)."""
    rows = [
        (
            "full 6-max check/call hands per second",
            _rate(full_hands_pokerroom(hands)),
            _rate(full_hands_pokerkit(max(1, hands // 20))),
        ),
        (
            "public API (legal_actions + act) hands per second",
            _rate(full_hands_public(hands)),
            _rate(full_hands_pokerkit(max(1, hands // 20))),
        ),
    ]
    if SHARED.is_dir():
        paths = _pluribus_paths(replay_count)
        for parse, label in ((True, "with TOML parsing"), (False, "parsing excluded")):
            rows.append(
                (
                    f"Pluribus replay hands per second, {label}",
                    _rate(replay_pokerroom(paths, parse=parse)),
                    _rate(replay_pokerkit(paths[: max(1, len(paths) // 4)], parse=parse)),
                )
            )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--replay", type=int, default=2000, help="Pluribus files to replay")
    args = parser.parse_args()
    print(f"{'benchmark':48} {'pokerroom':>12} {'pokerkit':>12} {'ratio':>8}")
    for name, ours, theirs in run(args.hands, args.replay):
        print(f"{name:48} {ours:12,.0f} {theirs:12,.0f} {ours / theirs:7.1f}x")


if __name__ == "__main__":
    main()
