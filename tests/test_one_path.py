"""One path for an action (issue "One rule, one place", acceptance): one scripted sequence of hands of club hold'em
(RULES G2), fed to a :class:`~pokerroom.room.table.Table` through each driver's own entry point, gives the same
hand records.

The drivers: ``pokerroom play``'s :class:`~pokerroom.cli.play.Session` (typed input and bots), ``pokerroom
night``'s :class:`~pokerroom.cli.night.Evening` (every player typing, a rebuy between hands, the input ending as a
time-out), the store's :class:`~pokerroom.store.runner.TableRunner` that ``simulate`` plays through (a rebuy, a
time-out, a new player paying the club's fee, A-G2-7), and the server's :class:`~pokerroom.server.actor.TableActor`
(commands from connections, a time-out, a new player sitting down, a dropped connection).  Each plays the script as
far as it can express it: hand 1 has an over-stack raise the house rule places at the nearest legal amount (seed
000 5.3, decision 19); then a rebuy; hand 2 a time-out; then a new player; hand 3 plain; hand 4 a player who cannot
act (a dropped connection at the server, a time-out elsewhere).  The script is positional (what the player to act
does), so the drivers need not share player names: the records are compared seat by seat.
"""

from __future__ import annotations

import io
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from pokerroom.cli.night_evening import Evening
from pokerroom.cli.play import Session
from pokerroom.engine import Action, HandView, LegalActions
from pokerroom.games import find
from pokerroom.room.clock import VirtualClock
from pokerroom.room.config import TableConfig
from pokerroom.room.night import Night, NightConfig
from pokerroom.room.proof import commit
from pokerroom.room.record import HandRecord, SeatRecord
from pokerroom.room.table import Table
from pokerroom.server.accounts import Users
from pokerroom.server.lobby import Lobby
from pokerroom.server.protocol import Act, Rebuy, Sit
from pokerroom.store import Store
from pokerroom.store.night_runner import NightRunner
from pokerroom.store.runner import TableRunner

GAME = "club-holdem"
SEED = 20261202
STACK = 500
NAMES = ["Ada", "Bo", "Cy"]
NEWCOMER = "Dee"

WAIT = "wait"
"""The player to act does not act: the clock runs out (or the input ends)."""
FORCED = "forced*"
"""Every remaining turn of the hand does what a time-out does: check when free, else fold."""
PASSIVE = "passive*"
"""Every remaining turn of the hand checks when free, else calls."""

SCRIPT: list[list[str]] = [
    ["raise 100000", "fold", "fold"],  # hand 1: the first to act raises more than any stack holds
    [WAIT, FORCED],  # hand 2: a time-out facing the big blind folds (play chips: no protection, A-3.7-2)
    [PASSIVE],  # hand 3: the newcomer pays the fee (dead money) and the hand is checked and called down
    [WAIT, PASSIVE],  # hand 4: the first to act cannot act (a dropped connection, or a time-out)
]


class Script:
    """The script's actions in turn order; :meth:`next` says what the player to act does."""

    def __init__(self) -> None:
        self.hand = 0
        self.steps: list[str] = []
        self.mode: str | None = None

    def new_hand(self) -> None:
        self.steps = list(SCRIPT[self.hand])
        self.hand += 1
        self.mode = None

    def next(self) -> str:
        if self.mode is None and self.steps:
            step = self.steps.pop(0)
            if step not in (FORCED, PASSIVE):
                return step
            self.mode = step
        assert self.mode is not None, f"hand {self.hand}: the script has no more actions"
        return self.mode


def wish(step: str, legal: LegalActions) -> Action | None:
    """The action a step asks for (``None``: the player does not act)."""
    if step in (WAIT, FORCED):
        return None
    if step == PASSIVE:
        return Action.check() if legal.check else Action.call()
    word, _, amount = step.partition(" ")
    return {
        "raise": lambda: Action.raise_to(int(amount)), "bet": lambda: Action.bet(int(amount)),
        "fold": Action.fold, "call": Action.call, "check": Action.check,
    }[word]()  # fmt: skip


def typed(step: str, legal: LegalActions) -> str:
    """The line a player types at ``pokerroom play`` or ``night`` for a step."""
    action = wish(step, legal)
    assert action is not None
    return {"raise": f"r {action.amount}", "bet": f"b {action.amount}"}.get(action.kind.value, action.kind.value[0])


@dataclass
class ScriptedBot:
    """A bot that plays the script's next step (for the drivers whose other players are bots)."""

    script: Script

    def act(self, view: HandView) -> Action:
        assert view.legal is not None
        action = wish(self.script.next(), view.legal)
        assert action is not None, "a bot cannot let its clock run out at this driver"
        return action


def same_hand(record: HandRecord) -> tuple[Any, ...]:
    """What must agree between drivers: the set-up but for the table's identity, start time and the players'
    names (each driver names its players its own way), the events, the status and the result."""
    setup = replace(
        record.setup,
        seats=tuple(SeatRecord(s.seat, "", s.stack) for s in record.setup.seats),
        table_id=None,
        table_name=None,
        started_at=None,
    )
    return setup, record.events, record.status, record.result


def committed(record: HandRecord) -> HandRecord:
    """``record`` with the commitments the server publishes for its deck (docs/shuffle.md): the seed's hash and the
    Merkle root that the same seed makes.  The other drivers deal from the seed without committing to it."""
    return replace(record, setup=replace(record.setup, deck=commit(record.setup.deck, find(GAME).deck)))


# ---------------------------------------------------------------------------------------------------------- drivers


def seating() -> list[str]:
    """The night's seats by lot (the other drivers seat the same players the same way)."""
    return Night(NightConfig(GAME), NAMES, rng=random.Random(SEED)).seats


class _Stop(Exception):
    """Raised instead of dealing a hand the driver cannot play as scripted."""


def by_play() -> list[HandRecord]:
    """``pokerroom play``: seat 0 types, the other seats are bots; it cannot rebuy, time out or seat a newcomer,
    so it plays hand 1."""
    script = Script()
    session = Session(
        TableConfig(GAME),
        players=3,
        stack=STACK,
        bots="calling",
        seed=SEED,
        stream=io.StringIO(),
        console=Console(file=io.StringIO()),
    )
    for name in session.bots:
        session.bots[name] = ScriptedBot(script)
    session.stream = _HumanLines(session, script)
    deal = session.table.start_hand

    def start(**kw: Any) -> Any:
        if script.hand == 1:  # the script's next hands need what play cannot express
            raise _Stop
        script.new_hand()
        return deal(**kw)

    session.table.start_hand = start  # type: ignore[method-assign]
    with pytest.raises(_Stop):
        session.run()
    assert session.table.record is not None
    return [session.table.record]


class _HumanLines(io.StringIO):
    """The human's input at ``pokerroom play``: each line read is the script's next step for the human."""

    def __init__(self, session: Session, script: Script) -> None:
        super().__init__()
        self.session = session
        self.script = script

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        hand = self.session.table.hand
        assert hand is not None
        legal = hand.legal_actions()
        assert legal is not None
        return typed(self.script.next(), legal) + "\n"


def by_night(store: Store, seats: list[str]) -> list[HandRecord]:
    """``pokerroom night``: everyone types; a rebuy typed between hands; the input ends at hand 2's time-out (the
    players leave: the table checks or folds for them, as at a time-out)."""
    console = Console(file=io.StringIO())
    book = NightRunner.create(store, NightConfig(GAME, hands=2), NAMES, seed=SEED, first_dealer=0)
    assert book.night.seats == seats
    evening = Evening(
        book, humans=NAMES, seed=SEED, stream=io.StringIO(), console=console, clock=VirtualClock(), private=False
    )
    script = Script()
    evening.stream = _NightLines(evening, script)  # type: ignore[assignment]
    evening.run()
    book.close()
    return evening.results


class _NightLines(io.StringIO):
    """What the players type at the night: the script's steps at each turn; between hands 1 and 2 the rebuy of
    :func:`rebuy` and an empty line to deal; at a ``wait`` the input ends (the table then times everyone out)."""

    def __init__(self, evening: Evening, script: Script) -> None:
        super().__init__()
        self.evening = evening
        self.script = script
        self.dealt = 0
        self.ended = False
        self.rebought = False

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        table = self.evening.table
        if self.ended:
            return ""
        hand = table.hand if table is not None else None
        if hand is None or hand.is_complete:  # between hands
            if self.script.hand == 1 and not self.rebought and table is not None:
                self.rebought = True
                name, chips = rebuy(table)
                return f"rebuy {name} {chips}\n"
            return "\n"
        if table is not None and table.hand_number != self.dealt:
            self.dealt = table.hand_number
            self.script.new_hand()
        legal = hand.legal_actions()
        assert legal is not None
        step = self.script.next()
        if step in (WAIT, FORCED):
            self.ended = True
            return ""
        return typed(step, legal) + "\n"


def rebuy(table: Table) -> tuple[str, int]:
    """The script's rebuy after hand 1: the shortest stack (first seat on a tie) buys one chip, inside the club's
    cap (A-G2-6)."""
    stacks = {st.player: st.stack for st in table.seats if st is not None}
    name = min(stacks, key=lambda n: (stacks[n], table.seat_of(n)))
    return name, 1


def by_runner(store: Store, seats: list[str]) -> list[HandRecord]:
    """The store's runner (``simulate``'s path): bots answering the script, ``None`` for a time-out; a rebuy, a
    newcomer sitting down."""
    runner = TableRunner(store, "runner", TableConfig(GAME, seats=4), seed=SEED)
    for name in [*seats, NEWCOMER]:
        store.create_account(name, deposit=10 * STACK)
    for seat, name in enumerate(seats):
        runner.sit(seat, name, STACK)
    script = Script()

    def answer(view: HandView) -> Action | None:
        assert view.legal is not None
        return wish(script.next(), view.legal)

    bots = dict.fromkeys([*seats, NEWCOMER], answer)
    records: list[HandRecord] = []
    for k in range(len(SCRIPT)):
        if k == 1:
            runner.rebuy(*rebuy(runner.table))
        if k == 2:
            runner.sit(3, NEWCOMER, STACK)
        script.new_hand()
        records.append(runner.play_hand(bots))
    return records


def by_actor(store: Store, seats: list[str]) -> list[HandRecord]:
    """The server's actor: every player a connection sending commands; a rebuy, a newcomer sitting down, a
    time-out, and a dropped connection whose grace and clock run out."""
    users = Users(store)
    for name in [*seats, NEWCOMER]:
        users.sign_up(name, "password1")
    clock = VirtualClock()
    lobby = Lobby(store, clock=clock, seed=None, bot_delay=0.0, next_hand_delay=0.0, grace=5.0, stand_after=600.0)
    actor = lobby.create(name="actor", game=GAME, seats=4)
    actor.table.seed = SEED
    conns = {name: _Conn(name) for name in [*seats, NEWCOMER]}
    for name in seats:
        actor.connect(conns[name])
    for seat, name in enumerate(seats):
        actor.handle(conns[name], Sit(seat, STACK))
    script = Script()
    records: list[HandRecord] = []
    for k in range(len(SCRIPT)):
        if k == 1:
            name, chips = rebuy(actor.table)
            actor.handle(conns[name], Rebuy(chips))
        if k == 2:
            actor.connect(conns[NEWCOMER])
            actor.handle(conns[NEWCOMER], Sit(3, STACK))
        for conn in conns.values():
            assert not conn.errors, conn.errors
        actor.tick()  # the deal
        assert actor._hand_running(), f"hand {k + 1} was not dealt"
        script.new_hand()
        while actor._hand_running():
            seat = actor.table.to_act
            hand = actor.table.hand
            assert seat is not None and hand is not None
            player = actor.table.seats[seat].player  # type: ignore[union-attr]
            legal = hand.legal_actions()
            assert legal is not None
            step = script.next()
            action = wish(step, legal)
            if action is not None:
                actor.handle(conns[player], Act(action, hand=actor.table.hand_number, seq=len(hand.events)))
                continue
            if k == 3 and step == WAIT:  # the connection drops; its grace, then its clock runs out
                actor.disconnect(conns[player])
                clock.advance(5.0)
                actor.tick()
            clock.advance(actor.table.config.action_seconds + actor.table.config.bank_seconds + 1)
            actor.tick()
        assert actor.table.record is not None
        records.append(actor.table.record)
    return records


class _Conn:
    def __init__(self, player: str) -> None:
        self.player = player
        self.errors: list[dict[str, Any]] = []

    def send(self, message: dict[str, Any] | str) -> None:
        if isinstance(message, dict) and message.get("type") == "error":
            self.errors.append(message)


# ---------------------------------------------------------------------------------------------------------- the test


@pytest.fixture
def stores(tmp_path: Path) -> Iterator[Callable[[str], Store]]:
    made: list[Store] = []

    def make(name: str) -> Store:
        store = Store(f"sqlite:///{tmp_path / name}.db")
        made.append(store)
        return store

    yield make
    for store in made:
        store.close()


def test_one_script_gives_the_same_hand_records_through_every_driver(stores: Callable[[str], Store]) -> None:
    seats = seating()
    play = by_play()
    night = by_night(stores("night"), seats)
    runner = by_runner(stores("runner"), seats)
    actor = by_actor(stores("actor"), seats)

    # Hand 1 everywhere: the over-stack raise placed at the raiser's whole stack (the house rule's clamp).
    first = runner[0]
    raises = [e for e in first.events if e.type.value == "raise"]
    assert len(raises) == 1 and raises[0].to == STACK and raises[0].all_in
    for other in (play[0], night[0]):
        assert same_hand(other) == same_hand(first)
    # The server deals the same seeded deck and publishes its commitments, exactly those of that seed.
    assert actor[0].setup.deck.seed_hash is not None
    assert same_hand(actor[0]) == same_hand(committed(first))
    # Hand 2 (after the rebuy): a time-out folds; runner and actor agree.  At the night the input ends there, so
    # the players leave (issue 17): the table folds for them as at a time-out, without the "timed out" note.
    assert same_hand(committed(runner[1])) == same_hand(actor[1])
    untimed = type(runner[1].events)(e._replace(text=None) if e.text == "timed out" else e for e in runner[1].events)
    assert same_hand(night[1]) == (*same_hand(runner[1])[:1], untimed, *same_hand(runner[1])[2:])
    # Hand 3: the newcomer pays the club's fee, the first blind as dead money (A-G2-7); runner and actor agree.
    newcomer = next(k for k, s in enumerate(runner[2].setup.seats) if s.player == NEWCOMER)
    assert runner[2].setup.dead[newcomer] == 5 and sum(runner[2].setup.dead) == 5
    assert same_hand(committed(runner[2])) == same_hand(actor[2])
    # Hand 4: a dropped connection at the server is a time-out elsewhere.
    assert same_hand(committed(runner[3])) == same_hand(actor[3])
