"""E-HIGH (RULES §2.2, §3.1) and the Omaha 2+3 selection (G6): RULES §7.2 HE-1..HE-13, §7.6 GR-1..GR-4, the
G6 vector, TRAPS T12, T19 and T20, hand names, typed refusals, and a cross-check against PokerKit's standard
high hands (200,000 random hands with ``POKERROOM_SOAK=1``, else 20,000)."""

from __future__ import annotations

import random
import tracemalloc
from collections import Counter
from dataclasses import dataclass
from itertools import combinations

import pokerkit
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerroom import rankings
from pokerroom.cards import format_cards, parse_cards
from pokerroom.errors import DuplicateCard, InvalidCard, PokerroomError, UnsupportedRule
from pokerroom.rankings import (
    HIGH,
    Category,
    HandValue,
    HighOrdering,
    Ranking,
    best_hand,
    best_omaha,
    describe,
    find,
    omaha_value,
)
from pokerroom.rankings.high import high_name
from pokerroom.rankings.model import Classified, SuitModel
from pokerroom.rankings.tables import build_tables
from soak import SOAK

CROSS_CHECK_HANDS = 200_000 if SOAK else 20_000
SUITS = "cdhs"


def five(text: str) -> list[int]:
    """Five cards from ranks (``"Q Q 8 8 3"``): suits cycle c, d, h, s, c, so no flush and no duplicate."""
    return parse_cards([r + SUITS[i % 4] for i, r in enumerate(text.split())])


def value(cards: str | list[int]) -> int:
    return HIGH.evaluate(parse_cards(cards) if isinstance(cards, str) else cards)


def showdown(board: str, *holes: str) -> list[int]:
    """The indices of the winning holes (several = a split) with the board, hold'em style (best 5 of 7)."""
    values = [value(parse_cards(board) + parse_cards(h)) for h in holes]
    return [i for i, v in enumerate(values) if v == max(values)]


def omaha_showdown(board: str, *holes: str) -> list[int]:
    values = [omaha_value(parse_cards(h), parse_cards(board)) for h in holes]
    return [i for i, v in enumerate(values) if v == max(values)]


def assert_chain(*hands: list[int]) -> None:
    values = [HIGH.evaluate(h) for h in hands]
    for better, worse, a, b in zip(values, values[1:], hands, hands[1:], strict=False):
        assert better > worse, f"{format_cards(a)} should beat {format_cards(b)}"


# RULES §7.2 — Club Hold'em comparisons (HE-1..HE-9) and splits (HE-10..HE-13)


@pytest.mark.parametrize(
    "chain",
    [
        ("A Q 9 7 4", "A Q 8 7 4", "Q J 8 3 2"),  # HE-1 high cards
        ("A A 9 8 3", "J J 8 3 2", "J J 7 6 5"),  # HE-2 pairs
        ("Q Q 8 8 3", "Q Q 4 4 2", "J J 9 9 5", "J J 9 9 2"),  # HE-3 two pair
        ("5 5 5 3 2", "A K 4 4 4", "K T 4 4 4"),  # HE-4 trips
        ("A K Q J T", "Q J T 9 8"),  # HE-5 straights
        ("6 5 4 3 2", "5 4 3 2 A"),  # HE-5 the wheel is the lowest straight
        ("Q Q Q 4 4", "A A 9 9 9", "T T 9 9 9"),  # HE-7 full houses
        ("9 9 9 9 2", "A 8 8 8 8", "Q 8 8 8 8"),  # HE-8 quads
        ("Q Q Q 6 6", "Q Q Q 5 5"),  # GR-1
        ("A A K T 6", "A A Q J 5"),  # GR-3
        ("J J J A Q", "J J J A 9"),  # GR-4
    ],
    ids=["HE-1", "HE-2", "HE-3", "HE-4", "HE-5a", "HE-5b", "HE-7", "HE-8", "GR-1", "GR-3", "GR-4"],
)
def test_rules_vectors_ranks_only(chain: tuple[str, ...]) -> None:
    assert_chain(*(five(h) for h in chain))


@pytest.mark.parametrize(
    "chain",
    [
        ("Ah Jh 9h 6h 3h", "Ad Jd 9d 5d 3d", "Qc Tc 9c 8c 5c"),  # HE-6 flushes
        ("8h 7h 6h 5h 4h", "7s 6s 5s 4s 3s"),  # HE-9 straight flushes
        ("6h 5h 4h 3h 2h", "5s 4s 3s 2s As"),  # HE-9 the steel wheel is the lowest
        ("Kh 7h 5h 3h 2h", "Qs Js Ts 8s 6s"),  # GR-2
    ],
    ids=["HE-6", "HE-9a", "HE-9b", "GR-2"],
)
def test_rules_vectors_with_suits(chain: tuple[str, ...]) -> None:
    assert_chain(*(parse_cards(h) for h in chain))


def test_category_ladder() -> None:
    assert_chain(
        parse_cards("5s 4s 3s 2s As"),
        five("2 2 2 2 3"),
        five("2 2 2 3 3"),
        parse_cards("7d 5d 4d 3d 2d"),
        five("5 4 3 2 A"),
        five("2 2 2 4 3"),
        five("3 3 2 2 4"),
        five("2 2 5 4 3"),
        five("A K Q J 9"),
    )


@pytest.mark.parametrize(
    ("board", "p1", "p2", "plays"),
    [
        ("Qc Jd 9h 6s 4c", "Ah 3d", "As 2h", "A Q J 9 6"),  # HE-10
        ("Jc 9d 8h 6s 5c", "Jh 3d", "Js 2h", "J J 9 8 6"),  # HE-11
        ("Ac Ad Jh 9s 3c", "Ah 7d", "As 6h", "A A A J 9"),  # HE-12
        ("Kc 9d 8h 7s 5c", "9h 6d", "Ks 6h", "9 8 7 6 5"),  # HE-13
    ],
    ids=["HE-10", "HE-11", "HE-12", "HE-13"],
)
def test_rules_split_pots(board: str, p1: str, p2: str, plays: str) -> None:
    assert showdown(board, p1, p2) == [0, 1]
    for hole in (p1, p2):
        hand = best_hand(parse_cards(board) + parse_cards(hole))
        assert [c[0] for c in format_cards(hand.cards, sep=" ").split()] == plays.split()


# RULES G6 — Omaha, and TRAPS T12


def test_g6_omaha_vector_has_no_flush_and_plays_the_straight() -> None:
    hand = best_omaha(parse_cards("Ts 9h 8h 7h"), parse_cards("As Ks Qs Js 2d"))
    assert hand.category is Category.STRAIGHT
    assert hand.name == "straight, king high"
    assert format_cards(hand.cards, sep=" ") == "Ks Qs Js Ts 9h"


def test_t12_omaha_exactly_two_hole_cards() -> None:
    board = "Ah Kh 7h 4h 2c"
    p1, p2 = "Qh Js Jd 9c", "5s 3d 8c 8d"
    hand1 = best_omaha(parse_cards(p1), parse_cards(board))
    hand2 = best_omaha(parse_cards(p2), parse_cards(board))
    assert hand1.category is Category.ONE_PAIR and hand1.name == "one pair, jacks"
    assert sorted(format_cards(hand1.cards, sep=" ").split()) == sorted(["Js", "Jd", "Ah", "Kh", "7h"])
    assert hand2.category is Category.STRAIGHT and hand2.name == "straight, five high"
    assert omaha_showdown(board, p1, p2) == [1]
    # The wrong way (best five of all nine cards) would give p1 the ace-high flush.
    assert HIGH.best_hand(parse_cards(board) + parse_cards(p1)).category is Category.FLUSH


def test_omaha_uses_exactly_two_and_three() -> None:
    # Four hole spades and no board spade make no flush; nor do four board hearts and one hole heart.
    assert best_omaha("As Ks Qs Js", "2h 3h 4h 5h 9c").category is not Category.FLUSH
    # A full board of quads cannot all play: at most three board cards.
    assert best_omaha("2c 3d 7h 8s", "Ac Ad Ah As Kc").category is Category.THREE_OF_A_KIND
    # Flop-only and turn boards and five-card Omaha holes.
    assert best_omaha("Ac Kc 2d 3d", "Qc Jc Tc").name == "royal flush"
    assert best_omaha("Ac Kc 2d 3d 9s", "Qc Jc Tc 4h").name == "royal flush"


def test_omaha_matches_pokerkit() -> None:
    rng = random.Random(2024)
    for i in range(300):
        deal = rng.sample(range(52), 9)
        hole, board = deal[:4], deal[4 : 4 + 3 + i % 3]
        theirs = pokerkit.OmahaHoldemHand.from_game(format_cards(hole), format_cards(board))
        ours = best_omaha(hole, board)
        assert ours.value == theirs.entry.index + 1
        assert ours.value == omaha_value(hole, board)
        assert str(ours.category) == theirs.entry.label.value.lower()
        assert len(set(ours.cards) & set(hole)) == 2 and len(set(ours.cards) & set(board)) == 3


# TRAPS T19 and T20 — exact winners


TRAP_CASES = [
    # T19: the wheel, the steel wheel, a board straight flush.
    pytest.param("2d 3c 4h Ks 9d", "Ac 5s", "Kd Kc", [0], "straight, five high", "three of a kind, kings", id="T19a"),
    pytest.param("2d 3d 4d 5d Ks", "Ad Qc", "6c 6h", [0], "straight flush, five high", "straight, six high", id="T19b"),
    pytest.param(
        "3h 4h 5h 6h 7h",
        "8h 8d",
        "Ad Kc",
        [0],
        "straight flush, eight high",
        "straight flush, seven high",
        id="T19c",
    ),
    # T20: flush kickers, choosing the two pair, the board playing.
    pytest.param("Qd Jd 9d Kc 6d", "5d Ah", "Qc 7d", [1], "flush, queen high", "flush, queen high", id="T20a"),
    pytest.param(
        "4d 8s 4h 7d 8c",
        "Ks 6h",
        "7c 5s",
        [1],
        "two pair, eights and fours",
        "two pair, eights and sevens",
        id="T20b",
    ),
    pytest.param(
        "Jd 7h Jc Kh Ks",
        "Ah 8h",
        "As Qc",
        [0, 1],
        "two pair, kings and jacks",
        "two pair, kings and jacks",
        id="T20c",
    ),
    pytest.param("As Jd 3c Qh 3s", "8c 5d", "8d 2h", [0, 1], "one pair, threes", "one pair, threes", id="T20c-paired"),
]


@pytest.mark.parametrize(("board", "p1", "p2", "winners", "name1", "name2"), TRAP_CASES)
def test_traps_t19_t20(board: str, p1: str, p2: str, winners: list[int], name1: str, name2: str) -> None:
    assert showdown(board, p1, p2) == winners
    for hole, name in ((p1, name1), (p2, name2)):
        assert best_hand(f"{board} {hole}").name == name


def test_t20a_flush_kickers_are_the_best_five() -> None:
    assert format_cards(best_hand("Qd Jd 9d Kc 6d 5d Ah").cards, sep=" ") == "Qd Jd 9d 6d 5d"
    assert format_cards(best_hand("Qd Jd 9d Kc 6d Qc 7d").cards, sep=" ") == "Qd Jd 9d 7d 6d"


def test_t20b_chooses_the_best_two_pair() -> None:
    hand = best_hand("4d 8s 4h 7d 8c 7c 5s")
    assert [c[0] for c in format_cards(hand.cards, sep=" ").split()] == ["8", "8", "7", "7", "5"]


# Names, display order, describe(value)


@pytest.mark.parametrize(
    ("cards", "name", "shown"),
    [
        ("As Kd 7c 5h 3s 2d 9c", "high card, ace", "As Kd 9c 7c 5h"),
        ("Jc Jd 9s 4h 2c", "one pair, jacks", "Jd Jc 9s 4h 2c"),
        ("Kh Ks 7d 7c 2s Ah 3c", "two pair, kings and sevens", "Ks Kh 7d 7c Ah"),
        ("5c 5d 5h Ks 2c", "three of a kind, fives", "5h 5d 5c Ks 2c"),
        ("9c 8d 7h 6s 5c 2d", "straight, nine high", "9c 8d 7h 6s 5c"),
        ("Ah 5d 4c 3s 2h Kd", "straight, five high", "5d 4c 3s 2h Ah"),
        ("Ah 9h 7h 4h 2h Kc", "flush, ace high", "Ah 9h 7h 4h 2h"),
        ("Qh Qd 4s Qc 4c 9d 2h", "full house, queens full of fours", "Qh Qd Qc 4s 4c"),
        ("9c 9d 9h 9s Ac", "four of a kind, nines", "9s 9h 9d 9c Ac"),
        ("5s 4s 3s 2s As", "straight flush, five high", "5s 4s 3s 2s As"),
        ("Ah Kh Qh Jh Th 9h", "royal flush", "Ah Kh Qh Jh Th"),
    ],
)
def test_names_and_display_order(cards: str, name: str, shown: str) -> None:
    hand = best_hand(cards)
    assert hand.name == name
    assert format_cards(hand.cards, sep=" ") == shown
    assert describe(hand.value) == name == HIGH.describe(parse_cards(cards))
    assert str(hand) == f"{name} ({shown})"


def test_every_value_has_a_name_and_category() -> None:
    names = {HIGH.describe(v) for v in range(1, HIGH.max_value + 1)}
    assert HIGH.max_value == 7462
    assert HIGH.describe(1) == "high card, seven" and HIGH.describe(7462) == "royal flush"
    assert HIGH.category(7462) is Category.STRAIGHT_FLUSH and HIGH.category(1) is Category.HIGH_CARD
    assert len(names) > 100


def test_hand_values_compare_by_value() -> None:
    a, b = best_hand("Ah 8h Jd 7h Jc Kh Ks"), best_hand("As Qc Jd 7h Jc Kh Ks")
    assert a == b and a.cards != b.cards and hash(a) == hash(b)
    c = best_hand("2c 2d 5h 9s Jc")
    assert c < a and a > c and c <= a and a >= b
    other = HandValue(a.value, a.category, a.cards, a.name, "other")
    with pytest.raises(TypeError):
        _ = a < other


# Refusals


def test_refusals_are_typed() -> None:
    with pytest.raises(PokerroomError, match="5 to 9 cards, got 4"):
        best_hand("As Kd 7c 5h")
    with pytest.raises(PokerroomError):
        best_hand(list(range(10)))
    with pytest.raises(DuplicateCard):
        best_hand([51, 50, 49, 48, 51])
    with pytest.raises(DuplicateCard):
        best_hand("As Kd 7c 5h As")
    with pytest.raises(InvalidCard):
        best_hand([51, 50, 49, 48, 52])
    with pytest.raises(InvalidCard):
        best_hand([51, 50, 49, 48, -1])
    with pytest.raises(InvalidCard):
        best_hand("As Kd 7c 5h ??")
    for bad in (0, 7463, -5):
        with pytest.raises(PokerroomError):
            describe(bad)
    with pytest.raises(PokerroomError):
        HIGH.evaluate([1, 2, 3, 4])
    with pytest.raises(PokerroomError, match="Omaha hole"):
        best_omaha("As Kd 7c", "2c 3c 4c")
    with pytest.raises(PokerroomError, match="Omaha board"):
        best_omaha("As Kd 7c 5h", "2c 3c")
    with pytest.raises(DuplicateCard):
        best_omaha("As Kd 7c 5h", "2c 3c As")
    with pytest.raises(UnsupportedRule, match="high"):
        find("no-such-ranking")


def test_registry() -> None:
    assert find("high") is HIGH and find("E-HIGH") is HIGH and find(" Standard_High ") is HIGH
    assert "high" in rankings.ids()
    for name in rankings.__all__:
        assert hasattr(rankings, name)


# The generator and the raw evaluator


@dataclass(frozen=True)
class ToyOrdering:
    """E-HIGH variants that exercise the generator's other paths: flushes ignored (``IGNORE``), flushes ranked
    below every unsuited hand (so ``max(flush, nonflush)`` is not exact), and high-card hands that do not
    qualify (value 0)."""

    id: str
    suit_model: SuitModel
    flush_last: bool = False
    pairs_only: bool = False
    title: str = "toy"
    ranks: tuple[int, ...] = tuple(range(13))

    def classify(self, ranks: tuple[int, ...], flush: bool) -> Classified | None:
        hand = HighOrdering().classify(ranks, flush and not self.flush_last)
        if self.pairs_only and hand.category is Category.HIGH_CARD:
            return None
        if flush and self.flush_last:
            return Classified((-1, *hand.key), Category.FLUSH, hand.ranks)
        return hand

    def name(self, hand: Classified) -> str:
        return high_name(hand)


@pytest.mark.parametrize(
    "ordering",
    [
        ToyOrdering("toy-ignore", SuitModel.IGNORE),
        ToyOrdering("toy-flush-last", SuitModel.FLUSH, flush_last=True),
        ToyOrdering("toy-pairs-only", SuitModel.FLUSH, pairs_only=True),
    ],
    ids=lambda o: o.id,
)
def test_generator_other_orderings_are_best_of_five(ordering: ToyOrdering) -> None:
    toy = Ranking(ordering)
    five_of = toy.five_evaluator()
    assert toy.tables().flush_dominates is not ordering.flush_last
    rng = random.Random(5)
    for i in range(3000):
        cards = rng.sample(range(52), 5 + i % 3)
        assert toy.evaluate(cards) == max(five_of(s) for s in combinations(cards, 5)), format_cards(cards)
    # Five suited cards: a flush in E-HIGH is plain high card when suits are ignored, the worst hand when last.
    flush = parse_cards("Ah 9h 7h 4h 2h")
    if ordering.suit_model is SuitModel.IGNORE:
        assert toy.evaluate(flush) == toy.evaluate(parse_cards("Ah 9h 7h 4h 2c"))
    if ordering.flush_last:
        assert toy.evaluate(flush) < toy.evaluate(parse_cards("7c 5d 4h 3s 2c"))
        assert toy.evaluate(flush + parse_cards("Kc Qd")) == toy.evaluate(parse_cards("Ah 9h 7h Kc Qd"))
    if ordering.pairs_only:
        assert toy.evaluate(parse_cards("As Kd 9c 7h 4s 3d 2c")) == 0


def test_tables_are_built_lazily_and_small() -> None:
    fresh = Ranking(HighOrdering())
    assert fresh._tables is None
    cards = parse_cards("As Ks Qs Js Ts 2c 3d")
    assert fresh.evaluate(cards) == HIGH.evaluate(cards) == 7462
    assert fresh._tables is not None and fresh.evaluate is fresh.evaluator()
    tracemalloc.start()
    try:
        build_tables(HighOrdering())
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 32 * 2**20  # the design's budget is 64 MB for all rankings together


def test_every_five_card_hand_category_count() -> None:
    """All 2,598,960 five-card hands: the textbook count per category and 7,462 distinct values."""
    counts = Counter(map(HIGH.five_evaluator(), combinations(range(52), 5)))
    assert len(counts) == 7462
    by_category = Counter[Category]()
    for v, n in counts.items():
        by_category[HIGH.category(v)] += n
    assert by_category == {
        Category.STRAIGHT_FLUSH: 40,
        Category.FOUR_OF_A_KIND: 624,
        Category.FULL_HOUSE: 3744,
        Category.FLUSH: 5108,
        Category.STRAIGHT: 10200,
        Category.THREE_OF_A_KIND: 54912,
        Category.TWO_PAIR: 123552,
        Category.ONE_PAIR: 1098240,
        Category.HIGH_CARD: 1302540,
    }


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=7, max_size=7, unique=True))
def test_best_of_seven_is_the_best_five_card_subset(cards: list[int]) -> None:
    assert HIGH.evaluate(cards) == max(HIGH.evaluate(list(s)) for s in combinations(cards, 5))


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=6, max_size=9, unique=True))
def test_best_of_six_to_nine_is_the_best_five_card_subset(cards: list[int]) -> None:
    best = max(HIGH.evaluate(list(s)) for s in combinations(cards, 5))
    assert HIGH.evaluate(cards) == best == best_hand(cards).value
    assert HIGH.evaluate(tuple(cards)) == best


def _pokerkit_index(cards: list[int]) -> tuple[int, str]:
    entry = pokerkit.StandardHighHand.from_game(format_cards(cards)).entry
    return entry.index, entry.label.value.lower()


def test_cross_check_against_pokerkit() -> None:
    """Random 5-, 6- and 7-card hands: the same category, the same order for consecutive pairs, and in fact
    the same dense rank (ours = PokerKit's index + 1)."""
    rng = random.Random(20240607)
    hands = [rng.sample(range(52), 5 + i % 3) for i in range(CROSS_CHECK_HANDS)]
    ours = [HIGH.evaluate(h) for h in hands]
    theirs = [_pokerkit_index(h) for h in hands]
    for h, mine, (index, label) in zip(hands, ours, theirs, strict=True):
        assert HIGH.category(mine) == label, format_cards(h)
        assert mine == index + 1, format_cards(h)
    for i in range(len(hands) - 1):
        sign_ours = (ours[i] > ours[i + 1]) - (ours[i] < ours[i + 1])
        sign_theirs = (theirs[i][0] > theirs[i + 1][0]) - (theirs[i][0] < theirs[i + 1][0])
        assert sign_ours == sign_theirs, (format_cards(hands[i]), format_cards(hands[i + 1]))
