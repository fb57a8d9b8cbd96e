"""A voided hand keeps its cards and is marked voided everywhere (RULES §3.8; issue 20, part 3).

The stored record of a hand voided at the table (:meth:`TableRunner.void`) and of one voided by the crash rule at
restart (``crash_void`` from the set-up and the journal) holds the exact cards dealt, the actions up to the void
and the refund; its PHH says ``_status = 'voided'`` with the reason, its PokerStars text ``Hand cancelled``, and a
player's own download carries the header fields (names, table, time, ids) with the void marked.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, time
from pathlib import Path

import pytest

from pokerroom.cards import format_cards
from pokerroom.engine import Action, Event, EventType
from pokerroom.formats.phh import dumps, loads
from pokerroom.formats.phh_hand import from_record, to_record
from pokerroom.formats.pokerstars import write_hand
from pokerroom.room.record import HandRecord, Status
from pokerroom.room.table import TableConfig
from pokerroom.store import Store
from pokerroom.store.runner import CRASH_REASON, TableRunner
from servertools import api, check_or_call, serve, sign_up, table
from storetools import Clock, holder_dies

START = datetime(2026, 12, 3, 21, 7, 9, 250_000, tzinfo=UTC)


@pytest.fixture
def clock() -> Clock:
    return Clock(START)


@pytest.fixture
def store(store_url: str, clock: Clock) -> Iterator[Store]:
    s = Store(store_url, now=clock)
    yield s
    s.close()


def three_seated(store: Store, name: str) -> TableRunner:
    """Hold'em 5/10 at table ``name``: "C" on the button (seat 0), "A" the small blind, "B" the big, 500 each."""
    runner = TableRunner(store, name, TableConfig("holdem", blinds=(5, 10)))
    for seat, player in enumerate(("C", "A", "B")):
        store.create_account(player, deposit=1000)
        runner.sit(seat, player, 500)
    return runner


def dealt(events: tuple[Event, ...] | list[Event]) -> tuple[dict[int, str], str]:
    """Each engine seat's hole cards and the board, as text."""
    hole = {e.seat: format_cards(e.cards) for e in events if e.type is EventType.DEAL_HOLE and e.seat is not None}
    board = "".join(format_cards(e.cards) for e in events if e.type is EventType.DEAL_BOARD and e.cards)
    return hole, board


def to_flop(runner: TableRunner) -> None:
    """C calls 10, A completes, B checks: the flop is dealt; A checks on it."""
    runner.act(0, Action.call())
    runner.act(1, Action.call())
    runner.act(2, Action.check())
    runner.act(1, Action.check())


def test_a_hand_voided_at_the_table_keeps_the_exact_cards_dealt(store: Store) -> None:
    runner = three_seated(store, "floor")
    hand_id = runner.start_hand(seed=11)
    to_flop(runner)
    live = runner.table.hand
    assert live is not None
    hole, board = dealt(live.events)
    assert len(hole) == 3 and all(len(cards) == 4 for cards in hole.values()) and len(board) == 6
    runner.void("the floor voids it: a misdeal (RULES §3.8)")
    assert store.hand(hand_id).status == "voided"
    record = store.hand_record(hand_id)
    assert record.status is Status.VOIDED and record.reason == "the floor voids it: a misdeal (RULES §3.8)"
    assert dealt(record.events) == (hole, board)
    assert record.events == tuple(live.events)  # the actions up to the void, each as it was
    assert [e.type for e in record.events if e.seat is not None and e.type.value in ("call", "check")] == [
        EventType.CALL, EventType.CALL, EventType.CHECK, EventType.CHECK,
    ]  # fmt: skip
    assert record.setup.players == ("C", "A", "B") and record.setup.deck.seed == 11
    assert record.contributions == record.payouts == (10, 10, 10) and record.result is not None
    assert record.result.final == (500, 500, 500) and record.rake == 0
    # The stored set-up deals the very same cards again.
    assert dealt(record.setup.deal().events)[0] == hole


def test_a_hand_voided_by_the_crash_rule_keeps_the_exact_cards_dealt(store_url: str, clock: Clock) -> None:
    with Store(store_url, now=clock) as first:
        runner = three_seated(first, "crash")
        hand_id = runner.start_hand(seed=5)
        to_flop(runner)
        live = runner.table.hand
        assert live is not None
        hole, board = dealt(live.events)
        events = tuple(live.events)
        holder_dies(first, runner.table_id)  # the server dies here: nothing more is written
    with Store(store_url, now=clock) as second:
        assert second.hand_record(hand_id).status is Status.INCOMPLETE
        again = TableRunner(second, "crash")  # recovery on construction (RULES §3.8)
        assert again.recovered == [hand_id] and second.hand(hand_id).status == "voided"
        record = second.hand_record(hand_id)
        assert record.status is Status.VOIDED and record.reason == CRASH_REASON
        assert dealt(record.events) == (hole, board) and len(board) == 6
        assert record.events == events
        assert record.contributions == record.payouts == (10, 10, 10) and record.rake == 0
        assert {a: second.balance(second.account_id(a)) for a in ("A", "B", "C")} == {"A": 1000, "B": 1000, "C": 1000}
        second.check_balanced()
        again.close()


def voided_record(store: Store) -> tuple[int, HandRecord]:
    runner = three_seated(store, "Main Table")
    hand_id = runner.start_hand(seed=11)
    to_flop(runner)
    runner.void("the server stopped")
    return hand_id, store.hand_record(hand_id)


@pytest.mark.parametrize("store_url", ["sqlite"], indirect=True)
def test_the_voided_hands_phh_says_so_and_carries_the_header(store: Store) -> None:
    hand_id, record = voided_record(store)
    hole, board = dealt(record.events)
    [phh] = loads(dumps(from_record(record, hand_id=hand_id)))
    extra = phh.extra
    assert (extra["_status"], extra["_reason"]) == ("voided", "the server stopped")
    assert phh.finishing_stacks is None and phh.winnings is None  # nothing was won
    assert phh.players == ("A", "B", "C")  # p1 is the small blind, p3 the button
    assert {k: extra[k] for k in ("table", "hand", "_hand_id", "seats")} == {
        "table": "Main Table", "hand": 1, "_hand_id": hand_id, "seats": [2, 3, 1],
    }  # fmt: skip
    assert {k: extra[k] for k in ("year", "month", "day", "time", "time_zone")} == {
        "year": 2026, "month": 12, "day": 3, "time": time(21, 7, 9), "time_zone": "UTC",
    }  # fmt: skip
    assert phh.actions[:4] == (f"d dh p1 {hole[1]}", f"d dh p2 {hole[2]}", f"d dh p3 {hole[0]}", "p3 cc")
    assert f"d db {board}" in phh.actions
    back = to_record(phh)
    assert back.status is Status.VOIDED and back.setup.started_at == datetime(2026, 12, 3, 21, 7, 9, tzinfo=UTC)


@pytest.mark.parametrize("store_url", ["sqlite"], indirect=True)
def test_the_voided_hands_text_is_marked_as_pokerstars_marks_it(store: Store) -> None:
    hand_id, record = voided_record(store)
    lines = write_hand(record, None, hand_id=hand_id).splitlines()
    assert lines[0] == f"PokerStars Hand #{hand_id}:  Hold'em No Limit (5/10) - 2026/12/03 21:07:09 UTC"
    assert lines[1] == "Table 'Main Table' 10-max Seat #1 is the button"
    at = lines.index("*** SUMMARY ***")
    assert lines[at - 2 :] == [
        "Hand voided: the server stopped; every chip put in was returned",
        "Hand cancelled",
        "*** SUMMARY ***",
        "Total pot 0 | Rake 0",
        f"Board [{' '.join(dealt(record.events)[1][i : i + 2] for i in range(0, 6, 2))}]",
        "Seat 1: C (button) was refunded (10)",
        "Seat 2: A (small blind) was refunded (10)",
        "Seat 3: B (big blind) was refunded (10)",
    ]


def test_a_players_download_of_a_voided_hand_has_names_table_time_and_the_mark(tmp_path: Path) -> None:
    """Alice checks or calls in hand 1 against the house bot; the server stops, voiding it.  Started again: her
    hand list says ``voided``; her PHH and text downloads name the players, the table, the time and the ids, mark
    the void and show her own cards (the bot's stay hidden from her)."""
    db = f"sqlite:///{tmp_path / 'room.db'}"
    with serve(db) as client:
        alice = sign_up(client, "alice")
        with table(client, alice) as conn:
            conn.send("sit", seat=1, buy_in=200)
            s = conn.turn(1)
            conn.act(**check_or_call(s["hand"]))
            conn.state(lambda s: s["hand"] is not None and s["hand"]["street"] == "flop", "the flop of hand 1")
    with serve(db) as client:
        [row] = api(client, alice, "GET", "/api/hands")
        assert {k: row[k] for k in ("table", "number", "status", "net")} == {
            "table": 1, "number": 1, "status": "voided", "net": None,
        }  # fmt: skip
        hand_id = row["id"]
        full = client.app.state.store.hand_record(hand_id)  # type: ignore[attr-defined]
        started = full.setup.started_at
        assert full.status is Status.VOIDED and started is not None
        hole, board = dealt(full.events)
        alice_seat = full.setup.players.index("alice")
        r = client.get(f"/api/hands/{hand_id}/phh", headers=alice.headers)
        assert r.status_code == 200, r.text
        [phh] = loads(r.text)
        assert phh.extra["_status"] == "voided" and phh.finishing_stacks is None
        assert set(phh.players or ()) == {"alice", "bot-1-1"}
        assert phh.extra["table"] == "Heads-up" and phh.extra["hand"] == 1 and phh.extra["_hand_id"] == hand_id
        assert (phh.extra["year"], phh.extra["month"], phh.extra["day"]) == (started.year, started.month, started.day)
        assert phh.extra["time"] == started.astimezone(UTC).time().replace(microsecond=0)
        assert phh.extra["time_zone"] == "UTC"
        deals = [a for a in phh.actions if a.startswith("d dh")]
        assert sorted(a.split()[-1] for a in deals) == sorted([hole[alice_seat], "????"])
        assert f"d db {board}" in phh.actions
        r = client.get(f"/api/hands/{hand_id}/text", headers=alice.headers)
        assert r.status_code == 200, r.text
        lines = r.text.splitlines()
        assert lines[0].startswith(f"PokerStars Hand #{hand_id}:  Hold'em No Limit (1/2) - ")
        assert lines[0].endswith(f"{started.astimezone(UTC):%Y/%m/%d %H:%M:%S} UTC")
        assert lines[1].startswith("Table 'Heads-up' 2-max")
        assert lines[lines.index("*** SUMMARY ***") - 1] == "Hand cancelled"
        assert f"Dealt to alice [{hole[alice_seat][:2]} {hole[alice_seat][2:]}]" in lines


@pytest.mark.parametrize("store_url", ["sqlite"], indirect=True)
def test_a_crash_void_and_an_operators_void_keep_the_same_rake_rule(store_url: str, clock: Clock) -> None:
    """Both void paths keep the hand as dealt: a real-money table's rake schedule stays in the record (no rake
    taken), so the two PHH texts differ only in the reason."""
    texts: dict[str, str] = {}
    with Store(store_url, now=clock) as first:
        for name in ("operator", "crash"):
            runner = TableRunner(first, name, TableConfig("holdem", real_money=True, blinds=(5, 10)))
            for seat, player in enumerate(("C", "A", "B")):
                first.create_account(f"{name}-{player}", deposit=1000)
                runner.sit(seat, f"{name}-{player}", 500)
            hand_id = runner.start_hand(seed=11)
            to_flop(runner)
            if name == "operator":
                runner.void("voided by operator")
                texts[name] = dumps(from_record(first.hand_record(hand_id), hand_id=hand_id))
            else:
                crashed, crash_table = hand_id, runner.table_id
        holder_dies(first, crash_table)
    with Store(store_url, now=clock) as second:
        again = TableRunner(second, "crash")
        assert again.recovered == [crashed]
        record = second.hand_record(crashed)
        assert record.status is Status.VOIDED and record.rake == 0 and record.setup.rake is not None
        texts["crash"] = dumps(from_record(record, hand_id=crashed))
        again.close()
    rake_lines = {k: [line for line in t.splitlines() if line.startswith("_rake")] for k, t in texts.items()}
    assert rake_lines["crash"] == rake_lines["operator"] == ["_rake = {schedule = 'R-NL'}"]
