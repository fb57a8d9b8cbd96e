"""The TOML side of PHH: a fast reader for the one-key-a-line layout the datasets use, and the value writer.

:func:`parse_simple` reads text made only of lines ``key = value`` (bare keys; values: ``'literal strings'``,
plain decimal integers and decimals, ``inf``, ``true``/``false``, local times ``00:01:09`` and local dates
``2009-07-01``, and one-line arrays of those, items joined by ``", "``) and blank lines, giving exactly what
``tomllib.loads(text, parse_float=Decimal)`` gives; for anything else (comments, tables, other spellings,
repeated keys, errors) it returns ``None`` and the caller uses :mod:`tomllib`.  It is several times faster than
:mod:`tomllib` on the Pluribus files, and it remembers the lines it has read (a dataset repeats most of them).

>>> parse_simple("variant = 'NT'\\nstarting_stacks = [10000, 9950.5, inf]\\n")
{'variant': 'NT', 'starting_stacks': [10000, Decimal('9950.5'), Decimal('Infinity')]}
>>> parse_simple("[1]\\nvariant = 'NT'\\n") is None
True
>>> to_toml(["O'Brien", Decimal("2.50"), True, {"a b": 1}])
'["O\\'Brien", 2.50, true, {"a b" = 1}]'
"""

from __future__ import annotations

import datetime
import math
import re
from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from pokerroom.errors import PHHError
from pokerroom.formats.phh_actions import format_amount

__all__ = ["STANDARD_KEYS", "key_text", "parse_simple", "to_toml"]

_STRING = r"'[^'\x00-\x08\x0a-\x1f\x7f]*'"
_NUMBER = r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?|inf"
_INT = r"-?(?:0|[1-9][0-9]*)"
_TIME = r"[0-2][0-9]:[0-5][0-9]:[0-5][0-9](?:\.[0-9]+)?"
_DATE = r"[0-9]{4}-[01][0-9]-[0-3][0-9]"
_SCALAR = rf"{_STRING}|{_TIME}|{_DATE}|{_NUMBER}|true|false"
_KEY = re.compile(r"[A-Za-z0-9_-]+").fullmatch
_ONE = re.compile(_SCALAR).fullmatch
_STRINGS = re.compile(rf"{_STRING}(?:, {_STRING})*").fullmatch
_INTS = re.compile(rf"{_INT}(?:, {_INT})*").fullmatch
_NUMBERS = re.compile(rf"(?:{_NUMBER})(?:, (?:{_NUMBER}))*").fullmatch
_ITEMS = re.compile(_SCALAR).findall
_INF = Decimal("Infinity")


class _NotSimple(Exception):
    """A value the fast reader leaves to tomllib (an impossible time or date: tomllib says why)."""


def _clock(text: str) -> datetime.time | datetime.date:
    try:
        if ":" in text:
            return datetime.time.fromisoformat(text)
        return datetime.date.fromisoformat(text)
    except ValueError:
        raise _NotSimple from None


def _scalar(text: str) -> Any:
    first = text[0]
    if first == "'":
        return text[1:-1]
    if len(text) > 7 and (text[2] == ":" or text[4] == "-") and first != "-":
        return _clock(text)
    if text == "true":
        return True
    if text == "false":
        return False
    if text == "inf":
        return _INF
    if "." in text:
        return Decimal(text)
    return int(text)


def _number(text: str) -> int | Decimal:
    if "." in text:
        return Decimal(text)
    return _INF if text == "inf" else int(text)


def parse_simple(text: str) -> dict[str, Any] | None:
    """The document of ``text`` when it is in the simple one-key-a-line layout, else ``None``.

    Never raises: text it does not fully understand (valid TOML or not) gives ``None``.
    """
    try:
        return _parse_simple(text)
    except (_NotSimple, ValueError):  # ValueError: an integer past Python's digit limit; tomllib reports it
        return None


# The keys PHH names (PHH-NOTES.md): a set lookup spares the bare-key pattern for them.
STANDARD_KEYS: tuple[str, ...] = (
    "variant", "ante_trimming_status", "antes", "blinds_or_straddles", "bring_in", "small_bet", "big_bet",
    "min_bet", "starting_stacks", "actions", "author", "event", "url", "venue", "address", "city", "region",
    "postal_code", "country", "time", "time_zone", "day", "month", "year", "hand", "level", "seats",
    "seat_count", "table", "players", "finishing_stacks", "winnings", "currency", "currency_symbol",
    "time_limit", "time_banks",
)  # fmt: skip
"""PHH's standard keys in the standard's order (as in the dataset): the order :func:`to_toml`'s callers write
fields in, and the keys the fast reader knows without matching the key pattern."""

_KNOWN_KEYS = frozenset(STANDARD_KEYS)


_LINES: dict[str, tuple[str, Any]] = {}
"""Lines read before -> (key, value): a dataset repeats most of its lines from file to file (the variant, the
antes, blinds and stacks, the players).  A list is kept as a private copy and handed out as a new copy (its items
are immutable), so no caller can change what the next file reads.  Lines of up to 256 characters enter (an
action list is longer); at 4,096 lines the table starts over (a dataset's common lines come back at once)."""


def _parse_simple(text: str) -> dict[str, Any] | None:
    doc: dict[str, Any] = {}
    seen = _LINES
    for line in text.split("\n"):
        if not line:
            continue
        hit = seen.get(line)
        if hit is not None:
            key, value = hit
            if key in doc:
                return None
            doc[key] = value.copy() if type(value) is list else value
            continue
        key, sep, value = line.partition(" = ")
        if not sep or (key not in _KNOWN_KEYS and _KEY(key) is None) or key in doc:
            return None
        if value[:1] == "[" and value[-1:] == "]":
            body = value[1:-1]
            if not body:
                parsed: Any = []
            elif body[0] == "'" and _STRINGS(body) is not None:
                parsed = body[1:-1].split("', '")  # no string holds a quote, so this splits exactly
            elif _INTS(body) is not None:
                parsed = list(map(int, body.split(", ")))
            elif _NUMBERS(body) is not None:
                parsed = list(map(_number, body.split(", ")))
            else:
                found = _ITEMS(body)
                if ", ".join(found) != body:  # the items must cover the body exactly
                    return None
                parsed = list(map(_scalar, found))
        elif _ONE(value) is not None:
            parsed = _scalar(value)
        else:
            return None
        doc[key] = parsed
        if len(line) <= 256:
            if len(seen) >= 4096:
                seen.clear()
            seen[line] = (key, parsed.copy() if type(parsed) is list else parsed)
    return doc


# -- writing -----------------------------------------------------------------------------------------------

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_LITERAL_OK = re.compile(r"[^'\x00-\x08\x0a-\x1f\x7f]*")
_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}


def _basic_string(text: str) -> str:
    out = []
    for ch in text:
        if ch in _ESCAPES:
            out.append(_ESCAPES[ch])
        elif ch < " " or ch == "\x7f":
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def key_text(key: str) -> str:
    """A TOML key: bare when it can be, else a double-quoted string."""
    return key if _BARE_KEY.fullmatch(key) else _basic_string(key)


def to_toml(value: object, where: str = "<value>") -> str:
    """One value as inline TOML: strings in single quotes where they can be (else double-quoted with
    escapes), amounts exactly and without exponent (``inf`` as ``inf``), lists and tables inline, dates and
    times in ISO form.  Raises :class:`~pokerroom.errors.PHHError` (naming ``where``) for a value TOML cannot
    hold, such as ``None``."""
    kind = type(value)
    if kind is str:
        assert isinstance(value, str)
        return f"'{value}'" if _LITERAL_OK.fullmatch(value) else _basic_string(value)
    if kind is Decimal or kind is int:
        assert isinstance(value, Decimal | int)
        return format_amount(value)
    if kind is bool:
        return "true" if value else "false"
    if isinstance(value, list | tuple):
        return "[" + ", ".join([to_toml(v, where) for v in value]) + "]"
    if kind is float:
        assert isinstance(value, float)
        if math.isfinite(value):
            return repr(value)
        return "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf")
    if isinstance(value, Mapping):
        return "{" + ", ".join([f"{key_text(str(k))} = {to_toml(v, where)}" for k, v in value.items()]) + "}"
    if isinstance(value, datetime.datetime | datetime.date):
        return value.isoformat()
    if isinstance(value, datetime.time) and value.tzinfo is None:
        return value.isoformat()
    raise PHHError(f"{where}: cannot write {value!r} as TOML")
