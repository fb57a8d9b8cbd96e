"""Engine creation: SQLite settings for durability and real transactions, PostgreSQL as given by its URL.

SQLite connections get ``journal_mode=WAL`` with ``synchronous=NORMAL`` (a committed transaction is in the
write-ahead log before ``COMMIT`` returns, so a SIGKILLed process never loses it; only a power cut can lose the
last ones) and ``foreign_keys=ON``.  The ``sqlite3`` driver's own transaction handling is switched off: the store
emits ``BEGIN`` itself, ``BEGIN IMMEDIATE`` for writes, so a read-check-write method (a withdrawal checking the
balance) holds the write lock from its first read and two processes cannot both spend the same chips.

PostgreSQL connections are pinged when taken from the pool (``pool_pre_ping``: one that dropped while pooled is
replaced unseen) and may take :data:`~pokerroom.store.retry.CONNECT_TIMEOUT` seconds to connect; a connection
that drops in use is the store's to retry (:mod:`pokerroom.store.retry`).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import Connection, make_url

from pokerroom.store.retry import CONNECT_TIMEOUT

__all__ = ["WRITE", "make_engine"]

# The execution option that marks a writing transaction (see :func:`_sqlite_begin`).
WRITE = "pokerroom_write"


def make_engine(url: str, *, echo: bool = False) -> Engine:
    """An engine for ``url`` (``sqlite:///file.db`` or ``postgresql+psycopg://...``), configured as above."""
    parsed = make_url(url)
    # An error never prints a statement's parameters: a hand's set-up holds its secret server seed, which no
    # log line may show (docs/shuffle.md).
    if parsed.get_backend_name() == "postgresql":
        connect_args = {} if "connect_timeout" in parsed.query else {"connect_timeout": CONNECT_TIMEOUT}
        return create_engine(parsed, echo=echo, pool_pre_ping=True, connect_args=connect_args, hide_parameters=True)
    engine = create_engine(parsed, echo=echo, hide_parameters=True)
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _sqlite_connect)
        event.listen(engine, "begin", _sqlite_begin)
    return engine


def _sqlite_connect(dbapi_connection: Any, _record: Any) -> None:
    dbapi_connection.isolation_level = None  # the driver emits no BEGIN of its own; _sqlite_begin does
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA busy_timeout=10000")  # wait up to 10 s for another writer instead of failing
    finally:
        cursor.close()


def _sqlite_begin(conn: Connection) -> None:
    write = conn.get_execution_options().get(WRITE, False)
    # Straight to the driver: this runs for every transaction (each journaled action), and going through
    # SQLAlchemy's statement execution for a bare BEGIN costs as much as the journal insert itself.
    conn.connection.driver_connection.execute("BEGIN IMMEDIATE" if write else "BEGIN")  # type: ignore[union-attr]
