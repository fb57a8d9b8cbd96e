"""``pokerroom replay PATH...``: replay hand histories (PHH, PokerStars text, ACPC dealer logs) through the engine
and report each hand.

Each file's format is found from its content (``--format auto``, the default): PokerStars text starts with a
hand's first line (:func:`pokerroom.formats.pokerstars.is_pokerstars` on the file's decoded start), anything else
is read as PHH (TOML); ``--format phh`` or ``--format pokerstars`` forces one (any case).  A folder yields its
``.phh``, ``.phhs`` and ``.txt`` files (PokerStars exports are ``.txt``; the extension in any case), recursively,
in sorted order; the summary counts the other files it skipped, by extension.

One line per hand (status, path, ``#index`` and ``[label]``, message), then a summary with the count of each
status (:data:`STATUSES`) and the hands per second.  Statuses are those of :func:`pokerroom.formats.replay.replay`
(``ok``, ``mismatch``, ``error``, ``unchecked``, ``incomplete``, ``rake``) and ``unsupported``: a PokerStars hand
the engine cannot deal (a board run twice, a game it does not know), named in the message.  A PokerStars hand's
label is its hand id; :func:`pokerroom.formats.pokerstars.check` compares each amount, pot and the rake.  A hand
that cannot be read is an ``error`` line of its own, naming its table (PHH) or hand and line (PokerStars), and
the rest of its file replays; a file that cannot be read at all (missing, empty, an archive, a pipe or device,
over ``--max-size``, not UTF-8 PHH, a ``.txt`` in neither format) gives one ``error`` line and the run goes on.
A hand on the allow-list of known data faults keeps its status and carries the reason.  The exit status is 0 only
when every hand is ``ok``, ``unchecked``, ``incomplete``, ``rake``, ``unsupported`` (named, not a fault) or
allow-listed.

An ACPC dealer log (``--format acpc``, or found: its first line that is not a ``#`` comment starts with
``STATE:``) needs ``--game GAMEFILE``, its game definition (without it: a usage error, exit 2).  Each ``STATE``
line is a hand labelled with its hand number, replayed by :func:`pokerroom.formats.acpc.log.replay_state`:
``ok``, ``mismatch`` (the first position whose net result differs), ``error`` (a line that cannot be read or
betting the engine refuses) or ``unsupported`` (a game the engine cannot deal).  After its hands comes the line
``SCORE:<totals>:<names>`` summed from our replay (:class:`AcpcScore`), then whether it matches the log's own
``SCORE`` line; a difference makes the exit status 1.

``--json`` writes JSON Lines to stdout (one object per hand: path, index, label, status, expected, computed,
allowed, message, winnings, computed_winnings) and the summary to stderr.  A progress bar (stderr) appears on
long runs in a terminal.  With ``--json`` an ACPC log's ``SCORE`` lines go to stderr with the summary.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, replace
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, TextIO

import typer

from pokerroom.cli.histories import (
    AcpcLog,
    Format,
    MaxSize,
    Skipped,
    count_files,
    format_option,
    iter_files,
    no_histories,
    parse_format,
    read_hands,
    read_log_lines,
)
from pokerroom.errors import AcpcError, PokerroomError, UnsupportedGame
from pokerroom.formats import phh
from pokerroom.formats import pokerstars as stars  # each name loads its module on first use
from pokerroom.formats.replay import PASSING, ReplayResult, allowed_reason
from pokerroom.formats.replay import replay as replay_hand
from pokerroom.words import plural

if TYPE_CHECKING:
    from rich.console import Console

    from pokerroom.formats.acpc.gamedef import AcpcGame
    from pokerroom.formats.acpc.log import ScoreLine

# Why so few imports above: a run of PHH files starts in a fraction of a second (issue 24); Rich's progress bar,
# the PokerStars reader and the ACPC modules load where a run needs them.

__all__ = ["PASSING_STATUSES", "STATUSES", "AcpcScore", "format_line", "replay", "replay_paths"]

STATUSES = stars.STATUSES
"""Every status, in the summary's order: the PHH replay's and ``unsupported`` (a PokerStars hand the engine
cannot deal)."""

PASSING_STATUSES = PASSING | {"unsupported"}
"""The statuses that leave the exit status 0: ``unsupported`` is named in its line, not a fault of the file."""

PROGRESS_FROM = 50
"""Show a progress bar from this many files on (when stderr is a terminal)."""


def _file_error(path: str, message: str) -> ReplayResult:
    return ReplayResult(path, 0, None, "error", None, None, allowed_reason(path), message)


def _bad_hand(bad: phh.BadHand | stars.BadStarsHand) -> ReplayResult:
    """A hand the reader refused, as an ``error`` line: the message without the file and hand the line names."""
    message = str(bad.error)
    for prefix in (f"{bad.where}: ", f"{bad.where}, ", f"{bad.path}, "):
        message = message.removeprefix(prefix)
    label = bad.label if isinstance(bad, phh.BadHand) else bad.hand_id
    return ReplayResult(bad.path, bad.index, label, "error", None, None, allowed_reason(bad.path), message)


def _replay_one(hand: phh.PHHHand | stars.StarsHand, path: Path, unit: Decimal | None) -> ReplayResult:
    """One hand's result; an engine fault is an ``error`` for that hand, and the run goes on."""
    try:
        if isinstance(hand, phh.PHHHand):  # asked first: a run of PHH files never loads the PokerStars reader
            return replay_hand(hand, unit=unit)
        result = stars.check(hand)
        return result if result.allowed is not None else replace(result, allowed=allowed_reason(str(path)))
    except Exception as exc:  # an engine fault: report it and go on with the next hand
        label = hand.label if isinstance(hand, phh.PHHHand) else hand.hand_id
        return ReplayResult(
            str(path), hand.index, label, "error", None, None,
            allowed_reason(str(path)), f"internal error {type(exc).__name__}: {exc}",
        )  # fmt: skip


@dataclass(frozen=True)
class AcpcScore:
    """An ACPC log's match score: ``ours`` summed from our replay of its hands (each name's net chips over the
    hands that replayed), ``theirs`` the log's own ``SCORE`` line (``None`` when it has none).  Names are in the
    log's ``SCORE`` order when it names the same players, else in the order they first appear."""

    path: str
    ours: ScoreLine
    theirs: ScoreLine | None

    @property
    def matches(self) -> bool | None:
        """Whether each name's total equals the log's (``None``: no ``SCORE`` line to compare with)."""
        if self.theirs is None:
            return None
        return sorted(zip(self.ours.players, self.ours.totals, strict=True)) == sorted(
            zip(self.theirs.players, self.theirs.totals, strict=True)
        )

    def lines(self) -> list[str]:
        """Our ``SCORE`` line, then the verdict: ``SCORE matches the log``, ``SCORE differs from the log's:
        <theirs>`` or ``the log has no SCORE line``."""
        from pokerroom.formats.acpc.log import format_score

        verdict = {
            None: "the log has no SCORE line",
            True: "SCORE matches the log",
            False: f"SCORE differs from the log's: {format_score(self.theirs) if self.theirs else ''}",
        }[self.matches]
        return [format_score(self.ours), verdict]


def _acpc_result(path: Path, index: int, label: str | None, status: str, message: str) -> ReplayResult:
    return ReplayResult(str(path), index, label, status, None, None, allowed_reason(str(path)), message)


def _replay_log(path: Path, game: AcpcGame, max_bytes: int | None) -> Iterator[ReplayResult | AcpcScore]:
    """One ACPC log: a result per ``STATE`` line (its index among them, its hand number the label), then its
    :class:`AcpcScore`.  A line that is neither ``STATE`` nor ``SCORE`` is an ``error`` result naming its number.
    ``expected``/``computed`` of a replayed hand are the log's and our net results by position."""
    from pokerroom.formats.acpc.log import ScoreLine, format_value, parse_score, parse_state, replay_state
    from pokerroom.formats.acpc.play import decimal_value

    totals: dict[str, Fraction] = {}
    theirs: ScoreLine | None = None
    index = 0
    for number, line in read_log_lines(path, max_bytes=max_bytes):
        if line.startswith("SCORE:"):
            try:
                theirs = parse_score(line)
            except AcpcError as exc:
                yield _acpc_result(path, index, None, "error", f"line {number}: {exc}")
            continue
        label = line.split(":")[1] if line.startswith("STATE:") and line.count(":") >= 1 else None
        try:
            state = parse_state(line)
            result, values, differ = replay_state(state, game)
        except UnsupportedGame as exc:
            yield _acpc_result(path, index, label, "unsupported", str(exc))
        except AcpcError as exc:
            yield _acpc_result(path, index, label, "error", f"line {number}: {exc}")
        except Exception as exc:  # an engine fault: report it and go on with the next hand
            message = f"line {number}: internal error {type(exc).__name__}: {exc}"
            yield _acpc_result(path, index, label, "error", message)
        else:
            hand = result.hand
            if hand is None or values is None:
                yield _acpc_result(path, index, label, "error", f"line {number}: {result.message}")
            else:
                ours = [decimal_value(v) for v in values]
                for name, v in zip(state.players, values, strict=True):
                    totals[name] = totals.get(name, Fraction(0)) + v
                if differ:
                    k = differ[0]
                    status = "mismatch"
                    message = (
                        f"p{k + 1} ({state.players[k]}): the log's outcome {format_value(state.outcomes[k])}, "
                        f"the rules give {format_value(ours[k])}"
                    )
                else:
                    status, message = "ok", "outcomes match"
                yield ReplayResult(
                    str(path), index, label, status, list(state.outcomes), ours,
                    allowed_reason(str(path)), message, players=list(state.players),
                )  # fmt: skip
        index += 1
    names = list(totals)
    if theirs is not None and sorted(theirs.players) == sorted(names):
        names = list(theirs.players)  # the log's seat order
    yield AcpcScore(str(path), ScoreLine(tuple(decimal_value(totals[n]) for n in names), tuple(names)), theirs)


def replay_paths(
    paths: list[Path],
    *,
    unit: Decimal | None = None,
    max_bytes: int | None = None,
    fmt: Format = Format.AUTO,
    skipped: Skipped | None = None,
    game: AcpcGame | None = None,
) -> Iterator[ReplayResult | Path | AcpcScore]:
    """Replay every hand of every hand-history file under ``paths`` (PHH, PokerStars text: ``fmt``, found per file
    by default): yields each file (a :class:`~pathlib.Path`) before its results, then one :class:`ReplayResult`
    per hand.  A hand that cannot be read is an ``error`` result in its place (its table and the field named, or
    its hand id and line) and the rest of the file replays; a file that cannot be read at all (missing, not a
    regular file, empty, an archive, over ``max_bytes`` (``None``: each reader's own limit), not UTF-8 or not
    TOML for PHH, a ``.txt`` in neither format) gives one ``error`` result; an engine fault is an ``error`` for
    that hand.  ``unit`` applies to PHH hands (a PokerStars hand replays in its own money's unit).  The files of
    folders that are not hand histories are counted in ``skipped``.  An ACPC dealer log (``fmt`` ``acpc`` or
    found) replays with ``game`` and ends with its :class:`AcpcScore`; without ``game`` it raises
    :class:`typer.BadParameter` on ``--game`` (exit 2)."""
    for root in paths:
        try:
            files = list(iter_files(root, skipped))
        except OSError as exc:
            yield _file_error(str(root), str(exc))
            continue
        for path in files:
            yield path
            log = False
            try:
                for item in read_hands(path, fmt, max_bytes=max_bytes):
                    # PHH's classes asked first: a run of PHH files never loads the PokerStars reader
                    if isinstance(item, phh.PHHHand):
                        yield _replay_one(item, path, unit)
                    elif isinstance(item, phh.BadHand) or isinstance(item, stars.BadStarsHand):  # noqa: SIM101
                        yield _bad_hand(item)
                    else:
                        yield _replay_one(item, path, unit)
            except AcpcLog:
                log = True
            except (PokerroomError, OSError) as exc:
                yield _file_error(str(path), f"cannot read: {exc}")
            if not log:
                continue
            if game is None:
                raise typer.BadParameter(
                    f"{path} is an ACPC dealer log: pass --game GAMEFILE, its game definition", param_hint="--game"
                )
            try:
                yield from _replay_log(path, game, max_bytes)
            except (PokerroomError, OSError) as exc:
                yield _file_error(str(path), f"cannot read: {exc}")


def format_line(result: ReplayResult) -> str:
    """``ok         path  #0  final stacks match``; a label shows as ``#3 [10]``, an allow-listed hand ends
    with ``(allow-listed: reason)``."""
    ref = f"#{result.index}" + (f" [{result.label}]" if result.label is not None else "")
    line = f"{result.status:<9}  {result.path}  {ref}  {result.message}"
    if result.allowed is not None:
        line += f"  (allow-listed: {result.allowed})"
    return line


class _PlainConsole:
    """The run's summary stream when it is not a terminal: each text as it is, one line a call (a closed stream,
    ``None``, takes nothing, as Rich's console does).  A piped run is spared Rich's import, a fortieth of
    replaying 2,000 files (issue 24).  In a terminal Rich writes it, with markup and emoji codes off, so a name
    such as ``hands:100:day`` reads the same both ways."""

    is_terminal = False

    def __init__(self, stderr: bool) -> None:
        self._stderr = stderr

    def print(self, text: str, *, markup: bool = False) -> None:
        stream = _stream(self._stderr)
        if stream is not None:
            stream.write(f"{text}\n")


def _stream(stderr: bool) -> TextIO | None:
    """The process's stderr or stdout as it is now (a test may have replaced it; ``None`` when closed)."""
    return sys.stderr if stderr else sys.stdout


_RICH_SETTINGS = ("FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE")
"""Environment variables with which Rich may treat a pipe as a terminal: where one is set, Rich decides."""


def _console(stderr: bool) -> Console | _PlainConsole:
    """Rich's console for a terminal (the progress bar needs one), else :class:`_PlainConsole`."""
    stream = _stream(stderr)
    isatty = getattr(stream, "isatty", None)
    if (isatty is None or not isatty()) and not any(os.environ.get(name) for name in _RICH_SETTINGS):
        return _PlainConsole(stderr)
    from rich.console import Console

    return Console(stderr=stderr, highlight=False, soft_wrap=True, emoji=False)


class _NoProgress:
    """The progress bar of a short run or one whose stderr is not a terminal: nothing to show (Rich's bar, and
    its import, are spared)."""

    def __enter__(self) -> _NoProgress:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def advance(self) -> None:
        return None


class _FileProgress:
    """Rich's progress bar over the files of a run (on ``console``, stderr), advanced one file at a time."""

    def __init__(self, console: Console, total: int) -> None:
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

        self._bar = Progress(
            TextColumn("replaying"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("files"),
            TimeRemainingColumn(),
            console=console,
            transient=True,
            redirect_stdout=sys.stdout.isatty(),
            redirect_stderr=False,
        )
        self._task = self._bar.add_task("replay", total=total)

    def __enter__(self) -> _FileProgress:
        self._bar.__enter__()
        return self

    def __exit__(self, *exc: object) -> None:
        self._bar.__exit__(None, None, None)

    def advance(self) -> None:
        self._bar.advance(self._task)


def _progress(console: Console | _PlainConsole, total_files: int) -> _NoProgress | _FileProgress:
    """A progress bar from :data:`PROGRESS_FROM` files on (``total_files`` is 0 when stderr is not a terminal)."""
    if total_files < PROGRESS_FROM or isinstance(console, _PlainConsole):
        return _NoProgress()
    return _FileProgress(console, total_files)


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
    paths: Annotated[
        list[str],  # made Paths below: Typer builds a Pydantic adapter for each Path argument (0.1 s for 2,000)
        typer.Argument(
            help="Hand histories: PHH (.phh, .phhs), PokerStars text (.txt) or ACPC dealer log files, or folders "
            "searched recursively."
        ),
    ],
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
    max_size: MaxSize = None,
    fmt: Annotated[str, format_option(("phh", "pokerstars", "acpc"), " (with --game)")] = Format.AUTO.value,
    game_file: Annotated[
        Path | None,
        typer.Option("--game", metavar="GAMEFILE", help="The ACPC game definition of ACPC dealer logs."),
    ] = None,
) -> None:
    """Replay hand histories (PHH, PokerStars text, ACPC logs) through the engine and compare the results."""
    roots = [Path(name) for name in paths]
    chip = _parse_unit(unit)
    read_as = parse_format(fmt, Format, "--format")
    game = None
    if game_file is not None:
        from pokerroom.cli.acpc import read_game_option

        game = read_game_option(game_file)
    if read_as is Format.ACPC and game is None:
        raise typer.BadParameter(
            "ACPC dealer logs need their game definition: pass --game GAMEFILE", param_hint="--game"
        )
    err = _console(stderr=True)
    summary = err if as_json else _console(stderr=False)
    counts: Counter[str] = Counter()
    allowed = 0
    failed = 0
    hands = 0
    scores: list[str] = []
    skipped = Skipped()
    total_files = count_files(roots) if err.is_terminal else 0
    progress = _progress(err, total_files)
    started = time.perf_counter()
    with progress:
        max_bytes = None if max_size is None else max_size << 20
        for item in replay_paths(roots, unit=chip, max_bytes=max_bytes, fmt=read_as, skipped=skipped, game=game):
            if isinstance(item, Path):
                progress.advance()
                continue
            if isinstance(item, AcpcScore):
                if item.matches is False:
                    failed += 1
                if as_json:
                    scores.extend(item.lines())
                else:
                    print("\n".join(item.lines()))
                continue
            hands += 1
            counts[item.status] += 1
            if item.allowed is not None:
                allowed += 1
            elif item.status not in PASSING_STATUSES:
                failed += 1
            text = json.dumps(item.to_json()) if as_json else format_line(item)
            # sys.stdout now (the progress bar's proxy while it redirects); one write a line, where print makes
            # two (a system call each when output is unbuffered, PYTHONUNBUFFERED=1)
            sys.stdout.write(f"{text}\n")
    seconds = time.perf_counter() - started
    rate = hands / seconds if seconds > 0 else 0.0
    parts = ", ".join(f"{counts[s]} {s}" for s in STATUSES)
    extra = "".join(f", {n} {s}" for s, n in sorted(counts.items()) if s not in STATUSES)
    note = f"; {allowed} allow-listed" if allowed else ""
    note += f" {skipped.note()}" if skipped else ""
    for line in scores:
        summary.print(line, markup=False)
    summary.print(
        f"{plural(hands, 'hand')} in {seconds:.2f} s ({rate:,.0f} hands/s): {parts}{extra}{note}",
        markup=False,
    )
    if not hands:  # a folder without a hand history is most likely the wrong folder: say so, exit 1
        err.print(no_histories(roots), markup=False)
        raise typer.Exit(code=1)
    if failed:
        raise typer.Exit(code=1)
