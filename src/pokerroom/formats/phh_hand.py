"""Write a played :class:`~pokerroom.engine.Hand` of any game as a PHH record, from its event list (DESIGN habit 4).

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
* ``_big_blind_seat``: the big blind in position (``'p3'``) when a player who posted a live big blind out of
  position sits after it, so that the action starts left of the right one;
* ``_rake``: the house's cut at settlement: ``schedule`` (a RULES §3.10 table, with ``cents_per_unit``) when the
  hand was raked by a room table's schedule, ``amount`` (the rake taken, which the replay checks) and ``pots``
  (what each pot gave, only when the split is not in proportion to the pots, A-3.10-4).

A draw the clock made is written ``pN sd # timed out``; pressing split in 32-card draw (a check that proposes or
accepts splitting the pot) ``pN cc # split``, and an all-in player declining it ``pN cc``; disconnect protection
(RULES §3.7: the player stays in for the chips already in) ``pN cc # artificial all-in``.

Seats map to PHH players from the button or dealer box (PHH-NOTES "Seats"): ``p1`` is the first seat left of it
and ``pN`` the button itself (heads-up the blind and ante lists are written in reverse order).  In stud the first
deal of a player holds the down and up cards of the first street together (``d dh p1 4c8dKs``); later streets one
card each.  In draw games a draw is ``pN sd CARDS`` (none: stand pat) followed by ``d dh pN NEW``.  Amounts are
written in chips times ``unit`` (1 by default).  With ``seat=`` the record is written from that seat's view: other
seats' down cards and discards appear as ``??`` unless they were shown at the showdown; up cards are public.

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
from decimal import Decimal
from enum import Enum
from typing import Any

from pokerroom.cards import UNKNOWN, format_cards
from pokerroom.engine import EventType, Hand
from pokerroom.engine.pots import build_pots
from pokerroom.errors import UnsupportedRule
from pokerroom.formats.phh import BUTTON_VARIANTS, PHHHand
from pokerroom.formats.replay import (
    ARTIFICIAL_ALL_IN,
    BETTING_AMOUNTS,
    CODES,
    SPLIT,
    TIMED_OUT,
    base_betting,
    record_unit,
    rules_game,
)
from pokerroom.games import Betting, Family, Game, Limit
from pokerroom.room.rake import SCHEDULES, TableRake, split_rake

__all__ = ["ARTIFICIAL_ALL_IN", "CODES", "SPLIT", "TIMED_OUT", "extension_keys", "from_hand", "variant_code"]

_SKIPPED = frozenset(
    (
        EventType.POST_ANTE, EventType.POST_BLIND, EventType.POST_DEAD, EventType.UNCALLED, EventType.RAKE,
        EventType.POT, EventType.WIN, EventType.HAND_END,
    )
)  # fmt: skip
"""Events a PHH record holds in its fields (forced bets, dead money, the rake) or that follow from the actions
(pots, the end)."""


def variant_code(hand: Hand) -> str:
    """The PHH variant code of ``hand``'s game and limit; raises :class:`~pokerroom.errors.UnsupportedRule`
    when PHH has none (:func:`from_hand` then writes the game id with extension keys)."""
    code = CODES.get((hand.game.id, hand.betting.limit))
    if code is None:
        raise UnsupportedRule(
            f"PHH has no variant code for {hand.game.id} at {hand.betting.limit.value} limit; "
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


def _house_rules(game: Game) -> dict[str, object]:
    """The house-rule values of ``game`` that differ from its registered form, by rule name."""
    out = game.changed_rules()
    if rules_game(game.id, {k: _plain(v) for k, v in out.items()}) != game:
        raise UnsupportedRule(
            f"this {game.id} differs from the registered game in more than its house rules "
            f"({', '.join(r.name for r in game.house_rules) or 'it has none'}); PHH cannot record it"
        )
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


def _order(hand: Hand) -> list[int]:
    """The engine seat of each PHH position: ``p1`` is the first seat after the button (or the dealer box)."""
    return [(hand.button + 1 + k) % hand.n for k in range(hand.n)]


def _by_position(hand: Hand, values: Sequence[int], unit: Decimal) -> list[Decimal]:
    """Per-seat amounts as a PHH list: by position, in reverse order heads-up (as the blinds)."""
    out = [Decimal(values[s]) * unit for s in _order(hand)]
    return out[::-1] if hand.n == 2 else out


def _default_big_blind(hand: Hand) -> int | None:
    """The big blind a reader finds without ``_big_blind_seat``: the last seat clockwise from the button that
    posted the largest blind (:func:`pokerroom.engine.order.big_blind_seat`)."""
    if not any(hand.blinds):
        return None
    big, n = max(hand.blinds), hand.n
    return max((s for s in range(n) if hand.blinds[s] == big), key=lambda s: (s - hand.button - 1) % n)


def _rake_keys(hand: Hand, unit: Decimal) -> dict[str, Any]:
    """The ``_rake`` table: the schedule when a room table's rake of RULES §3.10 took it, the amount once the
    hand is settled, and each pot's part when the hook did not split it in proportion (A-3.10-4)."""
    rule = hand.rake_rule
    if rule is None:
        return {}
    out: dict[str, Any] = {}
    cents = Decimal(rule.cents_per_chip) / unit if isinstance(rule, TableRake) else None
    if (
        isinstance(rule, TableRake)
        and SCHEDULES.get(rule.schedule.id) == rule.schedule
        and cents is not None
        and cents * unit == rule.cents_per_chip  # exact: what 1 in the file is worth
    ):
        out["schedule"] = rule.schedule.id
        if cents != 1:
            out["cents_per_unit"] = int(cents) if cents == cents.to_integral_value() else cents.normalize()
    elif not hand.rake:
        return {}  # another hook that took nothing (or has not yet): nothing to record
    if not hand.is_complete:
        return out
    out["amount"] = Decimal(hand.rake) * unit
    if hand.rake and "schedule" not in out:
        pots = [p.amount for p in build_pots(hand.contributions, [not f for f in hand.folded], hand.dead)]
        taken = list(rule(pots, hand.n))  # a rake hook is a function of the pots and the players dealt in
        if sum(taken) != hand.rake:
            raise UnsupportedRule(
                f"the rake of {hand.rake} cannot be written: the hand's rake hook now takes {taken} from pots {pots}"
            )
        if taken != split_rake(hand.rake, pots):
            out["pots"] = [Decimal(t) * unit for t in taken]
    return out


def _room_keys(hand: Hand, unit: Decimal) -> dict[str, Any]:
    """``_dead``, ``_big_blind_seat`` and ``_rake``: what a room table adds to a hand (RULES §3.4-§3.5, §3.10)."""
    out: dict[str, Any] = {}
    if any(hand.dead_posted):
        out["_dead"] = _by_position(hand, hand.dead_posted, unit)
    big = hand.big_blind_seat
    if big is not None and big != _default_big_blind(hand):
        out["_big_blind_seat"] = f"p{_order(hand).index(big) + 1}"
    rake = _rake_keys(hand, unit)
    if rake:
        out["_rake"] = rake
    return out


def extension_keys(hand: Hand, *, unit: Decimal = Decimal(1)) -> tuple[str, dict[str, Any]]:
    """The variant (a PHH code or our game id) and the extension keys (``_limit``, ``_house_rules``, ...) that
    record ``hand``'s game, limit and options; see the module docstring."""
    game, betting = hand.game, hand.betting
    rules = _house_rules(game)
    extra: dict[str, Any] = {}
    if rules:
        extra["_house_rules"] = {k: _plain(v) for k, v in rules.items()}
    bets = _betting_extension(game, betting, unit)
    if bets:
        extra["_betting"] = bets
    if hand.fold_without_bet != game.house.fold_without_bet:
        extra["_fold_without_bet"] = hand.fold_without_bet
    if hand.carried_in:
        extra["_carried_in"] = Decimal(hand.carried_in) * unit
    if game.house.odd_chips_carry and not hand.carry_odd_chips:
        extra["_last_hand"] = True
    if hand.carried:
        extra["_carried"] = Decimal(hand.carried) * unit
    extra.update(_room_keys(hand, unit))
    code = CODES.get((game.id, betting.limit))
    if code is not None and not extra:
        return code, {}
    return game.id, {"_limit": betting.limit.value, **extra}


def from_hand(hand: Hand, *, unit: Decimal = Decimal(1), seat: int | None = None) -> PHHHand:
    """The PHH record of ``hand`` (finished or not; ``finishing_stacks`` only once it is complete).

    ``seat`` writes the record from that seat's view (hidden cards as ``??``).  Raises
    :class:`~pokerroom.errors.UnsupportedRule` for what PHH and its extension keys cannot express (an event
    this writer does not know, a game changed other than by its house rules, a rake hook whose takes cannot be
    told again).
    """
    variant, extra = extension_keys(hand, unit=unit)
    order = _order(hand)  # PHH position -> engine seat
    player = {s: i + 1 for i, s in enumerate(order)}

    def by_position(values: Sequence[int]) -> tuple[Decimal, ...]:
        return tuple(_by_position(hand, values, unit))

    shown = hand.shown

    def hidden(owner: int, cards: Sequence[int]) -> tuple[int, ...]:
        """``cards`` of ``owner`` dealt face down, as the viewer sees them."""
        if seat is None or owner == seat:
            return tuple(cards)
        final = shown.get(owner, ())
        return tuple(c if c in final else UNKNOWN for c in cards)

    actions: list[str] = []
    # Deals of one street are written per player: a player's down cards and the up card(s) dealt right after
    # them on the same street (stud's first street) form one 'd dh'.
    group: dict[int, tuple[list[int], bool]] = {}  # seat -> (cards, got up cards)

    def flush() -> None:
        for s, (cards, _) in group.items():
            actions.append(f"d dh p{player[s]} {format_cards(cards)}")
        group.clear()

    for e in hand.events:
        t = e.type
        if t is EventType.DEAL_HOLE or t is EventType.DEAL_UP:
            assert e.seat is not None and e.cards is not None
            up = t is EventType.DEAL_UP
            cards = list(e.cards) if up else list(hidden(e.seat, e.cards))
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
        if t is EventType.FOLD:
            actions.append(f"{p} f")
        elif t is EventType.CHECK or t is EventType.CALL:
            actions.append(f"{p} cc")
        elif t is EventType.BET or t is EventType.RAISE:
            assert e.to is not None
            actions.append(f"{p} cbr {_amount(e.to, unit)}")
        elif t is EventType.BRING_IN:
            actions.append(f"{p} pb")
        elif t is EventType.DRAW:
            discards = hidden(e.seat, e.cards or ())
            text = f"{p} sd {format_cards(discards)}" if discards else f"{p} sd"
            actions.append(f"{text} # {TIMED_OUT}" if e.text == TIMED_OUT else text)
        elif t is EventType.SPLIT:  # a check that presses split, or an all-in player's answer (RULES G15)
            actions.append(f"{p} cc" if e.text == "declines" else f"{p} cc # {SPLIT}")
        elif t is EventType.SHOW:
            assert e.cards is not None
            actions.append(f"{p} sm {format_cards(e.cards)}")
        elif t is EventType.MUCK:
            actions.append(f"{p} sm")
        elif t is EventType.ARTIFICIAL_ALL_IN:  # disconnect protection (RULES §3.7): in for what is in
            actions.append(f"{p} cc # {ARTIFICIAL_ALL_IN}")
        else:
            raise UnsupportedRule(f"PHH writing does not know the event {t.value!r} ({e})")
    flush()
    betting = hand.betting
    fixed = betting.limit is Limit.FIXED
    stud = hand.game.family is Family.STUD
    finishing = tuple(Decimal(hand.stacks[s]) * unit for s in order) if hand.is_complete else None
    record = PHHHand(
        variant=variant,
        ante_trimming_status=hand.ante_trimming,
        antes=by_position(hand.antes),
        blinds_or_straddles=by_position(hand.blinds) if any(hand.blinds) or variant in BUTTON_VARIANTS else None,
        bring_in=Decimal(hand.bring_in) * unit if stud else None,
        small_bet=Decimal(betting.bet_sizes[0]) * unit if fixed else None,
        big_bet=Decimal(betting.bet_sizes[-1]) * unit if fixed else None,
        min_bet=None if fixed else Decimal(betting.min_bet) * unit,
        starting_stacks=tuple(Decimal(hand.starting_stacks[s]) * unit for s in order),
        actions=tuple(actions),
        finishing_stacks=finishing,
        extra=extra,
    )
    if record_unit(record) != unit:
        # The reader would replay in a larger unit (every amount a multiple of it), where odd chips and the
        # game's own chip constants come out differently: name the chip.
        record = dataclasses.replace(record, extra={**extra, "_chip_unit": unit})
    return record


def _amount(chips: int, unit: Decimal) -> str:
    value = Decimal(chips) * unit
    return format(value.normalize(), "f") if value != value.to_integral_value() else str(int(value))
