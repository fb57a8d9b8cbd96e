"""Every benchmark table in one run, pokerroom beside its peers on the same inputs (``make bench``).

Speed is measured here, never in timed tests.  Targets: ``../shared/DESIGN.md`` and the issues.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_copy
import bench_engine
import bench_equity
import bench_eval
import bench_pokerstars


def main() -> None:
    print("== 7-card high-hand evaluation, one call at a time ==")
    bench_eval.main()
    print()
    print("== full hands and PHH replay ==")
    print(f"{'benchmark':48} {'pokerroom':>12} {'pokerkit':>12} {'ratio':>8}")
    for name, ours, theirs in bench_engine.run():
        print(f"{name:48} {ours:12,.0f} {theirs:12,.0f} {ours / theirs:7.1f}x")
    print()
    print("== PokerStars text read and replayed ==")
    bench_pokerstars.main([])
    print()
    print("== copying a hand for search ==")
    bench_copy.main([])
    try:
        import bench_rankings
    except ImportError:
        return
    print()
    print("== every ranking system, one call at a time ==")
    bench_rankings.main()
    print()
    bench_equity.main([])  # batch evaluation and equity: prints its own sections


if __name__ == "__main__":
    main()
