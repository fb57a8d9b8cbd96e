"""The garbage collector of a room process (``pokerroom serve``, a gateway, ``pokerroom worker``): full
collections kept short and young ones seldom (issue 25: the room's CPU per action and its pauses)."""

from __future__ import annotations

import asyncio
import gc

__all__ = ["FREEZE_EVERY", "SWEEP_CHECK", "SWEEP_EVERY", "SWEEP_GROWTH", "YOUNG_COLLECTION", "keep_gc"]

FREEZE_EVERY = 2.0
"""Seconds between freezing what lives (:func:`keep_gc`).  Not shorter: freezing every 0.5 s kept young
collections from running at all, yet in three-minute runs of ``benchmarks/bench_server.py`` at 300 tables the
server's loop stalled over 50 ms 90 and 249 times (p99 126 and 185 ms), against 7 to 23 times (p99 50 to 78 ms)
freezing every 2 s, with no collection in either window; why, not found."""
SWEEP_EVERY = 6 * 3600.0
"""The longest time between two sweeps (full collections of everything, frozen or not: :func:`keep_gc`)."""
SWEEP_GROWTH = 0.25
"""A sweep runs once the frozen objects are this much more (as a share) than the last sweep left, or than the
first freeze found: cyclic garbage waiting frozen is at most about a quarter of what lived then.  A sweep stalls every
table at once, about 1 µs an object (0.6 s at 300 tables, about 560,000 objects, ``benchmarks/bench_server.py``):
a room that makes little garbage in cycles (a hand makes none, :meth:`~pokerroom.engine.hand.Hand.unlink`) sweeps
seldom, where a sweep every 15 minutes stalled it every 15 minutes."""
SWEEP_CHECK = 60.0
"""Seconds between readings of the frozen objects' count (a walk of the frozen list: about 8 ms a million)."""

YOUNG_COLLECTION = 10_000
"""Allocations (less frees) between the server's young collections (Python's default is 700).  An action
allocates a few hundred short-lived objects: at 700, two young collections ran every five actions, and each
found little to free (no hand is cyclic, :meth:`~pokerroom.engine.hand.Hand.unlink`).  At 10,000 the actor's
CPU per action at 500 tables fell by about a tenth (``benchmarks/bench_actor.py`` with the server's freezing)."""


async def keep_gc(
    freeze_every: float = FREEZE_EVERY,
    sweep_every: float = SWEEP_EVERY,
    sweep_growth: float = SWEEP_GROWTH,
    check_every: float = SWEEP_CHECK,
) -> None:
    """Keep the garbage collector's full collections short and seldom: they stall every table at once, and their
    time grows with every object alive (each connection holds dozens).  Every ``freeze_every`` seconds what is
    alive is frozen (``gc.freeze``: never scanned again).  Cycles frozen on their way out are freed by a sweep
    (everything unfrozen and collected once, then frozen again): every ``check_every`` seconds the frozen objects
    are counted, and a sweep runs when they grew by ``sweep_growth`` (a share) since the last sweep, or when
    ``sweep_every`` seconds passed since it.  Young collections run every :data:`YOUNG_COLLECTION` allocations.
    When the last keeper of the process stops, Python's thresholds come back and nothing stays frozen."""
    gc.collect()
    gc.freeze()
    if not _running:  # the first keeper of the process keeps Python's settings; the last gives them back
        _saved[:] = gc.get_threshold()
        gc.set_threshold(YOUNG_COLLECTION, *_saved[1:])
    _running.append(None)
    swept = gc.get_freeze_count()
    since_sweep = since_check = 0.0
    try:
        while True:
            await asyncio.sleep(freeze_every)
            since_sweep += freeze_every
            since_check += freeze_every
            gc.freeze()
            if since_check < check_every and since_sweep < sweep_every:
                continue
            since_check = 0.0
            if since_sweep >= sweep_every or gc.get_freeze_count() > swept * (1 + sweep_growth):
                since_sweep = 0.0
                gc.unfreeze()
                gc.collect()
                gc.freeze()
                swept = gc.get_freeze_count()
    finally:  # the room stops; a process that goes on (a test's) collects as before, everything
        _running.pop()
        if not _running:
            gc.set_threshold(*_saved)
            gc.unfreeze()


_running: list[None] = []
"""One entry per :func:`keep_gc` running in this process (two rooms in one process share its collector)."""
_saved: list[int] = []
"""Python's thresholds as the first running :func:`keep_gc` found them."""
