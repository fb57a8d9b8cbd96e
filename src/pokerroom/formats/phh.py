"""PHH hand histories (phh-std 0.0.2): the :class:`PHHHand` record, reading, validation and writing.

A ``.phh`` file is one hand written in TOML; a ``.phhs`` file holds several as tables ``[1]``, ``[2]``, ... in
file order.  The replay of a hand through the engine lives elsewhere; this module only reads, checks and
writes the records (see ``PHH-NOTES.md`` for the fields).

Conventions:

* **Amounts are** :class:`~decimal.Decimal`, read exactly (TOML ``2.50`` is ``Decimal('2.50')``, TOML ``100``
  is ``Decimal(100)``): every amount field (antes, blinds or straddles, bring-in, small and big bet, min bet,
  starting and finishing stacks, winnings) holds Decimals only, never ints or floats.  ``inf`` (an unknown or
  unbounded stack, allowed in starting and finishing stacks only) is :data:`INF`, ``Decimal('Infinity')``.
* Other fields (``players``, ``event``, ``hand``, ``time``, ``_extensions``, ...) are kept verbatim, as
  ``tomllib`` gives them (TOML floats as Decimal), in :attr:`PHHHand.extra`, so writing gives them back.
* Chip units: :func:`chip_unit` is the largest unit that divides every amount of a hand, i.e. the greatest
  common divisor of the (exact decimal) amounts, never coarser than the currency's smallest unit (or 1);
  :func:`to_units` and :func:`from_units` convert between
  Decimal amounts and the engine's whole numbers of that unit.
* Reading: text in the dataset's one-key-a-line layout goes through a fast exact reader
  (:func:`pokerroom.formats.phh_toml.parse_simple`, which gives what ``tomllib`` would); any other text
  (comments, tables, dates, ...) goes through :mod:`tomllib` with ``parse_float=Decimal``.
* Every refusal is a :class:`~pokerroom.errors.PHHError` (a ``ValueError``) whose message starts with where
  it happened (``file, hand N (table [label])``), then the field or ``actions[i]`` and what is wrong.

>>> hand, = loads("variant = 'NT'\\nantes = [0, 0]\\nblinds_or_straddles = [1, 2]\\nmin_bet = 2\\n"
...               "starting_stacks = [200, 150.5]\\nactions = ['d dh p1 ????', 'd dh p2 AsKd', 'p2 f']")
>>> hand.starting_stacks, chip_unit(hand)
((Decimal('200'), Decimal('150.5')), Decimal('0.5'))
>>> print(dumps(hand), end="")
variant = 'NT'
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [200, 150.5]
actions = ['d dh p1 ????', 'd dh p2 AsKd', 'p2 f']
"""

from __future__ import annotations

import os
import re
import stat
import tomllib
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from functools import lru_cache
from pathlib import Path
from typing import Any

from pokerroom.errors import PHHError
from pokerroom.formats.phh_actions import (
    ACTION_FORMS,
    FAST_ACTION,
    MAX_AMOUNT,
    VERBS,
    PHHAction,
    Verb,
    amount_fault,
    format_action,
    format_amount,
    parse_action,
)
from pokerroom.formats.phh_toml import STANDARD_KEYS, key_text, parse_simple, to_toml
from pokerroom.formats.phh_units import CURRENCY_UNITS, common_unit, from_units, to_units

__all__ = [
    "ACTION_FORMS",
    "BUTTON_VARIANTS",
    "CURRENCY_UNITS",
    "INF",
    "KNOWN_VARIANTS",
    "MAX_FILE_BYTES",
    "STUD_VARIANTS",
    "VERBS",
    "BadHand",
    "PHHAction",
    "PHHHand",
    "Verb",
    "chip_unit",
    "common_unit",
    "currency_unit",
    "decode_text",
    "dumps",
    "dumps_many",
    "format_action",
    "format_amount",
    "from_units",
    "iter_hands",
    "iter_paths",
    "loads",
    "loads_each",
    "parse_action",
    "parse_actions",
    "read",
    "read_each",
    "read_text",
    "required_fields",
    "to_units",
    "write",
]

INF = Decimal("Infinity")
"""An ``inf`` stack (unknown or unbounded), as read from TOML ``inf``."""

BUTTON_VARIANTS: frozenset[str] = frozenset(("NT", "NS", "FT", "PO", "FO/8", "N2L1D", "F2L3D", "FB"))
"""Variant codes of button games, which need ``blinds_or_straddles``."""
STUD_VARIANTS: frozenset[str] = frozenset(("F7S", "F7S/8", "FR"))
"""Variant codes of stud games, which need ``bring_in``, ``small_bet`` and ``big_bet``."""
KNOWN_VARIANTS: frozenset[str] = BUTTON_VARIANTS | STUD_VARIANTS
"""Every variant code of PHH-NOTES.md; other codes are still read (the replay decides about them)."""

# The fields PHHHand holds itself; everything else goes to ``extra``.
_HAND_FIELDS = frozenset(
    (
        "variant", "antes", "blinds_or_straddles", "bring_in", "small_bet", "big_bet", "min_bet",
        "starting_stacks", "finishing_stacks", "winnings", "actions", "ante_trimming_status", "players",
    )
)  # fmt: skip
# The order fields are written in: PHH's standard order (as in the dataset), then other keys as they came.
_ORDER = STANDARD_KEYS
_RANK = {name: i for i, name in enumerate(_ORDER)}
_WHY = {
    "blinds_or_straddles": "button games post blinds or straddles",
    "bring_in": "stud games have a bring-in",
    "small_bet": "fixed-limit games have a small and a big bet",
    "big_bet": "fixed-limit games have a small and a big bet",
    "min_bet": "no- and pot-limit games have a minimum bet",
}


@dataclass(frozen=True, slots=True, kw_only=True)
class PHHHand:
    """One hand of a PHH file (keyword-only fields; a frozen record).

    Amount fields hold :class:`~decimal.Decimal` in the hand's chips (:data:`INF` for an ``inf`` stack); the
    per-player tuples have one entry per player, ``p1`` first.  ``None`` means the field is absent (a PHH
    reader treats a missing ``ante_trimming_status`` as ``false``).  ``actions`` are the raw action strings
    (:func:`parse_actions` parses them).  ``extra`` holds every other field verbatim, in file order.
    Provenance: ``path`` (``None`` for text), ``index`` (0-based position in the file) and ``label`` (the
    ``.phhs`` table name such as ``'1'``, ``None`` in a ``.phh``).  Equality compares every field,
    provenance included (use :func:`dataclasses.replace` to compare content only).
    """

    variant: str
    antes: tuple[Decimal, ...]
    blinds_or_straddles: tuple[Decimal, ...] | None = None
    bring_in: Decimal | None = None
    small_bet: Decimal | None = None
    big_bet: Decimal | None = None
    min_bet: Decimal | None = None
    starting_stacks: tuple[Decimal, ...]
    finishing_stacks: tuple[Decimal, ...] | None = None
    winnings: tuple[Decimal, ...] | None = None
    actions: tuple[str, ...]
    ante_trimming_status: bool | None = None
    players: tuple[str, ...] | None = None
    extra: dict[str, Any] = field(default_factory=dict, hash=False)
    path: str | None = None
    index: int = 0
    label: str | None = None

    @property
    def player_count(self) -> int:
        """The number of players: the length of ``starting_stacks``."""
        return len(self.starting_stacks)

    @property
    def where(self) -> str:
        """Where the hand came from, as error messages say it: ``'file.phhs, hand 3 (table [10])'``."""
        return _where(self.path, self.index, self.label)

    @classmethod
    def from_dict(
        cls, data: Mapping[str, Any], *, path: str | None = None, index: int = 0, label: str | None = None
    ) -> PHHHand:
        """Check and convert one hand's fields, as ``tomllib`` gives them, into a :class:`PHHHand`.

        Ints and Decimals are accepted for amounts (floats and bools are not).  Raises
        :class:`~pokerroom.errors.PHHError` naming the field: a missing required field (see
        :func:`required_fields`), a wrong type, a per-player list whose length is not the number of players
        (``len(starting_stacks)``, at least 2), a negative or NaN amount, ``inf`` outside the stacks, a
        malformed action or one naming a player that does not exist.
        """
        return _hand(data, path, index, label)

    def to_dict(self) -> dict[str, Any]:
        """The hand's fields as a TOML-ready dict in PHH's written order (absent fields left out, tuples as
        lists, ``extra`` merged in).  Raises :class:`~pokerroom.errors.PHHError` when ``extra`` repeats a
        field the record holds itself."""
        out: dict[str, Any] = {"variant": self.variant}
        for name in ("ante_trimming_status", "bring_in", "small_bet", "big_bet", "min_bet"):
            value = getattr(self, name)
            if value is not None:
                out[name] = value
        for name in ("antes", "blinds_or_straddles", "starting_stacks", "finishing_stacks", "winnings"):
            seq = getattr(self, name)
            if seq is not None:
                out[name] = list(seq)
        out["actions"] = list(self.actions)
        if self.players is not None:
            out["players"] = list(self.players)
        for key, value in self.extra.items():
            if key in _HAND_FIELDS:
                raise PHHError(f"{self.where}: extra field {key!r} is a field of the record itself")
            out[key] = value
        last = len(_ORDER)
        keys = sorted(out, key=lambda k: _RANK.get(k, last))  # stable: unknown keys keep their order
        return {key: out[key] for key in keys}


# -- reading ---------------------------------------------------------------------------------------------


def _where(path: str | None, index: int, label: str | None) -> str:
    text = f"{path if path is not None else '<string>'}, hand {index}"
    return text if label is None else f"{text} (table [{label}])"


def _show(value: object) -> str:
    try:
        text = repr(value)
    except ValueError:  # an int past Python's digit limit for text
        return f"an integer of about {int(value.bit_length() * 0.30103)} digits"  # type: ignore[attr-defined]
    return text if len(text) <= 60 else text[:57] + "..."


@lru_cache(maxsize=64)
def required_fields(variant: str) -> tuple[str, ...]:
    """The fields a hand of ``variant`` must have.

    Every hand needs ``variant``, ``antes``, ``starting_stacks`` and ``actions``; button games
    (:data:`BUTTON_VARIANTS`) need ``blinds_or_straddles``; stud games (:data:`STUD_VARIANTS`) ``bring_in``;
    fixed-limit codes (``F...``) ``small_bet`` and ``big_bet``; no- and pot-limit codes (``N...``, ``P...``)
    ``min_bet``.  Unknown codes get the rules their first letter implies.

    >>> required_fields("FR")
    ('variant', 'antes', 'starting_stacks', 'actions', 'bring_in', 'small_bet', 'big_bet')
    """
    out = ["variant", "antes", "starting_stacks", "actions"]
    if variant in BUTTON_VARIANTS:
        out.append("blinds_or_straddles")
    if variant in STUD_VARIANTS:
        out.append("bring_in")
    if variant.startswith("F"):
        out += ["small_bet", "big_bet"]
    if variant.startswith(("N", "P")):
        out.append("min_bet")
    return tuple(out)


def _amount(value: object, where: str, name: str, allow_inf: bool = False, allow_negative: bool = False) -> Decimal:
    """One amount, checked: an int or a Decimal, not NaN, not negative (unless ``allow_negative``: a post in
    ``blinds_or_straddles``), ``inf`` only when allowed, at most :data:`MAX_AMOUNT` and :data:`MAX_PLACES`."""
    kind = type(value)
    if kind is int:
        number = Decimal(value)  # type: ignore[arg-type]
    elif kind is Decimal:
        assert isinstance(value, Decimal)
        if value.is_nan():
            raise PHHError(f"{where}: field {name}: nan is not an amount")
        number = value
    else:
        raise PHHError(f"{where}: field {name}: {_show(value)} is not a number")
    if number < 0 and not allow_negative:
        raise PHHError(f"{where}: field {name}: {_show(value)} is negative; amounts cannot be negative")
    if number.is_infinite():
        if not allow_inf or number < 0:
            raise PHHError(f"{where}: field {name}: inf is allowed only in starting and finishing stacks")
        return number
    fault = amount_fault(number)
    if fault is not None:
        raise PHHError(f"{where}: field {name}: {_show(value)} {fault}")
    return number


def _amounts(
    raw: object, where: str, name: str, n: int, allow_inf: bool = False, allow_negative: bool = False
) -> tuple[Decimal, ...]:
    """A per-player list of amounts: a list of length ``n`` (``n < 0``: any length of at least 2)."""
    if type(raw) is not list:
        raise PHHError(f"{where}: field {name!r}: expected a list of amounts, one a player, got {_show(raw)}")
    if n >= 0 and len(raw) != n:
        raise PHHError(
            f"{where}: field {name!r}: has {len(raw)} entries but the hand has {n} players "
            f"(len(starting_stacks)); give one entry per player"
        )
    if set(map(type, raw)) == _INT_ONLY:  # the common case, checked in C
        try:
            return tuple(map(_DECIMALS.__getitem__, raw))  # ints met before, each already checked
        except KeyError:
            if min(raw) >= 0 and max(raw) <= _MAX_INT:
                out = tuple(map(Decimal, raw))
                if len(_DECIMALS) < 4096:
                    _DECIMALS.update(zip(raw, out, strict=True))
                return out
    return tuple(
        [_amount(v, where, f"{name!r}, entry for p{i + 1}", allow_inf, allow_negative) for i, v in enumerate(raw)]
    )


_INT_ONLY = frozenset((int,))
_STR_ONLY = frozenset((str,))
_MAX_INT = int(MAX_AMOUNT)  # compared with ints as an int: an int against a Decimal converts it each time
_DECIMALS: dict[int, Decimal] = {}
"""The Decimal of each whole amount read so far (amounts repeat from hand to hand, and a Decimal is immutable); only
ints checked as amounts (0 to :data:`MAX_AMOUNT`) enter, and it stops growing at 4,096 entries."""


@lru_cache(maxsize=32)
def _actions_matcher(players: int) -> re.Pattern[str]:
    """A matcher of a whole newline-joined list of canonical actions whose players are p1..p<players>."""
    seat = "(?:" + "|".join(str(k) for k in range(players, 0, -1)) + ")"
    pattern = FAST_ACTION.pattern.replace("p([1-9][0-9]*)", f"p{seat}")
    return re.compile(f"(?:{pattern}\n)*{pattern}")


def _check_actions(raw: object, where: str, players: int) -> tuple[str, ...]:
    if type(raw) is not list:
        raise PHHError(f"{where}: field 'actions': expected a list of action strings, got {_show(raw)}")
    if not raw:
        return ()
    try:
        joined = "\n".join(raw)
    except TypeError:
        joined = ""
    # Fast path: every action canonical, in one regex call (no action may itself hold a newline).
    if joined.count("\n") == len(raw) - 1 and _actions_matcher(players).fullmatch(joined) is not None:
        return tuple(raw)
    for i, text in enumerate(raw):
        _checked_action(text, where, i, players)
    return tuple(raw)


def _checked_action(text: object, where: str, i: int, players: int) -> PHHAction:
    if type(text) is not str:
        raise PHHError(f"{where}: actions[{i}]: {_show(text)} is not a string; {ACTION_FORMS}")
    try:
        action = parse_action(text)
    except PHHError as err:
        raise PHHError(f"{where}: actions[{i}]: {err}") from err
    seat = action.player
    if seat is not None and seat >= players:
        raise PHHError(
            f"{where}: actions[{i}] {text!r}: there is no player p{seat + 1}; the hand has {players} "
            f"players, p1..p{players}"
        )
    return action


def _hand(doc: Mapping[str, Any], path: str | None, index: int, label: str | None) -> PHHHand:
    where = _where(path, index, label)
    variant = doc.get("variant")
    if variant is None:
        raise PHHError(f"{where}: missing field 'variant' (the game code, such as 'NT')")
    if type(variant) is not str or not variant:
        raise PHHError(f"{where}: field 'variant': expected a game code such as 'NT', got {_show(variant)}")
    for name in required_fields(variant):
        if name not in doc:
            why = _WHY.get(name, "every hand has it")
            raise PHHError(f"{where}: missing field {name!r}, which variant {variant!r} needs ({why})")
    stacks = _amounts(doc["starting_stacks"], where, "starting_stacks", -1, allow_inf=True)
    n = len(stacks)
    if n < 2:
        raise PHHError(f"{where}: field 'starting_stacks': a hand needs at least 2 players, got {n}")
    get = doc.get
    blinds = get("blinds_or_straddles")
    finishing = get("finishing_stacks")
    if finishing is not None:
        finishing = _amounts(finishing, where, "finishing_stacks", n, allow_inf=True)
    winnings = get("winnings")
    trimming = get("ante_trimming_status")
    if trimming is not None and type(trimming) is not bool:
        raise PHHError(f"{where}: field 'ante_trimming_status': true or false, not {_show(trimming)}")
    players = get("players")
    if players is not None:
        if type(players) is not list or len(players) != n or set(map(type, players)) != _STR_ONLY:
            raise PHHError(
                f"{where}: field 'players': expected a list of {n} names, one a player, not {_show(players)}"
            )
        players = tuple(players)
    scalars: dict[str, Decimal | None] = {}
    for name in ("bring_in", "small_bet", "big_bet", "min_bet"):
        value = get(name)
        scalars[name] = None if value is None else _amount(value, where, repr(name))
    return PHHHand(
        variant=variant,
        antes=_amounts(doc["antes"], where, "antes", n),
        blinds_or_straddles=None if blinds is None else _amounts(blinds, where, "blinds_or_straddles", n, False, True),
        bring_in=scalars["bring_in"],
        small_bet=scalars["small_bet"],
        big_bet=scalars["big_bet"],
        min_bet=scalars["min_bet"],
        starting_stacks=stacks,
        finishing_stacks=finishing,
        winnings=None if winnings is None else _amounts(winnings, where, "winnings", n),
        actions=_check_actions(doc["actions"], where, n),
        ante_trimming_status=trimming,
        players=players,
        extra={k: v for k, v in doc.items() if k not in _HAND_FIELDS},
        path=path,
        index=index,
        label=label,
    )


MAX_FILE_BYTES = 256 * 1024 * 1024
"""The default size limit of a file :func:`read` accepts (256 MiB, a few hundred thousand hands); callers can
raise it (``pokerroom replay --max-size``)."""

# A line that opens a top-level table: `[1]`, `['x y']`, `["a"]`; dotted headers (`[1.x]`) stay in their section.
_HEADER = re.compile(
    r"""^[ \t]*\[[ \t]*([A-Za-z0-9_-]+|'[^'\n]*'|"(?:[^"\\\n]|\\.)*")[ \t]*\][ \t]*(?:#[^\n]*)?$""", re.M
)
_AT_LINE = re.compile(r"\(at line (\d+), column (\d+)\)")


@dataclass(frozen=True, slots=True)
class BadHand:
    """A hand of a file that could not be read: where it is (``path``, 0-based ``index``, table ``label``) and
    the reader's :class:`~pokerroom.errors.PHHError`, whose message names the field.  The lenient readers
    (:func:`loads_each`, :func:`read_each`) yield it in the hand's place and go on with the next table."""

    path: str | None
    index: int
    label: str | None
    error: PHHError

    @property
    def where(self) -> str:
        """As :attr:`PHHHand.where`."""
        return _where(self.path, self.index, self.label)


def _toml(text: str, source: str, first_line: int = 1) -> dict[str, Any]:
    """``tomllib`` with every failure as a PHHError; positions are lines of the whole file."""
    try:
        return tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as err:
        message = _AT_LINE.sub(lambda m: f"(at line {int(m[1]) + first_line - 1}, column {m[2]})", str(err))
        raise PHHError(f"{source}: not valid TOML: {message}") from None
    except RecursionError:
        raise PHHError(f"{source}: not readable: arrays or tables nested too deeply") from None
    except (ValueError, ArithmeticError) as err:  # an integer past Python's digit limit, a float Decimal refuses
        raise PHHError(f"{source}: not readable: {err}") from None


def _label(key: str) -> str:
    if key[:1] == "'":
        return key[1:-1]
    if key[:1] == '"':
        return str(_toml(f"k = {key}", "<label>")["k"])
    return key


def _sections(text: str) -> list[tuple[str, int, str, str]] | None:
    """A ``.phhs`` text cut at its top-level table headers: (label, first line, header line, body) per table;
    ``None`` when the text has no such header or has keys before the first (then it is read whole)."""
    matches = list(_HEADER.finditer(text))
    if not matches:
        return None
    preamble = text[: matches[0].start()]
    if any(line.strip() and not line.lstrip().startswith("#") for line in preamble.split("\n")):
        return None
    out = []
    line = preamble.count("\n") + 1
    for k, m in enumerate(matches):
        stop = matches[k + 1].start() if k + 1 < len(matches) else len(text)
        body = text[m.end() + 1 : stop]
        out.append((_label(m[1]), line, m[0], body))
        line += text.count("\n", m.start(), stop)
    return out


def _section_doc(label: str, line: int, header: str, body: str, source: str) -> Mapping[str, Any]:
    doc = parse_simple(body)
    if doc is not None:
        return doc
    whole = _toml(f"{header}\n{body}", source, line)
    table = whole.get(label)
    if len(whole) != 1 or type(table) is not dict:
        raise PHHError(f"{source}: table [{label}] (line {line}) holds tables of another hand: {sorted(whole)}")
    return table


def loads_each(text: str, *, path: str | os.PathLike[str] | None = None) -> Iterator[PHHHand | BadHand]:
    """Read the hands of PHH text one table at a time, yielding each :class:`PHHHand`, or a :class:`BadHand`
    in the place of a table that cannot be read (not TOML, a missing or wrong field, a malformed action, a table
    name used twice), so one bad hand never hides the rest of a ``.phhs``.  A ``.phh`` (fields at the top level)
    gives one item.  A byte-order mark is skipped.  Raises :class:`~pokerroom.errors.PHHError` only when the
    text as a whole cannot be read (not TOML with no table headers to cut it at)."""
    source = None if path is None else os.fspath(path)
    name = source or "<string>"
    if text[:1] == "\ufeff":
        text = text[1:]
    if "\r" in text:
        text = text.replace("\r\n", "\n")
    doc = parse_simple(text)  # a .phh in the dataset's one-key-a-line layout, fast
    sections = _sections(text) if doc is None else None
    if sections is None:
        if doc is None:
            doc = _toml(text, name)
        if "variant" in doc or not doc or not all(type(v) is dict for v in doc.values()):
            if not doc and source is not None and source.endswith(".phhs"):
                return
            hands = [k for k, v in doc.items() if type(v) is dict and "variant" in v]
            if hands:  # a hand at the top level and tables that are hands too: which is meant is not clear
                raise PHHError(
                    f"{name}: keys at the top level and hand tables ({', '.join(f'[{k}]' for k in hands[:3])}): a "
                    f".phh holds one hand at the top level, a .phhs only tables [1], [2], ..."
                )
            try:
                yield _hand(doc, source, 0, None)
            except PHHError as err:
                yield BadHand(source, 0, None, err)
            return
        for i, (key, table) in enumerate(doc.items()):
            try:
                yield _hand(table, source, i, key)
            except PHHError as err:
                yield BadHand(source, i, key, err)
        return
    seen: set[str] = set()
    for i, (label, line, header, body) in enumerate(sections):
        try:
            if label in seen:
                raise PHHError(f"{_where(source, i, label)}: table name [{label}] (line {line}) is used twice")
            seen.add(label)
            yield _hand(_section_doc(label, line, header, body, _where(source, i, label)), source, i, label)
        except PHHError as err:
            yield BadHand(source, i, label, err)


def loads(text: str, *, path: str | os.PathLike[str] | None = None) -> list[PHHHand]:
    """Read the hands of PHH text: one hand (a ``.phh``: fields at the top level) or several (a ``.phhs``:
    tables ``[1]``, ``[2]``, ..., in file order, each hand's ``label`` its table name).

    ``path`` only names the source in records and messages (an empty ``.phhs`` gives ``[]``).  Raises
    :class:`~pokerroom.errors.PHHError` at the first hand that cannot be read: text that is not TOML (with
    ``tomllib``'s message and the line in the file), a top-level key that is not a hand table in a ``.phhs``, or
    anything :meth:`PHHHand.from_dict` refuses.  An unknown variant code is read as is.  :func:`loads_each`
    reads the same text hand by hand without stopping at a bad one.
    """
    out: list[PHHHand] = []
    for item in loads_each(text, path=path):
        if isinstance(item, BadHand):
            raise item.error
        out.append(item)
    return out


def read_text(path: str | os.PathLike[str], *, max_bytes: int = MAX_FILE_BYTES) -> str:
    """The text of the PHH file at ``path`` (UTF-8, a byte-order mark allowed), read safely: only a regular file
    (never a pipe, a device such as ``/dev/zero`` or a socket, which could hang or never end) of at most
    ``max_bytes`` bytes.  Raises :class:`~pokerroom.errors.PHHError` for a file that is not regular, too large
    (saying the limit and how to raise it) or not UTF-8, and :class:`OSError` when it cannot be opened."""
    source = os.fspath(path)
    info = os.stat(source)
    if not stat.S_ISREG(info.st_mode):
        raise PHHError(f"{source}: not a regular file (a pipe, a device or a socket); only files are read")
    size = info.st_size
    if size > max_bytes:
        raise PHHError(f"{source}: {size:,} bytes, over the limit of {max_bytes:,} (pokerroom replay --max-size)")
    with open(source, "rb") as f:
        # What the file holds and one byte more, not max_bytes + 1 at once: a read allocates its whole buffer
        # first (tens of microseconds a file at 256 MiB).  A file that grew meanwhile is read on to the limit.
        data = f.read(size + 1)
        if len(data) > size:
            data += f.read(max_bytes + 1 - len(data))
    if len(data) > max_bytes:  # it grew while being read
        raise PHHError(f"{source}: over the limit of {max_bytes:,} bytes (pokerroom replay --max-size)")
    return decode_text(data, source)


def decode_text(data: bytes, source: str) -> str:
    """A PHH file's bytes as text (UTF-8; a byte-order mark is kept, :func:`loads_each` skips it).  ``source``
    names the file in the message of the :class:`~pokerroom.errors.PHHError` raised for bytes that are not
    UTF-8."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise PHHError(f"{source}: not UTF-8 text: {err}") from None


def read(path: str | os.PathLike[str], *, max_bytes: int = MAX_FILE_BYTES) -> list[PHHHand]:
    """Read the hands of a ``.phh`` or ``.phhs`` file (:func:`read_text`), as :func:`loads` does, ``path``
    recorded.

    Raises :class:`~pokerroom.errors.PHHError` as :func:`loads` and :func:`read_text` do, and :class:`OSError`
    when the file cannot be read.
    """
    return loads(read_text(path, max_bytes=max_bytes), path=os.fspath(path))


def read_each(
    path: str | os.PathLike[str], *, max_bytes: int = MAX_FILE_BYTES, data: bytes | None = None
) -> Iterator[PHHHand | BadHand]:
    """The hands of a file as :func:`loads_each` gives them.  ``data``: the whole file's bytes when the caller has
    already read them (a regular file within ``max_bytes``: the command line sniffs each file's format first), so
    the file is not read twice.  Raises :class:`~pokerroom.errors.PHHError` (a file that cannot be read at all:
    :func:`read_text` or :func:`decode_text`, or whole-file TOML that is broken) and :class:`OSError`, before the
    first item."""
    text = read_text(path, max_bytes=max_bytes) if data is None else decode_text(data, os.fspath(path))
    items = loads_each(text, path=os.fspath(path))
    first = next(items, None)  # whole-file faults are raised here, before anything is yielded
    if first is not None:
        yield first
        yield from items


def iter_paths(paths: str | os.PathLike[str] | Iterable[str | os.PathLike[str]]) -> Iterator[Path]:
    """The PHH files named by ``paths`` (one path or several), in the order given: a folder expands
    recursively to its ``*.phh`` and ``*.phhs`` files in sorted path order; a file is yielded as is.

    Raises :class:`FileNotFoundError` for a path that does not exist.
    """
    items = [paths] if isinstance(paths, str | os.PathLike) else paths
    for item in items:
        root = Path(item)
        if root.is_dir():
            found: list[tuple[tuple[str, ...], Path]] = []
            for folder, _dirs, files in os.walk(root):
                for name in files:
                    if name.endswith((".phh", ".phhs")):
                        p = Path(folder, name)
                        found.append((p.parts, p))
            found.sort(key=lambda pair: pair[0])
            for _parts, p in found:
                yield p
        elif root.exists():
            yield root
        else:
            raise FileNotFoundError(f"{root}: no such file or folder")


def iter_hands(paths: str | os.PathLike[str] | Iterable[str | os.PathLike[str]]) -> Iterator[PHHHand]:
    """Every hand of every file :func:`iter_paths` finds, in order; raises as :func:`read` does."""
    for p in iter_paths(paths):
        yield from read(p)


def parse_actions(hand: PHHHand) -> tuple[PHHAction, ...]:
    """The hand's actions parsed with :func:`parse_action`, in order.

    Raises :class:`~pokerroom.errors.PHHError` naming the hand and ``actions[i]`` for a malformed action or
    one naming a player beyond ``hand.player_count``.
    """
    where, n = hand.where, len(hand.starting_stacks)
    return tuple([_checked_action(text, where, i, n) for i, text in enumerate(hand.actions)])


# -- chip units --------------------------------------------------------------------------------------------


def _cbr_amounts(hand: PHHHand) -> Iterator[Decimal]:
    for i, text in enumerate(hand.actions):
        if "cbr" in text:
            m = FAST_ACTION.fullmatch(text)
            if m is not None:
                if m.group(6) is not None:
                    yield Decimal(m.group(6))
            else:
                amount = _checked_action(text, hand.where, i, len(hand.starting_stacks)).amount
                if amount is not None:
                    yield amount


def currency_unit(hand: PHHHand) -> Decimal:
    """The finest unit an inferred chip unit may not be coarser than: the smallest unit of the currency the hand
    names (its ``currency`` code, else its ``currency_symbol``; :data:`CURRENCY_UNITS`, the cent for others),
    else ``1`` (chips)."""
    for key in ("currency", "currency_symbol"):
        name = hand.extra.get(key)
        if isinstance(name, str) and name.strip():
            return CURRENCY_UNITS.get(name.strip().upper(), Decimal("0.01"))
    return Decimal(1)


def chip_unit(hand: PHHHand, actions: Iterable[PHHAction] | None = None, more: Iterable[Decimal] = ()) -> Decimal:
    """The chip unit a hand is counted in: the largest unit that divides every amount of ``hand`` (its antes,
    blinds or straddles, bring-in, small and big bet, min bet, starting and finishing stacks, every ``cbr``
    amount and the ``more`` amounts given; ``inf``, zeros and the after-rake ``winnings`` left out), but never
    coarser than :func:`currency_unit` (the cent when the file names a currency, else 1): at whole-dollar stakes
    a chopped pot splits to the cent.  ``actions`` are the parsed actions, when the caller has them.  The result
    has no trailing zeros (``Decimal('0.5')``, ``Decimal('0.01')``).

    Raises :class:`~pokerroom.errors.PHHError` for a malformed ``cbr`` action.

    >>> hand, = loads("variant = 'NT'\\nantes = [0, 0]\\nblinds_or_straddles = [50, 100]\\nmin_bet = 100\\n"
    ...               "starting_stacks = [10000, 10000]\\nactions = ['p2 cbr 250']")
    >>> chip_unit(hand)
    Decimal('1')
    >>> from dataclasses import replace
    >>> chip_unit(replace(hand, extra={"currency": "USD"}))
    Decimal('0.01')
    """
    amounts: set[Decimal] = {*hand.antes, *hand.starting_stacks, currency_unit(hand)}  # each value once
    for seq in (hand.blinds_or_straddles, hand.finishing_stacks):
        if seq is not None:
            amounts.update(seq)  # a post's sign (blinds_or_straddles) changes no divisor: common_unit drops it
    amounts.update([v for v in (hand.bring_in, hand.small_bet, hand.big_bet, hand.min_bet) if v is not None])
    if actions is None:
        amounts.update(_cbr_amounts(hand))
    else:
        amounts.update([a.amount for a in actions if a.amount is not None])
    amounts.update(more)
    return common_unit(amounts)


# -- writing -----------------------------------------------------------------------------------------------


def _body(hand: PHHHand) -> str:
    where = hand.where
    return "".join([f"{key_text(k)} = {to_toml(v, f'{where}: field {k!r}')}\n" for k, v in hand.to_dict().items()])


def dumps(hand: PHHHand) -> str:
    """The hand as ``.phh`` TOML text in the dataset's style: fields in PHH's standard order (``variant``
    first, other keys after in their order), lists inline, strings in single quotes (double-quoted with
    escapes when they hold a quote or a control character), amounts exact without exponent, ``inf`` as
    ``inf``; ends with a newline.  ``loads(dumps(h))`` gives ``h`` back (with ``path=None``, ``index=0``,
    ``label=None``).

    Raises :class:`~pokerroom.errors.PHHError` for a value TOML cannot hold (``None`` in ``extra``, an
    object) or an ``extra`` key that repeats a record field.
    """
    return _body(hand)


def dumps_many(hands: Iterable[PHHHand]) -> str:
    """The hands as ``.phhs`` text: a table per hand, named by its ``label`` or, without one, by its
    1-based position (``[1]``, ``[2]``, ...), separated by blank lines.

    Raises :class:`~pokerroom.errors.PHHError` when two tables would have the same name, or as :func:`dumps`.
    """
    blocks: list[str] = []
    seen: set[str] = set()
    for i, hand in enumerate(hands):
        label = hand.label if hand.label is not None else str(i + 1)
        if label in seen:
            raise PHHError(f"{hand.where}: table name [{label}] is used twice; each hand needs its own")
        seen.add(label)
        blocks.append(f"[{key_text(label)}]\n{_body(hand)}")
    return "\n".join(blocks)


def write(path: str | os.PathLike[str], hands: PHHHand | Iterable[PHHHand]) -> None:
    """Write hands to ``path`` (UTF-8): a ``.phhs`` path gets :func:`dumps_many`, any other path exactly one
    hand with :func:`dumps`.

    Raises :class:`~pokerroom.errors.PHHError` for several hands (or none) bound for a non-``.phhs`` path or
    as the dump functions do, and :class:`OSError` when the file cannot be written.
    """
    items = [hands] if isinstance(hands, PHHHand) else list(hands)
    target = os.fspath(path)
    if target.endswith(".phhs"):
        text = dumps_many(items)
    elif len(items) == 1:
        text = dumps(items[0])
    else:
        raise PHHError(f"{target}: a .phh file holds exactly one hand, got {len(items)}; use a .phhs file")
    with open(target, "wb") as f:
        f.write(text.encode("utf-8"))
