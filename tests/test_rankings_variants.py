"""E-SHORT, E-SOKO and E-AMERICANA (RULES §2.2, G8, G13): RULES §7.8 SK-2..SK-8 and AM-2..AM-5, TRAPS T21 and
T22, names; a cross-check of ``short-deck`` against PokerKit's ShortDeckHoldemHand (200,000 random hands with
``POKERROOM_SOAK=1``, else 20,000); reference keys written from RULES; suit invariance; the exact number of
distinct values over every five-card hand of each deck.  E-HIGH joins the reference-order and suit properties
here (its vectors, PokerKit cross-check and 7,462 count are in ``test_rankings_high.py``)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from functools import cache
from itertools import combinations, pairwise
from math import comb

import pokerkit
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerroom.cards import DECK32, DECK36, format_cards, parse_cards
from pokerroom.errors import InvalidCard
from pokerroom.rankings import AMERICANA, HIGH, SHORT_DECK, SOKO, Category, Ranking, best_omaha, compare, find
from soak import SOAK

CROSS_CHECK_HANDS = 200_000 if SOAK else 20_000
SUITS = "cdhs"
DECKS: dict[str, tuple[int, ...]] = {
    "high": tuple(range(52)),
    "short-deck": DECK36,
    "soko": tuple(range(52)),
    "americana": DECK32,
}
SYSTEMS = (SHORT_DECK, SOKO, AMERICANA)
WITH_HIGH = (HIGH, *SYSTEMS)


def five(text: str) -> list[int]:
    return parse_cards([r + SUITS[i % 4] for i, r in enumerate(text.split())])


def values(ranking: Ranking, *hands: str) -> list[int]:
    return [ranking.evaluate(parse_cards(h)) for h in hands]


def assert_same_order(ours: Sequence[int], keys: Sequence[object]) -> None:
    """Our values and the reference keys order the hands the same way, ties included."""
    by_value: dict[int, set[object]] = {}
    for value, key in zip(ours, keys, strict=True):
        by_value.setdefault(value, set()).add(key)
    assert all(len(group) == 1 for group in by_value.values()), "a value covers hands the reference tells apart"
    ordered = [next(iter(by_value[v])) for v in sorted(by_value)]
    assert all(a < b for a, b in pairwise(ordered)), "the reference orders values otherwise"  # type: ignore[operator]


# Reference keys written from RULES (larger is better), best five by brute force.


def _groups(ranks: list[int]) -> list[int]:
    counts = Counter(ranks)
    return sorted(ranks, key=lambda r: (counts[r], r), reverse=True)


def _straight_top(ranks: list[int], lowest: int) -> int | None:
    distinct = sorted(set(ranks), reverse=True)
    if len(distinct) != 5:
        return None
    if distinct[0] - distinct[4] == 4:
        return distinct[0]
    if distinct == [12, lowest + 3, lowest + 2, lowest + 1, lowest]:
        return lowest + 3
    return None


_SHAPES = {(1, 1, 1, 1, 1): "high", (2, 1, 1, 1): "pair", (2, 2, 1): "two pair", (3, 1, 1): "trips"}
_SHAPES.update({(3, 2): "full house", (4, 1): "quads"})


def _shape(ranks: list[int]) -> str:
    return _SHAPES[tuple(sorted(Counter(ranks).values(), reverse=True))]


def ref_flush_over_full_house(lowest: int, *, standard: bool = False) -> Callable[[Sequence[int]], tuple[int, ...]]:
    order = ["high", "pair", "two pair", "trips", "straight", "full house", "flush", "quads", "straight flush"]
    if standard:  # E-HIGH: the flush below the full house
        order = ["high", "pair", "two pair", "trips", "straight", "flush", "full house", "quads", "straight flush"]

    def key(hand: Sequence[int]) -> tuple[int, ...]:
        ranks = [c >> 2 for c in hand]
        flush = len({c & 3 for c in hand}) == 1
        top = _straight_top(ranks, lowest)
        if top is not None:
            return (order.index("straight flush" if flush else "straight"), top)
        return (order.index("flush" if flush else _shape(ranks)), *_groups(ranks))

    return key


_SOKO = ["high", "pair", "4-straight", "4-flush", "two pair", "trips", "straight", "flush", "full house", "quads", "sf"]


def ref_soko(hand: Sequence[int]) -> tuple[int, ...]:
    ranks = [c >> 2 for c in hand]
    suits = Counter(c & 3 for c in hand)
    top = _straight_top(ranks, 0)
    if top is not None:
        return (_SOKO.index("sf" if len(suits) == 1 else "straight"), top)
    if len(suits) == 1:
        return (_SOKO.index("flush"), *sorted(ranks, reverse=True))
    shape = _shape(ranks)
    if shape in ("two pair", "trips", "full house", "quads"):
        return (_SOKO.index(shape), *_groups(ranks))
    suit, count = suits.most_common(1)[0]
    if count == 4:
        four = sorted((c >> 2 for c in hand if c & 3 == suit), reverse=True)
        return (_SOKO.index("4-flush"), *four, next(c >> 2 for c in hand if c & 3 != suit))
    present = set(ranks) | ({-1} if 12 in ranks else set())  # the ace also below the deuce
    runs = [t for t in range(12, 1, -1) if {t, t - 1, t - 2, t - 3} <= present]
    if runs:
        rest = list(ranks)
        for r in (runs[0], runs[0] - 1, runs[0] - 2, runs[0] - 3):
            rest.remove(12 if r == -1 else r)
        return (_SOKO.index("4-straight"), runs[0], rest[0])
    return (_SOKO.index(shape), *_groups(ranks))


REFERENCES: dict[str, Callable[[Sequence[int]], tuple[int, ...]]] = {
    "high": ref_flush_over_full_house(0, standard=True),
    "short-deck": ref_flush_over_full_house(4),
    "americana": ref_flush_over_full_house(5),
    "soko": ref_soko,
}


def best_ref(ranking_id: str, hand: Sequence[int]) -> tuple[int, ...]:
    return max(REFERENCES[ranking_id](s) for s in combinations(hand, 5))


# RULES §7.8 — Sökö


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("Ks 9s 7s 4s 2h", "Ac Ad Kh Qs Jd"),  # SK-2: four-flush over a pair
        ("9s 7s 4s 2s Kh", "5c 6d 7h 8s Kc"),  # SK-3: four-flush over four-straight
        ("3c 3d 2h 2s 7c", "As Ks Qs Js 2d"),  # SK-4: two pair over four-flush
        ("5c 6d 7h 8s Kc", "5d 6c 7s 8h Qd"),  # SK-5: the fifth card decides
        ("6c 7d 8h 9s 2c", "5d 6h 7s 8c Kd"),  # SK-6: the higher four-straight
        ("Ac 2d 3h 4s 9c", "Kc Kd 9h 7s 2s"),  # SK-7: A-2-3-4 is a four-straight
    ],
    ids=[f"SK-{n}" for n in range(2, 8)],
)
def test_soko_vectors(first: str, second: str) -> None:
    better, worse = values(SOKO, first, second)
    assert better > worse


def test_sk_8_four_card_straight_flush_is_a_four_flush() -> None:
    hand = SOKO.best_hand("9s 8s 7s 6s Kh")
    assert hand.category is Category.FOUR_FLUSH and hand.name == "four-flush, nine high"
    assert format_cards(hand.cards, sep=" ") == "9s 8s 7s 6s Kh"
    assert SOKO.classified(hand.value).key[1:] == (7, 6, 5, 4, 11)  # 9-8-7-6, kicker K
    assert SOKO.evaluate(parse_cards("9s 8s 7s 6s Kh")) > SOKO.evaluate(parse_cards("9s 8s 7s 6d Kh"))
    # A four-flush with a pair counts as the four-flush; four suited cards inside a straight make a straight.
    assert SOKO.best_hand("Ks 9s 6s 4s 4h").category is Category.FOUR_FLUSH
    assert SOKO.best_hand("9s 8s 7s 6s 5h").category is Category.STRAIGHT
    assert SOKO.best_hand("5s 6d 7c 8d 8s").category is Category.FOUR_STRAIGHT


def test_t21_soko_showdown() -> None:
    p1, p2, p3, p4 = "Kh 9h 6h 2h 8c", "5s 6d 7c 8d Ks", "As Ad 9c 4d 2c", "3c 3d 5h 5c Js"
    result = compare("soko", [p1, p2, p3])
    assert result.winners == (0,)
    assert result.names == ("four-flush, king high", "four-straight, eight high", "one pair, aces")
    assert result.values[0] > result.values[1] > result.values[2]
    assert compare("E-SOKO", [p1, p2, p3, p4]).winners == (3,)


# RULES §7.8 and TRAPS T22 — Americana


def test_americana_vectors() -> None:
    flush, full_house = values(AMERICANA, "7h 9h Jh Qh Ah", "Ks Kd Kc 8h 8d")
    assert flush > full_house  # AM-2
    straight, wheel = values(AMERICANA, "7c 8d 9h Ts Jc", "Ac 7d 8h 9s Tc")
    assert straight > wheel  # AM-3
    assert wheel > AMERICANA.evaluate(parse_cards("Kc Kd Kh 9c 8d"))  # AM-4
    assert compare("americana", ["Ah Kc Qd Js 9c", "Ad Ks Qh Jc 9d"]).winners == (0, 1)  # AM-5: no suits


def test_t22_americana() -> None:
    hands = ["7h 9h Jh Qh Ah", "Ks Kd Kc 8s 8d", "Ad 7s 8h 9c Td", "Qs Qc Qd Jc 9d"]
    result = compare("americana", hands)
    assert result.values[0] > result.values[1] > result.values[2] > result.values[3]
    assert result.names == (
        "flush, ace high",
        "full house, kings full of eights",
        "straight, ten high",
        "three of a kind, queens",
    )


def test_short_deck_vectors_and_names() -> None:
    hands = ("6h 8h Th Qh Ah", "Ks Kd Kc 8s 8d", "As 6d 7h 8c 9d", "Qs Qc Qd Jc 9d")
    flush, full_house, straight, trips = values(SHORT_DECK, *hands)
    assert flush > full_house > straight > trips
    assert SHORT_DECK.best_hand("As 6d 7h 8c 9d Kc").name == "straight, nine high"
    assert SHORT_DECK.best_hand("As 6s 7s 8s 9s").name == "straight flush, nine high"
    assert SHORT_DECK.describe(SHORT_DECK.max_value) == "royal flush"
    with pytest.raises(InvalidCard):
        SHORT_DECK.best_hand("2s 6d 7h 8c 9d")  # no deuces in the short deck
    with pytest.raises(InvalidCard):
        AMERICANA.best_hand("6s 7d 8h 9c Td")  # no sixes in the 32-card deck


def test_registry_and_omaha_with_any_ranking() -> None:
    assert find("E-SHORT") is SHORT_DECK and find("E-SOKO") is find("sökö") is SOKO
    assert find("E-AMERICANA") is AMERICANA
    # Omaha's two-plus-three works for a ranking whose suits matter beyond the flush (every combination).
    hand = best_omaha("Kh 9h 2c 3d", "6h 2h 8c Qs Js", SOKO)
    assert hand.name == "four-flush, king high" and format_cards(hand.cards, sep=" ") == "Kh 9h 6h 2h Qs"


# Cross-check against PokerKit


def test_short_deck_cross_check_against_pokerkit() -> None:
    rng = random.Random(36)
    hands = [rng.sample(DECK36, 5 + i % 3) for i in range(CROSS_CHECK_HANDS)]
    ours = [SHORT_DECK.evaluate(h) for h in hands]
    theirs = [pokerkit.ShortDeckHoldemHand.from_game(format_cards(h)).entry.index for h in hands]
    assert_same_order(ours, theirs)


# Reference order, totality and suits (properties)


@pytest.mark.parametrize("ranking", WITH_HIGH, ids=lambda r: r.id)
def test_same_order_as_the_reference_on_random_hands(ranking: Ranking) -> None:
    rng = random.Random(17)
    deck = DECKS[ranking.id]
    hands = [rng.sample(deck, 5 + i % 3) for i in range(5000)]
    if ranking is SOKO:  # many four-flushes and four-straights
        hands += [[r * 4 + rng.choice((0, 0, 0, 1)) for r in rng.sample(range(13), 5)] for _ in range(3000)]
        runs = [[r * 4 + rng.randrange(4) for r in range(s, s + 4)] for s in range(10) for _ in range(60)]
        hands += [[*run, rng.randrange(52)] for run in runs]
        hands = [h for h in hands if len(set(h)) == len(h)]
    assert_same_order([ranking.evaluate(h) for h in hands], [best_ref(ranking.id, h) for h in hands])


def _hands(deck: Sequence[int]) -> st.SearchStrategy[list[int]]:
    return st.lists(st.sampled_from(deck), min_size=5, max_size=7, unique=True)


@pytest.mark.parametrize("ranking", WITH_HIGH, ids=lambda r: r.id)
@settings(max_examples=60, derandomize=True, deadline=None)
@given(data=st.data())
def test_order_is_total_and_consistent(ranking: Ranking, data: st.DataObject) -> None:
    a, b, c = (data.draw(_hands(DECKS[ranking.id])) for _ in range(3))
    triple = [(ranking.evaluate(h), best_ref(ranking.id, h)) for h in (a, b, c)]
    for (x, rx), (y, ry) in combinations(triple, 2):
        assert (x > y) == (rx > ry) and (x == y) == (rx == ry)
    (x, _), (y, _), (z, _) = triple
    assert not (x > y and y > z) or x > z


@pytest.mark.parametrize("ranking", WITH_HIGH, ids=lambda r: r.id)
@settings(max_examples=80, derandomize=True, deadline=None)
@given(data=st.data(), mapping=st.permutations(range(4)))
def test_suits_never_break_ties(ranking: Ranking, data: st.DataObject, mapping: list[int]) -> None:
    """Renaming the suits never changes a value; outside flushes (and Sökö's four-flushes), any suits do not."""
    hand = data.draw(_hands(DECKS[ranking.id]))
    value = ranking.evaluate(hand)
    assert ranking.evaluate([(c & ~3) | mapping[c & 3] for c in hand]) == value
    if ranking is not SOKO and len(hand) == 5 and len({c & 3 for c in hand}) > 1:
        suits = data.draw(st.lists(st.integers(0, 3), min_size=5, max_size=5))
        other = [(c & ~3) | s for c, s in zip(hand, suits, strict=True)]
        if len(set(other)) == 5 and len(set(suits)) > 1:
            assert ranking.evaluate(other) == value


# Exact counts over every five-card hand, derived from first principles


@cache
def every_five_card_value(ranking: Ranking) -> Counter[int]:
    """How many five-card hands of the ranking's deck have each value."""
    return Counter(map(ranking.five_evaluator(), combinations(DECKS[ranking.id], 5)))


def _high_like_count(ranks: int, straights: int) -> int:
    """Distinct E-HIGH style keys with ``ranks`` ranks and ``straights`` straights (flush and straight flush
    keyed like high card and straight)."""
    no_pair = comb(ranks, 5) - straights
    pairs, two_pairs, trips = ranks * comb(ranks - 1, 3), comb(ranks, 2) * (ranks - 2), ranks * comb(ranks - 1, 2)
    return 2 * no_pair + 2 * straights + pairs + two_pairs + trips + 2 * ranks * (ranks - 1)


def _soko_count() -> int:
    """E-SOKO: E-HIGH's 7,462 keys, less the pairs and high cards that hold a four-card run (they become
    four-straights), plus the four-straight keys (run top, fifth rank; the fifth may pair a run card but must
    not complete a straight) and the four-flush keys (four suited ranks, any fifth rank, unless the five make a
    straight)."""
    runs = 11  # A-2-3-4 .. J-Q-K-A
    edge_runs = 2  # A-2-3-4 and J-Q-K-A extend to a straight on one side only
    four_straights = edge_runs * 12 + (runs - edge_runs) * 11
    run_pairs = runs * 4
    run_high_cards = edge_runs * 8 + (runs - edge_runs) * 7
    four_flushes = comb(13, 4) * 13 - 10 * 5
    return _high_like_count(13, 10) - run_pairs - run_high_cards + four_straights + four_flushes


@pytest.mark.parametrize(
    ("ranking", "expected"),
    [(SHORT_DECK, _high_like_count(9, 6)), (AMERICANA, _high_like_count(8, 5)), (SOKO, _soko_count())],
    ids=lambda x: x.id if isinstance(x, Ranking) else str(x),
)
def test_distinct_values_over_every_five_card_hand(ranking: Ranking, expected: int) -> None:
    found = every_five_card_value(ranking)
    assert len(found) == expected == ranking.max_value
    assert min(found) == 1
    assert {SHORT_DECK: 1404, AMERICANA: 840, SOKO: 16707}[ranking] == expected


def test_soko_category_counts() -> None:
    """Four-flushes: 4 suits x C(13,4) x 39 other cards, less those completing a straight; four-straights by
    rank runs.  The counts follow from the deck."""
    counts: Counter[Category] = Counter()
    for value, n in every_five_card_value(SOKO).items():
        counts[SOKO.category(value)] += n
    assert counts[Category.FOUR_FLUSH] == 4 * comb(13, 4) * 39 - 10 * 5 * 4 * 3
    assert counts[Category.STRAIGHT_FLUSH] == 40 and counts[Category.FLUSH] == 5108
    assert counts[Category.TWO_PAIR] == 123552
    assert sum(counts.values()) == comb(52, 5)


def test_six_and_seven_cards_are_the_best_five() -> None:
    rng = random.Random(9)
    for ranking in SYSTEMS:
        five_of = ranking.five_evaluator()
        for i in range(2000):
            hand = rng.sample(DECKS[ranking.id], 6 + i % 4)
            assert ranking.evaluate(hand) == max(five_of(s) for s in combinations(hand, 5)), format_cards(hand)
