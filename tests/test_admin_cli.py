"""``pokerroom admin`` on the store a running server uses (issue 20, part 1): the command line writes the store at
once and the server applies what it queued within ~2 s (its desk polls the audit log once a second); with no
server running the table actions wait, stored, and a server starting later honours them."""

from __future__ import annotations

import re
import socket
import time
from collections.abc import Callable

from fastapi.testclient import TestClient
from tests import servertools
from tests.servertools import DUEL, PASSWORD, PLAY, Player, api, heads_up, serve, sign_up, store_of, table
from tests.storetools import dead_pid
from tests.test_admin_api import log_in, wait_closed
from typer.testing import CliRunner

from pokerroom.cli import app
from pokerroom.server.admin_desk import ACCOUNT_HELD, TABLE_CLOSED
from pokerroom.server.sockets import SESSION_ENDED
from pokerroom.store import Store
from pokerroom.store.audit import desk_open, entries, hold_of, table_statuses
from pokerroom.store.roles import grant

db_fixture = servertools.db_fixture

runner = CliRunner()


def admin(db: str, *args: str, code: int = 0) -> str:
    """The output of ``pokerroom admin ARGS --database DB --by root``, which must exit with ``code``."""
    by = [] if args[0] in ("online", "audit") else ["--by", "root"]  # who acts, for the audit log
    result = runner.invoke(app, ["admin", *args, "--database", db, *by])
    assert result.exit_code == code, result.output
    assert "Traceback" not in result.output
    return " ".join(result.output.split())


def eventually(check: Callable[[], bool], what: str, seconds: float = 3.0) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, f"no {what} within {seconds:g} s"
        time.sleep(0.05)


def applied(client: TestClient) -> list[tuple[str, str, str, bool]]:
    rows = entries(store_of(client), limit=1000)
    return [(e.operator, e.action, e.target, e.applied_at is not None) for e in reversed(rows)]


def test_a_ban_from_the_command_line_closes_the_socket_within_3_s_and_keeps_the_chips(db: str) -> None:
    with serve(db, DUEL) as client:
        with heads_up(client) as (_alice, _bob, a, b, _s):
            out = admin(db, "ban", "alice", "--reason", "collusion")
            assert out.startswith("alice: banned; 1 session ended (audit #1)")
            assert re.search(r"the server \(\S+, pid \d+; last heard from \d+ s ago\) applies it within about 2 s", out)
            closed = wait_closed(a, 3.0)
            assert (closed.code, closed.reason) == (ACCOUNT_HELD, "alice is banned from this room")
            b.state(lambda st: st["hand_number"] == 1 and st["seats"][0] is None, "alice stood up")
        store = store_of(client)
        assert store.balance(store.account_id("play:alice")) == PLAY - 1  # her stack less the small blind she lost
        assert (r := log_in(client, "alice")).status_code == 403 and r.json()[
            "detail"
        ] == "alice is banned from this room"
        eventually(lambda: applied(client) == [("root", "ban", "alice", True)], "the ban marked applied")
        row = entries(store, limit=1)[0]
        assert row.detail["applied"] == {"done": True, "sockets_closed": 1, "stood_up_at": [1]}
        assert "alice: reinstated (was banned; audit #2)" in admin(db, "reinstate", "alice")
        assert log_in(client, "alice").status_code == 200
        assert store.balance(store.account_id("play:alice")) == PLAY - 1


def test_suspend_and_password_from_the_command_line(db: str) -> None:
    with serve(db, DUEL) as client:
        carol = sign_up(client, "carol")
        out = admin(db, "suspend", "carol", "--for", "2h")
        assert re.match(r"carol: suspended until \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC; 1 session ended", out), out
        r = log_in(client, "carol")
        assert r.status_code == 403 and r.json()["detail"].startswith("carol is suspended until ")
        api(client, carol, "GET", "/api/me", 401)
        admin(db, "suspend", "carol", "--for", "soon", code=2)
        admin(db, "suspend", "carol", code=2)  # neither --until nor --for
        assert "refused: no player called 'nobody'" in admin(db, "ban", "nobody", code=1)
        admin(db, "reinstate", "carol")
        out = admin(db, "password", "carol")
        secret = re.search(r"carol: new password (\S+) \(shown this once\)", out)
        assert secret is not None and "password reset; 0 sessions ended" in out
        assert log_in(client, "carol").status_code == 401
        assert log_in(client, "carol", secret.group(1)).status_code == 200
        dave = sign_up(client, "dave")
        with table(client, dave) as conn:
            admin(db, "password", "dave")
            assert wait_closed(conn, 3.0).code == SESSION_ENDED
        assert [a[1] for a in applied(client)] == ["suspend", "reinstate", "password", "password"]


def test_close_pause_resume_and_void_from_the_command_line(db: str) -> None:
    with serve(db, DUEL) as client:
        with heads_up(client) as (_alice, _bob, a, b, s):
            hand_id = s["hand"]["hand_id"]
            out = admin(db, "void", "1")
            assert out.startswith(f"table 1: hand {hand_id} queued for the server to void (audit #1) the server (")
            after = b.state(lambda st: st["hand"] is not None and st["hand"]["number"] == 2, "hand 2 after the void")
            assert next(r for r in after["results"] if r["number"] == 1)["voided"] is True
            assert sorted(seat["stack"] for seat in after["seats"]) == [98, 99]  # 100 each back, hand 2's blinds
            admin(db, "pause", "1")
            eventually(lambda: client.app.state.lobby.actors[1].paused, "the pause applied")  # type: ignore[attr-defined]
            assert "refused: table 1 is paused already" in admin(db, "pause", "1", code=1)
            to_act = a if after["hand"]["to_act"] == 0 else b
            to_act.turn(2)
            to_act.act("fold")  # hand 2 plays on, paused
            b.state(lambda st: st["hand"] is not None and st["hand"]["phase"] == "complete", "hand 2 over")
            time.sleep(0.3)
            assert client.app.state.lobby.actors[1].table.hand_number == 2  # type: ignore[attr-defined]
            admin(db, "resume", "1")
            third = b.state(lambda st: st["hand"] is not None and st["hand"]["number"] == 3, "hand 3 after the resume")
            out = admin(db, "online")
            assert "online at " in out and "alice seated at: #1 Duel watching: -" in out  # the table's id and name
            assert "bob seated at: #1 Duel" in out
            admin(db, "close", "1")
            eventually(lambda: client.app.state.lobby.actors[1].closing, "the close applied")  # type: ignore[attr-defined]
            to_act = a if third["hand"]["to_act"] == 0 else b
            to_act.turn(3)
            to_act.act("fold")  # the small blind folds hand 3 as it did hand 2: each player lost 1 chip, won 1
            closed = wait_closed(a, 3.0)
            assert (closed.code, closed.reason) == (TABLE_CLOSED, "table 1 is closed")
        store = store_of(client)
        assert store.stacks(1) == {}
        assert store.balance(store.account_id("play:alice")) == PLAY  # cashed out, to the chip
        assert store.balance(store.account_id("play:bob")) == PLAY
        assert api(client, None, "GET", "/api/tables") == []
        eventually(lambda: all(r[3] for r in applied(client)), "every action applied")
        assert [r[1] for r in applied(client)] == ["void", "pause", "resume", "close"]
    with serve(db, DUEL) as client:
        assert api(client, None, "GET", "/api/tables") == []  # gone after a restart


def test_with_no_server_table_actions_wait_stored_and_a_server_honours_them(db: str) -> None:
    with serve(db, DUEL) as client:
        alice, bob = sign_up(client, "alice"), sign_up(client, "bob")
    out = admin(db, "pause", "1")
    assert (
        out
        == "table 1: paused (audit #1) no server is running: the table is stored paused; a server starting deals none"
    )
    assert admin(db, "online").startswith("no server is running")
    assert "refused: no server table with id 7" in admin(db, "close", "7", code=1)
    assert "refused: no hand is being played at table 1" in admin(db, "void", "1", code=1)
    with serve(db, DUEL) as client, table(client, alice) as a, table(client, bob) as b:
        a.send("sit", seat=0, buy_in=100)
        b.send("sit", seat=1, buy_in=100)
        b.state(lambda st: st["seats"][0] is not None and st["seats"][1] is not None, "both seated")
        time.sleep(0.3)
        assert client.app.state.lobby.actors[1].table.hand_number == 0  # type: ignore[attr-defined]
        eventually(lambda: applied(client) == [("root", "pause", "1", True)], "the queued pause marked applied")
        admin(db, "resume", "1")
        s = b.state(lambda st: st["hand"] is not None and st["hand"]["number"] == 1, "hand 1 after the resume")
        hand_id = s["hand"]["hand_id"]
    with Store(db) as store:
        assert store.hand(hand_id).status == "voided"  # the server's stop voided it (RULES §3.8)
    phh = admin(db, "hand", str(hand_id), "--phh")
    assert "d dh p1 " in phh and "d dh p2 " in phh and "??" not in phh  # both players' hole cards
    record = admin(db, "hand", str(hand_id))
    assert '"status": "voided"' in record
    assert "refused: " in admin(db, "hand", "999", code=1)
    log = admin(db, "audit", "--limit", "2")
    assert re.match(rf"#4 .* UTC root hand {hand_id} .* #3 .* root hand {hand_id}", log), log
    everything = admin(db, "audit", "--since", "2000-01-01")
    assert everything.count(" UTC root ") == 4 and "queued" not in everything
    assert PASSWORD  # the players' password, unchanged by any of this


def test_a_queued_action_applies_before_a_later_api_action_in_audit_order(db: str) -> None:
    with serve(db, DUEL) as client:
        op = sign_up(client, "opal")
        assert grant(store_of(client), "opal")
        actor = client.app.state.lobby.actors[1]  # type: ignore[attr-defined]
        admin(db, "pause", "1")  # queued: the server's poll is up to 1 s away
        out = api(client, op, "POST", "/api/admin/tables/1/resume")  # the pause applied first, then this
        assert out["applied"] == {"done": True} and actor.paused is False
        time.sleep(1.5)  # a poll: nothing left queued to undo the resume
        assert actor.paused is False and table_statuses(store_of(client)) == {}
        assert applied(client) == [("root", "pause", "1", True), ("opal", "resume", "1", True)]

        sign_up(client, "bob")
        admin(db, "ban", "bob")
        api(client, op, "POST", "/api/admin/players/bob/reinstate")  # the ban applied (nobody to stand up) first
        r = client.post("/api/login", json={"name": "bob", "password": PASSWORD})
        bob = Player("bob", r.cookies["pokerroom_session"])
        client.cookies.clear()
        with table(client, bob) as conn:
            conn.send("sit", seat=0, buy_in=100)
            conn.state(lambda st: st["seats"][0] is not None, "bob seated")
            time.sleep(1.5)  # a poll: no ban left queued
            assert actor.table.seats[0].player == "bob"
        assert hold_of(store_of(client), "bob") is None
        assert [a[1:] for a in applied(client)[2:]] == [("ban", "bob", True), ("reinstate", "bob", True)]


def test_refusals_of_the_command_line_a_hand_being_played_times_past_the_calendar_another_hand(db: str) -> None:
    with serve(db, DUEL) as client:
        sign_up(client, "carol")
        with heads_up(client) as (_alice, _bob, _a, _b, s):
            hand_id = s["hand"]["hand_id"]
            out = admin(db, "hand", str(hand_id), code=1)
            assert out == f"refused: hand {hand_id} is still being played; look it up once it is over"
            assert "server_seed" not in admin(db, "hand", str(hand_id), "--phh", code=1)
            out = admin(db, "void", "1", "--hand", str(hand_id + 1), code=1)
            assert out == f"refused: hand {hand_id + 1} is not being played at table 1; hand {hand_id} is"
        for args in (
            ("suspend", "carol", "--for", "500000w"),
            ("suspend", "carol", "--for", "99999999999999w"),
            ("suspend", "carol", "--until", "9999-12-31T23:59:59-12:00"),
            ("audit", "--since", "0001-01-01T00:00:00+05:00"),
        ):
            out = re.sub(r"[\s│╭╮╰╯─]+", " ", admin(db, *args, code=2))  # the usage error's box undrawn
            assert "0001-01-01 00:00 to 9999-12-31 23:59:59 UTC" in out or "a suspension ends by 9999-12-31" in out, out
        assert log_in(client, "carol").status_code == 200  # nothing held
        assert applied(client) == []


def test_a_server_killed_is_named_gone_not_running(db: str) -> None:
    with serve(db, DUEL):
        pass
    with Store(db) as store:
        desk_open(store, "killed", socket.gethostname(), dead_pid())  # kill -9: its desk row stays
    out = admin(db, "close", "1")
    assert re.fullmatch(
        r"table 1: closed \(audit #1\) the server \(\S+, pid \d+; last heard from \d+ s ago\) is gone: the table is "
        r"stored closed; no server will open it again",
        out,
    ), out


def test_the_gateways_of_a_split_room_are_named_together(db: str) -> None:
    """With several servers checked in (the gateways of a split room: any of them claims a queued action), the
    command line names them all; a killed one among them is left out."""
    import os
    import subprocess
    import sys

    with serve(db, DUEL):
        pass
    other = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        with Store(db) as store:
            desk_open(store, "g1", socket.gethostname(), os.getpid())
            desk_open(store, "g2", socket.gethostname(), other.pid)
            desk_open(store, "killed", socket.gethostname(), dead_pid())
        out = admin(db, "pause", "1")
        assert out.startswith("table 1: paused (audit #1) queued: one of the room's 2 servers ("), out
        names = re.search(r"one of the room's 2 servers \((.*)\) applies it within about 2 s$", out)
        assert names is not None, out
        assert sorted(names.group(1).split(", ")) == sorted(
            f"{socket.gethostname()} pid {pid}" for pid in (os.getpid(), other.pid)
        )
    finally:
        other.kill()
        other.wait()
