"""Every benchmark in one table (``make bench``): each figure of pokerroom beside its peer's from the same run, as a
ratio, with the goal the issues and DESIGN.md set and whether it is met.

Each module below gives ``rows(quick) -> list[Row]`` (benchmarks/common.py), measuring through the path a user
calls (the public API, the command line as a whole process).  A peer that is not installed fails the run
(exit status 1, naming it) rather than leaving its row out; so does a module that fails.  Goals not met are marked
``NO`` and counted, but do not fail the run: the machine is shared and noisy, so a figure is read as a ratio.

``python benchmarks/run.py [--quick] [--only NAME...]``.
"""

from __future__ import annotations

import argparse
import importlib
import sys
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import PeerMissing, Row, format_table

MODULES = (
    ("bench_cli", "the command line's start"),
    ("bench_engine", "full hands through the public API"),
    ("bench_eval", "one call to the evaluators"),
    ("bench_replay", "PHH replay of the Pluribus hands"),
    ("bench_equity", "batch evaluation and exact equity"),
    ("bench_pokerstars", "PokerStars text read and replayed"),
    ("bench_copy", "copying a hand for search"),
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="shorter measurements (a rough table in minutes)")
    parser.add_argument("--only", nargs="*", default=None, help="module names to run (default: all)")
    args = parser.parse_args(argv)
    rows: list[Row] = []
    failures: list[str] = []
    started = time.perf_counter()
    for name, what in MODULES:
        if args.only and name not in args.only:
            continue
        print(f"== {what} ({name}) ==", flush=True)
        try:
            found = importlib.import_module(name).rows(args.quick)
        except PeerMissing as exc:
            failures.append(f"{name}: {exc}")
            print(f"FAILED: {exc}", flush=True)
            continue
        except Exception:  # report every module's failure, then fail the run
            failures.append(f"{name}: {traceback.format_exc(limit=3)}")
            print(f"FAILED:\n{traceback.format_exc()}", flush=True)
            continue
        print(format_table(found), flush=True)
        rows.extend(found)
    print()
    print(f"== every figure, pokerroom beside its peer ({time.perf_counter() - started:.0f} s) ==")
    print(format_table(rows))
    goals = [r for r in rows if r.met is not None]
    print(f"\ngoals met: {sum(1 for r in goals if r.met)} of {len(goals)}")
    if failures:
        print("\nthe run FAILED:", *failures, sep="\n  ", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
