"""The load test's figures: the processes' tallies summed into one :class:`Summary`, shown as a Rich table or
one JSON object (docs/cli.md, "pokerroom loadtest")."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rich.table import Table

from pokerroom.loadtest.client import Tally
from pokerroom.words import plural

__all__ = ["STALL_SECONDS", "Summary", "percentile"]

STALL_SECONDS = 10.0
"""A table with no action of ours applied in the run's last this many seconds (or in the whole run, when it is
shorter) counts as stalled."""


def percentile(values: list[float], q: float) -> float:
    """The nearest-rank ``q`` quantile (0 < q <= 1) of ``values``; NaN when there are none.

    >>> percentile([4.0, 1.0, 3.0, 2.0], 0.5), percentile([4.0, 1.0, 3.0, 2.0], 0.99)
    (2.0, 4.0)
    """
    if not values:
        return math.nan
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


@dataclass(frozen=True)
class Summary:
    """The run's figures: ``actions`` applied in the window of ``seconds``, their rate, latency quantiles (ms;
    ``None`` when no action was measured), ``errors`` (every error message, dropped connection and action never
    seen applied: ``errors_by_code``), ``stalled_tables``, delta gaps ``resyncs``, ``messages`` received (all,
    full states, deltas), the load tool's CPU over the window (``client_cpu``, percent of one core, every
    process together), and what was offered: ``think`` (s), ``clients``, ``game``."""

    tables: int
    seconds: float
    think: float
    clients: int
    actions: int
    latencies: int
    p50_ms: float | None
    p95_ms: float | None
    p99_ms: float | None
    max_ms: float | None
    errors_by_code: dict[str, int]
    stalled_tables: int
    resyncs: int
    messages: dict[str, int]
    client_cpu: float
    game: str

    @property
    def actions_per_s(self) -> float:
        return self.actions / self.seconds if self.seconds > 0 else 0.0

    @property
    def errors(self) -> int:
        return sum(self.errors_by_code.values())

    @classmethod
    def of(cls, tallies: Sequence[Tally], tables: list[int], seconds: float, think: float, game: str) -> Summary:
        """Sum the processes' tallies (``tables``: every table's id)."""
        end = max((tally.end for tally in tallies), default=0.0)
        latencies: list[float] = []
        applied = resyncs = 0
        cpu = 0.0
        messages = {"all": 0, "state": 0, "delta": 0}
        last: dict[int, float] = {}
        errors: dict[str, int] = {}
        for tally in tallies:
            latencies.extend(tally.latencies)
            applied += tally.applied
            resyncs += tally.resyncs
            cpu += tally.cpu
            messages["all"] += tally.messages
            messages["state"] += tally.states
            messages["delta"] += tally.deltas
            for table, t in tally.last_applied.items():
                last[table] = max(t, last.get(table, -math.inf))
            for code, n in tally.errors.items():
                errors[code] = errors.get(code, 0) + n
        since = end - min(STALL_SECONDS, seconds)
        stalled = sum(1 for table in tables if last.get(table, -math.inf) < since)

        def q(level: float) -> float | None:
            return round(percentile(latencies, level), 1) if latencies else None

        return cls(
            tables=len(tables), seconds=seconds, think=think, clients=len(tables) * 6, actions=applied,
            latencies=len(latencies), p50_ms=q(0.50), p95_ms=q(0.95), p99_ms=q(0.99),
            max_ms=round(max(latencies), 1) if latencies else None, errors_by_code=dict(sorted(errors.items())),
            stalled_tables=stalled, resyncs=resyncs, messages=messages,
            client_cpu=round(100 * cpu / seconds, 1) if seconds > 0 else 0.0, game=game,
        )  # fmt: skip

    def as_json(self) -> dict[str, Any]:
        """The ``--json`` object: the nine keys docs/cli.md promises first, then the details."""
        return {
            "tables": self.tables, "seconds": self.seconds, "actions": self.actions,
            "actions_per_s": round(self.actions_per_s, 2), "p50_ms": self.p50_ms, "p95_ms": self.p95_ms,
            "p99_ms": self.p99_ms, "errors": self.errors, "stalled_tables": self.stalled_tables,
            "max_ms": self.max_ms, "errors_by_code": self.errors_by_code, "think": self.think,
            "clients": self.clients, "resyncs": self.resyncs, "messages": self.messages,
            "client_cpu": self.client_cpu, "game": self.game,
        }  # fmt: skip

    def table(self) -> Table:
        """The figures as a Rich table of two columns."""

        def ms(value: float | None) -> str:
            return "-" if value is None else f"{value:.1f} ms"

        title = f"{plural(self.tables, 'table')}, {plural(self.clients, 'client')}, {self.seconds:g} s"
        out = Table(title=f"pokerroom loadtest: {title}")
        out.add_column("figure")
        out.add_column("value", justify="right")
        errors = ", ".join(f"{code} {n}" for code, n in self.errors_by_code.items())
        rows = [
            ("offered", f"think {self.think:g} s (mean, exponential) per turn; {self.game}"),
            ("actions", f"{self.actions}"),
            ("actions/s", f"{self.actions_per_s:.1f}"),
            ("latency p50", ms(self.p50_ms)),
            ("latency p95", ms(self.p95_ms)),
            ("latency p99", ms(self.p99_ms)),
            ("latency max", ms(self.max_ms)),
            ("errors", f"{self.errors}" + (f" ({errors})" if errors else "")),
            ("stalled_tables", f"{self.stalled_tables}"),
            ("messages", f"{self.messages['all']} ({self.messages['state']} states, {self.messages['delta']} deltas)"),
            ("resyncs", f"{self.resyncs}"),
            ("load tool CPU", f"{self.client_cpu:.0f}% of a core"),
        ]
        for name, value in rows:
            out.add_row(name, value)
        return out
