"""Omaha hand selection: exactly two hole cards and exactly three board cards (RULES G6, G7; TRAPS T12, T13).

Written over any :class:`~pokerroom.rankings.ranking.Ranking`, so the high ranking (G6) and, later, the
8-or-better low (G7) use the same code.  The best hand is the best of all C(hole, 2) x C(board, 3)
combinations (60 for four hole cards and a full board): never the best five of all nine cards.

>>> from pokerroom.cards import parse_cards
>>> best_omaha(parse_cards("Ts 9h 8h 7h"), parse_cards("As Ks Qs Js 2d")).name
'straight, king high'
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, product

from pokerroom.cards import format_card
from pokerroom.errors import DuplicateCard
from pokerroom.rankings.high import HIGH
from pokerroom.rankings.model import HandValue
from pokerroom.rankings.ranking import CardsLike, Ranking, check_cards

__all__ = ["BOARD_CARDS", "HOLE_CARDS", "best_omaha", "omaha_value"]

HOLE_CARDS = (4, 6)
"""The accepted hole-card counts, inclusive: Omaha (4), five-card Omaha (5), six-card Omaha (6)."""
BOARD_CARDS = (3, 5)
"""The accepted board-card counts, inclusive: flop (3), turn (4), river (5)."""


def omaha_value(hole: Sequence[int], board: Sequence[int], ranking: Ranking = HIGH) -> int:
    """The value of the best hand of exactly two of ``hole`` and exactly three of ``board`` under ``ranking``.

    ``hole`` and ``board`` are card ints (``rank * 4 + suit``); the result is the ranking's int, larger is
    better (0 only for a ranking with a qualifier when no combination qualifies).  Raw: the cards are not
    checked (use :func:`best_omaha` for checked input); too few hole or board cards give 0.
    """
    t = ranking.tables()
    w, nf5, fs5, fl = t.card_weight, t.nonflush[5], t.flush_suit[5], t.flush_value
    pairs = [(w[a] + w[b], (1 << (a >> 2)) | (1 << (b >> 2))) for a, b in combinations(hole, 2)]
    triples = [
        (w[a] + w[b] + w[c], (1 << (a >> 2)) | (1 << (b >> 2)) | (1 << (c >> 2))) for a, b, c in combinations(board, 3)
    ]
    best = 0
    for k2, m2 in pairs:
        for k3, m3 in triples:
            k = k2 + k3
            value = fl[m2 | m3] if fs5[k & 255] else nf5[k >> 8]
            if value > best:
                best = value
    return best


def best_omaha(hole: CardsLike, board: CardsLike, ranking: Ranking = HIGH) -> HandValue:
    """The best Omaha hand, described: exactly two of ``hole`` (4 to 6 cards) and three of ``board`` (3 to 5).

    Returns a :class:`~pokerroom.rankings.model.HandValue` whose ``cards`` are the five used, in display
    order.  Raises :class:`~pokerroom.errors.InvalidCard`, :class:`~pokerroom.errors.DuplicateCard` (also for
    a card both in the hole and on the board), or :class:`~pokerroom.errors.PokerroomError` for a wrong count.
    """
    deck = sum(1 << r for r in ranking.ordering.ranks)
    hole_cards = check_cards(hole, low=HOLE_CARDS[0], high=HOLE_CARDS[1], what="an Omaha hole", deck=deck)
    board_cards = check_cards(board, low=BOARD_CARDS[0], high=BOARD_CARDS[1], what="an Omaha board", deck=deck)
    for card in board_cards:
        if card in hole_cards:
            raise DuplicateCard(format_card(card))
    value = omaha_value(hole_cards, board_cards, ranking)
    five = ranking.five_evaluator()
    for two, three in product(combinations(hole_cards, 2), combinations(board_cards, 3)):
        if five(two + three) == value:
            return ranking.hand_value(two + three, value=value)
    raise AssertionError("the best Omaha value comes from some combination")  # pragma: no cover
