"""The low rankings (RULES §2.2 E-LOW-CLUB, E-LOW-8, E-LOW-A6, E-LOW-27): RULES §7.1 LB-1..LB-15, §7.4 A6-1..A6-8,
§7.5 S8-6..S8-9 and OHL-1..OHL-3, §7.8 DR-1..DR-5, TRAPS T13, T17 and T18; names; cross-checks against PokerKit
(``a5-low``: RegularLowHand, ``a5-low-8``: EightOrBetterLowHand, ``27-low``: StandardLowHand) on 200,000 random
hands with ``POKERROOM_SOAK=1``, else 20,000; reference keys written from RULES for every low; suit invariance
and the exact number of distinct values over all 2,598,960 five-card hands."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from itertools import combinations, pairwise
from math import comb

import pokerkit
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerroom.cards import format_cards, parse_cards
from pokerroom.rankings import (
    A5_LOW,
    A5_LOW_8,
    A6_LOW,
    DEUCE_TO_SEVEN,
    HIGH,
    Category,
    Ranking,
    best_hi_lo,
    best_omaha,
    best_omaha_hi_lo,
    compare,
    find,
    hi_lo,
    omaha_hi_lo,
)
from pokerroom.rankings import winners as best_of
from soak import SOAK

CROSS_CHECK_HANDS = 200_000 if SOAK else 20_000
SUITS = "cdhs"
LOWS = (A5_LOW, A5_LOW_8, A6_LOW, DEUCE_TO_SEVEN)


def five(text: str) -> list[int]:
    """Five cards from ranks (``"Q J 9 6 5"``): suits cycle c, d, h, s, c, so no flush and no duplicate."""
    return parse_cards([r + SUITS[i % 4] for i, r in enumerate(text.split())])


def cards(text: str) -> list[int]:
    return parse_cards(text) if any(s in text for s in SUITS) else five(text)


def deal(*hands: str) -> list[list[int]]:
    """Hands written with suits as given; hands of bare ranks get the first free suits (never a flush), so
    that no card appears twice across the hands."""
    used: set[int] = set()
    out = []
    for i, text in enumerate(hands):
        if any(s in text for s in SUITS):
            hand = parse_cards(text)
        else:
            hand = []
            for j, token in enumerate(text.split()):
                rank = parse_cards(token + "c")[0] >> 2
                suit = next(s for k in range(4) if rank * 4 + (s := (i + j + k) % 4) not in used)
                hand.append(rank * 4 + suit)
                used.add(rank * 4 + suit)
            assert len({c & 3 for c in hand}) > 1
        used.update(hand)
        out.append(hand)
    return out


def winners(ranking: Ranking, *hands: str) -> tuple[int, ...]:
    """The winning hands; through :func:`compare` when no card repeats (some RULES vectors share a card)."""
    dealt = deal(*hands)
    if len({c for h in dealt for c in h}) < sum(map(len, dealt)):
        return best_of([ranking.evaluate(h) for h in dealt])
    return compare(ranking, dealt).winners


def assert_chain(ranking: Ranking, *hands: str) -> None:
    values = [ranking.evaluate(cards(h)) for h in hands]
    for i in range(len(hands) - 1):
        assert values[i] > values[i + 1], f"{hands[i]} should beat {hands[i + 1]} under {ranking.id}"


def assert_same_order(values: Sequence[int], keys: Sequence[object]) -> None:
    """Our values and the reference keys order the hands the same way, ties included."""
    by_value: dict[int, set[object]] = {}
    for value, key in zip(values, keys, strict=True):
        by_value.setdefault(value, set()).add(key)
    assert all(len(group) == 1 for group in by_value.values()), "a value covers hands the reference tells apart"
    ordered = [next(iter(by_value[v])) for v in sorted(by_value)]
    assert all(a < b for a, b in pairwise(ordered)), "the reference orders values otherwise"  # type: ignore[operator]


# Reference keys written from RULES §2.2 (larger is better), best five by brute force.


def _low(rank: int) -> int:
    return 1 if rank == 12 else rank + 2


def _groups(ranks: list[int]) -> list[int]:
    counts = Counter(ranks)
    return sorted(ranks, key=lambda r: (counts[r], r), reverse=True)


def _shape(ranks: list[int]) -> tuple[int, ...]:
    return tuple(sorted(Counter(ranks).values(), reverse=True))


_LOW_SHAPES = [(1, 1, 1, 1, 1), (2, 1, 1, 1), (2, 2, 1), (3, 1, 1), (3, 2), (4, 1)]


def ref_a5(hand: Sequence[int]) -> tuple[int, ...]:
    ranks = [_low(c >> 2) for c in hand]
    return (-_LOW_SHAPES.index(_shape(ranks)), *(-r for r in _groups(ranks)))


def ref_a5_8(hand: Sequence[int]) -> tuple[int, ...]:
    ranks = sorted((_low(c >> 2) for c in hand), reverse=True)
    if len(set(ranks)) < 5 or ranks[0] > 8:
        return (-99,)
    return tuple(-r for r in ranks)


def ref_a6(hand: Sequence[int]) -> tuple[int, ...]:
    ranks = sorted((_low(c >> 2) for c in hand), reverse=True)
    flush = len({c & 3 for c in hand}) == 1
    straight = len(set(ranks)) == 5 and (ranks[0] - ranks[4] == 4 or set(ranks) == {1, 13, 12, 11, 10})
    top = 14 if set(ranks) == {1, 13, 12, 11, 10} else ranks[0]
    worst_first = ["sf", (4, 1), (3, 2), "flush", "straight", (3, 1, 1), (2, 2, 1), (2, 1, 1, 1), (1, 1, 1, 1, 1)]
    if straight:
        return (worst_first.index("sf" if flush else "straight"), -top)
    kind: object = "flush" if flush else _shape(ranks)
    return (worst_first.index(kind), *(-r for r in _groups(ranks)))


def ref_27(hand: Sequence[int]) -> tuple[int, ...]:
    ranks = sorted((c >> 2 for c in hand), reverse=True)
    flush = len({c & 3 for c in hand}) == 1
    straight = len(set(ranks)) == 5 and ranks[0] - ranks[4] == 4
    high_order = [(1, 1, 1, 1, 1), (2, 1, 1, 1), (2, 2, 1), (3, 1, 1), "straight", "flush", (3, 2), (4, 1), "sf"]
    if straight:
        return (-high_order.index("sf" if flush else "straight"), -ranks[0])
    kind: object = "flush" if flush else _shape(ranks)
    return (-high_order.index(kind), *(-r for r in _groups(ranks)))


REFERENCES: dict[str, Callable[[Sequence[int]], tuple[int, ...]]] = {
    "a5-low": ref_a5,
    "a5-low-8": ref_a5_8,
    "a6-low": ref_a6,
    "27-low": ref_27,
}


def best_ref(ranking_id: str, hand: Sequence[int]) -> tuple[int, ...]:
    return max(REFERENCES[ranking_id](s) for s in combinations(hand, 5))


# RULES §7.1 — Club Lowball (E-LOW-CLUB)


@pytest.mark.parametrize(
    "chain",
    [
        ("Q J 9 6 5", "K Q 6 3 2"),  # LB-1
        ("K Q 6 3 2", "K Q 7 3 2"),  # LB-2
        ("K Q 8 5 5", "9 9 6 3 2"),  # LB-3
        ("9 9 6 3 2", "9 9 6 4 2"),  # LB-4
        ("8 8 7 7 3", "J J 4 4 2"),  # LB-5
        ("J J 4 4 2", "J J 9 9 2"),  # LB-6
        ("J J 9 9 2", "J J 9 9 5"),  # LB-7
        ("9 8 4 4 4", "5 5 5 3 2"),  # LB-8
        ("J J 6 6 6", "9 9 9 4 4"),  # LB-9
        ("K 8 8 8 8", "9 9 9 9 2"),  # LB-10
        ("Q 9 7 4 A", "K K 9 8 3", "J J 6 6 5", "8 8 8 4 2", "Q Q Q 4 4", "9 9 9 9 2"),  # LB-13
        ("5 4 3 2 A", "6 4 3 2 A"),  # LB-14
        ("7s 6s 5s 4s 3s", "8c 5d 4h 3d 2c"),  # LB-15
    ],
    ids=[f"LB-{n}" for n in (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 13, 14, 15)],
)
def test_club_lowball_vectors(chain: tuple[str, ...]) -> None:
    assert_chain(A5_LOW, *chain)
    for better, worse in pairwise(chain):
        assert winners(A5_LOW, better, worse) == (0,)
        assert winners(A5_LOW, worse, better) == (1,)


@pytest.mark.parametrize("hand", ["9 8 6 4 2", "T T 9 8 3"], ids=["LB-11", "LB-12"])
def test_club_lowball_splits(hand: str) -> None:
    assert compare(A5_LOW, deal(hand, hand)).winners == (0, 1)


# RULES §7.4 — Ace-to-six lowball (E-LOW-A6)


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("6c 4h 3s 2d Ac", "5s 4d 3c 2h Ad"),  # A6-1: the second is a straight
        ("8c 6h 4d 3c Ad", "7s 5s 4s 3s As"),  # A6-2: the second is a flush
        ("Kc 9d 7h 4s 2c", "Ac 2d 3h 4s 5c"),  # A6-3: the wheel is a straight
        ("6c 4h 3s 2d Ac", "6d 5h 3c 2s Ah"),  # A6-4
        ("Ac Ad 5h 3s 2c", "2h 2d 5c 3d Ah"),  # A6-5: aces are the lowest pair
        ("Kc Qd Jh Ts 9c", "Ac Kd Qh Js Tc"),  # A6-6: A-K-Q-J-T is the highest straight
        ("5s 4d 3c 2h Ad", "Ac Kd Qh Js Tc"),  # A6-7
        ("Qc Kd Ah 2s 3c", "6c 5d 4h 3s 2c"),  # A6-8: no wrap-around
    ],
    ids=[f"A6-{n}" for n in range(1, 9)],
)
def test_ace_to_six_vectors(first: str, second: str) -> None:
    assert winners(A6_LOW, first, second) == (0,)
    assert winners(A6_LOW, second, first) == (1,)


def test_ace_to_six_best_hand_and_names() -> None:
    assert A6_LOW.describe(A6_LOW.max_value) == "six-four low"
    assert A6_LOW.best_hand("6c 4h 3s 2d Ac").name == "six-four low"
    assert A6_LOW.best_hand("5s 4d 3c 2h Ad").name == "straight, five high"
    assert A6_LOW.best_hand("Ac Kd Qh Js Tc").name == "straight, ace high"
    assert A6_LOW.best_hand("7s 5s 4s 3s As").name == "flush, seven high"
    assert A6_LOW.best_hand("Ac Ad 5h 3s 2c").name == "one pair, aces"
    assert A6_LOW.best_hand("Ah Kh Qh Jh Th").category is Category.STRAIGHT_FLUSH
    # The worst A-6 hand is the A-K-Q-J-T straight flush; the best mixed 6-4-3-2-A.
    assert A6_LOW.evaluate(parse_cards("Ah Kh Qh Jh Th")) == 1


# RULES §7.5 — eight-or-better lows (E-LOW-8), stud hi/lo and Omaha hi/lo


def test_s8_6_second_card_decides() -> None:
    assert winners(A5_LOW_8, "8 6 4 2 A", "8 5 4 2 A") == (1,)


def test_s8_7_low_from_seven_cards() -> None:
    hand = A5_LOW_8.best_hand("9c 9d 7h 6s 5c 4d 3h")
    assert hand.name == "seven-six low"
    assert format_cards(hand.cards, sep=" ") == "7h 6s 5c 4d 3h"


def test_s8_8_no_low_means_the_high_scoops() -> None:
    high, low = hi_lo(parse_cards("Kc Kd Qh Js 9c 9d 2h"))
    assert low is None and high == HIGH.evaluate(parse_cards("Kc Kd Qh Js 9c 9d 2h"))
    described_high, described_low = best_hi_lo("Kc Kd Qh Js 9c 9d 2h")
    assert described_low is None and described_high.name == "two pair, kings and nines"
    no_low = A5_LOW_8.best_hand("Kc Kd Qh Js 9c 9d 2h")
    assert (no_low.value, no_low.category, no_low.cards, no_low.name) == (0, Category.NO_HAND, (), "no low")
    assert A5_LOW_8.describe(0) == "no low"
    # Five low cards with a pair are not five different ranks: no low either.
    assert A5_LOW_8.evaluate(parse_cards("Ac Ad 2h 3s 4c 4d Kh")) == 0


def test_s8_9_the_wheel_scoops() -> None:
    high, low = best_hi_lo("As 2s 3s 4s 5s Kd Kc")
    assert high.name == "straight flush, five high" and low is not None and low.name == "wheel"
    assert low.value == A5_LOW_8.max_value


def test_ohl_1_lower_top_card_wins() -> None:
    assert winners(A5_LOW_8, "7 6 5 4 3", "8 5 4 3 2") == (0,)


def test_ohl_2_low_with_exactly_two_hole_cards() -> None:
    hand = best_omaha("Ah 2h Kd Qd", "3c 5d 8s Kh Jc", A5_LOW_8)
    assert hand.name == "eight-five low"
    assert format_cards(hand.cards, sep=" ") == "8s 5d 3c 2h Ah"


def test_ohl_3_and_t13b_no_low_possible() -> None:
    for hole in ("Ah 2h 3d 4d", "5c 6c 7d 8d"):
        assert omaha_hi_lo(parse_cards(hole), parse_cards("3c 9d Ts Kh Jc"))[1] is None
        assert omaha_hi_lo(parse_cards(hole), parse_cards("Ks Qd 9c 7h 2d"))[1] is None
    high, low = best_omaha_hi_lo("Ah 2h 3d 4d", "Ks Qd 9c 7h 2d")
    assert low is None and high.name == "one pair, deuces"


def test_t13a_the_low_needs_two_hole_cards() -> None:
    board = parse_cards("2h 4c 6d 7s Kd")
    p1, p2 = parse_cards("As Kc Kh Qd"), parse_cards("3s 8c Jd Jc")
    (h1, l1), (h2, l2) = omaha_hi_lo(p1, board), omaha_hi_lo(p2, board)
    assert h1 > h2 and l1 is None and l2 is not None
    assert best_omaha(p2, board, A5_LOW_8).name == "eight-six low"
    result = compare("a5-low-8", [p1, p2], board=board, omaha=True)
    assert result.winners == (1,) and result.names == ("no low", "eight-six low") and result.values[0] == 0
    # With no qualifying low at all, compare names no winner.
    assert compare("a5-low-8", [p1, p2], board="Ks Qs 9c 7h 2d", omaha=True).winners == ()


# RULES §7.8 — deuce-to-seven (E-LOW-27)


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("7h 5d 4c 3s 2h", "7d 6c 4s 3h 2d"),  # DR-1
        ("Kc Qd Jh Ts 8c", "Ac 5d 4h 3s 2c"),  # DR-2: A-5-4-3-2 is ace-high
        ("Ac Kd Qh Js 9c", "2c 3d 4h 5s 6c"),  # DR-3: the straight is bad
        ("8c 6d 5h 4s 2c", "2h 3h 4h 5h 7h"),  # DR-4: the flush is bad
        ("Ac Kd Qh Js 9c", "2c 2d 3h 4s 5c"),  # DR-5: any no-pair beats a pair
    ],
    ids=[f"DR-{n}" for n in range(1, 6)],
)
def test_deuce_to_seven_vectors(first: str, second: str) -> None:
    assert winners(DEUCE_TO_SEVEN, first, second) == (0,)


# TRAPS T17 and T18


def test_t17_deuce_to_seven_showdown() -> None:
    hands = ["Ac 2d 3h 4s 5c", "Kh 6d 4d 3s 2c", "2h 2s 7d 8c 9h", "3d 4h 5s 6c 7c"]
    values = [DEUCE_TO_SEVEN.evaluate(parse_cards(h)) for h in hands]
    assert sorted(range(4), key=lambda i: -values[i]) == [1, 0, 2, 3]
    assert compare("27-low", hands).winners == (1,)
    assert compare("27-low", [hands[0], hands[2]]).winners == (0,)  # heads-up: ace-high beats deuces
    assert DEUCE_TO_SEVEN.best_hand(hands[0]).name == "ace-five-four-three-two"
    assert DEUCE_TO_SEVEN.best_hand("7h 5d 4c 3s 2h").name == "seven-five-four-three-two, the number one"
    assert DEUCE_TO_SEVEN.best_hand("7h 5d 4c 3s 2h").value == DEUCE_TO_SEVEN.max_value
    assert DEUCE_TO_SEVEN.best_hand("7h 5h 4h 3h 2h").name == "flush, seven high"


def test_t18_a5_and_a6_rank_the_same_cards_differently() -> None:
    hands = ["5h 4h 3h 2h Ah", "6c 4d 3s 2c Ad", "6s 5d 4c 3d 2d"]
    for ranking in ("a5-low", "razz", "a5-low-8"):
        values = compare(ranking, hands).values
        assert values[0] > values[1] > values[2], ranking
    values = compare("a6-low", hands).values
    assert values[1] > values[2] > values[0]
    assert compare("a6-low", hands).winners == (1,) and compare("a5-low", hands).winners == (0,)
    assert winners(A6_LOW, "Kc Qd Jh Ts 8c", "Ac Kd Qh Js Tc") == (0,)


# Names and the registry


@pytest.mark.parametrize(
    ("ranking", "hand", "name"),
    [
        (A5_LOW, "5h 4h 3h 2h Ah", "wheel"),
        (A5_LOW, "8s 6d 4c 2h Ac", "eight-six low"),
        (A5_LOW, "Kc Kd 9h 8s 3c", "one pair, kings"),
        (A5_LOW, "Ac Ad 4h 4s 2c", "two pair, fours and aces"),
        (A5_LOW, "Qc Qd Qh 4s 4c", "full house, queens full of fours"),
        (A5_LOW_8, "8s 6d 4c 2h Ac 8h 9c", "eight-six low"),
        (A5_LOW_8, "5d 4h 3s 2d Ad", "wheel"),
        (A6_LOW, "6c 4h 3s 2d Ac", "six-four low"),
        (DEUCE_TO_SEVEN, "8c 6d 5h 4s 2c", "eight-six-five-four-two"),
        (DEUCE_TO_SEVEN, "2c 2d 3h 4s 5c", "one pair, deuces"),
        (DEUCE_TO_SEVEN, "2c 3d 4h 5s 6c", "straight, six high"),
    ],
)
def test_names(ranking: Ranking, hand: str, name: str) -> None:
    described = ranking.best_hand(hand)
    assert described.name == name
    assert ranking.describe(described.value) == name


def test_registry_aliases() -> None:
    assert find("razz") is find("E-LOW-CLUB") is A5_LOW
    assert find("E-LOW-8") is find("a5_low_8") is A5_LOW_8
    assert find("E-LOW-A6") is A6_LOW and find("e-low-27") is find("2-7") is DEUCE_TO_SEVEN


# Cross-checks against PokerKit


@pytest.mark.parametrize(
    ("ranking", "hand_class"),
    [
        (A5_LOW, pokerkit.RegularLowHand),
        (A5_LOW_8, pokerkit.EightOrBetterLowHand),
        (DEUCE_TO_SEVEN, pokerkit.StandardLowHand),
    ],
    ids=["a5-low", "a5-low-8", "27-low"],
)
def test_cross_check_against_pokerkit(ranking: Ranking, hand_class: type[pokerkit.Hand]) -> None:
    """Random 5-, 6- and 7-card hands: the same order and the same ties as PokerKit (a low hand there is
    stronger with a smaller index; a missing eight-or-better low is our 0)."""
    rng = random.Random(hash(ranking.id) % 1000 + 11)
    hands = [rng.sample(range(52), 5 + i % 3) for i in range(CROSS_CHECK_HANDS)]
    ours = [ranking.evaluate(h) for h in hands]
    theirs = []
    for hand in hands:
        kit = hand_class.from_game_or_none(format_cards(hand))
        theirs.append(-(10**9) if kit is None else -kit.entry.index)
    assert_same_order(ours, theirs)
    assert (0 in ours) == (ranking is A5_LOW_8)


# Reference order, totality and suits (properties)

hands5 = st.lists(st.integers(0, 51), min_size=5, max_size=5, unique=True)
hands7 = st.lists(st.integers(0, 51), min_size=5, max_size=7, unique=True)


@pytest.mark.parametrize("ranking", LOWS, ids=lambda r: r.id)
def test_same_order_as_the_reference_on_random_hands(ranking: Ranking) -> None:
    rng = random.Random(71)
    hands = [rng.sample(range(52), 5 + i % 3) for i in range(4000)]
    low_cards = [c for c in range(52) if c >> 2 in (12, 0, 1, 2, 3, 4, 5, 6)]  # aces to eights: many lows
    hands += [rng.sample(low_cards, 5 + i % 3) for i in range(1000)]
    assert_same_order([ranking.evaluate(h) for h in hands], [best_ref(ranking.id, h) for h in hands])


@pytest.mark.parametrize("ranking", LOWS, ids=lambda r: r.id)
@settings(max_examples=60, derandomize=True, deadline=None)
@given(a=hands7, b=hands7, c=hands7)
def test_order_is_total_and_consistent(ranking: Ranking, a: list[int], b: list[int], c: list[int]) -> None:
    va, vb, vc = (ranking.evaluate(h) for h in (a, b, c))
    ra, rb, rc = (best_ref(ranking.id, h) for h in (a, b, c))
    for (x, rx), (y, ry) in combinations(((va, ra), (vb, rb), (vc, rc)), 2):
        assert (x > y) == (rx > ry) and (x == y) == (rx == ry)
    # The winners of a showdown: antisymmetric (swapping the hands swaps the winners) and transitive.
    assert best_of([va, vb]) == tuple(sorted(1 - i for i in best_of([vb, va])))
    if vc > 0 and 0 in best_of([va, vb]) and 0 in best_of([vb, vc]):
        assert 0 in best_of([va, vc])


def _permute_suits(hand: Sequence[int], mapping: Sequence[int]) -> list[int]:
    return [(c & ~3) | mapping[c & 3] for c in hand]


@pytest.mark.parametrize("ranking", LOWS, ids=lambda r: r.id)
@settings(max_examples=80, derandomize=True, deadline=None)
@given(hand=hands7, mapping=st.permutations(range(4)), data=st.data())
def test_suits_never_matter_where_ignored(
    ranking: Ranking, hand: list[int], mapping: list[int], data: st.DataObject
) -> None:
    value = ranking.evaluate(hand)
    assert ranking.evaluate(_permute_suits(hand, mapping)) == value
    if ranking in (A5_LOW, A5_LOW_8):
        # No suits at all: any other suits for the same ranks (still distinct cards) give the same value.
        ranks = [c >> 2 for c in hand]
        suits = data.draw(st.lists(st.integers(0, 3), min_size=len(hand), max_size=len(hand)))
        other = [r * 4 + s for r, s in zip(ranks, suits, strict=True)]
        if len(set(other)) == len(other):
            assert ranking.evaluate(other) == value


# Exact counts over every five-card hand, derived from first principles


def test_distinct_values_over_every_five_card_hand() -> None:
    """Derived counts: rank multisets of five from 13 ranks with at most four of a rank; for A-6 and 2-7 the
    E-HIGH split into categories with their own straights (A-6: ten, the wheel and A-K-Q-J-T among them; 2-7:
    nine, no wheel); eight-or-better: five different ranks of eight."""
    multisets = comb(13 + 5 - 1, 5) - 13
    no_pair = comb(13, 5)
    pairs, two_pairs, trips = 13 * comb(12, 3), comb(13, 2) * 11, 13 * comb(12, 2)
    full_houses = quads = 13 * 12
    expected = {
        "a5-low": multisets,
        "a5-low-8": comb(8, 5),
        "a6-low": 2 * (no_pair - 10) + 2 * 10 + pairs + two_pairs + trips + full_houses + quads,
        "27-low": 2 * (no_pair - 9) + 2 * 9 + pairs + two_pairs + trips + full_houses + quads,
    }
    assert expected["a5-low"] == 6175 and expected["a6-low"] == expected["27-low"] == 7462
    for ranking in LOWS:
        values = set(map(ranking.five_evaluator(), combinations(range(52), 5)))
        values.discard(0)
        assert len(values) == expected[ranking.id] == ranking.max_value, ranking.id
        assert min(values) == 1


def test_six_to_nine_cards_are_the_best_five() -> None:
    rng = random.Random(5)
    for ranking in LOWS:
        five_of = ranking.five_evaluator()
        for i in range(1500):
            hand = rng.sample(range(52), 6 + i % 4)
            assert ranking.evaluate(hand) == max(five_of(s) for s in combinations(hand, 5)), format_cards(hand)
