"""The two 32-card rankings where suits break ties: E-TELESINA (RULES G14) and E-32DRAW (G15).

Both use the deck ``A K Q J T 9 8 7``, the suit order **♥ > ♦ > ♣ > ♠** (RULES §6.1), a flush above a full
house, and ``A-7-8-9-T`` as the lowest straight (ten high).  Their tables come from the generator's
``SuitModel.CARDS`` (:mod:`pokerroom.rankings.suited`); values are not dense but larger is better.

**E-TELESINA** (:data:`TELESINA`), hand = the best five of the player's five cards and the shared Vela
(:func:`telesina_value`, :func:`best_telesina`).  Keys (RULES G14, with its italic completions):

* straight flush: top card, then the suit; four of a kind, full house, three of a kind: the rank of the
  quads / trips alone (ties are impossible);
* flush: the suit alone, ranks are not compared;
* straight: top card, then the suits of the cards from the top (a shared Vela compares equal, so the next
  card down decides); in ``A-7-8-9-T`` the ace comes last;
* two pair: top pair, second pair, then the kicker by rank and suit, then the highest suit of the top pair;
* one pair: the pair, then each kicker from the highest by (rank, then suit), then the highest suit of the
  pair;
* high card: each card from the highest by (rank, then suit): ``♥A ♣Q`` beats ``♦A ♣K``.

Comparing keys of whole cards makes a shared Vela compare equal by itself.  The heads-up straight-flush rule
(A-G14-2, settled decision 7) is a pot rule, not part of the order: :func:`telesina_pot_keys`, reached by the
engine through :meth:`~pokerroom.rankings.ranking.Ranking.pot_keys`.

**E-32DRAW** (:data:`DRAW32`): all ranks before any suit (RULES G15).  Keys: straight flush top card then
suit; quads / full house / trips by their rank alone; flush by its five ranks then its suit; straight by its
top card then that card's suit (the ten of ``A-7-8-9-T``); two pair by the pairs, the kicker's rank, then the
kicker's suit; a pair by its rank, the kickers' ranks, then the highest kicker's suit; high card by the five
ranks, then the highest card's suit.  Two hands dealt together are never equal.

Where RULES says ties are impossible (quads, full houses, trips) the key is the rank alone, as RULES gives
it: two such hands can never be dealt together, so no pot depends on it.

>>> TELESINA.best_hand("Ah Qc Ts 9d 7c").name, DRAW32.best_hand("Ah Kh Qh Jh Th").name
('high card, ace', 'royal flush, hearts')
>>> best_telesina("Kh Ks Qc Qd 7s", "Ac").name
'two pair, kings and queens'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pokerroom.cards import format_card
from pokerroom.errors import DuplicateCard
from pokerroom.rankings.high import high_name
from pokerroom.rankings.model import (
    FLUSH_OVER_FULL_HOUSE,
    RANK_NAMES,
    RANK_PLURALS,
    Category,
    Classified,
    HandValue,
    SuitModel,
)
from pokerroom.rankings.ranking import CardsLike, Ranking, check_cards
from pokerroom.rankings.shapes import ACE, BY_SHAPE, SUIT_NAMES, grouped, shown_groups, straight_display, straight_top

__all__ = [
    "DRAW32",
    "SUIT_ORDER",
    "TELESINA",
    "Draw32Ordering",
    "TelesinaOrdering",
    "best_telesina",
    "telesina_pot_keys",
    "telesina_value",
]

SUIT_ORDER: tuple[int, ...] = (1, 2, 3, 0)
"""The place of each card suit (clubs, diamonds, hearts, spades) in the Italian order ♥ > ♦ > ♣ > ♠ (3 = highest)."""

_LOWEST = 5
"""The lowest rank of the 32-card deck (the seven)."""

_TEN = 8
"""The top card of the lowest straight ``A-7-8-9-T``."""

_ORDER = FLUSH_OVER_FULL_HOUSE
"""Categories from worst to best in both rankings."""


def _suited_name(hand: Classified, *, flush_ranks: bool) -> str:
    suit = SUIT_NAMES[hand.suit] if hand.suit is not None else "?"
    r = hand.ranks
    if hand.category is Category.STRAIGHT_FLUSH:
        return f"royal flush, {suit}" if r[0] == ACE else f"straight flush, {RANK_NAMES[r[0]]} high, {suit}"
    if hand.category is Category.FLUSH:
        return f"flush, {RANK_NAMES[r[0]]} high, {suit}" if flush_ranks else f"flush, {suit}"
    if hand.category is Category.FULL_HOUSE:
        return f"full house, {RANK_PLURALS[r[0]]} full"
    return high_name(hand)


@dataclass(frozen=True, slots=True)
class TelesinaOrdering:
    """The E-TELESINA ordering (``SuitModel.CARDS``): see the module docstring."""

    id: str = "telesina"
    title: str = "E-TELESINA"
    ranks: tuple[int, ...] = tuple(range(_LOWEST, 13))
    suit_model: SuitModel = SuitModel.CARDS
    suit_order: tuple[int, ...] = SUIT_ORDER

    def classify(self, ranks: tuple[int, ...], flush: bool) -> Classified:
        """The rank key of five descending ranks, and which cards' suits decide after it."""
        top = straight_top(ranks, lowest=_LOWEST)
        if top is not None:
            shown = straight_display(ranks, top)
            if flush:
                return Classified((_ORDER.index(Category.STRAIGHT_FLUSH), top), Category.STRAIGHT_FLUSH, shown, (), top)
            low_ace = shown[-1] == ACE and top != ACE
            key = (_ORDER.index(Category.STRAIGHT), top)
            return Classified(key, Category.STRAIGHT, shown, shown[:4] if low_ace else shown, ACE if low_ace else None)
        if flush:
            return Classified((_ORDER.index(Category.FLUSH),), Category.FLUSH, ranks, (), ranks[0])
        order, sizes = grouped(ranks)
        category = BY_SHAPE[sizes]
        shown = shown_groups(order, sizes)
        index = _ORDER.index(category)
        if category is Category.TWO_PAIR:
            return Classified((index, order[0], order[1]), category, shown, (order[2],), order[0])
        if category is Category.ONE_PAIR:
            return Classified((index, order[0]), category, shown, order[1:], order[0])
        if category is Category.HIGH_CARD:
            return Classified((index, ranks[0]), category, ranks, ranks)
        return Classified((index, order[0]), category, shown)

    def name(self, hand: Classified) -> str:
        """``"flush, hearts"``, ``"royal flush, hearts"``, ``"full house, kings full"``, else as E-HIGH."""
        return _suited_name(hand, flush_ranks=False)

    def pot_keys(self, ranking: Ranking, values: Sequence[int]) -> list[int]:
        """The heads-up straight-flush rule (see :func:`telesina_pot_keys`)."""
        return _heads_up(ranking, values)


@dataclass(frozen=True, slots=True)
class Draw32Ordering:
    """The E-32DRAW ordering (``SuitModel.CARDS``): see the module docstring."""

    id: str = "draw32"
    title: str = "E-32DRAW"
    ranks: tuple[int, ...] = tuple(range(_LOWEST, 13))
    suit_model: SuitModel = SuitModel.CARDS
    suit_order: tuple[int, ...] = SUIT_ORDER

    def classify(self, ranks: tuple[int, ...], flush: bool) -> Classified:
        """The rank key of five descending ranks, and the card whose suit decides after it."""
        top = straight_top(ranks, lowest=_LOWEST)
        if top is not None:
            category = Category.STRAIGHT_FLUSH if flush else Category.STRAIGHT
            return Classified((_ORDER.index(category), top), category, straight_display(ranks, top), (), top)
        if flush:
            return Classified((_ORDER.index(Category.FLUSH), *ranks), Category.FLUSH, ranks, (), ranks[0])
        order, sizes = grouped(ranks)
        category = BY_SHAPE[sizes]
        shown = shown_groups(order, sizes)
        index = _ORDER.index(category)
        if category in (Category.FOUR_OF_A_KIND, Category.FULL_HOUSE, Category.THREE_OF_A_KIND):
            return Classified((index, order[0]), category, shown)
        first_single = order[sizes.index(1)]
        return Classified((index, *order), category, shown, (), first_single)

    def name(self, hand: Classified) -> str:
        """``"flush, ace high, hearts"``, ``"royal flush, hearts"``, ``"full house, kings full"``, else as
        E-HIGH."""
        return _suited_name(hand, flush_ranks=True)


TELESINA = Ranking(TelesinaOrdering())
"""E-TELESINA (RULES G14)."""

DRAW32 = Ranking(Draw32Ordering())
"""E-32DRAW, 32-card draw (RULES G15)."""


def _heads_up(ranking: Ranking, values: Sequence[int]) -> list[int]:
    keys = list(values)
    if len(keys) != 2 or 0 in keys:
        return keys
    tops = []
    for value in keys:
        hand = ranking.classified(value)
        tops.append(hand.key[1] if hand.category is Category.STRAIGHT_FLUSH else None)
    if set(tops) == {ACE, _TEN}:
        keys[tops.index(_TEN)] = max(keys) + 1
    return keys


def telesina_pot_keys(values: Sequence[int]) -> list[int]:
    """The keys that decide one Telesina pot (RULES G14, A-G14-2, settled decision 7), larger is better.

    ``values`` are the :data:`TELESINA` values of the hands contesting that pot (main or side pot).  When
    exactly two hands contest it and one holds an ``A-K-Q-J-T`` straight flush and the other an ``A-7-8-9-T``
    one (any suits), the lower straight flush wins: its key is raised above the other.  Every other case
    returns the values unchanged (multi-way pots use the normal ranking).  The engine reaches this as
    ``TELESINA.pot_keys(values)``; hand comparisons never apply it.

    >>> royal, low = telesina_value("Ah Kh Qh Jh 8c", "Th"), telesina_value("Ts 9s 8s 7s 8d", "As")
    >>> royal > low, telesina_pot_keys([royal, low]).index(max(telesina_pot_keys([royal, low])))
    (True, 1)
    """
    return _heads_up(TELESINA, values)


def _own_and_vela(own: CardsLike, vela: CardsLike | int) -> list[int]:
    deck = sum(1 << r for r in range(_LOWEST, 13))
    cards = check_cards(own, low=5, high=5, what="a Telesina hand (the player's own cards)", deck=deck)
    shared = check_cards([vela] if isinstance(vela, int) else vela, low=1, high=1, what="the Vela", deck=deck)
    if shared[0] in cards:
        raise DuplicateCard(format_card(shared[0]))
    return [*cards, shared[0]]


def telesina_value(own: CardsLike, vela: CardsLike | int) -> int:
    """The :data:`TELESINA` value of the best five of a player's five cards and the shared Vela (checked).

    Raises :class:`~pokerroom.errors.InvalidCard` (a card outside the 32-card deck included),
    :class:`~pokerroom.errors.DuplicateCard` or :class:`~pokerroom.errors.PokerroomError` for a wrong count.
    For a raw loop, ``TELESINA.evaluate([*own, vela])`` does the same unchecked.
    """
    return TELESINA.evaluate(_own_and_vela(own, vela))


def best_telesina(own: CardsLike, vela: CardsLike | int) -> HandValue:
    """The best five of a player's five cards and the Vela, described (errors as :func:`telesina_value`)."""
    return TELESINA.best_hand(_own_and_vela(own, vela))
