"""The ``--database URL`` every store command takes: the default, and the one check that a URL names a database
pokerroom can open, before any command reads or writes it (``report``, ``cashier``, ``recover``, ``db``,
``simulate``, ``serve``).

:data:`Database` is the option itself (``--database``, or the environment variable ``POKERROOM_DATABASE``), the
one definition every such command uses.  A refusal is :class:`typer.BadParameter` on ``--database`` (exit 2)
saying what was wrong: not a database URL, a database pokerroom has no driver for (only sqlite and postgresql
are supported), a SQLite URL that is not a file, a SQLite file that is not there, or a database that cannot be
opened.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

import typer
from sqlalchemy import Engine, create_engine
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, SQLAlchemyError

__all__ = [
    "DATABASE_ENV", "DATABASE_HELP", "DEFAULT_DATABASE", "SUPPORTED", "Database", "Opened", "SubDatabase", "chosen",
    "open_database", "refuse", "shown_url",
]  # fmt: skip

DEFAULT_DATABASE = "sqlite:///pokerroom.db"
SUPPORTED = "pokerroom supports sqlite and postgresql (postgresql+psycopg)"

DATABASE_ENV = "POKERROOM_DATABASE"
"""The environment variable every store command reads ``--database`` from when the option is not given."""

DATABASE_HELP = "The room's store: sqlite:///FILE or postgresql+psycopg://USER:PASSWORD@HOST/DB."

Database = Annotated[
    str,
    typer.Option(
        "--database",
        envvar=DATABASE_ENV,
        show_envvar=True,
        help=DATABASE_HELP,
    ),
]
"""The ``--database URL`` option of every command on the room's store (``serve``, ``report``, ``cashier``,
``recover``, ``db``, ``admin``, ...): one definition, so each takes ``POKERROOM_DATABASE`` alike."""

SubDatabase = Annotated[
    str | None,
    typer.Option(
        "--database",
        show_default=False,
        help="The room's store, given after the subcommand: it wins over one given before it (and over "
        f"{DATABASE_ENV}).",
    ),
]
"""The ``--database URL`` of a subcommand whose group takes :data:`Database` too (``pokerroom report balance
--database URL`` as well as ``pokerroom report --database URL balance``): ``None`` when not given there, and
:func:`chosen` picks the one that wins."""


def chosen(here: str | None, group: str) -> str:
    """The store a subcommand works on: its own ``--database`` (``here``) when given, else its group's
    (``group``: the group's option, its environment variable or the default)."""
    return here if here is not None else group


def shown_url(url: str) -> str:
    """``url`` as output and logs may show it: the password hidden, in the user part and in any query parameter
    that names one (``?password=...``); a text that is no URL shows only up to its ``://``."""
    try:
        parsed = make_url(url)
    except (ArgumentError, ValueError):  # ValueError: a port that is no number
        return url.split("://", 1)[0] + "://***" if "://" in url else "***"
    secret = {k for k in parsed.query if "password" in k.lower() or "secret" in k.lower()}
    if secret:
        parsed = parsed.update_query_dict({k: "***" for k in secret})
    return parsed.render_as_string(hide_password=True)


def refuse(message: str) -> typer.BadParameter:
    """A refusal of the ``--database`` option (exit 2) saying ``message``."""
    return typer.BadParameter(message, param_hint="--database")


@dataclass(frozen=True, slots=True)
class Opened:
    """A database :func:`open_database` accepted: its ``engine`` (the caller disposes of it), the URL as
    ``shown`` (password hidden) and its ``backend`` (``sqlite`` or ``postgresql``)."""

    engine: Engine
    shown: str
    backend: str


def open_database(url: str, *, missing: str, create: bool = False) -> Opened | None:
    """An engine for ``url`` once it names a database pokerroom can open; nothing is read or created yet.

    ``None`` when ``create`` and ``url`` is a SQLite file that is not there yet (the store will make it).
    Raises :func:`refuse` (exit 2) for a URL that is not one, a backend other than sqlite and postgresql, a
    SQLite URL without a file (``:memory:``), a SQLite path that is not a file, or one that is not there
    (unless ``create``; the message then ends with ``missing``, the hint of what to give instead)."""
    try:
        parsed = make_url(url)
    except (ArgumentError, ValueError) as exc:
        raise refuse(f"not a database URL: {shown_url(url)!r} ({exc})") from None
    shown = shown_url(url)
    backend = parsed.get_backend_name()
    if backend not in ("sqlite", "postgresql"):
        raise refuse(f"no driver for {backend}; {SUPPORTED}")
    if backend == "sqlite":
        path = parsed.database or ""
        if path in ("", ":memory:"):
            raise refuse(f"a SQLite store is a file: give --database sqlite:///FILE, not {shown!r}")
        if not Path(path).exists():
            if create:
                return None
            raise refuse(f"no SQLite database at {path!r}; {missing}")
        if not Path(path).is_file():
            raise refuse(f"not a pokerroom database: {path!r} is not a file")
    try:
        engine = create_engine(url)
    except ImportError as exc:
        raise refuse(f"no driver for {parsed.drivername} ({exc}); {SUPPORTED}") from None
    except (ArgumentError, SQLAlchemyError) as exc:
        raise refuse(f"cannot open {shown!r}: {exc}") from None
    return Opened(engine, shown, backend)
