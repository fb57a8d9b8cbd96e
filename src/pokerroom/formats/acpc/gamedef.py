"""ACPC game definition files (``GAMEDEF`` ... ``END GAMEDEF``), read and written, and what they mean for our engine.

A definition names one poker game of the Annual Computer Poker Competition protocol (version 2.0.0)::

    GAMEDEF
    limit
    numPlayers = 2
    numRounds = 4
    blind = 10 5
    raiseSize = 10 10 20 20
    firstPlayer = 2 1 1 1
    maxRaises = 3 4 4 4
    numSuits = 4
    numRanks = 13
    numHoleCards = 2
    numBoardCards = 0 3 1 1
    END GAMEDEF

Keys are case-insensitive; a line starting with ``#`` and an empty line are ignored.  Lists are by *position*:
position 0 is the first seat after the button (the small blind in ring games, the big blind in reverse-blind
heads-up games).  ``firstPlayer`` is 1-based, one entry per round.  As in the reference dealer, a missing
``stack`` means :data:`UNLIMITED_STACK` chips (its ``INT32_MAX``), a missing ``maxRaises`` means no cap
(:data:`NO_CAP`, its ``UINT8_MAX``), and ``limit`` is the default betting.  Chips are integer units.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

from pokerroom.errors import AcpcError, UnsupportedGame

__all__ = [
    "NO_CAP",
    "UNLIMITED_STACK",
    "AcpcBetting",
    "AcpcGame",
    "competition_game",
    "format_gamedef",
    "parse_gamedef",
]

UNLIMITED_STACK = 2**31 - 1
"""The stack of a definition without ``stack`` (the reference dealer's ``INT32_MAX``)."""
NO_CAP = 255
"""The ``maxRaises`` of a definition without it: no cap (the reference dealer's ``UINT8_MAX``)."""
MAX_PLAYERS = 10
MAX_ROUNDS = 4


class AcpcBetting(Enum):
    """A definition's betting: ``limit`` (fixed sizes per round) or ``nolimit``."""

    LIMIT = "limit"
    NO_LIMIT = "nolimit"


@dataclass(frozen=True)
class AcpcGame:
    """One ACPC game definition.  Per-position lists (``stack``, ``blind``) have ``num_players`` entries;
    per-round lists (``raise_size``, ``first_player``, ``max_raises``, ``num_board_cards``) have ``num_rounds``
    (``raise_size`` is empty in a no-limit game).  ``first_player`` is 1-based as in the file."""

    betting: AcpcBetting
    num_players: int
    num_rounds: int
    stack: tuple[int, ...]
    blind: tuple[int, ...]
    raise_size: tuple[int, ...]
    first_player: tuple[int, ...]
    max_raises: tuple[int, ...]
    num_suits: int
    num_ranks: int
    num_hole_cards: int
    num_board_cards: tuple[int, ...]

    @property
    def big_blind(self) -> int:
        """The largest blind: the smallest no-limit bet and raise increment (protocol, "valid betting")."""
        return max(self.blind)

    def holdem_problems(self) -> list[str]:
        """What keeps this definition from being Texas hold'em as our engine deals it (empty when it is)."""
        n = self.num_players
        problems = []
        if (self.num_suits, self.num_ranks) != (4, 13):
            problems.append(f"a deck of {self.num_suits} suits x {self.num_ranks} ranks (hold'em: 4 x 13)")
        if self.num_hole_cards != 2:
            problems.append(f"{self.num_hole_cards} hole cards (hold'em: 2)")
        if self.num_rounds != 4 or self.num_board_cards != (0, 3, 1, 1):
            board = " ".join(map(str, self.num_board_cards))
            problems.append(f"{self.num_rounds} rounds with board cards {board} (hold'em: 4 rounds, 0 3 1 1)")
        # Our engine: heads-up the button posts the small blind and opens preflop, the big blind opens later;
        # ring games post small and big blind left of the button, the seat after the big blind opens preflop.
        if n == 2:
            blinds_ok = self.blind[0] > 0 and 0 < self.blind[1] <= self.blind[0]
            want_first: tuple[int, ...] = (2, 1, 1, 1)
            shape = "blind = BB SB (reverse blinds)"
        else:
            blinds_ok = 0 < self.blind[0] <= self.blind[1] and not any(self.blind[2:])
            want_first = (3, 1, 1, 1)
            shape = "blind = SB BB 0 ..."
        if not blinds_ok:
            problems.append(f"blind = {' '.join(map(str, self.blind))} (our {n}-player hold'em: {shape})")
        if self.num_rounds == 4 and self.first_player != want_first:
            problems.append(
                f"firstPlayer = {' '.join(map(str, self.first_player))} "
                f"(our {n}-player hold'em: {' '.join(map(str, want_first))})"
            )
        uneven_cap = self.cap() is None and any(m != NO_CAP for m in self.max_raises)
        if self.betting is AcpcBetting.LIMIT and self.num_rounds == 4 and uneven_cap:
            problems.append(
                f"maxRaises = {' '.join(map(str, self.max_raises))} (our fixed limit has one cap for every "
                "round: maxRaises preflop one less than on later rounds)"
            )
        return problems

    def check_holdem(self) -> None:
        """Raise :class:`~pokerroom.errors.UnsupportedGame` naming every part the engine cannot express."""
        problems = self.holdem_problems()
        if problems:
            raise UnsupportedGame("ACPC game not expressible as our hold'em: " + "; ".join(problems))

    def cap(self) -> int | None:
        """Our fixed-limit cap for this definition, or ``None`` for none.

        ACPC's ``maxRaises`` counts the ``r`` actions of a round, so the first bet of a later round counts and the
        preflop blinds do not (game.c's ``numRaises``: ``maxRaises = 3 4 4 4`` allows blind 10 raised to 20, 30,
        40 and, after the flop, a bet and three raises).  Our cap counts the opening bet with the big blind as
        the preflop one, so one cap ``c`` is ``maxRaises = c-1 c c c``.  Returns ``None`` (no cap) when every
        round has :data:`NO_CAP`, and also ``None`` when the rounds cannot share one cap (see
        :meth:`holdem_problems`)."""
        if all(m == NO_CAP for m in self.max_raises):
            return None
        first, *later = self.max_raises
        if later and all(m == first + 1 for m in later):
            return first + 1
        return None


def _ints(key: str, text: str, where: str) -> tuple[int, ...]:
    try:
        values = tuple(int(x) for x in text.replace("=", " ").split())
    except ValueError:
        raise AcpcError(f"{where}: {_name(key)} needs whole numbers, not {text.strip()!r}") from None
    if not values:
        raise AcpcError(f"{where}: {_name(key)} needs at least one number")
    if any(v < 0 for v in values):
        raise AcpcError(f"{where}: {_name(key)} cannot be negative: {text.strip()!r}")
    return values


_LIST_KEYS = ("stack", "blind", "raisesize", "firstplayer", "maxraises", "numboardcards")
_ONE_KEYS = ("numplayers", "numrounds", "numsuits", "numranks", "numholecards")
_KEYS = "raiseSize firstPlayer maxRaises numBoardCards numPlayers numRounds numSuits numRanks numHoleCards"
_SPELLING = {k.lower(): k for k in _KEYS.split()}


def _name(key: str) -> str:
    """A key as the reference's files spell it (keys are read in any case)."""
    return _SPELLING.get(key, key)


def parse_gamedef(text: str) -> AcpcGame:
    """Read one game definition from ``text`` (a ``.game`` file's contents).  Raises
    :class:`~pokerroom.errors.AcpcError` for a missing ``GAMEDEF``, an unknown key, a bad number or a definition
    the reference dealer also refuses (players outside 2-10, rounds outside 1-4, too few blinds, stacks or raise
    sizes, a blind above its stack, a first player outside 1..numPlayers)."""
    lines = text.splitlines()
    values: dict[str, tuple[int, ...]] = {}
    betting = AcpcBetting.LIMIT
    started = ended = False
    for k, raw in enumerate(lines, 1):
        line = raw.strip()
        where = f"line {k}"
        if not line or line.startswith("#"):
            continue
        low = line.lower()
        if low.startswith("end gamedef"):
            ended = True
            break
        if low.startswith("gamedef"):
            started = True
            continue
        if not started:
            raise AcpcError(f"{where}: {line!r} before GAMEDEF (a definition starts with a GAMEDEF line)")
        if low in ("limit", "nolimit"):
            betting = AcpcBetting(low)
            continue
        key, _, rest = low.partition("=")
        key = key.strip()
        if key in _LIST_KEYS or key in _ONE_KEYS:
            got = _ints(key, rest, where)
            if key in _ONE_KEYS and len(got) != 1:
                raise AcpcError(f"{where}: {_name(key)} takes one number, not {len(got)}")
            values[key] = got
            continue
        allowed = ", ".join(("limit", "nolimit", *map(_name, (*_LIST_KEYS, *_ONE_KEYS))))
        raise AcpcError(f"{where}: unknown game definition key {line.split('=')[0].strip()!r}; keys: {allowed}")
    if not started or not ended:
        raise AcpcError("a game definition runs from a GAMEDEF line to an END GAMEDEF line")
    return _build(betting, values)


def _build(betting: AcpcBetting, v: dict[str, tuple[int, ...]]) -> AcpcGame:
    def one(key: str) -> int:
        if key not in v:
            raise AcpcError(f"the game definition needs {_name(key)}")
        return v[key][0]

    n, rounds = one("numplayers"), one("numrounds")
    if not 2 <= n <= MAX_PLAYERS:
        raise AcpcError(f"numPlayers = {n}: allowed 2 to {MAX_PLAYERS}")
    if not 1 <= rounds <= MAX_ROUNDS:
        raise AcpcError(f"numRounds = {rounds}: allowed 1 to {MAX_ROUNDS}")

    def per(key: str, count: int, default: int | None) -> tuple[int, ...]:
        got = v.get(key)
        if got is None:
            if default is None:
                raise AcpcError(f"the game definition needs {_name(key)} ({count} numbers)")
            return (default,) * count
        if len(got) < count:
            raise AcpcError(f"{_name(key)} has {len(got)} numbers, the game needs {count}")
        return got[:count]

    stack = per("stack", n, UNLIMITED_STACK)
    blind = per("blind", n, None)
    for p, (b, s) in enumerate(zip(blind, stack, strict=True), 1):
        if b > s:
            raise AcpcError(f"the blind of player {p} ({b}) is greater than its stack ({s})")
    raise_size = per("raisesize", rounds, None) if betting is AcpcBetting.LIMIT else ()
    first = per("firstplayer", rounds, 1)
    for r, f in enumerate(first, 1):
        if not 1 <= f <= n:
            raise AcpcError(f"firstPlayer on round {r} is {f}: allowed 1 to {n}")
    return AcpcGame(
        betting=betting,
        num_players=n,
        num_rounds=rounds,
        stack=stack,
        blind=blind,
        raise_size=raise_size,
        first_player=first,
        max_raises=per("maxraises", rounds, NO_CAP),
        num_suits=one("numsuits"),
        num_ranks=one("numranks"),
        num_hole_cards=one("numholecards"),
        num_board_cards=per("numboardcards", rounds, None),
    )


def format_gamedef(game: AcpcGame) -> str:
    """Write ``game`` as a definition file, in the reference files' key order; ``stack`` and ``maxRaises`` are
    left out at their defaults (:data:`UNLIMITED_STACK`, :data:`NO_CAP`), as the reference writes them."""

    def row(key: str, xs: Iterable[int]) -> str:
        return f"{key} = {' '.join(map(str, xs))}"

    out = ["GAMEDEF", game.betting.value, row("numPlayers", [game.num_players]), row("numRounds", [game.num_rounds])]
    if any(s != UNLIMITED_STACK for s in game.stack):
        out.append(row("stack", game.stack))
    out.append(row("blind", game.blind))
    if game.betting is AcpcBetting.LIMIT:
        out.append(row("raiseSize", game.raise_size))
    out.append(row("firstPlayer", game.first_player))
    if any(m != NO_CAP for m in game.max_raises):
        out.append(row("maxRaises", game.max_raises))
    out += [
        row("numSuits", [game.num_suits]),
        row("numRanks", [game.num_ranks]),
        row("numHoleCards", [game.num_hole_cards]),
        row("numBoardCards", game.num_board_cards),
        "END GAMEDEF",
    ]
    return "\n".join(out) + "\n"


def competition_game(num_players: int, betting: AcpcBetting) -> AcpcGame:
    """The Annual Computer Poker Competition's hold'em for ``num_players`` (2 to 10), as its game files define
    it: heads-up with reverse blinds, more players with small and big blind after the button; fixed limit with
    blinds 5 and 10, bets of 10 then 20 and ``maxRaises = 3 4 4 4`` (no stack limit); no limit with blinds 50 and
    100 and stacks of 20,000.  A client uses it when it is not told the game (``pokerroom acpc-client``)."""
    if not 2 <= num_players <= MAX_PLAYERS:
        raise AcpcError(f"numPlayers = {num_players}: allowed 2 to {MAX_PLAYERS}")
    limit = betting is AcpcBetting.LIMIT
    small, big = (5, 10) if limit else (50, 100)
    blind = (big, small) if num_players == 2 else (small, big) + (0,) * (num_players - 2)
    return AcpcGame(
        betting=betting,
        num_players=num_players,
        num_rounds=4,
        stack=(UNLIMITED_STACK if limit else 20000,) * num_players,
        blind=blind,
        raise_size=(10, 10, 20, 20) if limit else (),
        first_player=(2, 1, 1, 1) if num_players == 2 else (3, 1, 1, 1),
        max_raises=(3, 4, 4, 4) if limit else (NO_CAP,) * 4,
        num_suits=4,
        num_ranks=13,
        num_hole_cards=2,
        num_board_cards=(0, 3, 1, 1),
    )
