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
* ``pokerroom serve``: the online card room in the browser (:mod:`pokerroom.cli.serve`); with ``--nats`` a gateway
  of the split room, whose tables ``pokerroom worker`` plays (:mod:`pokerroom.cli.worker`);
* ``pokerroom loadtest --url URL``: bot players load a running room, actions/s and latency
  (:mod:`pokerroom.cli.loadtest`);
* ``pokerroom cashier``: real money in and out of a server player's account (:mod:`pokerroom.cli.cashier`);
* ``pokerroom db``: the store's database revision, upgraded to this release (:mod:`pokerroom.cli.db`);
* ``pokerroom admin``: the server's operators, who moderate the table chat (:mod:`pokerroom.cli.admin`);
* ``pokerroom acpc-dealer`` and ``pokerroom acpc-client``: matches with ACPC bots over TCP (:mod:`pokerroom.cli.acpc`).

``app`` is the Typer application; :func:`main` runs it (the ``pokerroom`` console script).  Each command's module
is imported only when that command runs or prints its own help (:mod:`pokerroom.cli.lazy`): ``pokerroom --help``
and ``pokerroom games`` start without NumPy, numba, FastAPI or SQLAlchemy (issue 24: under 0.3 s).
"""

from __future__ import annotations

import typer

from pokerroom.cli.lazy import LazyCommand, LazyGroup

__all__ = ["COMMANDS", "app", "main"]

COMMANDS: tuple[LazyCommand, ...] = (
    LazyCommand(
        "games",
        "pokerroom.cli.games:games",
        "List every game: id, name, deck size, players, limits and aliases.",
    ),
    LazyCommand(
        "rules",
        "pokerroom.cli.rules:rules",
        "Print a game's streets, shares, forced bets, show order and house rules with their defaults.",
    ),
    LazyCommand(
        "play",
        "pokerroom.cli.play:play",
        "Play poker against bots in the terminal: you sit at seat 0.",
    ),
    LazyCommand(
        "replay",
        "pokerroom.cli.replay:replay",
        "Replay hand histories (PHH, PokerStars text, ACPC logs) through the engine and compare the results.",
    ),
    LazyCommand(
        "stats",
        "pokerroom.cli.stats:stats",
        "Player statistics from hand histories: VPIP, PFR, three-bet, showdowns, aggression, bb/100.",
    ),
    LazyCommand(
        "convert",
        "pokerroom.cli.convert:convert",
        "Convert hand histories between PHH and PokerStars text; hands that cannot be converted are named and skipped.",
    ),
    LazyCommand(
        "compare",
        "pokerroom.cli.rank:compare",
        "Compare hands: the winner(s) and each hand's name.",
    ),
    LazyCommand(
        "rank",
        "pokerroom.cli.rank:rank",
        "One hand: its value (larger is better), its name and the five cards used.",
    ),
    LazyCommand(
        "night",
        "pokerroom.cli.night:night",
        "The club's game night: seats and dealer by lot, hands until the orbit after the agreed length, cash-out.",
    ),
    LazyCommand(
        "simulate",
        "pokerroom.cli.simulate:simulate",
        "Bots play tables for many hands through the room and the store; results per bot with 95% intervals.",
    ),
    LazyCommand(
        "equity",
        "pokerroom.cli.equity:equity_command",
        "Each player's equity: win, tie and share of the pot (exact, or Monte Carlo with a 95% interval).",
    ),
    LazyCommand(
        "recover",
        "pokerroom.cli.recover:recover",
        "Void the hands a crashed table server left in progress and refund their chips (RULES §3.8).",
    ),
    LazyCommand(
        "export",
        "pokerroom.cli.export:export",
        "Write every hand of one UTC day, with every card, as PHH or PokerStars-style text (the operator's export).",
    ),
    LazyCommand(
        "verify",
        "pokerroom.cli.verify:verify",
        "Check a hand's provable shuffle: its openings against the committed root, with the seed the whole deck.",
    ),
    LazyCommand(
        "acpc-dealer",
        "pokerroom.cli.acpc:acpc_dealer",
        "A dealer for ACPC clients: prints its ports, plays the match, writes the log, the PHH and the SCORE line.",
    ),
    LazyCommand(
        "acpc-client",
        "pokerroom.cli.acpc:acpc_client",
        "One of our bots on an ACPC dealer: plays until the dealer ends the match.",
    ),
    LazyCommand(
        "serve",
        "pokerroom.cli.serve:serve",
        "Run the card room server: lobby, accounts and tables in the browser at http://HOST:PORT/.",
    ),
    LazyCommand(
        "worker",
        "pokerroom.cli.worker:worker",
        "Run a table worker of the split room: claims tables under leases and plays them for the gateways.",
    ),
    LazyCommand(
        "report",
        "pokerroom.cli.report:report_app",
        "Reports from the store: rake by table or day, a player's history, the ledger's balance, pairs of players.",
    ),
    LazyCommand(
        "cashier",
        "pokerroom.cli.cashier:cashier_app",
        "Move real money in and out of a server player's account, or the house's bankroll (--house).",
    ),
    LazyCommand(
        "db",
        "pokerroom.cli.db:db_app",
        "The store's database: its revision, and upgrading it to this release.",
    ),
    LazyCommand(
        "loadtest",
        "pokerroom.cli.loadtest:loadtest",
        "Load a running room with bot players: actions/s, action latency p50/p95/p99, errors, stalled tables.",
    ),
    LazyCommand(
        "admin",
        "pokerroom.cli.admin:admin_app",
        "The server's operators and their tools: players, tables, hands, the audit log.",
    ),
)
"""Every command: its name, where its Typer function or sub-application lives, and the one line ``pokerroom
--help`` shows (the first sentence of the command's own help; ``tests/test_cli_lazy.py`` holds them equal)."""

app = typer.Typer(
    name="pokerroom",
    help="A card room in a box: play poker against bots, replay hand histories, rank hands.",
    no_args_is_help=True,
    add_completion=False,
    cls=LazyGroup.of(COMMANDS),
)


@app.callback()
def _root() -> None:
    """A card room in a box: play poker against bots, replay hand histories, rank hands."""


def main() -> None:
    """Run the command line (the ``pokerroom`` console script)."""
    app()
