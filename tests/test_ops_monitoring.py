"""Monitoring (issue 20, part 4): ``GET /healthz``, ``GET /metrics`` scraped after a hand with exact counter values,
and the operations log's JSON lines for hands, sign-ups, log-ins, log-outs and the shutdown."""

from __future__ import annotations

import io
import json
import logging
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from prometheus_client.parser import text_string_to_metric_families

import servertools
from pokerroom.errors import StoreError
from pokerroom.server.metrics import CONTENT_TYPE
from pokerroom.server.oplog import configure
from pokerroom.store.audit import BANNED, hold
from servertools import DUEL, PASSWORD, actor_of, heads_up, serve, sign_up, store_of

db_fixture = servertools.db_fixture


def scrape(client: Any) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample of ``GET /metrics`` by name and labels."""
    r = client.get("/metrics")
    assert r.status_code == 200 and r.headers["content-type"] == CONTENT_TYPE
    out = {}
    for family in text_string_to_metric_families(r.text):
        for s in family.samples:
            out[(s.name, tuple(sorted(s.labels.items())))] = s.value
    return out


@contextmanager
def ops_log() -> Iterator[list[dict[str, Any]]]:
    """The operations log as JSON lines (``serve --log-format json``), parsed when the block ends."""
    stream = io.StringIO()
    root = logging.getLogger()
    level = root.level
    handler = configure(stream, level="info", fmt="json")
    lines: list[dict[str, Any]] = []
    try:
        yield lines
    finally:
        root.removeHandler(handler)
        root.setLevel(level)
        lines.extend(json.loads(line) for line in stream.getvalue().splitlines())


def events(lines: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [{k: v for k, v in line.items() if k != "time"} for line in lines if line["event"] == kind]


def test_metrics_after_a_hand_and_the_log_lines(db: str) -> None:
    with ops_log() as lines, serve(db, DUEL) as client:
        before = scrape(client)
        assert before[("pokerroom_tables_open", ())] == 1
        assert before[("pokerroom_hands_dealt_total", ())] == 0
        assert before[("pokerroom_errors_total", (("kind", "table"),))] == 0  # a series before any error
        assert before[("pokerroom_errors_total", (("kind", "request"),))] == 0
        with heads_up(client) as (_alice, _bob, a, _b, _state):
            a.act("fold", seq=99)  # refused (stale): neither an action nor an action's latency
            assert a.until(lambda m: m["type"] == "error", "the refusal")["code"] == "stale_hand"
            a.act("fold")
            a.state(lambda s: s["hand"] is not None and s["hand"]["number"] == 2, "hand 2 dealt")
            m = scrape(client)
            assert m[("pokerroom_hands_dealt_total", ())] == 2
            assert m[("pokerroom_hands_settled_total", ())] == 1
            assert m[("pokerroom_hands_voided_total", ())] == 0
            assert m[("pokerroom_actions_total", (("by", "player"),))] == 1
            assert m[("pokerroom_actions_total", (("by", "bot"),))] == 0
            assert m[("pokerroom_action_latency_seconds_count", ())] == 1
            assert 0 < m[("pokerroom_action_latency_seconds_sum", ())] < 5
            assert m[("pokerroom_players_connected", ())] == 2
            assert m[("pokerroom_sockets_open", ())] == 2
            assert m[("pokerroom_signups_total", ())] == 2
        wrong = client.post("/api/login", json={"name": "alice", "password": "not it at all"})
        assert wrong.status_code == 401
        assert client.post("/api/login", json={"name": "alice", "password": PASSWORD}).status_code == 200
        client.post("/api/logout")
        hold(store_of(client), "bob", BANNED, operator="root", applied=True)
        held = client.post("/api/login", json={"name": "bob", "password": PASSWORD})
        assert (held.status_code, held.json()) == (403, {"detail": "bob is banned from this room"})
        deadline = time.monotonic() + 5
        while scrape(client)[("pokerroom_sockets_open", ())] and time.monotonic() < deadline:
            time.sleep(0.02)  # the sockets' handlers close after the test client's
        m = scrape(client)
        assert m[("pokerroom_logins_total", (("result", "ok"),))] == 1
        assert m[("pokerroom_logins_total", (("result", "failed"),))] == 1
        assert m[("pokerroom_logins_total", (("result", "held"),))] == 1
        errors = {key: value for key, value in m.items() if key[0] == "pokerroom_errors_total"}
        assert errors == {  # nothing went wrong
            ("pokerroom_errors_total", (("kind", "table"),)): 0,
            ("pokerroom_errors_total", (("kind", "request"),)): 0,
        }
        assert m[("pokerroom_sockets_open", ())] == 0
        assert m[("pokerroom_players_connected", ())] == 0
    # alice's small blind folded to bob's big blind: his uncalled chip back, the pot of 2 his.
    assert events(lines, "hand_settled") == [
        {
            "level": "info", "event": "hand_settled", "table": "Duel", "table_id": 1, "hand_id": 1, "number": 1,
            "pot": 2, "rake": 0, "winners": {"bob": 2},
        }
    ]  # fmt: skip
    kinds = ("signup", "login", "login_failed", "logout", "login_refused")
    assert [e["event"] for e in lines if e["event"] in kinds] == [
        "signup", "signup", "login_failed", "login", "logout", "login_refused",
    ]  # fmt: skip
    assert events(lines, "login_refused") == [
        {"level": "warning", "event": "login_refused", "name": "bob", "address": "testclient", "why": "banned"}
    ]
    assert events(lines, "login_failed") == [
        {
            "level": "warning",
            "event": "login_failed",
            "name": "alice",
            "address": "testclient",
            "password_change": False,
        }
    ]
    assert events(lines, "login") == [{"level": "info", "event": "login", "name": "alice", "address": "testclient"}]
    assert all(PASSWORD not in json.dumps(line) and "not it at all" not in json.dumps(line) for line in lines)
    # Hand 2 was being played when the server stopped: voided, each blind back (bob's small, alice's big).
    assert events(lines, "hand_voided") == [
        {
            "level": "info", "event": "hand_voided", "table": "Duel", "table_id": 1, "hand_id": 2, "number": 2,
            "reason": "server stopped: hand void, chips returned (RULES §3.8)", "refunded": {"alice": 2, "bob": 1},
            "refunded_total": 3,
        }
    ]  # fmt: skip
    # Every line of the room's is one event of its own (the shutdown not said again in a plain line).
    assert not [line for line in lines if line["event"] == "log" and line["logger"].startswith("pokerroom")]
    assert events(lines, "shutdown") == [
        {
            "level": "info", "event": "shutdown", "hands_voided": 1, "play_chips": 200, "real_chips": 0,
            "players": 2, "play_bot_chips": 0, "real_bot_chips": 0, "bots": 0,
        }
    ]  # fmt: skip


def test_two_apps_count_apart(db: str, tmp_path: Any) -> None:
    """Each app has a registry of its own: a sign-up in one is not counted in the other."""
    with serve(db, DUEL) as one, serve(f"sqlite:///{tmp_path / 'other.db'}", DUEL) as two:
        sign_up(one, "alice")
        assert scrape(one)[("pokerroom_signups_total", ())] == 1
        assert scrape(two)[("pokerroom_signups_total", ())] == 0


def test_healthz_names_what_is_wrong(db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    with serve(db, DUEL) as client:
        r = client.get("/healthz")
        assert (r.status_code, r.json()) == (200, {"status": "ok", "tables": 1, "store": "ok"})
        actor = actor_of(client)
        actor.submit(None, "stop")  # the table's task ends: the room no longer plays it
        deadline = time.monotonic() + 5
        while client.get("/healthz").status_code == 200 and time.monotonic() < deadline:
            time.sleep(0.02)
        r = client.get("/healthz")
        assert (r.status_code, r.json()) == (
            503,
            {"status": "failing", "tables": 1, "store": "ok", "problems": ["table 'Duel' is not running"]},
        )
        store = client.app.state.store  # type: ignore[attr-defined]

        def down() -> None:
            raise StoreError("the database is not there")

        monkeypatch.setattr(store, "reading", down)
        r = client.get("/healthz")
        assert (r.status_code, r.json()) == (
            503,
            {
                "status": "failing", "tables": 1, "store": "StoreError (details in the server's log)",
                "problems": [
                    "the store does not answer: StoreError (details in the server's log)",
                    "table 'Duel' is not running",
                ],
            },
        )  # fmt: skip


def test_crash_recovery_is_logged(db: str) -> None:
    """A hand cut by a crash (its runner gone, the hand in progress in the store) is voided when the server
    starts again: counted in ``hands_voided_total``, a ``hand_voided`` line with each player's chips refunded
    (the blinds, 1 and 2) and one ``recovered`` line with the hands."""
    with serve(db, DUEL) as client, heads_up(client):
        actor = actor_of(client)
        client.portal.call(actor.runner.close)  # type: ignore[union-attr]  # as if the process died mid-hand
    with ops_log() as lines, serve(db, DUEL) as client:
        assert client.get("/healthz").json()["status"] == "ok"
        m = scrape(client)
        assert m[("pokerroom_hands_voided_total", ())] == 1  # the crash's hand counts, as docs/operations.md says
        assert m[("pokerroom_hands_dealt_total", ())] == 0  # dealt by the server that crashed
    # Hand 1: alice's small blind (1) and bob's big blind (2) back.
    assert events(lines, "hand_voided") == [
        {
            "level": "info", "event": "hand_voided", "table": "Duel", "table_id": 1, "hand_id": 1, "number": 1,
            "reason": "server crash: hand void, chips returned (RULES §3.8)", "refunded": {"alice": 1, "bob": 2},
            "refunded_total": 3,
        }
    ]  # fmt: skip
    assert events(lines, "recovered") == [
        {
            "level": "warning", "event": "recovered", "hands_voided": 1,
            "hands": [{"table": "Duel", "hand_id": 1, "number": 1}], "chips_refunded": 3,
        }
    ]  # fmt: skip


def test_errors_are_counted_and_logged_with_the_exception(db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """An unexpected error at a table (the hand voided, the table playing on) and in a request (500): each
    counted by kind and logged as an ``error`` line with its exception."""
    with ops_log() as lines, serve(db, DUEL) as client, heads_up(client) as (_alice, _bob, a, _b, _state):
        actor = actor_of(client)

        def boom(*args: Any) -> None:
            raise RuntimeError("boom")

        monkeypatch.setattr(actor, "_handle", boom)
        a.act("fold")
        a.state(lambda s: any(r["voided"] for r in s["results"]), "hand 1 voided")
        monkeypatch.setattr(client.app.state.lobby, "rows", boom)  # type: ignore[attr-defined]
        # The client as a browser sees the server: its 500, not the exception.
        monkeypatch.setattr(client._transport, "raise_server_exceptions", False)  # type: ignore[attr-defined]
        r = client.get("/api/tables")
        assert (r.status_code, r.json()) == (500, {"detail": "internal server error"})
        m = scrape(client)
        assert m[("pokerroom_errors_total", (("kind", "table"),))] == 1
        assert m[("pokerroom_errors_total", (("kind", "request"),))] == 1
        assert m[("pokerroom_hands_voided_total", ())] == 1
    errors = events(lines, "error")
    assert [(e["level"], e["where"], e["error"]) for e in errors] == [
        ("error", "table", "RuntimeError('boom')"),
        ("error", "request", "RuntimeError('boom')"),
    ]
    assert all("Traceback" in e["exception"] and "boom" in e["exception"] for e in errors)
    assert errors[1]["method"] == "GET" and errors[1]["path"] == "/api/tables"
