"""The one-call evaluator's tables cached on disk: a process reads them (about a tenth of a second's work less
than building E-HIGH's, more for the lows) rather than generating them again (issue 24: a replay or an equity
run's start).

A file holds one ordering's :class:`~pokerroom.rankings.tables.Tables` as :mod:`marshal` data (ints, tuples,
dicts and bytes only: no code is run to read it) behind a header line and a CRC-32 of the data; it is named by
the ordering's id, a checksum of the ordering's ``repr`` (its every parameter: the orderings are frozen
dataclasses) and :func:`~pokerroom.rankings.cache_files.source_digest`, so tables built by other code or for
another ordering are never read.  A missing, damaged or foreign file is ignored and the tables built again.
Only the package's own orderings (dataclasses of ``pokerroom.rankings``) are cached: a user's ordering may not
describe itself in its ``repr``.
"""

from __future__ import annotations

import dataclasses
import marshal
import os
import zlib
from array import array
from typing import Any

from pokerroom.rankings.cache_files import cache_dir, replace_file, source_digest
from pokerroom.rankings.model import Category, Ordering, SuitModel
from pokerroom.rankings.suited import SuitedTables
from pokerroom.rankings.tables import Tables, build_tables

__all__ = ["FORMAT", "cached_tables", "table_file"]

FORMAT = b"pokerroom tables 1\n"
"""The first line of a cache file; then 8 hex digits (the CRC-32 of the rest), a newline and the marshal data."""


_KINDS: dict[str, type[Tables]] = {"Tables": Tables, "SuitedTables": SuitedTables}


def table_file(ordering: Ordering) -> str | None:
    """The cache file of ``ordering``'s tables, or ``None`` for an ordering that is not cached (see above)."""
    kind = type(ordering)
    if not dataclasses.is_dataclass(kind) or not kind.__module__.startswith("pokerroom.rankings."):
        return None
    described = zlib.crc32(f"{kind.__qualname__}{ordering!r}".encode())
    return os.path.join(cache_dir(), f"tables-{ordering.id}-{source_digest()}{described:08x}.marshal")


def cached_tables(ordering: Ordering) -> Tables:
    """``build_tables(ordering)``, read from the disk cache when it holds them, else built and written there.
    Raises what :func:`~pokerroom.rankings.tables.build_tables` raises."""
    path = table_file(ordering)
    if path is not None:
        tables = _load(path)
        if tables is not None and tables.ordering_id == ordering.id:
            return tables
    tables = build_tables(ordering)
    if path is not None:
        _save(path, tables)
    return tables


def _encode(tables: Tables) -> bytes:
    values: dict[str, Any] = {}
    for f in dataclasses.fields(tables):
        v = getattr(tables, f.name)
        if isinstance(v, array):
            v = (v.typecode, v.tobytes())
        elif f.name == "categories":
            v = tuple(c.value for c in v)
        elif isinstance(v, SuitModel):
            v = v.value
        values[f.name] = v
    return marshal.dumps((type(tables).__name__, values))


def _decode(data: bytes) -> Tables:
    name, values = marshal.loads(data)
    kind = _KINDS[name]
    typecode, raw = values["classes"]
    classes = array(typecode)
    classes.frombytes(raw)
    values["classes"] = classes
    by_value = {c.value: c for c in Category}  # a dict lookup, not the enum's call, for each of thousands
    values["categories"] = tuple(map(by_value.__getitem__, values["categories"]))
    values["suit_model"] = SuitModel(values["suit_model"])
    return kind(**values)


def _load(path: str) -> Tables | None:
    try:
        with open(path, "rb") as handle:
            data = handle.read()
        head = len(FORMAT)
        if not data.startswith(FORMAT) or data[head + 8 : head + 9] != b"\n":
            return None
        body = data[head + 9 :]
        if int(data[head : head + 8], 16) != zlib.crc32(body):
            return None
        return _decode(body)
    except (OSError, ValueError, TypeError, KeyError, EOFError):
        return None


def _save(path: str, tables: Tables) -> None:
    try:
        body = _encode(tables)
    except ValueError:  # a value marshal cannot write: the tables are simply not cached
        return
    replace_file(path, b"%s%08x\n%s" % (FORMAT, zlib.crc32(body), body), f"tables-{tables.ordering_id}-")
