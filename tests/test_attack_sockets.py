"""Attacks by holding many sockets (issue 19, item 3; docs/server.md "Security"): one account held 200 sockets
and stalled every table; the sockets per account and per address were not capped.  Now each is capped
(:data:`~pokerroom.server.sockets.SOCKETS_PER_PLAYER`, :data:`~pokerroom.server.sockets.SOCKETS_PER_ADDRESS`, the
app's settings raise them for the load benchmark); one more socket is accepted and closed with 4429 and a reason.
"""

from __future__ import annotations

import time
from contextlib import ExitStack
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

import servertools
from servertools import Player, serve, sign_up, table

db_fixture = servertools.db_fixture


def too_many(client: TestClient, player: Player, path: str = "/ws/tables/1") -> Any:
    """Open one more socket; the close it gets at once."""
    with pytest.raises(WebSocketDisconnect) as closed, client.websocket_connect(path, headers=player.headers) as ws:
        ws.receive_json()
    return closed.value


def registry(client: TestClient) -> Any:
    return client.app.state.sockets  # type: ignore[attr-defined]


def test_sockets_per_player_are_capped(db: str) -> None:
    """24 sockets of one player at once (any tables, tabs and devices): the 25th is closed with 4429; when one
    closes, there is room for one again.  Refused sockets and sockets to no table leave no count behind."""
    with serve(db) as client:
        alice, bob = sign_up(client, "alice"), sign_up(client, "bob")
        with ExitStack() as held:
            conns = [held.enter_context(table(client, alice)) for _ in range(24)]
            assert registry(client).count(player="alice") == 24
            closed = too_many(client, alice)
            assert (closed.code, closed.reason) == (4429, "at most 24 open connections per player")
            assert registry(client).count(player="alice") == 24
            with table(client, bob) as other:  # another player is not held back
                other.ping("bob")
            conns[-1].ping("the 24th works")
            conns.pop().ws.close()
            wait_until(lambda: registry(client).count(player="alice") == 23)
            with table(client, alice) as again:
                again.ping("room again")
            assert too_many(client, alice, "/ws/tables/99").code == 4404
        wait_until(lambda: registry(client).count(player="alice") == 0)
        assert registry(client).count(address="testclient") == 0


def test_sockets_per_address_are_capped(db: str) -> None:
    """A setting lowers the cap per address to 5: three of alice's and two of bob's fill it, carol's first is
    closed with 4429."""
    with serve(db, sockets_per_address=5) as client:
        alice, bob, carol = (sign_up(client, n) for n in ("alice", "bob", "carol"))
        with ExitStack() as held:
            for player in (alice, alice, alice, bob, bob):
                held.enter_context(table(client, player))
            closed = too_many(client, carol)
            assert (closed.code, closed.reason) == (4429, "at most 5 open connections per address")
            assert registry(client).count(address="testclient") == 5
        wait_until(lambda: registry(client).count(address="testclient") == 0)
        with table(client, carol) as conn:
            conn.ping("carol")


def test_an_ipv6_client_counts_by_its_64(db: str) -> None:
    """Issue 19, item 11: the cap per address counted each IPv6 address alone, and a subscriber holds a whole
    /64 of them.  Now an IPv6 client counts by its /64: with the cap at 2, two sockets from two addresses of one
    /64 fill it, a third address of it is closed with 4429, another /64 is not."""
    with serve(db, sockets_per_address=2) as client:
        alice = sign_up(client, "alice")

        def at(address: str) -> TestClient:
            """A client from ``address`` on the app's own loop (where its tables run)."""
            other = TestClient(client.app, client=(address, 40000))
            other.portal = client.portal
            return other

        with table(at("2001:db8:1:2::1"), alice), table(at("2001:db8:1:2::2"), alice):
            assert registry(client).count(address="2001:db8:1:2::/64") == 2
            closed = too_many(at("2001:db8:1:2:ffff::3"), alice)
            assert (closed.code, closed.reason) == (4429, "at most 2 open connections per address")
            with table(at("2001:db8:1:3::1"), alice) as other:
                other.ping("another /64")


def wait_until(condition: Any, timeout: float = 10.0) -> None:
    """Wait until ``condition()`` holds (a closed socket is forgotten once its handler ends)."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "the sockets were not forgotten"
        time.sleep(0.01)
