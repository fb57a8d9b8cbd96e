"""Club nights in the browser: the invite link, the seats before the start, the evening played by its
:class:`~pokerroom.server.night_actor.NightActor`, and the cash-out sheet shown to everyone and downloaded.

:class:`NightHall` holds every night of the server, each in a :class:`NightRoom` (one per invite token): before
the start the room itself takes the players' seats (``take_seat``) and the host's bots; ``start`` makes the night
in the store exactly as ``pokerroom night`` does (:meth:`NightRunner.create
<pokerroom.store.night_runner.NightRunner.create>`: the seats and the first dealer by lot, everyone's buy-in, the
options naming who plays and the bots' kind) and hands the room's connections to the night's actor; once the night
is settled the room shows the sheet, read back from the store (so it is the same after a restart).  On a start of
the server every stored invite comes back: waiting ones with their seats, running nights through
:meth:`NightRunner.resume <pokerroom.store.night_runner.NightRunner.resume>` (a hand cut off is void and refunded,
RULES §3.8; the night waits, paused, for the host), ended ones with their sheet.

Routes (docs/protocol.md "Club nights"): ``GET /night`` and ``GET /night/TOKEN`` (the page), ``POST /api/nights``,
``GET /api/nights``, ``GET /api/nights/TOKEN``, ``GET /api/nights/TOKEN/sheet.{csv,json,html}``; the WebSocket
``/ws/nights/TOKEN`` is in :mod:`pokerroom.server.app` beside the tables'.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Depends, HTTPException, Request
from fastapi.responses import HTMLResponse, Response
from pydantic import BaseModel, Field

from pokerroom.errors import PokerroomError, RoomError, StoreError
from pokerroom.room.clock import Clock, SystemClock
from pokerroom.room.night import CashOut, format_kronor
from pokerroom.room.night_sheet import SheetInfo, sheet_csv, sheet_html, sheet_json
from pokerroom.room.record import Status
from pokerroom.server.actor import Connection
from pokerroom.server.night_actor import RUNNING, NightActor, agreement_json
from pokerroom.server.night_invites import CANCELLED, STARTED, WAITING, Invite, Invites, agreement, is_bot, valid_token
from pokerroom.server.night_protocol import HOST_ONLY, NightCommand
from pokerroom.server.operations import page
from pokerroom.server.protocol import VERSION, Command, Ping, ProtocolError, encode, error_message, pong
from pokerroom.server.table_info import ShutSummary
from pokerroom.store import Store
from pokerroom.store import nights as stored
from pokerroom.store.night_runner import NightRunner
from pokerroom.store.nights import ended_sheet
from pokerroom.words import plural

__all__ = ["NewNight", "NightHall", "NightRoom", "ended_sheet", "night_routes", "sheet_view"]

log = logging.getLogger(__name__)

STATIC = Path(str(resources.files("pokerroom.server") / "static"))

MAX_WAITING = 5
"""Nights a host may have waiting for players at once."""

SHEET_TYPES = {
    "csv": "text/csv; charset=utf-8",
    "json": "application/json; charset=utf-8",
    "html": "text/html; charset=utf-8",
}


class NewNight(BaseModel):
    """What the host agrees when making a night (``POST /api/nights``); money in öre, chips whole."""

    game: str = Field(default="club-lowball", max_length=40)
    price_per_chip: int | None = Field(default=None, ge=1, le=1_000_000)
    first_buyin: int | None = Field(default=None, ge=1, le=10_000_000)
    hands: int | None = Field(default=None, ge=1, le=100_000)
    minutes: float | None = Field(default=None, gt=0, le=7 * 24 * 60)
    no_limit: bool = False
    house_rules: dict[str, Any] = Field(default_factory=dict)
    bots: int = Field(default=0, ge=0, le=9)


# ---------------------------------------------------------------------------------------------- the sheet


def sheet_view(sheet: CashOut, info: SheetInfo, token: str) -> dict[str, object]:
    """The sheet as the night page shows it: each player's row (öre and kronor), the totals, who pays whom, the
    plain-text sheet, and the download links."""
    deals = info.deals
    rows = [
        {
            "name": r.name, "deals": deals.get(r.name, 0), "chips_bought": r.chips_bought, "paid": r.paid,
            "paid_kr": format_kronor(r.paid), "chips_out": r.chips_out, "value": r.value,
            "value_kr": format_kronor(r.value), "net": r.net, "net_kr": format_kronor(r.net),
        }
        for r in sheet.rows
    ]  # fmt: skip
    totals = {
        key: sum(int(row[key]) for row in rows)  # type: ignore[call-overload]
        for key in ("chips_bought", "paid", "chips_out", "value", "net")
    }
    return {
        "price_kr": format_kronor(sheet.price_per_chip),
        "hands": info.hands_played,
        "rows": rows,
        "totals": {**totals, **{f"{k}_kr": format_kronor(v) for k, v in totals.items() if k != "chips_bought"}},
        "transfers": [
            {"payer": p, "payee": q, "ore": o, "kr": format_kronor(o), "text": f"{p} pays {q} {format_kronor(o)}"}
            for p, q, o in sheet.transfers
        ],
        "text": sheet.format(),
        "downloads": {kind: f"/api/nights/{token}/sheet.{kind}" for kind in SHEET_TYPES},
    }


# ---------------------------------------------------------------------------------------------- one night


class NightRoom:
    """One invite and the night it becomes (see the module docstring): its connections and commands go through
    one queue, taken by one task (:meth:`run`), so the room and, once started, its actor are single writers."""

    def __init__(self, hall: NightHall, invite: Invite) -> None:
        self.hall = hall
        self.invite = invite
        self.inbox: asyncio.Queue[tuple[Connection | None, Command | NightCommand | str]] = asyncio.Queue()
        self.connections: dict[str, list[Connection]] = {}
        self.actor: NightActor | None = None
        self.sheet: dict[str, object] | None = None
        self.lines: list[str] = []
        self.results: list[dict[str, object]] = []
        self.stopping = False
        self.archived = False
        """The night has ended: its sheet is read from the store (:meth:`load_sheet`) when somebody comes."""
        self._changed = False

    @property
    def token(self) -> str:
        return self.invite.token

    @property
    def phase(self) -> str:
        if self.actor is not None and self.actor.phase == RUNNING:
            return "paused" if self.actor.paused else RUNNING
        if self.invite.status == STARTED:
            return "ended" if self.archived else "stopped"
        return self.invite.status

    def players(self) -> list[str]:
        """Everyone at the night: seated before the start, or seated at any time of the evening."""
        if self.actor is not None:
            return self.actor.night.players
        return list(self.invite.players)

    def summary(self, player: str) -> dict[str, object]:
        """The night as ``GET /api/nights`` lists it."""
        return {
            "token": self.token,
            "url": f"/night/{self.token}",
            "host": self.invite.host,
            "you_host": player == self.invite.host,
            "phase": self.phase,
            "game": self.invite.config.game,
            "game_name": agreement_json(self.invite)["game_name"],
            "players": self.players(),
            "night_id": self.invite.night_id,
            "created_at": None if self.invite.created_at is None else self.invite.created_at.isoformat(),
        }

    # ------------------------------------------------------------------ the task

    def submit(self, conn: Connection | None, item: Command | NightCommand | str) -> None:
        self.inbox.put_nowait((conn, item))

    async def run(self) -> None:
        """Take the room's commands until :meth:`stop`; while the night is played its actor takes them."""
        while not self.stopping:
            actor = self.actor
            if actor is not None and actor.phase == RUNNING and not actor.closed:
                actor.inbox = self.inbox  # type: ignore[assignment]
                actor.broadcast()
                await actor.run()
                if self.stopping:
                    break
                self.connections = actor.connections
                self._changed = True
                self.broadcast()
                continue
            conn, item = await self.inbox.get()
            if item == "stop":
                break
            try:
                if conn is not None and item == "connect":
                    self.connect(conn)
                elif conn is not None and item == "disconnect":
                    self.disconnect(conn)
                elif conn is not None and not isinstance(item, str):
                    self.handle(conn, item)
            except Exception:  # a bug must not stop the room: log it and keep serving
                log.exception("night %s: unexpected error", self.token[:6])
            self.broadcast()

    def stop(self) -> None:
        self.stopping = True
        self.submit(None, "stop")

    def close(self) -> ShutSummary:
        """The server is stopping: the night being played voids its hand and is written (it resumes on the next
        start); returns what that did."""
        if self.actor is not None:
            with contextlib.suppress(PokerroomError):
                return self.actor.shut()
        return ShutSummary()

    # ------------------------------------------------------------------ before the start, and after the end

    def connect(self, conn: Connection) -> None:
        if self.archived and self.sheet is None:
            self.load_sheet()
        self.connections.setdefault(conn.player, []).append(conn)
        conn.send({"v": VERSION, "type": "welcome", "player": conn.player, "table": None, "night": self.token})
        self._changed = True

    def disconnect(self, conn: Connection) -> None:
        conns = self.connections.get(conn.player, [])
        if conn in conns:
            conns.remove(conn)
        if not conns:
            self.connections.pop(conn.player, None)
        self._changed = True

    def handle(self, conn: Connection, command: Command | NightCommand) -> None:
        try:
            self._handle(conn.player, command, conn)
        except PokerroomError as err:
            perr = err if isinstance(err, ProtocolError) else ProtocolError("night", str(err))
            conn.send(error_message(perr))
        else:
            self._changed = True

    def _handle(self, player: str, command: Command | NightCommand, conn: Connection) -> None:
        if isinstance(command, Ping):
            conn.send(pong(command))
            return
        if self.invite.status != WAITING:
            raise ProtocolError("night_over", f"the night has {self.phase}: nothing more can be done at it")
        if not isinstance(command, NightCommand):
            raise ProtocolError("night", "the evening has not started: take a seat, and the host starts it")
        kind, host = command.kind, self.invite.host
        if kind in HOST_ONLY and player != host:
            raise ProtocolError("not_host", f"only the host ({host}) may {kind.replace('_', ' ')} the night")
        if kind in ("take_seat", "join"):
            self.invite.take_seat(player)
            self.say(f"{player} takes a seat.")
        elif kind in ("stand_up", "leave"):
            self.invite.stand_up(player)
            self.say(f"{player} gives up the seat.")
        elif kind == "add_bot":
            for _ in range(max(1, command.count)):
                self.say(f"{self.invite.add_bot()} takes a seat.")
        elif kind == "remove_bot":
            name = command.player or ""
            if not is_bot(name):
                raise ProtocolError("night", f"{name} is not a bot: players give up their seats themselves")
            self.invite.stand_up(name)
            self.say(f"{name} leaves the table.")
        elif kind == "cancel":
            self.invite.status = CANCELLED
            self.say(f"{host} calls the evening off.")
        elif kind == "start":
            self.hall.start_night(self)
            return
        else:
            raise ProtocolError("night", f"{kind.replace('_', ' ')} waits until the evening has started")
        self.hall.invites.save(self.invite)

    def say(self, text: str) -> None:
        self.lines.append(text)
        del self.lines[:-60]
        self._changed = True

    def night_json(self) -> dict[str, object]:
        """The night as the page sees it before the start or after the end."""
        out: dict[str, object] = {**agreement_json(self.invite), "id": self.invite.night_id, "phase": self.phase}
        if self.sheet is not None:
            rows = self.sheet["rows"]
            players = [
                {"name": r["name"], "bot": is_bot(str(r["name"])), "seated": False, "deals": r["deals"],
                 "bought": r["chips_bought"], "paid_kr": r["paid_kr"], "chips": r["chips_out"],
                 "net_chips": int(r["chips_out"]) - int(r["chips_bought"]), "net_ore": r["net"], "net_kr": r["net_kr"],
                 "fee_due": False, "connected": r["name"] in self.connections, "leaving": False, "rebuy_max": None}
                for r in rows  # type: ignore[attr-defined]
            ]  # fmt: skip
            hand = self.sheet["hands"]
        else:
            players = [
                {"name": p, "bot": is_bot(p), "seated": True, "connected": p in self.connections or is_bot(p)}
                for p in self.invite.players
            ]
            hand = 0
        out.update(
            hand=hand, hand_running=False, players=players, humans=self.invite.humans, log=list(self.lines),
            sheet=self.sheet, ending=False, end_now=False, rules=out["house_rules"],
        )  # fmt: skip
        return out

    def broadcast(self) -> None:
        if not self._changed or not self.connections:
            self._changed = False
            return
        self._changed = False
        state = {
            "v": VERSION, "type": "state", "table": None, "hand_number": 0, "seats": [], "button": None,
            "clock": None, "results": self.results[-5:], "buy_in": {"min": 0, "max": None, "default": 0},
            "you": None, "rebuy": {"allowed": False, "max": None}, "hand": None, "night": self.night_json(),
        }  # fmt: skip
        text = encode(state)
        for conns in self.connections.values():
            for conn in conns:
                conn.send(text)

    def ended(self, actor: NightActor) -> None:
        """The actor settled the night: the sheet, read back from the store, for everyone."""
        self.lines = list(actor.lines)
        self.results = list(actor.results)
        self.archived = True
        self.invite.players = actor.night.players  # everyone who sat at it, for the list of nights
        self.hall.invites.save(self.invite)
        self.load_sheet()
        actor.sheet = self.sheet

    def load_sheet(self) -> None:
        assert self.invite.night_id is not None
        try:
            sheet, info = ended_sheet(self.hall.store, self.invite.night_id)
        except PokerroomError as err:
            log.warning("night %s: the sheet cannot be read back: %s", self.invite.night_id, err)
            self.say(f"The sheet cannot be read back: {err}")
            return
        self.sheet = sheet_view(sheet, info, self.token)
        self._changed = True


# ---------------------------------------------------------------------------------------------- every night


class NightHall:
    """Every club night of the server (see the module docstring).  ``clock``: the tables' clock;
    ``seed``: the nights' seed (the draws, the cards and the bots; ``None``: fresh each night); ``bust_wait``:
    seconds a player with no chips has to buy again before the next deal; ``actor_options``: delays of the
    nights' actors (as the lobby's tables: ``bot_delay``, ``next_hand_delay``, ``bot_kind``)."""

    def __init__(
        self, store: Store, *, clock: Clock | None = None, seed: int | None = None, bust_wait: float = 20.0,
        **actor_options: Any,
    ) -> None:  # fmt: skip
        self.store = store
        self.clock: Clock = clock or SystemClock()
        self.seed = seed
        self.bust_wait = bust_wait
        self.bot_kind = str(actor_options.pop("bot_kind", "simple"))
        actor_options.pop("seed", None)
        self.actor_options = actor_options
        self.invites = Invites(store)
        self.rooms: dict[str, NightRoom] = {}
        self.tasks: dict[str, asyncio.Task[None]] = {}
        self.started = False

    def open(self) -> None:
        """Every stored invite back (see the module docstring)."""
        for invite in self.invites.all():
            room = NightRoom(self, invite)
            self.rooms[invite.token] = room
            if invite.status != STARTED or invite.night_id is None:
                continue
            try:
                row = stored.load_night(self.store, invite.night_id)
                if row.status == stored.ENDED:
                    room.archived = True  # its sheet is read when somebody comes
                    continue
                book = NightRunner.resume(self.store, invite.night_id, clock=self.clock)
            except PokerroomError as err:
                log.warning("night %s cannot be taken up: %s", invite.night_id, err)
                room.say(f"The night cannot be taken up: {err}")
                continue
            room.actor = self._actor(room, book, paused=True)
            room.actor.say(f"The server restarted after {plural(book.night.hand, 'hand')}.{self._cut_off(book)}")
            room.actor.say(f"The evening is paused: {invite.host} deals on.")

    def _cut_off(self, book: NightRunner) -> str:
        """The hand the restart voided (by the stopping server, or by the resume after a crash), in words."""
        ids = stored.table_hands(self.store, book.runner.table_id)
        last = self.store.hand_record(ids[-1]) if ids else None
        if last is None or last.status is not Status.VOIDED or "server" not in (last.reason or ""):
            return ""
        return f" Hand {last.number} was cut off: it is void and every chip went back (RULES §3.8)."

    def _actor(self, room: NightRoom, book: NightRunner, *, paused: bool) -> NightActor:
        return NightActor(
            book, invite=room.invite, bot_kind=str(book.options.get("bots", self.bot_kind)), seed=book.seed,
            bust_wait=self.bust_wait, paused=paused, on_end=room.ended, **self.actor_options,
        )  # fmt: skip

    def create(self, host: str, body: NewNight) -> NightRoom:
        """A new night of ``host`` (seated at once) with ``body.bots`` bots; raises :class:`RoomError` (or
        :class:`~pokerroom.errors.UnsupportedRule`) for an agreement no evening can be played with."""
        waiting = [r for r in self.rooms.values() if r.invite.host == host and r.invite.status == WAITING]
        if len(waiting) >= MAX_WAITING:
            raise RoomError(f"{host} has {MAX_WAITING} nights waiting for players: start one or call one off first")
        config = agreement(
            body.game, price_per_chip=body.price_per_chip, first_buyin=body.first_buyin, hands=body.hands,
            minutes=body.minutes, no_limit=body.no_limit, house_rules=body.house_rules,
        )  # fmt: skip
        invite = self.invites.create(host, config, bot_kind=self.bot_kind)
        for _ in range(body.bots):
            invite.add_bot()
        if body.bots:
            self.invites.save(invite)
        room = NightRoom(self, invite)
        room.say(f"{host} invites to a night of {agreement_json(invite)['game_name']}.")
        self.rooms[invite.token] = room
        if self.started:
            self._launch(room)
        return room

    def start_night(self, room: NightRoom) -> None:
        """The host starts the evening: the night is made in the store (seats and dealer by lot, every buy-in)
        and its actor takes the room's connections."""
        invite = room.invite
        if len(invite.players) < 2:
            raise RoomError("a club night needs at least 2 players: wait for a friend, or add a bot")
        book = NightRunner.create(
            self.store, invite.config, invite.players, seed=self.seed, options=invite.options(), clock=self.clock
        )
        invite.status, invite.night_id = STARTED, book.id
        self.invites.save(invite)
        actor = self._actor(room, book, paused=False)
        night = book.night
        actor.lines = [*room.lines, f"{invite.host} starts the evening."]
        actor.say("Seats by lot: " + ", ".join(f"{k + 1} {name}" for k, name in enumerate(night.seats)) + ".")
        actor.say(f"First dealer by lot: {night.first_dealer}.")
        room.actor = actor
        for conns in room.connections.values():
            for conn in conns:
                actor.connect(conn)
        room.connections = {}

    def room(self, token: str) -> NightRoom | None:
        return self.rooms.get(token) if valid_token(token) else None

    def of(self, player: str) -> list[NightRoom]:
        """The nights ``player`` hosts or plays at, newest first."""
        return [r for r in reversed(self.rooms.values()) if player == r.invite.host or player in r.players()]

    # ------------------------------------------------------------------ tasks

    def _launch(self, room: NightRoom) -> None:
        self.tasks[room.token] = asyncio.get_running_loop().create_task(room.run(), name=f"night {room.token[:6]}")

    async def start(self) -> None:
        """Start every room's task (inside the server's event loop); rooms made later start at once."""
        self.started = True
        for room in self.rooms.values():
            if room.token not in self.tasks:
                self._launch(room)

    async def stop(self) -> ShutSummary:
        """Stop every room; the nights being played void their hands and are written (RULES §3.8).  Returns what
        that did, summed over the nights."""
        self.started = False
        for room in self.rooms.values():
            room.stop()
        for task in self.tasks.values():
            with contextlib.suppress(Exception, asyncio.CancelledError):
                await asyncio.wait_for(task, 5)
        self.tasks.clear()
        done = ShutSummary()
        for room in self.rooms.values():
            done += room.close()
        return done


# ---------------------------------------------------------------------------------------------- routes


def night_routes(hall: NightHall, player: Callable[..., str]) -> APIRouter:
    """The night page and the nights' HTTP API (``player``: the dependency naming the logged-in player)."""
    router = APIRouter()

    @router.get("/night", include_in_schema=False)
    def night_page(request: Request) -> HTMLResponse:
        return page(STATIC / "night.html", request)  # its <base> at the room's base path

    @router.get("/night/{token}", include_in_schema=False)
    def night_token_page(token: str, request: Request) -> HTMLResponse:
        return page(STATIC / "night.html", request)

    def room_of(token: str) -> NightRoom:
        room = hall.room(token)
        if room is None:
            raise HTTPException(status_code=404, detail="no night with that link: ask the host for the link again")
        return room

    @router.post("/api/nights", status_code=201)
    async def create_night(body: NewNight, name: str = Depends(player)) -> dict[str, object]:
        try:
            room = hall.create(name, body)
        except PokerroomError as err:
            raise HTTPException(status_code=400, detail=str(err)) from None
        return room.summary(name)

    @router.get("/api/nights")
    async def my_nights(name: str = Depends(player)) -> list[dict[str, object]]:
        return [room.summary(name) for room in hall.of(name)]

    @router.get("/api/nights/{token}")
    async def get_night(token: str, name: str = Depends(player)) -> dict[str, object]:
        room = room_of(token)
        return {**room.summary(name), "agreement": agreement_json(room.invite)}

    @router.get("/api/nights/{token}/sheet.{kind}")
    def night_sheet(token: str, kind: str, name: str = Depends(player)) -> Response:
        room = room_of(token)
        if kind not in SHEET_TYPES:
            raise HTTPException(status_code=404, detail=f"the sheet is sheet.csv, sheet.json or sheet.html, not {kind}")
        if name != room.invite.host and name not in room.players():
            raise HTTPException(status_code=403, detail=f"{name} was not at this night")
        if room.invite.night_id is None:
            raise HTTPException(status_code=409, detail="the evening has not started")
        try:
            sheet, info = ended_sheet(hall.store, room.invite.night_id)
        except StoreError as err:
            raise HTTPException(status_code=409, detail=str(err)) from None
        text = {"csv": sheet_csv, "json": sheet_json, "html": sheet_html}[kind](sheet, info)
        filename = f"night-{room.invite.night_id}-sheet.{kind}"
        return Response(
            text, media_type=SHEET_TYPES[kind], headers={"Content-Disposition": f'attachment; filename="{filename}"'}
        )

    return router
