"""What a seat can work out from its view alone: the game, the cards it has not seen, and a Monte Carlo estimate
of its share of the pot at the showdown, for any game.

The estimate deals the cards still to come (the seat's own, each live opponent's unseen cards, the rest of the
board) from the cards the view does not show, values every hand with the game's own pot shares (high, low with
its qualifier, both halves in hi/lo) and counts the seat's part of the pot as the engine would split it.  In a
draw game with draws to come, the seat's planned discards are replaced, and each opponent draws to a random hand
as :func:`~pokerroom.bots.discards.choose_discards` would.  Opponents are assumed to hold random cards: this is a
sparring partner's arithmetic, not a range reader.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import islice

from pokerroom.bots.discards import choose_discards
from pokerroom.cards import UNKNOWN
from pokerroom.engine import EventType, HandView
from pokerroom.errors import PokerroomError
from pokerroom.games import Game, find

__all__ = [
    "BUDGET",
    "MIN_SAMPLES",
    "OMAHA_COST",
    "EquityEstimate",
    "draws_left",
    "equity_estimate",
    "estimate_equity",
    "game_of",
    "live_opponents",
    "unseen_cards",
]

BUDGET = 600
"""The default budget of an estimate, in hand evaluations (:func:`equity_estimate`)."""
OMAHA_COST = 40
"""Hand evaluations one Omaha-style hand counts for (two hole cards with three board cards: its 40 or more choices
of a four-card hand and a full board; each is valued)."""
MIN_SAMPLES = 4
"""The fewest deals an estimate samples, whatever its budget."""


def game_of(view: HandView) -> Game | None:
    """The game the view is of (from the registry by its id), or ``None`` for a game the registry lacks."""
    try:
        return find(view.game)
    except PokerroomError:
        return None


def live_opponents(view: HandView) -> list[int]:
    """The seats other than the viewer still in the hand."""
    return [s for s in range(len(view.folded)) if s != view.seat and not view.folded[s]]


def _my_discards(view: HandView) -> list[int]:
    out: list[int] = []
    for event in view.events:
        if event.type is EventType.DRAW and event.seat == view.seat and event.cards:
            out.extend(event.cards)
    return out


def unseen_cards(view: HandView, game: Game) -> list[int]:
    """The cards of the game's deck the viewer has not seen: not in its hand, on the board, face up (or shown)
    before another seat, nor among its own discards."""
    seen = {c for cards in view.hole for c in cards if c != UNKNOWN}
    seen.update(view.board)
    seen.update(_my_discards(view))
    return [c for c in game.deck if c not in seen]


def draws_left(view: HandView, game: Game) -> int:
    """How many draws the viewer still has to make in this hand."""
    total = sum(1 for street in game.streets if street.draw)
    made = sum(1 for e in view.events if e.type is EventType.DRAW and e.seat == view.seat)
    return max(0, total - made)


def _take(deck: Iterator[int], count: int) -> list[int]:
    return list(islice(deck, count))


def _evaluate(game: Game, hole: Sequence[int], board: Sequence[int]) -> list[int | None]:
    out: list[int | None] = []
    for share in game.shares:
        try:
            out.append(share.evaluate(hole, board))
        except (PokerroomError, KeyError, IndexError):
            out.append(None)
    return out


def _my_part(values: list[list[int | None]], me: int) -> float:
    """The viewer's part of a pot (seat ``me`` of ``values``) when each share goes to its best value and a
    share nobody qualifies for is left out (RULES §2.4: no low, the high scoops)."""
    parts: list[list[int]] = []
    for k in range(len(values[0])):
        scored = [(p, v[k]) for p, v in enumerate(values) if v[k] is not None]
        if scored:
            best = max(v for _, v in scored if v is not None)
            parts.append([p for p, v in scored if v == best])
    if not parts:
        return 1 / len(values)
    return sum(1 / len(winners) for winners in parts if me in winners) / len(parts)


@dataclass(frozen=True)
class EquityEstimate:
    """A Monte Carlo estimate: ``value`` the viewer's expected part of the pot (0 to 1), ``error`` its standard
    error (the standard deviation of the sampled parts over the square root of ``samples``; 0 when exact or with
    fewer than two samples), ``samples`` the deals sampled."""

    value: float
    error: float
    samples: int


def equity_estimate(
    view: HandView,
    game: Game,
    rng: random.Random,
    *,
    discards: Sequence[int] = (),
    budget: int = BUDGET,
    max_samples: int | None = None,
    seconds: float | None = None,
) -> EquityEstimate:
    """The viewer's expected part of the pot against its live opponents, by sampling the unseen cards, with its
    standard error.

    The work is set by ``budget``, in hand evaluations: one sample deals every unseen card still needed and
    values each live hand once for each of the game's pot shares (an Omaha-style hand of four or more hole cards
    with a board counts :data:`OMAHA_COST`), so ``samples = max(MIN_SAMPLES, budget // cost)``, at most
    ``max_samples`` when given.  With ``seconds`` it samples until that much time has passed instead (at least
    :data:`MIN_SAMPLES` deals; ``budget`` is then not used).  ``discards`` are the cards the viewer means to
    throw at its next draw (replaced in every sample when draws are left).  Raises :class:`ValueError` for a
    budget, ``max_samples`` or ``seconds`` that is not positive.
    """
    if budget < 1 or (max_samples is not None and max_samples < 1) or (seconds is not None and seconds <= 0):
        raise ValueError(f"budget, max_samples and seconds must be positive: {budget}, {max_samples}, {seconds}")
    opponents = live_opponents(view)
    if not opponents:
        return EquityEstimate(1.0, 0.0, 0)
    drawing = draws_left(view, game) > 0
    mine = [c for c in view.my_cards if c != UNKNOWN and not (drawing and c in discards)]
    final = game.hole_cards
    board = list(view.board)
    need_board = max(0, sum(s.board for s in game.streets) - len(board))
    need_me = max(0, final - len(mine)) if not drawing else max(0, len(view.my_cards) - len(mine))
    known = {s: [c for c in view.hole[s] if c != UNKNOWN] for s in opponents}
    need = {s: max(0, final - len(known[s])) for s in opponents}
    pool = unseen_cards(view, game)
    least = max(0, 5 - len(board) - need_board)  # cards a hand needs to be valued
    while need_me + need_board + sum(need.values()) > len(pool):
        trimmable = [s for s in opponents if len(known[s]) + need[s] > least and need[s] > 0]
        if trimmable:
            need[trimmable[-1]] -= 1
        elif len(opponents) > 1:
            dropped = opponents.pop()
            del need[dropped]
        else:
            return EquityEstimate(1 / (len(live_opponents(view)) + 1), 0.0, 0)
    board_total = len(board) + need_board
    heavy = board_total > 0 and game.hole_cards + board_total > 7  # Omaha: two hole cards and three board cards
    cost = (len(opponents) + 1) * len(game.shares) * (OMAHA_COST if heavy else 1)
    samples = max(MIN_SAMPLES, budget // cost)
    if max_samples is not None:
        samples = min(samples, max(MIN_SAMPLES, max_samples))
    want = need_me + need_board + sum(need.values()) + (5 * len(opponents) if drawing else 0)
    want = min(want, len(pool))
    deadline = None if seconds is None else time.perf_counter() + seconds
    total = squares = 0.0
    n = 0
    while (n < samples) if deadline is None else (n < MIN_SAMPLES or time.perf_counter() < deadline):
        deck = iter(rng.sample(pool, want))
        hands = [mine + _take(deck, need_me)]
        for s in opponents:
            hand = known[s] + _take(deck, need[s])
            if drawing:
                throw = choose_discards(hand, game)
                new = _take(deck, len(throw))
                if len(new) == len(throw):
                    hand = [c for c in hand if c not in throw] + new
            hands.append(hand)
        full_board = board + _take(deck, need_board)
        part = _my_part([_evaluate(game, hand, full_board) for hand in hands], 0)
        total += part
        squares += part * part
        n += 1
    mean = total / n
    variance = max(0.0, squares / n - mean * mean) * n / (n - 1) if n > 1 else 0.0
    return EquityEstimate(mean, math.sqrt(variance / n), n)


def estimate_equity(
    view: HandView,
    game: Game,
    rng: random.Random,
    *,
    discards: Sequence[int] = (),
    budget: int = BUDGET,
    max_samples: int | None = None,
    seconds: float | None = None,
) -> float:
    """The viewer's expected part of the pot (0 to 1): :func:`equity_estimate`'s value (the same arguments)."""
    return equity_estimate(
        view, game, rng, discards=discards, budget=budget, max_samples=max_samples, seconds=seconds
    ).value
