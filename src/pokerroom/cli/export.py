"""``pokerroom export --day YYYY-MM-DD [--table N|NAME] --to phh|pokerstars [--out DIR] [--database URL]``: the
operator's export of one UTC day's hands, to look into a complaint.

Every hand that started that day (at one table, or at all of them; :meth:`Store.hands_on
<pokerroom.store.Store.hands_on>`) is written with every card its record holds (the full record, never a seat's
view) and the header fields every written hand carries (table name, players, start time in UTC, the store's hand
id and the table's hand number): as PHH (:func:`~pokerroom.formats.phh_hand.from_record`) or as a PokerStars-style
history (:func:`~pokerroom.formats.pokerstars.write_hand`).  Settled and voided hands are written (a voided one
marked so, docs/phh.md and docs/pokerstars.md); hands still in progress are skipped and counted, as is a hand whose
record cannot be read or written in the format (its reason on stderr; the others are written).

One file per hand in ``--out DIR`` (default: the current directory; made when missing), named
``table-{table id}-hand-{number}.phh`` or ``.txt``; ``--out -`` writes them all to stdout instead: PHH hands as the
tables ``[1]``, ``[2]``, ... of a ``.phhs`` file, PokerStars hands apart by blank lines as PokerStars writes them.
A progress bar (stderr) shows from :data:`PROGRESS_FROM` hands on, in a terminal.  The summary line
(``N hands written, M voided, K skipped``) goes to stdout, or to stderr with ``--out -``.

Exit 0 when done (no hand that day included), 2 for a day that is not ``YYYY-MM-DD``, a table that is not there,
a ``--database`` that is not a pokerroom store, or an ``--out`` that is not a folder; 1 when a file cannot be
written or the store fails while reading.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass, field
from datetime import date
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from sqlalchemy.exc import SQLAlchemyError

from pokerroom.cli.database import DEFAULT_DATABASE, Database
from pokerroom.cli.report import open_store
from pokerroom.errors import PokerroomError, StoreError
from pokerroom.formats.phh import PHHHand, dumps, dumps_many
from pokerroom.formats.phh_hand import from_record
from pokerroom.formats.pokerstars import BETWEEN_HANDS, write_hand
from pokerroom.room.record import HandRecord, Status
from pokerroom.store.hand_export import StoredHand, header_record
from pokerroom.words import plural

__all__ = ["PROGRESS_FROM", "Format", "Written", "export", "file_name", "parse_day"]

PROGRESS_FROM = 50
"""Show a progress bar from this many hands on (when stderr is a terminal)."""

_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")


class Format(StrEnum):
    """What ``--to`` writes."""

    PHH = "phh"
    POKERSTARS = "pokerstars"

    @property
    def suffix(self) -> str:
        return ".phh" if self is Format.PHH else ".txt"


@dataclass
class Written:
    """What an export did: ``written`` hands (``voided`` of them voided), ``skipped`` ones and why."""

    written: int = 0
    voided: int = 0
    skipped: int = 0
    reasons: list[str] = field(default_factory=list)

    def line(self) -> str:
        """``12 hands written, 1 voided, 2 skipped``."""
        return f"{plural(self.written, 'hand')} written, {self.voided} voided, {self.skipped} skipped"


def parse_day(text: str) -> date:
    """``YYYY-MM-DD`` as a date; :class:`typer.BadParameter` on ``--day`` (exit 2) otherwise."""
    try:
        if not _DAY.fullmatch(text):
            raise ValueError("not in the form YYYY-MM-DD")
        return date.fromisoformat(text)
    except ValueError as exc:
        raise typer.BadParameter(f"{text!r} is not a day YYYY-MM-DD ({exc})", param_hint="--day") from None


def file_name(hand: StoredHand, to: Format) -> str:
    """The file of one exported hand: ``table-3-hand-17.phh`` (the table's id, the table's hand number)."""
    return f"table-{hand.table}-hand-{hand.number}{to.suffix}"


def _text(hand: StoredHand, record: HandRecord, to: Format) -> str:
    """One hand in full (every card), with the header fields (:func:`~pokerroom.formats.phh_hand.header_keys`)."""
    if to is Format.PHH:
        return dumps(from_record(record, hand_id=hand.id, seat_count=hand.seats))
    return write_hand(record, None, hand_id=hand.id, max_seats=hand.seats)


def _record(hand: StoredHand, done: Written) -> HandRecord | None:
    """The record to write of ``hand``, or ``None`` counted as skipped (in progress, or unreadable: why)."""
    if hand.status == Status.INCOMPLETE.value:
        done.skipped += 1
        return None
    try:
        return header_record(hand)
    except StoreError as exc:
        done.skipped += 1
        done.reasons.append(str(exc))
        return None


def export(
    day: Annotated[
        str, typer.Option("--day", help="The UTC day whose hands to write, YYYY-MM-DD.", show_default=False)
    ],
    to: Annotated[Format, typer.Option("--to", help="The format: phh or pokerstars.", show_default=False)],
    table: Annotated[
        str | None, typer.Option("--table", help="Only this table: its name or its id (default: every table).")
    ] = None,
    out: Annotated[
        str, typer.Option("--out", help="The folder to write one file per hand into; '-' writes to stdout.")
    ] = ".",
    database: Database = DEFAULT_DATABASE,
) -> None:
    """Write every hand of one UTC day, with every card, as PHH or PokerStars-style text (the operator's export)."""
    when = parse_day(day)
    err = Console(stderr=True, highlight=False, soft_wrap=True)
    folder: Path | None = None
    if out != "-":
        folder = Path(out)
        if folder.exists() and not folder.is_dir():
            raise typer.BadParameter(f"{out!r} is not a folder", param_hint="--out")
    store = open_store(database)  # exit 2: not a pokerroom store, no driver, no such file
    try:
        try:
            hands = store.hands_on(when, table)
        except StoreError as exc:
            if table is not None and str(exc).startswith("no table"):
                raise typer.BadParameter(str(exc), param_hint="--table") from None
            raise
    except (SQLAlchemyError, StoreError) as exc:
        err.print(f"error: the store failed: {exc}", style="red", markup=False)
        raise typer.Exit(1) from None
    finally:
        store.close()
    done = Written()
    texts: list[str] = []
    phh_hands: list[PHHHand] = []
    try:
        if folder is not None:
            folder.mkdir(parents=True, exist_ok=True)
        with Progress(
            TextColumn("exporting"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
            console=err, transient=True, disable=len(hands) < PROGRESS_FROM or not err.is_terminal,
        ) as progress:  # fmt: skip
            task = progress.add_task("hands", total=len(hands))
            for hand in hands:
                progress.advance(task)
                record = _record(hand, done)
                if record is None:
                    continue
                try:
                    if folder is None and to is Format.PHH:
                        phh_hands.append(from_record(record, hand_id=hand.id, seat_count=hand.seats))
                    elif folder is None:
                        texts.append(_text(hand, record, to))
                    else:
                        (folder / file_name(hand, to)).write_text(_text(hand, record, to), encoding="utf-8")
                except PokerroomError as exc:  # a record the format cannot express: the others are written
                    done.skipped += 1
                    done.reasons.append(f"hand {hand.id} (table {hand.table_name!r}, number {hand.number}): {exc}")
                    continue
                done.written += 1
                done.voided += record.status is Status.VOIDED
    except OSError as exc:
        err.print(f"error: cannot write to {out}: {exc}", style="red", markup=False)
        raise typer.Exit(1) from None
    for reason in done.reasons:
        err.print(f"skipped: {reason}", markup=False)
    if folder is None:
        sys.stdout.write(dumps_many(phh_hands) if to is Format.PHH else BETWEEN_HANDS.join(texts))
        sys.stdout.flush()
        err.print(done.line(), markup=False)
    else:
        Console(highlight=False, soft_wrap=True).print(f"{done.line()} to {folder}.", markup=False)
