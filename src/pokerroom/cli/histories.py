"""Hand-history files for the command line (``pokerroom replay``, ``pokerroom convert``): which files a path
names, which format each holds, and every hand of a file read in that format.

* :class:`Format`: ``auto`` (found from the content), ``phh`` or ``pokerstars``;
* :func:`iter_files`: a folder's ``.phh``, ``.phhs`` and ``.txt`` files (PokerStars exports are ``.txt``),
  recursively, in sorted path order; a file as it is;
* :func:`detect`: PokerStars text when the decoded start of the file begins with a hand's first line
  (:func:`pokerroom.formats.pokerstars.is_pokerstars`), else PHH (TOML);
* :func:`read_hands`: a file's hands, each a :class:`~pokerroom.formats.phh.PHHHand` or
  :class:`~pokerroom.formats.pokerstars.StarsHand`, or the reader's bad-hand record in a hand's place.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from enum import StrEnum
from pathlib import Path
from typing import TypeAlias

from pokerroom.errors import PokerroomError
from pokerroom.formats import phh
from pokerroom.formats import pokerstars as stars

__all__ = ["SUFFIXES", "Format", "Hand", "count_files", "detect", "iter_files", "read_hands"]

SUFFIXES = (".phh", ".phhs", ".txt")
"""The files a folder yields: PHH (``.phh``, ``.phhs``) and PokerStars text (``.txt``)."""

SNIFF_BYTES = 64 << 10
"""How much of a file's start :func:`detect` reads (64 KiB: :func:`~pokerroom.formats.pokerstars.is_pokerstars`
looks at the first 20 lines)."""

Hand: TypeAlias = phh.PHHHand | phh.BadHand | stars.StarsHand | stars.BadStarsHand
"""One item of :func:`read_hands`: a hand, or the reader's record of one it could not read."""


class Format(StrEnum):
    """A hand-history format: ``--format`` of ``pokerroom replay``, ``--to`` of ``pokerroom convert``."""

    AUTO = "auto"
    PHH = "phh"
    POKERSTARS = "pokerstars"


def iter_files(root: Path) -> Iterator[Path]:
    """The hand-history files ``root`` names: a folder's files ending in :data:`SUFFIXES`, recursively, in sorted
    path order; a file (any name) as it is.  Raises :class:`FileNotFoundError` for a path that does not exist."""
    if root.is_dir():
        found = sorted(
            (p.parts, p)
            for folder, _dirs, files in os.walk(root)
            for p in (Path(folder, name) for name in files if name.endswith(SUFFIXES))
        )
        yield from (p for _parts, p in found)
    elif root.exists():
        yield root
    else:
        raise FileNotFoundError(f"{root}: no such file or folder")


def count_files(paths: list[Path]) -> int:
    """How many files :func:`iter_files` yields for ``paths`` (a missing path counts one: its error line)."""
    total = 0
    for root in paths:
        try:
            total += sum(1 for _ in iter_files(root))
        except OSError:
            total += 1
    return total


def detect(path: Path) -> Format:
    """``Format.POKERSTARS`` when the file starts with a PokerStars-style hand's first line, else ``Format.PHH``.
    Only a regular file is opened (a pipe or a device could block): anything else is left to the PHH reader,
    which refuses it by name.  Raises :class:`OSError` when the file cannot be opened."""
    if not stat.S_ISREG(os.stat(path).st_mode):
        return Format.PHH
    with open(path, "rb") as f:
        start = f.read(SNIFF_BYTES)
    if len(start) == SNIFF_BYTES:  # cut at a line's end: a multi-byte character split in two is not UTF-8
        start = start[: start.rfind(b"\n") + 1] or start
    return Format.POKERSTARS if stars.is_pokerstars(stars.decode(start)) else Format.PHH


def read_hands(path: Path, fmt: Format, *, max_bytes: int) -> Iterator[Hand]:
    """Every hand of the file at ``path`` in ``fmt`` (``auto``: :func:`detect`), a bad hand in its place.

    Raises, before the first item, :class:`~pokerroom.errors.PokerroomError` for a file that cannot be read at all
    (not a regular file, over ``max_bytes``, not UTF-8 or not TOML for PHH; a ``.txt`` read as neither format says
    so) and :class:`OSError` when it cannot be opened."""
    if fmt is Format.AUTO:
        fmt = detect(path)
        if fmt is Format.PHH and path.suffix == ".txt":
            try:
                yield from phh.read_each(path, max_bytes=max_bytes)
            except PokerroomError as exc:
                raise PokerroomError(
                    f"{path}: neither PokerStars text (no hand's first line, such as 'PokerStars Hand #...:') "
                    f"nor PHH: {exc}"
                ) from None
            return
    if fmt is Format.POKERSTARS:
        yield from stars.read_each(path, max_bytes=max_bytes)
    else:
        yield from phh.read_each(path, max_bytes=max_bytes)
