"""Equity: each player's share of the pot at the showdown, by exact enumeration or by Monte Carlo.

:func:`equity` takes a game (:mod:`pokerroom.equity.games`), one hand or range per player, the board so far and
dead cards, and deals every way the rest can come (``method="exact"``) or a seeded random sample of them
(``"monte-carlo"``); ``"auto"`` enumerates when that takes at most about :data:`EXACT_LIMIT` hand values and
samples otherwise.

* A player is cards (``"AhKh"``; fewer than the game's count, or ``??`` for unknown cards, are dealt at random
  from the rest: stud's hidden cards, a random hand), or in hold'em and Omaha a range (``"QQ+,AKs"``,
  :mod:`pokerroom.equity.ranges`): every combo compatible with the known cards and the other players' combos is
  equally likely.
* Pots are shared as the engine shares them (RULES §2.2): equal values split; in hi/lo games half to the best
  high and half to the best qualifying low (the whole pot to the high when no low qualifies), each half split
  among its winners.  Equity is the expected share of the pot; ``win`` is taking the whole pot alone (a scoop in
  hi/lo), ``tie`` any smaller share; hi/lo also reports ``scoop``, ``high_only`` (the whole high half and no
  low), ``low_only`` and ``split`` (every other part share).
* Exact results carry the equity as a :class:`~fractions.Fraction`.  Monte Carlo states a 95 % confidence
  interval (normal approximation: 1.96 standard errors of the per-deal share) and is reproducible from its seed.

Errors: :class:`~pokerroom.errors.InvalidCard`, :class:`~pokerroom.errors.DuplicateCard` (a card twice among the
hands, board and dead cards), :class:`~pokerroom.errors.RangeError`, and
:class:`~pokerroom.errors.PokerroomError` for a wrong number of players or cards, or ranges that cannot all be
dealt together.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import product
from math import comb

import numpy as np

from pokerroom.cards import UNKNOWN, format_card, format_cards, parse_cards
from pokerroom.equity.games import EquityGame, find
from pokerroom.equity.kernels import board_exact, combinations_table, random_deals
from pokerroom.equity.ranges import parse_range
from pokerroom.errors import DuplicateCard, InvalidCard, PokerroomError, RangeError
from pokerroom.rankings.batch import evaluate_batch, evaluate_omaha_batch
from pokerroom.rankings.batch_tables import BatchTables, Model, batch_tables

__all__ = ["EXACT_LIMIT", "EquityResult", "PlayerEquity", "equity"]

EXACT_LIMIT = 400_000_000
"""``method="auto"`` enumerates when the deals times the players (times 60 in Omaha) stay under this."""

MAX_PLAYERS = 10
Z95 = 1.96
CHUNK = 1 << 16
Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class PlayerEquity:
    """One player's result: ``hand`` as given, ``combos`` in its range, and fractions of the deals (0..1).

    ``equity``: the expected share of the pot; ``ci``: the 95 % half-width (Monte Carlo; 0 when exact);
    ``exact``: the equity as a fraction (exact enumeration only).
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
    extra: dict[str, object] = field(default_factory=dict)

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


@dataclass
class _Player:
    text: str
    combos: np.ndarray  # int64[count, width]: cards each combo holds (width = known cards, or hole for a range)
    missing: int  # cards still to deal to this player


@dataclass
class _Totals:
    players: int
    units: int
    count: int = 0
    sums: np.ndarray = field(default_factory=lambda: np.zeros(0))
    squares: np.ndarray = field(default_factory=lambda: np.zeros(0))

    def __post_init__(self) -> None:
        # win, tie, scoop, high_only, low_only, split, equity units
        self.sums = np.zeros((self.players, 7), dtype=np.int64)
        self.squares = np.zeros(self.players, dtype=np.float64)


def _cards(text: str | Sequence[int], what: str) -> list[int]:
    cards = parse_cards(text, allow_unknown=True, unique=False) if isinstance(text, str) else list(text)
    for card in cards:
        if type(card) is not int or not UNKNOWN <= card < 52:
            raise InvalidCard(repr(card), f"{what}: a card int is rank * 4 + suit, in 0..51")
    return cards


def _players(game: EquityGame, hands: Sequence[str | Sequence[int]], live: tuple[int, ...]) -> list[_Player]:
    out = []
    for i, hand in enumerate(hands):
        text = hand if isinstance(hand, str) else format_cards(hand)
        known: list[int] | None = None
        if not (isinstance(hand, str) and hand.strip().lower() in ("*", "any", "random")):
            try:
                known = [c for c in _cards(hand, f"player {i + 1}") if c != UNKNOWN]
            except InvalidCard:
                if not (game.ranges and isinstance(hand, str)):
                    raise
        if known is not None:
            if len(known) > game.hole:
                raise PokerroomError(f"player {i + 1} holds {len(known)} cards; {game.id} deals {game.hole}")
            row = np.array(known, dtype=np.int64).reshape(1, len(known))
            out.append(_Player(format_cards(known) or "random", row, game.hole - len(known)))
            continue
        combos = parse_range(str(hand), hole=game.hole, deck=live)
        if not combos:
            raise RangeError(f"player {i + 1}'s range {text!r} has no combo left beside the board and dead cards")
        out.append(_Player(text, np.array(combos, dtype=np.int64), 0))
    return out


def _check_known(game: EquityGame, board: list[int], dead: list[int], players: list[_Player]) -> None:
    seen: dict[int, str] = {}
    fixed = [(c, "the board") for c in board] + [(c, "the dead cards") for c in dead]
    for i, p in enumerate(players):
        if p.combos.shape[0] == 1:
            fixed += [(int(c), f"player {i + 1}") for c in p.combos[0]]
    for card, where in fixed:
        if card not in game.deck:
            raise InvalidCard(format_card(card), f"{where}: the {game.id} deck has no such card")
        if card in seen:
            raise DuplicateCard(format_card(card))
        seen[card] = where


def _units(players: int) -> int:
    return 2 * math.lcm(*range(1, players + 1))


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

    ``hands``: one entry per player (2 to 10): cards, ``??`` for unknown ones, or a range in hold'em and Omaha;
    ``board``: the community cards so far; ``dead``: cards out of play (folded up cards in stud); ``method``:
    ``"exact"``, ``"monte-carlo"`` or ``"auto"``; ``samples`` and ``seed`` for Monte Carlo (a random seed is
    drawn and reported when ``None``); ``progress(done, total)`` is called as the work goes on.
    """
    started = time.perf_counter()
    g = find(game)
    if not 2 <= len(hands) <= MAX_PLAYERS:
        raise PokerroomError(f"equity needs 2 to {MAX_PLAYERS} players, got {len(hands)}")
    board_cards = [c for c in _cards(board, "the board") if c != UNKNOWN]
    dead_cards = [c for c in _cards(dead, "the dead cards") if c != UNKNOWN]
    if len(board_cards) > g.board:
        raise PokerroomError(f"{g.id} has {g.board} board cards, got {len(board_cards)}")
    if g.omaha and 0 < len(board_cards) < 3:
        raise PokerroomError("an Omaha board is dealt three at a time first: give 0, 3, 4 or 5 board cards")
    for card in board_cards + dead_cards:
        if card not in g.deck:
            raise InvalidCard(format_card(card), f"the {g.id} deck has no such card")
    live = tuple(c for c in g.deck if c not in board_cards and c not in dead_cards)
    players = _players(g, hands, live)
    _check_known(g, board_cards, dead_cards, players)
    to_come = g.board - len(board_cards)
    need = to_come + sum(p.missing for p in players)
    rest = np.array(live, dtype=np.int64)
    held = sum(p.combos.shape[1] for p in players)
    if need + held > len(live):
        raise PokerroomError(f"{need + held} more cards are needed than the {len(live)} left in the deck")
    if method not in ("auto", "exact", "monte-carlo"):
        raise PokerroomError(f"method is exact, monte-carlo or auto, not {method!r}")
    sizes = [p.combos.shape[0] for p in players]
    matchups = math.prod(sizes)
    deals = comb(len(live) - held, to_come) * _groups(len(live) - held - to_come, [p.missing for p in players])
    work = matchups * deals * len(players) * (60 if g.omaha else 1)
    if method == "exact" or (method == "auto" and work <= EXACT_LIMIT and matchups <= 100_000):
        totals, counted, deals_done = _exact(g, players, board_cards, dead_cards, rest, to_come, progress)
        method_used = "exact"
    else:
        if seed is None:
            seed = int(np.random.SeedSequence().entropy % (2**31))  # type: ignore[operator]
        totals = _monte_carlo(g, players, board_cards, rest, to_come, samples, seed, progress)
        counted, deals_done = matchups, totals.count
        method_used = "monte-carlo"
    return _result(g, players, totals, method_used, board_cards, dead_cards, counted, deals_done, seed, started)


def _groups(r: int, sizes: list[int]) -> int:
    total = 1
    for size in sizes:
        total *= comb(r, size)
        r -= size
    return total


def _matchups(players: list[_Player]) -> Iterator[tuple[np.ndarray, ...]]:
    for pick in product(*(range(p.combos.shape[0]) for p in players)):
        rows = tuple(p.combos[i] for p, i in zip(players, pick, strict=True))
        cards = [int(c) for row in rows for c in row]
        if len(set(cards)) == len(cards):
            yield rows


def _exact(
    g: EquityGame,
    players: list[_Player],
    board: list[int],
    dead: list[int],
    rest: np.ndarray,
    to_come: int,
    progress: Progress | None,
) -> tuple[_Totals, int, int]:
    totals = _Totals(len(players), _units(len(players)))
    t = batch_tables(g.high)
    fast = (
        not g.omaha
        and not g.hi_lo
        and isinstance(t, BatchTables)
        and t.model in (Model.FLUSH, Model.IGNORE)
        and g.board == 5
        and all(p.missing == 0 for p in players)
    )
    rows = list(_matchups(players))
    if not rows:
        raise PokerroomError("the ranges cannot all be dealt together: every matchup shares a card")
    for done, matchup in enumerate(rows, 1):
        used = {int(c) for row in matchup for c in row}
        left = np.array([c for c in rest.tolist() if c not in used], dtype=np.int64)
        if fast:
            assert isinstance(t, BatchTables)
            _board_exact(t, matchup, board, dead, left, to_come, totals)
        else:
            for deal in _exact_deals(left, [to_come, *(p.missing for p in players)]):
                _settle(g, players, matchup, board, deal, to_come, totals)
        if progress is not None:
            progress(done, len(rows))
    return totals, len(rows), totals.count


def _board_exact(
    t: BatchTables, matchup: tuple[np.ndarray, ...], board: list[int], dead: list[int], left: np.ndarray,
    to_come: int, totals: _Totals,
) -> None:  # fmt: skip
    hole_k = np.array([int(t.weight[row].sum()) for row in matchup], dtype=np.int64)
    hole_b = np.array([int(np.bitwise_or.reduce(t.bits[row])) for row in matchup], dtype=np.int64)
    board_k = int(t.weight[board].sum()) if board else 0
    board_b = int(np.bitwise_or.reduce(t.bits[board])) if board else 0
    known = set(board) | set(dead) | {int(c) for row in matchup for c in row}
    free = np.array([int(all(c & 3 != s for c in known)) for s in range(4)], dtype=np.int64)
    board_suits = np.array([sum(1 for c in board if c & 3 == s) for s in range(4)], dtype=np.int64)
    out = np.zeros((len(matchup), 3), dtype=np.int64)
    counted = board_exact(
        left, to_come, board_k, board_b, board_suits, hole_k, hole_b, free, totals.units, t.weight, t.bits,
        t.sig_bits, t.shift, t.suit7, t.off7, t.val7, t.flush, out,
    )  # fmt: skip
    totals.count += int(counted)
    totals.sums[:, 0] += out[:, 0]
    totals.sums[:, 1] += out[:, 1]
    totals.sums[:, 6] += out[:, 2]


_COMBOS: dict[tuple[int, int], np.ndarray] = {}


def _combos(n: int, size: int) -> np.ndarray:
    table = _COMBOS.get((n, size))
    if table is None:
        table = np.zeros((comb(n, size), size), dtype=np.int16)
        if size:
            combinations_table(n, size, table)
        _COMBOS[n, size] = table
    return table


def _exact_deals(left: np.ndarray, groups: list[int]) -> Iterator[np.ndarray]:
    """Every deal of ``groups`` (sizes, in order) from ``left``: arrays of rows, columns group after group."""
    live = [i for i, size in enumerate(groups) if size]
    if not live:
        yield np.zeros((1, 0), dtype=np.int64)
        return
    *outer, last = live
    sizes = [groups[i] for i in outer]

    def walk(pool: np.ndarray, depth: int, prefix: list[int]) -> Iterator[np.ndarray]:
        if depth == len(outer):
            table = _combos(len(pool), groups[last])
            for start in range(0, len(table), CHUNK):
                tail = pool[table[start : start + CHUNK]]
                head = np.broadcast_to(np.array(prefix, dtype=np.int64), (len(tail), len(prefix)))
                yield np.concatenate([head, tail], axis=1)
            return
        for pick in _combos(len(pool), sizes[depth]):
            chosen = pool[pick]
            keep = np.ones(len(pool), dtype=bool)
            keep[pick] = False
            yield from walk(pool[keep], depth + 1, prefix + chosen.tolist())

    yield from walk(left, 0, [])


def _settle(
    g: EquityGame, players: list[_Player], matchup: tuple[np.ndarray, ...], board: list[int], deal: np.ndarray,
    to_come: int, totals: _Totals, weights: np.ndarray | None = None,
) -> None:  # fmt: skip
    """Value every player's hand in each row of ``deal`` (board to come, then each player's missing cards) and
    add the pot shares to ``totals``; ``matchup[p]`` may instead be per-row combos (``(rows, width)``)."""
    rows = deal.shape[0]
    boards = np.concatenate([np.broadcast_to(np.array(board, dtype=np.int64), (rows, len(board))), deal[:, :to_come]],
                            axis=1)  # fmt: skip
    col = to_come
    high = np.zeros((rows, len(players)), dtype=np.int64)
    low_ranking = g.low
    low = np.zeros((rows, len(players)), dtype=np.int64) if low_ranking is not None else None
    for p, player in enumerate(players):
        own = matchup[p]
        own2 = np.broadcast_to(own, (rows, own.shape[-1])) if own.ndim == 1 else own
        hand = np.concatenate([own2, deal[:, col : col + player.missing]], axis=1)
        col += player.missing
        if g.omaha:
            high[:, p] = evaluate_omaha_batch(hand, boards, g.high, check=False)
            if low is not None and low_ranking is not None:
                low[:, p] = evaluate_omaha_batch(hand, boards, low_ranking, check=False)
        else:
            full = np.concatenate([hand, boards], axis=1) if g.board else hand
            high[:, p] = evaluate_batch(full, g.high, check=False)
            if low is not None and low_ranking is not None:
                low[:, p] = evaluate_batch(full, low_ranking, check=False)
    _share(high, low, totals)


def _share(high: np.ndarray, low: np.ndarray | None, totals: _Totals) -> None:
    units = totals.units
    hi_win = high == high.max(axis=1, keepdims=True)
    hi_count = hi_win.sum(axis=1, keepdims=True)
    if low is None:
        share = hi_win * (units // hi_count)
        has_low = np.zeros((high.shape[0], 1), dtype=bool)
        lo_win = np.zeros_like(hi_win)
    else:
        best_low = low.max(axis=1, keepdims=True)
        has_low = best_low > 0
        lo_win = (low == best_low) & has_low
        lo_count = np.maximum(lo_win.sum(axis=1, keepdims=True), 1)
        share = np.where(has_low, hi_win * (units // 2 // hi_count) + lo_win * (units // 2 // lo_count),
                         hi_win * (units // hi_count))  # fmt: skip
    win = share == units
    tie = (share > 0) & ~win
    high_only = has_low & hi_win & (hi_count == 1) & ~lo_win
    low_only = has_low & lo_win & ~hi_win & (lo_win.sum(axis=1, keepdims=True) == 1)
    split = tie & ~high_only & ~low_only
    s = totals.sums
    for j, flags in enumerate((win, tie, win, high_only, low_only, split)):
        s[:, j] += flags.sum(axis=0)
    s[:, 6] += share.sum(axis=0)
    totals.squares += (share.astype(np.float64) ** 2).sum(axis=0)
    totals.count += high.shape[0]


def _monte_carlo(
    g: EquityGame, players: list[_Player], board: list[int], rest: np.ndarray, to_come: int, samples: int,
    seed: int, progress: Progress | None,
) -> _Totals:  # fmt: skip
    if samples < 1:
        raise PokerroomError(f"samples must be at least 1, got {samples}")
    totals = _Totals(len(players), _units(len(players)))
    width = max(p.combos.shape[1] for p in players)
    combos = np.full((sum(p.combos.shape[0] for p in players), max(width, 1)), -1, dtype=np.int64)
    starts = np.zeros(len(players), dtype=np.int64)
    at = 0
    for p, player in enumerate(players):
        starts[p] = at
        combos[at : at + player.combos.shape[0], : player.combos.shape[1]] = player.combos
        at += player.combos.shape[0]
    sizes = np.array([p.combos.shape[0] for p in players], dtype=np.int64)
    need = to_come + sum(p.missing for p in players)
    seeds = np.random.SeedSequence(seed)
    chunks = (samples + CHUNK - 1) // CHUNK
    for c, child in enumerate(seeds.spawn(chunks)):
        rows = min(CHUNK, samples - c * CHUNK)
        deal = np.zeros((rows, need), dtype=np.int64)
        picked = np.zeros((rows, len(players)), dtype=np.int64)
        chunk_seed = int(child.generate_state(1)[0] % (2**31))
        if random_deals(chunk_seed, rest, combos, starts, sizes, need, deal, picked) < 0:
            raise PokerroomError("the ranges hardly ever fit together: 10,000 draws in a row shared a card")
        matchup = tuple(player.combos[picked[:, p] - starts[p]] for p, player in enumerate(players))
        _settle(g, players, matchup, board, deal, to_come, totals)
        if progress is not None:
            progress(c + 1, chunks)
    return totals


def _result(
    g: EquityGame, players: list[_Player], totals: _Totals, method: str, board: list[int], dead: list[int],
    matchups: int, deals: int, seed: int | None, started: float,
) -> EquityResult:  # fmt: skip
    n = max(totals.count, 1)
    units = totals.units
    out = []
    for p, player in enumerate(players):
        s = totals.sums[p]
        mean = s[6] / units / n
        ci = 0.0
        exact = None
        if method == "exact":
            exact = Fraction(int(s[6]), units * n)
        else:
            var = max(totals.squares[p] / units**2 / n - mean**2, 0.0)
            ci = Z95 * math.sqrt(var / n)
        out.append(PlayerEquity(
            hand=player.text, combos=player.combos.shape[0], equity=float(mean), win=float(s[0] / n),
            tie=float(s[1] / n), scoop=float(s[2] / n) if g.hi_lo else 0.0,
            high_only=float(s[3] / n), low_only=float(s[4] / n), split=float(s[5] / n), ci=ci, exact=exact,
        ))  # fmt: skip
    return EquityResult(
        game=g.id, players=tuple(out), method=method, deals=totals.count, board=format_cards(board),
        dead=format_cards(dead), hi_lo=g.hi_lo, seconds=time.perf_counter() - started, matchups=matchups,
        seed=seed if method == "monte-carlo" else None,
    )  # fmt: skip
