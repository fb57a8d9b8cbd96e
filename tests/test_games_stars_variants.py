"""PokerStars' games the registry deals for reading its hand histories (issue 21): six-card Omaha (after RULES G6),
Courchevel and Courchevel hi/lo (five-card Omaha with the first flop card before the preflop betting, after G6 and
G7) and 6+ hold'em ranked by E-6PLUS (three of a kind over a straight, a flush over a full house; after G5 and
E-SHORT), its button blind and antes laid out by the engine's ordinary blinds."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from handtools import check_round, pots
from pokerroom.cards import parse_cards
from pokerroom.engine import Action, EventType, Hand, ScriptedCards
from pokerroom.engine.results import hand_name
from pokerroom.errors import UnsupportedRule
from pokerroom.formats.phh import dumps, loads
from pokerroom.formats.phh_hand import from_hand
from pokerroom.formats.replay import replay
from pokerroom.games import Betting, Limit, find
from pokerroom.rankings import SHORT_DECK, SIX_PLUS, Category
from pokerroom.rankings import find as find_ranking

C, K, F = Action.call(), Action.check(), Action.fold()
STARS_GAMES = ("omaha6", "courchevel", "courchevel8", "6plus")


def deal(game_id: str, hole: dict[int, str], board: str, stacks: list[int], **kw: object) -> Hand:
    """A pot-limit 1/2 hand of ``game_id`` with the button on the last seat and the cards given."""
    return find(game_id).deal(
        stacks=stacks, button=len(stacks) - 1, blinds=(1, 2), betting=Betting.pot_limit(2),
        cards=ScriptedCards(hole, board), **kw,  # type: ignore[arg-type]
    )  # fmt: skip


# ------------------------------------------------------------------------------------------------- the registry


def test_the_stars_games_are_declared_as_pokerstars_deals_them() -> None:
    omaha6, courchevel, courchevel8, six_plus = (find(g) for g in STARS_GAMES)
    assert (omaha6.hole_cards, omaha6.max_players, omaha6.limits, find("plo6")) == (6, 6, (Limit.POT,), omaha6)
    assert [(s.name, s.hole, s.board, s.betting) for s in courchevel.streets] == [
        ("preflop", 5, 1, True), ("flop", 0, 2, True), ("turn", 0, 1, True), ("river", 0, 1, True),
    ]  # fmt: skip
    assert courchevel8.streets == courchevel.streets and len(courchevel8.shares) == 2
    assert (courchevel.max_players, courchevel.limits, courchevel8.limits) == (9, (Limit.POT,), (Limit.POT,))
    assert courchevel8.rule_value("odd_chips_to_high") is False
    assert (len(six_plus.deck), six_plus.max_players, six_plus.default_limit) == (36, 9, Limit.NO)
    assert six_plus.limits == (Limit.NO, Limit.POT, Limit.FIXED)
    assert six_plus.shares[0].ranking is SIX_PLUS
    # the short deck keeps its names (PHH code NS): 6+ is a game of its own
    assert find("six-plus") is find("6-plus") is find("short-deck") is not six_plus
    assert find_ranking("6-plus") is SHORT_DECK and find_ranking("E-6PLUS") is find_ranking("6plus-trips") is SIX_PLUS


def test_omaha6_seats_six_players_and_no_more() -> None:
    with pytest.raises(UnsupportedRule, match="omaha6 seats 2 to 6 players, not 7"):
        find("omaha6").deal(stacks=[100] * 7, seed=1)
    h = find("omaha6").deal(stacks=[100] * 6, seed=1)
    assert [len(cards) for cards in h.hole] == [6] * 6


def test_pokerroom_games_lists_the_stars_games() -> None:
    from pokerroom.cli import app

    result = CliRunner().invoke(app, ["games"])
    assert result.exit_code == 0, result.output
    rows = {line.split()[0]: line.split() for line in result.stdout.splitlines() if line.strip()}
    assert rows["omaha6"][-1] == "plo6" and "2-6" in rows["omaha6"]
    assert "2-9" in rows["courchevel"] and "2-9" in rows["courchevel8"] and "36" in rows["6plus"]


def test_pokerroom_rules_courchevel_shows_the_board_card_on_the_first_street() -> None:
    from pokerroom.cli import app

    out = CliRunner().invoke(app, ["rules", "courchevel"]).stdout
    preflop = next(line.split() for line in out.splitlines() if line.startswith("  1  preflop"))
    assert preflop[2:5] == ["5", "-", "1"], out  # five down, none up, one board card


# ------------------------------------------------------------------------------------------------- six-card Omaha


def test_omaha6_hand_uses_exactly_two_hole_cards() -> None:
    # Seat 0's one heart makes no flush on a four-heart board (hold'em would give it a king-high flush); seat 1's
    # two deuces with the board's deuce are three of a kind and win.
    h = deal("omaha6", {0: "KhKsKd3c4d5s", 1: "2d2sQcJc3s4s", 2: "TcTd6c6d5c5d"}, "Ah9h8h7h2c", [100, 100, 100])
    assert (h.stacks, h.bets, h.to_act) == ([99, 98, 100], [1, 2, 0], 2)  # blinds 1 and 2, the button to act
    h.act(F, 2)
    h.act(C, 0)
    assert h.to_act == 1
    h.act(K, 1)
    assert (h.street, h.to_act, h.board) == (1, 0, parse_cards("Ah9h8h"))
    h.act(Action.bet(4), 0)  # the pot: 4
    h.act(Action.raise_to(16), 1)  # call 4, then the pot of 12 more
    h.act(C, 0)
    check_round(h)
    check_round(h)
    assert h.is_complete and pots(h) == [(36, ((1, 36),))]
    assert h.stacks == [82, 118, 100]
    assert hand_name(find("omaha6"), h.hole[1], h.board) == "three of a kind, deuces"
    assert hand_name(find("omaha6"), h.hole[0], h.board) == "one pair, kings"


# ------------------------------------------------------------------------------------------------- Courchevel


def test_courchevel_shows_the_first_flop_card_before_the_preflop_betting() -> None:
    hole = {0: "KhKd5c4c3c", 1: "2c2d9s8s7s", 2: "AsAhQsJs9d"}
    h = deal("courchevel", hole, "Ks Qd7c 3h 2s", [100, 100, 100])
    ks = parse_cards("Ks")
    assert (h.street, h.round_index, h.to_act, h.board) == (0, 0, 2, ks)
    for seat in (None, 0, 1, 2):
        view = h.view(seat)
        assert (view.street, view.board, view.to_act) == ("preflop", tuple(ks), 2)
    kinds = [e.type for e in h.events]
    assert kinds.index(EventType.DEAL_BOARD) > max(i for i, k in enumerate(kinds) if k is EventType.DEAL_HOLE)
    h.act(C, 2)
    h.act(C, 0)
    h.act(K, 1)
    assert (h.street, h.to_act, h.board) == (1, 0, parse_cards("Ks Qd 7c"))  # two more make the flop
    h.act(Action.bet(6), 0)  # the pot: 6
    h.act(F, 1)
    h.act(C, 2)
    assert (h.street, h.to_act, h.board) == (2, 0, parse_cards("Ks Qd 7c 3h"))
    check_round(h)
    check_round(h)
    # seat 0: Kh Kd with Ks, three kings; seat 2: As Ah, a pair of aces
    assert h.is_complete and pots(h) == [(18, ((0, 18),))]
    assert h.stacks == [110, 98, 92]


def test_courchevel8_splits_high_and_low() -> None:
    # Heads-up, the button (seat 0) posts the small blind and acts first preflop.  Seat 0: low 8-4-3-2-A from
    # Ac 2c; seat 1: three kings, and no low (one card of eight or lower in the hand).
    h = find("courchevel8").deal(
        stacks=[100, 100], button=0, blinds=(1, 2), betting=Betting.pot_limit(2),
        cards=ScriptedCards({0: "Ac2c9h9dTs", 1: "KsKdJcJh6h"}, "3d 4s8c Kh Qs"),
    )  # fmt: skip
    assert (h.to_act, h.board, h.stacks) == (0, parse_cards("3d"), [99, 98])
    h.act(C, 0)
    h.act(K, 1)
    assert h.to_act == 1
    h.act(Action.bet(3), 1)
    h.act(C, 0)
    check_round(h)
    check_round(h)
    assert h.is_complete and pots(h) == [(10, ((1, 5), (0, 5)))]
    assert h.stacks == [100, 100]
    assert hand_name(find("courchevel8"), h.hole[0], h.board) == "one pair, nines; eight-four low"


# ------------------------------------------------------------------------------------------------- 6+ hold'em


def test_six_plus_ranking_puts_trips_over_a_straight_and_a_flush_over_a_full_house() -> None:
    trips, straight, flush, full_house, wheel, two_pair = (
        SIX_PLUS.evaluate(parse_cards(cards))
        for cards in ("6c 6d 6h Jc Ah", "7s 8h 9c Td Jh", "Ah Kh Jh 8h 7h", "8c 8d 8h 6h 6s", "As 6d 7h 8c 9d",
                      "Ac Ad Kc Kd Qs")
    )  # fmt: skip
    assert two_pair < wheel < straight < trips < full_house < flush
    assert SIX_PLUS.best_hand("As 6d 7h 8c 9d").name == "straight, nine high"
    assert SIX_PLUS.best_hand("6c 6d 6h Jc Ah 7s 8h").category is Category.THREE_OF_A_KIND
    # E-SHORT, the short deck's: the straight still beats three of a kind
    assert SHORT_DECK.evaluate(parse_cards("7s 8h 9c Td Jh")) > SHORT_DECK.evaluate(parse_cards("6c 6d 6h Jc Ah"))


def test_six_plus_button_blind_and_antes_trips_beat_a_straight() -> None:
    # Four players, the button (engine seat 3) posts the button blind of 2 and everybody antes 1.
    game = find("6plus")
    h = game.deal(
        stacks=[100] * 4, button=3, blinds=(0, 0, 0, 2), ante=1,
        cards=ScriptedCards({0: "6c6d", 1: "9cTd", 2: "7c7d", 3: "QcKd"}, "6h7s8hJcAh"),
    )  # fmt: skip
    assert (h.stacks, h.bets, h.to_act, h.betting.min_bet) == ([99, 99, 99, 97], [0, 0, 0, 2], 0, 2)
    h.act(C, 0)
    h.act(C, 1)
    h.act(F, 2)
    assert h.to_act == 3 and h.street == 0  # the button acts last
    h.act(K, 3)
    assert (h.street, h.to_act) == (1, 0)  # left of the button after the flop too
    check_round(h)
    check_round(h)
    assert h.to_act == 0
    check_round(h)
    # seat 0 three sixes beat seat 1's seven-to-jack straight (E-6PLUS) and seat 3's ace high; pot 4 + 3 x 2
    assert h.is_complete and pots(h) == [(10, ((0, 10),))]
    assert h.stacks == [107, 97, 99, 97]
    assert hand_name(game, h.hole[1], h.board) == "straight, jack high"


def test_six_plus_heads_up_flush_beats_a_full_house() -> None:
    # Heads-up the button (seat 1) posts the button blind first in the layout; seat 0 acts first in every round.
    game = find("6plus")
    h = game.deal(
        stacks=[100, 100], button=1, blinds=(2, 0), ante=1,
        cards=ScriptedCards({0: "Kh7h", 1: "8c8d"}, "6h6s8hJhAh"),
    )  # fmt: skip
    assert (h.stacks, h.bets, h.to_act) == ([99, 97], [0, 2], 0)
    h.act(C, 0)
    assert h.to_act == 1
    h.act(K, 1)
    assert (h.street, h.to_act) == (1, 0)
    h.act(Action.bet(4), 0)
    h.act(C, 1)
    check_round(h)
    check_round(h)
    # seat 0's ace-high flush beats seat 1's eights full of sixes; pot 2 + 2 x 2 + 2 x 4
    assert h.is_complete and pots(h) == [(14, ((0, 14),))]
    assert h.stacks == [107, 93]
    assert hand_name(game, h.hole[1], h.board) == "full house, eights full of sixes"


# ------------------------------------------------------------------------------------------------- PHH


def test_phh_writes_courchevel_first_board_card_before_the_preflop_actions_and_replays_it() -> None:
    hole = {0: "KhKd5c4c3c", 1: "2c2d9s8s7s", 2: "AsAhQsJs9d"}
    h = deal("courchevel", hole, "Ks Qd7c 3h 2s", [100, 100, 100])
    h.act(F, 2)
    h.act(F, 0)
    record = from_hand(h)
    # p1 is left of the button (seat 0): the deals, the first flop card, then the button's fold
    assert record.variant == "courchevel"
    assert record.actions == (
        "d dh p1 KhKd5c4c3c", "d dh p2 2c2d9s8s7s", "d dh p3 AsAhQsJs9d", "d db Ks", "p3 f", "p1 f",
    )  # fmt: skip
    (again,) = loads(dumps(record))
    assert replay(again).status == "ok"


def test_phh_replays_a_six_plus_hand_with_the_button_blind_and_antes() -> None:
    h = find("6plus").deal(
        stacks=[100] * 3, button=2, blinds=(0, 0, 2), ante=1,
        cards=ScriptedCards({0: "6c6d", 1: "9cTd", 2: "QcKd"}, "6h7s8hJcAh"),
    )  # fmt: skip
    h.act(Action.raise_to(6), 0)
    h.act(F, 1)
    h.act(F, 2)
    assert h.stacks == [104, 99, 97]  # seat 0 takes the three antes and the button blind; its raise comes back
    record = from_hand(h)
    assert (record.variant, record.antes, record.blinds_or_straddles) == ("6plus", (1, 1, 1), (0, 0, 2))
    (again,) = loads(dumps(record))
    assert replay(again).status == "ok"
