"""Protocol v4's ``delta`` messages (issue 25): a client that merges each one into the state it holds, as
docs/protocol.md says, holds exactly the full ``state`` the table would send it then, after every message, over
many random hands of several games, with people who act, time out, sit out and come back, rebuy, leave and sit
again, a second connection that comes and goes, a spectator, and resyncs."""

from __future__ import annotations

import json
import random
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from nodetools import NODE, STATIC
from pokerroom.room.clock import VirtualClock
from pokerroom.server.accounts import Users, play_account
from pokerroom.server.actor import TableActor
from pokerroom.server.deltas import Deltas
from pokerroom.server.lobby import Lobby
from pokerroom.server.protocol import VERSION, ComeBack, Command, Leave, Rebuy, Resync, Sit, SitOut, parse
from pokerroom.store import Store
from servertools import States, merge

GAMES = [("holdem", "1/2", "no"), ("27-triple-draw", "2/4", "fixed"), ("stud8", "2/4", "fixed")]
PEOPLE = ("ann", "ben", "cat", "dan", "eve")
"""ann, ben, cat and dan sit; eve watches."""


class Checker:
    """A connection that merges every ``state`` and ``delta`` it is sent and checks, as it is sent, that the
    result is the full state the actor would send it now (:meth:`TableActor.state`)."""

    def __init__(self, player: str, actor: TableActor) -> None:
        self.player = player
        self.actor = actor
        self.states = States()
        self.kinds: dict[str, int] = {}
        """Messages of the broadcast by kind: ``state``, ``delta``, and within deltas ``hand`` (a hand whole),
        ``rewritten`` (the hand's events whole in ``hand_set``), ``appended`` (new events)."""
        self.errors: list[dict[str, Any]] = []
        self.log: list[tuple[dict[str, Any], dict[str, Any]]] | None = None
        """With a list: each message of the broadcast and the full state then (for the page's merge)."""

    def send(self, message: dict[str, Any] | str) -> None:
        if not isinstance(message, str):  # welcome, errors, notices, proofs: never a state
            m = json.loads(json.dumps(message))
            assert m["type"] not in ("state", "delta"), m
            if m["type"] == "error":
                self.errors.append(m)
            return
        m = json.loads(message)
        whole = self.states.take(m)
        full = json.loads(json.dumps(self.actor.state(self.player)))
        assert whole == full, (self.player, m)
        if self.log is not None:
            self.log.append((m, full))
        self._count(m["type"])
        if m["type"] == "delta":
            assert m["v"] == VERSION and set(m) == {"v", "type", "seq", "set", "hand_set", "events"}, m
            if "hand" in m["set"]:
                assert m["hand_set"] == {} and m["events"] == [], m  # a hand replaced comes whole, alone
                self._count("hand")
            if "events" in m["hand_set"]:
                self._count("rewritten")
            if m["events"]:
                self._count("appended")

    def _count(self, kind: str) -> None:
        self.kinds[kind] = self.kinds.get(kind, 0) + 1

    @property
    def state(self) -> dict[str, Any]:
        assert self.states.state is not None
        return self.states.state


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    s = Store(f"sqlite:///{tmp_path / 'room.db'}")
    yield s
    s.close()


def _choose(rng: random.Random, hand: dict[str, Any], seat: int) -> dict[str, Any]:
    """A random legal action of table ``seat`` as a protocol message, read from the merged state's hand."""
    legal = hand["legal"]
    kinds = list(legal["actions"])
    if "fold" in kinds and len(kinds) > 1 and rng.random() < 0.7:
        kinds.remove("fold")
    kind = rng.choice(kinds)
    msg: dict[str, Any] = {"v": VERSION, "type": "act", "action": kind, "hand": hand["number"]}
    msg["seq"] = len(hand["events"])
    if kind in ("bet", "raise"):
        lo, hi = legal[kind]
        msg["amount"] = rng.choice(legal["amounts"]) if "amounts" in legal else rng.choice((lo, hi, (lo + hi) // 2))
    elif kind == "draw":
        cards = next(p for p in hand["players"] if p["seat"] == seat)["cards"]
        msg["cards"] = rng.sample(cards, rng.randint(0, min(legal["draw"], len(cards))))
    return msg


def _step(
    actor: TableActor, conns: dict[str, Checker], extra: list[Checker], clock: VirtualClock, rng: random.Random
) -> None:
    """One random thing: the player to act acts (from their merged state) or lets the clock run out, someone
    sits out, comes back, leaves, sits again, rebuys, resyncs, or ann's second connection comes or goes."""
    roll = rng.random()
    seat = actor.table.to_act
    st = actor.table.seats[seat] if seat is not None else None
    if st is not None and st.player in conns and actor._hand_running() and roll < 0.75:
        hand = conns[st.player].state["hand"]
        if rng.random() < 0.05:  # the clock acts for them
            clock.advance(actor.table.config.action_seconds + actor.table.config.bank_seconds + 1)
        else:
            actor.handle(conns[st.player], parse(json.dumps(_choose(rng, hand, seat))))  # type: ignore[arg-type]
            assert not conns[st.player].errors, conns[st.player].errors
    elif roll < 0.80:
        name = rng.choice(PEOPLE[:4])
        seated = actor._seated(name)
        sitting_out = seated and actor.table.seats[actor.table.seat_of(name)].sitting_out  # type: ignore[union-attr]
        command: Command | None = ComeBack() if sitting_out else SitOut() if seated else None
        if command is None:
            free = [i for i, s in enumerate(actor.table.seats) if s is None]
            command = Sit(rng.choice(free), actor.table.default_buy_in()) if free else Resync()
        actor.handle(conns[name], command)
    elif roll < 0.83:
        name = rng.choice(PEOPLE[:4])
        actor.handle(conns[name], Leave() if actor._seated(name) else Resync())
    elif roll < 0.88:
        name = rng.choice(PEOPLE[:4])
        if actor._seated(name):
            actor.handle(conns[name], Rebuy(rng.choice((1, 50, actor.table.default_buy_in()))))
    elif roll < 0.92:
        actor.handle(rng.choice([*conns.values(), *extra]), Resync())
    elif roll < 0.95:
        if extra:
            actor.disconnect(extra.pop())
        else:
            extra.append(Checker("ann", actor))
            actor.connect(extra[-1])
    else:
        clock.advance(1.0)
    for c in [*conns.values(), *extra]:
        c.errors.clear()  # refusals (a rebuy too big, a come-back too short) are part of random play
    actor.tick()
    actor.broadcast()


def test_merged_deltas_are_the_full_state_after_every_message(store: Store) -> None:
    """Over 3 x 40 random hands (see the module docstring) every merged state equals the full state, and every
    kind of delta was sent: a hand whole, events appended, events rewritten (a show names earlier down cards)."""
    clock = VirtualClock()
    users = Users(store)
    for name in PEOPLE:
        users.sign_up(name, "password1")
        store.deposit(store.account_id(play_account(name)), 1_000_000)
    lobby = Lobby(store, clock=clock, seed=7, bot_delay=0.0, next_hand_delay=0.0, grace=30.0, stand_after=300.0)
    rng = random.Random(25)
    totals: dict[str, int] = {}
    logs: dict[str, list[tuple[dict[str, Any], dict[str, Any]]]] = {}
    for game, stakes, limit in GAMES:
        actor = lobby.create(name=f"delta-{game}", game=game, stakes=stakes, limit=limit, seats=6)
        actor.bot_kind = "random"
        assert len(actor.add_bots(1)) == 1
        conns = {p: Checker(p, actor) for p in PEOPLE}
        conns["ann"].log = logs.setdefault(game, [])
        extra: list[Checker] = []
        for p in PEOPLE:
            actor.connect(conns[p])
        for seat, p in enumerate(PEOPLE[:4]):
            actor.handle(conns[p], Sit(seat, actor.table.default_buy_in()))
        actor.tick()
        actor.broadcast()
        steps = 0
        while actor.table.hand_number < 40:
            steps += 1
            assert steps < 20_000, "the table stalled"
            _step(actor, conns, extra, clock, rng)
        for c in [*conns.values(), *extra]:
            for kind, n in c.kinds.items():
                totals[kind] = totals.get(kind, 0) + n
        assert conns["eve"].state["you"] is None
    assert {k: totals.get(k, 0) > 0 for k in ("state", "delta", "hand", "appended", "rewritten")} == dict.fromkeys(
        ("state", "delta", "hand", "appended", "rewritten"), True
    ), totals
    assert totals["delta"] > 10 * totals["state"]
    lobby.close()
    if NODE is not None:  # the page's own merge (util.js takeState) over ann's messages of the first game
        _page_merges(logs[GAMES[0][0]])


# Feeds the messages to util.js's takeState as table.js does; returns each state it holds after one.
PAGE_MERGE = """
globalThis.localStorage = {getItem: () => null, setItem() {}};
const m = await import(process.argv[1]);
let text = "";
for await (const chunk of process.stdin) text += chunk;
const holder = {state: null, seq: 0};
const sent = [];
const out = [];
for (const msg of JSON.parse(text)) {
  const state = m.takeState(holder, msg, (x) => sent.push(x));
  if (state) holder.state = state;
  out.push(state);
}
console.log(JSON.stringify({out, sent}));
"""


def _page_merges(log: list[tuple[dict[str, Any], dict[str, Any]]]) -> None:
    """util.js's ``takeState`` fed ``log``'s messages holds the full state after each one, never asking for a
    resync."""
    assert NODE is not None and len(log) > 100
    done = subprocess.run(
        [NODE, "--input-type=module", "-e", PAGE_MERGE, (STATIC / "util.js").as_uri()],
        input=json.dumps([m for m, _ in log]),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    got = json.loads(done.stdout)
    assert got["sent"] == []
    assert got["out"] == [full for _, full in log]


def test_a_delta_names_only_what_changed() -> None:
    """The messages of :class:`Deltas` themselves: a full state first, then only changed keys, new events
    appended, nothing at all when nothing changed, and a full state again after :meth:`Deltas.forget`."""
    deltas = Deltas()
    conn = object()

    def send(shared: dict[str, Any], hand: tuple[dict[str, Any], tuple[Any, ...]] | None) -> dict[str, Any] | None:
        deltas.frame({"v": VERSION, "type": "state", **shared})
        view = deltas.view(None if hand is None else ("h", 1), lambda: None if hand is None else (*hand, (0, 1)))
        text = deltas.message(conn, view, {"you": 0})
        return None if text is None else json.loads(text)

    first = send({"a": 1, "b": [1, 2]}, None)
    assert first == {"v": VERSION, "type": "state", "a": 1, "b": [1, 2], "you": 0, "hand": None}
    assert send({"a": 1, "b": [1, 2]}, None) is None
    assert send({"a": 2, "b": [1, 2]}, None) == {
        "v": VERSION, "type": "delta", "seq": 1, "set": {"a": 2}, "hand_set": {}, "events": [],
    }  # fmt: skip
    from pokerroom.engine.events import Event, EventType

    post = Event(EventType.POST_BLIND, 0, 1, None, None)
    bet = Event(EventType.BET, 1, 4, None, None)
    m = send({"a": 2, "b": [1, 2]}, ({"pot": 1}, (post,)))
    assert m is not None and m["seq"] == 2 and m["set"]["hand"]["pot"] == 1 and len(m["set"]["hand"]["events"]) == 1
    m = send({"a": 2, "b": [1, 2]}, ({"pot": 5}, (post, bet)))
    assert m is not None and (m["seq"], m["set"], m["hand_set"], len(m["events"])) == (3, {}, {"pot": 5}, 1)
    state = merge(
        first, {"type": "delta", "set": {"a": 2, "hand": {"pot": 1, "events": []}}, "hand_set": {}, "events": []}
    )
    assert state["hand"] == {"pot": 1, "events": []}
    deltas.forget(conn)
    m = send({"a": 2, "b": [1, 2]}, ({"pot": 5}, (post, bet)))
    assert m is not None and m["type"] == "state" and len(m["hand"]["events"]) == 2
