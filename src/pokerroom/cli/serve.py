"""``pokerroom serve``: the online card room (FastAPI + uvicorn) with its web client.

The store is a SQLite file by default (``--database sqlite:///pokerroom.db``) or PostgreSQL by URL; on its first
start the server creates a table of each online game with house bots (:data:`pokerroom.server.STARTER_TABLES`).
Hands cut short by a crash are voided with every player's contributions refunded when the server starts again
(RULES §3.8).  Stopping the server (Ctrl-C) voids the hands being played the same way and returns every player's
table chips to their account, and says so in one line (``pokerroom stopped: 2 hands voided, 150 chips returned
to 5 players, store closed``).
"""

from __future__ import annotations

from typing import Annotated

import typer
from sqlalchemy.exc import ArgumentError, SQLAlchemyError

from pokerroom.cli.report import DEFAULT_DATABASE
from pokerroom.errors import PokerroomError
from pokerroom.room.clock import FOLD_DELAY, NEXT_HAND_DELAY

__all__ = ["serve"]


def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.", min=1, max=65535)] = 8000,
    database: Annotated[str, typer.Option(help="The store: sqlite:///FILE or postgresql+psycopg://...")] = (
        DEFAULT_DATABASE
    ),
    bot_delay: Annotated[float, typer.Option(help="Seconds a house bot waits before acting.", min=0)] = 0.6,
    next_hand_delay: Annotated[
        float,
        typer.Option(
            help=(
                "Seconds the result stays on the felt before the next deal "
                f"(at most {FOLD_DELAY:g} after a hand won uncontested)."
            ),
            min=0,
        ),
    ] = NEXT_HAND_DELAY,
) -> None:
    """Run the card room server: lobby, accounts and tables in the browser at http://HOST:PORT/."""
    import uvicorn

    from pokerroom.server import create_app
    from pokerroom.store import Store

    try:
        store = Store(database)
    except (ArgumentError, SQLAlchemyError, ImportError, PokerroomError) as exc:
        raise typer.BadParameter(f"cannot open the store {database!r}: {exc}", param_hint="--database") from None
    app = create_app(store=store, bot_delay=bot_delay, next_hand_delay=next_hand_delay)
    shown = f"[{host}]" if ":" in host else host  # the address bound, as a URL writes it (IPv6 in brackets)
    typer.echo(f"pokerroom: the card room is at http://{shown}:{port}/ (store: {database}); Ctrl-C stops it")
    try:
        # No per-message compression: table states are small, and zlib per socket costs CPU and 50 KB each.
        uvicorn.run(app, host=host, port=port, log_level="warning", ws_max_size=65536, ws_per_message_deflate=False)
    finally:
        store.close()
        done = getattr(app.state, "stopped", None)  # set by the app once its tables are closed
        if done is not None:
            typer.echo(f"pokerroom stopped: {done.text()}, store closed")
