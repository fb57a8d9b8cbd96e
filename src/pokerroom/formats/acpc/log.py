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

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from fractions import Fraction

from pokerroom.errors import AcpcError
from pokerroom.formats.acpc.gamedef import AcpcGame
from pokerroom.formats.acpc.matchstate import (
    Betting,
    format_betting,
    format_cards_field,
    parse_betting,
    parse_cards_field,
)
from pokerroom.formats.acpc.play import AcpcHand, acpc_values, decimal_value, phh_record
from pokerroom.formats.phh import PHHHand
from pokerroom.formats.replay import ReplayResult, replay

__all__ = [
    "ScoreLine",
    "StateLine",
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


def to_phh(state: StateLine, game: AcpcGame) -> PHHHand:
    """The PHH record of a logged hand, played through :class:`~pokerroom.formats.acpc.play.AcpcHand` (the path
    the dealer and the client take): the deal, every action by the seat our engine says is to act, the board as
    each round opens, and every hand still in shown.  Raises :class:`~pokerroom.errors.AcpcError` for betting the
    engine refuses and :class:`~pokerroom.errors.UnsupportedGame` for a game that is not our hold'em."""
    if len(state.hole) != game.num_players:
        raise AcpcError(f"STATE hand {state.hand_number}: {len(state.hole)} positions, the game has {game.num_players}")
    hand = AcpcHand(game, state.hand_number, state.hole, [c for rnd in state.board for c in rnd])
    for r, rnd in enumerate(state.betting):
        for k, a in enumerate(rnd):
            try:
                hand.apply(a)
            except AcpcError as exc:
                raise AcpcError(f"STATE hand {state.hand_number}, round {r + 1}, action {k + 1} {a}: {exc}") from None
    return phh_record(game, state.players, hand.phh_actions)


def outcome_mismatches(logged: Sequence[Decimal], ours: Sequence[Fraction]) -> list[int]:
    """Positions whose result differs: ours (exact, :func:`~pokerroom.formats.acpc.play.acpc_values`) rounded to
    the log's six decimals must equal the log's."""
    return [k for k, (v, x) in enumerate(zip(logged, ours, strict=True)) if decimal_value(x) != v]


def replay_state(state: StateLine, game: AcpcGame) -> tuple[ReplayResult, list[Fraction] | None, list[int]]:
    """Replay a logged hand through the PHH replay; returns the result, each position's value as the protocol
    defines it (``None`` when the replay did not finish) and the positions whose value differs from the log's
    (:func:`outcome_mismatches`; every position when the replay did not finish)."""
    result = replay(to_phh(state, game))
    hand = result.hand
    if hand is None or not hand.is_complete:
        return result, None, list(range(len(state.outcomes)))
    values = acpc_values(hand)
    return result, values, outcome_mismatches(state.outcomes, values)
