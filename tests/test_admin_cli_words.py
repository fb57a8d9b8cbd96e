"""What ``pokerroom admin`` says and stores when no server runs, and how it names tables (issue 20, the operator's
trial): an action on a player needs nothing from a server, so with none running it is stored applied (no server
start applies it later); counts agree with their nouns; ``online`` names each table beside its id."""

from __future__ import annotations

import os
from pathlib import Path

from typer.testing import CliRunner

from pokerroom.cli import app
from pokerroom.server.accounts import Users
from pokerroom.store import Store
from pokerroom.store.audit import desk_beat, desk_open, entries, pending
from pokerroom.store.schema import lobby_tables

runner = CliRunner()


def admin(url: str, *args: str) -> str:
    result = runner.invoke(app, ["admin", *args, "--database", url])
    assert result.exit_code == 0, result.output
    return result.output


def test_with_no_server_running_account_actions_are_stored_applied(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'room.db'}"
    with Store(url) as store:
        Users(store).sign_up("carol", "password1")  # one session open
        Users(store).sign_up("dave", "password1")
    out = admin(url, "suspend", "carol", "--for", "2h", "--by", "root")
    assert "; 1 session ended (audit #1)\n" in out
    assert out.endswith("no server is running: nothing more to do\n")
    assert admin(url, "reinstate", "carol", "--by", "root") == "carol: reinstated (was suspended; audit #2)\n"
    out = admin(url, "ban", "dave", "--by", "root")
    assert out.startswith("dave: banned; 1 session ended (audit #3)\n")
    out = admin(url, "ban", "carol", "--by", "root")
    assert out.startswith("carol: banned; 0 sessions ended (audit #4)\n")
    with Store(url) as store:
        rows = entries(store)
        assert [(e.action, e.target) for e in rows] == [
            ("ban", "carol"), ("ban", "dave"), ("reinstate", "carol"), ("suspend", "carol")
        ]  # fmt: skip
        assert all(e.applied_at == e.at for e in rows)  # stored applied, at once
        assert pending(store) == []  # nothing left for a server starting later to log as applied


def test_a_table_action_with_no_server_waits_queued_and_a_void_is_not_said_done(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'room.db'}"
    with Store(url) as store:
        table_id = store.create_table("Main", game="holdem", config={})
        with store.writing() as conn:
            conn.execute(lobby_tables.insert().values(table_id=table_id, bots=0, created_by=None))
    out = admin(url, "pause", str(table_id), "--by", "root")
    assert out == (
        f"table {table_id}: paused (audit #1)\nno server is running: the table is stored paused; a server starting "
        "deals none\n"
    )
    with Store(url) as store:
        assert [e.action for e in pending(store)] == ["pause"]  # a server starting applies it


def test_online_names_each_table_beside_its_id(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'room.db'}"
    with Store(url) as store:
        main = store.create_table("Main Table", game="holdem", config={})
        side = store.create_table("Side", game="omaha", config={})
        desk_open(store, "desk-1", "here", os.getpid())
        desk_beat(store, "desk-1", [{"player": "alice", "seated": [main], "watching": [side, 99]}])
    out = admin(url, "online")
    assert out.splitlines()[-1] == f"alice  seated at: #{main} Main Table  watching: #{side} Side, #99"
