"""The double-entry ledger: ledger account keys, posting transfers, reading balances and checking the books.

Every chip movement is a *transaction* whose *postings* (signed amounts on ledger account keys) sum to zero.
Keys are strings: ``cashier`` (the outside world; its balance is minus every chip in the room), ``account:{id}``
(a player's chips off the tables), ``stack:{table}:{account}`` (a player's chips at a table), ``pot:{table}``
(chips in the middle, zero outside a settlement), ``rake:{table}`` (the house's cut), ``carried:{table}`` (chips
left over from one hand for the next) and ``house:real`` / ``house:play`` (the house's bankroll in each currency,
book ``house``: what its bots play with, apart from players' money; see :func:`house_key`).  Every transaction is
in one currency: play chips (``play:NAME`` accounts, play-money tables, ``house:play``) or real money.  The
``balances`` table holds each key's running sum, updated in the same database transaction as the postings, so a
balance is one indexed read; :func:`check_balanced` recomputes it from the postings.

The functions here take an open :class:`~sqlalchemy.engine.Connection` inside a transaction and never commit.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import bindparam, func, select, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.engine import Connection

from pokerroom.chips import whole_number
from pokerroom.errors import LedgerError, StoreError
from pokerroom.store.checks import MAX_CHIPS
from pokerroom.store.schema import balances, postings, transactions

__all__ = [
    "BOT_PREFIX",
    "CASHIER",
    "HOUSE",
    "HouseBankrollShort",
    "KeyParts",
    "Transfer",
    "account_key",
    "carried_key",
    "check_balanced",
    "fund_from_house",
    "house_key",
    "is_house_bot",
    "parse_key",
    "play_account",
    "post",
    "pot_key",
    "rake_key",
    "read_balances",
    "return_to_house",
    "stack_key",
]

CASHIER = "cashier"


PLAY_PREFIX = "play:"
"""The prefix of a player's play-money account (a name never holds a colon)."""


def play_account(name: str) -> str:
    """The store account holding ``name``'s play-money chips: ``play:NAME`` (their real money is ``NAME``)."""
    return f"{PLAY_PREFIX}{name}"


HOUSE = "house"
"""The book of the house's bankroll: the keys ``house:real`` and ``house:play``."""

BOT_PREFIX = "bot-"
"""House bots' player names start with this (``bot-3-1``: table 3's first bot); people may not sign up with it.
A bot's accounts (``bot-3-1``, ``play:bot-3-1``) hold house money, never a player's."""


def is_house_bot(account_name: str) -> bool:
    """Whether the store account ``account_name`` (``NAME`` or ``play:NAME``) is a house bot's."""
    return account_name.removeprefix(PLAY_PREFIX).startswith(BOT_PREFIX)


def house_key(real_money: bool) -> str:
    """The ledger key of the house's bankroll in one currency: ``house:real`` (real money, funded by the operator
    through the cashier) or ``house:play`` (play chips, topped up from the cashier when short)."""
    return f"{HOUSE}:{'real' if real_money else 'play'}"


def account_key(account: int) -> str:
    """The ledger key of player ``account``'s chips off the tables."""
    return f"account:{account}"


def stack_key(table: int, account: int) -> str:
    """The ledger key of player ``account``'s chips at ``table``."""
    return f"stack:{table}:{account}"


def pot_key(table: int) -> str:
    """The ledger key of ``table``'s pot (zero between settlements)."""
    return f"pot:{table}"


def rake_key(table: int) -> str:
    """The ledger key of the rake taken at ``table``."""
    return f"rake:{table}"


def carried_key(table: int) -> str:
    """The ledger key of chips ``table`` carries from one hand to the next."""
    return f"carried:{table}"


@dataclass(frozen=True, slots=True)
class KeyParts:
    """A ledger key taken apart: ``book`` is its kind (``cashier``, ``account``, ``stack``, ``pot``, ``rake``,
    ``carried``, ``house``), ``table`` and ``account`` the ids it names (None where it names none)."""

    book: str
    table: int | None
    account: int | None


def parse_key(key: str) -> KeyParts:
    """Take a ledger key apart; :class:`LedgerError` if it is not one of the forms above."""
    parts = key.split(":")
    try:
        if parts == [CASHIER]:
            return KeyParts(CASHIER, None, None)
        if parts[0] == "account" and len(parts) == 2:
            return KeyParts("account", None, int(parts[1]))
        if parts[0] == "stack" and len(parts) == 3:
            return KeyParts("stack", int(parts[1]), int(parts[2]))
        if parts[0] in ("pot", "rake", "carried") and len(parts) == 2:
            return KeyParts(parts[0], int(parts[1]), None)
        if parts[0] == HOUSE and len(parts) == 2 and parts[1] in ("real", "play"):
            return KeyParts(HOUSE, None, None)
    except ValueError:
        pass
    raise LedgerError(
        f"not a ledger key: {key!r} (cashier, account:ID, stack:TABLE:ID, pot/rake/carried:TABLE, house:real|play)"
    )


# One chip movement: (from key, to key, chips > 0); it becomes two postings, -chips and +chips.
Transfer = tuple[str, str, int]

# Built once: every settlement and buy-in runs these, and a prebuilt statement skips SQLAlchemy's statement
# construction and cache-key hashing.
_TRANSACTION_INSERT = transactions.insert()
_POSTING_INSERT = postings.insert()
_BALANCES = select(balances.c.key, balances.c.balance).where(balances.c.key.in_(bindparam("keys", expanding=True)))
_BALANCES_LOCKED = _BALANCES.with_for_update()


def _upsert(ins: Any) -> Any:
    # Returning each new balance, so the limit is checked without another query.
    return ins.on_conflict_do_update(
        index_elements=[balances.c.key], set_={"balance": balances.c.balance + ins.excluded.balance}
    ).returning(balances.c.key, balances.c.balance, sort_by_parameter_order=True)


_UPSERTS = {"sqlite": _upsert(sqlite_insert(balances)), "postgresql": _upsert(pg_insert(balances))}


def post(
    conn: Connection,
    *,
    now: datetime,
    kind: str,
    memo: str,
    transfers: Sequence[Transfer],
    table: int | None = None,
    hand: int | None = None,
) -> int:
    """Write one ledger transaction of ``transfers`` and update the balances of the keys it touches; return its
    id.  The caller has already checked that no balance it debits goes short.  Raises :class:`LedgerError` on a
    transfer of zero or fewer chips or more than :data:`~pokerroom.store.checks.MAX_CHIPS` (nothing is written
    then), and :class:`~pokerroom.errors.StoreError` when a balance would end beyond ``MAX_CHIPS`` either way
    (the cashier's too: the room holds at most that many chips); the caller's transaction must then be rolled
    back, as raising out of :meth:`Store._write` does."""
    rows: list[dict[str, Any]] = []
    net: dict[str, int] = {}
    for source, target, chips in transfers:
        if not whole_number(chips) or not 0 < chips <= MAX_CHIPS:
            raise LedgerError(
                f"a transfer moves a whole number of chips from 1 to {MAX_CHIPS}, not {chips!r} ({source} -> {target})"
            )
        for key, amount in ((source, -chips), (target, chips)):
            rows.append({"key": key, "amount": amount, "account_id": parse_key(key).account})
            net[key] = net.get(key, 0) + amount
    txn = conn.execute(
        _TRANSACTION_INSERT, {"created_at": now, "kind": kind, "table_id": table, "hand_id": hand, "memo": memo}
    ).inserted_primary_key
    assert txn is not None
    txn_id = int(txn[0])
    if rows:
        for row in rows:
            row["transaction_id"] = txn_id
        conn.execute(_POSTING_INSERT, rows)
    # The new balances are checked after the update, in the same transaction: the rows are locked then and hold
    # every committed change, so two concurrent postings cannot both pass on a stale balance.  Balances stay
    # within 2**53 and so do transfers, so the update itself cannot overflow the 64-bit column.
    over = [
        (key, balance)
        for key, balance in _add_to_balances(conn, {key: delta for key, delta in net.items() if delta})
        if not -MAX_CHIPS <= balance <= MAX_CHIPS
    ]
    if over:
        listed = ", ".join(f"{key} would hold {balance}" for key, balance in sorted(over))
        raise StoreError(
            f"refused: {listed}; no ledger balance may go beyond {MAX_CHIPS} chips (2**53, the store's limit)"
        )
    return txn_id


def _add_to_balances(conn: Connection, deltas: Mapping[str, int]) -> list[tuple[str, int]]:
    """Add ``deltas`` to the balances (rows created where missing); returns each key's new balance."""
    if not deltas:
        return []
    rows = []
    for key, delta in sorted(deltas.items()):  # a fixed order: two writers lock rows in the same order
        parts = parse_key(key)
        rows.append(
            {"key": key, "book": parts.book, "table_id": parts.table, "account_id": parts.account, "balance": delta}
        )
    upsert = _UPSERTS.get(conn.dialect.name)
    if upsert is not None:
        return [(key, int(balance)) for key, balance in conn.execute(upsert, rows)]
    for row in rows:  # any other database: update, insert where there was no row
        done = conn.execute(
            update(balances).where(balances.c.key == row["key"]).values(balance=balances.c.balance + row["balance"])
        )
        if done.rowcount == 0:
            conn.execute(balances.insert().values(**row))
    return list(read_balances(conn, deltas).items())


def read_balances(conn: Connection, keys: Iterable[str], *, lock: bool = False) -> dict[str, int]:
    """The balances of ``keys`` (0 for a key never posted to).  ``lock`` takes row locks (``FOR UPDATE``) on
    PostgreSQL so a concurrent writer cannot spend the same chips between the check and the write; SQLite
    already holds the database write lock (``BEGIN IMMEDIATE``)."""
    wanted = sorted(set(keys))
    found = {key: 0 for key in wanted}
    if not wanted:
        return found
    for key, balance in conn.execute(_BALANCES_LOCKED if lock else _BALANCES, {"keys": wanted}):
        found[key] = int(balance)
    return found


def check_balanced(conn: Connection, *, limit: int = 10) -> None:
    """Raise :class:`LedgerError` unless every transaction's postings sum to zero, every key's balance row
    equals the sum of its postings, no key but the cashier is negative and every pot is empty.  The message
    lists the first ``limit`` problems with their sums."""
    problems: list[str] = []
    sums = func.sum(postings.c.amount)
    for txn, total in conn.execute(
        select(postings.c.transaction_id, sums)
        .group_by(postings.c.transaction_id)
        .having(sums != 0)
        .order_by(postings.c.transaction_id)
    ):
        problems.append(f"transaction {txn} postings sum to {int(total)}, not 0")
    posted = {key: int(total) for key, total in conn.execute(select(postings.c.key, sums).group_by(postings.c.key))}
    kept = {key: int(balance) for key, balance in conn.execute(select(balances.c.key, balances.c.balance))}
    for key in sorted(posted.keys() | kept.keys()):
        from_postings, balance = posted.get(key, 0), kept.get(key, 0)
        if key not in kept and from_postings:
            problems.append(f"{key} has no balance row but its postings sum to {from_postings}")
        elif from_postings != balance:
            problems.append(f"balance of {key} is {balance} but its postings sum to {from_postings}")
        if key != CASHIER and min(from_postings, balance) < 0:
            problems.append(f"{key} is negative ({min(from_postings, balance)})")
        if key.startswith("pot:") and (from_postings or balance):
            problems.append(f"{key} holds {from_postings or balance} chips outside a settlement")
    if problems:
        more = f"; and {len(problems) - limit} more" if len(problems) > limit else ""
        raise LedgerError("the ledger does not balance: " + "; ".join(problems[:limit]) + more)


class HouseBankrollShort(StoreError):
    """The house's bankroll in one currency holds fewer chips than a bot needs: ``real_money``, ``held`` and
    ``need`` (chips).  Nothing was moved."""

    def __init__(self, *, real_money: bool, held: int, need: int) -> None:
        key = house_key(real_money)
        super().__init__(
            f"the house bankroll {key} holds {held} chips, {need} are needed; the operator funds it with "
            f"pokerroom cashier deposit --house CHIPS{'' if real_money else ' --play'}"
        )
        self.real_money, self.held, self.need = real_money, held, need


def fund_from_house(
    conn: Connection, *, now: datetime, account: int, chips: int, real_money: bool, memo: str, top_up: bool
) -> int:
    """Move ``chips`` (> 0) from the house's bankroll in the currency of ``real_money`` to ``account`` (a house
    bot's), memo ``memo``; returns the transaction id.  When the bankroll is short: with ``top_up`` (play chips
    only: they are free) the shortfall is first posted cashier -> ``house:play`` (kind ``house_top_up``), else
    :class:`HouseBankrollShort` and nothing is written: the house never overdraws."""
    key = house_key(real_money)
    held = read_balances(conn, [key], lock=True)[key]
    if held < chips:
        if not top_up or real_money:
            raise HouseBankrollShort(real_money=real_money, held=held, need=chips)
        post(
            conn,
            now=now,
            kind="house_top_up",
            memo="play-money bankroll topped up from the cashier",
            transfers=[(CASHIER, key, chips - held)],
        )
    return post(conn, now=now, kind="house_fund", memo=memo, transfers=[(key, account_key(account), chips)])


def return_to_house(conn: Connection, *, now: datetime, accounts: Iterable[int], real_money: bool, memo: str) -> int:
    """Move every chip held by ``accounts`` (house bots', off the tables) back to the house's bankroll in one
    transaction of kind ``house_return``; returns the chips moved (0, writing nothing, when they hold none)."""
    keys = [account_key(a) for a in sorted(set(accounts))]
    held = {key: chips for key, chips in read_balances(conn, keys, lock=True).items() if chips > 0}
    if held:
        post(
            conn,
            now=now,
            kind="house_return",
            memo=memo,
            transfers=[(key, house_key(real_money), chips) for key, chips in sorted(held.items())],
        )
    return sum(held.values())
