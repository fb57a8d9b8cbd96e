"""The Origin check: a page on another site (or another port, or a sibling host) may not use a player's cookie.

:class:`OriginGuard` is ASGI middleware over the whole app.  Every WebSocket and every state-changing request
(``POST``, ``PUT``, ``PATCH``, ``DELETE``) is checked against the server's own origin (the public URL's when
``pokerroom serve --public-url`` gives one, else ``scheme://Host`` of the request) and the configured list
(``--allowed-origin``):

* no ``Origin`` header (curl, bots, programs): allowed, unless ``Sec-Fetch-Site: cross-site`` says a browser
  sent it from another site;
* ``Origin: null`` (a sandboxed frame, a file), or an origin neither the server's nor on the list: refused;
* ``Sec-Fetch-Site: cross-site``: refused unless the origin is on the configured list.

A refused request gets HTTP 403 with a detail naming the origin and what is allowed; a refused WebSocket is
accepted and then closed with :data:`ORIGIN_REFUSED` and the same words as its reason (a browser sees a close code
only on an open socket).  ``GET`` requests are not checked: they change nothing.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from typing import Any
from urllib.parse import urlsplit

from pokerroom.errors import PokerroomError

__all__ = ["ORIGIN_REFUSED", "UNSAFE_METHODS", "OriginError", "OriginGuard", "origin_of"]

ORIGIN_REFUSED = 4403
"""The close code of a WebSocket opened from an origin the server does not serve."""

UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
"""The HTTP methods whose requests are checked."""

_DEFAULT_PORTS = {"http": 80, "https": 443}
_WS_SCHEMES = {"ws": "http", "wss": "https"}
_HOST = re.compile(r"[a-z0-9_.-]+|[0-9a-f:.]+")
"""A host name, an IPv4 address or an IPv6 one (without its brackets, as ``urlsplit`` gives it)."""


class OriginError(PokerroomError):
    """A URL or origin that cannot be one: the message says what was wrong and what is allowed."""


def origin_of(url: str) -> str:
    """The origin of ``url``, written as a browser writes it in ``Origin``: ``scheme://host[:port]``, the scheme
    and host in lower case, the default port left out.  Raises :class:`OriginError` for anything not an
    ``http``/``https`` URL with a host.

    >>> origin_of("HTTPS://Poker.Example:443/room/")
    'https://poker.example'
    >>> origin_of("http://127.0.0.1:8821")
    'http://127.0.0.1:8821'
    """
    if not isinstance(url, str) or not url.isprintable() or len(url) > 2000:
        raise OriginError(f"{url!r} is not a URL: give one such as https://poker.example")
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError as err:
        raise OriginError(f"{url!r} is not a URL ({err}): give one such as https://poker.example") from None
    scheme = parts.scheme.lower()
    if scheme not in _DEFAULT_PORTS or not parts.hostname:
        raise OriginError(f"{url!r} is not an http:// or https:// URL with a host, such as https://poker.example")
    host = parts.hostname.lower()
    if parts.username is not None or not _HOST.fullmatch(host):
        raise OriginError(f"{url!r} has no plain host name or address: give one such as https://poker.example")
    if ":" in host:
        host = f"[{host}]"  # IPv6, as a URL writes it
    if port is None or port == _DEFAULT_PORTS[scheme]:
        return f"{scheme}://{host}"
    return f"{scheme}://{host}:{port}"


def _headers(scope: dict[str, Any]) -> dict[str, str]:
    out: dict[str, str] = {}
    for key, value in scope.get("headers", ()):
        out.setdefault(key.decode("latin-1").lower(), value.decode("latin-1"))
    return out


class OriginGuard:
    """ASGI middleware refusing what the module docstring says.  ``public_origin``: the origin of the public URL
    (``None``: each request's own ``scheme://Host``); ``allowed``: further origins allowed."""

    def __init__(self, app: Any, *, public_origin: str | None = None, allowed: Iterable[str] = ()) -> None:
        self.app = app
        self.public_origin = public_origin
        self.allowed = frozenset(allowed)

    def own_origin(self, scope: dict[str, Any], headers: dict[str, str]) -> str | None:
        if self.public_origin is not None:
            return self.public_origin
        scheme = _WS_SCHEMES.get(scope.get("scheme", "http"), scope.get("scheme", "http"))
        host = headers.get("host")
        if not host:
            return None
        try:
            return origin_of(f"{scheme}://{host}")
        except OriginError:
            return None

    def refusal(self, scope: dict[str, Any]) -> str | None:
        """Why this request or WebSocket is refused, or ``None``."""
        headers = _headers(scope)
        origin = headers.get("origin")
        site = headers.get("sec-fetch-site", "").lower()
        own = self.own_origin(scope, headers)
        allowed: Sequence[str] = sorted(o for o in {own, *self.allowed} if o is not None)
        wanted = f"allowed: {', '.join(allowed) or 'this server'} (or no Origin header)"
        if origin is None:
            cross = site == "cross-site"
            return f"refused: a cross-site request (Sec-Fetch-Site: cross-site); {wanted}" if cross else None
        if origin.strip().lower() == "null":
            return f"refused: Origin null (a sandboxed page or a file); {wanted}"
        try:
            normal = origin_of(origin)
        except OriginError:
            return f"refused: Origin {origin[:60]!r} is not an origin; {wanted}"
        if normal in self.allowed:
            return None
        if normal != own:
            return f"refused: Origin {normal} is not this server's; {wanted}"
        if site == "cross-site":
            return f"refused: a cross-site request from {normal} (Sec-Fetch-Site: cross-site); {wanted}"
        return None

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        kind = scope["type"]
        if kind == "websocket" or (kind == "http" and scope.get("method") in UNSAFE_METHODS):
            why = self.refusal(scope)
            if why is not None:
                if kind == "http":
                    await _forbid(send, why)
                else:
                    await _close(receive, send, why)
                return
        await self.app(scope, receive, send)


async def _forbid(send: Any, why: str) -> None:
    body = json.dumps({"detail": why}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": 403,
            "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())],
        }
    )
    await send({"type": "http.response.body", "body": body})


async def _close(receive: Any, send: Any, why: str) -> None:
    message = await receive()
    if message["type"] != "websocket.connect":
        return
    await send({"type": "websocket.accept"})
    # A close reason is at most 123 bytes (RFC 6455 §5.5): the origin first, the rest cut.
    reason = why.encode()[:123].decode(errors="ignore")
    await send({"type": "websocket.close", "code": ORIGIN_REFUSED, "reason": reason})
