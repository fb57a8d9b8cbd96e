"""The password-hashing pool: Argon2id runs on a few threads of its own, never on the threads or the event loop
that serve every other request, so a flood of log-ins slows only log-ins.

:class:`HashPool` runs at most ``threads`` hashes at once and lets at most ``queue`` more wait; one more is
refused at once with :class:`PoolBusy` (HTTP 503 with ``Retry-After``), so a flood costs the server no more than
``threads`` cores and a short queue.  Only the hash itself (``PasswordHasher.hash``/``verify``) runs here.  On
Linux the hashing threads (and the threads Argon2 starts from them, which inherit it) run at a lower priority,
:data:`HASH_NICE`: on a busy machine the event loop and the request threads get a core before a hash does.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import sys
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, TypeVar

from pokerroom.errors import PokerroomError

__all__ = ["BUSY_RETRY", "HASH_QUEUE", "HASH_THREADS", "HashPool", "PoolBusy"]

HASH_THREADS = 2
"""Password hashes computed at once (each Argon2id hash takes one core for about a tenth of a second)."""

HASH_QUEUE = 16
"""Password hashes that may wait for a thread; one more log-in or sign-up is refused at once."""

HASH_NICE = 10
"""How much nicer than the server the hashing threads run on Linux (niceness 0 → 10; 19 is the lowest)."""

BUSY_RETRY = 1
"""Seconds a log-in refused by a full pool is told to wait (``Retry-After``)."""

T = TypeVar("T")


class PoolBusy(PokerroomError):
    """Every hashing thread busy and the queue full: ``retry_after`` seconds (HTTP 503)."""

    def __init__(self, in_flight: int) -> None:
        super().__init__(f"the server is checking {in_flight} passwords already; try again in {BUSY_RETRY} s")
        self.retry_after = BUSY_RETRY


def _lower_priority() -> None:
    """Make the calling thread (a hashing thread) :data:`HASH_NICE` nicer (Linux only: elsewhere a thread id is
    not a process id, and the niceness is left)."""
    if sys.platform.startswith("linux"):
        me = threading.get_native_id()
        with contextlib.suppress(OSError):  # not allowed (a sandbox): the hashes run at the server's priority
            os.setpriority(os.PRIO_PROCESS, me, min(19, os.getpriority(os.PRIO_PROCESS, me) + HASH_NICE))


class HashPool:
    """``threads`` hashing threads and room for ``queue`` waiting hashes (see the module docstring)."""

    def __init__(self, threads: int = HASH_THREADS, queue: int = HASH_QUEUE) -> None:
        if threads < 1 or queue < 0:
            raise PokerroomError(f"hashing takes 1 or more threads and a queue of 0 or more, not {threads}/{queue}")
        self.limit = threads + queue
        self.in_flight = 0
        """Hashes running or waiting (a hash whose request went away still counts until it ends)."""
        self.threads = threads
        self._lock = threading.Lock()
        self._executor: ThreadPoolExecutor | None = None

    def _done(self, _future: Future[Any]) -> None:
        with self._lock:
            self.in_flight -= 1

    async def run(self, fn: Callable[..., T], *args: object) -> T:
        """``fn(*args)`` on a hashing thread; raises :class:`PoolBusy` at once when the pool is full."""
        with self._lock:
            if self.in_flight >= self.limit:
                raise PoolBusy(self.in_flight)
            if self._executor is None:  # made on first use, again after close (an app served twice)
                self._executor = ThreadPoolExecutor(
                    max_workers=self.threads, thread_name_prefix="pokerroom-hash", initializer=_lower_priority
                )
            self.in_flight += 1
            future = self._executor.submit(fn, *args)
        future.add_done_callback(self._done)
        return await asyncio.wrap_future(future)

    def close(self) -> None:
        """Stop the threads (hashes waiting are dropped)."""
        with self._lock:
            executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=False, cancel_futures=True)
