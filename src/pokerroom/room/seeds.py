"""Seeds derived from seeds: every reproducible deck and shard of the room comes from one seed and the names of
what it is for, through BLAKE2b (stable across Python versions, processes and machines; never ``hash()``).

>>> derive_seed("deck", 7, 1) == derive_seed("deck", 7, 1) != derive_seed("deck", 7, 2)
True
"""

from __future__ import annotations

import hashlib

__all__ = ["derive_seed"]


def derive_seed(*parts: object) -> int:
    """A 63-bit seed (``0 <= seed < 2**63``) from ``parts`` (written as text, joined by ``:``): the same parts
    always give the same seed, different parts practically never do."""
    digest = hashlib.blake2b(":".join(map(str, parts)).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1
