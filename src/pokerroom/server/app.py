"""The FastAPI app: accounts, the lobby, hand histories, a WebSocket per player and table, the web client.

:func:`create_app` builds it over a store (``database``: a SQLAlchemy URL; SQLite file by default).  The HTTP API
and the table protocol are in docs/protocol.md.  Each table is played by its :class:`~pokerroom.server.actor.
TableActor`; a WebSocket handler only parses messages (refusing bad ones with an ``error`` message, the
connection staying open), rate-limits them and queues them for the actor, and sends what the actor gives it
(:mod:`pokerroom.server.sockets`).

The defences of issue 19 (docs/server.md, "Security"): the Origin check on every WebSocket and state-changing
request (:mod:`~pokerroom.server.origins`), the log-in throttle (:mod:`~pokerroom.server.throttle`), the hashing
pool (:mod:`~pokerroom.server.hashing`), the account endpoints (:mod:`~pokerroom.server.account_routes`) and the
caps on open sockets (:class:`~pokerroom.server.sockets.SocketRegistry`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import traceback
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import asdict
from importlib import resources
from pathlib import Path
from typing import Any

import anyio.to_thread
from fastapi import Depends, FastAPI, HTTPException, Query, Request, Response, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, PlainTextResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field

from pokerroom.errors import PokerroomError, StoreError
from pokerroom.formats.phh import dumps
from pokerroom.formats.phh_hand import from_record
from pokerroom.formats.pokerstars import write_hand
from pokerroom.games import room_games
from pokerroom.games.stakes import default_stakes
from pokerroom.room.clock import Clock, SystemClock
from pokerroom.room.proof import Reveal, proof_json
from pokerroom.room.record import HandRecord, Status
from pokerroom.room.record_json import record_from_json
from pokerroom.server.account_routes import COOKIE, AccountRoutes, account_routes, client_address
from pokerroom.server.accounts import AuthError, Users, digest, play_account
from pokerroom.server.actor import TableActor
from pokerroom.server.admin_desk import AdminDesk
from pokerroom.server.admin_routes import admin_routes
from pokerroom.server.chat import ChatRoom
from pokerroom.server.collector import FREEZE_EVERY, SWEEP_EVERY, keep_gc
from pokerroom.server.hand_replay import replay_json
from pokerroom.server.hashing import HASH_QUEUE, HASH_THREADS, HashPool
from pokerroom.server.lobby import STARTER_TABLES, Lobby, Starter, TableLimit, TableUnreachable, UnknownTable
from pokerroom.server.metrics import RoomMetrics
from pokerroom.server.night_protocol import parse as parse_night
from pokerroom.server.nights import NightHall, night_routes
from pokerroom.server.operations import BasePath, base_path, log_recovery, operations_routes, page
from pokerroom.server.oplog import event
from pokerroom.server.origins import OriginGuard, origin_of
from pokerroom.server.protocol import VERSION
from pokerroom.server.sockets import (
    OUTBOX_CHARS,
    OUTBOX_LIMIT,
    SOCKETS_PER_ADDRESS,
    SOCKETS_PER_PLAYER,
    TOO_MANY,
    RateLimit,
    Socket,
    SocketRegistry,
    talk,
)
from pokerroom.server.throttle import LoginLimits, LoginThrottle
from pokerroom.store import Store
from pokerroom.store.leases import HEARTBEAT

__all__ = ["COOKIE", "OUTBOX_CHARS", "OUTBOX_LIMIT", "RateLimit", "create_app"]


_Socket = Socket  # the name the tests knew it by

STATIC = Path(str(resources.files("pokerroom.server") / "static"))

WORKER_THREADS = 6
"""Threads that run the blocking endpoints and the store's work of the asynchronous ones (every endpoint reads
the store); password hashes run on the hashing pool instead (:mod:`pokerroom.server.hashing`)."""


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


async def _keep_leases(lobby: Lobby) -> None:
    """Renew the leases of this process's tables every :data:`~pokerroom.store.leases.HEARTBEAT` seconds
    (:meth:`Lobby.renew_leases`): a table nobody plays writes nothing for minutes, and a server on another host
    may take over a lease whose heartbeat is :data:`~pokerroom.store.leases.DEFAULT_TIMEOUT` seconds old.  A
    store out of reach is logged and tried again at the next beat; a table lost to another holder is logged (the
    store refuses its writes from then on)."""
    while True:
        await asyncio.sleep(HEARTBEAT)
        try:
            lost = await anyio.to_thread.run_sync(lobby.renew_leases)
        except PokerroomError as err:
            event("lease_renewal_failed", level=logging.WARNING, error=str(err))
            continue
        for table_id in sorted(lost):
            event("lease_lost", level=logging.ERROR, table=table_id, message="another server took this table over")


def _http(err: PokerroomError) -> HTTPException:
    if isinstance(err, AuthError):
        return HTTPException(status_code=err.status, detail=str(err))
    status = 404 if isinstance(err, UnknownTable) else 503 if isinstance(err, TableUnreachable) else 400
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
    gc_freeze_every: float = FREEZE_EVERY,
    gc_sweep_every: float = SWEEP_EVERY,
    night_options: dict[str, Any] | None = None,
    public_url: str | None = None,
    allowed_origins: Sequence[str] = (),
    login_limits: LoginLimits | None = None,
    hash_threads: int = HASH_THREADS,
    hash_queue: int = HASH_QUEUE,
    sockets_per_player: int = SOCKETS_PER_PLAYER,
    sockets_per_address: int = SOCKETS_PER_ADDRESS,
    reveal: Reveal | None = None,
    on_started: Callable[[], None] | None = None,
    lobby: Lobby | None = None,
    **actor_options: Any,
) -> FastAPI:
    """The server app over ``store`` (or a new one on ``database``, default ``sqlite:///pokerroom.db``).
    ``starters``: the tables a new store is given; ``rate``/``burst``: messages per second per connection;
    ``actor_options``: delays and grace of every table (:class:`TableActor`); ``gc_freeze_every`` and
    ``gc_sweep_every``: seconds between moving what lives on (tables, connections) out of the garbage collector's
    way, and the longest between two full collections (see :func:`~pokerroom.server.collector.keep_gc`);
    ``night_options``: what the club nights take besides (:class:`~pokerroom.server.nights.NightHall`:
    ``bust_wait``; delays other than the tables').

    The defences (docs/server.md, "Security"): ``public_url``, the room's address as players see it (its origin
    is the one WebSockets and state-changing requests must come from, and an ``https`` URL makes the cookies
    ``Secure``), ``allowed_origins`` more origins allowed; ``login_limits`` the throttle's rates
    (:class:`~pokerroom.server.throttle.LoginLimits`); ``hash_threads``/``hash_queue`` the hashing pool;
    ``sockets_per_player``/``sockets_per_address`` the caps on open WebSockets.  Raises
    :class:`~pokerroom.server.origins.OriginError` for a URL or origin that is none.  ``reveal``: when a hand's
    server seed is published in its proof (docs/shuffle.md; default never).  ``on_started``: called once the
    start-up succeeded (tables opened, their leases taken, tasks running), before the first request: where
    ``pokerroom serve`` announces the room; a refused start never calls it.  ``lobby``: the tables' lobby instead
    of one of this process's (a split room's gateway: :class:`~pokerroom.server.split.gateway.GatewayLobby`,
    whose tables workers play; the operators' queued table actions then wait for a server that holds tables, so
    this app does not poll them)."""
    public_origin = None if public_url is None else origin_of(public_url)
    allowed = [origin_of(o) for o in allowed_origins]
    own_store = store is None
    the_store = store if store is not None else Store(database or "sqlite:///pokerroom.db")
    users = Users(the_store)
    chat = ChatRoom(is_operator=users.is_operator, login_name=users.login_name, clock=clock or SystemClock())
    reveal = reveal or Reveal()
    metrics = RoomMetrics()  # a registry of this app's own (docs/operations.md, "Monitoring")
    base = base_path(public_url)  # the room's path behind a reverse proxy ("" at the root of the host)
    split = lobby is not None
    if lobby is None:
        lobby = Lobby(the_store, clock=clock, seed=seed, chat=chat, reveal=reveal, metrics=metrics, **actor_options)
    nights = NightHall(the_store, clock=clock, seed=seed, **{**actor_options, **dict(night_options or {})})
    sockets = SocketRegistry(sockets_per_player, sockets_per_address)
    lobby.share_socket_ends(sockets)  # a split room's gateways end a player's sockets together
    desk = AdminDesk(the_store, lobby, sockets)  # the operators' actions applied, who is online told (issue 20)
    hash_pool = HashPool(hash_threads, hash_queue)
    throttle = LoginThrottle(login_limits or LoginLimits(), (clock or SystemClock()).now)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        # Each worker thread keeps a writing connection of the store's pool (5 + 10): few enough threads that
        # they, their reads and the event loop's own never wait for one.
        anyio.to_thread.current_default_thread_limiter().total_tokens = WORKER_THREADS
        try:
            lobby.open(starters=starters)
        except PokerroomError as err:  # a table another server plays, say: `pokerroom serve` says so in one line
            app.state.start_error = err
            lobby.close()
            raise
        log_recovery(lobby.actors.values(), metrics, the_store.hand_record)  # each hand a crash cut: counted and logged
        await lobby.start()
        nights.open()
        await nights.start()
        await desk.start()  # a gateway's too: a table action reaches the table's worker (server/split/gateway.py)
        keeper = asyncio.get_running_loop().create_task(keep_gc(gc_freeze_every, gc_sweep_every))
        renewer = None if split else asyncio.get_running_loop().create_task(_keep_leases(lobby))
        if on_started is not None:
            on_started()
        try:
            yield
        finally:
            keeper.cancel()
            if renewer is not None:
                renewer.cancel()
                # A renewal in its thread finishes first (anyio does not abandon it): the store must outlive it.
                with contextlib.suppress(asyncio.CancelledError):
                    await renewer
            await desk.stop()
            hash_pool.close()
            done = await nights.stop()
            done += await lobby.stop()
            if own_store:
                the_store.close()
            app.state.stopped = done  # `pokerroom serve` prints it once the store is closed
            event("shutdown", **asdict(done))

    app = FastAPI(title="pokerroom", version=str(VERSION), lifespan=lifespan)
    app.add_middleware(OriginGuard, public_origin=public_origin, allowed=allowed)
    app.add_middleware(BasePath, base=base)
    metrics.watch(
        tables=lambda: len(lobby.actors),
        players=lambda: len({p for a in list(lobby.actors.values()) for p in a.connections}),
        sockets=lambda: len(sockets.sockets),
    )

    @app.exception_handler(RequestValidationError)
    async def bad_request(request: Request, exc: RequestValidationError) -> JSONResponse:
        # One sentence naming each field and what it must be, as every other refusal of the API gives.
        parts = []
        for err in exc.errors():
            where = ".".join(str(p) for p in err.get("loc", ()) if p not in ("body", "query", "path"))
            parts.append(f"{where or 'the request'}: {err.get('msg', 'invalid')}")
        return JSONResponse(status_code=400, content={"detail": "; ".join(parts)})

    @app.exception_handler(Exception)
    async def crashed(request: Request, exc: Exception) -> JSONResponse:
        # Counted and logged with its traceback; the client is told no more than that it failed.
        metrics.error("request")
        event(
            "error", level=logging.ERROR, where="request", method=request.method, path=request.url.path,
            error=repr(exc), exception="".join(traceback.format_exception(exc)),
        )  # fmt: skip
        return JSONResponse(status_code=500, content={"detail": "internal server error"})

    app.state.store = the_store
    app.state.users = users
    app.state.lobby = lobby
    app.state.chat = chat
    app.state.nights = nights
    app.state.sockets = sockets
    app.state.throttle = throttle
    app.state.hash_pool = hash_pool
    app.state.metrics = metrics
    app.include_router(operations_routes(store=the_store, lobby=lobby, metrics=metrics))

    def player(request: Request) -> str:
        name = users.player(request.cookies.get(COOKIE))
        if name is None:
            raise HTTPException(status_code=401, detail="log in first (POST /api/login) or sign up (POST /api/signup)")
        return name

    def me(name: str) -> dict[str, object]:
        b = users.balances(name)
        return {"player": name, "balances": {"real": b.real, "play": b.play}}

    app.include_router(
        account_routes(
            AccountRoutes(
                users=users,
                throttle=throttle,
                pool=hash_pool,
                sockets=sockets,
                me=me,
                player=player,
                leave_waitlists=lambda name: lobby.waitlist("leave_all", name),
                secure=public_url is not None and public_url.strip().lower().startswith("https:"),
                path=base + "/",
                metrics=metrics,
            )
        )
    )

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
        for g in room_games():  # the research games (Kuhn poker, Leduc hold'em) are not offered
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
        # Limits on the loop, the store's work in a worker thread: creations never stall the tables (issue 19).
        try:
            return await lobby.create_row(
                name,
                name=body.name,
                game=body.game,
                stakes=body.stakes,
                limit=body.limit,
                rules=body.rules,
                real_money=body.kind == "real",
                seats=body.seats,
                bots=body.bots,
                auto_showdown=body.showdown == "auto",
            )
        except TableLimit as err:
            headers = None if err.retry_after is None else {"Retry-After": str(err.retry_after)}
            raise HTTPException(status_code=err.status, detail=str(err), headers=headers) from None
        except PokerroomError as err:
            raise _http(err) from None

    def table_actor(table_id: int) -> TableActor:
        actor = lobby.actors.get(table_id)
        if actor is None:
            raise HTTPException(status_code=404, detail=f"no table with id {table_id}")
        return actor

    # The waiting lists live beside the actors, on the event loop: these endpoints are async so they never race
    # an actor's sit path (server/waitlist.py).
    @app.post("/api/tables/{table_id}/waitlist")
    async def join_waitlist(table_id: int, name: str = Depends(player)) -> dict[str, object]:
        try:
            entry: dict[str, object] = await lobby.waitlist("join", name, table_id)
        except PokerroomError as err:
            raise _http(err) from None
        return entry

    @app.delete("/api/tables/{table_id}/waitlist")
    async def leave_waitlist(table_id: int, name: str = Depends(player)) -> dict[str, object]:
        try:
            return {"left": await lobby.waitlist("leave", name, table_id)}
        except PokerroomError as err:
            raise _http(err) from None

    @app.get("/api/waitlist")
    async def my_waitlists(name: str = Depends(player)) -> list[dict[str, object]]:
        try:
            entries: list[dict[str, object]] = await lobby.waitlist("mine", name)
        except PokerroomError as err:
            raise _http(err) from None
        return entries

    @app.get("/api/tables/{table_id}")
    def get_table(table_id: int) -> dict[str, object]:
        row = lobby.table_json(table_id)
        if row is None:
            raise HTTPException(status_code=404, detail=f"no table with id {table_id}")
        return row

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

    def stars_text(hand_id: int, name: str, disposition: str) -> Response:
        """A finished hand as PokerStars-style text from ``name``'s seat (the access rules of
        :func:`finished_hand`), file name ``hand-TABLE-NUMBER.txt``: ``inline`` shown, ``attachment`` a download."""
        record, seat = finished_hand(hand_id, name)
        try:
            text = write_hand(record, seat, hand_id=hand_id, max_seats=table_size(record))
        except PokerroomError as err:
            raise HTTPException(status_code=422, detail=f"hand {hand_id} cannot be written: {err}") from None
        filename = f"hand-{record.setup.table_id}-{record.setup.number}.txt"
        return PlainTextResponse(text, headers={"Content-Disposition": f'{disposition}; filename="{filename}"'})

    @app.get("/api/hands/{hand_id}/text", response_class=PlainTextResponse)
    def hand_text(hand_id: int, name: str = Depends(player)) -> Response:
        return stars_text(hand_id, name, "inline")

    @app.get("/api/hands/{hand_id}/pokerstars", response_class=PlainTextResponse)
    def hand_pokerstars(hand_id: int, name: str = Depends(player)) -> Response:
        """The same text as ``/text``, as a download (``docs/protocol.md``)."""
        return stars_text(hand_id, name, "attachment")

    @app.get("/api/hands/{hand_id}/phh", response_class=PlainTextResponse)
    def hand_phh(hand_id: int, name: str = Depends(player)) -> Response:
        record, seat = finished_hand(hand_id, name)
        try:
            text = dumps(from_record(record.view(seat), hand_id=hand_id, seat_count=table_size(record)))
        except PokerroomError as err:
            raise HTTPException(status_code=422, detail=f"hand {hand_id} cannot be written as PHH: {err}") from None
        filename = f"hand-{record.setup.table_id}-{record.setup.number}.phh"
        return PlainTextResponse(text, headers={"Content-Disposition": f'attachment; filename="{filename}"'})

    @app.get("/api/hands/{hand_id}/proof")
    def hand_proof(hand_id: int, name: str = Depends(player)) -> Response:
        """The provable shuffle's proof of a finished hand for the player's seat (docs/shuffle.md): what
        ``pokerroom verify`` checks.  404 for a hand dealt without commitments."""
        record, seat = finished_hand(hand_id, name)
        if record.setup.deck.root is None or not record.setup.deck.dealable:
            raise HTTPException(status_code=404, detail=f"hand {hand_id} was dealt without a committed deck")
        shown = reveal.now(record, table_open=record.setup.table_id in lobby.actors)
        data = proof_json(record, seat, reveal=shown, hand_id=hand_id)
        filename = f"hand-{record.setup.table_id}-{record.setup.number}.proof.json"
        return JSONResponse(data, headers={"Content-Disposition": f'attachment; filename="{filename}"'})

    async def connect(ws: WebSocket) -> Socket | None:
        """Accept ``ws`` and register its :class:`Socket`; or close it (4401 no session, 4429 over a cap)."""
        # Accepted first, then closed: a browser sees a close code only on an open socket.
        await ws.accept()
        token = ws.cookies.get(COOKIE)
        ends = sockets.ends
        name = await anyio.to_thread.run_sync(users.player, token) if token else None
        if name is None or token is None:
            await ws.close(code=4401, reason="log in first")
            return None
        sock = Socket(name, digest(token), client_address(ws))
        refused = sockets.open(sock)
        if refused is not None:
            await ws.close(code=TOO_MANY, reason=refused)
            return None
        # A session ended while it was looked up: look again (the socket is registered, so no later end misses it).
        if sockets.ends != ends and await anyio.to_thread.run_sync(users.player, token) != name:
            sockets.close(sock)
            await ws.close(code=4401, reason="log in first")
            return None
        return sock

    async def serve_socket(ws: WebSocket, sock: Socket, submit: Callable[[Any, Any], None], read: Any) -> None:
        try:
            await talk(ws, sock, submit, read, rate, burst)
        finally:
            sockets.close(sock)

    @app.websocket("/ws/tables/{table_id}")
    async def table_socket(ws: WebSocket, table_id: int) -> None:
        sock = await connect(ws)
        if sock is None:
            return
        try:
            route = lobby.socket_route(table_id)
        except Exception as err:  # the store away (a gateway looks a table up there): the socket's slot is freed
            sockets.close(sock)
            event("error", level=logging.WARNING, where="table socket", table_id=table_id, error=repr(err))
            await ws.close(code=1011, reason="the table could not be looked up; try again in a moment")
            return
        if route is None:
            sockets.close(sock)
            await ws.close(code=4404, reason=f"no table with id {table_id}")
            return
        await serve_socket(ws, sock, *route)

    @app.websocket("/ws/nights/{token}")
    async def night_socket(ws: WebSocket, token: str) -> None:
        sock = await connect(ws)
        if sock is None:
            return
        room = nights.room(token)
        if room is None:
            sockets.close(sock)
            await ws.close(code=4404, reason="no night with that link")
            return
        await serve_socket(ws, sock, room.submit, parse_night)

    app.include_router(night_routes(nights, player))
    app.state.desk = desk
    app.include_router(admin_routes(the_store, users, desk, player))

    @app.get("/", include_in_schema=False)
    def index(request: Request) -> HTMLResponse:
        return page(STATIC / "index.html", request)  # its <base href> the room's path (server/operations.py)

    @app.get("/admin", include_in_schema=False)
    def admin_page(request: Request) -> HTMLResponse:
        return page(STATIC / "admin.html", request)  # the operators' page; its API is /api/admin (admin_routes)

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app
