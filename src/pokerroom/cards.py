"""Cards, ranks, suits and decks: parsing at the edges, small ints inside.

A card is an ``int`` in ``0..51``: ``rank * 4 + suit``, where ``rank`` is ``0`` for a deuce up to ``12`` for an
ace and ``suit`` is ``0..3`` for clubs, diamonds, hearts, spades.  ``UNKNOWN`` (``-1``) stands for a card that
is not known (``??`` in a hand history).  :class:`Card` wraps an int for printing at the edges.

Text forms accepted by :func:`parse_card`: ``As``, ``Td``, ``10d``, ``A♠`` (any of ``♠♥♦♣``, also the white
symbols ``♤♡♢♧``), ranks and suits in either case.  :func:`parse_cards` takes a list written with or without
spaces or commas (``"AsKd 7h"``).  Source: RULES.md conventions (ranks ``2..A``, suits ``s h d c``) and §2.1.

>>> parse_cards("AsKd 7h")
[51, 45, 22]
>>> format_cards([51, 45, 22])
'AsKd7h'
>>> Card.parse("10♦")
Card('Td')
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from pokerroom.errors import DuplicateCard, InvalidCard

__all__ = [
    "DECK32",
    "DECK36",
    "DECK52",
    "RANKS",
    "SUITS",
    "UNKNOWN",
    "Card",
    "card_rank",
    "card_suit",
    "format_card",
    "format_cards",
    "make_card",
    "parse_card",
    "parse_cards",
]

RANKS = "23456789TJQKA"
SUITS = "cdhs"
SUIT_SYMBOLS = "♣♦♥♠"
UNKNOWN = -1

_RANK_OF: dict[str, int] = {ch: i for i, ch in enumerate(RANKS)}
_RANK_OF.update({ch.lower(): i for i, ch in enumerate(RANKS)})
_SUIT_OF: dict[str, int] = {ch: i for i, ch in enumerate(SUITS)}
_SUIT_OF.update({ch.upper(): i for i, ch in enumerate(SUITS)})
_SUIT_OF.update({ch: i for i, ch in enumerate(SUIT_SYMBOLS)})
_SUIT_OF.update({ch: i for i, ch in enumerate("♧♢♡♤")})

DECK52: tuple[int, ...] = tuple(range(52))
"""The standard 52-card deck (RULES §2.1 ``deck52``)."""
DECK32: tuple[int, ...] = tuple(c for c in range(52) if c // 4 >= 5)
"""The 32-card deck, sevens to aces (RULES §2.1 ``deck32``)."""
DECK36: tuple[int, ...] = tuple(c for c in range(52) if c // 4 >= 4)
"""The 36-card short deck, sixes to aces (RULES §2.2 E-SHORT)."""


def make_card(rank: int, suit: int) -> int:
    """The int of the card with ``rank`` (0 = deuce .. 12 = ace) and ``suit`` (0..3 = c, d, h, s)."""
    return rank * 4 + suit


def card_rank(card: int) -> int:
    """The rank of ``card``: 0 for a deuce up to 12 for an ace."""
    return card >> 2


def card_suit(card: int) -> int:
    """The suit of ``card``: 0..3 for clubs, diamonds, hearts, spades."""
    return card & 3


def parse_card(token: str) -> int:
    """Parse one card (``As``, ``10d``, ``A♠``, ``??`` for unknown).

    Raises :class:`~pokerroom.errors.InvalidCard` naming the token when it is not a card.
    """
    text = token.strip()
    if text in ("??", "?"):
        return UNKNOWN
    if len(text) == 3 and text[:2] == "10":
        rank_text, suit_text = "T", text[2]
    elif len(text) == 2:
        rank_text, suit_text = text[0], text[1]
    else:
        raise InvalidCard(token, "a card is a rank (2-9, T or 10, J, Q, K, A) then a suit (s h d c or ♠♥♦♣)")
    rank = _RANK_OF.get(rank_text)
    suit = _SUIT_OF.get(suit_text)
    if rank is None:
        raise InvalidCard(token, f"{rank_text!r} is not a rank; ranks are 2-9, T (or 10), J, Q, K, A")
    if suit is None:
        raise InvalidCard(token, f"{suit_text!r} is not a suit; suits are s h d c or ♠ ♥ ♦ ♣")
    return rank * 4 + suit


def _tokens(text: str) -> list[str]:
    """Split a card list written with or without separators into one token per card."""
    out: list[str] = []
    for chunk in text.replace(",", " ").split():
        i = 0
        while i < len(chunk):
            if chunk.startswith("10", i):
                out.append(chunk[i : i + 3])
                i += 3
            else:
                out.append(chunk[i : i + 2])
                i += 2
    return out


def parse_cards(text: str | Iterable[str], *, allow_unknown: bool = True, unique: bool = True) -> list[int]:
    """Parse a list of cards: ``"AsKd 7h"``, ``"AsKd7h"``, ``"A♠ K♦"`` or an iterable of tokens.

    Unknown cards (``??``) give :data:`UNKNOWN` when ``allow_unknown``.  Raises
    :class:`~pokerroom.errors.InvalidCard` for a malformed token and :class:`~pokerroom.errors.DuplicateCard`
    when ``unique`` and a known card appears twice.
    """
    tokens = _tokens(text) if isinstance(text, str) else [t for s in text for t in _tokens(s)]
    cards = [parse_card(t) for t in tokens]
    if not allow_unknown and UNKNOWN in cards:
        raise InvalidCard("??", "unknown cards are not allowed here")
    if unique:
        seen: set[int] = set()
        for token, card in zip(tokens, cards, strict=True):
            if card != UNKNOWN and card in seen:
                raise DuplicateCard(token)
            seen.add(card)
    return cards


def format_card(card: int, *, symbols: bool = False) -> str:
    """Print one card as ``As`` (or ``A♠`` with ``symbols``); :data:`UNKNOWN` prints as ``??``."""
    if card == UNKNOWN:
        return "??"
    if not 0 <= card < 52:
        raise InvalidCard(str(card), "a card int is in 0..51 (or -1 for unknown)")
    return RANKS[card >> 2] + (SUIT_SYMBOLS if symbols else SUITS)[card & 3]


def format_cards(cards: Iterable[int], *, sep: str = "", symbols: bool = False) -> str:
    """Print cards joined by ``sep``: ``format_cards([51, 50]) == 'AsAh'``."""
    return sep.join(format_card(c, symbols=symbols) for c in cards)


@dataclass(frozen=True, slots=True)
class Card:
    """A card for the edges of the program; ``int(card)`` gives the inside form.

    >>> Card.parse("A♠").rank, Card.parse("A♠").suit
    ('A', 's')
    """

    value: int

    def __post_init__(self) -> None:
        if not 0 <= self.value < 52:
            raise InvalidCard(str(self.value), "a card int is in 0..51")

    @classmethod
    def parse(cls, token: str) -> Card:
        """Parse one known card; raises :class:`~pokerroom.errors.InvalidCard`."""
        value = parse_card(token)
        if value == UNKNOWN:
            raise InvalidCard(token, "an unknown card has no Card object")
        return cls(value)

    @property
    def rank(self) -> str:
        return RANKS[self.value >> 2]

    @property
    def suit(self) -> str:
        return SUITS[self.value & 3]

    def __int__(self) -> int:
        return self.value

    def __str__(self) -> str:
        return format_card(self.value)

    def __repr__(self) -> str:
        return f"Card({format_card(self.value)!r})"
