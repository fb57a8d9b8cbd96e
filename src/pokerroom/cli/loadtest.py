"""``pokerroom loadtest``: load a running room with bot players and measure it (issue 25).

The command signs up its own players through the room's public HTTP API, creates ``--tables`` play-money tables
of six seats, sits six bot clients at each over the WebSocket table protocol, lets each think a random time
(exponential, mean ``--think`` seconds) at its turns, and after ``--seconds`` prints actions a second, the
latency from an ``act`` sent to the first message showing it applied (p50, p95, p99), errors and the tables
that stalled (:mod:`pokerroom.loadtest`; docs/cli.md, "pokerroom loadtest").  ``--json`` prints one JSON object.
A room it cannot reach, or that refuses or drops it for good, ends it with exit status 1 and one line saying so.

The session cookie's name is read from :mod:`pokerroom.server` here, in the command's own module (imported only
when it runs: ``pokerroom --help`` stays fast, issue 24); the protocol version is the one the room's messages
carry (a client answers in the room's version).
"""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.console import Console

__all__ = ["loadtest"]


def loadtest(
    url: Annotated[str, typer.Option(help="The room's address, e.g. http://127.0.0.1:8000 (its base path too).")],
    tables: Annotated[int, typer.Option(help="Tables to create and play, six bot players each.", min=1)] = 10,
    seconds: Annotated[
        float, typer.Option(help="Length of the measured run, once every client sits (seconds).", min=0.1)
    ] = 30.0,
    think: Annotated[
        float,
        typer.Option(help="Mean seconds a client waits at its turn before acting (exponential; 0: at once).", min=0),
    ] = 1.0,
    processes: Annotated[
        int, typer.Option(help="Worker processes the clients are split over (for many tables).", min=1)
    ] = 1,
    forwarded_for: Annotated[
        bool,
        typer.Option(
            "--forwarded-for/--no-forwarded-for",
            help="Each group of six players speaks for its own address (X-Forwarded-For 198.18.x.y), which a room "
            "believes from a proxy it trusts (127.0.0.1 by default): the per-address limits do not stop the test.",
        ),
    ] = True,
    seed: Annotated[int, typer.Option(help="Seed of the clients' think times and choices.")] = 1,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object instead of the table.")] = False,
) -> None:
    """Load a running room with bot players: actions/s, action latency p50/p95/p99, errors, stalled tables.

    Signs up its own players (POST /api/signup), creates TABLES play-money tables of six seats, and plays them
    with six bot clients each over the WebSocket table protocol, each waiting a random time with mean THINK
    seconds at its turn.  Exit status 1 when the room cannot be reached or refuses or drops the test for good.
    """
    from pokerroom.loadtest.driver import Options, run
    from pokerroom.loadtest.setup import LoadtestError
    from pokerroom.server import COOKIE
    from pokerroom.words import plural

    if processes > tables:
        asked = f"{plural(processes, 'process', 'processes')} for {plural(tables, 'table')}"
        raise typer.BadParameter(f"{asked}: at most one process a table", param_hint="--processes")
    err = Console(stderr=True)
    options = Options(url=url, tables=tables, seconds=seconds, think=think, processes=processes,
                      forwarded=forwarded_for, seed=seed)  # fmt: skip
    try:
        summary, said = run(options, COOKIE, err)
    except LoadtestError as exc:
        err.print(f"pokerroom loadtest: {exc}", markup=False, highlight=False, soft_wrap=True)
        raise typer.Exit(1) from None
    except KeyboardInterrupt:
        err.print("pokerroom loadtest: interrupted", markup=False)
        raise typer.Exit(130) from None
    if as_json:
        typer.echo(json.dumps(summary.as_json()))
        return
    out = Console()
    out.print(said, markup=False, highlight=False)
    out.print(summary.table())
