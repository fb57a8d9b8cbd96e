"""Sökö (RULES G8; §6.1-§6.5; §7.8 SK-1; TRAPS T21) played with exact chips, cards and turns.

Cards are scripted per seat in deal order: the down card, then the four up cards.  The dealer box is the
``button`` seat; the deal starts left of it.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from handtools import check_round, pots, shown
from pokerroom.cards import DECK52, parse_cards
from pokerroom.engine import Action, EventType, Hand, ScriptedCards
from pokerroom.errors import UnsupportedRule
from pokerroom.games import Game, Limit, find
from pokerroom.games.base import Opener
from pokerroom.games.soko import SokoShowing, showing_soko

F, C, K = Action.fold(), Action.call(), Action.check()
BRING = Action.post_bring_in()
B, R = Action.bet, Action.raise_to

SOKO = find("soko")


def deal(
    hole: dict[int, str],
    *,
    game: Game = SOKO,
    button: int | None = None,
    ante: int = 2,
    stacks: list[int] | None = None,
    limit: str = "fixed",
    small_bet: int = 10,
) -> Hand:
    n = len(hole)
    return game.deal(
        stacks=stacks or [100] * n,
        button=n - 1 if button is None else button,
        ante=ante,
        betting=game.betting(limit, big_blind=small_bet),
        cards=ScriptedCards(hole),
    )





# ---------------------------------------------------------------- the declaration


def test_declaration() -> None:
    assert find("sökö") is SOKO and find("canadian-stud") is SOKO
    assert SOKO.deck == DECK52 and SOKO.max_players == 8 and SOKO.hole_cards == 5
    assert [(s.hole, s.up, s.board, s.opener) for s in SOKO.streets] == [
        (1, 1, 0, Opener.BRING_IN),
        (0, 1, 0, Opener.SHOWING),
        (0, 1, 0, Opener.SHOWING),
        (0, 1, 0, Opener.SHOWING),
    ]
    assert SOKO.default_limit is Limit.FIXED and set(SOKO.limits) == {Limit.FIXED, Limit.POT, Limit.NO}
    assert SOKO.betting("fixed", big_blind=10).bet_sizes == (10, 10, 20, 20)  # RULES §6.4: S S B B
    with pytest.raises(UnsupportedRule):
        SOKO.betting("spread", big_blind=10)
    with pytest.raises(UnsupportedRule, match="2 to 8"):
        SOKO.deal(stacks=[100] * 9, ante=1)


def test_house_rules_and_their_defaults() -> None:
    assert SOKO.rule_value("showing_four_flush_straight") is SokoShowing.COUNT
    assert SOKO.rule_value("show_first_when_checked") is Opener.SHOWING
    assert SOKO.rule_value("open_pair_big_bet") is False
    # A choice given as its text (as on a command line) becomes the choice itself.
    assert SOKO.with_rules(show_first_when_checked="button").show_first is Opener.BUTTON
    assert SOKO.with_rules(showing_four_flush_straight="ignore").stud.showing_key is SokoShowing.IGNORE
    with pytest.raises(UnsupportedRule, match="choices: count, ignore"):
        SOKO.with_rules(showing_four_flush_straight="maybe")


# ---------------------------------------------------------------- the bring-in


def test_sk1_equal_kings_spades_brings_in_at_twice_the_ante() -> None:
    h = deal({0: "2c" + "Kh", 1: "3c" + "Ks", 2: "4c" + "Qs"})
    assert h.pot_total == 6 and h.bring_in == 4
    assert h.to_act == 1
    legal = h.legal_actions()
    assert legal is not None and (legal.bring_in, legal.bet, legal.fold, legal.check) == (4, (10, 10), False, False)


@pytest.mark.parametrize(
    ("doors", "seat"),
    [
        (("Kd", "Kc", "Kh"), 2),  # hearts over diamonds over clubs
        (("Kd", "Kc", "Qs"), 0),
        (("Ah", "Ks", "2s"), 0),  # the ace is high; the rank comes before the suit
        (("9c", "9d", "8s"), 1),
    ],
)
def test_highest_door_card_brings_in_spades_hearts_diamonds_clubs(doors: tuple[str, ...], seat: int) -> None:
    downs = ("2c", "3c", "4c") if "2c" not in doors else ("3d", "4d", "5d")
    h = deal({k: downs[k] + door for k, door in enumerate(doors)})
    assert h.to_act == seat


@pytest.mark.parametrize("limit", ["pot", "no"])
def test_highest_card_brings_in_at_every_limit(limit: str) -> None:
    h = deal({0: "2c" + "Kh", 1: "3c" + "Ks", 2: "4c" + "Qs"}, limit=limit)
    assert h.to_act == 1
    legal = h.legal_actions()
    assert legal is not None and legal.bring_in == 4 and legal.bet is not None


def test_an_unknown_door_card_never_brings_in() -> None:
    h = deal({0: "2c" + "2d", 1: "3c" + "3d"} | {2: "??" + "??"})
    assert h.to_act == 1


def test_the_bring_in_without_an_ante_is_half_the_small_bet() -> None:
    h = deal({0: "2c" + "Kh", 1: "3c" + "Ks"}, ante=0)
    assert h.bring_in == 5


def test_fixed_limit_completion_and_bet_sizes_small_small_big_big() -> None:
    h = deal({0: "2c" + "Kh" + "3h" + "4h" + "5h", 1: "3c" + "Ks" + "7d" + "8d" + "9d"})
    h.act(B(10), 1)  # completes to the small bet
    legal = h.legal_actions()
    assert legal is not None and legal.seat == 0 and (legal.call, legal.raise_) == (10, (20, 20))
    h.act(C, 0)
    sizes = []
    for _ in range(3):
        legal = h.legal_actions()
        assert legal is not None and legal.bet is not None
        sizes.append(legal.bet)
        check_round(h)
    assert sizes == [(10, 10), (20, 20), (20, 20)]
    assert h.is_complete


# ---------------------------------------------------------------- later rounds: the best showing hand


@pytest.mark.parametrize(("button", "first"), [(2, 0), (0, 1)])
def test_equal_showing_hands_go_clockwise_from_the_box_suits_do_not_count(button: int, first: int) -> None:
    hole = {0: "2c" + "Kh" + "Qd", 1: "3c" + "Ks" + "Qc", 2: "4c" + "9s" + "8s"}
    h = deal(hole, button=button)
    assert h.to_act == 1  # Ks over Kh brings in
    h.act(BRING, 1)
    for _ in range(2):
        h.act(C, h.to_act)
    assert h.street == 1 and h.pot_total == 6 + 12
    assert h.to_act == first  # K-Q showing twice: the first clockwise from the box


def test_a_showing_pair_beats_high_cards_and_trips_beat_a_pair() -> None:
    hole = {0: "2c" + "As" + "Kd" + "Qh", 1: "3c" + "7d" + "7h" + "2h", 2: "4c" + "5s" + "5d" + "5h"}
    h = deal(hole)
    assert h.to_act == 0  # the ace brings in
    h.act(BRING, 0)
    h.act(C, 1)
    h.act(C, 2)
    assert h.to_act == 1  # 7-7 over A-K and 5-... (5s 5d is a pair of fives, lower)
    check_round(h)
    assert h.to_act == 2  # 5-5-5 over 7-7-2 and A-K-Q


def _t21(extra: bool = False) -> dict[int, str]:
    # TRAPS T21: p1 K♥ 9♥ 6♥ 2♥ 8♣ (four-flush), p2 5♠ 6♦ 7♣ 8♦ K♠ (four-straight), p3 A♠ A♦ 9♣ 4♦ 2♣ (pair);
    # p4 3♣ 3♦ 5♥ 5♣ J♠ (two pair).  The down card first, then the four up cards.
    hole = {0: "8c" + "Kh9h6h2h", 1: "Ks" + "5s6d7c8d", 2: "2c" + "AsAd9c4d"}
    if extra:
        hole[3] = "3c" + "3d5h5cJs"
    return hole


def _play_t21(h: Hand) -> None:
    """Ante 10 (bring-in 20 = the small bet), everybody calls; round 2: the aces bet 20, all call; then checks."""
    n = h.n
    assert h.to_act == 2  # A♠ brings in
    h.act(BRING, 2)
    for _ in range(n - 1):
        h.act(C, h.to_act)
    assert h.street == 1 and h.to_act == 2  # A-A showing
    h.act(B(20), 2)
    for _ in range(n - 1):
        h.act(C, h.to_act)
    assert h.street == 2 and h.to_act == 2  # A-A-9
    check_round(h)
    assert h.street == 3


def test_t21_four_flush_beats_four_straight_beats_a_pair_in_a_played_hand() -> None:
    h = deal(_t21(), ante=10, small_bet=20)
    _play_t21(h)
    assert h.to_act == 0  # four up cards: the four-flush showing opens, over the four-straight and the aces
    check_round(h)
    assert h.is_complete
    assert shown(h) == [0, 1, 2]  # checked through: the highest open hand (the four-flush) shows first
    assert pots(h) == [(150, ((0, 150),))]
    assert h.stacks == [200, 50, 50]


def test_t21_four_players_two_pair_beats_the_four_flush() -> None:
    h = deal(_t21(extra=True), ante=10, small_bet=20)
    _play_t21(h)
    assert h.to_act == 0  # the four-flush showing beats p4's showing pair of fives
    check_round(h)
    assert pots(h) == [(200, ((3, 200),))]
    assert h.stacks == [50, 50, 50, 250]


def test_a_g8_2_ignoring_showing_four_flushes_and_straights() -> None:
    game = SOKO.with_rules(showing_four_flush_straight="ignore")
    h = deal(_t21(), game=game, ante=10, small_bet=20)
    _play_t21(h)
    assert h.to_act == 2  # the pair of aces now opens the last round ...
    check_round(h)
    assert shown(h) == [2, 0, 1]  # ... and shows first; the four-flush still wins at the showdown
    assert h.stacks == [200, 50, 50]


def test_showing_soko_partial_ranking() -> None:
    def key(cards: str) -> tuple[int, ...]:
        return showing_soko(parse_cards(cards))

    order = ["5c 5d 5h 5s", "9c 9d 9h 2s", "9c 9d 2h 2s", "Kh 9h 6h 2h", "Ah Kd Qc Js", "5s 6d 7c 8d",
             "Ac 2d 3h 4s", "Ac Ad 4h 2s", "Ac Kd Qh 9s"]  # fmt: skip
    keys = [key(c) for c in order]
    assert keys == sorted(keys, reverse=True) and len(set(keys)) == len(keys)
    assert key("9s 8s 7s 6s") > key("Ah Kd Qc Js")  # a four-card straight flush counts as a four-flush
    assert key("Kh 9h 6h 2h") == key("Ks 9s 6s 2s")  # suits never break ties
    assert key("Ah Kd") < key("2c 2d") < key("3c 3d")  # with two up cards, pairs beat high cards
    assert key("As Ks Qs") < key("2c 2d 3h")
    assert key("Jc Qd Kh As") > key("Ac 2d 3h 4s")  # J-Q-K-A is the top run, A-2-3-4 the lowest
    assert key("Qc Kd Ah 2s") < key("2c 2d 4h 7s")  # nothing wraps: Q-K-A-2 is ace high, below a pair
    assert showing_soko([-1, -1]) == ()


# ---------------------------------------------------------------- the showdown


def test_last_bettor_shows_first() -> None:
    h = deal(_t21(), ante=10, small_bet=20)
    _play_t21(h)
    h.act(K, 0)
    h.act(B(40), 1)
    h.act(C, 2)
    h.act(F, 0)
    assert shown(h) == [1, 2]
    assert pots(h) == [(230, ((1, 230),))]  # the four-straight beats the pair of aces
    assert h.stacks == [50, 240, 10]


@pytest.mark.parametrize(("rule", "order"), [(Opener.SHOWING, [0, 1, 2]), ("button", [1, 2, 0])])
def test_a_g8_4_show_order_when_the_last_round_is_checked(rule: object, order: list[int]) -> None:
    # The box at seat 0: the first player clockwise from it is seat 1; the highest open hand is seat 0's.
    game = SOKO.with_rules(show_first_when_checked=rule)
    h = deal(_t21(), game=game, button=0, ante=10, small_bet=20)
    _play_t21(h)
    check_round(h)
    assert shown(h) == order
    assert h.stacks == [200, 50, 50]


@pytest.mark.parametrize(("button", "split"), [(1, ((0, 5), (1, 4))), (0, ((1, 5), (0, 4)))])
def test_tied_hands_split_the_odd_chip_to_the_first_clockwise_from_the_box(
    button: int, split: tuple[tuple[int, int], ...]
) -> None:
    # Identical four-straights 5-6-7-8 with a king (SK-5's shape, the same fifth card): a split; seat 2's pair
    # of twos loses to both (TRAPS T21).
    hole = {0: "Kc" + "5c6d7h8s", 1: "Kd" + "5d6c7s8h", 2: "2c" + "9s3d4c2d"}
    h = deal(hole, ante=1, small_bet=2, button=button)
    assert h.to_act == 2 and h.bring_in == 2  # the nine brings in
    h.act(BRING, 2)
    h.act(C, h.to_act)
    h.act(C, h.to_act)
    while not h.is_complete:
        h.act(K, h.to_act)
    assert pots(h) == [(9, split)]
    assert sum(h.stacks) == 300 and h.stacks[2] == 97


def test_a_g8_3_open_pair_big_bet_on_the_second_round() -> None:
    hole = {0: "2c" + "As" + "Ad", 1: "3c" + "Kd" + "Qh"}
    for on, amounts in ((False, None), (True, (10, 20))):
        h = deal(hole, game=SOKO.with_rules(open_pair_big_bet=on))
        h.act(BRING, 0)
        h.act(C, 1)
        assert h.to_act == 0
        legal = h.legal_actions()
        assert legal is not None and legal.amounts == amounts
        assert legal.bet == ((10, 20) if on else (10, 10))


# ---------------------------------------------------------------- random legal play


@pytest.mark.parametrize("limit", list(SOKO.limits))
def test_random_legal_play_conserves_chips(limit: Limit, play_randomly: Callable[[Game, Limit, int], Hand]) -> None:
    showdowns = 0
    for seed in range(120):
        h = play_randomly(SOKO, limit, seed)
        showdowns += any(e.type is EventType.SHOW for e in h.events)
        dealt = [c for cards in h.hole for c in cards]
        assert len(dealt) == len(set(dealt)) and not h.board
    assert showdowns > 50
