"""PHH into and out of the hand record (pokerroom.formats.phh_hand.to_record / from_record): the real hand
histories of ../shared/phh read into records (names, seats, table, hand number, chip unit), kept as JSON, written
back as PHH that replays to the same final stacks; a voided hand and a file cut short keep their status."""

from __future__ import annotations

import dataclasses
import json
from decimal import Decimal
from pathlib import Path

import pytest

from pokerroom.engine import Action
from pokerroom.errors import PHHError
from pokerroom.formats import phh
from pokerroom.formats.phh_hand import from_record, to_record
from pokerroom.formats.replay import replay
from pokerroom.games import find
from pokerroom.room.record import Status, record_of
from pokerroom.room.record_json import record_from_json, record_json

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "phh"
SOME = [
    *sorted((DATA / "dataset" / "pluribus").rglob("*.phh"))[:150],
    *sorted((DATA / "dataset" / "wsop").rglob("*.phh")),
    *sorted((DATA / "dataset" / "handhq").rglob("*.phhs")),
    *sorted((DATA / "synthetic").glob("*.phh")),
    *sorted((DATA / "dataset").glob("*-20*.phh")),
]
REFUSED = {
    "alice-carol-wikipedia.phh": "badugi",
    "00-01-07.phh": "the big-blind ante quirk (shared/README.md)",
    "synthetic-nt-run-four-times.phh": "run four times: PHH has no notation for it",
}


@pytest.mark.skipif(not DATA.is_dir(), reason="../shared/phh is not beside this checkout")
def test_real_hands_go_through_the_record_and_back() -> None:
    read = 0
    for path in SOME:
        for hand in phh.read(path):
            if path.name in REFUSED:
                with pytest.raises(PHHError, match=path.name):
                    to_record(hand)
                continue
            original = replay(hand)
            record = to_record(hand)
            read += 1
            assert record_from_json(json.loads(json.dumps(record_json(record)))) == record, path
            if hand.players is not None:
                assert tuple(s.player for s in record.setup.seats) == hand.players
            written = from_record(record)
            again = replay(written)
            # The written file has finishing stacks where the original had none: "ok" where it was "unchecked".
            assert again.status in ("ok", original.status), (path, again.message)
            if original.computed is not None:
                assert again.computed == original.computed, path
            assert record.status is (Status.COMPLETE if original.status != "unchecked" else record.status)
    assert read > 200


def test_names_seats_and_table_of_a_room_hand_survive_the_round_trip() -> None:
    from pokerroom.room.clock import VirtualClock
    from pokerroom.room.table import Table, TableConfig

    table = Table(TableConfig("holdem", seats=6), clock=VirtualClock(), seed=5, name="Main", table_id=7)
    for seat, name in ((1, "ann"), (3, "bo"), (4, "cy")):
        table.sit(seat, name, 200)
    table.play_bots({n: (lambda v: Action.check() if v.legal.check else Action.call()) for n in ("ann", "bo", "cy")})
    record = table.record
    assert record is not None
    written = from_record(record)
    assert written.players is not None and sorted(written.players) == ["ann", "bo", "cy"]
    assert written.extra["table"] == "Main" and written.extra["hand"] == 1
    assert sorted(written.extra["seats"]) == [2, 4, 5]  # PHH counts seats from 1
    back = to_record(phh.loads(phh.dumps(written))[0])
    # PHH numbers players from the button's left: the same seats, in another engine order.
    seats = sorted((s.seat, s.player, s.stack) for s in back.setup.seats)
    assert seats == [(1, "ann", 200), (3, "bo", 200), (4, "cy", 200)]
    assert (back.setup.table_name, back.setup.number) == ("Main", 1)
    final = {s.player: chips for s, chips in zip(record.setup.seats, record.final, strict=True)}
    assert {s.player: chips for s, chips in zip(back.setup.seats, back.final, strict=True)} == final


def test_a_voided_hand_and_a_file_cut_short_keep_their_status() -> None:
    hand = find("holdem").deal(stacks=[100, 100, 100], button=0, blinds=(1, 2), seed=8)
    hand.act(Action.raise_to(6), 0)
    voided = record_of(hand, status=Status.VOIDED, reason="server crash: hand void, chips returned (RULES §3.8)")
    written = from_record(voided)
    assert written.extra["_status"] == "voided" and written.finishing_stacks is None
    back = to_record(phh.loads(phh.dumps(written))[0])
    assert back.status is Status.VOIDED and back.reason == voided.reason
    assert sorted(back.contributions) == sorted(back.payouts) == [1, 2, 6]  # from the button's left: 1, 2, 6
    kept = {k: v for k, v in written.extra.items() if k not in ("_status", "_reason")}
    cut = dataclasses.replace(written, extra=kept)
    short = to_record(cut)
    assert short.status is Status.INCOMPLETE and short.result is None
    assert to_record(cut, unit=Decimal("0.5")).setup.unit == Decimal("0.5")


def test_a_time_out_is_written_and_read_back() -> None:
    """RULES §3.7, A-3.7-2: the table checks or folds for a player whose time ran out; the record, the PHH text
    (``# timed out``) and the record read back all say so."""
    from pokerroom.room.clock import VirtualClock
    from pokerroom.room.table import Table, TableConfig

    table = Table(TableConfig("holdem", seats=3), clock=VirtualClock(), seed=11)
    for seat, name in enumerate(("ann", "bo", "cy")):
        table.sit(seat, name, 200)
    table.start_hand()
    table.run_out_clock()
    table.time_out()  # the button, facing the big blind: folds
    table.act(table.to_act, Action.call())  # type: ignore[arg-type]
    table.run_out_clock()
    table.time_out()  # the big blind, nothing to call: checks
    while table.hand is not None and not table.hand.is_complete:
        table.act(table.to_act, Action.check())  # type: ignore[arg-type]
    record = table.record
    assert record is not None
    timed = [(e.type.value, e.seat) for e in record.events if e.text == "timed out"]
    assert timed == [("fold", 0), ("check", 2)]
    written = from_record(record)
    assert [a for a in written.actions if a.endswith("# timed out")] == ["p3 f # timed out", "p2 cc # timed out"]
    back = to_record(phh.loads(phh.dumps(written))[0])
    assert [e.type.value for e in back.events if e.text == "timed out"] == ["fold", "check"]
