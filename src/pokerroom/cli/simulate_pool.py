"""Where a ``pokerroom simulate`` run's shards are played: in this process, in local worker processes, or on a
Dask distributed cluster.  Every way returns the same :class:`~pokerroom.cli.simulate_shards.ShardResult`\\s in
shard order, so the merged report does not depend on it (see :mod:`pokerroom.cli.simulate_shards`).

* :func:`run_in_process`: one shard after the other in this process (``--workers 1``, the default);
* :func:`run_processes`: a :class:`~concurrent.futures.ProcessPoolExecutor` of ``--workers N`` processes
  started by a *forkserver* (a clean process that has imported pokerroom once and forks a worker from itself),
  not by ``fork`` (which copies this process's threads, the progress bar's among them, and SQLAlchemy's open
  connections) nor ``spawn`` (each worker importing pokerroom anew, about 2 s here); ``spawn`` where there is no
  forkserver (Windows, macOS's default is kept);
* :func:`run_dask`: one task per shard on a :class:`distributed.Client` (:func:`connect` with ``--dask
  ADDRESS``), gathered in shard order.  Its workers must be able to import pokerroom; a shard without
  ``--database`` writes a temporary SQLite file on its worker.

Each way stops at the first shard whose store failed (its result has ``error``): shards not yet started are
cancelled, those running finish, and the results so far are returned, the failed one last.  A worker process
that dies or a cluster that goes away raises :class:`WorkersLost`.
"""

from __future__ import annotations

import concurrent.futures
import multiprocessing
import sys
from collections.abc import Callable, Sequence
from concurrent.futures.process import BrokenProcessPool
from typing import TYPE_CHECKING

from pokerroom.cli.simulate_shards import ShardResult, ShardSpec, play_shard
from pokerroom.errors import PokerroomError

if TYPE_CHECKING:
    from distributed import Client

__all__ = [
    "CLUSTER_HINT",
    "ClusterError",
    "DaskMissing",
    "SchedulerUnreachable",
    "WorkersLost",
    "connect",
    "run_dask",
    "run_in_process",
    "run_processes",
    "workers_of",
]

CLUSTER_HINT = "pip install 'pokerroom[cluster]'"
"""How to install what ``--dask`` needs."""

OnShard = Callable[[ShardResult], None]
"""Called with each shard's result as it finishes (in the order they finish)."""


class ClusterError(PokerroomError):
    """The shards could not be played where they were sent."""


class DaskMissing(ClusterError):
    """``--dask`` without the ``distributed`` package installed."""


class SchedulerUnreachable(ClusterError):
    """No Dask scheduler answered at the address given (or the address is not one)."""


class WorkersLost(ClusterError):
    """A worker process died, or the cluster went away, before every shard was played."""


def _ordered(results: dict[int, ShardResult], specs: Sequence[ShardSpec]) -> list[ShardResult]:
    """``results`` by shard index, in the order of ``specs``; stops after the first failed shard."""
    out: list[ShardResult] = []
    for spec in specs:
        result = results.get(spec.index)
        if result is None:
            continue
        out.append(result)
    failed = [r for r in out if r.error is not None]
    if failed:
        first = failed[0]
        return [r for r in out if r.error is None and r.index < first.index] + [first]
    return out


def run_in_process(
    specs: Sequence[ShardSpec], *, on_hand: Callable[[], None] | None = None, on_shard: OnShard | None = None
) -> list[ShardResult]:
    """Play ``specs`` one after the other in this process; ``on_hand`` after each hand, ``on_shard`` after each
    shard.  Stops at the first shard whose store failed."""
    results: list[ShardResult] = []
    for spec in specs:
        result = play_shard(spec, on_hand)
        results.append(result)
        if on_shard is not None:
            on_shard(result)
        if result.error is not None:
            break
    return results


def _context() -> multiprocessing.context.BaseContext:
    """A forkserver that has imported the shard runner (so each worker starts warm), or spawn where there is
    none."""
    if sys.platform == "linux" and "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["pokerroom.cli.simulate_shards"])
        return context
    return multiprocessing.get_context("spawn")


def run_processes(specs: Sequence[ShardSpec], workers: int, *, on_shard: OnShard | None = None) -> list[ShardResult]:
    """Play ``specs`` in ``workers`` local processes (at most one per shard); results in shard order.  Raises
    :class:`WorkersLost` when a worker process dies (killed, out of memory)."""
    if workers < 1:
        raise ValueError(f"workers are 1 or more, not {workers}")
    results: dict[int, ShardResult] = {}
    pool = concurrent.futures.ProcessPoolExecutor(max_workers=min(workers, len(specs)), mp_context=_context())
    try:
        futures = {pool.submit(play_shard, spec): spec for spec in specs}
        for future in concurrent.futures.as_completed(futures):
            if future.cancelled():
                continue  # not started: an earlier shard failed
            result = future.result()
            results[result.index] = result
            if on_shard is not None:
                on_shard(result)
            if result.error is not None:
                for other in futures:
                    other.cancel()  # those not started; the running ones finish their hands
    except BrokenProcessPool as exc:
        pool.shutdown(wait=False, cancel_futures=True)
        raise WorkersLost(f"a worker process died before every shard was played ({exc})") from None
    except BaseException:
        pool.shutdown(wait=False, cancel_futures=True)  # Ctrl-C: do not wait for the shards still queued
        raise
    pool.shutdown(wait=True)
    return _ordered(results, specs)


def connect(address: str, *, timeout: float) -> Client:
    """A client of the Dask scheduler at ``address`` (``tcp://HOST:8786``), waiting at most ``timeout`` seconds.
    Raises :class:`DaskMissing` when ``distributed`` is not installed and :class:`SchedulerUnreachable` for an
    address that is not one (no port, an unknown scheme) or where no scheduler answers in time."""
    try:
        import distributed
    except ImportError:
        raise DaskMissing(f"--dask needs the distributed package: {CLUSTER_HINT}") from None
    from distributed.comm.addressing import get_address_host_port

    try:
        get_address_host_port(address)  # checked first: a Client refused for its address fails again on exit
    except ValueError as exc:
        raise SchedulerUnreachable(
            f"not a Dask scheduler address: {address!r} ({exc}); give tcp://HOST:PORT, such as tcp://127.0.0.1:8786"
        ) from None
    try:
        return distributed.Client(address, timeout=timeout, set_as_default=False)  # type: ignore[no-untyped-call]
    except (OSError, TimeoutError, ValueError, TypeError) as exc:
        raise SchedulerUnreachable(
            f"no Dask scheduler answered at {address!r} within {timeout:g} s ({type(exc).__name__}: {exc}); "
            f"start one with `dask scheduler` and workers with `dask worker ADDRESS --nthreads 1`"
        ) from None


def workers_of(client: Client) -> int:
    """The number of workers the cluster has now; :class:`WorkersLost` when the scheduler no longer answers."""
    try:
        return len(client.nthreads())  # type: ignore[no-untyped-call]
    except OSError as exc:
        raise WorkersLost(f"the Dask scheduler stopped answering ({type(exc).__name__}: {exc})") from None


def run_dask(specs: Sequence[ShardSpec], client: Client, *, on_shard: OnShard | None = None) -> list[ShardResult]:
    """Play ``specs`` on ``client``'s cluster, one task per shard (keyed by its table name); results in shard
    order.  Raises :class:`WorkersLost` when a worker dies on a shard too often (Dask's ``KilledWorker``), a task
    is cancelled or the connection to the scheduler is lost."""
    import distributed

    futures = [client.submit(play_shard, spec, key=f"pokerroom-{spec.table}", pure=False) for spec in specs]
    results: dict[int, ShardResult] = {}
    try:
        for future in distributed.as_completed(futures, loop=client.loop):  # type: ignore[no-untyped-call]
            result: ShardResult = future.result()
            results[result.index] = result
            if on_shard is not None:
                on_shard(result)
            if result.error is not None:
                client.cancel([f for f in futures if not f.done()])  # type: ignore[no-untyped-call]
                break
    except (distributed.KilledWorker, concurrent.futures.CancelledError, OSError) as exc:
        client.cancel(futures)  # type: ignore[no-untyped-call]
        raise WorkersLost(f"the Dask cluster lost a shard ({type(exc).__name__}: {exc})") from None
    except BaseException:
        client.cancel(futures)  # type: ignore[no-untyped-call]
        raise
    return _ordered(results, specs)
