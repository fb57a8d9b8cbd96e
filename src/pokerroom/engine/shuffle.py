"""The one card source's randomness: a keyed HMAC-SHA256 stream feeding Fisher-Yates (docs/shuffle.md).

Every shuffled deck in pokerroom comes from here: a seeded hand (``seed=42``: reproducible, reshuffles included),
a table's hand, and a server hand whose deck players can check afterwards (:mod:`pokerroom.room.proof`).

The construction, written so that anyone can deal the same deck again from the same key:

* **server seed**: 32 bytes.  A whole-number seed ``s`` stands for the server seed ``SHA-256("pokerroom seed " +
  decimal(s))`` (:func:`seed_bytes`); the server draws 32 fresh bytes from ``secrets`` for each hand it deals.
* **key**: ``HMAC-SHA256(server seed, "pokerroom deck v1" + for each client seed, in ascending seat order,
  "\\n" + seat + ":" + seed)`` (:func:`deck_key`).  Client seeds are what seated players add before the deal.
* **stream**: block ``i`` (from 0) is ``HMAC-SHA256(key, i as 8 bytes big-endian)``; the stream is the blocks'
  bytes in order, read as 32-bit big-endian words (:class:`DeckStream`).
* **a number below n** (:meth:`DeckStream.below`): ``0`` for ``n == 1`` (no word read); otherwise with
  ``k = bit_length(n - 1)``, read a word ``w`` and take ``r = w >> (32 - k)``; if ``r < n`` it is the answer,
  else read the next word (rejection: every value is exactly as likely).
* **Fisher-Yates** (:func:`shuffle`): for ``i = 0 .. len - 2``: ``j = i + below(len - i)``, swap ``i`` and ``j``.
  The deck starts in the game's order (:data:`pokerroom.cards.DECK52`: 2c 2d 2h 2s 3c ... As, or the game's short
  deck), and position ``i`` of the result is the ``i``-th card dealt: hole cards one at a time round the table
  from the left of the button, then the board.  A dealer may draw the swaps lazily, card by card as it deals
  (the same numbers in the same order); before a draw game's reshuffle the rest of the deck is put in its place
  first, so the stream is read exactly as the whole shuffle reads it.
* **reshuffle** (RULES §2.5, draw games): the stub in its order followed by the muck in the order cards reached
  it (less the drawer's own discards) is shuffled by the same Fisher-Yates, reading on in the same stream.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import struct
from collections.abc import Mapping, Sequence
from typing import Protocol, TypeVar

__all__ = [
    "DOMAIN",
    "SERVER_SEED_BYTES",
    "DeckStream",
    "Randomness",
    "deck_key",
    "deck_order",
    "fresh_seed",
    "seed_bytes",
    "shuffle",
    "shuffle_steps",
]

T = TypeVar("T")

DOMAIN = b"pokerroom deck v1"
"""The message the key's HMAC starts with (a later construction gets another)."""

SERVER_SEED_BYTES = 32
"""Bytes in a server seed."""

_WORDS = struct.Struct(">8I")
_SHA_BLOCK = 64
"""SHA-256's block size in bytes: HMAC pads its key to it."""
_IPAD = bytes(b ^ 0x36 for b in range(256))
_OPAD = bytes(b ^ 0x5C for b in range(256))
"""``bytes.translate`` tables XORing every byte with HMAC's inner and outer pad bytes."""


class Randomness(Protocol):
    """What a shuffle reads: :class:`DeckStream`, or a test's stand-in (one that always answers 0 deals a deck in
    the order given)."""

    def below(self, n: int) -> int:
        """A number in ``0 .. n-1``."""
        ...


def seed_bytes(seed: int) -> bytes:
    """The server seed a whole-number ``seed`` stands for: ``SHA-256("pokerroom seed " + decimal)``.

    >>> seed_bytes(1).hex()[:16]
    '5d93b3e4ad11f631'
    """
    return hashlib.sha256(b"pokerroom seed %d" % seed).digest()


def fresh_seed() -> bytes:
    """A new secret server seed (:data:`SERVER_SEED_BYTES` bytes from ``secrets``)."""
    return secrets.token_bytes(SERVER_SEED_BYTES)


def deck_key(server_seed: bytes, client_seeds: Mapping[int, str] | None = None) -> bytes:
    """The stream's key from the ``server_seed`` and the players' ``client_seeds`` (table seat -> seed text)."""
    message = DOMAIN
    if client_seeds:
        message += b"".join(b"\n%d:%s" % (seat, client_seeds[seat].encode()) for seat in sorted(client_seeds))
    return hmac.digest(server_seed, message, "sha256")


class DeckStream:
    """The random numbers of one deck: HMAC-SHA256 of ``key`` in counter mode, read 32 bits at a time.

    >>> s = DeckStream(deck_key(seed_bytes(1)))
    >>> [s.below(52) for _ in range(5)]
    [34, 45, 22, 41, 12]
    """

    __slots__ = ("_block", "_inner", "_key", "_outer", "_words")

    def __init__(self, key: bytes) -> None:
        self._key = key
        self._block = 0
        self._words: list[int] = []  # the current block's unread words, last one next
        # HMAC (RFC 2104) spelled out: the key padded to SHA-256's 64-byte block, XORed with the inner and outer
        # pads once here, so that each block costs two SHA-256 calls (hmac.digest sets the pads up every time).
        padded = (key if len(key) <= _SHA_BLOCK else hashlib.sha256(key).digest()).ljust(_SHA_BLOCK, b"\0")
        self._inner = padded.translate(_IPAD)
        self._outer = padded.translate(_OPAD)

    def copy(self) -> DeckStream:
        """The stream at the same place: the copy reads the same numbers from here on."""
        twin = DeckStream.__new__(DeckStream)
        twin._key, twin._block, twin._words = self._key, self._block, self._words.copy()
        twin._inner, twin._outer = self._inner, self._outer
        return twin

    def word(self) -> int:
        """The next 32-bit word of the stream."""
        words = self._words
        if not words:
            self._refill()
        return words.pop()

    def _refill(self) -> None:
        """The next block's eight words, the first to be read last in the list (``pop``)."""
        sha256 = hashlib.sha256  # HMAC-SHA256(key, counter): see __init__
        block = sha256(self._outer + sha256(self._inner + self._block.to_bytes(8, "big")).digest()).digest()
        self._block += 1
        self._words.extend(reversed(_WORDS.unpack(block)))

    def below(self, n: int) -> int:
        """A number in ``0 .. n-1``, each exactly as likely (see the module docstring); ``n >= 1``."""
        if n <= 1:
            return 0
        shift = 32 - (n - 1).bit_length()
        while True:
            r = self.word() >> shift
            if r < n:
                return r

    def steps(self, items: list[T], start: int, end: int) -> None:
        """The Fisher-Yates steps ``i = start .. end-1`` of :func:`shuffle` over ``items`` (``j = i + below(len -
        i)``, swap), reading the stream exactly as calling :meth:`below` for each would: a dealer's cards, drawn
        as they are dealt, in one call rather than two per card."""
        size = len(items)
        words = self._words
        for i in range(start, end):
            n = size - i
            if n <= 1:
                continue  # below(1) is 0 and reads no word
            shift = 32 - (n - 1).bit_length()
            while True:
                if not words:
                    self._refill()
                r = words.pop() >> shift
                if r < n:
                    break
            j = i + r
            items[i], items[j] = items[j], items[i]


class LegacyStream:
    """The Mersenne Twister deck of releases before this construction, kept only to deal again the hands they
    stored (a stored deck without a ``stream``: :data:`pokerroom.room.record.LEGACY_STREAM`).  Its numbers are
    ``random.Random(seed)``'s, and its reshuffle is ``random.shuffle`` of the stub as it lies (the rest of the
    deck never put in place first), as those releases dealt.  Never used for a new hand."""

    legacy = True

    def __init__(self, seed: int) -> None:
        import random

        self.rng = random.Random(seed)

    def copy(self) -> LegacyStream:
        """The generator at the same place: the copy reads the same numbers from here on."""
        twin = LegacyStream.__new__(LegacyStream)
        twin.rng = type(self.rng)()
        twin.rng.setstate(self.rng.getstate())
        return twin

    def below(self, n: int) -> int:
        below: int = self.rng._randbelow(n)  # type: ignore[attr-defined]  # what those releases called
        return below


def shuffle(items: list[T], stream: Randomness, start: int = 0) -> None:
    """Fisher-Yates in place from position ``start`` on: for ``i`` from ``start`` to ``len - 2``,
    ``j = i + below(len - i)``, swap."""
    shuffle_steps(items, stream, start, len(items) - 1)


def shuffle_steps(items: list[T], stream: Randomness, start: int, end: int) -> None:
    """The steps ``i = start .. end-1`` of the Fisher-Yates shuffle: ``j = i + below(len - i)``, swap (a deck
    shuffled as it is dealt takes the steps of the cards dealt only).  A :class:`DeckStream` takes them in one
    call (:meth:`DeckStream.steps`)."""
    if type(stream) is DeckStream:
        stream.steps(items, start, end)
        return
    size = len(items)
    below = stream.below
    for i in range(start, end):
        j = i + below(size - i)
        items[i], items[j] = items[j], items[i]


def deck_order(deck: Sequence[int], key: bytes) -> list[int]:
    """The whole deck in the order it is dealt from ``key`` (position 0 dealt first)."""
    order = list(deck)
    shuffle(order, DeckStream(key))
    return order
