"""The ACPC dealer's log lines, read and written, and a logged hand turned into our PHH record and replayed.

* ``STATE:<handNumber>:<betting>:<cards>:<outcomes>:<players>``: one finished hand; ``cards`` shows every
  position's hole cards, ``outcomes`` each position's net chips (``|``-separated, a decimal where a split pot
  left a fraction: the reference dealer divides pots exactly), ``players`` the names by position;
* ``SCORE:<totals>:<players>``: the match's totals by *seat* (the order the dealer was given the names).

:func:`to_phh` turns a ``STATE`` line and its :class:`~pokerroom.formats.acpc.gamedef.AcpcGame` into a PHH record
(``FT``/``NT``, position ``i`` as ``p{i+1}``), finding who acts from our engine; :func:`replay_state` replays it
through :func:`pokerroom.formats.replay.replay` (the one action path) and compares each position's net result.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from pokerroom.cards import format_cards
from pokerroom.engine import Action, Hand, Phase
from pokerroom.errors import AcpcError, PokerroomError
from pokerroom.formats.acpc.gamedef import AcpcBetting, AcpcGame
from pokerroom.formats.acpc.matchstate import (
    AcpcAction,
    Betting,
    format_betting,
    format_cards_field,
    parse_betting,
    parse_cards_field,
)
from pokerroom.formats.phh import PHHHand
from pokerroom.formats.replay import ReplayResult, build_hand, replay

__all__ = [
    "ScoreLine",
    "StateLine",
    "deal",
    "format_score",
    "format_state",
    "format_value",
    "is_log",
    "outcome_mismatches",
    "parse_score",
    "parse_state",
    "replay_state",
    "to_phh",
]


@dataclass(frozen=True)
class StateLine:
    """One logged hand: ``outcomes`` (net chips) and ``players`` (names) by position."""

    hand_number: int
    betting: Betting
    hole: tuple[tuple[int, ...], ...]
    board: tuple[tuple[int, ...], ...]
    outcomes: tuple[Decimal, ...]
    players: tuple[str, ...]


@dataclass(frozen=True)
class ScoreLine:
    """The log's last line: each seat's match total and name."""

    totals: tuple[Decimal, ...]
    players: tuple[str, ...]


def format_value(x: Decimal | int) -> str:
    """A chip value as the reference dealer prints it (``%.6f`` with trailing zeros and point removed)."""
    text = f"{Decimal(x):.6f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _values(text: str, what: str) -> tuple[Decimal, ...]:
    try:
        out = tuple(Decimal(v) for v in text.split("|"))
    except InvalidOperation:
        raise AcpcError(f"{what} {text!r}: numbers separated by '|' expected") from None
    if any(not v.is_finite() for v in out):
        raise AcpcError(f"{what} {text!r}: finite numbers expected")
    return out


def is_log(text: str) -> bool:
    """Whether ``text`` (a file's start) is a dealer log: its first line that is neither blank nor a ``#``
    comment (the reference dealer's header) starts with ``STATE:``."""
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            return line.startswith("STATE:")
    return False


def parse_state(line: str) -> StateLine:
    """Parse a ``STATE`` line.  Raises :class:`~pokerroom.errors.AcpcError` naming the field that is wrong."""
    parts = line.rstrip("\r\n").split(":")
    if parts[0] != "STATE" or len(parts) != 6:
        raise AcpcError(f"{line!r}: STATE:<handNumber>:<betting>:<cards>:<outcomes>:<players> expected")
    if not parts[1].isdigit():
        raise AcpcError(f"STATE handNumber {parts[1]!r}: an unsigned integer expected")
    hole, board = parse_cards_field(parts[3])
    outcomes = _values(parts[4], "STATE outcomes")
    players = tuple(parts[5].split("|"))
    if not len(hole) == len(outcomes) == len(players):
        raise AcpcError(
            f"STATE line: {len(hole)} hole-card groups, {len(outcomes)} outcomes and {len(players)} names; "
            "one of each per position expected"
        )
    return StateLine(int(parts[1]), parse_betting(parts[2]), hole, board, outcomes, players)


def format_state(state: StateLine) -> str:
    """The ``STATE`` line for ``state`` (the inverse of :func:`parse_state`)."""
    return ":".join(
        (
            "STATE",
            str(state.hand_number),
            format_betting(state.betting),
            format_cards_field(state.hole, state.board),
            "|".join(format_value(v) for v in state.outcomes),
            "|".join(state.players),
        )
    )


def parse_score(line: str) -> ScoreLine:
    """Parse a ``SCORE`` line."""
    parts = line.rstrip("\r\n").split(":")
    if parts[0] != "SCORE" or len(parts) != 3:
        raise AcpcError(f"{line!r}: SCORE:<totals>:<players> expected")
    totals = _values(parts[1], "SCORE totals")
    players = tuple(parts[2].split("|"))
    if len(totals) != len(players):
        raise AcpcError(f"SCORE line: {len(totals)} totals for {len(players)} names; one each expected")
    return ScoreLine(totals, players)


def format_score(score: ScoreLine) -> str:
    """The ``SCORE`` line for ``score``."""
    return f"SCORE:{'|'.join(format_value(v) for v in score.totals)}:{'|'.join(score.players)}"


def _header(game: AcpcGame, players: Sequence[str] | None, actions: Sequence[str]) -> PHHHand:
    """The PHH record of a hand of ``game`` (checked to be our hold'em): positions are PHH players in order;
    heads-up PHH lists blinds in reverse (PHH-NOTES "Seats")."""
    game.check_holdem()
    blinds = [Decimal(b) for b in game.blind]
    if game.num_players == 2:
        blinds.reverse()
    extra: dict[str, object] = {}
    small = big = min_bet = None
    if game.betting is AcpcBetting.LIMIT:
        variant = "FT"
        sizes = game.raise_size
        small, big = Decimal(sizes[0]), Decimal(sizes[2])
        betting: dict[str, object] = {}
        if sizes != (sizes[0], sizes[0], sizes[2], sizes[2]):
            betting["bet_sizes"] = [Decimal(s) for s in sizes]
        cap = game.cap()
        if cap != 4:
            betting["cap"] = "none" if cap is None else cap
        if betting:
            extra["_betting"] = betting
    else:
        variant = "NT"
        min_bet = Decimal(game.big_blind)
    return PHHHand(
        variant=variant,
        antes=tuple(Decimal(0) for _ in blinds),
        blinds_or_straddles=tuple(blinds),
        small_bet=small,
        big_bet=big,
        min_bet=min_bet,
        starting_stacks=tuple(Decimal(s) for s in game.stack),
        actions=tuple(actions),
        players=tuple(players) if players is not None else None,
        extra=extra,
    )


def _deals(hole: Sequence[Sequence[int]]) -> list[str]:
    return [f"d dh p{k + 1} {format_cards(cards)}" for k, cards in enumerate(hole)]


def deal(game: AcpcGame, hole: Sequence[Sequence[int]], board: Sequence[int] = ()) -> Hand:
    """An engine hold'em :class:`~pokerroom.engine.Hand` for ``game`` with these hole cards by position (seat
    ``i`` is position ``i``) and board cards in order: stacks, blinds per position, fixed-limit sizes and cap
    (:meth:`AcpcGame.cap`) or the no-limit minimum bet (the big blind).  Raises
    :class:`~pokerroom.errors.UnsupportedGame` for a definition that is not our hold'em."""
    actions = _deals(hole)
    if board:
        actions.append(f"d db {format_cards(board)}")
    hand, _, _ = build_hand(_header(game, None, actions))
    return hand


def _phh_action(hand: Hand, a: AcpcAction, start: int, where: str) -> tuple[str, Action]:
    """The PHH action text and the engine action for ACPC action ``a`` by the seat to act."""
    seat = hand.to_act
    assert seat is not None
    legal = hand.legal_actions()
    if a.kind == "f":
        return f"p{seat + 1} f", Action.fold()
    if a.kind == "c":
        return f"p{seat + 1} cc", Action.call() if hand.cur > hand.bets[seat] else Action.check()
    rng = None if legal is None else (legal.raise_ or legal.bet)
    if rng is None:
        raise AcpcError(f"{where}: p{seat + 1} may not bet or raise here")
    if a.size is None:
        to = rng[0]  # fixed limit: the one legal size (or the all-in for less)
    else:
        # No-limit r<total> counts the whole hand; our totals count this round.
        to = a.size - (start - hand.stacks[seat] - hand.bets[seat])
    return f"p{seat + 1} cbr {to}", Action.bet(to) if hand.cur == 0 else Action.raise_to(to)


def to_phh(state: StateLine, game: AcpcGame) -> PHHHand:
    """The PHH record of a logged hand: the deal, every action by the seat our engine says is to act, and the
    board as each round opens.  Raises :class:`~pokerroom.errors.AcpcError` for betting the engine refuses and
    :class:`~pokerroom.errors.UnsupportedGame` for a game that is not our hold'em."""
    if len(state.hole) != game.num_players:
        raise AcpcError(f"STATE hand {state.hand_number}: {len(state.hole)} positions, the game has {game.num_players}")
    board = [c for rnd in state.board for c in rnd]
    hand = deal(game, state.hole, board)
    actions = _deals(state.hole)
    shown = 0
    for r, rnd in enumerate(state.betting):
        for k, a in enumerate(rnd):
            where = f"STATE hand {state.hand_number}, round {r + 1}, action {k + 1} {a}"
            if hand.phase is not Phase.BETTING or hand.to_act is None:
                raise AcpcError(f"{where}: the betting is over here")
            text, action = _phh_action(hand, a, game.stack[hand.to_act], where)
            try:
                hand.act(action, hand.to_act)
            except PokerroomError as exc:
                raise AcpcError(f"{where}: {exc}") from None
            actions.append(text)
            if len(hand.board) > shown:
                actions.append(f"d db {format_cards(hand.board[shown:])}")
                shown = len(hand.board)
    return _header(game, state.players, actions)


def outcome_mismatches(logged: Sequence[Decimal], ours: Sequence[int]) -> list[int]:
    """Positions whose result differs: ours must equal the log's, or be its floor or ceiling where a split pot
    left the reference dealer a fraction of a chip (our odd chip goes to one winner, RULES §2.4, §6.3)."""
    return [k for k, (v, x) in enumerate(zip(logged, ours, strict=True)) if x not in (math.floor(v), math.ceil(v))]


def replay_state(state: StateLine, game: AcpcGame) -> tuple[ReplayResult, list[int]]:
    """Replay a logged hand through the PHH replay; returns the result and the positions whose net result
    differs from the log's (:func:`outcome_mismatches`; every position when the replay did not finish)."""
    result = replay(to_phh(state, game))
    hand = result.hand
    if hand is None or not hand.is_complete:
        return result, list(range(len(state.outcomes)))
    return result, outcome_mismatches(state.outcomes, hand.outcome())
