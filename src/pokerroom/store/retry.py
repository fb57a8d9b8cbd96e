"""Surviving a dropped database connection (PostgreSQL): what counts as one, the bounded backoff before giving
up, and whether a transaction whose ``COMMIT`` was cut had landed.

A PostgreSQL connection can drop under a live server: ``pg_terminate_backend``, a restart, a fail-over, a
network cut.  Each :class:`~pokerroom.store.Store` method is one transaction, so the store redoes the whole
method when its connection drops (:meth:`Retrier.call`): a transaction that did not commit left nothing behind.
It waits :data:`RETRY_DELAYS` between attempts and raises :class:`StoreUnavailable` when they are spent.

One case is not safe to redo blindly: a ``COMMIT`` sent whose reply never came back.  Before each ``COMMIT`` the
store asks for its transaction's id (``txid_current()``); when the ``COMMIT`` is cut it reconnects and asks
PostgreSQL what became of that transaction (``txid_status``, :meth:`Retrier.landed`): committed, and the method
returns as if nothing had happened; aborted, and it is redone whole.

SQLite is a file of this process: its connection cannot drop, and a :class:`Retrier` for it
(``enabled=False``) runs each call once.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TypeVar

from sqlalchemy.exc import DBAPIError, InterfaceError, OperationalError

from pokerroom.errors import StoreError
from pokerroom.words import plural

__all__ = ["CONNECT_TIMEOUT", "RETRY_DELAYS", "Retrier", "RetryStats", "StoreUnavailable", "dropped"]

log = logging.getLogger(__name__)

T = TypeVar("T")

RETRY_DELAYS: tuple[float, ...] = (0.02, 0.1, 0.3, 1.0, 2.0)
"""Seconds waited before each retry of a store call cut by a dropped connection: 5 retries (6 attempts in all),
at most 3.42 s of waiting.  A terminated backend is back at the first retry (a new connection); a restarted
PostgreSQL takes a second or two.  Learning whether a cut ``COMMIT`` landed waits the same delays."""

CONNECT_TIMEOUT = 3
"""Seconds (libpq's ``connect_timeout``, at least 2) a new PostgreSQL connection may take, so that an attempt
against a host that does not answer ends and the backoff stays bounded.  A ``connect_timeout`` in the URL wins."""

# SQLSTATEs of a connection that is gone: class 08 (connection exception), and the server shutting it down
# (57P01 admin shutdown: pg_terminate_backend; 57P02 crash shutdown; 57P03 cannot connect now: starting up).
_GONE_STATES = ("57P01", "57P02", "57P03")


class StoreUnavailable(StoreError):
    """The database stayed out of reach for every retry (:data:`RETRY_DELAYS`): ``operation`` (the store call,
    ``"Store.journal"``), ``attempts`` made, ``seconds`` from the first failure to giving up, and ``reason`` (the
    driver's message).  Nothing of ``operation`` was written, unless ``landed_unknown``: its ``COMMIT`` was cut
    and whether it landed could not be learned."""

    def __init__(self, operation: str, attempts: int, seconds: float, reason: str, *, landed_unknown: bool = False):
        self.operation, self.attempts, self.seconds, self.reason = operation, attempts, seconds, reason
        self.landed_unknown = landed_unknown
        what = (
            "its COMMIT was cut and whether it landed is unknown (the store's next recovery reads what is there)"
            if landed_unknown
            else "nothing of it was written"
        )
        super().__init__(
            f"{operation}: the database connection dropped and did not come back: "
            f"{plural(attempts, 'attempt')} over {seconds:.2f} s ({reason}); {what}"
        )


@dataclass(frozen=True)
class RetryStats:
    """What a store's retries did since it opened (:attr:`Store.retry_stats <pokerroom.store.Store.retry_stats>`).

    ``retried``: calls that succeeded after their connection dropped; ``retries``: attempts redone in all;
    ``landed``: calls whose cut ``COMMIT`` had landed (not redone); ``gave_up``: calls that raised
    :class:`StoreUnavailable`; ``seconds``: time lost, from each call's first failure to its end, summed."""

    retried: int = 0
    retries: int = 0
    landed: int = 0
    gave_up: int = 0
    seconds: float = 0.0


def dropped(exc: BaseException) -> bool:
    """Whether ``exc`` (from SQLAlchemy over psycopg) is the connection dropping, or a new one failing, rather than
    the database refusing a statement: SQLAlchemy found the connection invalidated, the SQLSTATE is a
    connection exception (class 08) or a shutdown (57P01-57P03), or the driver raised an operational error of its
    own (no SQLSTATE: it could not connect, or its socket is gone)."""
    if not isinstance(exc, DBAPIError):
        return False
    if exc.connection_invalidated:
        return True
    state = getattr(exc.orig, "sqlstate", None)
    if state is None:
        return isinstance(exc, OperationalError | InterfaceError)
    return str(state).startswith("08") or state in _GONE_STATES


def _reason(exc: DBAPIError) -> str:
    return str(exc.orig).strip().splitlines()[0] if str(exc.orig).strip() else type(exc.orig).__name__


class Retrier:
    """Runs store calls with the backoff of :data:`RETRY_DELAYS` (when ``enabled``) and keeps their
    :class:`RetryStats`.  A call made inside another on the same thread runs once: the outer call redoes it."""

    def __init__(self, *, enabled: bool, sleep: Callable[[float], None] = time.sleep) -> None:
        self.enabled = enabled
        self._sleep = sleep
        self._stats = RetryStats()
        self._lock = threading.Lock()
        self._local = threading.local()

    @property
    def stats(self) -> RetryStats:
        """The counts so far (a snapshot)."""
        with self._lock:
            return self._stats

    def _add(self, **counts: float) -> None:
        with self._lock:
            self._stats = replace(self._stats, **{k: getattr(self._stats, k) + v for k, v in counts.items()})

    @property
    def operation(self) -> str:
        """The store call running on this thread (for messages)."""
        return getattr(self._local, "operation", None) or "Store.writing"

    def call(self, operation: str, fn: Callable[[], T]) -> T:
        """``fn()`` (one whole transaction), redone after each :data:`RETRY_DELAYS` delay while its connection
        drops (:func:`dropped`).  Logs one warning line when a redo succeeds; raises :class:`StoreUnavailable`
        (from the last driver error) when the delays are spent; any other error is raised at once."""
        if not self.enabled or getattr(self._local, "operation", None) is not None:
            return fn()
        self._local.operation = operation
        try:
            return self._attempts(operation, fn)
        finally:
            self._local.operation = None

    def _attempts(self, operation: str, fn: Callable[[], T]) -> T:
        first: float | None = None
        reason = ""
        for attempt, delay in enumerate((*RETRY_DELAYS, None), 1):
            try:
                result = fn()
            except DBAPIError as exc:
                if not dropped(exc):
                    raise
                if first is None:
                    first, reason = time.monotonic(), _reason(exc)
                if delay is None:
                    lost = time.monotonic() - first
                    self._add(gave_up=1, retries=attempt - 1, seconds=lost)
                    raise StoreUnavailable(operation, attempt, lost, _reason(exc)) from exc
                self._sleep(delay)
                continue
            if first is not None:
                lost = time.monotonic() - first
                self._add(retried=1, retries=attempt - 1, seconds=lost)
                log.warning(
                    "store: %s redone after a dropped database connection (%s): %s, %.3f s lost",
                    operation, reason, plural(attempt - 1, "retry", "retries"), lost,
                )  # fmt: skip
            return result
        raise AssertionError("unreachable: the last attempt returns or raises")

    def landed(self, xid: int, cut: DBAPIError, status: Callable[[int], str | None]) -> bool:
        """Whether transaction ``xid``, whose ``COMMIT`` was ``cut``, committed: ``status(xid)`` (PostgreSQL's
        ``txid_status`` over a new connection) asked after each :data:`RETRY_DELAYS` delay until it says
        ``committed`` (True: logged, counted in ``landed``) or ``aborted`` (False: redo it).  StoreUnavailable
        (``landed_unknown``) when the database cannot tell within the delays."""
        operation, first, reason = self.operation, time.monotonic(), _reason(cut)
        for delay in RETRY_DELAYS:
            self._sleep(delay)
            try:
                state = status(xid)
            except DBAPIError as exc:
                if not dropped(exc):
                    raise
                continue
            if state == "aborted":
                return False
            if state == "committed":
                lost = time.monotonic() - first
                self._add(landed=1, seconds=lost)
                log.warning(
                    "store: %s: the database connection dropped during its COMMIT (%s); transaction %d had "
                    "committed, so it was not redone (%.3f s lost)",
                    operation, reason, xid, lost,
                )  # fmt: skip
                return True
            # "in progress": the server has not yet seen the client go and rolled the transaction back
        lost = time.monotonic() - first
        self._add(gave_up=1, seconds=lost)
        raise StoreUnavailable(operation, len(RETRY_DELAYS), lost, reason, landed_unknown=True) from cut
