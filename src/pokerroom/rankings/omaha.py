"""Omaha hand selection: exactly two hole cards and exactly three board cards (RULES G6, G7; TRAPS T12, T13).

Written over any :class:`~pokerroom.rankings.ranking.Ranking`, so the high ranking (G6) and the 8-or-better
low (G7) use the same code.  The best hand is the best of all C(hole, 2) x C(board, 3)
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
from pokerroom.rankings.model import Category, HandValue, SuitModel
from pokerroom.rankings.ranking import CardsLike, Ranking, check_cards
from pokerroom.rankings.tables import Tables

__all__ = ["BOARD_CARDS", "HOLE_CARDS", "best_omaha", "omaha_value"]

HOLE_CARDS = (4, 6)
"""The accepted hole-card counts, inclusive: Omaha (4), five-card Omaha (5), six-card Omaha (6)."""
BOARD_CARDS = (3, 5)
"""The accepted board-card counts, inclusive: flop (3), turn (4), river (5)."""


_SUIT_NIBBLE: tuple[int, ...] = tuple(1 << 4 * (c & 3) for c in range(52))
"""Per card, a 1 in the nibble of its suit: a sum counts the cards of each suit."""


class _Rows:
    """For one rank-table ranking: per board rank multiset, the best unsuited value of every hole rank pair
    with three of the board (built on first sight of that board, then kept: a few MB at most)."""

    def __init__(self, t: Tables) -> None:
        # Per card: the rank part of its weight, shifted left 16, plus a 1 in the nibble of its suit.
        self.weight = [((w >> t.sig_bits) << 16) + _SUIT_NIBBLE[c] for c, w in enumerate(t.card_weight)]
        self.nf5 = t.nonflush[5]
        part = [self.weight[4 * r] >> 16 for r in range(13)]
        pairs = [(i, j) for i in range(13) for j in range(i, 13)]
        index = {pair: n for n, pair in enumerate(pairs)}
        self.pair_keys = [part[i] + part[j] for i, j in pairs]
        self.pair_index = [[index[min(a >> 2, b >> 2), max(a >> 2, b >> 2)] for b in range(52)] for a in range(52)]
        self.rows: dict[int, dict[int, list[int]]] = {n: {} for n in range(BOARD_CARDS[0], BOARD_CARDS[1] + 1)}
        self.rows5 = self.rows[5]
        self.flush = t.flush_value if t.suit_model is SuitModel.FLUSH else None
        self.dominates = t.flush_dominates

    def build(self, key: int, board: Sequence[int]) -> list[int]:
        weight, get, keys = self.weight, self.nf5.get, self.pair_keys
        triples = {(weight[a] + weight[b] + weight[c]) >> 16 for a, b, c in combinations(board, 3)}
        columns = [[get(p + q, 0) for p in keys] for q in triples]
        row = columns[0] if len(columns) == 1 else list(map(max, *columns))
        self.rows[len(board)][key] = row
        return row


_THREE_OF_A_SUIT: list[int] = [-1] * 0x5556
"""From the suit counts (a nibble per suit) of up to five board cards to the suit with three or more, or -1."""
for _counts in product(range(6), repeat=4):
    if sum(_counts) <= 5:
        _THREE_OF_A_SUIT[sum(n << 4 * s for s, n in enumerate(_counts))] = next(
            (s for s, n in enumerate(_counts) if n >= 3), -1
        )


def _rows(ranking: Ranking) -> _Rows | None:
    """The ranking's row cache, made on first use; ``None`` for rankings that need every combination."""
    t = ranking.tables()
    if ranking.omaha_cache is None:
        fast = t.suit_model in (SuitModel.FLUSH, SuitModel.IGNORE)
        ranking.omaha_cache = _Rows(t) if fast else False
    return ranking.omaha_cache or None  # type: ignore[return-value]


def omaha_value(hole: Sequence[int], board: Sequence[int], ranking: Ranking = HIGH) -> int:
    """The value of the best hand of exactly two of ``hole`` and exactly three of ``board`` under ``ranking``.

    ``hole`` and ``board`` are card ints (``rank * 4 + suit``); the result is the ranking's int, larger is
    better (0 only for a ranking with a qualifier when no combination qualifies, such as no eight-or-better
    low).  Raw: the cards are not checked (use :func:`best_omaha` for checked input); too few hole or board
    cards give 0.  Any ranking works.  Rankings whose suits matter only as a flush (or not at all) look up,
    per board rank multiset, a row of the best value of every hole rank pair (built the first time that board
    is seen and kept), then check two suited hole cards with three suited board cards; the others evaluate
    every combination.
    """
    cache: _Rows | None = ranking.omaha_cache or _rows(ranking)  # type: ignore[assignment]
    if cache is None:
        return _every_combination(hole, board, ranking)
    weight = cache.weight
    if len(board) == 5 and len(hole) == 4:
        e, f, g, h, i = board
        k = weight[e] + weight[f] + weight[g] + weight[h] + weight[i]
        row = cache.rows5.get(k >> 16)
        if row is None:
            row = cache.build(k >> 16, board)
        a, b, c, d = hole
        pair = cache.pair_index
        pa, pb, pc = pair[a], pair[b], pair[c]
        best = max(row[pa[b]], row[pa[c]], row[pa[d]], row[pb[c]], row[pb[d]], row[pc[d]])
        if cache.flush is None:
            return best
        suit = _THREE_OF_A_SUIT[k & 0xFFFF]
        if suit < 0 or (_SUIT_NIBBLE[a] + _SUIT_NIBBLE[b] + _SUIT_NIBBLE[c] + _SUIT_NIBBLE[d]) >> 4 * suit & 15 < 2:
            return best
        return _flush(hole, board, ranking, cache, suit, best)
    elif len(hole) < 2 or len(board) < 3:
        return 0
    else:
        k = sum(weight[c] for c in board)
        row = cache.rows[len(board)].get(k >> 16)
        if row is None:
            row = cache.build(k >> 16, board)
        pair = cache.pair_index
        best = max([row[pair[a][b]] for a, b in combinations(hole, 2)])
    if cache.flush is None:
        return best
    suit = _THREE_OF_A_SUIT[k & 0xFFFF]
    if suit < 0 or sum([c & 3 == suit for c in hole]) < 2:
        return best
    return _flush(hole, board, ranking, cache, suit, best)


def _flush(hole: Sequence[int], board: Sequence[int], ranking: Ranking, cache: _Rows, suit: int, best: int) -> int:
    """The better of ``best`` and every flush of two suited hole cards with three suited board cards."""
    if not cache.dominates or cache.flush is None:
        return _every_combination(hole, board, ranking)
    fl = cache.flush
    suited_hole = [1 << (c >> 2) for c in hole if c & 3 == suit]
    suited_board = [1 << (c >> 2) for c in board if c & 3 == suit]
    for a, b in combinations(suited_hole, 2):
        for c, d, e in combinations(suited_board, 3):
            value = fl[a | b | c | d | e]
            if value > best:
                best = value
    return best


def _every_combination(hole: Sequence[int], board: Sequence[int], ranking: Ranking) -> int:
    five = ranking.five_evaluator()
    values = [five(two + three) for two, three in product(combinations(hole, 2), combinations(board, 3))]
    return max(values, default=0)


def best_omaha(hole: CardsLike, board: CardsLike, ranking: Ranking = HIGH) -> HandValue:
    """The best Omaha hand, described: exactly two of ``hole`` (4 to 6 cards) and three of ``board`` (3 to 5).

    Returns a :class:`~pokerroom.rankings.model.HandValue` whose ``cards`` are the five used, in display
    order; with no qualifying hand (no eight-or-better low) its value is 0, its name the ranking's
    :attr:`~pokerroom.rankings.ranking.Ranking.no_hand_name` and ``cards`` empty.  Raises
    :class:`~pokerroom.errors.InvalidCard`, :class:`~pokerroom.errors.DuplicateCard` (also for a card both in
    the hole and on the board), or :class:`~pokerroom.errors.PokerroomError` for a wrong count.
    """
    deck = sum(1 << r for r in ranking.ordering.ranks)
    hole_cards = check_cards(hole, low=HOLE_CARDS[0], high=HOLE_CARDS[1], what="an Omaha hole", deck=deck)
    board_cards = check_cards(board, low=BOARD_CARDS[0], high=BOARD_CARDS[1], what="an Omaha board", deck=deck)
    for card in board_cards:
        if card in hole_cards:
            raise DuplicateCard(format_card(card))
    value = omaha_value(hole_cards, board_cards, ranking)
    if value == 0:
        return HandValue(0, Category.NO_HAND, (), ranking.no_hand_name, ranking.id)
    five = ranking.five_evaluator()
    for two, three in product(combinations(hole_cards, 2), combinations(board_cards, 3)):
        if five(two + three) == value:
            return ranking.hand_value(two + three, value=value)
    raise AssertionError("the best Omaha value comes from some combination")  # pragma: no cover
