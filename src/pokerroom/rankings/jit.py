"""The optional compiler: numba's ``njit`` with an on-disk cache when numba is installed, else plain Python.

The kernels of :mod:`pokerroom.rankings.kernels` and :mod:`pokerroom.equity` are written in the subset of Python
numba compiles. With numba they are compiled on first use and the machine code is cached on disk (numba's
``cache=True``: beside the module in ``__pycache__``, or under ``$NUMBA_CACHE_DIR``), so the compile time is paid
once per machine for each set of argument types (each game's or ranking's tables), not by every process. Without
numba (or with ``NUMBA_DISABLE_JIT=1``) the same functions run as ordinary Python: correct, and about a thousand
times slower; the one-call evaluators never need numba.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

__all__ = ["HAVE_NUMBA", "njit"]

F = TypeVar("F", bound=Callable[..., Any])

numba: Any
try:
    import numba

    HAVE_NUMBA = True
except ImportError:  # numba is a default dependency, but the library must still import without it
    numba = None
    HAVE_NUMBA = False


def njit(fn: F) -> F:
    """Compile ``fn`` with numba (nopython mode, cached on disk, GIL released) when numba is installed."""
    if numba is None:
        return fn
    compiled: F = numba.njit(cache=True, nogil=True, error_model="numpy")(fn)
    return compiled  # a numba Dispatcher, called like ``fn``
