"""Helper G's adversarial pass over issue 19 (FAILING TESTS: each one a fault found, none fixed here).

Every test below fails on the code as it stands and names the fault in its docstring; the report of that pass
gives the reproductions against a running server and a one-line fix for each.

- ``pokerroom verify`` accepts forged proofs: the seats a deal round went to are not checked (the committed
  hands can be handed to other seats), ``--seed`` on a seat's view checks nothing of the deal, the full record's
  replay compares card lists but not who got them, a file that opens nothing "verifies", and after a draw game's
  reshuffle a card may be dealt twice or back to the player who discarded it;
- a draw game's proof opens, for a card dealt after a reshuffle, its position in the first deal: which seat held
  it and threw it away (an opponent's discard, never shown);
- ``pokerroom verify`` ends in a traceback on some malformed files instead of exit 2 with a message;
- a ``seed`` message sends every connection at the table a state (a flood amplifier, like the old ``ping``);
- a client seed stays with the seat when its player stands up, and is dealt as the next occupant's;
- a restart between hands publishes another seed hash for the same hand number (the page then failed the
  hand; fixed in the page, the test rewritten to say what the page does);
- an attacker on the owner's address locks the owner out for good, known device or not.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import servertools
from nodetools import needs_node, page_seed, run_page
from pokerroom.cards import UNKNOWN
from pokerroom.cli import app
from pokerroom.engine import Action, EventType, LegalActions
from pokerroom.room.proof import _dealt, proof_json, seed_hash, verify
from pokerroom.room.record import Deck, HandRecord
from servertools import DUEL, PASSWORD, Conn, my_turn, serve, sign_up, table
from tabletools import check_down, new_table, play_out

db_fixture = servertools.db_fixture

SECRET = bytes(range(32))


def _deck() -> Deck:
    return Deck(server_seed=SECRET.hex(), client_seeds=((4, "c0ffee"),), seed_hash=seed_hash(SECRET))


def _holdem() -> HandRecord:
    """Three-handed hold'em checked down to a showdown: table seats 1, 4, 7, the button on engine seat 0, so the
    deal goes engine seats 1, 2, 0 (positions 0-5) and the board is positions 6-10."""
    t = new_table("holdem", players=(1, 4, 7), stack=200, blinds=(1, 2))
    t.start_hand(deck=_deck())
    return check_down(t)


def _triple_draw() -> HandRecord:
    """Six-handed 2-7 triple draw where everyone discards five at every draw: the stub runs out, reshuffles."""
    t = new_table("27-triple-draw", players=(0, 1, 2, 3, 4, 5), stack=200, blinds=(1, 2))
    t.start_hand(deck=_deck())
    h = t.hand
    assert h is not None

    def draw_five(legal: LegalActions) -> Action:
        if legal.draw is not None:
            assert h is not None and h.to_act is not None
            return Action.draw(tuple(h.hole[h.to_act][:5]))
        return Action.call() if legal.call else Action.check()

    record = play_out(t, draw_five)
    assert any(e.type is EventType.RESHUFFLE for e in record.events)
    return record


def _swap_seats(events: list[dict[str, Any]], kinds: tuple[str, ...]) -> None:
    """Engine seats 0 and 1 trade places in every event of ``kinds`` (the events keep their cards)."""
    for e in events:
        if e["type"] in kinds and e.get("seat") in (0, 1):
            e["seat"] = 1 - e["seat"]


def _deal_viewer_first(data: dict[str, Any]) -> None:
    """Forge a proof file of :func:`_holdem` for engine seat 0 as a server that hands the committed hands to the
    seats it likes would write it: the viewer holds the cards committed for the first seat dealt (engine seat 1,
    positions 0 and 3) and engine seat 1 the viewer's (positions 2 and 5); the deal events are written in the
    order that makes those positions theirs (the viewer's first), the shows swapped to match."""
    events = data["hand"]["events"]
    deals = [k for k, e in enumerate(events) if e["type"] == "deal_hole"]
    assert [events[k]["seat"] for k in deals] == [1, 2, 0]  # left of the button (engine seat 0) first
    first, last = events[deals[0]]["cards"], events[deals[2]]["cards"]
    events[deals[0]] = {"type": "deal_hole", "seat": 0, "cards": first}
    events[deals[2]] = {"type": "deal_hole", "seat": 1, "cards": last}
    _swap_seats(events, ("show",))


# --- pokerroom verify: forged proofs ---------------------------------------------------------------------------


def test_verify_with_the_seed_checks_which_seat_got_each_card() -> None:
    """BUG: with the server seed, the full record is dealt again, but only each event's cards are compared,
    never its seat: a record in which the viewer was dealt (and showed) the hand the seed deals to another seat
    is "verified: the whole deck and the hand"."""
    data = proof_json(_holdem(), 0, reveal=True)
    assert verify(data).ok
    _swap_seats(data["hand"]["events"], ("deal_hole", "show"))
    verdict = verify(data)
    assert not verdict.ok, verdict.checks


def test_verify_of_a_seat_view_with_the_seed_checks_the_deal() -> None:
    """BUG: ``pokerroom verify VIEW --seed HEX`` (the seat's file kept, the seed revealed later) says "the whole
    deck and the hand" but deals nothing again for a view: the seats the committed cards went to are never
    checked against the seed."""
    data = proof_json(_holdem(), 0, reveal=False)
    assert verify(data, server_seed=SECRET.hex()).ok
    _deal_viewer_first(data)
    verdict = verify(data, server_seed=SECRET.hex())
    assert not verdict.ok, verdict.checks


def test_verify_without_the_seed_keeps_the_dealing_order() -> None:
    """BUG: without the seed (``--reveal-seed never``, the default) the position of each card is counted from the
    order of the file's deal events, whatever seat they name: a deal round written starting at any seat passes,
    so the server may give any seat any of the committed hands (n! choices at n seats) and the proof verifies.
    The round must start left of the button (stud: as RULES deal it) and go round the table."""
    data = proof_json(_holdem(), 0, reveal=False)
    assert verify(data).ok
    _deal_viewer_first(data)
    verdict = verify(data)
    assert not verdict.ok, verdict.checks


def test_a_proof_that_opens_nothing_does_not_verify() -> None:
    """BUG: a seat's file whose every card is ``??`` (its own cards and the board too) and that opens nothing is
    "verified" ("11 cards dealt matched to their positions", though none was checked): a seat always sees its
    own cards, so a view hiding them proves nothing."""
    data = proof_json(_holdem(), 0, reveal=False)
    for e in data["hand"]["events"]:
        if e.get("cards"):
            e["cards"] = ["??"] * len(e["cards"])
    data["openings"] = []
    verdict = verify(data)
    assert not verdict.ok, verdict.checks


def test_after_a_reshuffle_a_card_dealt_again_does_not_verify() -> None:
    """BUG: a card dealt after a draw game's reshuffle only has to be opened "at some position": the file may deal
    the drawer's own discards back (RULES §2.5 keeps them out of the reshuffle) or the same card twice."""
    data = proof_json(_triple_draw(), 0, reveal=False)
    events = data["hand"]["events"]
    first = next(k for k, e in enumerate(events) if e["type"] == "reshuffle")
    k = next(i for i in range(first, len(events)) if events[i]["type"] == "deal_hole" and events[i]["seat"] == 0)
    assert events[k - 1]["type"] == "draw" and events[k - 1]["seat"] == 0  # the viewer's discards, then its cards
    own = events[k - 1]["cards"][0]  # thrown away a moment ago: in the muck, not in the stub dealt from
    back = copy.deepcopy(data)
    back["hand"]["events"][k]["cards"][0] = own
    assert not verify(back).ok
    twice = copy.deepcopy(data)
    twice["hand"]["events"][k]["cards"][1] = twice["hand"]["events"][k]["cards"][0]
    assert not verify(twice).ok


# --- what a proof opens -----------------------------------------------------------------------------------------


def test_a_draw_proof_opens_no_position_the_viewer_did_not_see_dealt() -> None:
    """BUG: a card dealt after a reshuffle is opened at its position in the first deal (the one root), so the
    viewer learns which seat was dealt it and threw it away: an opponent's discard, never shown.  In this hand
    seat 0's proof opens dozens of positions it never saw dealt."""
    record = _triple_draw()
    view = record.view(0)
    full_at = {d.position: (d.card, d.to) for d in _dealt(record) if not d.reshuffled}
    seen_at = {d.position for d in _dealt(view) if not d.reshuffled and d.card != UNKNOWN}
    leaked = [
        f"position {o['position']}: {o['card']} (dealt to {full_at[o['position']][1]})"
        for o in proof_json(record, 0, reveal=False)["openings"]
        if o["position"] in full_at and o["position"] not in seen_at
    ]
    assert leaked == []


# --- pokerroom verify: malformed files ---------------------------------------------------------------------------


def _set(path: tuple[str | int, ...], value: object) -> Any:
    def change(data: dict[str, Any]) -> None:
        node: Any = data
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value

    return change


MALFORMED = {
    "an event's seat beyond the seats": _set(("hand", "events", 2, "seat"), 99),
    "no seats": _set(("hand", "setup", "seats"), []),
    "a path step of 64 characters, not hex": _set(("openings", 0, "path"), [["L", "z" * 64]]),
}


@pytest.mark.parametrize("what", sorted(MALFORMED))
def test_pokerroom_verify_exits_2_on_a_malformed_file(tmp_path: Path, what: str) -> None:
    """BUG: these files end ``pokerroom verify`` in a traceback (IndexError, ValueError), not exit 2 with a
    message."""
    data = proof_json(_holdem(), 0, reveal=False)
    MALFORMED[what](data)
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(data))
    result = CliRunner().invoke(app, ["verify", str(path)])
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit), result.exception


@pytest.mark.parametrize(
    "text", ["[" * 100_000, '{"format": "pokerroom-proof/1", "hand": ' + "1" * 5000 + "}"], ids=["deep", "long-int"]
)
def test_pokerroom_verify_exits_2_on_json_python_cannot_hold(tmp_path: Path, text: str) -> None:
    """BUG: JSON nested too deep (RecursionError) or a number too long (ValueError) ends in a traceback."""
    path = tmp_path / "hand.json"
    path.write_text(text)
    result = CliRunner().invoke(app, ["verify", str(path)])
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit), result.exception


def test_pokerroom_verify_with_the_seed_exits_2_on_an_unknown_stream(tmp_path: Path) -> None:
    """BUG: a revealed file whose deck names another stream ends in a RecordError traceback."""
    data = proof_json(_holdem(), 0, reveal=True)
    data["hand"]["setup"]["deck"]["stream"] = "mt19937"
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(data))
    result = CliRunner().invoke(app, ["verify", str(path)])
    assert result.exit_code in (1, 2) and isinstance(result.exception, SystemExit), result.exception


# --- the table: client seeds -------------------------------------------------------------------------------------


def test_a_seed_flood_sends_the_others_at_most_one_state(db: str) -> None:
    """BUG: every ``seed`` taken sends the whole state to every connection at the table, as ``ping`` did before
    issue 19: one account's 24 sockets sending seeds between hands sent a spectator 770 states a second and got a
    slow-reading seated player's socket dropped.  A seat's seed counts once a hand; more cost no one a state."""
    with serve(db, DUEL) as client:
        alice, bob = sign_up(client, "alice"), sign_up(client, "bob")
        with table(client, alice) as a, table(client, bob) as b:
            a.send("sit", seat=0, buy_in=100)
            s = a.state(lambda s: s["you"] == 0)  # alone at the table: no deal, between hands for good
            upcoming = s["shuffle"]["hand"]
            b.drain()
            a.drain()
            for k in range(10):
                a.send("seed", hand=upcoming, seed=f"{k:02x}")
            a.drain()
            states = [m for m in b.drain() if m["type"] == "state"]
            assert len(states) <= 1, len(states)


def test_a_client_seed_stays_with_the_player_who_sent_it(db: str) -> None:
    """BUG: the seeds are kept by seat: alice's seed, sent before she stood up, is dealt (and shown in
    ``state.shuffle.client_seeds``) as the seed of bob, who sat down in her seat and sent none."""
    with serve(db, DUEL) as client:
        alice, bob = sign_up(client, "alice"), sign_up(client, "bob")
        with table(client, alice) as a:
            a.send("sit", seat=0, buy_in=100)
            s = a.state(lambda s: s["you"] == 0)
            a.send("seed", hand=s["shuffle"]["hand"], seed="a11ce")
            a.state(lambda s: s["shuffle"]["client_seeds"] == [[0, "a11ce"]])
            a.send("leave")
            a.state(lambda s: s["you"] is None)
        with table(client, bob) as b:
            b.send("sit", seat=0, buy_in=100)
            s = b.state(lambda s: s["you"] == 0)
            assert s["shuffle"]["client_seeds"] == []


@needs_node
def test_a_restart_between_hands_does_not_fail_the_pages_deck_check(db: str) -> None:
    """Was BUG (this test asserted that the server keeps the hash; issue 19 item 5 fixed it in the page, and the
    test now asserts what the page does): the next hand's server seed lives only in memory, so after a restart
    between hands the same hand number is shown with another seed hash and the client seeds taken are gone; a
    page that stayed open (it reconnects, keeping what it remembered) and is dealt into that hand showed "Deck
    check failed".  The page now forgets, at each ``welcome``, the commitments of the hands not yet dealt (unless
    the server still lists its seed) and sends a fresh seed for the hash then shown: what alice's page received
    over the restart, fed to static/shuffle.js, sends that seed, and her hand verifies."""
    received: list[dict[str, Any]] = []

    def tap(conn: Conn) -> Conn:
        """Keep every message ``conn`` reads, from its welcome on, in ``received``."""
        received.append(conn.welcome)
        recv = conn.recv

        def keep(timeout: float = 10.0) -> dict[str, Any]:
            m = recv(timeout)
            received.append(m)
            return m

        conn.recv = keep  # type: ignore[method-assign]
        return conn

    def sat(a: Conn) -> dict[str, Any]:
        """The first state with alice seated and the next hand's hash shown: the page sends its seed then."""
        return a.state(lambda s: s["you"] == 0 and s["shuffle"]["root"] is None)["shuffle"]

    with serve(db, DUEL, seed=None) as client:
        alice, bob = sign_up(client, "alice"), sign_up(client, "bob")
        with table(client, alice) as conn:
            a = tap(conn)
            a.send("sit", seat=0, buy_in=100)
            before = sat(a)
            a.send("seed", hand=before["hand"], seed=page_seed(1))
            a.state(lambda s: s["shuffle"]["client_seeds"] == [[0, page_seed(1)]])
    with serve(db, DUEL, seed=None) as client, table(client, alice) as conn, table(client, bob) as b:
        a = tap(conn)
        if a.state()["you"] is None:
            a.send("sit", seat=0, buy_in=100)
        after = sat(a)
        # Why the page must not keep what it remembered: another hash for the same hand, the seed gone.
        assert after["hand"] == before["hand"] and after["seed_hash"] != before["seed_hash"]
        assert after["client_seeds"] == []
        a.send("seed", hand=after["hand"], seed=page_seed(2))
        a.state(lambda s: s["shuffle"]["client_seeds"] == [[0, page_seed(2)]])
        b.send("sit", seat=1, buy_in=100)
        number = after["hand"]
        for player in (a, b):  # whoever is first to act folds: the hand is over
            s = player.current(lambda s: s["hand"] is not None and s["hand"]["number"] == number, "the deal")
            if my_turn(s, number):
                player.act("fold")
                break
        a.until(lambda m: m["type"] == "proof" and m["number"] == number, "the proof")
    page = run_page(received)
    assert page["sent"] == [{"type": "seed", "hand": number, "seed": page_seed(k)} for k in (1, 2)]
    assert page["badges"] == {str(number): "Deck verified"}


# --- log-in ---------------------------------------------------------------------------------------------------------


def test_an_attacker_on_the_owners_address_cannot_lock_the_owner_out(db: str) -> None:
    """BUG: a known device skips only the per-name bucket; the name-and-address bucket (5, then one a minute)
    still applies to it, so an attacker behind the owner's address (the same NAT, office or carrier-grade NAT,
    or a proxy that passes no X-Forwarded-For) keeps the owner out for good with one wrong password a minute:
    "no account lock an attacker can trigger forever" (issue 19) does not hold there."""
    from fastapi.testclient import TestClient

    from pokerroom.room.clock import VirtualClock
    from pokerroom.server.throttle import DEVICE_COOKIE

    clock = VirtualClock(1000.0)
    with serve(db, clock=clock) as client:
        owner = TestClient(client.app, client=("192.0.2.7", 40000))
        r = owner.post("/api/signup", json={"name": "alice", "password": PASSWORD})
        assert r.status_code == 201 and DEVICE_COOKIE in owner.cookies
        owner.post("/api/logout")
        attacker = TestClient(client.app, client=("192.0.2.7", 40001))
        codes = [
            attacker.post("/api/login", json={"name": "alice", "password": f"guess {k}"}).status_code for k in range(5)
        ]
        assert codes == [401] * 5
        r = owner.post("/api/login", json={"name": "alice", "password": PASSWORD})
        assert r.status_code == 200, r.json()
