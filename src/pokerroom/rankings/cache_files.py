"""Where the rankings' generated tables are cached on disk, and how a cache file is named and written.

Both caches (the one-call tables, :mod:`~pokerroom.rankings.table_cache`; the batch arrays,
:mod:`~pokerroom.rankings.batch_tables`) live in :func:`cache_dir` and name their files with
:func:`source_digest`, so that a file written by other table-generating code is never read.  No NumPy here: the
one-call path must not import it.
"""

from __future__ import annotations

import os
import zlib
from functools import cache

__all__ = ["READERS", "cache_dir", "replace_file", "source_digest"]

READERS = frozenset({"batch.py", "kernels.py", "jit.py"})
"""The rankings modules that only read the tables: left out of the digest, so that changing a kernel does not
rebuild every table."""


def cache_dir() -> str:
    """Where the table and compiled-kernel caches live (``$POKERROOM_CACHE_DIR``, else the XDG cache)."""
    explicit = os.environ.get("POKERROOM_CACHE_DIR")
    if explicit:
        return explicit
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "pokerroom")


@cache
def source_digest() -> str:
    """A digest of the rankings package's source (but :data:`READERS`): tables cached under another digest are
    never read.  Two checksums (64 bits) rather than a cryptographic hash, whose import alone costs 2 ms."""
    here = os.path.dirname(os.path.abspath(__file__))
    crc, adler = 0, 1
    for name in sorted(n for n in os.listdir(here) if n.endswith(".py") and n not in READERS):
        with open(os.path.join(here, name), "rb") as handle:
            text = name.encode() + b"\0" + handle.read()
        crc, adler = zlib.crc32(text, crc), zlib.adler32(text, adler)
    return f"{crc:08x}{adler:08x}"


def replace_file(path: str, data: bytes, prefix: str) -> None:
    """Write ``data`` to ``path`` atomically (a reader sees the old file or the whole new one), then remove the
    other files of the same directory named ``prefix`` + one digest (the same tables from older sources).  A
    cache that cannot be written is no error: the tables are built again next time."""
    directory, name = os.path.split(path)
    try:
        os.makedirs(directory, exist_ok=True)
        partial = f"{path}.{os.getpid()}.part"
        with open(partial, "wb") as handle:
            handle.write(data)
        os.replace(partial, path)
        for old in os.listdir(directory):  # "a5-low" must not take "a5-low-8": the rest is one digest
            if old != name and old.startswith(prefix) and "-" not in old[len(prefix) :]:
                os.remove(os.path.join(directory, old))
    except OSError:
        return
