"""The command line's start, as a user meets it: ``pokerroom --help`` and ``pokerroom games`` as whole processes
(the console script, interpreter start included), beside a fresh ``python -c "import pokerkit"`` (the peer library's
start before it can do anything).  Goal (issue 24): each under 0.3 s wall.

``python benchmarks/bench_cli.py [--quick]``; ``benchmarks/run.py`` prints every table.
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

from common import PYTHON, Row, format_table, peer, process_seconds

START_GOAL = 0.3


def _console_script() -> str:
    beside = Path(sys.executable).parent / "pokerroom"
    found = str(beside) if beside.exists() else shutil.which("pokerroom")
    if found is None:
        raise SystemExit("the pokerroom console script is not installed (pip install -e .)")
    return found


def rows(quick: bool = False) -> list[Row]:
    """Seconds of wall time, the fastest of interleaved rounds, lower is better."""
    peer("pokerkit")
    script = _console_script()
    commands = [[script, "--help"], [script, "games"], [PYTHON, "-c", "import pokerkit"]]
    help_s, games_s, kit_s = process_seconds(commands, rounds=3 if quick else 7)
    return [
        Row("`pokerroom --help`, whole process", "s", help_s, "pokerkit imp", kit_s, False, goal_limit=START_GOAL),
        Row("`pokerroom games`, whole process", "s", games_s, "pokerkit imp", kit_s, False, goal_limit=START_GOAL),
    ]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="fewer rounds")
    args = parser.parse_args(argv)
    print(format_table(rows(args.quick)))


if __name__ == "__main__":
    main()
