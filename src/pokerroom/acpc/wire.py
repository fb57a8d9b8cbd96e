"""Lines over TCP as the ACPC protocol sends them: each message ends with ``\\r\\n`` (a bare ``\\n`` is read too),
ASCII, at most :data:`MAX_LINE` bytes (the reference's ``MAX_LINE_LEN``)."""

from __future__ import annotations

import contextlib
import socket
import time

from pokerroom.errors import AcpcError

__all__ = ["MAX_LINE", "LineChannel", "WireClosed", "WireTimeout"]

MAX_LINE = 5000
"""The longest line either side reads (bytes, line end included)."""


class WireClosed(AcpcError):
    """The other side closed the connection (or it broke)."""


class WireTimeout(AcpcError):
    """No whole line arrived before the deadline."""


class LineChannel:
    """One connected TCP socket read and written a line at a time."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock
        self._buf = bytearray()
        with contextlib.suppress(OSError):  # not TCP (a socket pair in tests)
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def send(self, line: str) -> None:
        """Send ``line`` with ``\\r\\n``; :class:`WireClosed` when the peer is gone."""
        try:
            self.sock.sendall(line.encode("ascii", "replace") + b"\r\n")
        except OSError as exc:
            raise WireClosed(f"could not send: {exc}") from None

    def readline(self, deadline: float | None = None) -> str:
        """The next line without its line end.  ``deadline`` is a :func:`time.monotonic` time (``None``: wait
        for ever).  Raises :class:`WireTimeout`, :class:`WireClosed`, or :class:`~pokerroom.errors.AcpcError` for
        a line longer than :data:`MAX_LINE` bytes."""
        while True:
            end = self._buf.find(b"\n")
            if end >= 0:
                raw = bytes(self._buf[:end])
                del self._buf[: end + 1]
                return raw.rstrip(b"\r").decode("ascii", "replace")
            if len(self._buf) > MAX_LINE:
                raise AcpcError(f"a line longer than {MAX_LINE} bytes")
            if deadline is None:
                self.sock.settimeout(None)
            else:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise WireTimeout("no line before the time limit")
                self.sock.settimeout(left)
            try:
                chunk = self.sock.recv(65536)
            except TimeoutError:
                raise WireTimeout("no line before the time limit") from None
            except OSError as exc:
                raise WireClosed(f"connection broken: {exc}") from None
            if not chunk:
                raise WireClosed("the connection was closed")
            self._buf += chunk

    def close(self) -> None:
        """Close the socket (twice is harmless)."""
        with contextlib.suppress(OSError):
            self.sock.close()
