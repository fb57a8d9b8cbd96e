"""What every benchmark shares: the row of the one table ``make bench`` prints, interleaved timing, missing peers.

A :class:`Row` is one figure of ours beside its peer's, measured in the same run (interleaved rounds, the best of
each side: the machine is shared and noisy), with the goal the issue or DESIGN.md sets, as a ratio over the peer
or an absolute bound.  A peer that is not installed raises :class:`PeerMissing`: ``make bench`` fails loudly
rather than leave its row out.
"""

from __future__ import annotations

import importlib
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import ModuleType

__all__ = ["PeerMissing", "Row", "best_rates", "peer", "process_seconds", "rate"]


class PeerMissing(RuntimeError):
    """A peer library a row compares against is not installed (``pip install -e '.[bench]'``)."""


def peer(module: str) -> ModuleType:
    """Import a peer library, or raise :class:`PeerMissing` naming it."""
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        raise PeerMissing(f"peer {module!r} is not installed: `make .venv/.installed` installs it") from exc


@dataclass(frozen=True)
class Row:
    """One line of the table.

    * ``what``: the workload; ``unit``: of both figures (``hands/s``, ``s``, ``evals/s``...).
    * ``ours``, ``theirs``: the figures; ``peer``: whose ``theirs`` is.
    * ``higher_is_better``: rates (True) or times (False); the ratio is always "how many times better are we".
    * ``goal_ratio``: the ratio the issue asks for, or None; ``goal_limit``: an absolute bound on ``ours`` (a
      floor for rates, a ceiling for times), or None.
    """

    what: str
    unit: str
    ours: float
    peer: str
    theirs: float
    higher_is_better: bool = True
    goal_ratio: float | None = None
    goal_limit: float | None = None

    @property
    def ratio(self) -> float:
        """How many times better ours is than the peer's (above 1: ours is better)."""
        if self.higher_is_better:
            return self.ours / self.theirs if self.theirs else float("inf")
        return self.theirs / self.ours if self.ours else float("inf")

    @property
    def met(self) -> bool | None:
        """Whether every goal of the row holds (None: the row has no goal)."""
        if self.goal_ratio is None and self.goal_limit is None:
            return None
        ok = self.goal_ratio is None or self.ratio >= self.goal_ratio
        if self.goal_limit is not None:
            ok = ok and (self.ours >= self.goal_limit if self.higher_is_better else self.ours <= self.goal_limit)
        return ok

    def goal_text(self) -> str:
        parts = []
        if self.goal_ratio is not None:
            parts.append(f">={self.goal_ratio:g}x")
        if self.goal_limit is not None:
            parts.append(f"{'>=' if self.higher_is_better else '<='}{_number(self.goal_limit)}")
        return " ".join(parts) or "-"


def _number(x: float) -> str:
    if x >= 100:
        return f"{x:,.0f}"
    if x >= 1:
        return f"{x:.2f}"
    return f"{x:.3f}"


def format_table(rows: Sequence[Row]) -> str:
    """The table: one line a row, ours beside the peer's, the ratio, the goal and whether it is met."""
    head = (f"{'benchmark':58} {'unit':>8} {'pokerroom':>12} {'peer':>12} {'peer figure':>12} {'ratio':>8} "
            f"{'goal':>12}  met")  # fmt: skip
    lines = [head, "-" * len(head)]
    for r in rows:
        met = {None: "", True: "yes", False: "NO"}[r.met]
        lines.append(
            f"{r.what[:58]:58} {r.unit:>8} {_number(r.ours):>12} {r.peer[:12]:>12} {_number(r.theirs):>12} "
            f"{r.ratio:7.2f}x {r.goal_text():>12}  {met}"
        )
    return "\n".join(lines)


def rate(fn: Callable[[], int], min_seconds: float = 0.5) -> float:
    """Items per second of ``fn`` (which returns how many items it did), calls repeated for at least
    ``min_seconds``."""
    done, start = 0, time.perf_counter()
    while True:
        done += fn()
        elapsed = time.perf_counter() - start
        if elapsed >= min_seconds:
            return done / elapsed


def best_rates(sides: Sequence[Callable[[], int]], rounds: int = 3, min_seconds: float = 0.5) -> list[float]:
    """The best rate of each side over ``rounds`` interleaved rounds (one untimed warm-up call each first), so that
    a noisy moment on the shared machine hurts every side alike."""
    for fn in sides:
        fn()
    best = [0.0] * len(sides)
    for _ in range(rounds):
        for i, fn in enumerate(sides):
            best[i] = max(best[i], rate(fn, min_seconds))
    return best


def process_seconds(
    commands: Sequence[Sequence[str]], rounds: int = 5, env: dict[str, str] | None = None
) -> list[float]:
    """The fastest wall time of each whole-process command over ``rounds`` interleaved rounds (start-up included);
    a command that fails raises :class:`subprocess.CalledProcessError`."""
    best = [float("inf")] * len(commands)
    for _ in range(rounds):
        for i, cmd in enumerate(commands):
            start = time.perf_counter()
            subprocess.run(list(cmd), check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
            best[i] = min(best[i], time.perf_counter() - start)
    return best


PYTHON = sys.executable
