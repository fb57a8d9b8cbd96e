"""The one token bucket of the server: a connection's messages (``sockets.RateLimit``), a player's chat messages
and mutes (:mod:`pokerroom.server.chat`) and the wrong passwords and sign-ups (:mod:`pokerroom.server.throttle`)
are limited by it.  Times are seconds on whatever clock the caller reads
(the wall clock for sockets, the table's clock for the chat, so tests drive it with a virtual clock)."""

from __future__ import annotations

__all__ = ["TokenBucket"]


class TokenBucket:
    """``rate`` tokens a second on average, at most ``burst`` saved (full at ``now``, when it is made)."""

    __slots__ = ("at", "burst", "rate", "tokens")

    def __init__(self, rate: float, burst: int, now: float) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = float(burst)
        self.at = now

    def take(self, now: float) -> float:
        """Take one token at ``now``: ``0.0`` when one was there, else the seconds until one is (nothing taken).

        >>> b = TokenBucket(0.5, 1, now=0.0)
        >>> b.take(0.0), b.take(1.0), b.take(2.0)
        (0.0, 1.0, 0.0)
        """
        self.tokens = min(float(self.burst), self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return (1 - self.tokens) / self.rate
        self.tokens -= 1
        return 0.0
