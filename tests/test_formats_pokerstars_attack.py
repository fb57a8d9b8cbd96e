"""Adversarial inputs for the PokerStars reader, check, writer and converter (issue 21, docs/pokerstars.md).

Each test states the RIGHT behaviour; a test that the code does not meet yet is ``xfail(strict=True)`` with the
reason it fails today, so the fix turns it into a regression test.  The families:

* wrong statuses: a correct hand that does not check ``ok`` (a player's name holding the summary's own words), a
  hand whose figures contradict themselves that does (the summary says "lost" for a winner, money in two
  currencies, more players than the game deals, seat numbers beyond the table);
* text injection: records written by :func:`write_hand` whose player names hold PokerStars' own line shapes, read
  back: the hand must read as the one hand it is and check ``ok``;
* time: a 1 MB file of adversarial lines must read in linear time (a subprocess with a deadline, so a quadratic
  regular expression fails the test instead of hanging the suite);
* never a traceback: impossible hands (cards twice, more discards than cards, six board cards, no seats) give a
  typed error or a named status, and ``pokerroom replay`` / ``convert`` report them and go on.
"""

from __future__ import annotations

import subprocess
import sys
from dataclasses import replace
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pokerroom.cli import app
from pokerroom.engine import ScriptedCards
from pokerroom.errors import PokerroomError
from pokerroom.formats.pokerstars import BadStarsHand, StarsHand, check, loads_each, to_record, write_hand
from pokerroom.games import find
from pokerroom.room.record import HandRecord, SeatRecord, record_of
from test_formats_pokerstars_check import DRAW, OK, SIDE, STUD
from test_formats_pokerstars_reader import BASE
from test_formats_pokerstars_writer import passive, side_pot_hand

runner = CliRunner()


def read_one(text: str) -> StarsHand:
    """The one hand of ``text``, read (a :class:`BadStarsHand` or a second hand fails the test)."""
    hands = list(loads_each(text))
    assert len(hands) == 1, [getattr(h, "hand_id", h) for h in hands]
    assert isinstance(hands[0], StarsHand), hands[0].error
    return hands[0]


def status(text: str) -> tuple[str, str]:
    result = check(read_one(text))
    return result.status, result.message


def is_refused_or_not_ok(text: str) -> bool:
    """Whether ``text`` is refused by the reader, or read and checked anything but ``ok``."""
    hands = list(loads_each(text))
    return any(isinstance(h, BadStarsHand) or check(h).status != "ok" for h in hands)


# -- wrong statuses: a correct hand that does not check ok ------------------------------------------------------


def test_a_name_holding_collected_n_from_pot_still_checks_ok() -> None:
    assert status(BASE.replace("carol", "x collected 999 from pot")) == ("ok", OK)


@pytest.mark.parametrize("name", ["bob: x", "Seat 1:", "a]b [c", "Uncalled bet", "\u202ealice\u200f", "z" * 5000])
def test_names_that_look_like_lines_or_other_names_still_check_ok(name: str) -> None:
    """``bob: x`` beside ``bob`` (the longest name is tried first), brackets, RTL marks, a 5,000-character name."""
    assert status(BASE.replace("carol", name)) == ("ok", OK)


# -- wrong statuses: figures that contradict each other and still check ok --------------------------------------


def test_the_summary_saying_lost_for_the_winner_is_a_mismatch() -> None:
    text = BASE.replace("Seat 1: alice (button) collected ($1.62)", "Seat 1: alice (button) lost")
    assert status(text)[0] == "mismatch"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("alice: bets $0.50", "alice: bets €0.50"),
        ("alice: bets $0.50", "alice: bets $0.50 GBP"),
        ("($0.05/$0.10 USD)", "(€0.05/€0.10 EUR)"),
    ],
)
def test_money_in_two_currencies_in_one_hand_is_refused(old: str, new: str) -> None:
    assert is_refused_or_not_ok(BASE.replace(old, new))


def test_a_header_naming_two_games_is_refused() -> None:
    text = BASE.replace("Hold'em No Limit ($0.05", "Hold'em No Limit Omaha Pot Limit ($0.05")
    (hand,) = loads_each(text)
    assert isinstance(hand, BadStarsHand)
    assert "line 1" in str(hand.error)


def eleven_seats(table_max: int) -> str:
    seats = "\n".join(f"Seat {k}: p{k} ($10 in chips)" for k in range(1, 12))
    folds = "".join(f"p{k}: folds\n" for k in [4, 5, 6, 7, 8, 9, 10, 11, 1, 2])
    return (
        "PokerStars Hand #5:  Hold'em No Limit ($0.05/$0.10 USD) - 2020/01/02 10:00:00 ET\n"
        f"Table 'Alpha' {table_max}-max Seat #1 is the button\n{seats}\n"
        "p2: posts small blind $0.05\np3: posts big blind $0.10\n*** HOLE CARDS ***\n"
        f"{folds}Uncalled bet ($0.05) returned to p3\np3 collected $0.10 from pot\np3: doesn't show hand\n"
        "*** SUMMARY ***\nTotal pot $0.10 | Rake $0\nSeat 3: p3 (big blind) collected ($0.10)\n"
    )


@pytest.mark.parametrize("table_max", [10, 6])
def test_eleven_players_dealt_holdem_is_not_ok(table_max: int) -> None:
    assert is_refused_or_not_ok(eleven_seats(table_max))


def test_a_seat_number_beyond_the_tables_size_is_read() -> None:
    """Real Run It Once files number a 3-max table's seats up to 5: the seat's number is a label, not a count."""
    text = BASE.replace("Seat 3: carol ($10", "Seat 9: carol ($10").replace("Seat 3: carol (big", "Seat 9: carol (big")
    assert status(text) == ("ok", OK)


def test_blinds_other_than_the_headers_stakes_are_not_ok() -> None:
    assert is_refused_or_not_ok(BASE.replace("($0.05/$0.10 USD)", "($1/$2 USD)"))


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("bob: posts small blind $0.05", "bob: posts small blind $-0.05"),
        ("carol: calls $0.20\n", "carol: calls $-0.20\n"),
        ("alice collected $1.62 from pot\n", "alice collected $1.72 from pot\nbob collected $-0.10 from pot\n"),
    ],
)
def test_a_negative_amount_in_play_is_refused_naming_its_line(old: str, new: str) -> None:
    (hand,) = loads_each(BASE.replace(old, new))
    assert isinstance(hand, BadStarsHand)
    line = BASE.replace(old, new).splitlines().index(new.splitlines()[-1].rstrip("\n")) + 1
    assert f"line {line}" in str(hand.error)


def test_the_figures_the_check_does_compare() -> None:
    """Regressions: each of these one-number changes is caught, with the figure named."""
    assert status(BASE.replace("carol: calls $0.20\n", "carol: calls $0.200000001\n")) == (
        "mismatch",
        "line 12: carol calls 0.200000001; the rules make the call 0.2",
    )
    assert status(SIDE.replace("Total pot $290", "Total pot $286")) == (
        "mismatch",
        "the summary's total pot is 286; the rules make it 290",
    )
    assert status(BASE.replace("raises $0.20 to $0.30", "raises $0.25 to $0.30")) == (
        "mismatch",
        "line 10: alice raises by 0.25; from 0.1 to 0.3 is 0.2",
    )
    assert status(BASE.replace("carol: calls $0.20\n", "carol: calls $0.20 and is all-in\n")) == (
        "mismatch",
        "line 12: the file says carol is all-in; by the rules carol is not",
    )
    assert status(BASE.replace("Board [2c 7d 9h Js]", "Board [2c 7d 9h Js Qs Ks]")) == (
        "mismatch",
        "the summary's board differs from the board the street lines deal",
    )


# -- impossible hands: a typed error or a named status, never a traceback ---------------------------------------


def test_impossible_hands_give_errors_not_tracebacks() -> None:
    as_twice = BASE.replace("[2c 7d 9h", "[As 7d 9h")
    assert status(as_twice) == ("error", "set-up: duplicate card 'As': each card can appear only once")
    nine = DRAW.replace("rumble1111: discards 1 card\nHero: bets", "rumble1111: discards 9 cards\nHero: bets")
    assert status(nine)[0] == "error" and "holds" in status(nine)[1]
    counted = DRAW.replace("Hero: discards 2 cards [8s 8h]", "Hero: discards 1 card [8s 8h]")
    assert status(counted) == ("error", "line 12: discards 1 cards but shows 2")
    six = BASE.replace("*** TURN *** [2c 7d 9h] [Js]", "*** TURN *** [2c 7d 9h] [Js Qs Ks]")
    assert status(six)[0] == "error"
    for text in (as_twice, nine, counted, six):
        with pytest.raises(PokerroomError):
            to_record(read_one(text))


def test_no_seats_one_seat_and_a_summary_before_any_play() -> None:
    lines = BASE.splitlines()
    (none,) = loads_each(f"{lines[0]}\n{lines[1]}\n*** SUMMARY ***\nTotal pot $0 | Rake $0\n")
    assert isinstance(none, BadStarsHand) and "expected the seat lines" in str(none.error)
    summary = "*** SUMMARY ***\nTotal pot $0 | Rake $0\nSeat 1: alice (button) collected ($0)\n"
    assert status("\n".join(lines[:3]) + "\n*** HOLE CARDS ***\n" + summary) == (
        "error",
        "1 player dealt in; a hand needs two",
    )
    assert status("\n".join(lines[:5]) + "\n" + summary) == ("error", "1 player dealt in; a hand needs two")


def test_duplicate_seats_and_a_player_with_no_seat_are_refused_naming_the_line() -> None:
    (dup,) = loads_each(BASE.replace("Seat 3: carol ($10", "Seat 2: carol ($10"))
    assert isinstance(dup, BadStarsHand) and "line 5:" in str(dup.error) and "the same seat" in str(dup.error)
    (ghost,) = loads_each(BASE.replace("bob: folds", "dave: folds"))
    assert isinstance(ghost, BadStarsHand) and "line 11:" in str(ghost.error)


def test_amounts_beyond_phh_are_an_error_not_a_traceback() -> None:
    text = BASE.replace("alice: bets $1\n", "alice: bets $1000000000000000000000000000000\n").replace(
        "($10 in chips)", "($2000000000000000000000000000000 in chips)"
    )
    result = check(read_one(text))
    assert result.status in ("error", "mismatch") and result.message


# -- the writer: names and money read back -----------------------------------------------------------------------


def renamed(record: HandRecord, names: list[str], table: str | None = None) -> HandRecord:
    seats = tuple(replace(s, player=n) for s, n in zip(record.setup.seats, names, strict=True))
    setup = replace(record.setup, seats=seats, table_name=table or record.setup.table_name)
    return HandRecord(setup, record.events, record.status, record.result, record.reason)


def written_back(record: HandRecord) -> tuple[str, str]:
    """``record`` written, read back as one hand and checked: (status, message)."""
    return status(write_hand(record, hand_id=7, max_seats=6))


SAFE_NAMES = [
    ["bob", "bob: x", "carol"],
    ["bob: raises 5 to 10", "bob", "carol"],
    ["alice", "Seat 1:", "carol"],
    ["alice", "bob", ": folds"],
    ["alice", "bob", "*** SUMMARY ***"],
    ["alice", "bob (big blind)", "carol"],
    ["alice", "Dealt to bob", "bob"],
    ["alice", "bob [As Ah]", "bob"],
    ["alice", "bob mucks hand", "bob"],
    ["\u200fRTL\u200e", "bob", "carol"],
    ["a" * 3000, "bob", "carol"],
    ["alice", "bob", "carol: posts small blind 1"],
    ["alice", "bob", "carol has timed out"],
    ["alice", "bob", "Hand cancelled"],
    ["alice", "bob", 'carol said, "hi"'],
    ["alice", "bob", "Total pot 3 | Rake 0"],
    ["alice", "bob", "Board [As Ks]"],
    ["STP added: 5", "bob", "carol"],
    ["alice\n*** SUMMARY ***", "bob\r\nSeat 9:", "carol\u2028x"],
]


@pytest.mark.parametrize("names", SAFE_NAMES, ids=range(len(SAFE_NAMES)))
def test_names_holding_line_shapes_are_written_and_read_back_ok(names: list[str]) -> None:
    assert written_back(renamed(side_pot_hand(), names)) == ("ok", OK)


@pytest.mark.parametrize("table", ["T'x", "a\nb", "x' 9-max Seat #9 is the button", "{club}", "\u202e"])
def test_table_names_are_written_and_read_back_ok(table: str) -> None:
    assert written_back(renamed(side_pot_hand(), ["alice", "bob", "carol"], table)) == ("ok", OK)


INJECTED = {
    "collected-in-name": (
        ["x collected 999 from pot", "bob", "carol"],
        "the summary seat line 'Seat 1: x collected 999 from pot (button) showed ...' reads as winning 999 more",
    ),
    "showed-and-won-in-name": (
        ["alice", "bob", "carol showed [As Ah] and won (999)"],
        "the summary seat line reads the name's 'won (999)' as carol's winnings",
    ),
    "collected-line-as-name": (
        ["alice", "bob", "carol collected 5 from pot"],
        "the summary seat line reads the name's 'collected 5' as its winnings",
    ),
    "uncalled-as-name": (
        ["alice", "bob", "Uncalled bet (5) returned to alice"],
        "_UNCALLED is tried before the player's own lines: 'Uncalled bet (5) returned to alice: posts big blind 2' "
        "is refused as alice's uncalled bet",
    ),
    "chips-in-name": (
        ["alice", "bob", "carol ($5 in chips)"],
        "_SEAT's name is lazy: 'Seat 5: carol ($5 in chips) (200 in chips)' reads as carol with a $5 stack",
    ),
    "header-as-name": (
        ["PokerStars Hand #1:  Hold'em No Limit (1/2)", "bob", "carol"],
        "a line that starts with the name starts a new hand: text_name lets a name start like a hand's first line",
    ),
    "names-equal-once-written": (
        ["alice", "alice ", "carol"],
        "text_name makes 'alice ' and 'alice' the same name: two seat lines with one name are refused",
    ),
    "empty-and-question-mark": (
        ["?", "", "carol"],
        "text_name writes an empty name as '?': two seats named '?' are refused",
    ),
}


@pytest.mark.parametrize(
    "names",
    [pytest.param(names, id=case) for case, (names, why) in INJECTED.items()],
)
def test_injected_names_are_written_and_read_back_ok(names: list[str]) -> None:
    assert written_back(renamed(side_pot_hand(), names)) == ("ok", OK)


def money_hand(unit: Decimal, currency: str | None) -> HandRecord:
    """Heads-up hold'em, blinds 1/3 chips of ``unit``: the small blind calls and checks down, aces win."""
    h = find("holdem").deal(
        stacks=[500, 500], button=0, blinds=(1, 3), cards=ScriptedCards({0: "AsAh", 1: "KsKh"}, "2c3d8h9sTc")
    )
    passive(h)
    seats = [SeatRecord(k, name, 500) for k, name in enumerate(["alice", "bob"])]
    return record_of(
        h,
        seats=seats,
        unit=unit,
        currency=currency,
        table_name="T",
        number=1,
        started_at=datetime(2026, 12, 3, tzinfo=UTC),
    )


def test_a_unit_finer_than_a_cent_is_written_exactly() -> None:
    text = write_hand(money_hand(Decimal("0.001"), "USD"))
    assert "posts small blind $0.001" in text and "posts big blind $0.003" in text
    assert status(text) == ("ok", OK)


@pytest.mark.parametrize(
    ("unit", "currency"), [(Decimal("0.001"), "XYZ"), (Decimal("0.01"), "USD"), (Decimal(1), None)]
)
def test_units_the_writer_writes_exactly_read_back_ok(unit: Decimal, currency: str | None) -> None:
    assert status(write_hand(money_hand(unit, currency))) == ("ok", OK)


def test_stud_with_eight_players_to_the_river_writes_the_common_card_and_reads_back_ok() -> None:
    """8 x 7 = 56 cards is more than the deck: the seventh street is one card for all (RULES, stud)."""
    h = find("stud").deal(stacks=[100] * 8, seed=3)
    passive(h)
    seats = [SeatRecord(k, f"p{k}", 100) for k in range(8)]
    text = write_hand(record_of(h, seats=seats, table_name="T", number=1))
    assert "*** COMMON CARD *** [9s]" in text.splitlines()
    assert status(text) == ("ok", OK)


# -- time: a 1 MB file of adversarial lines reads in linear time ---------------------------------------------------

_READ = "import sys; from pokerroom.formats.pokerstars import read_each; print(sum(1 for _ in read_each(sys.argv[1])))"
MB = 1_000_000
SECONDS = 8.0
"""A 1 MB file of real hands reads in well under a second (subprocess start and imports included); a quadratic
regular expression on a 1 MB line takes minutes."""


def reads_in_time(text: str, tmp_path: Path) -> bool:
    """Whether a subprocess reads ``text`` as a file within :data:`SECONDS` (killed after)."""
    path = tmp_path / "adversarial.txt"
    path.write_text(text, encoding="utf-8")
    try:
        subprocess.run([sys.executable, "-c", _READ, str(path)], check=True, timeout=SECONDS, capture_output=True)
    except subprocess.TimeoutExpired:
        return False
    return True


def with_line(k: int, line: str) -> str:
    lines = BASE.splitlines()
    lines.insert(k, line)
    return "\n".join(lines) + "\n"


def many_seats(n: int) -> str:
    seats = "\n".join(f"Seat {k}: p{k} (1 in chips)" for k in range(1, n))
    folds = "\n".join(f"p{k}: folds" for k in range(1, n))
    return f"{BASE.splitlines()[0]}\n{BASE.splitlines()[1]}\n{seats}\n{folds}\n"


QUADRATIC = {
    "seat-line-in-chips": (
        lambda: with_line(5, "Seat 4: x (1 in chips" + " (1 in chips" * (MB // 12)),
        "_SEAT: a lazy name before ' (MONEY in chips[^)]*)' retries [^)]* to the line's end at each ' ('",
    ),
    "shows-for": (
        lambda: with_line(20, "x shows [" * (MB // 9)),
        "_SHOWS_FOR: a lazy name before ' shows [' retries [^]]* to the line's end at each ' shows ['",
    ),
    "summary-showed": (
        lambda: BASE + "Seat 1: alice " + "showed [" * (MB // 8) + "\n",
        "summary_seat's 'showed [([^]]*)\\]' search retries to the line's end at each 'showed ['",
    ),
    "said-unclosed": (
        lambda: with_line(12, 'alice said, "x' + ' said, "x' * (MB // 9) + "y"),
        "_NOTES' 'said, \".*\"' retries .* to the line's end at each ' said, \"'",
    ),
    "button-blind-header": (
        lambda: BASE.replace(" - 2020/01/02", " (Button Blind 1 - Ante 1" * (MB // 25) + " - 2020/01/02", 1),
        "_BUTTON_BLIND's [^)]* runs to the header's end at each '(Button Blind'",
    ),
    "forty-thousand-seats": (
        lambda: many_seats(MB // 25),
        "who() and 'name in names' scan every seated name for every line: seats x lines",
    ),
}


@pytest.mark.parametrize(
    "make",
    [pytest.param(make, id=case) for case, (make, why) in QUADRATIC.items()],
)
def test_a_megabyte_of_adversarial_text_reads_in_linear_time(make: object, tmp_path: Path) -> None:
    assert callable(make)
    assert reads_in_time(make(), tmp_path)


LINEAR = {
    "hands": lambda: (BASE + "\n\n") * (MB // len(BASE)),
    "brackets": lambda: with_line(12, "*** FLOP *** " + "[" * MB),
    "spaces": lambda: with_line(12, "a " * (MB // 2)),
    "collected": lambda: with_line(12, "alice collected 1 from x " * (MB // 25)),
    "dealt": lambda: with_line(9, "Dealt to alice " + "[As] " * (MB // 5)),
    "stakes": lambda: BASE.replace(" - 2020/01/02", " (1/1" * (MB // 5) + " - 2020/01/02", 1),
    "summary-pots": lambda: BASE.replace("Rake $0.03", "Rake $0.03" + " Main pot 1" * (MB // 11)),
    "stars": lambda: with_line(12, "*** " + "a *** " * (MB // 6)),
    "check-lines": lambda: with_line(12, "\n".join(["alice: checks"] * (MB // 14))),
}


@pytest.mark.parametrize("case", list(LINEAR))
def test_a_megabyte_of_long_lines_the_reader_handles_in_time(case: str, tmp_path: Path) -> None:
    assert reads_in_time(LINEAR[case](), tmp_path)


# -- the CLI: adversarial hands are reported and the rest goes on ------------------------------------------------


def test_replay_and_convert_report_adversarial_hands_without_a_traceback(tmp_path: Path) -> None:
    texts = [
        BASE.replace("[2c 7d 9h", "[As 7d 9h"),
        DRAW.replace("rumble1111: discards 1 card\nHero: bets", "rumble1111: discards 9 cards\nHero: bets"),
        SIDE.replace("bob", "dave", 1),
        STUD,
    ]
    path = tmp_path / "adversarial.txt"
    path.write_text("\n\n".join(texts), encoding="utf-8")
    replayed = runner.invoke(app, ["replay", str(path)])
    assert replayed.exit_code == 1, replayed.output
    assert replayed.exception is None or isinstance(replayed.exception, SystemExit)
    assert "4 hands in" in replayed.stdout
    assert "1 ok, 0 mismatch, 3 error" in replayed.stdout
    converted = runner.invoke(app, ["convert", "--to", "phh", "--out", str(tmp_path / "out"), str(path)])
    assert converted.exit_code == 1, converted.output
    assert converted.exception is None or isinstance(converted.exception, SystemExit)
    assert "1 failed" in converted.stderr
