"""The game model: a game is a frozen declaration the engine walks (DESIGN: "games are data").

A :class:`Game` names its deck, its streets (cards dealt and whether a betting round follows), the shares each pot
is divided into at the showdown (high, or high and low with a qualifier) and the limit structures it is offered
at.  :meth:`Game.deal` lays out the forced bets for a table and starts a :class:`~pokerroom.engine.Hand`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from pokerroom.errors import UnsupportedRule
from pokerroom.games.structures import Betting, Limit

if TYPE_CHECKING:
    from pokerroom.engine.dealing import CardSource
    from pokerroom.engine.hand import Hand

__all__ = ["Game", "Share", "Street"]


@dataclass(frozen=True, slots=True)
class Street:
    """One street: ``hole`` cards dealt face down to each player, ``board`` community cards, then a betting
    round when ``betting``."""

    name: str
    hole: int = 0
    board: int = 0
    betting: bool = True


@dataclass(frozen=True, slots=True)
class Share:
    """One share of every pot at the showdown.

    ``evaluate(hole, board)`` gives the seat's value (larger is better) or ``None`` when the hand does not
    qualify (a low without five cards of eight or lower); ``describe(value)`` names it; ``cards(hole, board)``
    gives the five cards used.
    """

    name: str
    evaluate: Callable[[Sequence[int], Sequence[int]], int | None]
    describe: Callable[[int], str]
    cards: Callable[[Sequence[int], Sequence[int]], tuple[int, ...]]


@dataclass(frozen=True, slots=True)
class Game:
    """A poker game as data.  See the module docstring; ``limits`` lists the structures it is offered at."""

    id: str
    name: str
    deck: tuple[int, ...]
    streets: tuple[Street, ...]
    shares: tuple[Share, ...]
    limits: tuple[Limit, ...]
    default_limit: Limit
    max_players: int = 10
    min_players: int = 2
    aliases: tuple[str, ...] = field(default=())

    @property
    def hole_cards(self) -> int:
        """Cards each player holds at the end of the deal."""
        return sum(s.hole for s in self.streets)

    def betting(self, limit: Limit | str | None = None, *, big_blind: int, big_bet: int | None = None) -> Betting:
        """The betting structure at ``limit`` for a table whose big blind (fixed limit: small bet) is
        ``big_blind``; fixed limit's big bet defaults to twice the small bet.  Raises
        :class:`~pokerroom.errors.UnsupportedRule` for a structure the game is not offered at."""
        lim = self.default_limit if limit is None else (limit if isinstance(limit, Limit) else Limit.parse(limit))
        if lim not in self.limits:
            offered = ", ".join(x.value for x in self.limits)
            raise UnsupportedRule(f"{self.id} is not played at {lim.value} limit; offered: {offered}")
        rounds = sum(1 for s in self.streets if s.betting)
        if lim is Limit.FIXED:
            return Betting.fixed_limit(big_blind, big_bet or 2 * big_blind, rounds=rounds)
        return Betting(lim, min_bet=big_blind)

    def deal(
        self,
        *,
        stacks: Sequence[int],
        button: int = 0,
        blinds: Sequence[int] = (1, 2),
        ante: int = 0,
        big_blind_ante: int = 0,
        straddle: int = 0,
        limit: Limit | str | None = None,
        betting: Betting | None = None,
        seed: int | None = None,
        cards: CardSource | None = None,
        auto_showdown: bool = True,
    ) -> Hand:
        """Start a hand at a table of ``len(stacks)`` seats with the button at ``button``.

        ``blinds`` are (small, big); with three or more players the small blind is left of the button, then the
        big blind, then the ``straddle`` (if any); heads-up the button posts the small blind (RULES §3.11,
        settled decision 14).  ``ante`` is taken from everyone, ``big_blind_ante`` from the big blind only.
        ``betting`` overrides the structure built from ``limit`` and the big blind.  Cards come from ``cards``,
        else a deck shuffled with ``seed`` (``secrets``-grade with no seed).
        """
        from pokerroom.engine.dealing import DeckSource
        from pokerroom.engine.hand import Hand

        n = len(stacks)
        if not self.min_players <= n <= self.max_players:
            raise UnsupportedRule(f"{self.id} seats {self.min_players} to {self.max_players} players, not {n}")
        posts = [0] * n
        order = [(button + 1 + k) % n for k in range(n)] if n > 2 else [button, (button + 1) % n]
        for seat, amount in zip(order, [*blinds, straddle] if straddle else blinds, strict=False):
            posts[seat] = amount
        antes = [ante] * n
        if big_blind_ante:
            antes[order[1]] += big_blind_ante
        big = max(blinds) if blinds else 0
        if betting is None:
            betting = self.betting(limit, big_blind=big or 1)
        source = cards if cards is not None else DeckSource.shuffled(self.deck, seed=seed)
        return Hand(
            self,
            stacks=stacks,
            button=button,
            blinds=posts,
            antes=antes,
            betting=betting,
            cards=source,
            auto_showdown=auto_showdown,
        )
