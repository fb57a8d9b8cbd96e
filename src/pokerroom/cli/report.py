"""``pokerroom report``: what the store's ledger says (:mod:`pokerroom.store`), as Rich tables.

* ``pokerroom report rake [--by table|day]``: rake per table or per UTC day, hands raked and chips taken
  (RULES §3.10), at real-money tables; play-money rake (none under the rules) is shown apart, never in the totals;
* ``pokerroom report history ACCOUNT``: every posting on a player's account and table stacks, oldest first, with
  the balances after each (``--last N`` shows the last N) and each hand as the memo names it (the table's hand
  number) beside its store id;
* ``pokerroom report balance [--json]``: the double-entry check (every transaction sums to zero, every balance
  matches its postings, nothing negative, every pot empty) and, per currency (real money, play chips), what the
  room owes players, the house's bankroll and bots, the rake and the cashier's side.  Exit code 1 when the
  ledger does not balance;
* ``pokerroom report pairs --since DATE``: chip flows between pairs of accounts, flagged for review
  (:mod:`pokerroom.store.pairs`).

Output piped to a file or a program is never cut at 80 columns (Rich's width for a non-terminal): each line is as
wide as it needs.

``--database URL`` picks the store (default ``sqlite:///pokerroom.db``), before the subcommand or after it
(``pokerroom report balance --database URL``; given in both places, the subcommand's wins).  Reports only
read: a SQLite file that does not exist is refused rather than created empty, and so is a database that is not
pokerroom's (its tables missing, or tables of the same names with other columns); no table is ever created.  A
database without a driver (only sqlite and postgresql are supported) or one that fails while read is refused with
the reason (exit 2), never a traceback.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, date, datetime
from enum import StrEnum
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table as RichTable
from sqlalchemy import Engine, inspect
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DatabaseError, SQLAlchemyError

from pokerroom.cli.database import (
    DEFAULT_DATABASE,
    SUPPORTED,
    Database,
    SubDatabase,
    chosen,
    open_database,
    refuse,
    shown_url,
)
from pokerroom.errors import LedgerError, StoreError
from pokerroom.store import Store, migrations
from pokerroom.store.ledger import PLAY_PREFIX, house_key, play_account
from pokerroom.store.pairs import pair_report
from pokerroom.store.records import RakeRow
from pokerroom.store.reports import CurrencyBooks, hand_numbers
from pokerroom.store.schema import metadata
from pokerroom.words import plural

__all__ = ["DEFAULT_DATABASE", "check_database", "open_store", "reading", "report_app"]

report_app = typer.Typer(
    name="report",
    help="Reports from the store: rake by table or day, a player's history, the ledger's balance, pairs of players. "
    "--database goes before the subcommand or after it (after it wins).",
    no_args_is_help=True,
    add_completion=False,
)


class By(StrEnum):
    table = "table"
    day = "day"


def _schema_problems(engine: Engine) -> tuple[list[str], list[str], bool]:
    """Pokerroom's tables missing from ``engine``'s database, the ones there whose columns are not the store's
    (each with the columns it lacks), and whether the database holds no table at all.  Only reads the
    catalogue."""
    inspector = inspect(engine)
    present = set(inspector.get_table_names())
    missing: list[str] = []
    wrong: list[str] = []
    for table in metadata.sorted_tables:
        if table.name not in present:
            missing.append(table.name)
            continue
        columns = {str(column["name"]) for column in inspector.get_columns(table.name)}
        lacking = [c.name for c in table.columns if c.name not in columns]
        if lacking:
            wrong.append(f"table {table.name} lacks the columns {', '.join(lacking)}")
    return missing, wrong, not present


EMPTY_MAKERS = "pokerroom serve, cashier and admin create make the store there (or pokerroom db upgrade)"
"""Which commands make the store in an empty database (said when a reading command is given one)."""


def check_database(url: str, *, create: bool = False, write: bool = False) -> None:
    """Refuse (:class:`typer.BadParameter`, exit 2) a ``url`` the store cannot use, reading only: not a database
    URL, a database pokerroom has no driver for, a SQLite file that is not there (unless ``create``), a file
    that is not a database, or a database that is not pokerroom's: one lacking pokerroom's tables (unless
    ``create`` and it has none of them, or ``write`` and it has no table at all: the store then makes them at
    the head, as ``serve`` does) or with tables of pokerroom's names whose columns are not the store's.  A
    command that only reads is told an empty database is empty, and which commands make the store there."""
    hint = "give --database sqlite:///FILE of a store (pokerroom simulate --database URL fills one)"
    opened = open_database(url, missing=hint, create=create)
    if opened is None:
        return  # a new store: nothing there to check
    engine, shown, backend = opened.engine, opened.shown, opened.backend
    try:
        missing, wrong, bare = _schema_problems(engine)
        if not wrong:
            with engine.connect() as conn:
                state = migrations.read_state(conn)
            if state.ahead or state.behind:  # a store of another release: say which, and the command
                raise refuse(str(state.error(url)))
    except DatabaseError as exc:
        if backend == "sqlite":
            raise refuse(f"not a pokerroom database: {shown} ({exc.orig})") from None
        raise refuse(f"cannot open {shown!r}: {exc.orig}") from None
    except SQLAlchemyError as exc:
        raise refuse(f"cannot open {shown!r}: {exc}") from None
    finally:
        engine.dispose()
    if bare and (create or write):
        return  # an existing database with no table at all: the store makes its tables at the head
    if bare:
        raise refuse(f"the database at {shown} is empty (no tables): no store yet; {EMPTY_MAKERS}")
    if create and len(missing) == len(metadata.sorted_tables):
        missing = []  # none of pokerroom's tables: the store creates them
    if missing or wrong:
        parts = [*wrong]
        if missing:
            parts.insert(0, f"no table {', '.join(missing)}")
        hint = ""
        if not wrong and len(missing) < len(metadata.sorted_tables):
            hint = f"; a store of an older pokerroom is brought up to date by: pokerroom db upgrade --database {shown}"
        raise refuse(f"not a pokerroom database: {shown} ({'; '.join(parts)}){hint}")


def open_store(url: str, *, create: bool = False, write: bool = False) -> Store:
    """The store at ``url`` once :func:`check_database` accepts it (without ``create`` or ``write``: only an
    existing, complete pokerroom store, so a report never creates a table; ``write``, a command that writes:
    an existing database with no table at all too, made at the head as ``serve`` makes it, while a SQLite file
    that is not there stays refused, so a mistyped path never makes a new room); :class:`typer.BadParameter`
    (exit 2) otherwise, a database at another revision than this release's included (the message names
    ``pokerroom db upgrade``)."""
    check_database(url, create=create, write=write)
    try:
        return Store(url)
    except StoreError as exc:  # a database of another revision: the message names the command that upgrades it
        raise refuse(str(exc)) from None
    except ImportError as exc:
        raise refuse(f"no driver for {make_url(url).drivername} ({exc}); {SUPPORTED}") from None
    except SQLAlchemyError as exc:
        raise refuse(f"cannot open {shown_url(url)!r}: {exc}") from None


@contextmanager
def reading(url: str) -> Iterator[Store]:
    """The store at ``url`` (:func:`open_store`) for a report; a database error while reading it is refused as
    a bad ``--database`` (exit 2) instead of a traceback."""
    try:
        with open_store(url) as store:
            yield store
    except SQLAlchemyError as exc:
        shown = shown_url(url)
        raise refuse(f"cannot read the store at {shown}: {exc}") from None


WIDE = 10_000
"""The console's width when the output is not a terminal: Rich would cut lines at 80 columns; tables are only as
wide as their cells, so this never pads."""


def _console() -> Console:
    console = Console(highlight=False, soft_wrap=True)
    if not console.is_terminal:
        console.width = WIDE
    return console


def _show(console: Console, table: RichTable) -> None:
    """Print ``table``: boxed on a terminal; piped, as plain lines (no box, no spaces after the last cell's
    text), so a long memo or flag in one row pads no other row."""
    if console.is_terminal:
        console.print(table)
        return
    table.box = None
    table.expand = False
    with console.capture() as captured:
        console.print(table)
    console.print("\n".join(line.rstrip() for line in captured.get().splitlines()), markup=False)


@report_app.callback()
def report(
    ctx: typer.Context,
    database: Database = DEFAULT_DATABASE,
) -> None:
    """Reports from the store.  --database goes before the subcommand or after it (after it wins)."""
    ctx.obj = database


@report_app.command()
def rake(
    ctx: typer.Context,
    by: Annotated[By, typer.Option("--by", help="Group by table or by UTC day.")] = By.table,
    database: SubDatabase = None,
) -> None:
    """Rake taken at real-money tables, per table or per day: hands raked and chips (play money apart)."""
    with reading(chosen(database, str(ctx.obj))) as store:
        real = store.rake_report(by=by.value, real_money=True)
        play = store.rake_report(by=by.value, real_money=False)
    console = _console()
    _show(console, _rake_table(f"Rake by {by.value}: real-money tables", real, by, total=True))
    if not real:
        console.print("No rake taken: only real-money hands that reached the raked street are raked (RULES §3.10).")
    if play:  # never under the rules (play money is not raked); shown so that a wrong setting is seen
        _show(console, _rake_table(f"Play-money rake by {by.value} (not in the totals)", play, by, total=False))


def _rake_table(title: str, rows: list[RakeRow], by: By, *, total: bool) -> RichTable:
    table = RichTable(title=title, title_justify="left")
    if by is By.table:
        table.add_column("Table", justify="right")
    table.add_column("Name" if by is By.table else "Day (UTC)")
    table.add_column("Hands raked", justify="right")
    table.add_column("Rake (chips)", justify="right")
    for row in rows:
        cells = [row.name, str(row.hands), str(row.rake)]
        table.add_row(*([str(row.table)] if by is By.table else []), *cells)
    if total:
        sums = ["Total", str(sum(r.hands for r in rows)), str(sum(r.rake for r in rows))]
        table.add_row(*([""] if by is By.table else []), *sums, style="bold")
    return table


@report_app.command()
def history(
    ctx: typer.Context,
    account: Annotated[str, typer.Argument(help="The account's name (or its id).")],
    last: Annotated[int, typer.Option("--last", help="Show only the last N postings (0: all).", min=0)] = 0,
    database: SubDatabase = None,
) -> None:
    """A player's postings, oldest first: deposits, buy-ins, hands, cash-outs, with the balances after each."""
    with reading(chosen(database, str(ctx.obj))) as store:
        twin: str | None = None if account.startswith(PLAY_PREFIX) else play_account(account)
        if twin is not None:
            try:
                store.account_id(twin)
            except StoreError:
                twin = None  # no play-money account by that name
        try:
            account_id = store.account_id(account)
        except StoreError:
            if not account.isdigit():
                raise typer.BadParameter(f"no account named {account!r}", param_hint="ACCOUNT") from None
            account_id = int(account)
        try:
            rows = store.account_history(account_id)
        except StoreError as exc:
            raise typer.BadParameter(str(exc), param_hint="ACCOUNT") from None
        with store.reading() as conn:  # the table's hand number, as the memo says it, beside the store's id
            numbers = hand_numbers(conn, (row.hand for row in rows if row.hand is not None))
    shown = rows[-last:] if last else rows
    table = RichTable(title=f"History of account {account_id} ({account})", title_justify="left")
    for column, right in (
        ("Time (UTC)", False),
        ("Kind", False),
        ("Where", False),
        ("Hand", False),
        ("Amount", True),
        ("Balance", True),
        ("Holdings", True),
        ("Memo", False),
    ):
        table.add_column(
            column,
            justify="right" if right else "left",
            min_width=19 if column.startswith("Time") else None,  # the whole time, never cut on a narrow terminal
            overflow="fold",
        )
    for row in shown:
        where = "account" if row.key.startswith("account:") else f"table {row.table}"
        table.add_row(
            row.time.strftime("%Y-%m-%d %H:%M:%S"),
            row.kind,
            where,
            "" if row.hand is None else _hand(row.hand, numbers),
            f"{row.amount:+d}",
            str(row.balance),
            str(row.holdings),
            row.memo,
        )
    console = _console()
    _show(console, table)
    held = rows[-1].holdings if rows else 0
    more = f" (the last {len(shown)} shown)" if len(shown) < len(rows) else ""
    console.print(f"{plural(len(rows), 'posting')}{more}; holdings now {plural(held, 'chip')}.")
    if twin is not None:
        console.print(f"Their play money is the account {twin}: pokerroom report history {twin}.")


def _hand(hand: int, numbers: dict[int, tuple[int, int]]) -> str:
    found = numbers.get(hand)
    return f"id {hand}" if found is None else f"hand {found[1]} (id {hand})"


CURRENCY_NAMES = {"real": "Real money", "play": "Play chips"}


@report_app.command()
def balance(
    ctx: typer.Context,
    as_json: Annotated[bool, typer.Option("--json", help="Print the figures as one JSON object.")] = False,
    database: SubDatabase = None,
) -> None:
    """Check the double-entry ledger and print, per currency, what the room owes players, the house's money, the
    rake and the cashier's side."""
    with reading(chosen(database, str(ctx.obj))) as store:
        found = store.currency_books()
        try:
            store.check_balanced()
            problems = list(found.problems)
        except LedgerError as exc:
            problems = [str(exc), *found.problems]
    books = found.books
    for currency, b in books.items():
        if not b.balanced:
            problems.append(
                f"{CURRENCY_NAMES[currency].lower()}: {plural(b.in_room, 'chip')} in the room but the cashier's side "
                f"is {b.cashier} (they differ by {b.in_room + b.cashier})"
            )
    if as_json:
        out = {"balanced": not problems, "problems": problems, "currencies": {c: b.json() for c, b in books.items()}}
        typer.echo(json.dumps(out, indent=2))
        if problems:
            raise typer.Exit(1)
        return
    console = _console()
    for currency, b in books.items():
        _show(console, _books_table(currency, b))
    for currency, b in books.items():
        console.print(f"{CURRENCY_NAMES[currency]}: the room owes players {plural(b.owed, 'chip')}.")
    if problems:
        for problem in problems:
            console.print(problem, style="red", markup=False)
        raise typer.Exit(1)
    console.print(
        "The ledger balances: every transaction sums to zero, in one currency, and each currency's chips in the "
        "room equal the cashier's side."
    )


def _books_table(currency: str, b: CurrencyBooks) -> RichTable:
    table = RichTable(title=CURRENCY_NAMES[currency], title_justify="left")
    table.add_column("Book")
    table.add_column("Chips", justify="right")
    for label, chips, style in (
        ("owed to players: their accounts", b.player_accounts, None),
        ("owed to players: their stacks at the tables", b.player_stacks, None),
        ("owed to players", b.owed, "bold"),
        (f"house bankroll ({house_key(currency == 'real')})", b.house_bankroll, None),
        ("house bots' chips (accounts and stacks)", b.bot_accounts + b.bot_stacks, None),
        ("rake taken by the house", b.rake, None),
        ("odd chips carried to the next hand", b.carried, None),
        ("pots (empty between hands)", b.pots, None),
        ("in the room", b.in_room, "bold"),
        ("cashier (the outside world)", b.cashier, None),
        ("balances", b.in_room + b.cashier, None),
    ):
        table.add_row(label, str(chips) if label != "balances" else ("yes" if b.balanced else "NO"), style=style)
    return table


def _day(value: str) -> date:
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise typer.BadParameter(f"a day is YYYY-MM-DD, not {value!r}", param_hint="--since") from None


@report_app.command()
def pairs(
    ctx: typer.Context,
    since: Annotated[str, typer.Option("--since", help="The first UTC day (YYYY-MM-DD) of hands to read.")],
    min_hands: Annotated[int, typer.Option("--min-hands", help="Only pairs with this many hands together.", min=1)] = 1,
    as_json: Annotated[bool, typer.Option("--json", help="Print the pairs as a JSON list.")] = False,
    database: SubDatabase = None,
) -> None:
    """Chip flows between pairs of accounts in the hands settled since a day: who won how much from whom, hands
    and tables together, folds to each other's bets, and flags (likely chip dumping, soft play) for review."""
    start = datetime.combine(_day(since), datetime.min.time(), tzinfo=UTC)
    with reading(chosen(database, str(ctx.obj))) as store, store.reading() as conn:
        try:
            found = pair_report(conn, start, min_hands=min_hands)
        except StoreError as exc:
            raise refuse(str(exc)) from None
        names = {table_id: name for table_id, name, _game in store.tables()}
    if as_json:
        typer.echo(json.dumps([p.json() for p in found], indent=2))
        return
    console = _console()
    table = RichTable(title=f"Pairs of players since {start.date().isoformat()} (UTC)", title_justify="left")
    for column, right in (
        ("A", False), ("B", False), ("Hands", True), ("Tables", False), ("A won from B", True),
        ("B won from A", True), ("A folded to B", True), ("B folded to A", True), ("Contested", True),
        ("Bets/raises", True), ("Flags", False),
    ):  # fmt: skip
        table.add_column(column, justify="right" if right else "left")
    for p in found:
        table.add_row(
            p.a, p.b, str(p.hands), ", ".join(f"#{t} {names.get(t, '')}".rstrip() for t in sorted(p.tables)),
            str(p.won_by_a), str(p.won_by_b),
            str(p.a_folded_to_b), str(p.b_folded_to_a), str(p.contested), str(p.aggression),
            "; ".join(p.flags) or "-",
        )  # fmt: skip
    _show(console, table)
    flagged = sum(1 for p in found if p.flags)
    console.print(f"{plural(len(found), 'pair')}, {flagged} flagged for review.")
