"""The ``pokerroom`` command line (Typer + Rich): one module per command.

* ``pokerroom play GAME``: play hold'em or Omaha against bots in the terminal (:mod:`pokerroom.cli.play`);
* ``pokerroom replay PATH...``: replay PHH hand histories through the engine (:mod:`pokerroom.cli.replay`);
* ``pokerroom compare HAND...`` and ``pokerroom rank CARDS``: hands under any ranking (:mod:`pokerroom.cli.rank`).

``app`` is the Typer application; :func:`main` runs it (the ``pokerroom`` console script).
"""

from __future__ import annotations

import typer

from pokerroom.cli.play import play
from pokerroom.cli.rank import compare, rank
from pokerroom.cli.replay import replay

__all__ = ["app", "main"]

app = typer.Typer(
    name="pokerroom",
    help="A card room in a box: play poker against bots, replay hand histories, rank hands.",
    no_args_is_help=True,
    add_completion=False,
)
app.command(name="play")(play)
app.command(name="replay")(replay)
app.command(name="compare")(compare)
app.command(name="rank")(rank)


def main() -> None:
    """Run the command line (the ``pokerroom`` console script)."""
    app()
