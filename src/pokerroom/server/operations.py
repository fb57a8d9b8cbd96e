"""What the room's operator runs it with (docs/operations.md): the base path behind a reverse proxy, the pages
served with their ``<base href>``, ``GET /healthz``, ``GET /metrics`` and the crash recovery's log event.

**The base path.** ``--public-url https://example.org/poker/`` puts the room under ``/poker/``:
:func:`base_path` is that path without its last slash (``"/poker"``; ``""`` at the root of a host) and
:class:`BasePath` serves the app under it.  The proxy passes the path on unchanged (``/poker/api/me`` reaches
the server as ``/poker/api/me``; the recommended set-up) or strips the prefix (``/api/me``): either way the
request's ``root_path`` is the base, which the routes ignore and the pages use.  ``/poker`` is redirected to
``/poker/``.  :func:`page` serves an HTML page of ``static/`` with its ``<base href="/">`` made the request's
base, so its scripts, styles, API calls and sockets (``static/base.js``) are all relative to it.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from sqlalchemy import text

from pokerroom.room.record import HandRecord
from pokerroom.server.actor import TableActor, hand_voided
from pokerroom.server.lobby import Lobby
from pokerroom.server.metrics import CONTENT_TYPE, RoomMetrics
from pokerroom.server.oplog import event
from pokerroom.store import Store

__all__ = ["BASE_TAG", "BasePath", "base_path", "log_recovery", "operations_routes", "page"]

log = logging.getLogger(__name__)

BASE_TAG = '<base href="/" />'
"""The ``<base>`` element of every page in ``static/``: :func:`page` puts the request's base path in it."""


def base_path(public_url: str | None) -> str:
    """The path the room is served under, from its public URL: ``"/poker"`` for ``https://example.org/poker/``
    (or ``.../poker``), ``""`` for none or a URL at the root of its host."""
    if not public_url:
        return ""
    return urlsplit(public_url.strip()).path.rstrip("/")


class BasePath:
    """ASGI middleware serving ``app`` under ``base`` (see the module docstring): each HTTP request and WebSocket
    gets ``root_path`` = ``base`` and a path that starts with it (the proxy's stripped prefix put back), so the
    routes (which ignore the ``root_path`` part) match and the pages know their base."""

    def __init__(self, app: Any, *, base: str) -> None:
        self.app = app
        self.base = base

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] not in ("http", "websocket") or not self.base:
            await self.app(scope, receive, send)
            return
        path: str = scope["path"]
        if scope["type"] == "http" and path == self.base:
            query = scope.get("query_string", b"").decode("latin-1")
            await _redirect(send, self.base + "/" + (f"?{query}" if query else ""))
            return
        moved: dict[str, object] = {"root_path": self.base}
        if not path.startswith(self.base + "/"):  # the proxy stripped the prefix: put it back
            moved["path"] = self.base + "/" + path.lstrip("/")
            moved["raw_path"] = self.base.encode() + b"/" + bytes(scope.get("raw_path") or path.encode()).lstrip(b"/")
        await self.app({**scope, **moved}, receive, send)


async def _redirect(send: Any, location: str) -> None:
    await send(
        {
            "type": "http.response.start",
            "status": 308,
            "headers": [(b"location", location.encode()), (b"content-length", b"0")],
        }
    )
    await send({"type": "http.response.body", "body": b""})


def page(path: Path, request: Request) -> HTMLResponse:
    """The HTML page at ``path`` with its :data:`BASE_TAG` pointing at the request's base (``/poker/``)."""
    base = str(request.scope.get("root_path", "")).rstrip("/") + "/"
    html = path.read_text(encoding="utf-8").replace(BASE_TAG, f'<base href="{base}" />', 1)
    return HTMLResponse(html)


def _store_answers(store: Store) -> str | None:
    """``None`` when the store answers a query, else what went wrong."""
    try:
        with store.reading() as conn:
            conn.execute(text("SELECT 1"))
    except Exception as exc:  # any failure of the database is the answer here
        # The driver's text (host, database and user names) goes to the log; the public answer names the kind.
        event("error", level=logging.WARNING, where="healthz", error=f"{type(exc).__name__}: {exc}")
        return f"{type(exc).__name__} (details in the server's log)"
    return None


def operations_routes(*, store: Store, lobby: Lobby, metrics: RoomMetrics) -> APIRouter:
    """``GET /healthz`` and ``GET /metrics`` over the app's ``store``, ``lobby`` and ``metrics``.

    ``/healthz``: 200 ``{"status": "ok", "tables": N, "store": "ok"}`` when the store answers a query and every
    table's actor runs (``tables``: the tables open); else 503 with ``status`` ``"failing"``, ``store`` the
    store's kind of error (its text goes to the log, not to whoever asks) or ``"ok"``, and ``problems``, a sentence
    per fault (the store, each stopped table by name).
    ``/metrics``: :class:`RoomMetrics` in the Prometheus text format."""
    router = APIRouter()

    def stopped_tables() -> list[str]:
        out = []
        for table_id, actor in lobby.actors.items():
            task = lobby.tasks.get(table_id)
            if task is None or task.done():
                out.append(actor.info.name)
        return out

    @router.get("/healthz", include_in_schema=False)
    async def healthz() -> JSONResponse:
        stopped = stopped_tables()  # on the loop: the lobby's tasks are the loop's
        fault = await asyncio.to_thread(_store_answers, store)
        problems = [f"the store does not answer: {fault}"] if fault else []
        problems += [f"table {name!r} is not running" for name in stopped]
        body: dict[str, object] = {
            "status": "failing" if problems else "ok",
            "tables": len(lobby.actors),
            "store": fault or "ok",
        }
        if problems:
            body["problems"] = problems
        return JSONResponse(body, status_code=503 if problems else 200)

    @router.get("/metrics", include_in_schema=False)
    def prometheus() -> Response:
        return Response(metrics.text(), media_type=CONTENT_TYPE)

    return router


def log_recovery(actors: Iterable[TableActor], metrics: RoomMetrics, record: Callable[[int], HandRecord]) -> None:
    """Log and count the crash recovery the tables of ``actors`` did on opening (RULES §3.8; a lobby's tables at
    start-up, or each table a split room's worker claims): each voided hand counted
    in ``hands_voided_total`` and logged as a ``hand_voided`` event (:func:`~pokerroom.server.actor.hand_voided`:
    its ``refunded`` chips, read by ``record(hand_id)``), then one ``recovered`` event with ``hands_voided``, the
    voided ``hands`` (``{"table", "hand_id", "number"}``) and ``chips_refunded``; nothing when no hand was cut."""
    chips = 0
    hands: list[dict[str, object]] = []
    for actor in actors:
        for hand_id in actor.runner.recovered:
            try:
                r = record(hand_id)
            except Exception as exc:  # a record that cannot be read is still a hand voided: count and log it
                metrics.hand_ended(voided=True)
                event(
                    "hand_voided", level=logging.WARNING, table=actor.info.name, table_id=actor.info.id,
                    hand_id=hand_id, number=None, reason="crash recovery", refunded=None, refunded_total=None,
                    error=f"its record cannot be read: {type(exc).__name__}: {exc}",
                )  # fmt: skip
                hands.append({"table": actor.info.name, "hand_id": hand_id, "number": None})
                continue
            chips += hand_voided(r, table=actor.info.name, table_id=actor.info.id, hand_id=hand_id, metrics=metrics)
            hands.append({"table": actor.info.name, "hand_id": hand_id, "number": r.number})
    if hands:
        event("recovered", level=logging.WARNING, hands_voided=len(hands), hands=hands, chips_refunded=chips)
