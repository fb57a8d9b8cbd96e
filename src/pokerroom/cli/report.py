"""``pokerroom report``: what the store's ledger says (:mod:`pokerroom.store`), as Rich tables.

* ``pokerroom report rake [--by table|day]``: rake per table or per UTC day, hands raked and chips taken
  (RULES §3.10);
* ``pokerroom report history ACCOUNT``: every posting on a player's account and table stacks, oldest first, with
  the balances after each (``--last N`` shows the last N);
* ``pokerroom report balance``: the double-entry check (every transaction sums to zero, every balance matches
  its postings, nothing negative, every pot empty) and the chips in the room by book.  Exit code 1 when the
  ledger does not balance.

``--database URL`` (before the subcommand) picks the store; default ``sqlite:///pokerroom.db``.  A SQLite file
that does not exist is refused rather than created empty.
"""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table as RichTable
from sqlalchemy import func, select
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, SQLAlchemyError

from pokerroom.errors import LedgerError, StoreError
from pokerroom.store import Store
from pokerroom.store.schema import balances

__all__ = ["DEFAULT_DATABASE", "open_store", "report_app"]

DEFAULT_DATABASE = "sqlite:///pokerroom.db"

report_app = typer.Typer(
    name="report",
    help="Reports from the store: rake by table or day, a player's history, the ledger's balance.",
    no_args_is_help=True,
    add_completion=False,
)


class By(StrEnum):
    table = "table"
    day = "day"


def open_store(url: str) -> Store:
    """The store at ``url``; :class:`typer.BadParameter` (exit 2) for a URL SQLAlchemy cannot read or a SQLite
    file that is not there (a report on a new, empty file would only mislead)."""
    try:
        parsed = make_url(url)
    except ArgumentError as exc:
        raise typer.BadParameter(f"not a database URL: {url!r} ({exc})", param_hint="--database") from None
    if parsed.get_backend_name() == "sqlite":
        path = parsed.database or ""
        if path in ("", ":memory:") or not Path(path).is_file():
            raise typer.BadParameter(
                f"no SQLite database at {path or '(memory)'!r}; give --database sqlite:///FILE of a store "
                f"(pokerroom simulate --database URL fills one)",
                param_hint="--database",
            )
    try:
        return Store(url)
    except SQLAlchemyError as exc:
        raise typer.BadParameter(f"cannot open {url!r}: {exc}", param_hint="--database") from None


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
    with open_store(str(ctx.obj)) as store:
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
    with open_store(str(ctx.obj)) as store:
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
        table.add_column(column, justify="right" if right else "left")
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
    console.print(f"{len(rows)} postings{more}; holdings now {held} chips.")


@report_app.command()
def balance(ctx: typer.Context) -> None:
    """Check the double-entry ledger and print the chips in the room by book."""
    console = _console()
    with open_store(str(ctx.obj)) as store:
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
    console.print(f"The ledger balances: every transaction sums to zero; {total} chips in the room.")
