"""E-TELESINA and E-32DRAW, the suit-ranked 32-card rankings (RULES G14, G15, §6.1): RULES §7.8 TE-2..TE-9 and
D32-1..D32-7, TRAPS T22, the Vela, the heads-up straight-flush rule (A-G14-2, settled decision 7) as a pot hook,
names; reference keys written from RULES compared on random hands; the exact number of distinct values over
all 201,376 five-card hands of the 32-card deck, derived from the tie-break keys RULES gives."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from functools import cache
from itertools import combinations, pairwise
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerroom.cards import DECK32, format_cards, parse_cards
from pokerroom.errors import DuplicateCard, InvalidCard, PokerroomError
from pokerroom.rankings import (
    DRAW32,
    HIGH,
    TELESINA,
    Category,
    Ranking,
    best_telesina,
    compare,
    find,
    telesina_pot_keys,
    telesina_value,
)

PLACE = {0: 1, 1: 2, 2: 3, 3: 0}
"""The place of each card suit (clubs, diamonds, hearts, spades) in ♥ > ♦ > ♣ > ♠ (3 = highest)."""
SYSTEMS = (TELESINA, DRAW32)


def value(ranking: Ranking, text: str) -> int:
    return ranking.evaluate(parse_cards(text))


def assert_same_order(ours: Sequence[int], keys: Sequence[object]) -> None:
    """Our values and the reference keys order the hands the same way, ties included."""
    by_value: dict[int, set[object]] = {}
    for v, key in zip(ours, keys, strict=True):
        by_value.setdefault(v, set()).add(key)
    assert all(len(group) == 1 for group in by_value.values()), "a value covers hands the reference tells apart"
    ordered = [next(iter(by_value[v])) for v in sorted(by_value)]
    assert all(a < b for a, b in pairwise(ordered)), "the reference orders values otherwise"  # type: ignore[operator]


# Reference keys written from RULES G14 and G15 (larger is better), best five by brute force.

_ORDER = ["high", "pair", "two pair", "trips", "straight", "full house", "flush", "quads", "straight flush"]


def _parts(hand: Sequence[int]) -> tuple[list[tuple[int, int]], Counter[int], int | None, bool]:
    cards = sorted(((c >> 2, PLACE[c & 3]) for c in hand), reverse=True)
    counts = Counter(r for r, _ in cards)
    ranks = sorted(counts, reverse=True)
    top = None
    if len(ranks) == 5 and ranks[0] - ranks[4] == 4:
        top = ranks[0]
    elif ranks == [12, 8, 7, 6, 5]:
        top = 8  # A-7-8-9-T, ten high
    return cards, counts, top, len({p for _, p in cards}) == 1


def ref_telesina(hand: Sequence[int]) -> tuple[object, ...]:
    cards, counts, top, flush = _parts(hand)
    shape = sorted(counts.values(), reverse=True)
    if top is not None and flush:
        return (_ORDER.index("straight flush"), top, cards[0][1])
    if shape[0] == 4:
        return (_ORDER.index("quads"), counts.most_common(1)[0][0])
    if flush:
        return (_ORDER.index("flush"), cards[0][1])  # the suit alone
    if shape == [3, 2]:
        return (_ORDER.index("full house"), counts.most_common(1)[0][0])
    if top is not None:
        down = sorted(cards, key=lambda c: c[0] if top == 12 or c[0] != 12 else -1, reverse=True)
        return (_ORDER.index("straight"), top, *(p for _, p in down))  # suits from the top, a low ace last
    if shape[0] == 3:
        return (_ORDER.index("trips"), counts.most_common(1)[0][0])
    pairs = sorted((r for r, n in counts.items() if n == 2), reverse=True)
    kickers = [c for c in cards if counts[c[0]] == 1]
    top_pair_suit = max(p for r, p in cards if r == (pairs[0] if pairs else -1)) if pairs else -1
    if len(pairs) == 2:
        return (_ORDER.index("two pair"), pairs[0], pairs[1], kickers[0], top_pair_suit)
    if pairs:
        return (_ORDER.index("pair"), pairs[0], *kickers, top_pair_suit)
    return (_ORDER.index("high"), *cards)  # (rank, suit) at each position


def ref_draw32(hand: Sequence[int]) -> tuple[object, ...]:
    cards, counts, top, flush = _parts(hand)
    shape = sorted(counts.values(), reverse=True)
    if top is not None:
        top_suit = next(p for r, p in cards if r == top)
        return (_ORDER.index("straight flush" if flush else "straight"), top, top_suit)
    if shape[0] == 4:
        return (_ORDER.index("quads"), counts.most_common(1)[0][0])
    if flush:
        return (_ORDER.index("flush"), *(r for r, _ in cards), cards[0][1])
    if shape == [3, 2]:
        return (_ORDER.index("full house"), counts.most_common(1)[0][0])
    if shape[0] == 3:
        return (_ORDER.index("trips"), counts.most_common(1)[0][0])
    pairs = sorted((r for r, n in counts.items() if n == 2), reverse=True)
    kickers = [c for c in cards if counts[c[0]] == 1]
    name = {2: "two pair", 1: "pair", 0: "high"}[len(pairs)]
    return (_ORDER.index(name), *pairs, *(r for r, _ in kickers), kickers[0][1])  # the highest single's suit


REFERENCES: dict[str, Callable[[Sequence[int]], tuple[object, ...]]] = {"telesina": ref_telesina, "draw32": ref_draw32}


def best_ref(ranking: Ranking, hand: Sequence[int]) -> tuple[object, ...]:
    return max(REFERENCES[ranking.id](s) for s in combinations(hand, 5))


# RULES §7.8 — Telesina


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("7h 8h 9h Jh Qh", "As Ks Qs Js 9s"),  # TE-4: the hearts flush wins (suit, not ranks)
        ("7h 8h 9h Jh Qh", "Ks Kd Kc 8s 8d"),  # TE-5: a flush beats a full house
        ("Ah Qc Ts 9d 7c", "Ad Kc Js 9h 8s"),  # TE-6: ♥A beats ♦A before the second card
        ("Kd Kc Ah 9s 8c", "Kh Ks Ac 9d 8s"),  # TE-7: the kicker in hearts
        ("Jh Tc 9s 8d 7c", "Jd Th 9h 8s 7s"),  # TE-9: the suit of the top card
        ("Ah Kh Qh Jh Th", "Ts 9s 8s 7s As"),  # TE-3: with three in the pot the royal ranks highest
    ],
    ids=["TE-4", "TE-5", "TE-6", "TE-7", "TE-9", "TE-3"],
)
def test_telesina_vectors(first: str, second: str) -> None:
    assert value(TELESINA, first) > value(TELESINA, second)
    assert compare(TELESINA, [second, first]).winners == (1,)


def test_te_8_the_shared_vela_kicker() -> None:
    vela = "Ac"
    p1, p2 = best_telesina("Kh Ks Qc Qd 7s", vela), best_telesina("Kd Kc Qh Qs 8d", vela)
    assert p1.name == p2.name == "two pair, kings and queens"
    assert format_cards(p1.cards, sep=" ") == "Kh Ks Qd Qc Ac"
    assert p1 > p2  # ♥ in P1's top pair
    result = compare("telesina", ["Kh Ks Qc Qd 7s", "Kd Kc Qh Qs 8d"], board=vela)
    assert result.winners == (0,) and result.values == (p1.value, p2.value)
    assert telesina_value("Kh Ks Qc Qd 7s", parse_cards(vela)[0]) == p1.value


def test_shared_vela_on_top_of_a_straight_compares_the_next_card() -> None:
    """RULES G14 straight: when the highest card is the Vela, the suits of the next cards down decide."""
    vela = "Ah"
    p1, p2 = telesina_value("Kd Qc Js Ts 8s", vela), telesina_value("Ks Qh Jh Td 8c", vela)
    assert p1 > p2  # both A-K-Q-J-T with the Vela on top: ♦K beats ♠K
    assert compare("telesina", ["Kd Qc Js Ts 8s", "Ks Qh Jh Td 8c"], board=vela).winners == (0,)


def test_te_2_heads_up_straight_flush_rule_is_a_pot_hook() -> None:
    royal, low = value(TELESINA, "Ah Kh Qh Jh Th"), value(TELESINA, "Ts 9s 8s 7s As")
    assert royal > low  # the order itself is unchanged (TE-3) ...
    keys = TELESINA.pot_keys([royal, low])  # ... but heads-up the low straight flush takes the pot (TE-2)
    assert keys[1] > keys[0] and telesina_pot_keys([low, royal]) == [max(low, royal) + 1, royal]
    third = value(TELESINA, "Ac Ad Kc Kd 9c")
    assert TELESINA.pot_keys([royal, low, third]) == [royal, low, third]  # multi-way: normal ranking
    other_royal = value(TELESINA, "As Ks Qs Js Ts")
    assert TELESINA.pot_keys([other_royal, value(TELESINA, "Td 9d 8d 7d Ad")])[1] > other_royal  # any suits
    king_high = value(TELESINA, "Kh Qh Jh Th 9h")
    assert TELESINA.pot_keys([king_high, low]) == [king_high, low]  # only the A-high against the T-high
    assert TELESINA.pot_keys([royal, 0]) == [royal, 0]
    assert HIGH.pot_keys([5, 9]) == [5, 9] and DRAW32.pot_keys([royal, low]) == [royal, low]
    # compare() ranks hands and never applies the pot rule.
    assert compare("telesina", ["Ah Kh Qh Jh Th", "Ts 9s 8s 7s As"]).winners == (0,)


# RULES §7.8 — 32-card draw


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("Ad Kc Js 9s 8s", "Ah Qc Jd 9d 8c"),  # D32-1: ranks before suits
        ("Ah Ks Qs Js 9s", "Ad Kc Qc Jc 9d"),  # D32-2: equal ranks, the suit of the highest card
        ("Kd Kc Ah 9s 8c", "Kh Ks Ac 9d 8s"),  # D32-3: the suit of the highest side card
        ("Qd Qc 9d 9c 7h", "Qh Qs 9h 9s 7c"),  # D32-4: the kicker's suit
        ("Jh Ts 9s 8s 7c", "Jd Th 9h 8h 7h"),  # D32-5: the suit of the highest card
        ("Ah Kh Qh Jh Th", "As Ks Qs Js Ts"),  # D32-6: the hearts royal
        ("7h 9h Jh Qh Ah", "Ks Kd Kc 8h 8d"),  # D32-7: a flush beats a full house
    ],
    ids=[f"D32-{n}" for n in range(1, 8)],
)
def test_draw32_vectors(first: str, second: str) -> None:
    assert value(DRAW32, first) > value(DRAW32, second)
    assert compare("E-32DRAW", [second, first]).winners == (1,)


def test_draw32_dealt_hands_never_tie() -> None:
    rng = random.Random(32)
    for _ in range(3000):
        deal = rng.sample(DECK32, 10)
        assert value(DRAW32, format_cards(deal[:5])) != value(DRAW32, format_cards(deal[5:]))
    # Hands that cannot be dealt together may share a value (RULES G15).
    assert value(DRAW32, "Kh Kd Qh Qd 9h") == value(DRAW32, "Kc Ks Qc Qs 9h")


def test_t22_telesina_and_draw32() -> None:
    hands = ["7h 9h Jh Qh Ah", "Ks Kd Kc 8s 8d", "Ad 7s 8h 9c Td", "Qs Qc Qd Jc 9d"]
    for ranking in SYSTEMS:
        result = compare(ranking, hands)
        assert result.values[0] > result.values[1] > result.values[2] > result.values[3], ranking.id
        assert result.names[1:] == ("full house, kings full", "straight, ten high", "three of a kind, queens")
    assert compare(TELESINA, hands).names[0] == "flush, hearts"
    assert compare(DRAW32, hands).names[0] == "flush, ace high, hearts"


@pytest.mark.parametrize(
    ("ranking", "hand", "name"),
    [
        (TELESINA, "Ah Kh Qh Jh Th", "royal flush, hearts"),
        (TELESINA, "Ts 9s 8s 7s As", "straight flush, ten high, spades"),
        (TELESINA, "7d 8d 9d Jd Qd", "flush, diamonds"),
        (TELESINA, "Kh Ks Ac 9d 8s", "one pair, kings"),
        (TELESINA, "Ah Qc Ts 9d 7c", "high card, ace"),
        (DRAW32, "As Ks Qs Js Ts", "royal flush, spades"),
        (DRAW32, "7c 9c Jc Qc Ac", "flush, ace high, clubs"),
        (DRAW32, "Kh Kd Qh Qd 9h", "two pair, kings and queens"),
    ],
)
def test_names(ranking: Ranking, hand: str, name: str) -> None:
    described = ranking.best_hand(hand)
    assert described.name == name and ranking.describe(described.value) == name


def test_registry_vela_checks_and_values() -> None:
    assert find("E-TELESINA") is TELESINA and find("E-32DRAW") is find("32-card-draw") is DRAW32
    with pytest.raises(DuplicateCard):
        telesina_value("Kh Ks Qc Qd 7s", "Kh")
    with pytest.raises(InvalidCard):
        telesina_value("Kh Ks Qc Qd 6s", "Ac")  # no sixes in the 32-card deck
    with pytest.raises(PokerroomError, match="own cards"):
        best_telesina("Kh Ks Qc Qd", "Ac")
    with pytest.raises(PokerroomError):
        TELESINA.describe(1)  # values are not dense: 1 is not a Telesina hand value
    best = value(TELESINA, "Ah Kh Qh Jh Th")
    assert TELESINA.max_value == best and TELESINA.describe(best) == "royal flush, hearts"
    assert DRAW32.max_value == value(DRAW32, "Ah Kh Qh Jh Th")
    assert TELESINA.category(best) is Category.STRAIGHT_FLUSH
    assert TELESINA.classified(best).suit == 2  # hearts


# Reference order, totality and the suits that do not matter (properties)


@pytest.mark.parametrize("ranking", SYSTEMS, ids=lambda r: r.id)
def test_same_order_as_the_reference_on_random_hands(ranking: Ranking) -> None:
    rng = random.Random(14)
    hands = [rng.sample(DECK32, 5 + i % 2) for i in range(8000)]
    vela = rng.choice(DECK32)  # many hands sharing one Vela, as at a Telesina table
    hands += [[*rng.sample([c for c in DECK32 if c != vela], 5), vela] for _ in range(2000)]
    assert_same_order([ranking.evaluate(h) for h in hands], [best_ref(ranking, h) for h in hands])


@pytest.mark.parametrize("ranking", SYSTEMS, ids=lambda r: r.id)
@settings(max_examples=60, derandomize=True, deadline=None)
@given(data=st.data())
def test_order_is_total_and_consistent(ranking: Ranking, data: st.DataObject) -> None:
    hands = [data.draw(st.lists(st.sampled_from(DECK32), min_size=5, max_size=7, unique=True)) for _ in range(3)]
    triple = [(ranking.evaluate(h), best_ref(ranking, h)) for h in hands]
    for (x, rx), (y, ry) in combinations(triple, 2):
        assert (x > y) == (rx > ry) and (x == y) == (rx == ry)
    (x, _), (y, _), (z, _) = triple
    assert not (x > y and y > z) or x > z


@pytest.mark.parametrize("ranking", SYSTEMS, ids=lambda r: r.id)
@settings(max_examples=80, derandomize=True, deadline=None)
@given(ranks=st.sampled_from(["K K K K 9", "K K K 9 9", "K K K 9 8"]), data=st.data())
def test_suits_do_not_matter_where_rules_say_ties_are_impossible(
    ranking: Ranking, ranks: str, data: st.DataObject
) -> None:
    """Quads, full houses and trips are keyed by their rank alone (RULES G14, G15): any suits, one value."""
    suits = data.draw(st.lists(st.sampled_from("cdhs"), min_size=5, max_size=5))
    cards = [r + s for r, s in zip(ranks.split(), suits, strict=True)]
    if len(set(cards)) == 5:
        reference = {"K K K K 9": "Kc Kd Kh Ks 9c", "K K K 9 9": "Kc Kd Kh 9s 9c", "K K K 9 8": "Kc Kd Kh 9s 8c"}
        assert ranking.evaluate(parse_cards(cards)) == value(ranking, reference[ranks])


def test_six_to_nine_cards_are_the_best_five() -> None:
    rng = random.Random(6)
    for ranking in SYSTEMS:
        five_of = ranking.five_evaluator()
        for i in range(3000):
            hand = rng.sample(DECK32, 6 + i % 4)
            assert ranking.evaluate(hand) == max(five_of(s) for s in combinations(hand, 5)), format_cards(hand)
        for _ in range(500):  # hands built to reach the slow paths: several pairs, straights with a pair
            ranks = rng.sample(range(5, 13), 3)
            hand = list({r * 4 + s for r in ranks for s in rng.sample(range(4), 2)})
            assert ranking.evaluate(hand) == max(five_of(s) for s in combinations(hand, 5))


def test_described_hands_match_their_values() -> None:
    rng = random.Random(8)
    for ranking in SYSTEMS:
        for _ in range(500):
            hand = ranking.best_hand(rng.sample(DECK32, 6))
            assert ranking.describe(hand.value) == hand.name
            assert ranking.evaluate(list(hand.cards)) == hand.value


# Exact counts over every five-card hand of the 32-card deck, derived from the RULES keys


@cache
def every_five_card_value(ranking: Ranking) -> Counter[int]:
    return Counter(map(ranking.five_evaluator(), combinations(DECK32, 5)))


def _telesina_count() -> int:
    """E-TELESINA keys: straight flush top x suit; quads, full house, trips by rank alone; flush by suit alone;
    straight top x the five suits from the top (not all one suit); two pair by the pairs, the kicker (rank,
    suit) and the highest suit of the top pair (hearts, diamonds or clubs: spades is never the higher of two);
    a pair by its rank, three kickers by (rank, suit) and its highest suit; high card by five (rank, suit)."""
    ranks, straights, suits = 8, 5, 4
    mixed = suits**5 - suits
    no_pair_sets = comb(ranks, 5) - straights
    highest_of_two = 3
    return (
        straights * suits  # straight flush
        + ranks  # four of a kind
        + suits  # flush
        + ranks  # full house
        + straights * mixed  # straight
        + ranks  # three of a kind
        + comb(ranks, 2) * (ranks - 2) * suits * highest_of_two  # two pair
        + ranks * comb(ranks - 1, 3) * suits**3 * highest_of_two  # one pair
        + no_pair_sets * mixed  # high card
    )


def _draw32_count() -> int:
    """E-32DRAW keys: straight flush top x suit; quads, full house, trips by rank alone; flush by five ranks x
    suit; straight top x the top card's suit; two pair, pair and high card by their ranks x one suit."""
    ranks, straights, suits = 8, 5, 4
    no_pair_sets = comb(ranks, 5) - straights
    return (
        straights * suits
        + ranks
        + no_pair_sets * suits
        + ranks
        + straights * suits
        + ranks
        + comb(ranks, 2) * (ranks - 2) * suits
        + ranks * comb(ranks - 1, 3) * suits
        + no_pair_sets * suits
    )


@pytest.mark.parametrize(
    ("ranking", "expected"), [(TELESINA, _telesina_count()), (DRAW32, _draw32_count())], ids=["telesina", "draw32"]
)
def test_distinct_values_over_every_five_card_hand(ranking: Ranking, expected: int) -> None:
    counts = every_five_card_value(ranking)
    assert sum(counts.values()) == comb(32, 5) == 201_376
    assert len(counts) == expected
    assert {TELESINA: 112_944, DRAW32: 2_264}[ranking] == expected
    assert max(counts) == ranking.max_value
