"""The room processes' garbage collector (pokerroom.server.collector.keep_gc): young collections every 10,000
allocations while a room runs, Python's own threshold back once it stops; what lives is frozen."""

from __future__ import annotations

import asyncio
import gc
import weakref

from pokerroom.server.collector import YOUNG_COLLECTION, keep_gc


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
        asyncio.run(run())
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
        asyncio.run(run())
        assert seen == [(YOUNG_COLLECTION, *before[1:]), before, (0,)]
    finally:
        gc.unfreeze()


class _Cycle:
    """An object in a reference cycle with itself: freed only by a collection."""

    def __init__(self) -> None:
        self.me = self


def test_a_sweep_runs_when_the_frozen_objects_grew_by_the_share_and_not_before() -> None:
    """Cyclic garbage frozen on its way out waits for a sweep; a sweep runs once the frozen objects grew by
    ``sweep_growth`` since the last one (never on the clock alone within ``sweep_every``)."""
    seen: dict[str, bool] = {}

    def garbage(count: int) -> list[weakref.ref[_Cycle]]:
        cycles = [_Cycle() for _ in range(count)]
        refs = [weakref.ref(c) for c in cycles[:: max(1, count // 10)]]
        del cycles
        return refs

    async def run() -> None:
        keeper = asyncio.get_running_loop().create_task(
            keep_gc(freeze_every=0.01, sweep_every=3600, sweep_growth=0.25, check_every=0.02)
        )
        await asyncio.sleep(0.03)
        few = garbage(10)  # far under a quarter of what is frozen: kept, frozen, till a sweep
        await asyncio.sleep(0.1)
        seen["few kept"] = all(r() is not None for r in few)
        many = garbage(gc.get_freeze_count())  # each _Cycle is two tracked objects (it and its __dict__)
        for _ in range(100):
            await asyncio.sleep(0.01)
            if all(r() is None for r in many):
                break
        seen["many swept"] = all(r() is None for r in many)
        seen["few swept with them"] = all(r() is None for r in few)
        keeper.cancel()
        await asyncio.gather(keeper, return_exceptions=True)

    try:
        asyncio.run(run())
    finally:
        gc.unfreeze()
    assert seen == {"few kept": True, "many swept": True, "few swept with them": True}
