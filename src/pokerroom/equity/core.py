"""Equity: each player's share of the pot at the showdown, by exact enumeration or by Monte Carlo.

:func:`equity` takes a game of the registry (any id or alias of :func:`pokerroom.games.find`, read by
:mod:`pokerroom.equity.games`), one hand or range per player, the board so far and dead cards, and deals every
way the rest can come (``method="exact"``) or a seeded random sample of them (``"monte-carlo"``); ``"auto"``
enumerates when that takes at most about :data:`EXACT_LIMIT` units of work and samples otherwise.

* A player is cards (``"AhKh"``; fewer than the game's count, or ``??`` for unknown cards, are dealt at random
  from the rest: stud's hidden cards, a random hand), or in hold'em and Omaha a range (``"QQ+,AKs"``,
  :mod:`pokerroom.equity.ranges`): every combo compatible with the known cards and the other players' combos is
  equally likely.  The board is the game's community cards: hold'em's and Omaha's five, Telesina's Vela.
* Pots are shared as the engine shares them (RULES §2.2, §2.4): equal values split; in hi/lo games half to the
  best high and half to the best qualifying low (the whole pot to the high when no low qualifies), each half split
  among its winners; a share's pot-level rule decides as at the table (Telesina, RULES G14: heads-up, an
  ``A-7-8-9-T`` straight flush beats ``A-K-Q-J-T``; with three or more players the plain ranking).  Every player
  contests the one pot.  Equity is the expected share of the pot; ``win`` is taking the whole pot alone (a scoop
  in hi/lo), ``tie`` any smaller share; hi/lo also reports ``scoop``, ``high_only`` (the whole high half and no
  low), ``low_only`` and ``split`` (every other part share).
* Exact results carry the equity as a :class:`~fractions.Fraction`.  Monte Carlo states a 95 % confidence
  interval (normal approximation: 1.96 standard errors of the per-deal share) and is reproducible from its seed.

Errors: :class:`~pokerroom.errors.UnsupportedRule` for a game the registry does not know (naming the games it
knows) and for stud's common card, :class:`~pokerroom.errors.InvalidCard`, :class:`~pokerroom.errors.DuplicateCard`
(a card twice among the hands, board and dead cards), :class:`~pokerroom.errors.RangeError`, and
:class:`~pokerroom.errors.PokerroomError` for a wrong number of players or cards, or ranges that cannot all be
dealt together.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from pokerroom.cards import UNKNOWN, format_cards
from pokerroom.equity.exact import EXACT_CAP, cost, enumerate_all
from pokerroom.equity.games import EquityGame, find
from pokerroom.equity.inputs import Player, cards_of, check_known, read_players, whole_number
from pokerroom.equity.sampling import interval, sample
from pokerroom.equity.settle import Progress, Totals
from pokerroom.errors import PokerroomError, UnsupportedRule

__all__ = ["EXACT_LIMIT", "EquityResult", "PlayerEquity", "equity"]

EXACT_LIMIT = 400_000_000
"""``method="auto"`` enumerates when the work (:func:`~pokerroom.equity.exact.cost`, about a nanosecond a unit)
stays under this, and samples otherwise."""


@dataclass(frozen=True)
class PlayerEquity:
    """One player's result: ``hand`` as given, ``combos`` in its range, and fractions of the deals (0..1).

    ``equity``: the expected share of the pot; ``ci_low``/``ci_high``: its 95 % interval (Monte Carlo; the
    equity itself when exact) and ``ci`` the larger distance from the equity to either end; ``exact``: the equity
    as a fraction (exact enumeration only).  ``scoop``, ``high_only``, ``low_only`` and ``split`` are 0 outside
    hi/lo games.
    """

    hand: str
    combos: int
    equity: float
    win: float
    tie: float
    scoop: float = 0.0
    high_only: float = 0.0
    low_only: float = 0.0
    split: float = 0.0
    ci: float = 0.0
    ci_low: float = 0.0
    ci_high: float = 0.0
    exact: Fraction | None = None


@dataclass(frozen=True)
class EquityResult:
    """The answer: ``players`` in the order given; ``method`` ("exact" or "monte-carlo"); ``deals`` counted
    (exact: every distinct deal, symmetry included; Monte Carlo: samples); ``matchups`` of range combos
    enumerated (exact); ``seed``; ``seconds`` taken; ``hi_lo``."""

    game: str
    players: tuple[PlayerEquity, ...]
    method: str
    deals: int
    board: str
    dead: str
    hi_lo: bool
    seconds: float
    matchups: int = 1
    seed: int | None = None

    def as_dict(self) -> dict[str, object]:
        """Plain data for ``--json`` (fractions as strings)."""
        return {
            "game": self.game,
            "method": self.method,
            "board": self.board,
            "dead": self.dead,
            "hi_lo": self.hi_lo,
            "deals": self.deals,
            "matchups": self.matchups,
            "seed": self.seed,
            "seconds": round(self.seconds, 6),
            "players": [
                {k: (str(v) if isinstance(v, Fraction) else v) for k, v in vars(p).items()} for p in self.players
            ],
        }


MAX_PLAYERS = 10


def _read_cards(g: EquityGame, value: object, what: str) -> list[int]:
    """Known cards from text or ints (``??`` dropped); :func:`~pokerroom.equity.inputs.check_known` checks them."""
    return [] if value is None else [c for c in cards_of(value, what) if c != UNKNOWN]


def equity(
    game: str,
    hands: Sequence[str | Sequence[int]],
    *,
    board: str | Sequence[int] = "",
    dead: str | Sequence[int] = "",
    method: str = "auto",
    samples: int = 500_000,
    seed: int | None = None,
    progress: Progress | None = None,
) -> EquityResult:
    """Each player's equity in ``game`` (see the module docstring).

    ``game``: an id or alias of the game registry (``pokerroom games``; ``"telesina"``, ``"plo5"``);
    ``hands``: one entry per player (2 to 10): cards, ``??`` for unknown ones, or a range in hold'em and Omaha
    (:mod:`pokerroom.equity.inputs` tells them apart); ``board``: community cards known so far (any number up to
    the game's board; the rest are dealt, so a turn card can be asked about before the flop);
    ``dead``: cards out of play (folded up cards in stud); ``method``: ``"exact"``, ``"monte-carlo"`` or
    ``"auto"``; ``samples`` and ``seed`` (an int from 0) for Monte Carlo (a random seed is drawn and reported when
    ``None``); ``progress(done, total)`` is called as the work goes on.  ``method="exact"`` refuses work beyond
    :data:`~pokerroom.equity.exact.EXACT_CAP` (about ten minutes).  Errors: see the module docstring.
    """
    started = time.perf_counter()
    if not isinstance(game, str):
        raise PokerroomError(f"game must be a game id such as 'holdem', got {game!r}")
    g = find(game)
    if method not in ("auto", "exact", "monte-carlo"):
        raise PokerroomError(f"method is exact, monte-carlo or auto, not {method!r}")
    samples = whole_number("samples", samples, 1)
    seed = None if seed is None else whole_number("seed", seed, 0)
    if isinstance(hands, str | bytes) or not isinstance(hands, Sequence):
        raise PokerroomError(f"hands must be a list with one hand or range per player, got {hands!r}")
    if not 2 <= len(hands) <= MAX_PLAYERS:
        raise PokerroomError(f"equity needs 2 to {MAX_PLAYERS} players, got {len(hands)}")
    board_cards = _read_cards(g, board, "the board")
    dead_cards = _read_cards(g, dead, "the dead cards")
    if len(board_cards) > g.board:
        cards = "board card" if g.board == 1 else "board cards"
        raise PokerroomError(f"{g.id} has {g.board} {cards}, got {len(board_cards)}")
    live = tuple(c for c in g.deck if c not in board_cards and c not in dead_cards)
    players = read_players(g, hands, live)
    check_known(g, board_cards, dead_cards, players)
    to_come = g.board - len(board_cards)
    need = to_come + sum(p.missing for p in players)
    held = sum(p.combos.shape[1] for p in players)
    if need + held > len(live):
        if g.common_card:
            raise UnsupportedRule(
                f"{need + held} cards are needed and only {len(live)} are left: at the {g.id} table the last card "
                "would be one common card for everyone (RULES G9: when the deck runs out), which equity does not "
                "model"
            )
        raise PokerroomError(f"{need + held} cards are needed and only {len(live)} are left in the deck")
    rest = np.array(live, dtype=np.int64)
    work = cost(g, players, len(live), to_come)
    if method == "exact" and work > EXACT_CAP:
        minutes = max(round(work / 6e10), 1)
        raise PokerroomError(
            f"exact enumeration here would take about {minutes:,} minutes, beyond the limit of "
            f"{round(EXACT_CAP / 6e10)} minutes; use Monte Carlo "
            "(--monte-carlo, method='monte-carlo')"
        )
    if method == "exact" or (method == "auto" and work <= EXACT_LIMIT):
        totals, matchups = enumerate_all(g, players, board_cards, dead_cards, rest, to_come, progress)
        used = "exact"
    else:
        if seed is None:
            seed = int(np.random.SeedSequence().generate_state(1)[0] % (2**31))
        totals = sample(g, players, board_cards, rest, to_come, samples, seed, progress)
        matchups, used = 0, "monte-carlo"
    return _result(g, players, totals, used, board_cards, dead_cards, matchups, seed, started)


def _result(
    g: EquityGame, players: list[Player], totals: Totals, method: str, board: list[int], dead: list[int],
    matchups: int, seed: int | None, started: float,
) -> EquityResult:  # fmt: skip
    n = max(totals.count, 1)
    pot = totals.units
    out = []
    for p, player in enumerate(players):
        s = totals.sums[p]
        mean = float(s[6] / pot / n)
        exact = Fraction(int(s[6]), pot * n) if method == "exact" else None
        low, high = (mean, mean) if exact is not None else interval(mean, float(totals.squares[p] / pot**2 / n), n)
        out.append(PlayerEquity(
            hand=player.text, combos=player.combos.shape[0], equity=mean, win=float(s[0] / n),
            tie=float(s[1] / n), scoop=float(s[2] / n), high_only=float(s[3] / n), low_only=float(s[4] / n),
            split=float(s[5] / n), ci=max(mean - low, high - mean), ci_low=low, ci_high=high, exact=exact,
        ))  # fmt: skip
    return EquityResult(
        game=g.id, players=tuple(out), method=method, deals=totals.count, board=format_cards(board),
        dead=format_cards(dead), hi_lo=g.hi_lo, seconds=time.perf_counter() - started, matchups=matchups,
        seed=seed if method == "monte-carlo" else None,
    )  # fmt: skip
