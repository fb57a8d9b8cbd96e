"""A :class:`~pokerroom.room.record.HandRecord` as JSON and back: what the store keeps and the server sends.

Actions and events use the one codec of :mod:`pokerroom.engine.codec`.  The record is an object with
``version`` (:data:`VERSION`), ``status``, ``reason``, ``viewer``, ``setup``, ``events`` and ``result``; a set-up
alone (a hand in progress: set-up plus the journal of its actions) is :func:`setup_json`.  Amounts are integer
chips; ``unit`` is a decimal string; ``started_at`` an ISO 8601 time in UTC; house-rule values as their text
(enums) or lists (tuples).  Reading checks every field and raises :class:`~pokerroom.errors.RecordError` naming
the one that is wrong; ``setup_from_json(setup_json(s)) == s`` and likewise for records.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from datetime import datetime
from decimal import Decimal, InvalidOperation
from enum import Enum
from typing import Any

from pokerroom.chips import whole_number
from pokerroom.engine.codec import event_from_json, event_json
from pokerroom.errors import PokerroomError, RecordError
from pokerroom.games import Betting, Limit
from pokerroom.room.rake import RakeSchedule, TableRake
from pokerroom.room.record import LEGACY_STREAM, Deck, HandRecord, PotResult, Result, SeatRecord, Setup, Status

__all__ = [
    "VERSION",
    "betting_from_json",
    "betting_json",
    "record_from_json",
    "record_json",
    "rule_value_from_json",
    "rule_value_json",
    "setup_from_json",
    "setup_json",
]

VERSION = 1
"""The version of the record's JSON form; a record of another version is refused."""


def rule_value_json(value: object) -> object:
    """A house-rule value as JSON holds it: enums as their text, tuples as lists (any depth)."""
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple | list):
        return [rule_value_json(v) for v in value]
    return value


def rule_value_from_json(value: object) -> object:
    """A house-rule value as JSON gave it back, in the form ``Game.with_rules`` takes: lists (any depth) become
    tuples (``blinds``, club lowball's ``ranges``); other values are as they are."""
    return tuple(rule_value_from_json(v) for v in value) if isinstance(value, list) else value


def betting_json(b: Betting) -> dict[str, object]:
    """A betting structure as JSON (every field of :class:`~pokerroom.games.Betting`)."""
    return {
        "limit": b.limit.value, "min_bet": b.min_bet, "bet_sizes": list(b.bet_sizes), "cap": b.cap,
        "covering_bet_needs_full_raise": b.covering_bet_needs_full_raise, "round_max": b.round_max,
        "match_last": b.match_last, "min_raise": b.min_raise,
    }  # fmt: skip


_KIND_WORDS: dict[type, str] = {
    int: "a whole number",
    str: "text",
    list: "a list",
    dict: "an object",
    bool: "true or false",
    float: "a number",
}


def _field(data: Mapping[str, Any], key: str, kind: type | tuple[type, ...], *, optional: bool = False) -> Any:
    if not isinstance(data, Mapping):
        raise RecordError(f"expected a JSON object holding {key!r}, not {data!r}", field=key)
    if key not in data:
        if optional:
            return None
        raise RecordError(f"the record has no {key!r}", field=key)
    value = data[key]
    if value is None and optional:
        return None
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
        names = " or ".join(_KIND_WORDS.get(k, k.__name__) for k in kinds)
        raise RecordError(f"{key!r} must be {names}, not {value!r}", field=key)
    return value


def _ints(data: Mapping[str, Any], key: str, *, optional: bool = False) -> tuple[int, ...]:
    value = _field(data, key, list, optional=optional)
    if value is None:
        return ()
    if not all(whole_number(v) for v in value):
        raise RecordError(f"{key!r} must be a list of whole numbers, not {value!r}", field=key)
    return tuple(value)


def betting_from_json(data: Mapping[str, Any]) -> Betting:
    """The inverse of :func:`betting_json`.  Raises :class:`~pokerroom.errors.RecordError`."""
    try:
        return Betting(
            Limit(_field(data, "limit", str)),
            min_bet=_field(data, "min_bet", int),
            bet_sizes=_ints(data, "bet_sizes"),
            cap=_field(data, "cap", int, optional=True),
            covering_bet_needs_full_raise=_field(data, "covering_bet_needs_full_raise", bool),
            round_max=_field(data, "round_max", int, optional=True),
            match_last=_field(data, "match_last", bool),
            min_raise=_field(data, "min_raise", int, optional=True),
        )
    except RecordError:
        raise
    except (PokerroomError, ValueError) as err:
        raise RecordError(f"'betting' is not a betting structure: {err}", field="betting") from None


def _rake_json(rake: TableRake) -> dict[str, object]:
    schedule = {k: rule_value_json(v) for k, v in dataclasses.asdict(rake.schedule).items()}
    return {"schedule": schedule, "cents_per_chip": rake.cents_per_chip}


def _rake_from_json(data: Mapping[str, Any]) -> TableRake:
    raw = _field(data, "schedule", dict)
    try:
        schedule = RakeSchedule(
            id=_field(raw, "id", str),
            unit=_field(raw, "unit", int),
            unit_rake=_field(raw, "unit_rake", int),
            caps=tuple(tuple(row) for row in _field(raw, "caps", list)),
            small_pot=None if raw.get("small_pot") is None else tuple(_ints(raw, "small_pot")),  # type: ignore[arg-type]
        )
        return TableRake(schedule, _field(data, "cents_per_chip", int))
    except RecordError:
        raise
    except (PokerroomError, TypeError, ValueError) as err:
        raise RecordError(f"'rake' is not a rake schedule: {err}", field="rake") from None


def setup_json(setup: Setup) -> dict[str, object]:
    """A set-up as JSON (see the module docstring)."""
    return {
        "game": setup.game,
        "rules": {name: rule_value_json(value) for name, value in setup.rules.items()},
        "betting": betting_json(setup.betting),
        "stakes": setup.stakes,
        "seats": [[s.seat, s.player, s.stack] for s in setup.seats],
        "button": setup.button,
        "blinds": list(setup.blinds),
        "antes": list(setup.antes),
        "bring_in": setup.bring_in,
        "dead": list(setup.dead),
        "big_blind_seat": setup.big_blind_seat,
        "ante_trimming": setup.ante_trimming,
        "fold_without_bet": setup.fold_without_bet,
        "auto_showdown": setup.auto_showdown,
        "strict_show_order": setup.strict_show_order,
        "carried_in": setup.carried_in,
        "last_hand": setup.last_hand,
        "rake": None if setup.rake is None else _rake_json(setup.rake),
        "unit": str(setup.unit),
        "currency": setup.currency,
        "table_id": setup.table_id,
        "table_name": setup.table_name,
        "number": setup.number,
        "started_at": None if setup.started_at is None else setup.started_at.isoformat(),
        "deck": _deck_json(setup.deck),
    }


def _deck_json(deck: Deck) -> dict[str, Any]:
    return {
        "stream": deck.stream,
        "seed": deck.seed,
        "server_seed": deck.server_seed,
        "client_seeds": [[seat, text] for seat, text in deck.client_seeds],
        "seed_hash": deck.seed_hash,
        "root": deck.root,
    }


_HEX64 = frozenset("0123456789abcdef")


def _hex(deck: Mapping[str, Any], key: str) -> str | None:
    value: str | None = _field(deck, key, str, optional=True)
    if value is not None and (len(value) != 64 or not set(value) <= _HEX64):
        raise RecordError(f"deck {key!r} must be 64 lower-case hex digits (32 bytes), not {value!r}", field=key)
    return value


def _deck_from_json(deck: Mapping[str, Any]) -> Deck:
    # A deck stored before the provable shuffle names no stream: its seed was for the earlier generator.
    stream = _field(deck, "stream", str, optional=True) or LEGACY_STREAM
    seeds = _field(deck, "client_seeds", list, optional=True) or []
    client: list[tuple[int, str]] = []
    for item in seeds:
        if not (isinstance(item, list) and len(item) == 2 and whole_number(item[0]) and isinstance(item[1], str)):
            raise RecordError(f"a client seed is [table seat, text], not {item!r}", field="client_seeds")
        client.append((item[0], item[1]))
    return Deck(
        seed=_field(deck, "seed", int, optional=True),
        server_seed=_hex(deck, "server_seed"),
        client_seeds=tuple(client),
        seed_hash=_hex(deck, "seed_hash"),
        root=_hex(deck, "root"),
        stream=stream,
    )


def _seats(raw: Sequence[Any]) -> tuple[SeatRecord, ...]:
    out: list[SeatRecord] = []
    for row in raw:
        if (
            not isinstance(row, list)
            or len(row) != 3
            or not isinstance(row[1], str)
            or not all(whole_number(x) for x in (row[0], row[2]))
        ):
            raise RecordError(f"'seats' must be [seat, player, stack] rows, not {row!r}", field="seats")
        out.append(SeatRecord(row[0], row[1], row[2]))
    return tuple(out)


def setup_from_json(data: Mapping[str, Any]) -> Setup:
    """The inverse of :func:`setup_json`.  Raises :class:`~pokerroom.errors.RecordError` naming the field; a
    game or house rule this release does not know raises :class:`~pokerroom.errors.UnsupportedRule`."""
    raw_unit = _field(data, "unit", str)
    try:
        unit = Decimal(raw_unit)
    except InvalidOperation:
        raise RecordError(f"'unit' must be a decimal number such as '0.01', not {raw_unit!r}", field="unit") from None
    started = _field(data, "started_at", str, optional=True)
    try:
        started_at = None if started is None else datetime.fromisoformat(started)
    except ValueError:
        raise RecordError(f"'started_at' must be an ISO 8601 time, not {started!r}", field="started_at") from None
    deck = _field(data, "deck", dict)
    rake = _field(data, "rake", dict, optional=True)
    rules = {name: rule_value_from_json(value) for name, value in _field(data, "rules", dict).items()}
    setup = Setup(
        game=_field(data, "game", str),
        rules=rules,
        betting=betting_from_json(_field(data, "betting", dict)),
        stakes=_field(data, "stakes", str),
        seats=_seats(_field(data, "seats", list)),
        button=_field(data, "button", int),
        blinds=_ints(data, "blinds"),
        antes=_ints(data, "antes"),
        bring_in=_field(data, "bring_in", int),
        dead=_ints(data, "dead"),
        big_blind_seat=_field(data, "big_blind_seat", int, optional=True),
        ante_trimming=_field(data, "ante_trimming", bool),
        fold_without_bet=_field(data, "fold_without_bet", bool),
        auto_showdown=_field(data, "auto_showdown", bool),
        strict_show_order=_field(data, "strict_show_order", bool),
        carried_in=_field(data, "carried_in", int),
        last_hand=_field(data, "last_hand", bool),
        rake=None if rake is None else _rake_from_json(rake),
        unit=unit,
        currency=_field(data, "currency", str, optional=True),
        table_id=_field(data, "table_id", int, optional=True),
        table_name=_field(data, "table_name", str, optional=True),
        number=_field(data, "number", int, optional=True),
        started_at=started_at,
        deck=_deck_from_json(deck),
    )
    # The rules as the game holds them (enums, tuples), so that a record read back equals the one written.
    return dataclasses.replace(setup, rules=setup.the_game().changed_rules())


def _result_json(result: Result) -> dict[str, object]:
    return {
        "pots": [
            {"amount": p.amount, "eligible": list(p.eligible), "winners": [list(w) for w in p.winners],
             "rake": p.rake, "text": p.text}
            for p in result.pots
        ],
        "final": list(result.final),
        "contributions": list(result.contributions),
        "payouts": list(result.payouts),
        "rake": result.rake,
        "carried_out": result.carried_out,
    }  # fmt: skip


def _result_from_json(data: Mapping[str, Any]) -> Result:
    pots: list[PotResult] = []
    for raw in _field(data, "pots", list):
        winners = _field(raw, "winners", list)
        if not all(isinstance(w, list) and len(w) == 2 and all(type(x) is int for x in w) for w in winners):
            raise RecordError(f"'winners' must be [seat, chips] pairs, not {winners!r}", field="winners")
        pots.append(
            PotResult(
                _field(raw, "amount", int),
                _ints(raw, "eligible"),
                tuple((w[0], w[1]) for w in winners),
                _field(raw, "rake", int),
                _field(raw, "text", str, optional=True),
            )
        )
    return Result(
        tuple(pots),
        _ints(data, "final"),
        _ints(data, "contributions"),
        _ints(data, "payouts"),
        _field(data, "rake", int),
        _field(data, "carried_out", int),
    )


def record_json(record: HandRecord) -> dict[str, object]:
    """A record as JSON (see the module docstring)."""
    return {
        "version": VERSION,
        "status": record.status.value,
        "reason": record.reason,
        "viewer": record.viewer,
        "setup": setup_json(record.setup),
        "events": [event_json(e) for e in record.events],
        "result": None if record.result is None else _result_json(record.result),
    }


def record_from_json(data: Mapping[str, Any]) -> HandRecord:
    """The inverse of :func:`record_json`.  Raises :class:`~pokerroom.errors.RecordError` naming the field
    (a record of another ``version`` too)."""
    version = _field(data, "version", int)
    if version != VERSION:
        raise RecordError(f"this release reads hand records of version {VERSION}, not {version}", field="version")
    raw_status = _field(data, "status", str)
    try:
        status = Status(raw_status)
    except ValueError:
        allowed = [s.value for s in Status]
        raise RecordError(
            f"'status' must be one of {', '.join(allowed)}, not {raw_status!r}", field="status", allowed=allowed
        ) from None
    result = _field(data, "result", dict, optional=True)
    return HandRecord(
        setup=setup_from_json(_field(data, "setup", dict)),
        events=tuple(event_from_json(e) for e in _field(data, "events", list)),
        status=status,
        result=None if result is None else _result_from_json(result),
        reason=_field(data, "reason", str, optional=True),
        viewer=_field(data, "viewer", int, optional=True),
    )
