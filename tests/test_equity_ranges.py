"""Hand-range notation (``pokerroom.equity.ranges``): exact counts and combos for hold'em, short deck and Omaha,
the refusals with the term named, and a property: a range is the union of its terms."""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerroom.cards import DECK36, DECK52, parse_cards
from pokerroom.equity.ranges import is_range, parse_range, range_size
from pokerroom.errors import DuplicateCard, InvalidCard, RangeError

Combo = tuple[int, ...]


def combos(*hands: str) -> tuple[Combo, ...]:
    """Exact hands written as text, each sorted high card first, the whole sorted descending."""
    return tuple(sorted((tuple(sorted(parse_cards(h), reverse=True)) for h in hands), reverse=True))


def check_shape(result: tuple[Combo, ...], hole: int, deck: tuple[int, ...] = DECK52) -> None:
    inside = set(deck)
    assert list(result) == sorted(set(result), reverse=True)
    for combo in result:
        assert len(combo) == hole and len(set(combo)) == hole and inside.issuperset(combo)
        assert list(combo) == sorted(combo, reverse=True)


# --- hold'em -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "size"),
    [
        ("QQ+", 18),
        ("AKs", 4),
        ("AKo", 12),
        ("AK", 16),
        ("T9s-65s", 20),
        ("65s-T9s", 20),
        ("22+", 78),
        ("55-22", 24),
        ("ATs+", 16),
        ("KTo+", 36),
        ("AT+", 64),
        ("KQo-K9o", 48),
        ("A5s-A2s", 16),
        ("*", 1326),
        ("any", 1326),
        ("random", 1326),
        ("QQ+,KK", 18),
        ("AKs AKo", 16),
        ("22+,A2s+,K9s+,QTs+,JTs,ATo+,KJo+", 78 + 48 + 16 + 8 + 4 + 48 + 24),
    ],
)
def test_holdem_counts(text: str, size: int) -> None:
    result = parse_range(text)
    assert len(result) == size == range_size(text)
    check_shape(result, 2)


def test_holdem_exact_combos() -> None:
    assert parse_range("AKs") == combos("AsKs", "AhKh", "AdKd", "AcKc") == ((51, 47), (50, 46), (49, 45), (48, 44))
    assert parse_range("QQ") == combos("QsQh", "QsQd", "QsQc", "QhQd", "QhQc", "QdQc")
    assert parse_range("AKo") == combos(*(f"A{a}K{k}" for a in "cdhs" for k in "cdhs" if a != k))
    assert parse_range("QQ+") == parse_range("QQ,KK,AA") == parse_range("AA-QQ")
    assert parse_range("T9s-65s") == parse_range("T9s,98s,87s,76s,65s")
    assert parse_range("KQo-K9o") == parse_range("K9o-KQo") == parse_range("K9o+")
    assert parse_range("ATs+") == parse_range("ATs,AJs,AQs,AKs")
    assert parse_range("55-22") == parse_range("22-55") == parse_range("22,33,44,55")
    assert parse_range("AK") == parse_range("AKs,AKo")


def test_holdem_exact_hands() -> None:
    assert parse_range("AhKh") == ((50, 46),) == parse_range("Ah Kh") == parse_range("KhAh")
    assert parse_range("AhKh,AsKs") == combos("AsKs", "AhKh") == parse_range("AsKs AhKh")
    assert parse_range("A♥K♥") == parse_range("ahkh") == parse_range("AHKH") == ((50, 46),)
    assert parse_range("10h9h") == parse_range("Th9h")
    assert parse_range("AhKh, QQ") == tuple(sorted(((50, 46), *parse_range("QQ")), reverse=True))


def test_holdem_case_and_ten() -> None:
    assert parse_range("aks") == parse_range("AKs") == parse_range("AKS") == parse_range("KAs")
    assert parse_range("Tt") == parse_range("TT") == parse_range("1010") == parse_range("tt")
    assert parse_range("A10s") == parse_range("ATs")
    assert parse_range("ako") == parse_range("AKo")


def test_is_range() -> None:
    assert not is_range("AhKh") and not is_range("Ah Kh") and not is_range("  AhKh ")
    assert is_range("AhKh,AsKs") and is_range("AKs") and is_range("QQ+") and is_range("*")
    assert not is_range("AhKhQdJd", hole=4) and not is_range("Ah Kh Qd Jd", hole=4)
    assert is_range("AhKh", hole=4) and is_range("AA", hole=4)


def test_short_deck() -> None:
    assert len(DECK36) == 36
    pairs = parse_range("22+", deck=DECK36)
    assert len(pairs) == 54 and pairs == parse_range("66+")
    check_shape(pairs, 2, DECK36)
    assert parse_range("A2s+", deck=DECK36) == parse_range("A6s+")
    assert range_size("*", deck=DECK36) == 36 * 35 // 2
    for text in ("22", "A5s-A2s", "2h2d", "AKs,72o"):
        with pytest.raises(RangeError, match=text.split(",")[-1]):
            parse_range(text, deck=DECK36)


# --- Omaha ---------------------------------------------------------------------------------------------------


@cache
def all_four() -> tuple[Combo, ...]:
    return tuple(combinations(range(51, -1, -1), 4))


def brute(pred_ranks: Counter[int], suits: tuple[int, ...] | None = None) -> tuple[Combo, ...]:
    """Every 4-card hand with at least ``pred_ranks`` (rank -> count) and, if given, that suit-count shape."""
    need = list(pred_ranks.items())
    out = []
    for hand in all_four():
        ranks = [c // 4 for c in hand]
        if any(ranks.count(r) < n for r, n in need):
            continue
        if suits is not None and tuple(sorted(Counter(c % 4 for c in hand).values(), reverse=True)) != suits:
            continue
        out.append(hand)
    return tuple(out)


A, K, Q, J = 12, 11, 10, 9


def test_omaha_pairs() -> None:
    aces = parse_range("AA", hole=4)
    assert len(aces) == 6 * (48 * 47 // 2) + 4 * 48 + 1 == 6961
    assert aces == brute(Counter({A: 2})) == parse_range("AAxx", hole=4) == parse_range("A*A*", hole=4)
    check_shape(aces, 4)
    assert range_size("A", hole=4) == len(brute(Counter({A: 1})))


def test_omaha_two_pair_and_suits() -> None:
    assert range_size("AAKK", hole=4) == 36
    assert parse_range("AAKKds", hole=4) == brute(Counter({A: 2, K: 2}), (2, 2))
    assert range_size("AAKKds", hole=4) == 6
    assert parse_range("AAKKss", hole=4) == brute(Counter({A: 2, K: 2}), (2, 1, 1))
    assert parse_range("aakkDS", hole=4) == parse_range("AAKKds", hole=4)
    assert parse_range("AAss", hole=4) == brute(Counter({A: 2}), (2, 1, 1))


def test_omaha_rundown_and_rainbow() -> None:
    rundown = parse_range("AKQJ", hole=4)
    assert rundown == brute(Counter({A: 1, K: 1, Q: 1, J: 1})) and len(rundown) == 256
    rainbow = parse_range("AKQJr", hole=4)
    assert rainbow == brute(Counter({A: 1, K: 1, Q: 1, J: 1}), (1, 1, 1, 1)) == parse_range("AKQJrb", hole=4)
    assert len(rainbow) == 24 and set(rainbow) <= set(rundown)


def test_omaha_exact_and_any() -> None:
    assert parse_range("AhKhQdJd", hole=4) == ((50, 46, 41, 37),) == parse_range("Ah Kh Qd Jd", hole=4)
    assert parse_range("AhKh QdJd", hole=4) == parse_range("JdQdKhAh", hole=4)
    assert parse_range("*", hole=4) == all_four() and len(all_four()) == 270725
    assert parse_range("AA,*", hole=4) == all_four()
    assert range_size("AAKKQ", hole=5) == 6 * 6 * 4
    assert range_size("AhKhQdJdTc", hole=5) == 1


def test_omaha_double_suited_any() -> None:
    suited = parse_range("*ds", hole=4)
    assert suited == parse_range("xxxxds", hole=4) and len(suited) == 6 * (13 * 12 // 2) ** 2
    assert all(sorted(Counter(c % 4 for c in hand).values()) == [2, 2] for hand in suited)
    check_shape(suited, 4)


# --- refusals ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "hole", "error", "named"),
    [
        ("QQ++", 2, RangeError, "QQ++"),
        ("AKx", 2, RangeError, "AKx"),
        ("T9s-65o", 2, RangeError, "T9s-65o"),
        ("T9s-A2s", 2, RangeError, "T9s-A2s"),
        ("KQo-J9o", 2, RangeError, "KQo-J9o"),
        ("QQ-AKs", 2, RangeError, "QQ-AKs"),
        ("QQs", 2, RangeError, "QQs"),
        ("ZZ", 2, RangeError, "ZZ"),
        ("QQ+,ZZ", 2, RangeError, "ZZ"),
        ("", 2, RangeError, "empty"),
        (" , ", 2, RangeError, "empty"),
        ("AhAh", 2, DuplicateCard, "Ah"),
        ("AhKz", 2, InvalidCard, "AhKz"),
        ("AhZh", 2, InvalidCard, "Zh"),
        ("AhKh+", 2, RangeError, "AhKh+"),
        ("AhKh,AhAh", 2, DuplicateCard, "Ah"),
        ("AhKhQd", 2, RangeError, "AhKhQd"),
        ("Ah", 2, RangeError, "Ah"),
        ("Ah,Kh", 2, RangeError, "Ah"),
        ("AKs", 4, RangeError, "hold'em"),
        ("QQ+", 4, RangeError, "QQ+"),
        ("T9s-65s", 4, RangeError, "T9s-65s"),
        ("AhKhQd", 4, RangeError, "AhKhQd"),
        ("AhKhQdJdTc", 4, RangeError, "AhKhQdJdTc"),
        ("AAKKQ", 4, RangeError, "AAKKQ"),
        ("AAKKds", 5, RangeError, "ds"),
        ("AAKKQr", 5, RangeError, "AAKKQr"),
        ("AAAAds", 4, RangeError, "AAAAds"),
        ("AAZZ", 4, RangeError, "AAZZ"),
        ("AK", 1, RangeError, "hole=1"),
    ],
)
def test_refusals(text: str, hole: int, error: type[Exception], named: str) -> None:
    with pytest.raises(error) as info:
        parse_range(text, hole=hole)
    assert named in str(info.value)


def test_refusal_says_what_is_allowed() -> None:
    with pytest.raises(RangeError, match=r"pairs \(QQ, QQ\+, 55-22\)"):
        parse_range("AKx")
    with pytest.raises(RangeError, match="AAKKds"):
        parse_range("AKs", hole=4)


# --- property: a range is the union of its terms -------------------------------------------------------------

HOLDEM_TERMS = [
    "AA", "QQ+", "55-22", "88-TT", "AKs", "AKo", "AK", "ATs+", "KTo+", "AT+", "T9s-65s", "KQo-K9o", "A5s-A2s",
    "J9s-75s", "76", "aks", "Tt", "AhKh", "7c2d", "Ah Kh", "9s8s", "K2o", "32s",
]  # fmt: skip
OMAHA_TERMS = ["AAKK", "AAKKds", "KKQQss", "AKQJr", "AhKhQdJd", "2c3c4d5d", "JJTT", "AKQJds", "9876rb", "TT99"]


def _usable(terms: list[str], hole: int, deck: tuple[int, ...]) -> list[str]:
    out = []
    for term in terms:
        try:
            parse_range(term, hole=hole, deck=deck)
        except RangeError:
            continue
        out.append(term)
    return out


CASES = [
    (2, DECK52, _usable(HOLDEM_TERMS, 2, DECK52)),
    (2, DECK36, _usable(HOLDEM_TERMS, 2, DECK36)),
    (4, DECK52, _usable(OMAHA_TERMS, 4, DECK52)),
]


@settings(max_examples=120, deadline=None)
@given(data=st.data())
def test_range_is_union_of_terms(data: st.DataObject) -> None:
    hole, deck, pool = data.draw(st.sampled_from(CASES))
    terms = data.draw(st.lists(st.sampled_from(pool), min_size=1, max_size=6))
    seps = data.draw(st.lists(st.sampled_from([",", ", ", " ", " ,  "]), min_size=len(terms), max_size=len(terms)))
    text = "".join(t + s for t, s in zip(terms, seps, strict=True))
    result = parse_range(text, hole=hole, deck=deck)
    union: set[Combo] = set()
    for term in terms:
        union.update(parse_range(term, hole=hole, deck=deck))
    assert result == tuple(sorted(union, reverse=True))
    check_shape(result, hole, deck)
