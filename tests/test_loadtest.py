"""``pokerroom loadtest`` (issue 25, part 4): the state/delta merge of its clients, a real run against a server
on loopback (SQLite in a temporary folder), and its refusals (an unreachable room, no tables)."""

from __future__ import annotations

import copy
import json
import re
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from browsertools import free_port, running_server
from pokerroom.cli import app as cli
from pokerroom.loadtest.setup import group_address, groups_for
from pokerroom.loadtest.view import Applied, View, apply

KEYS = {"tables", "seconds", "actions", "actions_per_s", "p50_ms", "p95_ms", "p99_ms", "errors", "stalled_tables"}

STATE: dict[str, Any] = {
    "type": "state", "v": 4, "table": 7, "hand_number": 3, "button": 1, "you": 2, "paused": False,
    "hand": {"number": 3, "to_act": 0, "pot": 3, "events": [{"type": "post_blind", "seat": 0, "amount": 1}]},
}  # fmt: skip


def test_a_state_replaces_and_deltas_merge_in_order() -> None:
    view = View()
    assert apply(view, {"type": "welcome", "player": "bo"}) is Applied.IGNORED
    assert view.state is None
    assert apply(view, copy.deepcopy(STATE)) is Applied.STATE
    assert view.state == STATE and view.next_seq == 1
    delta = {
        "type": "delta", "seq": 1, "set": {"button": 2, "paused": True},
        "hand_set": {"to_act": 1, "pot": 5}, "events": [{"type": "call", "seat": 0, "amount": 2}],
    }  # fmt: skip
    assert apply(view, delta) is Applied.DELTA
    assert view.state == {
        **STATE, "button": 2, "paused": True,
        "hand": {"number": 3, "to_act": 1, "pot": 5, "events": [
            {"type": "post_blind", "seat": 0, "amount": 1}, {"type": "call", "seat": 0, "amount": 2},
        ]},
    }  # fmt: skip
    # A new hand replaced whole by ``set``, then its keys by ``hand_set``, then its events appended.
    new_hand = {"number": 4, "to_act": 3, "pot": 0, "events": []}
    assert apply(view, {"type": "delta", "seq": 2, "set": {"hand_number": 4, "hand": new_hand},
                        "hand_set": {"pot": 3}, "events": [{"type": "deal_hole"}]}) is Applied.DELTA  # fmt: skip
    assert view.state is not None
    assert view.state["hand_number"] == 4
    assert view.state["hand"] == {"number": 4, "to_act": 3, "pot": 3, "events": [{"type": "deal_hole"}]}
    # No hand: ``hand_set`` and ``events`` have nothing to go into.
    assert apply(view, {"type": "delta", "seq": 3, "set": {"hand": None}, "hand_set": {"pot": 9},
                        "events": [{"type": "fold"}]}) is Applied.DELTA  # fmt: skip
    assert view.state["hand"] is None and view.next_seq == 4


def test_a_gap_asks_for_a_full_state_once() -> None:
    view = View()
    apply(view, copy.deepcopy(STATE))
    before = copy.deepcopy(view.state)
    assert apply(view, {"type": "delta", "seq": 2, "set": {"button": 5}}) is Applied.RESYNC
    assert view.state == before and view.resyncing and view.resyncs == 1
    # Deltas after the gap are ignored until the full state asked for comes; then the count starts at 1 again.
    assert apply(view, {"type": "delta", "seq": 3, "set": {"button": 5}}) is Applied.IGNORED
    assert apply(view, {**copy.deepcopy(STATE), "button": 4}) is Applied.STATE
    assert view.state is not None and view.state["button"] == 4 and not view.resyncing
    assert apply(view, {"type": "delta", "seq": 1, "set": {"button": 0}}) is Applied.DELTA
    assert view.state["button"] == 0 and view.resyncs == 1
    # A delta before any state is a gap too.
    fresh = View()
    assert apply(fresh, {"type": "delta", "seq": 1, "set": {}}) is Applied.RESYNC
    assert fresh.state is None


def test_groups_and_their_addresses() -> None:
    assert [groups_for(n) for n in (1, 18, 19, 300)] == [1, 1, 2, 17]
    assert [group_address(g, 10) for g in (0, 245, 246, 65526)] == [
        "198.18.0.10", "198.18.0.255", "198.18.1.0", "198.19.0.0",
    ]  # fmt: skip
    assert group_address(5, 2**17 - 2) == "198.18.0.3"  # the range wraps round


@pytest.fixture(name="room", scope="module")
def room_fixture(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server on loopback with no tables, dealing the next hand at once."""
    db = tmp_path_factory.mktemp("loadtest") / "room.db"
    with running_server(Path(db), [], next_hand_delay=0.0, bot_delay=0.0) as (url, _app):
        yield url


def _loadtest(*args: str) -> Any:
    """The command as a user runs it, in a thread of its own: a browser test of the same pytest worker leaves
    Playwright's event loop running in the main thread, where the command's ``asyncio.run`` would be refused."""
    done: list[Any] = []
    thread = threading.Thread(
        target=lambda: done.append(CliRunner().invoke(cli, ["loadtest", *args], env={"COLUMNS": "200"}))
    )
    thread.start()
    thread.join()
    return done[0]


@pytest.mark.parametrize("processes", [1, 2])
def test_a_run_against_a_real_server(room: str, processes: int) -> None:
    result = _loadtest(
        "--url", room, "--tables", "2", "--seconds", "5", "--think", "0.05", "--json", "--processes", str(processes)
    )
    assert result.exit_code == 0, result.output
    figures = json.loads(result.stdout)
    assert set(figures) >= KEYS
    assert figures["tables"] == 2 and figures["seconds"] == 5.0 and figures["clients"] == 12
    assert figures["actions"] > 0
    assert figures["actions_per_s"] == round(figures["actions"] / 5.0, 2)
    assert figures["p50_ms"] <= figures["p95_ms"] <= figures["p99_ms"] <= figures["max_ms"]
    assert figures["errors"] == 0, figures["errors_by_code"]
    assert figures["stalled_tables"] == 0


def test_the_table_output(room: str) -> None:
    result = _loadtest("--url", room, "--tables", "1", "--seconds", "2", "--think", "0")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert re.fullmatch(
        r"6 players signed up and 1 table of holdem 1/2 no-limit created in \d+\.\d s; "
        r"6 clients connected and seated in \d+\.\d s",
        lines[0],
    ), lines[0]
    for figure in ("actions/s", "latency p50", "latency p95", "latency p99", "errors", "stalled_tables"):
        assert any(line.startswith(f"│ {figure} ") for line in lines), figure


def test_an_unreachable_room_is_named() -> None:
    url = f"http://127.0.0.1:{free_port()}"
    result = _loadtest("--url", url, "--tables", "2", "--seconds", "5")
    assert result.exit_code == 1
    assert f"pokerroom loadtest: cannot reach the room at {url}: GET {url}/api/games:" in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--tables", "0"], "Invalid value for '--tables'"),
        (["--tables", "2", "--processes", "3"], "3 processes for 2 tables: at most one process a table"),
        (["--url", "ftp://example.org"], "'ftp://example.org' is not the room's address"),
    ],
)
def test_bad_input_is_refused(args: list[str], message: str) -> None:
    url = [] if "--url" in args else ["--url", "http://127.0.0.1:9"]
    result = _loadtest(*url, *args)
    assert result.exit_code != 0
    assert message in " ".join(result.output.replace("│", " ").split())
