"""``pokerroom export``: one UTC day's hands, every card, as PHH or PokerStars text (issue 20, part 3).

Two tables over three days: the play-money table "Main" deals hand 1 on 3 December, hands 2 and 3 (settled) and
4 (voided) on the 4th and hand 5 on the 5th; the real-money, raked table "Cash" (id 2) settles hands 1 and 2 on
the 4th and leaves hand 3 in progress.  The export of the 4th writes the five finished hands, the void marked, and
skips the one in progress; the PHH it writes replays ``ok`` through ``pokerroom replay`` (the voided hand stops
where it was voided: ``incomplete``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, date, datetime, time
from pathlib import Path

import pytest
from sqlalchemy import update
from typer.testing import CliRunner

from pokerroom.bots import CallingStation
from pokerroom.cli import app
from pokerroom.engine import Action
from pokerroom.formats.phh import loads, read
from pokerroom.room.table import TableConfig
from pokerroom.store import Store
from pokerroom.store.runner import TableRunner
from pokerroom.store.schema import hands
from storetools import Clock

runner = CliRunner()
PLAYERS = ("ann", "bob", "cat")
DAY = "2026-12-04"


@dataclass
class Room:
    url: str
    main: dict[int, int]  # Main's hand number -> store id
    cash: dict[int, int]


def play(runner_: TableRunner, seed: int) -> int:
    runner_.play_hand({p: CallingStation().act for p in PLAYERS}, seed=seed)
    hand_id = runner_.store.hands_of(runner_.store.account_id(PLAYERS[0]), table=runner_.table_id, limit=1)[0].id
    return hand_id


@pytest.fixture
def room(store_url: str) -> Iterator[Room]:
    clock = Clock(datetime(2026, 12, 3, 23, 58, 0, tzinfo=UTC))
    with Store(store_url, now=clock) as store:
        main = TableRunner(store, "Main", TableConfig("holdem"))
        cash = TableRunner(store, "Cash", TableConfig("holdem", real_money=True, blinds=(5, 10)))
        for seat, name in enumerate(PLAYERS):
            store.create_account(name, deposit=10_000)
            main.sit(seat, name, 200)
            cash.sit(seat, name, 1000)
        ids: dict[int, int] = {1: play(main, 1)}
        clock.set(datetime(2026, 12, 4, 0, 0, 30, tzinfo=UTC))
        ids[2] = play(main, 2)
        clock.advance(minutes=1)
        cash_ids = {1: play(cash, 3)}
        ids[3] = play(main, 4)
        clock.advance(hours=13)
        ids[4] = main.start_hand(seed=5)
        main.act(main.table.to_act or 0, Action.call())
        main.void("the floor voids it")
        cash_ids[2] = play(cash, 6)
        clock.set(datetime(2026, 12, 4, 23, 59, 59, tzinfo=UTC))
        cash.start_hand(seed=7)  # left in progress
        clock.set(datetime(2026, 12, 5, 0, 0, 0, tzinfo=UTC))
        ids[5] = play(main, 8)
        main.close()
        cash.close()
    yield Room(store_url, ids, cash_ids)


def export(room: Room, *args: str, code: int = 0) -> tuple[str, str]:
    result = runner.invoke(app, ["export", *args, "--database", room.url])
    assert result.exit_code == code, (result.stdout, result.stderr)
    assert "Traceback" not in result.stdout + result.stderr
    return result.stdout, result.stderr


def test_a_days_hands_as_phh_files_with_every_card_replay_ok(room: Room, tmp_path: Path) -> None:
    out = tmp_path / "out"
    stdout, _ = export(room, "--day", DAY, "--to", "phh", "--out", str(out))
    assert stdout.strip() == f"5 hands written, 1 voided, 1 skipped to {out}."
    names = sorted(p.name for p in out.iterdir())
    assert names == [
        "table-1-hand-2.phh", "table-1-hand-3.phh", "table-1-hand-4.phh", "table-2-hand-1.phh", "table-2-hand-2.phh",
    ]  # fmt: skip
    for table_id, table_name, number, hand_id in [
        *((1, "Main", n, room.main[n]) for n in (2, 3, 4)),
        *((2, "Cash", n, room.cash[n]) for n in (1, 2)),
    ]:
        [phh] = read(out / f"table-{table_id}-hand-{number}.phh")
        assert (phh.extra["table"], phh.extra["hand"], phh.extra["_hand_id"]) == (table_name, number, hand_id)
        assert sorted(phh.players or ()) == sorted(PLAYERS)
        assert (phh.extra["year"], phh.extra["month"], phh.extra["day"], phh.extra["time_zone"]) == (2026, 12, 4, "UTC")
        deals = [a.split()[-1] for a in phh.actions if a.startswith("d dh")]
        assert len(deals) == 3 and all(len(d) == 4 and "?" not in d for d in deals)  # the operator sees every card
    main2 = read(out / "table-1-hand-2.phh")[0]
    assert main2.extra["time"] == time(0, 0, 30)
    voided = read(out / "table-1-hand-4.phh")[0]
    assert (voided.extra["_status"], voided.extra["_reason"]) == ("voided", "the floor voids it")
    assert voided.finishing_stacks is None and voided.extra["time"] == time(13, 1, 30)
    assert "_status" not in main2.extra and main2.finishing_stacks is not None
    result = runner.invoke(app, ["replay", str(out)])
    assert result.exit_code == 0, result.stdout
    statuses = {
        Path(m.group(2)).name: m.group(1) for m in re.finditer(r"^(\w+)\s+(\S+)\s+#0", result.stdout, re.MULTILINE)
    }
    assert statuses == {
        "table-1-hand-2.phh": "ok", "table-1-hand-3.phh": "ok", "table-1-hand-4.phh": "incomplete",
        "table-2-hand-1.phh": "ok", "table-2-hand-2.phh": "ok",
    }  # fmt: skip
    assert "_rake" in read(out / "table-2-hand-1.phh")[0].extra  # the raked hands replay ok with their rake


def test_one_table_by_name_or_id_and_refusals(room: Room, tmp_path: Path) -> None:
    for key in ("Cash", "2"):
        out = tmp_path / key
        stdout, _ = export(room, "--day", DAY, "--table", key, "--to", "pokerstars", "--out", str(out))
        assert stdout.strip() == f"2 hands written, 0 voided, 1 skipped to {out}."
        assert sorted(p.name for p in out.iterdir()) == ["table-2-hand-1.txt", "table-2-hand-2.txt"]
    _, err = export(room, "--day", DAY, "--table", "9", "--to", "phh", "--out", str(tmp_path), code=2)
    assert "no table named or numbered '9'" in " ".join(err.replace("│", " ").split())
    _, err = export(room, "--day", "2026-12-32", "--to", "phh", code=2)
    assert "--day" in err
    _, err = export(room, "--day", "4 Dec 2026", "--to", "phh", code=2)
    assert "YYYY-MM-DD" in " ".join(err.replace("│", " ").split())
    stdout, _ = export(room, "--day", "2026-12-06", "--to", "phh", "--out", str(tmp_path / "none"))
    assert stdout.strip() == f"0 hands written, 0 voided, 0 skipped to {tmp_path / 'none'}."


def test_to_stdout_pokerstars_hands_apart_and_phh_as_one_phhs(room: Room) -> None:
    stdout, err = export(room, "--day", DAY, "--to", "pokerstars", "--out", "-")
    assert err.strip() == "5 hands written, 1 voided, 1 skipped"
    hands = stdout.split("\n\n\n\n")  # each hand's last line, then three blank lines as PokerStars writes
    ids = [room.main[2], room.cash[1], room.main[3], room.main[4], room.cash[2]]  # in the order they started
    assert [h.splitlines()[0].split(":")[0] for h in hands] == [f"PokerStars Hand #{i}" for i in ids]
    assert hands[0].splitlines()[0].endswith(" - 2026/12/04 00:00:30 UTC")
    assert hands[0].splitlines()[1] == "Table 'Main' 10-max Seat #2 is the button"  # hand 2: the button moved
    void = hands[3].splitlines()
    assert void[void.index("*** SUMMARY ***") - 1] == "Hand cancelled"
    assert all(sum(line.startswith("Dealt to ") for line in h.splitlines()) == 3 for h in hands)  # every seat's cards
    stdout, err = export(room, "--day", DAY, "--to", "phh", "--out", "-")
    assert err.strip() == "5 hands written, 1 voided, 1 skipped"
    read_back = loads(stdout)
    assert [h.label for h in read_back] == ["1", "2", "3", "4", "5"]
    assert [h.extra["_hand_id"] for h in read_back] == ids
    assert read_back[3].extra["_status"] == "voided"


@pytest.mark.parametrize("store_url", ["sqlite"], indirect=True)
def test_hands_on_reads_the_day_through_the_store(room: Room) -> None:
    with Store(room.url) as store:
        day = store.hands_on(date(2026, 12, 4))
        assert [(h.table_name, h.number, h.status) for h in day] == [
            ("Main", 2, "complete"), ("Cash", 1, "complete"), ("Main", 3, "complete"), ("Main", 4, "voided"),
            ("Cash", 2, "complete"), ("Cash", 3, "incomplete"),
        ]  # fmt: skip
        assert [h.id for h in store.hands_on(date(2026, 12, 3))] == [room.main[1]]
        assert [h.number for h in store.hands_on(date(2026, 12, 4), "Main")] == [2, 3, 4]
        assert [h.number for h in store.hands_on(date(2026, 12, 4), 2)] == [1, 2, 3]
        assert day[0].started_at == datetime(2026, 12, 4, 0, 0, 30, tzinfo=UTC) and day[0].ended_at is not None
        assert day[-1].ended_at is None and day[-1].record is None
        assert store.hands_on(date.max) == [] and store.hands_on(date.min) == []  # the calendar's ends: no overflow


@pytest.mark.parametrize("store_url", ["sqlite"], indirect=True)
def test_a_record_that_cannot_be_read_is_skipped_with_its_reason(room: Room, tmp_path: Path) -> None:
    with Store(room.url) as store, store.writing() as conn:
        conn.execute(update(hands).where(hands.c.id == room.main[3]).values(record={"version": 1, "status": "won"}))
    stdout, err = export(room, "--day", DAY, "--table", "Main", "--to", "phh", "--out", str(tmp_path / "out"))
    assert stdout.strip() == f"2 hands written, 1 voided, 1 skipped to {tmp_path / 'out'}."
    assert f"skipped: hand {room.main[3]} (table 'Main', number 3) cannot be read: " in err
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["table-1-hand-2.phh", "table-1-hand-4.phh"]
