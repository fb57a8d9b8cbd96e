"""``TableRunner``: a table backed by the store (RULES §3.3, §3.7, §3.8).

Every test runs on SQLite (a file) and on PostgreSQL (a database of its own, see ``storetools``): hands settled
through the store with the table's exact chips, the journal written before each action, voids refunding exact
contributions (GR-17), recovery of hands left in progress, refusals that write nothing, time-outs and disconnect
protection journaled and remembered across restarts, stored hands that replay to their records, settings that
survive the store's JSON, one runner per table (the lease), and a refused deal that leaves the table as it was.
"""

from __future__ import annotations

import copy
import gc
import json
import os
from collections.abc import Iterator
from datetime import datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import func, select

from pokerroom.bots import CallingStation, RandomBot
from pokerroom.engine import Action, Event, HandView
from pokerroom.errors import IllegalAction, RoomError, StoreError, UnsupportedRule
from pokerroom.room.clock import VirtualClock
from pokerroom.room.decisions import Decision
from pokerroom.room.journal import replay_journal
from pokerroom.room.layout import Dealer
from pokerroom.room.record import Status, record_of
from pokerroom.room.stakes import BuyIn
from pokerroom.room.table import TableConfig
from pokerroom.store import Store
from pokerroom.store.runner import CRASH_REASON, Bot, TableRunner
from pokerroom.store.schema import postings
from storetools import Clock, holder_dies


@pytest.fixture
def store(store_url: str) -> Iterator[Store]:
    s = Store(store_url)
    yield s
    s.close()


def posting_count(store: Store) -> int:
    with store.engine.connect() as conn:
        return int(conn.execute(select(func.count()).select_from(postings)).scalar_one())


def seat_players(runner: TableRunner, chips: dict[str, int], deposit: int = 10_000) -> dict[str, int]:
    """Accounts for the players (``deposit`` each), seated in order at seats 0, 1, ... with ``chips``."""
    accounts = {}
    for seat, (name, buy_in) in enumerate(chips.items()):
        accounts[name] = runner.store.create_account(name, deposit=deposit)
        runner.sit(seat, name, buy_in)
    return accounts


def holdings(store: Store, table: int, accounts: dict[str, int]) -> dict[str, int]:
    """Each player's chips: account plus stack at ``table``."""
    return {name: store.balance(a) + store.stack(table, a) for name, a in accounts.items()}


def check_settled(runner: TableRunner, total: int) -> None:
    """After a hand: the store holds the table's chips exactly, books balanced, no chip made or lost."""
    runner.check_stacks()
    assert runner.store.hands_in_progress(runner.table_id) == []
    runner.store.check_balanced()
    assert runner.store.total() == total


def test_hands_settle_with_the_tables_exact_chips(store: Store) -> None:
    config = TableConfig("holdem", real_money=True)
    runner = TableRunner(store, "main", config)
    accounts = seat_players(runner, {"ann": 200, "bob": 150, "cat": 100, "dan": 60})
    bots: dict[str, Bot] = {
        name: (RandomBot(seed=i).act if i % 2 else CallingStation().act) for i, name in enumerate(accounts)
    }
    total = store.total()
    assert total == 40_000
    rake = 0
    for k in range(25):
        for st in list(runner.table.seats):
            if st is not None and st.stack == 0:
                runner.rebuy(st.player, 40)
        before = runner.table.stacks()
        result = runner.play_hand(bots, seed=k)
        rake += result.rake
        check_settled(runner, total)
        assert store.last_hand_number(runner.table_id) == result.number == k + 1
        for (_seat, name), start, put, won, end in zip(
            result.players, result.starting, result.contributions, result.payouts, result.final, strict=True
        ):
            assert before[name] == start and end == start - put + won == runner.table.stacks()[name]
    assert sum(r.rake for r in store.rake_report()) == rake > 0
    # Every chip is somewhere: accounts, stacks, rake.
    on_table = sum(store.stacks(runner.table_id).values())
    assert sum(store.balance(a) for a in accounts.values()) + on_table + rake == total
    held, account = runner.table.stacks()["ann"], store.balance(accounts["ann"])
    assert runner.stand("ann") == held
    assert store.stack(runner.table_id, accounts["ann"]) == 0 and "ann" not in runner.table.stacks()
    assert store.balance(accounts["ann"]) == account + held
    check_settled(runner, total)


def test_journal_is_committed_before_each_action_is_applied(store: Store) -> None:
    runner = TableRunner(store, "j", TableConfig("holdem"))
    seat_players(runner, {"a": 100, "b": 100, "c": 100})
    applied: list[int] = []
    table_apply = runner.table.apply

    def apply(decision: Decision) -> Event:
        # Read through another connection: the entry for this very decision is already committed.
        assert runner.hand_id is not None
        entries = store.journal_entries(runner.hand_id)
        assert len(entries) == len(applied) + 1 and entries[-1]["seat"] == decision.seat
        assert decision.action is not None and entries[-1]["action"] == decision.action.kind.value
        assert entries[-1]["cause"] == "player"
        applied.append(decision.seat)
        return table_apply(decision)

    runner.table.apply = apply  # type: ignore[method-assign]

    def caller(view: HandView) -> Action:
        return Action.call() if view.legal is not None and view.legal.call is not None else Action.check()

    runner.play_hand({"a": caller, "b": caller, "c": caller}, seed=5)
    (hand,) = [store.hand(i) for i in _hand_ids(store, runner.table_id)]
    entries = store.journal_entries(hand.id)
    assert len(entries) == len(applied) >= 3
    assert entries[0] == {"seat": 0, "cause": "player", "action": "call"}  # three-handed the button acts first
    assert hand.status == "complete" and hand.record is not None
    setup = hand.setup
    assert setup["deck"] == {
        "stream": "hmac-sha256-v1", "seed": 5, "server_seed": None, "client_seeds": [], "seed_hash": None, "root": None
    }
    assert [p[1] for p in setup["seats"]] == ["a", "b", "c"]  # type: ignore[index]


def gr17_table(store: Store, name: str) -> tuple[TableRunner, dict[str, int]]:
    """Three-handed hold'em 5/10: seat 0 "C" has the button, seat 1 "A" the small blind, seat 2 "B" the big."""
    runner = TableRunner(store, name, TableConfig("holdem", blinds=(5, 10)))
    accounts = {}
    for seat, player in enumerate(("C", "A", "B")):
        accounts[player] = store.create_account(player, deposit=1000)
        runner.sit(seat, player, 500)
    return runner, accounts


def void_rows(store: Store, account: int) -> list[tuple[int, int | None, str]]:
    return [(r.amount, r.hand, r.memo) for r in store.account_history(account) if r.kind == "void"]


def test_void_refunds_exact_contributions_gr17(store: Store) -> None:
    runner, accounts = gr17_table(store, "gr17")
    total = store.total()
    hand_id = runner.start_hand(seed=11)
    runner.act(0, Action.call())  # C calls 10; A has 5 in (small blind), B 10 (big blind)
    result = runner.void("table closed by the floor (RULES §3.8)")
    assert result.voided and dict(zip([p for _s, p in result.players], result.contributions, strict=True)) == {
        "C": 10, "A": 5, "B": 10,
    }
    for player, put in (("A", 5), ("B", 10), ("C", 10)):
        assert void_rows(store, accounts[player]) == [
            (-put, hand_id, "table closed by the floor (RULES §3.8)"),
            (put, hand_id, "table closed by the floor (RULES §3.8)"),
        ]
    assert store.hand(hand_id).status == "voided" and store.rake_report() == []
    assert holdings(store, runner.table_id, accounts) == {"C": 1000, "A": 1000, "B": 1000}
    assert runner.table.stacks() == {"C": 500, "A": 500, "B": 500}
    check_settled(runner, total)
    # The table plays on: the next hand is number 2.
    runner.play_hand({p: CallingStation().act for p in accounts}, seed=12)
    assert store.last_hand_number(runner.table_id) == 2
    check_settled(runner, total)


def test_crash_recovery_voids_with_exact_contributions_gr17(store_url: str) -> None:
    with Store(store_url) as first:
        runner, accounts = gr17_table(first, "crash")
        total = first.total()
        hand_id = runner.start_hand(seed=3)
        runner.act(0, Action.call())
        entries = first.journal_entries(hand_id)
        # The server dies here, with the hand in progress: nothing more is written.
        holder_dies(first, runner.table_id)
    with Store(store_url) as second:
        assert [h.id for h in second.hands_in_progress()] == [hand_id]
        assert second.journal_entries(hand_id) == entries == [{"seat": 0, "cause": "player", "action": "call"}]
        before = holdings(second, second.table_id("crash"), accounts)
        again = TableRunner(second, "crash")  # the restarted server: recovery on construction
        assert again.recovered == [hand_id] and second.hands_in_progress() == []
        assert second.hand(hand_id).status == "voided"
        for player, put in (("A", 5), ("B", 10), ("C", 10)):
            assert void_rows(second, accounts[player]) == [(-put, hand_id, CRASH_REASON), (put, hand_id, CRASH_REASON)]
        # RULES §3.8: every player's table chips are back in their account.
        assert holdings(second, again.table_id, accounts) == before == {"C": 1000, "A": 1000, "B": 1000}
        assert second.stacks(again.table_id) == {} and again.table.stacks() == {}
        assert all(second.balance(a) == 1000 for a in accounts.values())
        second.check_balanced()
        assert second.total() == total and second.rake_report() == []
        # The players sit down again and the hand numbers go on.
        for seat, player in enumerate(("C", "A", "B")):
            again.sit(seat, player, 300)
        again.play_hand({p: CallingStation().act for p in accounts}, seed=4)
        assert second.last_hand_number(again.table_id) == 2
        check_settled(again, total)


def test_a_journaled_action_not_yet_applied_counts(store_url: str) -> None:
    with Store(store_url) as first:
        runner, accounts = gr17_table(first, "late")
        hand_id = runner.start_hand(seed=8)
        runner.act(0, Action.raise_to(30))  # C raises to 30
        # The next action was committed to the journal, then the process died before the table applied it.
        first.journal(hand_id, 1, {"seat": 1, "cause": "player", "action": "raise", "amount": 90})  # A re-raises
        holder_dies(first, runner.table_id)
    with Store(store_url) as second:
        TableRunner(second, "late")
        refunds = {p: void_rows(second, a)[0][0] for p, a in accounts.items()}
        assert refunds == {"C": -30, "A": -90, "B": -10}
        assert holdings(second, second.table_id("late"), accounts) == {"C": 1000, "A": 1000, "B": 1000}
        second.check_balanced()


def test_recovery_keeps_carried_chips_and_settled_hands(store: Store) -> None:
    # The club's hold'em carries odd chips from hand to hand (RULES §6.3); a void leaves them where they are.
    runner = TableRunner(store, "club", TableConfig("club-holdem", blinds=(1, 3)))  # 3-way pots of 9: odd splits
    accounts = seat_players(runner, {"p": 300, "q": 300, "r": 300})
    bots: dict[str, Bot] = {n: CallingStation().act for n in accounts}
    seed = 0
    while store.carried(runner.table_id) == 0:
        runner.play_hand(bots, seed=seed)
        seed += 1
        runner.check_stacks()
        assert seed < 500, "no hand left odd chips"
    carried = store.carried(runner.table_id)
    settled = holdings(store, runner.table_id, accounts)
    number = store.last_hand_number(runner.table_id)
    hand_id = runner.start_hand(seed=999)
    acted = 0
    while runner.table.hand is not None and not runner.table.hand.is_complete and acted < 3:
        h = runner.table.hand
        assert h.to_act is not None
        action = bots[runner.table.seats[runner.table.to_act].player](h.view(h.to_act))  # type: ignore[arg-type,union-attr]
        assert action is not None
        runner.act(runner.table.to_act, action)  # type: ignore[arg-type]
        acted += 1
    assert store.hand(hand_id).status == "incomplete"
    holder_dies(store, runner.table_id)
    again = TableRunner(store, "club")  # as if restarted after a crash
    assert again.recovered == [hand_id] and store.carried(again.table_id) == carried == again.table.carried
    assert holdings(store, again.table_id, accounts) == settled
    assert again.table.hand_number == number + 1 and store.hand(hand_id).number == number + 1
    store.check_balanced()


def test_refusals_write_nothing(store: Store) -> None:
    runner = TableRunner(store, "r", TableConfig("holdem"))  # buy-in 40..200
    store.create_account("rich", deposit=1000)
    store.create_account("poor", deposit=50)
    before = posting_count(store)
    with pytest.raises(RoomError):
        runner.sit(0, "rich", 500)  # above the table maximum: the table refuses
    with pytest.raises(StoreError, match="no account named"):
        runner.sit(0, "nobody", 100)
    with pytest.raises(StoreError, match="holds 50 chips"):
        runner.sit(1, "poor", 100)  # the table accepts, the store refuses: the seat is free again
    assert runner.table.seats[1] is None and runner.table.events == [] and posting_count(store) == before
    runner.sit(0, "rich", 200)
    runner.sit(1, "poor", 50)
    with pytest.raises(RoomError):
        runner.rebuy("poor", 151)  # 201 chips: more than the table maximum allows
    with pytest.raises(StoreError, match="holds 0 chips"):
        runner.rebuy("poor", 10)  # within the table's room but the account is empty
    assert runner.table.stacks() == {"rich": 200, "poor": 50}
    written = posting_count(store)
    runner.start_hand(seed=1)
    with pytest.raises(RoomError, match="in a hand"):
        runner.rebuy("rich", 0 + 1)
    with pytest.raises(RoomError, match="hand being played"):
        runner.stand("rich")
    with pytest.raises(IllegalAction):
        runner.act(0, Action.raise_to(10_000))  # refused by the engine: not journaled
    assert runner.hand_id is not None and store.journal_entries(runner.hand_id) == []
    with pytest.raises(RoomError, match="still has time"):
        runner.time_out()
    assert posting_count(store) == written
    runner.void("test over")
    assert runner.table.stacks() == {"rich": 200, "poor": 50}
    runner.check_stacks()
    store.check_balanced()


def test_stored_settings_are_used_and_checked(store: Store) -> None:
    config = TableConfig("stud", dealer=Dealer.BOX, real_money=True, buy_in=None)
    first = TableRunner(store, "s", config)
    first.close()
    again = TableRunner(store, "s")
    assert again.config == config and again.table.dealer is Dealer.BOX and again.table_id == first.table_id
    with pytest.raises(RoomError, match="other settings"):
        TableRunner(store, "s", TableConfig("razz"))
    with pytest.raises(StoreError, match="no table named"):
        TableRunner(store, "missing")


def test_time_outs_and_disconnect_protection_are_journaled(store: Store) -> None:
    # Real-money fixed-limit hold'em: disconnect protection (RULES §3.7, GR-14) once a day per player.
    clock = VirtualClock()
    runner = TableRunner(store, "aai", TableConfig("holdem", limit="fixed", real_money=True), clock=clock)
    seat_players(runner, {"b": 100, "a": 100, "c": 100})  # "a" in the small blind

    def raiser(view: HandView) -> Action:
        legal = view.legal
        assert legal is not None
        if legal.raise_ is not None:
            return Action.raise_to(legal.raise_[0])
        return Action.call() if legal.call is not None else Action.check()

    def absent(view: HandView) -> Action | None:
        return None  # never answers

    bots: dict[str, Bot] = {"a": absent, "b": raiser, "c": raiser}
    total = store.total()
    start = clock.now()
    result = runner.play_hand(bots, seed=21)
    check_settled(runner, total)
    assert clock.now() > start  # the clock was run out
    (hand,) = [store.hand(i) for i in _hand_ids(store, runner.table_id)]
    timed = [e for e in store.journal_entries(hand.id) if e["cause"] == "timeout"]
    assert timed and all(e["seat"] == 1 for e in timed)
    assert any(e.get("protection") for e in timed)  # "a" had chips in and faced a raise: protected
    assert any(ev.type.value == "artificial_all_in" for ev in result.events)
    # The stored hand replays to the same contributions and final stacks.
    again = replay_journal(hand.setup, store.journal_entries(hand.id))
    assert record_of(again, status=Status.VOIDED).contributions == result.contributions
    assert store.hand_record(hand.id) == result
    # Second hand, same day: the allowance is used up, so "a" is folded when facing a bet.
    runner.play_hand(bots, seed=22)
    check_settled(runner, total)
    second = store.hand(max(_hand_ids(store, runner.table_id)))
    timed = [e for e in store.journal_entries(second.id) if e["cause"] == "timeout"]
    assert timed and not any(e.get("protection") for e in timed)


def test_stored_hands_replay_to_their_records(store: Store) -> None:
    for game in ("holdem", "stud8", "27-triple-draw", "telesina", "draw32", "club-holdem"):
        runner = TableRunner(store, game, TableConfig(game))
        names = {f"{game}-{i}": 0 for i in range(min(4, runner.table.size))}
        for name in names:
            store.create_account(name, deposit=10_000)
        for seat, name in enumerate(names):
            runner.sit(seat, name, max(runner.table.buy_in.minimum, 200) if runner.table.buy_in.maximum is None
                       else runner.table.buy_in.maximum)
        bots: dict[str, Bot] = {n: RandomBot(seed=i).act for i, n in enumerate(names)}
        total = store.total()
        for k in range(8):
            if sum(1 for s in runner.table.stacks().values() if s > 0) < 2:
                break
            result = runner.play_hand(bots, seed=k)
            check_settled(runner, total)
            info = store.hand(max(h for h in _hand_ids(store, runner.table_id)))
            assert info.record is not None and store.hand_record(info.id) == result  # read back as written
            hand = replay_journal(info.setup, store.journal_entries(info.id))
            assert hand.is_complete and record_of(hand, seats=result.setup.seats).result == result.result
            assert list(hand.stacks) == list(result.final)  # play money: no rake
            assert json.loads(json.dumps(info.record)) == info.record


def _hand_ids(store: Store, table: int) -> list[int]:
    from pokerroom.store.schema import hands

    with store.engine.connect() as conn:
        return [int(i) for i in conn.execute(select(hands.c.id).where(hands.c.table_id == table)).scalars()]


# --- settings through the store's JSON (house rules with tuples) ----------------------------------------------


def finish(runner: TableRunner) -> None:
    """Play the hand in progress to the end, everyone checking or calling."""
    h = runner.table.hand
    assert h is not None
    while not h.is_complete:
        legal = h.legal_actions()
        assert legal is not None and runner.table.to_act is not None
        runner.act(runner.table.to_act, Action.check() if legal.check else Action.call())


def test_house_rules_with_tuples_survive_the_stores_json(store: Store) -> None:
    config = TableConfig("club-holdem", seats=3, rules={"blinds": (25, 50)})
    runner = TableRunner(store, "tuples", config)
    assert runner.config == config and runner.table.blinds == (25, 50)
    accounts = seat_players(runner, {"p": 1000, "q": 1000, "r": 1000})
    hand_id = runner.start_hand(seed=7)
    runner.act(runner.table.to_act, Action.call())  # type: ignore[arg-type]
    holder_dies(store, runner.table_id)
    # Restarted without settings: the stored ones load (lists back to tuples) and the hand replays to its void.
    again = TableRunner(store, "tuples")
    assert again.config == config and again.recovered == [hand_id] and store.hand(hand_id).status == "voided"
    assert holdings(store, again.table_id, accounts) == {"p": 10_000, "q": 10_000, "r": 10_000}
    again.close()
    # The same settings given again are the stored ones; other settings are not.
    with TableRunner(store, "tuples", config) as third:
        assert third.config == config
        for seat, name in enumerate(accounts):
            third.sit(seat, name, 500)
        third.play_hand({n: CallingStation().act for n in accounts}, seed=8)
        assert third.table.hand_number == 2
        check_settled(third, 30_000)
    with pytest.raises(RoomError, match="other settings"):
        TableRunner(store, "tuples", TableConfig("club-holdem", seats=3, rules={"blinds": (25, 75)}))
    # Club lowball's ranges, and nested lists, the same way.
    lowball = TableConfig("club-lowball", rules={"ranges": (2, 20, 60)})
    TableRunner(store, "lowball", lowball).close()
    reopened = TableRunner(store, "lowball")
    assert reopened.config == lowball and reopened.table.game.house.ranges == (2, 20, 60)
    reopened.close()
    assert TableRunner(store, "lowball", lowball).config.rules == {"ranges": (2, 20, 60)}


def test_settings_stored_as_lists_load(store: Store) -> None:
    # A row written before the round trip was normalized: the rule's tuple is a JSON list.
    settings = TableConfig("club-lowball", rules={"ranges": (2, 20, 60)}).to_dict()
    settings["rules"] = {"ranges": [2, 20, 60]}
    store.create_table("old", game="club-lowball", config=settings)
    runner = TableRunner(store, "old")
    assert runner.config.rules == {"ranges": (2, 20, 60)} and runner.table.game.house.ranges == (2, 20, 60)


def test_unplayable_settings_store_no_table(store: Store) -> None:
    with pytest.raises(UnsupportedRule):
        TableRunner(store, "bad", TableConfig("holdem", rules={"no_such_rule": 1}))
    with pytest.raises(UnsupportedRule):
        TableRunner(store, "bad", TableConfig("club-lowball", rules={"ranges": "1-10"}))
    with pytest.raises(RoomError, match="seats"):
        TableRunner(store, "bad", TableConfig("holdem", seats=11))
    with pytest.raises(RoomError, match="JSON"):
        TableRunner(store, "bad", TableConfig("holdem", rules={"x": object()}))
    with pytest.raises(StoreError, match="no table named"):
        store.table_id("bad")
    assert TableRunner(store, "bad", TableConfig("holdem")).config == TableConfig("holdem")


# --- one runner per table (the lease) ------------------------------------------------------------------------


def test_a_second_runner_on_a_live_table_is_refused(store_url: str) -> None:
    with Store(store_url) as store, Store(store_url) as elsewhere:
        first, accounts = gr17_table(store, "live")
        total = store.total()
        hand_id = first.start_hand(seed=1)
        first.act(0, Action.call())
        with pytest.raises(StoreError, match=rf"being played by runner {first.lease} on host .*, pid {os.getpid()},"):
            TableRunner(elsewhere, "live")
        # Nothing was touched: the hand runs on and the first runner finishes it.
        assert elsewhere.hand(hand_id).status == "incomplete"
        lease = elsewhere.lease(first.table_id)
        assert lease is not None and lease.owner == first.lease and lease.pid == os.getpid()
        finish(first)
        check_settled(first, total)
        assert store.hand(hand_id).status == "complete"
        # Closed, the table is free; the closed runner plays no more and can move no chips.
        first.close()
        assert store.lease(first.table_id) is None
        with pytest.raises(RoomError, match="closed"):
            first.start_hand(seed=2)
        with TableRunner(elsewhere, "live") as second:
            assert second.taken_over is None and second.recovered == []
            assert holdings(elsewhere, second.table_id, accounts) == holdings(store, first.table_id, accounts)
            with pytest.raises(StoreError, match=f"held by runner {second.lease}"):
                first.stand("A")
            with pytest.raises(StoreError, match="no longer holds the lease"):
                first.rebuy("A", 10)
            assert set(first.table.stacks()) == {"A", "B", "C"} and first.table.hand_number == 1
        assert elsewhere.lease(first.table_id) is None  # the with block gave it back
        elsewhere.check_balanced()
        assert elsewhere.total() == total


def test_the_lease_of_a_runner_that_is_gone_is_taken_over(store_url: str) -> None:
    clock = Clock()
    with Store(store_url, now=clock) as store:
        runner, accounts = gr17_table(store, "gone")
        table = runner.table_id
        hand_id = runner.start_hand(seed=2)
        # On this host: as soon as the holder's process has ended.
        holder_dies(store, table)
        again = TableRunner(store, "gone")
        assert again.taken_over is not None and again.taken_over.owner == runner.lease
        assert again.recovered == [hand_id] and store.hand(hand_id).status == "voided"
        # The old runner is fenced off: its hand is void, and every write is refused.
        with pytest.raises(StoreError, match="journal is closed"):
            runner.act(0, Action.call())
        again.close()
        # From another host: refused while its heartbeat is fresh, taken over once it is older than the timeout.
        store.take_lease(table, "far-away", host="elsewhere", pid=os.getpid())
        clock.advance(seconds=5)
        held = r"runner far-away on host 'elsewhere', pid \d+, last heartbeat 5.0 s ago"
        with pytest.raises(StoreError, match=held + r".* more than 5 s old"):
            TableRunner(store, "gone")
        clock.advance(seconds=1)
        third = TableRunner(store, "gone")
        assert third.taken_over is not None and third.taken_over.host == "elsewhere"
        third.close()
        store.take_lease(table, "far-away", host="elsewhere", pid=1)
        clock.advance(seconds=5)
        with pytest.raises(StoreError, match="being played by runner far-away"):
            TableRunner(store, "gone", lease_timeout=6)
        assert TableRunner(store, "gone", lease_timeout=4).taken_over is not None
        assert holdings(store, table, accounts) == {"C": 1000, "A": 1000, "B": 1000}
        store.check_balanced()


def test_hands_and_chips_refresh_the_heartbeat(store_url: str) -> None:
    clock = Clock()
    with Store(store_url, now=clock) as store:
        runner, _accounts = gr17_table(store, "beat")
        table = runner.table_id

        def heartbeat() -> datetime:
            lease = store.lease(table)
            assert lease is not None and lease.owner == runner.lease
            return lease.heartbeat

        start = heartbeat()
        clock.advance(seconds=20)
        runner.start_hand(seed=3)
        assert heartbeat() == start + timedelta(seconds=20)
        clock.advance(seconds=20)
        finish(runner)  # the settlement
        assert heartbeat() == start + timedelta(seconds=40)
        clock.advance(seconds=20)
        runner.stand("A")
        assert heartbeat() == start + timedelta(seconds=60)
        clock.advance(seconds=20)
        runner.renew_lease()
        assert heartbeat() == start + timedelta(seconds=80)
        # Seen from another host (5 s timeout): alive while it beats, gone once it has been silent too long.
        clock.advance(seconds=5)
        with pytest.raises(StoreError, match="being played by runner"):
            store.take_lease(table, "far-away", host="elsewhere", pid=1)
        clock.advance(seconds=1)
        assert store.take_lease(table, "far-away", host="elsewhere", pid=1) is not None
        with pytest.raises(StoreError, match=r"no longer holds the lease .* held by runner far-away"):
            runner.renew_lease()


def test_a_dropped_runner_does_not_hold_its_table(store: Store) -> None:
    TableRunner(store, "dropped", TableConfig("holdem"))  # never closed, and no reference kept
    gc.collect()
    again = TableRunner(store, "dropped")
    assert again.taken_over is not None and again.taken_over.pid == os.getpid()
    with pytest.raises(StoreError, match="being played"):
        TableRunner(store, "dropped")  # ``again`` lives


# --- a refused deal (item: the store refuses begin_hand) -------------------------------------------------------


def table_state(runner: TableRunner) -> tuple[Any, ...]:
    t = runner.table
    return (
        t.hand_number, list(t.events), copy.deepcopy(t.seats), t.button, t.carried, t.hand, t.layout, t.record,
        {s: (t.timer.bank(s), t.draw_timer.bank(s)) for s in range(t.size)}, t.timer.running, t.to_act,
        t.total_chips(), t.stacks(),
    )


def test_a_refused_deal_leaves_the_table_as_it_was(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    clock = VirtualClock()
    runner = TableRunner(store, "undo", TableConfig("holdem", blinds=(5, 10)), clock=clock)
    accounts = seat_players(runner, {"a": 200, "b": 200, "c": 200})
    total = store.total()
    # A first hand in which the player to act uses 5 s of their time bank; banks refill 5 s a hand.
    runner.table.timer.bank_refill = 5.0
    runner.start_hand(seed=1)
    slow = runner.table.to_act
    assert slow is not None
    clock.advance(25)
    finish(runner)
    assert runner.table.timer.bank(slow) == 25.0
    store.create_account("d", deposit=1000)
    runner.sit(3, "d", 200, post=False)  # a new player waiting for the big blind
    before = table_state(runner)
    begin_hand = store.begin_hand

    def refused(*args: Any, **kwargs: Any) -> int:
        raise StoreError("the database is down")

    monkeypatch.setattr(store, "begin_hand", refused)
    with pytest.raises(StoreError, match="down"):
        runner.start_hand(seed=2)
    assert table_state(runner) == before and runner.hand_id is None
    assert runner.table.timer.bank(slow) == 25.0  # not refilled by the hand that was never dealt
    # The lease lost: refused by the store in the same way, the table untouched.
    monkeypatch.setattr(store, "begin_hand", begin_hand)
    holder = store.lease(runner.table_id)
    assert holder is not None
    store.release_lease(runner.table_id)
    with pytest.raises(StoreError, match="no longer holds the lease"):
        runner.start_hand(seed=2)
    assert table_state(runner) == before
    store.take_lease(runner.table_id, runner.lease)
    # Dealt now, it is hand 2 in the table and in the store, and settles with the exact chips.
    runner.start_hand(seed=2)
    assert runner.table.hand_number == 2 == store.last_hand_number(runner.table_id)
    assert runner.table.timer.bank(slow) == 30.0
    finish(runner)
    check_settled(runner, total + 1000)
    assert set(holdings(store, runner.table_id, accounts)) == {"a", "b", "c"}


def test_a_refused_deal_that_ended_at_once_leaves_the_stacks(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    # Both players all-in from the blinds: the table settles the hand at the deal, before the store is asked.
    runner = TableRunner(store, "allin", TableConfig("holdem", blinds=(5, 10), buy_in=BuyIn(1, 1000)))
    seat_players(runner, {"a": 5, "b": 10})
    total = store.total()
    before = table_state(runner)
    monkeypatch.setattr(store, "begin_hand", lambda *a, **k: (_ for _ in ()).throw(StoreError("down")))
    with pytest.raises(StoreError, match="down"):
        runner.start_hand(seed=4)
    assert table_state(runner) == before and runner.table.stacks() == {"a": 5, "b": 10}
    monkeypatch.undo()
    runner.start_hand(seed=4)
    assert runner.table.hand is not None and runner.table.hand.is_complete and runner.hand_id is None
    check_settled(runner, total)


# --- disconnect protection remembered (RULES §3.7) ------------------------------------------------------------


def protected_hand(runner: TableRunner) -> Event:
    """Hand ``seed=1`` at the 4-seat fixed-limit table below: "d" (seat 3) raises, is re-raised, times out."""
    runner.start_hand(seed=1)
    runner.act(3, Action.raise_to(400))
    runner.act(0, Action.call())
    runner.act(1, Action.fold())
    runner.act(2, Action.raise_to(600))
    assert runner.table.to_act == 3
    runner.wait_out()
    return runner.time_out()


def test_disconnect_protection_is_remembered_across_restarts_and_tables(store_url: str) -> None:
    clock = Clock()  # the store's
    with Store(store_url, now=clock) as store:
        for name in "abcd":
            store.create_account(name, deposit=100_000)
        config = TableConfig("holdem", blinds=(100, 200), limit="fixed", real_money=True, seats=4)
        runner = TableRunner(store, "T", config, clock=VirtualClock())
        for seat, name in enumerate("abcd"):
            runner.sit(seat, name, 5000)
        assert runner.table.aai_remaining("d") == 1
        assert protected_hand(runner).type.value == "artificial_all_in"
        hand_id = runner.hand_id
        assert runner.table.aai_remaining("d") == 0
        d = store.account_id("d")
        # Recorded with its journal entry, at the store's time.
        assert store.protections_since(d, clock() - timedelta(days=1)) == [clock()]
        # The server dies in that hand; an hour later a new one (its clock starts again at 0) recovers the table.
        holder_dies(store, runner.table_id)
        clock.advance(hours=1)
        again = TableRunner(store, "T", clock=VirtualClock())
        assert again.recovered == [hand_id]
        for seat, name in enumerate("abcd"):
            again.sit(seat, name, 5000)
        assert again.table.aai_remaining("d") == 0
        # The allowance is used up: timing out facing a bet, "d" is folded now.
        assert protected_hand(again).type.value == "fold"
        finish(again)
        # The allowance is the room's: at another table too.
        other = TableRunner(store, "T2", config, clock=VirtualClock())
        other.sit(0, "d", 5000)
        assert other.table.aai_remaining("d") == 0
        # 24 hours after the protection (by the store's clock) it is there again, here and after a restart.
        clock.advance(hours=23, seconds=1)
        again.stand("d")
        again.sit(3, "d", 5000)
        assert again.table.aai_remaining("d") == 1
        again.close()
        third = TableRunner(store, "T", clock=VirtualClock(1000.0))
        for seat, name in enumerate("abcd"):
            third.sit(seat, name, 5000)
        assert third.table.aai_remaining("d") == 1
        assert protected_hand(third).type.value == "artificial_all_in"
        assert len(store.protections_since(d, clock() - timedelta(days=2))) == 2
