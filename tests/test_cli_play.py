"""``pokerroom play``: quitting mid-hand folds through the table and reports the true stack, a draw naming a card
twice is refused, blinds are named by position, and the help lists the keys legal at that moment."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console
from typer.testing import CliRunner

from clitools import play
from pokerroom.cards import parse_cards
from pokerroom.cli import app
from pokerroom.cli.play import Session
from pokerroom.cli.play_input import InputError, legal_help, legal_menu, parse_input
from pokerroom.cli.play_text import Narrator
from pokerroom.engine import Action, Event, EventType, LegalActions
from pokerroom.games import find
from pokerroom.room.config import TableConfig
from pokerroom.room.stakes import BuyIn

runner = CliRunner()


# ---------------------------------------------------------------------------------------------- quitting


def test_quit_mid_hand_folds_and_the_chips_in_the_pot_stay_there() -> None:
    out = play("stud", "--players", "4", "--seed", "64", lines="c\nq\n")
    # Ante 2 and a call of 10 are in the pot when the human quits facing a bet of 20 (seed 64: Bot 3's raise on
    # fourth street).
    assert "Your turn: [f]old  [c]all 20  [r]aise 30  [a] max 30\n> You fold\n" in out
    assert out.count("Your turn:") == 2  # not asked again after quitting
    # The hand played out, 4000 chips: Bot 2 and Bot 3 put in 112 each, Bot 3's full house takes the pot of 238.
    assert "Stacks: You 988, Bot 1 998, Bot 2 888, Bot 3 1126\n" in out
    assert out.endswith("You leave after 1 hand with 988 chips (-12).\n")


def test_quit_goes_through_the_table() -> None:
    console = Console(file=io.StringIO(), width=200)
    config = TableConfig("stud", buy_in=BuyIn(1, None), min_stack=1)
    stream = io.StringIO("c\nq\n")
    session = Session(config, players=4, stack=1000, bots="simple", seed=64, stream=stream, console=console)
    session.run()
    table = session.table
    assert table.hand is not None and table.hand.is_complete and table.record is not None
    assert [s.stack for s in table.seats if s is not None] == [988, 998, 888, 1126]
    human = table.layout.dealt.index(0) if table.layout is not None else 0
    folds = [e for e in table.hand.events if e.type is EventType.FOLD and e.seat == human]
    assert len(folds) == 1 and table.hand.folded[human]
    assert table.hand.contributions[human] == 12


def test_quit_counts_hands_in_the_singular_and_plural() -> None:
    two = play("holdem", "--players", "3", "--seed", "1", lines="f\nq\n")
    # seed 1: in hand 2 Bot 1 raises to 6 and the human, the big blind, quits facing it
    assert "Your turn: [f]old  [c]all 4  [r]aise 10..200  [a]ll-in 200\n> You fold\n" in two  # the big blind
    assert two.endswith("You leave after 2 hands with 198 chips (-2).\n")
    ended = play("holdem", "--players", "3", "--seed", "1", lines="c\n")  # the end of input quits too
    assert "> \nYou fold\n" in ended
    assert ended.endswith("You leave after 1 hand with 198 chips (-2).\n")


def test_quit_in_a_draw_stands_pat_then_folds() -> None:
    # seed 2: the bots check behind the call, so the human's next prompt is the draw
    out = play("five-card-draw", "--players", "3", "--seed", "2", lines="c\nq\n")
    after = out[out.index("Your draw:") :]
    assert after.splitlines()[1:6] == [
        "> You cannot fold now: the table acts for you as for a player who left until you can.",
        "You stand pat",
        "Bot 1 checks",
        "Bot 2 bets 2",
        "You fold",
    ]
    assert out.count("Your ") == out.count("Your turn:") + 2  # one draw prompt and its cards line, nothing after
    assert out.endswith("Stacks: You 99, Bot 1 99, Bot 2 102\nYou leave after 1 hand with 99 chips (-1).\n")


# ---------------------------------------------------------------------------------------------- draws


DRAW_HELP = "type d CARDS (d 7h 2c) or d POSITIONS (d 1 3) to discard up to 5, p to stand pat, q to quit"


def test_a_draw_naming_a_card_twice_is_refused_and_asked_again() -> None:
    # seed 2: the bots check behind the call, so the next prompt is the draw; the hand is Jh 6c Tc 2s Jc
    out = play("five-card-draw", "--players", "3", "--seed", "2", lines="c\nd 1 1\nd Jh Jh\nd 7h 7h\nd 1 2\nq\n")
    twice = "Not accepted: {} is named twice: each card is discarded once; " + DRAW_HELP
    assert out.count(twice.format("position 1 (Jh)")) == 1 and out.count(twice.format("Jh")) == 1
    # 7h is not in the hand: the draw names it twice all the same, and that is said first
    assert out.count(twice.format("7h")) == 1
    assert out.count("Your cards: 1:Jh  2:6c  3:Tc  4:2s  5:Jc") == 4  # asked again after each refusal
    assert "You discard Jh 6c\nYou draw Js 3h\n" in out


def test_parse_draw_refuses_a_card_twice_by_position_or_by_name() -> None:
    hole = parse_cards("7h 2c Kd Ks 3s")
    draw = LegalActions(0, draw=3)
    for line, named in (
        ("d 1 1", "position 1 (7h)"),
        ("d 1 3 1", "position 1 (7h)"),
        ("d 7h 7h", "7h"),
        ("d 7h7h", "7h"),
        ("d 1 7h", "7h is named twice (as position 1 and as 7h)"),
        ("d 7h 1", "7h is named twice (as 7h and as position 1)"),
    ):
        text = named if "twice" in named else f"{named} is named twice"
        with pytest.raises(InputError, match=rf"^{re.escape(text)}: each card is discarded once; .*up to 3"):
            parse_input(line, draw, hole)
    assert parse_input("d 1 3", draw, hole) == Action.draw(tuple(parse_cards("7h Kd")))
    assert parse_input("d 3 7h", draw, hole) == Action.draw(tuple(parse_cards("Kd 7h")))  # positions and cards
    with pytest.raises(InputError, match=r"position 6 is not one of your cards 1\.\.5"):
        parse_input("d 1 6", draw, hole)


# ---------------------------------------------------------------------------------------------- blinds


def test_draw32_names_the_small_blind() -> None:
    # 32-card draw's blinds are equal (1/1): the engine names the one left of the button the small blind.
    hand = find("draw32").deal(stacks=[100, 100, 100], button=0, blinds=(1, 1))
    assert [(e.seat, e.text) for e in hand.events if e.type is EventType.POST_BLIND] == [
        (1, "small blind"),
        (2, "big blind"),
    ]
    out = play("draw32", "--players", "3", "--seed", "1", lines="q\n")
    assert "\nBot 1 posts the small blind of 1\nBot 2 posts the big blind of 1\n*** DEAL ***\n" in out
    assert "posted" not in out


def test_club_holdem_heads_up_names_each_blind_by_its_amount() -> None:
    # Seed 001's literal heads-up layout (RULES A-G2-5, settled decision 14): the dealer posts the big blind of 10,
    # the other player the small blind of 5, posted first, and acts first before the flop.
    out = play("club-holdem", "--players", "2", "--seed", "1", lines="f\nf\nq\n")
    assert (
        "=== Hand 1: Bot 1 on the button ===\nYou post the small blind of 5\nBot 1 posts the big blind of 10\n"
    ) in out
    assert "  0  You    stack    995  bet     5  6d 7s       to act\n" in out
    assert "  1  Bot 1  stack    990  bet    10              button\n" in out
    assert (
        "=== Hand 2: You on the button ===\nBot 1 posts the small blind of 5\nYou post the big blind of 10\n"
    ) in out
    assert "small blind of 10" not in out and "big blind of 5" not in out
    # the table's engine events say the same in table seats
    config = TableConfig("club-holdem", buy_in=BuyIn(1, None))
    console = Console(file=io.StringIO(), width=200)
    session = Session(config, players=2, stack=1000, bots="simple", seed=1, stream=io.StringIO(""), console=console)
    hand = session.table.start_hand()
    layout = session.table.layout
    assert layout is not None and layout.button == 1 and session.table.to_act == 0
    posted = [
        (layout.dealt[e.seat], e.amount, e.text)
        for e in hand.events
        if e.type is EventType.POST_BLIND and e.seat is not None
    ]
    assert posted == [(0, 5, "small blind"), (1, 10, "big blind")]


def test_a_big_blind_posted_out_of_position() -> None:
    hand = find("holdem").deal(stacks=[100, 100, 100, 100], button=0)
    narrator = Narrator(hand, ["You", "Bot 1", "Bot 2", "Bot 3"], 0)
    posted = Event(EventType.POST_BLIND, 3, 2, to=2, text="posted big blind")
    assert narrator.lines([posted]) == ["Bot 3 posts a big blind of 2"]
    assert narrator.lines([posted._replace(seat=0, text="big blind")]) == ["You post the big blind of 2"]


# ---------------------------------------------------------------------------------------------- the A-6 minimum


A6_LINES = "c\nk\np\n" * 300  # call, else check; stand pat in the draw


def test_a6_players_below_13_chips_sit_out_and_a_human_below_it_is_out() -> None:
    # RULES G3 (min_stack=13), A-G3-4: a player with fewer than 13 chips is not dealt in; play has no top-ups.
    # Seed 1: the human and Bot 1 put in 8 each (ante 1, 1 before the draw, 6 after), Bot 2's ten-six low
    # takes the pot of 24; the human's 6 chips are below 13.
    out = play("a6-lowball", "--players", "3", "--seed", "1", "--stack", "14", lines=A6_LINES)
    assert "Stacks: You 6, Bot 1 6, Bot 2 30\n" in out
    assert out.endswith(
        "You have 6 chips, fewer than the 13 every player needs before a deal (RULES G3). Game over.\n"
        "You leave after 1 hand with 6 chips (-8).\n"
    )
    # Seed 13: Bot 1 loses 3 in each of hands 1 and 2 and sits out from hand 3 on; the human goes below 13
    # after hand 7 (48 chips in all: 10 + 26 + Bot 1's 12).
    bots = play("a6-lowball", "--players", "3", "--seed", "13", "--stack", "16", lines=A6_LINES)
    before, after = bots.split("=== Hand 3: Bot 2 on the button ===\n")
    assert "Stacks: You 17, Bot 1 12, Bot 2 19\n" in before
    assert "  1  Bot 1         sitting out (12 chips, fewer than 13)\n" in after
    assert "Bot 1 " not in after.replace("  1  Bot 1         sitting out", "")  # never dealt in again
    for text in (out, bots):  # with 13 chips before every deal nobody is ever all in
        assert "is all-in" not in text and "are all-in" not in text and "all-in" not in text.split("\n", 1)[1]
    assert after.endswith(
        "Stacks: You 10, Bot 2 26\n"
        "You have 10 chips, fewer than the 13 every player needs before a deal (RULES G3). Game over.\n"
        "You leave after 7 hands with 10 chips (-6).\n"
    )
    short = runner.invoke(app, ["play", "a6-lowball", "--stack", "12"], input="q\n")
    assert short.exit_code == 2
    assert "a6-lowball deals only to players with at least 13 chips (RULES G3), not 12" in " ".join(
        short.output.replace("│", " ").split()
    )


# ---------------------------------------------------------------------------------------------- help


def test_the_help_at_the_bring_in_lists_its_keys() -> None:
    # seed 2: the human's 2s is the lowest up card, so the human brings in
    out = play("stud", "--players", "4", "--seed", "2", lines="\nzz\nb x\ni\nq\n")
    keys = "type i (bring in 4), c (complete to 10) or q (quit)"
    lines = out.splitlines()
    k = lines.index("Your turn: [i] bring in 4  [c]omplete to 10")
    assert lines[k : k + 7] == [
        "Your turn: [i] bring in 4  [c]omplete to 10",
        f"> Not accepted: nothing typed; {keys}",
        "Your turn: [i] bring in 4  [c]omplete to 10",
        f"> Not accepted: unknown input 'zz'; {keys}",
        "Your turn: [i] bring in 4  [c]omplete to 10",
        f"> Not accepted: 'x' is not a whole number of chips; {keys}",
        "Your turn: [i] bring in 4  [c]omplete to 10",
    ]
    assert "> You bring in for 4" in out


def test_the_help_facing_a_bet_lists_its_keys() -> None:
    out = play("holdem", "--players", "3", "--seed", "1", lines="\nq\n")
    assert (
        "Your turn: [f]old  [c]all 2  [r]aise 4..200  [a]ll-in 200\n> Not accepted: nothing typed; "
        "type f (fold), c (call 2), r N (raise to N: 4..200), a (all-in 200) or q (quit)\n"
    ) in out


@pytest.mark.parametrize(
    "legal",
    [
        LegalActions(0, bring_in=4, bet=(10, 10)),
        LegalActions(0, bring_in=5, bet=(10, 40)),
        LegalActions(0, fold=True, call=20, raise_=(40, 980)),
        LegalActions(0, fold=True, check=True, bet=(10, 20), amounts=(10, 20)),
        LegalActions(0, fold=True, check=True, split=True, bet=(2, 2)),
        LegalActions(0, fold=True, call=5),
    ],
)
def test_the_help_and_the_prompt_list_the_same_keys(legal: LegalActions) -> None:
    menu = legal_menu(legal, 980)
    shown = re.findall(r"\[(\w)\]|chec\[(k)\]", menu)
    helped = re.findall(r"(?:type |, | or )(\w)(?: N)? \(", legal_help(legal, 980))
    assert [a or b for a, b in shown] + ["q"] == helped


def test_the_help_texts() -> None:
    assert legal_help(LegalActions(0, fold=True, check=True, bet=(10, 20), amounts=(10, 20)), 500) == (
        "type f (fold), k (check), b N (bet N: 10 or 20), a (max 20) or q (quit)"
    )
    assert legal_help(LegalActions(0, fold=True, check=True, split=True, bet=(2, 2)), 2) == (
        "type f (fold), k (check), s (press split), b (bet 2), a (all-in 2) or q (quit)"
    )
    assert legal_help(LegalActions(0, draw=4)) == (
        "type d CARDS (d 7h 2c) or d POSITIONS (d 1 3) to discard up to 4, p to stand pat, q to quit"
    )
