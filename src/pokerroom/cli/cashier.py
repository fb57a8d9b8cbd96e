"""``pokerroom cashier deposit|withdraw NAME CHIPS``: the room's cashier for a server's players.

A player who signed up at ``pokerroom serve`` has a real-money account ``NAME`` (empty at sign-up) and a
play-money account ``play:NAME``; the host moves real money in and out here (cashier <-> account in the
double-entry ledger).  Chips are whole numbers of the smallest unit.  Exit code 2 for an unknown player or store,
or an amount the ledger refuses (a withdrawal above the balance), with what was wrong.
"""

from __future__ import annotations

from typing import Annotated

import typer

from pokerroom.cli.report import DEFAULT_DATABASE, open_store
from pokerroom.errors import StoreError
from pokerroom.store.ledger import play_account

__all__ = ["cashier_app"]

cashier_app = typer.Typer(help="Move real money in and out of a server player's account.", no_args_is_help=True)

Database = Annotated[str, typer.Option(help="The server's store: sqlite:///FILE or postgresql+psycopg://...")]
Play = Annotated[bool, typer.Option("--play", help="The play-money account (play:NAME) instead.")]


def _move(name: str, chips: int, database: str, play: bool, *, deposit: bool) -> None:
    if ":" in name:  # play:NAME is reached with --play, never by its name: the real cashier keeps to real money
        raise typer.BadParameter(
            f"a player's name has no colon, not {name!r}; a play-money account is NAME with --play", param_hint="NAME"
        )
    store = open_store(database)
    account: int | None = None
    try:
        account = store.account_id(play_account(name) if play else name)
        if deposit:
            store.deposit(account, chips, memo="cashier deposit")
        else:
            store.withdraw(account, chips, memo="cashier withdrawal")
        balance = store.balance(account)
    except StoreError as exc:
        message = str(exc) if account is None else str(exc).replace(f"account {account} ", f"{name}'s account ")
        raise typer.BadParameter(message, param_hint="NAME/CHIPS") from None
    finally:
        store.close()
    money = " play money" if play else ""
    typer.echo(f"{name}: {'deposited' if deposit else 'withdrew'} {chips}{money}; balance {balance}")


@cashier_app.command()
def deposit(
    name: str, chips: Annotated[int, typer.Argument(min=1)], database: Database = DEFAULT_DATABASE, play: Play = False
) -> None:
    """Put CHIPS into NAME's account."""
    _move(name, chips, database, play, deposit=True)


@cashier_app.command()
def withdraw(
    name: str, chips: Annotated[int, typer.Argument(min=1)], database: Database = DEFAULT_DATABASE, play: Play = False
) -> None:
    """Take CHIPS out of NAME's account (not chips on a table: those come back when the player stands)."""
    _move(name, chips, database, play, deposit=False)
