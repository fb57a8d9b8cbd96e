"""``pokerroom admin``: the server's operators, who moderate the table chat (remove messages, mute players).

* ``pokerroom admin create NAME [--database URL] [--password-file FILE]``: make NAME an operator (the store's
  ``roles``, :mod:`pokerroom.store.roles`).  A player who has not signed up yet is signed up first, with the password
  read from FILE (its first line) or typed at a prompt without echo, twice;
* ``pokerroom admin list [--database URL]``: every operator and since when.

Exit codes: 0 done (an operator made operator again changes nothing); 2 bad arguments (a database pokerroom cannot
open, a name or password the server refuses, a name signed up in another spelling, an unreadable password file).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from pokerroom.cli.report import DEFAULT_DATABASE, open_store
from pokerroom.errors import PokerroomError
from pokerroom.store.roles import OPERATOR, grant, holders

__all__ = ["admin_app", "create", "list_operators"]

admin_app = typer.Typer(
    name="admin",
    help="The server's operators: make a player one, list them.",
    no_args_is_help=True,
    add_completion=False,
)

Database = Annotated[str, typer.Option(help="The server's store: sqlite:///FILE or postgresql+psycopg://...")]
PasswordFile = Annotated[
    Path | None,
    typer.Option(
        "--password-file",
        help="A new player's password: the first line of this file (else it is asked for, without echo).",
        dir_okay=False,
    ),
]


def _password(path: Path | None) -> str:
    if path is None:
        return str(typer.prompt("Password for the new player", hide_input=True, confirmation_prompt=True))
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise typer.BadParameter(f"cannot read {str(path)!r}: {exc}", param_hint="--password-file") from None
    if not lines or not lines[0]:
        raise typer.BadParameter(f"{str(path)!r} has no password on its first line", param_hint="--password-file")
    return lines[0]


@admin_app.command()
def create(name: str, database: Database = DEFAULT_DATABASE, password_file: PasswordFile = None) -> None:
    """Make NAME an operator, signing NAME up first when there is no such player."""
    from pokerroom.server.accounts import Users  # the server's packages load only for this command (as serve)

    store = open_store(database, create=True)
    try:
        users = Users(store)
        found = users.login_name(name)
        if found is not None and found != name:
            raise typer.BadParameter(f"the player is called {found!r}, not {name!r}; give that name", param_hint="NAME")
        new = found is None
        try:
            if new:
                users.log_out(users.sign_up(name, _password(password_file)))  # an account, no session left open
            granted = grant(store, name, OPERATOR)
        except PokerroomError as exc:
            raise typer.BadParameter(str(exc), param_hint="NAME") from None
    finally:
        store.close()
    if new:
        typer.echo(f"{name}: signed up and made an operator")
    elif granted:
        typer.echo(f"{name}: made an operator")
    else:
        typer.echo(f"{name}: already an operator")


@admin_app.command(name="list")
def list_operators(database: Database = DEFAULT_DATABASE) -> None:
    """Every operator, by name, and since when (UTC)."""
    store = open_store(database)
    try:
        grants = holders(store, OPERATOR)
    finally:
        store.close()
    if not grants:
        typer.echo("no operators; make one with: pokerroom admin create NAME")
    for g in grants:
        typer.echo(f"{g.name}  operator since {g.granted_at:%Y-%m-%d %H:%M} UTC")
