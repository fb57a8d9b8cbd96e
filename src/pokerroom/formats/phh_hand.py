"""Write a hand record (:class:`~pokerroom.room.record.HandRecord`) of any game as a PHH record, from its event list
(DESIGN habit 4); :func:`from_hand` writes a played :class:`~pokerroom.engine.Hand` through its record.

The variant is the PHH code when PHH has one for the game and limit (:data:`CODES`: ``NT``, ``FT``, ``PO``, ``NS``,
``FO/8``, ``F7S``, ``F7S/8``, ``FR``, ``N2L1D``, ``F2L3D``) and the game plays by its registered rules; otherwise it
is our game id (``soko``, ``five-card-draw``, ...) with extension keys, all starting with ``_`` as PHH allows
(``docs/phh.md`` describes them for people who write such files by hand):

* ``_limit``: the limit structure (``'no'``, ``'pot'``, ``'half-pot'``, ``'fixed'``, ``'spread'``);
* ``_house_rules``: a table of the house-rule values that differ from the game's registered ones;
* ``_betting``: a table of the betting-structure fields that differ from what the game builds from the standard
  fields (spread limit: always its round maxima ``bet_sizes``);
* ``_fold_without_bet``: when the hand differs from the game about folding with nothing to call;
* ``_carried_in``, ``_last_hand``, ``_carried``: chips a previous hand left in the pot, the evening's last hand
  (odd chips paid out, not carried) and the odd chips this hand leaves for the next one (the club games);
* ``_dead``: the dead money each player posted (a missed small blind, the club's new-player fee), a list by
  position like ``antes``;
* a live big blind posted out of position (a new player, RULES §3.4) is a negative ``blinds_or_straddles`` entry,
  PHH's post: paid live at its size, while the big blind in position and who opens come from the other entries
  (``_big_blind_seat = 'p3'``, which older records carry, is still read);
* ``_status`` and ``_reason``: a hand that was voided (RULES §3.8) or cancelled, and why;
* ``_rake``: the house's cut at settlement: ``schedule`` (a RULES §3.10 table, with ``cents_per_unit``) when the
  hand was raked by a room table's schedule, ``amount`` (the rake taken, which the replay checks) and ``pots``
  (what each pot gave, only when the split is not in proportion to the pots, A-3.10-4).

An action the table made for a player whose time ran out carries the comment ``# timed out`` (a draw ``pN sd #
timed out`` stood pat; a fold ``pN f # timed out``); pressing split in 32-card draw (a check that proposes or
accepts splitting the pot) ``pN cc # split``, and an all-in player declining it ``pN cc``; disconnect protection
(RULES §3.7: the player stays in for the chips already in) ``pN cc # artificial all-in``.

Seats map to PHH players from the button or dealer box (PHH-NOTES "Seats"): ``p1`` is the first seat left of it
and ``pN`` the button itself (heads-up the blind and ante lists are written in reverse order).  In stud the first
deal of a player holds the down and up cards of the first street together (``d dh p1 4c8dKs``); later streets one
card each.  In draw games a draw is ``pN sd CARDS`` (none: stand pat) followed by ``d dh pN NEW``.  Amounts are
written in chips times the record's ``unit`` (1 by default).  A record redacted for a seat
(:meth:`HandRecord.view <pokerroom.room.record.HandRecord.view>`; ``from_hand(..., seat=)``) is written as that seat
sees it: other seats' down cards and discards appear as ``??`` unless they were shown at the showdown; up cards are
public.

>>> from pokerroom.engine import Action, ScriptedCards
>>> from pokerroom.games import find
>>> hand = find("holdem").deal(stacks=[100, 100], button=0, blinds=(1, 2),
...                            cards=ScriptedCards({0: "AsAh", 1: "7c2d"}, "KdQd3s4h9c"))
>>> _ = hand.act(Action.fold(), 0)
>>> rec = from_hand(hand)
>>> rec.variant, rec.blinds_or_straddles, rec.actions
('NT', (Decimal('1'), Decimal('2')), ('d dh p1 7c2d', 'd dh p2 AsAh', 'p2 f'))
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from datetime import UTC, date, datetime, time
from decimal import Decimal
from enum import Enum
from typing import Any

from pokerroom.cards import format_cards
from pokerroom.chips import whole_number
from pokerroom.engine import EventType, Hand
from pokerroom.engine.order import largest_blind_seat
from pokerroom.errors import PHHError, UnsupportedRule
from pokerroom.formats.phh import BUTTON_VARIANTS, PHHHand
from pokerroom.formats.phh_actions import plain_amount
from pokerroom.formats.phh_extensions import BETTING_AMOUNTS
from pokerroom.formats.replay import (
    ARTIFICIAL_ALL_IN,
    CODES,
    SPLIT,
    TIMED_OUT,
    base_betting,
    record_unit,
    replay,
    rules_game,
)
from pokerroom.games import Betting, Family, Game, Limit
from pokerroom.room.rake import SCHEDULES, split_rake
from pokerroom.room.record import HandRecord, SeatRecord, Setup, Status, record_of

__all__ = [
    "ARTIFICIAL_ALL_IN",
    "CODES",
    "SPLIT",
    "TIMED_OUT",
    "extension_keys",
    "from_hand",
    "from_record",
    "header_keys",
    "to_record",
    "variant_code",
]

_SKIPPED = frozenset(
    (
        EventType.POST_ANTE, EventType.POST_BLIND, EventType.POST_DEAD, EventType.UNCALLED, EventType.RAKE,
        EventType.POT, EventType.WIN, EventType.HAND_END,
        EventType.RESHUFFLE,  # PHH has no notation for it: the cards dealt after it ('d dh') say what came
    )
)  # fmt: skip
"""Events a PHH record holds in its fields (forced bets, dead money, the rake), that follow from the actions
(pots, the end), or that PHH has no notation for (the stub reshuffled for a draw, RULES §2.5)."""


def variant_code(hand: Hand | HandRecord) -> str:
    """The PHH variant code of a hand's (or a record's) game and limit; raises
    :class:`~pokerroom.errors.UnsupportedRule` when PHH has none (:func:`from_record` then writes the game id with
    extension keys)."""
    if isinstance(hand, HandRecord):
        game, limit = hand.setup.game, hand.setup.limit
    else:
        game, limit = hand.game.id, hand.betting.limit
    code = CODES.get((game, limit))
    if code is None:
        raise UnsupportedRule(
            f"PHH has no variant code for {game} at {limit.value} limit; "
            f"codes: {', '.join(f'{c} ({g} {lim.value})' for (g, lim), c in CODES.items())}"
        )
    return code


def _plain(value: object) -> object:
    """A house-rule or betting value as TOML can hold it: enums as their text, tuples as lists, ``None`` as
    ``'none'``."""
    if value is None:
        return "none"
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if isinstance(value, bool | int | str | Decimal | float):
        return value
    raise UnsupportedRule(f"cannot write the value {value!r} in a PHH file")


def _house_rules(setup: Setup) -> dict[str, object]:
    """The house-rule values of the set-up's game that differ from its registered form, by rule name, checked to
    read back as the same game."""
    out = dict(setup.rules)
    if out and rules_game(setup.game, {k: _plain(v) for k, v in out.items()}) != setup.the_game():
        raise UnsupportedRule(f"the house rules {out} of {setup.game} do not read back as written in PHH")
    return out


def _scaled(name: str, value: object, unit: Decimal) -> object:
    if name not in BETTING_AMOUNTS or value is None:
        return _plain(value)
    if isinstance(value, tuple):
        return [Decimal(v) * unit for v in value]
    assert isinstance(value, int)
    return Decimal(value) * unit


def _betting_extension(game: Game, betting: Betting, unit: Decimal) -> dict[str, object]:
    """The betting fields the reader cannot rebuild from the standard fields and the game (amounts in file
    units); spread limit always writes its round maxima ``bet_sizes``, which PHH has no field for."""
    fixed = betting.limit is Limit.FIXED
    if fixed:
        base = base_betting(game, betting.limit, small_bet=betting.bet_sizes[0], big_bet=betting.bet_sizes[-1])
    else:
        base = base_betting(game, betting.limit, min_bet=betting.min_bet)
    out: dict[str, object] = {}
    for f in dataclasses.fields(Betting):
        name = f.name
        if name == "limit" or (name == "min_bet" and not fixed):
            continue  # the variant or _limit, and the standard field min_bet
        value = getattr(betting, name)
        if value != getattr(base, name) or (name == "bet_sizes" and betting.limit is Limit.SPREAD):
            out[name] = _scaled(name, value, unit)
    return out


def _order(setup: Setup) -> list[int]:
    """The engine seat of each PHH position: ``p1`` is the first seat after the button (or the dealer box)."""
    n = len(setup.seats)
    return [(setup.button + 1 + k) % n for k in range(n)]


def _by_position(setup: Setup, values: Sequence[int]) -> list[Decimal]:
    """Per-seat amounts as a PHH list in the set-up's unit: by position, in reverse order heads-up (as the
    blinds)."""
    out = [Decimal(values[s]) * setup.unit for s in _order(setup)]
    return out[::-1] if len(setup.seats) == 2 else out


def _signed_blinds(setup: Setup) -> list[int]:
    """The set-up's blinds as PHH writes them: a live big blind posted out of position (RULES §3.4) is a negative
    entry, a post, so that a reader finds the big blind in position (and who opens) from the others, as
    :func:`~pokerroom.engine.order.largest_blind_seat` does."""
    blinds, big = list(setup.blinds), setup.big_blind_seat
    if big is None or big == largest_blind_seat(blinds, setup.button):
        return blinds
    return [-b if s != big and b >= blinds[big] else b for s, b in enumerate(blinds)]


def _rake_keys(record: HandRecord) -> dict[str, Any]:
    """The ``_rake`` table: the schedule when a room table's rake of RULES §3.10 took it, the amount once the
    hand is settled, and each pot's part when it was not split in proportion to the pots (A-3.10-4)."""
    setup, result = record.setup, record.result
    rule, unit = setup.rake, setup.unit
    rake = result.rake if result is not None else 0
    out: dict[str, Any] = {}
    if rule is not None:
        cents = Decimal(rule.cents_per_chip) / unit
        if SCHEDULES.get(rule.schedule.id) == rule.schedule and cents * unit == rule.cents_per_chip:
            out["schedule"] = rule.schedule.id  # exact: what 1 in the file is worth
            if cents != 1:
                out["cents_per_unit"] = int(cents) if cents == cents.to_integral_value() else cents.normalize()
        elif not rake:
            return {}
    elif not rake:
        return {}  # not raked (or not yet): nothing to record
    if result is None or record.status is not Status.COMPLETE:
        return out
    out["amount"] = Decimal(rake) * unit
    if rake and "schedule" not in out:
        taken = [p.rake for p in result.pots]
        if taken != split_rake(rake, [p.amount + p.rake for p in result.pots]):
            out["pots"] = [Decimal(t) * unit for t in taken]
    return out


def _room_keys(record: HandRecord) -> dict[str, Any]:
    """``_dead`` and ``_rake``: what a room table adds to a hand (RULES §3.5, §3.10); a posted big blind is a
    negative blind entry (:func:`_signed_blinds`)."""
    setup = record.setup
    out: dict[str, Any] = {}
    if any(setup.dead):
        out["_dead"] = _by_position(setup, setup.dead)
    rake = _rake_keys(record)
    if rake:
        out["_rake"] = rake
    return out


def extension_keys(record: HandRecord) -> tuple[str, dict[str, Any]]:
    """The variant (a PHH code or our game id) and the extension keys (``_limit``, ``_house_rules``, ...) that
    record the hand's game, limit and options; see the module docstring."""
    setup = record.setup
    game, betting, unit = setup.the_game(), setup.betting, setup.unit
    rules = _house_rules(setup)
    extra: dict[str, Any] = {}
    if rules:
        extra["_house_rules"] = {k: _plain(v) for k, v in rules.items()}
    bets = _betting_extension(game, betting, unit)
    if bets:
        extra["_betting"] = bets
    if setup.fold_without_bet != game.house.fold_without_bet:
        extra["_fold_without_bet"] = setup.fold_without_bet
    if setup.carried_in:
        extra["_carried_in"] = Decimal(setup.carried_in) * unit
    if setup.last_hand:
        extra["_last_hand"] = True
    carried = record.result.carried_out if record.result is not None else 0
    if carried:
        extra["_carried"] = Decimal(carried) * unit
    extra.update(_room_keys(record))
    if record.status is Status.VOIDED or record.status is Status.CANCELLED:
        extra["_status"] = record.status.value
        if record.reason:
            extra["_reason"] = record.reason
    code = CODES.get((game.id, betting.limit))
    if code is not None and not extra:
        return code, {}
    return game.id, {"_limit": betting.limit.value, **extra}


def from_hand(hand: Hand, *, unit: Decimal = Decimal(1), seat: int | None = None) -> PHHHand:
    """The PHH record of a played ``hand`` (finished or not; ``finishing_stacks`` only once it is complete), in
    chips times ``unit``; ``seat`` writes it from that seat's view (hidden cards as ``??``).  Through its hand
    record: :func:`from_record` of :func:`~pokerroom.room.record.record_of`."""
    record = record_of(hand, unit=unit)
    return from_record(record.view(seat) if seat is not None else record)


def from_record(record: HandRecord, *, hand_id: int | None = None, seat_count: int | None = None) -> PHHHand:
    """The PHH record of ``record`` (``finishing_stacks`` only once it is complete), amounts in its set-up's
    ``unit``, cards as the record holds them (a seat's view keeps other seats' hidden cards as ``??``), with the
    header fields of :func:`header_keys` (``hand_id``: the store's id of the hand, ``_hand_id``; ``seat_count``:
    the table's size, PHH's field, which a PokerStars header's ``6-max`` is written from).  Raises
    :class:`~pokerroom.errors.UnsupportedRule` for what PHH and its extension keys cannot express (an event
    this writer does not know, a rake whose parts cannot be told again)."""
    setup = record.setup
    unit = setup.unit
    variant, extra = extension_keys(record)
    order = _order(setup)  # PHH position -> engine seat
    player = {s: i + 1 for i, s in enumerate(order)}

    def by_position(values: Sequence[int]) -> tuple[Decimal, ...]:
        return tuple(_by_position(setup, values))

    actions: list[str] = []
    # Deals of one street are written per player: a player's down cards and the up card(s) dealt right after
    # them on the same street (stud's first street) form one 'd dh'.
    group: dict[int, tuple[list[int], bool]] = {}  # seat -> (cards, got up cards)

    def flush() -> None:
        for s, (cards, _) in group.items():
            actions.append(f"d dh p{player[s]} {format_cards(cards)}")
        group.clear()

    for e in record.events:
        t = e.type
        if t is EventType.DEAL_HOLE or t is EventType.DEAL_UP:
            assert e.seat is not None and e.cards is not None
            up = t is EventType.DEAL_UP
            cards = list(e.cards)
            held = group.get(e.seat)
            if held is not None and (held[1] or not up):  # a new street for this seat
                flush()
                held = None
            if held is None:
                group[e.seat] = (cards, up)
            else:
                held[0].extend(cards)
                group[e.seat] = (held[0], True)
            continue
        flush()
        if t in _SKIPPED:
            continue
        if t is EventType.DEAL_BOARD:
            assert e.cards is not None
            actions.append(f"d db {format_cards(e.cards)}")
            continue
        assert e.seat is not None, e
        p = f"p{player[e.seat]}"
        timed = f" # {TIMED_OUT}" if e.text == TIMED_OUT else ""  # the table acted for a player out of time
        if t is EventType.FOLD:
            actions.append(f"{p} f{timed}")
        elif t is EventType.CHECK or t is EventType.CALL:
            actions.append(f"{p} cc{timed}")
        elif t is EventType.BET or t is EventType.RAISE:
            assert e.to is not None
            actions.append(f"{p} cbr {plain_amount(Decimal(e.to) * unit)}")
        elif t is EventType.BRING_IN:
            actions.append(f"{p} pb{timed}")
        elif t is EventType.DRAW:
            discards = e.cards or ()
            text = f"{p} sd {format_cards(discards)}" if discards else f"{p} sd"
            actions.append(text + timed)
        elif t is EventType.SPLIT:  # a check that presses split, or an all-in player's answer (RULES G15)
            actions.append(f"{p} cc" if e.text == "declines" else f"{p} cc # {SPLIT}")
        elif t is EventType.SHOW:
            assert e.cards is not None
            actions.append(f"{p} sm {format_cards(e.cards)}")
        elif t is EventType.MUCK:
            actions.append(f"{p} sm{timed}")
        elif t is EventType.ARTIFICIAL_ALL_IN:  # disconnect protection (RULES §3.7): in for what is in
            actions.append(f"{p} cc # {ARTIFICIAL_ALL_IN}")
        else:
            raise UnsupportedRule(f"PHH writing does not know the event {t.value!r} ({e})")
    flush()
    betting = setup.betting
    fixed = betting.limit is Limit.FIXED
    stud = setup.the_game().family is Family.STUD
    result = record.result
    complete = record.status is Status.COMPLETE and result is not None
    finishing = tuple(Decimal(result.final[s]) * unit for s in order) if complete and result else None
    phh = PHHHand(
        variant=variant,
        ante_trimming_status=setup.ante_trimming,
        antes=by_position(setup.antes),
        blinds_or_straddles=by_position(_signed_blinds(setup))
        if any(setup.blinds) or variant in BUTTON_VARIANTS
        else None,
        bring_in=Decimal(setup.bring_in) * unit if stud else None,
        small_bet=Decimal(betting.bet_sizes[0]) * unit if fixed else None,
        big_bet=Decimal(betting.bet_sizes[-1]) * unit if fixed else None,
        min_bet=None if fixed else Decimal(betting.min_bet) * unit,
        starting_stacks=tuple(Decimal(setup.stacks[s]) * unit for s in order),
        actions=tuple(actions),
        finishing_stacks=finishing,
        players=_names(setup, order),
        extra={
            **extra,
            **header_keys(setup, order, hand_id=hand_id),
            **({"seat_count": seat_count} if seat_count else {}),
        },
    )
    if record_unit(phh) != unit:
        # The reader would replay in a larger unit (every amount a multiple of it), where odd chips and the
        # game's own chip constants come out differently: name the chip.
        phh = dataclasses.replace(phh, extra={**extra, "_chip_unit": unit})
    return phh


def _default_names(n: int) -> tuple[str, ...]:
    """The names :func:`~pokerroom.room.record.record_of` gives the seats of a hand played without a table."""
    return tuple(f"p{k + 1}" for k in range(n))


def _names(setup: Setup, order: Sequence[int]) -> tuple[str, ...] | None:
    """PHH's ``players`` by position, when the seats have names of their own."""
    names = setup.players
    return None if names == _default_names(len(names)) else tuple(names[s] for s in order)


def header_keys(setup: Setup, order: Sequence[int], *, hand_id: int | None = None) -> dict[str, Any]:
    """PHH's optional header fields of a room table's hand (one place for every PHH the room writes: a player's
    download and ``pokerroom export``): ``table`` (the table's name), ``hand`` (the table's hand number),
    ``seats`` (1-based table seats, by position ``order``: PHH position -> engine seat), ``currency``, the start
    time in UTC as ``year``, ``month``, ``day``, ``time`` (a TOML local time, whole seconds) and
    ``time_zone = 'UTC'``, and ``_hand_id`` (the store's id of the hand, ``hand_id``).  Only the fields the
    set-up has: none for a hand played without a table."""
    out: dict[str, Any] = {}
    started = setup.started_at
    if started is not None:
        at = started.astimezone(UTC) if started.tzinfo is not None else started  # naive: already UTC
        out.update(
            year=at.year, month=at.month, day=at.day, time=at.time().replace(microsecond=0, tzinfo=None),
            time_zone="UTC",
        )  # fmt: skip
    if setup.table_name is not None:
        out["table"] = setup.table_name
    if setup.number is not None:
        out["hand"] = setup.number
    if setup.table_name is not None or setup.table_id is not None:
        out["seats"] = [setup.seats[s].seat + 1 for s in order]
    if setup.currency is not None:
        out["currency"] = setup.currency
    if hand_id is not None:
        out["_hand_id"] = hand_id
    return out


def to_record(phh: PHHHand, *, unit: Decimal | None = None) -> HandRecord:
    """The hand record of a PHH hand (``docs/phh.md``): replayed through the engine in the file's chip unit (or
    ``unit``), each seat named by the file's ``players`` and numbered by its ``seats`` (1-based; else ``p1``...
    at their positions), with its ``table``, ``hand`` number and ``currency`` where the file gives them.  Status:
    ``voided`` or ``cancelled`` as the file's ``_status`` says, ``complete`` when the actions reach the end of
    the hand, ``incomplete`` when they stop before.  Raises :class:`~pokerroom.errors.PHHError` naming the hand
    and the reason when it cannot be replayed (a replay whose final stacks differ from the file's still gives
    the record the rules make)."""
    result = replay(phh, unit=unit)
    hand = result.hand
    if hand is None or result.status == "error":
        raise PHHError(f"{phh.where}: {result.message}")
    used = unit if unit is not None else record_unit(phh)
    n = hand.n
    names = phh.players if phh.players is not None and len(phh.players) == n else _default_names(n)
    raw_seats = phh.extra.get("seats")
    numbers = (
        [int(x) - 1 for x in raw_seats]
        if isinstance(raw_seats, list) and len(raw_seats) == n and all(isinstance(x, int) for x in raw_seats)
        else list(range(n))
    )
    seats = [SeatRecord(numbers[k], names[k], hand.starting_stacks[k]) for k in range(n)]  # engine seat k is p(k+1)
    status = {"voided": Status.VOIDED, "cancelled": Status.CANCELLED}.get(str(phh.extra.get("_status")))
    if status is None:
        status = Status.COMPLETE if hand.is_complete else Status.INCOMPLETE
    table, number, currency = phh.extra.get("table"), phh.extra.get("hand"), phh.extra.get("currency")
    return record_of(
        hand,
        seats=seats,
        status=status,
        reason=phh.extra.get("_reason"),
        unit=used,
        currency=currency if isinstance(currency, str) else None,
        table_name=None if table is None else str(table),
        number=number if whole_number(number) else None,
        started_at=_started_at(phh.extra),
    )


def _started_at(extra: dict[str, Any]) -> datetime | None:
    """The start time of a hand written with :func:`header_keys`' fields in UTC (``year``, ``month``, ``day``,
    ``time``, ``time_zone = 'UTC'``); ``None`` when any is missing, of another zone or not a real moment."""
    year, month, day, at = (extra.get(k) for k in ("year", "month", "day", "time"))
    if extra.get("time_zone") != "UTC" or not isinstance(at, time) or at.tzinfo is not None:
        return None
    if not (whole_number(year) and whole_number(month) and whole_number(day)):
        return None
    try:
        return datetime.combine(date(year, month, day), at, tzinfo=UTC)
    except (ValueError, OverflowError):
        return None
