"""``pokerroom night``: the club's game night end to end (RULES §3.11 club games, G1, G2, §5 meta-rule 2, A-G1-7):
seats and the first dealer by lot, the deal going round, the evening ending on a completed orbit, rebuys,
house-rule changes between hands, results typed in with ``--enter``, and a cash-out sheet that balances."""

from __future__ import annotations

import importlib
import re
from typing import Any

import pytest
from typer.testing import CliRunner

from pokerroom.cli import app
from pokerroom.cli.rules import parse_rule
from pokerroom.engine import EventType, Hand
from pokerroom.errors import UnsupportedRule
from pokerroom.games import Limit, find
from pokerroom.room.clock import VirtualClock
from pokerroom.room.record import HandRecord
from pokerroom.room.table import Table

night_cli = importlib.import_module("pokerroom.cli.night")  # the package's ``night`` is the command function
evening_cli = importlib.import_module("pokerroom.cli.night_evening")


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every night keeps its store in the current directory (night-YYYY-MM-DD.db): a scratch one per test."""
    monkeypatch.chdir(tmp_path)


runner = CliRunner()
FOUR = "Anna,Bo,Cia,Dan"


def seats_and_dealers(output: str) -> tuple[list[str], str, list[str]]:
    """The seat order, the first dealer and each hand's dealer, from the night's output."""
    seats_line = re.search(r"Seats by lot: (.*)", output)
    first = re.search(r"First dealer by lot: (\w+)", output)
    assert seats_line and first, output
    seats = [part.split()[1] for part in seats_line.group(1).split(", ")]
    dealers = re.findall(r"^Hand +\d+ · (\w+) deals", output, flags=re.M)
    return seats, first.group(1), dealers


def sheet_total(output: str) -> str:
    """The cash-out sheet's total line, checked: chips bought == chips out and paid == value."""
    total = re.search(r"^Total +(\d+) +([\d,]+ kr) +(\d+) +([\d,]+ kr) .*$", output, flags=re.M)
    assert total, output
    assert total.group(1) == total.group(3) and total.group(2) == total.group(4), total.group(0)
    return total.group(0)


@pytest.mark.parametrize("game", ["club-lowball", "club-holdem"])
def test_four_bots_play_whole_orbits_deal_equally_and_the_sheet_balances(game: str) -> None:
    result = runner.invoke(app, ["night", "--game", game, "--players", FOUR, "--seed", "3", "--hands", "10"])
    assert result.exit_code == 0, result.output
    out = result.output
    seats, first, dealers = seats_and_dealers(out)
    assert sorted(seats) == ["Anna", "Bo", "Cia", "Dan"]
    # 10 hands agreed: the evening ends on the completed orbit after them, 3 orbits of 4 deals.
    assert len(dealers) == 12 and "The evening ends after 12 hands (3 orbits of 4 deals)" in out
    start = seats.index(first)
    assert dealers == [seats[(start + k) % 4] for k in range(12)]  # the first dealer by lot, then clockwise
    deals = out.split("Deals: ")[1].splitlines()[0]
    assert sorted(deals.split(", ")) == [f"{name} 3" for name in sorted(seats)]  # everyone dealt 3 times
    last = [line for line in out.splitlines() if line.endswith("· the last hand")]
    assert len(last) == 1 and last[0].startswith("Hand  12 ")
    assert sheet_total(out).endswith(" 0,00 kr")
    first_buyins = 1000 if game == "club-lowball" else 2000  # 250 or 500 chips each (50 kr)
    rebuys = sum(int(n) for n in re.findall(r"buys (\d+) chips", out))
    assert re.search(rf"^Total +{first_buyins + rebuys} ", out, flags=re.M)


@pytest.mark.parametrize("players", [2, 3, 5, 7])
@pytest.mark.parametrize("game", ["club-lowball", "club-holdem"])
def test_the_table_follows_the_nights_dealer(game: str, players: int) -> None:
    names = ",".join(f"P{k}" for k in range(players))
    for seed in (1, 2):
        result = runner.invoke(
            app, ["night", "--game", game, "--players", names, "--seed", str(seed), "--hands", "1", "--bots", "random"]
        )
        assert result.exit_code == 0, result.output
        seats, first, dealers = seats_and_dealers(result.output)
        start = seats.index(first)
        assert dealers == [seats[(start + k) % players] for k in range(players)]
        assert sheet_total(result.output).endswith(" 0,00 kr")


@pytest.mark.parametrize(("bots", "seed"), [("calling", 7), ("simple", 13)])
def test_odd_chips_carried_over_and_the_last_hand_flag(monkeypatch: pytest.MonkeyPatch, bots: str, seed: int) -> None:
    flags: list[bool] = []
    start = Table.start_hand

    def recording(self: Table, **kw: Any) -> Hand:
        flags.append(self.last_hand)
        return start(self, **kw)

    monkeypatch.setattr(Table, "start_hand", recording)
    # These seeds tie a pot of an odd size early on: its odd chip stays in the pot for the next hand (G2).
    # Seed 7 (calling bots): hand 4's pot of 40 splits three ways, 13 each; hand 5's pot is 41.  Seed 13 (simple
    # bots): hand 3's pot of 1005 splits two ways, 502 each; hand 4's pot is 11.
    args = ["night", "--game", "club-holdem", "--players", "A,B,C,D", "--seed", str(seed), "--hands", "8"]
    result = runner.invoke(app, [*args, "--bots", bots])
    assert result.exit_code == 0, result.output
    assert "1 carried to the next hand" in result.output
    assert flags == [False] * 7 + [True]  # only the evening's last hand pays odd chips out (A-G1-7)
    sheet_total(result.output)


class TickClock(VirtualClock):
    """A clock that moves 3 minutes every time it is read: one reading per hand."""

    def now(self) -> float:
        moment = super().now()
        self.advance(180.0)
        return moment


def test_minutes_end_the_evening_on_the_orbit_after_the_time(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(night_cli, "make_clock", TickClock)
    result = runner.invoke(app, ["night", "--players", "Anna,Bo,Cia", "--seed", "1", "--minutes", "10"])
    assert result.exit_code == 0, result.output
    # Before hand k, 3(k - 1) minutes have gone: hand 5 starts at 12 minutes, and the orbit ends with hand 6.
    assert "The evening ends after 6 hands (2 orbits of 3 deals)" in result.output
    assert "after 10 minutes" in result.output and "hands or" not in result.output


def evening_results(monkeypatch: pytest.MonkeyPatch) -> list[HandRecord]:
    """The evening's settled hands (not the trial hands that check house rules), filled when it finishes."""
    results: list[HandRecord] = []
    finish = night_cli.Evening.finish

    def recording(self: Any) -> int:
        results.extend(self.results)
        return int(finish(self))

    monkeypatch.setattr(night_cli.Evening, "finish", recording)
    return results


def test_house_rule_change_applies_from_the_next_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    results = evening_results(monkeypatch)
    script = "\nrule ante=x\nrule ante=5\n\n\n"  # deal 2; a refused value; ante 5 agreed before hand 3; deal 3, 4
    result = runner.invoke(
        app,
        ["night", "--players", "Anna,Bo,Cia,Dan", "--seed", "2", "--hands", "4", "--pause", "--rule", "ante=2"],
        input=script,
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "House rules agreed for the evening: ante=2" in out
    assert "Not accepted: house rule ante takes a whole number" in out
    assert "Agreed: ante=5 from hand 3." in out and "From hand 3: ante=5 (agreed between hands)" in out
    antes = {r.number: {e.amount or 0 for e in r.events if e.type is EventType.POST_ANTE} for r in results}
    assert antes == {1: {2}, 2: {2}, 3: {5}, 4: {5}}
    assert sheet_total(out).endswith(" 0,00 kr")


def test_blinds_changed_between_hands_are_posted_from_the_next_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    # The table takes the change between hands (Table.set_rules): the blinds follow the new rule.
    results = evening_results(monkeypatch)
    args = ["night", "--game", "club-holdem", "--players", FOUR, "--seed", "3", "--hands", "4", "--pause"]
    result = runner.invoke(app, args, input="\nrule blinds=10,20\n\n\n")
    assert result.exit_code == 0, result.output
    assert "Agreed: blinds=10,20 from hand 3." in result.output
    posted = {r.number: sorted(e.amount or 0 for e in r.events if e.type is EventType.POST_BLIND) for r in results}
    assert posted == {1: [5, 10], 2: [5, 10], 3: [10, 20], 4: [10, 20]}
    assert sheet_total(result.output).endswith(" 0,00 kr")


def test_no_limit_lowball_plays_no_limit_and_rebuys_only_with_no_chips_left(monkeypatch: pytest.MonkeyPatch) -> None:
    # RULES G1, §5.1 #2, #7, #10: the no-limit variation, 500 chips for 50 kr, a rebuy only once the chips are
    # gone; the table the evening deals at is a no-limit table and refuses the rebuy as the night's books do.
    results = evening_results(monkeypatch)
    args = ["night", "--players", "Anna,Bo,Cia", "--no-limit", "--seed", "5", "--hands", "3", "--pause"]
    result = runner.invoke(app, args, input="rebuy Anna 100\n\n\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.startswith(
        "Club lowball (ace-to-five, one draw) night at no limit: 3 players, 500 chips each for 50,00 kr "
        "(0,10 kr per chip).\n"
    )
    # Seed 5: Anna (seat 0) antes 3 and bets 4 after the draw in hand 1, and Cia's queen-high wins the pot of 17.
    assert "Not accepted: Anna still has 493 chips: in no-limit play a rebuy needs an empty stack (G1)" in out
    assert "Anna buys" not in out
    assert [r.setup.betting.limit for r in results] == [Limit.NO] * 3
    assert sheet_total(out) == "Total           1500  150,00 kr       1500  150,00 kr    0,00 kr"


def test_enter_results_by_hand_refuses_nets_that_do_not_sum_to_zero() -> None:
    # Three players, 3 hands = one orbit.  Hand 2 is typed wrong once (+1) and refused, then typed again.
    lines = [
        "10",
        "-5",
        "-5",  # hand 1
        "",  # deal hand 2
        "10",
        "-5",
        "-4",  # refused: sums to +1
        "again",  # type the hand again
        "x",
        "10",
        "-5",
        "-5",  # not a number, then hand 2 again
        "rebuy Cia 20",  # between hands: Cia buys 20 chips (club lowball: any time between hands)
        "rebuy Zed 5",  # not at the table
        "",  # deal hand 3
        "-20",
        "10",
        "10",  # hand 3
    ]
    result = runner.invoke(
        app, ["night", "--players", "Anna,Bo,Cia", "--enter", "--seed", "5", "--hands", "3"], input="\n".join(lines)
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Refused: the nets sum to +1, not +0, or down to -2 with odd chips left in the pot" in out
    assert "Not accepted: type a whole number of chips" in out
    assert "Cia buys 20 chips for 4,00 kr." in out
    assert "nobody named 'Zed' has sat this evening" in out
    assert "The evening ends after 3 hands (1 orbit of 3 deals)" in out
    seats, _first, _dealers = seats_and_dealers(out)
    # The nets were typed in seat order; the chips out follow from them.
    nets = {seats[0]: 10 + 10 - 20, seats[1]: -5 - 5 + 10, seats[2]: -5 - 5 + 10}
    sheet = out.split("Cash-out")[1]
    for name, net in nets.items():
        bought = 250 + (20 if name == "Cia" else 0)
        assert re.search(rf"^{name} +{bought} .* {bought + net} ", sheet, flags=re.M), sheet
    assert sheet_total(out).endswith(" 0,00 kr")


def test_a_human_plays_and_leaves_with_their_chips_when_input_ends() -> None:
    # The end of input is the human leaving: cashed out after the hand, never played on for (issue 17).
    result = runner.invoke(
        app,
        ["night", "--game", "club-holdem", "--players", FOUR, "--human", "Bo", "--seed", "4", "--hands", "4"],
        input="xyz\nf\n",
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Bo, your turn" in out and "Not accepted: unknown input 'xyz'" in out and "Bo folds" in out
    left = re.search(r"^Bo leaves with (\d+) chips \(", out, flags=re.M)
    assert left, out
    assert "Every human has left: the evening ends here." in out
    assert "The evening ends after 1 hand." in out
    assert re.search(rf"^Bo +500 +50,00 kr +{left.group(1)} ", out.split("Cash-out")[1], flags=re.M)
    assert sheet_total(out).endswith(" 0,00 kr")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--game", "holdem", "--players", FOUR], "club-lowball or club-holdem"),
        (["--players", "Anna"], "2 to 10 players"),
        (["--players", "Anna,Anna"], "names must differ"),
        (["--players", FOUR, "--human", "Zed"], "Zed not among the players"),
        (["--players", FOUR, "--rule", "blinds=1,2"], "club-lowball has no house rule 'blinds'"),
        (["--players", FOUR, "--bots", "shark"], "bots: simple, random, calling"),
        (["--players", FOUR, "--price", "0"], "Invalid value for '--price': 0 is not in the range x>=1"),
    ],
)
def test_bad_input_exits_2_naming_what_is_allowed(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["night", *args])
    assert result.exit_code == 2, result.output
    assert message in " ".join(result.output.replace("│", " ").split())


# ---------------------------------------------------------------------------------------------- refused values


def flat(output: str) -> str:
    """The output with Rich's panel borders gone and whitespace collapsed."""
    for box in "│╭╮╰╯─":
        output = output.replace(box, " ")
    return " ".join(output.split())


def test_rule_values_are_parsed_strictly() -> None:
    holdem, lowball = find("club-holdem"), find("club-lowball")
    # A minus sign is a sign, not a separator: -5,10 is (-5, 10), for the table to refuse (below).
    assert parse_rule(holdem, "blinds=-5,10") == ("blinds", (-5, 10))
    assert parse_rule(holdem, "blinds= 10 , 20 ") == ("blinds", (10, 20))
    assert parse_rule(lowball, "ante=+4") == ("ante", 4)
    assert parse_rule(lowball, "ante=-3") == ("ante", -3)
    assert parse_rule(lowball, "ranges=2,20,40") == ("ranges", (2, 20, 40))
    refused = [
        (holdem, "blinds=5-10", "takes 2 whole numbers separated by commas, like 5,10"),
        (holdem, "blinds=5/10", "takes 2 whole numbers"),
        (holdem, "blinds=5,10,20", "takes 2 whole numbers"),
        (holdem, "blinds=10", "takes 2 whole numbers"),
        (holdem, "blinds=5,,10", "takes 2 whole numbers"),
        (holdem, "blinds=5,10,", "takes 2 whole numbers"),
        (holdem, "blinds=--5,10", "takes 2 whole numbers"),
        (lowball, "ranges=1,10,30,50", "takes 3 whole numbers separated by commas, like 1,10,30"),
        (lowball, "ranges=5", "takes 3 whole numbers"),
        (lowball, "ante=1_0", "takes a whole number like 3"),
        (lowball, "ante=3.0", "takes a whole number"),
        (lowball, "ante=", "takes a whole number"),
        (lowball, "ante=٣", "takes a whole number"),  # an Arabic-Indic digit: int() takes it, a player would not
    ]
    for game, text, message in refused:
        with pytest.raises(UnsupportedRule, match=message):
            parse_rule(game, text)


@pytest.mark.parametrize(
    ("game", "rule", "message"),
    [
        (
            "club-holdem",
            "blinds=-5,10",
            "both amounts must be positive and the small one no larger than the big one",
        ),  # the house rule's own check
        ("club-holdem", "blinds=5,10,20", "house rule blinds takes 2 whole numbers separated by commas, like 5,10"),
        ("club-holdem", "blinds=5-10", "house rule blinds takes 2 whole numbers"),
        ("club-holdem", "blinds=0,0", "both amounts must be positive and the small one no larger than the big one"),
        ("club-holdem", "blinds=10", "house rule blinds takes 2 whole numbers"),
        ("club-holdem", "nl_min_chips=-5", "the table cannot deal under nl_min_chips=-5"),
        ("club-lowball", "ante=-3", "the table cannot deal under ante=-3"),
        ("club-lowball", "ranges=5,1,1", "the smallest bet 5 exceeds a round's largest"),
        ("club-lowball", "ranges=5", "house rule ranges takes 3 whole numbers"),
        ("club-lowball", "ranges=1,10,30,50", "house rule ranges takes 3 whole numbers"),
        ("club-lowball", "ranges=0,1,2", "the table cannot deal under ranges=0,1,2"),
    ],
)
def test_a_house_rule_the_table_cannot_play_exits_2_before_the_evening(game: str, rule: str, message: str) -> None:
    args = ["night", "--game", game, "--players", FOUR, "--seed", "1", "--hands", "4", "--rule", rule]
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    out = flat(result.output)
    assert "Invalid value for --rule" in out and message in out, out
    assert "Traceback" not in result.output and "Seats by lot" not in out  # refused before the evening starts


@pytest.mark.parametrize(
    ("game", "bad", "message"),
    [
        ("club-lowball", "ante=-3", "the table cannot deal under ante=-3"),
        ("club-lowball", "ranges=5,1,1", "the smallest bet 5 exceeds a round's largest"),
        ("club-lowball", "ranges=5", "house rule ranges takes 3 whole numbers"),
        ("club-holdem", "blinds=0,0", "both amounts must be positive and the small one no larger than the big one"),
        ("club-holdem", "blinds=-5,10", "both amounts must be positive and the small one no larger than the big one"),
        ("club-holdem", "nl_min_chips=-5", "the table cannot deal under nl_min_chips=-5"),
    ],
)
def test_a_bad_rule_at_the_prompt_is_refused_and_the_evening_goes_on(
    monkeypatch: pytest.MonkeyPatch, game: str, bad: str, message: str
) -> None:
    results = evening_results(monkeypatch)
    script = f"\nrule {bad}\n\n\n"  # deal 2; the bad value is refused before hand 3; deal 3 and 4
    result = runner.invoke(
        app, ["night", "--game", game, "--players", FOUR, "--seed", "2", "--hands", "4", "--pause"], input=script
    )
    assert result.exit_code == 0, result.output
    out = result.output
    refusal = re.search(r"^hand 3> Not accepted: (.*)$", out, flags=re.M)
    assert refusal and message in refusal.group(1), out
    assert "Agreed:" not in out and "agreed between hands" not in out  # the evening's rules stay as they were
    assert "The evening ends after 4 hands (1 orbit of 4 deals)" in out
    assert [r.number for r in results] == [1, 2, 3, 4]
    assert sheet_total(out).endswith(" 0,00 kr")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--minutes", "nan"], "minutes must be a number, 0 or more and finite (not NaN or infinity), not nan"),
        (["--minutes", "inf"], "not NaN or infinity"),
        (["--minutes", "-5"], "0 or more"),
        (["--hands", "0"], "Invalid value for '--hands': 0 is not in the range x>=1"),
        (["--hands", "-3"], "Invalid value for '--hands'"),
        (["--hands", "5", "--minutes", "nan"], "not NaN or infinity"),
    ],
)
def test_a_session_length_that_never_ends_exits_2(
    monkeypatch: pytest.MonkeyPatch, args: list[str], message: str
) -> None:
    # --minutes nan used to play for ever (no comparison with NaN is true); should it get that far again, the
    # test fails instead of hanging.
    def never(self: Any) -> int:
        pytest.fail("the evening started")

    monkeypatch.setattr(night_cli.Evening, "run", never)
    result = runner.invoke(app, ["night", "--players", "A,B", "--seed", "1", *args])
    assert result.exit_code == 2, result.output
    assert message in flat(result.output)
    assert "Seats by lot" not in result.output


@pytest.mark.parametrize(("args", "hint"), [(["--hands", "0"], "--hands"), (["--minutes", "0"], "--minutes")])
def test_an_evening_of_nothing_is_refused(args: list[str], hint: str) -> None:
    result = runner.invoke(app, ["night", "--players", "Anna,Bo,Cia", *args])
    assert result.exit_code == 2, result.output
    assert hint in result.output


def test_enter_carries_odd_chips_to_the_next_hand_and_the_last_hand_pays_them() -> None:
    # RULES G1: a split that cannot divide the pot leaves the odd chip in it for the next hand; A-G1-7: the
    # evening's last hand pays it out, so the cash-out sheet balances.
    lines = [
        "5",
        "5",
        "-11",  # hand 1: 11 lost, 10 won, 1 chip stays in the pot
        "",  # deal hand 2
        "4",
        "-3",
        "0",  # hand 2 wins the carried chip: sums to +1
        "",  # deal hand 3, the last: the pot must be emptied
        "2",
        "-1",
        "-2",  # refused: -1 would leave a chip in the pot on the last hand
        "cia -1",  # one figure corrected (the name without case): sums to 0 with nothing carried
    ]
    result = runner.invoke(
        app, ["night", "--players", "Anna,Bo,Cia", "--enter", "--seed", "5", "--hands", "3"], input="\n".join(lines)
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "1 chip stays in the pot" in out
    assert re.search(r"Cia: -1; the nets now sum to \+0", out), out
    assert "Refused: the nets sum to -1, not +0 (the last hand pays out the 0 chips in the pot)" in out
    assert sheet_total(out).endswith(" 0,00 kr")
