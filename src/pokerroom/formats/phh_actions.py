"""PHH action strings: :class:`PHHAction`, :func:`parse_action` and its inverse :func:`format_action`.

The forms (PHH-NOTES.md, "Actions"); ``N`` counts players from 1, ``CARDS`` is cards written together
(``AsKd``, ``??`` for one unknown card, so ``????`` is two), ``AMOUNT`` a non-negative decimal:

==========================  ==========================================================
``d dh pN CARDS``           deal hole cards to pN
``d db CARDS``              deal board cards
``pN f``                    fold
``pN cc``                   check or call
``pN cbr AMOUNT``           complete, bet or raise *to* AMOUNT
``pN pb``                   post the bring-in
``pN sd [CARDS]``           discard CARDS (none: stand pat)
``pN sm [CARDS]``           show CARDS at showdown (none: muck)
``... # text``              commentary after any form
==========================  ==========================================================

>>> parse_action("p2 cbr 47.50 # shove")
PHHAction(actor=1, verb='cbr', seat=None, amount=Decimal('47.50'), cards=None, comment='shove')
>>> parse_action("d dh p3 ????").cards
(-1, -1)
>>> format_action(parse_action("d db AsKd7h"))
'd db AsKd7h'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Literal, cast

from pokerroom.cards import RANKS, SUITS, UNKNOWN, format_cards, parse_cards
from pokerroom.errors import InvalidCard, PHHError

__all__ = [
    "ACTION_FORMS",
    "MAX_AMOUNT",
    "MAX_PLACES",
    "VERBS",
    "PHHAction",
    "Verb",
    "amount_fault",
    "format_action",
    "format_amount",
    "parse_action",
    "plain_amount",
]

Verb = Literal["dh", "db", "f", "cc", "cbr", "pb", "sd", "sm"]
"""The action verbs of PHH: dealer deals ``dh`` (hole) and ``db`` (board); player ``f``, ``cc``, ``cbr``,
``pb``, ``sd`` (discard / stand pat), ``sm`` (show / muck)."""

VERBS: frozenset[str] = frozenset(("dh", "db", "f", "cc", "cbr", "pb", "sd", "sm"))
"""Every :data:`Verb` as a set of strings."""

ACTION_FORMS = (
    "the forms are 'd dh pN CARDS', 'd db CARDS', 'pN f', 'pN cc', 'pN cbr AMOUNT', 'pN pb', "
    "'pN sd [CARDS]', 'pN sm [CARDS]', each optionally followed by ' # comment'"
)
"""The action forms, as error messages quote them."""

MAX_AMOUNT = Decimal(10) ** 24
"""The largest amount a record may hold (``inf`` stacks aside): far beyond any real stake, small enough that
chip-unit arithmetic stays quick on hostile input."""
MAX_PLACES = 12
"""The most decimal places an amount may have (a thousandth of a cent is 5)."""
_PLACES = 10**MAX_PLACES


def amount_fault(number: Decimal) -> str | None:
    """Why a finite ``number`` cannot be an amount of a record (over :data:`MAX_AMOUNT` or with more than
    :data:`MAX_PLACES` decimal places), or ``None``."""
    if number.adjusted() > 24 or number.copy_abs() > MAX_AMOUNT:  # copy_abs: exact, never the context's overflow
        return "is larger than any stake (at most 10**24)"
    exponent = number.as_tuple().exponent
    if (
        isinstance(exponent, int)
        and exponent < -MAX_PLACES
        and (exponent < -4 * MAX_PLACES or _PLACES % number.as_integer_ratio()[1])
    ):
        return f"has more than {MAX_PLACES} decimal places"
    return None


_CARDS = r"(?:[2-9TJQKA][cdhs]|\?\?)+"
# The canonical forms, matched in one go: groups 1-2 hole deal (seat, cards), 3 board cards, 4 player seat,
# 5 f/cc/pb, 6 cbr amount, 7 sd/sm, 8 its cards, 9 comment.
FAST_ACTION = re.compile(
    rf"(?:d dh p([1-9][0-9]*) ({_CARDS})|d db ({_CARDS})"
    rf"|p([1-9][0-9]*) (?:(f|cc|pb)|cbr ([0-9]{{1,24}}(?:\.[0-9]{{1,12}})?)|(sd|sm)(?: ({_CARDS}))?))"
    r"(?: # (.*))?"
)
"""Precompiled matcher of the canonical action forms (used by the reader's fast path); its ``fullmatch``
groups: 1 hole-deal seat, 2 hole cards, 3 board cards, 4 player seat, 5 ``f``/``cc``/``pb``, 6 ``cbr``
amount, 7 ``sd``/``sm``, 8 their cards, 9 comment."""

_CARD_OF: dict[str, int] = {r + s: i * 4 + j for i, r in enumerate(RANKS) for j, s in enumerate(SUITS)}
_CARD_OF["??"] = UNKNOWN
_SEAT_TOKEN = re.compile(r"p([0-9]+)")


@dataclass(frozen=True, slots=True)
class PHHAction:
    """One PHH action, parsed.

    ``actor`` is ``'d'`` for the dealer or the acting player's 0-based seat (``p1`` is ``0``).  ``verb`` is a
    :data:`Verb`.  ``seat`` is the 0-based seat dealt to by ``d dh pN`` and ``None`` otherwise.  ``amount``
    (a :class:`~decimal.Decimal`, in the hand's chips) is set for ``cbr`` only.  ``cards`` holds card ints
    (:data:`~pokerroom.cards.UNKNOWN` for ``??``) for ``dh``, ``db``, ``sd`` and ``sm`` (an empty tuple for a
    stand-pat ``sd`` or a muck ``sm``) and is ``None`` for ``f``, ``cc``, ``cbr`` and ``pb``.  ``comment`` is
    the text after ``#`` with surrounding blanks removed, or ``None`` when there is none.
    """

    actor: Literal["d"] | int
    verb: Verb
    seat: int | None = None
    amount: Decimal | None = None
    cards: tuple[int, ...] | None = None
    comment: str | None = None

    @property
    def is_dealer(self) -> bool:
        """``True`` for a dealer action (``d dh`` or ``d db``)."""
        return self.actor == "d"

    @property
    def player(self) -> int | None:
        """The 0-based seat the action concerns: the actor, or the seat dealt to; ``None`` for ``d db``."""
        return self.actor if isinstance(self.actor, int) else self.seat


def plain_amount(amount: Decimal) -> str:
    """An amount as people write it: no exponent and no trailing zeros (``30``, ``28.5``, ``0.25``).

    >>> plain_amount(Decimal("28.50")), plain_amount(Decimal("3E+1"))
    ('28.5', '30')
    """
    return format(amount.normalize(), "f") if amount != amount.to_integral_value() else str(int(amount))


def format_amount(amount: Decimal | int) -> str:
    """Print an amount exactly, without exponent (``Decimal('1E+3')`` prints ``1000``; ``inf`` as ``inf``).

    >>> format_amount(Decimal("47.50")), format_amount(Decimal("1E+3")), format_amount(Decimal("Infinity"))
    ('47.50', '1000', 'inf')
    """
    if type(amount) is int:
        return str(amount)
    if isinstance(amount, Decimal):
        if amount.is_finite():
            text = str(amount)
            return format(amount, "f") if "E" in text else text
        if amount.is_nan():
            return "nan"
        return "-inf" if amount < 0 else "inf"
    raise PHHError(f"{amount!r} is not an amount: amounts are Decimal or int")


def _fast_cards(text: str) -> tuple[int, ...]:
    card_of = _CARD_OF
    return tuple([card_of[text[i : i + 2]] for i in range(0, len(text), 2)])


def parse_action(text: str) -> PHHAction:
    """Parse one PHH action string (the forms are in the module docstring) into a :class:`PHHAction`.

    Cards may also be written in any form :func:`~pokerroom.cards.parse_cards` reads (``10d``, ``A♠``,
    with spaces); :func:`format_action` writes them back in the canonical ``As`` form.  Duplicate cards are
    not checked here (that is the replay's job, across the whole hand).

    Raises :class:`~pokerroom.errors.PHHError` naming the action, what is wrong and the legal forms: an
    unknown actor or verb, a missing or extra operand, a player ``p0``, a negative or malformed amount, or a
    malformed card.
    """
    m = FAST_ACTION.fullmatch(text)
    if m is not None:
        hole_seat, hole, board, pseat, simple, amount, show, shown, comment = m.groups()
        if comment is not None:
            comment = comment.strip()
        if hole_seat is not None:
            return PHHAction("d", "dh", int(hole_seat) - 1, None, _fast_cards(hole), comment)
        if board is not None:
            return PHHAction("d", "db", None, None, _fast_cards(board), comment)
        actor = int(pseat) - 1
        if simple is not None:
            return PHHAction(actor, cast(Verb, simple), None, None, None, comment)
        if amount is not None:
            return PHHAction(actor, "cbr", None, Decimal(amount), None, comment)
        cards = _fast_cards(shown) if shown is not None else ()
        return PHHAction(actor, cast(Verb, show), None, None, cards, comment)
    return _slow_parse(text)


def _malformed(text: str, why: str) -> PHHError:
    return PHHError(f"malformed action {text!r}: {why}; {ACTION_FORMS}")


def _player_seat(text: str, token: str, role: str) -> int:
    m = _SEAT_TOKEN.fullmatch(token)
    if m is None:
        raise _malformed(text, f"{role} {token!r} is not a player pN (p1, p2, ...)")
    number = int(m.group(1))
    if number < 1:
        raise _malformed(text, f"{role} {token!r}: players are numbered from p1")
    return number - 1


def _cards(text: str, tokens: list[str], verb: str) -> tuple[int, ...]:
    try:
        return tuple(parse_cards(" ".join(tokens), unique=False))
    except InvalidCard as err:
        raise PHHError(
            f"malformed action {text!r}: bad card in '{verb}': {err}; cards are written together like "
            "'AsKd7h', '??' for each unknown card"
        ) from err


def _slow_parse(text: str) -> PHHAction:
    """The general parser: lenient about spacing and card notation, precise about errors."""
    if not isinstance(text, str):
        raise PHHError(f"malformed action {text!r}: an action is a string; {ACTION_FORMS}")
    body, hash_sign, rest = text.partition("#")
    comment = rest.strip() if hash_sign else None
    tokens = body.split()
    if not tokens:
        raise _malformed(text, "it is empty")
    if len(tokens) < 2:
        raise _malformed(text, "it has no verb")
    actor_token, verb, operands = tokens[0], tokens[1], tokens[2:]
    if actor_token == "d":
        if verb == "dh":
            if not operands:
                raise _malformed(text, "'d dh' needs a player and cards, as in 'd dh p1 AsKd'")
            seat = _player_seat(text, operands[0], "the player dealt to")
            if len(operands) < 2:
                raise _malformed(text, "'d dh' needs cards after the player ('??' for each unknown card)")
            return PHHAction("d", "dh", seat, None, _cards(text, operands[1:], verb), comment)
        if verb == "db":
            if not operands:
                raise _malformed(text, "'d db' needs the board cards, as in 'd db AsKd7h'")
            return PHHAction("d", "db", None, None, _cards(text, operands, verb), comment)
        raise _malformed(text, f"the dealer's verb {verb!r} is not 'dh' or 'db'")
    actor = _player_seat(text, actor_token, "the actor (the dealer 'd' or a player)")
    if verb in ("f", "cc", "pb"):
        if operands:
            raise _malformed(text, f"'{verb}' takes nothing after it, got {' '.join(operands)!r}")
        return PHHAction(actor, cast(Verb, verb), None, None, None, comment)
    if verb == "cbr":
        if len(operands) != 1:
            raise _malformed(text, "'cbr' takes exactly one amount, the total to bet or raise to")
        try:
            amount = Decimal(operands[0])
        except InvalidOperation:
            raise _malformed(text, f"{operands[0]!r} is not a number") from None
        if not amount.is_finite() or amount < 0:
            raise _malformed(text, f"the amount {operands[0]!r} must be a finite, non-negative number")
        fault = amount_fault(amount)
        if fault is not None:
            raise _malformed(text, f"the amount {operands[0][:30]!r} {fault}")
        return PHHAction(actor, "cbr", None, amount, None, comment)
    if verb in ("sd", "sm"):
        cards = _cards(text, operands, verb) if operands else ()
        return PHHAction(actor, cast(Verb, verb), None, None, cards, comment)
    if verb in ("dh", "db"):
        raise _malformed(text, f"'{verb}' is the dealer's: write 'd {verb} ...'")
    raise _malformed(text, f"unknown verb {verb!r}")


def format_action(action: PHHAction) -> str:
    """Write ``action`` as a canonical PHH action string; the inverse of :func:`parse_action`.

    ``format_action(parse_action(s)) == s`` for every canonical ``s`` (cards as ``As``, single spaces, the
    comment as ``' # text'``), and ``parse_action(format_action(a)) == a`` for every consistent ``a``.
    Raises :class:`~pokerroom.errors.PHHError` for an inconsistent action (a ``cbr`` without an amount, a
    ``dh`` without a seat or cards, a negative seat, an unknown verb, ...).
    """
    try:
        text = _format_body(action)
    except InvalidCard as err:
        raise PHHError(f"cannot write {action!r}: {err}") from err
    if action.comment is not None:
        text = f"{text} # {action.comment}" if action.comment else f"{text} #"
    return text


def _format_body(action: PHHAction) -> str:
    actor, verb, cards = action.actor, action.verb, action.cards
    if actor == "d":
        if verb == "dh" and action.seat is not None and action.seat >= 0 and cards:
            text = f"d dh p{action.seat + 1} {format_cards(cards)}"
        elif verb == "db" and cards:
            text = f"d db {format_cards(cards)}"
        else:
            raise PHHError(f"cannot write {action!r}: the dealer deals 'dh' (with a seat and cards) or 'db'")
    elif isinstance(actor, int) and actor >= 0:
        if verb in ("f", "cc", "pb"):
            text = f"p{actor + 1} {verb}"
        elif verb == "cbr":
            amount = action.amount
            if amount is None or not amount.is_finite() or amount < 0:
                raise PHHError(f"cannot write {action!r}: 'cbr' needs a finite, non-negative amount")
            text = f"p{actor + 1} cbr {format_amount(amount)}"
        elif verb in ("sd", "sm"):
            text = f"p{actor + 1} {verb} {format_cards(cards)}" if cards else f"p{actor + 1} {verb}"
        else:
            raise PHHError(f"cannot write {action!r}: a player's verb is one of f, cc, cbr, pb, sd, sm")
    else:
        raise PHHError(f"cannot write {action!r}: the actor is 'd' or a 0-based seat int")
    return text
