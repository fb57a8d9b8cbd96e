"""The room processes' garbage collector (pokerroom.server.collector.keep_gc): young collections every 10,000
allocations while a room runs, Python's own threshold back once it stops; what lives is frozen."""

from __future__ import annotations

import asyncio
import gc

from pokerroom.server.collector import YOUNG_COLLECTION, keep_gc
from servertools import in_own_thread


def test_keep_gc_sets_the_young_threshold_freezes_and_gives_both_back() -> None:
    before = gc.get_threshold()
    assert before[0] != YOUNG_COLLECTION

    seen: list[tuple[tuple[int, ...], int]] = []

    async def run() -> None:
        keeper = asyncio.get_running_loop().create_task(keep_gc(freeze_every=0.01, sweep_every=0.05))
        await asyncio.sleep(0.03)
        during = gc.get_threshold()
        frozen = gc.get_freeze_count()
        keeper.cancel()
        await asyncio.gather(keeper, return_exceptions=True)
        seen.append((during, frozen))

    try:
        in_own_thread(run)  # a browser test of the same pytest worker may leave an event loop running here
        ((during, frozen),) = seen
        assert during == (YOUNG_COLLECTION, *before[1:])
        assert frozen > 1000  # the interpreter's and the test's objects, at least
        assert gc.get_threshold() == before
    finally:
        gc.unfreeze()


def test_two_rooms_in_one_process_share_the_collector_and_the_last_gives_it_back() -> None:
    before = gc.get_threshold()
    seen: list[tuple[int, ...]] = []

    async def run() -> None:
        loop = asyncio.get_running_loop()
        first = loop.create_task(keep_gc(freeze_every=0.01, sweep_every=10))
        await asyncio.sleep(0.02)
        second = loop.create_task(keep_gc(freeze_every=0.01, sweep_every=10))
        await asyncio.sleep(0.02)
        first.cancel()
        await asyncio.gather(first, return_exceptions=True)
        seen.append(gc.get_threshold())  # the second room still runs: its setting stands
        second.cancel()
        await asyncio.gather(second, return_exceptions=True)
        seen.append(gc.get_threshold())
        seen.append((gc.get_freeze_count(),))

    try:
        in_own_thread(run)
        assert seen == [(YOUNG_COLLECTION, *before[1:]), before, (0,)]
    finally:
        gc.unfreeze()
