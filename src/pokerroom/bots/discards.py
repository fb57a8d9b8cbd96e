"""Which cards to throw in a draw, for any game: made hands and pairs in high games, small distinct cards in
lowball.

The game is read from its pot shares only (DESIGN: the bot never asks which game it is): a game whose shares are
all lows is lowball; whether its ace plays low is found by asking the share to compare ``A-2-3-4-6`` with
``2-3-4-5-7`` (ace-to-five and ace-to-six lows prefer the first, deuce-to-seven the second).

>>> from pokerroom.cards import format_cards, parse_cards
>>> from pokerroom.games import find
>>> def throw(game: str, hand: str) -> str:
...     return format_cards(choose_discards(parse_cards(hand), find(game)), sep=" ")
>>> throw("five-card-draw", "Kh Kd 7c 4s 2h")
'2h 4s 7c'
>>> throw("27-triple-draw", "7h 7d 5c 3s Ah")
'Ah 7d'
>>> throw("27-triple-draw", "7h 5d 4c 3s 2h")
''
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from pokerroom.games import Game, Share

__all__ = ["LowStyle", "choose_discards", "low_style"]

_ACE = 12
_KEEP_LOW = 7
"""Lowball keeps distinct cards of this rank and under (the ace too where it plays low)."""


@dataclass(frozen=True, slots=True)
class LowStyle:
    """How a lowball game ranks: whether the ace plays low, and the worst pat hand worth keeping (9-7-5-3-2)."""

    ace_low: bool
    pat_value: int


def _value(share: Share, cards: Sequence[int]) -> int:
    return share.evaluate(list(cards), ()) or 0


def _rainbow(ranks: str) -> list[int]:
    return ["23456789TJQKA".index(r) * 4 + suit for r, suit in zip(ranks, (0, 1, 2, 3, 0), strict=True)]


@lru_cache(maxsize=64)
def _style_of(shares: tuple[Share, ...]) -> LowStyle | None:
    if not shares or any("low" not in s.name for s in shares):
        return None
    share = shares[0]
    try:
        ace_six, seven, pat = (_value(share, _rainbow(r)) for r in ("A2346", "23457", "97532"))
    except (KeyError, IndexError, ValueError):  # a deck without these cards: play it as a high game
        return None
    return LowStyle(ace_low=ace_six > seven, pat_value=pat)


def low_style(game: Game) -> LowStyle | None:
    """The lowball style of ``game``, or ``None`` when it is played for high (or high and low)."""
    return _style_of(tuple(game.shares))


def _low_rank(card: int, style: LowStyle) -> int:
    """The card's rank for lowball: ace 1 where it plays low, else 2 (deuce) to 14 (ace)."""
    rank = card >> 2
    return 1 if rank == _ACE and style.ace_low else rank + 2


def _lowball(cards: Sequence[int], style: LowStyle, game: Game) -> list[int]:
    if len(cards) >= 5 and _value(game.shares[0], cards) >= style.pat_value:
        return []  # a made low of nine or better: stand pat
    keep: dict[int, int] = {}
    for card in sorted(cards, key=lambda c: _low_rank(c, style)):
        low = _low_rank(card, style)
        if low <= _KEEP_LOW and low not in keep:  # never a pair
            keep[low] = card
    if keep and len(keep) == len(cards):  # all small and distinct, yet no good low: a straight or flush; break it
        del keep[max(keep)]
    kept = set(keep.values())
    return sorted((c for c in cards if c not in kept), key=lambda c: -_low_rank(c, style))


def _is_straight(ranks: Sequence[int]) -> bool:
    distinct = sorted(set(ranks))
    if len(distinct) != 5:
        return False
    if distinct[-1] - distinct[0] == 4:
        return True
    return distinct == [0, 1, 2, 3, _ACE]  # the wheel


def _four_straight(ranks: Sequence[int]) -> set[int] | None:
    """Four ranks in a row (open-ended or not), as the set of ranks to keep."""
    distinct = sorted(set(ranks))
    for low in range(-1, 10):
        run = {(r if r >= 0 else _ACE) for r in range(low, low + 4)}
        if run <= set(distinct):
            return run
    return None


def _high(cards: Sequence[int]) -> list[int]:
    ranks = [c >> 2 for c in cards]
    counts = Counter(ranks)
    suits = Counter(c & 3 for c in cards)
    if len(cards) >= 5 and (max(suits.values()) >= 5 or _is_straight(ranks)):
        return []
    groups = sorted(counts.values(), reverse=True)
    if groups[0] >= 4 or (groups[0] == 3 and len(groups) > 1 and groups[1] >= 2):
        return []  # four of a kind or a full house
    if groups[0] >= 2:  # trips, two pair or a pair: keep every paired card
        return sorted((c for c in cards if counts[c >> 2] == 1), key=lambda c: c >> 2)
    suit, count = suits.most_common(1)[0]
    if count == len(cards) - 1:  # four to a flush
        return [c for c in cards if c & 3 != suit]
    run = _four_straight(ranks)
    if run is not None:
        return sorted((c for c in cards if c >> 2 not in run), key=lambda c: c >> 2)[: len(cards) - 4]
    best = max(cards, key=lambda c: c >> 2)  # nothing: keep the highest card
    return sorted((c for c in cards if c != best), key=lambda c: c >> 2)


def choose_discards(cards: Sequence[int], game: Game, limit: int | None = None) -> tuple[int, ...]:
    """The cards :class:`~pokerroom.bots.SimpleBot` throws from ``cards`` in a draw of ``game``, at most
    ``limit`` of them (the worst first): lowball keeps distinct cards of seven and under (the ace too where it
    plays low) and stands pat on a nine-low or better; high games keep pairs, trips, made hands, four-flushes
    and four-straights, else the highest card."""
    known = [c for c in cards if c >= 0]
    if not known:
        return ()
    style = low_style(game)
    throw = _lowball(known, style, game) if style is not None else _high(known)
    if limit is not None:
        throw = throw[: max(0, limit)]
    return tuple(throw)
