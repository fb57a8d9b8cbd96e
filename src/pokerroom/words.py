"""Words for counts in what pokerroom says: ``1 chip``, ``2 chips``, ``after 1 hand``.  One helper for every
layer (the room, the CLI, the server), so that no message says "1 chips"."""

from __future__ import annotations

__all__ = ["plural"]


def plural(n: int, word: str, words: str | None = None) -> str:
    """``n`` followed by ``word`` in the number ``n`` takes: the singular for 1 (and -1), else ``words`` (by
    default ``word`` with an ``s``: give it where English does otherwise).

    >>> plural(1, "chip"), plural(0, "chip"), plural(2, "hand"), plural(-1, "chip")
    ('1 chip', '0 chips', '2 hands', '-1 chip')
    >>> plural(3, "worker process", "worker processes")
    '3 worker processes'
    """
    return f"{n} {word if abs(n) == 1 else (words if words is not None else word + 's')}"
