"""The browser checks the provable shuffle (issue 19 item 1, docs/shuffle.md): static/shuffle.js's SHA-256 is
hashlib's, its leaves, nodes and roots are ``pokerroom.room.proof``'s (tests/shuffle_vectors.py), it accepts every
seat's proof of every game and names what failed in a tampered one; the page remembers the commitments as first
shown and sends one client seed per hand; and at a real table a played hand shows "Deck verified".  The module is
run under Node (no browser needed) and in Chromium's page (page.evaluate)."""

from __future__ import annotations

import copy
import json
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from browsertools import PASSIVE, click_any, join, running_server, shot, sign_up
from nodetools import needs_node, page_seed, run_js, run_page
from pokerroom.cards import DECK52, format_card
from pokerroom.games import all_games
from pokerroom.room.proof import _dealt, proof_json, seed_hash
from pokerroom.room.record import Deck, HandRecord
from pokerroom.room.record_json import record_json
from pokerroom.server import Starter
from randomplay import random_action
from servertools import States
from shuffle_vectors import SECRET, played_hand, vectors
from tabletools import new_table

# ---------------------------------------------------------------- the module under Node


@needs_node
def test_sha256_is_hashlibs_across_the_padding_boundaries() -> None:
    import hashlib

    rng = random.Random(19)
    messages = [bytes(rng.randrange(256) for _ in range(n)) for n in (0, 1, 3, 55, 56, 57, 63, 64, 65, 119, 120, 128)]
    messages.append("7:Ah:é".encode())
    messages.append(bytes(rng.randrange(256) for _ in range(70_000)))
    got = run_js("return data.map((h) => m.toHex(m.sha256(m.fromHex(h))));", [b.hex() for b in messages])
    assert got == [hashlib.sha256(b).hexdigest() for b in messages]
    assert got[0] == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"


@needs_node
def test_leaves_nodes_and_openings_are_pythons() -> None:
    v = vectors()
    script = """
      const p = data.proof;
      return {
        leaf: m.leafHash(data.leaf.position, data.leaf.card, data.leaf.salt),
        node: m.nodeHash(data.node.left, data.node.right),
        roots: p.openings.map((o) => m.openingRoot(o)),
        dealt: m.dealtCards(p.hand).map((d) => [d.position, d.card]),
      };"""
    got = run_js(script, v)
    assert got["leaf"] == v["leaf"]["hash"] == "6fbd3f08eba3274ebf3b34b10a444f0689dc61a0c880adc8c5bc6fd4701bae58"
    assert got["node"] == v["node"]["hash"] == "290a740edae14f9333ecd19756601876cf6e48dab37d3f4ed7240bd0f6eb4935"
    assert got["roots"] == [v["root"]] * 11  # two hole cards each of three seats, five on the board: all shown
    record = played_hand()
    assert got["dealt"] == [[d.position, format_card(d.card)] for d in _dealt(record)]


def _seen(proof: dict[str, Any], root: str | None, cards: list[str], **more: object) -> dict[str, object]:
    deck = proof["hand"]["setup"]["deck"]
    return {
        "seedHash": deck["seed_hash"],
        "root": root,
        "changed": False,
        "cards": cards,
        "seat": 1,
        "seed": None,
    } | more


def _tamper(proof: dict[str, Any], change: Any) -> dict[str, Any]:
    out = copy.deepcopy(proof)
    change(out)
    return out


def _without_river(p: dict[str, Any]) -> None:
    p["hand"]["events"] = [e for e in p["hand"]["events"] if e.get("text") != "river"]


def _swap_flop(p: dict[str, Any]) -> None:
    flop = next(e for e in p["hand"]["events"] if e.get("text") == "flop")
    flop["cards"][0] = "Kd"


@needs_node
def test_a_proof_checks_and_each_tampering_names_what_failed() -> None:
    """The hand: table seat 1 holds 7h 7c, the board 3d Td Ah Qc 8c (positions 6 to 10); all three seats showed."""
    v = vectors()
    good, root = v["proof"], v["root"]
    mine = ["7h", "7c", "3d", "Td", "Ah", "Qc", "8c"]
    other_root = "00" * 32
    cases: dict[str, tuple[dict[str, Any], dict[str, object]]] = {
        "good": (good, _seen(good, root, mine)),
        "seat 4's own seed": (good, _seen(good, root, mine, seat=4, seed="c0ffee")),
        "revealed seed": (_tamper(good, lambda p: p.update(server_seed=SECRET.hex())), _seen(good, root, mine)),
        "changed opening": (_tamper(good, lambda p: p["openings"][2].update(card="7d")), _seen(good, root, mine)),
        "changed board": (_tamper(good, _swap_flop), _seen(good, root, mine)),
        "missing opening": (_tamper(good, lambda p: p["openings"].pop()), _seen(good, root, mine)),
        "another root remembered": (good, _seen(good, other_root, mine)),
        "proof's own root": (
            _tamper(good, lambda p: p["hand"]["setup"]["deck"].update(root=other_root)),
            _seen(good, root, mine),
        ),
        "changed after shown": (good, _seen(good, root, mine, changed=True)),
        "no root at the deal": (good, _seen(good, None, mine)),
        "a card never opened": (good, _seen(good, root, [*mine, "2c"])),
        "a card not in the record": (_tamper(good, _without_river), _seen(good, root, mine)),
        "my seed left out": (good, _seen(good, root, mine, seed="abcd")),
        "wrong server seed": (_tamper(good, lambda p: p.update(server_seed="11" * 32)), _seen(good, root, mine)),
        "after a reshuffle, unopened": (
            _tamper(
                good,
                lambda p: p["hand"]["events"].extend(
                    [
                        {"type": "draw", "seat": 0, "cards": []},
                        {"type": "reshuffle"},
                        {"type": "deal_hole", "seat": 0, "cards": ["2c"]},
                    ]
                ),
            ),
            _seen(good, root, mine),
        ),
        "out of the dealing order": (
            _tamper(
                good,
                lambda p: p["hand"]["events"].extend(
                    [{"type": "reshuffle"}, {"type": "deal_hole", "seat": 0, "cards": ["7h"]}]
                ),
            ),
            _seen(good, root, mine),
        ),
        "not a proof": (_tamper(good, lambda p: p.update(format="x")), _seen(good, root, mine)),
        "a bad path": (_tamper(good, lambda p: p["openings"][0].update(path=[["X", "00"]])), _seen(good, root, mine)),
    }
    script = "return Object.fromEntries(Object.entries(data).map(([k, [p, s]]) => [k, m.checkProof(p, s, 1)]));"
    got = run_js(script, cases)

    def failed(key: str, **args: object) -> dict[str, object]:
        return {"ok": False, "key": f"shuffle.fail.{key}", "args": args}

    assert got == {
        "good": {"ok": True, "cards": 11},
        "seat 4's own seed": {"ok": True, "cards": 11},
        "revealed seed": {"ok": True, "cards": 11},
        "changed opening": failed("opening", card="7d", position=2),
        "changed board": failed("differs", card="Kd", position=6, committed="3d"),
        "missing opening": failed("unopened_position", card="8c", position=10),
        "another root remembered": failed("commitment", number=1),
        "proof's own root": failed("commitment", number=1),
        "changed after shown": failed("changed", number=1),
        "no root at the deal": failed("no_root", number=1),
        "a card never opened": failed("unopened", card="2c"),
        "a card not in the record": failed("not_dealt", card="8c"),
        "my seed left out": failed("your_seed"),
        "wrong server seed": failed("server_seed"),
        # A card dealt after a reshuffle has no opening (it would tell who threw it away): the seed checks it.
        "after a reshuffle, unopened": {"ok": True, "cards": 11},
        # A deal that is not a draw's and not a whole round from the left of the button.
        "out of the dealing order": failed("unreadable"),
        "not a proof": failed("unreadable"),
        "a bad path": failed("unreadable"),
    }


def _random_hand(game: str, rng: random.Random, secret: bytes) -> HandRecord | None:
    """One hand of ``game`` at six seats (or its most), played by random legal actions; None when the game's
    default table cannot deal it."""
    g = next(x for x in all_games() if x.id == game)
    t = new_table(game, players=tuple(range(min(g.max_players, 6))), stack=200)
    deck = Deck(server_seed=secret.hex(), client_seeds=((0, "ab"),), seed_hash=seed_hash(secret))
    try:
        t.start_hand(deck=deck)
    except Exception:  # a game whose default table needs other stakes (test_shuffle_proof skips it too)
        return None
    h = t.hand
    assert h is not None
    while not h.is_complete:
        seat, legal = t.to_act, h.legal_actions()
        assert seat is not None and legal is not None
        t.act(seat, random_action(rng, legal, h, timed_out=0.0))
    return t.record


def _triple_draw_with_reshuffle() -> HandRecord:
    """Six players each discard all five cards at every draw: the stub runs out and the muck is reshuffled."""
    from pokerroom.engine import Action

    t = new_table("27-triple-draw", players=(0, 1, 2, 3, 4, 5), stack=200, blinds=(1, 2))
    t.start_hand(deck=Deck(server_seed=SECRET.hex(), seed_hash=seed_hash(SECRET)))
    h = t.hand
    assert h is not None and t.setup is not None
    seats = [s.seat for s in t.setup.seats]
    while not h.is_complete:
        seat, legal = t.to_act, h.legal_actions()
        assert seat is not None and legal is not None
        if legal.draw is not None:
            t.act(seat, Action.draw(tuple(h.hole[seats.index(seat)][:5])))
        else:
            t.act(seat, Action.call() if legal.call else Action.check())
    record = t.record
    assert record is not None and any(e.type.value == "reshuffle" for e in record.events)
    return record


DEALING_STYLES = ("holdem", "omaha5", "short-deck", "stud", "soko", "americana", "telesina", "five-card-draw", "draw32")
"""A game of each way of dealing and deck (board, five hole cards, 36 cards, stud, stud with a fifth-street
choice, 32-card stud, telesina's common card, draw, 32-card draw); every game's proof is Python's own test
(test_shuffle_proof.py).  Not every game here: the first showdown of some builds their ranking tables (seconds)."""


@needs_node
def test_every_seats_proof_checks_in_the_browser_code_whatever_the_dealing() -> None:
    """What ``pokerroom verify`` accepts, shuffle.js accepts: three random hands of each dealing style, each
    seat's proof with every card that seat saw, and its dealing rule gives Python's positions (a draw game's
    reshuffle included)."""
    rng = random.Random(19)
    records = []
    for game in DEALING_STYLES:
        for k in range(3):
            record = _random_hand(game, rng, bytes([k, len(game)]) * 16)
            assert record is not None, game
            records.append(record)
    records.append(_triple_draw_with_reshuffle())
    cases = []
    for record in records:
        deck = record.setup.deck
        assert deck.root is not None
        for k in range(len(record.setup.seats)):
            view = record.view(k)
            seen = sorted({format_card(c) for e in view.events for c in e.cards or () if c >= 0})
            seat = record.setup.seats[k].seat
            proof = json.loads(json.dumps(proof_json(record, k, reveal=False)))
            cases.append(
                [proof, {"seedHash": deck.seed_hash, "root": deck.root, "cards": seen, "seat": seat, "seed": None}]
            )
    full = json.loads(json.dumps(record_json(records[-1])))
    script = """
      const verdicts = data.cases.map(([p, s]) => m.checkProof(p, s, 1));
      return {verdicts, dealt: m.dealtCards(data.full).map((d) => [d.position, d.card, d.reshuffled])};"""
    got = run_js(script, {"cases": cases, "full": full})
    assert len(cases) >= len(records) * 2
    wrong = [
        (c[0]["hand"]["setup"]["game"], c[0]["seat"], v)
        for c, v in zip(cases, got["verdicts"], strict=True)
        if not v["ok"]
    ]
    assert not wrong
    assert [v["cards"] for v in got["verdicts"]] == [len(c[0]["openings"]) for c in cases]
    assert got["dealt"] == [[d.position, format_card(d.card), d.reshuffled] for d in _dealt(records[-1])]
    assert any(r for _, _, r in got["dealt"])


@needs_node
def test_the_page_sends_one_seed_per_hand_and_keeps_the_first_commitments() -> None:
    v = vectors()
    root, seed_hash_ = v["root"], v["seed_hash"]
    script = """
      const sent = [];
      const send = (msg) => { sent.push(msg); return true; };
      const out = {};
      const state = (number, shuffle, more = {}) =>
        ({you: 1, hand: null, shuffle: {hand: number, client_seeds: [], ...shuffle}, ...more});
      // hand 1 announced: one seed, however many states show it; none once dealt; none for a spectator
      m.shuffleState(state(1, {seed_hash: data.seedHash, root: null}), send);
      m.shuffleState(state(1, {seed_hash: data.seedHash, root: null}), send);
      m.shuffleState(state(2, {seed_hash: data.seedHash, root: null}, {you: null}), send);
      out.seeds = sent.map((s) => [s.type, s.hand, /^[0-9a-f]{32}$/.test(s.seed)]);
      const mySeed = sent[0].seed;
      const players = [{seat: 1, cards: ["7h", "7c"]}, {seat: 4, cards: ["??", "??"]}];
      const hand = {number: 1, board: ["3d", "Td", "Ah", "Qc", "8c"], players};
      m.shuffleState(state(1, {seed_hash: data.seedHash, root: data.root}, {hand}), send);
      out.afterDeal = sent.length;
      // the proof with this page's seed among the client seeds: verified, 11 cards
      const proof = JSON.parse(JSON.stringify(data.proof));
      proof.hand.setup.deck.client_seeds.push([1, mySeed]);
      m.shuffleProof({type: "proof", number: 1, proof}, {hand});
      out.verified = [badge.textContent, badge.title, badge.hidden, badge.cls["shuffle-failed"]];
      // the next hand shown hides it
      m.renderShuffle({hand: {number: 2}});
      out.nextHand = badge.hidden;
      m.renderShuffle({hand});
      // without the seed: failed, the badge says so
      const bare = JSON.parse(JSON.stringify(data.proof));
      m.shuffleProof({type: "proof", number: 1, proof: bare}, {hand});
      out.failed = [badge.textContent, badge.hidden, badge.cls["shuffle-failed"]];
      // hand 3: the root published at the deal changes later: failed, "changed"
      m.shuffleState(state(3, {seed_hash: data.seedHash, root: data.root}), send);
      m.shuffleState(state(3, {seed_hash: data.seedHash, root: "00".repeat(32)}), send);
      m.shuffleProof({type: "proof", number: 3, proof: data.proof}, {hand: {number: 3}});
      out.changed = badge.textContent;
      // hand 4: the seed is refused (sent just after the deal): not looked for, and the error is not shown
      m.shuffleState(state(4, {seed_hash: data.seedHash, root: null}), send);
      out.refused = ["seed_late", "not_your_turn"].map((code) => m.shuffleError({type: "error", code}));
      m.shuffleState(state(4, {seed_hash: data.seedHash, root: data.root}), send);
      m.shuffleProof({type: "proof", number: 4, proof: data.proof}, {hand: {number: 4}});
      out.refusedVerdict = badge.textContent;
      // a proof for a hand never seen: nothing shown; another table forgets everything
      m.shuffleProof({type: "proof", number: 99, proof: data.proof}, {hand: {number: 99}});
      m.renderShuffle({hand: {number: 99}});
      out.unseen = badge.hidden;
      m.resetShuffle();
      out.reset = badge.hidden;
      out.sent = sent.length;
      return out;"""
    got = run_js(script, {"seedHash": seed_hash_, "root": root, "proof": v["proof"]})
    # without a catalogue i18n.js gives the keys themselves: the key shows which message the badge chose
    assert got == {
        "seeds": [["seed", 1, True]],
        "afterDeal": 1,
        "verified": ["shuffle.verified", "shuffle.verified_title", False, False],
        "nextHand": True,
        "failed": ["shuffle.failed", False, True],
        "changed": "shuffle.failed",
        "refused": [True, False],
        "refusedVerdict": "shuffle.verified",
        "unseen": True,
        "reset": True,
        "sent": 2,  # hands 1 and 4; none as the spectator of hand 2, none for hand 3 (dealt when first seen)
    }


def _state(number: int, seed_hash_: str, root: str | None = None, seeds: list[list[Any]] | None = None) -> Any:
    """A ``state`` as the page at table seat 1 gets it: hand ``number``'s commitments, no cards shown."""
    shuffle = {"hand": number, "seed_hash": seed_hash_, "root": root, "client_seeds": seeds or []}
    return {"type": "state", "you": 1, "hand": None, "shuffle": shuffle}


def _proof(number: int, proof: dict[str, Any], seed: str | None) -> dict[str, Any]:
    """The ``proof`` message of hand ``number``: the vectors' proof, with ``seed`` at seat 1 among its client
    seeds."""
    out = copy.deepcopy(proof)
    if seed is not None:
        out["hand"]["setup"]["deck"]["client_seeds"].append([1, seed])
    return {"type": "proof", "number": number, "proof": out}


@needs_node
def test_a_page_that_connects_again_forgets_the_commitments_of_hands_not_dealt() -> None:
    """The next deck lives in the server's memory: after a restart between hands, hand 1 shows another seed hash
    and the seeds taken are gone (tests/test_attack_breaker.py shows it on a real server).  At a ``welcome`` the
    page forgets hand 1's commitments and sends a fresh seed for the new hash; a reconnection to a server that
    still lists the page's seed keeps them (and still looks for that seed); a hand already dealt keeps its
    commitments; without a welcome a changed hash still fails the hand."""
    v = vectors()
    old = "ab" * 32  # the seed hash shown before the restart
    welcome = {"type": "welcome"}
    dealt = _state(1, v["seed_hash"], v["root"])

    def page(*messages: dict[str, Any]) -> Any:
        return run_page(list(messages))

    verified = "Deck verified"
    changed = "Deck check failed: the deck's commitments for hand #1 changed after they were published"
    no_seed = "Deck check failed: your seed is not among the hand's client seeds"

    # the server restarted: a fresh seed for the new hash, dealt with it, verified
    got = page(_state(1, old), welcome, _state(1, v["seed_hash"]), dealt, _proof(1, v["proof"], page_seed(2)))
    assert got == {
        "sent": [{"type": "seed", "hand": 1, "seed": page_seed(k)} for k in (1, 2)],
        "badges": {"1": verified},
    }
    # ... and a hand dealt without the fresh seed fails (the seed is looked for)
    got = page(_state(1, old), welcome, _state(1, v["seed_hash"]), dealt, _proof(1, v["proof"], page_seed(1)))
    assert got["badges"] == {"1": no_seed}
    # the same without a welcome: a changed commitment, the hand fails, no second seed
    got = page(_state(1, old), _state(1, v["seed_hash"]), dealt, _proof(1, v["proof"], page_seed(1)))
    assert got == {"sent": [{"type": "seed", "hand": 1, "seed": page_seed(1)}], "badges": {"1": changed}}
    # a reconnection to a server that still lists the page's seed: the commitments and the seed stand
    listed = _state(1, v["seed_hash"], seeds=[[1, page_seed(1)]])
    for seed, badge in ((page_seed(1), verified), (None, no_seed)):
        got = page(_state(1, v["seed_hash"]), welcome, listed, dealt, _proof(1, v["proof"], seed))
        assert got == {"sent": [{"type": "seed", "hand": 1, "seed": page_seed(1)}], "badges": {"1": badge}}, seed
    # ... but one that lists it under another hash changed the commitment: failed
    moved = _state(1, old, seeds=[[1, page_seed(1)]])
    got = page(_state(1, v["seed_hash"]), welcome, moved, dealt, _proof(1, v["proof"], page_seed(1)))
    assert got["badges"] == {"1": changed}
    # a hand dealt before the welcome keeps its root: another one shown after it fails the hand
    got = page(dealt, welcome, _state(1, v["seed_hash"], "00" * 32), _proof(1, v["proof"], None))
    assert got == {"sent": [], "badges": {"1": changed}}


# ---------------------------------------------------------------- in Chromium


playwright_sync = pytest.importorskip("playwright.sync_api")

STARTERS = [Starter("Fair", "holdem", "1/2", "no", bots=1, seats=2)]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db: Path = tmp_path_factory.mktemp("shuffle") / "room.db"
    options = {"bot_delay": 0.05, "next_hand_delay": 4.0, "bot_kind": "calling"}  # time to read the badge
    with running_server(db, STARTERS, **options) as (url, _):
        yield url


@pytest.mark.browser
def test_the_page_computes_pythons_values(server: str, browser: Any) -> None:
    v = vectors()
    page = browser.new_page()
    page.goto(server + "/")
    got = page.evaluate(
        """async (v) => {
          const m = await import("/static/shuffle.js");
          const abc = m.toHex(m.sha256(new TextEncoder().encode("abc")));
          const cards = ["7h", "7c", "3d"];
          const seen = {seedHash: v.seed_hash, root: v.root, changed: false, cards, seat: 1, seed: null};
          return {abc, leaf: m.leafHash(v.leaf.position, v.leaf.card, v.leaf.salt),
                  node: m.nodeHash(v.node.left, v.node.right), root: m.openingRoot(v.proof.openings[0]),
                  verdict: m.checkProof(v.proof, seen, 1), seed: m.freshSeed()};
        }""",
        v,
    )
    assert got["abc"] == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
    assert (got["leaf"], got["node"], got["root"]) == (v["leaf"]["hash"], v["node"]["hash"], v["root"])
    assert got["verdict"] == {"ok": True, "cards": 11}
    assert len(got["seed"]) == 32 and int(got["seed"], 16) >= 0
    page.close()


class Frames:
    """The messages a page received and sent over its table socket."""

    def __init__(self, page: Any) -> None:
        self.received: list[dict[str, Any]] = []
        self.sent: list[dict[str, Any]] = []
        page.on("websocket", self._socket)

    def _socket(self, ws: Any) -> None:
        held = States()  # a delta is kept as the whole state it makes
        ws.on("framereceived", lambda payload: self._add(self.received, payload, held))
        ws.on("framesent", lambda payload: self._add(self.sent, payload, None))

    @staticmethod
    def _add(into: list[dict[str, Any]], payload: Any, held: States | None) -> None:
        text = payload if isinstance(payload, str) else payload.decode()
        m = json.loads(text)
        into.append(held.take(m) if held is not None else m)

    def of(self, into: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
        return [m for m in into if m.get("type") == kind]


@pytest.mark.browser
def test_a_played_hand_shows_deck_verified(server: str, browser: Any) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    frames = Frames(page)
    sign_up(page, server, "vera")
    me = join(page, "Fair", "vera")
    badge = page.get_by_test_id("shuffle-verified")

    def seeded_proof() -> dict[str, Any] | None:
        """The first proof of a hand this page sent a client seed for (the first hand may be dealt at the sit)."""
        hands = {m["hand"] for m in frames.of(frames.sent, "seed")}
        return next((p for p in frames.of(frames.received, "proof") if p["number"] in hands), None)

    deadline = time.monotonic() + 60
    while (proof := seeded_proof()) is None or not badge.is_visible():
        assert time.monotonic() < deadline, "no hand with this page's seed was verified in time"
        if not click_any(page, PASSIVE):
            page.wait_for_timeout(50)
    shot(page, "shuffle-verified")
    number = proof["number"]
    assert badge.inner_text() == "Deck verified"
    assert badge.get_attribute("role") == "status"
    opened = len(proof["proof"]["openings"])
    assert badge.get_attribute("title") == (
        f"All {opened} cards you saw were committed before the deal: each matches the deck's commitment "
        "published at the deal, before anyone saw a card."
    )
    # the commitments came in the states first: the seed hash before the deal, the root at the deal
    deck = proof["proof"]["hand"]["setup"]["deck"]
    shown = [s["shuffle"] for s in frames.of(frames.received, "state") if s["shuffle"]["hand"] == number]
    assert shown[0] == {"hand": number, "seed_hash": deck["seed_hash"], "root": None, "client_seeds": []}
    assert shown[-1]["root"] == deck["root"]
    # one client seed a hand, 32 hex digits, and this hand's is among its client seeds at this page's seat
    sent = frames.of(frames.sent, "seed")
    assert len({m["hand"] for m in sent}) == len(sent) and all(len(m["seed"]) == 32 for m in sent)
    mine = next(m["seed"] for m in sent if m["hand"] == number)
    assert [s for seat, s in deck["client_seeds"] if seat == me] == [mine]
    # the same hand's proof with one card changed: the badge says which
    bad = copy.deepcopy(proof)
    first = bad["proof"]["openings"][0]
    was = first["card"]
    first["card"] = next(format_card(c) for c in DECK52 if format_card(c) != was)
    text = page.evaluate(
        """async (msg) => {
          const m = await import("/static/shuffle.js");
          m.shuffleProof(msg, {hand: {number: msg.number}});
          return document.querySelector('[data-testid=shuffle-verified]').textContent;
        }""",
        bad,
    )
    assert text == (
        f"Deck check failed: {first['card']} at position {first['position']} does not match the deck committed "
        "at the deal"
    )
    shot(page, "shuffle-failed")
    context.close()
