"""``pokerroom equity GAME HAND...``: each player's share of the pot, exact or Monte Carlo (issue 7).

``GAME`` is any id or alias of the game registry (``pokerroom games``): hold'em, Omaha and five-card Omaha (hi/lo
too), the stud games (Sökö, Americana, Telesina with its Vela as the board), the draw games.  Prints a table
(hand, combos in its range, win, tie, equity; in hi/lo games also scoop, high only, low only and split; the 95 %
interval under Monte Carlo), then how it was computed.  ``--json`` prints one object instead
(:meth:`pokerroom.equity.EquityResult.as_dict`).  A progress bar on standard error follows long runs.  Bad input
(an unknown game, a malformed or repeated card, a bad range) exits with status 2 and says what is wrong.

    pokerroom equity holdem AhKh QsQd
    pokerroom equity holdem "QQ+,AKs" "JJ-88" --board "Ks 7d 2c"
    pokerroom equity stud8 "As 2s 3d" "Kh Kd 7c" --dead "4s 9h" --monte-carlo --samples 200000 --seed 7
    pokerroom equity telesina "Ah Kh Qh Jh" "Th 9h 8h 7h" --board Ac
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from pokerroom.errors import PokerroomError
from pokerroom.games import all_games
from pokerroom.words import plural

if TYPE_CHECKING:
    from pokerroom.equity.core import EquityResult

__all__ = ["equity_command"]


def _pct(x: float) -> str:
    return f"{100 * x:.2f}%"


def _table(result: EquityResult) -> Table:
    table = Table(title=f"{result.game}: {result.method}", title_justify="left")
    table.add_column("player", justify="right")
    table.add_column("hand")
    table.add_column("combos", justify="right")
    table.add_column("win", justify="right")
    table.add_column("tie", justify="right")
    if result.hi_lo:
        for name in ("scoop", "high only", "low only", "split"):
            table.add_column(name, justify="right")
    table.add_column("equity", justify="right")
    if result.method == "monte-carlo":
        table.add_column("± 95%", justify="right")
    for i, p in enumerate(result.players, 1):
        row = [str(i), p.hand, f"{p.combos:,}", _pct(p.win), _pct(p.tie)]
        if result.hi_lo:
            row += [_pct(p.scoop), _pct(p.high_only), _pct(p.low_only), _pct(p.split)]
        row.append(f"{100 * p.equity:.4f}%")
        if result.method == "monte-carlo":
            row.append(f"{100 * p.ci:.3f}%")
        table.add_row(*row)
    return table


def equity_command(
    game: Annotated[
        str, typer.Argument(help="game id or alias (pokerroom games): " + ", ".join(g.id for g in all_games()))
    ],
    hands: Annotated[
        list[str],
        typer.Argument(help='one per player: cards ("AhKh", "?? ?? Kd" in stud) or a hold\'em/Omaha range ("QQ+,AKs")'),
    ],
    board: Annotated[str, typer.Option(help="community cards dealt so far (Telesina: the Vela)")] = "",
    dead: Annotated[str, typer.Option(help="cards out of play (folded up cards)")] = "",
    exact: Annotated[bool, typer.Option("--exact", help="enumerate every deal (may be slow)")] = False,
    monte_carlo: Annotated[bool, typer.Option("--monte-carlo", help="sample random deals")] = False,
    samples: Annotated[int, typer.Option(help="Monte Carlo deals", min=1)] = 500_000,
    seed: Annotated[int | None, typer.Option(help="Monte Carlo seed (printed when drawn at random)", min=0)] = None,
    as_json: Annotated[bool, typer.Option("--json", help="one JSON object on standard output")] = False,
) -> None:
    """Each player's equity: win, tie and share of the pot (exact, or Monte Carlo with a 95% interval)."""
    err = Console(stderr=True, highlight=False)
    if exact and monte_carlo:
        err.print("error: choose --exact or --monte-carlo, not both", markup=False)
        raise typer.Exit(code=2)
    method = "exact" if exact else "monte-carlo" if monte_carlo else "auto"
    progress = Progress(
        TextColumn("equity"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(), console=err, transient=True,
        disable=not err.is_terminal,  # off a terminal the bar would leave a blank line before an error
    )
    task = progress.add_task("equity", total=None)

    def tick(done: int, total: int) -> None:
        progress.update(task, completed=done, total=total)

    from pokerroom.equity.core import equity  # numpy and equity load here, not when the command line starts

    try:
        with progress:
            result = equity(game, hands, board=board, dead=dead, method=method, samples=samples, seed=seed,
                            progress=tick)  # fmt: skip
    except PokerroomError as exc:
        err.print(f"error: {exc}", markup=False)
        raise typer.Exit(code=2) from exc
    if as_json:
        print(json.dumps(result.as_dict()))
        return
    out = Console(highlight=False)
    if not out.is_terminal:
        out = Console(highlight=False, width=200)  # a pipe or a file: never squeeze the table
    out.print(_table(result))
    how = plural(result.deals, "deal", spec=",")
    if result.method == "exact":
        how += f" over {plural(result.matchups, 'matchup', spec=',')}, every one counted"
    else:
        how += f", seed {result.seed}"
    if result.board:
        how += f"; board {result.board}"
    if result.dead:
        how += f"; dead {result.dead}"
    out.print(f"{how}; {result.seconds:.3f} s", markup=False)
