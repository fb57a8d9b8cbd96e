"""The replayer's endpoints (``GET /api/hands/{id}`` and ``/text``, pokerroom.server.hand_replay): a hand played
against a bot on a seeded table, replayed step by step from the player's own view (the bot's cards "??" until
shown, the last step's stacks the record's final stacks), its PokerStars-style text in names, and the access rules
of ``/phh`` (403 not dealt in, 404 unknown, 409 still being played, 401 logged out).  Fast: FastAPI's test client,
no browser."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import servertools
from pokerroom.engine import Action
from pokerroom.room.clock import VirtualClock
from pokerroom.server.accounts import Users
from pokerroom.server.hand_replay import VOID_PHASE, replay_json
from pokerroom.server.lobby import Lobby
from pokerroom.server.protocol import Sit
from pokerroom.store import Store
from servertools import Message, Recorder, api, serve, sign_up, table, turn_act
from test_formats_pokerstars_writer import side_pot_hand
from test_server_api import bet_the_flop, play

db_fixture = servertools.db_fixture


def test_replay_of_a_played_hand_and_its_access_rules(db: str) -> None:
    with serve(db) as client:
        alice, bob = sign_up(client, "alice"), sign_up(client, "bob")

        def choose(hand: Message) -> dict[str, Any]:
            return {"action": "fold"} if hand["street"] == "turn" else bet_the_flop(10)(hand)

        with table(client, alice) as conn:
            conn.send("sit", seat=1, buy_in=200)
            first = conn.turn(1)
            cards = first["hand"]["players"][1]["cards"]
            [running] = api(client, alice, "GET", "/api/hands")
            assert api(client, alice, "GET", f"/api/hands/{running['id']}", 409)
            assert client.get(f"/api/hands/{running['id']}/text", headers=alice.headers).status_code == 409
            conn.send("sit_out")
            _, result = play(conn, 1, choose)
            conn.send("leave")
            conn.state(lambda s: s["you"] is None)

        hand_id = result["hand_id"]
        replay = api(client, alice, "GET", f"/api/hands/{hand_id}")
        assert (replay["id"], replay["table"], replay["number"], replay["game"]) == (hand_id, 1, 1, "holdem")
        assert replay["you"] == 1 and replay["voided"] is False and replay["seats"] == 2
        names = {p["seat"]: p["name"] for p in replay["players"]}
        assert names[1] == "alice" and names[0] != "alice"
        assert replay["final_stacks"] == {"1": 188, "0": 212}
        assert replay["summary"] == result["summary"] and result["summary"][0]["seat"] == 0  # as the felt told it
        steps = replay["steps"]
        last = {p["seat"]: p["stack"] for p in steps[-1]["players"]}
        assert last == {1: 188, 0: 212} and steps[-1]["phase"] == "complete"
        first_step = {p["seat"]: p for p in steps[0]["players"]}
        assert first_step[1]["cards"] == cards and first_step[0]["cards"] == ["??", "??"]  # the bot's never shown
        assert all(p["cards"] == ["??", "??"] for s in steps for p in s["players"] if p["seat"] == 0)
        assert all(s["legal"] is None for s in steps)
        assert [s["name"] for s in replay["streets"]] == ["preflop", "flop", "turn"]
        flop = steps[replay["streets"][1]["step"]]
        assert flop["street"] == "flop" and len(flop["board"]) == 3
        text = replay["text"]
        assert (
            "alice: bets 10" in text
            and "alice: folds" in text
            and "Seat 2: alice (big blind) folded on the Turn" in text
        )
        assert f"Dealt to alice [{' '.join(cards)}]" in text and text.count("Dealt to") == 1

        r = client.get(f"/api/hands/{hand_id}/text", headers=alice.headers)
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/plain") and r.text == text
        assert r.headers["content-disposition"] == 'inline; filename="hand-1-1.txt"'
        assert text.startswith(f"PokerStars Hand #{hand_id}:  Hold'em No Limit (1/2) - ")

        for path in (f"/api/hands/{hand_id}", f"/api/hands/{hand_id}/text"):
            assert api(client, bob, "GET", path, 403)["detail"] == f"bob was not dealt into hand {hand_id}"
            assert api(client, None, "GET", path, 401)
        assert api(client, alice, "GET", "/api/hands/999", 404)["detail"] == "no hand with id 999"
        assert api(client, alice, "GET", "/api/hands/999/text", 404)


def test_steps_show_others_cards_only_once_shown() -> None:
    """carol's view of the three-way all-in: alice's and bob's cards are "??" until the showdown, then shown; the
    last step's stacks are the record's final stacks, and the streets start where the board is dealt."""
    record = side_pot_hand()
    replay = replay_json(record, 2, hand_id=9, max_seats=6)
    steps = replay["steps"]
    streets = replay["streets"]
    assert isinstance(steps, list) and isinstance(streets, list)
    assert [(s["name"], s["step"]) for s in streets] == [("preflop", 0), ("flop", 3), ("turn", 5), ("river", 7)]
    for step in steps[:-1]:
        cards = {p["seat"]: p["cards"] for p in step["players"]}
        assert cards == {2: ["??", "??"], 3: ["??", "??"], 4: ["Qs", "Qh"]}
    shown = {p["seat"]: (p["cards"], p["stack"]) for p in steps[-1]["players"]}
    assert shown == {2: (["As", "Ah"], 150), 3: (["Ks", "Kh"], 220), 4: (["Qs", "Qh"], 80)}
    assert replay["final_stacks"] == {"2": 150, "3": 220, "4": 80}
    assert steps[1]["events"][-1] == {"type": "raise", "seat": 2, "amount": 50, "to": 50, "all_in": True}


def test_a_hand_voided_by_a_stop_replays_to_its_refund(tmp_path: Path) -> None:
    """The server stops mid-hand (the lobby's close voids it, RULES §3.8): the replay's last step is the refund,
    phase "void", every stack back to its starting stack, no bets and no pot, after the step that shows the
    chips in; the text says the hand was voided and what each got back."""
    store = Store(f"sqlite:///{tmp_path / 'void.db'}")
    clock = VirtualClock()
    users = Users(store)
    for name in ("alice", "bob"):
        users.sign_up(name, "password1")
    lobby = Lobby(store, clock=clock, seed=1, bot_delay=0.0, next_hand_delay=5.0)
    actor = lobby.create(name="Void", game="holdem", stakes="1/2", limit="no", seats=2)
    clients = {name: Recorder(name) for name in ("alice", "bob")}
    for seat, name in enumerate(("alice", "bob")):
        actor.connect(clients[name])
        actor.handle(clients[name], Sit(seat, 200))
    clock.advance(5.0)
    actor.tick()
    [running] = store.hands_in_progress()
    hand_id = running.id
    assert actor.table.to_act == 0  # alice, the button, posts the small blind and acts first
    actor.handle(clients["alice"], turn_act(actor, Action.raise_to(6)))
    assert lobby.close().hands_voided == 1
    record = store.hand_record(hand_id)
    try:
        replay = replay_json(record, 0, hand_id=hand_id, max_seats=2)
    finally:
        store.close()
    steps = replay["steps"]
    assert isinstance(steps, list) and len(steps) == 3  # the deal, alice's raise, the refund
    raised = steps[1]
    assert raised["phase"] == "betting" and raised["to_act"] == 1 and raised["pot"] == 8
    assert {p["seat"]: (p["stack"], p["bet"]) for p in raised["players"]} == {0: (194, 6), 1: (198, 2)}
    last = steps[-1]
    assert last["phase"] == VOID_PHASE == "void"
    assert (last["to_act"], last["pot"], last["pots"], last["legal"]) == (None, 0, [], None)
    assert {p["seat"]: (p["stack"], p["bet"]) for p in last["players"]} == {0: (200, 0), 1: (200, 0)}
    assert last["events"] == raised["events"] and last["board"] == raised["board"] == []
    assert replay["final_stacks"] == {"0": 200, "1": 200} and replay["voided"] is True and replay["summary"] == []
    streets = replay["streets"]
    assert isinstance(streets, list) and [s["name"] for s in streets] == ["preflop"]
    text = replay["text"]
    assert isinstance(text, str)
    assert text.splitlines()[-7:] == [
        "alice: raises 4 to 6",
        f"Hand voided: {record.reason}; every chip put in was returned",
        "Hand cancelled",
        "*** SUMMARY ***",
        "Total pot 0 | Rake 0",
        "Seat 1: alice (button) (small blind) was refunded (6)",
        "Seat 2: bob (big blind) was refunded (2)",
    ]
