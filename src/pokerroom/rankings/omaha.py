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
from pokerroom.rankings.tables import SUIT_MASKS, Tables, _suit_table, pair_weights

__all__ = ["BOARD_CARDS", "HOLE_CARDS", "best_omaha", "omaha_value"]

HOLE_CARDS = (4, 6)
"""The accepted hole-card counts, inclusive: Omaha (4), five-card Omaha (5), six-card Omaha (6)."""
BOARD_CARDS = (3, 5)
"""The accepted board-card counts, inclusive: flop (3), turn (4), river (5)."""


class _Rows:
    """For one rank-table ranking: per board rank multiset, the best unsuited value of every hole rank pair
    with three of the board (built on first sight of that board, then kept: 91 ints a board, at most about
    5 MB for the 6,175 five-card boards), and what the flush check needs.

    * ``weight``, ``pairs``: the ranking's card weights and their pair sums (:func:`~.tables.pair_weights`); a
      board's sum is its rank-multiset key shifted left 8 plus its suit signature, as in the 7-card evaluator.
    * ``pair_index[a][b]``: the row index of the rank pair of cards ``a`` and ``b``.
    * ``rows[n]``: board rank key of ``n`` cards to its row; ``rows5`` is ``rows[5]``.
    * ``three[n]``: per suit signature of ``n`` board cards, :data:`_ONES` of a suit with three or more of them
      (only then can a flush be made), else ``None``; all ``None`` when suits never matter.
    """

    __slots__ = ("dominates", "fl", "nf5", "pair_index", "pair_keys", "pairs", "rows", "rows5", "three", "three5",
                 "weight")  # fmt: skip

    def __init__(self, t: Tables) -> None:
        self.weight = t.card_weight
        self.pairs = pair_weights(t.card_weight)
        self.nf5 = t.nonflush[5]
        part = [t.card_weight[4 * r] >> t.sig_bits for r in range(13)]  # suit 0 weighs 0: the rank part alone
        pairs = [(i, j) for i in range(13) for j in range(i, 13)]
        index = {pair: n for n, pair in enumerate(pairs)}
        self.pair_keys = [part[i] + part[j] for i, j in pairs]
        self.pair_index = tuple(
            tuple(index[min(a >> 2, b >> 2), max(a >> 2, b >> 2)] for b in range(52)) for a in range(52)
        )
        sizes = range(BOARD_CARDS[0], BOARD_CARDS[1] + 1)
        self.rows: dict[int, dict[int, list[int]]] = {n: {} for n in sizes}
        self.rows5 = self.rows[5]
        flush = t.suit_model is SuitModel.FLUSH
        self.three = {n: tuple(_ONES[s - 1] if s and flush else None for s in _suit_table(n, least=3)) for n in sizes}
        self.three5 = self.three[5]
        self.fl = t.flush_value
        self.dominates = t.flush_dominates

    def build(self, key: int, board: Sequence[int]) -> list[int]:
        """The row of the board rank key ``key`` (``board``'s), made and kept."""
        weight, get, keys = self.weight, self.nf5.get, self.pair_keys
        triples = {(weight[a] + weight[b] + weight[c]) >> 8 for a, b, c in combinations(board, 3)}
        columns = [[get(p + q, 0) for p in keys] for q in triples]
        row = columns[0] if len(columns) == 1 else list(map(max, *columns))
        self.rows[len(board)][key] = row
        return row

    def flush(
        self, hole: Sequence[int], board: Sequence[int], ranking: Ranking, ones: tuple[int, ...], best: int
    ) -> int:
        """The better of ``best`` and every flush of two hole cards and three board cards of the suit of
        ``ones`` (:data:`_ONES`), which holds at least two hole and three board cards."""
        if not self.dominates:
            return _every_combination(hole, board, ranking)
        masks = SUIT_MASKS[_ONES.index(ones)]
        hole_mask = board_mask = 0
        for card in hole:
            hole_mask |= masks[card]
        for card in board:
            board_mask |= masks[card]
        fl = self.fl
        for two in _subsets(hole_mask, 2):
            for three in _subsets(board_mask, 3):
                value = fl[two | three]
                if value > best:
                    best = value
        return best


_ONES: tuple[tuple[int, ...], ...] = tuple(tuple(int(c & 3 == suit) for c in range(52)) for suit in range(4))
"""``_ONES[suit][card]``: 1 if the card is of ``suit``, else 0 (a sum over the hole counts that suit's cards)."""

_SUBSETS: dict[int, tuple[int, ...]] = {}


def _subsets(mask: int, size: int) -> tuple[int, ...]:
    """The ``size``-bit sub-masks of a 13-bit rank mask (kept: at most a few thousand masks are ever asked)."""
    key = mask << 4 | size
    got = _SUBSETS.get(key)
    if got is None:
        bits = [1 << r for r in range(13) if mask >> r & 1]
        got = _SUBSETS[key] = tuple(sum(c) for c in combinations(bits, size))
    return got


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
    every combination.  Four hole cards and five board cards, the common call, take the shortest path (the
    six hole pairs compared inline: a ``max`` call costs more than its five comparisons).
    """
    cache: _Rows | None = ranking.omaha_cache or _rows(ranking)  # type: ignore[assignment]
    if cache is None:
        return _every_combination(hole, board, ranking)
    try:
        a, b, c, d = hole
        e, f, g, h, i = board
    except ValueError:  # not four and five cards
        return _any_size(hole, board, ranking, cache)
    pairs = cache.pairs
    k = pairs[e][f] + pairs[g][h] + cache.weight[i]
    try:
        row = cache.rows5[k >> 8]
    except KeyError:  # a board rank multiset seen for the first time
        row = cache.build(k >> 8, board)
    pair = cache.pair_index
    pa, pb, pc = pair[a], pair[b], pair[c]
    best = row[pa[b]]
    x = row[pa[c]]
    if x > best:
        best = x
    x = row[pa[d]]
    if x > best:
        best = x
    x = row[pb[c]]
    if x > best:
        best = x
    x = row[pb[d]]
    if x > best:
        best = x
    x = row[pc[d]]
    if x > best:
        best = x
    ones = cache.three5[k & 255]
    if ones is None or ones[a] + ones[b] + ones[c] + ones[d] < 2:
        return best
    return cache.flush(hole, board, ranking, ones, best)


def _any_size(hole: Sequence[int], board: Sequence[int], ranking: Ranking, cache: _Rows) -> int:
    """:func:`omaha_value` for any other hole and board sizes."""
    if len(hole) < 2 or not BOARD_CARDS[0] <= len(board) <= BOARD_CARDS[1]:
        return 0
    weight = cache.weight
    k = sum([weight[c] for c in board])
    row = cache.rows[len(board)].get(k >> 8)
    if row is None:
        row = cache.build(k >> 8, board)
    pair = cache.pair_index
    best = max([row[pair[a][b]] for a, b in combinations(hole, 2)])
    ones = cache.three[len(board)][k & 255]
    if ones is None or sum([ones[c] for c in hole]) < 2:
        return best
    return cache.flush(hole, board, ranking, ones, best)


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
