"""The club night in the server (issue 17 item 7; pokerroom.server.nights, night_actor, night_invites): the invite
link, seats taken before the start, the evening at the table through the night's WebSocket, the club's rebuy cap
(A-G2-6) and new-player fee (A-G2-7), departures cashed out, ``end now``, the cash-out sheet on every screen and as
files, and a restart mid-hand (the hand void and refunded, RULES §3.8; the night resumed from the store).

Each test serves its own app over a fresh SQLite file with a fixed seed; the nights deal a hand only when the host
says ``deal`` (the pause between hands is an hour), so every chip is known."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

import servertools
from pokerroom.room.record import Status
from pokerroom.server.night_actor import NightActor
from pokerroom.server.table_info import ShutSummary
from pokerroom.store import Store
from pokerroom.store import nights as stored
from servertools import Conn, Driver, Message, Player, api, facing, serve, sign_up

db_fixture = servertools.db_fixture

NIGHT = {"next_hand_delay": 3600.0, "bust_wait": 0.0}
"""The nights of these tests: a hand is dealt when the host says so."""


def night_app(db: str) -> Any:
    return serve(db, night_options=NIGHT)


@contextmanager
def at_night(client: TestClient, player: Player, token: str) -> Iterator[Conn]:
    with client.websocket_connect(f"/ws/nights/{token}", headers=dict(player.headers)) as ws:
        yield Conn(ws)


def create(client: TestClient, host: Player, **agreement: Any) -> str:
    night = api(client, host, "POST", "/api/nights", 201, json=agreement)
    assert night["url"] == f"/night/{night['token']}" and night["players"][0] == host.name
    return str(night["token"])


def standings(s: Message) -> dict[str, dict[str, Any]]:
    return {p["name"]: p for p in s["night"]["players"]}


def chips(s: Message) -> dict[str, int]:
    return {name: p["chips"] for name, p in standings(s).items()}


def seat_conns(s: Message, conns: dict[str, Conn]) -> dict[int, Conn]:
    return {i: conns[seat["player"]] for i, seat in enumerate(s["seats"]) if seat and seat["player"] in conns}


def fold_or_check(h: Message) -> dict[str, Any]:
    return {"action": "fold"} if facing(h) else {"action": "check"}


def passive(h: Message) -> dict[str, Any]:
    """Check or call; stand pat at the draw."""
    if h["phase"] == "draw":
        return {"action": "draw", "cards": []}
    return {"action": "call"} if facing(h) else {"action": "check"}


def deal_and_play(host: Conn, conns: dict[str, Conn], number: int, policy: Any = fold_or_check) -> Message:
    """The host deals hand ``number``; the players play it with ``policy``; returns the state after it."""
    host.send("deal")
    s = host.state(lambda s: s["night"]["hand_running"] and s["night"]["hand"] == number, f"hand {number} dealt")
    driver = Driver(host, seat_conns(s, conns))
    driver.last = s
    return driver.run(policy, lambda s: not s["night"]["hand_running"] and s["night"]["hand"] == number)


def ledger(store: Store, night_id: int, name: str) -> int:
    return store.balance(store.account_id(stored.account_name(night_id, name)))


def net_of(s: Message, number: int) -> dict[str, int]:
    result = next(r for r in s["results"] if r["number"] == number)
    return {name: net for (_, name), net in zip(result["players"], result["net"], strict=True)}


def test_invite_link_seats_and_the_host_alone_starts(db: str) -> None:
    """The token is long and random; unknown tokens and strangers without a log-in are refused; players take and
    give up seats before the start; only the host adds bots and starts; the invite survives a restart."""
    with night_app(db) as client:
        anna, bo = sign_up(client, "anna"), sign_up(client, "bo")
        token = create(client, anna, game="club-lowball", hands=2, bots=1)
        assert len(token) >= 22 and token != create(client, anna, game="club-holdem")
        for _ in range(3):
            create(client, anna, game="club-holdem")
        refused = api(client, anna, "POST", "/api/nights", 400, json={"game": "club-holdem"})
        assert refused["detail"] == "anna has 5 nights waiting for players: start one or call one off first"
        assert (
            "a club night plays club-lowball or club-holdem"
            in api(client, bo, "POST", "/api/nights", 400, json={"game": "holdem"})["detail"]
        )
        assert "ante" in api(client, bo, "POST", "/api/nights", 400, json={"house_rules": {"ante": "-3"}})["detail"]
        assert api(client, bo, "GET", "/api/nights/" + "x" * 24, 404)
        assert api(client, None, "GET", f"/api/nights/{token}", 401)
        with (
            pytest.raises(WebSocketDisconnect) as closed,
            client.websocket_connect(f"/ws/nights/{'y' * 24}", headers=bo.headers) as ws,
        ):
            ws.receive_json()
        assert closed.value.code == 4404
        with pytest.raises(WebSocketDisconnect) as closed, client.websocket_connect(f"/ws/nights/{token}") as ws:
            ws.receive_json()
        assert closed.value.code == 4401
        with at_night(client, bo, token) as b:
            s = b.state()
            assert s["night"]["phase"] == "waiting" and [p["name"] for p in s["night"]["players"]] == ["anna", "bot-1"]
            assert (
                s["night"]["price_per_chip"] == 20
                and s["night"]["first_buyin"] == 250
                and s["night"]["length"] == "2 hands"
            )
            b.send("start")
            assert "only the host (anna)" in b.error("not_host")["message"]
            b.send("take_seat")
            s = b.state(lambda s: len(s["night"]["players"]) == 3, "bo seated")
            b.send("stand_up")
            b.state(lambda s: len(s["night"]["players"]) == 2, "bo stood up")
            b.send("take_seat")
            b.state(lambda s: len(s["night"]["players"]) == 3, "bo seated again")
        summary = api(client, bo, "GET", f"/api/nights/{token}")
        assert (
            summary["players"] == ["anna", "bot-1", "bo"] and summary["phase"] == "waiting" and not summary["you_host"]
        )
    with night_app(db) as client:  # the invite and its seats are in the store
        assert [n["token"] for n in api(client, bo, "GET", "/api/nights")] == [token]
        with at_night(client, anna, token) as a:
            s = a.state()
            assert [p["name"] for p in s["night"]["players"]] == ["anna", "bot-1", "bo"]
            a.send("start")
            s = a.state(lambda s: s["night"]["phase"] == "running", "the evening started")
            assert sorted(s["night"]["seats_by_lot"]) == ["anna", "bo", "bot-1"]
            assert chips(s) == {"anna": 250, "bo": 250, "bot-1": 250}
        row = stored.load_night(client.app.state.store, 1)  # type: ignore[attr-defined]
        # recorded as `pokerroom night` records it: the agreement, the players, the options
        assert row.status == stored.RUNNING and row.config["agreement"]["first_buyin"] == 250
        assert row.config["options"] == {"humans": ["anna", "bo"], "bots": "calling", "enter": False, "pause": False}


def test_a_club_holdem_night_with_the_cap_the_fee_a_departure_and_end_now(db: str) -> None:
    """anna hosts club hold'em for bo and cia (500 chips each for 50 kr).  Hand 1 is folded to the big blind.  The
    small blind may buy back up to X = M / S = 1500 / 3 = 500: 6 chips are refused with the numbers, 5 bought.  dan
    arrives late (a seat by lot, 500 chips) and pays the fee of the first blind, 5 dead, in hand 2.  cia leaves with
    her chips, cashed at 10 öre a chip; anna ends the evening now: the sheet sums to zero and matches the ledger on
    every screen and in every file."""
    with night_app(db) as client:
        store: Store = client.app.state.store  # type: ignore[attr-defined]
        anna, bo, cia, dan, eve = (sign_up(client, n) for n in ("anna", "bo", "cia", "dan", "eve"))
        token = create(client, anna, game="club-holdem", hands=40)
        with at_night(client, anna, token) as a, at_night(client, bo, token) as b, at_night(client, cia, token) as c:
            conns = {"anna": a, "bo": b, "cia": c}
            b.send("take_seat")
            c.send("take_seat")
            a.state(lambda s: len(s["night"]["players"]) == 3, "three seated")
            a.send("start")
            s = a.state(lambda s: s["night"]["phase"] == "running", "the evening started")
            assert s["night"]["price_kr"] == "0,10 kr" and s["night"]["buyin_kr"] == "50,00 kr"
            assert chips(s) == {"anna": 500, "bo": 500, "cia": 500} and s["night"]["hand"] == 0

            # --- the host alone deals, pauses, ends and agrees rules
            b.send("deal")
            b.error("not_host")
            b.send("rebuy", amount=10, player="anna")
            assert "only the host" in b.error("not_host")["message"]

            # --- hand 1: only the players' own cards
            a.send("deal")
            for name, conn in conns.items():
                s = conn.state(lambda s: s["night"]["hand_running"], f"{name} sees hand 1")
                me = s["you"]
                for p in s["hand"]["players"]:
                    if p["seat"] == me:
                        assert "??" not in p["cards"]
                    else:
                        assert p["cards"] == ["??", "??"]
            # a player acts only for their own seat, in turn
            to_act = s["hand"]["to_act"]
            other = next(n for n, seat in ((x["player"], i) for i, x in enumerate(s["seats"]) if x) if seat != to_act)
            conns[other].act("check", seat=to_act)
            conns[other].error("wrong_seat")
            conns[other].act("check")
            conns[other].error("not_your_turn")
            driver = Driver(a, seat_conns(s, conns))
            driver.last = s
            s = driver.run(fold_or_check, lambda s: not s["night"]["hand_running"] and s["night"]["hand"] == 1)
            nets = net_of(s, 1)
            sb = next(n for n, v in nets.items() if v == -5)
            bb = next(n for n, v in nets.items() if v == 5)
            assert chips(s) == {n: 500 + nets[n] for n in nets} and sorted(nets.values()) == [-5, 0, 5]

            # --- the rebuy cap: X = M / S = 1500 / 3 = 500 chips after the rebuy
            cap_s = conns[sb].state(lambda s: standings(s)[sb]["rebuy_max"] == 5, "the cap shown")
            assert standings(cap_s)[sb]["rebuy_max"] == 5 and standings(cap_s)[bb]["rebuy_max"] == 0
            conns[sb].send("rebuy", amount=6)
            refusal = conns[sb].error("night")["message"]
            assert f"{sb} may add at most 5 chips now: X = M / S = 1500 / 3 = 500 chips" in refusal
            assert f"and {sb} has 495" in refusal
            assert ledger(store, 1, sb) == 0  # nothing moved
            conns[sb].send("rebuy", amount=0)
            assert "'amount' must be a whole number, 1 or more, not 0" in conns[sb].error("bad_field")["message"]
            conns[sb].send("rebuy", amount=5)
            s = a.state(lambda s: standings(s)[sb]["bought"] == 505, "the rebuy at the cap")
            assert chips(s)[sb] == 500 and f"{sb} buys 5 chips for 0,50 kr." in s["night"]["log"]

            # --- a house rule from the next hand on; a bad one refused with the reason
            a.send("rule", key="blinds", value="0,10")
            assert "blinds" in a.error("night")["message"]
            a.send("rule", key="nl_min_chips", value=2)
            s = a.state(lambda s: s["night"]["rules"].get("nl_min_chips") == 2, "the rule agreed")
            assert "Agreed: nl_min_chips = 2 from hand 2." in s["night"]["log"]

            # --- dan arrives late: a seat by lot, the buy-in capped at X, the fee of the first blind
            with at_night(client, dan, token) as d:
                s = d.state()
                assert s["you"] is None and "dan" not in standings(s)
                d.send("join", chips=501)
                assert "dan may buy in for at most 500 chips now" in d.error("night")["message"]
                d.send("join")
                s = d.state(lambda s: "dan" in standings(s), "dan seated")
                assert standings(s)["dan"]["bought"] == 500 and standings(s)["dan"]["fee_due"]
                assert any(
                    line.startswith("dan joins at seat") and "fee of the first blind" in line
                    for line in s["night"]["log"]
                )
                conns["dan"] = d
                before = chips(s)
                s = deal_and_play(a, conns, 2)
                dan_seat = next(i for i, x in enumerate(s["seats"]) if x and x["player"] == "dan")
                dead = [e for e in s["hand"]["events"] if e["type"] == "post_dead"]
                assert [(e["seat"], e["amount"]) for e in dead] == [(dan_seat, 5)]
                nets = net_of(s, 2)
                assert sum(nets.values()) == 0 and nets["dan"] <= -5
                assert chips(s) == {n: before[n] + nets[n] for n in before}
                record = store.hand_record(stored.table_hands(store, stored.load_night(store, 1).table)[-1])
                k = [seat.player for seat in record.setup.seats].index("dan")
                assert record.setup.dead[k] == 5 and sum(record.setup.dead) == 5
                assert not standings(s)["dan"]["fee_due"]

                # --- cia leaves with her chips, cashed at the evening's price
                held = chips(s)["cia"]
                c.send("leave")
                s = a.state(lambda s: not standings(s)["cia"]["seated"], "cia gone")
                assert standings(s)["cia"]["chips"] == held and ledger(store, 1, "cia") == held
                kronor = f"{held // 10},{held % 10}0 kr"
                assert f"cia leaves with {held} chips ({kronor})." in s["night"]["log"]

                # --- end now: the sheet on every screen
                b.send("end", now=True)
                b.error("not_host")
                a.send("end", now=True)
                sheets = [conn.state(lambda s: s["night"]["sheet"] is not None, "the sheet") for conn in (a, b, c, d)]
        sheet = sheets[0]["night"]["sheet"]
        assert all(s["night"]["sheet"] == sheet and s["night"]["phase"] == "ended" for s in sheets)
        rows = {r["name"]: r for r in sheet["rows"]}
        assert set(rows) == {"anna", "bo", "cia", "dan"} and sheet["totals"]["net"] == 0
        assert (
            rows[sb]["chips_bought"] == 505 and rows["dan"]["chips_bought"] == 500 and rows["cia"]["chips_out"] == held
        )
        for name, row in rows.items():
            assert row["chips_out"] == ledger(store, 1, name)  # the sheet is the ledger's
            assert row["net"] == (row["chips_out"] - row["chips_bought"]) * 10
            paid = sum(t["ore"] for t in sheet["transfers"] if t["payer"] == name)
            got = sum(t["ore"] for t in sheet["transfers"] if t["payee"] == name)
            assert got - paid == row["net"]
        assert sum(r["chips_out"] for r in rows.values()) == 500 * 4 + 5
        assert stored.load_night(store, 1).status == stored.ENDED
        store.check_balanced()

        # --- the files, for everyone at the night and nobody else
        data = api(client, bo, "GET", f"/api/nights/{token}/sheet.json")
        assert data["totals"]["net_ore"] == 0 and {p["name"]: p["net_ore"] for p in data["players"]} == {
            n: r["net"] for n, r in rows.items()
        }
        assert [(t["payer"], t["payee"], t["ore"]) for t in data["transfers"]] == [
            (t["payer"], t["payee"], t["ore"]) for t in sheet["transfers"]
        ]
        csv = client.get(f"/api/nights/{token}/sheet.csv", headers=dan.headers)
        assert csv.status_code == 200 and csv.headers["content-type"].startswith("text/csv")
        assert csv.text.startswith("player,deals,chips_bought") and "attachment" in csv.headers["content-disposition"]
        page = client.get(f"/api/nights/{token}/sheet.html", headers=cia.headers)
        assert page.status_code == 200 and "<html" in page.text
        assert api(client, eve, "GET", f"/api/nights/{token}/sheet.csv", 403)
        assert api(client, anna, "GET", f"/api/nights/{token}/sheet.pdf", 404)
        assert client.get(f"/night/{token}").status_code == 200


@pytest.mark.parametrize("how", ["stop", "crash"])
def test_a_restart_mid_hand_voids_the_hand_and_the_night_resumes(
    db: str, how: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Club lowball, anna and bo with a bot.  Hand 1 is played; hand 2 is cut off by the server stopping (or dying:
    its hand left in progress in the store).  Started again on the same SQLite file the night is back, paused: hand
    2 is void, every stack as before it, and the host deals on with new cards and the next hand number."""
    with night_app(db) as client:
        anna, bo = sign_up(client, "anna"), sign_up(client, "bo")
        token = create(client, anna, game="club-lowball", hands=3, bots=1)
        with at_night(client, anna, token) as a, at_night(client, bo, token) as b:
            conns = {"anna": a, "bo": b}
            b.send("take_seat")
            a.state(lambda s: len(s["night"]["players"]) == 3, "three seated")
            a.send("start")
            a.state(lambda s: s["night"]["phase"] == "running", "started")
            s = deal_and_play(a, conns, 1, policy=passive)
            after_one = chips(s)
            assert sum(after_one.values()) + 0 <= 750
            a.send("deal")
            s = a.state(lambda s: s["night"]["hand_running"] and s["night"]["hand"] == 2, "hand 2")
            assert s["hand"]["pot"] >= 9  # three antes in
            carried = 750 - sum(after_one.values())
            if how == "crash":  # the process dies: nothing voids the hand or writes the books
                monkeypatch.setattr(NightActor, "shut", lambda self: self.book.close() or ShutSummary())
    monkeypatch.undo()
    with night_app(db) as client:
        store: Store = client.app.state.store  # type: ignore[attr-defined]
        table = stored.load_night(store, 1).table
        records = [store.hand_record(h) for h in stored.table_hands(store, table)]
        assert [(r.setup.number, r.status) for r in records] == [(1, Status.COMPLETE), (2, Status.VOIDED)]
        assert store.hands_in_progress(table) == []
        with at_night(client, anna, token) as a, at_night(client, bo, token) as b:
            s = a.state()
            assert s["night"]["phase"] == "paused" and s["night"]["hand"] == 1 and s["hand"] is None
            assert chips(s) == after_one  # every chip of the void hand is back
            assert any("Hand 2 was cut off" in line and "RULES §3.8" in line for line in s["night"]["log"])
            for name, held in after_one.items():
                assert (
                    ledger(store, 1, name) + store.stack(table, store.account_id(stored.account_name(1, name))) == held
                )
            assert store.carried(table) == carried
            b.send("deal")
            b.error("not_host")
            s = deal_and_play(a, {"anna": a, "bo": b}, 2, policy=passive)
            assert s["hand"]["number"] == 3 and s["night"]["phase"] == "running"  # the night's hand 2, the table's 3
            a.send("end", now=True)
            s = a.state(lambda s: s["night"]["sheet"] is not None, "the sheet")
        sheet = s["night"]["sheet"]
        assert sheet["totals"]["net"] == 0 and sheet["totals"]["chips_out"] == 750
        store.check_balanced()


def test_no_limit_lowball_rebuys_only_when_broke_and_leaving_the_last_two_ends_the_night(db: str) -> None:
    """No-limit lowball (500 chips for 50 kr): a rebuy with chips left is refused with the club's reason (G1).
    Of two players, one leaving ends the evening; the sheet is shown at once."""
    with night_app(db) as client:
        anna, bo = sign_up(client, "anna"), sign_up(client, "bo")
        token = create(client, anna, game="club-lowball", no_limit=True, minutes=90)
        with at_night(client, anna, token) as a, at_night(client, bo, token) as b:
            b.send("take_seat")
            a.state(lambda s: len(s["night"]["players"]) == 2, "two seated")
            a.send("start")
            s = a.state(lambda s: s["night"]["phase"] == "running", "started")
            assert (
                s["night"]["limit"] == "no"
                and chips(s) == {"anna": 500, "bo": 500}
                and s["night"]["length"] == "90 minutes"
            )
            b.send("rebuy", amount=10)
            assert "in no-limit play a rebuy needs an empty stack" in b.error("night")["message"]
            b.send("leave")
            s = a.state(lambda s: s["night"]["sheet"] is not None, "the sheet")
        assert s["night"]["phase"] == "ended" and s["night"]["sheet"]["transfers"] == []
        assert "Fewer than two players are left: the evening is over." in s["night"]["log"]


def test_requests_during_a_hand_wait_for_its_end_and_end_closes_the_orbit(db: str) -> None:
    """Club hold'em, anna, bo and a bot.  During hand 1 bo asks to leave and to rebuy: he checks or folds at his
    turns, leaves when the hand is over, and the rebuy is then refused (he is not at the table).  The host adds a
    bot (seated by lot after the hand) and asks for the end: the evening ends on the completed orbit, every chip on
    the sheet."""
    with night_app(db) as client:
        store: Store = client.app.state.store  # type: ignore[attr-defined]
        anna, bo = sign_up(client, "anna"), sign_up(client, "bo")
        token = create(client, anna, game="club-holdem", hands=40, bots=1)
        with at_night(client, anna, token) as a, at_night(client, bo, token) as b:
            b.send("take_seat")
            a.state(lambda s: len(s["night"]["players"]) == 3, "three seated")
            a.send("start")
            a.state(lambda s: s["night"]["phase"] == "running", "started")
            a.send("deal")
            a.state(lambda s: s["night"]["hand_running"], "hand 1")
            b.send("leave")
            b.send("rebuy", amount=5)
            a.send("add_bot")
            a.send("end")
            s = a.state(lambda s: standings(s)["bo"]["leaving"] and s["night"]["ending"], "the requests queued")
            assert "bo leaves after this hand." in s["night"]["log"]
            assert "The evening ends at the end of this orbit." in s["night"]["log"]
            driver = Driver(a, {i: a for i, x in enumerate(s["seats"]) if x and x["player"] == "anna"})
            driver.last = s
            s = driver.run(passive, lambda s: not s["night"]["hand_running"] and s["night"]["hand"] == 1)
            refused = b.until(lambda m: m["type"] == "error", "the rebuy refused", errors_ok=True)
            assert refused["code"] == "night" and "bo is not at the table" in refused["message"]
            assert "bot-2" in standings(s)
            assert not standings(s)["bo"]["seated"] and ledger(store, 1, "bo") == standings(s)["bo"]["chips"]
            assert any(line.startswith("bot-2 joins at seat") for line in s["night"]["log"])
            assert s["night"]["humans"] == ["anna"]
            hands = 1
            while s["night"]["phase"] != "ended":
                hands += 1
                assert hands < 10, "the orbit never ended"
                s = deal_and_play(a, {"anna": a}, hands, policy=passive)
                if s["night"]["sheet"] is None and s["night"]["phase"] == "ended":
                    s = a.state(lambda s: s["night"]["sheet"] is not None, "the sheet")
        night = stored.load_night(store, 1)
        assert night.status == stored.ENDED and night.state["stop"] is True
        sheet = s["night"]["sheet"]
        assert sheet["totals"]["net"] == 0 and sheet["totals"]["chips_out"] == sheet["totals"]["chips_bought"]
        deals = {r["name"]: r["deals"] for r in sheet["rows"]}
        seated = [n for n in deals if n != "bo"]
        assert len({deals[n] for n in seated}) <= 2  # the deal went round: one more for whoever joined earlier
        store.check_balanced()


def test_a_night_shows_no_seed_hash_and_takes_no_client_seed(db: str) -> None:
    """BUG (issue 19, item 12b): a night's states carried a ``shuffle`` seed hash for a deck the night never dealt
    from (its books deal) and showed it unchanged hand after hand.  A night deals without client seeds: no
    ``shuffle`` in its states, and a ``seed`` is refused with ``seed_refused``, before and during a hand."""
    with night_app(db) as client:
        anna, bo = sign_up(client, "anna"), sign_up(client, "bo")
        token = create(client, anna, game="club-holdem")
        with at_night(client, anna, token) as a, at_night(client, bo, token) as b:
            b.send("take_seat")
            a.state(lambda s: len(s["night"]["players"]) == 2, "two seated")
            a.send("start")
            s = a.state(lambda s: s["night"]["phase"] == "running", "started")
            assert "shuffle" not in s
            b.send("seed", hand=1, seed="ab")
            assert b.error("seed_refused")["message"] == "club nights deal without client seeds"
            a.send("deal")
            s = a.state(lambda s: s["night"]["hand_running"], "hand 1")
            assert "shuffle" not in s and s["hand"] is not None
            b.send("seed", hand=2, seed="ab")
            assert b.error("seed_refused")["message"] == "club nights deal without client seeds"
