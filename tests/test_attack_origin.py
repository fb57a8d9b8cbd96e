"""Attacks from other origins (issue 19, item 3; docs/server.md "Security"), each a finding that held before:

* a WebSocket opened with ``Origin: http://evil.example`` and the player's cookie was accepted and could sit and
  act (SameSite=Lax stops other sites, not other ports or sibling hosts): now accepted and closed with 4403;
* body-less POSTs (``/api/play-chips``, ``/api/logout``) were accepted from any Origin: now 403;
* the cookie had no ``Secure`` flag behind HTTPS: ``--public-url https://...`` sets it.

The test client's own origin is ``http://testserver`` (its ``Host``).
"""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from typer.testing import CliRunner

import servertools
from browsertools import free_port
from pokerroom.cli import app as cli
from pokerroom.server import COOKIE, create_app
from pokerroom.server.origins import ORIGIN_REFUSED, OriginError, OriginGuard, origin_of
from pokerroom.server.throttle import DEVICE_COOKIE
from servertools import PASSWORD, PLAY, Player, api, play_chips, serve, sign_up, table

db_fixture = servertools.db_fixture

EVIL = "http://evil.example"
OWN = "http://testserver"
ALLOWED = "allowed: http://testserver (or no Origin header)"


def post(client: TestClient, player: Player, path: str, status: int = 200, **headers: str) -> Any:
    """``POST path`` as ``player`` with ``headers`` besides the cookie; the answer's JSON."""
    r = client.post(path, headers={**player.headers, **headers})
    assert r.status_code == status, (path, r.status_code, r.text)
    return r.json()


def refused_socket(client: TestClient, player: Player, headers: dict[str, str], path: str = "/ws/tables/1") -> Any:
    """Open a socket with ``headers`` besides the cookie; the close it gets at once."""
    with (
        pytest.raises(WebSocketDisconnect) as closed,
        client.websocket_connect(path, headers={**player.headers, **headers}) as ws,
    ):
        ws.receive_json()
    return closed.value


def test_a_socket_from_another_origin_cannot_sit_or_act(db: str) -> None:
    """BUG: a page at evil.example opened the player's table socket with their cookie and sat them down (and
    could act for them).  Now the socket is closed with 4403 before a message is read, naming the origin; the
    player's own page (same origin, or a program sending no Origin) is served as before."""
    with serve(db) as client:
        alice = sign_up(client, "alice")
        closed = refused_socket(client, alice, {"origin": EVIL})
        assert closed.code == ORIGIN_REFUSED == 4403
        assert closed.reason == f"refused: Origin {EVIL} is not this server's; {ALLOWED}"
        actor = client.app.state.lobby.actors[1]  # type: ignore[attr-defined]
        assert "alice" not in actor.connections
        assert [s.player for s in actor.table.seats if s is not None] == ["bot-1-1"]
        with client.websocket_connect("/ws/tables/1", headers={**alice.headers, "origin": OWN}) as ws:
            assert ws.receive_json()["type"] == "welcome"
        with table(client, alice) as conn:  # no Origin at all: a program
            conn.send("sit", seat=1, buy_in=100)
            conn.state(lambda s: s["you"] == 1, "alice seated")
            # While she sits, a page elsewhere still cannot reach her seat.
            assert refused_socket(client, alice, {"origin": EVIL}).code == 4403
            conn.ping("her own socket goes on")


def test_a_club_night_socket_checks_the_origin_too(db: str) -> None:
    with serve(db) as client:
        anna = sign_up(client, "anna")
        token = api(client, anna, "POST", "/api/nights", 201, json={"game": "club-holdem"})["token"]
        assert refused_socket(client, anna, {"origin": EVIL}, f"/ws/nights/{token}").code == 4403


def test_body_less_posts_from_another_origin_are_refused(db: str) -> None:
    """BUG: ``POST /api/play-chips`` and ``POST /api/logout`` were accepted from any Origin (no body, so no
    CORS preflight).  Now 403 with the origin named and what is allowed; nothing happens."""
    with serve(db) as client:
        alice = sign_up(client, "alice")
        with table(client, alice) as conn:
            conn.send("sit", seat=1, buy_in=100)
            conn.state(lambda s: s["you"] == 1, "alice seated")
            assert play_chips(client, alice) == PLAY - 100
            refused = post(client, alice, "/api/play-chips", 403, origin=EVIL)
            assert refused == {"detail": f"refused: Origin {EVIL} is not this server's; {ALLOWED}"}
            assert play_chips(client, alice) == PLAY - 100
            assert post(client, alice, "/api/logout", 403, origin=EVIL)
            conn.ping("still logged in")
            assert api(client, alice, "GET", "/api/me")["player"] == "alice"
            topped = post(client, alice, "/api/play-chips", origin=OWN)
            assert topped["added"] == 100
        # Log-in and sign-up from another origin: refused too (a page cannot log you in as someone else).
        for path in ("/api/login", "/api/signup"):
            body = {"name": "mallory", "password": PASSWORD}
            assert client.post(path, json=body, headers={"origin": EVIL}).status_code == 403, path


def test_another_port_or_host_of_the_same_server_is_refused(db: str) -> None:
    """SameSite=Lax let a page on another port of the same host (or a sibling host) through: each is another
    origin.  ``Origin: null`` (a sandboxed frame) and a cross-site fetch without an Origin are refused too; a GET
    is never checked; a request with no Origin (curl, a bot) passes."""
    with serve(db) as client:
        alice = sign_up(client, "alice")
        for origin in ("http://testserver:8822", "https://testserver", "http://sub.testserver", "null", "junk"):
            r = client.post("/api/play-chips", headers={**alice.headers, "origin": origin})
            assert r.status_code == 403, origin
            assert r.json()["detail"].startswith("refused: Origin") and r.json()["detail"].endswith(ALLOWED), origin
            assert refused_socket(client, alice, {"origin": origin}).code == 4403, origin
        assert client.post("/api/play-chips", headers={**alice.headers, "origin": "null"}).json()["detail"] == (
            f"refused: Origin null (a sandboxed page or a file); {ALLOWED}"
        )
        cross = client.post("/api/play-chips", headers={**alice.headers, "sec-fetch-site": "cross-site"})
        assert (cross.status_code, cross.json()["detail"]) == (
            403,
            f"refused: a cross-site request (Sec-Fetch-Site: cross-site); {ALLOWED}",
        )
        assert refused_socket(client, alice, {"sec-fetch-site": "cross-site"}).code == 4403
        assert client.get("/api/me", headers={**alice.headers, "origin": EVIL}).json()["player"] == "alice"
        same = {"origin": "HTTP://TestServer:80", "sec-fetch-site": "same-origin"}
        assert post(client, alice, "/api/play-chips", **same)["added"] == 0
        assert api(client, alice, "POST", "/api/play-chips")["added"] == 0


def test_a_public_url_is_the_origin_and_https_makes_the_cookies_secure(db: str) -> None:
    """``public_url``: its origin is the server's (the Host a proxy passes on no longer counts); an https URL
    sets ``Secure`` on the session and device cookies; ``allowed_origins`` adds origins."""
    friends = ["https://friends.example:8443"]
    with serve(db, public_url="https://poker.example/room/", allowed_origins=friends) as client:
        r = client.post("/api/signup", json={"name": "alice", "password": PASSWORD})
        assert r.status_code == 201
        cookies = r.headers.get_list("set-cookie")
        assert {c.split("=")[0] for c in cookies} == {COOKIE, DEVICE_COOKIE}
        assert all("; Secure" in c and "HttpOnly" in c and "SameSite=lax" in c for c in cookies), cookies
        alice = Player("alice", r.cookies[COOKIE])
        client.cookies.clear()
        allowed = "allowed: https://friends.example:8443, https://poker.example (or no Origin header)"
        for origin, status in (
            ("https://poker.example", 200),
            ("https://friends.example:8443", 200),
            (OWN, 403),
            ("http://poker.example", 403),
        ):
            r = client.post("/api/play-chips", headers={**alice.headers, "origin": origin})
            assert r.status_code == status, origin
            if status == 403:
                assert r.json()["detail"] == f"refused: Origin {origin} is not this server's; {allowed}"
        with client.websocket_connect(
            "/ws/tables/1", headers={**alice.headers, "origin": "https://poker.example"}
        ) as ws:
            assert ws.receive_json()["type"] == "welcome"
        logout = client.post("/api/logout", headers={**alice.headers, "origin": "https://poker.example"})
        assert "; Secure" in logout.headers["set-cookie"]
    with serve(db, public_url="http://127.0.0.1:8821") as client:
        r = client.post("/api/login", json={"name": "alice", "password": PASSWORD})
        assert r.status_code == 200 and all("Secure" not in c for c in r.headers.get_list("set-cookie"))


def test_bad_public_urls_and_origins_are_refused(db: str) -> None:
    assert origin_of("HTTPS://Poker.Example:443/room/") == "https://poker.example"
    assert origin_of("http://[::1]:8821/") == "http://[::1]:8821"
    for bad in ("poker.example", "ftp://poker.example", "https://", "http://host:99999", "https://a b", "http://u@h"):
        with pytest.raises(OriginError, match=r"such as https://poker\.example"):
            origin_of(bad)
    with pytest.raises(OriginError):
        create_app(db, public_url="poker.example")
    with pytest.raises(OriginError):
        create_app(db, allowed_origins=["null"])
    runner = CliRunner()
    for option in ("--public-url", "--allowed-origin"):
        result = runner.invoke(cli, ["serve", "--database", db, option, "poker.example"])
        assert result.exit_code == 2, result.output
        said = " ".join(result.output.replace("│", " ").split())
        assert f"Invalid value for {option}: 'poker.example' is not an http:// or https:// URL with a host" in said


def test_serve_passes_the_public_url_and_origins_on(db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """``pokerroom serve --public-url URL --allowed-origin ORIGIN ...`` gives them to the app."""
    import uvicorn

    seen: dict[str, Any] = {}

    def run(app: Any, **kw: Any) -> None:
        seen["app"] = app

    monkeypatch.setattr(uvicorn, "run", run)
    result = CliRunner().invoke(
        cli,
        [
            "serve", "--database", db, "--port", str(free_port()), "--public-url", "https://poker.example",
            "--allowed-origin", "https://a.example", "--allowed-origin", "http://b.example:8080",
        ],
    )  # fmt: skip
    assert result.exit_code == 0, result.output  # the room is announced once the app starts (uvicorn.run here)
    guard = next(m for m in seen["app"].user_middleware if m.cls is OriginGuard)
    assert guard.kwargs == {
        "public_origin": "https://poker.example",
        "allowed": ["https://a.example", "http://b.example:8080"],
    }
