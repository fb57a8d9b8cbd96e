"""ACPC ``MATCHSTATE`` strings (protocol 2.0.0), parsed and written, with the betting and card fields that the
dealer's log lines share (:mod:`pokerroom.formats.acpc.log`).

``MATCHSTATE:<position>:<handNumber>:<betting>:<cards>``; a client's reply appends ``:<action>``.

* ``betting``: rounds separated by ``/``, each a run of ``c`` (check or call), ``f`` (fold) and ``r`` (limit bet
  or raise) or ``r<total>`` (no-limit: raise *to* ``total``, the chips the player has put in over the whole
  hand, not this round alone);
* ``cards``: hole cards by position separated by ``|`` (empty for cards the viewer does not see), then one
  ``/``-separated group of board cards per round reached (the first round's group is empty in hold'em, so
  ``TdAs|/2c8c3h`` is the flop).

>>> ms = parse_matchstate("MATCHSTATE:0:30:cc/r250:9s8h|/8c8d5c")
>>> ms.position, ms.hand_number, format_betting(ms.betting), format_cards(ms.board[1])
(0, 30, 'cc/r250', '8c8d5c')
>>> format_matchstate(ms)
'MATCHSTATE:0:30:cc/r250:9s8h|/8c8d5c'
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pokerroom.cards import format_cards, parse_cards
from pokerroom.errors import AcpcError, PokerroomError

__all__ = [
    "AcpcAction",
    "MatchState",
    "format_betting",
    "format_cards_field",
    "format_matchstate",
    "format_response",
    "parse_action",
    "parse_betting",
    "parse_cards_field",
    "parse_matchstate",
    "parse_response",
]

_ACTION = re.compile(r"([cf])|r(\d*)")


@dataclass(frozen=True)
class AcpcAction:
    """One ACPC action: ``kind`` is ``'c'`` (check or call), ``'f'`` (fold) or ``'r'`` (bet or raise);
    ``size`` is the no-limit raise-to total over the hand in chips, ``None`` in limit games."""

    kind: str
    size: int | None = None

    def __str__(self) -> str:
        return self.kind if self.size is None else f"{self.kind}{self.size}"


Betting = tuple[tuple[AcpcAction, ...], ...]
"""Betting by round: one tuple of actions per round reached (the last may be empty)."""


def _actions(text: str, where: str) -> tuple[AcpcAction, ...]:
    out: list[AcpcAction] = []
    pos = 0
    while pos < len(text):
        m = _ACTION.match(text, pos)
        if m is None:
            raise AcpcError(f"{where}: {text[pos]!r} at {pos} in {text!r} is not an action (c, f, r or r<total>)")
        if m.group(1):
            out.append(AcpcAction(m.group(1)))
        else:
            out.append(AcpcAction("r", int(m.group(2)) if m.group(2) else None))
        pos = m.end()
    return tuple(out)


def parse_betting(text: str, *, where: str = "betting") -> Betting:
    """The betting field: a tuple of rounds, each a tuple of :class:`AcpcAction` (``''`` is one empty round)."""
    return tuple(_actions(part, f"{where}, round {k + 1}") for k, part in enumerate(text.split("/")))


def parse_action(text: str) -> AcpcAction:
    """One action as a client sends it (``c``, ``f``, ``r`` or ``r<total>``)."""
    got = _actions(text, "action")
    if len(got) != 1:
        raise AcpcError(f"action {text!r}: one action expected (c, f, r or r<total>)")
    return got[0]


def format_betting(betting: Betting) -> str:
    """The betting field for ``betting`` (the inverse of :func:`parse_betting`)."""
    return "/".join("".join(str(a) for a in rnd) for rnd in betting)


def _cards(text: str, where: str) -> tuple[int, ...]:
    if len(text) % 2:
        raise AcpcError(f"{where}: {text!r} is not a run of two-character cards (rank 2-9TJQKA, suit shdc)")
    try:
        return tuple(parse_cards(text, allow_unknown=False))
    except PokerroomError as exc:
        raise AcpcError(f"{where}: {exc}") from None


def parse_cards_field(text: str) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """The cards field: ``(hole, board)``, hole cards by position (``()`` where unseen) and board cards by round
    (the first round's group is the part after the last ``|`` and before the first ``/``)."""
    hole_text, *boards = text.split("/")
    parts = hole_text.split("|")
    if len(parts) < 2:
        raise AcpcError(f"cards {text!r}: hole cards of at least two positions separated by '|' expected")
    # A first-round board would follow the last player's cards with no separator (the protocol's own remark);
    # no game read here has one, so every '|' part is a position's hole cards.
    hole = tuple(_cards(h, f"cards, position {k}") for k, h in enumerate(parts))
    board = ((), *(_cards(b, f"cards, round {k + 2} board") for k, b in enumerate(boards)))
    return hole, board


def format_cards_field(hole: tuple[tuple[int, ...], ...], board: tuple[tuple[int, ...], ...]) -> str:
    """The cards field (the inverse of :func:`parse_cards_field`)."""
    text = "|".join(format_cards(h) for h in hole)
    return text + "".join("/" + format_cards(b) for b in board[1:])


@dataclass(frozen=True)
class MatchState:
    """One ``MATCHSTATE`` string: the viewer's ``position`` (0 = first seat after the button), the dealer's
    ``hand_number``, the ``betting`` by round, the ``hole`` cards by position (``()`` where unseen) and the
    ``board`` cards by round (``board[0]`` is the first round's, empty in hold'em)."""

    position: int
    hand_number: int
    betting: Betting
    hole: tuple[tuple[int, ...], ...]
    board: tuple[tuple[int, ...], ...]


def _number(text: str, name: str) -> int:
    if not text.isdigit():
        raise AcpcError(f"MATCHSTATE {name} {text!r}: an unsigned integer expected")
    return int(text)


def _split(line: str, fields: int) -> list[str]:
    line = line.rstrip("\r\n")
    parts = line.split(":")
    if parts[0] != "MATCHSTATE":
        raise AcpcError(f"{line!r}: a match state starts with 'MATCHSTATE:'")
    if len(parts) != fields + 1:
        want = "MATCHSTATE:<position>:<handNumber>:<betting>:<cards>" + (":<action>" if fields == 5 else "")
        raise AcpcError(f"{line!r}: {len(parts) - 1} fields, {fields} expected ({want})")
    return parts[1:]


def _build(parts: list[str]) -> MatchState:
    position = _number(parts[0], "position")
    hand_number = _number(parts[1], "handNumber")
    betting = parse_betting(parts[2])
    hole, board = parse_cards_field(parts[3])
    if position >= len(hole):
        raise AcpcError(f"MATCHSTATE position {position}: the cards name only {len(hole)} positions")
    if len(board) > len(betting):
        raise AcpcError(f"MATCHSTATE cards show {len(board)} rounds of board cards but the betting has {len(betting)}")
    return MatchState(position, hand_number, betting, hole, board)


def parse_matchstate(line: str) -> MatchState:
    """Parse a dealer's ``MATCHSTATE`` line (a trailing ``\\r\\n`` is allowed).  Raises
    :class:`~pokerroom.errors.AcpcError` naming the field that is wrong."""
    return _build(_split(line, 4))


def parse_response(line: str) -> tuple[MatchState, AcpcAction]:
    """Parse a client's reply: the state it answers and its action."""
    parts = _split(line, 5)
    return _build(parts[:4]), parse_action(parts[4])


def format_matchstate(state: MatchState) -> str:
    """The ``MATCHSTATE`` line for ``state``, without the line end."""
    return (
        f"MATCHSTATE:{state.position}:{state.hand_number}:{format_betting(state.betting)}:"
        f"{format_cards_field(state.hole, state.board)}"
    )


def format_response(state: MatchState, action: AcpcAction) -> str:
    """A client's reply to ``state``: the state with ``:action`` appended, without the line end."""
    return f"{format_matchstate(state)}:{action}"
