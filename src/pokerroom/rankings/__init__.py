"""Hand rankings: every ranking system as an ordering fed to one table generator (RULES §2.2, DESIGN.md).

Every ranking maps a hand to an int where **larger is better** (lows included); equal ints split the pot.
Rankings are found by id in a registry; tables are built lazily on first use and kept in memory.

* :data:`HIGH` / ``find("high")``: E-HIGH, the standard high ranking.  The other systems of RULES §2.2 and
  the game sections (short deck, A-5 low, A-5 low 8-or-better, A-6 low, 2-7 low, Sökö, Americana, Telesina,
  32-card draw) are further :class:`Ordering` declarations for the same generator.
* :meth:`Ranking.evaluate` (raw, fast, unchecked), :meth:`Ranking.best_hand` (checked, described),
  :meth:`Ranking.describe` (a name from a value or from cards).
* :func:`best_omaha` / :func:`omaha_value`: exactly two hole cards and three board cards (RULES G6).

>>> from pokerroom.cards import parse_cards
>>> high = find("high")
>>> hand = high.best_hand(parse_cards("Qh Qd 4s Qc 4c 9d 2h"))
>>> hand.name, hand.category
('full house, queens full of fours', <Category.FULL_HOUSE: 'full house'>)
>>> high.describe(hand.value)
'full house, queens full of fours'
>>> best_hand("Ah Kh Qh Jh Th 2c 2d").name
'royal flush'
"""

from __future__ import annotations

from pokerroom.errors import UnsupportedRule
from pokerroom.rankings.high import HIGH, HighOrdering
from pokerroom.rankings.model import Category, Classified, HandValue, Ordering, SuitModel
from pokerroom.rankings.omaha import best_omaha, omaha_value
from pokerroom.rankings.ranking import CardsLike, Ranking

__all__ = [
    "HIGH",
    "CardsLike",
    "Category",
    "Classified",
    "HandValue",
    "HighOrdering",
    "Ordering",
    "Ranking",
    "SuitModel",
    "best_hand",
    "best_omaha",
    "describe",
    "find",
    "ids",
    "omaha_value",
    "register",
]

_REGISTRY: dict[str, Ranking] = {}
_ALIASES: dict[str, str] = {}


def _norm(name: str) -> str:
    return name.strip().lower().replace("_", "-")


def register(ranking: Ranking, *aliases: str) -> Ranking:
    """Add ``ranking`` to the registry under its id, its rulebook title and ``aliases``; returns it.

    Raises :class:`~pokerroom.errors.UnsupportedRule` if another ranking already holds one of the names.
    """
    for name in (ranking.id, ranking.title, *aliases):
        key = _norm(name)
        held = _ALIASES.get(key)
        if held is not None and held != ranking.id:
            raise UnsupportedRule(f"the ranking name {name!r} is taken by {held!r}")
        _ALIASES[key] = ranking.id
    _REGISTRY[ranking.id] = ranking
    return ranking


def find(name: str) -> Ranking:
    """The ranking called ``name`` (its id such as ``"high"``, or its rulebook title such as ``"E-HIGH"``;
    case and ``_``/``-`` do not matter).

    Raises :class:`~pokerroom.errors.UnsupportedRule` naming the rankings there are.
    """
    ranking_id = _ALIASES.get(_norm(name))
    if ranking_id is None:
        raise UnsupportedRule(f"no ranking called {name!r}; rankings: {', '.join(ids())}")
    return _REGISTRY[ranking_id]


def ids() -> tuple[str, ...]:
    """The ids of the registered rankings, in registration order."""
    return tuple(_REGISTRY)


def best_hand(cards: CardsLike, ranking: str | Ranking = "high") -> HandValue:
    """The best five of 5 to 9 cards under ``ranking`` (default E-HIGH), described.

    See :meth:`Ranking.best_hand` for the errors raised.
    """
    return (find(ranking) if isinstance(ranking, str) else ranking).best_hand(cards)


def describe(hand: int | CardsLike, ranking: str | Ranking = "high") -> str:
    """The name of a hand value or of cards under ``ranking`` (default E-HIGH).

    See :meth:`Ranking.describe` for the errors raised.
    """
    return (find(ranking) if isinstance(ranking, str) else ranking).describe(hand)


register(HIGH, "standard", "standard-high")
