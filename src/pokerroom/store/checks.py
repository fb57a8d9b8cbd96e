"""Input checks shared by the store's methods: chip amounts, names, JSON objects and ids that must exist.
Every refusal is a :class:`~pokerroom.errors.StoreError` raised before anything is written.

Numbers are kept well inside the databases' 64-bit integers, so no sum the store or a database makes can
overflow or turn into a float: a chip amount is at most :data:`MAX_CHIPS` (2**53, also the most any ledger
balance may reach, see :func:`pokerroom.store.ledger.post`), a hand id or number (and a pid) at most
:data:`MAX_ID` (2**62), an account or table id or a journal seq, kept in 32-bit columns on PostgreSQL, at most
:data:`MAX_SMALL` (2**31 - 1).  A ``bool`` is never taken for an ``int``."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from datetime import UTC, datetime

from sqlalchemy import bindparam, select
from sqlalchemy.engine import Connection

from pokerroom.chips import whole_number
from pokerroom.errors import StoreError
from pokerroom.store.schema import accounts, poker_tables

__all__ = [
    "MAX_CHIPS",
    "MAX_ID",
    "MAX_SMALL",
    "as_utc",
    "chip_map",
    "chips",
    "count",
    "ident",
    "json_object",
    "known_accounts",
    "known_table",
    "text",
    "to_naive_utc",
]


MAX_CHIPS = 2**53
"""The most chips one amount may be, and the most any ledger balance may hold (in either sign): every figure
stays exact as a 64-bit integer and as a float (JSON readers, SQLite's ``json_extract``)."""

MAX_ID = 2**62
"""The largest hand id or hand number (or pid) the store takes: inside SQLite's and PostgreSQL's 64-bit integers
with room to spare."""

MAX_SMALL = 2**31 - 1
"""The largest account id, table id or journal seq the store takes (``INTEGER`` columns: 32 bits on PostgreSQL)."""


def _whole(value: object, what: str, kind: str) -> int:
    if not whole_number(value):
        raise StoreError(f"{what} must be {kind}, not {value!r}")
    return value


def chips(value: object, what: str, *, zero: bool = False) -> int:
    """``value`` as a chip amount: an ``int`` (not a bool) above zero, or at least zero when ``zero``, and at most
    :data:`MAX_CHIPS`."""
    value = _whole(value, what, "a whole number of chips")
    if value < 0 or (value == 0 and not zero):
        raise StoreError(f"{what} must be {'zero or more' if zero else 'more than zero'} chips, not {value}")
    if value > MAX_CHIPS:
        raise StoreError(f"{what} must be at most {MAX_CHIPS} chips (2**53, the store's limit), not {value}")
    return value


def _limit(most: int) -> str:
    return {MAX_ID: f"{MAX_ID} (2**62)", MAX_SMALL: f"{MAX_SMALL} (2**31 - 1)"}.get(most, str(most))


def ident(value: object, what: str, *, most: int = MAX_ID) -> int:
    """``value`` as an id: an ``int`` (not a bool) from 1 to ``most`` (:data:`MAX_SMALL` for accounts and
    tables)."""
    value = _whole(value, what, "a positive integer id")
    if not 1 <= value <= most:
        raise StoreError(f"{what} must be a positive integer id of at most {_limit(most)}, not {value}")
    return value


def count(value: object, what: str, *, most: int = MAX_ID) -> int:
    """``value`` as a count or sequence number: an ``int`` (not a bool) from 0 to ``most``."""
    value = _whole(value, what, "an integer")
    if not 0 <= value <= most:
        raise StoreError(f"{what} must be an integer from 0 to {_limit(most)}, not {value}")
    return value


def text(value: object, what: str) -> str:
    """``value`` as a non-blank string."""
    if not isinstance(value, str) or not value.strip():
        raise StoreError(f"{what} must be a non-empty string, not {value!r}")
    return value


def chip_map(value: object, what: str) -> dict[int, int]:
    """``value`` as a mapping of account id -> chips (zero or more); zero entries are dropped."""
    if not isinstance(value, Mapping):
        raise StoreError(f"{what} must be a mapping of account id to chips, not {value!r}")
    out: dict[int, int] = {}
    for account, amount in value.items():
        account = ident(account, f"an account in {what}", most=MAX_SMALL)
        amount = chips(amount, f"{what}[{account}]", zero=True)
        if amount:
            out[account] = amount
    return out


def json_object(value: object, what: str) -> dict[str, object]:
    """``value`` as a JSON object: a dict that ``json.dumps`` accepts (no NaN or infinity).  Its keys come
    back as strings after a round trip, as JSON has no other kind."""
    if not isinstance(value, dict):
        raise StoreError(f"{what} must be a dict (a JSON object), not {type(value).__name__}")
    try:
        json.dumps(value, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise StoreError(f"{what} cannot be stored as JSON: {exc}") from None
    return value


# Built once: these checks run in nearly every transaction, and a prebuilt statement skips SQLAlchemy's
# statement construction and cache-key hashing (the store's hot path, one transaction per action).
_TABLE_EXISTS = select(poker_tables.c.id).where(poker_tables.c.id == bindparam("table"))
_ACCOUNTS_EXIST = select(accounts.c.id).where(accounts.c.id.in_(bindparam("ids", expanding=True)))


def known_table(conn: Connection, table: object) -> int:
    """``table`` if it is a stored table's id; StoreError otherwise."""
    table_id = ident(table, "table", most=MAX_SMALL)
    if conn.execute(_TABLE_EXISTS, {"table": table_id}).first() is None:
        raise StoreError(f"no table with id {table_id}")
    return table_id


def known_accounts(conn: Connection, ids: Iterable[object]) -> list[int]:
    """``ids`` if each is a stored account's id (one query); StoreError naming the unknown ones otherwise."""
    wanted = sorted({ident(account, "account", most=MAX_SMALL) for account in ids})
    if not wanted:
        return wanted
    found = set(conn.execute(_ACCOUNTS_EXIST, {"ids": wanted}).scalars())
    missing = [account for account in wanted if account not in found]
    if missing:
        raise StoreError(f"no account with id {', '.join(map(str, missing))}")
    return wanted


def to_naive_utc(moment: datetime) -> datetime:
    """``moment`` in UTC without a zone, as stored (a naive ``moment`` is taken to be UTC already)."""
    return moment if moment.tzinfo is None else moment.astimezone(UTC).replace(tzinfo=None)


def as_utc(moment: datetime) -> datetime:
    """A stored (naive UTC) time as an aware UTC ``datetime``."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)
