"""``SimpleBot``: a small, sensible, deterministic player (a sparring partner, not a solver).

Preflop it scores its hole cards with the Chen formula (:func:`chen_score`; Omaha takes its best two cards):
premium hands raise and re-raise, good hands open and call modest raises, playable hands limp or call a small
raise, the rest check when free and fold.  After the flop it names its made hand with the high ranking
(:mod:`pokerroom.rankings`), counting only what the hole cards add to the board (:func:`strength`): a straight
or better raises as much as the pot allows, two pair or trips bet and raise, top pair bets and calls up to a
pot-sized bet, a lower pair calls up to half the pot, a flush draw calls a small bet, and nothing checks when
free and folds to any bet that is not tiny next to the pot.  Every bet and raise lies in the legal range.  The
only randomness (an occasional bluff or slow-play) comes from ``seed``.

Every other game (stud, razz, the draw games, hi/lo games, Telesina...) is played from the game's own pot shares
(:mod:`pokerroom.bots.equity`): the bot estimates its part of the pot against the live opponents by dealing the
unseen cards many times and valuing every hand by each share (high, low with its qualifier, both halves in
hi/lo), with the up cards it holds and sees; it raises when its part is well above a fair one, bets or calls
when above it, calls when the pot odds allow and folds otherwise.  It posts the bring-in, completing with a
strong start; it presses split (32-card draw) when its part is below a fair one; in a draw it throws what
:func:`~pokerroom.bots.discards.choose_discards` says (pairs and made
hands kept in high games, distinct small cards in lowball).
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence
from enum import IntEnum
from itertools import combinations

from pokerroom.bots.base import aggressive, legal_of, passive
from pokerroom.bots.discards import choose_discards
from pokerroom.bots.equity import draws_left, estimate_equity, game_of, live_opponents
from pokerroom.engine import Action, EventType, HandView, LegalActions
from pokerroom.games import Family, Game
from pokerroom.rankings import HIGH, Category, HandValue, best_omaha
from pokerroom.rankings.model import HIGH_CATEGORIES

__all__ = ["SimpleBot", "Strength", "chen_score", "preflop_score", "strength"]

_POINTS = {12: 10.0, 11: 8.0, 10: 7.0, 9: 6.0}  # ace, king, queen, jack; lower cards score half their pips
_GAP_PENALTY = (0, 1, 2, 4)  # gap of 0, 1, 2, 3 ranks; 4 or more costs 5
_ORDER = HIGH_CATEGORIES
_LEVEL = {cat: i for i, cat in enumerate(_ORDER)}


def _points(rank: int) -> float:
    return _POINTS.get(rank, (rank + 2) / 2)


def chen_score(a: int, b: int) -> int:
    """Bill Chen's preflop score of two hole cards (card ints), rounded up: AA 20, AKs 12, 72o -1.

    >>> from pokerroom.cards import parse_cards
    >>> [chen_score(*parse_cards(h)) for h in ("AsAh", "AsKs", "AsKd", "Th9h", "7c2d", "2c2d")]
    [20, 12, 10, 8, -1, 5]
    """
    hi, lo = max(a >> 2, b >> 2), min(a >> 2, b >> 2)
    if hi == lo:
        return max(5, math.ceil(2 * _points(hi)))
    score = _points(hi)
    if a & 3 == b & 3:
        score += 2
    gap = hi - lo - 1
    score -= _GAP_PENALTY[gap] if gap < len(_GAP_PENALTY) else 5
    if gap <= 1 and hi < 10:  # both below a queen: straight chances
        score += 1
    return math.ceil(score)


def preflop_score(hole: Sequence[int]) -> int:
    """The Chen score of the best two of ``hole`` (two cards in hold'em, four in Omaha)."""
    return max(chen_score(a, b) for a, b in combinations(hole, 2))


class Strength(IntEnum):
    """What a made hand is worth after the flop, counting only what the hole cards add to the board."""

    NOTHING = 0
    DRAW = 1
    WEAK_PAIR = 2
    TOP_PAIR = 3
    TWO_PAIR_OR_TRIPS = 4
    MONSTER = 5


def _best(hole: Sequence[int], board: Sequence[int]) -> HandValue:
    if len(hole) >= 4:
        return best_omaha(hole, board)
    return HIGH.best_hand([*hole, *board])


def _board_level(board: Sequence[int]) -> int:
    if len(board) >= 5:
        return _LEVEL[HIGH.category(HIGH.evaluate(board))]
    groups = sorted(Counter(c >> 2 for c in board).values(), reverse=True)
    if groups[0] >= 4:
        return _LEVEL[Category.FOUR_OF_A_KIND]
    if groups[0] == 3:
        return _LEVEL[Category.THREE_OF_A_KIND]
    if groups[0] == 2:
        return _LEVEL[Category.TWO_PAIR] if len(groups) > 1 and groups[1] == 2 else _LEVEL[Category.ONE_PAIR]
    return _LEVEL[Category.HIGH_CARD]


def _flush_draw(hole: Sequence[int], board: Sequence[int]) -> bool:
    """Four cards of one suit with a card to come, the hole cards playing as the game allows (hold'em: one
    or two of them; Omaha: exactly two, so the board needs two of the suit)."""
    if len(board) >= 5:
        return False
    omaha = len(hole) >= 4
    for suit in range(4):
        mine = sum(1 for c in hole if c & 3 == suit)
        theirs = sum(1 for c in board if c & 3 == suit)
        if omaha and mine >= 2 and theirs >= 2:
            return True
        if not omaha and mine >= 1 and mine + theirs >= 4:
            return True
    return False


def strength(hole: Sequence[int], board: Sequence[int]) -> Strength:
    """How good ``hole`` is on ``board`` (three to five cards), in the terms :class:`SimpleBot` plays by.

    A hand no better in category than the board alone is worth nothing (playing the board).

    >>> from pokerroom.cards import parse_cards as p
    >>> strength(p("AsAd"), p("Ac7h2c")).name, strength(p("Kh7d"), p("Ks8c2d")).name
    ('TWO_PAIR_OR_TRIPS', 'TOP_PAIR')
    >>> strength(p("3h4d"), p("KsKc9d")).name, strength(p("Ah3h"), p("Kh8h2d")).name
    ('NOTHING', 'DRAW')
    """
    made = _best(hole, board)
    level = _LEVEL[made.category]
    if level <= _board_level(board):
        return Strength.DRAW if _flush_draw(hole, board) else Strength.NOTHING
    if level >= _LEVEL[Category.STRAIGHT]:
        return Strength.MONSTER
    if level >= _LEVEL[Category.TWO_PAIR]:
        return Strength.TWO_PAIR_OR_TRIPS
    if level == _LEVEL[Category.ONE_PAIR]:
        pair_rank = made.cards[0] >> 2
        return Strength.TOP_PAIR if pair_rank >= max(c >> 2 for c in board) else Strength.WEAK_PAIR
    return Strength.DRAW if _flush_draw(hole, board) else Strength.NOTHING


SAMPLES = 48
"""The most deals the bot samples for one decision by pot shares (within the default budget): a sparring partner
answers in a millisecond or two, not a tenth of a second."""
_NEW_STREET = (EventType.DEAL_BOARD, EventType.DEAL_UP, EventType.DEAL_HOLE, EventType.DRAW)


def _raises_this_street(view: HandView) -> int:
    count = 0
    for event in reversed(view.events):
        if event.type in _NEW_STREET:
            break
        if event.type in (EventType.BET, EventType.RAISE):
            count += 1
    return count


class SimpleBot:
    """A sensible rule-based player; deterministic given ``seed`` (see the module docstring).

    >>> from pokerroom.engine import ScriptedCards
    >>> from pokerroom.games import find
    >>> hand = find("holdem").deal(stacks=[200] * 3, cards=ScriptedCards({0: "AsAh", 1: "7c2d", 2: "9s9d"}))
    >>> SimpleBot(seed=1).act(hand.view(0))
    Action(raise to 6)
    """

    name = "simple"

    def __init__(self, seed: int | None = None, *, bluff: float = 0.08) -> None:
        self.rng = random.Random(seed)
        self.bluff = bluff

    def act(self, view: HandView) -> Action:
        legal = legal_of(view)
        if legal.show or legal.muck:
            return Action.show() if legal.show else Action.muck()
        game = game_of(view)
        if legal.draw is not None:
            throw = choose_discards(view.my_cards, game, legal.draw) if game is not None else ()
            return Action.draw(throw)
        if game is not None and not _plays_like_holdem(game):
            return self._by_equity(view, legal, game)
        if legal.bring_in is not None:  # a stud-like game the registry does not know
            return passive(legal)
        hole = view.my_cards
        if not view.board:
            return self._preflop(view, legal, hole)
        return self._postflop(view, legal, hole)

    # ------------------------------------------------------------------ any game, by its pot shares

    def _by_equity(self, view: HandView, legal: LegalActions, game: Game) -> Action:
        planned = choose_discards(view.my_cards, game) if draws_left(view, game) else ()
        share = estimate_equity(view, game, self.rng, discards=planned, max_samples=SAMPLES)
        edge = share * (len(live_opponents(view)) + 1)  # 1.0: a fair part of the pot
        if legal.split and edge < 1.0:  # 32-card draw: take an even split of a pot it expects to lose
            return Action.split()
        pot = max(view.pot, 1)
        owe = legal.call or 0
        cur = max(view.bets)
        if legal.bring_in is not None:
            if edge >= 1.6 and legal.bet is not None:
                return aggressive(legal, legal.bet[0]) or Action.post_bring_in()
            return Action.post_bring_in()
        raises = _raises_this_street(view)
        if edge >= 1.6 and raises < 3:
            return aggressive(legal, cur + owe + pot if owe else (3 * pot) // 4) or passive(legal)
        if edge >= 1.15:
            if owe == 0:
                if self.rng.random() < 0.6:
                    return aggressive(legal, pot // 2) or passive(legal)
                return passive(legal)
            if edge >= 1.35 and raises < 1:
                return aggressive(legal, cur + (pot + owe) // 2 + owe) or passive(legal)
            return passive(legal)
        if owe == 0:
            if self.rng.random() < self.bluff:
                return aggressive(legal, pot // 2) or passive(legal)
            return passive(legal)
        return passive(legal) if owe / (pot + owe) <= share else self._give_up(legal)

    # ------------------------------------------------------------------ preflop

    def _preflop(self, view: HandView, legal: LegalActions, hole: Sequence[int]) -> Action:
        score = preflop_score(hole)
        bb = max(view.big_blind, 1)
        cur = max(view.bets)
        owe = legal.call or 0
        raised = cur > bb  # somebody raised beyond the blinds
        target = 3 * cur if raised else 3 * bb + (view.pot - sum(view.bets)) // 2
        if score >= 12 or (score >= 10 and _raises_this_street(view) < 2):
            return aggressive(legal, target) or passive(legal)
        if score >= 8:
            if not raised:
                return aggressive(legal, target) or passive(legal)
            return Action.call() if owe <= 4 * bb else self._give_up(legal)
        if score >= 6:
            return passive(legal) if owe <= (2 * bb if raised else bb) else self._give_up(legal)
        return self._give_up(legal)

    # ------------------------------------------------------------------ after the flop

    def _postflop(self, view: HandView, legal: LegalActions, hole: Sequence[int]) -> Action:
        s = strength(hole, view.board)
        pot = max(view.pot, 1)
        owe = legal.call or 0
        ratio = owe / pot  # a pot-sized bet is 0.5, half the pot 1/3
        cur = max(view.bets)
        if s is Strength.MONSTER:
            return aggressive(legal, cur + pot + owe if owe else (3 * pot) // 4) or passive(legal)
        if s is Strength.TWO_PAIR_OR_TRIPS:
            if owe == 0:
                return aggressive(legal, (2 * pot) // 3) or passive(legal)
            if _raises_this_street(view) < 2:
                return aggressive(legal, cur + (pot + owe) // 2 + owe) or passive(legal)
            return passive(legal)
        if s is Strength.TOP_PAIR:
            if owe == 0:
                if self.rng.random() < 0.6:
                    return aggressive(legal, pot // 2) or passive(legal)
                return passive(legal)
            return passive(legal) if ratio <= 0.5 else self._give_up(legal)
        if s is Strength.WEAK_PAIR:
            return passive(legal) if ratio <= 0.34 else self._give_up(legal)
        if s is Strength.DRAW:
            return passive(legal) if ratio <= 0.25 else self._give_up(legal)
        if owe == 0 and self.rng.random() < self.bluff:
            return aggressive(legal, pot // 2) or passive(legal)
        return passive(legal) if ratio <= 0.1 else self._give_up(legal)

    @staticmethod
    def _give_up(legal: LegalActions) -> Action:
        """Check when free, fold otherwise."""
        return Action.check() if legal.check else Action.fold()


def _plays_like_holdem(game: Game) -> bool:
    """Whether the Chen-formula and made-hand play fits ``game``: one high share, hole cards and then a board,
    no bring-in, no draw (hold'em, Omaha, short-deck)."""
    streets = game.streets
    return (
        len(game.shares) == 1
        and game.shares[0].name == "high"
        and game.family is Family.BOARD
        and streets[0].hole in (2, 4)
    )
