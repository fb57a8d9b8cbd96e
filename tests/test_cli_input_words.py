"""What ``pokerroom play`` says back: every amount the club's house rule ``clamp_out_of_range_bets`` places instead
of the one typed is said aloud with what was typed, the limit and what was done (seed 000 5.3, settled decision 19,
RULES G1/G2); a draw that names no card, a card twice, a position that is not a card or too many cards is refused
saying what is allowed; counts read "1 chip", "2 chips" (:func:`pokerroom.words.plural`).  Every figure is exact."""

from __future__ import annotations

import re

import pytest

from clitools import play
from pokerroom.cards import parse_cards
from pokerroom.cli.play_input import InputError, legal_menu, parse_input, placed
from pokerroom.cli.play_text import Narrator
from pokerroom.engine import Action, Event, EventType, LegalActions
from pokerroom.games import find
from pokerroom.room.decisions import Decision
from pokerroom.room.table import Table
from pokerroom.words import plural
from tabletools import B, F, R, new_table, positions
from tabletools import play as play_moves

# ---------------------------------------------------------------------------------------------- clamps said aloud


def said(t: Table, action: Action) -> str | None:
    """The line ``pokerroom play`` prints for ``action`` by the seat to act (nothing is applied)."""
    h = t.hand
    assert h is not None and h.to_act is not None and t.to_act is not None
    legal = h.legal_actions()
    all_in_to = h.bets[h.to_act] + h.stacks[h.to_act]
    return placed(t.accept(t.to_act, action), legal, all_in_to)


def test_club_lowball_bets_and_raises_over_the_limit_and_under_the_minimum() -> None:
    # Spread limit 1-10 in round 1; ante 3 each.  Bo (seat 0) deals; Anna, left of him, acts first.
    t = new_table("club-lowball", seats=3)
    for seat, (name, chips) in enumerate([("Bo", 300), ("Anna", 300), ("Cia", 300)]):
        t.sit(seat, name, chips)
    t.start_hand(seed=1)
    assert positions(t) == (0, None, None, 1) and t.hand is not None and t.hand.stacks == [297, 297, 297]
    assert said(t, B(15)) == "15 is over the limit of 10: you bet 10"
    assert said(t, B(0)) == "0 is under the minimum bet of 1: you bet 1"
    assert said(t, B(7)) is None  # in range: taken as typed
    play_moves(t, (1, B(5)))
    assert t.to_act == 2  # Cia faces 5: raises to 6..15
    assert said(t, R(5)) == "5 is under the minimum raise to 6: you raise to 6"
    assert said(t, R(20)) == "20 is over the limit of 15: you raise to 15"
    t.act(2, R(20))  # placed at 15
    assert t.hand.bets == [0, 5, 15] and t.to_act == 0


def test_club_lowball_a_bet_over_the_stack_is_the_all_in() -> None:
    t = new_table("club-lowball", seats=3)
    for seat, (name, chips) in enumerate([("Bo", 300), ("Anna", 8), ("Cia", 300)]):
        t.sit(seat, name, chips)
    t.start_hand(seed=1)
    assert t.to_act == 1 and t.hand is not None and t.hand.stacks == [297, 5, 297]  # Anna: 5 after the ante
    assert said(t, B(9)) == "9 is over your all-in of 5: you bet 5 (all-in)"
    t.act(1, B(9))
    assert t.hand.bets == [0, 5, 0] and t.hand.stacks == [297, 0, 297] and t.to_act == 2


def test_club_holdem_raises_under_the_minimum_and_over_the_stack() -> None:
    # Blinds 5/10, the literal smallest raise of 1 chip.  Bo on the button acts first; Cia has 21 (11 behind).
    t = new_table("club-holdem", seats=3)
    for seat, (name, chips) in enumerate([("Bo", 500), ("Anna", 500), ("Cia", 21)]):
        t.sit(seat, name, chips)
    t.start_hand(seed=1)
    assert positions(t) == (0, 1, 2, 0)
    assert said(t, R(5)) == "5 is under the minimum raise to 11: you raise to 11"
    assert said(t, R(900)) == "900 is over your all-in of 500: you raise to 500 (all-in)"
    play_moves(t, (0, R(20)), (1, F))
    assert t.to_act == 2  # Cia's only raise is all-in: to 21
    assert said(t, R(15)) == "15 is under the minimum raise to 21: you raise to 21 (all-in)"
    assert said(t, R(30)) == "30 is over your all-in of 21: you raise to 21 (all-in)"
    t.act(2, R(30))
    assert t.hand is not None and t.hand.bets == [20, 5, 21] and t.to_act == 0


def test_placed_names_the_only_amounts_of_a_fixed_limit_round() -> None:
    # Fixed-limit stud with an open pair: the small or the big bet, nothing between (RULES G9).
    legal = LegalActions(0, fold=True, check=True, bet=(10, 20), amounts=(10, 20))
    decision = Decision(0, Action.bet(10), asked=15)
    assert placed(decision, legal, 500) == "15 is not one of the amounts allowed now (10 or 20): you bet 10"
    assert placed(Decision(0, Action.bet(20), asked=25), legal, 500) == "25 is over the limit of 20: you bet 20"
    assert placed(Decision(0, Action.bet(10)), legal, 500) is None  # nothing placed
    assert placed(Decision(0, Action.raise_to(20), asked=30)) == "30 is over the limit of 20: you raise to 20"


def test_play_prints_the_clamp_line_for_a_raise() -> None:
    out = play("club-holdem", "--players", "3", "--seed", "1", lines="r 5\nq\n")
    assert "Your turn: [f]old  [c]all 10  [r]aise 11..1000  [a]ll-in 1000\n" in out
    assert "> 5 is under the minimum raise to 11: you raise to 11\nYou raise to 11\n" in out
    out = play("club-holdem", "--players", "3", "--seed", "1", lines="r 99999\nq\n")
    assert "> 99999 is over your all-in of 1000: you raise to 1000 (all-in)\nYou raise to 1000 and are all-in\n" in out


def test_without_the_house_rule_the_amount_is_refused_naming_the_range() -> None:
    out = play(
        "club-holdem", "--players", "3", "--seed", "1", "--rule", "clamp_out_of_range_bets=false", lines="r 5\nq\n"
    )
    assert "Not accepted: seat 0 cannot raise to 5: the legal range is 11..1000" in out
    assert "is under the minimum" not in out


# ---------------------------------------------------------------------------------------------- draws

HOLE = parse_cards("7h 2c Kd Ks 3s")
DRAW = LegalActions(0, draw=3)
HELP = "type d CARDS (d 7h 2c) or d POSITIONS (d 1 3) to discard up to 3, p to stand pat, q to quit"


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("d 1 1", "position 1 (7h) is named twice: each card is discarded once"),
        ("d 2 4 2", "position 2 (2c) is named twice: each card is discarded once"),
        ("d Kd Kd", "Kd is named twice: each card is discarded once"),
        ("d KdKd", "Kd is named twice: each card is discarded once"),
        ("d 3 Kd", "Kd is named twice (as position 3 and as Kd): each card is discarded once"),
        ("d", "d names no card to discard (to keep every card, p stands pat)"),
        ("discard", "discard names no card to discard (to keep every card, p stands pat)"),
        ("d 6", "position 6 is not one of your cards 1..5: 1:7h  2:2c  3:Kd  4:Ks  5:3s"),
        ("d 0", "position 0 is not one of your cards 1..5: 1:7h  2:2c  3:Kd  4:Ks  5:3s"),
        ("d 1 2 3 4", "4 cards named, and this draw allows at most 3 cards"),
        ("d ??", "invalid card '??': unknown cards are not allowed here"),
    ],
)
def test_a_draw_is_refused_saying_what_is_allowed(line: str, message: str) -> None:
    with pytest.raises(InputError, match=f"^{re.escape(f'{message}; {HELP}')}$"):
        parse_input(line, DRAW, HOLE)


def test_a_draw_by_position_by_card_or_both_and_standing_pat() -> None:
    assert parse_input("d 1", DRAW, HOLE) == Action.draw(tuple(parse_cards("7h")))
    assert parse_input("d 3 7h", DRAW, HOLE) == Action.draw(tuple(parse_cards("Kd 7h")))
    assert parse_input("p", DRAW, HOLE) == Action.stand_pat() == parse_input("pat", DRAW, HOLE)
    one = LegalActions(0, draw=1)
    with pytest.raises(InputError, match=r"^2 cards named, and this draw allows at most 1 card; .*up to 1,"):
        parse_input("d 1 2", one, HOLE)
    assert legal_menu(DRAW, 100) == "[d] CARDS or POSITIONS: discard up to 3  [p]: stand pat"


def test_play_refuses_d_1_1_and_d_alone_and_asks_again() -> None:
    # Seed 2: the bots only check behind the call, so the first line after "c" is the draw.
    out = play("five-card-draw", "--players", "3", "--seed", "2", lines="c\nd 1 1\nd\nd 9\nd 1 2\nq\n")
    help5 = HELP.replace("up to 3", "up to 5")
    assert f"Not accepted: position 1 (Jh) is named twice: each card is discarded once; {help5}\n" in out
    assert f"Not accepted: d names no card to discard (to keep every card, p stands pat); {help5}\n" in out
    assert "Not accepted: position 9 is not one of your cards 1..5: 1:Jh  2:6c  3:Tc  4:2s  5:Jc; " in out
    assert out.count("Your cards: 1:Jh  2:6c  3:Tc  4:2s  5:Jc") == 4  # asked again after each refusal
    assert "You discard Jh 6c\nYou draw Js 3h\n" in out


# ---------------------------------------------------------------------------------------------- plurals


def test_plural() -> None:
    assert [plural(n, "chip") for n in (0, 1, 2)] == ["0 chips", "1 chip", "2 chips"]
    assert plural(1, "hand") == "1 hand" and plural(3, "worker process", "worker processes") == "3 worker processes"


def test_play_counts_one_bot_and_one_chip_in_the_singular() -> None:
    out = play("holdem", "--players", "2", "--stack", "1", "--seed", "1", lines="q\n")
    assert out.startswith("Texas hold'em, no limit, minimum bet 2, blinds 1/2: you and 1 simple bot, 1 chip each.")
    assert out.endswith("You leave after 1 hand with 2 chips (+1).\n")


def test_a_reshuffle_of_one_discard() -> None:
    hand = find("five-card-draw").deal(stacks=[100, 100], button=0, blinds=(1, 2))
    narrator = Narrator(hand, ["You", "Bot 1"], 0)
    lines = narrator.lines([Event(EventType.RESHUFFLE, amount=1), Event(EventType.RESHUFFLE, amount=2)])
    assert lines[-2:] == [
        "The dealer reshuffles 1 discard into the stub",
        "The dealer reshuffles 2 discards into the stub",
    ]
