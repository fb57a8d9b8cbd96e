"""``pokerroom worker``: a table worker of the split room (issue 25; docs/split-room.md).

``pokerroom worker --nats nats://127.0.0.1:4222 --database postgresql+psycopg://...`` claims tables of the store
under their leases and plays them, talking to the gateways (``pokerroom serve --nats``) over NATS
(:mod:`pokerroom.server.split.worker`).  A table whose worker died is claimed by another within
:data:`~pokerroom.store.leases.DEFAULT_TIMEOUT` seconds (at once on the same host), its hand in progress voided and
every contribution refunded (RULES §3.8).  The tables' options (``--tables``, ``--bot-delay``,
``--next-hand-delay``, ``--house-bots``, ``--reveal-seed``) are ``serve``'s and should be the same on every worker.
Stopping it (Ctrl-C or SIGTERM) voids its hands being played and stands its players up, their chips back in their
accounts, as ``serve`` does, and says so in one line.  Exit status 2 for bad options or a store that cannot be
opened.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
from typing import Annotated

import typer
from sqlalchemy.exc import ArgumentError, SQLAlchemyError

from pokerroom.cli.bot_option import bot_spec
from pokerroom.cli.database import DEFAULT_DATABASE, Database, shown_url
from pokerroom.cli.serve import ROOM_HELP, BotDelay, HouseBots, LogFormat, LogLevel, _env, room_options
from pokerroom.errors import PokerroomError
from pokerroom.room.clock import NEXT_HAND_DELAY

__all__ = ["worker"]


def worker(
    nats: Annotated[
        str, typer.Option("--nats", help="The room's NATS server, e.g. nats://127.0.0.1:4222.", **_env("nats"))
    ],
    database: Database = DEFAULT_DATABASE,
    room: Annotated[str, typer.Option(help=ROOM_HELP, **_env("room"))] = "room",
    tables: Annotated[
        str | None,
        typer.Option(
            help="The starting tables (as for serve): a TOML file, or 'none'. Default: the packaged ones.",
            **_env("tables"),
        ),
    ] = None,
    name: Annotated[
        str | None, typer.Option(help="This worker's name in the log (default HOST-PID-XXXX).", **_env("name"))
    ] = None,
    bot_delay: BotDelay = 0.6,
    house_bots: HouseBots = "simple",
    next_hand_delay: Annotated[
        float,
        typer.Option(help="Seconds the result stays on the felt before the next deal.", min=0,
                     **_env("next-hand-delay")),
    ] = NEXT_HAND_DELAY,
    reveal_seed: Annotated[
        str, typer.Option(help="When a hand's server seed is published (as for serve).", **_env("reveal-seed"))
    ] = "never",
    log_format: Annotated[
        LogFormat, typer.Option(help="The operations log on standard error.", **_env("log-format"))
    ] = LogFormat.json,
    log_level: Annotated[LogLevel, typer.Option(help="The least level of the log.", **_env("log-level"))] = (
        LogLevel.info
    ),
) -> None:
    """Run a table worker of the split room: claims tables under leases and plays them for the gateways."""
    from pokerroom.room.clock import SystemClock
    from pokerroom.server.accounts import Users
    from pokerroom.server.chat import ChatRoom
    from pokerroom.server.oplog import configure
    from pokerroom.server.split.worker import Worker
    from pokerroom.store import Store

    reveal, starters = room_options(reveal_seed, tables)
    bot_kind = bot_spec(house_bots, "--house-bots")
    try:
        store = Store(database)
    except (ArgumentError, SQLAlchemyError, ImportError, PokerroomError) as exc:
        raise typer.BadParameter(
            f"cannot open the store {shown_url(database)!r}: {exc}", param_hint="--database"
        ) from None
    handler = configure(level=log_level.value, fmt=log_format.value)
    users = Users(store)
    chat = ChatRoom(is_operator=users.is_operator, login_name=users.login_name, clock=SystemClock())
    try:
        room_worker = Worker(
            store, nats, name=name, room=room, starters=starters, bot_delay=bot_delay, next_hand_delay=next_hand_delay,
            bot_kind=bot_kind, chat=chat, reveal=reveal,
        )  # fmt: skip
    except ValueError as err:  # the room's name
        store.close()
        logging.getLogger().removeHandler(handler)
        raise typer.BadParameter(str(err), param_hint="--room") from None

    async def main() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, stop.set)
        typer.echo(f"pokerroom worker {room_worker.name}: playing room {room!r} of {shown_url(database)} on {nats}")
        done = await room_worker.run(stop)
        typer.echo(f"pokerroom worker stopped: {done.text()}, store closed")

    try:
        asyncio.run(main())
    except OSError as exc:  # NATS unreachable
        typer.echo(f"pokerroom worker: cannot reach NATS at {nats}: {exc}", err=True)
        raise typer.Exit(2) from None
    finally:
        with contextlib.suppress(Exception):
            store.close()
        logging.getLogger().removeHandler(handler)
