"""``pokerroom replay`` of the Pluribus PHH files beside PokerKit loading and walking the same files (issue 24).

Inputs: the first 2,000 files of ``../shared/phh/dataset/pluribus`` in sorted path order (``rglob("*.phh")``), the
same files for both sides.  Rows:

1. whole process, seconds: ``pokerroom replay FILE...`` (the venv's console script; its output discarded, exit
   status 0 required: every hand replays ``ok``) beside a Python process that imports PokerKit and, for each file,
   ``HandHistory.load(f)`` then ``for state in hh: pass``; interpreter start and imports included.  Goal: 3x.
2. the replay step alone, hands/s, in process: :func:`pokerroom.formats.replay.replay` of the records already read
   beside PokerKit's ``for state in hh: pass`` over the histories already loaded.  Goal: 10x.
3. reading alone, files/s, in process (information): :func:`pokerroom.formats.phh.read` (the fast reader for the
   one-key-a-line layout, records checked) beside ``tomllib.load`` of the same files (bare TOML, nothing checked);
   each timed call reads the next 2,000 files of the whole Pluribus set, so that no call meets the lines the reader
   remembered from its last pass over the same files.

Both processes of row 1 run with bytecode caching allowed (``PYTHONDONTWRITEBYTECODE`` dropped from their
environment, one untimed run each first): a user's installed package has its ``.pyc`` files, and PokerKit's come
with its wheel.  Interleaved rounds, the best of each side (:mod:`common`).
``python benchmarks/bench_replay.py [--quick]``; ``benchmarks/run.py`` prints every table.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tomllib
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path

from common import PYTHON, Row, best_rates, format_table, peer, process_seconds

PLURIBUS = Path(__file__).resolve().parents[1].parent / "shared" / "phh" / "dataset" / "pluribus"
FILES = 2000
"""How many Pluribus files every row reads (the issue's figure)."""

POKERKIT_SCRIPT = """\
import sys
from pokerkit import HandHistory
for name in sys.argv[1:]:
    with open(name, "rb") as f:
        hh = HandHistory.load(f)
    for state in hh:
        pass
"""
"""The PokerKit process of row 1: every file named on its command line loaded, then walked state by state."""


def paths(limit: int = FILES) -> list[Path]:
    """The first ``limit`` Pluribus files in sorted path order; raises :class:`FileNotFoundError` without them."""
    found = sorted(PLURIBUS.rglob("*.phh"))[:limit]
    if len(found) < limit:
        raise FileNotFoundError(f"{PLURIBUS}: {len(found)} .phh files, {limit} needed")
    return found


def _console_script() -> str:
    script = Path(sys.executable).parent / "pokerroom"
    if not script.exists():
        raise FileNotFoundError(f"{script}: no pokerroom console script (pip install -e .)")
    return str(script)


def whole_process(files: list[Path], rounds: int) -> Row:
    """Row 1: both whole processes, seconds of wall time (lower is better)."""
    peer("pokerkit")
    names = [str(p) for p in files]
    commands = [[_console_script(), "replay", *names], [PYTHON, "-c", POKERKIT_SCRIPT, *names]]
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    for cmd in commands:  # untimed: writes the bytecode caches a user's install has
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    ours, theirs = process_seconds(commands, rounds=rounds, env=env)
    return Row(f"`pokerroom replay` {len(files):,} Pluribus files, whole process", "s", ours, "pokerkit",
               theirs, higher_is_better=False, goal_ratio=3)  # fmt: skip


def ours_replay(files: list[Path]) -> Callable[[], int]:
    """Replay every record, read beforehand; raises if one is not ``ok`` (the work must be the whole replay)."""
    from pokerroom.formats.phh import read
    from pokerroom.formats.replay import replay

    records = [h for p in files for h in read(p)]

    def run() -> int:
        for record in records:
            if replay(record).status != "ok":
                raise AssertionError(f"{record.path} did not replay ok")
        return len(records)

    return run


def theirs_replay(files: list[Path]) -> Callable[[], int]:
    """Walk every PokerKit history, loaded beforehand, state by state."""
    pokerkit = peer("pokerkit")
    histories = []
    for p in files:
        with p.open("rb") as f:
            histories.append(pokerkit.HandHistory.load(f))

    def run() -> int:
        for hh in histories:
            for _state in hh:
                pass
        return len(histories)

    return run


def _chunks(files: list[Path], size: int = FILES) -> Callable[[], list[Path]]:
    """The next ``size`` of ``files`` at each call, round the list."""
    position = 0

    def next_chunk() -> list[Path]:
        nonlocal position
        chunk = [files[(position + k) % len(files)] for k in range(size)]
        position = (position + size) % len(files)
        return chunk

    return next_chunk


def ours_read(files: list[Path]) -> Callable[[], int]:
    """Read files into checked records (:func:`pokerroom.formats.phh.read`), 2,000 more at each call."""
    from pokerroom.formats.phh import read

    chunk = _chunks(files)
    return lambda: sum(len(read(p)) for p in chunk())


def tomllib_read(files: list[Path]) -> Callable[[], int]:
    """Parse files with :mod:`tomllib` (amounts as Decimal, as the reader's fallback does), 2,000 more at each
    call."""
    chunk = _chunks(files)

    def run() -> int:
        done = 0
        for p in chunk():
            with p.open("rb") as f:
                tomllib.load(f, parse_float=Decimal)
            done += 1
        return done

    return run


def rows(quick: bool = False) -> list[Row]:
    """The three rows (``quick``: fewer rounds and shorter timings, the same 2,000 files)."""
    files = paths()
    rounds, seconds = (2, 0.3) if quick else (5, 1.0)
    out = [whole_process(files, rounds)]
    ours, theirs = best_rates([ours_replay(files), theirs_replay(files)], rounds=3, min_seconds=seconds)
    out.append(Row("Pluribus replay step alone (records in memory)", "hands/s", ours, "pokerkit", theirs,
                   goal_ratio=10))  # fmt: skip
    every = sorted(PLURIBUS.rglob("*.phh"))
    ours, theirs = best_rates([ours_read(every), tomllib_read(every)], rounds=3, min_seconds=seconds)
    out.append(Row("Pluribus files read: phh.read beside bare tomllib", "files/s", ours, "tomllib", theirs))
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="fewer rounds, shorter timings")
    args = parser.parse_args(argv)
    print(format_table(rows(args.quick)))


if __name__ == "__main__":
    main()
