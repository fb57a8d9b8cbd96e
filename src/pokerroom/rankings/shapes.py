"""Small helpers shared by the orderings: straights in any deck, groups of equal ranks, player words.

>>> straight_top((12, 7, 6, 5, 4), lowest=4)  # A-6-7-8-9 in the 36-card deck: nine high
7
>>> straight_top((12, 3, 2, 1, 0), lowest=0), straight_top((12, 3, 2, 1, 0), lowest=None)
(3, None)
>>> straight_display((12, 8, 7, 6, 5), 8)  # A-7-8-9-T shown from its top, the ace last
(8, 7, 6, 5, 12)
>>> grouped((12, 11, 11, 5, 5))
((11, 5, 12), (2, 2, 1))
"""

from __future__ import annotations

from pokerroom.rankings.model import RANK_NAMES, Category

__all__ = [
    "ACE",
    "BY_SHAPE",
    "SUIT_NAMES",
    "grouped",
    "joined_ranks",
    "shown_groups",
    "straight_display",
    "straight_top",
]

ACE = 12

SUIT_NAMES: tuple[str, ...] = ("clubs", "diamonds", "hearts", "spades")
"""Player words for the card suits 0..3 (clubs, diamonds, hearts, spades)."""

BY_SHAPE: dict[tuple[int, ...], Category] = {
    (4, 1): Category.FOUR_OF_A_KIND,
    (3, 2): Category.FULL_HOUSE,
    (3, 1, 1): Category.THREE_OF_A_KIND,
    (2, 2, 1): Category.TWO_PAIR,
    (2, 1, 1, 1): Category.ONE_PAIR,
    (1, 1, 1, 1, 1): Category.HIGH_CARD,
}
"""The category of five cards that are not a straight or a flush, by their group sizes."""


def straight_top(ranks: tuple[int, ...], *, lowest: int | None) -> int | None:
    """The top rank of a straight made by five descending ``ranks`` (ace high), or ``None``.

    ``lowest`` is the deck's lowest rank: the ace also plays below it (``A-2-3-4-5`` in 52 cards, ``A-6-7-8-9``
    in 36, ``A-7-8-9-T`` in 32), and that straight's top is ``lowest + 3``.  ``None``: the ace is high only
    (deuce-to-seven).  Nothing wraps around the ace.
    """
    if len(set(ranks)) != 5:
        return None
    if ranks[0] - ranks[4] == 4:
        return ranks[0]
    if lowest is not None and ranks == (ACE, lowest + 3, lowest + 2, lowest + 1, lowest):
        return lowest + 3
    return None


def grouped(ranks: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Group five ranks: (distinct ranks by count then rank, both descending; the group sizes)."""
    counts = {r: ranks.count(r) for r in ranks}
    order = tuple(sorted(counts, key=lambda r: (counts[r], r), reverse=True))
    return order, tuple(counts[r] for r in order)


def straight_display(ranks: tuple[int, ...], top: int) -> tuple[int, ...]:
    """A straight's ranks from its top card down, a low ace last."""
    return (*ranks[1:], ACE) if top != ACE and ranks[0] == ACE else ranks


def shown_groups(order: tuple[int, ...], sizes: tuple[int, ...]) -> tuple[int, ...]:
    """Five display ranks from :func:`grouped`: each rank repeated by its group size."""
    return tuple(r for r, n in zip(order, sizes, strict=True) for _ in range(n))


def joined_ranks(ranks: tuple[int, ...] | list[int]) -> str:
    """Rank words joined by hyphens, the deuce said "two": ``(5, 3, 2, 1, 0)`` gives
    ``"seven-five-four-three-two"``."""
    return "-".join("two" if r == 0 else RANK_NAMES[r] for r in ranks)
