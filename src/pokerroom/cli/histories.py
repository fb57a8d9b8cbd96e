"""Hand-history files for the command line (``pokerroom replay``, ``pokerroom convert``): which files a path
names, which format each holds, and every hand of a file read in that format.

* :class:`Format`: ``auto`` (found from the content), ``phh`` or ``pokerstars``; :func:`parse_format` reads
  ``--format`` and ``--to`` in any case;
* :func:`iter_files`: a folder's ``.phh``, ``.phhs`` and ``.txt`` files (PokerStars exports are ``.txt``; the
  extension in any case), recursively, in sorted path order, each other file counted in :class:`Skipped`; a file
  as it is;
* :func:`detect`: PokerStars text when the decoded start of the file begins with a hand's first line
  (:func:`pokerroom.formats.pokerstars.is_pokerstars`), an ACPC dealer log when its first line that is not a
  ``#`` comment starts with ``STATE:`` (:func:`pokerroom.formats.acpc.log.is_log`), else PHH (TOML);
* :func:`read_hands`: a file's hands, each a :class:`~pokerroom.formats.phh.PHHHand` or
  :class:`~pokerroom.formats.pokerstars.StarsHand`, or the reader's bad-hand record in a hand's place; an empty
  file, an archive and a file over the size limit are refused first, by name; an ACPC dealer log raises
  :class:`AcpcLog` (it needs its game definition: ``pokerroom replay --game`` reads it);
* :func:`read_log_lines`: an ACPC dealer log's lines, refused as :func:`read_hands` refuses a file.
"""

from __future__ import annotations

import codecs
import errno
import os
import stat
from collections import Counter
from collections.abc import Iterable, Iterator
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any, TypeAlias

import typer

from pokerroom.errors import PokerroomError, StarsError
from pokerroom.formats import phh
from pokerroom.formats import pokerstars as stars  # each name loads its module on first use
from pokerroom.formats.pokerstars.base import MAX_FILE_BYTES as STARS_MAX_BYTES  # not the reader's patterns

__all__ = [
    "SUFFIXES",
    "AcpcLog",
    "Format",
    "Hand",
    "Skipped",
    "count_files",
    "detect",
    "iter_files",
    "no_histories",
    "parse_format",
    "read_hands",
    "read_log_lines",
    "size_limit",
]

SUFFIXES = (".phh", ".phhs", ".txt")
"""The files a folder yields: PHH (``.phh``, ``.phhs``) and PokerStars text (``.txt``), in any case."""

SNIFF_BYTES = 64 << 10
"""How much of a file's start :func:`detect` reads (64 KiB: :func:`~pokerroom.formats.pokerstars.is_pokerstars`
looks at the first 20 lines)."""

ARCHIVES = (
    (b"PK\x03\x04", "zip"),
    (b"PK\x05\x06", "zip"),  # an empty zip archive
    (b"\x1f\x8b", "gzip"),
    (b"\xfd7zXZ\x00", "xz"),
    (b"7z\xbc\xaf\x27\x1c", "7z"),
    (b"\x28\xb5\x2f\xfd", "zstd"),
)
"""Compressed archives by their first bytes: a hand history in one must be unpacked before it is read."""

Hand: TypeAlias = "phh.PHHHand | phh.BadHand | stars.StarsHand | stars.BadStarsHand"  # a string: no reader load
"""One item of :func:`read_hands`: a hand, or the reader's record of one it could not read."""


class Format(StrEnum):
    """A hand-history format: ``--format`` of ``pokerroom replay``, ``--to`` of ``pokerroom convert``."""

    AUTO = "auto"
    PHH = "phh"
    POKERSTARS = "pokerstars"
    ACPC = "acpc"
    """An ACPC dealer log (``STATE:`` lines, a ``SCORE:`` line): read with its game definition (``--game``)."""


class AcpcLog(PokerroomError):
    """:func:`read_hands` found an ACPC dealer log: its hands need the game definition, so the caller reads it
    (:func:`read_log_lines`) or refuses it; the message says how to replay it."""


def parse_format(text: str, allowed: Iterable[Format], option: str) -> Format:
    """The format ``text`` names, in any case (``PHH``, ``PokerStars``), among ``allowed``.  Raises
    :class:`typer.BadParameter` on ``option`` (exit 2) saying what is allowed: ``'stars' is not a format: use
    auto, phh or pokerstars`` (``, or acpc with --game GAMEFILE`` added where ``acpc`` is allowed)."""
    choices = [f.value for f in allowed]
    word = text.strip().lower()
    if word in choices:
        return Format(word)
    plain = [c for c in choices if c != Format.ACPC]
    listed = ", ".join(plain[:-1]) + f" or {plain[-1]}" if len(plain) > 1 else plain[0]
    if Format.ACPC in choices:
        listed += ", or acpc with --game GAMEFILE"  # an ACPC log is read only with its game definition
    raise typer.BadParameter(f"{text!r} is not a format: use {listed}", param_hint=option)


class Skipped(Counter[str]):
    """The files :func:`iter_files` found in folders but does not read (other extensions), counted by extension
    (lower case; ``no extension`` for a name without one)."""

    def note(self) -> str:
        """``(3 other files skipped: .md, .zip)``, or ``""`` when none were."""
        if not self:
            return ""
        total = sum(self.values())
        files = "file" if total == 1 else "files"
        return f"({total} other {files} skipped: {', '.join(sorted(self))})"


def _is_history(name: str) -> bool:
    return name.lower().endswith(SUFFIXES)


def iter_files(root: Path, skipped: Skipped | None = None) -> Iterator[Path]:
    """The hand-history files ``root`` names: a folder's files ending in :data:`SUFFIXES` (any case),
    recursively, in sorted path order, each other file counted in ``skipped``; a file (any name) as it is.
    Raises :class:`FileNotFoundError` for a path that does not exist."""
    try:
        mode = os.stat(root).st_mode  # one system call where is_dir() then exists() made two per file
    except (OSError, ValueError) as exc:  # as Path.exists: a missing path, a bad link or name is not there
        if isinstance(exc, OSError) and exc.errno not in _NOT_THERE:
            raise
        raise FileNotFoundError(f"{root}: no such file or folder") from None
    if stat.S_ISDIR(mode):
        found = []
        for folder, _dirs, files in os.walk(root):
            for name in files:
                if _is_history(name):
                    path = Path(folder, name)
                    found.append((path.parts, path))
                elif skipped is not None:
                    skipped[Path(name).suffix.lower() or "no extension"] += 1
        yield from (p for _parts, p in sorted(found))
    else:
        yield root


_NOT_THERE = frozenset((errno.ENOENT, errno.ENOTDIR, errno.EBADF, errno.ELOOP))
"""The errors of ``os.stat`` that :meth:`Path.exists` reads as "no such path"."""


def count_files(paths: list[Path]) -> int:
    """How many files :func:`iter_files` yields for ``paths`` (a missing path counts one: its error line)."""
    total = 0
    for root in paths:
        try:
            total += sum(1 for _ in iter_files(root))
        except OSError:
            total += 1
    return total


def no_histories(paths: list[Path]) -> str:
    """The warning of a run that found no hand history at all (most likely the wrong folder)."""
    where = ", ".join(str(p) for p in paths)
    return f"warning: no hand histories (.phh, .phhs, .txt files) under {where}"


def _sniff_text(start: bytes, whole: bool) -> str:
    """The decoded start of a file, for :func:`detect` only: never raises, whatever the bytes.  UTF-16 (its
    byte-order mark first) is decoded with a character cut at the end, or a broken one, replaced; other text is
    cut at its last line end (a UTF-8 character split in two would make the start Windows-1252)."""
    if start.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return stars.decode(start.decode("utf-16", errors="replace").encode("utf-8"))
    if not whole:
        start = start[: start.rfind(b"\n") + 1] or start
    return stars.decode(start)


def _start(path: Path) -> tuple[bytes, int] | None:
    """The first :data:`SNIFF_BYTES` of a regular file and its size; ``None`` for anything else (a pipe or a
    device could block: the readers refuse them by name).  Raises :class:`OSError` when it cannot be opened."""
    info = os.stat(path)
    if not stat.S_ISREG(info.st_mode):
        return None
    size = info.st_size
    with open(path, "rb") as f:
        # What the file holds and a byte more, not SNIFF_BYTES at once (a read allocates its whole buffer first);
        # a file that grew meanwhile is read on to SNIFF_BYTES.
        start = f.read(min(SNIFF_BYTES, size + 1))
        if len(start) > size:
            start += f.read(SNIFF_BYTES - len(start))
        return start, size


def detect(path: Path) -> Format:
    """``Format.POKERSTARS`` when the file starts with a PokerStars-style hand's first line, ``Format.ACPC`` when
    its first line that is not a ``#`` comment starts with ``STATE:``, else ``Format.PHH``.
    Only a regular file is opened (a pipe or a device could block): anything else is left to the PHH reader,
    which refuses it by name.  Raises :class:`OSError` when the file cannot be opened."""
    found = _start(path)
    if found is None:
        return Format.PHH
    return _format_of(*found)


def _format_of(start: bytes, size: int) -> Format:
    """:func:`detect` on a file's first bytes ``start`` and its ``size`` (bytes)."""
    if start[:1].islower():
        # A file starting with a lower-case ASCII letter (``variant = 'NT'``, every PHH file the writers make) is
        # neither: a PokerStars hand's first line starts with its site (upper case: PokerStars, Poker, Hand, Full
        # Tilt, Раздача, Mão, 9stacks), a separator with ``*``, an ACPC log with ``STATE:`` or ``#`` comments.
        # Saying so here spares loading the PokerStars reader's patterns in a run of PHH files.
        return Format.PHH
    from pokerroom.formats.acpc.log import is_log

    text = _sniff_text(start, len(start) >= size)
    if stars.is_pokerstars(text):
        return Format.POKERSTARS
    return Format.ACPC if is_log(text) else Format.PHH


def size_limit(fmt: Format, max_bytes: int | None) -> int:
    """The largest file read in ``fmt``, in bytes: ``max_bytes`` (``--max-size``), else the reader's own limit
    (:data:`pokerroom.formats.phh.MAX_FILE_BYTES`, 256 MiB, for PHH and ACPC logs, read line by line;
    :data:`pokerroom.formats.pokerstars.MAX_FILE_BYTES`, 64 MiB: its text is decoded whole)."""
    if max_bytes is not None:
        return max_bytes
    return STARS_MAX_BYTES if fmt is Format.POKERSTARS else phh.MAX_FILE_BYTES


def _mib(n: int) -> str:
    """``64 MiB`` for whole MiB, else ``85.8 MiB``."""
    return f"{n / (1 << 20):.1f} MiB" if n % (1 << 20) else f"{n >> 20} MiB"


def _size(n: int, limit: int) -> str:
    """A file's size in MiB, its bytes added where one decimal would not show it over ``limit``."""
    text = f"{n / (1 << 20):.1f} MiB"
    return text if round(n / (1 << 20), 1) > limit / (1 << 20) else f"{text} ({n:,} bytes)"


def _refuse(path: Path, start: bytes, size: int, fmt: Format, max_bytes: int | None) -> None:
    """Raise :class:`~pokerroom.errors.PokerroomError` for a file no reader should take: empty (or blank), an
    archive, or over the size limit (in MiB, naming ``--max-size``)."""
    if size <= len(start) and not start.removeprefix(codecs.BOM_UTF8).strip():  # blanks only: no hand in it
        raise PokerroomError(f"{path}: the file is empty")
    for magic, kind in ARCHIVES:
        if start.startswith(magic):
            raise PokerroomError(f"{path}: a {kind} archive: unpack it first")
    limit = size_limit(fmt, max_bytes)
    if size > limit:
        what = {Format.POKERSTARS: "PokerStars text", Format.ACPC: "ACPC logs"}.get(fmt, "PHH")
        default = "" if max_bytes is not None else f" (the default for {what})"
        raise PokerroomError(f"{path} is {_size(size, limit)}, over --max-size {_mib(limit)}{default}")


def read_hands(path: Path, fmt: Format, *, max_bytes: int | None = None) -> Iterator[Hand]:
    """Every hand of the file at ``path`` in ``fmt`` (``auto``: :func:`detect`), a bad hand in its place.
    ``max_bytes``: ``--max-size`` in bytes (``None``: each reader's own limit, :func:`size_limit`).

    Raises, before the first item, :class:`~pokerroom.errors.PokerroomError` for a file that cannot be read at all
    (empty, an archive, not a regular file, over the limit, not UTF-8 or not TOML for PHH, broken UTF-16; a
    ``.txt`` read as neither format says so), :class:`AcpcLog` for an ACPC dealer log (``fmt`` ``acpc`` or found)
    and :class:`OSError` when it cannot be opened."""
    found = _start(path)
    whole: bytes | None = None  # the file's bytes when its start is all of it: PHH need not read it again
    if found is not None:
        start, size = found
        read_as = _format_of(start, size) if fmt is Format.AUTO else fmt
        _refuse(path, start, size, read_as, max_bytes)
        if len(start) == size:
            whole = start
    else:
        read_as = Format.PHH if fmt is Format.AUTO else fmt
    limit = size_limit(read_as, max_bytes)
    if read_as is Format.ACPC:
        raise AcpcLog(f"{path}: an ACPC dealer log: replay it with `pokerroom replay --game GAMEFILE`")
    if read_as is Format.POKERSTARS:
        try:
            hands = stars.read_each(path, max_bytes=limit)
        except UnicodeError as exc:  # UTF-16 by its byte-order mark, with a broken character
            raise StarsError(f"{path}: not UTF-16 text: {exc}") from None
        yield from hands
    elif fmt is Format.AUTO and path.suffix.lower() == ".txt":
        try:
            yield from phh.read_each(path, max_bytes=limit, data=whole)
        except PokerroomError as exc:
            raise PokerroomError(
                f"{path}: neither PokerStars text (no hand's first line, such as 'PokerStars Hand #...:') "
                f"nor PHH: {exc}"
            ) from None
    else:
        yield from phh.read_each(path, max_bytes=limit, data=whole)


def read_log_lines(path: Path, *, max_bytes: int | None = None) -> Iterator[tuple[int, str]]:
    """An ACPC dealer log's lines that are neither blank nor ``#`` comments, each with its line number (from 1),
    its line end removed.  Raises, before the first item, :class:`~pokerroom.errors.PokerroomError` as
    :func:`read_hands` does for a file no reader takes (empty, an archive, over ``max_bytes`` or 256 MiB), and for
    text that is not UTF-8 (the reference dealer writes ASCII); :class:`OSError` when it cannot be opened."""
    found = _start(path)
    if found is not None:
        _refuse(path, *found, Format.ACPC, max_bytes)
    return _log_lines(path)


def _log_lines(path: Path) -> Iterator[tuple[int, str]]:
    with open(path, encoding="utf-8-sig") as f:
        try:
            for number, line in enumerate(f, 1):
                text = line.rstrip("\r\n")
                if text.strip() and not text.lstrip().startswith("#"):
                    yield number, text
        except UnicodeDecodeError as exc:
            raise PokerroomError(f"{path}: not UTF-8 text: {exc}") from None


def format_option(formats: tuple[str, ...], note: str = "") -> Any:
    """The ``--format`` option of a command reading hand histories in ``formats`` (besides ``auto``)."""
    names = f"{', '.join(formats[:-1])} or {formats[-1]}" if len(formats) > 1 else formats[0]
    return typer.Option(
        "--format",
        metavar="|".join(("auto", *formats)),
        help=f"The files' format: auto (found from each file's content), {names}{note}.",
        show_default=True,
    )


MaxSize = Annotated[
    int | None,
    typer.Option(
        "--max-size",
        min=1,
        metavar="MIB",
        help="Largest file read, in MiB; a larger file is one error line (default: "
        f"{phh.MAX_FILE_BYTES >> 20} for PHH, {STARS_MAX_BYTES >> 20} for PokerStars text).",
    ),
]
"""The ``--max-size`` option of the commands that read hand histories (``replay``, ``convert``)."""
