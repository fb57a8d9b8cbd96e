"""The ``pokerroom`` command line (Typer + Rich): one module per command.

* ``pokerroom games``: every game, one line each (:mod:`pokerroom.cli.games`);
* ``pokerroom rules GAME``: a game's streets, shares, forced bets and house rules (:mod:`pokerroom.cli.rules`);
* ``pokerroom play GAME``: play any game against bots in the terminal (:mod:`pokerroom.cli.play`);
* ``pokerroom replay PATH...``: replay PHH and PokerStars hand histories through the engine
  (:mod:`pokerroom.cli.replay`);
* ``pokerroom stats PATH...``: player statistics from hand histories (VPIP, PFR, three-bet, bb/100 ...)
  (:mod:`pokerroom.cli.stats`);
* ``pokerroom convert FILE... --to phh|pokerstars``: hand histories from one format to the other
  (:mod:`pokerroom.cli.convert`);
* ``pokerroom compare HAND...`` and ``pokerroom rank CARDS``: hands under any ranking (:mod:`pokerroom.cli.rank`);
* ``pokerroom night``: the club's game night, seats by lot to the cash-out sheet (:mod:`pokerroom.cli.night`);
* ``pokerroom report``: rake, a player's history and the ledger's balance (:mod:`pokerroom.cli.report`);
* ``pokerroom simulate GAME``: bots play tables through the room and the store, in shards on local processes
  (``--workers``) or a Dask cluster (``--dask``) (:mod:`pokerroom.cli.simulate`);
* ``pokerroom equity GAME HAND...``: each player's share of the pot, exact or Monte Carlo (:mod:`pokerroom.cli.equity`);
* ``pokerroom recover``: void the hands a crashed table server left in progress (:mod:`pokerroom.cli.recover`);
* ``pokerroom export``: one day's hands with every card, as PHH or PokerStars text (:mod:`pokerroom.cli.export`);
* ``pokerroom serve``: the online card room in the browser (:mod:`pokerroom.cli.serve`);
* ``pokerroom cashier``: real money in and out of a server player's account (:mod:`pokerroom.cli.cashier`);
* ``pokerroom db``: the store's database revision, upgraded to this release (:mod:`pokerroom.cli.db`);
* ``pokerroom admin``: the server's operators, who moderate the table chat (:mod:`pokerroom.cli.admin`);
* ``pokerroom acpc-dealer`` and ``pokerroom acpc-client``: matches with ACPC bots over TCP (:mod:`pokerroom.cli.acpc`).

``app`` is the Typer application; :func:`main` runs it (the ``pokerroom`` console script).
"""

from __future__ import annotations

import typer

from pokerroom.cli.acpc import acpc_client, acpc_dealer
from pokerroom.cli.admin import admin_app
from pokerroom.cli.cashier import cashier_app
from pokerroom.cli.convert import convert
from pokerroom.cli.db import db_app
from pokerroom.cli.equity import equity_command
from pokerroom.cli.export import export
from pokerroom.cli.games import games
from pokerroom.cli.night import night
from pokerroom.cli.play import play
from pokerroom.cli.rank import compare, rank
from pokerroom.cli.recover import recover
from pokerroom.cli.replay import replay
from pokerroom.cli.report import report_app
from pokerroom.cli.rules import rules
from pokerroom.cli.serve import serve
from pokerroom.cli.simulate import simulate
from pokerroom.cli.stats import stats
from pokerroom.cli.verify import verify

__all__ = ["app", "main"]

app = typer.Typer(
    name="pokerroom",
    help="A card room in a box: play poker against bots, replay hand histories, rank hands.",
    no_args_is_help=True,
    add_completion=False,
)
app.command(name="games")(games)
app.command(name="rules")(rules)
app.command(name="play")(play)
app.command(name="replay")(replay)
app.command(name="stats")(stats)
app.command(name="convert")(convert)
app.command(name="compare")(compare)
app.command(name="rank")(rank)
app.command(name="night")(night)
app.add_typer(report_app, name="report")
app.command(name="simulate")(simulate)
app.command(name="equity")(equity_command)
app.command(name="recover")(recover)
app.command(name="export")(export)
app.command(name="verify")(verify)
app.command(name="acpc-dealer")(acpc_dealer)
app.command(name="acpc-client")(acpc_client)
app.command(name="serve")(serve)
app.add_typer(cashier_app, name="cashier")
app.add_typer(db_app, name="db")
app.add_typer(admin_app, name="admin")


def main() -> None:
    """Run the command line (the ``pokerroom`` console script)."""
    app()
