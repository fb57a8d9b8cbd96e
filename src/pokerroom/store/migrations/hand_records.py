"""Revision ``0002_hand_records``'s conversions: the stored hands of revision 0001 (the release before hand
records, commit e9263e5) in the hand record's forms, and back.

Revision 0001 held, per hand:

* ``hands.status``: ``in_progress``, ``settled`` or ``void``;
* ``hands.setup``: the old runner's set-up: ``config`` (the table's settings then), ``number``, ``seed``,
  ``players`` (``[table seat, name, starting stack]`` by engine seat), ``layout`` (table seats of the button and
  blinds; written, never read), and ``hand``: the engine hand's own arguments (``stacks``, ``button``,
  ``blinds``, ``antes``, ``bring_in``, ``betting``, ``ante_trimming``, ``auto_showdown``, ``strict_show_order``,
  ``fold_without_bet``, ``carried_in``, ``last_hand`` (true unless the hand carried odd chips), ``dead``,
  ``big_blind_seat``);
* ``journal.entry``: ``{"seat", "kind", "amount"?, "cards"? (card ints), "timed_out"?}``, ``kind`` an action or
  ``artificial_all_in`` (disconnect protection); ``timed_out`` marked every time-out;
* ``hands.record``: for a settled hand the old settlement's figures (``number``, ``players``, ``starting``,
  ``final``, ``contributions``, ``payouts``, ``rake``, ``carried_in``, ``carried_out``, ``events`` with card
  ints); ``NULL`` for void and in-progress hands.

Revision 0002 holds ``incomplete``/``complete``/``voided``, :func:`~pokerroom.room.record_json.setup_json`,
:func:`~pokerroom.room.decisions.decision_json` and :func:`~pokerroom.room.record_json.record_json` (complete
and voided hands; ``NULL`` while incomplete).

:func:`upgrade` converts each hand: the old set-up becomes a :class:`~pokerroom.room.record.Setup` (the game and
house rules from its ``config``, the stakes text, rake, chip unit and currency the table derives from it, the
seats from ``players``, the deck seed from ``seed``, the rest from ``hand``; table id and name from
``poker_tables``, number and start time from the row), the journal is converted (``timed_out`` -> cause
``timeout``), and the hand is dealt again and replayed (:func:`~pokerroom.room.journal.replay_setup`).  A settled
hand's record is :func:`~pokerroom.room.record.record_of` the replay, ``complete``, and must give the old record's
figures exactly: players, starting and final stacks, contributions, payouts, rake, carried chips and every event.
A void hand's record is the replay ``voided`` with the reason of its ledger transaction (``transactions.memo``,
kind ``void``), replayed without the rake when the recovery voided it (as recovery does).  Either way the
figures must match the hand's ledger transaction (the chips each stack put in and got back, the rake, the
carried chips).  An in-progress hand keeps no record; its journal must replay.  A hand already in the new forms
(written by a release that had hand records before this migration existed) is checked to read back and left as
it is.  Anything else raises :class:`~pokerroom.store.migrations.MigrationError` naming the hand; the caller's
transaction then writes nothing.

:func:`downgrade` writes revision 0001's forms back.  What they cannot hold: a voided hand's record (revision
0001 kept none: it is dropped), a journal entry's ``asked`` amount (the amount a player asked for before the house
rule placed it) and the cause ``left`` (written as the plain action it was, which replays the same), the table's
currency (not in revision 0001's settings), the set-up's start time and stakes text (derived again by that
release).  A hand dealt without a deck seed, or ``cancelled``, cannot be written in revision 0001's forms at all:
the downgrade stops, naming it.  The old ``layout`` is rebuilt from the set-up (button, blinds).

Frozen with its revision: later changes to the stored forms are new revisions, not edits here.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import JSON, BigInteger, DateTime, Integer, String, Text, bindparam, column, select, table, update
from sqlalchemy.engine import Connection

from pokerroom.chips import whole_number
from pokerroom.engine import Action, ActionKind, Event
from pokerroom.engine.codec import action_from_json
from pokerroom.errors import PokerroomError
from pokerroom.games import find
from pokerroom.room.decisions import Cause, Decision, decision_from_json, decision_json
from pokerroom.room.journal import replay_setup
from pokerroom.room.record import LEGACY_STREAM, Deck, HandRecord, SeatRecord, Setup, Status, record_of
from pokerroom.room.record_json import (
    betting_from_json,
    betting_json,
    record_from_json,
    record_json,
    rule_value_json,
    setup_from_json,
    setup_json,
)
from pokerroom.room.settings import TableSettings, derive
from pokerroom.store.migrations import MigrationError
from pokerroom.store.runner import stored_config

__all__ = ["CRASH_REASON", "NEW_STATUS", "OLD_STATUS", "downgrade", "legacy_entry", "new_entry", "upgrade"]

OLD_STATUS = {"in_progress": Status.INCOMPLETE, "settled": Status.COMPLETE, "void": Status.VOIDED}
"""Revision 0001's hand statuses and the record's status each becomes."""
NEW_STATUS = {status: old for old, status in OLD_STATUS.items()}
CRASH_REASON = "server crash: hand void, chips returned (RULES §3.8)"
"""The memo with which recovery voided a hand found in progress after a crash (both releases)."""
DEFAULT_REASON = "hand void, chips returned (RULES §3.8)"
"""The reason of a void hand whose ledger holds no transaction for it (nobody had put a chip in)."""
ARTIFICIAL_ALL_IN = "artificial_all_in"
"""Revision 0001's journal ``kind`` of disconnect protection."""
PAGE = 200
"""Hands read and written per batch."""

_hands = table(
    "hands",
    column("id", BigInteger),
    column("table_id", Integer),
    column("number", BigInteger),
    column("setup", JSON),
    column("status", String),
    column("record", JSON(none_as_null=True)),
    column("started_at", DateTime),
)
_journal = table("journal", column("hand_id", BigInteger), column("seq", Integer), column("entry", JSON))
_tables = table("poker_tables", column("id", Integer), column("name", String), column("config", JSON))
_transactions = table(
    "transactions", column("id", BigInteger), column("kind", String), column("hand_id", BigInteger),
    column("memo", Text),
)
_postings = table("postings", column("transaction_id", BigInteger), column("key", String), column("amount", BigInteger))

_UPDATE_HAND = (
    update(_hands)
    .where(_hands.c.id == bindparam("b_id"))
    .values(status=bindparam("b_status"), setup=bindparam("b_setup"), record=bindparam("b_record"))
)
_UPDATE_ENTRY = (
    update(_journal)
    .where(_journal.c.hand_id == bindparam("b_hand"), _journal.c.seq == bindparam("b_seq"))
    .values(entry=bindparam("b_entry"))
)


class _Refused(Exception):
    """Why one hand cannot be converted (becomes a MigrationError naming the hand)."""


# --- reading the database ----------------------------------------------------------------------------------------


@dataclass
class _Row:
    id: int
    table_id: int
    number: int
    setup: Any
    status: str
    record: Any
    started_at: datetime | None
    entries: list[tuple[int, Any]] = field(default_factory=list)
    ledger: _Ledger | None = None


@dataclass
class _Ledger:
    """A hand's settle or void transaction, by kind of ledger key: chips each stack put in (``put``) and got back
    (``got``), as sorted lists (one per account); the rake; the carried chips in and out."""

    kind: str
    memo: str
    put: list[int] = field(default_factory=list)
    got: list[int] = field(default_factory=list)
    rake: int = 0
    carried_in: int = 0
    carried_out: int = 0


def _pages(conn: Connection) -> Iterator[list[_Row]]:
    """Every hand with its journal and ledger transaction, ``PAGE`` hands at a time, oldest first."""
    last = 0
    while True:
        rows = [
            _Row(int(r.id), int(r.table_id), int(r.number), r.setup, str(r.status), r.record, r.started_at)
            for r in conn.execute(
                select(_hands).where(_hands.c.id > last).order_by(_hands.c.id).limit(PAGE)
            )
        ]
        if not rows:
            return
        by_id = {r.id: r for r in rows}
        for hand_id, seq, entry in conn.execute(
            select(_journal.c.hand_id, _journal.c.seq, _journal.c.entry)
            .where(_journal.c.hand_id.in_(list(by_id)))
            .order_by(_journal.c.hand_id, _journal.c.seq)
        ):
            by_id[int(hand_id)].entries.append((int(seq), entry))
        txns: dict[int, _Ledger] = {}
        for txn_id, kind, hand_id, memo in conn.execute(
            select(_transactions.c.id, _transactions.c.kind, _transactions.c.hand_id, _transactions.c.memo)
            .where(_transactions.c.hand_id.in_(list(by_id)), _transactions.c.kind.in_(("settle", "void")))
            .order_by(_transactions.c.id)
        ):
            row = by_id[int(hand_id)]
            if row.ledger is not None:
                raise _refused(row, "the ledger holds two settlements for it")
            row.ledger = txns[int(txn_id)] = _Ledger(str(kind), str(memo))
        if txns:
            per: dict[int, dict[str, int]] = {}
            for txn_id, key, amount in conn.execute(
                select(_postings.c.transaction_id, _postings.c.key, _postings.c.amount)
                .where(_postings.c.transaction_id.in_(list(txns)))
            ):
                sums = per.setdefault(int(txn_id), {})
                # A key appears twice in a void (stack -> pot, then pot -> stack): keep each direction apart.
                way = f"{key}{'-' if amount < 0 else '+'}"
                sums[way] = sums.get(way, 0) + int(amount)
            for txn_id, ledger in txns.items():
                for key, amount in per.get(txn_id, {}).items():
                    book = key.split(":", 1)[0]
                    if book == "stack":
                        (ledger.got if amount > 0 else ledger.put).append(abs(amount))
                    elif book == "rake" and amount > 0:
                        ledger.rake += amount
                    elif book == "carried":
                        if amount > 0:
                            ledger.carried_out += amount
                        else:
                            ledger.carried_in -= amount
                ledger.put.sort()
                ledger.got.sort()
        yield rows
        last = rows[-1].id


def _refused(row: _Row, why: str) -> MigrationError:
    return MigrationError(
        f"hand {row.id} (table {row.table_id}, number {row.number}, status {row.status}) cannot be converted: {why}. "
        "Nothing was changed; the database is still at its revision"
    )


def _table_info(conn: Connection) -> dict[int, tuple[str, Any]]:
    rows = conn.execute(select(_tables.c.id, _tables.c.name, _tables.c.config))
    return {int(r.id): (str(r.name), r.config) for r in rows}


# --- revision 0001 -> 0002 -----------------------------------------------------------------------------------------


def new_entry(old: Mapping[str, Any]) -> dict[str, object]:
    """A journal entry of revision 0001 in revision 0002's form (:func:`~pokerroom.room.decisions.decision_json`):
    ``timed_out`` makes the cause ``timeout`` (and stays on a draw, which it marks as stood pat by the clock);
    ``artificial_all_in`` is disconnect protection.  Raises :class:`_Refused` for an entry that is not one."""
    seat, kind = old.get("seat"), old.get("kind")
    if not whole_number(seat) or not isinstance(kind, str):
        raise _Refused(f"journal entry {dict(old)!r} has no table seat and kind")
    timed_out = old.get("timed_out") is True
    cause = Cause.TIMEOUT if timed_out else Cause.PLAYER
    if kind == ARTIFICIAL_ALL_IN:
        return decision_json(Decision(seat, None, Cause.TIMEOUT))
    try:
        action_kind = ActionKind(kind)
    except ValueError:
        raise _Refused(f"journal entry {dict(old)!r} names no action") from None
    cards = old.get("cards")
    if cards is not None and (not isinstance(cards, list) or not all(type(c) is int and 0 <= c < 52 for c in cards)):
        raise _Refused(f"journal entry {dict(old)!r} holds cards that are not card numbers")
    amount = old.get("amount")
    action = Action(
        action_kind,
        amount,
        tuple(cards) if cards is not None else None,
        timed_out and action_kind is ActionKind.DRAW,
    )
    entry = decision_json(Decision(seat, action, cause))
    if action_from_json(entry) != action:
        raise _Refused(f"journal entry {dict(old)!r} does not read back as the same action ({entry})")
    return entry


def _old_event_json(e: Event) -> dict[str, object]:
    """An event as revision 0001's record wrote it (card ints)."""
    out: dict[str, object] = {"type": e.type.value}
    if e.seat is not None:
        out["seat"] = e.seat
    if e.amount is not None:
        out["amount"] = e.amount
    if e.to is not None:
        out["to"] = e.to
    if e.cards is not None:
        out["cards"] = list(e.cards)
    if e.text is not None:
        out["text"] = e.text
    if e.all_in:
        out["all_in"] = True
    if e.winners is not None:
        out["winners"] = [list(w) for w in e.winners]
    if e.eligible is not None:
        out["eligible"] = list(e.eligible)
    return out


class _Settings:
    """The settings a table derives from each stored config (cached: a probe deal each)."""

    def __init__(self) -> None:
        self._cache: dict[str, tuple[Any, TableSettings]] = {}

    def of(self, config: Mapping[str, Any]) -> tuple[Any, TableSettings]:
        key = json.dumps(config, sort_keys=True)
        found = self._cache.get(key)
        if found is None:
            table_config = stored_config(config)
            game = find(table_config.game)
            if table_config.rules:
                game = game.with_rules(**table_config.rules)
            found = self._cache[key] = (table_config, derive(game, table_config))
        return found


def _int(data: Mapping[str, Any], key: str) -> int:
    value = data.get(key)
    if not whole_number(value):
        raise _Refused(f"its set-up's {key!r} is not a whole number: {value!r}")
    return value


def _ints(data: Mapping[str, Any], key: str, n: int) -> tuple[int, ...]:
    value = data.get(key)
    if not isinstance(value, list) or len(value) != n or not all(type(v) is int for v in value):
        raise _Refused(f"its set-up's {key!r} is not {n} whole numbers: {value!r}")
    return tuple(value)


def _flag(data: Mapping[str, Any], key: str) -> bool:
    value = data.get(key)
    if not isinstance(value, bool):
        raise _Refused(f"its set-up's {key!r} is not true or false: {value!r}")
    return value


def new_setup(
    old: Mapping[str, Any],
    settings: _Settings,
    *,
    table_id: int,
    table_name: str,
    number: int,
    started_at: datetime | None,
    rake: bool,
) -> Setup:
    """Revision 0001's set-up of hand ``number`` at table ``table_id`` (``table_name``) as a
    :class:`~pokerroom.room.record.Setup` (see the module docstring), the table's rake in it when ``rake``.
    Raises :class:`_Refused` naming what does not fit."""
    if not isinstance(old, Mapping) or not isinstance(old.get("hand"), Mapping):
        raise _Refused("its set-up is not revision 0001's (no 'hand')")
    config = old.get("config")
    if not isinstance(config, Mapping):
        raise _Refused("its set-up has no table 'config'")
    table_config, derived = settings.of(config)
    game = derived.game
    h: Mapping[str, Any] = old["hand"]
    players = old.get("players")
    if not isinstance(players, list) or not players:
        raise _Refused(f"its set-up's 'players' is not a list of [seat, name, stack]: {players!r}")
    seats: list[SeatRecord] = []
    for p in players:
        if not (isinstance(p, list) and len(p) == 3 and type(p[0]) is type(p[2]) is int and isinstance(p[1], str)):
            raise _Refused(f"its set-up's player {p!r} is not [seat, name, stack]")
        seats.append(SeatRecord(p[0], p[1], p[2]))
    n = len(seats)
    if _ints(h, "stacks", n) != tuple(s.stack for s in seats):
        raise _Refused(f"its set-up's stacks {h.get('stacks')} are not its players' {[s.stack for s in seats]}")
    if old.get("number") != number:
        raise _Refused(f"its set-up is of hand number {old.get('number')!r}, its row of {number}")
    seed = old.get("seed")
    if not whole_number(seed):
        raise _Refused(f"its set-up's deck seed is not a whole number: {seed!r}")
    bbs = h.get("big_blind_seat")
    if bbs is not None and (type(bbs) is not int or not 0 <= bbs < n):
        raise _Refused(f"its set-up's big_blind_seat is not a seat: {bbs!r}")
    dead = _ints(h, "dead", n)
    try:
        betting = betting_from_json(h.get("betting", {}))
    except PokerroomError as err:
        raise _Refused(f"its set-up's betting structure cannot be read: {err}") from None
    return Setup(
        game=game.id,
        rules=game.changed_rules(),
        betting=betting,
        seats=tuple(seats),
        button=_int(h, "button"),
        blinds=_ints(h, "blinds", n),
        antes=_ints(h, "antes", n),
        stakes=derived.stakes.describe(),
        bring_in=_int(h, "bring_in"),
        dead=dead if any(dead) else (),
        big_blind_seat=bbs,
        ante_trimming=_flag(h, "ante_trimming"),
        fold_without_bet=_flag(h, "fold_without_bet"),
        auto_showdown=_flag(h, "auto_showdown"),
        strict_show_order=_flag(h, "strict_show_order"),
        carried_in=_int(h, "carried_in"),
        last_hand=game.house.odd_chips_carry and _flag(h, "last_hand"),
        rake=derived.rake if rake else None,
        unit=Decimal(table_config.cents_per_chip) / 100 if table_config.currency else Decimal(1),
        currency=table_config.currency,
        table_id=table_id,
        table_name=table_name,
        number=number,
        started_at=None if started_at is None else started_at.replace(tzinfo=UTC),
        deck=Deck(seed=seed, stream=LEGACY_STREAM),  # dealt by that release's generator
    )


def _table_fields(setup: Setup) -> dict[str, Any]:
    return {
        "seats": setup.seats, "stakes": setup.stakes, "unit": setup.unit, "currency": setup.currency,
        "table_id": setup.table_id, "table_name": setup.table_name, "number": setup.number,
        "started_at": setup.started_at, "deck": setup.deck,
    }  # fmt: skip


def _nonzero(values: Sequence[int]) -> list[int]:
    return sorted(v for v in values if v)


def _check_ledger(record: HandRecord, ledger: _Ledger | None) -> None:
    """The record's figures against the hand's ledger transaction (by account, so as sorted amounts)."""
    voided = record.status is Status.VOIDED
    if ledger is None:
        if voided and not any(record.contributions):
            return
        raise _Refused("the ledger holds no settlement for it")
    if ledger.kind != ("void" if voided else "settle"):
        raise _Refused(f"its ledger transaction is a {ledger.kind}")
    checks = [
        ("contributions", _nonzero(record.contributions), ledger.put),
        ("payouts", _nonzero(record.payouts), ledger.got),
        ("rake", record.rake, ledger.rake),
        ("carried in", record.carried_in, ledger.carried_in),
        ("carried out", record.carried_out, ledger.carried_out),
    ]
    for what, replayed, posted in checks:
        if replayed != posted:
            raise _Refused(f"replayed, its {what} are {replayed} but the ledger posted {posted}")


def _check_old_record(record: HandRecord, old: Any) -> None:
    """A complete record against revision 0001's record of the same hand: every figure and event."""
    if not isinstance(old, Mapping):
        raise _Refused(f"its old record is not an object: {old!r}")
    mine = legacy_record(record)
    events = mine.pop("events")
    assert isinstance(events, list)
    for key, value in mine.items():
        if old.get(key) != value:
            raise _Refused(f"replayed, its {key} is {value} but its old record says {old.get(key)!r}")
    theirs = old.get("events")
    if events != theirs:
        k = next(
            (i for i, (a, b) in enumerate(zip(events, theirs or [], strict=False)) if a != b),
            min(len(events), len(theirs or [])),
        )
        got = events[k] if k < len(events) else "nothing"
        want = theirs[k] if isinstance(theirs, list) and k < len(theirs) else "nothing"
        raise _Refused(f"replayed, its event {k} is {got} but its old record has {want}")


def _convert(row: _Row, name: str, settings: _Settings) -> tuple[Status, dict[str, object], list[Any], Any]:
    """One hand of revision 0001: its new status, set-up, journal (by seq) and record."""
    status = OLD_STATUS[row.status]
    entries = [new_entry(e) if isinstance(e, Mapping) else _bad_entry(e) for _, e in row.entries]
    reason: str | None = None
    rake = True
    if status is Status.VOIDED:
        reason = row.ledger.memo if row.ledger is not None else DEFAULT_REASON
        rake = reason != CRASH_REASON  # recovery replays without the rake; a void by the table keeps its rule
    setup = new_setup(
        row.setup, settings, table_id=row.table_id, table_name=name, number=row.number,
        started_at=row.started_at, rake=rake,
    )
    try:
        hand = replay_setup(setup, entries, rake=rake)
    except PokerroomError as err:
        raise _Refused(f"its journal does not replay: {err}") from None
    if status is Status.INCOMPLETE:
        if row.record is not None:
            raise _Refused("it is in progress but has a record")
        return status, setup_json(setup), entries, None
    if status is Status.COMPLETE and not hand.is_complete:
        raise _Refused("it is settled but its journal replays to a hand still being played")
    if status is Status.VOIDED and hand.is_complete:
        raise _Refused("it is void but its journal replays to a finished hand")
    try:
        record = record_of(hand, status=status, reason=reason, **_table_fields(setup))
    except PokerroomError as err:
        raise _Refused(f"its record cannot be made: {err}") from None
    if record.setup != setup:
        raise _Refused("the replayed hand's set-up is not the converted one")
    _check_ledger(record, row.ledger)
    if status is Status.COMPLETE and row.record is not None:
        _check_old_record(record, row.record)
    elif status is Status.VOIDED and row.record is not None:
        raise _Refused("it is void but has a record (revision 0001 kept none)")
    written = record_json(record)
    if record_from_json(json.loads(json.dumps(written))) != record:
        raise _Refused("its record does not read back as written")
    return status, setup_json(setup), entries, written


def _bad_entry(entry: object) -> dict[str, object]:
    raise _Refused(f"journal entry {entry!r} is not an object")


def _check_new(row: _Row) -> None:
    """A hand already in revision 0002's forms must read back as the store reads it."""
    try:
        if row.record is not None:
            record_from_json(row.record)
        else:
            replay_setup(setup_from_json(row.setup), [e for _, e in row.entries])
    except PokerroomError as err:
        raise _Refused(f"it is in the new forms already but cannot be read back: {err}") from None


def upgrade(conn: Connection) -> dict[str, int]:
    """Convert every hand of the database of ``conn`` to revision 0002's forms, in ``conn``'s transaction (see
    the module docstring).  Returns counts: hands converted by new status (``complete``, ``voided``,
    ``incomplete``), ``journal`` entries converted, ``already`` (hands found in the new forms).  Raises
    :class:`~pokerroom.store.migrations.MigrationError` naming the first hand that cannot be converted."""
    names = {table_id: name for table_id, (name, _) in _table_info(conn).items()}
    settings = _Settings()
    counts = {"complete": 0, "voided": 0, "incomplete": 0, "journal": 0, "already": 0}
    for page in _pages(conn):
        hand_rows: list[dict[str, object]] = []
        entry_rows: list[dict[str, object]] = []
        for row in page:
            try:
                if row.status in NEW_STATUS:
                    _check_new(row)
                    counts["already"] += 1
                    continue
                if row.status not in OLD_STATUS:
                    known = ", ".join([*OLD_STATUS, *NEW_STATUS])
                    raise _Refused(f"its status {row.status!r} is none of {known}")
                status, setup, entries, record = _convert(row, names.get(row.table_id, ""), settings)
            except _Refused as why:
                raise _refused(row, str(why)) from None
            except PokerroomError as err:  # a game or house rule this release does not know, settings refused
                raise _refused(row, str(err)) from None
            hand_rows.append({"b_id": row.id, "b_status": status.value, "b_setup": setup, "b_record": record})
            entry_rows += [
                {"b_hand": row.id, "b_seq": seq, "b_entry": entry}
                for (seq, _), entry in zip(row.entries, entries, strict=True)
            ]
            counts[status.value] += 1
        if hand_rows:
            conn.execute(_UPDATE_HAND, hand_rows)
        if entry_rows:
            conn.execute(_UPDATE_ENTRY, entry_rows)
        counts["journal"] += len(entry_rows)
    return counts


# --- revision 0002 -> 0001 -----------------------------------------------------------------------------------------


def legacy_entry(entry: Mapping[str, Any]) -> dict[str, object]:
    """A journal entry of revision 0002 in revision 0001's form (see the module docstring for what it drops)."""
    decision = decision_from_json(entry)
    timed_out = decision.cause is Cause.TIMEOUT
    if decision.action is None:
        return {"seat": decision.seat, "kind": ARTIFICIAL_ALL_IN, "timed_out": True}
    out: dict[str, object] = {"seat": decision.seat, "kind": decision.action.kind.value}
    if decision.action.amount is not None:
        out["amount"] = decision.action.amount
    if decision.action.cards is not None:
        out["cards"] = list(decision.action.cards)
    if timed_out:
        out["timed_out"] = True
    return out


def legacy_config(config: Mapping[str, Any]) -> dict[str, Any]:
    """A table's settings as revision 0001's release reads them: no ``currency`` (it had none) and
    ``rebuy_only_busted`` false where it is ``None`` (that release had no game default: false)."""
    out = {k: v for k, v in config.items() if k != "currency"}
    if out.get("rebuy_only_busted") is None:
        out["rebuy_only_busted"] = False
    return out


def _layout(setup: Setup) -> dict[str, int | None]:
    """The old set-up's ``layout`` (table seats of the button, small and big blind), rebuilt from the set-up."""
    n = len(setup.seats)
    big = setup.big_blind_seat
    small: int | None = None
    if big is not None:
        for k in [*range(setup.button + 1, n), *range(setup.button + 1)]:
            if k != big and 0 < setup.blinds[k] < setup.blinds[big]:
                small = k
                break
    return {
        "button": setup.seats[setup.button].seat,
        "small_blind": None if small is None else setup.seats[small].seat,
        "big_blind": None if big is None else setup.seats[big].seat,
    }


def legacy_setup(setup: Setup, table_config: Mapping[str, Any]) -> dict[str, object]:
    """A set-up in revision 0001's form; ``table_config`` is the table's stored settings (their house rules
    replaced by the set-up's where they differ in effect).  Raises :class:`_Refused` without a deck seed."""
    if setup.deck.seed is None:
        raise _Refused("it was dealt without a deck seed, which revision 0001's set-up must hold")
    if setup.deck.stream != LEGACY_STREAM:
        raise _Refused(f"it was dealt by the {setup.deck.stream} shuffle, which revision 0001's release cannot deal")
    config = legacy_config(table_config)
    game = find(setup.game)
    given = stored_config(config).rules
    if (game.with_rules(**given) if given else game).changed_rules() != dict(setup.rules):
        config["rules"] = {name: rule_value_json(value) for name, value in setup.rules.items()}
    n = len(setup.seats)
    carries = game.with_rules(**setup.rules).house.odd_chips_carry if setup.rules else game.house.odd_chips_carry
    return {
        "config": config,
        "number": setup.number,
        "seed": setup.deck.seed,
        "players": [[s.seat, s.player, s.stack] for s in setup.seats],
        "layout": _layout(setup),
        "hand": {
            "stacks": list(setup.stacks),
            "button": setup.button,
            "blinds": list(setup.blinds),
            "antes": list(setup.antes),
            "bring_in": setup.bring_in,
            "betting": betting_json(setup.betting),
            "ante_trimming": setup.ante_trimming,
            "auto_showdown": setup.auto_showdown,
            "strict_show_order": setup.strict_show_order,
            "fold_without_bet": setup.fold_without_bet,
            "carried_in": setup.carried_in,
            "last_hand": not (carries and not setup.last_hand),
            "dead": list(setup.dead) if setup.dead else [0] * n,
            "big_blind_seat": setup.big_blind_seat,
        },
    }


def legacy_record(record: HandRecord) -> dict[str, object]:
    """A complete hand's record in revision 0001's form."""
    return {
        "number": record.number,
        "players": [[seat, name] for seat, name in record.players],
        "starting": list(record.starting),
        "final": list(record.final),
        "contributions": list(record.contributions),
        "payouts": list(record.payouts),
        "rake": record.rake,
        "carried_in": record.carried_in,
        "carried_out": record.carried_out,
        "events": [_old_event_json(e) for e in record.events],
    }


def downgrade(conn: Connection) -> dict[str, int]:
    """Write every hand of the database of ``conn`` back in revision 0001's forms, and the tables' settings as
    that release reads them, in ``conn``'s transaction (see the module docstring).  Returns counts as
    :func:`upgrade` does (by old status, ``journal``, ``already``).  Raises
    :class:`~pokerroom.store.migrations.MigrationError` naming the first hand the old forms cannot hold."""
    info = _table_info(conn)
    counts = {"settled": 0, "void": 0, "in_progress": 0, "journal": 0, "already": 0}
    for page in _pages(conn):
        hand_rows: list[dict[str, object]] = []
        entry_rows: list[dict[str, object]] = []
        for row in page:
            if row.status in OLD_STATUS:
                counts["already"] += 1
                continue
            try:
                if row.status not in NEW_STATUS or row.status == Status.CANCELLED.value:
                    raise _Refused(f"revision 0001 has no status for {row.status!r}")
                old_status = NEW_STATUS[Status(row.status)]
                setup = setup_from_json(row.setup)
                old_setup = legacy_setup(setup, info.get(row.table_id, ("", {}))[1])
                entries = [legacy_entry(e) for _, e in row.entries]
                old_record: dict[str, object] | None = None
                if old_status == "settled":
                    if row.record is None:
                        raise _Refused("it is complete but has no record")
                    old_record = legacy_record(record_from_json(row.record))
            except _Refused as why:
                raise _refused(row, str(why)) from None
            except PokerroomError as err:
                raise _refused(row, f"it cannot be read: {err}") from None
            hand_rows.append({"b_id": row.id, "b_status": old_status, "b_setup": old_setup, "b_record": old_record})
            entry_rows += [
                {"b_hand": row.id, "b_seq": seq, "b_entry": entry}
                for (seq, _), entry in zip(row.entries, entries, strict=True)
            ]
            counts[old_status] += 1
        if hand_rows:
            conn.execute(_UPDATE_HAND, hand_rows)
        if entry_rows:
            conn.execute(_UPDATE_ENTRY, entry_rows)
        counts["journal"] += len(entry_rows)
    for table_id, (_, config) in info.items():
        if isinstance(config, Mapping) and legacy_config(config) != config:
            conn.execute(update(_tables).where(_tables.c.id == table_id).values(config=legacy_config(config)))
    return counts
