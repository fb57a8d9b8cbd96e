"""The operations log (server/oplog.py): one JSON object a line, or key=value text, with the event's fields."""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Iterator

import pytest

from pokerroom.server.oplog import configure, event


@pytest.fixture
def lines() -> Iterator[tuple[io.StringIO, list[logging.Handler]]]:
    out = io.StringIO()
    root = logging.getLogger()
    level = root.level
    handlers: list[logging.Handler] = []
    yield out, handlers
    for h in handlers:
        root.removeHandler(h)
    root.setLevel(level)


def test_json_lines_carry_the_event_and_its_fields(lines: tuple[io.StringIO, list[logging.Handler]]) -> None:
    out, handlers = lines
    handlers.append(configure(out, fmt="json"))
    event("hand_settled", table=3, hand=152, number=17, pot=240, rake=12, winners=["ann"])
    record = json.loads(out.getvalue().splitlines()[-1])
    assert record["event"] == "hand_settled"
    assert record["level"] == "info"
    assert (record["table"], record["hand"], record["number"], record["pot"], record["rake"]) == (3, 152, 17, 240, 12)
    assert record["winners"] == ["ann"]
    assert record["time"].endswith("Z")


def test_other_loggers_become_log_events_with_their_exception(lines: tuple[io.StringIO, list[logging.Handler]]) -> None:
    out, handlers = lines
    handlers.append(configure(out, fmt="json"))
    try:
        raise ValueError("bad stack")
    except ValueError:
        logging.getLogger("pokerroom.server.actor").exception("table %s: unexpected error", "Hold'em")
    record = json.loads(out.getvalue().splitlines()[-1])
    assert record["event"] == "log"
    assert record["logger"] == "pokerroom.server.actor"
    assert record["message"] == "table Hold'em: unexpected error"
    assert "ValueError: bad stack" in record["exception"]
    assert record["level"] == "error"


def test_text_lines_quote_values_with_spaces(lines: tuple[io.StringIO, list[logging.Handler]]) -> None:
    out, handlers = lines
    handlers.append(configure(out, fmt="text"))
    event("login", name="ann", address="10.0.0.7", note="two words")
    line = out.getvalue().splitlines()[-1]
    assert line.split(" ")[1:4] == ["info", "login", "name=ann"]
    assert 'note="two words"' in line


def test_below_the_level_nothing_is_written(lines: tuple[io.StringIO, list[logging.Handler]]) -> None:
    out, handlers = lines
    handlers.append(configure(out, level="warning"))
    event("login", name="ann")
    assert out.getvalue() == ""
    event("error", level=logging.ERROR, what="store unreachable")
    assert json.loads(out.getvalue())["what"] == "store unreachable"


def test_an_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="no log level 'loud'"):
        configure(io.StringIO(), level="loud")


def test_a_name_cannot_forge_a_text_line(lines: tuple[io.StringIO, list[logging.Handler]]) -> None:
    out, handlers = lines
    handlers.append(configure(out, fmt="text"))
    forged = "nobody\n2026-12-04T17:00:00.000Z info admin action=ban target=alice"
    event("login_failed", name=forged, address="10.0.0.7")
    event("login_failed", name='x"\ty', address="10.0.0.7")
    written = out.getvalue().splitlines()
    assert len(written) == 2
    assert written[0].endswith(
        'login_failed name="nobody\\n2026-12-04T17:00:00.000Z info admin action=ban target=alice" address=10.0.0.7'
    )
    assert 'name="x\\"\\ty"' in written[1]
