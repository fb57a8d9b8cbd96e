"""The lobby: every table of the server, each with its actor, created from the store or on request.

:class:`Lobby` opens a :class:`~pokerroom.store.runner.TableRunner` per stored table (recovering hands a crash
cut, RULES §3.8), wraps it in a :class:`~pokerroom.server.actor.TableActor`, seats the house bots the table had,
and creates each of its starting tables the store has none of (:mod:`pokerroom.server.starters`;
:data:`STARTER_TABLES` by default) so a new user can play at once.  Play-money tables move
chips between ``play:NAME`` accounts, real-money tables between ``NAME`` accounts (RULES §3.3 table stakes).  House
bots are funded from the house's bankroll of the table's currency (ledger keys ``house:real``, ``house:play``; a
transfer whose memo names the bot and the table) and their chips go back to it when they stand, when the table
closes and when it opens again after a crash; the real-money bankroll is funded by the operator (``pokerroom
cashier deposit --house CHIPS``), the play-money one is topped up from the cashier when short.  House bots sit at
real-money tables only where the operator puts them (:meth:`Lobby.create`), never at a player's request.

:meth:`Lobby.rows` is the lobby's list: each table with its figures from the store
(:mod:`pokerroom.store.table_stats`) and the length of its waiting list; :meth:`Lobby.join_waitlist`,
:meth:`Lobby.leave_waitlist` and :meth:`Lobby.waitlists` work the tables' waiting lists
(:mod:`pokerroom.server.waitlist`, each held by its table's actor).
"""

from __future__ import annotations

import asyncio
import contextlib
import math
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from typing import Any

import anyio.to_thread
from sqlalchemy import select

from pokerroom.chips import whole_number
from pokerroom.errors import PokerroomError, RoomError, StoreError
from pokerroom.games import Limit, room_game
from pokerroom.room.clock import Clock, SystemClock
from pokerroom.room.config import TableConfig
from pokerroom.room.table import Table as PokerTable
from pokerroom.server.accounts import play_account
from pokerroom.server.actor import TableActor
from pokerroom.server.house_bots import check_players_bots, most_house_bots
from pokerroom.server.oplog import event
from pokerroom.server.protocol import parse
from pokerroom.server.ratelimit import TokenBucket
from pokerroom.server.sockets import SocketRegistry
from pokerroom.server.starters import STARTER_TABLES, Starter
from pokerroom.server.table_info import ShutSummary, TableInfo
from pokerroom.store import Store
from pokerroom.store import leases as _leases
from pokerroom.store.audit import CLOSED, PAUSED, table_statuses
from pokerroom.store.ledger import BOT_PREFIX
from pokerroom.store.runner import TableRunner
from pokerroom.store.schema import accounts, lobby_tables
from pokerroom.store.table_stats import TableStatsReader
from pokerroom.words import plural

__all__ = [
    "MAX_BUY_IN",
    "MAX_OPEN_TABLES",
    "ROOM_WAITLIST_REQUESTS",
    "STARTER_TABLES",
    "TABLE_CLOSED",
    "TABLE_CREATE_BURST",
    "TABLE_CREATE_RATE",
    "TABLE_WAITLIST_REQUESTS",
    "WAITLIST_REQUESTS",
    "Lobby",
    "Starter",
    "TableLimit",
    "TableUnreachable",
    "UnknownTable",
    "end_connections",
    "presence_of",
    "stakes_text",
]

MAX_BUY_IN = 10**9
"""The largest default buy-in of a table (chips): house bots are funded with it, and the ledger's whole
capacity (2**53) must never be within one player's reach."""

MAX_OPEN_TABLES = 3
"""Tables a player may have created that are still open (issue 19: one account created 100); more is refused
with 400."""

TABLE_CREATE_RATE = 1 / 20
"""Table creations a player may ask for a second, on average, once :data:`TABLE_CREATE_BURST` are spent (every
request whose settings a table can play with counts, a name already taken too); more is refused with 429 and
``Retry-After``."""

TABLE_CREATE_BURST = 3
"""Table creations a player may ask for at once."""


class TableLimit(RoomError):
    """A table creation refused by a limit of the lobby: ``status`` 400 (:data:`MAX_OPEN_TABLES`) or 429
    (:data:`TABLE_CREATE_RATE`, ``retry_after`` whole seconds)."""

    def __init__(self, message: str, *, status: int, retry_after: int | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.retry_after = retry_after


TABLE_CLOSED = 4404
"""The close code of the sockets at a table an operator closed (the table is gone, as for an unknown table)."""


class UnknownTable(RoomError):
    """No table of the lobby has this id (the HTTP API answers 404)."""


class TableUnreachable(RoomError):
    """The table is open but the process playing it did not answer (a split room's worker died a moment ago and
    another is taking the table over): try again in a moment (the HTTP API answers 503)."""


TABLE_WAITLIST_REQUESTS = ("join", "leave")
"""The waiting-list requests that name a table: put a player on its list (their entry), take them off it (whether
they were on it)."""

ROOM_WAITLIST_REQUESTS = ("mine", "leave_all")
"""The waiting-list requests over every table: a player's places (their entries), taking them off every list
(logged out)."""

WAITLIST_REQUESTS = TABLE_WAITLIST_REQUESTS + ROOM_WAITLIST_REQUESTS
"""What :meth:`Lobby.waitlist_request` does."""


def stakes_text(table: PokerTable) -> str:
    """The stakes as the lobby shows them: ``bets 2/4, blinds 1/2`` at fixed and spread limit (the bet sizes
    first: they name the game), ``blinds 1/2`` at no and pot limit, with the ante and bring-in where there are."""
    b = table.stakes.betting
    forced = table.stakes.describe()
    if b.limit in (Limit.FIXED, Limit.SPREAD) and b.bet_sizes:
        low, high = min(b.bet_sizes), max(b.bet_sizes)
        word = "bets" if b.limit is Limit.FIXED else "bets up to"
        return f"{word} {low}/{high}, {forced}"
    return forced


def _account_of(real_money: bool) -> Any:
    return (lambda player: player) if real_money else play_account


def presence_of(players: Iterable[str], tables: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Who is online and where, by name: ``[{"player", "seated": [table ids], "watching": [table ids], "away":
    [table ids where they are seated with no socket open]}]``, from the ``players`` with a socket open (a
    player with one and no table, at a club night or in the lobby, has all three lists empty) and each table's
    :meth:`Lobby.table_presence`.  The one rule for the single process and the split room."""
    seen: dict[str, dict[str, list[int]]] = {}

    def where(name: str) -> dict[str, list[int]]:
        return seen.setdefault(name, {"seated": [], "watching": [], "away": []})

    for name in players:
        where(name)
    for table in sorted(tables, key=lambda t: int(t["table"])):
        table_id, seated, connected = int(table["table"]), set(table["seated"]), set(table["connected"])
        for name in seated:
            where(name)["seated"].append(table_id)
            if name not in connected:  # the seat kept through the grace, or until they stand
                where(name)["away"].append(table_id)
        for name in connected - seated:
            where(name)["watching"].append(table_id)
    return [{"player": name, **lists} for name, lists in sorted(seen.items())]


class Lobby:
    """The server's tables (see the module docstring).  ``actor_options`` go to every :class:`TableActor`
    (delays, grace); ``clock`` is every table's clock."""

    def __init__(self, store: Store, *, clock: Clock | None = None, seed: int | None = None, **actor_options: Any):
        self.store = store
        self.clock: Clock = clock or SystemClock()
        self.seed = seed
        self.actor_options = actor_options
        self.actors: dict[int, TableActor] = {}
        self.tasks: dict[int, asyncio.Task[None]] = {}
        self._ending: set[asyncio.Task[None]] = set()
        """The tasks of tables closed while the server runs, until they end (:meth:`stop` waits for them too)."""
        self.stats = TableStatsReader(store)
        """Each table's figures from its settled hands (store/table_stats.py)."""
        self.takes_by_heartbeat = False
        """Whether this lobby takes a table whose holder on this host lives but stopped renewing its lease
        (:func:`pokerroom.store.leases.gone`'s ``by_heartbeat``): a split room's worker's lobby does."""
        self._buckets: dict[str, TokenBucket] = {}
        """Each player's table creations (:data:`TABLE_CREATE_RATE`), on the lobby's clock."""
        self._creating: dict[str, int] = {}
        """Player -> their tables being created in a worker thread (counted as open)."""
        self._pending_names: set[str] = set()
        """Names of the tables being created (two requests for one name: the second is refused at once)."""

    # ------------------------------------------------------------------ tables

    def open(self, *, starters: Sequence[Starter] = STARTER_TABLES) -> None:
        """Open every stored table (its hands cut by a crash voided), then create each of ``starters`` whose name
        no stored table has (a table once stored, closed ones too, is never made again)."""
        stored = self.store.tables()
        if stored:
            with self.store.reading() as conn:
                rows = {int(r.table_id): (int(r.bots), r.created_by) for r in conn.execute(select(lobby_tables))}
            held = table_statuses(self.store)  # an operator's close or pause outlives the server (issue 20)
            for table_id, name, _game in stored:
                if table_id in rows and not self._retired(table_id, name, held):
                    bots, created_by = rows[table_id]
                    self._start(table_id, name, None, bots, created_by).paused = held.get(table_id) == PAUSED
        names = {name for _id, name, _game in stored}
        for s in starters:
            if s.name.strip() not in names:
                self.create(**s.settings())

    def create(
        self,
        *,
        name: str,
        game: str,
        stakes: str | None = None,
        limit: str | None = None,
        rules: dict[str, Any] | None = None,
        real_money: bool = False,
        seats: int | None = None,
        bots: int = 0,
        created_by: str | None = None,
        auto_showdown: bool = True,
    ) -> TableActor:
        """Create a table and its actor, with ``bots`` house bots seated (``auto_showdown``: see
        :class:`TableConfig`), in the calling thread (the server's start, tests; a player's table is made with
        :meth:`create_for`).  Raises :class:`RoomError` for settings no table can play with or a name in use,
        naming what is allowed."""
        name, config = self._settings(
            name=name, game=game, stakes=stakes, limit=limit, rules=rules, real_money=real_money, seats=seats,
            bots=bots, auto_showdown=auto_showdown,
        )  # fmt: skip
        actor = self._build(name, config, bots, created_by)
        self._register(actor)
        return actor

    async def create_for(self, player: str, *, bots: int = 0, **settings: Any) -> TableActor:
        """Create a table for ``player`` (``bots`` and ``settings``: :meth:`create`'s) without blocking the event
        loop: on the loop the open tables are counted (:meth:`check_open`) and the settings tried (no store:
        refusals spend nothing), then the rate is spent (:meth:`check_rate`); the store's work (the name, the
        table, its house bots, the lobby's row) runs in a worker thread; the actor is registered and started on
        the loop.  Raises :class:`TableLimit` or :class:`RoomError` (bots asked for at a real-money table: house
        bots play real money only where the operator's configuration puts them)."""
        check_players_bots(bool(settings.get("real_money")), bots)
        self.check_open(player)
        name, config = self._settings(bots=bots, **settings)
        if name in self._pending_names:  # the store's check would let both through
            raise RoomError(f"a table named {name!r} already exists")
        self.check_rate(player)
        self._creating[player] = self._creating.get(player, 0) + 1
        self._pending_names.add(name)
        try:
            actor = await anyio.to_thread.run_sync(self._build, name, config, bots, player)
        finally:
            self._creating[player] -= 1
            if not self._creating[player]:
                del self._creating[player]
            self._pending_names.discard(name)
        self._register(actor)
        return actor

    async def create_row(self, player: str, *, bots: int = 0, **settings: Any) -> dict[str, object]:
        """:meth:`create_for`, answered as ``POST /api/tables`` answers: the new table's JSON
        (:meth:`TableActor.json`).  A split room's gateway asks a worker instead
        (:mod:`pokerroom.server.split.gateway`)."""
        return (await self.create_for(player, bots=bots, **settings)).json()

    def open_tables(self, player: str) -> int:
        """How many tables ``player`` created that are open, those being created counted."""
        made = sum(a.info.created_by == player and not a.closing for a in self.actors.values())
        return made + self._creating.get(player, 0)

    def check_open(self, player: str) -> None:
        """Raise :class:`TableLimit` (400) when ``player`` has :data:`MAX_OPEN_TABLES` open tables."""
        held = self.open_tables(player)
        if held >= MAX_OPEN_TABLES:
            raise TableLimit(
                f"{player} has {held} open tables, the most a player may create (MAX_OPEN_TABLES = "
                f"{MAX_OPEN_TABLES}); play at one of them or at another table",
                status=400,
            )

    def check_rate(self, player: str) -> None:
        """Spend one of ``player``'s table creations (:data:`TABLE_CREATE_RATE`, :data:`TABLE_CREATE_BURST`, on
        the lobby's clock); raise :class:`TableLimit` (429, ``retry_after``) when none is left."""
        now = self.clock.now()
        bucket = self._buckets.get(player)
        if bucket is None:
            bucket = self._buckets[player] = TokenBucket(TABLE_CREATE_RATE, TABLE_CREATE_BURST, now)
        wait = bucket.take(now)
        if wait:
            seconds = math.ceil(wait)
            raise TableLimit(
                f"too many tables asked for: at most {TABLE_CREATE_BURST} at once, then one every "
                f"{1 / TABLE_CREATE_RATE:g} s (TABLE_CREATE_RATE); ask again in {seconds} s",
                status=429,
                retry_after=seconds,
            )

    @staticmethod
    def _settings(
        *,
        name: str,
        game: str,
        stakes: str | None = None,
        limit: str | None = None,
        rules: dict[str, Any] | None = None,
        real_money: bool = False,
        seats: int | None = None,
        bots: int = 0,
        auto_showdown: bool = True,
    ) -> tuple[str, TableConfig]:
        """A new table's name (trimmed) and settings, tried without the store (a fraction of a millisecond, so on
        the event loop); raises :class:`RoomError` naming what is allowed."""
        if not isinstance(name, str) or not 1 <= len(name.strip()) <= 60 or not name.isprintable():
            raise RoomError("a table name is 1 to 60 printable characters")
        room_game(game)  # UnsupportedRule naming the games; a research game is never a room table
        config = TableConfig(
            game=game, stakes=stakes, limit=limit, rules=dict(rules or {}), real_money=real_money, seats=seats,
            auto_showdown=auto_showdown,
        )  # fmt: skip
        if not whole_number(bots) or bots < 0:
            raise RoomError(f"bots must be a whole number, 0 or more, not {bots!r}")
        probe = PokerTable(config)  # settings no table can play with are refused before anything is stored
        if bots > most_house_bots(probe.size):
            raise RoomError(
                f"a table of {probe.size} seats takes at most {plural(most_house_bots(probe.size), 'house bot')} "
                f"(one seat is a person's), not {bots}"
            )
        if probe.default_buy_in() > MAX_BUY_IN:
            raise RoomError(
                f"these stakes make a buy-in of {probe.default_buy_in()} chips; this room's tables take at most "
                f"{MAX_BUY_IN} (choose smaller stakes)"
            )
        return name.strip(), config

    def _build(self, name: str, config: TableConfig, bots: int, created_by: str | None) -> TableActor:
        """The store's part of creating table ``name`` (any thread): the name checked, the table stored with its
        house bots and the lobby's row; the actor returned, not yet in the lobby (:meth:`_register`)."""
        try:
            self.store.table_id(name)
        except StoreError:
            pass
        else:
            raise RoomError(f"a table named {name!r} already exists")
        actor = self._actor(None, name, config, bots, created_by)
        with self.store.writing() as conn:
            conn.execute(lobby_tables.insert().values(table_id=actor.info.id, bots=bots, created_by=created_by))
        return actor

    def _start(
        self, table_id: int | None, name: str, config: TableConfig | None, bots: int, created_by: str | None
    ) -> TableActor:
        actor = self._actor(table_id, name, config, bots, created_by)
        self._register(actor)
        return actor

    def _register(self, actor: TableActor) -> None:
        """Put ``actor`` in the lobby, its task started if the event loop runs (on the loop's thread)."""
        self.actors[actor.info.id] = actor
        if self.tasks or _running_loop():
            self._launch(actor)

    def _actor(
        self, table_id: int | None, name: str, config: TableConfig | None, bots: int, created_by: str | None
    ) -> TableActor:
        """Table ``table_id`` (``None``: a new one named ``name`` with ``config``) opened in the store with its
        actor and ``bots`` house bots seated; not yet in the lobby."""
        real_money = config.real_money if config is not None else None
        if real_money is None:
            stored = self.store.table_config(self.store.table_id(name))
            real_money = bool(stored.get("real_money", False))
        runner = TableRunner(
            self.store, name, config, clock=self.clock, account_of=_account_of(real_money),
            by_heartbeat=self.takes_by_heartbeat,
        )  # fmt: skip
        table = runner.table
        info = TableInfo(
            id=runner.table_id,
            name=name,
            game=table.game.id,
            game_name=table.game.name,
            family=table.game.family.value,
            stakes=stakes_text(table),
            limit=table._limit.value,
            real_money=runner.config.real_money,
            seats=table.size,
            players=[None] * table.size,
            buy_in={"min": table.buy_in.minimum, "max": table.buy_in.maximum, "default": table.default_buy_in()},
            created_by=created_by,
        )
        account_of = _account_of(runner.config.real_money)

        real = runner.config.real_money
        where = f"table {runner.table_id} ({name})"

        def fund_bot(bot: str) -> None:
            # A bot's account holds one default buy-in before it sits or rebuys, moved from the house's bankroll.
            account = account_of(bot)
            try:
                account_id = self.store.account_id(account)
            except StoreError:
                account_id = self.store.create_account(account)
            want = table.default_buy_in() - self.store.balance(account_id)
            if want <= 0:
                return
            # HouseBankrollShort when the house cannot: the actor logs it (once per table till its bots sit).
            self.store.fund_from_house(
                account_id, want, real_money=real, memo=f"house bankroll to {bot} at {where}", top_up=not real
            )

        def bot_home(bot: str) -> int:
            return self._bots_home(runner.table_id, real, f"{bot} left {where}: chips back to the house", bot)

        # A crash or an older release may have left chips in this table's bots' accounts: the house's again.
        self._bots_home(runner.table_id, real, f"house bots' chips back from {where}")
        seed = None if self.seed is None else self.seed + runner.table_id
        runner.table.seed = seed  # every deck of this table from its seed
        actor = TableActor(runner, info=info, fund_bot=fund_bot, bot_home=bot_home, seed=seed, **self.actor_options)
        # The operator's number (a row of an older release may ask for more): sat again whenever one is missing.
        actor.house_bots = min(bots, most_house_bots(table.size))
        actor.seat_house_bots()
        return actor

    def _bots_home(self, table_id: int, real_money: bool, memo: str, bot: str | None = None) -> int:
        """Every chip in the accounts of table ``table_id``'s house bots (``bot`` alone when given) back to the
        house's bankroll; returns the chips moved."""
        account_of = _account_of(real_money)
        names = (
            accounts.c.name == account_of(bot)
            if bot
            else accounts.c.name.startswith(account_of(f"{BOT_PREFIX}{table_id}-"), autoescape=True)
        )
        with self.store.reading() as conn:
            ids = [int(i) for i in conn.execute(select(accounts.c.id).where(names)).scalars()]
        return self.store.return_to_house(ids, real_money=real_money, memo=memo) if ids else 0

    def _retired(self, table_id: int, name: str, held: dict[int, str]) -> bool:
        """Whether table ``table_id`` is closed (``held``: :func:`~pokerroom.store.audit.table_statuses`); a
        closed table a crash left chips at is opened once (its hand voided, RULES §3.8) and cashed out, and its
        house bots' chips go back to the house (a crash during the close, or a refused sweep, left them there)."""
        if held.get(table_id) != CLOSED:
            return False
        real_money = bool(self.store.table_config(table_id).get("real_money", False))
        if self.store.stacks(table_id) or self.store.hands_in_progress(table_id):
            with TableRunner(self.store, name, clock=self.clock, account_of=_account_of(real_money)) as runner:
                self.store.cash_out_all(table_id, lease=runner.lease)
        self._bots_home(table_id, real_money, f"house bots of the closed table {table_id} ({name}) back to the house")
        return True

    def close_table(self, table_id: int, then: Callable[[TableActor, dict[str, int]], None] | None = None) -> bool:
        """Close table ``table_id`` (an operator's; on the event loop): no more deals, everyone stood up and
        cashed out once the hand being played is over, then the table leaves the lobby and ``then`` is called
        with the actor and the chips each player took back (the store's status, written by the caller, keeps it
        closed after a restart).  Returns whether it closed at once.  Raises :class:`RoomError` for an unknown
        table."""
        actor = self.actor(table_id)

        def closed(actor: TableActor, moved: dict[str, int]) -> None:
            self.actors.pop(actor.info.id, None)
            task = self.tasks.pop(actor.info.id, None)  # the task ends by itself
            if task is not None and not task.done():
                self._ending.add(task)
                task.add_done_callback(self._ending.discard)
            if then is not None:
                then(actor, moved)

        actor.when_closed = closed
        return actor.close_table()

    # ------------------------------------------------------------------ operators' table actions

    async def table_state(self, table_id: int) -> dict[str, object] | None:
        """What an operator's table action checks first (on the event loop): :meth:`table_state_now` here; a gateway
        of the split room asks the table's worker."""
        return self.table_state_now(table_id)

    def table_state_now(self, table_id: int) -> dict[str, object] | None:
        """``{"closing": bool, "hand_playing": hand id or None}`` of table ``table_id``, ``None`` when this lobby
        does not play it."""
        actor = self.actors.get(table_id)
        if actor is None:
            return None
        return {"closing": actor.closing, "hand_playing": actor.hand_playing()}

    async def table_action(
        self, table_id: int, action: str, *, operator: str, hand: int | None = None
    ) -> dict[str, Any]:
        """An operator's table action applied (on the event loop): :meth:`table_action_now` here; a gateway of the
        split room has the table's worker apply it."""
        return self.table_action_now(table_id, action, operator=operator, hand=hand)

    def table_action_now(self, table_id: int, action: str, *, operator: str, hand: int | None = None) -> dict[str, Any]:
        """Apply ``action`` (:data:`~pokerroom.store.audit.TABLE_ACTIONS`) of ``operator`` to table ``table_id``:
        pause or resume its deals, void hand ``hand`` (RULES §3.8: every contribution back), or close it (every
        socket there ended with :data:`TABLE_CLOSED` once it has closed).  Returns what it did (JSON: ``done`` and
        what more); a table this lobby does not play, or a hand no longer played, does nothing and says why."""
        actor = self.actors.get(table_id)
        if actor is None:
            return {"done": False, "why": f"table {table_id} is not open on this server"}
        if action == "pause":
            actor.pause()
            return {"done": True, "hand_playing": actor.runner.hand_id}
        if action == "resume":
            actor.resume()
            return {"done": True}
        if action == "void":
            reason = f"voided by operator {operator}: hand void, chips returned (RULES §3.8)"
            voided = actor.void_hand(reason, hand)
            if voided is None:
                return {"done": False, "why": f"hand {hand} is not being played at table {table_id}"}
            return {"done": True, "hand": voided}
        if action == "close":
            return {"done": True, "closed_at_once": self.close_table(table_id, then=_closed_by_operator)}
        return {"done": False, "why": f"no table action {action!r}"}

    def table_presence(self) -> list[dict[str, Any]]:
        """Who is at each table of this lobby: ``[{"table": id, "seated": [names], "connected": [names with a
        connection open]}]`` by table id, names sorted, house bots left out of ``seated`` (who is online, issue
        20; a worker of the split room publishes its tables' with their rows)."""
        out: list[dict[str, Any]] = []
        for table_id, actor in sorted(self.actors.items()):
            seated = sorted({st.player for st in actor.table.seats if st is not None and st.player not in actor.bots})
            connected = sorted(name for name, conns in actor.connections.items() if conns)
            out.append({"table": table_id, "seated": seated, "connected": connected})
        return out

    def room_presence(self, players: Collection[str]) -> list[dict[str, Any]]:
        """Who is online in the room and where (:func:`presence_of`), ``players`` having a socket open at this
        server: here every table is this lobby's and every socket this server's; a gateway of the split room adds
        the workers' tables and the other gateways' sockets."""
        return presence_of(players, self.table_presence())

    def share_socket_ends(self, registry: SocketRegistry) -> None:
        """Where else an end of ``registry``'s sockets (the server's: a hold, a log-out everywhere, a password
        changed) must happen: nowhere for the single process, whose registry holds every socket of the room; a
        gateway of the split room has every other gateway end the same sockets."""

    async def remove_player(self, player: str, reason: str) -> list[int]:
        """An operator's hold on ``player`` at the tables (on the event loop): :meth:`remove_player_now` here; a
        gateway of the split room has every worker do it."""
        return self.remove_player_now(player)

    def remove_player_now(self, player: str) -> list[int]:
        """Stand ``player`` up at every table of this lobby (after the hand they are dealt into, their chips back
        to their account) and take them off every waiting list; the ids of the tables they were seated at."""
        return [table_id for table_id, actor in sorted(self.actors.items()) if actor.remove_player(player)]

    def actor(self, table_id: int) -> TableActor:
        actor = self.actors.get(table_id)
        if actor is None:
            raise UnknownTable(f"no table with id {table_id}")
        return actor

    def renew_leases(self) -> set[int]:
        """Refresh the lease of every table this process plays, in one statement (:func:`pokerroom.store.leases.renew`;
        every :data:`~pokerroom.store.leases.HEARTBEAT` seconds, so an idle table is never taken from a live holder
        after the short timeout); returns the tables whose lease another holder took (their writes are refused)."""
        held = {table_id: actor.runner.lease for table_id, actor in list(self.actors.items())}
        if not held:
            return set()
        with self.store.writing() as conn:
            return _leases.renew(conn, self.store.now(), held)

    def table_json(self, table_id: int) -> dict[str, object] | None:
        """Table ``table_id`` as ``GET /api/tables/ID`` gives it (:meth:`TableActor.json`); None: no such table."""
        actor = self.actors.get(table_id)
        return None if actor is None else actor.json()

    def socket_route(
        self, table_id: int
    ) -> tuple[Callable[[Any, Any], None], Callable[[str | bytes], Any]] | None:
        """How a WebSocket at table ``table_id`` reaches it: the ``submit`` its connect, commands and disconnect go
        to, and the reader of its messages (:func:`~pokerroom.server.sockets.talk`'s); None: no such table.  Here
        the table's actor and the protocol's parser; a split room's gateway relays them to a worker instead
        (:mod:`pokerroom.server.split.gateway`)."""
        actor = self.actors.get(table_id)
        return None if actor is None else (actor.submit, parse)

    def infos(self) -> list[TableInfo]:
        return [a.info for a in self.actors.values()]

    def rows(self) -> list[dict[str, object]]:
        """The lobby's rows: each table's JSON (:meth:`TableActor.json`) with ``stake`` (the big blind, else the
        small bet: the table's unit, an integer of chips, for sorting), ``stats`` (avg_pot, players_per_flop,
        hands_per_hour, hands: :mod:`pokerroom.store.table_stats`) and ``waiting`` (players on its waiting
        list)."""
        actors = list(self.actors.values())
        figures = self.stats.stats([a.info.id for a in actors])
        rows: list[dict[str, object]] = []
        for a in actors:
            row = a.json()
            row["stake"] = a.table.stakes.unit
            row["stats"] = figures[a.info.id].json()
            row["waiting"] = len(a.waitlist.players)
            rows.append(row)
        return rows

    # ------------------------------------------------------------------ waiting lists

    async def waitlist(self, what: str, player: str, table_id: int | None = None) -> Any:
        """The HTTP API's waiting-list requests (on the event loop): :meth:`waitlist_request` here; a gateway of
        the split room asks the workers (:class:`~pokerroom.server.split.gateway.GatewayLobby`)."""
        return self.waitlist_request(what, player, table_id)

    def waitlist_request(self, what: str, player: str, table_id: int | None = None) -> Any:
        """One of :data:`WAITLIST_REQUESTS` for ``player`` over this lobby's tables (``table_id`` for "join" and
        "leave"): :meth:`join_waitlist`, :meth:`leave_waitlist`, :meth:`waitlists` or :meth:`leave_waitlists`.
        Raises :class:`UnknownTable` for a table not here, :class:`RoomError` for a refused join or another
        request."""
        if what in TABLE_WAITLIST_REQUESTS:
            if table_id is None:
                raise RoomError(f"a waiting list's {what!r} names its table")
            return self.join_waitlist(table_id, player) if what == "join" else self.leave_waitlist(table_id, player)
        if what == "mine":
            return self.waitlists(player)
        if what == "leave_all":
            self.leave_waitlists(player)
            return None
        raise RoomError(f"no waiting-list request {what!r}; one of {', '.join(WAITLIST_REQUESTS)}")

    def join_waitlist(self, table_id: int, player: str) -> dict[str, object]:
        """Put ``player`` on table ``table_id``'s waiting list (server/waitlist.py); returns their entry (see
        :meth:`waitlists`).  Raises :class:`RoomError` for an unknown table, a player seated there or a table
        with a seat free for anyone."""
        actor = self.actor(table_id)
        seats = actor.table.seats
        actor.waitlist.join(
            player,
            free_seats=[i for i, st in enumerate(seats) if st is None],
            seated=any(st is not None and st.player == player for st in seats),
        )
        actor.waitlist_changed()
        entry = self._entry(actor, player)
        assert entry is not None
        return entry

    def leave_waitlist(self, table_id: int, player: str) -> bool:
        """Take ``player`` off table ``table_id``'s waiting list (declining a seat offered, which goes to the
        next in line); whether they were on it.  Raises :class:`RoomError` for an unknown table."""
        actor = self.actor(table_id)
        left = actor.waitlist.leave(player)
        actor.waitlist_changed()
        return left

    def leave_waitlists(self, player: str) -> None:
        """Take ``player`` off every waiting list (their last session logged out; on the event loop): a seat
        offered to them goes to the next in line at once."""
        for actor in list(self.actors.values()):
            if actor.waitlist.leave(player):
                actor.waitlist_changed()

    def waitlists(self, player: str) -> list[dict[str, object]]:
        """``player``'s places on waiting lists, by table id: ``{"table", "name", "place", "waiting", "offer":
        {"seat", "seconds"} | null}`` (``seconds``: left of the offer, table clock, one decimal).  Brings every
        list up to date first (an offer that ran out passed on)."""
        out: list[dict[str, object]] = []
        for actor in list(self.actors.values()):
            actor.offer_seats()
            entry = self._entry(actor, player)
            if entry is not None:
                out.append(entry)
        return out

    def _entry(self, actor: TableActor, player: str) -> dict[str, object] | None:
        w = actor.waitlist
        place = w.place(player)
        if place is None:
            return None
        offer = w.offer(player)
        seconds = None if offer is None else round(max(0.0, offer.until - actor.clock.now()), 1)
        return {
            "table": actor.info.id,
            "name": actor.info.name,
            "place": place,
            "waiting": len(w.players),
            "offer": None if offer is None else {"seat": offer.seat, "seconds": seconds},
        }

    # ------------------------------------------------------------------ tasks

    def _launch(self, actor: TableActor) -> None:
        self.tasks[actor.info.id] = asyncio.get_running_loop().create_task(actor.run(), name=actor.info.name)

    async def start(self) -> None:
        """Start every actor's task (inside the server's event loop)."""
        for actor in self.actors.values():
            if actor.info.id not in self.tasks:
                self._launch(actor)

    async def stop(self) -> ShutSummary:
        """Stop every actor, void the hands being played (each player gets back what they put in, RULES §3.8),
        stand everyone up (their chips back to their accounts) and give the tables' leases back; returns what
        that did, summed over the tables."""
        for actor in self.actors.values():
            actor.stop()
        for task in [*self.tasks.values(), *self._ending]:
            with contextlib.suppress(Exception, asyncio.CancelledError):
                await asyncio.wait_for(task, 5)
        self.tasks.clear()
        return self.close()

    def close(self) -> ShutSummary:
        """Void running hands, stand everyone, release the leases (no event loop needed); returns what that did,
        summed over the tables."""
        done = ShutSummary()
        for actor in self.actors.values():
            with contextlib.suppress(PokerroomError):
                done += actor.shut()
        self.actors.clear()
        return done


def _running_loop() -> bool:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True


def end_connections(conns: Iterable[object], code: int, reason: str) -> None:
    """Close each of ``conns`` that can be closed (a socket, or a split room's connection through its gateway;
    in-process test connections cannot) with ``code`` and ``reason``."""
    for conn in conns:
        end = getattr(conn, "end", None)
        if end is not None:
            end(code, reason)


def _closed_by_operator(actor: TableActor, moved: dict[str, int]) -> None:
    """A table an operator closed has closed: every socket there ends with :data:`TABLE_CLOSED` (a gateway's too,
    through its worker), and the log says who took what back."""
    reason = f"table {actor.info.id} is closed"
    end_connections((conn for conns in actor.connections.values() for conn in conns), TABLE_CLOSED, reason)
    event("admin", action="table_closed", target=str(actor.info.id), cashed_out=moved)
