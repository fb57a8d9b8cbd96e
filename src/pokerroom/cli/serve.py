"""``pokerroom serve``: the online card room (FastAPI + uvicorn) with its web client.

The store is a SQLite file by default (``--database sqlite:///pokerroom.db``) or PostgreSQL by URL; on its first
start the server creates a table of each online game with house bots (:data:`pokerroom.server.STARTER_TABLES`).
Hands cut short by a crash are voided with every player's contributions refunded when the server starts again
(RULES §3.8).  Stopping the server (Ctrl-C) voids the hands being played the same way and returns every player's
table chips to their account, and says so in one line (``pokerroom stopped: 2 hands voided, 150 chips returned
to 5 players, store closed``).

``--public-url URL`` is the room's address as players see it (behind a proxy that serves HTTPS, say): its
origin is the one WebSockets and state-changing requests must come from, and an ``https`` URL makes the cookies
``Secure``; ``--allowed-origin ORIGIN`` (repeatable) allows more origins (docs/server.md, "Security").
``--reveal-seed never|close|after:HOURS`` says when a hand's server seed is published in its proof
(docs/shuffle.md).
"""

from __future__ import annotations

from typing import Annotated, Any

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
    public_url: Annotated[
        str | None,
        typer.Option(
            help=(
                "The room's address as players see it, e.g. https://poker.example: requests and sockets must come "
                "from its origin; https makes the cookies Secure."
            )
        ),
    ] = None,
    allowed_origin: Annotated[
        list[str] | None,
        typer.Option(help="Another origin pages may use the room from, e.g. https://club.example (repeatable)."),
    ] = None,
    reveal_seed: Annotated[
        str,
        typer.Option(
            help=(
                "When a hand's server seed (which shows every card, the mucked ones too) is published in its proof: "
                "never, close (once the table is closed) or after:HOURS (docs/shuffle.md)."
            )
        ),
    ] = "never",
) -> None:
    """Run the card room server: lobby, accounts and tables in the browser at http://HOST:PORT/."""
    import uvicorn

    from pokerroom.room.proof import ProofError, Reveal
    from pokerroom.server import create_app
    from pokerroom.server.origins import OriginError, origin_of
    from pokerroom.store import Store

    for hint, urls in (("--public-url", [public_url] if public_url else []), ("--allowed-origin", allowed_origin)):
        for url in urls or ():
            try:
                origin_of(url)
            except OriginError as err:
                raise typer.BadParameter(str(err), param_hint=hint) from None
    try:
        reveal = Reveal.parse(reveal_seed)
    except ProofError as err:
        raise typer.BadParameter(str(err), param_hint="--reveal-seed") from None
    defences: dict[str, Any] = {
        "public_url": public_url, "allowed_origins": list(allowed_origin or ()), "reveal": reveal,
    }  # fmt: skip
    try:
        store = Store(database)
    except (ArgumentError, SQLAlchemyError, ImportError, PokerroomError) as exc:
        raise typer.BadParameter(f"cannot open the store {database!r}: {exc}", param_hint="--database") from None
    app = create_app(store=store, bot_delay=bot_delay, next_hand_delay=next_hand_delay, **defences)
    shown = f"[{host}]" if ":" in host else host  # the address bound, as a URL writes it (IPv6 in brackets)
    public = f", for players at {public_url}" if public_url else ""
    typer.echo(f"pokerroom: the card room is at http://{shown}:{port}/{public} (store: {database}); Ctrl-C stops it")
    try:
        # No per-message compression: table states are small, and zlib per socket costs CPU and 50 KB each.
        uvicorn.run(app, host=host, port=port, log_level="warning", ws_max_size=65536, ws_per_message_deflate=False)
    finally:
        store.close()
        done = getattr(app.state, "stopped", None)  # set by the app once its tables are closed
        if done is not None:
            typer.echo(f"pokerroom stopped: {done.text()}, store closed")
