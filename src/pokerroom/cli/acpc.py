"""``pokerroom acpc-dealer`` and ``pokerroom acpc-client``: matches over the ACPC protocol (docs/acpc.md).

* ``pokerroom acpc-dealer GAMEFILE [NAME...] --hands N --seed S [--port P ...] [--log FILE] [--phh FILE]``: a
  dealer any ACPC client can play; the first line of standard output is the ports, one per seat, separated by
  spaces; the last is the ``SCORE`` line.  The reference dealer's options keep their meaning (``--t_response``,
  ``--t_hand``, ``--t_per_hand``, ``--start_timeout`` in milliseconds, ``-f`` fixed seats, ``-q`` quiet).
  Exit status 0 when the match finished, 1 when it ended early (an ``ERROR:`` line says why), 2 for bad usage.
* ``pokerroom acpc-client HOST PORT --bot simple|calling|random [--game GAMEFILE] [--seed S]``: one of our bots on
  any ACPC dealer; when the dealer closes the match it prints the hands played and the bot's total.
"""

from __future__ import annotations

import sys
from contextlib import ExitStack
from pathlib import Path
from typing import Annotated

import typer

from pokerroom.cli.bot_option import BOT_HELP, bot_spec
from pokerroom.errors import AcpcError, PokerroomError
from pokerroom.formats.acpc.gamedef import AcpcGame, parse_gamedef
from pokerroom.formats.acpc.log import format_value
from pokerroom.formats.acpc.play import decimal_value
from pokerroom.words import plural

__all__ = ["acpc_client", "acpc_dealer", "read_game_option"]


def read_game_option(path: Path | None, param_hint: str = "--game") -> AcpcGame | None:
    """The definition in the game file ``path`` (``None`` for none); a file that cannot be read or parsed is a
    usage error naming ``param_hint`` (exit 2)."""
    if path is None:
        return None
    try:
        return parse_gamedef(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeError, AcpcError) as exc:
        raise typer.BadParameter(f"{path}: {exc}", param_hint=param_hint) from None


def _ports(values: list[str]) -> list[int]:
    ports: list[int] = []
    for value in values:
        for part in value.split(","):
            if not part.strip().isdigit() or int(part) > 65535:
                raise typer.BadParameter(f"{part!r} is not a port (0 to 65535; 0 for any)", param_hint="--port")
            ports.append(int(part))
    return ports


def _error(message: str) -> None:
    print(f"ERROR: {message}", file=sys.stderr, flush=True)


def acpc_dealer(
    game_file: Annotated[Path, typer.Argument(metavar="GAMEFILE", help="The ACPC game definition.")],
    names: Annotated[
        list[str] | None, typer.Argument(metavar="[NAME]...", help="A name per seat (default player1, player2, ...).")
    ] = None,
    hands: Annotated[int, typer.Option("--hands", help="Hands in the match.", min=1)] = 1000,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the match's cards.", min=0)] = 0,
    port: Annotated[
        list[str] | None,
        typer.Option("--port", "-p", help="A seat's port, in seat order (repeat, or comma-separated; 0 or none: any)."),
    ] = None,
    host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "0.0.0.0",
    log: Annotated[
        Path | None, typer.Option("--log", help="The match log (default: the match's --name with .log).")
    ] = None,
    phh_path: Annotated[
        Path | None, typer.Option("--phh", help="The hands as PHH (default: the --name with .phhs).")
    ] = None,
    match_name: Annotated[str, typer.Option("--name", help="The match's name (the default file names).")] = "match",
    t_response: Annotated[
        int, typer.Option("--t-response", "--t_response", help="Milliseconds for one reply.", min=1)
    ] = 600_000,
    t_hand: Annotated[
        int, typer.Option("--t-hand", "--t_hand", help="Milliseconds for a seat's replies in one hand.", min=1)
    ] = 600_000,
    t_per_hand: Annotated[
        int,
        typer.Option("--t-per-hand", "--t_per_hand", help="A seat's mean milliseconds per hand.", min=1),
    ] = 7_000,
    start_timeout: Annotated[
        int | None,
        typer.Option("--start-timeout", "--start_timeout", help="Milliseconds for every seat to connect (none: wait)."),
    ] = None,
    fixed_seats: Annotated[bool, typer.Option("--fixed-seats", "-f", help="Seats keep their positions.")] = False,
    max_invalid: Annotated[
        int | None, typer.Option("--max-invalid", help="Invalid actions a seat may make (none: no limit).", min=0)
    ] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Only warnings, errors, the score.")] = False,
) -> None:
    """A dealer for ACPC clients: prints its ports, plays the match, writes the log, the PHH and the SCORE line."""
    from pokerroom.acpc.dealer import Dealer, MatchFailed, TimeLimits
    from pokerroom.formats.acpc.log import format_score

    game = read_game_option(game_file, "GAMEFILE")
    assert game is not None
    n = game.num_players
    seat_names = list(names or [f"player{k + 1}" for k in range(n)])
    if len(seat_names) != n:
        raise typer.BadParameter(f"the game has {plural(n, 'seat')}: give {n} names or none", param_hint="NAME")
    limits = TimeLimits(t_response, t_hand, t_per_hand, start_timeout if start_timeout and start_timeout >= 0 else None)
    with ExitStack() as stack:
        try:
            dealer = Dealer(
                game, hands, seed, seat_names, _ports(port or []), host, limits, fixed_seats, max_invalid,
                match_name, str(game_file), transcript=sys.stderr, quiet=quiet,
            )  # fmt: skip
            ports = dealer.listen()
        except PokerroomError as exc:
            _error(str(exc))
            raise typer.Exit(code=1) from None
        stack.callback(dealer.close)
        print(" ".join(map(str, ports)), flush=True)
        try:
            log_file = log or Path(f"{match_name}.log")
            phh_file = phh_path or Path(f"{match_name}.phhs")
            dealer.log = stack.enter_context(log_file.open("w", encoding="utf-8"))
            dealer.phh_out = stack.enter_context(phh_file.open("w", encoding="utf-8"))
        except OSError as exc:
            _error(f"could not open the log: {exc}")
            raise typer.Exit(code=1) from None
        try:
            result = dealer.run()
        except MatchFailed as exc:
            _error(str(exc))
            raise typer.Exit(code=1) from None
    print(format_score(result.score), flush=True)


def acpc_client(
    host: Annotated[str, typer.Argument(help="The dealer's host.")],
    port: Annotated[int, typer.Argument(help="The seat's port.", min=1, max=65535)],
    bot: Annotated[str, typer.Option("--bot", help=f"The bot: {BOT_HELP}.")] = "simple",
    game_file: Annotated[
        Path | None,
        typer.Option("--game", help="The match's ACPC game definition (default: the competition's game, inferred)."),
    ] = None,
    seed: Annotated[int | None, typer.Option("--seed", help="Seed of the bot's choices.")] = None,
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help="Every line received and sent on stderr.")] = False,
) -> None:
    """One of our bots on an ACPC dealer: plays until the dealer ends the match."""
    from pokerroom.acpc.client import AcpcClient, connect
    from pokerroom.bots import make

    game = read_game_option(game_file)
    player = make(bot_spec(bot, "--bot"), seed)
    try:
        client = AcpcClient(connect(host, port), player, game, transcript=sys.stderr if verbose else None)
        result = client.run()
    except PokerroomError as exc:
        _error(str(exc))
        raise typer.Exit(code=1) from None
    print(
        f"hands {result.hands}, actions {result.actions}, total {format_value(decimal_value(result.total))}",
        file=sys.stderr,
    )
