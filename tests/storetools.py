"""Helpers for the store tests: a URL for a fresh SQLite file or a fresh PostgreSQL database, a clock, and the
death of a table's runner (its lease then names a process that has ended).

PostgreSQL comes from ``POKERROOM_PG_URL`` (default a local trust-auth server).  Each call creates its own
database ``pokerroom_t_<uuid hex>`` and drops it afterwards, so tests running in parallel never share one.  An
unreachable server is an error, not a skip: CI has one.
"""

from __future__ import annotations

import os
import subprocess
import sys
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path

from sqlalchemy import create_engine, update
from sqlalchemy.engine import make_url
from sqlalchemy.pool import NullPool

from pokerroom.store import Store
from pokerroom.store.schema import table_leases

PG_URL = os.environ.get("POKERROOM_PG_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test")
BACKENDS = ("sqlite", "postgresql")


@contextmanager
def pg_database(base_url: str = PG_URL) -> Iterator[str]:
    """Create a new, empty PostgreSQL database on the server of ``base_url``, yield its URL, drop it after."""
    url = make_url(base_url)
    name = f"pokerroom_t_{uuid.uuid4().hex}"
    admin = create_engine(url, isolation_level="AUTOCOMMIT", poolclass=NullPool, connect_args={"connect_timeout": 10})
    try:
        with admin.connect() as conn:
            conn.exec_driver_sql(f'CREATE DATABASE "{name}"')
        try:
            yield url.set(database=name).render_as_string(hide_password=False)
        finally:
            with admin.connect() as conn:
                conn.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        admin.dispose()


@contextmanager
def backend_url(backend: str, tmp_path: Path) -> Iterator[str]:
    """A URL for an empty store on ``backend`` (``"sqlite"``: a file in ``tmp_path``; ``"postgresql"``)."""
    if backend == "sqlite":
        yield f"sqlite:///{tmp_path / 'store.db'}"
    elif backend == "postgresql":
        with pg_database() as url:
            yield url
    else:
        raise ValueError(f"unknown backend {backend!r}")


class Clock:
    """An injectable clock: returns ``moment`` (UTC), which tests move with :meth:`set` or :meth:`advance`."""

    def __init__(self, moment: datetime = datetime(2024, 5, 1, 12, 0, tzinfo=UTC)) -> None:
        self.moment = moment

    def __call__(self) -> datetime:
        return self.moment

    def set(self, moment: datetime) -> None:
        self.moment = moment

    def advance(self, **delta: float) -> None:
        self.moment += timedelta(**delta)


def dead_pid() -> int:
    """The id of a process of this host that has ended (started, and waited for)."""
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


def holder_dies(store: Store, table: int) -> None:
    """The process of the runner holding ``table``'s lease dies (as if SIGKILLed): its lease now names a pid of
    this host that has ended, so the next runner takes it over at once.  Nothing else is written."""
    with store.engine.begin() as conn:
        assert conn.execute(
            update(table_leases).where(table_leases.c.table_id == table).values(pid=dead_pid())
        ).rowcount == 1
