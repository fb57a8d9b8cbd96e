"""``pokerroom report``: what the store's ledger says (:mod:`pokerroom.store`), as Rich tables.

* ``pokerroom report rake [--by table|day]``: rake per table or per UTC day, hands raked and chips taken
  (RULES §3.10);
* ``pokerroom report history ACCOUNT``: every posting on a player's account and table stacks, oldest first, with
  the balances after each (``--last N`` shows the last N);
* ``pokerroom report balance``: the double-entry check (every transaction sums to zero, every balance matches
  its postings, nothing negative, every pot empty) and the chips in the room by book.  Exit code 1 when the
  ledger does not balance.

``--database URL`` (before the subcommand) picks the store; default ``sqlite:///pokerroom.db``.  Reports only
read: a SQLite file that does not exist is refused rather than created empty, and so is a database that is not
pokerroom's (its tables missing, or tables of the same names with other columns); no table is ever created.  A
database without a driver (only sqlite and postgresql are supported) or one that fails while read is refused with
the reason (exit 2), never a traceback.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from enum import StrEnum
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table as RichTable
from sqlalchemy import Engine, func, inspect, select
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DatabaseError, SQLAlchemyError

from pokerroom.cli.database import DEFAULT_DATABASE, SUPPORTED, open_database, refuse
from pokerroom.errors import LedgerError, StoreError
from pokerroom.store import Store, migrations
from pokerroom.store.ledger import PLAY_PREFIX, play_account
from pokerroom.store.schema import balances, metadata
from pokerroom.words import plural

__all__ = ["DEFAULT_DATABASE", "check_database", "open_store", "reading", "report_app"]

report_app = typer.Typer(
    name="report",
    help="Reports from the store: rake by table or day, a player's history, the ledger's balance.",
    no_args_is_help=True,
    add_completion=False,
)


class By(StrEnum):
    table = "table"
    day = "day"


def _schema_problems(engine: Engine) -> tuple[list[str], list[str]]:
    """Pokerroom's tables missing from ``engine``'s database, and the ones there whose columns are not the
    store's (each with the columns it lacks).  Only reads the catalogue."""
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
    return missing, wrong


def check_database(url: str, *, create: bool = False) -> None:
    """Refuse (:class:`typer.BadParameter`, exit 2) a ``url`` the store cannot use, reading only: not a database
    URL, a database pokerroom has no driver for, a SQLite file that is not there (unless ``create``), a file
    that is not a database, or a database that is not pokerroom's: one lacking pokerroom's tables (unless
    ``create`` and it has none of them: the store then adds them) or with tables of pokerroom's names whose
    columns are not the store's."""
    hint = "give --database sqlite:///FILE of a store (pokerroom simulate --database URL fills one)"
    opened = open_database(url, missing=hint, create=create)
    if opened is None:
        return  # a new store: nothing there to check
    engine, shown, backend = opened.engine, opened.shown, opened.backend
    try:
        missing, wrong = _schema_problems(engine)
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


def open_store(url: str, *, create: bool = False) -> Store:
    """The store at ``url`` once :func:`check_database` accepts it (without ``create``: only an existing,
    complete pokerroom store, so a report never creates a table); :class:`typer.BadParameter` (exit 2)
    otherwise, a database at another revision than this release's included (the message names
    ``pokerroom db upgrade``)."""
    check_database(url, create=create)
    try:
        return Store(url)
    except StoreError as exc:  # a database of another revision: the message names the command that upgrades it
        raise refuse(str(exc)) from None
    except ImportError as exc:
        raise refuse(f"no driver for {make_url(url).drivername} ({exc}); {SUPPORTED}") from None
    except SQLAlchemyError as exc:
        raise refuse(f"cannot open {make_url(url).render_as_string(hide_password=True)!r}: {exc}") from None


@contextmanager
def reading(url: str) -> Iterator[Store]:
    """The store at ``url`` (:func:`open_store`) for a report; a database error while reading it is refused as
    a bad ``--database`` (exit 2) instead of a traceback."""
    try:
        with open_store(url) as store:
            yield store
    except SQLAlchemyError as exc:
        shown = make_url(url).render_as_string(hide_password=True)
        raise refuse(f"cannot read the store at {shown}: {exc}") from None


def _console() -> Console:
    return Console(highlight=False, soft_wrap=True)


@report_app.callback()
def report(
    ctx: typer.Context,
    database: Annotated[
        str, typer.Option("--database", help="The store's URL: sqlite:///FILE or postgresql+psycopg://...")
    ] = DEFAULT_DATABASE,
) -> None:
    """Reports from the store."""
    ctx.obj = database


@report_app.command()
def rake(
    ctx: typer.Context,
    by: Annotated[By, typer.Option("--by", help="Group by table or by UTC day.")] = By.table,
) -> None:
    """Rake taken, per table or per day: hands raked and chips."""
    with reading(str(ctx.obj)) as store:
        rows = store.rake_report(by=by.value)
    table = RichTable(title=f"Rake by {by.value}", title_justify="left")
    if by is By.table:
        table.add_column("Table", justify="right")
    table.add_column("Name" if by is By.table else "Day (UTC)")
    table.add_column("Hands raked", justify="right")
    table.add_column("Rake (chips)", justify="right")
    for row in rows:
        cells = [row.name, str(row.hands), str(row.rake)]
        table.add_row(*([str(row.table)] if by is By.table else []), *cells)
    total = ["Total", str(sum(r.hands for r in rows)), str(sum(r.rake for r in rows))]
    table.add_row(*([""] if by is By.table else []), *total, style="bold")
    console = _console()
    console.print(table)
    if not rows:
        console.print("No rake taken: only real-money hands that reached the raked street are raked (RULES §3.10).")


@report_app.command()
def history(
    ctx: typer.Context,
    account: Annotated[str, typer.Argument(help="The account's name (or its id).")],
    last: Annotated[int, typer.Option("--last", help="Show only the last N postings (0: all).", min=0)] = 0,
) -> None:
    """A player's postings, oldest first: deposits, buy-ins, hands, cash-outs, with the balances after each."""
    with reading(str(ctx.obj)) as store:
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
    shown = rows[-last:] if last else rows
    table = RichTable(title=f"History of account {account_id} ({account})", title_justify="left")
    for column, right in (
        ("Time (UTC)", False),
        ("Kind", False),
        ("Where", False),
        ("Hand", True),
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
            "" if row.hand is None else str(row.hand),
            f"{row.amount:+d}",
            str(row.balance),
            str(row.holdings),
            row.memo,
        )
    console = _console()
    console.print(table)
    held = rows[-1].holdings if rows else 0
    more = f" (the last {len(shown)} shown)" if len(shown) < len(rows) else ""
    console.print(f"{plural(len(rows), 'posting')}{more}; holdings now {plural(held, 'chip')}.")
    if twin is not None:
        console.print(f"Their play money is the account {twin}: pokerroom report history {twin}.")


@report_app.command()
def balance(ctx: typer.Context) -> None:
    """Check the double-entry ledger and print the chips in the room by book."""
    console = _console()
    with reading(str(ctx.obj)) as store:
        with store.engine.connect() as conn:
            books = {
                str(book): int(chips or 0)
                for book, chips in conn.execute(
                    select(balances.c.book, func.sum(balances.c.balance)).group_by(balances.c.book)
                )
            }
        total = store.total()
        try:
            store.check_balanced()
            problem = None
        except LedgerError as exc:
            problem = str(exc)
    table = RichTable(title="Chips by book", title_justify="left")
    table.add_column("Book")
    table.add_column("Chips", justify="right")
    for book, meaning in (
        ("account", "players' accounts, off the tables"),
        ("stack", "stacks at the tables"),
        ("carried", "odd chips carried to the next hand"),
        ("pot", "pots (empty between hands)"),
        ("rake", "rake taken by the house"),
    ):
        table.add_row(f"{book}: {meaning}", str(books.get(book, 0)))
    table.add_row("In the room", str(total), style="bold")
    table.add_row("cashier (the outside world)", str(books.get("cashier", 0)))
    console.print(table)
    if problem is not None:
        console.print(problem, style="red", markup=False)
        raise typer.Exit(1)
    console.print(f"The ledger balances: every transaction sums to zero; {plural(total, 'chip')} in the room.")
