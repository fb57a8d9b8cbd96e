"""Typed errors of pokerroom.  Every refusal is a ``ValueError`` subclass that says what was wrong and what
is allowed instead; a refused call never changes state.
"""

from __future__ import annotations

__all__ = [
    "AcpcError",
    "DuplicateCard",
    "HandOver",
    "IllegalAction",
    "IllegalAmount",
    "InvalidCard",
    "LedgerError",
    "NotYourCards",
    "NotYourTurn",
    "PHHError",
    "PokerroomError",
    "RangeError",
    "RecordError",
    "RoomError",
    "StarsError",
    "StoreError",
    "UnknownCards",
    "UnsupportedGame",
    "UnsupportedRule",
]


class PokerroomError(ValueError):
    """Base of every error pokerroom raises on bad input."""


class InvalidCard(PokerroomError):
    """A token that is not a card.  ``token`` holds it."""

    def __init__(self, token: str, why: str) -> None:
        self.token = token
        super().__init__(f"invalid card {token!r}: {why}")


class DuplicateCard(PokerroomError):
    """The same card twice where cards must be distinct.  ``token`` holds the second one."""

    def __init__(self, token: str) -> None:
        self.token = token
        super().__init__(f"duplicate card {token!r}: each card can appear only once")


class UnsupportedRule(PokerroomError):
    """A rule, game or option that pokerroom does not implement; the message names it."""


class UnsupportedGame(UnsupportedRule):
    """A hand history's game (or a feature of it, such as a board run twice) that the engine cannot deal: the
    message quotes the header and names what is missing."""


class IllegalAction(PokerroomError):
    """An action that is not legal now; the message lists what is."""


class NotYourTurn(IllegalAction):
    """An action by a seat that is not the one to act."""


class IllegalAmount(IllegalAction):
    """A bet, raise or other amount outside the legal range; ``nearest`` is the nearest legal amount."""

    def __init__(self, message: str, *, nearest: int | None = None) -> None:
        self.nearest = nearest
        super().__init__(message)


class NotYourCards(IllegalAction):
    """A draw or a show naming cards the player does not hold; the message lists the cards held."""


class HandOver(IllegalAction):
    """An action on a hand that has ended."""


class UnknownCards(PokerroomError):
    """A decision needs cards that are unknown (``??``), as at a replayed showdown."""


class RangeError(PokerroomError):
    """A hand range that cannot be read (``QQ+``, ``AKs``, ``T9s-65s``, ``AhKh``); the message names the term and
    says what is allowed."""


class PHHError(PokerroomError):
    """A PHH file or hand that cannot be read or replayed; the message says where and why."""


class AcpcError(PokerroomError):
    """An ACPC game definition, MATCHSTATE string or dealer log line that cannot be read; the message names the
    field and says what the protocol allows there."""


class StarsError(PokerroomError):
    """A PokerStars-style hand history that cannot be read: the message names the file, the hand id and the line
    (``file.txt, hand #123, line 14: ...``) and says what the reader expected there."""


class RecordError(PokerroomError):
    """A hand record, action or event (JSON) that cannot be read: ``field`` names the key that is missing or
    wrong, ``allowed`` lists what it may hold where the choices are few; the message says both."""

    def __init__(self, message: str, *, field: str | None = None, allowed: object = None) -> None:
        self.field = field
        self.allowed = allowed
        super().__init__(message)


class RoomError(PokerroomError):
    """A table or seat request the room refuses (a full table, a buy-in out of range, chips added during a
    hand, a seat that is not yours); the message gives the limits that apply."""


class StoreError(PokerroomError):
    """A store request that cannot be done (an unknown account, table or hand; a hand already settled)."""


class LedgerError(StoreError):
    """A ledger that does not balance, or a posting that would break double entry; the message gives the sums."""
