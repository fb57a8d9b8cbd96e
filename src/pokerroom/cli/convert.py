"""``pokerroom convert FILE... --to phh|pokerstars [--out DIR]``: hand histories from one format to the other.

Input: PHH (``.phh``, ``.phhs``) and PokerStars text files, or folders of them (``.txt`` too, the extension in any
case, recursively); each file's format is found from its content (:func:`pokerroom.cli.histories.detect`).  Each
hand is checked first (:func:`pokerroom.formats.pokerstars.check`, :func:`pokerroom.formats.replay.replay`): one
whose status is not ``ok`` (:data:`WARN_STATUSES`) is still converted, to the rules' amounts, with a
``warning: ...`` line on stderr; one cancelled before it could be played is ``skipped: ...``, not failed.  Each
hand then goes through the one hand record the engine makes of it:

* PokerStars -> PHH: :func:`pokerroom.formats.pokerstars.to_phh`, written with
  :func:`pokerroom.formats.phh.dumps` (one hand: ``.phh``) or :func:`~pokerroom.formats.phh.dumps_many` (several:
  a ``.phhs`` whose tables are named by the hand ids);
* PHH -> PokerStars: :func:`pokerroom.formats.phh_hand.to_record`, then
  :func:`pokerroom.formats.pokerstars.write_hand` with every card the file holds, hands joined by
  :data:`~pokerroom.formats.pokerstars.BETWEEN_HANDS`; the table's size is the PHH's ``seat_count``, and a hand
  without a ``hand`` number gets :func:`stable_hand_id`;
* PokerStars -> PokerStars: :func:`~pokerroom.formats.pokerstars.to_record` then ``write_hand`` (re-written in
  the engine's integer chips, at the header's table size);
* PHH -> PHH: re-written in PHH's standard field order.

Output: ``--out DIR`` writes one file per input file (the input's stem, ``.phh``/``.phhs`` or ``.txt``) at its
path relative to the folder argument it was found in (a file argument: in ``DIR`` itself), folders made when
missing, and refuses to overwrite an input file or a file this run wrote already; without ``--out`` every hand
goes to stdout as one document (PHH: one ``.phhs`` when there are several hands, each table name used once).
A hand that cannot be read or converted is reported on stderr (file, hand, why) and skipped; a file that cannot
be read is reported so.  The last line (stderr) is ``N hands converted (W with warnings), M failed, K skipped``
(the parts in use; :meth:`Tally.line`); the exit status is 1 when a hand or a file failed or no hand history was
found, else 0 (warnings and skipped hands leave it 0).  A progress bar (stderr) appears from 50 files on, in a
terminal.
"""

from __future__ import annotations

import hashlib
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from enum import StrEnum
from pathlib import Path
from typing import Annotated, TypeGuard

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from pokerroom.cli.histories import (
    Format,
    Hand,
    MaxSize,
    Skipped,
    count_files,
    iter_files,
    no_histories,
    parse_format,
    read_hands,
)
from pokerroom.errors import PHHError, PokerroomError
from pokerroom.formats import phh
from pokerroom.formats import pokerstars as stars
from pokerroom.formats.phh_hand import to_record as phh_record
from pokerroom.formats.replay import ReplayResult
from pokerroom.formats.replay import replay as replay_hand
from pokerroom.room.record import HandRecord
from pokerroom.words import plural

__all__ = [
    "PROGRESS_FROM",
    "WARN_STATUSES",
    "Converted",
    "Tally",
    "Target",
    "check_hand",
    "convert",
    "convert_hand",
    "output_text",
    "stable_hand_id",
]

PROGRESS_FROM = 50
"""Show a progress bar from this many files on (when stderr is a terminal)."""

WARN_STATUSES = frozenset(("mismatch", "rake", "unchecked", "error", "unsupported"))
"""A hand checked with one of these statuses is converted with a warning: what is written follows the rules'
amounts, which differ from the file's (or could not be compared with them)."""

Converted = phh.PHHHand | str
"""One hand converted: a PHH record (``--to phh``) or PokerStars text (``--to pokerstars``)."""


class Target(StrEnum):
    """What ``--to`` writes."""

    PHH = "phh"
    POKERSTARS = "pokerstars"


@dataclass
class Tally:
    """What a run did: hands converted (``warned`` of them with a warning), failed and skipped, files that could
    not be read, other files of folders not read (``other``); each reason goes to ``say`` as it happens
    (``failed: REASON``, ``warning: ...``, ``skipped: ...`` on stderr) and failures are kept in ``reasons``."""

    say: Callable[[str], None] = lambda _line: None
    converted: int = 0
    warned: int = 0
    failed: int = 0
    skipped: int = 0
    files: int = 0
    other: Skipped = field(default_factory=Skipped)
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

    def warn(self, hand: phh.PHHHand | stars.StarsHand, result: ReplayResult) -> None:
        """``hand`` is converted although its check says ``result.status`` (one of :data:`WARN_STATUSES`)."""
        allowed = f" (allow-listed: {result.allowed})" if result.allowed is not None else ""
        self.say(f"warning: {hand.where}: converted with status {result.status}: {result.message}{allowed}")
        self.warned += 1

    def skip(self, reason: str) -> None:
        """A hand with nothing to convert (cancelled before it could be played): not a failure."""
        self.say(f"skipped: {reason}")
        self.skipped += 1

    def not_written(self, reason: str, hands: int, warned: int = 0) -> None:
        """``hands`` converted hands (``warned`` of them with a warning) could not be written: they count as
        failed."""
        self.converted -= hands
        self.warned -= warned
        self.fail(reason, hands=hands)

    def line(self) -> str:
        """``12 hands converted, 1 failed``; ``(3 with warnings)`` after ``converted``, ``, 2 skipped``,
        ``, 2 files not read`` and ``(3 other files skipped: .md, .zip)`` when there are any."""
        warned = f" ({self.warned} with warnings)" if self.warned else ""
        skipped = f", {self.skipped} skipped" if self.skipped else ""
        files = f", {plural(self.files, 'file')} not read" if self.files else ""
        other = f" {self.other.note()}" if self.other else ""
        return f"{plural(self.converted, 'hand')} converted{warned}, {self.failed} failed{skipped}{files}{other}"


def _bare(hand: Hand, message: str) -> str:
    """``message`` without the file and hand ``hand.where`` names already (``file.txt, hand #123``)."""
    for prefix in (f"{hand.where}: ", f"{hand.where}, "):
        message = message.removeprefix(prefix)
    return message


def stable_hand_id(path: str | None, index: int) -> int:
    """The number written after ``Hand #`` for a hand whose file gives none (a PHH without ``hand``): the first
    12 hex digits of the SHA-256 of ``PATH#INDEX`` (the file's absolute path with symlinks resolved, in the
    system's bytes; ``index`` the hand's 0-based position in the file), as an integer below ``2**48``.  The same
    file gives the same numbers on every run, and hands of different files or positions do not share one."""
    where = os.fsencode(os.path.realpath(path)) if path is not None else b"<text>"
    return int(hashlib.sha256(where + b"#%d" % index).hexdigest()[:12], 16)


def _seat_count(hand: phh.PHHHand) -> int | None:
    """The table's size a PHH hand gives (``seat_count``), ``None`` when it gives none.  Raises
    :class:`~pokerroom.errors.PHHError` for one that is not a whole number of seats holding the hand's players."""
    raw = hand.extra.get("seat_count")
    if raw is None:
        return None
    if not isinstance(raw, int) or isinstance(raw, bool) or raw < hand.player_count:
        raise PHHError(
            f"{hand.where}: seat_count {raw!r} is not a table size: a whole number of seats, at least the hand's "
            f"{plural(hand.player_count, 'player')}"
        )
    return raw


def check_hand(hand: phh.PHHHand | stars.StarsHand) -> ReplayResult:
    """``hand`` checked as ``pokerroom replay`` checks it: :func:`pokerroom.formats.pokerstars.check` for a
    PokerStars hand, :func:`pokerroom.formats.replay.replay` for a PHH one."""
    return stars.check(hand) if isinstance(hand, stars.StarsHand) else replay_hand(hand)


def convert_hand(hand: phh.PHHHand | stars.StarsHand, to: Target) -> Converted:
    """``hand`` in the format ``to``: a :class:`~pokerroom.formats.phh.PHHHand` (labelled by the PokerStars hand
    id) for ``Target.PHH``, PokerStars text (ending in a newline) for ``Target.POKERSTARS``, at the table size the
    hand gives (a PokerStars header's ``6-max``, a PHH's ``seat_count``) and numbered by :func:`stable_hand_id`
    when the hand has no number.  Raises :class:`~pokerroom.errors.PokerroomError`
    (:class:`~pokerroom.errors.UnsupportedGame`, :class:`~pokerroom.errors.StarsError`,
    :class:`~pokerroom.errors.PHHError`...) for a hand the engine cannot replay or the format cannot hold."""
    if to is Target.PHH:
        return stars.to_phh(hand) if isinstance(hand, stars.StarsHand) else hand
    viewer = None
    if isinstance(hand, stars.StarsHand):
        record, max_seats = stars.to_record(hand), hand.max_seats
        viewer = _hero(hand, record)
    else:
        max_seats = _seat_count(hand)
        record = phh_record(hand)
    stored = hand.extra.get("_hand_id") if isinstance(hand, phh.PHHHand) else None  # a room's hand id: unique
    hand_id = stored if isinstance(stored, int) and not isinstance(stored, bool) else None
    if hand_id is None and record.setup.number is None:
        hand_id = stable_hand_id(hand.path, hand.index)
    return stars.write_hand(record, viewer, hand_id=hand_id, max_seats=max_seats)


def _hero(hand: stars.StarsHand, record: HandRecord) -> int | None:
    """The seat whose history a PokerStars file is: the one player dealt cards the file shows (``Dealt to``
    lines with known cards); ``None`` for a full history (every player's cards dealt in the open, or none)."""
    dealt = {ln.name for ln in hand.lines if ln.kind == "dealt" and ln.cards and -1 not in ln.cards}
    if len(dealt) != 1:
        return None
    (name,) = dealt
    names = [s.player for s in record.setup.seats]
    return names.index(name) if name in names else None


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


def _cancelled(result: ReplayResult | None) -> TypeGuard[ReplayResult]:
    """Whether a check says the hand was cancelled (or voided) before it could be played: nothing to convert."""
    return result is not None and result.status == "incomplete" and "cancelled" in result.message


def _convert_file(path: Path, to: Target, max_bytes: int | None, tally: Tally) -> list[Converted]:
    """Every hand of ``path`` that converts; each that does not is a reason in ``tally``, each converted with a
    status other than ``ok`` a warning, each cancelled before it could be played a skipped hand."""
    out: list[Converted] = []
    try:
        for hand in read_hands(path, Format.AUTO, max_bytes=max_bytes):
            if isinstance(hand, phh.BadHand | stars.BadStarsHand):
                tally.fail(f"{hand.where}: {_bare(hand, str(hand.error))}")
                continue
            result: ReplayResult | None = None
            try:
                result = check_hand(hand)
                out.append(convert_hand(hand, to))
            except PokerroomError as exc:
                if _cancelled(result):
                    tally.skip(f"{hand.where}: {result.message}")
                else:
                    tally.fail(f"{hand.where}: {_bare(hand, str(exc))}")
                continue
            except Exception as exc:  # an engine fault: report the hand and go on with the next
                tally.fail(f"{hand.where}: internal error {type(exc).__name__}: {exc}")
                continue
            tally.converted += 1
            if result.status in WARN_STATUSES:
                tally.warn(hand, result)
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
    to: Annotated[
        str,
        typer.Option(
            "--to", metavar="phh|pokerstars", help="The format to write: phh or pokerstars.", show_default=False
        ),
    ],
    out: Annotated[
        Path | None,
        typer.Option(
            "--out",
            help="A folder to write one file per input file into, each at its path under the folder argument "
            "(default: every hand to stdout).",
        ),
    ] = None,
    max_size: MaxSize = None,
) -> None:
    """Convert hand histories between PHH and PokerStars text; hands that cannot be converted are named and
    skipped."""
    target = Target(parse_format(to, (Format.PHH, Format.POKERSTARS), "--to").value)
    if out is not None and out.exists() and not out.is_dir():
        raise typer.BadParameter(f"{str(out)!r} is not a folder", param_hint="--out")
    err = Console(stderr=True, highlight=False, soft_wrap=True)
    tally = Tally(say=lambda line: err.print(line, markup=False))
    files: list[tuple[Path, Path]] = []  # each file and its path relative to the folder argument it came from
    for root in paths:
        try:
            found = list(iter_files(root, tally.other))
        except OSError as exc:
            tally.not_read(str(exc))
            continue
        files.extend((p, p.relative_to(root) if p != root else Path(p.name)) for p in found)
    inputs = {p.resolve() for p, _rel in files}
    written: dict[Path, Path] = {}  # the file written -> the input it came from
    everything: list[Converted] = []
    progress = Progress(
        TextColumn("converting"), BarColumn(), MofNCompleteColumn(), TextColumn("files"), TimeRemainingColumn(),
        console=err, transient=True, disable=not err.is_terminal or count_files(paths) < PROGRESS_FROM,
    )  # fmt: skip
    task = progress.add_task("convert", total=len(files))
    max_bytes = None if max_size is None else max_size << 20
    with progress:
        for path, rel in files:
            progress.advance(task)
            warned = tally.warned
            items = _convert_file(path, target, max_bytes, tally)
            if out is None:
                everything.extend(items)
            elif items:
                _write(path, out / rel.parent, rel.stem, items, inputs, written, tally, tally.warned - warned)
    if out is None and everything:
        try:
            text, _suffix = output_text(everything)
        except PokerroomError as exc:
            err.print(f"error: cannot write the hands: {exc}", style="red", markup=False)
            raise typer.Exit(1) from None
        sys.stdout.write(text)
        sys.stdout.flush()
    err.print(tally.line(), markup=False)
    if not (tally.converted or tally.failed or tally.skipped or tally.files):  # most likely the wrong folder
        err.print(no_histories(paths), markup=False)
        raise typer.Exit(1)
    if tally.failed or tally.files:
        raise typer.Exit(1)


def _write(
    path: Path,
    folder: Path,
    stem: str,
    items: list[Converted],
    inputs: set[Path],
    written: dict[Path, Path],
    tally: Tally,
    warned: int,
) -> None:
    """Write ``path``'s converted hands (``warned`` of them with a warning) to ``folder`` (made when missing)
    under ``stem``; never over an input file or a file this run wrote already (its hands then count as
    failed)."""
    try:
        text, suffix = output_text(items)
    except PokerroomError as exc:
        tally.not_written(f"{path}: cannot write the hands: {exc}", len(items), warned)
        return
    target = folder / (stem + suffix)
    key = target.resolve()
    clash = (
        f"{target} is an input file" if key in inputs
        else f"{target} was written from {written[key]} already" if key in written
        else None
    )  # fmt: skip
    if clash is not None:
        tally.not_written(f"{path}: not written: {clash}; choose another --out", len(items), warned)
        return
    try:
        folder.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    except OSError as exc:
        tally.not_written(f"{path}: cannot write {target}: {exc}", len(items), warned)
        return
    written[key] = path
