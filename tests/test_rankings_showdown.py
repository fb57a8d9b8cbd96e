"""The ranking API the commands and the engine use: :func:`compare`, :func:`rank`, :func:`winners`, the hi/lo
helpers, Omaha's two-plus-three for every ranking, the registry (ids, RULES titles, aliases), typed refusals,
lazy tables and their memory (DESIGN.md: all rankings together under 64 MB)."""

from __future__ import annotations

import dataclasses
import random
import sys
from itertools import combinations, product

import pytest

from pokerroom import rankings
from pokerroom.cards import DECK32, DECK36, format_cards, parse_cards
from pokerroom.errors import DuplicateCard, InvalidCard, PokerroomError, UnsupportedRule
from pokerroom.rankings import (
    A5_LOW_8,
    HIGH,
    TELESINA,
    Category,
    Comparison,
    Ranking,
    best_omaha,
    compare,
    find,
    hi_lo,
    ids,
    omaha_hi_lo,
    omaha_value,
    rank,
    winners,
)

IDS = (
    "high", "short-deck", "a5-low", "a5-low-8", "a6-low", "27-low", "soko", "americana", "telesina", "draw32",
    "6plus-trips",
)  # fmt: skip
TITLES = ("E-HIGH", "E-SHORT", "E-LOW-CLUB", "E-LOW-8", "E-LOW-A6", "E-LOW-27", "E-SOKO", "E-AMERICANA", "E-TELESINA")


def deck_of(ranking: Ranking) -> list[int]:
    return [c for c in range(52) if c >> 2 in ranking.ordering.ranks]


def test_registry_has_every_system_under_its_id_and_title() -> None:
    assert ids() == IDS
    for ranking_id, title in zip(IDS, (*TITLES, "E-32DRAW", "E-6PLUS"), strict=True):
        assert find(ranking_id).id == ranking_id and find(title) is find(ranking_id)
        assert find(title.lower().replace("-", "_")) is find(ranking_id)
    assert find("razz").id == "a5-low"
    with pytest.raises(UnsupportedRule, match="telesina"):
        find("badugi")
    for name in rankings.__all__:
        assert hasattr(rankings, name)


def test_rank_gives_value_name_and_five_cards() -> None:
    hand = rank("high", "As Ks Qs Js Ts 2c 3d")
    assert (hand.value, hand.name, format_cards(hand.cards, sep=" ")) == (7462, "royal flush", "As Ks Qs Js Ts")
    low = rank("razz", "Kd 8s 6d 4c 2h Ac Kc")
    assert low.name == "eight-six low" and format_cards(low.cards, sep=" ") == "8s 6d 4c 2h Ac"
    none = rank("a5-low-8", "Kd 9s 6d 4c 2h Tc Kc")
    assert (none.value, none.name, none.cards, none.category) == (0, "no low", (), Category.NO_HAND)
    assert rank(TELESINA, "Ah Kh Qh Jh Th 7c").name == "royal flush, hearts"


def test_compare_hands_alone_with_a_board_and_omaha() -> None:
    result = compare("high", ["Ah Kh Qh Jh Th", "2c 2d 2h 2s 3c"])
    assert isinstance(result, Comparison) and result.winners == (0,) and result.ranking == "high"
    assert result.names == ("royal flush", "four of a kind, deuces")
    assert result.values == (7462, HIGH.evaluate(parse_cards("2c 2d 2h 2s 3c")))
    # T20c: the board plays, a split.
    split = compare("high", ["Ah 8h", "As Qc"], board="Jd 7h Jc Kh Ks")
    assert split.winners == (0, 1) and split.names == ("two pair, kings and jacks",) * 2
    # T12: Omaha, exactly two hole cards.
    omaha = compare("high", ["Qh Js Jd 9c", "5s 3d 8c 8d"], board="Ah Kh 7h 4h 2c", omaha=True)
    assert omaha.winners == (1,) and omaha.names == ("one pair, jacks", "straight, five high")
    assert [format_cards(h.cards, sep=" ") for h in omaha.hands][1] == "5s 4h 3d 2c Ah"
    # Telesina: the Vela as a one-card board.
    assert compare("telesina", ["Kh Ks Qc Qd 7s", "Kd Kc Qh Qs 8d"], board="Ac").winners == (0,)
    assert result.to_dict() == {
        "ranking": "high",
        "winners": [0],
        "names": ["royal flush", "four of a kind, deuces"],
        "values": list(result.values),
        "cards": [["Ah", "Kh", "Qh", "Jh", "Th"], ["2s", "2h", "2d", "2c", "3c"]],
    }


def test_compare_refusals_are_typed() -> None:
    with pytest.raises(DuplicateCard):
        compare("high", ["As Ks", "As Qs"], board="2c 3c 4d 9h Jd")
    with pytest.raises(DuplicateCard):
        compare("high", ["As Ks", "2c Qs"], board="2c 3c 4d 9h Jd")
    with pytest.raises(PokerroomError, match="needs a board"):
        compare("high", ["As Ks Qs Js"], omaha=True)
    with pytest.raises(PokerroomError, match="Omaha hole"):
        compare("high", ["As Ks Qs"], board="2c 3c 4d", omaha=True)
    with pytest.raises(PokerroomError, match="at least one hand"):
        compare("high", [])
    with pytest.raises(PokerroomError, match="5 to 9 cards"):
        compare("high", ["As Ks Qs Js"])
    with pytest.raises(InvalidCard):
        compare("americana", ["As Ks Qs Js 2s"])
    with pytest.raises(UnsupportedRule):
        compare("no-such", ["As Ks Qs Js Ts"])


def test_winners_and_hi_lo_helpers() -> None:
    assert winners([3, 7, 7, 1]) == (1, 2) and winners([0, 0]) == () and winners([]) == ()
    cards = parse_cards("As 2s 3s 4s 5s Kd Kc")
    assert hi_lo(cards) == (HIGH.evaluate(cards), A5_LOW_8.max_value)
    high, low = omaha_hi_lo(parse_cards("Ah 2h Kd Qd"), parse_cards("3c 5d 8s Kh Jc"))
    assert high == omaha_value(parse_cards("Ah 2h Kd Qd"), parse_cards("3c 5d 8s Kh Jc"))
    assert low == A5_LOW_8.evaluate(parse_cards("8s 5d 3c 2h Ah"))


@pytest.mark.parametrize("ranking_id", IDS)
def test_omaha_two_plus_three_for_every_ranking(ranking_id: str) -> None:
    """Every ranking, 4 to 6 hole cards and 3 to 5 board cards: the best of every two-plus-three."""
    ranking = find(ranking_id)
    five = ranking.five_evaluator()
    rng = random.Random(ranking_id)
    deck = deck_of(ranking)
    for i in range(300):
        holes, board_size = 4 + i % 3, 3 + i % 3
        cards = rng.sample(deck, holes + board_size)
        hole, board = cards[:holes], cards[holes:]
        best = max(five(a + b) for a, b in product(combinations(hole, 2), combinations(board, 3)))
        assert omaha_value(hole, board, ranking) == best, format_cards(cards)
        if i % 10 == 0:
            described = best_omaha(hole, board, ranking)
            assert described.value == best
            if best:
                assert len(set(described.cards) & set(hole)) == 2


def test_no_omaha_low_is_described_as_none() -> None:
    hand = best_omaha("Ah 2h Kd Qd", "Ks Qs 9c 7h Jd", A5_LOW_8)
    assert (hand.value, hand.name, hand.cards) == (0, "no low", ())


def _deep_size(obj: object, seen: set[int]) -> int:
    """Bytes held by ``obj`` and everything it references (objects counted once)."""
    if id(obj) in seen:
        return 0
    seen.add(id(obj))
    size = sys.getsizeof(obj)
    if isinstance(obj, dict):
        size += sum(_deep_size(k, seen) + _deep_size(v, seen) for k, v in obj.items())
    elif isinstance(obj, (list, tuple, set)):
        size += sum(_deep_size(x, seen) for x in obj)
    elif dataclasses.is_dataclass(obj):
        size += sum(_deep_size(getattr(obj, f.name), seen) for f in dataclasses.fields(obj))
    return size


def test_tables_are_lazy_and_all_of_them_fit_in_64_mb() -> None:
    fresh = [Ranking(find(r).ordering) for r in IDS]
    assert all(r._tables is None for r in fresh)
    for ranking in fresh:
        ranking.evaluate(deck_of(ranking)[:5])
    assert all(r._tables is not None for r in fresh)
    seen: set[int] = set()
    held = sum(_deep_size(r.tables(), seen) for r in fresh)
    assert held < 64 * 2**20, f"{held / 2**20:.1f} MB"


@pytest.mark.parametrize("ranking_id", IDS)
def test_values_larger_is_better_and_names_for_every_value(ranking_id: str) -> None:
    ranking = find(ranking_id)
    rng = random.Random(ranking_id + "names")
    deck = deck_of(ranking)
    for _ in range(300):
        hand = ranking.best_hand(rng.sample(deck, 7))
        assert hand.value == 0 or ranking.describe(hand.value) == hand.name
        assert hand.value <= ranking.max_value
    top = ranking.describe(ranking.max_value)
    assert isinstance(top, str) and top
    with pytest.raises(PokerroomError):
        ranking.describe(ranking.max_value + 1)
    with pytest.raises(PokerroomError):
        ranking.category(-1)


def test_short_and_32_card_decks_refuse_other_cards() -> None:
    assert set(deck_of(find("short-deck"))) == set(DECK36)
    assert set(deck_of(find("telesina"))) == set(DECK32) == set(deck_of(find("draw32")))
    for ranking_id in ("short-deck", "americana", "telesina", "draw32"):
        with pytest.raises(InvalidCard):
            rank(ranking_id, "As Ks Qs Js 2s")
