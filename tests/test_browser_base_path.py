"""The room under a base path behind a reverse proxy (issue 20, part 4), in Chromium: the server's public URL is
``http://127.0.0.1:PROXY/poker/``, a small proxy written here (HTTP with httpx2, WebSockets with websockets; the
path passed on unchanged, ``Host`` kept, ``X-Forwarded-For`` set, as docs/operations.md's nginx example does)
forwards ``/poker/...`` to the server, and a player signs up, opens a table, sits and acts, every script, style,
API call and socket going through ``/poker/``.  Screenshot: ``artifacts/screenshots/base-path-table.png``."""

from __future__ import annotations

import asyncio
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

import httpx2
import pytest
from websockets.asyncio.client import connect as ws_connect
from websockets.exceptions import ConnectionClosed

from browsertools import click_any, free_port, join, running_server, serving, shot, sign_up
from pokerroom.server import Starter

playwright_sync = pytest.importorskip("playwright.sync_api")

pytestmark = pytest.mark.browser

STARTERS = [Starter("Duo", "holdem", "1/2", "no", bots=1, seats=2)]
HOP = {b"connection", b"keep-alive", b"transfer-encoding", b"upgrade", b"content-length", b"content-encoding"}
"""Headers a proxy does not pass on as they came (hop-by-hop; the body is passed decoded)."""


def proxy(backend: str) -> Any:
    """An ASGI reverse proxy to ``backend`` (``127.0.0.1:PORT``) that passes every path on unchanged."""
    client = httpx2.AsyncClient(base_url=f"http://{backend}", timeout=30)

    def forwarded(scope: dict[str, Any]) -> list[tuple[bytes, bytes]]:
        kept = [
            (k, v) for k, v in scope["headers"] if k.lower() not in HOP and not k.lower().startswith(b"sec-websocket")
        ]
        return [*kept, (b"x-forwarded-for", scope["client"][0].encode()), (b"x-forwarded-proto", b"http")]

    async def http(scope: dict[str, Any], receive: Any, send: Any) -> None:
        body = b""
        while True:
            message = await receive()
            body += message.get("body", b"")
            if not message.get("more_body"):
                break
        target = scope["raw_path"].decode() + (f"?{scope['query_string'].decode()}" if scope["query_string"] else "")
        r = await client.request(scope["method"], target, headers=forwarded(scope), content=body)
        headers = [(k.encode(), v.encode()) for k, v in r.headers.multi_items() if k.encode().lower() not in HOP]
        await send({"type": "http.response.start", "status": r.status_code,
                    "headers": [*headers, (b"content-length", str(len(r.content)).encode())]})  # fmt: skip
        await send({"type": "http.response.body", "body": r.content})

    async def websocket(scope: dict[str, Any], receive: Any, send: Any) -> None:
        await receive()  # websocket.connect
        headers = [(k.decode(), v.decode()) for k, v in forwarded(scope) if k not in (b"host",)]
        url = f"ws://{backend}{scope['raw_path'].decode()}"
        async with ws_connect(url, additional_headers=headers) as upstream:
            await send({"type": "websocket.accept"})

            async def down() -> None:
                with suppress(ConnectionClosed):
                    async for data in upstream:
                        key = "text" if isinstance(data, str) else "bytes"
                        await send({"type": "websocket.send", key: data})
                code = upstream.close_code or 1000
                with suppress(Exception):
                    await send({"type": "websocket.close", "code": code, "reason": upstream.close_reason or ""})

            task = asyncio.create_task(down())
            try:
                while True:
                    message = await receive()
                    if message["type"] == "websocket.disconnect":
                        break
                    await upstream.send(message.get("text") if message.get("text") is not None else message["bytes"])
            finally:
                await upstream.close()
                task.cancel()

    async def app(scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            await http(scope, receive, send)
        elif scope["type"] == "websocket":
            await websocket(scope, receive, send)
        elif scope["type"] == "lifespan":
            while (await receive())["type"] != "lifespan.shutdown":
                await send({"type": "lifespan.startup.complete"})
            await client.aclose()
            await send({"type": "lifespan.shutdown.complete"})

    return app


@contextmanager
def behind_proxy(db: Path) -> Iterator[str]:
    """The room served under /poker/ behind :func:`proxy`; yields the room's URL as players see it."""
    port = free_port()
    public = f"http://127.0.0.1:{port}/poker/"
    with (
        running_server(db, STARTERS, public_url=public, bot_delay=0.05, next_hand_delay=1.0, seed=5) as (base, _),
        serving(proxy(base.removeprefix("http://")), port),
    ):
        yield public


def player_actions(room: str) -> float:
    with urllib.request.urlopen(room + "metrics", timeout=10) as r:
        text = r.read().decode()
    return float(
        next(line.split()[-1] for line in text.splitlines() if line.startswith('pokerroom_actions_total{by="player"}'))
    )


def test_the_room_under_a_base_path(tmp_path: Path, browser: Any) -> None:
    with behind_proxy(tmp_path / "room.db") as room:
        page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
        requests: list[str] = []
        sockets: list[str] = []
        page.on("request", lambda r: requests.append(r.url))
        page.on("websocket", lambda ws: sockets.append(ws.url))
        sign_up(page, room.rstrip("/"), "paula")
        join(page, "Duo", "paula")
        deadline = time.monotonic() + 30
        while player_actions(room) < 1:
            assert time.monotonic() < deadline, "no action of paula's reached the table"
            click_any(page, ("action-check", "action-call", "action-fold"))
            page.wait_for_timeout(200)
        shot(page, "base-path-table")
        cookies = page.context.cookies()
        assert {c["name"]: c["path"] for c in cookies}["pokerroom_session"] == "/poker/"
        outside = [u for u in requests if not u.startswith(room) and not u.startswith("data:")]
        assert outside == [], outside
        kinds = {u.removeprefix(room).split("/")[0] for u in requests}
        assert {"static", "api"} <= kinds, kinds
        assert sockets and all(u == room.replace("http:", "ws:") + "ws/tables/1" for u in sockets), sockets
