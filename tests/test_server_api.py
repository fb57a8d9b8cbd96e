"""The server (pokerroom.server.app, docs/protocol.md) through FastAPI's test client: the HTTP API (accounts,
games, tables, hand histories as PHH) and the table protocol over a WebSocket (every refusal with its error code,
the connection going on; a hand to showdown against bots; reconnects within and after the grace; a restart).

Each test serves its own app over a fresh SQLite file (one runs on PostgreSQL) with the house bots as calling
stations acting at once, no pause between hands and a fixed seed, so every card and chip count is known."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

import servertools
from pokerroom.formats import pokerstars as stars
from pokerroom.formats.phh import loads
from pokerroom.formats.replay import replay
from pokerroom.server import COOKIE, Starter
from pokerroom.server.lobby import MAX_OPEN_TABLES
from pokerroom.server.protocol import VERSION
from pokerroom.store import Store
from servertools import (
    DUEL,
    HEADS_UP,
    PASSWORD,
    PLAY,
    Conn,
    Message,
    Player,
    api,
    my_turn,
    serve,
    sign_up,
    table,
)

# Fixtures: pytest finds them among the module's names.
db_fixture = servertools.db_fixture

REAL = Starter("Real", "holdem", "1/2", "no", bots=1, seats=2, real_money=True)
DRAW = Starter("Draw", "five-card-draw", "1/2", "fixed", bots=1, seats=2)
ALICE_WINS = 2
"""A server seed (``serve(..., seed=ALICE_WINS)``) whose first hand at a heads-up table alice, in seat 1, wins at the
showdown: her 8h Jc against the bot's 8d 6s on Ad 3d 4h Kh 4c, both one pair of fours, her jack the last kicker."""

GAMES = [
    "club-lowball", "club-holdem", "a6-lowball", "holdem", "omaha", "omaha8", "omaha5", "omaha5-8", "stud", "stud8",
    "soko", "americana", "telesina", "razz", "five-card-draw", "27-triple-draw", "27-single-draw", "draw32",
    "short-deck", "omaha6", "courchevel", "courchevel8", "6plus",
]  # fmt: skip


# --- helpers -----------------------------------------------------------------------------------------------


def balances(client: TestClient, player: Player) -> tuple[int, int]:
    """``player``'s (real, play) chips off the tables."""
    b = api(client, player, "GET", "/api/me")["balances"]
    return b["real"], b["play"]


def deposit(client: TestClient, name: str, chips: int) -> None:
    """Real money in through the cashier."""
    store: Store = client.app.state.store  # type: ignore[attr-defined]
    store.deposit(store.account_id(name), chips)


def settled(s: Message, number: int) -> Message | None:
    return next((r for r in s["results"] if r["number"] == number), None)


Choice = Callable[[Message], dict[str, Any]]


def check_or_call(hand: Message) -> dict[str, Any]:
    actions = hand["legal"]["actions"]
    for kind in ("check", "call", "show"):
        if kind in actions:
            return {"action": kind}
    return {"action": actions[0]}


def play(conn: Conn, number: int, choose: Choice = check_or_call) -> tuple[Message, Message]:
    """Act with ``choose(hand)`` at each of this player's turns in hand ``number`` until it is settled; returns
    the state that shows its result, and the result."""
    acted = -1
    while True:
        s = conn.state()
        result = settled(s, number)
        if result is not None:
            return s, result
        if my_turn(s, number) and len(s["hand"]["events"]) != acted:
            acted = len(s["hand"]["events"])
            conn.act(**choose(s["hand"]), hand=number)


def seat(s: Message, k: int) -> Message:
    st = s["seats"][k]
    assert st is not None, s["seats"]
    return st  # type: ignore[no-any-return]


# --- accounts ----------------------------------------------------------------------------------------------


def test_a_room_hashes_with_argon2id_at_the_library_defaults(db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The room's own costs (the suite runs on the cheapest, conftest._cheap_hashes): Argon2id at argon2-cffi's
    defaults, 64 MiB, 3 passes, 4 lanes; the hash verifies, a wrong password does not."""
    from argon2 import PasswordHasher

    from pokerroom.server import accounts

    monkeypatch.setattr(accounts, "PasswordHasher", PasswordHasher)
    store = Store(db)
    try:
        users = accounts.Users(store)
        hashed = users.hash(PASSWORD)
        assert hashed.startswith("$argon2id$v=19$m=65536,t=3,p=4$"), hashed
        assert users.verify(hashed, PASSWORD) and not users.verify(hashed, PASSWORD + "x")
    finally:
        store.close()


def test_sign_up_log_in_log_out(db: str) -> None:
    with serve(db) as client:
        r = client.post("/api/signup", json={"name": "alice", "password": PASSWORD})
        assert r.status_code == 201
        assert r.json() == {"player": "alice", "balances": {"real": 0, "play": PLAY}}
        cookie = r.headers["set-cookie"]
        assert cookie.startswith(f"{COOKIE}=") and "HttpOnly" in cookie and "samesite=lax" in cookie.lower()
        assert client.get("/api/me").json() == {  # the jar
            "player": "alice", "balances": {"real": 0, "play": PLAY}, "operator": False,
        }
        alice = Player("alice", r.cookies[COOKIE])
        client.cookies.clear()

        assert api(client, None, "GET", "/api/me", 401)["detail"].startswith("log in first")
        assert api(client, None, "POST", "/api/play-chips", 401)
        bad = {"name": "nobody", "password": PASSWORD}
        assert api(client, Player("alice", "forged"), "GET", "/api/me", 401)

        # A taken name, bad names, a short password.
        assert api(client, None, "POST", "/api/signup", 409, json={"name": "alice", "password": "another one"})
        for name in ("a", "x" * 25, "bad name", "ål", "semi;colon", "bot-7", "player1"):
            assert api(client, None, "POST", "/api/signup", 400, json={"name": name, "password": PASSWORD}), name
        assert api(client, None, "POST", "/api/signup", 400, json={"name": "bob", "password": "seven77"})
        assert api(client, None, "POST", "/api/signup", 201, json={"name": "b.o_b-2", "password": "eight888"})
        client.cookies.clear()

        # Log in: right, wrong, unknown (the same message for both).
        r = client.post("/api/login", json={"name": "alice", "password": PASSWORD})
        assert r.status_code == 200 and r.json() == {"player": "alice", "balances": {"real": 0, "play": PLAY}}
        again = Player("alice", r.cookies[COOKIE])
        client.cookies.clear()
        assert again.token != alice.token
        wrong = api(client, None, "POST", "/api/login", 401, json={"name": "alice", "password": "not it at all"})
        unknown = api(client, None, "POST", "/api/login", 401, json=bad)
        assert wrong == unknown == {"detail": "wrong name or password"}
        assert "set-cookie" not in client.post("/api/login", json=bad).headers

        # Log out ends that session only.
        assert api(client, alice, "POST", "/api/logout") == {}
        assert api(client, alice, "GET", "/api/me", 401)
        assert api(client, again, "GET", "/api/me") == {
            "player": "alice", "balances": {"real": 0, "play": PLAY}, "operator": False,
        }


def test_play_chips_top_up(db: str) -> None:
    with serve(db) as client:
        alice = sign_up(client, "alice")
        assert api(client, alice, "POST", "/api/play-chips") == {
            "added": 0, "player": "alice", "balances": {"real": 0, "play": PLAY},
        }  # fmt: skip
        with table(client, alice) as conn:
            conn.send("sit", seat=1, buy_in=150)
            conn.state(lambda s: s["you"] == 1)
            assert balances(client, alice) == (0, PLAY - 150)
            assert api(client, alice, "POST", "/api/play-chips") == {
                "added": 150, "player": "alice", "balances": {"real": 0, "play": PLAY},
            }  # fmt: skip
            assert api(client, alice, "POST", "/api/play-chips")["added"] == 0


# --- games and tables --------------------------------------------------------------------------------------


def test_games(db: str) -> None:
    with serve(db) as client:
        games = api(client, None, "GET", "/api/games")
        assert [g["id"] for g in games] == GAMES
        by_id = {g["id"]: g for g in games}
        assert by_id["holdem"] == {
            "id": "holdem", "name": "Texas hold'em", "limits": ["no", "pot", "half-pot", "fixed", "spread"],
            "default_limit": "no", "default_stakes": "1/2", "seats": [2, 10], "family": "board",
        }  # fmt: skip
        assert {g: by_id[g]["family"] for g in ("stud", "razz", "five-card-draw", "draw32", "omaha8", "telesina")} == {
            "stud": "stud", "razz": "stud", "five-card-draw": "draw", "draw32": "draw", "omaha8": "board",
            "telesina": "stud",
        }  # fmt: skip
        for g in games:
            assert g["limits"] and g["default_limit"] in g["limits"], g
            assert 2 <= g["seats"][0] <= g["seats"][1] <= 10, g
            assert g["family"] in ("board", "stud", "draw"), g
        # What the create-table form offers first makes a table of every game (razz at 1/2 could not be dealt).
        assert {g["id"] for g in games if g["default_stakes"] == "10/20"} == {
            "stud", "stud8", "razz", "soko", "americana", "telesina"
        }
        assert {g["default_stakes"] for g in games if g["family"] != "stud"} == {"1/2"}
        for i, g in enumerate(games):  # a player may keep MAX_OPEN_TABLES open: a new player for every few
            if i % MAX_OPEN_TABLES == 0:
                player = sign_up(client, f"p-{g['id']}")
            body = {"name": f"t-{g['id']}", "game": g["id"], "stakes": g["default_stakes"], "limit": g["default_limit"]}
            assert api(client, player, "POST", "/api/tables", 201, json=body)["game"] == g["id"], g


def test_tables_and_create_table(db: str) -> None:
    with serve(db, HEADS_UP, REAL) as client:
        heads_up = {
            "id": 1, "name": "Heads-up", "game": "holdem", "game_name": "Texas hold'em", "family": "board",
            "stakes": "blinds 1/2", "limit": "no", "kind": "play", "seats": 2, "taken": 1,
            "players": ["bot-1-1", None], "buy_in": {"min": 40, "max": 200, "default": 200},
        }  # fmt: skip
        tables = api(client, None, "GET", "/api/tables")
        assert [t["name"] for t in tables] == ["Heads-up", "Real"]
        no_hands = {"avg_pot": None, "players_per_flop": None, "hands_per_hour": 0, "hands": 0}
        live = {"hand_id": None, "hand_number": None, "paused": False}  # no hand (a bot alone is dealt none)
        assert tables[0] == {**heads_up, **live, "stake": 2, "stats": no_hands, "waiting": 0}  # the lobby's row
        assert (tables[1]["id"], tables[1]["kind"], tables[1]["players"]) == (2, "real", ["bot-2-1", None])
        assert api(client, None, "GET", "/api/tables/1") == {**heads_up, **live}
        assert api(client, None, "GET", "/api/tables/99", 404) == {"detail": "no table with id 99"}

        new = {"name": "Omaha night", "game": "omaha", "stakes": "1/2", "limit": "pot", "seats": 6, "bots": 2}
        assert api(client, None, "POST", "/api/tables", 401, json=new)
        alice = sign_up(client, "alice")
        created = api(client, alice, "POST", "/api/tables", 201, json=new)
        assert created == {
            "id": 3, "name": "Omaha night", "game": "omaha", "game_name": "Omaha", "family": "board",
            "stakes": "blinds 1/2", "limit": "pot", "kind": "play", "seats": 6, "taken": 2,
            "players": ["bot-3-1", "bot-3-2", None, None, None, None],
            "buy_in": {"min": 40, "max": 200, "default": 200}, "hand_id": None, "hand_number": None, "paused": False,
        }  # fmt: skip
        assert api(client, None, "GET", "/api/tables/3") == created
        assert [t["id"] for t in api(client, None, "GET", "/api/tables")] == [1, 2, 3]

        bad_game = api(client, alice, "POST", "/api/tables", 400, json={**new, "name": "Other", "game": "whist"})
        assert "whist" in bad_game["detail"] and "holdem" in bad_game["detail"] and "omaha" in bad_game["detail"]
        taken = api(client, alice, "POST", "/api/tables", 400, json=new)
        assert taken == {"detail": "a table named 'Omaha night' already exists"}
        # House bots at real money only where the operator's configuration puts them (issue 20).
        real_bots = api(client, alice, "POST", "/api/tables", 400, json={**new, "name": "Mine", "kind": "real"})
        assert "only where the operator's table configuration puts them" in real_bots["detail"]
        assert api(client, alice, "POST", "/api/tables", 400, json={**new, "name": "Bad", "limit": "doubled"})
        assert api(client, alice, "POST", "/api/tables", 400, json={**new, "name": "Bad", "kind": "fake"})
        assert [t["id"] for t in api(client, None, "GET", "/api/tables")] == [1, 2, 3]  # nothing half-made


# --- the WebSocket -----------------------------------------------------------------------------------------


def test_socket_needs_login_and_a_table(db: str) -> None:
    with serve(db) as client:
        for headers, path, code in [
            ({}, "/ws/tables/1", 4401),
            ({"cookie": f"{COOKIE}=forged"}, "/ws/tables/1", 4401),
        ]:
            with pytest.raises(WebSocketDisconnect) as info, client.websocket_connect(path, headers=headers) as ws:
                ws.receive_json()
            assert info.value.code == code
        alice = sign_up(client, "alice")
        with pytest.raises(WebSocketDisconnect) as info, table(client, alice, 42):
            pass
        assert info.value.code == 4404


def test_welcome_state_sit_and_bots(db: str) -> None:
    with serve(db, DUEL) as client:
        alice = sign_up(client, "alice")
        with table(client, alice) as conn:
            info = {
                "id": 1, "name": "Duel", "game": "holdem", "game_name": "Texas hold'em", "family": "board",
                "stakes": "blinds 1/2", "limit": "no", "kind": "play", "seats": 2, "taken": 0, "players": [None, None],
                "buy_in": {"min": 40, "max": 200, "default": 200},
            }  # fmt: skip
            chat = {"messages": [], "operator": False, "muted": []}
            assert conn.welcome == {"v": VERSION, "type": "welcome", "player": "alice", "table": info, "chat": chat}
            first = conn.recv()
            shuffle = first.pop("shuffle")  # hand 1's seed hash, published before anyone sits (docs/shuffle.md)
            assert shuffle == {"hand": 1, "seed_hash": shuffle["seed_hash"], "root": None, "client_seeds": []}
            assert len(shuffle["seed_hash"]) == 64
            assert first == {
                "v": VERSION, "type": "state", "table": 1, "hand_number": 0, "seats": [None, None], "button": None,
                "you": None, "hand": None, "clock": None, "next_deal": None, "paused": False, "results": [],
                "buy_in": {"min": 40, "max": 200, "default": 200},
                "rebuy": {"allowed": False, "max": None, "queued": None},
            }  # fmt: skip

            conn.send("sit", seat=1, buy_in=150)
            s = conn.state()
            assert s["you"] == 1 and s["seats"][0] is None and s["hand"] is None
            assert seat(s, 1) == {
                "seat": 1, "player": "alice", "stack": 150, "in_pot": 0, "all_in": False, "protected": False,
                "sitting_out": False, "connected": True, "bot": False, "timed_out": False,
            }  # fmt: skip
            assert s["rebuy"] == {"allowed": True, "max": 50, "queued": None}
            assert balances(client, alice) == (0, PLAY - 150)
            assert api(client, None, "GET", "/api/tables/1")["players"] == [None, "alice"]

            conn.send("rebuy", amount=51)  # at most 200 at the table
            assert conn.error("room")["message"].startswith("alice may add at most 50 chips now")
            conn.send("rebuy", amount=50)
            s = conn.state()
            assert seat(s, 1)["stack"] == 200 and s["rebuy"]["max"] == 0
            assert balances(client, alice) == (0, PLAY - 200)

            conn.send("bots", count=3)  # one seat is empty: one bot
            s = conn.state(lambda s: s["hand"] is not None, "the first deal")
            assert seat(s, 0) == {  # the seat's stack is live: the bot on the button has posted the small blind
                "seat": 0, "player": "bot-1-1", "stack": 199, "in_pot": 1, "all_in": False, "protected": False,
                "sitting_out": False, "connected": True, "bot": True, "timed_out": False,
            }  # fmt: skip
            assert s["hand_number"] == 1 and s["hand"]["number"] == 1
            assert api(client, None, "GET", "/api/tables/1")["players"] == ["bot-1-1", "alice"]


def test_no_limit_club_lowball_offers_no_rebuy_while_the_player_has_chips(db: str) -> None:
    # RULES G1: at no limit a rebuy waits until the chips are gone; the state's allowance says what the table does.
    club = Starter("Club", "club-lowball", None, "no", bots=0, seats=2)
    with serve(db, club) as client:
        alice = sign_up(client, "alice")
        with table(client, alice) as conn:
            conn.recv()
            conn.send("sit", seat=0, buy_in=500)
            s = conn.state(lambda s: s["you"] == 0, "alice seated")
            assert s["rebuy"] == {"allowed": False, "max": 0, "queued": None}
            conn.send("rebuy", amount=100)
            message = conn.error("room")["message"]
            assert message == (
                "alice still has 500 chips: in no-limit play a rebuy needs an empty stack (G1), "
                "so alice may not add 100 chips now"
            )
            conn.ping("after")  # the refusal changed nothing: no state follows it
            assert servertools.actor_of(client).table.stacks() == {"alice": 500}


PARSE_ERRORS = [
    ("not json", "malformed"),
    ("[1, 2, 3]", "malformed"),
    (json.dumps({"v": VERSION, "type": "ping", "id": "x" * 5000}), "too_long"),
    ('{"type": "ping"}', "version"),
    ('{"v": 2, "type": "ping"}', "version"),
    ('{"v": 4, "type": "dance"}', "unknown_type"),
    ('{"v": 4, "type": "sit", "seat": "one", "buy_in": 100}', "bad_field"),
    ('{"v": 4, "type": "rebuy", "amount": 0}', "bad_field"),
    ('{"v": 4, "type": "act", "action": "jump"}', "bad_field"),
    ('{"v": 4, "type": "act", "action": "raise"}', "bad_field"),
    ('{"v": 4, "type": "act", "action": "fold", "hand": 0, "seq": 0}', "bad_field"),
    ('{"v": 4, "type": "act", "action": "fold", "hand": 1}', "bad_field"),  # no seq: the turn is not named
    ('{"v": 4, "type": "act", "action": "draw", "cards": "As"}', "bad_field"),
    ('{"v": 4, "type": "act", "action": "draw", "cards": ["Xx"]}', "bad_card"),
    ('{"v": 4, "type": "act", "action": "show", "cards": ["As", "As"]}', "bad_card"),
]


def test_socket_refuses_bad_messages_and_goes_on(db: str) -> None:
    with serve(db) as client:
        alice = sign_up(client, "alice")
        with table(client, alice) as conn:
            conn.send("sit", seat=1, buy_in=200)
            for k, (text, code) in enumerate(PARSE_ERRORS):
                conn.ws.send_text(text)
                m = conn.error(code)
                assert set(m) <= {"v", "type", "code", "message", "allowed"} and m["message"], m
                if code == "unknown_type":
                    assert m["allowed"][:8] == ["sit", "leave", "sit_out", "come_back", "rebuy", "act", "bots", "ping"]
                    assert m["allowed"][8:] == ["resync", "seed", "chat", "mute", "unmute", "chat_remove", "chat_mute"]
                conn.ping(k)
            conn.ws.send_bytes(b"\xff\xfe")
            conn.error("malformed")
            conn.ping("bytes")
            conn.ws.send_bytes(b'{"v": 4, "type": "ping", "id": "binary"}')
            conn.until(lambda m: m["type"] == "pong" and m["id"] == "binary", "a pong to a binary frame")
            # Nothing changed: alice still sits with her 200 (less her blind) and the hand goes on.
            s = conn.current(lambda s: my_turn(s, 1), "my turn in hand 1")
            assert seat(s, 1)["player"] == "alice" and s["hand"]["players"][1]["starting"] == 200


def test_socket_refuses_table_errors_and_goes_on(db: str) -> None:
    """Two people at a two-seat table: every refusal the table gives, each followed by a working ping, and the
    hand carries on untouched."""
    with serve(db, DUEL) as client:
        alice, bob = sign_up(client, "alice"), sign_up(client, "bob")
        with table(client, alice) as a, table(client, bob) as b:
            for type_, fields, code in [
                ("act", {"action": "check", "hand": 1, "seq": 0}, "not_seated"),
                ("leave", {}, "not_seated"),
                ("rebuy", {"amount": 10}, "not_seated"),
                ("sit_out", {}, "not_seated"),
                ("sit", {"seat": 2, "buy_in": 100}, "bad_field"),  # seats are 0 and 1
                ("sit", {"seat": 0, "buy_in": 39}, "room"),  # buy-ins are 40 to 200
                ("sit", {"seat": 0, "buy_in": 201}, "room"),
            ]:
                a.send(type_, **fields)
                a.error(code)
                a.ping(code)
            assert balances(client, alice) == (0, PLAY)
            a.send("sit", seat=0, buy_in=100)
            a.state(lambda s: s["you"] == 0)
            b.send("sit", seat=0, buy_in=100)  # taken
            assert b.error("room")["message"] == "seat 0 is taken by 'alice'"
            b.ping("taken")
            a.send("sit", seat=0, buy_in=100)  # her own seat again (a reconnecting page's sit): said so
            assert a.error("room")["message"] == "you already sit in seat 0"
            a.ping("already")
            assert balances(client, bob) == (0, PLAY)
            b.send("sit", seat=1, buy_in=150)

            # Hand 1: alice has the button and posts the small blind; she is first to act.
            s = a.turn(1)
            assert (s["button"], s["hand"]["to_act"]) == (0, 0)
            legal = {"actions": ["fold", "call", "raise"], "call": 1, "raise": [4, 100]}
            assert s["hand"]["legal"] == legal
            b.state(lambda s: s["hand"] is not None and s["hand"]["number"] == 1)
            b.act("check")
            assert b.error("not_your_turn")["message"] == "it is alice's turn (seat 0), not yours (seat 1)"
            b.ping("turn")
            a.act("check", seat=1)
            a.error("wrong_seat")
            a.act("check", hand=2)
            a.error("stale_hand")
            a.act("check")
            assert a.error("illegal_action")["allowed"] == legal
            a.act("raise", amount=3)
            assert a.error("illegal_amount")["allowed"] == legal
            a.act("raise", amount=101)
            assert a.error("illegal_amount")["allowed"] == legal
            a.act("bet", amount=10)
            a.error("illegal_action")
            a.send("rebuy", amount=10)  # chips are added between hands
            a.error("room")
            a.ping("still alice's turn")

            a.act("raise", amount=6, hand=1, seat=0)
            s = b.turn(1)
            assert s["hand"]["legal"] == {"actions": ["fold", "call", "raise"], "call": 4, "raise": [10, 150]}
            b.act("fold", hand=1)
            s = a.state(lambda s: settled(s, 1) is not None, "hand 1 settled")
            assert settled(s, 1)["net"] == [2, -2]  # type: ignore[index]
            a.act("fold", hand=1)  # hand 1 is over
            a.error("stale_hand")
            a.ping("after hand 1")
            # Hand 1 left them 102 and 148; hand 2 is dealt at once and its blinds are in (live stacks).
            assert [p["stack"] + p["bet"] for p in s["hand"]["players"]] == [102, 148]


def test_store_refuses_real_money_buy_in_without_balance(db: str) -> None:
    with serve(db, REAL) as client:
        alice = sign_up(client, "alice")
        with table(client, alice) as conn:
            conn.send("sit", seat=1, buy_in=100)
            # Named as the player knows the account, never by the store's internal id (issue 20).
            message = conn.error("store")["message"]
            assert message == "alice's account holds 0 chips, cannot buy in for 100"
            assert not re.search(r"account \d", message)
            conn.ping("store")
            assert balances(client, alice) == (0, PLAY)
        assert api(client, None, "GET", "/api/tables/1")["players"] == ["bot-1-1", None]
        deposit(client, "alice", 100)
        with table(client, alice) as conn:
            s = conn.state()
            assert s["seats"][1] is None and seat(s, 0)["player"] == "bot-1-1"  # the refused buy-in left no trace
            conn.send("sit", seat=1, buy_in=100)
            s = conn.state(lambda s: s["you"] == 1)
            hand = s["hand"]
            assert seat(s, 1)["stack"] + (hand["players"][1]["bet"] if hand else 0) == 100
            assert balances(client, alice) == (0, PLAY)


def test_bad_card_in_a_draw_game(db: str) -> None:
    """Heads-up five-card draw against a calling bot: alice (big blind) draws first and names a card she does not
    hold; then too many cards; then a real draw goes through."""
    with serve(db, DRAW) as client:
        alice = sign_up(client, "alice")
        with table(client, alice) as conn:
            conn.send("sit", seat=1, buy_in=100)
            conn.act(**check_or_call(conn.turn(1)["hand"]))
            s = conn.state(lambda s: my_turn(s, 1) and s["hand"]["phase"] == "draw", "the draw")
            hand = s["hand"]
            assert hand["legal"] == {"actions": ["draw"], "draw": 5}
            mine = hand["players"][1]["cards"]
            assert len(mine) == 5 and "??" not in mine
            other = next(c for c in ("As", "Ks", "Qs", "Js", "Ts") if c not in mine)
            conn.act("draw", cards=[other])
            conn.error("bad_card")
            conn.ping("not mine")
            conn.act("draw", cards=[mine[0], other])
            conn.error("bad_card")
            conn.ping("half mine")
            conn.act("draw", cards=[mine[0], mine[0]])
            conn.error("bad_card")
            conn.ping("twice")
            conn.act("draw", cards=[mine[0]])
            s = conn.state(lambda s: any(e["type"] == "draw" and e["seat"] == 1 for e in s["hand"]["events"]))
            drew = next(e for e in s["hand"]["events"] if e["type"] == "draw" and e["seat"] == 1)
            assert drew["cards"] == [mine[0]] and drew["amount"] == 1
            assert mine[0] not in s["hand"]["players"][1]["cards"]


def test_rate_limit(db: str) -> None:
    with serve(db, rate=5, burst=5) as client:
        alice = sign_up(client, "alice")
        with table(client, alice) as conn:
            for k in range(100):
                conn.send("ping", id=k)
            time.sleep(0.5)  # a token or two again
            conn.send("ping", id="after")
            pongs, errors = [], []
            while not pongs or pongs[-1] != "after":
                m = conn.recv()
                if m["type"] == "pong":
                    pongs.append(m["id"])
                elif m["type"] == "error":
                    errors.append(m)
            assert pongs[:5] == [0, 1, 2, 3, 4]  # the burst
            assert len(pongs) < 50
            assert errors and all(e["code"] == "rate_limited" for e in errors)
            assert len(errors) <= 2  # one a second at most
            assert errors[0]["message"] == "at most 5 messages a second"
            conn.ping("later")


def bet_the_flop(chips: int) -> Choice:
    """Check or call, but bet ``chips`` on the flop."""

    def choose(hand: Message) -> dict[str, Any]:
        if hand["street"] == "flop" and "bet" in hand["legal"]["actions"]:
            return {"action": "bet", "amount": chips}
        return check_or_call(hand)

    return choose


def test_hand_to_showdown_against_a_bot(db: str) -> None:
    """A real-money (raked) hand against a calling station: alice checks, bets 40 on the flop, checks down; the
    result's net chips sum to minus the rake and her account gets her final stack back when she leaves."""
    with serve(db, REAL, seed=ALICE_WINS) as client:
        alice = sign_up(client, "alice")
        deposit(client, "alice", 1000)
        with table(client, alice) as conn:
            conn.send("sit", seat=1, buy_in=200)
            s = conn.turn(1)
            assert balances(client, alice) == (800, PLAY)
            assert (s["button"], s["hand"]["players"][1]["stack"], s["hand"]["players"][1]["bet"]) == (0, 198, 2)
            conn.send("sit_out")  # not dealt the next hand: she leaves after this one
            s, result = play(conn, 1, bet_the_flop(40))
            assert isinstance(result.pop("ended_at"), float)  # the table clock: real time here
            assert result.pop("summary") == [
                {"seat": 1, "player": "alice", "amount": 80, "uncontested": False, "hands": [
                    {"share": "high", "category": "one-pair", "ranks": ["4"], "suit": None, "name": "one pair, fours",
                     "best": ["4h", "4c", "Ad", "Kh", "Jc"]},
                ]},
            ]  # fmt: skip
            shown = {seat: [(h["category"], h["ranks"]) for h in hands] for seat, hands in result.pop("hands").items()}
            assert shown == {"1": [("one-pair", ["4"])], "0": [("one-pair", ["4"])]}  # as hand_names, as data
            assert result == {
                "number": 1, "hand_id": 1, "players": [[0, "bot-1-1"], [1, "alice"]], "net": [-42, 38],
                "pots": [{"amount": 80, "text": None, "winners": [[1, 80]], "shares": None}],
                "shown": {"1": ["8h", "Jc"], "0": ["8d", "6s"]}, "rake": 4, "voided": False,
                "hand_names": {"1": "one pair, fours", "0": "one pair, fours"},
                "board": ["Ad", "3d", "4h", "Kh", "4c"],
            }  # fmt: skip
            assert sum(result["net"]) == -result["rake"]
            assert (seat(s, 0)["stack"], seat(s, 1)["stack"]) == (158, 238)
            assert seat(s, 1)["sitting_out"] and s["hand_number"] == 1  # no second hand: she sits out
            conn.send("leave")
            s = conn.state(lambda s: s["you"] is None)
            assert s["seats"][1] is None
        assert balances(client, alice) == (1000 - 200 + 238, PLAY)
        assert api(client, alice, "GET", "/api/hands?table=1") == [
            {"id": 1, "table": 1, "number": 1, "status": "complete", "net": 38}
        ]


def test_hand_history_download(db: str) -> None:
    """Alice checks, bets 10 on the flop (called) and folds the turn: the bot's cards are never shown.  Her PHH
    has her cards and '????' for the bot's, and replays to the same final stacks; bob may not download it."""
    with serve(db) as client:
        alice, bob = sign_up(client, "alice"), sign_up(client, "bob")

        def choose(hand: Message) -> dict[str, Any]:
            if hand["street"] == "turn":
                return {"action": "fold"}
            return bet_the_flop(10)(hand)

        with table(client, alice) as conn:
            conn.send("sit", seat=1, buy_in=200)
            first = conn.turn(1)
            cards = first["hand"]["players"][1]["cards"]
            conn.send("sit_out")
            _, result = play(conn, 1, choose)
            assert result["net"] == [12, -12] and result["shown"] == {} and result["rake"] == 0
            conn.send("leave")
            conn.state(lambda s: s["you"] is None)

        hand_id = result["hand_id"]
        assert api(client, alice, "GET", "/api/hands") == [
            {"id": hand_id, "table": 1, "number": 1, "status": "complete", "net": -12}
        ]
        assert api(client, bob, "GET", "/api/hands") == []
        r = client.get(f"/api/hands/{hand_id}/phh", headers=alice.headers)
        assert r.status_code == 200
        assert r.headers["content-type"].startswith("text/plain")
        assert r.headers["content-disposition"] == 'attachment; filename="hand-1-1.phh"'
        text = r.text
        assert f"'d dh p1 {''.join(cards)}'" in text  # heads-up p1 is the big blind: alice
        assert "'d dh p2 ????'" in text
        [record] = loads(text)
        assert [int(x) for x in record.starting_stacks] == [200, 200]
        assert [int(x) for x in record.finishing_stacks or ()] == [188, 212]
        done = replay(record)
        assert done.status == "ok", done.message
        assert [int(x) for x in done.computed or ()] == [188, 212]

        assert api(client, bob, "GET", f"/api/hands/{hand_id}/phh", 403)
        assert api(client, None, "GET", f"/api/hands/{hand_id}/phh", 401)
        assert api(client, alice, "GET", "/api/hands/999/phh", 404)


def test_pokerstars_download_is_the_text_as_an_attachment(db: str) -> None:
    """``/pokerstars`` is ``/text``'s PokerStars history as a download: alice bets 10 on the flop (called) and
    folds the turn, 188 left of 200; only her own cards are dealt in it, it reads back and checks ``ok``; the
    same access rules (403 bob, 401 logged out, 404 unknown, 409 still being played)."""
    with serve(db) as client:
        alice, bob = sign_up(client, "alice"), sign_up(client, "bob")

        def choose(hand: Message) -> dict[str, Any]:
            return {"action": "fold"} if hand["street"] == "turn" else bet_the_flop(10)(hand)

        with table(client, alice) as conn:
            conn.send("sit", seat=1, buy_in=200)
            cards = conn.turn(1)["hand"]["players"][1]["cards"]
            [running] = api(client, alice, "GET", "/api/hands")
            assert client.get(f"/api/hands/{running['id']}/pokerstars", headers=alice.headers).status_code == 409
            conn.send("sit_out")
            _, result = play(conn, 1, choose)
            conn.send("leave")
            conn.state(lambda s: s["you"] is None)

        hand_id = result["hand_id"]
        r = client.get(f"/api/hands/{hand_id}/pokerstars", headers=alice.headers)
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/plain")
        assert r.headers["content-disposition"] == 'attachment; filename="hand-1-1.txt"'
        assert r.text == client.get(f"/api/hands/{hand_id}/text", headers=alice.headers).text
        assert r.text.startswith(f"PokerStars Hand #{hand_id}:  Hold'em No Limit (1/2) - ")
        assert f"Dealt to alice [{' '.join(cards)}]" in r.text and r.text.count("Dealt to") == 1
        assert "alice: bets 10" in r.text and "Seat 2: alice (big blind) folded on the Turn" in r.text
        [hand] = list(stars.loads_each(r.text))
        assert isinstance(hand, stars.StarsHand)
        assert {s.name: int(s.stack) for s in hand.seats}["alice"] == 200
        assert stars.check(hand).status == "ok"

        assert api(client, bob, "GET", f"/api/hands/{hand_id}/pokerstars", 403)["detail"] == (
            f"bob was not dealt into hand {hand_id}"
        )
        assert api(client, None, "GET", f"/api/hands/{hand_id}/pokerstars", 401)
        assert api(client, alice, "GET", "/api/hands/999/pokerstars", 404)["detail"] == "no hand with id 999"


def test_reconnect_within_and_after_the_grace(db: str) -> None:
    """Alice drops while it is her turn; back within the grace she has her seat, cards and turn.  She drops again:
    bob, watching, sees her disconnected, then sitting out once the grace is over; back again, she plays on."""
    grace = 1.5
    with serve(db, grace=grace) as client:
        alice, bob = sign_up(client, "alice"), sign_up(client, "bob")
        with table(client, alice) as conn:
            conn.send("sit", seat=1, buy_in=200)
            before = conn.turn(1)
        with table(client, bob) as watcher:
            assert not seat(watcher.state(), 1)["connected"]
            with table(client, alice) as conn:
                s = conn.turn(1)
                assert s["you"] == 1
                assert seat(s, 1) == {  # live: her big blind is in
                    "seat": 1, "player": "alice", "stack": 198, "in_pot": 2, "all_in": False, "protected": False,
                    "sitting_out": False, "connected": True, "bot": False, "timed_out": False,
                }  # fmt: skip
                assert s["hand"]["players"][1]["cards"] == before["hand"]["players"][1]["cards"]
                assert s["hand"]["legal"] == before["hand"]["legal"]
                watcher.state(lambda s: seat(s, 1)["connected"], "alice connected")
            gone = time.monotonic()
            s = watcher.state(lambda s: not seat(s, 1)["connected"], "alice disconnected")
            assert not seat(s, 1)["sitting_out"]
            # After the grace she sits out (from the next hand); the hand waits for her clock.
            s = watcher.state(lambda s: seat(s, 1)["sitting_out"], "alice sitting out")
            assert time.monotonic() - gone >= grace - 0.05
            assert s["hand"]["players"][1]["stack"] == 198 and s["hand"]["to_act"] == 1
            # Back again: dealt in again, her turn as before.
            with table(client, alice) as conn:
                s = conn.turn(1)
                assert seat(s, 1)["connected"] and not seat(s, 1)["sitting_out"]
                conn.act("check")
                conn.state(lambda s: s["hand"]["street"] == "flop", "the flop")
            watcher.state(lambda s: seat(s, 1)["player"] == "alice" and not seat(s, 1)["sitting_out"])


def test_leave_during_a_hand(db: str) -> None:
    """Leaving at her turn: alice, the big blind, checks whenever checking is free (as a time-out would, RULES
    A-3.7-2: the calling bot limped and calls nothing more) instead of folding, and stands when the hand ends
    with her chips back in her account."""
    with serve(db, seed=ALICE_WINS) as client:
        alice = sign_up(client, "alice")
        with table(client, alice) as conn:
            conn.send("sit", seat=1, buy_in=200)
            conn.turn(1)
            conn.send("leave")
            s = conn.state(lambda s: settled(s, 1) is not None, "hand 1 settled")
            result = settled(s, 1)
            assert result is not None and result["players"] == [[0, "bot-1-1"], [1, "alice"]]
            assert s["you"] is None and s["seats"][1] is None
            mine = [e["type"] for e in s["hand"]["events"] if e.get("seat") == 1]
            assert "fold" not in mine and mine.count("check") == 4  # preflop, flop, turn, river
            net = result["net"][1]
            assert result["net"] == [-2, 2]  # the seeded cards: alice wins the showdown
        assert balances(client, alice) == (0, PLAY + net)


def test_away_player_stands_up_after_a_while(db: str) -> None:
    """Seated alone and gone: sitting out after the grace, standing (chips home) after ``stand_after`` more."""
    with serve(db, DUEL, grace=0.2, stand_after=0.3) as client:
        alice, bob = sign_up(client, "alice"), sign_up(client, "bob")
        with table(client, bob) as watcher:
            with table(client, alice) as conn:
                conn.send("sit", seat=0, buy_in=100)
                conn.state(lambda s: s["you"] == 0)
            assert balances(client, alice) == (0, PLAY - 100)
            s = watcher.state(lambda s: s["seats"][0] is not None and seat(s, 0)["sitting_out"], "alice sitting out")
            assert not seat(s, 0)["connected"] and seat(s, 0)["stack"] == 100
            watcher.state(lambda s: s["seats"][0] is None, "alice gone")
        assert balances(client, alice) == (0, PLAY)


def test_restart_returns_chips_and_voids_the_hand(db: str) -> None:
    """Alice plays hand 1 out (2 won) and is in hand 2 when the server stops.  Started again on the same store:
    the table is back with its bot, hand 2 is void, her chips (and her session) are hers again, and the hand
    numbers go on."""
    with serve(db, seed=ALICE_WINS) as client:
        alice = sign_up(client, "alice")
        with table(client, alice) as conn:
            conn.send("sit", seat=1, buy_in=200)
            _, first = play(conn, 1)  # check and call to the end
            assert first["net"] == [-2, 2]
            s = conn.turn(2)  # hand 2 is dealt at once: alice has the button, posts 1 and calls 1 more
            assert s["button"] == 1 and s["hand"]["legal"]["call"] == 1
            conn.act("call")
            s = conn.state(lambda s: s["hand"]["street"] == "flop", "the flop of hand 2")
            assert s["hand"]["number"] == 2 and s["hand"]["players"][1]["stack"] == 200
        assert balances(client, alice) == (0, PLAY - 200)
        [before] = api(client, None, "GET", "/api/tables")
        assert (before["hand_id"], before["hand_number"]) == (2, 2)  # hand 2 (the store's id 2), being played
    with serve(db, seed=ALICE_WINS) as client:
        after = {**before, "taken": 1, "players": ["bot-1-1", None], "hand_id": None, "hand_number": None}
        assert api(client, None, "GET", "/api/tables") == [after]
        assert balances(client, alice) == (0, PLAY + 2)
        assert api(client, alice, "GET", "/api/hands") == [
            {"id": 2, "table": 1, "number": 2, "status": "voided", "net": None},
            {"id": 1, "table": 1, "number": 1, "status": "complete", "net": 2},
        ]
        with table(client, alice) as conn:
            s = conn.state()
            assert s["seats"][1] is None and s["hand_number"] == 2
            conn.send("sit", seat=1, buy_in=100)
            s = conn.turn(3)
            assert s["hand"]["players"][1]["starting"] == 100
        client.app.state.store.check_balanced()  # type: ignore[attr-defined]


@pytest.mark.parametrize("store_url", ["postgresql"], indirect=True)
def test_api_on_postgresql(store_url: str) -> None:
    """Accounts, a hand against the bot and the hand list on PostgreSQL: the same figures as on SQLite."""
    with serve(store_url, seed=ALICE_WINS) as client:
        alice = sign_up(client, "alice")
        assert api(client, None, "POST", "/api/signup", 409, json={"name": "alice", "password": PASSWORD})
        assert api(client, None, "POST", "/api/login", 401, json={"name": "alice", "password": "wrong password"})
        assert api(client, alice, "GET", "/api/me") == {
            "player": "alice", "balances": {"real": 0, "play": PLAY}, "operator": False,
        }
        with table(client, alice) as conn:
            conn.send("sit", seat=1, buy_in=120)
            conn.turn(1)
            assert balances(client, alice) == (0, PLAY - 120)
            conn.send("sit_out")
            _, result = play(conn, 1)
            assert result["net"] == [-2, 2] and result["rake"] == 0
            conn.send("leave")
            conn.state(lambda s: s["you"] is None)
        assert balances(client, alice) == (0, PLAY + 2)
        assert api(client, alice, "GET", "/api/hands") == [
            {"id": 1, "table": 1, "number": 1, "status": "complete", "net": 2}
        ]
        assert api(client, alice, "POST", "/api/play-chips")["added"] == 0
        client.app.state.store.check_balanced()  # type: ignore[attr-defined]
