"""A table server to kill: bots play hand after hand at one table through a
:class:`~pokerroom.store.runner.TableRunner`, for the crash tests of RULES §3.8.

``python tests/crashworker.py DBURL GAME SEED [--hands N] [--players K] [--delay-ms MS] [--table NAME]``

It opens the store at ``DBURL`` (a SQLite file, say), recovers the table (as any restarted server does), opens an
account with a deposit for each bot that has none, seats the bots, prints ``ready`` and then plays ``N`` hands
(forever by default), printing ``settled NUMBER`` and flushing after each settled hand.  Busted bots rebuy (their
account is topped up with a deposit first when short).  ``--delay-ms`` (default: ``POKERROOM_CRASH_DELAY_MS``,
else 0) sleeps before each action, as a player thinking would, so a kill lands inside a hand far more often than
between two.  Everything is seeded by ``SEED``: cards, bots, buy-ins.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Sequence

from pokerroom.bots import CallingStation, RandomBot
from pokerroom.engine import Action, HandView
from pokerroom.errors import RoomError, StoreError
from pokerroom.room.clock import VirtualClock
from pokerroom.room.table import TableConfig
from pokerroom.store import Store
from pokerroom.store.runner import Bot, TableRunner

__all__ = ["main", "table_name"]

DEPOSIT = 100_000
"""Chips each bot's account is opened or topped up with."""


def table_name(game: str) -> str:
    """The name of the crash worker's table for ``game``."""
    return f"crash-{game}"


def _delayed(bot: Bot, seconds: float) -> Bot:
    if seconds <= 0:
        return bot

    def act(view: HandView) -> Action | None:
        time.sleep(seconds)
        return bot(view)

    return act


def _buy_in(runner: TableRunner, rng: random.Random) -> int:
    table = runner.table
    rule = table.buy_in
    if rule.maximum is not None:
        return rng.randint(rule.minimum, rule.maximum)
    chips = max(3 * rule.minimum, 100 * max(table.blinds[1], 1))
    if table.rebuy_cap:  # the club's X = M/S cap (A-G2-6): nobody sits with more than the average stack
        stacks = [st.stack for st in table.seats if st is not None]
        if stacks:
            chips = max(rule.minimum, min(chips, sum(stacks) // len(stacks)))
    return chips


def _fund(store: Store, account: int, amount: int) -> None:
    if store.balance(account) < amount:
        store.deposit(account, DEPOSIT + amount)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the worker (see the module docstring); returns the exit status."""
    parser = argparse.ArgumentParser(prog="python tests/crashworker.py", description=__doc__)
    parser.add_argument("url", help="store URL, e.g. sqlite:///room.db")
    parser.add_argument("game", help="game id, e.g. holdem")
    parser.add_argument("seed", type=int)
    parser.add_argument("--hands", type=int, default=None, help="hands to play (default: until killed)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--delay-ms", type=float, default=float(os.environ.get("POKERROOM_CRASH_DELAY_MS", "0")))
    parser.add_argument("--table", default=None, help="table name (default crash-GAME)")
    parser.add_argument("--real-money", action="store_true", help="a raked table")
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    store = Store(args.url)
    name = args.table or table_name(args.game)
    runner = TableRunner(store, name, TableConfig(args.game, real_money=args.real_money), clock=VirtualClock())
    bots: dict[str, Bot] = {}
    for seat in range(min(args.players, runner.table.size)):
        player = f"{name}-bot{seat}"
        try:
            account = store.account_id(player)
        except StoreError:
            account = store.create_account(player, deposit=DEPOSIT)
        chips = _buy_in(runner, rng)
        _fund(store, account, chips)
        runner.sit(seat, player, chips)
        bot = RandomBot(seed=rng.getrandbits(32)) if seat % 2 == 0 else CallingStation()
        bots[player] = _delayed(bot.act, args.delay_ms / 1000.0)
    print("ready", flush=True)
    played = 0
    while args.hands is None or played < args.hands:
        for st in list(runner.table.seats):
            if st is not None and st.stack < runner.table.min_stack:
                account = store.account_id(st.player)
                chips = max(_buy_in(runner, rng), runner.table.min_stack - st.stack)
                most = runner.table.max_rebuy(st.player)
                if most is not None and most > 0:
                    chips = min(chips, most)
                _fund(store, account, chips)
                try:
                    runner.rebuy(st.player, chips)
                except RoomError:  # the table's cap refuses a rebuy: leave and sit down again instead
                    seat = runner.table.seat_of(st.player)
                    runner.stand(st.player)
                    chips = _buy_in(runner, rng)
                    _fund(store, account, chips)
                    runner.sit(seat, st.player, chips)
        result = runner.play_hand(bots, seed=rng.getrandbits(32))
        played += 1
        print(f"settled {result.number}", flush=True)
    runner.stand_all()
    runner.close()
    store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
