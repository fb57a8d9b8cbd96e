"""Input checks shared by the store's methods: chip amounts, names, JSON objects and ids that must exist.
Every refusal is a :class:`~pokerroom.errors.StoreError` raised before anything is written."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from datetime import UTC, datetime

from sqlalchemy import bindparam, select
from sqlalchemy.engine import Connection

from pokerroom.errors import StoreError
from pokerroom.store.schema import accounts, poker_tables

__all__ = [
    "as_utc",
    "chip_map",
    "chips",
    "ident",
    "json_object",
    "known_accounts",
    "known_table",
    "text",
    "to_naive_utc",
]


def chips(value: object, what: str, *, zero: bool = False) -> int:
    """``value`` as a chip amount: an ``int`` (not a bool) above zero, or at least zero when ``zero``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise StoreError(f"{what} must be a whole number of chips, not {value!r}")
    if value < 0 or (value == 0 and not zero):
        raise StoreError(f"{what} must be {'zero or more' if zero else 'more than zero'} chips, not {value}")
    return value


def ident(value: object, what: str) -> int:
    """``value`` as an id: an ``int`` (not a bool) of at least 1."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise StoreError(f"{what} must be a positive integer id, not {value!r}")
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
        account = ident(account, f"an account in {what}")
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
    table_id = ident(table, "table")
    if conn.execute(_TABLE_EXISTS, {"table": table_id}).first() is None:
        raise StoreError(f"no table with id {table_id}")
    return table_id


def known_accounts(conn: Connection, ids: Iterable[object]) -> list[int]:
    """``ids`` if each is a stored account's id (one query); StoreError naming the unknown ones otherwise."""
    wanted = sorted({ident(account, "account") for account in ids})
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
