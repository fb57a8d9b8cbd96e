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
from pokerroom.engine import EventType, Hand
from pokerroom.room.clock import VirtualClock
from pokerroom.room.table import Table

night_cli = importlib.import_module("pokerroom.cli.night")  # the package's ``night`` is the command function
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


@pytest.mark.parametrize(("bots", "seed"), [("calling", 25), ("simple", 10)])
def test_odd_chips_carried_over_and_the_last_hand_flag(monkeypatch: pytest.MonkeyPatch, bots: str, seed: int) -> None:
    flags: list[bool] = []
    start = Table.start_hand

    def recording(self: Table, **kw: Any) -> Hand:
        flags.append(self.last_hand)
        return start(self, **kw)

    monkeypatch.setattr(Table, "start_hand", recording)
    # These seeds tie a pot of an odd size early on: its odd chip stays in the pot for the next hand (G2).
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


def test_house_rule_change_applies_from_the_next_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    antes: dict[int, set[int]] = {}
    start = Table.start_hand

    def recording(self: Table, **kw: Any) -> Hand:
        hand = start(self, **kw)
        antes[self.hand_number] = {e.amount or 0 for e in hand.events if e.type is EventType.POST_ANTE}
        return hand

    monkeypatch.setattr(Table, "start_hand", recording)
    script = "\nrule ante=x\nrule ante=5\n\n\n"  # deal 2; a refused value; ante 5 agreed before hand 3; deal 3, 4
    result = runner.invoke(
        app, ["night", "--players", "Anna,Bo,Cia,Dan", "--seed", "2", "--hands", "4", "--pause", "--rule", "ante=2"],
        input=script,
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "House rules agreed for the evening: ante=2" in out
    assert "Not accepted: house rule ante takes a whole number" in out
    assert "Agreed: ante=5 from hand 3." in out and "From hand 3: ante=5 (agreed between hands)" in out
    assert antes == {1: {2}, 2: {2}, 3: {5}, 4: {5}}
    assert sheet_total(out).endswith(" 0,00 kr")


def test_enter_results_by_hand_refuses_nets_that_do_not_sum_to_zero() -> None:
    # Three players, 3 hands = one orbit.  Hand 2 is typed wrong once (+1) and refused, then typed again.
    lines = [
        "10", "-5", "-5",  # hand 1
        "",  # deal hand 2
        "10", "-5", "-4",  # refused: sums to +1
        "x", "10", "-5", "-5",  # not a number, then hand 2 again
        "rebuy Cia 20",  # between hands: Cia buys 20 chips (club lowball: any time between hands)
        "rebuy Zed 5",  # not at the table
        "",  # deal hand 3
        "-20", "10", "10",  # hand 3
    ]
    result = runner.invoke(
        app, ["night", "--players", "Anna,Bo,Cia", "--enter", "--seed", "5", "--hands", "3"], input="\n".join(lines)
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Refused: the nets sum to +1, not 0" in out
    assert "Not accepted: type a whole number of chips" in out
    assert "Cia buys 20 chips for 4,00 kr." in out
    assert "'Zed' is not at the table" in out
    assert "The evening ends after 3 hands (1 orbit of 3 deals)" in out
    seats, _first, _dealers = seats_and_dealers(out)
    # The nets were typed in seat order; the chips out follow from them.
    nets = {seats[0]: 10 + 10 - 20, seats[1]: -5 - 5 + 10, seats[2]: -5 - 5 + 10}
    sheet = out.split("Cash-out")[1]
    for name, net in nets.items():
        bought = 250 + (20 if name == "Cia" else 0)
        assert re.search(rf"^{name} +{bought} .* {bought + net} ", sheet, flags=re.M), sheet
    assert sheet_total(out).endswith(" 0,00 kr")


def test_a_human_plays_and_the_table_acts_when_input_ends() -> None:
    result = runner.invoke(
        app, ["night", "--game", "club-holdem", "--players", FOUR, "--human", "Bo", "--seed", "4", "--hands", "4"],
        input="xyz\nf\n",
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Bo, your turn" in out and "Not accepted: unknown input 'xyz'" in out and "Bo folds" in out
    assert "No more input: the table checks or folds for the humans" in out
    assert "The evening ends after 4 hands (1 orbit of 4 deals)" in out
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
        (["--players", FOUR, "--price", "0"], "at least 1 öre"),
    ],
)
def test_bad_input_exits_2_naming_what_is_allowed(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["night", *args])
    assert result.exit_code == 2, result.output
    assert message in " ".join(result.output.replace("│", " ").split())
