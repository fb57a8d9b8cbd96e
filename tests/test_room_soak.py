"""The long soak of the room through the store: every game of :func:`pokerroom.games.all_games` at a table of its
own, bots coming and going, through :class:`~pokerroom.store.runner.TableRunner` on one SQLite file.

Seeded.  ``HANDS`` hands in all (10,000; 100,000 with ``POKERROOM_SOAK=1``), dealt round the tables in turn.
Between hands players join (new accounts or players back from elsewhere, posting or waiting for the big blind),
leave, sit out and come back, rebuy when busted (or leave when the table will not let them) and withdraw chips
from their accounts; in hands some answers never come, so the virtual clock runs out and the table acts for
them, journaled (check, stand pat, fold, or disconnect protection on the real-money fixed-limit tables, RULES
§3.7).  Half the tables are real money (raked, RULES §3.10), half play money; the club games carry odd chips.

Checked after every hand: the store holds exactly the table's stacks and carried chips.  Every ``CHECK_EVERY``
hands and at the end: ``check_balanced()``; the room's chips (``total()``) are deposits less withdrawals; the
accounts, stacks, carried chips and rake add up to the same; the tables' stacks, carried chips and rake add up to
the chips bought in less the chips cashed out; no hand is left in progress; and the last hand of each table
replays from its set-up and journal to its stored record.  The features must all have happened.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from sqlalchemy import func, select

from pokerroom.bots import CallingStation, RandomBot, SimpleBot
from pokerroom.engine import Action, HandView
from pokerroom.errors import RoomError
from pokerroom.games import all_games
from pokerroom.room.clock import VirtualClock
from pokerroom.room.journal import replay_journal
from pokerroom.room.record import record_of
from pokerroom.room.table import TableConfig
from pokerroom.store import Store
from pokerroom.store.runner import Bot, TableRunner
from pokerroom.store.schema import hands, journal
from soak import SOAK

HANDS = 100_000 if SOAK else 10_000
CHECK_EVERY = 2_000
DEPOSIT = 50_000
PLAYERS = 90
FAST_SIMPLE = {"holdem", "omaha", "short-deck", "club-holdem"}  # SimpleBot is quick only in the board games
TIME_OUT = 0.01  # chance that an answer never comes


@dataclass
class Room:
    """The soak's books kept outside the store: what came in, what went out, what was bought in."""

    store: Store
    rng: random.Random
    accounts: dict[str, int] = field(default_factory=dict)
    deposits: int = 0
    withdrawals: int = 0
    bought_in: int = 0  # buy-ins and rebuys less cash-outs
    seen: Counter[str] = field(default_factory=Counter)

    def fund(self, player: str, chips: int) -> None:
        if self.store.balance(self.accounts[player]) < chips:
            self.store.deposit(self.accounts[player], DEPOSIT)
            self.deposits += DEPOSIT


def make_bot(game: str, rng: random.Random, seen: Counter[str]) -> Bot:
    """A bot for ``game``: random, calling station or (board games) simple; now and then it never answers."""
    pick = rng.random()
    if game in FAST_SIMPLE and pick < 0.3:
        inner: Bot = SimpleBot(seed=rng.getrandbits(32)).act
    elif pick < 0.65:
        inner = RandomBot(seed=rng.getrandbits(32)).act
    else:
        inner = CallingStation().act
    own = random.Random(rng.getrandbits(32))

    def act(view: HandView) -> Action | None:
        if own.random() < TIME_OUT:
            seen["no answer"] += 1
            return None
        return inner(view)

    return act


def buy_in_amount(runner: TableRunner, rng: random.Random) -> int:
    table = runner.table
    rule = table.buy_in
    if rule.maximum is not None:
        return rng.randint(rule.minimum, rule.maximum)
    big = max(table.blinds[1], 1)
    chips = rng.randint(max(rule.minimum, 40 * big), max(rule.minimum, 150 * big))
    if table.rebuy_cap:  # the club's X = M/S (A-G2-6)
        stacks = [st.stack for st in table.seats if st is not None]
        if stacks:
            chips = max(rule.minimum, min(chips, sum(stacks) // len(stacks)))
    return chips


class Soak:
    def __init__(self, store: Store, seed: int) -> None:
        self.room = Room(store, random.Random(seed))
        rng = self.room.rng
        for i in range(PLAYERS):
            name = f"p{i:03d}"
            self.room.accounts[name] = store.create_account(name, deposit=DEPOSIT)
            self.room.deposits += DEPOSIT
        self.runners: list[TableRunner] = []
        self.bots: list[dict[str, Bot]] = []
        self.clocks: list[VirtualClock] = []
        for k, game in enumerate(all_games()):
            real = k % 2 == 0
            limit = "fixed" if game.id in ("holdem", "omaha") and real else None  # disconnect protection (§3.7)
            clock = VirtualClock()
            config = TableConfig(game.id, real_money=real, limit=limit, seats=min(6, game.max_players))
            runner = TableRunner(store, f"{game.id}-{'real' if real else 'play'}", config, clock=clock)
            self.runners.append(runner)
            self.bots.append({})
            self.clocks.append(clock)
            for _ in range(rng.randint(2, runner.table.size)):
                self.join(k)

    def free_players(self, k: int) -> list[str]:
        seated = set(self.runners[k].table.stacks())
        return [p for p in self.room.accounts if p not in seated]

    def join(self, k: int) -> None:
        runner, room = self.runners[k], self.room
        empty = [i for i, st in enumerate(runner.table.seats) if st is None]
        free = self.free_players(k)
        if not empty or not free:
            return
        player = room.rng.choice(free)
        chips = buy_in_amount(runner, room.rng)
        room.fund(player, chips)
        try:
            runner.sit(room.rng.choice(empty), player, chips, post=room.rng.random() < 0.7)
        except RoomError:
            room.seen["sit refused"] += 1
            return
        room.bought_in += chips
        room.seen["sit"] += 1
        self.bots[k][player] = make_bot(runner.table.game.id, room.rng, room.seen)

    def leave(self, k: int, player: str) -> None:
        self.room.bought_in -= self.runners[k].stand(player)
        self.bots[k].pop(player)
        self.room.seen["stand"] += 1

    def between_hands(self, k: int) -> None:
        runner, room = self.runners[k], self.room
        rng, table = room.rng, runner.table
        self.clocks[k].advance(rng.uniform(20, 120))  # about a day every thousand hands: allowances renew
        for st in [s for s in table.seats if s is not None]:
            if st.stack >= table.min_stack:
                continue
            chips = max(buy_in_amount(runner, rng), table.min_stack - st.stack)
            most = table.max_rebuy(st.player)
            if most is not None:
                chips = min(chips, most)
            if rng.random() < 0.8 and chips > 0:
                room.fund(st.player, chips)
                try:
                    runner.rebuy(st.player, chips)
                except RoomError:
                    room.seen["rebuy refused"] += 1
                else:
                    room.bought_in += chips
                    room.seen["rebuy"] += 1
                    continue
            self.leave(k, st.player)
        seated = [s.player for s in table.seats if s is not None]
        roll = rng.random()
        if roll < 0.04 and len(seated) > 2:
            self.leave(k, rng.choice(seated))
        elif roll < 0.10:
            self.join(k)
        elif roll < 0.13 and seated:
            runner.sit_out(rng.choice(seated))
            room.seen["sit out"] += 1
        away = [s.player for s in table.seats if s is not None and s.sitting_out]
        if away and rng.random() < 0.3:
            runner.come_back(rng.choice(away), post=rng.random() < 0.7)
            room.seen["come back"] += 1
        if rng.random() < 0.02:  # someone not at this table takes money home
            player = rng.choice(self.free_players(k))
            held = room.store.balance(room.accounts[player])
            if held > 1:
                amount = rng.randint(1, held // 2)
                room.store.withdraw(room.accounts[player], amount)
                room.withdrawals += amount
                room.seen["withdrawal"] += 1

    def play(self, k: int, seed: int) -> bool:
        runner = self.runners[k]
        table = runner.table
        for _ in range(4):
            try:
                result = runner.play_hand(self.bots[k], seed=seed)
            except RoomError:  # fewer than two can be dealt in: bring players back or in
                for st in [s for s in table.seats if s is not None and s.sitting_out]:
                    runner.come_back(st.player, post=True)
                self.join(k)
                continue
            self.room.seen["hands"] += 1
            self.room.seen[f"game {table.game.id}"] += 1
            self.room.seen["rake"] += result.rake
            protected = sum(1 for e in result.events if e.type.value == "artificial_all_in")
            self.room.seen["disconnect protection"] += protected
            runner.check_stacks()
            return True
        return False

    def check(self) -> None:
        store, room = self.room.store, self.room
        store.check_balanced()
        assert store.hands_in_progress() == []
        total = store.total()
        assert total == room.deposits - room.withdrawals
        rake = sum(r.rake for r in store.rake_report())
        at_tables = 0
        for runner in self.runners:
            runner.check_stacks()
            at_tables += sum(store.stacks(runner.table_id).values()) + store.carried(runner.table_id)
        assert at_tables + rake == room.bought_in
        assert sum(store.balance(a) for a in room.accounts.values()) + at_tables + rake == total
        # The last hand of every table replays from its stored set-up and journal to its record.
        with store.engine.connect() as conn:
            latest = conn.execute(select(func.max(hands.c.id)).group_by(hands.c.table_id)).scalars().all()
        for hand_id in latest:
            info = store.hand(int(hand_id))
            assert info.status == "complete" and info.record is not None
            hand = replay_journal(info.setup, store.journal_entries(info.id))
            record = store.hand_record(info.id)
            assert hand.is_complete and record_of(hand, seats=record.setup.seats).result == record.result


def test_room_soak(tmp_path: Path) -> None:
    with Store(f"sqlite:///{tmp_path / 'soak.db'}") as store:
        soak = Soak(store, seed=4004)
        soak.check()
        started = time.perf_counter()
        played = 0
        rounds = 0
        while played < HANDS:
            for k in range(len(soak.runners)):
                if played >= HANDS:
                    break
                soak.between_hands(k)
                if soak.play(k, seed=rounds * 100 + k):
                    played += 1
                    if played % CHECK_EVERY == 0:
                        soak.check()
            rounds += 1
        elapsed = time.perf_counter() - started
        soak.check()
        seen = soak.room.seen
        print(f"\n{played} hands in {elapsed:.1f} s: {played / elapsed:.0f} hands/s; {dict(sorted(seen.items()))}")
        assert seen["hands"] == HANDS
        for game in all_games():
            assert seen[f"game {game.id}"] >= HANDS // (2 * len(all_games())), game.id
        for feature in ("sit", "stand", "rebuy", "sit out", "come back", "withdrawal", "no answer",
                        "disconnect protection"):
            assert seen[feature] > 0, feature
        assert seen["rake"] > 0
        # Every answer that never came is one journal entry the clock made.
        with store.engine.connect() as conn:
            timed_out = conn.execute(
                select(func.count())
                .select_from(journal)
                .where(func.json_extract(journal.c.entry, "$.cause") == "timeout")
            ).scalar_one()
        assert timed_out == seen["no answer"]
