"""Store reports and conservation: rake by table and by day, a player's history, the room's total chips, and a
property test of random chip movements against a model.  Runs on SQLite and PostgreSQL (see ``storetools``).
"""

from __future__ import annotations

import itertools
from datetime import UTC, datetime

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import select

from pokerroom.errors import StoreError
from pokerroom.store import CASHIER, RakeRow, Store
from pokerroom.store.schema import balances
from storetools import Clock


def cashier(store: Store) -> int:
    with store.engine.connect() as conn:
        return int(conn.execute(select(balances.c.balance).where(balances.c.key == CASHIER)).scalar() or 0)


def test_rake_report_by_table_and_day(store: Store, clock: Clock) -> None:
    one = store.create_table("one", game="holdem", config={})
    two = store.create_table("two", game="omaha", config={})
    a, b = store.create_account("a", deposit=500), store.create_account("b", deposit=500)
    for table in (one, two):
        store.buy_in(table, a, 100)
        store.buy_in(table, b, 100)
    numbers = itertools.count(1)

    def play(table: int, rake: int) -> None:
        hand = store.begin_hand(table, next(numbers), setup={})
        store.settle_hand(hand, contributions={a: 10, b: 10}, payouts={a: 20 - rake}, rake=rake)

    assert store.rake_report() == [] and store.rake_report(by="day") == []
    clock.set(datetime(2024, 5, 1, 23, 59, tzinfo=UTC))
    play(one, 3)
    play(two, 2)
    play(two, 0)  # a hand without rake is not a raked hand
    clock.set(datetime(2024, 5, 2, 0, 1, tzinfo=UTC))
    play(one, 1)
    assert store.rake_report() == [RakeRow(one, "one", 2, 4), RakeRow(two, "two", 1, 2)]
    assert store.rake_report(by="day") == [RakeRow(None, "2024-05-01", 2, 5), RakeRow(None, "2024-05-02", 1, 1)]
    with pytest.raises(StoreError, match="'table' or 'day'"):
        store.rake_report(by="week")  # type: ignore[arg-type]


def test_rake_report_by_table_kind(store: Store) -> None:
    real = store.create_table("real", game="holdem", config={"real_money": True})
    play = store.create_table("play", game="holdem", config={"real_money": False})
    a, b = store.create_account("a", deposit=500), store.create_account("b", deposit=500)
    pa, pb = store.create_account("play:a", deposit=500), store.create_account("play:b", deposit=500)
    for number, (table, rake) in enumerate(((real, 3), (play, 1), (real, 2)), start=1):
        x, y = (a, b) if table == real else (pa, pb)
        store.buy_in(table, x, 10)
        store.buy_in(table, y, 10)
        hand = store.begin_hand(table, number, setup={})
        store.settle_hand(hand, contributions={x: 10, y: 10}, payouts={x: 20 - rake}, rake=rake)
    assert store.rake_report(real_money=True) == [RakeRow(real, "real", 2, 5)]
    assert store.rake_report(real_money=False) == [RakeRow(play, "play", 1, 1)]
    assert store.rake_report() == [RakeRow(real, "real", 2, 5), RakeRow(play, "play", 1, 1)]
    (day,) = store.rake_report(by="day", real_money=True)
    assert (day.hands, day.rake) == (2, 5)
    books = store.currency_books().books
    assert (books["real"].rake, books["play"].rake) == (5, 1)
    assert books["real"].balanced and books["play"].balanced
    assert (books["real"].owed, books["play"].owed) == (1000 - 5, 1000 - 1)
    store.buy_in(play, a, 7)  # real money carried to a play-money table: each currency's books show it
    books = store.currency_books().books
    assert (books["real"].in_room + books["real"].cashier, books["play"].in_room + books["play"].cashier) == (-7, 7)


def test_account_history_with_balances_after(store: Store, clock: Clock) -> None:
    alice = store.create_account("alice", deposit=100)
    bob = store.create_account("bob", deposit=100)
    table = store.create_table("t", game="holdem", config={})
    clock.advance(minutes=1)
    store.buy_in(table, alice, 60)
    store.buy_in(table, bob, 60)
    clock.advance(minutes=1)
    hand = store.begin_hand(table, 1, setup={})
    store.settle_hand(hand, contributions={alice: 10, bob: 10}, payouts={bob: 19}, rake=1)
    clock.advance(minutes=1)
    assert store.cash_out(table, alice) == 50
    store.withdraw(alice, 20)
    rows = store.account_history(alice)
    assert [(r.kind, r.key, r.table, r.hand, r.amount, r.balance, r.holdings) for r in rows] == [
        ("deposit", f"account:{alice}", None, None, 100, 100, 100),
        ("buy_in", f"account:{alice}", table, None, -60, 40, 40),
        ("buy_in", f"stack:{table}:{alice}", table, None, 60, 60, 100),
        ("settle", f"stack:{table}:{alice}", table, hand, -10, 50, 90),
        ("cash_out", f"stack:{table}:{alice}", table, None, -50, 0, 40),
        ("cash_out", f"account:{alice}", table, None, 50, 90, 90),
        ("withdrawal", f"account:{alice}", None, None, -20, 70, 70),
    ]
    start = datetime(2024, 5, 1, 12, 0, tzinfo=UTC)
    assert [r.time.isoformat() for r in rows] == [
        t.isoformat() for t in (start, *[start.replace(minute=m) for m in (1, 1, 2, 3, 3, 3)])
    ]
    assert rows[3].memo == "hand 1 settled" and rows[0].transaction < rows[1].transaction == rows[2].transaction
    assert rows[-1].balance == store.balance(alice) and (
        store.account_history(bob)[-1].balance,
        store.account_history(bob)[-1].holdings,
    ) == (69, 109)
    with pytest.raises(StoreError, match="no account with id 999"):
        store.account_history(999)


def test_total_is_conserved(store: Store) -> None:
    assert store.total() == 0
    a = store.create_account("a", deposit=300)
    b = store.create_account("b", deposit=200)
    t = store.create_table("t", game="holdem", config={})
    expected = 500

    def check() -> None:
        assert store.total() == expected == -cashier(store)
        store.check_balanced()

    check()
    store.buy_in(t, a, 150)
    store.buy_in(t, b, 200)
    check()
    h1 = store.begin_hand(t, 1, setup={})
    store.settle_hand(h1, contributions={a: 75, b: 75}, payouts={b: 146}, rake=3, carried_out=1)
    check()  # rake and the carried chip are still in the room
    h2 = store.begin_hand(t, 2, setup={})
    store.void_hand(h2, contributions={a: 2, b: 4}, reason="crash")
    check()
    store.cash_out(t, b, 100)
    store.withdraw(b, 100)
    expected -= 100
    check()
    store.deposit(a, 25)
    expected += 25
    check()
    assert store.balance(a) + store.balance(b) + sum(store.stacks(t).values()) + store.carried(t) + 3 == expected


# One step of the property test: (op, player index, chips, winner, rake, carry).
Step = tuple[str, int, int, int, int, int]
steps = st.lists(
    st.tuples(
        st.sampled_from(["deposit", "withdraw", "buy_in", "cash_out", "cash_out_all", "hand"]),
        st.integers(0, 2),
        st.integers(1, 120),
        st.integers(0, 2),
        st.integers(0, 4),
        st.integers(0, 2),
    ),
    max_size=12,
)
_examples = itertools.count()


@settings(
    max_examples=30,
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(steps=steps)
def test_random_chip_movements_keep_the_books(store: Store, steps: list[Step]) -> None:
    # The store is shared by the examples: each one opens its own players and table and counts from the total.
    n = next(_examples)
    players = [store.create_account(f"p{n}_{i}") for i in range(3)]
    table = store.create_table(f"t{n}", game="holdem", config={})
    start = store.total()
    account, stack, carried = [0, 0, 0], [0, 0, 0], 0
    deposits = withdrawals = 0
    for number, (op, who, amount, winner, rake, carry) in enumerate(steps, 1):
        player = players[who]
        if op == "deposit":
            store.deposit(player, amount)
            account[who] += amount
            deposits += amount
        elif op in ("withdraw", "buy_in"):
            if amount > account[who]:
                with pytest.raises(StoreError):
                    store.withdraw(player, amount) if op == "withdraw" else store.buy_in(table, player, amount)
                continue
            if op == "withdraw":
                store.withdraw(player, amount)
                withdrawals += amount
            else:
                store.buy_in(table, player, amount)
                stack[who] += amount
            account[who] -= amount
        elif op == "cash_out":
            moved = min(amount, stack[who])
            assert store.cash_out(table, player, moved or None) == moved
            stack[who] -= moved
            account[who] += moved
        elif op == "cash_out_all":
            assert store.cash_out_all(table) == {p: s for p, s in zip(players, stack, strict=True) if s}
            account = [x + y for x, y in zip(account, stack, strict=True)]
            stack = [0, 0, 0]
        else:  # a hand: everyone puts in what they can of ``amount``, the pot (with any carried chips) is shared out
            put = [min(amount // (i + 1), stack[i]) for i in range(3)]
            pot = sum(put) + carried
            rake, carry = min(rake, pot), min(carry, pot - min(rake, pot))
            won = pot - rake - carry
            hand = store.begin_hand(table, number, setup={"put": put})
            store.settle_hand(
                hand,
                contributions={p: c for p, c in zip(players, put, strict=True)},
                payouts={players[winner]: won},
                rake=rake,
                carried_in=carried,
                carried_out=carry,
            )
            stack = [s - c for s, c in zip(stack, put, strict=True)]
            stack[winner] += won
            carried = carry
        assert [store.balance(p) for p in players] == account
        assert store.stacks(table) == {p: s for p, s in zip(players, stack, strict=True) if s}
        assert store.carried(table) == carried
    store.check_balanced()
    assert store.total() - start == deposits - withdrawals == -cashier(store) - start
