"""The lobby (issue 18 item 6): each table's figures read from its settled hands in the store (average pot,
players per flop, hands per hour; store/table_stats.py), the rows of ``GET /api/tables``, and the waiting list
of a full table (server/waitlist.py): the order, the seat held for the first in line, passed on after
:data:`OFFER_SECONDS` of the table's clock, refused to others, taken, declined, and the HTTP endpoints.

The figures run on SQLite and PostgreSQL (the ``store`` fixture) with hands played through a ``TableRunner`` by
scripted players, so every pot is known: 3-handed no-limit hold'em 1/2, the button moving 0, 1, 2, 0 ...
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

import servertools
from pokerroom.engine import Action, HandView
from pokerroom.errors import RoomError
from pokerroom.room.clock import VirtualClock
from pokerroom.room.config import TableConfig
from pokerroom.server import Starter
from pokerroom.server.accounts import Users
from pokerroom.server.actor import TableActor
from pokerroom.server.lobby import Lobby
from pokerroom.server.protocol import Leave, Sit
from pokerroom.server.waitlist import OFFER_SECONDS
from pokerroom.store import Store
from pokerroom.store.runner import TableRunner
from pokerroom.store.table_stats import HandFigures, TableStats, TableStatsReader, hand_figures
from servertools import HEADS_UP, Recorder, api, serve, sign_up, table
from storetools import Clock

db_fixture = servertools.db_fixture


def folds(view: HandView) -> Action:
    """Folds facing a bet, else plays passively (checks, brings in)."""
    legal = view.legal
    assert legal is not None
    if legal.call is not None and legal.fold and legal.bring_in is None:
        return Action.fold()
    return legal.passive()


def calls(view: HandView) -> Action:
    legal = view.legal
    assert legal is not None
    return legal.passive()


def at(hour: int, minute: int) -> datetime:
    return datetime(2024, 5, 1, hour, minute, tzinfo=UTC)


# --------------------------------------------------------------------------------------------------- figures


def test_figures_of_a_table_from_its_stored_hands(store: Store, clock: Clock) -> None:
    runner = TableRunner(
        store, "Figures", TableConfig(game="holdem", stakes="1/2", limit="no", seats=3), clock=VirtualClock()
    )
    for seat, name in enumerate("abc"):
        store.create_account(name, deposit=1000)
        runner.sit(seat, name, 200)
    reader = TableStatsReader(store, min_hands=3, max_hands=5)
    assert reader.stats([runner.table_id], now=at(9, 0)) == {runner.table_id: TableStats(None, None, 0, 0)}

    def play(moment: datetime, kinds: str) -> HandFigures:
        clock.set(moment)  # the store stamps the hand's end with it
        record = runner.play_hand({name: folds if k == "F" else calls for name, k in zip("abc", kinds, strict=True)})
        return hand_figures(record)

    # The button at seat 0: a (button) and b (small blind) fold, c's big blind takes 1 + 1 (its other 1 uncalled).
    assert play(at(10, 0), "FFF") == HandFigures(pot=2, dealt=3, saw=0)
    assert play(at(10, 30), "CCC") == HandFigures(pot=6, dealt=3, saw=3)  # all call 2 and check it down
    assert play(at(11, 50), "FCC") == HandFigures(pot=5, dealt=3, saw=2)  # a folds the small blind
    assert play(at(11, 55), "FCC") == HandFigures(pot=4, dealt=3, saw=2)  # a folds the button
    # Two hands in the last hour, fewer than 3: the last 3 hands (6 + 5 + 4 chips; 7 of 9 players saw the flop).
    assert reader.stats([runner.table_id], now=at(12, 0))[runner.table_id] == TableStats(5, 78, 2, 3)
    assert play(at(12, 10), "FCC") == HandFigures(pot=6, dealt=3, saw=3)  # a checks the big blind
    assert play(at(12, 20), "FCC") == HandFigures(pot=5, dealt=3, saw=2)
    # A voided hand counts for nothing.
    clock.set(at(12, 25))
    runner.start_hand()
    runner.void("test")
    # Four hands in the hour since 11:30: 5 + 4 + 6 + 5 = 20 chips over 4; 9 of 12 saw the flop.
    assert reader.stats([runner.table_id], now=at(12, 30))[runner.table_id] == TableStats(5, 75, 4, 4)
    assert play(at(12, 40), "FCC") == HandFigures(pot=4, dealt=3, saw=2)
    # All 5 hands read ended in the hour: the rate over them, 5 hands in the 55 minutes since 11:50 = 5.45 an hour.
    # 24 chips over 5 hands = 4.8 -> 5; 11 of 15 = 73.3 %.
    assert reader.stats([runner.table_id], now=at(12, 45))[runner.table_id] == TableStats(5, 73, 5, 5)
    # From the store, not memory: a new reader (a restarted server) over a new connection says the same.
    again = Store(store.engine.url.render_as_string(hide_password=False), now=clock)
    try:
        stats = TableStatsReader(again, min_hands=3, max_hands=5).stats([runner.table_id], now=at(12, 45))
        assert stats[runner.table_id].json() == {"avg_pot": 5, "players_per_flop": 73, "hands_per_hour": 5, "hands": 5}
    finally:
        again.close()
    runner.stand_all()
    runner.close()


@pytest.fixture(name="room")
def room_fixture(tmp_path: Path) -> Iterator[Store]:
    s = Store(f"sqlite:///{tmp_path / 'room.db'}")
    yield s
    s.close()


def test_players_per_flop_is_the_second_round_at_stud_and_draw(room: Store) -> None:
    """Stud counts fourth street, draw games the draw: a player who folds in the first round did not see it."""
    for name in "abc":
        room.create_account(name, deposit=10_000)
    seen = {}
    for game, limit, stakes, kinds in (("stud", "fixed", "10/20", "CF"), ("five-card-draw", "fixed", "1/2", "CFFF")):
        runner = TableRunner(
            room, game, TableConfig(game=game, stakes=stakes, limit=limit, seats=3), clock=VirtualClock()
        )
        for seat, name in enumerate("abc"):
            runner.sit(seat, name, runner.table.default_buy_in())
        seen[game] = [
            hand_figures(runner.play_hand({"a": folds if k == "F" else calls, "b": calls, "c": calls}, seed=i + 1))
            for i, k in enumerate(kinds)
        ]
        runner.stand_all()
        runner.close()
    # Stud 10/20, ante 2, bring-in 4 (seat 1's low card, then seat 2's): all call it on third street and check
    # down (3 x 6 = 18), or seat 0 folds for its ante (2 + 6 + 6 = 14).
    assert seen["stud"] == [HandFigures(18, 3, 3), HandFigures(14, 3, 2)]
    # Five-card draw 1/2, blinds 1/1: seat 0 calls 1 on the button and all draw (3 chips); in the blinds it has
    # no bet to fold to; back on the button it folds and two draw (2 chips).
    assert seen["five-card-draw"] == [HandFigures(3, 3, 3)] * 3 + [HandFigures(2, 3, 2)]


# --------------------------------------------------------------------------------------------------- the API


STUD = Starter("Stud", "stud", "10/20", "fixed", bots=0, seats=None)


def test_table_rows_carry_family_limit_stake_figures_and_waiting_list(db: str) -> None:
    with serve(db, HEADS_UP, STUD) as client:
        rows = api(client, None, "GET", "/api/tables")
        assert [(r["name"], r["family"], r["limit"], r["stake"], r["waiting"]) for r in rows] == [
            ("Heads-up", "board", "no", 2, 0),
            ("Stud", "stud", "fixed", 10, 0),
        ]
        assert rows[0]["stats"] == {"avg_pot": None, "players_per_flop": None, "hands_per_hour": 0, "hands": 0}

        alice, carol, dave = (sign_up(client, n) for n in ("alice", "carol", "dave"))
        assert api(client, None, "POST", "/api/tables/1/waitlist", 401)
        assert api(client, carol, "POST", "/api/tables/9/waitlist", 404) == {"detail": "no table with id 9"}
        free = api(client, carol, "POST", "/api/tables/1/waitlist", 400)
        assert free == {"detail": "seat 1 is free: sit down there instead of joining the waiting list"}
        with table(client, alice) as conn:
            conn.send("sit", seat=1, buy_in=200)
            conn.state(lambda s: s["seats"][1] is not None and s["seats"][1]["player"] == "alice", "alice seated")
            seated = api(client, alice, "POST", "/api/tables/1/waitlist", 400)
            assert seated == {"detail": "alice already has a seat at this table; the waiting list is for a full table"}
            first = {"table": 1, "name": "Heads-up", "place": 1, "waiting": 1, "offer": None}
            assert api(client, carol, "POST", "/api/tables/1/waitlist") == first
            assert api(client, dave, "POST", "/api/tables/1/waitlist")["place"] == 2
            assert api(client, carol, "POST", "/api/tables/1/waitlist")["place"] == 1  # once per table
            assert api(client, dave, "GET", "/api/waitlist") == [
                {"table": 1, "name": "Heads-up", "place": 2, "waiting": 2, "offer": None}
            ]
            assert api(client, None, "GET", "/api/tables")[0]["waiting"] == 2
            assert api(client, carol, "DELETE", "/api/tables/1/waitlist") == {"left": True}
            assert api(client, carol, "DELETE", "/api/tables/1/waitlist") == {"left": False}
            assert api(client, carol, "GET", "/api/waitlist") == []
            assert api(client, dave, "GET", "/api/waitlist")[0]["place"] == 1
            api(client, dave, "POST", "/api/logout")  # logging out takes dave off every list
            assert api(client, None, "GET", "/api/tables")[0]["waiting"] == 0


# --------------------------------------------------------------------------------------------------- the waiting list


def _full_table(room: Store) -> tuple[VirtualClock, Lobby, TableActor, dict[str, Recorder]]:
    """A two-seat hold'em table where alice and bob sit; carol, dave and erin are connected and wait."""
    clock = VirtualClock()
    users = Users(room)
    for name in ("alice", "bob", "carol", "dave", "erin"):
        users.sign_up(name, "password1")
    lobby = Lobby(room, clock=clock, seed=7, bot_delay=0.0, next_hand_delay=0.0)
    actor = lobby.create(name="W", game="holdem", stakes="1/2", limit="no", seats=2)
    who = {name: Recorder(name) for name in ("alice", "bob", "carol", "dave", "erin")}
    for c in who.values():
        actor.connect(c)
    actor.handle(who["alice"], Sit(0, 200))
    actor.handle(who["bob"], Sit(1, 200))
    return clock, lobby, actor, who


def test_a_freed_seat_is_held_for_the_first_in_line_then_passed_on(room: Store) -> None:
    clock, lobby, actor, who = _full_table(room)
    table_id = actor.info.id
    assert [lobby.join_waitlist(table_id, n)["place"] for n in ("carol", "dave", "erin")] == [1, 2, 3]
    assert lobby.leave_waitlist(table_id, "erin") and actor.waitlist.players == ["carol", "dave"]
    with pytest.raises(RoomError, match="bob already has a seat"):
        lobby.join_waitlist(table_id, "bob")

    actor.handle(who["bob"], Leave())  # no hand dealt yet: bob stands at once
    actor.tick()  # alice alone cannot be dealt a hand; seat 1 is offered to carol
    assert lobby.waitlists("carol") == [
        {"table": table_id, "name": "W", "place": 1, "waiting": 2, "offer": {"seat": 1, "seconds": OFFER_SECONDS}}
    ]
    assert lobby.waitlists("dave")[0]["offer"] is None
    assert actor.next_deadline() == clock.now() + OFFER_SECONDS
    # The held seat: erin (not on the list) and dave (second in line) are refused it, and no bot takes it.
    for name in ("erin", "dave"):
        actor.handle(who[name], Sit(1, 200))
        error = who[name].errors()[-1]
        assert error["code"] == "room" and "held for the first player on this table's waiting list" in error["message"]
    assert actor.add_bots(1) == []
    assert actor.table.seats[1] is None

    clock.advance(OFFER_SECONDS - 0.5)
    actor.tick()
    assert lobby.waitlists("carol")[0]["offer"] == {"seat": 1, "seconds": 0.5}
    clock.advance(0.5)  # carol's time is up: off the list, dave is offered the seat for a full minute
    actor.tick()
    assert lobby.waitlists("carol") == []
    assert lobby.waitlists("dave") == [
        {"table": table_id, "name": "W", "place": 1, "waiting": 1, "offer": {"seat": 1, "seconds": OFFER_SECONDS}}
    ]
    actor.handle(who["carol"], Sit(1, 200))
    assert who["carol"].errors()[-1]["code"] == "room"
    refused = len(who["dave"].errors())
    actor.handle(who["dave"], Sit(1, 200))  # dave takes it: seated, off the list
    assert len(who["dave"].errors()) == refused
    assert actor.table.seats[1] is not None and actor.table.seats[1].player == "dave"
    assert actor.waitlist.players == [] and actor.waitlist.deadline() is None

    # A declined offer goes to the next in line at once.
    lobby.join_waitlist(table_id, "carol")
    lobby.join_waitlist(table_id, "erin")
    actor.handle(who["dave"], Leave())  # between hands (no tick since dave sat): he stands at once
    assert actor.table.seats[1] is None
    actor.tick()
    assert lobby.waitlists("carol")[0]["offer"] is not None
    assert lobby.leave_waitlist(table_id, "carol")
    assert lobby.waitlists("erin")[0]["offer"] == {"seat": 1, "seconds": OFFER_SECONDS}
    lobby.close()


def test_logging_out_passes_an_offered_seat_on_at_once(room: Store) -> None:
    clock, lobby, actor, who = _full_table(room)
    lobby.join_waitlist(actor.info.id, "carol")
    lobby.join_waitlist(actor.info.id, "dave")
    actor.handle(who["bob"], Leave())
    actor.tick()
    assert actor.waitlist.held(1) is not None and actor.waitlist.held(1).player == "carol"  # type: ignore[union-attr]
    while not actor.inbox.empty():
        actor.inbox.get_nowait()
    clock.advance(10.0)
    lobby.leave_waitlists("carol")  # carol's last session logged out: dave is offered seat 1 now, not at a tick
    offer = actor.waitlist.held(1)
    assert offer is not None and (offer.player, offer.seat, offer.until) == ("dave", 1, clock.now() + OFFER_SECONDS)
    assert actor.inbox.get_nowait() == (None, "tick")  # the actor's task wakes to wait for dave's deadline
    actor.handle(who["erin"], Sit(1, 200))  # erin was never on the list
    assert who["erin"].errors()[-1]["code"] == "room" and actor.table.seats[1] is None
    assert actor.waitlist.players == ["dave"]
    lobby.close()


def test_logging_out_of_one_session_keeps_the_places_of_another(db: str) -> None:
    with serve(db, HEADS_UP) as client:
        alice, carol = sign_up(client, "alice"), sign_up(client, "carol")
        with table(client, alice) as conn:
            conn.send("sit", seat=1, buy_in=200)
            conn.state(lambda s: s["seats"][1] is not None and s["seats"][1]["player"] == "alice", "alice seated")
            r = client.post("/api/login", json={"name": "carol", "password": servertools.PASSWORD})
            phone = servertools.Player("carol", r.cookies[servertools.COOKIE])
            client.cookies.clear()
            assert api(client, carol, "POST", "/api/tables/1/waitlist")["place"] == 1
            api(client, phone, "POST", "/api/logout")  # the phone's session ends; the laptop's is still open
            assert api(client, carol, "GET", "/api/waitlist")[0]["place"] == 1
            assert api(client, None, "GET", "/api/tables")[0]["waiting"] == 1
            api(client, carol, "POST", "/api/logout")  # the last one: off every list
            assert api(client, None, "GET", "/api/tables")[0]["waiting"] == 0
            api(client, phone, "POST", "/api/logout")  # an ended session logs out again harmlessly
