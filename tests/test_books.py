"""The house's books apart from players' (issue 20): the house bankroll per currency (``house:real``,
``house:play``), bots funded from it and their chips back in it, no money made by a restart, house bots at
real-money tables only where the operator puts them, bots never playing each other alone, the cashier's
``--house`` and the ledger by currency."""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from sqlalchemy import select
from typer.testing import CliRunner

from pokerroom.cli import app
from pokerroom.errors import LedgerError, RoomError, StoreError
from pokerroom.room.clock import VirtualClock
from pokerroom.server.accounts import Users
from pokerroom.server.actor import HOUSE_BOT_RETRY
from pokerroom.server.lobby import Lobby
from pokerroom.server.oplog import LOGGER
from pokerroom.server.protocol import AddBots, ComeBack, Sit, SitOut
from pokerroom.store import Store
from pokerroom.store.ledger import CASHIER, HouseBankrollShort, house_key, parse_key
from pokerroom.store.schema import balances, transactions
from servertools import Recorder

runner = CliRunner()


def plain(output: str) -> str:
    """The output with Rich's box characters gone and whitespace collapsed."""
    for box in "│╭╮╰╯─":
        output = output.replace(box, " ")
    return " ".join(output.split())


def key_balance(store: Store, key: str) -> int:
    with store.engine.connect() as conn:
        return int(conn.execute(select(balances.c.balance).where(balances.c.key == key)).scalar() or 0)


def memos(store: Store, kind: str) -> list[str]:
    with store.engine.connect() as conn:
        query = select(transactions.c.memo).where(transactions.c.kind == kind).order_by(transactions.c.id)
        return [str(m) for m in conn.execute(query).scalars()]


def test_the_house_bankroll_is_its_own_book(store: Store) -> None:
    assert parse_key("house:real").book == parse_key("house:play").book == "house"
    with pytest.raises(LedgerError, match="house:real"):
        parse_key("house:euro")
    assert store.house_deposit(5_000, real_money=True) == 5_000
    assert store.house_withdraw(1_200, real_money=True) == 3_800
    with pytest.raises(StoreError, match="house:real holds 3800 chips, cannot withdraw 4000"):
        store.house_withdraw(4_000, real_money=True)
    bot = store.create_account("bot-1-1")
    store.fund_from_house(bot, 3_000, real_money=True, memo="house bankroll to bot-1-1 at table 1 (Real)")
    assert (store.house_balance(real_money=True), store.balance(bot)) == (800, 3_000)
    # Real money is never overdrawn: short, nothing moves.
    with pytest.raises(HouseBankrollShort, match="holds 800 chips, 900 are needed") as short:
        store.fund_from_house(bot, 900, real_money=True, memo="x", top_up=True)
    assert (short.value.held, short.value.need) == (800, 900)
    assert (store.house_balance(real_money=True), store.balance(bot)) == (800, 3_000)
    # Play chips are free: a short play bankroll is topped up from the cashier, through the house's book.
    play_bot = store.create_account("play:bot-2-1")
    store.house_deposit(100, real_money=False)
    store.fund_from_house(play_bot, 400, real_money=False, memo="house bankroll to bot-2-1", top_up=True)
    assert (store.house_balance(real_money=False), store.balance(play_bot)) == (0, 400)
    assert memos(store, "house_top_up") == ["play-money bankroll topped up from the cashier"]
    with pytest.raises(HouseBankrollShort):
        store.fund_from_house(play_bot, 1, real_money=False, memo="no top-up asked")
    assert store.return_to_house([bot], real_money=True, memo="bot-1-1 stood up") == 3_000
    assert store.return_to_house([bot], real_money=True, memo="nothing left") == 0
    assert (store.house_balance(real_money=True), store.balance(bot)) == (3_800, 0)

    alice, play_alice = store.create_account("alice", deposit=700), store.create_account("play:alice", deposit=10_000)
    assert alice and play_alice
    found = store.currency_books()
    real, play = found.books["real"], found.books["play"]
    assert (real.player_accounts, real.house_bankroll, real.bot_accounts, real.owed) == (700, 3_800, 0, 700)
    assert real.cashier == -(700 + 3_800) and real.balanced
    assert (play.player_accounts, play.house_bankroll, play.bot_accounts, play.owed) == (10_000, 0, 400, 10_000)
    assert play.cashier == -(10_000 + 400) and play.balanced and found.problems == []
    assert key_balance(store, CASHIER) == real.cashier + play.cashier
    store.check_balanced()


def real_lobby(store: Store) -> Lobby:
    return Lobby(store, clock=VirtualClock(), seed=7, bot_delay=0.0, next_hand_delay=0.0)


def test_real_money_bots_are_funded_from_the_house_and_a_restart_makes_no_money(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    with Store(f"sqlite:///{tmp_path / 'room.db'}") as store:
        lobby = real_lobby(store)
        probe = lobby.create(name="Probe", game="holdem", stakes="1/2", limit="no", seats=6)
        buy_in = probe.table.default_buy_in()
        store.house_deposit(2 * buy_in + 50, real_money=True)
        cashier = key_balance(store, CASHIER)
        with caplog.at_level(logging.INFO, logger=LOGGER):
            actor = lobby.create(name="Real", game="holdem", stakes="1/2", limit="no", seats=6, real_money=True, bots=3)
        table = actor.info.id
        # Two bots funded from the house, each with one buy-in; the third does not sit: no overdraft.
        assert sorted(actor.bots) == [f"bot-{table}-1", f"bot-{table}-2"]
        assert memos(store, "house_fund") == [
            f"house bankroll to bot-{table}-{n} at table {table} (Real)" for n in (1, 2)
        ]
        assert store.house_balance(real_money=True) == 50 and key_balance(store, CASHIER) == cashier
        (short,) = [r for r in caplog.records if getattr(r, "pokerroom_event", None) == "house_bankroll_short"]
        assert short.pokerroom_fields == {  # type: ignore[attr-defined]
            "table": "Real", "table_id": table, "bots": [f"bot-{table}-3"], "need": buy_in, "held": 50,
            "book": "house:real",
        }  # fmt: skip
        assert not [r for r in caplog.records if r.name != LOGGER and "bot-" in r.getMessage()]  # said once
        # A player's request for bots at a real-money table is refused, naming the rule; nothing is made.
        # In a thread of its own: a browser test before this one may have left this thread an event loop.
        with (
            pytest.raises(RoomError, match="only where the operator's table configuration puts them"),
            ThreadPoolExecutor(1) as pool,
        ):
            pool.submit(
                asyncio.run,
                lobby.create_for("alice", name="Mine", game="holdem", stakes="1/2", real_money=True, bots=1),
            ).result()
        assert [name for _id, name, _game in store.tables()] == ["Probe", "Real"]
        # Closing the tables sends the bots' chips home; opening them again funds the bots from the house again.
        lobby.close()
        assert store.house_balance(real_money=True) == 2 * buy_in + 50
        for _ in range(2):
            again = real_lobby(store)
            again.open(starters=())
            assert sorted(again.actor(table).bots) == [f"bot-{table}-1", f"bot-{table}-2"]
            assert store.house_balance(real_money=True) == 50
            again.close()
        assert key_balance(store, CASHIER) == cashier  # three starts, not one chip from the cashier
        assert store.house_balance(real_money=True) == 2 * buy_in + 50
        store.check_balanced()


def test_house_bots_sit_once_the_operator_funds_the_house(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """A real-money table the operator gave two house bots, opened with ``house:real`` at 0: the shortage logged
    once naming both bots, not at every try; once the house is funded while the server runs, the bots sit (the
    next try: a deal due, a person sitting) and the table deals."""
    with Store(f"sqlite:///{tmp_path / 'room.db'}") as store:
        for name in ("alice", "bob"):
            Users(store).sign_up(name, "password1")
            store.deposit(store.account_id(name), 500)
        lobby = real_lobby(store)
        with caplog.at_level(logging.INFO, logger=LOGGER):
            actor = lobby.create(name="Real", game="holdem", stakes="1/2", limit="no", seats=6, real_money=True, bots=2)
            table, buy_in = actor.info.id, actor.table.default_buy_in()
            assert (actor.house_bots, actor.bots) == (2, {})
            alice, bob = Recorder("alice"), Recorder("bob")
            actor.connect(alice)
            actor.handle(alice, Sit(0, 200))  # a person sits: the bots are tried again, still short
            for _ in range(3):  # alone at the table: the deal and the bots tried every HOUSE_BOT_RETRY seconds
                actor.clock.advance(HOUSE_BOT_RETRY)  # type: ignore[attr-defined]
                actor.tick()
            assert (actor.bots, actor.table.hand_number) == ({}, 0)
            shorts = [r for r in caplog.records if getattr(r, "pokerroom_event", None) == "house_bankroll_short"]
            assert [r.pokerroom_fields for r in shorts] == [  # type: ignore[attr-defined]
                {
                    "table": "Real", "table_id": table, "bots": [f"bot-{table}-1", f"bot-{table}-2"],
                    "need": buy_in, "held": 0, "book": "house:real",
                }
            ]  # fmt: skip
            assert not [r for r in caplog.records if r.name != LOGGER and "bot-" in r.getMessage()]
            # The operator funds the house for one bot: it sits at the next try, the other one is still short
            # (already said); the hand is dealt with alice and the bot.
            store.house_deposit(buy_in, real_money=True)
            actor.clock.advance(HOUSE_BOT_RETRY)  # type: ignore[attr-defined]
            actor.tick()
            assert sorted(actor.bots) == [f"bot-{table}-1"] and actor.table.hand_number == 1
            assert store.house_balance(real_money=True) == 0
            # Funded for the second: it sits when a person sits.
            store.house_deposit(buy_in + 7, real_money=True)
            actor.connect(bob)
            actor.handle(bob, Sit(3, 200))
            assert sorted(actor.bots) == [f"bot-{table}-1", f"bot-{table}-2"]
            assert store.house_balance(real_money=True) == 7
            shorts = [r for r in caplog.records if getattr(r, "pokerroom_event", None) == "house_bankroll_short"]
            assert len(shorts) == 1
        lobby.close()
        assert store.house_balance(real_money=True) == 2 * buy_in + 7
        store.check_balanced()


def test_bots_deal_only_with_a_person_seated_and_playing(tmp_path: Path) -> None:
    with Store(f"sqlite:///{tmp_path / 'room.db'}") as store:
        users = Users(store)
        users.sign_up("alice", "password1")
        lobby = real_lobby(store)
        actor = lobby.create(name="Bots", game="holdem", stakes="1/2", limit="no", seats=4, bots=2)
        buy_in = actor.table.default_buy_in()
        # Play chips: the house's play bankroll was topped up from the cashier and paid the two bots.
        assert store.house_balance(real_money=False) == 0 and len(memos(store, "house_top_up")) == 2
        watcher, alice = Recorder("watcher"), Recorder("alice")
        actor.connect(watcher)  # a spectator alone: the bots do not play each other
        for _ in range(3):
            actor.clock.advance(5)  # type: ignore[attr-defined]
            actor.tick()
        assert actor.table.hand_number == 0
        assert actor.state("watcher")["next_deal"] is None  # no countdown to a deal that will not come
        actor.connect(alice)
        actor.handle(alice, Sit(2, buy_in))
        actor.handle(alice, SitOut())  # seated but sitting out: still no hand, and no countdown to one
        assert actor.state("alice")["next_deal"] is None
        actor.tick()
        assert actor.table.hand_number == 0
        actor.handle(alice, ComeBack())
        assert actor.state("alice")["next_deal"] is not None  # a person playing: the deal is coming
        actor.clock.advance(5)  # type: ignore[attr-defined]
        actor.tick()
        assert actor.table.hand_number == 1
        # An operator's close of a table sends its bots' chips home as well.
        gone = lobby.create(name="Gone", game="holdem", stakes="1/2", limit="no", seats=4, bots=1)
        assert store.house_balance(real_money=False) == 0
        assert lobby.close_table(gone.info.id) and gone.info.id not in lobby.actors
        assert store.house_balance(real_money=False) == buy_in
        lobby.close()
        assert store.house_balance(real_money=False) == 3 * buy_in  # every bot's chips back in the house
        store.check_balanced()


def test_a_player_adds_no_bots_at_a_real_money_table(tmp_path: Path) -> None:
    with Store(f"sqlite:///{tmp_path / 'room.db'}") as store:
        Users(store).sign_up("alice", "password1")
        store.deposit(store.account_id("alice"), 500)
        actor = real_lobby(store).create(name="Real", game="holdem", stakes="1/2", limit="no", seats=4, real_money=True)
        alice = Recorder("alice")
        actor.connect(alice)
        actor.handle(alice, Sit(0, 200))
        actor.handle(alice, AddBots(2))
        error = alice.errors()[-1]
        assert error["code"] == "room" and "only where the operator's table configuration puts them" in error["message"]
        assert actor.bots == {}


def test_the_cashier_funds_the_house(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'room.db'}"
    Store(url).close()
    out = runner.invoke(app, ["cashier", "deposit", "--house", "25000", "--database", url])
    assert out.exit_code == 0, out.output
    assert out.output == "house bankroll house:real: deposited 25000; balance 25000\n"
    out = runner.invoke(app, ["cashier", "withdraw", "--house", "5000", "--database", url])
    assert out.output == "house bankroll house:real: withdrew 5000; balance 20000\n"
    out = runner.invoke(app, ["cashier", "deposit", "--house", "300", "--play", "--database", url])
    assert out.output == "house bankroll house:play: deposited 300; balance 300\n"
    refused = runner.invoke(app, ["cashier", "withdraw", "--house", "20001", "--database", url])
    assert refused.exit_code == 2 and "holds 20000 chips, cannot withdraw 20001" in plain(refused.output)
    both = runner.invoke(app, ["cashier", "deposit", "bob", "5", "--house", "5", "--database", url])
    assert both.exit_code == 2 and "takes no NAME" in plain(both.output)
    neither = runner.invoke(app, ["cashier", "deposit", "--database", url])
    assert neither.exit_code == 2 and "give NAME and CHIPS, or --house CHIPS" in plain(neither.output)
    with Store(url) as store:
        assert key_balance(store, house_key(True)) == 20_000 and key_balance(store, house_key(False)) == 300
        assert key_balance(store, CASHIER) == -20_300


def test_a_crash_during_an_operators_close_sends_the_bots_chips_home_on_the_next_start(tmp_path: Path) -> None:
    """BUG (found by an adversarial pass): the server died while a closed real-money table finished its hand; on
    the next start the closed table was cashed out, but its house bots' chips stayed in their accounts."""
    from pokerroom.store.audit import table_action

    with Store(f"sqlite:///{tmp_path / 'room.db'}") as store:
        Users(store).sign_up("bob", "password1")
        store.deposit(store.account_id("bob"), 500)
        store.house_deposit(10_000, real_money=True)
        lobby = Lobby(store, clock=VirtualClock(), seed=7, bot_delay=5.0, next_hand_delay=2.0)
        actor = lobby.create(name="Real", game="holdem", stakes="1/2", limit="no", seats=6, real_money=True, bots=2)
        bob = Recorder("bob")
        actor.connect(bob)
        actor.handle(bob, Sit(3, 150))
        for _ in range(3):
            actor.clock.advance(2)  # type: ignore[attr-defined]
            actor.tick()
        assert actor._hand_running() and store.house_balance(real_money=True) == 9_600  # two bots at 200
        table_action(store, actor.info.id, "close", operator="opal", applied=False)  # queued, then the crash:
        actor.runner.close()  # the process gone mid-hand (its lease given up as a dead process's would lapse)
        again = Lobby(store, clock=VirtualClock(), seed=7)
        again.open(starters=())
        assert again.actors == {}  # closed for good
        bots = [store.balance(store.account_id(name)) for name in ("bot-1-1", "bot-1-2")]
        assert bots == [0, 0] and store.house_balance(real_money=True) == 10_000
        assert store.balance(store.account_id("bob")) == 500  # the hand voided: every chip back (RULES §3.8)
        store.check_balanced()
