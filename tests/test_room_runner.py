"""``TableRunner``: a table backed by the store (RULES §3.3, §3.7, §3.8).

Every test runs on SQLite (a file) and on PostgreSQL (a database of its own, see ``storetools``): hands settled
through the store with the table's exact chips, the journal written before each action, voids refunding exact
contributions (GR-17), recovery of hands left in progress, refusals that write nothing, time-outs and disconnect
protection journaled, and stored hands that replay to their records.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import func, select

from pokerroom.bots import CallingStation, RandomBot
from pokerroom.engine import Action, Event, HandView
from pokerroom.errors import IllegalAction, RoomError, StoreError
from pokerroom.room.clock import VirtualClock
from pokerroom.room.layout import Dealer
from pokerroom.room.table import TableConfig
from pokerroom.store import Store
from pokerroom.store.runner import CRASH_REASON, Bot, TableRunner, replay
from pokerroom.store.schema import postings
from storetools import BACKENDS, backend_url


@pytest.fixture(params=BACKENDS)
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    with backend_url(request.param, tmp_path) as url:
        yield url


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
    table_act = runner.table.act

    def act(seat: int, action: Action) -> Event:
        # Read through another connection: the entry for this very action is already committed.
        assert runner.hand_id is not None
        entries = store.journal_entries(runner.hand_id)
        assert len(entries) == len(applied) + 1 and entries[-1]["seat"] == seat
        assert entries[-1]["kind"] == action.kind.value
        applied.append(seat)
        return table_act(seat, action)

    runner.table.act = act  # type: ignore[method-assign]

    def caller(view: HandView) -> Action:
        return Action.call() if view.legal is not None and view.legal.call is not None else Action.check()

    runner.play_hand({"a": caller, "b": caller, "c": caller}, seed=5)
    (hand,) = [store.hand(i) for i in _hand_ids(store, runner.table_id)]
    entries = store.journal_entries(hand.id)
    assert len(entries) == len(applied) >= 3
    assert entries[0] == {"seat": 0, "kind": "call"}  # three-handed the button acts first pre-flop
    assert hand.status == "settled" and hand.record is not None
    assert hand.setup["seed"] == 5 and [p[1] for p in hand.setup["players"]] == ["a", "b", "c"]  # type: ignore[index]


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
    assert store.hand(hand_id).status == "void" and store.rake_report() == []
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
    with Store(store_url) as second:
        assert [h.id for h in second.hands_in_progress()] == [hand_id]
        assert second.journal_entries(hand_id) == entries == [{"seat": 0, "kind": "call"}]
        before = holdings(second, second.table_id("crash"), accounts)
        again = TableRunner(second, "crash")  # the restarted server: recovery on construction
        assert again.recovered == [hand_id] and second.hands_in_progress() == []
        assert second.hand(hand_id).status == "void"
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
        first.journal(hand_id, 1, {"seat": 1, "kind": "raise", "amount": 90})  # A re-raises to 90
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
    assert store.hand(hand_id).status == "in_progress"
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
    timed = [e for e in store.journal_entries(hand.id) if e.get("timed_out")]
    assert timed and all(e["seat"] == 1 for e in timed)
    kinds = [e["kind"] for e in timed]
    assert "artificial_all_in" in kinds  # "a" had chips in and faced a raise: protected
    assert any(ev.type.value == "artificial_all_in" for ev in result.events)
    # The stored hand replays to the same contributions and final stacks.
    again = replay(hand.setup, store.journal_entries(hand.id))
    record = hand.record
    assert record is not None
    assert [c + d for c, d in zip(again.contributions, again.dead_posted, strict=True)] == record["contributions"]
    # Second hand, same day: the allowance is used up, so "a" is folded when facing a bet.
    runner.play_hand(bots, seed=22)
    check_settled(runner, total)
    second = store.hand(max(_hand_ids(store, runner.table_id)))
    kinds = [e["kind"] for e in store.journal_entries(second.id) if e.get("timed_out")]
    assert kinds and "artificial_all_in" not in kinds


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
            assert info.record is not None and info.record["number"] == result.number
            hand = replay(info.setup, store.journal_entries(info.id))
            assert hand.is_complete
            assert [c + d for c, d in zip(hand.contributions, hand.dead_posted, strict=True)] == list(
                result.contributions
            )
            assert list(hand.stacks) == list(result.final)  # play money: no rake
            assert json.loads(json.dumps(info.record)) == info.record


def _hand_ids(store: Store, table: int) -> list[int]:
    from pokerroom.store.schema import hands

    with store.engine.connect() as conn:
        return [int(i) for i in conn.execute(select(hands.c.id).where(hands.c.table_id == table)).scalars()]
