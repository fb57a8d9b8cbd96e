"""Reports read from the ledger: rake by table or by day, a player's history, and the chips in the room by
currency.

All amounts are chips (whole numbers of the smallest unit); days are UTC.  Two currencies never mix: *play* chips
(``play:NAME`` accounts, play-money tables, ``house:play``) and *real* money (the rest).  :func:`currency_of`
says which a ledger key holds.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Literal

from sqlalchemy import and_, func, select
from sqlalchemy.engine import Connection

from pokerroom.errors import StoreError
from pokerroom.store.checks import as_utc, known_accounts
from pokerroom.store.ledger import CASHIER, HOUSE, PLAY_PREFIX, house_key, is_house_bot, parse_key
from pokerroom.store.records import HistoryRow, RakeRow
from pokerroom.store.schema import accounts, balances, hands, poker_tables, postings, transactions

__all__ = [
    "CURRENCIES",
    "Currencies",
    "CurrencyBooks",
    "account_history",
    "currency_books",
    "hand_numbers",
    "rake_report",
    "real_money_tables",
    "total",
]

CURRENCIES = ("real", "play")
"""The room's two currencies, in the order reports show them."""


def real_money_tables(conn: Connection) -> set[int]:
    """The ids of the tables whose stored config says ``real_money``."""
    return {int(t) for t, config in conn.execute(select(poker_tables.c.id, poker_tables.c.config)) if _real(config)}


def _real(config: object) -> bool:
    return isinstance(config, dict) and bool(config.get("real_money", False))


def rake_report(conn: Connection, by: Literal["table", "day"], real_money: bool | None = None) -> list[RakeRow]:
    """Rake from the ledger's postings to ``rake:`` keys, one row per table (by id) or per UTC day (oldest
    first): hands raked (hands whose settlement took rake) and chips taken.  ``real_money``: only the tables of
    that kind (None: every table)."""
    raked = (
        select(transactions.c.table_id, transactions.c.hand_id, transactions.c.created_at, postings.c.amount)
        .select_from(postings.join(transactions, postings.c.transaction_id == transactions.c.id))
        .where(postings.c.key.like("rake:%"), postings.c.amount > 0)
    )
    if real_money is not None:
        real = real_money_tables(conn)
        kind = [t for (t,) in conn.execute(select(poker_tables.c.id)) if (int(t) in real) == real_money]
        raked = raked.where(transactions.c.table_id.in_(kind))
    if by == "table":
        sub = raked.subquery()
        query = (
            select(sub.c.table_id, poker_tables.c.name, func.count(sub.c.hand_id.distinct()), func.sum(sub.c.amount))
            .select_from(sub.join(poker_tables, sub.c.table_id == poker_tables.c.id))
            .group_by(sub.c.table_id, poker_tables.c.name)
            .order_by(sub.c.table_id)
        )
        return [RakeRow(int(table), name, int(count), int(rake)) for table, name, count, rake in conn.execute(query)]
    if by != "day":
        raise StoreError(f"rake_report groups by 'table' or 'day', not {by!r}")
    days: dict[str, tuple[set[int], int]] = {}
    for _table, hand, created, amount in conn.execute(raked):
        day = as_utc(created).date().isoformat()
        seen, rake = days.setdefault(day, (set(), 0))
        if hand is not None:
            seen.add(int(hand))
        days[day] = (seen, rake + int(amount))
    return [RakeRow(None, day, len(seen), rake) for day, (seen, rake) in sorted(days.items())]


def account_history(conn: Connection, account: int) -> list[HistoryRow]:
    """Every posting on ``account`` or its stacks at any table, oldest first, with the balance of the posted
    key and the player's holdings (account + stacks) after each."""
    (account,) = known_accounts(conn, [account])
    query = (
        select(
            postings.c.key,
            postings.c.amount,
            transactions.c.id,
            transactions.c.created_at,
            transactions.c.kind,
            transactions.c.table_id,
            transactions.c.hand_id,
            transactions.c.memo,
        )
        .select_from(postings.join(transactions, postings.c.transaction_id == transactions.c.id))
        .where(postings.c.account_id == account)
        .order_by(postings.c.id)
    )
    running: dict[str, int] = {}
    holdings = 0
    rows: list[HistoryRow] = []
    for key, amount, txn, created, kind, table, hand, memo in conn.execute(query):
        amount = int(amount)
        running[key] = running.get(key, 0) + amount
        holdings += amount
        rows.append(
            HistoryRow(
                time=as_utc(created),
                kind=kind,
                table=None if table is None else int(table),
                hand=None if hand is None else int(hand),
                key=key,
                amount=amount,
                balance=running[key],
                holdings=holdings,
                memo=memo,
                transaction=int(txn),
            )
        )
    return rows


def total(conn: Connection) -> int:
    """Chips held by every ledger key except the cashier (accounts, stacks, rake, carried chips)."""
    return int(conn.execute(select(func.sum(balances.c.balance)).where(balances.c.key != CASHIER)).scalar() or 0)


def hand_numbers(conn: Connection, ids: Iterable[int]) -> dict[int, tuple[int, int]]:
    """Store hand id -> (table id, the table's hand number), for the hands of ``ids`` that exist."""
    wanted = sorted(set(ids))
    if not wanted:
        return {}
    query = select(hands.c.id, hands.c.table_id, hands.c.number).where(hands.c.id.in_(wanted))
    return {int(h): (int(t), int(n)) for h, t, n in conn.execute(query)}


@dataclass
class CurrencyBooks:
    """One currency's side of the ledger (chips): what the room owes players (``player_accounts`` off the tables
    and ``player_stacks`` at them, people only), the house's money (``house_bankroll``, and ``bot_accounts`` and
    ``bot_stacks``: its bots' chips off and at the tables), ``rake`` taken, ``carried`` chips and ``pots`` (empty
    between hands), and ``cashier``: the cashier's postings of this currency (minus every chip it brought in)."""

    currency: str
    player_accounts: int = 0
    player_stacks: int = 0
    house_bankroll: int = 0
    bot_accounts: int = 0
    bot_stacks: int = 0
    rake: int = 0
    carried: int = 0
    pots: int = 0
    cashier: int = 0

    @property
    def owed(self) -> int:
        """What the room owes players: their accounts and stacks."""
        return self.player_accounts + self.player_stacks

    @property
    def house(self) -> int:
        """The house's chips but the rake: its bankroll and what its bots hold."""
        return self.house_bankroll + self.bot_accounts + self.bot_stacks

    @property
    def in_room(self) -> int:
        """Every chip of this currency in the room."""
        return self.owed + self.house + self.rake + self.carried + self.pots

    @property
    def balanced(self) -> bool:
        """Whether the cashier's side equals minus the chips in the room."""
        return self.in_room + self.cashier == 0

    def json(self) -> dict[str, object]:
        """The figures as JSON (chips), with ``owed``, ``in_room`` and ``balanced``."""
        return {
            "currency": self.currency, "owed_to_players": self.owed, "player_accounts": self.player_accounts,
            "player_stacks": self.player_stacks, "house_bankroll": self.house_bankroll,
            "bot_accounts": self.bot_accounts, "bot_stacks": self.bot_stacks, "rake": self.rake,
            "carried": self.carried, "pots": self.pots, "in_room": self.in_room, "cashier": self.cashier,
            "balanced": self.balanced,
        }  # fmt: skip


@dataclass
class Currencies:
    """:func:`currency_books`'s answer: ``books`` by currency (``real``, ``play``) and ``problems``: transactions
    that move both currencies at once (none in a sound ledger)."""

    books: dict[str, CurrencyBooks]
    problems: list[str] = field(default_factory=list)


def _account_currencies(conn: Connection) -> tuple[dict[int, str], set[int]]:
    """Account id -> currency, and the ids of house bots' accounts.  An account is play money when its name is
    ``play:NAME``, or when every table it ever sat at is a play-money table (a club night's, a simulation's);
    real money otherwise."""
    real_tables = real_money_tables(conn)
    sat: dict[int, set[bool]] = {}
    for table, account in conn.execute(
        select(balances.c.table_id, balances.c.account_id).where(balances.c.book == "stack")
    ):
        sat.setdefault(int(account), set()).add(int(table) in real_tables)
    currency: dict[int, str] = {}
    bots: set[int] = set()
    for account, name in conn.execute(select(accounts.c.id, accounts.c.name)):
        account, name = int(account), str(name)
        kinds = sat.get(account)
        play = name.startswith(PLAY_PREFIX) or (kinds is not None and kinds == {False})
        currency[account] = "play" if play else "real"
        if is_house_bot(name):
            bots.add(account)
    return currency, bots


def currency_books(conn: Connection) -> Currencies:
    """Every ledger key's balance summed into its currency's :class:`CurrencyBooks`; the cashier's postings are
    split by the currency of the other keys of their transaction."""
    real_tables = real_money_tables(conn)
    account_currency, bots = _account_currencies(conn)
    books = {c: CurrencyBooks(c) for c in CURRENCIES}
    for key, book, table, account, held in conn.execute(
        select(balances.c.key, balances.c.book, balances.c.table_id, balances.c.account_id, balances.c.balance)
    ):
        held = int(held)
        if key == CASHIER or not held:
            continue
        if book == HOUSE:
            books["real" if key == house_key(True) else "play"].house_bankroll += held
            continue
        if book == "account":
            b = books[account_currency.get(int(account), "real")]
            if int(account) in bots:
                b.bot_accounts += held
            else:
                b.player_accounts += held
            continue
        b = books["real" if int(table) in real_tables else "play"]
        if book == "stack":
            if int(account) in bots:
                b.bot_stacks += held
            else:
                b.player_stacks += held
        elif book == "rake":
            b.rake += held
        elif book == "carried":
            b.carried += held
        else:
            b.pots += held
    # The cashier's postings, each put in the currency of the keys it moved chips to or from.
    cash, other = postings.alias("cash"), postings.alias("other")
    query = select(cash.c.id, cash.c.transaction_id, cash.c.amount, other.c.key).join(
        other, and_(other.c.transaction_id == cash.c.transaction_id, other.c.key != CASHIER)
    ).where(cash.c.key == CASHIER)
    amounts: dict[int, tuple[int, int]] = {}
    kinds: dict[int, set[str]] = {}
    for posting, txn, amount, key in conn.execute(query):
        amounts[int(posting)] = (int(txn), int(amount))
        kinds.setdefault(int(txn), set()).add(_currency(str(key), real_tables, account_currency))
    problems: list[str] = []
    for txn, currencies in sorted(kinds.items()):
        if len(currencies) > 1:
            problems.append(f"transaction {txn} moves both play chips and real money")
    for txn, amount in amounts.values():
        books[min(kinds[txn])].cashier += amount  # "play" < "real": a mixed transaction is listed above
    return Currencies(books, problems)


def _currency(key: str, real_tables: set[int], account_currency: dict[int, str]) -> str:
    parts = parse_key(key)
    if parts.book == HOUSE:
        return "real" if key == house_key(True) else "play"
    if parts.book == "account":
        assert parts.account is not None
        return account_currency.get(parts.account, "real")
    return "real" if parts.table in real_tables else "play"
