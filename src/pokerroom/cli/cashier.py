"""``pokerroom cashier deposit|withdraw NAME CHIPS`` and ``--house CHIPS``: the room's cashier.

A player who signed up at ``pokerroom serve`` has a real-money account ``NAME`` (empty at sign-up) and a
play-money account ``play:NAME``; the host moves real money in and out here (cashier <-> account in the
double-entry ledger).  ``--house CHIPS`` (no NAME) moves the house's own money instead: cashier <-> the house's
bankroll ``house:real`` (``--play``: ``house:play``), which funds the house bots.  Chips are whole numbers of the
smallest unit.  Exit code 2 for an unknown player or store, or an amount the ledger refuses (a withdrawal above
the balance), with what was wrong.
"""

from __future__ import annotations

from typing import Annotated

import typer

from pokerroom.cli.database import DEFAULT_DATABASE, Database
from pokerroom.cli.report import open_store
from pokerroom.errors import StoreError
from pokerroom.store.ledger import house_key, play_account

__all__ = ["cashier_app"]

cashier_app = typer.Typer(
    help="Move real money in and out of a server player's account, or the house's bankroll (--house).",
    no_args_is_help=True,
)

Play = Annotated[bool, typer.Option("--play", help="The play-money account (play:NAME, house:play) instead.")]
Name = Annotated[str | None, typer.Argument(help="The player's name (none with --house).", show_default=False)]
Chips = Annotated[int | None, typer.Argument(min=1, help="Chips, 1 or more.", show_default=False)]
House = Annotated[
    int | None,
    typer.Option("--house", min=1, metavar="CHIPS", help="Move CHIPS for the house's bankroll instead of a player."),
]


def _house(chips: int, database: str, play: bool, *, deposit: bool) -> None:
    store = open_store(database, write=True)  # an empty database: the store is made there
    try:
        if deposit:
            balance = store.house_deposit(chips, real_money=not play)
        else:
            balance = store.house_withdraw(chips, real_money=not play)
    except StoreError as exc:
        raise typer.BadParameter(str(exc), param_hint="--house") from None
    finally:
        store.close()
    book = house_key(not play)
    typer.echo(f"house bankroll {book}: {'deposited' if deposit else 'withdrew'} {chips}; balance {balance}")


def _dispatch(name: str | None, chips: int | None, house: int | None, database: str, play: bool, deposit: bool) -> None:
    if house is not None:
        if name is not None or chips is not None:
            raise typer.BadParameter("--house CHIPS takes no NAME or CHIPS argument", param_hint="--house")
        _house(house, database, play, deposit=deposit)
        return
    if name is None or chips is None:
        raise typer.BadParameter("give NAME and CHIPS, or --house CHIPS", param_hint="NAME/CHIPS")
    _move(name, chips, database, play, deposit=deposit)


def _move(name: str, chips: int, database: str, play: bool, *, deposit: bool) -> None:
    if ":" in name:  # play:NAME is reached with --play, never by its name: the real cashier keeps to real money
        raise typer.BadParameter(
            f"a player's name has no colon, not {name!r}; a play-money account is NAME with --play", param_hint="NAME"
        )
    store = open_store(database, write=True)  # an empty database: the store is made there
    try:
        account = store.account_id(play_account(name) if play else name)
        if deposit:
            store.deposit(account, chips, memo="cashier deposit")
        else:
            store.withdraw(account, chips, memo="cashier withdrawal")
        balance = store.balance(account)
    except StoreError as exc:
        raise typer.BadParameter(str(exc), param_hint="NAME/CHIPS") from None  # the store's text names the player
    finally:
        store.close()
    money = " play money" if play else ""
    typer.echo(f"{name}: {'deposited' if deposit else 'withdrew'} {chips}{money}; balance {balance}")


@cashier_app.command()
def deposit(
    name: Name = None,
    chips: Chips = None,
    database: Database = DEFAULT_DATABASE,
    play: Play = False,
    house: House = None,
) -> None:
    """Put CHIPS into NAME's account (--house CHIPS: into the house's bankroll)."""
    _dispatch(name, chips, house, database, play, deposit=True)


@cashier_app.command()
def withdraw(
    name: Name = None,
    chips: Chips = None,
    database: Database = DEFAULT_DATABASE,
    play: Play = False,
    house: House = None,
) -> None:
    """Take CHIPS out of NAME's account (not chips on a table: those come back when the player stands);
    --house CHIPS: out of the house's bankroll (not what its bots hold at the tables)."""
    _dispatch(name, chips, house, database, play, deposit=False)
