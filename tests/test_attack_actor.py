"""Attacks on the table actor and its protocol (issue 19): each finding as a test that failed before the fix.

- One account stalled every table: each ``ping`` sent the whole table state to every connection at the table.
  A ping is now answered to its sender alone (a small ``pong``) and sends no state to anyone.
- An action sent twice without the optional ``seq`` guard acted twice: the big blind's check that closed the
  pre-flop round checked the flop as well.  Protocol v3 requires ``hand`` and ``seq`` on every ``act``.
- Acting out of turn over the socket is refused naming whose turn it is, and changes nothing.
- One account created 100 tables, each creation blocking the event loop: a player keeps at most
  ``MAX_OPEN_TABLES`` open and asks for at most ``TABLE_CREATE_BURST`` at once (``TABLE_CREATE_RATE`` after),
  and the store's work of a creation runs in a worker thread.
- Pings from others filled a slow-reading seated player's send queue until the server dropped that player's
  socket: now a slow reader loses only its own socket (by its own fault), never its seat.
- The table chat abused over the socket (a flood, oversize text, control characters): refused, and the others at
  the table get nothing but the messages let through (the text rules themselves: tests/test_server_chat.py).
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import servertools
from pokerroom.room.clock import VirtualClock
from pokerroom.server import lobby as lobby_module
from pokerroom.server import sockets as sockets_module
from pokerroom.server.chat import CHAT_BURST, CHAT_MAX_CHARS
from pokerroom.server.lobby import MAX_OPEN_TABLES, TABLE_CREATE_BURST, TABLE_CREATE_RATE
from pokerroom.server.protocol import MAX_MESSAGE, VERSION, encode
from pokerroom.store.runner import TableRunner
from servertools import DUEL, Message, actor_of, api, heads_up, my_turn, serve, sign_up, table

db_fixture = servertools.db_fixture

STATIC = Path(__file__).parent.parent / "src" / "pokerroom" / "server" / "static"


def _types(messages: list[Message]) -> list[str]:
    return [m["type"] for m in messages]


def _events(client: Any) -> int:
    """The events of the hand on table 1, read on the event loop between two turns of its actor."""
    actor = actor_of(client)
    return int(client.portal.call(lambda: len(actor.table.hand.events)))  # type: ignore[arg-type]


# ------------------------------------------------------------------------------------------------------ pings


def test_a_ping_is_answered_to_its_sender_alone_and_sends_no_state(db: str) -> None:
    """BUG: each ping made the server send the whole table state to every connection at the table."""
    with serve(db, DUEL) as client, heads_up(client) as (_alice, _bob, a, b, _s):
        assert set(_types(b.drain())) == {"state"}  # bob's states up to alice's turn, read before the pings
        n = 30  # within a socket's burst: every one is read
        for k in range(n):
            a.send("ping", id=k)
        pongs = [a.recv() for _ in range(n)]
        assert pongs == [{"v": VERSION, "type": "pong", "id": k} for k in range(n)]
        assert max(len(encode(m)) for m in pongs) == 29  # {"v":4,"type":"pong","id":29}: not a table's state
        assert a.drain() == [] and b.drain() == []  # nothing else to alice, nothing at all to bob


# ----------------------------------------------------------------------------------------------------- actions


def test_the_big_blinds_closing_check_sent_twice_checks_once(db: str) -> None:
    """BUG: the same ``check`` sent twice by the big blind (a double click, a resend after a reconnect) closed
    the pre-flop round and then checked the flop as well: the guard ``seq`` was optional.  A message without
    it is refused now, saying what is required; with it, the second copy is stale."""
    with serve(db, DUEL) as client, heads_up(client) as (_alice, _bob, a, b, _s):
        a.act("call")
        s = b.state(lambda s: my_turn(s, 1), "the big blind's option")
        seq = len(s["hand"]["events"])
        old = json.dumps({"v": VERSION, "type": "act", "action": "check", "hand": 1})  # as version 2 clients sent
        b.ws.send_text(old)
        b.ws.send_text(old)
        answers = b.drain()
        assert _types(answers) == ["error", "error"]  # nothing acted: no state
        assert {m["code"] for m in answers} == {"bad_field"} and answers[0]["allowed"] == ["hand", "seq"]
        assert answers[0]["message"] == (
            "'seq' is required: an act names the hand it answers ('hand': the table's hand number, "
            "state.hand.number) and the turn ('seq': the number of events the hand had when you chose, "
            "state.hand.events.length)"
        )
        assert _events(client) == seq

        same = json.dumps({"v": VERSION, "type": "act", "action": "check", "hand": 1, "seq": seq})
        b.ws.send_text(same)
        b.ws.send_text(same)
        answers = b.drain()
        errors = [m for m in answers if m["type"] == "error"]
        assert [m["code"] for m in errors] == ["stale_hand"]
        now = [m for m in answers if m["type"] == "state"][-1]["hand"]
        assert errors[0]["message"] == (
            f"the action was chosen after event {seq} of hand 1; the hand is at event {len(now['events'])} now: "
            "look again"
        )
        assert now["street"] == "flop" and now["to_act"] == 1  # the flop is still the big blind's to play
        assert [e["type"] for e in now["events"]].count("check") == 1
        assert _events(client) == len(now["events"])


def test_acting_out_of_turn_is_refused_naming_whose_turn_it_is(db: str) -> None:
    with serve(db, DUEL) as client, heads_up(client) as (_alice, _bob, a, b, s):
        b.current(lambda s: s["hand"] is not None and s["hand"]["to_act"] == 0, "alice to act")
        before = _events(client)
        for action in ("check", "fold", "call"):
            b.act(action)
            assert b.error("not_your_turn")["message"] == "it is alice's turn (seat 0), not yours (seat 1)"
        b.act("check", seat=0)  # naming the seat to act does not make it yours
        assert b.error("wrong_seat")["message"] == "seat 0 is not yours; you sit in seat 1"
        assert b.drain() == [] and a.drain() == []  # no state: nothing changed
        assert _events(client) == before == len(s["hand"]["events"])
        a.act("call")  # alice's own turn still works
        assert b.state(lambda s: my_turn(s, 1))["hand"]["legal"]["actions"] == ["fold", "check", "raise"]


# ------------------------------------------------------------------------------------------- creating tables


def _new(name: str, **fields: Any) -> dict[str, Any]:
    return {"name": name, "game": "holdem", "stakes": "1/2", "limit": "no", "seats": 2, **fields}


def test_a_player_keeps_three_tables_open_and_asks_for_them_at_a_bounded_rate(db: str) -> None:
    """BUG: one account created 100 tables.  Refusals for bad settings spend nothing; a name already taken (the
    store's answer) spends one creation like a table made."""
    assert (MAX_OPEN_TABLES, TABLE_CREATE_BURST, TABLE_CREATE_RATE) == (3, 3, 1 / 20)
    clock = VirtualClock()
    with serve(db, DUEL, clock=clock) as client:
        alice, bob, carol = (sign_up(client, n) for n in ("alice", "bob", "carol"))
        for k in range(MAX_OPEN_TABLES):
            api(client, alice, "POST", "/api/tables", 201, json=_new(f"alice {k}"))
        r = client.post("/api/tables", json=_new("alice 3"), headers=alice.headers)
        assert (r.status_code, r.json()) == (400, {
            "detail": "alice has 3 open tables, the most a player may create (MAX_OPEN_TABLES = 3); play at one "
            "of them or at another table"
        })  # fmt: skip

        api(client, bob, "POST", "/api/tables", 201, json=_new("bob 0"))
        for _ in range(TABLE_CREATE_BURST - 1):
            taken = api(client, bob, "POST", "/api/tables", 400, json=_new("alice 0"))
            assert taken == {"detail": "a table named 'alice 0' already exists"}
        r = client.post("/api/tables", json=_new("bob 1"), headers=bob.headers)
        assert (r.status_code, r.headers["retry-after"], r.json()) == (429, "20", {
            "detail": "too many tables asked for: at most 3 at once, then one every 20 s (TABLE_CREATE_RATE); "
            "ask again in 20 s"
        })  # fmt: skip
        clock.advance(19.5)
        r = client.post("/api/tables", json=_new("bob 1"), headers=bob.headers)
        assert (r.status_code, r.headers["retry-after"]) == (429, "1")
        clock.advance(0.5)
        api(client, bob, "POST", "/api/tables", 201, json=_new("bob 1"))

        for _ in range(5):  # refused on the event loop, before the rate: nothing spent
            api(client, carol, "POST", "/api/tables", 400, json=_new("carol", game="whist"))
            api(client, carol, "POST", "/api/tables", 400, json=_new("carol", stakes="0/0"))
        for k in range(MAX_OPEN_TABLES):
            api(client, carol, "POST", "/api/tables", 201, json=_new(f"carol {k}"))
        names = [t["name"] for t in api(client, None, "GET", "/api/tables")]
        assert names == ["Duel", "alice 0", "alice 1", "alice 2", "bob 0", "bob 1", "carol 0", "carol 1", "carol 2"]
    with serve(db, DUEL) as client:  # a restart counts the tables a player made before it
        r = client.post("/api/tables", json=_new("alice 3"), headers=alice.headers)
        assert r.status_code == 400 and r.json()["detail"].startswith("alice has 3 open tables")
        api(client, bob, "POST", "/api/tables", 201, json=_new("bob 2"))


@pytest.fixture
def slow_store(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[threading.Event, threading.Event]]:
    """The store's work of creating a table named "Slow" waits (at most 5 s) until the test lets it go:
    yields ``(entered, release)``."""
    entered, release = threading.Event(), threading.Event()

    class SlowRunner(TableRunner):
        def __init__(self, store: Any, name: str, *args: Any, **kwargs: Any) -> None:
            if name == "Slow":
                entered.set()
                release.wait(5.0)
            super().__init__(store, name, *args, **kwargs)

    monkeypatch.setattr(lobby_module, "TableRunner", SlowRunner)
    yield entered, release
    release.set()


def test_creating_a_table_never_blocks_the_event_loop(
    db: str, slow_store: tuple[threading.Event, threading.Event]
) -> None:
    """BUG: the store's work of a creation ran on the event loop (during 50 at once another player's ping p50
    was 190 ms).  While a creation waits on the store, another player's ping is answered."""
    entered, release = slow_store
    with serve(db, DUEL) as client:
        alice, bob = sign_up(client, "alice"), sign_up(client, "bob")
        with table(client, bob) as b:
            done: list[int] = []
            worker = threading.Thread(
                target=lambda: done.append(client.post("/api/tables", json=_new("Slow"), headers=alice.headers)
                                           .status_code)
            )  # fmt: skip
            worker.start()
            assert entered.wait(5.0)
            b.send("ping", id="during")
            while (m := b.recv(timeout=2.0))["type"] != "pong":  # 5 s when the loop waits on the store
                pass
            assert m["id"] == "during" and not release.is_set() and not done
            twin = api(client, bob, "POST", "/api/tables", 400, json=_new("Slow"))  # refused at once, on the loop
            assert twin == {"detail": "a table named 'Slow' already exists"} and not done
            release.set()
            worker.join(10.0)
            assert done == [201]
            assert [t["name"] for t in api(client, None, "GET", "/api/tables")] == ["Duel", "Slow"]


# ---------------------------------------------------------------------------------------------- a slow reader


def test_a_slow_reader_loses_only_its_own_socket_never_its_seat(db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """BUG: pings from others filled a slow-reading seated player's send queue until the server dropped that
    player's socket and showed them disconnected.  Now others' pings send it nothing; when it falls behind by its
    own messages its socket is dropped, its seat is held (the disconnect rules: the grace, RULES §3.7) and
    reconnecting resumes it."""
    monkeypatch.setattr(sockets_module, "OUTBOX_LIMIT", 30)
    stalled = {"slow": True}
    pump = sockets_module.Socket.pump

    async def stalling_pump(self: Any, ws: Any) -> None:
        if stalled.get(self.player):
            await asyncio.Event().wait()  # a client that stopped reading: nothing is written out
        await pump(self, ws)

    monkeypatch.setattr(sockets_module.Socket, "pump", stalling_pump)
    with serve(db, DUEL, rate=1000.0, burst=1000, grace=60.0) as client:
        slow, bob = sign_up(client, "slow"), sign_up(client, "bob")
        actor = actor_of(client)
        with client.websocket_connect("/ws/tables/1", headers=dict(slow.headers)) as ws, table(client, bob) as b:
            ws.send_json({"v": VERSION, "type": "sit", "seat": 0, "buy_in": 100})
            b.state(lambda s: s["seats"][0] is not None)
            b.send("sit", seat=1, buy_in=100)
            dealt = b.state(lambda s: s["hand"] is not None, "hand 1 dealt")
            for k in range(200):  # far more than the slow reader may fall behind
                b.send("ping", id=k)
            assert [b.recv()["id"] for _ in range(200)] == list(range(200))
            assert client.portal.call(lambda: "slow" in actor.connections and not actor.away)

            for k in range(40):  # its own pongs pile up unread: its socket goes
                ws.send_json({"v": VERSION, "type": "ping", "id": k})
            s = b.state(lambda s: not s["seats"][0]["connected"], "the slow reader disconnected")
            assert s["seats"][0] == {**dealt["seats"][0], "connected": False}  # the seat, its chips: held
            assert s["hand"]["events"] == dealt["hand"]["events"]  # the hand goes on, waiting as before
            away = client.portal.call(lambda: actor.away.get("slow"))
            assert away is not None and not away.grace_over  # the seat is held for the grace
            b.ping("bob unaffected")
        stalled["slow"] = False
        with table(client, slow) as again:
            back = again.state()
            assert back["you"] == 0 and back["seats"][0]["connected"] and back["hand"]["number"] == 1
            assert client.portal.call(lambda: "slow" not in actor.away)


# ------------------------------------------------------------------------------------------------- the chat


def test_chat_abuse_is_refused_and_the_others_get_only_what_is_let_through(db: str) -> None:
    clock = VirtualClock()  # the chat's rate runs on the table's clock
    with serve(db, DUEL, clock=clock) as client, heads_up(client) as (_alice, _bob, a, b, _s):
        a.drain()
        b.drain()
        for k in range(30):  # a flood: the first CHAT_BURST go out, the rest are refused
            a.send("chat", text=f"flood {k}")
        answers = a.drain()
        assert [m["text"] for m in answers if m["type"] == "chat"] == [f"flood {k}" for k in range(CHAT_BURST)]
        assert [m["code"] for m in answers if m["type"] == "error"] == ["chat_rate"] * (30 - CHAT_BURST)
        b.send("chat", text="bob still talks")  # his own allowance
        assert [(m["type"], m.get("text")) for m in b.drain()] == [
            *(("chat", f"flood {k}") for k in range(CHAT_BURST)),
            ("chat", "bob still talks"),
        ]
        clock.advance(2.0)  # one more message allowed (CHAT_RATE); alice's action clock still runs
        a.send("chat", text="x" * (CHAT_MAX_CHARS + 1))
        assert a.error("chat_too_long")["allowed"] == {"max_chars": CHAT_MAX_CHARS}
        a.ws.send_text(json.dumps({"v": VERSION, "type": "chat", "text": "x" * MAX_MESSAGE}))
        assert a.error("too_long")["message"].endswith(f"at most {MAX_MESSAGE} are read")
        a.send("chat", text="\x00\x1b\u202e\u200b\x07 \n")
        a.error("chat_empty")
        a.send("chat", text="\x1b[2Jhi\x00")
        assert a.until(lambda m: m["type"] == "chat", "the cleaned text")["text"] == "[2Jhi"
        assert [(m["type"], m.get("text")) for m in b.drain()] == [("chat", "[2Jhi")]  # no state, no errors
        assert a.current(lambda s: my_turn(s, 1))["hand"]["number"] == 1  # the hand waits for alice as before


# ------------------------------------------------------------------------------------------------- the clients


def test_the_page_speaks_this_protocol_and_names_the_turn_of_every_action() -> None:
    """The web page's messages carry this version (util.js), and its one sender of actions (actions.js ``act``:
    the buttons, hotkeys and pre-action boxes all go through it) names the hand and the events seen."""
    assert f"export const PROTOCOL = {VERSION};" in (STATIC / "util.js").read_text()
    for page in ("table.js", "night.js"):
        assert "ws.send(JSON.stringify({ v: PROTOCOL, ...msg }));" in (STATIC / page).read_text()
    actions = (STATIC / "actions.js").read_text()
    assert 'const msg = { type: "act", action, hand: hand.number, seq: hand.events.length, ...extra };' in actions
    assert actions.count('type: "act"') == 1 and actions.count("ctx.send(") == 1
    for page in STATIC.glob("*.js"):
        if page.name != "actions.js":
            assert '"act"' not in page.read_text(), page.name
