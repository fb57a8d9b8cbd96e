"""``pokerroom db``: the store's database and its revision (:mod:`pokerroom.store.migrations`).

* ``pokerroom db status --database URL``: the database's revision, this release's (the head), and whether an
  upgrade is needed (with the command), each revision applied or pending;
* ``pokerroom db upgrade --database URL``: bring the database to this release's revision, in one transaction.  A
  database of the release before migrations (its tables, no ``alembic_version``) is checked and taken as revision
  ``0001_baseline`` first; an empty database gets every revision; stored hands are converted to the hand record's
  forms (revision ``0002_hand_records``), each replayed and checked against its old record and the ledger.  A
  second upgrade does nothing;
* ``pokerroom db downgrade --database URL --to REVISION``: back to an older revision of this release, where the
  older forms can hold what is stored (going back to ``0001_baseline`` drops voided hands' records, which the
  release before migrations never kept).

Back the database up before an upgrade: a release that reads the new forms cannot be swapped for an older one
without a downgrade.  ``pokerroom serve``, ``simulate``, ``report``, ``cashier`` and ``recover`` refuse a database
that is not at this release's revision, naming the command above.

Exit codes: 0 done (nothing to do included); 1 failed, with the reason (a hand that cannot be converted, a
database ahead of this release, the database failing): nothing was changed; 2 bad arguments (not a database URL,
a database pokerroom has no driver for, a SQLite file that is not there, a database that cannot be opened).
"""

from __future__ import annotations

import time
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table as RichTable
from sqlalchemy import create_engine
from sqlalchemy.exc import DatabaseError, SQLAlchemyError

from pokerroom.cli.database import DEFAULT_DATABASE, Database, open_database, refuse
from pokerroom.errors import StoreError
from pokerroom.store import migrations

__all__ = ["db_app", "downgrade", "status", "upgrade"]

db_app = typer.Typer(
    name="db",
    help="The store's database: its revision, and upgrading it to this release.",
    no_args_is_help=True,
    add_completion=False,
)


def _out() -> Console:
    return Console(highlight=False, soft_wrap=True)


def _fail(message: str) -> typer.Exit:
    Console(stderr=True, highlight=False, soft_wrap=True).print(f"error: {message}", style="red", markup=False)
    return typer.Exit(1)


def _checked(url: str) -> str:
    """``url`` once it names a database pokerroom can open (exit 2 otherwise); returns it as printed (password
    hidden)."""
    opened = open_database(
        url, missing="give the file of an existing store (pokerroom serve or simulate --database creates a new one)"
    )
    assert opened is not None  # only with create
    engine, shown = opened.engine, opened.shown
    try:
        with engine.connect() as conn:
            migrations.read_state(conn)
    except DatabaseError as exc:
        raise refuse(f"cannot open {shown!r}: {exc.orig}") from None
    except SQLAlchemyError as exc:
        raise refuse(f"cannot open {shown!r}: {exc}") from None
    finally:
        engine.dispose()
    return shown


def _state(url: str) -> migrations.DatabaseState:
    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            return migrations.read_state(conn)
    finally:
        engine.dispose()


@db_app.command()
def status(database: Database = DEFAULT_DATABASE) -> None:
    """The database's revision, this release's, and whether it needs an upgrade."""
    shown = _checked(database)
    try:
        state = _state(database)
    except SQLAlchemyError as exc:
        raise _fail(f"the database failed while read: {exc}") from None
    out = _out()
    table = RichTable(title=f"Database {shown}", title_justify="left", show_header=False)
    table.add_column("What")
    table.add_column("")
    table.add_row("Revision", state.describe())
    table.add_row("This release", f"revision {migrations.HEAD} (the head)")
    if state.current:
        needed = "no: up to date"
    elif state.empty:
        command = migrations.upgrade_command(database)
        needed = f"no: empty; the store creates it at {migrations.HEAD} when it opens (or {command})"
    elif state.ahead:
        needed = "no: a newer pokerroom wrote it; open it with that release"
    else:
        needed = f"yes: back it up, then run {migrations.upgrade_command(database)}"
    table.add_row("Upgrade needed", needed)
    out.print(table)
    revisions = RichTable(title="Revisions of this release", title_justify="left")
    revisions.add_column("Revision")
    revisions.add_column("State")
    effective = state.effective
    at = migrations.REVISIONS.index(effective) if effective in migrations.REVISIONS else None
    for k, revision in enumerate(migrations.REVISIONS):
        if state.ahead:
            mark = "applied (the database is past it)" if state.revision is not None else "unknown"
        elif at is None or k > at:
            mark = "pending"
        else:
            mark = "applied" + (" (the database is here)" if k == at else "")
        revisions.add_row(revision, mark)
    out.print(revisions)


def _describe_hands(hands: dict[str, int], *, down: bool) -> str:
    if not hands:
        return ""
    statuses = ("settled", "void", "in_progress") if down else ("complete", "voided", "incomplete")
    by = ", ".join(f"{hands.get(s, 0)} {s}" for s in statuses)
    already = f"; {hands['already']} already in that form, left as they were" if hands.get("already") else ""
    return f"hands converted: {by}; {hands.get('journal', 0)} journal entries{already}"


@db_app.command()
def upgrade(database: Database = DEFAULT_DATABASE) -> None:
    """Upgrade the database to this release's revision (one transaction: all or nothing)."""
    shown = _checked(database)
    out = _out()
    started = time.perf_counter()
    try:
        done = migrations.upgrade(database)
    except StoreError as exc:  # MigrationError, SchemaVersionError: the message says what and why
        raise _fail(str(exc)) from None
    except SQLAlchemyError as exc:
        raise _fail(f"the database failed during the upgrade, rolled back (nothing changed): {exc}") from None
    seconds = time.perf_counter() - started
    before = done.before
    if not done.changed:
        out.print(f"The database at {shown} is at revision {migrations.HEAD} already: nothing to do.", markup=False)
        return
    if before.empty:
        out.print(
            f"The database at {shown} held none of the store's tables: every revision run, the store's tables made "
            f"(beside any others it holds), it is at {migrations.HEAD}.",
            markup=False,
        )
        return
    if done.adopted:
        made = f" (created the tables it lacked: {', '.join(done.created)})" if done.created else ""
        out.print(
            f"The database at {shown} was written by the release before migrations: its tables are revision "
            f"{migrations.BASELINE}'s{made}.",
            markup=False,
        )
    out.print(f"Upgraded from {before.effective} to {done.after.revision} in {seconds:.2f} s.", markup=False)
    hands = _describe_hands(dict(done.hands), down=False)
    if hands:
        out.print(hands[0].upper() + hands[1:] + ".", markup=False)


@db_app.command()
def downgrade(
    to: Annotated[str, typer.Option("--to", help=f"The revision to go back to: {', '.join(migrations.REVISIONS)}.")],
    database: Database = DEFAULT_DATABASE,
) -> None:
    """Take the database back to an older revision of this release (one transaction: all or nothing)."""
    if to not in migrations.REVISIONS:
        raise typer.BadParameter(f"no revision {to!r}; this release has {', '.join(migrations.REVISIONS)}",
                                 param_hint="--to")
    shown = _checked(database)
    try:
        done = migrations.downgrade(database, to=to)
    except StoreError as exc:
        raise _fail(str(exc)) from None
    except SQLAlchemyError as exc:
        raise _fail(f"the database failed during the downgrade, rolled back (nothing changed): {exc}") from None
    out = _out()
    if not done.changed:
        out.print(f"The database at {shown} is {done.before.describe()}: nothing to do.", markup=False)
        return
    out.print(f"Downgraded the database at {shown} from {done.before.revision} to {done.after.revision}.", markup=False)
    hands = _describe_hands(dict(done.hands), down=True)
    if hands:
        out.print(hands[0].upper() + hands[1:] + ".", markup=False)
