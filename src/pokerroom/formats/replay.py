"""Replay PHH hands through the engine and compare with their ``finishing_stacks`` (issue: hold'em skeleton).

Every action goes through :meth:`Hand.act` with the actor the file names, so an action out of turn or an
illegal amount is reported, not repaired.  Chips are replayed in integers of the file's largest common unit
(:func:`~pokerroom.formats.phh.chip_unit`; the Pluribus half-chips become whole) and the odd-chip rule is applied
at that unit; ``unit=`` overrides it.

Statuses (:data:`STATUSES`): ``ok`` (the record's ``finishing_stacks`` and ``winnings``, those it has, match),
``mismatch``, ``error`` (an action was refused or the record is broken; the message says which action or field
and why), ``unchecked`` (replayed without fault, but nothing to compare: neither field, ``inf`` stacks without
winnings, or cards unknown at the showdown, where the winnings are still checked against the pot),
``incomplete`` (every action applied, but the record stops before the hand ends: a file cut short) and ``rake``
(the only difference is chips missing from what the pots' winners took: a rake the record implies, its amount
in the message).  Hands in :data:`ALLOW_LIST` keep their status and carry the reason.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from enum import Enum
from functools import lru_cache

from pokerroom.cards import UNKNOWN, format_card, format_cards
from pokerroom.engine import TIMED_OUT, Action, ActionKind, Hand, OutOfCards, Phase
from pokerroom.engine.order import largest_blind_seat
from pokerroom.errors import DuplicateCard, IllegalAction, PokerroomError, UnknownCards, UnsupportedRule
from pokerroom.formats.phh import INF, PHHHand, chip_unit, to_units
from pokerroom.formats.phh_actions import PHHAction, format_action, parse_action
from pokerroom.formats.phh_extensions import (
    BETTING_AMOUNTS,
    RAKE_FIELDS,
    RAKE_FROM,
    by_position,
    extension_amounts,
    is_amount,
    main_first,
    read_betting_value,
    read_big_blind_seat,
    read_dead,
    read_rake,
)
from pokerroom.formats.replay_check import compare, unknown_cards
from pokerroom.games import Betting, Family, Game, Limit, all_games, find

__all__ = [
    "ALLOW_LIST",
    "ARTIFICIAL_ALL_IN",
    "BETTING_AMOUNTS",
    "CODES",
    "ENDS_EARLY",
    "PASSING",
    "RAKE_FIELDS",
    "RAKE_FROM",
    "SPLIT",
    "STATUSES",
    "TIMED_OUT",
    "VARIANTS",
    "Observer",
    "ReplayResult",
    "allowed_reason",
    "base_betting",
    "build_hand",
    "main_first",
    "record_unit",
    "replay",
    "resolve_variant",
    "rules_game",
]

STATUSES = ("ok", "mismatch", "error", "unchecked", "incomplete", "rake")
"""Every status a replay gives, in the order summaries list them."""
PASSING: frozenset[str] = frozenset(("ok", "unchecked", "incomplete", "rake"))
"""The statuses that are not a fault of the record's play: nothing refused, nothing computed differently but an
implied rake."""

ENDS_EARLY = "the actions end before the hand does"
"""The start of a replay's message when every action applied and the hand is not over (a file cut short)."""

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
"""PHH variant code -> (game id, limit) for the codes this replay supports.  Any other variant must be one of our
game ids (``docs/phh.md``: ``_limit`` gives the limit, ``_house_rules`` the house rules, and so on)."""

CODES: dict[tuple[str, Limit], str] = {(game, Limit(limit)): code for code, (game, limit) in VARIANTS.items()}
"""(game id, limit) -> the PHH variant code: a hand of these, by the game's registered rules, is written with the
code; any other with our game id and extension keys."""


SPLIT = "split"
"""The comment that marks a check pressing split in 32-card draw (``pN cc # split``; RULES G15)."""

ARTIFICIAL_ALL_IN = "artificial all-in"
"""The comment that marks disconnect protection (``pN cc # artificial all-in``; RULES §3.7): the player stays in
the hand for the chips already in, as if all-in; the chips behind come back at the end."""

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
_LIMITS = {limit.value: limit for limit in Limit}  # Limit(text) without the enum's call
_parse = lru_cache(maxsize=1 << 16)(parse_action)  # records are immutable, and action strings repeat a lot


@dataclass(frozen=True, slots=True)
class ReplayResult:
    """The outcome of replaying one hand.  ``expected``/``computed`` are final stacks in the file's own units,
    ``winnings``/``computed_winnings`` what each player took from the pots (the record's, and the replay's once the
    hand is settled)."""

    path: str | None
    index: int
    label: str | None
    status: str
    expected: list[Decimal] | None
    computed: list[Decimal] | None
    allowed: str | None
    message: str
    hand: Hand | None = None
    winnings: list[Decimal] | None = None
    computed_winnings: list[Decimal] | None = None
    players: list[str] | None = None
    """The players' names in the order of the lists above (the record's ``players``), where the record names them."""

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
            "winnings": nums(self.winnings),
            "computed_winnings": nums(self.computed_winnings),
            "players": self.players,
        }


def _is_inf(x: object) -> bool:
    if isinstance(x, Decimal):
        return x.is_infinite()
    return isinstance(x, float) and x == float("inf")


_MEMO_SIZE = 4096
_MEMOS: dict[tuple[int, int], dict[Decimal, int]] = {}
"""Amounts already converted, by unit (as a ratio): stacks, blinds and bet sizes repeat from hand to hand, and a
conversion depends only on the two values.  Each table stops growing at :data:`_MEMO_SIZE` entries."""


class _Units:
    """Converts the file's amounts to integer chips of ``unit`` exactly (``inf`` becomes a huge stack)."""

    __slots__ = ("den", "memo", "num", "unit")

    def __init__(self, unit: Decimal) -> None:
        self.unit = unit
        self.num, self.den = ratio = unit.as_integer_ratio()
        memo = _MEMOS.get(ratio)
        if memo is None:
            memo = {}
            if len(_MEMOS) < 64:  # past 64 units, each converter keeps a table of its own
                _MEMOS[ratio] = memo
        self.memo = memo

    def many(self, values: Iterable[Decimal]) -> list[int]:
        """Each of ``values`` converted, as :meth:`__call__` does (in one pass when each was met before)."""
        memo = self.memo
        try:
            return [memo[x] for x in values]
        except (KeyError, TypeError):
            return list(map(self, values))

    def __call__(self, x: Decimal) -> int:
        try:
            q = self.memo.get(x)
        except TypeError:  # a signalling NaN has no hash: as_integer_ratio says what it is
            q = None
        if q is not None:
            return q
        try:
            a, b = x.as_integer_ratio()
        except OverflowError:  # inf
            return _HUGE
        q, r = divmod(a * self.den, b * self.num)
        if r:
            return to_units(x, self.unit)  # raises the reader's error naming the amount
        if len(self.memo) < _MEMO_SIZE:
            self.memo[x] = q
        return q


def base_betting(
    game: Game, limit: Limit, *, small_bet: int | None = None, big_bet: int | None = None, min_bet: int = 0
) -> Betting:
    """The betting structure a PHH record's standard fields give for ``game`` at ``limit``: fixed limit from
    ``small_bet`` and ``big_bet``, the other structures from ``min_bet`` (the big blind), as the game builds it
    (:meth:`~pokerroom.games.Game.betting`).  A record's ``_betting`` table changes fields of it."""
    if limit is Limit.FIXED:
        if small_bet is None or big_bet is None:
            raise UnsupportedRule("a fixed-limit PHH hand needs small_bet and big_bet")
        return game.betting(limit, big_blind=small_bet, big_bet=big_bet)
    return game.betting(limit, big_blind=min_bet)


def _rule_value(game: Game, name: str, value: object) -> object:
    """A house-rule value as TOML gives it, in the type of the rule's default (lists as tuples, text as the
    choice or enum, ``'none'`` as ``None``, decimals as floats)."""
    rule = next((r for r in game.house_rules if r.name == name.replace("-", "_")), None)
    if rule is None:
        return value  # with_rules names the rules there are
    default = rule.default
    if value == "none" and default is None:
        return None
    if isinstance(default, tuple) and isinstance(value, list):
        return tuple(value)
    if isinstance(default, float) and isinstance(value, Decimal | int) and not isinstance(value, bool):
        return float(value)
    if isinstance(default, Enum) and isinstance(value, str) and not rule.choices:
        try:
            return type(default)(value)
        except ValueError:
            raise UnsupportedRule(f"house rule {name} cannot be {value!r}") from None
    return value


def rules_game(game_id: str, rules: Mapping[str, object]) -> Game:
    """The registered game ``game_id`` with the house rules ``rules`` (names and values as a PHH record's
    ``_house_rules`` table holds them)."""
    base = find(game_id)
    if not rules:
        return base
    return base.with_rules(**{name: _rule_value(base, name, value) for name, value in rules.items()})


def resolve_variant(record: PHHHand) -> tuple[Game, Limit]:
    """The game (with the record's ``_house_rules``) and the limit of ``record``: a PHH code of
    :data:`VARIANTS`, or one of our game ids with the limit in ``_limit`` (default: the game's own)."""
    extra = record.extra
    spec = VARIANTS.get(record.variant)
    if spec is not None:
        game_id, limit = spec[0], _LIMITS.get(spec[1]) or Limit(spec[1])
        if "_house_rules" not in extra and "_limit" not in extra:  # the usual record: the game as registered
            return find(game_id), limit
        if "_limit" in extra and _limit(extra["_limit"]) is not limit:
            raise UnsupportedRule(f"_limit {extra['_limit']!r} contradicts variant {record.variant} ({spec[1]} limit)")
    else:
        try:
            registered = find(record.variant)
        except UnsupportedRule:
            ids = ", ".join(g.id for g in all_games())
            raise UnsupportedRule(
                f"PHH variant {record.variant!r} is not supported: neither a PHH code this replay knows "
                f"({', '.join(VARIANTS)}) nor a game id ({ids})"
            ) from None
        game_id = registered.id
        limit = _limit(extra["_limit"]) if "_limit" in extra else registered.default_limit
    rules = extra.get("_house_rules", {})
    if not isinstance(rules, Mapping):
        raise UnsupportedRule(f"_house_rules must be a table of house-rule values, not {rules!r}")
    return rules_game(game_id, rules), limit


def _limit(value: object) -> Limit:
    if not isinstance(value, str):
        raise UnsupportedRule(f"_limit must be a limit name such as 'pot', not {value!r}")
    return Limit.parse(value)


def record_unit(record: PHHHand, actions: Sequence[PHHAction] | None = None) -> Decimal:
    """The chip unit a replay of ``record`` uses: its ``_chip_unit``, else the reader's
    :func:`~pokerroom.formats.phh.chip_unit` with the extension amounts included (never coarser than the
    currency's unit or 1)."""
    declared = record.extra.get("_chip_unit")
    if declared is not None:
        if not isinstance(declared, Decimal | int) or isinstance(declared, bool) or not declared > 0:
            raise UnsupportedRule(f"_chip_unit must be a positive amount, not {declared!r}")
        return Decimal(declared)
    if actions is None:
        actions = [_parse(a) for a in record.actions]
    return chip_unit(record, actions, extension_amounts(record.extra))


_BETTINGS: dict[tuple[int, Limit, int | None, int | None, int], tuple[Game, Betting]] = {}
""":func:`base_betting` results by (game, limit, small bet, big bet, min bet): the same few structures serve a whole
dataset (a :class:`Betting` is frozen).  The entry holds its game, so the ``id`` in the key stays its own."""


def _base_betting(game: Game, limit: Limit, small_bet: int | None, big_bet: int | None, min_bet: int) -> Betting:
    key = (id(game), limit, small_bet, big_bet, min_bet)
    hit = _BETTINGS.get(key)
    if hit is not None and hit[0] is game:
        return hit[1]
    betting = base_betting(game, limit, small_bet=small_bet, big_bet=big_bet, min_bet=min_bet)
    if len(_BETTINGS) < 256:
        _BETTINGS[key] = (game, betting)
    return betting


def _betting(record: PHHHand, game: Game, limit: Limit, conv: _Units) -> Betting:
    if limit is Limit.FIXED:
        if record.small_bet is None or record.big_bet is None:
            raise UnsupportedRule("a fixed-limit PHH hand needs small_bet and big_bet")
        base = _base_betting(game, limit, conv(record.small_bet), conv(record.big_bet), 0)
    else:
        min_bet = record.min_bet if record.min_bet is not None else max(record.blinds_or_straddles or [Decimal(1)])
        base = _base_betting(game, limit, None, None, conv(min_bet) or 1)
    table = record.extra.get("_betting")
    if table is None:
        return base
    if not isinstance(table, Mapping):
        raise UnsupportedRule(f"_betting must be a table of betting-structure fields, not {table!r}")
    names = {f.name for f in dataclasses.fields(Betting)} - {"limit"}
    changes: dict[str, object] = {}
    for name, raw in table.items():
        if name not in names:
            raise UnsupportedRule(f"_betting has no field {name!r}; fields: {', '.join(sorted(names))}")
        changes[name] = read_betting_value(name, raw, conv)
    try:
        return dataclasses.replace(base, **changes)  # type: ignore[arg-type]
    except TypeError as exc:  # pragma: no cover - a field the dataclass refuses
        raise UnsupportedRule(f"_betting: {exc}") from None


def _posts(signed: Sequence[int]) -> tuple[list[int], list[int]]:
    """The live blinds and the dead money of ``blinds_or_straddles`` in chips, by seat, where a negative entry is a
    post (PHH): one of the big blind's size or more is a live big blind (RULES §3.4, a new player) with the rest
    dead (§3.5, a returning player's small blind); a smaller one is a missed small blind, posted dead.  (The
    HandHQ files bear this out: Ongame's ``-2`` at 2/4 and ``-5`` at 5/10 only add up as dead money.)"""
    big = max((x for x in signed if x > 0), default=0)
    live, dead = [], []
    for x in signed:
        if x >= 0:
            live.append(x)
            dead.append(0)
        else:
            part = -x if not big else big if -x >= big else 0  # no blind proper: the post is the big blind
            live.append(part)
            dead.append(-x - part)
    return live, dead


class _ReplayCards:
    """The cards a record's deal actions name: each player's in order (``dh``) and the board (``db``).

    It counts the cards dealt, so that the stub's size is known as in a real deal (the stud common card comes when
    the deck cannot give every player a last card, RULES G9).  A known card is never in two places at once; in a
    draw game a card discarded or folded may come back after a reshuffle (RULES §2.5), but never to the player
    who discarded it."""

    __slots__ = ("_board", "_board_pos", "_dealt", "_deck", "_hole", "_hole_pos", "_live")

    reshuffled: tuple[int, ...] = ()
    """PHH has no notation for a reshuffle (RULES §2.5): the cards a draw deals are the record's, and when the
    dealer reshuffled to give them is not known."""

    def __init__(self, hole: dict[int, list[int]], board: list[int], deck: int, *, reshuffles: bool) -> None:
        if not reshuffles:
            known = [c for cards in (*hole.values(), board) for c in cards if c != UNKNOWN]
            if len(set(known)) != len(known):
                raise DuplicateCard(format_card(next(c for c in known if known.count(c) > 1)))
        self._hole = hole
        self._hole_pos = dict.fromkeys(hole, 0)
        self._board = board
        self._board_pos = 0
        self._deck = deck
        self._dealt = 0
        # The known cards in play, where a reshuffle can bring one back; without reshuffles every known card of
        # the record is already distinct (above), and each is dealt once, so there is nothing to watch.
        self._live: set[int] | None = set() if reshuffles else None

    def copy(self) -> _ReplayCards:
        """An independent copy at the same place in the record (``Hand.copy``); the record's cards are shared."""
        twin = object.__new__(_ReplayCards)
        twin._hole, twin._board, twin._deck = self._hole, self._board, self._deck
        twin._hole_pos, twin._board_pos = dict(self._hole_pos), self._board_pos
        twin._dealt, twin._live = self._dealt, None if self._live is None else set(self._live)
        return twin

    def _take(self, cards: list[int]) -> list[int]:
        live = self._live
        if live is not None:
            for c in cards:
                if c != UNKNOWN:
                    if c in live:
                        raise DuplicateCard(format_card(c))
                    live.add(c)
        self._dealt += len(cards)
        return cards

    def deal_hole(self, seats: Sequence[int], count: int) -> list[list[int]]:
        out: list[list[int]] = []
        for s in seats:
            cards = self._hole.get(s)
            if cards is None:
                out.append(self._take([UNKNOWN] * count))
                continue
            pos = self._hole_pos[s]
            if pos + count > len(cards):
                raise OutOfCards(f"the record deals p{s + 1} {len(cards)} cards; {pos + count} are needed here")
            self._hole_pos[s] = pos + count
            out.append(self._take(cards[pos : pos + count]))
        return out

    def deal_board(self, count: int) -> list[int]:
        pos = self._board_pos
        if pos + count > len(self._board):
            raise OutOfCards(f"the record deals {len(self._board)} board cards; {pos + count} are needed here")
        self._board_pos = pos + count
        return self._take(self._board[pos : pos + count])

    def deal_draw(self, seat: int, count: int, own: Sequence[int]) -> list[int]:
        cards = self.deal_hole([seat], count)[0]
        back = [c for c in cards if c != UNKNOWN and c in own]
        if back:
            raise IllegalAction(f"p{seat + 1} is dealt {format_cards(back)}, discarded by that player (RULES §2.5)")
        return cards

    def discard(self, cards: Sequence[int]) -> None:
        if self._live is not None:
            self._live.difference_update(cards)

    def draw_capacity(self, own: Sequence[int]) -> int | None:
        return None  # the record says what was drawn

    @property
    def remaining(self) -> int:
        return self._deck - self._dealt


def build_hand(record: PHHHand, *, unit: Decimal | None = None) -> tuple[Hand, list[PHHAction], Decimal]:
    """Set up the engine hand for ``record``: its game (a PHH code, or our game id with extension keys; see
    ``docs/phh.md``), betting, forced bets and the scripted cards its deal actions name.  Returns the hand, the
    parsed actions and the unit used.  Raises :class:`~pokerroom.errors.UnsupportedRule` for a variant this
    replay does not support or a bad extension key and :class:`~pokerroom.errors.PHHError` for a broken
    action."""
    game, limit = resolve_variant(record)
    actions = list(map(_parse, record.actions))
    if unit is None:
        unit = record_unit(record, actions)
    conv = _Units(unit)
    n = len(record.starting_stacks)
    stacks = conv.many(record.starting_stacks)
    signed = conv.many(by_position(record.blinds_or_straddles or [], n))  # a post stays negative
    blinds, posted_dead = _posts(signed)
    antes = conv.many(by_position(record.antes or [], n))
    betting = _betting(record, game, limit, conv)
    if game.family is Family.STUD and record.bring_in is None:
        raise UnsupportedRule(f"{game.id} has a bring-in: the record needs the field bring_in")
    hole: dict[int, list[int]] = {}
    board: list[int] = []
    shown: dict[int, tuple[int, ...]] = {}
    for a in actions:
        verb = a.verb
        if verb == "dh":
            if a.seat is not None and a.cards is not None:
                hole.setdefault(a.seat, []).extend(a.cards)
        elif verb == "db":
            if a.cards is not None:
                board.extend(a.cards)
        elif verb == "sm" and isinstance(a.actor, int) and a.cards and UNKNOWN not in a.cards:
            shown[a.actor] = a.cards
    for seat, cards in shown.items():
        # Dealt unknown, shown later (after ``sm ????`` on earlier streets): a show tells what was dealt.
        dealt = hole.get(seat)
        if dealt is not None and len(dealt) == len(cards) and all(c == UNKNOWN for c in dealt):
            hole[seat] = list(cards)
    extra = record.extra
    fold_without_bet = extra.get("_fold_without_bet")
    last_hand = extra.get("_last_hand", False)
    carried_in = extra.get("_carried_in", 0)
    if fold_without_bet is not None and not isinstance(fold_without_bet, bool):
        raise UnsupportedRule(f"_fold_without_bet must be true or false, not {fold_without_bet!r}")
    if not isinstance(last_hand, bool):
        raise UnsupportedRule(f"_last_hand must be true or false, not {last_hand!r}")
    if isinstance(carried_in, bool) or not isinstance(carried_in, int | Decimal):
        raise UnsupportedRule(f"_carried_in must be an amount, not {carried_in!r}")
    dead = read_dead(extra.get("_dead"), n, conv)
    if any(posted_dead):
        dead = [a + b for a, b in zip(dead or [0] * n, posted_dead, strict=True)]
    big_blind_seat = read_big_blind_seat(extra.get("_big_blind_seat"), n)
    button = n - 1 if n > 2 else 1
    if big_blind_seat is None and min(signed, default=0) < 0:
        # The big blind in position, and so who opens, comes from the blinds proper, never from a post.
        big_blind_seat = largest_blind_seat([max(x, 0) for x in signed], button)
    rake = read_rake(extra.get("_rake"), unit, conv)
    hand = Hand(
        game,
        stacks=stacks,
        button=button,
        blinds=blinds,
        antes=antes,
        betting=betting,
        cards=_ReplayCards(hole, board, len(game.deck), reshuffles=any(st.draw for st in game.streets)),
        bring_in=conv(record.bring_in) if record.bring_in is not None else 0,
        ante_trimming=bool(record.ante_trimming_status),
        auto_showdown=False,
        strict_show_order=False,
        fold_without_bet=fold_without_bet,
        carried_in=conv(Decimal(carried_in)),
        last_hand=last_hand,
        dead=dead,
        big_blind_seat=big_blind_seat,
        rake=rake,
    )
    return hand, actions, unit


def _unknown_show(hand: Hand, seat: int, record_won: bool, board_seen: int) -> int:
    """``pN sm ????``: a show whose cards the record does not know (sites write it on every street of an all-in
    run-out, and for a player who mucked).  Nothing to do when the cards are known (dealt or shown later) or the
    player is out; a player the record says won nothing mucks; else the cards are needed (``UnknownCards``)."""
    if hand.phase is not Phase.SHOWDOWN or hand.folded[seat] or seat in hand.shown or seat in hand.mucked:
        return board_seen
    if UNKNOWN not in hand.hole[seat]:
        return board_seen  # known: shown when the showdown asks
    if record_won:  # the winner's cards are needed to check anything
        raise UnknownCards(f"seat {seat}'s cards are unknown at the showdown, and the record says they won")
    hand.act(Action(ActionKind.MUCK), seat)
    return board_seen


_BETTING_PHASE = Phase.BETTING
_FOLD, _CHECK, _CALL = Action.fold(), Action.check(), Action.call()
_BET, _RAISE = ActionKind.BET, ActionKind.RAISE
_BETS: dict[int, Action] = {}
_RAISES: dict[int, Action] = {}
"""Bets and raises already built, by amount (an :class:`Action` is frozen, and building one checks it); each table
stops growing at 4,096 entries."""


def _apply(hand: Hand, a: PHHAction, board_seen: int, conv: _Units, record_won: bool = False) -> int:
    """Apply one PHH action; returns how many board cards have been checked so far."""
    seat = a.actor
    if a.comment is None and seat != "d":  # the common actions first, with the engine's own action objects
        verb = a.verb
        if verb == "cc":
            facing = hand.to_act == seat and hand.phase is _BETTING_PHASE and hand.cur > hand.bets[seat]
            hand.act(_CALL if facing else _CHECK, seat)
            return board_seen
        if verb == "f":
            hand.act(_FOLD, seat)
            return board_seen
        if verb == "cbr":
            to = conv(a.amount)  # type: ignore[arg-type]  # a cbr always has its amount
            kind, built = (_BET, _BETS) if hand.cur == 0 else (_RAISE, _RAISES)
            action = built.get(to)
            if action is None:
                action = Action(kind, to)
                if len(built) < 4096:
                    built[to] = action
            hand.act(action, seat)
            return board_seen
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
    timed_out = a.comment == TIMED_OUT  # the table acted for a player whose time ran out (RULES §2.5, §3.7)
    if verb == "cc" and a.comment == ARTIFICIAL_ALL_IN:
        hand.artificial_all_in(seat)
    elif verb == "cc":
        facing = hand.to_act == seat and hand.phase is Phase.BETTING and hand.cur > hand.bets[seat]
        if a.comment == SPLIT and not facing:
            hand.act(Action.split(), seat)
        else:
            hand.act(Action(ActionKind.CALL if facing else ActionKind.CHECK, timed_out=timed_out), seat)
    elif verb == "f":
        hand.act(Action(ActionKind.FOLD, timed_out=timed_out), seat)
    elif verb == "pb":
        hand.act(Action(ActionKind.BRING_IN, timed_out=timed_out), seat)
    elif verb == "sd":
        hand.act(Action.draw(tuple(a.cards or ()), timed_out=timed_out), seat)
    elif verb == "cbr":
        assert a.amount is not None
        to = conv(a.amount)
        hand.act(Action.bet(to) if hand.cur == 0 else Action.raise_to(to), seat)
    elif verb == "sm" and a.cards and all(c == UNKNOWN for c in a.cards):
        return _unknown_show(hand, seat, record_won, board_seen)
    elif verb == "sm":
        if hand.phase is Phase.COMPLETE or seat in hand.shown:
            if a.cards and seat in hand.shown and any(c != -1 and c not in hand.shown[seat] for c in a.cards):
                raise UnsupportedRule(f"p{seat + 1} shows cards other than the ones shown before")
            return board_seen
        hand.act(Action.show(tuple(a.cards)) if a.cards else Action(ActionKind.MUCK, timed_out=timed_out), seat)
    else:
        raise UnsupportedRule(f"action {a.verb!r} is not supported")
    return board_seen


def allowed_reason(path: str | None) -> str | None:
    """The allow-list reason for the file at ``path``, or ``None``."""
    if path is None:
        return None
    norm = path.replace("\\", "/")
    return next((why for suffix, why in ALLOW_LIST.items() if norm.endswith(suffix)), None)


Observer = Callable[[int, Hand], str | None]
"""Called after each action a replay applies, with the action's index and the hand; a text it returns stops the
replay as a ``mismatch`` with that message (a format's own checks: PokerStars' amounts line by line)."""


def replay(record: PHHHand, *, unit: Decimal | None = None, observer: Observer | None = None) -> ReplayResult:
    """Replay ``record`` and compare its final stacks.  Never raises for a bad hand: the result says why.
    ``observer`` (:data:`Observer`) sees the hand after every action."""
    allowed = allowed_reason(record.path)
    expected = list(record.finishing_stacks) if record.finishing_stacks else None

    def result(
        status: str, message: str, computed: list[Decimal] | None = None, hand: Hand | None = None
    ) -> ReplayResult:
        won = None
        if hand is not None and hand.is_complete:
            won = [used * w for w in hand.won]
        winnings = None if record.winnings is None else list(record.winnings)
        players = list(record.players) if record.players is not None else None
        return ReplayResult(
            record.path, record.index, record.label, status, expected, computed, allowed, message, hand, winnings, won,
            players,
        )  # fmt: skip

    try:
        hand, actions, used = build_hand(record, unit=unit)
    except PokerroomError as exc:
        return result("error", f"set-up: {_as_players(str(exc))}")
    board_seen = 0
    conv = _Units(used)
    winnings = record.winnings
    for k, a in enumerate(actions):
        try:
            won = winnings is not None and a.verb == "sm" and winnings[a.actor] > 0  # type: ignore[index]
            board_seen = _apply(hand, a, board_seen, conv, won)
            if observer is not None and (differs := observer(k, hand)) is not None:
                return result("mismatch", differs, hand=hand)
        except UnknownCards as exc:
            return unknown_cards(
                record, hand, used, f"action {k} {format_action(a)!r}: {_as_players(str(exc))}", result
            )
        except PokerroomError as exc:
            return result("error", f"action {k} {format_action(a)!r}: {_as_players(str(exc))}", hand=hand)
    if hand.phase is Phase.SHOWDOWN:
        try:
            while hand.to_act is not None and hand.phase is Phase.SHOWDOWN:
                hand.act(Action.show(), hand.to_act)
        except UnknownCards as exc:
            return unknown_cards(record, hand, used, f"showdown: {_as_players(str(exc))}", result)
        except PokerroomError as exc:
            return result("error", f"showdown: {_as_players(str(exc))}", hand=hand)
    if hand.phase is not Phase.COMPLETE:
        return result("incomplete", f"{ENDS_EARLY}: {_where_stopped(hand)}", hand=hand)
    computed = [INF if _is_inf(x) else used * s for s, x in zip(hand.stacks, record.starting_stacks, strict=True)]
    extra = record.extra
    if hand.carried or "_carried" in extra:  # neither: 0 expected and 0 computed
        carried = extra.get("_carried", 0)
        if isinstance(carried, Decimal | int) and used * hand.carried != carried:
            message = f"chips carried to the next hand: {carried} expected, {used * hand.carried} computed"
            return result("mismatch", message, computed, hand)
    rake = extra.get("_rake")
    raked = rake.get("amount") if rake is not None and isinstance(rake, Mapping) else None
    if raked is not None and is_amount(raked) and used * hand.rake != raked:
        return result("mismatch", f"rake: {raked} expected, {used * hand.rake} computed", computed, hand)
    return compare(record, hand, used, computed, result)


def _where_stopped(hand: Hand) -> str:
    """Where a hand cut short stands: the phase, the street and who is to act (seats as ``pN``)."""
    who = "nobody" if hand.to_act is None else f"p{hand.to_act + 1}"
    street = hand.game.streets[hand.street].name if hand.street < len(hand.game.streets) else f"street {hand.street}"
    return f"every action applied; the hand stops in its {hand.phase.value} on the {street}, {who} to act"


_SEAT = re.compile(r"\bseat (\d+)")
_SEATS = re.compile(r"\bseats: \[([0-9, ]*)\]")


def _as_players(text: str) -> str:
    """An engine message in the record's words: engine seat ``k`` is player ``p(k+1)``."""
    text = _SEAT.sub(lambda m: f"p{int(m[1]) + 1}", text)
    return _SEATS.sub(lambda m: "players: [" + ", ".join(f"p{int(x) + 1}" for x in m[1].split(", ") if x) + "]", text)
