"""``pokerroom replay PATH...``: replay PHH hand histories through the engine and report each hand.

One line per hand (status, path, ``#index`` and ``[label]``, message), then a summary with the count of each
status and the hands per second.  Statuses are those of :func:`pokerroom.formats.replay.replay` (``ok``,
``mismatch``, ``error``, ``unchecked``, ``incomplete``, ``rake``).  A hand that cannot be read is an ``error``
line of its own, naming its table and field, and the rest of its file replays; a file that cannot be read at all
(missing, a pipe or device, over ``--max-size``, not UTF-8) gives one ``error`` line and the run goes on.  A hand
on the allow-list of known data faults keeps its status and carries the reason.  The exit status is 0 only when
every hand is ``ok``, ``unchecked``, ``incomplete``, ``rake`` or allow-listed.

``--json`` writes JSON Lines to stdout (one object per hand: path, index, label, status, expected, computed,
allowed, message) and the summary to stderr.  A progress bar (stderr) appears on long runs in a terminal.
"""

from __future__ import annotations

import json
import sys
import time
from collections import Counter
from collections.abc import Iterator
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from pokerroom.errors import PokerroomError
from pokerroom.formats import phh
from pokerroom.formats.replay import PASSING, STATUSES, ReplayResult, allowed_reason
from pokerroom.formats.replay import replay as replay_hand
from pokerroom.words import plural

__all__ = ["STATUSES", "format_line", "replay", "replay_paths"]

PROGRESS_FROM = 50
"""Show a progress bar from this many files on (when stderr is a terminal)."""


def _file_error(path: str, message: str) -> ReplayResult:
    return ReplayResult(path, 0, None, "error", None, None, allowed_reason(path), message)


def _bad_hand(bad: phh.BadHand) -> ReplayResult:
    message = str(bad.error)
    prefix = f"{bad.where}: "
    if message.startswith(prefix):  # the line names the file and table already
        message = message[len(prefix) :]
    return ReplayResult(bad.path, bad.index, bad.label, "error", None, None, allowed_reason(bad.path), message)


def replay_paths(
    paths: list[Path], *, unit: Decimal | None = None, max_bytes: int = phh.MAX_FILE_BYTES
) -> Iterator[ReplayResult | Path]:
    """Replay every hand of every PHH file under ``paths``: yields each file (a :class:`~pathlib.Path`)
    before its results, then one :class:`ReplayResult` per hand.  A hand that cannot be read is an ``error``
    result in its place (its table and the field named) and the rest of the file replays; a file that cannot be
    read at all (missing, not a regular file, over ``max_bytes``, not UTF-8, not TOML) gives one ``error``
    result; an engine fault is an ``error`` for that hand."""
    for root in paths:
        try:
            files = list(phh.iter_paths(root))
        except OSError as exc:
            yield _file_error(str(root), str(exc))
            continue
        for path in files:
            yield path
            try:
                for record in phh.read_each(path, max_bytes=max_bytes):
                    if isinstance(record, phh.BadHand):
                        yield _bad_hand(record)
                        continue
                    try:
                        yield replay_hand(record, unit=unit)
                    except Exception as exc:  # an engine fault: report it and go on with the next hand
                        yield ReplayResult(
                            record.path, record.index, record.label, "error", None, None,
                            allowed_reason(str(path)), f"internal error {type(exc).__name__}: {exc}",
                        )  # fmt: skip
            except (PokerroomError, OSError) as exc:
                yield _file_error(str(path), f"cannot read: {exc}")


def count_files(paths: list[Path]) -> int:
    total = 0
    for root in paths:
        try:
            total += sum(1 for _ in phh.iter_paths(root))
        except OSError:
            total += 1
    return total


def format_line(result: ReplayResult) -> str:
    """``ok         path  #0  final stacks match``; a label shows as ``#3 [10]``, an allow-listed hand ends
    with ``(allow-listed: reason)``."""
    ref = f"#{result.index}" + (f" [{result.label}]" if result.label is not None else "")
    line = f"{result.status:<9}  {result.path}  {ref}  {result.message}"
    if result.allowed is not None:
        line += f"  (allow-listed: {result.allowed})"
    return line


def _parse_unit(text: str | None) -> Decimal | None:
    if text is None:
        return None
    try:
        unit = Decimal(text)
    except InvalidOperation:
        raise typer.BadParameter(f"{text!r} is not a decimal number", param_hint="--unit") from None
    if not unit.is_finite() or unit <= 0:
        raise typer.BadParameter(f"the unit must be a positive decimal, not {text!r}", param_hint="--unit")
    return unit


def replay(
    paths: Annotated[list[Path], typer.Argument(help="PHH files (.phh, .phhs) or folders, searched recursively.")],
    as_json: Annotated[
        bool, typer.Option("--json", help="Write JSON Lines to stdout; the summary goes to stderr.")
    ] = False,
    unit: Annotated[
        str | None,
        typer.Option(
            help="Chip unit for replay (default: the largest unit dividing each hand's amounts, never coarser "
            "than the currency's smallest unit, or 1)."
        ),
    ] = None,
    max_size: Annotated[
        int,
        typer.Option(
            "--max-size", min=1, help="Largest file read, in MiB; a larger file is one error line.", show_default=True
        ),
    ] = phh.MAX_FILE_BYTES >> 20,
) -> None:
    """Replay PHH hand histories through the engine and compare the final stacks and winnings."""
    chip = _parse_unit(unit)
    err = Console(stderr=True, highlight=False, soft_wrap=True)
    summary = err if as_json else Console(highlight=False, soft_wrap=True)
    counts: Counter[str] = Counter()
    allowed = 0
    failed = 0
    hands = 0
    total_files = count_files(paths) if err.is_terminal else 0
    progress = Progress(
        TextColumn("replaying"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("files"),
        TimeRemainingColumn(),
        console=err,
        transient=True,
        redirect_stdout=sys.stdout.isatty(),
        redirect_stderr=False,
        disable=total_files < PROGRESS_FROM,
    )
    task = progress.add_task("replay", total=total_files)
    started = time.perf_counter()
    with progress:
        for item in replay_paths(paths, unit=chip, max_bytes=max_size << 20):
            if isinstance(item, Path):
                progress.advance(task)
                continue
            hands += 1
            counts[item.status] += 1
            if item.allowed is not None:
                allowed += 1
            elif item.status not in PASSING:
                failed += 1
            text = json.dumps(item.to_json()) if as_json else format_line(item)
            print(text)  # sys.stdout now: the progress bar's proxy while it redirects
    seconds = time.perf_counter() - started
    rate = hands / seconds if seconds > 0 else 0.0
    parts = ", ".join(f"{counts[s]} {s}" for s in STATUSES)
    extra = "".join(f", {n} {s}" for s, n in sorted(counts.items()) if s not in STATUSES)
    note = f"; {allowed} allow-listed" if allowed else ""
    summary.print(
        f"{plural(hands, 'hand')} in {seconds:.2f} s ({rate:,.0f} hands/s): {parts}{extra}{note}",
        markup=False,
    )
    if not hands:  # a folder without a hand history is most likely the wrong folder: say so, exit 1
        where = ", ".join(str(p) for p in paths)
        err.print(f"warning: no hand histories (.phh, .phhs files) under {where}", markup=False)
        raise typer.Exit(code=1)
    if failed:
        raise typer.Exit(code=1)
