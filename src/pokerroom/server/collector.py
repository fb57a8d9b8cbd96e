"""The garbage collector of a room process (``pokerroom serve``, a gateway, ``pokerroom worker``): full
collections kept short and young ones seldom (issue 25: the room's CPU per action and its pauses)."""

from __future__ import annotations

import asyncio
import gc

__all__ = ["FREEZE_EVERY", "SWEEP_EVERY", "YOUNG_COLLECTION", "keep_gc"]

FREEZE_EVERY = 0.5
"""Seconds between freezing what lives (:func:`keep_gc`).  Short, because a young collection's pause grows with
what was allocated since the last freeze and still lives, and that is not bounded by :data:`YOUNG_COLLECTION`:
Python counts allocations less frees, and the frees of older objects (a hand's, a state's, frozen a moment ago)
lower the count too.  Freezing every 2 s, the server at 300 to 500 tables held 30,000 to 80,000 young objects at
a collection and paused 20 to 95 ms (once or twice in every 10 s at 500 tables: at the p99 of its latency); every
0.5 s, no collection ran in the measured windows (``benchmarks/bench_server.py``).  A freeze itself costs no
scan."""
SWEEP_EVERY = 900.0
"""Seconds between full collections of everything, frozen or not (:func:`keep_gc`)."""

YOUNG_COLLECTION = 10_000
"""Allocations (less frees) between the server's young collections (Python's default is 700).  An action
allocates a few hundred short-lived objects: at 700, two young collections ran every five actions, and each
found little to free (no hand is cyclic, :meth:`~pokerroom.engine.hand.Hand.unlink`).  At 10,000 the actor's
CPU per action at 500 tables fell by about a tenth (``benchmarks/bench_actor.py`` with the server's freezing)."""


async def keep_gc(freeze_every: float = FREEZE_EVERY, sweep_every: float = SWEEP_EVERY) -> None:
    """Keep the garbage collector's full collections short: they stall every table at once, and their time grows
    with every object alive (each connection holds dozens).  Every ``freeze_every`` seconds what is alive is
    frozen (``gc.freeze``: never scanned again); every ``sweep_every`` seconds everything is unfrozen and
    collected once, so cycles frozen on their way out are freed (one longer pause, seldom).  Young collections
    run every :data:`YOUNG_COLLECTION` allocations.  When the last keeper of the process stops, Python's
    thresholds come back and nothing stays frozen."""
    gc.collect()
    gc.freeze()
    if not _running:  # the first keeper of the process keeps Python's settings; the last gives them back
        _saved[:] = gc.get_threshold()
        gc.set_threshold(YOUNG_COLLECTION, *_saved[1:])
    _running.append(None)
    since = 0.0
    try:
        while True:
            await asyncio.sleep(freeze_every)
            since += freeze_every
            if since >= sweep_every:
                since = 0.0
                gc.unfreeze()
                gc.collect()
            gc.freeze()
    finally:  # the room stops; a process that goes on (a test's) collects as before, everything
        _running.pop()
        if not _running:
            gc.set_threshold(*_saved)
            gc.unfreeze()


_running: list[None] = []
"""One entry per :func:`keep_gc` running in this process (two rooms in one process share its collector)."""
_saved: list[int] = []
"""Python's thresholds as the first running :func:`keep_gc` found them."""
