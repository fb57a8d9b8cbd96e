"""The FastAPI app: accounts, the lobby, hand histories, a WebSocket per player and table, the web client.

:func:`create_app` builds it over a store (``database``: a SQLAlchemy URL; SQLite file by default).  The HTTP API
and the table protocol are in docs/protocol.md.  Each table is played by its :class:`~pokerroom.server.actor.
TableActor`; a WebSocket handler only parses messages (refusing bad ones with an ``error`` message, the
connection staying open), rate-limits them and queues them for the actor, and sends what the actor gives it.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import time
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Any

import anyio.to_thread
from fastapi import Depends, FastAPI, HTTPException, Query, Request, Response, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, PlainTextResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field

from pokerroom.errors import PokerroomError, StoreError
from pokerroom.formats.phh import dumps
from pokerroom.formats.phh_hand import from_record
from pokerroom.formats.pokerstars import write_hand
from pokerroom.games import all_games
from pokerroom.games.stakes import default_stakes
from pokerroom.room.clock import Clock, SystemClock
from pokerroom.room.record import HandRecord, Status
from pokerroom.room.record_json import record_from_json
from pokerroom.server.accounts import AuthError, Users, play_account
from pokerroom.server.actor import TableActor
from pokerroom.server.chat import ChatRoom
from pokerroom.server.hand_replay import replay_json
from pokerroom.server.lobby import STARTER_TABLES, Lobby, Starter
from pokerroom.server.night_protocol import parse as parse_night
from pokerroom.server.nights import NightHall, night_routes
from pokerroom.server.protocol import VERSION, ProtocolError, encode, error_message, parse
from pokerroom.server.ratelimit import TokenBucket
from pokerroom.store import Store

__all__ = ["COOKIE", "RateLimit", "create_app"]

log = logging.getLogger(__name__)

COOKIE = "pokerroom_session"
"""The session cookie's name."""

STATIC = Path(str(resources.files("pokerroom.server") / "static"))

WORKER_THREADS = 6
"""Threads that run the blocking endpoints (log-ins hash passwords; every endpoint reads the store)."""

OUTBOX_LIMIT = 1000
"""Messages waiting for a slow client before its connection is closed."""

OUTBOX_CHARS = 8_000_000
"""Characters of messages waiting for a slow client before its connection is closed (big messages pile up in
memory long before :data:`OUTBOX_LIMIT` of them)."""


class Credentials(BaseModel):
    name: str = Field(max_length=100)
    password: str = Field(max_length=200)


class NewTable(BaseModel):
    name: str = Field(max_length=100)
    game: str = Field(max_length=50)
    stakes: str | None = Field(default=None, max_length=30)
    limit: str | None = Field(default=None, max_length=20)
    rules: dict[str, Any] = Field(default_factory=dict)
    kind: str = Field(default="play", pattern="^(play|real)$")
    seats: int | None = Field(default=None, ge=2, le=10)
    bots: int = Field(default=0, ge=0, le=9)
    showdown: str = Field(default="auto", pattern="^(auto|choose)$")


class RateLimit:
    """A connection's messages: ``rate`` a second on average, bursts of ``burst`` (a
    :class:`~pokerroom.server.ratelimit.TokenBucket` on the wall clock)."""

    def __init__(self, rate: float, burst: int) -> None:
        self.bucket = TokenBucket(rate, burst, time.monotonic())
        self.warned = 0.0

    def take(self) -> bool:
        return self.bucket.take(time.monotonic()) == 0.0

    def warn(self) -> bool:
        """Whether to tell the client now (at most once a second)."""
        now = time.monotonic()
        if now - self.warned >= 1.0:
            self.warned = now
            return True
        return False


class _Socket:
    """One WebSocket as the actor sees it: :meth:`send` queues a message; :meth:`pump` writes them out."""

    def __init__(self, player: str) -> None:
        self.player = player
        self.outbox: asyncio.Queue[str] = asyncio.Queue()
        self.queued = 0
        """Characters in :attr:`outbox`."""
        self.dropped = asyncio.Event()
        """Set when the client fell :data:`OUTBOX_LIMIT` messages or :data:`OUTBOX_CHARS` characters behind: the
        connection is dropped at once."""

    def send(self, message: dict[str, Any] | str) -> None:
        if self.dropped.is_set():
            return
        text = message if isinstance(message, str) else encode(message)
        if self.outbox.qsize() >= OUTBOX_LIMIT or self.queued + len(text) > OUTBOX_CHARS:
            self.dropped.set()
            return
        self.queued += len(text)
        self.outbox.put_nowait(text)

    async def pump(self, ws: WebSocket) -> None:
        while True:
            text = await self.outbox.get()
            self.queued -= len(text)
            await ws.send_text(text)


async def _talk(
    ws: WebSocket,
    conn: _Socket,
    submit: Callable[[Any, Any], None],
    read_command: Callable[[str | bytes], Any],
    rate: float,
    burst: int,
) -> None:
    """Serve one WebSocket: ``submit`` the connection, then each message read (``read_command``: refused ones get
    an ``error`` message, the connection staying open; at most ``rate`` a second, bursts of ``burst``), then its
    end; the messages queued for ``conn`` are written out meanwhile."""
    submit(conn, "connect")
    limit = RateLimit(rate, burst)

    async def read() -> None:
        while True:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                return
            data = message.get("text")
            if data is None:
                data = message.get("bytes") or b""
            if not limit.take():
                if limit.warn():
                    conn.send(error_message(ProtocolError("rate_limited", f"at most {rate:g} messages a second")))
                continue
            try:
                command = read_command(data)
            except ProtocolError as err:
                conn.send(error_message(err))
                continue
            submit(conn, command)

    tasks = [asyncio.create_task(t) for t in (read(), conn.pump(ws), conn.dropped.wait())]
    try:
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    finally:
        submit(conn, "disconnect")
        for task in tasks:
            task.cancel()
        if conn.dropped.is_set():  # too far behind: close now, whatever the socket's buffers hold
            with contextlib.suppress(Exception):
                await asyncio.wait_for(ws.close(code=1013), 1.0)


async def _keep_gc(freeze_every: float, sweep_every: float) -> None:
    """Keep the garbage collector's full collections short: they stall every table at once, and their time grows
    with every object alive (each connection holds dozens).  Every ``freeze_every`` seconds what is alive is
    frozen (``gc.freeze``: never scanned again); every ``sweep_every`` seconds everything is unfrozen and
    collected once, so cycles frozen on their way out are freed (one longer pause, seldom)."""
    gc.collect()
    gc.freeze()
    since = 0.0
    while True:
        await asyncio.sleep(freeze_every)
        since += freeze_every
        if since >= sweep_every:
            since = 0.0
            gc.unfreeze()
            gc.collect()
        gc.freeze()


def _http(err: PokerroomError) -> HTTPException:
    status = err.status if isinstance(err, AuthError) else 400
    return HTTPException(status_code=status, detail=str(err))


def create_app(
    database: str | None = None,
    *,
    store: Store | None = None,
    starters: Sequence[Starter] = STARTER_TABLES,
    clock: Clock | None = None,
    rate: float = 20.0,
    burst: int = 40,
    seed: int | None = None,
    gc_freeze_every: float = 2.0,
    gc_sweep_every: float = 900.0,
    night_options: dict[str, Any] | None = None,
    **actor_options: Any,
) -> FastAPI:
    """The server app over ``store`` (or a new one on ``database``, default ``sqlite:///pokerroom.db``).
    ``starters``: the tables a new store is given; ``rate``/``burst``: messages per second per connection;
    ``actor_options``: delays and grace of every table (:class:`TableActor`); ``gc_freeze_every`` and
    ``gc_sweep_every``: seconds between moving what lives on (tables, connections) out of the garbage collector's
    way and a full collection (see :func:`_keep_gc`); ``night_options``: what the club nights take besides
    (:class:`~pokerroom.server.nights.NightHall`: ``bust_wait``; delays other than the tables')."""
    own_store = store is None
    the_store = store if store is not None else Store(database or "sqlite:///pokerroom.db")
    users = Users(the_store)
    chat = ChatRoom(is_operator=users.is_operator, login_name=users.login_name, clock=clock or SystemClock())
    lobby = Lobby(the_store, clock=clock, seed=seed, chat=chat, **actor_options)
    nights = NightHall(the_store, clock=clock, seed=seed, **{**actor_options, **dict(night_options or {})})

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        # Each worker thread keeps a writing connection of the store's pool (5 + 10): few enough threads that
        # they, their reads and the event loop's own never wait for one.
        anyio.to_thread.current_default_thread_limiter().total_tokens = WORKER_THREADS
        lobby.open(starters=starters)
        await lobby.start()
        nights.open()
        await nights.start()
        keeper = asyncio.get_running_loop().create_task(_keep_gc(gc_freeze_every, gc_sweep_every))
        try:
            yield
        finally:
            keeper.cancel()
            done = await nights.stop()
            done += await lobby.stop()
            if own_store:
                the_store.close()
            app.state.stopped = done  # `pokerroom serve` prints it once the store is closed
            log.info("pokerroom stopped: %s%s", done.text(), ", store closed" if own_store else "")

    app = FastAPI(title="pokerroom", version=str(VERSION), lifespan=lifespan)

    @app.exception_handler(RequestValidationError)
    async def bad_request(request: Request, exc: RequestValidationError) -> JSONResponse:
        # One sentence naming each field and what it must be, as every other refusal of the API gives.
        parts = []
        for err in exc.errors():
            where = ".".join(str(p) for p in err.get("loc", ()) if p not in ("body", "query", "path"))
            parts.append(f"{where or 'the request'}: {err.get('msg', 'invalid')}")
        return JSONResponse(status_code=400, content={"detail": "; ".join(parts)})

    app.state.store = the_store
    app.state.users = users
    app.state.lobby = lobby
    app.state.chat = chat
    app.state.nights = nights

    def player(request: Request) -> str:
        name = users.player(request.cookies.get(COOKIE))
        if name is None:
            raise HTTPException(status_code=401, detail="log in first (POST /api/login) or sign up (POST /api/signup)")
        return name

    def me(name: str) -> dict[str, object]:
        b = users.balances(name)
        return {"player": name, "balances": {"real": b.real, "play": b.play}}

    def logged_in(response: Response, name: str, session: Callable[[], str]) -> dict[str, object]:
        """The session ``session()`` opens (sign-up or log-in) as the cookie, and ``name``'s balances."""
        try:
            token = session()
        except PokerroomError as err:
            raise _http(err) from None
        response.set_cookie(COOKIE, token, httponly=True, samesite="lax", max_age=30 * 86400)
        return me(name)

    @app.post("/api/signup", status_code=201)
    def signup(body: Credentials, response: Response) -> dict[str, object]:
        return logged_in(response, body.name, lambda: users.sign_up(body.name, body.password))

    @app.post("/api/login")
    def login(body: Credentials, response: Response) -> dict[str, object]:
        return logged_in(response, body.name, lambda: users.log_in(body.name, body.password))

    @app.post("/api/logout")
    async def logout(request: Request, response: Response) -> dict[str, object]:
        # Async: the waiting lists are changed on the event loop, beside their actors (see below); the store's
        # reads and writes go to a worker thread.
        token = request.cookies.get(COOKIE)
        if token:
            name = await anyio.to_thread.run_sync(users.player, token)
            await anyio.to_thread.run_sync(users.log_out, token)
            if name is not None and not await anyio.to_thread.run_sync(users.logged_in, name):
                lobby.leave_waitlists(name)  # off every waiting list once no session of theirs is left (issue 18)
        response.delete_cookie(COOKIE)
        return {}

    @app.get("/api/me")
    def get_me(name: str = Depends(player)) -> dict[str, object]:
        return {**me(name), "operator": users.is_operator(name)}  # operators moderate the table chat

    @app.post("/api/play-chips")
    def play_chips(name: str = Depends(player)) -> dict[str, object]:
        added = users.top_up(name)
        return {"added": added, **me(name)}

    @app.get("/api/games")
    def games() -> list[dict[str, object]]:
        out: list[dict[str, object]] = []
        for g in all_games():
            out.append(
                {
                    "id": g.id,
                    "name": g.name,
                    "limits": [limit.value for limit in g.limits],
                    "default_limit": g.default_limit.value,
                    "default_stakes": default_stakes(g),
                    "seats": [g.min_players, g.max_players],
                    "family": g.family.value,
                }
            )
        return out

    @app.get("/api/tables")
    def tables() -> list[dict[str, object]]:
        return lobby.rows()

    @app.post("/api/tables", status_code=201)
    async def create_table(body: NewTable, name: str = Depends(player)) -> dict[str, object]:
        try:
            actor = lobby.create(
                name=body.name,
                game=body.game,
                stakes=body.stakes,
                limit=body.limit,
                rules=body.rules,
                real_money=body.kind == "real",
                seats=body.seats,
                bots=body.bots,
                created_by=name,
                auto_showdown=body.showdown == "auto",
            )
        except PokerroomError as err:
            raise _http(err) from None
        return actor.info.json()

    def table_actor(table_id: int) -> TableActor:
        actor = lobby.actors.get(table_id)
        if actor is None:
            raise HTTPException(status_code=404, detail=f"no table with id {table_id}")
        return actor

    # The waiting lists live beside the actors, on the event loop: these endpoints are async so they never race
    # an actor's sit path (server/waitlist.py).
    @app.post("/api/tables/{table_id}/waitlist")
    async def join_waitlist(table_id: int, name: str = Depends(player)) -> dict[str, object]:
        table_actor(table_id)
        try:
            return lobby.join_waitlist(table_id, name)
        except PokerroomError as err:
            raise _http(err) from None

    @app.delete("/api/tables/{table_id}/waitlist")
    async def leave_waitlist(table_id: int, name: str = Depends(player)) -> dict[str, object]:
        table_actor(table_id)
        return {"left": lobby.leave_waitlist(table_id, name)}

    @app.get("/api/waitlist")
    async def my_waitlists(name: str = Depends(player)) -> list[dict[str, object]]:
        return lobby.waitlists(name)

    @app.get("/api/tables/{table_id}")
    def get_table(table_id: int) -> dict[str, object]:
        return table_actor(table_id).info.json()

    @app.get("/api/hands")
    def my_hands(
        table: int | None = Query(default=None, ge=1, le=2**31 - 1), name: str = Depends(player)
    ) -> list[dict[str, object]]:
        out: list[dict[str, object]] = []
        actor = lobby.actors.get(table) if table is not None else None
        real = actor.info.real_money if actor is not None else None
        accounts = [name] if real else [play_account(name)] if real is False else [name, play_account(name)]
        for account in accounts:
            for h in the_store.hands_of(the_store.account_id(account), table=table):
                net = None
                if h.status == Status.COMPLETE:  # a voided hand refunded every chip: no result to show
                    record = record_from_json(h.record or {})
                    if name in record.setup.players:
                        net = record.net[record.setup.players.index(name)]
                out.append({"id": h.id, "table": h.table, "number": h.number, "status": h.status, "net": net})
        out.sort(key=lambda row: -int(row["id"]))  # type: ignore[call-overload]
        return out[:50]

    def finished_hand(hand_id: int, name: str) -> tuple[HandRecord, int]:
        """The full record of a finished hand ``name`` was dealt into, and their engine seat: 404 unknown, 403 not
        dealt in, 409 still being played."""
        try:
            record = the_store.hand_record(hand_id)
        except StoreError:
            raise HTTPException(status_code=404, detail=f"no hand with id {hand_id}") from None
        players = record.setup.players
        if name not in players:
            raise HTTPException(status_code=403, detail=f"{name} was not dealt into hand {hand_id}")
        if record.status is Status.INCOMPLETE:
            raise HTTPException(status_code=409, detail=f"hand {hand_id} is still being played")
        return record, players.index(name)

    def table_size(record: HandRecord) -> int | None:
        actor = lobby.actors.get(record.setup.table_id) if record.setup.table_id is not None else None
        return actor.info.seats if actor is not None else None

    @app.get("/api/hands/{hand_id}")
    def hand_replay(hand_id: int, name: str = Depends(player)) -> dict[str, object]:
        record, seat = finished_hand(hand_id, name)
        try:
            return replay_json(record, seat, hand_id=hand_id, max_seats=table_size(record))
        except PokerroomError as err:
            raise HTTPException(status_code=422, detail=f"hand {hand_id} cannot be replayed: {err}") from None

    @app.get("/api/hands/{hand_id}/text", response_class=PlainTextResponse)
    def hand_text(hand_id: int, name: str = Depends(player)) -> Response:
        record, seat = finished_hand(hand_id, name)
        try:
            text = write_hand(record, seat, hand_id=hand_id, max_seats=table_size(record))
        except PokerroomError as err:
            raise HTTPException(status_code=422, detail=f"hand {hand_id} cannot be written: {err}") from None
        filename = f"hand-{record.setup.table_id}-{record.setup.number}.txt"
        return PlainTextResponse(text, headers={"Content-Disposition": f'inline; filename="{filename}"'})

    @app.get("/api/hands/{hand_id}/phh", response_class=PlainTextResponse)
    def hand_phh(hand_id: int, name: str = Depends(player)) -> Response:
        record, seat = finished_hand(hand_id, name)
        try:
            text = dumps(from_record(record.view(seat)))
        except PokerroomError as err:
            raise HTTPException(status_code=422, detail=f"hand {hand_id} cannot be written as PHH: {err}") from None
        filename = f"hand-{record.setup.table_id}-{record.setup.number}.phh"
        return PlainTextResponse(text, headers={"Content-Disposition": f'attachment; filename="{filename}"'})

    @app.websocket("/ws/tables/{table_id}")
    async def table_socket(ws: WebSocket, table_id: int) -> None:
        # Accepted first, then closed: a browser sees a close code only on an open socket.
        await ws.accept()
        name = users.player(ws.cookies.get(COOKIE))
        if name is None:
            await ws.close(code=4401, reason="log in first")
            return
        actor = lobby.actors.get(table_id)
        if actor is None:
            await ws.close(code=4404, reason=f"no table with id {table_id}")
            return
        await _talk(ws, _Socket(name), actor.submit, parse, rate, burst)

    @app.websocket("/ws/nights/{token}")
    async def night_socket(ws: WebSocket, token: str) -> None:
        await ws.accept()
        name = users.player(ws.cookies.get(COOKIE))
        if name is None:
            await ws.close(code=4401, reason="log in first")
            return
        room = nights.room(token)
        if room is None:
            await ws.close(code=4404, reason="no night with that link")
            return
        await _talk(ws, _Socket(name), room.submit, parse_night, rate, burst)

    app.include_router(night_routes(nights, player))

    @app.get("/", include_in_schema=False)
    def index() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app
