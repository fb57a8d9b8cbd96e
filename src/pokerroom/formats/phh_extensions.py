"""The extension keys a PHH record may carry beyond PHH's own fields (``docs/phh.md``): ``_betting``, ``_dead``,
``_big_blind_seat`` and ``_rake``, read into what the engine takes, and the amounts they hold, which count toward
the record's chip unit.  :mod:`pokerroom.formats.replay` sets a hand up with them; :mod:`pokerroom.formats.phh_hand`
writes them.  Each reader raises :class:`~pokerroom.errors.UnsupportedRule` naming the key for a value it cannot
take.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal
from typing import TypeGuard

from pokerroom.engine.pots import RakeRule
from pokerroom.errors import UnsupportedRule

__all__ = [
    "AMOUNT_KEYS",
    "BETTING_AMOUNTS",
    "RAKE_FIELDS",
    "RAKE_FROM",
    "Convert",
    "by_position",
    "extension_amounts",
    "is_amount",
    "main_first",
    "read_betting_value",
    "read_big_blind_seat",
    "read_dead",
    "read_rake",
]

Convert = Callable[[Decimal], int]
"""An amount of the file in integer chips of the replay's unit (the replay's converter)."""

_ZERO = Decimal(0)


RAKE_FIELDS: frozenset[str] = frozenset(("schedule", "cents_per_unit", "amount", "pots", "from"))
"""The fields of a record's ``_rake`` table (``docs/phh.md``)."""

RAKE_FROM: tuple[str, ...] = ("proportion", "main")
"""Where a ``_rake`` ``amount`` is taken from: the pots in proportion to their sizes (A-3.10-4, the default) or
the main pot first, then each side pot in order (PokerStars' files)."""

BETTING_AMOUNTS: frozenset[str] = frozenset(("min_bet", "bet_sizes", "min_raise"))
"""The fields of :class:`~pokerroom.games.Betting` that are amounts (the rest are counts, multipliers and
switches); in a ``_betting`` table they are written in the file's units."""


def is_amount(value: object) -> TypeGuard[Decimal | int]:
    """Whether an extension value is an amount: a Decimal or an int, never a bool (TOML's ``true``)."""
    return isinstance(value, Decimal | int) and not isinstance(value, bool)


AMOUNT_KEYS = frozenset(("_carried_in", "_carried", "_dead", "_betting", "_rake"))
"""The extension keys that can hold amounts."""


def extension_amounts(extra: Mapping[str, object]) -> list[Decimal]:
    """Amounts in a record's extension keys (they count toward the file's chip unit)."""
    if AMOUNT_KEYS.isdisjoint(extra):  # most records have none
        return []
    values: list[object] = [extra.get("_carried_in"), extra.get("_carried")]
    dead = extra.get("_dead")
    if isinstance(dead, list):
        values += dead
    for key, names in (("_betting", BETTING_AMOUNTS), ("_rake", ("amount", "pots"))):
        table = extra.get(key)
        if isinstance(table, Mapping):
            for name in names:
                value = table.get(name)
                values += value if isinstance(value, list) else [value]
    return [Decimal(v) for v in values if is_amount(v)]


def read_betting_value(name: str, raw: object, conv: Convert) -> object:
    """One ``_betting`` value: ``'none'`` as ``None``, lists as tuples, amounts in chips of the replay's unit."""
    if raw == "none":
        return None
    amount = name in BETTING_AMOUNTS

    def one(v: object) -> object:
        if isinstance(v, bool) and not amount:
            return v
        if isinstance(v, bool) or not isinstance(v, int | Decimal) or (not amount and v != int(v)):
            raise UnsupportedRule(f"_betting {name}: {v!r} is not {'an amount' if amount else 'a whole number'}")
        return conv(Decimal(v)) if amount else int(v)

    if isinstance(raw, list):
        return tuple(one(v) for v in raw)
    return one(raw)


def read_dead(raw: object, n: int, conv: Convert) -> list[int] | None:
    """``_dead``: the dead money each player posts before the deal, by position like ``antes``."""
    if raw is None:
        return None
    if not isinstance(raw, list) or len(raw) != n or not all(is_amount(v) and v >= 0 for v in raw):
        raise UnsupportedRule(f"_dead must list one amount per player ({n}), not {raw!r}")
    return [conv(x) for x in by_position([Decimal(v) for v in raw], n)]


def read_big_blind_seat(raw: object, n: int) -> int | None:
    """``_big_blind_seat``: the player (``'p3'``) whose big blind is the one in position."""
    if raw is None:
        return None
    if isinstance(raw, str) and raw[:1] == "p" and raw[1:].isdigit() and 1 <= int(raw[1:]) <= n:
        return int(raw[1:]) - 1
    raise UnsupportedRule(f"_big_blind_seat must name a player p1..p{n}, not {raw!r}")


def read_rake(raw: object, unit: Decimal, conv: Convert) -> RakeRule | None:
    """The engine's rake hook for a record's ``_rake`` table: each pot's part as ``pots`` says, else the
    ``schedule`` (RULES §3.10, ``cents_per_unit`` cents for 1 in the file), else ``amount`` taken from the pots in
    proportion (A-3.10-4).  The replay checks ``amount`` afterwards (:func:`pokerroom.formats.replay.replay`)."""
    if raw is None:
        return None
    # Loaded here, for the few records with a rake: the room package costs a replay run 50 ms at start-up.
    from pokerroom.room.rake import SCHEDULES, TableRake, split_rake

    if not isinstance(raw, Mapping) or not raw.keys() <= RAKE_FIELDS or not raw.keys() - {"cents_per_unit"}:
        raise UnsupportedRule(
            f"_rake must be a table of {', '.join(sorted(RAKE_FIELDS))} (schedule, amount or pots), not {raw!r}"
        )
    amount, pots, name = raw.get("amount"), raw.get("pots"), raw.get("schedule")
    if amount is not None and not (is_amount(amount) and amount >= 0):
        raise UnsupportedRule(f"_rake amount must be an amount, not {amount!r}")
    if pots is not None:
        if not isinstance(pots, list) or not all(is_amount(v) and v >= 0 for v in pots):
            raise UnsupportedRule(f"_rake pots must list an amount per pot, not {pots!r}")
        parts = [conv(Decimal(v)) for v in pots]

        def per_pot(amounts: Sequence[int], dealt: int) -> list[int]:
            if len(amounts) != len(parts):
                raise UnsupportedRule(f"_rake pots lists {len(parts)} pots; the hand has {len(amounts)}")
            return parts

        return per_pot
    if name is not None:
        schedule = SCHEDULES.get(name) if isinstance(name, str) else None
        if schedule is None:
            raise UnsupportedRule(f"_rake schedule must be one of {', '.join(SCHEDULES)}, not {name!r}")
        cents = raw.get("cents_per_unit", 1)
        per_chip = Decimal(cents) * unit if is_amount(cents) else Decimal(0)
        if per_chip <= 0 or per_chip != per_chip.to_integral_value():
            raise UnsupportedRule(
                f"_rake cents_per_unit {cents!r} must make a chip of this file ({unit}) a whole number of cents"
            )
        return TableRake(schedule, int(per_chip))
    assert amount is not None
    total = conv(Decimal(amount))
    where = raw.get("from", "proportion")
    if where not in RAKE_FROM:
        raise UnsupportedRule(f"_rake from must be one of {', '.join(RAKE_FROM)}, not {where!r}")
    if where == "main":
        return lambda amounts, dealt: main_first(total, amounts)
    return lambda amounts, dealt: split_rake(total, amounts)


def main_first(rake: int, pots: Sequence[int]) -> list[int]:
    """The part of ``rake`` taken from each pot when it comes from the main pot first, then each side pot in order
    (``_rake`` ``from = "main"``; PokerStars' files show it so).  Raises
    :class:`~pokerroom.errors.UnsupportedRule` for a rake larger than the pots."""
    if rake > sum(pots):
        raise UnsupportedRule(f"a rake of {rake} chips is more than the {sum(pots)} chips in the pots")
    out = []
    for pot in pots:
        take = min(rake, pot)
        out.append(take)
        rake -= take
    return out


def by_position(values: Sequence[Decimal], n: int) -> list[Decimal]:
    """PHH lists are by position (p1 first); heads-up they apply in reverse order (PHH-NOTES, Seats)."""
    out = list(values)
    if len(out) < n:
        out += [_ZERO] * (n - len(out))
    return out[::-1] if n == 2 else out
