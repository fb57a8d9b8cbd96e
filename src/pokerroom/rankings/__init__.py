"""Hand rankings: every ranking system as an ordering fed to one table generator (RULES §2.2, DESIGN.md).

Every ranking maps a hand to an int where **larger is better** (lows included); equal ints split the pot.
Rankings are found by id (or rulebook title, or alias) in a registry; tables are built lazily on first use
and kept in memory.

| id | title | system | aliases |
|---|---|---|---|
| ``high`` | E-HIGH | standard high | ``standard`` |
| ``short-deck`` | E-SHORT | 36 cards, flush over full house, ``A-6-7-8-9`` lowest straight | ``short`` |
| ``a5-low`` | E-LOW-CLUB | ace-to-five low, no straights or flushes | ``razz``, ``ace-to-five`` |
| ``a5-low-8`` | E-LOW-8 | eight-or-better low; value 0 = no low | ``eight-or-better`` |
| ``a6-low`` | E-LOW-A6 | ace-to-six low, straights and flushes count against | ``ace-to-six`` |
| ``27-low`` | E-LOW-27 | deuce-to-seven low, the ace high only | ``deuce-to-seven`` |
| ``soko`` | E-SOKO | high with four-flush and four-straight | ``sökö`` |
| ``americana`` | E-AMERICANA | 32 cards, flush over full house, ``A-7-8-9-T`` lowest | |
| ``telesina`` | E-TELESINA | 32 cards, suits break ties (♥ > ♦ > ♣ > ♠), flush by suit | |
| ``draw32`` | E-32DRAW | 32 cards, ranks then suits, no two dealt hands equal | ``32-card-draw`` |
| ``6plus-trips`` | E-6PLUS | PokerStars' 6+: E-SHORT, and three of a kind over a straight | ``trips-over-straight`` |

* :class:`Ranking`: :meth:`~Ranking.evaluate` (raw, fast, unchecked: 5 to 9 card ints in, the best five's
  value out), :meth:`~Ranking.best_hand` (checked, described), :meth:`~Ranking.describe` (a name from a
  value or from cards), :meth:`~Ranking.category`, :meth:`~Ranking.pot_keys` (pot-level rules: Telesina's
  heads-up straight-flush rule).
* :func:`compare` / :func:`rank` (module :mod:`~pokerroom.rankings.showdown`): the functions behind the
  ``compare`` and ``rank`` commands.
* :func:`best_omaha` / :func:`omaha_value`: exactly two hole cards and three board cards (RULES G6), for any
  ranking.  :func:`hi_lo`, :func:`omaha_hi_lo`, :func:`best_hi_lo`, :func:`best_omaha_hi_lo`: the high and
  the qualifying low (``None`` for no low) of the hi/lo games.
* :func:`telesina_value` / :func:`best_telesina`: the player's five cards and the shared Vela;
  :func:`telesina_pot_keys`: the heads-up straight-flush rule (RULES G14, settled decision 7).
* :mod:`pokerroom.rankings.batch`: arrays of hands at once (``evaluate_batch``, ``evaluate_omaha_batch``),
  compiled with numba over the same tables; imported on its own so that this package never needs numba.

>>> from pokerroom.cards import parse_cards
>>> high = find("high")
>>> hand = high.best_hand(parse_cards("Qh Qd 4s Qc 4c 9d 2h"))
>>> hand.name, hand.category
('full house, queens full of fours', <Category.FULL_HOUSE: 'full house'>)
>>> high.describe(hand.value)
'full house, queens full of fours'
>>> best_hand("Ah Kh Qh Jh Th 2c 2d").name
'royal flush'
>>> find("razz") is find("E-LOW-CLUB") is find("a5-low")
True
"""

from __future__ import annotations

from pokerroom.errors import UnsupportedRule
from pokerroom.rankings.high import HIGH, HighOrdering
from pokerroom.rankings.lows import A5_LOW, A5_LOW_8, A6_LOW, DEUCE_TO_SEVEN
from pokerroom.rankings.model import Category, Classified, HandValue, Ordering, SuitModel
from pokerroom.rankings.omaha import best_omaha, omaha_value
from pokerroom.rankings.ranking import CardsLike, Ranking
from pokerroom.rankings.showdown import (
    Comparison,
    best_hi_lo,
    best_omaha_hi_lo,
    compare,
    hi_lo,
    omaha_hi_lo,
    rank,
    winners,
)
from pokerroom.rankings.telesina import DRAW32, TELESINA, best_telesina, telesina_pot_keys, telesina_value
from pokerroom.rankings.variants import AMERICANA, SHORT_DECK, SIX_PLUS, SOKO

__all__ = [
    "A5_LOW",
    "A5_LOW_8",
    "A6_LOW",
    "AMERICANA",
    "DEUCE_TO_SEVEN",
    "DRAW32",
    "HIGH",
    "SHORT_DECK",
    "SIX_PLUS",
    "SOKO",
    "TELESINA",
    "CardsLike",
    "Category",
    "Classified",
    "Comparison",
    "HandValue",
    "HighOrdering",
    "Ordering",
    "Ranking",
    "SuitModel",
    "best_hand",
    "best_hi_lo",
    "best_omaha",
    "best_omaha_hi_lo",
    "best_telesina",
    "compare",
    "describe",
    "find",
    "hi_lo",
    "ids",
    "omaha_hi_lo",
    "omaha_value",
    "rank",
    "register",
    "telesina_pot_keys",
    "telesina_value",
    "winners",
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
    """The best five of 5 to 9 cards under ``ranking`` (default E-HIGH), described (same as :func:`rank`).

    See :meth:`Ranking.best_hand` for the errors raised.
    """
    return (find(ranking) if isinstance(ranking, str) else ranking).best_hand(cards)


def describe(hand: int | CardsLike, ranking: str | Ranking = "high") -> str:
    """The name of a hand value or of cards under ``ranking`` (default E-HIGH).

    See :meth:`Ranking.describe` for the errors raised.
    """
    return (find(ranking) if isinstance(ranking, str) else ranking).describe(hand)


register(HIGH, "standard", "standard-high")
register(SHORT_DECK, "short", "short-deck-holdem", "6-plus")
register(A5_LOW, "razz", "ace-to-five", "a5", "club-lowball", "lowball")
register(A5_LOW_8, "eight-or-better", "8-or-better", "hi-lo-low")
register(A6_LOW, "ace-to-six", "a6")
register(DEUCE_TO_SEVEN, "deuce-to-seven", "2-7", "27")
register(SOKO, "sökö", "canadian-stud")
register(AMERICANA)
register(TELESINA)
register(DRAW32, "32-card-draw", "32-draw")
register(SIX_PLUS, "trips-over-straight")
