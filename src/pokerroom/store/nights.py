"""The club's game nights in the store (``nights``): what was agreed, the books between hands, and the chips.

A night plays its hands at one store table through a :class:`~pokerroom.store.runner.TableRunner`; each player
has an account of their own for the night (:func:`account_name`), so the ledger holds every chip they bought and
every chip they took home.  The books (:meth:`pokerroom.room.night.Night.to_json` with the table's seats) are
written after every change between hands; where a change also moves money, both are one transaction:

* a buy-in or rebuy (:func:`buy_chips`): the chips are posted cashier -> the player's account together with the
  books that record the purchase; the table then moves them to the stack.  After a crash between the two, the
  account holds them and the resumed night seats the player with their whole account;
* a hand whose result was typed in (``--enter``, :func:`enter_result`): the stacks move with the books;
* a dealt hand is settled by the runner; the books follow it.  The books say which store hand they counted
  last (``state["table_hand"]``), so a resumed night counts a hand settled just before a crash itself.

Chips are whole chips; money (öre) is only in the books and on the sheet.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import select, update

from pokerroom.errors import StoreError
from pokerroom.room.night import CashOut, Night
from pokerroom.room.night_sheet import SheetInfo
from pokerroom.room.record import HandRecord, Status
from pokerroom.store import Store
from pokerroom.store import leases as _leases
from pokerroom.store.checks import as_utc, chips, ident, known_accounts, known_table, to_naive_utc
from pokerroom.store.ledger import CASHIER, account_key, carried_key, post, read_balances, stack_key
from pokerroom.store.schema import hands, nights

__all__ = [
    "ENDED",
    "RUNNING",
    "NightRow",
    "account_name",
    "buy_chips",
    "create_night",
    "ended_sheet",
    "enter_result",
    "list_nights",
    "load_night",
    "save_night",
    "settled_after",
    "table_hands",
    "voided_hands",
]

RUNNING = "running"
"""A night being played (or stopped by a crash, to be resumed)."""
ENDED = "ended"
"""A night settled with its cash-out sheet."""


@dataclass(frozen=True)
class NightRow:
    """A stored night: its ``id``, ``label``, ``game``, the store table of its hands (``table``), the agreement
    (``config``) and books (``state``) as JSON, ``status`` (:data:`RUNNING` or :data:`ENDED`) and times (UTC)."""

    id: int
    label: str
    game: str
    table: int
    config: dict[str, Any]
    state: dict[str, Any]
    status: str
    created_at: datetime
    updated_at: datetime
    ended_at: datetime | None


def account_name(night: int, player: str) -> str:
    """The store account holding ``player``'s chips in night ``night`` (``night 3: Anna``): the same person
    on two evenings has two accounts, so each night's books stand alone."""
    return f"night {night}: {player}"


def _row(r: Any) -> NightRow:
    return NightRow(
        int(r.id),
        r.label,
        r.game,
        int(r.table_id),
        dict(r.config),
        dict(r.state),
        r.status,
        as_utc(r.created_at),
        as_utc(r.updated_at),
        None if r.ended_at is None else as_utc(r.ended_at),
    )


def create_night(
    store: Store, *, label: str, game: str, table: int, config: Mapping[str, Any], state: Mapping[str, Any]
) -> int:
    """Store a new night played at store table ``table``; returns its id.  StoreError for an unknown table."""
    now = to_naive_utc(store.now())
    with store.writing() as conn:
        table = known_table(conn, table)
        row = conn.execute(
            nights.insert().values(
                label=label,
                game=game,
                table_id=table,
                config=dict(config),
                state=dict(state),
                status=RUNNING,
                created_at=now,
                updated_at=now,
                ended_at=None,
            )
        ).inserted_primary_key
    assert row is not None
    return int(row[0])


def _save(conn: Any, night: int, state: Mapping[str, Any], now: datetime, status: str | None) -> None:
    values: dict[str, Any] = {"state": dict(state), "updated_at": now}
    if status is not None:
        if status not in (RUNNING, ENDED):
            raise StoreError(f"a night is {RUNNING} or {ENDED}, not {status!r}")
        values["status"] = status
        values["ended_at"] = now if status == ENDED else None
    done = conn.execute(update(nights).where(nights.c.id == night, nights.c.status == RUNNING).values(**values))
    if done.rowcount != 1:
        raise StoreError(f"no running night with id {night}")


def save_night(store: Store, night: int, state: Mapping[str, Any], *, status: str | None = None) -> None:
    """Write the books of running night ``night`` (``status`` :data:`ENDED` closes it).  StoreError for a night
    that is unknown or has ended."""
    night = ident(night, "night")
    with store.writing() as conn:
        _save(conn, night, state, to_naive_utc(store.now()), status)


def load_night(store: Store, night: int | None = None) -> NightRow:
    """Night ``night``, or the last one begun that is still running when ``None``.  StoreError when there is
    none, naming the nights there are."""
    with store.reading() as conn:
        if night is None:
            found = conn.execute(
                select(nights).where(nights.c.status == RUNNING).order_by(nights.c.id.desc()).limit(1)
            ).first()
        else:
            found = conn.execute(select(nights).where(nights.c.id == ident(night, "night"))).first()
    if found is None:
        there = ", ".join(f"{n.id} ({n.status})" for n in list_nights(store)) or "none"
        what = "no running night" if night is None else f"no night with id {night}"
        raise StoreError(f"{what} in this database; nights: {there}")
    return _row(found)


def list_nights(store: Store, *, status: str | None = None) -> list[NightRow]:
    """Every night stored (with ``status``: only those), oldest first."""
    query = select(nights).order_by(nights.c.id)
    if status is not None:
        query = query.where(nights.c.status == status)
    with store.reading() as conn:
        return [_row(r) for r in conn.execute(query)]


def buy_chips(store: Store, night: int, account: int, amount: int, state: Mapping[str, Any], *, memo: str) -> None:
    """Post ``amount`` chips (> 0) cashier -> ``account`` and write the night's books ``state`` (which record the
    purchase), in one transaction.  StoreError for a bad amount, an unknown account or a night not running."""
    amount = chips(amount, "purchase")
    night = ident(night, "night")
    now = to_naive_utc(store.now())
    with store.writing() as conn:
        known_accounts(conn, [account])
        post(conn, now=now, kind="deposit", memo=memo, transfers=[(CASHIER, account_key(account), amount)])
        _save(conn, night, state, now, None)


def enter_result(
    store: Store,
    night: int,
    table: int,
    nets: Mapping[int, int],
    carried: int,
    state: Mapping[str, Any],
    *,
    memo: str,
    lease: str | None = None,
) -> None:
    """A hand played with real cards (``--enter``): each account's stack at ``table`` changes by ``nets[account]``
    and the chips carried in the pot become ``carried``, with the night's books ``state``, in one transaction.
    The nets and the change of the carried chips must sum to zero (chips only move).  StoreError (writing nothing)
    when they do not, when a stack or the pot would go below zero, or when ``lease`` is not held."""
    night = ident(night, "night")
    now = to_naive_utc(store.now())
    with store.writing() as conn:
        table = known_table(conn, table)
        known_accounts(conn, list(nets))
        if lease is not None:
            _leases.hold(conn, now, table, lease)
        pot = carried_key(table)
        held = read_balances(conn, [pot], lock=True)[pot]
        if sum(nets.values()) + (carried - held) != 0:
            raise StoreError(
                f"the nets sum to {sum(nets.values()):+d} and the pot goes from {held} to {carried}: chips would "
                "be made or lost"
            )
        losers = {stack_key(table, a): -net for a, net in nets.items() if net < 0}
        stacks = read_balances(conn, losers, lock=True)
        short = [f"{key} holds {stacks[key]}, loses {loss}" for key, loss in losers.items() if stacks[key] < loss]
        if short:
            raise StoreError(f"a stack cannot go below zero: {'; '.join(short)}")
        transfers: list[tuple[str, str, int]] = []
        for account, net in sorted(nets.items()):
            if net < 0:
                transfers.append((stack_key(table, account), pot, -net))
        for account, net in sorted(nets.items()):
            if net > 0:
                transfers.append((pot, stack_key(table, account), net))
        if transfers:
            post(conn, now=now, kind="settle", memo=memo, table=table, transfers=transfers)
        _save(conn, night, state, now, None)


def settled_after(store: Store, table: int, number: int) -> list[int]:
    """The numbers of the hands settled (complete, not voided) at ``table`` after hand number ``number``, in
    order."""
    query = (
        select(hands.c.number)
        .where(hands.c.table_id == table, hands.c.number > number, hands.c.status == Status.COMPLETE.value)
        .order_by(hands.c.number)
    )
    with store.reading() as conn:
        return [int(n) for n in conn.execute(query).scalars()]


def table_hands(store: Store, table: int) -> list[int]:
    """The store ids of every hand dealt at ``table`` (complete, voided or in progress), in order."""
    with store.reading() as conn:
        return [
            int(h)
            for h in conn.execute(
                select(hands.c.id).where(hands.c.table_id == table).order_by(hands.c.number)
            ).scalars()
        ]


def voided_hands(store: Store, table: int) -> list[HandRecord]:
    """The records of the hands voided at ``table`` (a crash, an engine fault, the host stopping), in order."""
    query = select(hands.c.id).where(hands.c.table_id == table, hands.c.status == Status.VOIDED.value)
    with store.reading() as conn:
        ids = [int(h) for h in conn.execute(query.order_by(hands.c.number)).scalars()]
    return [store.hand_record(h) for h in ids]


def ended_sheet(store: Store, night: int) -> tuple[CashOut, SheetInfo]:
    """The cash-out sheet of ended night ``night``, read back from the store: the books' buy-ins and departures
    and each player's chips in the ledger (what :meth:`NightRunner.end` checked them against), with the evening
    as :class:`SheetInfo` tells it.  Raises :class:`StoreError` for a night that is unknown or has not ended."""
    row = load_night(store, night)
    if row.status != ENDED:
        raise StoreError(f"night {row.id} has not ended: its sheet is made at the end of the evening")
    books = Night.from_json(row.state["night"])
    final = {
        name: store.balance(store.account_id(account_name(row.id, name))) - books.cashed(name) for name in books.seats
    }
    sheet = books.cash_out_sheet(final)
    info = SheetInfo.from_night(
        books, voided=voided_hands(store, row.table), started_at=row.created_at, ended_at=row.ended_at,
        night_id=row.id,
    )  # fmt: skip
    return sheet, info
