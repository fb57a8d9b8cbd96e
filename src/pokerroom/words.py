"""Words for counts in what pokerroom says: ``1 chip``, ``2 chips``, ``after 1 hand``.  One helper for every
layer (the room, the CLI, the server), so that no message says "1 chips"."""

from __future__ import annotations

__all__ = ["plural"]


def plural(n: float, word: str, words: str | None = None, *, spec: str = "") -> str:
    """``n`` followed by ``word`` in the number ``n`` takes: the singular for 1 (and -1), else ``words`` (by
    default ``word`` with an ``s``: give it where English does otherwise).  ``spec`` formats ``n`` (``","`` for
    thousands, ``"g"`` for a float such as minutes).

    >>> plural(1, "chip"), plural(0, "chip"), plural(2, "hand"), plural(-1, "chip")
    ('1 chip', '0 chips', '2 hands', '-1 chip')
    >>> plural(3, "worker process", "worker processes")
    '3 worker processes'
    >>> plural(1_712_304, "deal", spec=","), plural(1.0, "minute", spec="g"), plural(1.5, "minute", spec="g")
    ('1,712,304 deals', '1 minute', '1.5 minutes')
    """
    return f"{n:{spec}} {word if abs(n) == 1 else (words if words is not None else word + 's')}"
