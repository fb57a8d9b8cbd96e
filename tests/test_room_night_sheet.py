"""The end of a club night as files (pokerroom.room.night_sheet): the cash-out sheet as CSV, JSON and a printable
HTML page with exact öre figures, safe against spreadsheet formulas and markup in players' names; files written
atomically; the evening's hands as one .phhs file that the project's PHH reader reads back and replays."""

from __future__ import annotations

import csv
import io
import json
import os
import random
from dataclasses import replace
from datetime import UTC, datetime, timedelta, timezone
from enum import Enum
from html.parser import HTMLParser
from pathlib import Path

import pytest

from pokerroom.bots import make
from pokerroom.errors import RoomError
from pokerroom.formats import phh
from pokerroom.formats.phh_hand import to_record
from pokerroom.formats.replay import replay
from pokerroom.room.night import CashOut, CashOutRow, Night, NightConfig
from pokerroom.room.night_sheet import (
    EVENT_KINDS,
    SheetEvent,
    SheetInfo,
    sheet_csv,
    sheet_html,
    sheet_json,
    write_hands_phh,
    write_sheet,
)
from pokerroom.room.record import HandRecord, Status, record_of
from pokerroom.room.table import Table, TableConfig

START = datetime(2026, 12, 3, 18, 0, tzinfo=UTC)
END = datetime(2026, 12, 3, 21, 0, tzinfo=timezone(timedelta(hours=1)))  # 20:00 UTC
EVIL = "<script>alert(1)</script>"


def _night() -> tuple[Night, CashOut]:
    """Three players at 20 öre a chip, 250-chip buy-ins, Bo rebuys 100 chips before hand 3, a rule change for hand
    3; after three hands (one orbit) Anna has 420 chips, Bo 150, Cia 280."""
    config = NightConfig("club-lowball", price_per_chip=20, first_buyin=250, minutes=90, hands=3)
    night = Night(config, ["Anna", "Bo", "Cia"], rng=random.Random(1), first_dealer=0)
    for name in night.seats:
        night.buy_in(name, 250)
    night.next_hand()
    night.next_hand()
    night.rebuy("Bo", 100)
    night.set_rule("ante", 5)
    night.next_hand()
    return night, night.cash_out_sheet({"Anna": 420, "Bo": 150, "Cia": 280})


def _info(night: Night) -> SheetInfo:
    extra = [SheetEvent(hand=2, kind="void", text="hand 2 voided: a card was exposed")]
    return SheetInfo.from_night(night, events=extra, started_at=START, ended_at=END, night_id=7)


# -- the evening's facts --------------------------------------------------------------------------------------


def test_sheet_info_from_the_nights_books() -> None:
    night, _ = _night()
    info = _info(night)
    assert night.seats == ["Bo", "Cia", "Anna"]  # drawn by lot with seed 1: the sheet's order
    assert (info.game, info.limit, info.price_per_chip, info.first_buyin) == ("club-lowball", "spread", 20, 250)
    assert info.game_name == "Club lowball (ace-to-five, one draw)"
    assert (info.hands_played, info.agreed_hands, info.agreed_minutes) == (3, 3, 90)
    assert info.deals == {"Bo": 1, "Cia": 1, "Anna": 1} and info.night_id == 7
    assert [(e.hand, e.kind, e.text) for e in info.events] == [
        (1, "buy_in", "Bo bought in: 250 chips for 50,00 kr"),
        (1, "buy_in", "Cia bought in: 250 chips for 50,00 kr"),
        (1, "buy_in", "Anna bought in: 250 chips for 50,00 kr"),
        (2, "void", "hand 2 voided: a card was exposed"),
        (3, "rebuy", "Bo rebought 100 chips for 20,00 kr"),
        (3, "rule", "ante = 5"),
    ]


def test_events_and_times_are_checked() -> None:
    assert set(EVENT_KINDS) == {"buy_in", "rebuy", "join", "leave", "fee", "rule", "void"}
    with pytest.raises(RoomError, match="one of buy_in, rebuy, join, leave, fee, rule, void, not 'tip'"):
        SheetEvent(hand=1, kind="tip", text="x")
    with pytest.raises(RoomError, match="1 or more"):
        SheetEvent(hand=0, kind="join", text="x")
    base = {"game": "club-holdem", "game_name": "g", "limit": "no", "price_per_chip": 10, "first_buyin": 500}
    with pytest.raises(RoomError, match="time zone"):
        SheetInfo(**base, hands_played=1, started_at=datetime(2026, 12, 3, 18, 0))  # type: ignore[arg-type]
    with pytest.raises(RoomError, match="agreed_minutes"):
        SheetInfo(**base, hands_played=1, agreed_minutes=float("nan"))  # type: ignore[arg-type]


def test_a_sheet_at_another_price_is_refused() -> None:
    night, sheet = _night()
    other = CashOut(sheet.rows, sheet.transfers, 10)
    for writer in (sheet_csv, sheet_json, sheet_html):
        with pytest.raises(RoomError, match="10 öre per chip but the evening's price is 20"):
            writer(other, _info(night))


# -- CSV ----------------------------------------------------------------------------------------------------------


def test_csv_has_exact_ore_and_kronor() -> None:
    night, sheet = _night()
    text = sheet_csv(sheet, _info(night))
    assert text.split("\r\n") == [
        "player,deals,chips_bought,paid_ore,paid_kr,chips_out,value_ore,value_kr,net_ore,net_kr",
        "Bo,1,350,7000,70.00,150,3000,30.00,-4000,-40.00",
        "Cia,1,250,5000,50.00,280,5600,56.00,600,6.00",
        "Anna,1,250,5000,50.00,420,8400,84.00,3400,34.00",
        "Total,3,850,17000,170.00,850,17000,170.00,0,0.00",
        "",
        "payer,payee,ore,kr",
        "Bo,Anna,3400,34.00",
        "Bo,Cia,600,6.00",
        "",
    ]


def _hand_built(names: list[str]) -> tuple[CashOut, SheetInfo]:
    """A sheet built by hand at 10 öre a chip: the first name wins 100 öre from the second, the fourth 5 öre from
    the third (odd öre, as a sheet at another price might have them); any others break even."""
    rows = [CashOutRow(n, 100, 1000, 100, 1000) for n in names]
    rows[0] = CashOutRow(names[0], 100, 1000, 110, 1100)
    rows[1] = CashOutRow(names[1], 100, 1000, 90, 900)
    rows[2] = CashOutRow(names[2], 100, 1000, 100, 995)  # odd öre as a sheet might carry them: 5 öre less
    rows[3] = CashOutRow(names[3], 100, 1000, 100, 1005)
    transfers = [(names[1], names[0], 100), (names[2], names[3], 5)]
    sheet = CashOut(rows, transfers, 10)
    info = SheetInfo(
        game="club-holdem", game_name="Club hold'em", limit="no", price_per_chip=10, first_buyin=100,
        hands_played=4, deals={names[0]: 2, names[1]: 2},
    )  # fmt: skip
    return sheet, info


def test_csv_neutralises_formulas_in_names() -> None:
    names = ['=HYPERLINK("http://x","y")', "+46 70", "-Bo", "@SUM(A1)", "\tTab", 'Åsa, "the" dealer']
    sheet, info = _hand_built(names)
    rows = list(csv.reader(io.StringIO(sheet_csv(sheet, info), newline="")))
    players = [r[0] for r in rows[1:7]]
    assert players == ['\'=HYPERLINK("http://x","y")', "'+46 70", "'-Bo", "'@SUM(A1)", "'\tTab", names[5]]
    assert rows[7] == ["Total", "4", "600", "6000", "60.00", "600", "6000", "60.00", "0", "0.00"]
    assert rows[1][1:] == ["2", "100", "1000", "10.00", "110", "1100", "11.00", "100", "1.00"]
    assert rows[3][1:] == ["0", "100", "1000", "10.00", "100", "995", "9.95", "-5", "-0.05"]
    assert rows[8] == [] and rows[9] == ["payer", "payee", "ore", "kr"]
    assert rows[10:] == [["'+46 70", '\'=HYPERLINK("http://x","y")', "100", "1.00"], ["'-Bo", "'@SUM(A1)", "5", "0.05"]]
    # No cell a spreadsheet would evaluate: only our own negative amounts start with '-'.
    for row in rows:
        for cell in row:
            assert not cell.startswith(("=", "+", "@", "\t")), cell
            if cell.startswith("-"):
                assert cell.lstrip("-").replace(".", "").isdigit(), cell


# -- JSON ---------------------------------------------------------------------------------------------------------


class _Odd(Enum):
    KEEP = "keep"


def test_json_round_trips_with_exact_ore() -> None:
    night, sheet = _night()
    info = _info(night)
    text = sheet_json(sheet, info)
    doc = json.loads(text)
    assert sheet_json(sheet, info) == text and text.endswith("}\n")  # stable
    assert list(doc) == sorted(doc) == ["evening", "events", "players", "totals", "transfers", "version"]
    assert sum(p["net_ore"] for p in doc["players"]) == 0 == doc["totals"]["net_ore"]
    assert doc["players"] == [
        {"name": "Bo", "deals": 1, "chips_bought": 350, "paid_ore": 7000, "chips_out": 150, "value_ore": 3000,
         "net_ore": -4000},
        {"name": "Cia", "deals": 1, "chips_bought": 250, "paid_ore": 5000, "chips_out": 280, "value_ore": 5600,
         "net_ore": 600},
        {"name": "Anna", "deals": 1, "chips_bought": 250, "paid_ore": 5000, "chips_out": 420, "value_ore": 8400,
         "net_ore": 3400},
    ]  # fmt: skip
    assert doc["totals"] == {
        "deals": 3, "chips_bought": 850, "paid_ore": 17000, "chips_out": 850, "value_ore": 17000, "net_ore": 0
    }  # fmt: skip
    assert doc["transfers"] == [
        {"payer": "Bo", "payee": "Anna", "ore": 3400},
        {"payer": "Bo", "payee": "Cia", "ore": 600},
    ]
    assert doc["evening"] == {
        "game": "club-lowball", "game_name": "Club lowball (ace-to-five, one draw)", "limit": "spread",
        "price_per_chip": 20, "first_buyin": 250, "hands_played": 3, "agreed_hands": 3, "agreed_minutes": 90,
        "house_rules": {}, "started_at": "2026-12-03T18:00:00+00:00", "ended_at": "2026-12-03T20:00:00+00:00",
        "night_id": 7, "deals": {"Anna": 1, "Bo": 1, "Cia": 1},
    }  # fmt: skip
    assert doc["events"][3] == {"hand": 2, "kind": "void", "text": "hand 2 voided: a card was exposed"}
    assert len(doc["events"]) == 6


def test_json_house_rules_are_plain_values() -> None:
    sheet, info = _hand_built(["A", "B", "C", "D"])
    rules = {"rebuy": _Odd.KEEP, "blinds": (5, 10), "odd": float("inf"), "note": None}
    doc = json.loads(sheet_json(sheet, replace(info, house_rules=rules)))
    assert doc["evening"]["house_rules"] == {"rebuy": "keep", "blinds": [5, 10], "odd": "inf", "note": None}
    assert doc["evening"]["started_at"] is None and doc["events"] == []


# -- HTML ---------------------------------------------------------------------------------------------------------


class _Tags(HTMLParser):
    """Checks that every element is closed in order, and collects the text."""

    VOID = frozenset(("meta", "br", "hr", "img", "input", "link"))

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.text: list[str] = []
        self.seen: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.seen.add(tag)
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        assert self.stack and self.stack[-1] == tag, (self.stack, tag)
        self.stack.pop()

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def test_html_page_is_self_contained_and_escaped() -> None:
    night, sheet = _night()
    info = _info(night)
    more = [*info.events, SheetEvent(hand=3, kind="join", text=f"{EVIL} & friends arrived")]
    deals = {**info.deals, EVIL: 1}
    evil_info = replace(info, game_name=EVIL, house_rules={EVIL: EVIL, "ante": 3}, events=more, deals=deals)
    rows = [
        CashOutRow(EVIL if r.name == "Cia" else r.name, r.chips_bought, r.paid, r.chips_out, r.value)
        for r in sheet.rows
    ]
    transfers = [(p, EVIL if q == "Cia" else q, o) for p, q, o in sheet.transfers]
    page = sheet_html(CashOut(rows, transfers, 20), evil_info)
    assert "<script" not in page.lower() and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert page.startswith('<!DOCTYPE html>\n<html lang="en">')
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in page
    assert '<meta charset="utf-8">' in page and "@media print" in page
    for outside in ("http:", "https:", "src=", "href=", "<link", "@import", "url("):
        assert outside not in page
    parser = _Tags()
    parser.feed(page)
    parser.close()
    assert parser.stack == [] and {"html", "head", "style", "body", "table", "dl", "ul"} <= parser.seen
    text = " ".join(" ".join(parser.text).split())
    assert f"Game night 2026-12-03: {EVIL}" in text
    assert "Price per chip 0,20 kr" in text and "First buy-in 250 chips (50,00 kr)" in text
    assert "Agreed length 3 hands or 90 minutes, ending on a completed orbit" in text
    assert "Started 2026-12-03 18:00 UTC" in text and "Ended 2026-12-03 20:00 UTC" in text
    assert f"{EVIL} = {EVIL}" in text and "ante = 3" in text
    assert "Bo 1 350 70,00 kr 150 30,00 kr -40,00 kr" in text
    assert f"{EVIL} 1 250 50,00 kr 280 56,00 kr 6,00 kr" in text
    assert "Total 3 850 170,00 kr 850 170,00 kr 0,00 kr" in text
    assert "2 Voided hand hand 2 voided: a card was exposed" in text and "3 Rebuy Bo rebought 100 chips" in text
    assert f"3 Arrived {EVIL} & friends arrived" in text
    assert "Bo pays Anna 34,00 kr" in text and f"Bo pays {EVIL} 6,00 kr" in text


def test_html_without_transfers_events_or_rules() -> None:
    sheet = CashOut([CashOutRow("A", 10, 100, 10, 100), CashOutRow("B", 10, 100, 10, 100)], [], 10)
    info = SheetInfo(game="club-holdem", game_name="Club hold'em", limit="no", price_per_chip=10, first_buyin=10,
                     hands_played=0)  # fmt: skip
    page = sheet_html(sheet, info)
    assert "No transfers needed." in page and "Nothing to note." in page and "the game's own rules" in page
    assert "<title>Game night: Club hold&#x27;em</title>" in page and "not agreed" in page


# -- writing files --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "writer", "prefix"),
    [("night.csv", sheet_csv, b"\xef\xbb\xbf"), ("night.JSON", sheet_json, b""), ("Night.HTML", sheet_html, b""),
     ("night.htm", sheet_html, b"")],
)  # fmt: skip
def test_write_sheet_picks_the_format_by_suffix(tmp_path: Path, name: str, writer: object, prefix: bytes) -> None:
    night, sheet = _night()
    info = _info(night)
    target = tmp_path / name
    target.write_text("old")
    write_sheet(target, sheet, info)
    assert callable(writer)
    assert target.read_bytes() == prefix + writer(sheet, info).encode("utf-8")
    assert os.listdir(tmp_path) == [name]  # the temporary file is gone


def test_write_sheet_refuses_other_suffixes_before_writing(tmp_path: Path) -> None:
    night, sheet = _night()
    for name in ("night.txt", "night", "night.csv.bak", "night.xlsx"):
        with pytest.raises(RoomError, match=r"\.csv, \.json, \.html, \.htm"):
            write_sheet(tmp_path / name, sheet, _info(night))
    with pytest.raises(RoomError, match="price"):
        write_sheet(tmp_path / "night.csv", CashOut(sheet.rows, sheet.transfers, 1), _info(night))
    assert os.listdir(tmp_path) == []


def test_write_sheet_is_atomic(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    night, sheet = _night()
    target = tmp_path / "night.json"
    target.write_text("the old sheet")

    def broken(src: object, dst: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(OSError, match="disk full"):
        write_sheet(target, sheet, _info(night))
    assert target.read_text() == "the old sheet" and os.listdir(tmp_path) == ["night.json"]
    monkeypatch.undo()
    with pytest.raises(OSError):
        write_sheet(tmp_path / "missing" / "night.json", sheet, _info(night))
    (tmp_path / "dir.html").mkdir()
    with pytest.raises(OSError):
        write_sheet(tmp_path / "dir.html", sheet, _info(night))
    assert sorted(os.listdir(tmp_path)) == ["dir.html", "night.json"]


# -- the evening's hands as PHH -------------------------------------------------------------------------------


def _evening(
    game: str, chips: int, hands: int, seed: int, void: int | None = None
) -> tuple[Night, Table, list[HandRecord]]:
    """A club night of ``game`` played by random bots at a table: ``hands`` hands, the last paying out the odd
    chips; hand ``void`` (from 1) is voided after its first action."""
    names = ["Åsa", "Bo", "Cia"]
    night = Night(NightConfig(game, hands=hands), names, rng=random.Random(seed), first_dealer=0)
    table = Table(TableConfig(game, seats=len(names)), seed=seed, name="Club")
    bots = {}
    for seat, name in enumerate(night.seats):
        night.buy_in(name, chips)
        table.sit(seat, name, chips)
        bots[name] = make("random", seed + seat)
    records = []
    for _ in range(hands):
        number = night.next_hand()
        table.last_hand = number == hands
        if number == void:
            hand = table.start_hand()
            acting = table.to_act
            assert acting is not None and hand.to_act is not None
            state = table.seats[acting]
            assert state is not None
            table.act(acting, bots[state.player].act(hand.view(hand.to_act)))
            records.append(table.void_hand("a card was exposed"))
            continue
        records.append(table.play_bots(bots))
    return night, table, records


@pytest.mark.parametrize(("game", "chips"), [("club-lowball", 250), ("club-holdem", 500)])
def test_the_evenings_hands_replay_from_the_phhs_file(tmp_path: Path, game: str, chips: int) -> None:
    night, table, records = _evening(game, chips, hands=6, seed=4, void=3)
    target = tmp_path / "night.phhs"
    assert write_hands_phh(target, records) == 6
    assert os.listdir(tmp_path) == ["night.phhs"]
    back = phh.read(target)
    assert [h.label for h in back] == ["1", "2", "3", "4", "5", "6"]
    for record, hand in zip(records, back, strict=True):
        assert hand.extra["hand"] == record.number and hand.players is not None
        result = replay(hand)
        if record.status is Status.VOIDED:
            assert result.status == "incomplete" and hand.extra["_status"] == "voided"
            again = to_record(hand)
            assert again.status is Status.VOIDED and again.reason == "a card was exposed"
            continue
        assert record.status is Status.COMPLETE
        assert result.status == "ok", result.message
        assert result.computed == result.expected
        final = {s.player: stack for s, stack in zip(record.setup.seats, record.final, strict=True)}
        assert dict(zip(hand.players, map(int, result.computed or []), strict=True)) == final
    # The evening balances: every chip bought is in front of a player after the last hand.
    sheet = night.cash_out_sheet(table.stacks())
    assert sum(r.net for r in sheet.rows) == 0 and table.carried == 0
    info = SheetInfo.from_night(night)
    write_sheet(tmp_path / "night.json", sheet, info)
    doc = json.loads((tmp_path / "night.json").read_text("utf-8"))
    assert doc["evening"]["hands_played"] == 6 and sum(p["net_ore"] for p in doc["players"]) == 0
    assert {p["name"] for p in doc["players"]} == {"Åsa", "Bo", "Cia"}


def test_write_hands_phh_refusals(tmp_path: Path) -> None:
    _, table, records = _evening("club-holdem", 500, hands=2, seed=1)
    with pytest.raises(RoomError, match=r"one \.phhs file"):
        write_hands_phh(tmp_path / "night.phh", records)
    running = record_of(table.start_hand(), status=Status.INCOMPLETE)  # a hand in play
    with pytest.raises(RoomError, match="still being played"):
        write_hands_phh(tmp_path / "night.phhs", [*records, running])
    assert os.listdir(tmp_path) == []
    assert write_hands_phh(tmp_path / "empty.phhs", []) == 0
    assert phh.read(tmp_path / "empty.phhs") == []
