"""``pokerroom convert FILE... --to phh|pokerstars [--out DIR]``: hand histories from one format to the other.

Input: PHH (``.phh``, ``.phhs``) and PokerStars text files, or folders of them (``.txt`` too, recursively); each
file's format is found from its content (:func:`pokerroom.cli.histories.detect`).  Each hand goes through the one
hand record the engine makes of it:

* PokerStars -> PHH: :func:`pokerroom.formats.pokerstars.to_phh`, written with
  :func:`pokerroom.formats.phh.dumps` (one hand: ``.phh``) or :func:`~pokerroom.formats.phh.dumps_many` (several:
  a ``.phhs`` whose tables are named by the hand ids);
* PHH -> PokerStars: :func:`pokerroom.formats.phh_hand.to_record`, then
  :func:`pokerroom.formats.pokerstars.write_hand` with every card the file holds, hands joined by
  :data:`~pokerroom.formats.pokerstars.BETWEEN_HANDS`;
* PokerStars -> PokerStars: :func:`~pokerroom.formats.pokerstars.to_record` then ``write_hand`` (re-written in
  the engine's integer chips);
* PHH -> PHH: re-written in PHH's standard field order.

Output: ``--out DIR`` writes one file per input file (the input's stem, ``.phh``/``.phhs`` or ``.txt``), made
when missing, and refuses to overwrite an input file or a file this run wrote already; without ``--out`` every
hand goes to stdout as one document (PHH: one ``.phhs`` when there are several hands, each table name used once).
A hand that cannot be read or converted is reported on stderr (file, hand, why) and skipped; a file that cannot
be read is reported so.  The last line (stderr) is ``N hands converted, M failed``; the exit status is 1 when a
hand or a file failed, else 0.  A progress bar (stderr) appears from 50 files on, in a terminal.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from pokerroom.cli.histories import Format, Hand, count_files, iter_files, read_hands
from pokerroom.errors import PokerroomError
from pokerroom.formats import phh
from pokerroom.formats import pokerstars as stars
from pokerroom.formats.phh_hand import to_record as phh_record
from pokerroom.words import plural

__all__ = ["PROGRESS_FROM", "Converted", "Tally", "Target", "convert", "convert_hand", "output_text"]

PROGRESS_FROM = 50
"""Show a progress bar from this many files on (when stderr is a terminal)."""

Converted = phh.PHHHand | str
"""One hand converted: a PHH record (``--to phh``) or PokerStars text (``--to pokerstars``)."""


class Target(StrEnum):
    """What ``--to`` writes."""

    PHH = "phh"
    POKERSTARS = "pokerstars"


@dataclass
class Tally:
    """What a run did: hands converted and failed, files that could not be read; each reason goes to ``say`` as
    it happens (``failed: REASON`` on stderr) and is kept in ``reasons``."""

    say: Callable[[str], None] = lambda _line: None
    converted: int = 0
    failed: int = 0
    files: int = 0
    reasons: list[str] = field(default_factory=list)

    def _report(self, reason: str) -> None:
        self.reasons.append(reason)
        self.say(f"failed: {reason}")

    def fail(self, reason: str, *, hands: int = 1) -> None:
        """``hands`` hands failed (one, or a file's converted hands that could not be written), for ``reason``."""
        self._report(reason)
        self.failed += hands

    def not_read(self, reason: str) -> None:
        """A file (or a path) could not be read at all: its hands are unknown."""
        self._report(reason)
        self.files += 1

    def not_written(self, reason: str, hands: int) -> None:
        """``hands`` converted hands could not be written: they count as failed."""
        self.converted -= hands
        self.fail(reason, hands=hands)

    def line(self) -> str:
        """``12 hands converted, 1 failed`` (and ``, 2 files not read`` when files failed)."""
        files = f", {plural(self.files, 'file')} not read" if self.files else ""
        return f"{plural(self.converted, 'hand')} converted, {self.failed} failed{files}"


def _bare(hand: Hand, message: str) -> str:
    """``message`` without the file and hand ``hand.where`` names already (``file.txt, hand #123``)."""
    for prefix in (f"{hand.where}: ", f"{hand.where}, "):
        message = message.removeprefix(prefix)
    return message


def convert_hand(hand: phh.PHHHand | stars.StarsHand, to: Target) -> Converted:
    """``hand`` in the format ``to``: a :class:`~pokerroom.formats.phh.PHHHand` (labelled by the PokerStars hand
    id) for ``Target.PHH``, PokerStars text (ending in a newline) for ``Target.POKERSTARS``.  Raises
    :class:`~pokerroom.errors.PokerroomError` (:class:`~pokerroom.errors.UnsupportedGame`,
    :class:`~pokerroom.errors.StarsError`, :class:`~pokerroom.errors.PHHError`...) for a hand the engine cannot
    replay or the format cannot hold."""
    if to is Target.PHH:
        return stars.to_phh(hand) if isinstance(hand, stars.StarsHand) else hand
    record = stars.to_record(hand) if isinstance(hand, stars.StarsHand) else phh_record(hand)
    return stars.write_hand(record)


def _labelled(hands: list[phh.PHHHand]) -> list[phh.PHHHand]:
    """``hands`` with table names used once each: a hand's own label (else its 1-based position), ``-2``,
    ``-3``... added to a name already taken (hands from several files can share one)."""
    seen: set[str] = set()
    out = []
    for k, hand in enumerate(hands, 1):
        base = hand.label if hand.label is not None else str(k)
        label, n = base, 1
        while label in seen:
            n += 1
            label = f"{base}-{n}"
        seen.add(label)
        out.append(replace(hand, label=label))
    return out


def output_text(items: list[Converted]) -> tuple[str, str]:
    """The text of converted hands and its file suffix: ``.phh`` (one PHH hand), ``.phhs`` (several, one table
    each) or ``.txt`` (PokerStars text, hands separated by :data:`~pokerroom.formats.pokerstars.BETWEEN_HANDS`).
    Raises :class:`~pokerroom.errors.PHHError` for a value PHH cannot hold."""
    records = [x for x in items if isinstance(x, phh.PHHHand)]
    if not records:
        return stars.BETWEEN_HANDS.join(x for x in items if isinstance(x, str)), ".txt"
    if len(records) == 1:
        return phh.dumps(records[0]), ".phh"
    return phh.dumps_many(_labelled(records)), ".phhs"


def _convert_file(path: Path, to: Target, max_bytes: int, tally: Tally) -> list[Converted]:
    """Every hand of ``path`` that converts; each that does not is a reason in ``tally``."""
    out: list[Converted] = []
    try:
        for hand in read_hands(path, Format.AUTO, max_bytes=max_bytes):
            if isinstance(hand, phh.BadHand | stars.BadStarsHand):
                tally.fail(f"{hand.where}: {_bare(hand, str(hand.error))}")
                continue
            try:
                out.append(convert_hand(hand, to))
            except PokerroomError as exc:
                tally.fail(f"{hand.where}: {_bare(hand, str(exc))}")
                continue
            except Exception as exc:  # an engine fault: report the hand and go on with the next
                tally.fail(f"{hand.where}: internal error {type(exc).__name__}: {exc}")
                continue
            tally.converted += 1
    except (PokerroomError, OSError) as exc:
        tally.not_read(f"{path}: cannot read: {exc}")
    return out


def convert(
    paths: Annotated[
        list[Path],
        typer.Argument(
            help="Hand histories: PHH (.phh, .phhs) or PokerStars text (.txt) files, or folders searched recursively."
        ),
    ],
    to: Annotated[Target, typer.Option("--to", help="The format to write: phh or pokerstars.", show_default=False)],
    out: Annotated[
        Path | None,
        typer.Option("--out", help="A folder to write one file per input file into (default: every hand to stdout)."),
    ] = None,
    max_size: Annotated[
        int, typer.Option("--max-size", min=1, help="Largest file read, in MiB.", show_default=True)
    ] = phh.MAX_FILE_BYTES >> 20,
) -> None:
    """Convert hand histories between PHH and PokerStars text; hands that cannot be converted are named and
    skipped."""
    if out is not None and out.exists() and not out.is_dir():
        raise typer.BadParameter(f"{str(out)!r} is not a folder", param_hint="--out")
    err = Console(stderr=True, highlight=False, soft_wrap=True)
    tally = Tally(say=lambda line: err.print(line, markup=False))
    files: list[Path] = []
    for root in paths:
        try:
            files.extend(iter_files(root))
        except OSError as exc:
            tally.not_read(str(exc))
    inputs = {p.resolve() for p in files}
    written: dict[Path, Path] = {}  # the file written -> the input it came from
    everything: list[Converted] = []
    progress = Progress(
        TextColumn("converting"), BarColumn(), MofNCompleteColumn(), TextColumn("files"), TimeRemainingColumn(),
        console=err, transient=True, disable=not err.is_terminal or count_files(paths) < PROGRESS_FROM,
    )  # fmt: skip
    task = progress.add_task("convert", total=len(files))
    with progress:
        for path in files:
            progress.advance(task)
            items = _convert_file(path, to, max_size << 20, tally)
            if out is None:
                everything.extend(items)
            elif items:
                _write(path, items, out, inputs, written, tally)
    if out is None and everything:
        try:
            text, _suffix = output_text(everything)
        except PokerroomError as exc:
            err.print(f"error: cannot write the hands: {exc}", style="red", markup=False)
            raise typer.Exit(1) from None
        sys.stdout.write(text)
        sys.stdout.flush()
    err.print(tally.line(), markup=False)
    if tally.failed or tally.files:
        raise typer.Exit(1)


def _write(
    path: Path, items: list[Converted], folder: Path, inputs: set[Path], written: dict[Path, Path], tally: Tally
) -> None:
    """Write ``path``'s converted hands to ``folder`` under its stem; never over an input file or a file this run
    wrote already (its hands then count as failed)."""
    try:
        text, suffix = output_text(items)
    except PokerroomError as exc:
        tally.not_written(f"{path}: cannot write the hands: {exc}", len(items))
        return
    target = folder / (path.stem + suffix)
    key = target.resolve()
    clash = (
        f"{target} is an input file" if key in inputs
        else f"{target} was written from {written[key]} already" if key in written
        else None
    )  # fmt: skip
    if clash is not None:
        tally.not_written(f"{path}: not written: {clash}; choose another --out", len(items))
        return
    try:
        folder.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    except OSError as exc:
        tally.not_written(f"{path}: cannot write {target}: {exc}", len(items))
        return
    written[key] = path
