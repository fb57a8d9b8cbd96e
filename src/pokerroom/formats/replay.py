"""Replay PHH hands through the engine and compare with their ``finishing_stacks`` (issue: hold'em skeleton).

Every action goes through :meth:`Hand.act` with the actor the file names, so an action out of turn or an
illegal amount is reported, not repaired.  Chips are replayed in integers of the file's largest common unit
(:func:`~pokerroom.formats.phh.chip_unit`; the Pluribus half-chips become whole) and the odd-chip rule is applied
at that unit; ``unit=`` overrides it.

Statuses: ``ok`` (final stacks match), ``mismatch``, ``error`` (an action was refused or the file is broken;
the message says which action and why), ``unchecked`` (replayed without fault, but nothing to compare: no
``finishing_stacks``, ``inf`` stacks, or cards unknown at the showdown).  Hands in :data:`ALLOW_LIST` keep their
status and carry the reason.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from functools import lru_cache

from pokerroom.engine import Action, Hand, Phase, ScriptedCards
from pokerroom.errors import PokerroomError, UnknownCards, UnsupportedRule
from pokerroom.formats.phh import PHHHand, common_unit, to_units
from pokerroom.formats.phh_actions import PHHAction, format_action, parse_action
from pokerroom.games import Betting, Game, find

__all__ = ["ALLOW_LIST", "VARIANTS", "ReplayResult", "allowed_reason", "build_hand", "replay"]

VARIANTS: dict[str, tuple[str, str]] = {
    "NT": ("holdem", "no"),
    "FT": ("holdem", "fixed"),
    "PO": ("omaha", "pot"),
    "NS": ("short-deck", "no"),
    "FO/8": ("omaha8", "fixed"),
    "F7S": ("stud", "fixed"),
    "F7S/8": ("stud8", "fixed"),
    "FR": ("razz", "fixed"),
    "N2L1D": ("27-single-draw", "no"),
    "F2L3D": ("27-triple-draw", "fixed"),
}
"""PHH variant code -> (game id, limit) for the codes this replay supports."""

ALLOW_LIST: dict[str, str] = {
    "wsop/2019/42/3/00-01-07.phh": (
        "data faults: the action list skips p8 (the button never acts after p7's raise), and the file says "
        "ante_trimming_status = true although its finishing stacks only match with the big-blind ante not trimmed"
    ),
    "synthetic/synthetic-nt-run-four-times.phh": (
        "the board was run four times; PHH has no notation for that, so the extra board cards cannot replay"
    ),
}
"""Known data faults: a path suffix -> the reason.  Such a hand keeps its status and carries the reason."""

_HUGE = 10**15  # stands for an `inf` (unknown) stack, in chip units
_parse = lru_cache(maxsize=1 << 16)(parse_action)  # records are immutable, and action strings repeat a lot


@dataclass(frozen=True, slots=True)
class ReplayResult:
    """The outcome of replaying one hand.  ``expected``/``computed`` are final stacks in the file's own units."""

    path: str | None
    index: int
    label: str | None
    status: str
    expected: list[Decimal] | None
    computed: list[Decimal] | None
    allowed: str | None
    message: str
    hand: Hand | None = None

    def to_json(self) -> dict[str, object]:
        """The JSON Lines record of ``pokerroom replay --json`` (an ``inf`` stack is the string ``"inf"``)."""

        def num(x: Decimal) -> float | int | str:
            if x.is_infinite():
                return "inf"  # JSON has no infinity; PHH writes it so
            return int(x) if x == x.to_integral_value() else float(x)

        def nums(xs: list[Decimal] | None) -> list[float | int | str] | None:
            return None if xs is None else [num(x) for x in xs]

        return {
            "path": self.path,
            "index": self.index,
            "label": self.label,
            "status": self.status,
            "expected": nums(self.expected),
            "computed": nums(self.computed),
            "allowed": self.allowed,
            "message": self.message,
        }


def _is_inf(x: object) -> bool:
    if isinstance(x, Decimal):
        return x.is_infinite()
    return isinstance(x, float) and x == float("inf")


class _Units:
    """Converts the file's amounts to integer chips of ``unit`` exactly (``inf`` becomes a huge stack)."""

    __slots__ = ("den", "num", "unit")

    def __init__(self, unit: Decimal) -> None:
        self.unit = unit
        self.num, self.den = unit.as_integer_ratio()

    def __call__(self, x: Decimal) -> int:
        try:
            a, b = x.as_integer_ratio()
        except OverflowError:  # inf
            return _HUGE
        q, r = divmod(a * self.den, b * self.num)
        if r:
            return to_units(x, self.unit)  # raises the reader's error naming the amount
        return q


def _by_position(values: Sequence[Decimal], n: int) -> list[Decimal]:
    """PHH lists are by position (p1 first); heads-up they apply in reverse order (PHH-NOTES, Seats)."""
    out = list(values) + [Decimal(0)] * (n - len(values))
    return out[::-1] if n == 2 else out


def build_hand(record: PHHHand, *, unit: Decimal | None = None) -> tuple[Hand, list[PHHAction], Decimal]:
    """Set up the engine hand for ``record``: its game, betting, forced bets and the scripted cards its deal
    actions name.  Returns the hand, the parsed actions and the unit used.  Raises
    :class:`~pokerroom.errors.UnsupportedRule` for a variant this replay does not support and
    :class:`~pokerroom.errors.PHHError` for a broken action."""
    spec = VARIANTS.get(record.variant)
    if spec is None:
        raise UnsupportedRule(f"PHH variant {record.variant!r} is not supported; supported: {', '.join(VARIANTS)}")
    game: Game = find(spec[0])
    actions = [_parse(a) for a in record.actions]
    if unit is None:  # the file's largest common unit (the reader's chip_unit, reusing the parsed actions)
        amounts = [*record.antes, *record.starting_stacks, *(record.blinds_or_straddles or ())]
        amounts += record.finishing_stacks or ()
        amounts += [x for x in (record.bring_in, record.small_bet, record.big_bet, record.min_bet) if x is not None]
        amounts += [a.amount for a in actions if a.amount is not None]
        unit = common_unit(amounts)
    conv = _Units(unit)
    n = len(record.starting_stacks)
    stacks = [conv(x) for x in record.starting_stacks]
    blinds = [conv(x) for x in _by_position(record.blinds_or_straddles or [], n)]
    antes = [conv(x) for x in _by_position(record.antes or [], n)]
    if spec[1] == "fixed":
        if record.small_bet is None or record.big_bet is None:
            raise UnsupportedRule("a fixed-limit PHH hand needs small_bet and big_bet")
        betting = Betting.fixed_limit(conv(record.small_bet), conv(record.big_bet), rounds=game.betting_rounds)
    else:
        min_bet = record.min_bet if record.min_bet is not None else max(record.blinds_or_straddles or [Decimal(1)])
        betting = game.betting(spec[1], big_blind=conv(min_bet))
    hole: dict[int, list[int]] = {}
    board: list[int] = []
    for a in actions:
        if a.verb == "dh" and a.seat is not None and a.cards is not None:
            hole.setdefault(a.seat, []).extend(a.cards)
        elif a.verb == "db" and a.cards is not None:
            board.extend(a.cards)
    hand = Hand(
        game,
        stacks=stacks,
        button=n - 1 if n > 2 else 1,
        blinds=blinds,
        antes=antes,
        betting=betting,
        cards=ScriptedCards(hole, board),
        bring_in=conv(record.bring_in) if record.bring_in is not None else 0,
        ante_trimming=bool(record.ante_trimming_status),
        auto_showdown=False,
        strict_show_order=False,
    )
    return hand, actions, unit


def _apply(hand: Hand, a: PHHAction, board_seen: int, conv: _Units) -> int:
    """Apply one PHH action; returns how many board cards have been checked so far."""
    if a.actor == "d":
        if a.verb == "db":
            cards = list(a.cards or ())
            dealt = hand.board[board_seen : board_seen + len(cards)]
            if dealt != cards:
                raise UnsupportedRule(
                    f"board cards dealt here, but the engine's board at this point is "
                    f"{len(hand.board)} cards and does not continue with them"
                )
            return board_seen + len(cards)
        if a.verb == "dh" and a.seat is not None:
            if a.seat >= hand.n:
                raise UnsupportedRule(f"p{a.seat + 1} is not a player of this {hand.n}-player hand")
            return board_seen
        raise UnsupportedRule(f"dealer action {a.verb!r} is not a PHH dealer action")
    seat = a.actor
    assert isinstance(seat, int)
    verb = a.verb
    if verb == "cc":
        facing = hand.to_act == seat and hand.cur > hand.bets[seat]
        hand.act(Action.call() if facing else Action.check(), seat)
    elif verb == "f":
        hand.act(Action.fold(), seat)
    elif verb == "pb":
        hand.act(Action.post_bring_in(), seat)
    elif verb == "sd":
        hand.act(Action.draw(tuple(a.cards or ())), seat)
    elif verb == "cbr":
        assert a.amount is not None
        to = conv(a.amount)
        hand.act(Action.bet(to) if hand.cur == 0 else Action.raise_to(to), seat)
    elif verb == "sm":
        if hand.phase is Phase.COMPLETE or seat in hand.shown:
            if a.cards and seat in hand.shown and any(
                c != -1 and c not in hand.shown[seat] for c in a.cards
            ):
                raise UnsupportedRule(f"p{seat + 1} shows cards other than the ones shown before")
            return board_seen
        hand.act(Action.show(tuple(a.cards)) if a.cards else Action.muck(), seat)
    else:
        raise UnsupportedRule(f"action {a.verb!r} is not supported")
    return board_seen


def allowed_reason(path: str | None) -> str | None:
    """The allow-list reason for the file at ``path``, or ``None``."""
    if path is None:
        return None
    norm = path.replace("\\", "/")
    return next((why for suffix, why in ALLOW_LIST.items() if norm.endswith(suffix)), None)


def replay(record: PHHHand, *, unit: Decimal | None = None) -> ReplayResult:
    """Replay ``record`` and compare its final stacks.  Never raises for a bad hand: the result says why."""
    allowed = allowed_reason(record.path)
    expected = list(record.finishing_stacks) if record.finishing_stacks else None

    def result(
        status: str, message: str, computed: list[Decimal] | None = None, hand: Hand | None = None
    ) -> ReplayResult:
        return ReplayResult(record.path, record.index, record.label, status, expected, computed, allowed, message, hand)

    try:
        hand, actions, used = build_hand(record, unit=unit)
    except PokerroomError as exc:
        return result("error", f"set-up: {exc}")
    board_seen = 0
    conv = _Units(used)
    for k, a in enumerate(actions):
        try:
            board_seen = _apply(hand, a, board_seen, conv)
        except UnknownCards as exc:
            return result("unchecked", f"action {k} {format_action(a)!r}: {exc}", hand=hand)
        except PokerroomError as exc:
            return result("error", f"action {k} {format_action(a)!r}: {exc}", hand=hand)
    if hand.phase is Phase.SHOWDOWN:
        try:
            while hand.to_act is not None and hand.phase is Phase.SHOWDOWN:
                hand.act(Action.show(), hand.to_act)
        except UnknownCards as exc:
            return result("unchecked", f"showdown: {exc}", hand=hand)
        except PokerroomError as exc:
            return result("error", f"showdown: {exc}", hand=hand)
    if hand.phase is not Phase.COMPLETE:
        return result("error", f"the actions end before the hand does (seat {hand.to_act} is to act)", hand=hand)
    computed = [used * s for s in hand.stacks]
    if any(_is_inf(x) for x in record.starting_stacks):
        return result("unchecked", "starting stacks include inf", None, hand)
    if expected is None:
        return result("unchecked", "no finishing_stacks to compare", computed, hand)
    if computed == expected:
        return result("ok", "final stacks match", computed, hand)
    diff = ", ".join(f"p{i + 1} {e} vs {c}" for i, (e, c) in enumerate(zip(expected, computed, strict=False)) if e != c)
    return result("mismatch", f"final stacks differ (expected vs computed): {diff}", computed, hand)
