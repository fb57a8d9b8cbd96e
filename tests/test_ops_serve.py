"""``pokerroom serve`` as an operator runs it (issue 20, parts 4 and 6): settings from ``POKERROOM_*`` variables,
``--database`` from ``POKERROOM_DATABASE`` in every store command, the address announced as bound, a second
server refused in one line with exit 2 (a port in use; the store's tables played by another server), and the
JSON log lines of a real process."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from browsertools import free_port
from pokerroom.cli import app as cli
from pokerroom.cli.database import shown_url

POKERROOM = str(Path(sys.executable).parent / "pokerroom")
"""The console script of this environment."""

STORE_COMMANDS = [
    ["serve"], ["report"], ["recover"], ["cashier", "deposit"], ["cashier", "withdraw"], ["db", "status"],
    ["db", "upgrade"], ["admin", "create"], ["admin", "list"],
]  # fmt: skip


def flat(text: str) -> str:
    return " ".join(text.replace("│", " ").split())


@pytest.mark.parametrize("command", STORE_COMMANDS, ids=" ".join)
def test_every_store_command_takes_the_database_from_the_environment(command: list[str]) -> None:
    out = CliRunner().invoke(cli, [*command, "--help"], env={"COLUMNS": "200"})
    assert out.exit_code == 0
    assert "env var: POKERROOM_DATABASE" in flat(out.output)


def test_the_environment_variable_is_used(tmp_path: Path) -> None:
    missing = tmp_path / "missing.db"
    out = CliRunner().invoke(
        cli, ["report", "balance"], env={"POKERROOM_DATABASE": f"sqlite:///{missing}", "COLUMNS": "400"}
    )
    assert out.exit_code == 2
    assert f"no SQLite database at '{missing}'" in flat(out.output)


def test_every_serve_option_has_its_variable() -> None:
    out = flat(CliRunner().invoke(cli, ["serve", "--help"], env={"COLUMNS": "200"}).output)
    for option in (
        "HOST", "PORT", "DATABASE", "TABLES", "BOT_DELAY", "NEXT_HAND_DELAY", "PUBLIC_URL", "ALLOWED_ORIGIN",
        "REVEAL_SEED", "LOG_FORMAT", "LOG_LEVEL", "SOCKETS_PER_ADDRESS", "SIGNUPS_PER_ADDRESS",
    ):  # fmt: skip
        assert f"env var: POKERROOM_{option}" in out, option


def test_the_caps_per_address_from_the_command_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``--sockets-per-address`` and ``--signups-per-address`` (here the second from its variable) set the room's
    caps: two sign-ups from one address pass, the third is refused (429) with the refill rate kept; the socket
    cap is the room's; without the options the defaults (200 sockets, 20 sign-ups) hold."""
    import uvicorn

    from pokerroom.server.sockets import SOCKETS_PER_ADDRESS
    from pokerroom.server.throttle import SIGNUP_ADDRESS

    seen: dict[str, Any] = {}

    def run(app: Any, **kw: Any) -> None:
        seen["sockets"] = app.state.sockets.per_address
        seen["signup"] = app.state.throttle.limits.signup
        with TestClient(app) as client:
            seen["codes"] = [
                client.post("/api/signup", json={"name": f"p{k}", "password": "password1"}).status_code
                for k in range(3)
            ]

    monkeypatch.setattr(uvicorn, "run", run)
    db = f"sqlite:///{tmp_path / 'room.db'}"
    args = ["serve", "--database", db, "--port", str(free_port()), "--tables", "none"]
    out = CliRunner().invoke(cli, [*args, "--sockets-per-address", "2000"], env={"POKERROOM_SIGNUPS_PER_ADDRESS": "2"})
    assert out.exit_code == 0, out.output
    assert seen == {
        "sockets": 2000, "signup": type(SIGNUP_ADDRESS)(burst=2, every=SIGNUP_ADDRESS.every), "codes": [201, 201, 429],
    }  # fmt: skip
    out = CliRunner().invoke(cli, [*args, "--signups-per-address", "0"])
    assert out.exit_code == 2 and "--signups-per-address" in flat(out.output)
    db2 = f"sqlite:///{tmp_path / 'room2.db'}"
    out = CliRunner().invoke(cli, ["serve", "--database", db2, "--port", str(free_port()), "--tables", "none"])
    assert out.exit_code == 0, out.output
    assert (seen["sockets"], seen["signup"], seen["codes"]) == (SOCKETS_PER_ADDRESS, SIGNUP_ADDRESS, [201] * 3)


def test_serve_from_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Port, tables (``none``: a new store with no tables) and public URL (its path the room's base) from the
    environment; the store's password is never shown."""
    import uvicorn

    seen: dict[str, Any] = {}

    def run(app: Any, **kw: Any) -> None:
        seen.update(kw)
        with TestClient(app) as client:
            seen["tables"] = client.get("/poker/api/tables").json()
            seen["page"] = client.get("/poker/").text

    monkeypatch.setattr(uvicorn, "run", run)
    port = free_port()
    env = {
        "POKERROOM_DATABASE": f"sqlite:///{tmp_path / 'room.db'}", "POKERROOM_PORT": str(port),
        "POKERROOM_TABLES": "none", "POKERROOM_PUBLIC_URL": "https://example.org/poker/",
    }  # fmt: skip
    out = CliRunner().invoke(cli, ["serve"], env=env)
    assert out.exit_code == 0, out.output
    assert seen["port"] == port and seen["tables"] == []
    assert '<base href="/poker/" />' in seen["page"]
    assert out.output.startswith(f"pokerroom: the card room is at http://127.0.0.1:{port}/, for players at https")
    assert shown_url("postgresql+psycopg://room:s3cret@db.example/poker") == (
        "postgresql+psycopg://room:***@db.example/poker"
    )
    # A password given as a query parameter is hidden as well; a URL that does not parse shows only its scheme.
    assert shown_url("postgresql+psycopg://room@db.example/poker?password=s3cret&sslmode=require") == (
        "postgresql+psycopg://room@db.example/poker?password=%2A%2A%2A&sslmode=require"
    )
    assert shown_url("postgresql+psycopg://room:s3cret@db.example:port/poker") == "postgresql+psycopg://***"


def _start(db: str, port: int, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [POKERROOM, "serve", "--database", db, "--port", str(port), "--tables", "none",
         *args],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )  # fmt: skip


def _healthy(port: int, proc: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        assert proc.poll() is None, proc.communicate()
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1) as r:
                if r.status == 200:
                    return
        except (urllib.error.URLError, OSError):
            pass
        time.sleep(0.1)
    raise AssertionError("the server did not start")


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_a_second_server_is_refused_in_one_line(tmp_path: Path, stop: signal.Signals) -> None:
    """A second server on the port or on the store: refused in one plain line on standard error and a
    ``start_failed`` event, exit 2, never announced (the room is announced once its tables are open).  The first
    stops on Ctrl-C (SIGINT) or SIGTERM the same way, saying so on standard output."""
    db = f"sqlite:///{tmp_path / 'room.db'}"
    # A table, so that the store has a lease to hold.
    tables = tmp_path / "t.toml"
    tables.write_text("[[table]]\nname = 'Solo'\ngame = 'holdem'\nseats = 2\n", encoding="utf-8")
    port = free_port()
    first = subprocess.Popen(
        [POKERROOM, "serve", "--database", db, "--port", str(port), "--tables", str(tables)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )  # fmt: skip
    try:
        _healthy(port, first)
        if stop == signal.SIGINT:  # the refusals once
            same_port = _start(db, port)
            out, err = same_port.communicate(timeout=30)
            assert (same_port.returncode, out) == (2, "")
            why = f"cannot listen on 127.0.0.1:{port}: the port is in use (another server?)"
            (failed, line) = err.splitlines()
            assert line == f"pokerroom: {why}"
            assert {k: v for k, v in json.loads(failed).items() if k != "time"} == {
                "level": "error", "event": "start_failed", "reason": why,
            }  # fmt: skip
            other_port = free_port()
            same_store = _start(db, other_port)
            out, err = same_store.communicate(timeout=30)
            assert (same_store.returncode, out) == (2, ""), (out, err)  # not announced: its start-up failed
            assert "Traceback" not in err
            refusals = [line for line in err.splitlines() if not line.startswith("{")]
            assert len(refusals) == 1 and refusals[0].startswith("pokerroom: cannot start: table 1 is being played by")
            assert refusals[0].endswith("(is another server running on this store?)")
            logged = [json.loads(line) for line in err.splitlines() if line.startswith("{")]
            assert [line["event"] for line in logged if line["event"] in ("start", "start_failed")] == ["start_failed"]
            failed_event = next(line for line in logged if line["event"] == "start_failed")
            assert refusals[0] == (
                f"pokerroom: cannot start: {failed_event['reason']} (is another server running on this store?)"
            )
    finally:
        first.send_signal(stop)
        out, err = first.communicate(timeout=30)
    assert first.returncode == 0, err
    assert out.splitlines() == [
        f"pokerroom: the card room is at http://127.0.0.1:{port}/ (store: {db}); Ctrl-C stops it",
        "pokerroom stopped: 0 hands voided, 0 chips returned to 0 players, store closed",
    ]
    lines = [json.loads(line) for line in err.splitlines()]
    start = next(line for line in lines if line["event"] == "start")
    assert (start["address"], start["store"], start["starters"]) == (f"http://127.0.0.1:{port}/", db, 1)
    assert [line["event"] for line in lines if line["event"] in ("start", "shutdown")] == ["start", "shutdown"]
