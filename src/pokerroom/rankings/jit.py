"""The optional compiler: numba's ``njit`` with an on-disk cache when numba is installed, else plain Python.

The kernels of :mod:`pokerroom.rankings.kernels` and :mod:`pokerroom.equity.kernels` are written in the subset of
Python numba compiles. With numba they are compiled on first use and the machine code is cached on disk (numba's
``cache=True``: beside the module in ``__pycache__``, or under ``$NUMBA_CACHE_DIR``), so the compile time is paid
once per machine for each set of argument types (each game's or ranking's tables), not by every process. Without
numba (or with ``NUMBA_DISABLE_JIT=1``) the same functions run as ordinary Python: correct, and about a thousand
times slower; the one-call evaluators never need numba.

numba itself is imported only when a kernel is first **called** (importing it takes about half a second), not
when a module defining kernels is imported: :func:`njit` returns a stand-in that, on its first call, imports
numba and compiles every kernel declared so far (each stand-in's name in its module is rebound to the compiled
dispatcher, because a kernel calling another one resolves that name when it is compiled).  So importing
:mod:`pokerroom.rankings.batch` or :mod:`pokerroom.equity` costs no compiler, and a NumPy path (the exact equity
of a single hold'em matchup) never loads it.
"""

from __future__ import annotations

import importlib.util
import threading
from collections.abc import Callable
from typing import Any, TypeVar, cast

__all__ = ["HAVE_NUMBA", "njit", "numba_loaded"]

F = TypeVar("F", bound=Callable[..., Any])

HAVE_NUMBA: bool
"""Whether numba can be imported (found without importing it; blocked as ``sys.modules['numba'] = None``)."""
try:
    HAVE_NUMBA = importlib.util.find_spec("numba") is not None
except (ImportError, ValueError):  # a broken or half-imported numba: run the kernels as Python
    HAVE_NUMBA = False


class _Kernel:
    """A kernel not compiled yet: the first call compiles every pending kernel, then this one runs."""

    __slots__ = ("compiled", "fn")

    def __init__(self, fn: Callable[..., Any]) -> None:
        self.fn = fn
        self.compiled: Callable[..., Any] | None = None

    def __call__(self, *args: Any) -> Any:
        compiled = self.compiled
        if compiled is None:
            with _LOCK:  # the batch evaluators call kernels from several threads at once
                if self.compiled is None:
                    _compile_pending()
            compiled = self.compiled
            assert compiled is not None
        return compiled(*args)

    def __repr__(self) -> str:
        return f"<kernel {self.fn.__module__}.{self.fn.__qualname__}>"


_PENDING: list[_Kernel] = []
_LOCK = threading.Lock()
_LOADED = False


def _plain(fn: Callable[..., Any]) -> Callable[..., Any]:
    return fn


def _compile_pending() -> None:
    """Import numba (once) and turn every pending kernel into a numba dispatcher, rebound in its module."""
    global _LOADED
    wrap: Callable[[Callable[..., Any]], Callable[..., Any]] = _plain
    if HAVE_NUMBA:
        try:
            import numba
        except ImportError:  # found but not importable: plain Python, as without numba
            pass
        else:
            wrap = numba.njit(cache=True, nogil=True, error_model="numpy")
            _LOADED = True
    while _PENDING:
        kernel = _PENDING.pop()
        kernel.compiled = wrap(kernel.fn)
        namespace = kernel.fn.__globals__
        if namespace.get(kernel.fn.__name__) is kernel:  # calls between kernels resolve the module's name
            namespace[kernel.fn.__name__] = kernel.compiled


def numba_loaded() -> bool:
    """Whether a kernel has been called in this process with numba imported for it."""
    return _LOADED


def njit(fn: F) -> F:
    """Declare ``fn`` a kernel: compiled with numba (nopython mode, cached on disk, GIL released) on the first
    call of any kernel when numba is installed, plain Python otherwise."""
    kernel = _Kernel(fn)
    _PENDING.append(kernel)
    return cast(F, kernel)
