"""Table leases: at most one :class:`~pokerroom.store.runner.TableRunner` plays a table at a time.

A runner takes its table's lease when it starts (:func:`take`): one row per table naming the holder (a random
``owner`` token, the ``host`` name and the ``pid`` of its process) and a ``heartbeat``, the store's time of the
holder's last hand start, settlement or chip movement (:func:`hold` checks the holder and refreshes it, in the
transaction of that write).  Another runner is refused while the holder lives.  A holder counts as gone, and its
lease is taken over, when

* it ran on this host and its process has ended (``os.kill(pid, 0)`` finds no such process): at once, so a
  server restarted after a crash recovers its tables straight away;
* it ran on another host (or an unknown one): once its heartbeat is older than the taker's ``timeout``
  (:data:`DEFAULT_TIMEOUT`, 5 s: a split room's worker that dies loses its tables within seconds, issue 25);
* it ran on this host, its process lives, and the taker takes ``by_heartbeat`` (the split room's workers, whose
  every lease is renewed each :data:`HEARTBEAT`): once its heartbeat is older than ``timeout`` too, so a worker
  that hangs (stopped, deadlocked) loses its tables to a worker on its own host.  Other takers never take a live
  process's table on their host: a command-line run that renews nothing (a simulation) keeps its table.

A holder that keeps tables idle for long (a split room's worker, :mod:`pokerroom.server.split.worker`) renews
all its leases every :data:`HEARTBEAT` seconds in one statement (:func:`renew`), so the short timeout never takes a
live holder's table; :func:`renew` also tells it which tables it lost (taken over while it was cut off), which it
must stop playing at once.  Its writes are fenced anyway: :func:`hold` refuses a holder whose lease was taken.

A process id that the system has given to another process since can keep a dead holder's lease alive; an
operator then ends it with :func:`release` (``owner`` None).

The functions take an open connection inside a writing transaction; :class:`~pokerroom.store.Store` supplies it.
"""

from __future__ import annotations

import os
import socket
from collections.abc import Mapping
from datetime import datetime
from typing import Any

from sqlalchemy import bindparam, delete, select, update
from sqlalchemy.engine import Connection

from pokerroom.errors import StoreError
from pokerroom.store.checks import as_utc, known_table
from pokerroom.store.records import Lease
from pokerroom.store.schema import table_leases

__all__ = [
    "DEFAULT_TIMEOUT",
    "HEARTBEAT",
    "current",
    "describe",
    "every",
    "gone",
    "hold",
    "pid_alive",
    "release",
    "renew",
    "take",
    "this_host",
]

DEFAULT_TIMEOUT = 5.0
"""Seconds without a heartbeat after which a lease held from another host may be taken over (issue 25: a dead
worker's tables are played again within seconds)."""

HEARTBEAT = 1.0
"""Seconds between a holder's renewals of its leases (:func:`renew`): :data:`DEFAULT_TIMEOUT` leaves four renewals
missed (a slow store, a long pause of the garbage collector) before a live holder could lose a table."""

_ROW = select(table_leases).where(table_leases.c.table_id == bindparam("b_table"))
_ROW_LOCKED = _ROW.with_for_update()
_HOLD = (
    update(table_leases)
    .where(table_leases.c.table_id == bindparam("b_table"), table_leases.c.owner == bindparam("b_owner"))
    .values(heartbeat=bindparam("b_now"))
)


def this_host() -> str:
    """The name of the host this process runs on (as recorded in a lease)."""
    return socket.gethostname()


def pid_alive(pid: int) -> bool:
    """Whether a process ``pid`` exists on this host (one of another user counts)."""
    if not 0 < pid < 2**31:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # PermissionError: it exists but is not ours
        return True
    return True


def _lease(row: Any) -> Lease:
    return Lease(
        table=int(row.table_id), owner=row.owner, host=row.host, pid=int(row.pid), heartbeat=as_utc(row.heartbeat)
    )


def describe(lease: Lease, now: datetime) -> str:
    """The holder of ``lease`` in words, with the age of its heartbeat at ``now`` (naive UTC)."""
    age = (as_utc(now) - lease.heartbeat).total_seconds()
    return f"runner {lease.owner} on host {lease.host!r}, pid {lease.pid}, last heartbeat {age:.1f} s ago"


def current(conn: Connection, table: int) -> Lease | None:
    """The lease of ``table``, or None when nobody holds it."""
    row = conn.execute(_ROW, {"b_table": known_table(conn, table)}).first()
    return None if row is None else _lease(row)


def gone(lease: Lease, now: datetime, host: str, timeout: float, *, by_heartbeat: bool = False) -> bool:
    """Whether the holder of ``lease`` counts as gone at ``now`` for a taker on ``host`` (the module docstring's
    rule: its process ended on this host, or its heartbeat is more than ``timeout`` seconds old from another or,
    ``by_heartbeat``, from this one)."""
    stale = (as_utc(now) - lease.heartbeat).total_seconds() > timeout
    if lease.host and lease.host == host:
        return not pid_alive(lease.pid) or (by_heartbeat and stale)
    return stale


def take(
    conn: Connection, now: datetime, table: int, owner: str, *, host: str, pid: int, timeout: float,
    by_heartbeat: bool = False,
) -> Lease | None:  # fmt: skip
    """Make ``owner`` (on ``host``, process ``pid``) the holder of ``table``'s lease with a fresh heartbeat;
    returns the lease it took over from a holder that is gone (None: the table was free or already ``owner``'s).
    StoreError naming the holder while another one lives."""
    table = known_table(conn, table)
    row = conn.execute(_ROW_LOCKED, {"b_table": table}).first()
    values = {"owner": owner, "host": host, "pid": pid, "heartbeat": now}
    if row is None:
        conn.execute(table_leases.insert().values(table_id=table, **values))
        return None
    held = _lease(row)
    if held.owner != owner and not gone(held, now, host, timeout, by_heartbeat=by_heartbeat):
        same = held.host == host and not by_heartbeat
        raise StoreError(
            f"table {table} is being played by {describe(held, now)}; another runner may take it over once "
            + ("that process has ended" if same else f"its heartbeat is more than {timeout:g} s old")
        )
    conn.execute(update(table_leases).where(table_leases.c.table_id == table).values(**values))
    return None if held.owner == owner else held


def hold(conn: Connection, now: datetime, table: int, owner: str) -> None:
    """Check that ``owner`` holds ``table``'s lease and refresh its heartbeat to ``now``; StoreError (the
    caller's transaction must then be rolled back) naming the holder otherwise."""
    if conn.execute(_HOLD, {"b_table": table, "b_owner": owner, "b_now": now}).rowcount == 1:
        return
    held = current(conn, table)
    who = "nobody holds it" if held is None else f"it is held by {describe(held, now)}"
    raise StoreError(f"runner {owner} no longer holds the lease of table {table} ({who}); it must stop")


def renew(conn: Connection, now: datetime, held: Mapping[int, str]) -> set[int]:
    """Refresh to ``now`` the heartbeat of every lease in ``held`` (table -> owner token) that its owner still
    holds, in one statement; returns the tables of ``held`` whose lease another holder has taken, or nobody holds
    (the caller must stop playing them: their writes are refused by :func:`hold` anyway)."""
    if not held:
        return set()
    owners = list(held.values())
    conn.execute(update(table_leases).where(table_leases.c.owner.in_(owners)).values(heartbeat=now))
    rows = conn.execute(
        select(table_leases.c.table_id, table_leases.c.owner).where(table_leases.c.owner.in_(owners))
    ).all()
    kept = {int(r.table_id) for r in rows if held.get(int(r.table_id)) == r.owner}
    return set(held) - kept


def release(conn: Connection, table: int, owner: str | None) -> bool:
    """End ``owner``'s lease of ``table`` (any holder's when ``owner`` is None); returns whether one ended."""
    query = delete(table_leases).where(table_leases.c.table_id == known_table(conn, table))
    if owner is not None:
        query = query.where(table_leases.c.owner == owner)
    return bool(conn.execute(query).rowcount)


def every(conn: Connection) -> list[Lease]:
    """Every table's lease, in one query (a worker looking for tables to claim)."""
    return [_lease(row) for row in conn.execute(select(table_leases))]
