"""The split room (issue 25) on the real NATS and PostgreSQL: a gateway and two workers as processes, a player
through the gateway's WebSocket, the worker holding the table SIGKILLed mid-hand.

Also the lease renewal a worker's heartbeat runs (:func:`pokerroom.store.leases.renew`), on both stores.
Skipped, saying why, when NATS (127.0.0.1:4222) or PostgreSQL is out of reach.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine
from sqlalchemy.engine import make_url
from sqlalchemy.pool import NullPool
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

import soak
from pokerroom.errors import RoomError, StoreError
from pokerroom.room.clock import VirtualClock
from pokerroom.room.table import TableConfig
from pokerroom.server.accounts import Users, play_account
from pokerroom.server.admin_desk import ACCOUNT_HELD, AdminDesk
from pokerroom.server.lobby import TABLE_CLOSED, Lobby, TableUnreachable, UnknownTable
from pokerroom.server.protocol import VERSION, Sit
from pokerroom.server.sockets import SocketRegistry
from pokerroom.server.split.gateway import GatewayLobby
from pokerroom.server.split.subjects import GATEWAY_TIMEOUT, Publisher, envelope
from pokerroom.server.split.worker import Worker
from pokerroom.server.starters import Starter
from pokerroom.store import Store, audit, leases
from pokerroom.store.runner import TableRunner
from pokerroom.store.schema import lobby_tables
from servertools import PASSWORD, Recorder, States, check_or_call, my_turn
from storetools import PG_URL, Clock, holder_dies, pg_database

CLI = [str(Path(sys.executable).parent / "pokerroom")]
NATS_URL = os.environ.get("POKERROOM_NATS_URL", "nats://127.0.0.1:4222")

TABLES = """
[[table]]
name = "Split"
game = "holdem"
stakes = "1/2"
limit = "fixed"
seats = 4
bots = 2
"""

Message = dict[str, Any]


def _unreachable() -> str | None:
    """Why the split room cannot be tested here (None: NATS and PostgreSQL answer)."""
    url = make_url(NATS_URL.replace("nats://", "http://"))
    try:
        socket.create_connection((url.host or "127.0.0.1", url.port or 4222), timeout=2).close()
    except OSError as exc:
        return f"NATS is not reachable at {NATS_URL}: {exc}"
    engine = create_engine(PG_URL, poolclass=NullPool, connect_args={"connect_timeout": 3})
    try:
        with engine.connect():
            pass
    except Exception as exc:
        return f"PostgreSQL is not reachable at {PG_URL}: {exc}"
    finally:
        engine.dispose()
    return None


# --- the lease renewal (no NATS needed) ----------------------------------------------------------------------


def test_a_gateway_reads_a_binary_frame_as_the_single_process_does() -> None:
    """A binary frame is read as JSON reads bytes (UTF-8, -16 or -32): the gateway relays it to the worker as the
    text the single process would have parsed; bytes that are no such text are refused (``malformed``), never a
    dropped socket."""
    from pokerroom.server.protocol import ProtocolError, parse
    from pokerroom.server.split.gateway import Relayed, relay

    chat = '{"v":4,"type":"chat","text":"é"}'
    for encoding in ("utf-8", "utf-16-le", "utf-16", "utf-32"):
        data = chat.encode(encoding)
        assert relay(data) == Relayed(chat), encoding
        assert parse(data) == parse(chat)
    for junk in (b'{"v":4,"type":"chat","text":"\xff"}', '{"v":4}'.encode("utf-16-le")[:-1]):
        with pytest.raises(ProtocolError) as refused:
            relay(junk)
        assert refused.value.code == "malformed"


def test_renew_refreshes_held_leases_and_names_lost_ones(store: Store) -> None:
    runner = TableRunner(store, "beat", TableConfig("holdem"))
    other = TableRunner(store, "other", TableConfig("holdem"))
    held = {runner.table_id: runner.lease, other.table_id: other.lease}
    with store.writing() as conn:
        assert leases.renew(conn, store.now(), held) == set()
    holder_dies(store, runner.table_id)
    again = TableRunner(store, "beat")  # takes the table over: the first runner lost it
    with store.writing() as conn:
        assert leases.renew(conn, store.now(), held) == {runner.table_id}
        assert leases.renew(conn, store.now(), {}) == set()
    with store.reading() as conn:
        assert {lease.table for lease in leases.every(conn)} == {runner.table_id, other.table_id}
    again.close()
    other.close()


def test_a_worker_takes_a_hung_holders_table_on_its_own_host_by_its_heartbeat(store: Store, clock: Clock) -> None:
    """A holder on this host whose process lives (this one) but whose heartbeat is older than the timeout: a
    worker's runner (``by_heartbeat``) takes its table; any other runner is refused while the process lives."""
    hung = TableRunner(store, "hung", TableConfig("holdem"))
    clock.advance(seconds=leases.DEFAULT_TIMEOUT - 1)
    with pytest.raises(StoreError, match="once its heartbeat is more than 5 s old"):
        TableRunner(store, "hung", by_heartbeat=True)  # still fresh: refused
    clock.advance(seconds=2)  # the heartbeat is now DEFAULT_TIMEOUT + 1 seconds old
    with pytest.raises(StoreError, match="once that process has ended"):
        TableRunner(store, "hung")
    worker = TableRunner(store, "hung", by_heartbeat=True)
    assert worker.taken_over is not None and worker.taken_over.owner == hung.lease
    lease = store.lease(worker.table_id)
    assert lease is not None and lease.owner == worker.lease
    worker.close()


def test_a_single_process_room_renews_the_leases_of_its_idle_tables(store: Store, clock: Clock) -> None:
    """``pokerroom serve`` without NATS renews too (``Lobby.renew_leases``, every HEARTBEAT): a table nobody plays
    keeps a fresh heartbeat, so no server on another host takes it after the 5 s timeout; a lease another holder
    took is named."""
    lobby = Lobby(store, clock=VirtualClock(), seed=7, bot_delay=0.0, next_hand_delay=0.0)
    lobby.open(starters=[Starter("Idle", "holdem", "1/2", bots=0), Starter("Other", "holdem", "1/2", bots=0)])
    idle, other = store.table_id("Idle"), store.table_id("Other")
    first = store.lease(idle)
    assert first is not None and leases.DEFAULT_TIMEOUT == 5.0 and leases.HEARTBEAT == 1.0
    clock.advance(seconds=4)
    assert lobby.renew_leases() == set()
    renewed = store.lease(idle)
    assert renewed is not None and renewed.owner == first.owner
    assert (renewed.heartbeat - first.heartbeat).total_seconds() == 4
    store.release_lease(other)
    store.take_lease(other, "thief", host="elsewhere", pid=1)
    assert lobby.renew_leases() == {other}
    lease = store.lease(other)
    assert lease is not None and lease.owner == "thief"
    lobby.close()


# --- a worker's heartbeat, in this process, over the real NATS server ------------------------------------------


def test_a_worker_claims_serves_and_drops_a_table_whose_lease_was_taken(store: Store) -> None:
    """One heartbeat claims the free table (subscribed, announced); a gateway's socket connects through
    ``room.table.<id>.in`` and gets the actor's messages on its subject; a gateway silent for longer than
    GATEWAY_TIMEOUT has its sockets disconnected; a lease another holder took is dropped at the next beat, and the
    table is not claimed again while that holder lives."""
    TableRunner(store, "T", TableConfig("holdem")).close()
    with store.writing() as conn:
        conn.execute(lobby_tables.insert().values(table_id=store.table_id("T"), bots=0, created_by=None))
    table = store.table_id("T")
    why = _unreachable()
    if why:
        pytest.skip(why)
    room = f"r{random.getrandbits(32):08x}"  # subjects of this test alone on the shared server

    async def main() -> None:
        import nats

        client = await nats.connect(NATS_URL)
        published: list[tuple[str, bytes]] = []

        async def keep(msg: Any) -> None:
            published.append((msg.subject, msg.data))

        await client.subscribe(f"{room}.>", cb=keep)
        worker = Worker(store, NATS_URL, name="w", room=room)
        worker._client = client
        worker._out = out = Publisher(client)
        pump = asyncio.get_running_loop().create_task(out.pump())
        await worker.beat()
        assert list(worker.lobby.actors) == [table]
        await client.publish(f"{room}.table.{table}.in", envelope("connect", "gw1", 7, "alice"))
        await client.flush()
        for _ in range(100):  # the worker's subscription, the actor's turn, then the publisher's
            if sum(subject == f"{room}.gw.gw1.7" for subject, _ in published) >= 2:
                break
            await asyncio.sleep(0.05)
        sent = [json.loads(data)["type"] for subject, data in published if subject == f"{room}.gw.gw1.7"]
        assert sent[:2] == ["welcome", "state"]
        assert (f"{room}.table.{table}.owner", b'{"worker": "w"}') in published
        actor = worker.lobby.actors[table]
        assert list(actor.connections) == ["alice"]

        # Not renewed for longer than a taker waits (the worker was stopped): no message is answered until the
        # next renewal says which tables it still holds.
        worker.renewed -= leases.DEFAULT_TIMEOUT + 1
        assert worker.stale()
        await client.publish(f"{room}.table.{table}.in", envelope("connect", "gw1", 8, "bob"))
        await client.flush()
        await asyncio.sleep(0.2)
        assert list(actor.connections) == ["alice"]
        await worker.beat()
        assert not worker.stale()
        await client.publish(f"{room}.table.{table}.in", envelope("connect", "gw1", 8, "bob"))
        await client.flush()
        for _ in range(100):
            if "bob" in actor.connections:
                break
            await asyncio.sleep(0.02)
        assert list(actor.connections) == ["alice", "bob"]

        worker.gateways["gw1"] -= GATEWAY_TIMEOUT + 1  # silent for too long: its sockets are gone
        await worker.beat()
        await asyncio.sleep(0.1)
        assert actor.connections == {} and worker.sockets[table] == {} and "gw1" not in worker.gateways

        store.release_lease(table)
        store.take_lease(table, "thief", host="elsewhere", pid=1)
        await worker.beat()
        assert worker.lobby.actors == {} and actor.closed and actor.runner.closed
        lease = store.lease(table)
        assert lease is not None and lease.owner == "thief"  # dropping it wrote nothing
        pump.cancel()
        await client.close()

    asyncio.run(main())


def test_waiting_lists_through_a_gateway_are_the_tables_workers(store: Store) -> None:
    """A gateway's waiting-list requests reach the worker holding the table (join, leave: ``room.table.<id>.ask``)
    or every worker (a player's places, leaving every list: ``room.waitlists``), and give what the single
    process's lobby gives: the entry with its place, the refusals (a seated player, an unknown table: 404), the
    places sorted by table."""
    why = _unreachable()
    if why:
        pytest.skip(why)
    users = Users(store)
    for name in ("alice", "bob", "carol", "dave"):
        users.sign_up(name, PASSWORD)
    table = _lobby_table(store, "W")
    _with_worker_and_gateway(store, lambda worker, gateway: _waitlists(worker, gateway, table))


async def _waitlists(worker: Worker, gateway: GatewayLobby, table: int) -> None:
    actor = worker.lobby.actors[table]
    for seat, name in enumerate(("alice", "bob")):
        conn = Recorder(name)
        actor.connect(conn)
        actor.handle(conn, Sit(seat, 200))
    with pytest.raises(UnknownTable, match="no table with id 999"):
        await gateway.waitlist("join", "carol", 999)
    with pytest.raises(RoomError, match="alice already has a seat at this table"):
        await gateway.waitlist("join", "alice", table)
    first = {"table": table, "name": "W", "place": 1, "waiting": 1, "offer": None}
    assert await gateway.waitlist("join", "carol", table) == first
    assert (await gateway.waitlist("join", "dave", table))["place"] == 2
    assert await gateway.waitlist("mine", "dave") == [
        {"table": table, "name": "W", "place": 2, "waiting": 2, "offer": None}
    ]
    assert actor.waitlist.players == ["carol", "dave"]  # the worker's list, beside its actor
    assert await gateway.waitlist("leave", "carol", table) is True
    assert await gateway.waitlist("leave", "carol", table) is False
    assert await gateway.waitlist("leave_all", "dave") is None
    assert await gateway.waitlist("mine", "dave") == [] and actor.waitlist.players == []
    with pytest.raises(RoomError, match="no waiting-list request 'sideways'"):
        await gateway.waitlist("sideways", "dave")


class _GatewaySocket:
    """A player's socket as a gateway holds it: what it is sent and how it was ended."""

    def __init__(self, player: str) -> None:
        self.player = player
        self.sent: list[str] = []
        self.ended: tuple[int, str] | None = None

    def send(self, message: Any) -> None:
        self.sent.append(message if isinstance(message, str) else json.dumps(message))

    def end(self, code: int, reason: str) -> None:
        self.ended = (code, reason)


def test_an_operators_table_actions_through_a_gateway_are_applied_by_the_tables_worker(store: Store) -> None:
    """Pause, resume, void and close reach the worker holding the table (``room.table.<id>.ask``) and do what they
    do in the single process; closing ends the gateway's sockets at the table with TABLE_CLOSED; a table no worker
    holds is said to be so.  A queued action is claimed by one server only (several gateways poll the queue).  A
    hold on a player stands them up at every worker's table and ends their sockets there with ACCOUNT_HELD."""
    why = _unreachable()
    if why:
        pytest.skip(why)
    Users(store).sign_up("bob", PASSWORD)
    table = _lobby_table(store, "W")
    queued = audit.table_action(store, table, "pause", operator="olga", applied=False)
    assert audit.claim(store, queued.id) and not audit.claim(store, queued.id)
    audit.table_action(store, table, "resume", operator="olga", applied=True)
    _with_worker_and_gateway(store, lambda worker, gateway: _table_actions(worker, gateway, table))


async def _alice_watches_bob_sits(
    worker: Worker, gateway: GatewayLobby, table: int
) -> tuple[Any, _GatewaySocket, _GatewaySocket]:
    """Alice's and bob's sockets at ``table`` through ``gateway``, bob seated at seat 1 with 200 chips: the table's
    actor (at the worker) and the two sockets."""
    actor = worker.lobby.actors[table]
    alice, bob = _GatewaySocket("alice"), _GatewaySocket("bob")
    for sock in (alice, bob):
        gateway._submit(table, sock, "connect")  # type: ignore[arg-type]
    for _ in range(100):
        if actor.connections.get("alice") and actor.connections.get("bob"):
            break
        await asyncio.sleep(0.02)
    actor.handle(actor.connections["bob"][0], Sit(1, 200))
    return actor, alice, bob


async def _table_actions(worker: Worker, gateway: GatewayLobby, table: int) -> None:
    actor, sock, bob = await _alice_watches_bob_sits(worker, gateway, table)
    assert actor.table.seats[1] is not None and actor.table.seats[1].player == "bob"
    assert await gateway.remove_player("bob", "bob is banned from this room") == [table]
    for _ in range(100):
        if bob.ended is not None:
            break
        await asyncio.sleep(0.02)
    assert bob.ended == (ACCOUNT_HELD, "bob is banned from this room") and actor.table.seats[1] is None
    assert await gateway.remove_player("bob", "bob is banned from this room") == []  # seated nowhere now
    assert await gateway.table_state(table) == {"closing": False, "hand_playing": None}
    assert await gateway.table_state(table + 1000) is None
    assert await gateway.table_action(table, "pause", operator="olga") == {"done": True, "hand_playing": None}
    assert actor.paused
    assert await gateway.table_action(table, "resume", operator="olga") == {"done": True}
    assert not actor.paused
    assert await gateway.table_action(table, "void", operator="olga", hand=5) == {
        "done": False, "why": f"hand 5 is not being played at table {table}"
    }  # fmt: skip
    unknown = await gateway.table_action(table + 1000, "pause", operator="olga")
    assert unknown == {"done": False, "why": f"table {table + 1000} is not open"}
    # A table open in the store that no worker holds yet (made after the worker's beat): its worker is unreachable;
    # a queued action on it stays queued; closed meanwhile, the close is done at the gateway.
    unheld = _lobby_table(worker.store, "V")
    with pytest.raises(TableUnreachable, match=f"table {unheld}'s worker did not answer"):
        await gateway.table_state(unheld)
    with pytest.raises(TableUnreachable):
        await gateway.waitlist("join", "carol", unheld)
    desk = AdminDesk(worker.store, gateway, SocketRegistry(24, 200))
    queued = audit.table_action(worker.store, unheld, "pause", operator="olga", applied=False)
    assert await desk._catch_up() == 0
    assert [e.id for e in audit.pending(worker.store)] == [queued.id]  # tried again at the next poll
    audit.mark_applied(worker.store, {queued.id: {"done": False, "why": "the test's"}})
    there = _GatewaySocket("carol")
    gateway._submit(unheld, there, "connect")  # type: ignore[arg-type]
    audit.table_action(worker.store, unheld, "close", operator="olga", applied=True)
    assert await gateway.table_action(unheld, "close", operator="olga") == {"done": True, "closed_at_once": True}
    assert there.ended == (TABLE_CLOSED, f"table {unheld} is closed")
    assert await gateway.table_action(table, "close", operator="olga") == {"done": True, "closed_at_once": True}
    for _ in range(100):
        if sock.ended is not None:
            break
        await asyncio.sleep(0.02)
    assert sock.ended == (TABLE_CLOSED, f"table {table} is closed")
    assert table not in worker.lobby.actors


def test_who_is_online_is_the_whole_rooms_through_any_gateway(store: Store) -> None:
    """Who is online (the admin desk's presence, ``GET /api/admin/online``) through any gateway of the split room:
    every gateway's sockets (``room.gateways.presence``) and every worker's tables (its rows' ``presence``)."""
    why = _unreachable()
    if why:
        pytest.skip(why)
    for name in ("alice", "bob", "dave"):
        Users(store).sign_up(name, PASSWORD)
    table = _lobby_table(store, "P")
    _with_worker_and_gateway(store, lambda worker, gateway: _presence(worker, gateway, table))


async def _presence(worker: Worker, gateway: GatewayLobby, table: int) -> None:
    from pokerroom.server.sockets import Socket

    other = GatewayLobby(worker.store, NATS_URL, room=gateway.subjects.room, name="g2")
    registries = [SocketRegistry(24, 200), SocketRegistry(24, 200)]
    for g, registry in zip((gateway, other), registries, strict=True):
        g.share_socket_ends(registry)
    await other.start()
    try:
        _actor, _alice, bob = await _alice_watches_bob_sits(worker, gateway, table)
        assert registries[0].open(Socket("alice")) is None and registries[1].open(Socket("dave")) is None

        desks = [AdminDesk(worker.store, g, r) for g, r in zip((gateway, other), registries, strict=True)]

        async def heard(want: list[dict[str, Any]]) -> None:
            await worker.beat()  # its rows, with its tables' players
            for g in (gateway, other):
                g._tell_presence()
            for _ in range(200):
                if all(desk.presence() == want for desk in desks):
                    return
                await asyncio.sleep(0.02)
            for desk in desks:
                assert desk.presence() == want, desk.lobby

        # Alice watches through the first gateway, bob sits there, dave is in the lobby of the second.
        await heard([
            {"player": "alice", "seated": [], "watching": [table], "away": []},
            {"player": "bob", "seated": [table], "watching": [], "away": []},
            {"player": "dave", "seated": [], "watching": [], "away": []},
        ])  # fmt: skip
        # Bob's socket goes: his seat is kept (away), as the single process says it.
        gateway._submit(table, bob, "disconnect")  # type: ignore[arg-type]
        await heard([
            {"player": "alice", "seated": [], "watching": [table], "away": []},
            {"player": "bob", "seated": [table], "watching": [], "away": [table]},
            {"player": "dave", "seated": [], "watching": [], "away": []},
        ])  # fmt: skip
    finally:
        await other.stop()


class _TableActions:
    """A gateway's lobby as its admin desk sees it for table actions: each applied is recorded; while
    ``unreachable``, the table's worker does not answer."""

    def __init__(self) -> None:
        self.applied: list[tuple[int, str]] = []
        self.unreachable = False

    async def table_action(self, table_id: int, action: str, *, operator: str, hand: int | None = None) -> Any:
        if self.unreachable:
            raise TableUnreachable(f"table {table_id}'s worker did not answer")
        self.applied.append((table_id, action))
        return {"done": True}


def test_queued_table_actions_apply_in_audit_order_across_gateways(store: Store, clock: Clock) -> None:
    """Several gateways poll the command line's queue: a table's actions apply in audit order even when one
    gateway holds a claim on an earlier one (its worker not answering) or puts it back; other tables go on.  A
    claim held by a gateway that died holds the table's later actions for :data:`audit.CLAIM_SECONDS` only."""
    table, other = _lobby_table(store, "T"), _lobby_table(store, "U")
    first, second, third = (
        audit.table_action(store, table, action, operator="olga", applied=False)
        for action in ("pause", "resume", "pause")
    )
    elsewhere = audit.table_action(store, other, "pause", operator="olga", applied=False)
    lobby = _TableActions()
    desk = AdminDesk(store, lobby, SocketRegistry(24, 200))  # type: ignore[arg-type]

    async def main() -> None:
        # Another gateway claimed the resume (#2) and is still waiting on the table's worker.
        assert audit.claim(store, second.id)
        assert await desk._catch_up() == 2
        assert lobby.applied == [(table, "pause"), (other, "pause")]  # the third waits for the second
        assert [e.id for e in audit.pending(store)] == [third.id]
        # That gateway gives up on it (TableUnreachable) and puts it back: now it comes first, then the third.
        audit.unclaim(store, second.id)
        lobby.unreachable = True
        assert await desk._catch_up() == 0  # this gateway's worker does not answer either: both stay queued
        assert [e.id for e in audit.pending(store)] == [second.id, third.id]
        lobby.unreachable = False
        assert await desk._catch_up() == 2
        assert lobby.applied == [(table, "pause"), (other, "pause"), (table, "resume"), (table, "pause")]
        assert audit.pending(store) == [] and audit.in_flight(store) == []
        assert {e.id for e in audit.entries(store)} == {first.id, second.id, third.id, elsewhere.id}
        # A gateway claims a resume and dies: the pause queued after it waits, then goes on without it.
        lost = audit.table_action(store, table, "resume", operator="olga", applied=False)
        later = audit.table_action(store, table, "pause", operator="olga", applied=False)
        assert audit.claim(store, lost.id)
        clock.advance(seconds=audit.CLAIM_SECONDS - 1)
        assert await desk._catch_up() == 0 and [e.id for e in audit.in_flight(store)] == [lost.id]
        assert [e.id for e in audit.pending(store)] == [later.id]
        clock.advance(seconds=2)
        assert audit.in_flight(store) == []
        assert await desk._catch_up() == 1
        assert lobby.applied[-1] == (table, "pause") and len(lobby.applied) == 5

    asyncio.run(main())


def _lobby_table(store: Store, name: str) -> int:
    """A two-seat hold'em table of the room's lobby, nobody playing it; its id."""
    TableRunner(store, name, TableConfig("holdem", seats=2)).close()
    table = store.table_id(name)
    with store.writing() as conn:
        conn.execute(lobby_tables.insert().values(table_id=table, bots=0, created_by=None))
    return table


@contextlib.asynccontextmanager
async def _worker_and_gateway(store: Store) -> AsyncIterator[tuple[Worker, GatewayLobby]]:
    """A worker of ``store`` and a gateway on NATS, in a room of their own: the worker has beaten once (it holds
    the free tables) and the gateway has its rows."""
    import nats

    room = f"r{random.getrandbits(32):08x}"  # subjects of this test alone on the shared server
    client = await nats.connect(NATS_URL)
    worker = Worker(store, NATS_URL, name="w", room=room)
    worker._client = client
    worker._out = out = Publisher(client)
    pump = asyncio.get_running_loop().create_task(out.pump())
    await worker.listen()
    gateway = GatewayLobby(store, NATS_URL, room=room, name="g")
    await gateway.start()
    await worker.beat()
    for _ in range(100):
        if "w" in gateway.published:
            break
        await asyncio.sleep(0.02)
    try:
        yield worker, gateway
    finally:
        await gateway.stop()
        await worker.lobby.stop()
        pump.cancel()
        await client.close()


def _with_worker_and_gateway(store: Store, body: Callable[[Worker, GatewayLobby], Awaitable[None]]) -> None:
    """Await ``body(worker, gateway)`` with :func:`_worker_and_gateway`'s pair, in a thread of its own."""

    async def main() -> None:
        async with _worker_and_gateway(store) as (worker, gateway):
            await body(worker, gateway)

    asyncio.run(main())


def test_a_players_sockets_end_at_every_gateway(tmp_path: Path) -> None:
    """A hold, a log-out everywhere or a changed password ends the player's (or the session's) sockets at every
    gateway of the room, not only at the one that took the request (``room.sockets.end``); a session opened since
    the end (the new password's) keeps its sockets."""
    why = _unreachable()
    if why is not None:
        pytest.skip(why)
    from pokerroom.server.accounts import digest
    from pokerroom.server.sockets import SESSION_ENDED, Socket

    async def main() -> None:
        room = f"r{random.getrandbits(32):08x}"
        with Store(f"sqlite:///{tmp_path / 'room.db'}") as store:
            gateways = [GatewayLobby(store, NATS_URL, room=room, name=name) for name in ("a", "b", "c")]
            registries = [SocketRegistry(24, 200) for _ in gateways]
            for gateway, registry in zip(gateways, registries, strict=True):
                gateway.share_socket_ends(registry)
                await gateway.start()
            try:
                socks = {
                    (k, who): Socket(who, session=f"s-{who}-{k}") for k in range(3) for who in ("bob", "carol")
                }
                for (k, _who), sock in socks.items():
                    assert registries[k].open(sock) is None
                # An operator's hold taken at gateway a: bob's sockets close with 4423 at a, b and c.
                assert registries[0].end("account suspended", player="bob", code=ACCOUNT_HELD) == 1
                for _ in range(200):
                    if all(socks[(k, "bob")].ended.is_set() for k in range(3)):
                        break
                    await asyncio.sleep(0.01)
                for k in range(3):
                    bob = socks[(k, "bob")]
                    assert bob.ended.is_set() and bob.close_code == ACCOUNT_HELD
                    assert bob.close_reason == "account suspended"
                    assert not socks[(k, "carol")].ended.is_set()  # nobody else's
                # A log-out at gateway c ends the sockets of that session only, wherever they are.
                registries[2].end("logged out", session="s-carol-1")
                for _ in range(200):
                    if socks[(1, "carol")].ended.is_set():
                        break
                    await asyncio.sleep(0.01)
                assert socks[(1, "carol")].ended.is_set() and socks[(1, "carol")].close_reason == "logged out"
                assert not socks[(0, "carol")].ended.is_set() and not socks[(2, "carol")].ended.is_set()
                await asyncio.sleep(0.1)
                # Each gateway ended once per end; none told the others again (no echo).
                assert [r.ends for r in registries] == [2, 2, 2]
                # Erin changes her password at gateway a: her old sessions end everywhere, but the new password's
                # session (opened before gateway b heard of the end) keeps its socket there.
                users = Users(store)
                users.sign_up("erin", PASSWORD)
                fresh = digest(users.open_session("erin"))
                old, new = Socket("erin", session="s-erin-old"), Socket("erin", session=fresh)
                for sock in (old, new):
                    assert registries[1].open(sock) is None
                registries[0].end("password changed", player="erin")
                for _ in range(200):
                    if old.ended.is_set():
                        break
                    await asyncio.sleep(0.01)
                await asyncio.sleep(0.1)
                assert old.ended.is_set() and old.close_code == SESSION_ENDED and old.close_reason == "password changed"
                assert not new.ended.is_set()
            finally:
                for gateway in gateways:
                    await gateway.stop()

    asyncio.run(main())


# --- the room as processes -----------------------------------------------------------------------------------


def _stop(procs: list[subprocess.Popen[bytes]]) -> None:
    """SIGTERM every process still running, and wait for each (SIGKILL past 15 s)."""
    for proc in procs:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
    for proc in procs:
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _start(args: list[str], log: Path) -> subprocess.Popen[bytes]:
    with log.open("wb") as out:
        return subprocess.Popen([*CLI, *args], stdout=out, stderr=subprocess.STDOUT)


def _until(check: Callable[[], Any], what: str, seconds: float = 20.0) -> Any:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        got = check()
        if got:
            return got
        time.sleep(0.1)
    raise AssertionError(f"no {what} in {seconds:g} s")


def _post(base: str, path: str, body: Message, cookie: str = "") -> tuple[int, Message, str]:
    headers = {"content-type": "application/json", **({"cookie": cookie} if cookie else {})}
    req = urllib.request.Request(base + path, data=json.dumps(body).encode(), headers=headers, method="POST")
    try:
        with urllib.request.urlopen(req, timeout=20) as r:
            return r.status, json.loads(r.read()), r.headers.get("set-cookie", "")
    except urllib.error.HTTPError as err:
        return err.code, json.loads(err.read()), ""


def _get(base: str, path: str) -> Any:
    try:
        with urllib.request.urlopen(base + path, timeout=5) as r:
            return json.loads(r.read())
    except OSError:
        return None


class Client:
    """A player's table WebSocket through the gateway, keeping the state as the page does."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.states = States()
        self.state: Message | None = None

    def send(self, type_: str, **fields: Any) -> None:
        self.ws.send(json.dumps({"v": VERSION, "type": type_, **fields}))

    def recv(self, timeout: float = 15.0) -> Message:
        m: Message = self.states.take(json.loads(self.ws.recv(timeout)))
        if m["type"] == "state":
            self.state = m
        return m

    def play_until(self, stop: Callable[[Message], bool], seconds: float = 20.0) -> Message:
        """Check or call at every turn until a message for which ``stop`` holds (that message's turn too)."""
        acted: tuple[int, int] | None = None
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            m = self.recv()
            if m["type"] == "state" and my_turn(m):  # acted on first: a state that stops still gets its answer
                h = m["hand"]
                key = (h["number"], len(h["events"]))
                if key != acted:
                    acted = key
                    self.send("act", hand=h["number"], seq=len(h["events"]), **check_or_call(h))
            if stop(m):
                return m
        raise AssertionError(f"no stop in {seconds:g} s; last state {self.state}")


KILLS = soak.count(50)
"""Workers SIGKILLed in the middle of a hand, one after another (issue 25: 50 under ``make soak``, a tenth in the
suite)."""


def test_a_killed_workers_table_resumes_on_another_with_the_hand_refunded(tmp_path: Path) -> None:
    why = _unreachable()
    if why is not None:
        pytest.skip(why)
    rng = random.Random(25)
    room = f"test-{os.getpid()}-{time.monotonic_ns()}"  # its own subjects: other rooms may share this NATS
    with pg_database() as url:
        tables = tmp_path / "tables.toml"
        tables.write_text(TABLES)
        # A play-money bankroll the bots never exhaust: no top-up from the cashier changes the room's chips.
        deposit = [*CLI, "cashier", "deposit", "--house", "1000000", "--play", "--database", url]
        assert subprocess.run(deposit, capture_output=True).returncode == 0
        common = ["--nats", NATS_URL, "--room", room, "--database", url, "--log-format", "text"]
        table_options = ["--tables", str(tables), "--bot-delay", "0.05", "--next-hand-delay", "0.3"]
        port = _free_port()
        base = f"http://127.0.0.1:{port}"
        procs: list[subprocess.Popen[bytes]] = []
        store = Store(url)

        def worker() -> subprocess.Popen[bytes]:
            name = f"w{len(procs)}"
            procs.append(_start(["worker", *common, *table_options, "--name", name], tmp_path / f"{name}.log"))
            return procs[-1]

        try:
            first = worker()
            _until(lambda: _lease_of(store, "Split"), "the first worker's claim")
            table_id = store.table_id("Split")
            worker()
            procs.append(_start(["serve", *common, "--port", str(port)], tmp_path / "gateway.log"))
            gateway = procs[-1]
            rows = _until(lambda: _get(base, "/api/tables"), "the gateway's lobby")
            assert [(r["id"], r["name"], r["taken"]) for r in rows] == [(table_id, "Split", 2)]
            status, _me, cookie = _post(base, "/api/signup", {"name": "alice", "password": PASSWORD})
            assert status == 201
            alice = store.account_id(play_account("alice"))
            cookie = cookie.split(";")[0]
            # A player's table, made by one of the workers and listed by the gateway; a name taken is refused.
            mine = {"name": "Mine", "game": "omaha", "stakes": "1/2", "limit": "pot", "seats": 6}
            status, row, _ = _post(base, "/api/tables", mine, cookie)
            assert status == 201 and row["name"] == "Mine" and row["kind"] == "play", row
            taken = {"detail": "a table named 'Mine' already exists"}
            assert _post(base, "/api/tables", mine, cookie)[:2] == (400, taken)
            _until(lambda: [r["name"] for r in _get(base, "/api/tables") or []] == ["Split", "Mine"], "the new row")
            # The waiting lists through the gateway: the table's worker answers (seats free: no list to join).
            status, refused, _ = _post(base, f"/api/tables/{table_id}/waitlist", {}, cookie)
            assert status == 400 and "is free: sit down there instead" in refused["detail"], refused
            for big in (999999, 2**31, 2**63):  # past the store's ids too: no table, never a 500
                unknown = _post(base, f"/api/tables/{big}/waitlist", {}, cookie)[:2]
                assert unknown == (404, {"detail": f"no table with id {big}"})
            for _ in range(26):  # more than a player's 24 sockets: a refused socket gives its slot back
                beyond = f"ws://127.0.0.1:{port}/ws/tables/{2**31}"
                with connect(beyond, additional_headers={"Cookie": cookie}, open_timeout=10) as bad:
                    with pytest.raises(ConnectionClosed) as refused_socket:
                        bad.recv(timeout=10)
                    assert refused_socket.value.rcvd is not None and refused_socket.value.rcvd.code == 4404
            total = store.total()
            socket_url = f"ws://127.0.0.1:{port}/ws/tables/{table_id}"
            with connect(socket_url, additional_headers={"Cookie": cookie}, open_timeout=10) as raw:
                ws = Client(raw)
                assert ws.recv()["type"] == "welcome"
                ws.send("sit", seat=3, buy_in=100)
                ws.play_until(lambda m: m["type"] == "state" and bool(m["results"]))  # a hand played to the end
                owner = first
                for kill in range(KILLS):
                    lease = store.lease(table_id)
                    assert lease is not None and lease.pid == owner.pid, kill
                    # Alice in a hand under way, her chips in its pot; a few more moments of it at random.
                    ws.play_until(
                        lambda m: m["type"] == "state" and m["hand"] is not None and m["hand"]["phase"] != "complete"
                        and m["seats"][3] is not None and m["seats"][3]["in_pot"] > 0
                    )
                    for _ in range(rng.randrange(3)):
                        ws.play_until(lambda m: m["type"] == "state")
                    owner.send_signal(signal.SIGKILL)
                    killed = owner.pid
                    owner.wait()  # reaped: its pid is gone from this host, so its leases count as gone at once
                    killed_at = time.monotonic()
                    [cut] = store.hands_in_progress(table_id)
                    account_then = store.balance(alice)
                    worker()  # two workers again, for the next kill (either may claim the table)

                    # Another worker claims the table and voids the hand; the gateway reconnects alice's socket.
                    welcome = ws.play_until(lambda m: m["type"] == "welcome")
                    state = ws.play_until(lambda m: m["type"] == "state")
                    assert time.monotonic() - killed_at < 10
                    lease = store.lease(table_id)
                    assert lease is not None and lease.pid != killed and lease.pid in {p.pid for p in procs}
                    owner = next(p for p in procs if p.pid == lease.pid)
                    assert welcome["table"]["id"] == table_id and state["seats"][3] is None  # stood up by recovery
                    record = store.hand_record(cut.id)
                    assert store.hand(cut.id).status == "voided"
                    seat = record.setup.players.index("alice")
                    assert record.contributions[seat] > 0 and record.payouts == record.contributions  # all back
                    assert store.balance(alice) == account_then + record.setup.seats[seat].stack
                    assert store.total() == total
                    report = subprocess.run([*CLI, "report", "--database", url, "balance"], capture_output=True)
                    assert report.returncode == 0, report.stdout + report.stderr

                    # The table plays on: alice sits again and a new hand is dealt to her.
                    ws.send("sit", seat=3, buy_in=100)
                    ws.play_until(
                        lambda m: m["type"] == "state" and m["hand"] is not None
                        and m["hand"]["number"] > record.number  # noqa: B023 (used at once)
                        and m["seats"][3] is not None and m["seats"][3]["in_pot"] > 0
                    )
                # A gateway that dies loses only its connections: the table plays on, alice keeps her seat.
                gateway.send_signal(signal.SIGKILL)
                gateway.wait()
            gone = re.compile(r"gateway_gone .*gateway=" + re.escape(gateway_name(tmp_path / "gateway.log")))
            _until(lambda: gone.search((tmp_path / f"{owner_name(owner)}.log").read_text()), "the gateway's end")
            procs.append(_start(["serve", *common, "--port", str(port)], tmp_path / "gateway2.log"))
            _until(lambda: _get(base, "/api/tables"), "the new gateway's lobby")
            with connect(socket_url, additional_headers={"Cookie": cookie}, open_timeout=10) as raw:
                ws = Client(raw)
                assert ws.recv()["type"] == "welcome"
                state = ws.play_until(lambda m: m["type"] == "state")
                assert state["seats"][3]["player"] == "alice" and state["seats"][3]["connected"]
        finally:
            _stop(procs)
            store.close()
        # Every process stopped (SIGTERM): the last hand voided, everyone stood up, every chip home, none lost.
        assert owner.returncode == 0, (tmp_path / "gateway.log").read_text()
        with Store(url) as after:
            after.check_balanced()
            assert after.total() == total and after.stacks(table_id) == {}


def gateway_name(log: Path) -> str:
    """The name a gateway gave itself, from its ``gateway_start`` line."""
    found = re.search(r"gateway_start gateway=(\S+)", log.read_text())
    assert found is not None, log.read_text()
    return found.group(1)


def owner_name(proc: subprocess.Popen[bytes]) -> str:
    """The ``--name`` of a worker's process."""
    args = list(proc.args)  # type: ignore[arg-type]
    return str(args[args.index("--name") + 1])


def _lease_of(store: Store, name: str) -> bool:
    try:
        return store.lease(store.table_id(name)) is not None
    except Exception:
        return False
