"""``pokerroom stats PATH...``: player statistics from hand histories (PHH, PokerStars text), as trackers have them:
hands, VPIP, PFR, three-bet, fold to three-bet, went to showdown, won at showdown, aggression, net won and bb/100
with its 95% interval (:mod:`pokerroom.stats`; each statistic's definition is in ``docs/cli.md``).

Files are found and read as ``pokerroom replay`` reads them (:mod:`pokerroom.cli.histories`,
:func:`pokerroom.cli.replay.replay_paths`: ``--format auto|phh|pokerstars``, folders searched recursively for
``.phh``, ``.phhs`` and ``.txt`` files, ``--max-size``), and every hand is replayed through the engine; an ACPC
dealer log is one ``error`` line (it has no players' actions to count: ``pokerroom replay --game`` replays it).

A hand is counted when its replay settled it with a passing status (:func:`pokerroom.stats.report.uncounted`);
any other hand, and a file that cannot be read, is one line on stderr as ``pokerroom replay`` writes it (its
status, path, ``#index [label]`` and why), counted in the summary, and the run goes on.  Standard output holds
the statistics only: a Rich table, ``--json`` (JSON Lines, one object per player and group) or ``--csv`` (a
header, then one row per player and group).  ``--by game``, ``--by stakes`` or ``--by game,stakes`` gives a row per
player per group; ``--min-hands N`` drops rows with fewer hands; ``--player NAME`` (repeatable) keeps those
players.  The summary goes to stderr.  A progress bar (stderr) appears on long runs in a terminal.  Exit status 0
when any hand was counted, else 1.
"""

from __future__ import annotations

import csv
import json
import math
import sys
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from pokerroom.cli.histories import (
    Format,
    MaxSize,
    Skipped,
    count_files,
    detect,
    format_option,
    iter_files,
    parse_format,
)
from pokerroom.cli.histories import no_histories as no_histories_warning
from pokerroom.cli.replay import PROGRESS_FROM, format_line, replay_paths
from pokerroom.formats.replay import ReplayResult, allowed_reason
from pokerroom.stats.report import COLUMNS, GROUPS, RATIOS, PlayerStats, Report, uncounted
from pokerroom.words import plural

__all__ = ["parse_groups", "stats", "stats_results"]

READS = (Format.AUTO, Format.PHH, Format.POKERSTARS)
"""The formats ``--format`` takes."""

HEADERS = {
    "vpip": "VPIP",
    "pfr": "PFR",
    "three_bet": "3Bet",
    "fold_to_three_bet": "F3Bet",
    "wtsd": "WTSD",
    "wsd": "W$SD",
}
"""The table's column for each ratio (percent)."""


def parse_groups(text: str | None) -> tuple[str, ...]:
    """``--by``: ``game``, ``stakes`` or both, comma-separated, in any case (``None``: by player only).  Raises
    :class:`typer.BadParameter` on ``--by`` (exit 2) for another word, naming the groups there are."""
    if text is None:
        return ()
    words = [w.strip().lower() for w in text.split(",") if w.strip()]
    bad = [w for w in words if w not in GROUPS]
    if bad or not words:
        raise typer.BadParameter(
            f"cannot group by {', '.join(repr(w) for w in bad) or 'nothing'}: use game, stakes or game,stakes",
            param_hint="--by",
        )
    return tuple(g for g in GROUPS if g in words)


def _is_acpc(path: Path) -> bool:
    try:
        return detect(path) is Format.ACPC
    except OSError:
        return False  # the reader reports it


def stats_results(
    paths: list[Path], *, fmt: Format = Format.AUTO, max_bytes: int | None = None, skipped: Skipped | None = None
) -> Iterator[ReplayResult | Path]:
    """Every hand of every hand-history file under ``paths`` replayed (:func:`~pokerroom.cli.replay.replay_paths`,
    file by file): each file (a :class:`~pathlib.Path`) before its results.  An ACPC dealer log found by its
    content is one ``error`` result: it is not read."""
    for root in paths:
        try:
            files = list(iter_files(root, skipped))
        except OSError as exc:
            yield ReplayResult(str(root), 0, None, "error", None, None, allowed_reason(str(root)), str(exc))
            continue
        for path in files:
            if fmt is Format.AUTO and _is_acpc(path):
                yield path
                message = "an ACPC dealer log has no players' actions to count: replay it with --game GAMEFILE"
                yield ReplayResult(str(path), 0, None, "error", None, None, None, message)
                continue
            for item in replay_paths([path], fmt=fmt, max_bytes=max_bytes):
                if isinstance(item, ReplayResult | Path):
                    yield item


def _percent(value: float | None) -> str:
    return "-" if value is None else f"{value:.1f}"


def _bb(row: PlayerStats) -> str:
    mean, half = row.bb_per_100
    return f"{mean:+.1f}" if math.isinf(half) else f"{mean:+.1f} ± {half:.1f}"


def _table(rows: list[PlayerStats], by: tuple[str, ...]) -> Table:
    table = Table(show_edge=False, pad_edge=False)
    table.add_column("Player")
    if "game" in by:
        table.add_column("Game")
    if "stakes" in by:
        table.add_column("Stakes")
    for name in ("Hands", *HEADERS.values(), "AF", "Net", "Net bb", "bb/100 (95%)"):
        table.add_column(name, justify="right")
    for r in rows:
        cells = [r.player]
        if "game" in by:
            cells.append(f"{r.game} ({r.limit})")
        if "stakes" in by:
            cells.append(r.stakes or "")
        cells.append(f"{r.hands:,}")
        cells += [_percent(r.ratio(name).percent) for name in RATIOS]
        cells.append("-" if r.aggression is None else f"{r.aggression:.2f}")
        cells += [f"{r.net_chips.normalize():+,f}", f"{float(r.net_bb):+,.1f}", _bb(r)]
        table.add_row(*cells)
    return table


def _write_csv(rows: list[PlayerStats]) -> None:
    writer = csv.DictWriter(sys.stdout, fieldnames=COLUMNS, lineterminator="\n")
    writer.writeheader()
    for r in rows:
        writer.writerow({k: "" if v is None else v for k, v in r.to_json().items()})


def stats(
    paths: Annotated[
        list[Path],
        typer.Argument(help="Hand histories: PHH (.phh, .phhs) or PokerStars text (.txt) files, or folders."),
    ],
    as_json: Annotated[
        bool, typer.Option("--json", help="JSON Lines to stdout: one object per player (and group).")
    ] = False,
    as_csv: Annotated[bool, typer.Option("--csv", help="CSV to stdout: a header, one row per player (and group).")] = (
        False
    ),
    by: Annotated[
        str | None,
        typer.Option("--by", metavar="game|stakes|game,stakes", help="A row per player per game and/or stakes."),
    ] = None,
    min_hands: Annotated[int, typer.Option("--min-hands", min=0, metavar="N", help="Rows with N hands or more.")] = 0,
    players: Annotated[
        list[str] | None, typer.Option("--player", metavar="NAME", help="Only this player (repeatable).")
    ] = None,
    max_size: MaxSize = None,
    fmt: Annotated[str, format_option(("phh", "pokerstars"))] = Format.AUTO.value,
) -> None:
    """Player statistics from hand histories: VPIP, PFR, three-bet, showdowns, aggression, bb/100."""
    if as_json and as_csv:
        raise typer.BadParameter("choose one of --json and --csv", param_hint="--csv")
    read_as = parse_format(fmt, READS, "--format")
    groups = parse_groups(by)
    report = Report(groups)
    err = Console(stderr=True, highlight=False, soft_wrap=True)
    skipped = Skipped()
    not_counted: Counter[str] = Counter()
    total_files = count_files(paths) if err.is_terminal else 0
    progress = Progress(
        TextColumn("counting"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("files"),
        TimeRemainingColumn(),
        console=err,
        transient=True,
        redirect_stdout=False,
        redirect_stderr=False,
        disable=total_files < PROGRESS_FROM,
    )
    task = progress.add_task("stats", total=total_files)
    started = time.perf_counter()
    max_bytes = None if max_size is None else max_size << 20
    with progress:
        for item in stats_results(paths, fmt=read_as, max_bytes=max_bytes, skipped=skipped):
            if isinstance(item, Path):
                progress.advance(task)
                continue
            why = uncounted(item)
            if why is None:
                report.add(item)
            else:
                not_counted[item.status] += 1
                err.print(format_line(item), markup=False)
    seconds = time.perf_counter() - started
    rows = report.rows(min_hands=min_hands, players=players)
    if as_json:
        for r in rows:
            print(json.dumps(r.to_json()))
    elif as_csv:
        _write_csv(rows)
    elif rows:
        out = Console(highlight=False)
        if not out.is_terminal:
            out = Console(highlight=False, width=200)  # a pipe or a file: never squeeze the table
        out.print(_table(rows, groups))
    sys.stdout.flush()  # the statistics before the summary, where both go to one place
    bad = sum(not_counted.values())
    parts = ", ".join(f"{n} {s}" for s, n in sorted(not_counted.items()))
    summary = f"{plural(report.hands, 'hand', spec=',')} counted in {seconds:.2f} s"
    summary += f"; {plural(bad, 'hand', spec=',')} not counted ({parts})" if bad else ""
    summary += f"; {plural(len(rows), 'row')}" + (" (none matched)" if not rows and report.hands else "")
    summary += f" {skipped.note()}" if skipped else ""
    err.print(summary, markup=False)
    if not report.hands:
        if not bad:
            err.print(no_histories_warning(paths), markup=False)
        raise typer.Exit(code=1)
