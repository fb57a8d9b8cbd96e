"""The operators' endpoints (issue 20, part 1): ``/api/admin/...`` over a running server, each action with its
exact effect (chips to the chip, names, ids) and its one audit row."""

from __future__ import annotations

import threading
import time
from datetime import timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from tests import servertools
from tests.servertools import (
    DUEL,
    PASSWORD,
    PLAY,
    Conn,
    Player,
    api,
    heads_up,
    play_chips,
    serve,
    sign_up,
    store_of,
    table,
)
from tests.storetools import pg_database

from pokerroom.server.accounts import Users
from pokerroom.server.admin_desk import ACCOUNT_HELD, TABLE_CLOSED
from pokerroom.server.sockets import SESSION_ENDED
from pokerroom.store import Store
from pokerroom.store.audit import BANNED, SUSPENDED, AdminError, entries, hold, hold_of
from pokerroom.store.roles import grant

db_fixture = servertools.db_fixture


def wait_closed(conn: Conn, seconds: float = 3.0) -> WebSocketDisconnect:
    """Read ``conn`` until the server closes it, within ``seconds``; the close."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            conn.recv(max(0.1, deadline - time.monotonic()))
        except WebSocketDisconnect as closed:
            return closed
        except TimeoutError:
            break
    raise AssertionError(f"the socket stayed open {seconds:g} s")


def operator(client: TestClient, name: str = "opal") -> Player:
    op = sign_up(client, name)
    assert grant(store_of(client), name)
    return op


def audit_rows(client: TestClient) -> list[tuple[str, str, str, bool]]:
    """The audit log, oldest first: (operator, action, target, applied)."""
    rows = entries(store_of(client), limit=1000)
    return [(e.operator, e.action, e.target, e.applied_at is not None) for e in reversed(rows)]


def log_in(client: TestClient, name: str, password: str = PASSWORD) -> Any:
    r = client.post("/api/login", json={"name": name, "password": password})
    client.cookies.clear()
    return r


ENDPOINTS: list[tuple[str, str, dict[str, Any] | None]] = [
    ("GET", "/api/admin/online", None),
    ("POST", "/api/admin/players/bob/suspend", {"seconds": 60}),
    ("POST", "/api/admin/players/bob/ban", {}),
    ("POST", "/api/admin/players/bob/reinstate", None),
    ("POST", "/api/admin/players/bob/password", {}),
    ("POST", "/api/admin/tables/1/close", None),
    ("POST", "/api/admin/tables/1/pause", None),
    ("POST", "/api/admin/tables/1/resume", None),
    ("POST", "/api/admin/tables/1/void", None),
    ("GET", "/api/admin/hands/1", None),
    ("GET", "/api/admin/audit", None),
]


def test_a_player_who_is_not_an_operator_gets_403_and_nobody_logged_in_401(db: str) -> None:
    with serve(db, DUEL) as client:
        bob = sign_up(client, "bob")
        for method, path, body in ENDPOINTS:
            denied = api(client, bob, method, path, 403, json=body)
            assert denied == {"detail": "bob is not an operator; this is the operators' page"}, path
            api(client, None, method, path, 401, json=body)
        assert audit_rows(client) == []  # nothing done, nothing logged
        assert log_in(client, "bob").status_code == 200


def test_a_ban_closes_the_socket_at_once_stands_the_player_after_the_hand_and_keeps_the_chips(db: str) -> None:
    with serve(db, DUEL) as client:
        op = operator(client)
        with heads_up(client) as (alice, bob, a, b, s):
            assert s["hand"]["number"] == 1  # alice (small blind, 1 chip in) to act
            out = api(client, op, "POST", "/api/admin/players/alice/ban", json={"reason": "chip dumping"})
            assert out["audit"]["action"] == "ban" and out["audit"]["target"] == "alice"
            assert out["applied"] == {"done": True, "sockets_closed": 1, "stood_up_at": [1]}
            # What applying did is in the row, as in a row the command line queued (tests/test_admin_cli.py).
            assert out["audit"]["detail"] == {"reason": "chip dumping", "sessions_ended": 1, "applied": out["applied"]}
            assert entries(store_of(client), limit=1)[0].json() == out["audit"]
            closed = wait_closed(a, 0.5)  # at once
            assert (closed.code, closed.reason) == (ACCOUNT_HELD, "alice is banned from this room")
            # Dealt in: she folds at her turn (RULES: a leaver checks or folds) and stands when the hand is over.
            done = b.state(lambda st: st["hand_number"] == 1 and st["seats"][0] is None, "alice stood up")
            assert done["seats"][1]["stack"] == 101
        store = store_of(client)
        assert store.balance(store.account_id("play:alice")) == PLAY - 1  # her stack back in her account
        assert store.balance(store.account_id("alice")) == 0
        assert play_chips(client, bob) == PLAY - 100
        api(client, alice, "GET", "/api/me", 401)  # her session is gone
        refused = log_in(client, "alice")
        assert (refused.status_code, refused.json()) == (403, {"detail": "alice is banned from this room"})
        assert log_in(client, "alice", "wrong password").status_code == 401  # no word of the ban without it
        again = api(client, op, "POST", "/api/admin/players/alice/reinstate")
        assert again["audit"]["detail"] == {"was": "banned", "applied": {"done": True}}
        assert log_in(client, "alice").status_code == 200
        assert store.balance(store.account_id("play:alice")) == PLAY - 1  # untouched by ban and reinstatement
        api(client, op, "POST", "/api/admin/players/alice/reinstate", 409)
        api(client, op, "POST", "/api/admin/players/nobody/ban", 404)
        assert audit_rows(client) == [("opal", "ban", "alice", True), ("opal", "reinstate", "alice", True)]


def test_a_suspension_refuses_log_in_until_its_end_and_then_lets_the_player_in(db: str) -> None:
    with serve(db, DUEL) as client:
        op = operator(client)
        sign_up(client, "carol")
        out = api(client, op, "POST", "/api/admin/players/carol/suspend", json={"until": "2099-01-02T03:04:00Z"})
        assert out["audit"]["detail"]["until"] == "2099-01-02T03:04:00+00:00"
        refused = log_in(client, "carol")
        assert (refused.status_code, refused.json()) == (
            403,
            {"detail": "carol is suspended until 2099-01-02 03:04 UTC"},
        )
        past = api(client, op, "POST", "/api/admin/players/carol/suspend", 400, json={"until": "2001-01-01T00:00:00Z"})
        assert "a suspension ends in the future" in past["detail"]
        api(client, op, "POST", "/api/admin/players/carol/suspend", 400, json={})  # no end given
        api(client, op, "POST", "/api/admin/players/carol/suspend", json={"seconds": 1})
        assert log_in(client, "carol").status_code == 403
        time.sleep(1.1)
        assert log_in(client, "carol").status_code == 200  # the suspension ran out
        assert [r[1] for r in audit_rows(client)] == ["suspend", "suspend"]
        himself = api(client, op, "POST", "/api/admin/players/opal/ban", 409, json={})
        assert himself["detail"] == "opal cannot suspend or ban themselves; another operator or the CLI can"
        assert log_in(client, "opal").status_code == 200  # nothing changed
        assert len(audit_rows(client)) == 2


def test_a_password_reset_ends_the_sessions_and_the_new_password_works(db: str) -> None:
    with serve(db, DUEL) as client:
        op = operator(client)
        dave = sign_up(client, "dave")
        with table(client, dave) as conn:
            out = api(client, op, "POST", "/api/admin/players/dave/password", json={})
            secret = out["password"]
            assert isinstance(secret, str) and len(secret) == 16
            assert out["audit"]["detail"] == {"generated": True, "sessions_ended": 1, "applied": out["applied"]}
            closed = wait_closed(conn, 0.5)
            assert closed.code == SESSION_ENDED
        api(client, dave, "GET", "/api/me", 401)
        assert log_in(client, "dave").status_code == 401
        assert log_in(client, "dave", secret).status_code == 200
        given = api(client, op, "POST", "/api/admin/players/dave/password", json={"password": "chosen pass 1"})
        assert given["password"] is None and given["audit"]["detail"]["generated"] is False
        assert log_in(client, "dave", "chosen pass 1").status_code == 200
        short = api(client, op, "POST", "/api/admin/players/dave/password", 400, json={"password": "short"})
        assert short == {"detail": "the new password: a password is 8 to 200 characters"}
        assert [r[1] for r in audit_rows(client)] == ["password", "password"]


def test_closing_a_table_cashes_its_players_out_after_the_hand_and_it_stays_gone(db: str) -> None:
    with serve(db, DUEL) as client:
        op = operator(client)
        with heads_up(client) as (_alice, _bob, a, _b, _s):
            out = api(client, op, "POST", "/api/admin/tables/1/close")
            assert out["applied"] == {"done": True, "closed_at_once": False}  # hand 1 is being played
            a.act("fold")  # alice gives bob her small blind
            closed = wait_closed(a)
            assert (closed.code, closed.reason) == (TABLE_CLOSED, "table 1 is closed")
        store = store_of(client)
        assert store.balance(store.account_id("play:alice")) == PLAY - 1
        assert store.balance(store.account_id("play:bob")) == PLAY + 1
        assert store.stacks(1) == {}
        assert api(client, op, "GET", "/api/tables") == []
        api(client, op, "POST", "/api/admin/tables/1/pause", 404)
        assert audit_rows(client) == [("opal", "close", "1", True)]
    with serve(db, DUEL) as client:  # a restart: the closed table is not opened, nor made again
        assert api(client, None, "GET", "/api/tables") == []


def test_voiding_a_hand_refunds_every_chip_keeps_its_cards_and_the_table_deals_on(db: str) -> None:
    with serve(db, DUEL) as client:
        op = operator(client)
        with heads_up(client) as (_alice, _bob, a, b, s):
            a.act("raise", amount=10)
            b.state(lambda st: st["hand"] is not None and st["hand"]["to_act"] == 1, "bob to act")
            hand_id = s["hand"]["hand_id"]
            out = api(client, op, "POST", "/api/admin/tables/1/void", json={"hand": hand_id})
            assert out["audit"]["detail"] == {"hand": hand_id, "applied": {"done": True, "hand": hand_id}}
            assert out["applied"] == {"done": True, "hand": hand_id}
            after = b.state(lambda st: st["hand"] is not None and st["hand"]["number"] == 2, "hand 2")
            voided = next(r for r in after["results"] if r["number"] == 1)
            assert voided["voided"] is True and voided["net"] == [0, 0]
            assert sorted(seat["stack"] for seat in after["seats"]) == [98, 99]  # 100 each back, then hand 2's blinds
            api(client, op, "POST", "/api/admin/tables/1/pause")
        looked = api(client, op, "GET", f"/api/admin/hands/{hand_id}")
        record = looked["record"]
        assert looked["status"] == record["status"] == "voided"
        assert record["reason"].startswith("voided by operator opal")
        holes = [e for e in record["events"] if e["type"] == "deal_hole"]
        assert holes and all("??" not in str(e) for e in holes)  # every hole card, as dealt
        phh = client.get(f"/api/admin/hands/{hand_id}?format=phh", headers=op.headers)
        assert phh.status_code == 200 and "d dh p1 " in phh.text and "??" not in phh.text  # both hands shown
        assert api(client, op, "GET", "/api/admin/hands/999", 404) == {"detail": "no hand with id 999"}  # said once
        assert audit_rows(client) == [
            ("opal", "void", "1", True), ("opal", "pause", "1", True), ("opal", "hand", str(hand_id), True),
            ("opal", "hand", str(hand_id), True),
        ]  # fmt: skip


def test_pause_stops_the_deals_and_resume_starts_them_again(db: str) -> None:
    with serve(db, DUEL) as client:
        op = operator(client)
        with heads_up(client) as (_alice, _bob, a, b, _s):
            api(client, op, "POST", "/api/admin/tables/1/pause")
            api(client, op, "POST", "/api/admin/tables/1/pause", 409)
            a.act("fold")  # hand 1 plays on while paused
            b.state(lambda st: st["hand"] is not None and st["hand"]["phase"] == "complete", "hand 1 over")
            time.sleep(0.3)
            assert all(m.get("hand") is None or m["hand"]["number"] == 1 for m in b.drain() if m["type"] == "state")
            assert client.app.state.lobby.actors[1].table.hand_number == 1  # type: ignore[attr-defined]
            online = api(client, op, "GET", "/api/admin/online")
            assert online == {
                "players": [
                    {"player": "alice", "seated": [1], "watching": [], "away": []},
                    {"player": "bob", "seated": [1], "watching": [], "away": []},
                ]
            }
            api(client, op, "POST", "/api/admin/tables/1/resume")
            b.state(lambda st: st["hand"] is not None and st["hand"]["number"] == 2, "hand 2 after resume")
            api(client, op, "POST", "/api/admin/tables/1/resume", 409)
        assert [r[1] for r in audit_rows(client)] == ["pause", "resume"]
        rows = api(client, op, "GET", "/api/admin/audit?limit=1")
        assert [r["action"] for r in rows] == ["resume"]


def test_a_socket_opened_across_a_ban_is_closed_and_a_held_player_cannot_sit(db: str) -> None:
    with serve(db, DUEL) as client:
        op = operator(client)
        bob = sign_up(client, "bob")
        users = client.app.state.users  # type: ignore[attr-defined]
        real = users.player
        looked_up, go = threading.Event(), threading.Event()

        def slow(token: str | None) -> str | None:  # bob's session read just before the ban, registered after it
            name = real(token)
            if name == "bob" and not looked_up.is_set():
                looked_up.set()
                go.wait(5)
            return name

        users.player = slow
        box: dict[str, Any] = {}

        def connect() -> None:
            box["cm"] = client.websocket_connect("/ws/tables/1", headers=bob.headers)
            box["ws"] = box["cm"].__enter__()

        opener = threading.Thread(target=connect)
        opener.start()
        assert looked_up.wait(5)
        users.player = real
        out = api(client, op, "POST", "/api/admin/players/bob/ban", json={"reason": "race"})
        assert out["applied"] == {"done": True, "sockets_closed": 0, "stood_up_at": []}
        go.set()
        opener.join(5)
        try:
            with pytest.raises(WebSocketDisconnect) as refused:
                box["ws"].receive_json()
            assert refused.value.code == 4401  # looked up again: the ban ended the session
        finally:
            box["cm"].__exit__(None, None, None)
        assert client.app.state.lobby.actors[1].table.seats == [None, None]  # type: ignore[attr-defined]

        # A socket open when a hold is stored, before any server applies it: its sit is refused.
        carol = sign_up(client, "carol")
        with table(client, carol) as conn:
            hold(store_of(client), "carol", BANNED, operator="root", applied=True)  # no server will apply it
            conn.send("sit", seat=0, buy_in=100)
            err = conn.error("room")
            assert err["message"] == "carol is banned from this room; a suspended or banned player cannot sit"
            assert client.app.state.lobby.actors[1].table.seats == [None, None]  # type: ignore[attr-defined]
        store = store_of(client)
        assert store.balance(store.account_id("play:carol")) == PLAY  # no buy-in taken


def test_a_hand_being_played_is_not_shown_and_a_void_names_the_hand_so_a_double_click_voids_one(db: str) -> None:
    with serve(db, DUEL) as client:
        op = operator(client)
        with heads_up(client) as (_alice, _bob, _a, b, s):
            hand_id = s["hand"]["hand_id"]
            live = api(client, op, "GET", f"/api/admin/hands/{hand_id}", 409)
            assert live == {"detail": f"hand {hand_id} is still being played; look it up once it is over"}
            phh = client.get(f"/api/admin/hands/{hand_id}?format=phh", headers=op.headers)
            assert phh.status_code == 409 and "server_seed" not in phh.text
            none = api(client, op, "POST", "/api/admin/tables/1/void", 400)
            assert none["detail"].startswith('give the hand to void: {"hand": ID}')
            other = api(client, op, "POST", "/api/admin/tables/1/void", 409, json={"hand": hand_id + 1})
            assert other == {"detail": f"hand {hand_id + 1} is not being played at table 1; hand {hand_id} is"}
            api(client, op, "POST", "/api/admin/tables/1/pause", 400, json={"hand": hand_id})
            first = api(client, op, "POST", "/api/admin/tables/1/void", json={"hand": hand_id})
            assert first["applied"] == {"done": True, "hand": hand_id}
            after = b.state(lambda st: st["hand"] is not None and st["hand"]["number"] == 2, "hand 2")
            assert after["hand"]["hand_id"] == hand_id + 1
            again = api(client, op, "POST", "/api/admin/tables/1/void", 409, json={"hand": hand_id})  # the 2nd click
            assert again == {"detail": f"hand {hand_id} is not being played at table 1; hand {hand_id + 1} is"}
            assert sorted(seat["stack"] for seat in after["seats"]) == [98, 99]  # hand 2 plays on, blinds in
        over = api(client, op, "GET", f"/api/admin/hands/{hand_id}")  # voided: every card shown now
        assert over["status"] == "voided"
        assert audit_rows(client) == [("opal", "void", "1", True), ("opal", "hand", str(hand_id), True)]


RANGE = "times are from 0001-01-01 00:00 to 9999-12-31 23:59:59 UTC"


def test_times_past_the_calendar_are_refused_with_the_range(db: str) -> None:
    with serve(db, DUEL) as client:
        op = operator(client)
        sign_up(client, "carol")
        late = api(
            client, op, "POST", "/api/admin/players/carol/suspend", 400, json={"until": "9999-12-31T23:59:59-12:00"}
        )
        assert late == {"detail": f"the suspension's end 9999-12-31T23:59:59-12:00 is out of range: {RANGE}"}
        early = api(client, op, "GET", "/api/admin/audit?since=0001-01-01T00:00:00%2B05:00", 400)
        assert early == {"detail": f"since 0001-01-01T00:00:00+05:00 is out of range: {RANGE}"}
        last = api(client, op, "POST", "/api/admin/players/carol/suspend", json={"until": "9999-12-31T23:59:59Z"})
        assert last["audit"]["detail"]["until"] == "9999-12-31T23:59:59+00:00"  # the calendar's last second holds
        assert log_in(client, "carol").json() == {"detail": "carol is suspended until 9999-12-31 23:59 UTC"}
        assert [r[1] for r in audit_rows(client)] == ["suspend"]


def test_operators_holding_one_player_at_once_on_postgresql_take_turns() -> None:
    with pg_database() as url:
        first = Store(url)
        try:
            Users(first).register("carol", Users(first).hash("correct horse"))
            stores = [Store(url) for _ in range(8)]
            gate = threading.Barrier(len(stores))
            out: list[str] = []

            def go(i: int) -> None:
                gate.wait()
                try:
                    if i % 2:
                        hold(stores[i], "carol", BANNED, reason=f"r{i}", operator=f"op{i}", applied=True)
                    else:
                        until = stores[i].now() + timedelta(hours=1)
                        hold(stores[i], "carol", SUSPENDED, until=until, operator=f"op{i}", applied=True)
                    out.append("done")
                except AdminError as err:
                    out.append(f"refused {err}")
                except Exception as err:  # the fault: the database's duplicate key as the refusal
                    out.append(f"raw {err}")

            threads = [threading.Thread(target=go, args=(i,)) for i in range(len(stores))]
            for t in threads:
                t.start()
            for t in threads:
                t.join(30)
            assert out == ["done"] * 8
            rows = entries(first, limit=100)
            assert len(rows) == 8 and {e.action for e in rows} == {"ban", "suspend"}
            last = hold_of(first, "carol")  # the last hold written replaced every earlier one
            assert last is not None and last.operator == rows[0].operator
            for store in stores:
                store.close()
        finally:
            first.close()
