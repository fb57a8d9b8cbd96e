"""Hand ranges: range notation (``QQ+, AKs, T9s-65s`` for hold'em, ``AAKKds`` for Omaha) read into combos.

:func:`parse_range` turns range text into every concrete combo it names: a tuple of combos, each a tuple of
``hole`` card ints (``rank * 4 + suit``, see :mod:`pokerroom.cards`) sorted high card first, the whole tuple
sorted descending and without duplicates.  :func:`range_size` counts them; :func:`is_range` tells range
notation from one exact hand.

**Terms.**  A range is terms separated by commas and/or spaces; the range is the union of its terms, so
overlaps count once (``QQ+,KK`` is 18 combos).  Ranks are ``2``-``9``, ``T`` (or ``10``), ``J``, ``Q``,
``K``, ``A`` in either case (``aks`` is ``AKs``, ``Tt`` is ``TT``); suits are ``c d h s`` (either case) or
``♣♦♥♠``.  ``*``, ``any`` and ``random`` name every combo.

**Exact hands** are cards written together (``AhKh``, ``A♥K♥``, ``10h9h``).  A card term with fewer than
``hole`` cards takes the following space-separated card terms until it holds ``hole`` cards, so ``Ah Kh`` is
the one hand ``AhKh`` and ``Ah Kh Qd Jd`` one Omaha hand; a comma always ends a term (``Ah,Kh`` is two
one-card terms, an error).  An exact hand must have exactly ``hole`` distinct cards.

**Hold'em** (``hole=2``):

==================  ======================================================================  ========
term                meaning                                                                 combos
==================  ======================================================================  ========
``QQ``              one pair                                                                6
``QQ+``             that pair and every higher one: QQ, KK, AA                              18
``55-22``           pairs from one to the other, inclusive, either order                    24
``AKs`` ``AKo``     suited / offsuit (``KAs`` is the same)                                  4 / 12
``AK``              suited and offsuit                                                      16
``ATs+``            kicker up to one below the top card: ATs, AJs, AQs, AKs (also o, none)  16
``KQo-K9o``         same top card, kickers from one end to the other                        48
``T9s-65s``         same gap, both ranks stepping: T9s, 98s, 87s, 76s, 65s                  20
==================  ======================================================================  ========

Both ends of a span must have the same suitedness and the same shape (two pairs, the same top card, or the
same gap), else it is refused.

**Omaha** (``hole`` of 3 or more; PLO is 4, PLO5 is 5):

* exact hands of ``hole`` cards: ``AhKhQdJd``;
* rank patterns of 1 to ``hole`` ranks: every hand holding at least those ranks, counted with multiplicity
  (``AA``: two aces or more; ``AAKK``; ``AKQJ``; ``A``), the other cards anything; ``x`` or ``*`` is a
  placeholder for any rank (``AAxx`` is ``AA``);
* a suit modifier after a pattern: ``ds`` double-suited (two suits holding two cards each; 4 cards only),
  ``ss`` single-suited (exactly one suit holds two cards, every other card a suit of its own; 3 to 5 cards),
  ``r`` or ``rb`` rainbow (every card a different suit; at most 4 cards): ``AAKKds``, ``AAss``, ``*ds``.

Hold'em shapes (``AKs``, ``QQ+``, spans) are refused with ``hole`` other than 2.

**Decks.**  ``deck`` is the game's deck (default the 52 cards); combos using a card outside it are left out
(with :data:`~pokerroom.cards.DECK36`, ``22+`` is 66+), and a term that names no combo in the deck is
refused.  Errors: :class:`~pokerroom.errors.RangeError` naming the term and what is allowed;
:class:`~pokerroom.errors.InvalidCard` / :class:`~pokerroom.errors.DuplicateCard` for a bad card in an
exact hand.

>>> from pokerroom.cards import format_cards
>>> [format_cards(c) for c in parse_range("AKs")]
['AsKs', 'AhKh', 'AdKd', 'AcKc']
>>> range_size("QQ+"), range_size("T9s-65s"), range_size("22+,A2s+,K9s+,QTs+,JTs,ATo+,KJo+")
(18, 20, 226)
>>> parse_range("Ah Kh")
((50, 46),)
>>> range_size("AA", hole=4), range_size("AAKKds", hole=4), range_size("*", hole=4)
(6961, 6, 270725)
>>> is_range("AhKh"), is_range("AKs")
(False, True)
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from itertools import combinations

from pokerroom.cards import DECK52, RANKS, parse_cards
from pokerroom.errors import InvalidCard, RangeError

__all__ = ["ANY_HAND", "is_range", "parse_range", "range_size"]

Combo = tuple[int, ...]

_CARD = r"(?:10|[2-9TJQKAtjqka])[cdhsCDHS♣♦♥♠♧♢♡♤]"
_CARD_RE = re.compile(_CARD)
_CARDS_RE = re.compile(f"(?:{_CARD})+")
ANY_HAND = frozenset({"*", "any", "random"})
"""The terms that name every combo."""
# Patterns match the term upper-cased with "10" written "T".
_R = "([2-9TJQKA])"
_HOLDEM_ONE = re.compile(f"{_R}{_R}([SO]?)(\\+?)")
_HOLDEM_SPAN = re.compile(f"{_R}{_R}([SO]?)-{_R}{_R}([SO]?)")
_OMAHA = re.compile(r"([2-9TJQKAX*]+)(DS|SS|RB|R)?")

_HOLDEM_HELP = (
    "hold'em terms are pairs (QQ, QQ+, 55-22), two ranks suited, offsuit or either (AKs, AKo, AK, ATs+, KTo+, "
    "AT+), spans (T9s-65s, KQo-K9o, A5s-A2s), exact hands (AhKh) and * / any / random"
)


def _omaha_help(hole: int) -> str:
    return (
        f"with {hole} hole cards, terms are exact hands of {hole} cards (AhKhQdJd), rank patterns of 1 to {hole} "
        "ranks with x or * for any rank (AA, AAKK, AKQJ, AAxx), optionally followed by ds, ss or r/rb "
        "(AAKKds), and * / any / random"
    )


def parse_range(text: str, *, hole: int = 2, deck: Sequence[int] | None = None) -> tuple[Combo, ...]:
    """All combos of ``hole`` cards that ``text`` names (notation in the module docstring).

    Returns a tuple of combos, each a tuple of ``hole`` distinct card ints sorted descending (high card
    first); the tuple is sorted descending and holds no duplicates.  ``deck``: the cards of the game's deck
    (default the 52 cards); combos using a card outside it are left out (short deck's 36 cards: pairs 66+
    only), and a term naming no combo inside it raises :class:`~pokerroom.errors.RangeError`.

    >>> parse_range("QQ+,KK") == parse_range("QQ+")
    True
    >>> len(parse_range("22+", deck=[c for c in range(52) if c >> 2 >= 4]))
    54
    """
    if not isinstance(text, str):
        raise RangeError(f"a range is text such as 'QQ+, AKs', got {text!r}")
    cards = _deck(deck)
    if not 2 <= hole <= len(cards):
        raise RangeError(f"hole={hole}: a hand has 2 cards (hold'em) or more (Omaha), at most the deck's {len(cards)}")
    terms = _terms(text, hole)
    if not terms:
        raise RangeError(f"empty range {text!r}: " + (_HOLDEM_HELP if hole == 2 else _omaha_help(hole)))
    found: set[Combo] = set()
    every = False
    for term in terms:
        if term.lower() in ANY_HAND:
            every = True
            continue
        kept = _term_combos(term, hole, cards)
        if not kept:
            raise RangeError(f"range term {term!r} names no hand in this deck of {len(cards)} cards")
        found.update(kept)
    if every:
        return tuple(combinations(cards, hole))
    return tuple(sorted(found, reverse=True))


def range_size(text: str, *, hole: int = 2, deck: Sequence[int] | None = None) -> int:
    """How many combos :func:`parse_range` gives for ``text``.

    >>> range_size("AK"), range_size("AKo"), range_size("*")
    (16, 12, 1326)
    """
    return len(parse_range(text, hole=hole, deck=deck))


def is_range(text: str, *, hole: int = 2) -> bool:
    """True when ``text`` is range notation rather than one exact hand of ``hole`` cards.

    Exact hands (``AhKh``, ``Ah Kh``) are ranges of one combo for :func:`parse_range`; this tells them apart.
    It does not check the notation: :func:`parse_range` does.

    >>> is_range("Ah Kh"), is_range("AhKh,AsKs"), is_range("AhKhQdJd", hole=4), is_range("AA", hole=4)
    (False, True, False, True)
    """
    terms = _terms(text, hole)
    if len(terms) != 1:
        return True
    term = terms[0].replace(" ", "")
    return not (_CARDS_RE.fullmatch(term) and len(_CARD_RE.findall(term)) == hole)


def _deck(deck: Sequence[int] | None) -> tuple[int, ...]:
    """The deck's distinct cards, sorted descending."""
    if deck is None:
        return DECK52[::-1]
    for card in deck:
        if not (isinstance(card, int) and 0 <= card < 52):
            raise InvalidCard(str(card), "a deck holds card ints in 0..51")
    return tuple(sorted(set(deck), reverse=True))


def _terms(text: str, hole: int) -> list[str]:
    """Split range text into terms; runs of space-separated card terms join until they hold ``hole`` cards."""
    out: list[str] = []
    for part in text.split(","):
        group: list[str] = []
        count = 0
        for chunk in part.split():
            if _CARDS_RE.fullmatch(chunk):
                if group and count < hole:
                    group.append(chunk)
                    count += len(_CARD_RE.findall(chunk))
                    continue
                if group:
                    out.append(" ".join(group))
                group, count = [chunk], len(_CARD_RE.findall(chunk))
            else:
                if group:
                    out.append(" ".join(group))
                group, count = [], 0
                out.append(chunk)
        if group:
            out.append(" ".join(group))
    return out


def _term_combos(term: str, hole: int, deck: tuple[int, ...]) -> list[Combo]:
    """The combos one term names inside ``deck``."""
    if _CARDS_RE.fullmatch(term.replace(" ", "")):
        cards = parse_cards(term, allow_unknown=False)
        if len(cards) != hole:
            count = f"{len(cards)} card" + "s" * (len(cards) != 1)
            raise RangeError(f"exact hand {term!r} has {count}; an exact hand here has {hole}")
        combos = [tuple(sorted(cards, reverse=True))]
    else:
        norm = term.upper().replace("10", "T")
        if hole != 2:
            return list(_omaha(term, norm, hole, deck))  # drawn from the deck already
        combos = _holdem(term, norm)
    inside = frozenset(deck)
    return [c for c in combos if inside.issuperset(c)]


def _holdem(term: str, norm: str) -> list[Combo]:
    """Combos of a hold'em shape: pair, two ranks (s / o / either), ``+`` or a span."""
    classes: list[tuple[int, int, str]]
    if m := _HOLDEM_ONE.fullmatch(norm):
        hi, lo, kind = _hand_class(term, m[1], m[2], m[3])
        if not m[4]:
            classes = [(hi, lo, kind)]
        elif hi == lo:
            classes = [(r, r, kind) for r in range(hi, 13)]
        else:
            classes = [(hi, k, kind) for k in range(lo, hi)]
    elif m := _HOLDEM_SPAN.fullmatch(norm):
        ends = sorted((_hand_class(term, m[1], m[2], m[3]), _hand_class(term, m[4], m[5], m[6])))
        (h1, l1, kind), (h2, l2, kind2) = ends
        if kind != kind2:
            raise RangeError(f"span {term!r} joins hands of different suitedness; both ends must match (T9s-65s)")
        if h1 == l1 and h2 == l2:
            classes = [(r, r, kind) for r in range(h1, h2 + 1)]
        elif h1 == h2 and l1 != h1 and l2 != h2:
            classes = [(h1, k, kind) for k in range(l1, l2 + 1)]
        elif h1 - l1 == h2 - l2 and h1 != l1:
            classes = [(h1 + i, l1 + i, kind) for i in range(h2 - h1 + 1)]
        else:
            raise RangeError(
                f"span {term!r} joins hands of different shapes; both ends must be pairs (55-22), share the top "
                "card (KQo-K9o) or share the gap (T9s-65s)"
            )
    else:
        _refuse_cards(term)
        raise RangeError(f"range term {term!r} is not range notation: {_HOLDEM_HELP}")
    out: list[Combo] = []
    for hi, lo, kind in classes:
        for a in range(3, -1, -1):
            for b in range(3, -1, -1):
                if hi == lo:
                    if a > b:
                        out.append((hi * 4 + a, hi * 4 + b))
                elif (a == b and kind != "O") or (a != b and kind != "S"):
                    out.append((hi * 4 + a, lo * 4 + b))
    return out


def _hand_class(term: str, r1: str, r2: str, kind: str) -> tuple[int, int, str]:
    """(high rank, low rank, ``"S"``, ``"O"`` or ``""``) of one hold'em hand class such as ``AKs``."""
    hi, lo = sorted((RANKS.index(r1), RANKS.index(r2)), reverse=True)
    if hi == lo and kind:
        raise RangeError(f"range term {term!r}: a pair is neither suited nor offsuit; write {RANKS[hi] * 2}")
    return hi, lo, kind


def _refuse_cards(term: str) -> None:
    """Raise :class:`~pokerroom.errors.InvalidCard` for a term of cards with one bad card (``AhKz``)."""
    if _CARD_RE.match(term):
        try:
            parse_cards(term, allow_unknown=False)
        except InvalidCard as e:
            if len(e.token) != 2 or not e.token.isalnum():
                return  # not a card-sized token (AhKh+): the caller's RangeError says what is allowed
            raise InvalidCard(
                e.token,
                f"range term {term!r} reads as cards, and {e.token!r} is not one; a card is a rank (2-9, T or 10, "
                "J, Q, K, A) then a suit (c d h s or ♣♦♥♠)",
            ) from None


def _omaha(term: str, norm: str, hole: int, deck: tuple[int, ...]) -> Iterator[Combo]:
    """Combos of an Omaha rank pattern with an optional suit modifier, drawn from ``deck``."""
    m = _OMAHA.fullmatch(norm)
    if m is None:
        _refuse_cards(term)
        if "+" in norm or "-" in norm or _HOLDEM_ONE.fullmatch(norm) or _HOLDEM_SPAN.fullmatch(norm):
            raise RangeError(f"range term {term!r} is hold'em notation (2 hole cards); {_omaha_help(hole)}")
        raise RangeError(f"range term {term!r} is not range notation: {_omaha_help(hole)}")
    pattern, modifier = m[1], m[2]
    if len(pattern) > hole:
        raise RangeError(f"range term {term!r} has {len(pattern)} ranks; a pattern has 1 to {hole}")
    shape: tuple[int, ...] | None = None
    if modifier == "DS":
        if hole != 4:
            raise RangeError(f"range term {term!r}: ds (double-suited) needs 4 hole cards, not {hole}")
        shape = (2, 2)
    elif modifier == "SS":
        if hole > 5:
            raise RangeError(f"range term {term!r}: ss (single-suited) needs 3 to 5 hole cards, not {hole}")
        shape = (2,) + (1,) * (hole - 2)
    elif modifier:
        if hole > 4:
            raise RangeError(f"range term {term!r}: r (rainbow) needs at most 4 hole cards, not {hole}")
        shape = (1,) * hole
    need: dict[int, int] = {}
    for ch in pattern:
        if ch not in "X*":
            need[RANKS.index(ch)] = need.get(RANKS.index(ch), 0) + 1
    combos = _with_ranks(sorted(need.items()), hole, deck)
    if shape is None:
        return combos
    return (c for c in combos if _suit_shape(c) == shape)


def _with_ranks(need: list[tuple[int, int]], hole: int, deck: tuple[int, ...]) -> Iterator[Combo]:
    """Every ``hole``-card hand from ``deck`` with at least ``count`` cards of each ``(rank, count)``, once each."""
    wanted = {rank for rank, _ in need}
    others = [c for c in deck if c >> 2 not in wanted]
    by_rank = {rank: [c for c in deck if c >> 2 == rank] for rank in wanted}
    rest_min = [sum(k for _, k in need[i:]) for i in range(len(need) + 1)]

    def walk(i: int, chosen: Combo) -> Iterator[Combo]:
        if i == len(need):
            if not chosen:  # placeholders only: the deck's combos, already in order
                yield from combinations(others, hole)
                return
            for rest in combinations(others, hole - len(chosen)):
                yield tuple(sorted(chosen + rest, reverse=True))
            return
        rank, least = need[i]
        for j in range(least, hole - len(chosen) - rest_min[i + 1] + 1):
            for pick in combinations(by_rank[rank], j):
                yield from walk(i + 1, chosen + pick)

    return walk(0, ())


def _suit_shape(combo: Combo) -> tuple[int, ...]:
    """How many cards each suit holds, largest first, empty suits left out: ``(2, 2)`` is double-suited."""
    counts = [0, 0, 0, 0]
    for card in combo:
        counts[card & 3] += 1
    return tuple(sorted((n for n in counts if n), reverse=True))
