"""``pokerroom serve``: the online card room (FastAPI + uvicorn) with its web client.

The store is a SQLite file by default (``--database sqlite:///pokerroom.db``) or PostgreSQL by URL.  On each
start the server creates the tables of ``--tables FILE`` (TOML, :mod:`pokerroom.server.starters`) the store has
none of, the room's default tables (the packaged ``starter_tables.toml``) without it, none with ``--tables
none``.  Hands cut short by a crash are voided with every player's contributions refunded when the server
starts again (RULES §3.8).  Stopping the server (Ctrl-C or SIGTERM, the same way) voids the hands being
played the same way and returns every player's table chips to their account, and says so in one line
(``pokerroom stopped: 2 hands voided, 150 chips returned to 5 players, store closed``).

``--public-url URL`` is the room's address as players see it (behind a proxy that serves HTTPS, say): its
origin is the one WebSockets and state-changing requests must come from, an ``https`` URL makes the cookies
``Secure``, and its path is the room's base path (``https://example.org/poker/``: the room under ``/poker/``,
docs/operations.md); ``--allowed-origin ORIGIN`` (repeatable) allows more origins (docs/server.md,
"Security").  ``--reveal-seed never|close|after:HOURS`` says when a hand's server seed is published in its
proof (docs/shuffle.md).  ``--log-format json|text`` and ``--log-level`` set the operations log on standard
error (:mod:`pokerroom.server.oplog`).  Every option may be given by an environment variable instead,
``POKERROOM_<OPTION>`` (``POKERROOM_DATABASE``, ``POKERROOM_PORT``, ``POKERROOM_PUBLIC_URL``, ...).

The room is announced (a line on standard output, a ``start`` event) once its start-up succeeded: its tables
open, their leases taken.  A port in use or tables played by another server on the same store is said in one
line on standard error and a ``start_failed`` event with the ``reason``, exit status 2.

``--nats URL`` makes it a gateway of the split room (issue 25, docs/split-room.md): the same pages, API and
sockets, the tables played by ``pokerroom worker`` processes on the same PostgreSQL store
(:mod:`pokerroom.server.split.gateway`).  Without it, it is the single process above.
"""

from __future__ import annotations

import contextlib
import errno
import logging
import signal
import socket
import threading
from enum import StrEnum
from typing import TYPE_CHECKING, Annotated, Any

import typer
from sqlalchemy.exc import ArgumentError, SQLAlchemyError

from pokerroom.cli.bot_option import BOT_HELP, bot_spec
from pokerroom.cli.database import DEFAULT_DATABASE, Database, shown_url
from pokerroom.errors import PokerroomError
from pokerroom.room.clock import FOLD_DELAY, NEXT_HAND_DELAY

if TYPE_CHECKING:
    from pokerroom.room.proof import Reveal
    from pokerroom.server.starters import Starter

__all__ = ["ENV_PREFIX", "ROOM_HELP", "LogFormat", "LogLevel", "serve"]

ROOM_HELP = (
    "The room's name on NATS, the first token of its subjects: rooms sharing a NATS server must differ "
    "(letters, digits, - and _)."
)
"""The help of ``--room`` (``serve --nats`` and ``worker``: one room, one name)."""

ENV_PREFIX = "POKERROOM_"
"""Every option of ``serve`` is also read from ``POKERROOM_<OPTION>`` (dashes as underscores)."""


class LogFormat(StrEnum):
    json = "json"
    text = "text"


class LogLevel(StrEnum):
    debug = "debug"
    info = "info"
    warning = "warning"
    error = "error"


def _env(option: str) -> dict[str, Any]:
    return {"envvar": ENV_PREFIX + option.upper().replace("-", "_"), "show_envvar": True}


BotDelay = Annotated[
    float, typer.Option(help="Seconds a house bot waits before acting.", min=0, **_env("bot-delay"))
]
"""``--bot-delay`` of ``serve`` and ``worker``."""
HouseBots = Annotated[str, typer.Option("--house-bots", help=f"The house bots: {BOT_HELP}.", **_env("house-bots"))]
"""``--house-bots`` of ``serve`` and ``worker``."""


def _listen(host: str, port: int) -> socket.socket:
    """A socket bound to ``host``:``port`` and listening, which is how uvicorn will bind it: the check that it can
    be, before the store is opened; :class:`OSError` when it cannot (a port in use)."""
    family, kind, proto, _name, address = socket.getaddrinfo(
        host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
    )[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # a restart need not wait out TIME_WAIT
        sock.bind(address)
        sock.listen(2048)
    except OSError:
        sock.close()
        raise
    return sock


def _address(sock: socket.socket) -> str:
    """``http://HOST:PORT/`` of the address ``sock`` is bound to (IPv6 in brackets)."""
    host, port = sock.getsockname()[:2]
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/"


def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.", **_env("host"))] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.", min=1, max=65535, **_env("port"))] = 8000,
    database: Database = DEFAULT_DATABASE,
    tables: Annotated[
        str | None,
        typer.Option(
            help=(
                "The starting tables: a TOML file of table entries (docs/operations.md), each created when the "
                "store has no table of its name; 'none' for no tables. Default: the packaged starter_tables.toml."
            ),
            **_env("tables"),
        ),
    ] = None,
    bot_delay: BotDelay = 0.6,
    house_bots: HouseBots = "simple",
    next_hand_delay: Annotated[
        float,
        typer.Option(
            help=(
                "Seconds the result stays on the felt before the next deal "
                f"(at most {FOLD_DELAY:g} after a hand won uncontested)."
            ),
            min=0,
            **_env("next-hand-delay"),
        ),
    ] = NEXT_HAND_DELAY,
    public_url: Annotated[
        str | None,
        typer.Option(
            help=(
                "The room's address as players see it, e.g. https://poker.example or https://example.org/poker/: "
                "requests and sockets must come from its origin; https makes the cookies Secure; its path is the "
                "room's base path behind a reverse proxy."
            ),
            **_env("public-url"),
        ),
    ] = None,
    allowed_origin: Annotated[
        list[str] | None,
        typer.Option(
            help="Another origin pages may use the room from, e.g. https://club.example (repeatable; in the "
            "environment: separated by spaces).",
            **_env("allowed-origin"),
        ),
    ] = None,
    reveal_seed: Annotated[
        str,
        typer.Option(
            help=(
                "When a hand's server seed (which shows every card, the mucked ones too) is published in its proof: "
                "never, close (once the table is closed) or after:HOURS (docs/shuffle.md)."
            ),
            **_env("reveal-seed"),
        ),
    ] = "never",
    log_format: Annotated[
        LogFormat,
        typer.Option(help="The operations log on standard error: JSON lines or text.", **_env("log-format")),
    ] = LogFormat.json,
    log_level: Annotated[
        LogLevel, typer.Option(help="The least level of the operations log.", **_env("log-level"))
    ] = LogLevel.info,
    nats: Annotated[
        str | None,
        typer.Option(
            "--nats",
            help=(
                "Run as a gateway of the split room on this NATS server (e.g. nats://127.0.0.1:4222): the tables "
                "are played by `pokerroom worker` processes on the same PostgreSQL store (docs/split-room.md)."
            ),
            **_env("nats"),
        ),
    ] = None,
    room: Annotated[str, typer.Option(help=ROOM_HELP + " With --nats only.", **_env("room"))] = "room",
    sockets_per_address: Annotated[
        int | None,
        typer.Option(
            help="Open WebSockets one address may hold (default 200); more for a load test from one machine "
            "(`pokerroom loadtest`) or players behind one NAT.",
            min=1,
            **_env("sockets-per-address"),
        ),
    ] = None,
    signups_per_address: Annotated[
        int | None,
        typer.Option(
            help="Sign-ups one address may make at once, then one every 3 minutes (default 20).",
            min=1,
            **_env("signups-per-address"),
        ),
    ] = None,
) -> None:
    """Run the card room server: lobby, accounts and tables in the browser at http://HOST:PORT/."""
    from pokerroom.server.oplog import configure
    from pokerroom.server.origins import OriginError, origin_of

    for hint, urls in (("--public-url", [public_url] if public_url else []), ("--allowed-origin", allowed_origin)):
        for url in urls or ():
            try:
                origin_of(url)
            except OriginError as err:
                raise typer.BadParameter(str(err), param_hint=hint) from None
    reveal, starters = room_options(reveal_seed, tables)
    defences: dict[str, Any] = {
        "public_url": public_url, "allowed_origins": list(allowed_origin or ()), "reveal": reveal,
        **address_caps(sockets_per_address, signups_per_address),
    }  # fmt: skip
    house_bots = bot_spec(house_bots, "--house-bots")
    handler = configure(level=log_level.value, fmt=log_format.value)
    try:
        _run(
            host, port, database, starters, bot_delay, next_hand_delay, {**defences, "bot_kind": house_bots},
            (nats, room),
        )
    finally:
        logging.getLogger().removeHandler(handler)


def address_caps(sockets: int | None, signups: int | None) -> dict[str, Any]:
    """The :func:`~pokerroom.server.create_app` options of ``--sockets-per-address`` and
    ``--signups-per-address`` (``None``: the room's defaults, :data:`~pokerroom.server.sockets.SOCKETS_PER_ADDRESS`
    and :data:`~pokerroom.server.throttle.SIGNUP_ADDRESS`, whose refill rate a given burst keeps)."""
    from dataclasses import replace

    from pokerroom.server.throttle import SIGNUP_ADDRESS, LoginLimits

    caps: dict[str, Any] = {}
    if sockets is not None:
        caps["sockets_per_address"] = sockets
    if signups is not None:
        caps["login_limits"] = LoginLimits(signup=replace(SIGNUP_ADDRESS, burst=signups))
    return caps


def room_options(reveal_seed: str, tables: str | None) -> tuple[Reveal, tuple[Starter, ...]]:
    """``--reveal-seed`` and ``--tables`` of ``serve`` and ``worker``, read (``--tables none``: no starting
    tables; no ``--tables``: the built-in ones); exit 2 naming the option for either read wrong."""
    from pokerroom.room.proof import ProofError, Reveal
    from pokerroom.server.starters import STARTER_TABLES, StarterError, read

    try:
        reveal = Reveal.parse(reveal_seed)
    except ProofError as err:
        raise typer.BadParameter(str(err), param_hint="--reveal-seed") from None
    starters: tuple[Starter, ...] = STARTER_TABLES
    if tables is not None:
        try:
            starters = () if tables.strip().lower() == "none" else read(tables)
        except StarterError as err:
            raise typer.BadParameter(str(err), param_hint="--tables") from None
    return reveal, starters


def _refuse(reason: str, line: str) -> typer.Exit:
    """A start refused: the ``start_failed`` event with ``reason``, ``line`` on standard error; exit status 2."""
    from pokerroom.server.oplog import event

    event("start_failed", level=logging.ERROR, reason=reason)
    typer.echo(f"pokerroom: {line}", err=True)
    return typer.Exit(2)


def _run(
    host: str, port: int, database: str, starters: tuple[Starter, ...], bot_delay: float, next_hand_delay: float,
    defences: dict[str, Any], split: tuple[str | None, str] = (None, "room"),
) -> None:  # fmt: skip
    """``serve`` once its options are read and the log configured: the port checked, the store opened, the room
    announced once its start-up succeeded, run until SIGINT or SIGTERM, the stop said in one line.  ``split``: the
    NATS URL and room name of a split room's gateway (:class:`~pokerroom.server.split.gateway.GatewayLobby`; no
    URL: the single process)."""
    import uvicorn

    from pokerroom.server import create_app
    from pokerroom.server.oplog import event
    from pokerroom.store import Store

    try:
        with _listen(host, port) as probe:
            address = _address(probe)
    except OSError as exc:
        why = "the port is in use (another server?)" if exc.errno == errno.EADDRINUSE else exc.strerror or str(exc)
        raise _refuse(f"cannot listen on {host}:{port}: {why}", f"cannot listen on {host}:{port}: {why}") from None
    shown_store = shown_url(database)
    try:
        store = Store(database)
    except (ArgumentError, SQLAlchemyError, ImportError, PokerroomError) as exc:
        raise typer.BadParameter(f"cannot open the store {shown_store!r}: {exc}", param_hint="--database") from None
    public_url = defences["public_url"]
    public = f", for players at {public_url}" if public_url else ""

    def announce() -> None:  # once the tables are open and their leases taken (the app's start-up)
        typer.echo(f"pokerroom: the card room is at {address}{public} (store: {shown_store}); Ctrl-C stops it")
        event("start", address=address, public_url=public_url, store=shown_store, starters=len(starters))

    lobby = None
    nats, room = split
    if nats is not None:  # imported only here: the single process never loads NATS
        from pokerroom.server.split.gateway import GatewayLobby

        try:
            lobby = GatewayLobby(store, nats, room=room)
        except ValueError as err:  # the room's name
            store.close()
            raise typer.BadParameter(str(err), param_hint="--room") from None
    app = create_app(
        store=store, starters=starters, bot_delay=bot_delay, next_hand_delay=next_hand_delay, on_started=announce,
        lobby=lobby, **defences,
    )  # fmt: skip
    # A start refused by the room (a table another server plays) is said in one line below, without uvicorn's
    # traceback of the lifespan.
    quiet = _Refused(app)
    logging.getLogger("uvicorn.error").addFilter(quiet)
    # uvicorn stops on SIGTERM as on SIGINT, then raises the signal again: with the default action a SIGTERM
    # would kill the process before the stop is said.  Ignored here once uvicorn is done with it.
    main = threading.current_thread() is threading.main_thread()
    before = signal.signal(signal.SIGTERM, lambda _sig, _frame: None) if main else None
    try:
        # No per-message compression: table states are small, and zlib per socket costs CPU and 50 KB each.
        uvicorn.run(
            app, host=host, port=port, log_level="warning", log_config=None, access_log=False, ws_max_size=65536,
            ws_per_message_deflate=False,
        )  # fmt: skip
    except SystemExit:  # uvicorn's exit when the start failed: said below when the room refused it
        if getattr(app.state, "start_error", None) is None:
            raise
    finally:
        if main:
            signal.signal(signal.SIGTERM, before)
        store.close()
        logging.getLogger("uvicorn.error").removeFilter(quiet)
    refused = getattr(app.state, "start_error", None)
    if refused is not None:
        raise _refuse(str(refused), f"cannot start: {refused} (is another server running on this store?)")
    done = getattr(app.state, "stopped", None)  # set by the app once its tables are closed
    if done is not None:
        typer.echo(f"pokerroom stopped: {done.text()}, store closed")


class _Refused(logging.Filter):
    """Drops uvicorn's records once the app's start was refused (``app.state.start_error``)."""

    def __init__(self, app: Any) -> None:
        super().__init__()
        self.app = app

    def filter(self, record: logging.LogRecord) -> bool:
        with contextlib.suppress(AttributeError):
            return getattr(self.app.state, "start_error", None) is None
        return True
