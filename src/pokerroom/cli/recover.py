"""``pokerroom recover --database URL``: void the hands a crashed server left in progress (RULES §3.8).

A table server that dies mid-hand (``kill -9``, a power cut) leaves its hand in progress in the store, the chips
its players put in stranded in the pot and their stacks at the table.  For every table with hands in progress
(:meth:`Store.hands_in_progress <pokerroom.store.Store.hands_in_progress>`) this opens a
:class:`~pokerroom.store.runner.TableRunner` on it, whose constructor recovers the table: each hand in progress is
voided and every player's exact contributions refunded (no rake), then every stack at the table goes back to its
player's account; the runner is closed at once, giving the table's lease back.  It prints what was voided: the
table, the hand number and the refund per player.  A table whose lease another live runner holds is being
played, not stranded: it is skipped with the holder named.  ``pokerroom simulate --database`` runs the same
recovery when it starts.

Exit code 0 when done (nothing to recover included), 2 for a ``--database`` that is not a pokerroom store or has
no driver (the checks of ``pokerroom report``), 1 when the store fails during recovery.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import typer
from rich.console import Console
from sqlalchemy import func, select
from sqlalchemy.exc import SQLAlchemyError

from pokerroom.cli.database import DEFAULT_DATABASE, Database
from pokerroom.cli.report import open_store
from pokerroom.errors import PokerroomError, StoreError
from pokerroom.store import Store
from pokerroom.store.runner import TableRunner, crash_void
from pokerroom.store.schema import balances, poker_tables
from pokerroom.words import plural

__all__ = ["Recovered", "recover", "recover_all"]


@dataclass
class Recovered:
    """One table's recovery: its ``name``, the voided hands as (hand number, refunds by player name), the chips
    that went back from the table to the accounts (refunded contributions and stacks), or why it was
    ``skipped``."""

    name: str
    voided: list[tuple[int, dict[str, int]]] = field(default_factory=list)
    returned: int = 0
    skipped: str = ""


def _table_name(store: Store, table_id: int) -> str:
    with store.engine.connect() as conn:
        return str(conn.execute(select(poker_tables.c.name).where(poker_tables.c.id == table_id)).scalar_one())


def _table_chips(store: Store, table_id: int) -> int:
    """Every chip the ledger holds at table ``table_id``: stacks, pot, carried chips and rake."""
    query = select(func.coalesce(func.sum(balances.c.balance), 0)).where(balances.c.table_id == table_id)
    with store.engine.connect() as conn:
        return int(conn.execute(query).scalar_one())


def _refunds(store: Store, hand_id: int, setup: dict[str, Any]) -> dict[str, int]:
    """What each player put into hand ``hand_id`` so far (contributions and dead blinds): the refunds the
    recovery makes (:func:`~pokerroom.store.runner.crash_void`)."""
    voided = crash_void(setup, store.journal_entries(hand_id))
    refunds: dict[str, int] = {}
    if voided is not None:
        for seat, chips in zip(voided.setup.seats, voided.contributions, strict=True):
            refunds[seat.player] = refunds.get(seat.player, 0) + chips
    return refunds


def recover_all(store: Store) -> list[Recovered]:
    """Recover every table of ``store`` with hands in progress (see the module docstring), oldest first."""
    tables = list(dict.fromkeys(info.table for info in store.hands_in_progress()))
    done: list[Recovered] = []
    for table_id in tables:
        name = _table_name(store, table_id)
        record = Recovered(name)
        pending = store.hands_in_progress(table_id)
        try:
            voided = [(info.number, _refunds(store, info.id, info.setup)) for info in pending]
        except PokerroomError as exc:  # a journal that cannot be replayed: the runner will say so too
            voided = [(info.number, {}) for info in pending]
            record.skipped = f"cannot replay its journal: {exc}"
        before = _table_chips(store, table_id)
        try:
            with TableRunner(store, name):
                pass  # the constructor voids the hands in progress and returns the stacks (RULES §3.8)
        except StoreError as exc:
            record.skipped = str(exc)  # e.g. a live runner holds the table's lease
            done.append(record)
            continue
        record.voided = voided
        record.skipped = ""
        record.returned = before - _table_chips(store, table_id)
        done.append(record)
    return done


def describe(records: list[Recovered]) -> list[str]:
    """The lines ``pokerroom recover`` (and ``simulate --database``) print for ``records``."""
    lines: list[str] = []
    for r in records:
        if r.skipped:
            lines.append(f"Table {r.name}: skipped ({r.skipped}).")
            continue
        for number, refunds in r.voided:
            paid = ", ".join(f"{player} {chips}" for player, chips in refunds.items() if chips) or "nothing put in"
            lines.append(f"Table {r.name}: hand #{number} voided (RULES §3.8); refunded: {paid}.")
        lines.append(f"Table {r.name}: {plural(r.returned, 'chip')} returned from the table to the players' accounts.")
    return lines


def recover(
    database: Database = DEFAULT_DATABASE,
) -> None:
    """Void the hands a crashed table server left in progress and refund their chips (RULES §3.8)."""
    console = Console(highlight=False, soft_wrap=True)
    store = open_store(database)  # exit 2: not a pokerroom store, no driver, no such file
    try:
        records = recover_all(store)
    except (SQLAlchemyError, StoreError) as exc:
        Console(stderr=True, highlight=False, soft_wrap=True).print(
            f"error: the store failed, recovery stops: {exc}", style="red", markup=False
        )
        raise typer.Exit(1) from None
    finally:
        store.close()
    if not records:
        console.print("No hand in progress: nothing to recover.")
        return
    for line in describe(records):
        console.print(line, markup=False)
    hands = sum(len(r.voided) for r in records if not r.skipped)
    tables = sum(1 for r in records if not r.skipped)
    console.print(f"Recovered {plural(tables, 'table')}, {plural(hands, 'hand')} voided.")
