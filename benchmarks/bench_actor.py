"""A table's actor with the network taken away (issue 25: the room's CPU per action): what the server does for
one player action at one table, without the sockets, the event loop or the load generator.

Six players, each with one connection whose ``send`` only counts the text, play ``--hands`` hands of 6-max
no-limit hold'em (blinds 1/2, 200 chips, the table of ``pokerroom serve``) on a SQLite store in a temporary
folder: every step is what the actor's task does with a command (``handle``, then ``tick``, then ``broadcast``),
so each action is checked, journaled, applied and broadcast as deltas, and each hand is dealt, settled and
proved (the provable shuffle's ``proof`` to each player).  The players check or call, with a raise now and then
(seeded).  It prints the CPU (process time) per player action, split into the actor's parts, and the bytes
sent per action.  Run it under ``--profile`` (cProfile, top 30) or ``valgrind --tool=callgrind`` to compare two
versions of the code: the figure is the same from run to run within a few percent, unlike the socket benchmark.

    python benchmarks/bench_actor.py [--hands 300] [--profile]
    python benchmarks/bench_actor.py --tables 500 --hands 4   # 500 tables, one action at each in turn: a room's
                                                              # memory and store, as the server sees them
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from pokerroom.engine import Action
from pokerroom.room.clock import VirtualClock
from pokerroom.server.accounts import Users
from pokerroom.server.lobby import Lobby
from pokerroom.server.protocol import Act, Rebuy, Sit
from pokerroom.store import Store

PLAYERS = [f"p{k}" for k in range(6)]
STACK = 200


class Conn:
    """A connection that keeps nothing but how much it was sent."""

    def __init__(self, player: str) -> None:
        self.player = player
        self.sent = 0
        self.errors: list[Any] = []

    def send(self, message: Any) -> None:
        if isinstance(message, str):
            self.sent += len(message)
            if message.startswith('{"v":4,"type":"error"'):
                self.errors.append(message)
        elif message.get("type") == "error":
            self.errors.append(message)
        else:
            self.sent += 1


def _tables(folder: Path, count: int) -> tuple[list[tuple[Any, dict[str, Conn]]], Store]:
    """``count`` tables of one lobby (one store), six players each, seated, every player with one connection."""
    store = Store(f"sqlite:///{folder / 'room.db'}")
    users = Users(store)
    hashed = users.hash("password1")  # one Argon2 hash for every player: the sign-ups are not what is measured
    lobby = Lobby(store, clock=VirtualClock(), seed=1, bot_delay=0.0, next_hand_delay=0.0)
    out = []
    for t in range(count):
        names = [f"t{t}p{k}" for k in range(6)]
        for name in names:
            users.register(name, hashed)
        actor = lobby.create(name=f"bench {t}", game="holdem", stakes="1/2", limit="no", seats=6)
        conns = {name: Conn(name) for name in names}
        for seat, name in enumerate(names):
            actor.connect(conns[name])
            actor.handle(conns[name], Sit(seat, STACK))
            actor.broadcast()
        out.append((actor, conns))
    return out, store


def play(hands: int, seed: int = 1, tables: int = 1) -> tuple[int, float, int, list[float]]:
    """Play ``hands`` hands at each of ``tables`` tables, one action at each table in turn (as a room's tables
    interleave); the player actions, the CPU seconds they took (process time), the bytes sent, and the CPU
    seconds of each step's parts: the command handled (the action checked, journaled, applied; the hand settled
    and its proofs sent when it ends), the tick (the next deal), the broadcast."""
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as folder:
        room, store = _tables(Path(folder), tables)
        actions = 0
        parts = [0.0, 0.0, 0.0]
        began = time.process_time()
        playing = []
        for actor, conns in room:
            actor.tick()  # the deal; with no delay between hands, the next is dealt in the step that ends one
            actor.broadcast()
            playing.append((actor, conns, actor.table.hand_number + hands - 1, [actor.table.hand_number]))
        while playing:
            for actor, conns, last, number in list(playing):
                if actor.table.hand_number > last or not actor._hand_running():
                    playing.remove((actor, conns, last, number))
                    continue
                seat = actor.table.to_act
                hand = actor.table.hand
                legal = hand.legal_actions()
                player = actor.table.seats[seat].player
                if legal.raise_ is not None and rng.random() < 0.1:
                    action = Action.raise_to(legal.raise_[0])
                elif legal.bet is not None and rng.random() < 0.1:
                    action = Action.bet(legal.bet[0])
                else:
                    action = legal.passive()  # check, else call
                t0 = time.process_time()
                actor.handle(conns[player], Act(action, hand=actor.table.hand_number, seq=len(hand.events)))
                t1 = time.process_time()
                actor.tick()
                t2 = time.process_time()
                actor.broadcast()
                t3 = time.process_time()
                parts[0] += t1 - t0
                parts[1] += t2 - t1
                parts[2] += t3 - t2
                actions += 1
                if conns[player].errors:
                    raise RuntimeError(f"the table refused {action}: {conns[player].errors[0]}")
                if actor.table.hand_number != number[0]:  # a hand ended: a busted player buys in again
                    number[0] = actor.table.hand_number
                    for st in actor.table.seats:
                        if st is not None and st.stack == 0:
                            actor.handle(conns[st.player], Rebuy(STACK))
        spent = time.process_time() - began
        errors = [e for _actor, conns in room for c in conns.values() for e in c.errors]
        if errors:
            raise RuntimeError(f"the table refused an action: {errors[0]}")
        sent = sum(c.sent for _actor, conns in room for c in conns.values())
        store.close()
    return actions, spent, sent, parts


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hands", type=int, default=300, help="hands at each table")
    ap.add_argument("--tables", type=int, default=1, help="tables played at once, one action at each in turn")
    ap.add_argument("--rounds", type=int, default=3, help="best of this many runs")
    ap.add_argument("--profile", action="store_true", help="cProfile one run, top 30 functions by own time")
    args = ap.parse_args()
    play(20)  # warm: imports, ranking tables, compiled statements
    if args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        play(args.hands, tables=args.tables)
        profiler.disable()
        pstats.Stats(profiler, stream=sys.stdout).sort_stats("tottime").print_stats(30)
        return
    best = None
    for _ in range(args.rounds):
        run = play(args.hands, tables=args.tables)
        if best is None or run[1] / run[0] < best[1] / best[0]:
            best = run
    assert best is not None
    actions, spent, sent, parts = best
    each = ", ".join(
        f"{name} {1e6 * t / actions:,.0f}" for name, t in zip(("command", "tick", "broadcast"), parts, strict=True)
    )
    print(f"{args.tables} table(s) x {args.hands} hands, {actions} player actions: "
          f"{1e6 * spent / actions:,.0f} µs of CPU per action (best of {args.rounds}; {each}), "
          f"{sent / actions:,.0f} bytes sent per action")  # fmt: skip


if __name__ == "__main__":
    main()
