"""``pokerroom night`` through a real evening (issue 17, items 2-6): players arriving (a seat by lot, club
hold'em's fee of the first blind, A-G2-7) and leaving (cashed out at the evening's price), ``end now``, the
host's commands between hands (standings, help, rules, names without case), ``q`` or the end of input as a
player leaving (never autoplay), two humans at one screen, Ctrl-C, ``--enter`` with a running sum, a
correction and ``undo``, no-limit lowball chosen by ``--limit no`` or ``--rule limit=no``, and the sheet and the
hands leaving the program (``--sheet``, ``--phh``)."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from pokerroom.cli import app
from pokerroom.cli.night_evening import Evening
from pokerroom.formats.phh import read_each
from pokerroom.room.clock import VirtualClock
from pokerroom.room.night import NightConfig
from pokerroom.store import Store
from pokerroom.store import nights as stored
from pokerroom.store.night_runner import NightRunner

runner = CliRunner()


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def night(*args: str, lines: list[str]) -> str:
    result = runner.invoke(app, ["night", *args], input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    return result.output


def sheet_rows(out: str) -> dict[str, list[str]]:
    """The cash-out sheet's rows by player: chips bought, paid, chips out, value, net."""
    body = out.split("Cash-out")[1]
    rows = {}
    for line in body.splitlines():
        m = re.match(r"^(\w+) +(\d+) +(-?[\d,]+ kr) +(\d+) +(-?[\d,]+ kr) +(-?[\d,]+ kr)$", line)
        if m and m.group(1) != "Total":
            rows[m.group(1)] = list(m.groups()[1:])
    return rows


def test_an_evening_with_an_arrival_a_departure_end_now_a_csv_sheet_and_the_hands(tmp_path: Path) -> None:
    out = night(
        "--game",
        "club-holdem",
        "--players",
        "Anna,Bo,Cia",
        "--pause",
        "--seed",
        "21",
        "--hands",
        "9",
        "--sheet",
        "sheet.csv",
        "--phh",
        "hands.phhs",
        lines=["join Fia", "", "leave bo", "", "standings", "help", "END NOW"],
    )
    # The arrival: a seat by lot, the evening's buy-in under the cap X = M/S = 1500/3, and the fee announced.
    joined = re.search(
        r"Fia joins at seat (\d) \(by lot, a bot\) with 500 chips for 50,00 kr; as a new player "
        r"they pay the fee of the first blind in their first hand \(G2\)",
        out,
    )
    assert joined, out
    assert re.search(r"^hand 3> Bo leaves with (\d+) chips \((\d+,\d\d) kr\)\.", out, flags=re.M), out
    assert "rebuy NAME CHIPS" in out and "end now: end it now" in out  # help
    assert "The evening ends after 3 hands." in out
    rows = sheet_rows(out)
    assert set(rows) == {"Anna", "Bo", "Cia", "Fia"}
    assert all(r[0] == "500" and r[1] == "50,00 kr" for r in rows.values())
    assert sum(int(r[2]) for r in rows.values()) == 2000
    # The CSV sheet: the same rows in öre, nets summing to zero.
    text = (tmp_path / "sheet.csv").read_text(encoding="utf-8-sig")
    table = list(csv.reader(io.StringIO(text)))
    players = {r[0]: r for r in table[1:5]}
    assert table[0][:4] == ["player", "deals", "chips_bought", "paid_ore"] and set(players) == set(rows)
    assert sum(int(r[8]) for r in players.values()) == 0
    assert {n: int(r[5]) for n, r in players.items()} == {n: int(r[2]) for n, r in rows.items()}
    # The hands as PHH: three, read back; Fia's first hand has the fee of 5 as dead money (A-G2-7).
    hands = [h for h in read_each(tmp_path / "hands.phhs") if not isinstance(h, Exception)]
    assert len(hands) == 3
    second = hands[1]
    assert second.players is not None and "Fia" in second.players
    fia = second.players.index("Fia")
    assert second.extra.get("_dead", [0] * 4)[fia] == 5
    result = runner.invoke(app, ["replay", str(tmp_path / "hands.phhs")])
    assert result.exit_code == 0 and "3 ok, 0 mismatch, 0 error" in result.output, result.output


def test_q_is_a_player_leaving_with_their_chips_never_autoplay() -> None:
    out = night("--players", "Anna,Bo,Cia", "--human", "anna", "--seed", "3", "--hands", "9", lines=["q"])
    assert "Anna leaves: the table checks or folds for them to the end of this hand, then they cash out." in out
    left = re.search(r"^Anna leaves with (\d+) chips", out, flags=re.M)
    assert left, out
    assert "Every human has left: the evening ends here." in out
    assert "The evening ends after 1 hand." in out  # not the agreed 9: nobody plays on for Anna
    assert sheet_rows(out)["Anna"][2] == left.group(1)


def test_two_humans_at_one_screen_take_it_in_turn() -> None:
    out = night(
        "--players",
        "Anna,Bo,Cia",
        "--human",
        "Anna",
        "--human",
        "BO",
        "--seed",
        "5",
        "--hands",
        "3",
        lines=["", "f", "", "f"],
    )
    turns = re.findall(r"(\w+)'s turn: press Enter \(the others look away\)", out)
    assert turns[:2] and set(turns[:2]) <= {"Anna", "Bo"}
    first = out.index(f"{turns[0]}'s turn: press Enter")
    assert out.index(f"{turns[0]}, your turn") > first  # the cards come after the Enter, not before


def test_standings_rules_and_names_without_case_between_hands() -> None:
    out = night(
        "--players",
        "Anna,Bo,Cia",
        "--pause",
        "--seed",
        "8",
        "--hands",
        "3",
        lines=["rebuy ANNA 0", "rebuy zed 5", "rules", "standings", "frobnicate", "end"],
    )
    assert "Not accepted: chips are at least 1, not 0" in out
    assert "Not accepted: nobody named 'zed' has sat this evening; players:" in out
    assert "Agreed for the next hand: the club defaults; limit: spread." in out
    assert "Standings after 1 hand" in out
    assert "Not accepted: not understood: 'frobnicate'." in out
    assert "The evening ends at the end of this orbit" in out and "The evening ends after 3 hands" in out


@pytest.mark.parametrize("choice", [["--limit", "no"], ["--rule", "limit=no"], ["--no-limit"]])
def test_no_limit_club_lowball_is_chosen_with_its_price(choice: list[str]) -> None:
    out = night("--players", "Anna,Bo,Cia", "--seed", "2", "--hands", "3", *choice, lines=[])
    assert out.startswith(
        "Club lowball (ace-to-five, one draw) night at no limit: 3 players, 500 chips each for 50,00 kr "
        "(0,10 kr per chip)."
    )


def test_a_limit_club_holdem_cannot_play_is_refused() -> None:
    result = runner.invoke(app, ["night", "--game", "club-holdem", "--players", "A,B", "--limit", "fixed"])
    assert result.exit_code == 2 and "club hold'em is always played no limit" in result.output


def test_enter_shows_the_running_sum_corrects_one_figure_and_undoes_the_last_hand() -> None:
    lines = [
        "10",
        "-5",
        "-4",  # hand 1: sums to +1, refused at once
        "cia -5",  # one figure corrected (seed 5 seats Anna, Bo, Cia): accepted
        "undo",  # hand 1 taken back
        "",  # deal it again
        "8",
        "-4",
        "-4",  # hand 1 again
        "end now",
    ]
    out = night("--players", "Anna,Bo,Cia", "--enter", "--seed", "5", "--hands", "3", lines=lines)
    assert re.search(r"net chips won \(\+\) or lost \(-\) in hand 1 \[sum so far \+10\]", out), out
    assert re.search(r"\[sum so far \+5\]", out)
    assert "Refused: the nets sum to +1, not +0, or down to -2 with odd chips left in the pot." in out
    assert "Cia: -5; the nets now sum to +0." in out
    assert "Hand 1 is taken back: the stacks, the pot and the deal are as before it." in out
    rows = sheet_rows(out)
    seats = re.search(r"Seats by lot: 1 (\w+), 2 (\w+), 3 (\w+)", out)
    assert seats
    assert [int(rows[seats.group(k)][2]) for k in (1, 2, 3)] == [258, 246, 246]


def test_ctrl_c_asks_and_ending_now_voids_the_hand_in_progress(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'n.db'}")
    book = NightRunner.create(store, NightConfig("club-lowball", hands=6), ["Anna", "Bo", "Cia"], seed=4)

    class Interrupting(io.StringIO):
        def __init__(self) -> None:
            super().__init__()
            self.calls = 0

        def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
            self.calls += 1
            if self.calls == 1:
                raise KeyboardInterrupt  # Ctrl-C at Anna's first turn
            return "e\n"  # end now, with the sheet

    console = Console(file=io.StringIO(), width=200)
    evening = Evening(book, humans=["Anna"], seed=4, stream=Interrupting(), console=console, clock=VirtualClock())
    assert evening.run() == 0
    out = console.file.getvalue()  # type: ignore[attr-defined]
    assert "Stop the evening?  [c]ontinue  [p]ause (resume later)  [e]nd now with the sheet:" in out
    assert "The hand being played is void (the host ended the evening): every chip goes back." in out
    assert "The evening ends after 0 hands." in out
    assert all(r.chips_out == 250 for r in evening.sheet.rows)  # type: ignore[union-attr]
    assert stored.load_night(store, book.id).status == stored.ENDED
    book.close()
    store.close()


def test_the_sheet_as_json_and_html(tmp_path: Path) -> None:
    night("--players", "Anna,Bo", "--seed", "1", "--hands", "2", "--sheet", "s.json", lines=[])
    data = json.loads((tmp_path / "s.json").read_text(encoding="utf-8"))
    assert sum(p["net_ore"] for p in data["players"]) == 0
    night(
        "--players",
        "<b>Eve</b>,Bo",
        "--seed",
        "1",
        "--hands",
        "2",
        "--sheet",
        "s.html",
        "--database",
        "sqlite:///other.db",
        lines=[],
    )
    page = (tmp_path / "s.html").read_text(encoding="utf-8")
    assert "&lt;b&gt;Eve&lt;/b&gt;" in page and "<b>Eve</b>" not in page


def test_bad_sheet_and_phh_names_are_refused_before_the_evening() -> None:
    for args, message in (
        (["--sheet", "s.txt"], "a sheet is FILE.csv, FILE.json or FILE.html"),
        (["--phh", "h.phh"], "the hands are written as FILE.phhs"),
        (["--resume", "--players", "A,B"], "a resumed night keeps its players"),
        (["7"], "a night's id is given with --resume"),
    ):
        result = runner.invoke(
            app, ["night", "--players", "A,B", *args] if "--players" not in args else ["night", *args]
        )
        assert result.exit_code == 2, result.output
        assert message in " ".join(result.output.replace("│", " ").split()), result.output
    assert not list(Path().glob("night-*.db"))  # nothing was stored


def test_end_now_with_odd_chips_in_the_pot_deals_one_last_hand_that_pays_them_out() -> None:
    # A-G1-7: chips carried in the pot are paid out on the evening's last hand, even when it ends early.
    lines = ["5", "5", "-11", "end now", "2", "-1", "0"]  # hand 1 leaves a chip; the last hand pays it (+1)
    out = night("--players", "Anna,Bo,Cia", "--enter", "--seed", "5", "--hands", "9", lines=lines)
    assert "1 chip carried in the pot: one last hand pays it out (A-G1-7)." in out
    assert "=== Hand 2: Anna deals (the last hand of the evening) ===" in out
    assert "The evening ends after 2 hands." in out
    rows = sheet_rows(out)
    assert [int(rows[n][2]) for n in ("Anna", "Bo", "Cia")] == [257, 254, 239]


def test_end_on_a_completed_orbit_ends_the_evening_at_once() -> None:
    # Three players: after hand 3 the orbit is complete, so `end` there deals no further orbit.
    out = night("--players", "Anna,Bo,Cia", "--pause", "--seed", "4", "--hands", "30", lines=["", "", "end"])
    assert "The orbit is complete: the evening ends here." in out
    assert "The evening ends after 3 hands (1 orbit of 3 deals)." in out


def test_a_clamped_bet_is_said_aloud_at_the_night() -> None:
    # Club lowball, spread limit 1-10 before the draw: "b 15" is placed at 10, and the line says so.
    out = night("--players", "Anna,Bo", "--human", "Anna", "--seed", "2", "--hands", "2", lines=["b 15", "q"])
    assert "Your move: [f]old  chec[k]  [b]et 1..10  [a] max 10\n> 15 is over the limit of 10: you bet 10\n" in out


def test_ctrl_c_then_continue_goes_back_to_the_same_prompt(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'n.db'}")
    book = NightRunner.create(store, NightConfig("club-lowball", hands=2), ["Anna", "Bo"], seed=2)
    answers = iter(["c\n", "b 15\n", "q\n"])

    class Interrupting(io.StringIO):
        def __init__(self) -> None:
            super().__init__()
            self.first = True

        def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
            if self.first:
                self.first = False
                raise KeyboardInterrupt  # Ctrl-C at Anna's first turn
            return next(answers, "")

    console = Console(file=io.StringIO(), width=200)
    evening = Evening(book, humans=["Anna"], seed=2, stream=Interrupting(), console=console, clock=VirtualClock())
    assert evening.run() == 0
    out = console.file.getvalue()  # type: ignore[attr-defined]
    assert "Stop the evening?" in out and "The evening goes on.\n> 15 is over the limit of 10: you bet 10" in out
    assert "void" not in out  # the hand went on: Anna bet, then left
    assert re.search(r"^Hand +1 · \w+ deals · pot \d+", out, flags=re.M), out
    assert sum(r.chips_out for r in evening.sheet.rows) == 500  # type: ignore[union-attr]
    book.close()
    store.close()


def test_a_player_who_left_and_came_back_resumes_with_only_the_chips_at_the_table(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'n.db'}"
    out = night("--players", "Anna,Bo,Cia", "--pause", "--seed", "9", "--hands", "4", "--database", url,
                lines=["leave Bo", "join Bo bot", "standings", "pause"])
    left = int(re.search(r"^hand 2> Bo leaves with (\d+) chips", out, flags=re.M).group(1))  # type: ignore[union-attr]
    assert re.search(rf"│ Bo +│ +\d+ │ +500 │ +{left + 250} │", out), out  # home with `left`, back with 250
    with Store(url) as store:
        book = NightRunner.resume(store)
        try:
            assert book.stacks()["Bo"] == 250 and book.night.cashed("Bo") == left
        finally:
            book.close()
    out = night("--resume", "--database", url, lines=["end now"])
    assert "0,00 kr" in out.split("Total")[-1].splitlines()[0]
    assert re.search(rf"^Bo +500 +100,00 kr +{left + 250} ", out, flags=re.M), out


def test_again_at_any_prompt_starts_the_typed_hand_over() -> None:
    out = night("--players", "Anna,Bo", "--enter", "--seed", "1", "--hands", "2",
                lines=["7", "again", "3", "-3", "end now"])
    assert "Hand 1 again from the first player." in out
    assert re.search(r"Hand +1 · \w+ deals · \w+ \+3, \w+ -3", out), out


def test_files_and_databases_that_cannot_be_used_are_refused_cleanly(tmp_path: Path) -> None:
    (tmp_path / "junk.db").write_text("not a database")
    (tmp_path / "adir.phhs").mkdir()
    for args, message in (
        (["--database", f"sqlite:///{tmp_path / 'junk.db'}"], "cannot open"),
        (["--phh", str(tmp_path / "adir.phhs")], "is a directory, not a file"),
        (["--sheet", str(tmp_path / "nowhere" / "s.csv")], "no such folder, or not writable"),
    ):
        result = runner.invoke(app, ["night", "--players", "A,B", *args])
        assert result.exit_code == 2, result.output
        assert message in " ".join(result.output.replace("│", " ").split())
    out = night("--players", "Anna,Bo", "--pause", "--seed", "1", "--hands", "2", lines=["rebuy anna ١٠", "end now"])
    assert "Not accepted: chips are a whole number (digits 0-9), not '١٠'" in out


def test_the_sheet_of_an_ended_night_can_be_written_again(tmp_path: Path) -> None:
    night("--players", "Anna,Bo", "--seed", "1", "--hands", "2", lines=[])
    result = runner.invoke(app, ["night", "--resume", "1", "--sheet", "again.csv"])
    assert result.exit_code == 0 and "Night 1 has ended; its cash-out sheet is in again.csv." in result.output
    rows = list(csv.reader(io.StringIO((tmp_path / "again.csv").read_text(encoding="utf-8-sig"))))
    assert rows[0][0] == "player" and sum(int(r[8]) for r in rows[1:3]) == 0


def test_a_player_who_joined_typing_still_types_after_a_resume(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'n.db'}"
    out = night("--players", "Anna,Bo", "--human", "Anna", "--seed", "2", "--hands", "9", "--database", url,
                lines=["f", "join Fia", "pause"])
    assert "Fia joins at seat" in out and "(by lot, typing)" in out
    with Store(url) as store:
        book = NightRunner.resume(store)
        try:
            assert book.options["humans"] == ["Anna", "Fia"]
        finally:
            book.close()
