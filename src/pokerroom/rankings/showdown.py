"""Comparing hands and the hi/lo split: the functions behind ``pokerroom compare`` and ``pokerroom rank``.

* :func:`rank`: one hand under one ranking: its value, name and the five cards used.
* :func:`compare`: several hands (each alone, with a shared board as best five, or Omaha's exactly two hole
  plus three board cards): the winners (0-based, several on a tie, none when no hand qualifies), each hand's
  value and name.  Pot rules (Telesina's heads-up straight-flush rule) are not applied here; the engine
  applies them per pot through :meth:`~pokerroom.rankings.ranking.Ranking.pot_keys`.
* :func:`hi_lo` / :func:`omaha_hi_lo` (raw ints) and :func:`best_hi_lo` / :func:`best_omaha_hi_lo`
  (described): the high hand and the qualifying low (``None`` when there is none) of stud hi/lo and Omaha
  hi/lo, each chosen independently (RULES G4, G7, G10).
* :func:`winners`: the indices of the best values, empty when none is above 0.

>>> result = compare("a5-low", ["8s 6d 4c 2h Ac", "8h 5d 4s 2c Ad"])
>>> result.winners, result.names
((1,), ('eight-six low', 'eight-five low'))
>>> compare("high", ["Ac 5s", "Kd Kc"], board="2d 3c 4h Ks 9d").winners
(0,)
>>> rank("27-low", "7h 5d 4c 3s 2h").name
'seven-five-four-three-two, the number one'
>>> high, low = best_hi_lo("9c 9d 7h 6s 5c 4d 2h")
>>> high.name, low.name if low else None
('one pair, nines', 'seven-six low')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pokerroom.cards import format_card
from pokerroom.errors import DuplicateCard, PokerroomError
from pokerroom.rankings.high import HIGH
from pokerroom.rankings.lows import A5_LOW_8
from pokerroom.rankings.model import HandValue
from pokerroom.rankings.omaha import BOARD_CARDS, HOLE_CARDS, best_omaha, omaha_value
from pokerroom.rankings.ranking import CardsLike, Ranking, check_cards
from pokerroom.rankings.tables import MAX_CARDS, MIN_CARDS

__all__ = [
    "Comparison",
    "best_hi_lo",
    "best_omaha_hi_lo",
    "compare",
    "hi_lo",
    "omaha_hi_lo",
    "rank",
    "winners",
]


def _ranking(ranking: str | Ranking) -> Ranking:
    if isinstance(ranking, Ranking):
        return ranking
    from pokerroom.rankings import find

    return find(ranking)


@dataclass(frozen=True, slots=True)
class Comparison:
    """The result of :func:`compare`.

    * ``winners``: 0-based indices of the best hands (several on a tie; empty when no hand qualifies, as
      with no eight-or-better low).
    * ``values``: each hand's value (larger is better, 0 = no hand); ``names``: each hand's name.
    * ``hands``: each hand described (:class:`~pokerroom.rankings.model.HandValue`, with the five cards used).
    * ``ranking``: the ranking's id.
    """

    winners: tuple[int, ...]
    values: tuple[int, ...]
    names: tuple[str, ...]
    hands: tuple[HandValue, ...]
    ranking: str

    def to_dict(self) -> dict[str, object]:
        """``{"ranking", "winners", "names", "values", "cards"}`` for JSON (cards as text, five per hand)."""
        return {
            "ranking": self.ranking,
            "winners": list(self.winners),
            "names": list(self.names),
            "values": list(self.values),
            "cards": [[format_card(c) for c in hand.cards] for hand in self.hands],
        }


def winners(values: Sequence[int]) -> tuple[int, ...]:
    """The indices of the largest values, or ``()`` when no value is above 0 (no hand qualifies).

    >>> winners([5, 9, 9]), winners([0, 0])
    ((1, 2), ())
    """
    best = max(values, default=0)
    return () if best <= 0 else tuple(i for i, v in enumerate(values) if v == best)


def rank(ranking: str | Ranking, cards: CardsLike) -> HandValue:
    """One hand under ``ranking`` (an id such as ``"telesina"`` or a :class:`Ranking`): the best five of 5 to
    9 cards, with ``value``, ``name``, ``category`` and the five ``cards`` used in display order.

    Raises :class:`~pokerroom.errors.UnsupportedRule` for an unknown ranking and the errors of
    :meth:`~pokerroom.rankings.ranking.Ranking.best_hand` for bad cards.
    """
    return _ranking(ranking).best_hand(cards)


def compare(
    ranking: str | Ranking,
    hands: Sequence[CardsLike],
    *,
    board: CardsLike | None = None,
    omaha: bool = False,
) -> Comparison:
    """Compare ``hands`` under ``ranking``; see :class:`Comparison` for the result.

    * no ``board``: each hand is 5 to 9 cards, its best five count;
    * ``board``: each hand is combined with the board, best five of all (hold'em, Telesina with the Vela as a
      one-card board);
    * ``omaha=True`` (needs a board of 3 to 5 cards, hands of 4 to 6): exactly two hole and three board cards.

    No card may appear twice anywhere.  Raises :class:`~pokerroom.errors.UnsupportedRule` for an unknown
    ranking, :class:`~pokerroom.errors.InvalidCard`, :class:`~pokerroom.errors.DuplicateCard`, or
    :class:`~pokerroom.errors.PokerroomError` for a wrong count or no hands.
    """
    chosen = _ranking(ranking)
    if not hands:
        raise PokerroomError("compare needs at least one hand")
    if omaha and board is None:
        raise PokerroomError("Omaha needs a board (3 to 5 cards)")
    deck = sum(1 << r for r in chosen.ordering.ranks)
    shared: list[int] = []
    if board is not None:
        low, high = BOARD_CARDS if omaha else (1, MAX_CARDS - 1)
        shared = check_cards(board, low=low, high=high, what="the board", deck=deck)
    seen = set(shared)
    described: list[HandValue] = []
    for cards in hands:
        if omaha:
            own = check_cards(cards, low=HOLE_CARDS[0], high=HOLE_CARDS[1], what="an Omaha hole", deck=deck)
        else:
            need = max(MIN_CARDS - len(shared), 1)
            own = check_cards(cards, low=need, high=MAX_CARDS - len(shared), what="a hand", deck=deck)
        for card in own:
            if card in seen:
                raise DuplicateCard(format_card(card))
            seen.add(card)
        described.append(best_omaha(own, shared, chosen) if omaha else chosen.best_hand([*own, *shared]))
    values = tuple(h.value for h in described)
    return Comparison(winners(values), values, tuple(h.name for h in described), tuple(described), chosen.id)


def hi_lo(cards: Sequence[int], high: Ranking = HIGH, low: Ranking = A5_LOW_8) -> tuple[int, int | None]:
    """Raw stud hi/lo: the best-five ``high`` value and the best-five ``low`` value, or ``None`` when no five
    cards qualify for the low (RULES G4, G10; the two are chosen independently).  Unchecked card ints."""
    value = low.evaluate(cards)
    return high.evaluate(cards), value if value else None


def omaha_hi_lo(
    hole: Sequence[int], board: Sequence[int], high: Ranking = HIGH, low: Ranking = A5_LOW_8
) -> tuple[int, int | None]:
    """Raw Omaha hi/lo (RULES G7): the two-plus-three ``high`` value and the two-plus-three ``low`` value, or
    ``None`` when no combination qualifies; each half picks its own two hole cards.  Unchecked card ints."""
    value = omaha_value(hole, board, low)
    return omaha_value(hole, board, high), value if value else None


def best_hi_lo(cards: CardsLike, high: Ranking = HIGH, low: Ranking = A5_LOW_8) -> tuple[HandValue, HandValue | None]:
    """Checked, described :func:`hi_lo`: the high hand and the low hand, or ``None`` for no low."""
    value = low.best_hand(cards)
    return high.best_hand(cards), value if value.value else None


def best_omaha_hi_lo(
    hole: CardsLike, board: CardsLike, high: Ranking = HIGH, low: Ranking = A5_LOW_8
) -> tuple[HandValue, HandValue | None]:
    """Checked, described :func:`omaha_hi_lo`: the high hand and the low hand, or ``None`` for no low."""
    value = best_omaha(hole, board, low)
    return best_omaha(hole, board, high), value if value.value else None
