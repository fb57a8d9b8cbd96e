"""The room's operations log: one structured event per thing an operator watches (hands dealt and settled,
log-ins, admin actions, errors, crash recovery, shutdown), written through :mod:`logging` on the logger
``pokerroom.ops``.

:func:`event` is the one call every layer makes; :func:`configure` (``pokerroom serve``) sends the events to a
stream as JSON lines (``--log-format json``, the default: ``{"time", "level", "event", ...fields}``, one object a
line, for a log shipper) or as ``key=value`` text.  Fields are JSON values; anything else is written as its
``str``.  Passwords, session tokens and server seeds are never passed to it.
"""

from __future__ import annotations

import json
import logging
import sys
from datetime import UTC, datetime
from typing import IO, Any, Literal

__all__ = ["LOGGER", "JsonLines", "TextLines", "configure", "event"]

LOGGER = "pokerroom.ops"
"""The logger every event goes through."""

_log = logging.getLogger(LOGGER)


def event(kind: str, *, level: int = logging.INFO, **fields: Any) -> None:
    """Log the event ``kind`` (``hand_settled``, ``login``, ``admin``, ``error``, ``recovered``, ``shutdown``,
    ...) with ``fields`` (JSON values: names, ids, chips as integers of the smallest unit)."""
    if _log.isEnabledFor(level):
        _log.log(level, kind, extra={"pokerroom_event": kind, "pokerroom_fields": fields})


def _fields(record: logging.LogRecord) -> tuple[str, dict[str, Any]]:
    kind = getattr(record, "pokerroom_event", None)
    fields = dict(getattr(record, "pokerroom_fields", None) or {})
    if kind is None:  # a plain log line of another logger (uvicorn, a warning of the tables)
        kind = "log"
        fields = {"logger": record.name, "message": record.getMessage()}
    if record.exc_info:
        fields["exception"] = logging.Formatter().formatException(record.exc_info)
    return str(kind), fields


def _time(record: logging.LogRecord) -> str:
    return datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


class JsonLines(logging.Formatter):
    """Each record as one JSON object: ``time`` (UTC, ISO 8601), ``level``, ``event`` and the event's fields."""

    def format(self, record: logging.LogRecord) -> str:
        kind, fields = _fields(record)
        head = {"time": _time(record), "level": record.levelname.lower(), "event": kind}
        return json.dumps({**head, **{k: v for k, v in fields.items() if k not in head}}, default=str)


class TextLines(logging.Formatter):
    """Each record as ``TIME LEVEL EVENT key=value ...``: a value is JSON-quoted unless it is plain printable text
    without spaces, ``=``, quotes or backslashes, so no value can start a line or a field of its own."""

    def format(self, record: logging.LogRecord) -> str:
        kind, fields = _fields(record)
        parts = [_time(record), record.levelname.lower(), kind]
        for key, value in fields.items():
            # Bare only when plain: a name with a newline, tab or quote must not forge a line or a field.
            bare = isinstance(value, str) and value.isprintable() and not any(c in value for c in ' ="\\')
            parts.append(f"{key}={value if bare and value else json.dumps(value, default=str)}")
        return " ".join(parts)


def configure(
    stream: IO[str] | None = None, *, level: str = "info", fmt: Literal["json", "text"] = "json"
) -> logging.Handler:
    """Send the room's events and every other log record at ``level`` or above to ``stream`` (standard error by
    default) in ``fmt``; returns the handler (remove it from the root logger to stop).  Raises
    :class:`ValueError` for a level :mod:`logging` does not know."""
    number = logging.getLevelName(level.upper())
    if not isinstance(number, int):
        raise ValueError(f"no log level {level!r}; the levels are debug, info, warning, error")
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.setFormatter(JsonLines() if fmt == "json" else TextLines())
    root = logging.getLogger()
    root.addHandler(handler)
    root.setLevel(number)
    return handler
