"""A table's stakes: the forced bets and the betting structure from the usual ``SMALL/BIG`` notation (RULES §3.9,
§6.4): blinds in no and pot limit, the small and big bet in fixed limit (blinds half the small bet and the small
bet), and for stud the small and big bet with an ante and the game's bring-in.  The command line and the room
both lay out tables with it.
"""

from __future__ import annotations

from dataclasses import dataclass

from pokerroom.games.base import Family, Game, pair_fault
from pokerroom.games.structures import Betting, Limit

__all__ = ["BLIND_STAKES", "STUD_STAKES", "Stakes", "default_stakes", "parse_stakes", "table_rules", "table_stakes"]

STUD_STAKES = (10, 20)
"""The small and big bet of a stud game when ``--stakes`` is not given."""

BLIND_STAKES = (1, 2)
"""The small and big blind of a game with blinds when ``--stakes`` is not given."""


def parse_stakes(text: str) -> tuple[int, int]:
    """``"1/2"`` -> ``(1, 2)``: two positive whole numbers, the first no larger than the second."""
    parts = text.replace(" ", "").split("/")
    try:
        small, big = (int(p) for p in parts)
    except ValueError:
        raise ValueError(f"stakes are written SMALL/BIG in whole chips, such as 1/2 (got {text!r})") from None
    why = pair_fault((small, big))
    if why is not None:
        raise ValueError(f"stakes {text!r}: {why}")
    return small, big


def table_rules(game: Game, limit: Limit, stakes: tuple[int, int]) -> tuple[Betting, tuple[int, int]]:
    """The betting structure and the blinds (small, big) for ``stakes``: the blinds in no and pot limit; the
    small and big bet in fixed limit, whose blinds are then half the small bet (at least one chip) and the
    small bet."""
    small, big = stakes
    if limit is Limit.FIXED:
        return game.betting(limit, big_blind=small, big_bet=big), (max(1, small // 2), small)
    return game.betting(limit, big_blind=big), (small, big)


def bet_unit(betting: Betting) -> int:
    """The unit results are counted in (bb/100, nets in bet units: ``simulate``, ``stats``, the environment's
    rewards), in chips: the small bet (the first round's bet) at fixed limit, stud included; else the smallest
    bet: the big blind in blind games, the smallest bet in stud at pot and no limit (RULES §3.9)."""
    if betting.limit is Limit.FIXED and betting.bet_sizes:
        return betting.bet_sizes[0]
    return betting.min_bet


@dataclass(frozen=True, slots=True)
class Stakes:
    """The forced bets and betting structure of a table: ``blinds`` (empty in stud and ante-only games), the
    ``ante`` everyone posts, the stud ``bring_in`` (0 in blind games) and the ``betting`` structure."""

    betting: Betting
    blinds: tuple[int, ...]
    ante: int = 0
    bring_in: int = 0
    small_bet: int = 0
    """Stud: the small bet of ``--stakes`` (the unit of the default stack at every limit)."""

    def describe(self) -> str:
        """``blinds 1/2``, ``ante 2, bring-in 5`` or ``ante 3``."""
        parts = [f"blinds {'/'.join(map(str, self.blinds))}"] if self.blinds else []
        if self.ante:
            parts.append(f"ante {self.ante}")
        if self.bring_in:
            parts.append(f"bring-in {self.bring_in}")
        return ", ".join(parts) or "no forced bets"

    @property
    def bet_unit(self) -> int:
        """The unit results are counted in at this table (:func:`bet_unit`)."""
        return bet_unit(self.betting)

    @property
    def bet_unit_name(self) -> str:
        """What :attr:`bet_unit` is: ``big blind`` where the blinds' largest is it, else ``small bet`` at fixed
        limit (stud), else ``smallest bet`` (stud at pot and no limit)."""
        if self.blinds and self.bet_unit == max(self.blinds):
            return "big blind"
        return "small bet" if self.betting.limit is Limit.FIXED else "smallest bet"

    @property
    def unit(self) -> int:
        """The table's big unit: the big blind, else the small bet, else the smallest bet, at least the ante."""
        if self.small_bet:
            return max(self.small_bet, self.ante)
        b = self.betting
        smallest = b.bet_sizes[0] if b.limit is Limit.FIXED and b.bet_sizes else b.min_bet
        return max(max(self.blinds, default=0) or smallest or 1, self.ante)


def _stud_stakes(game: Game, limit: Limit, stakes: str | None, ante: int | None, bring_in: int | None) -> Stakes:
    small, big = parse_stakes(stakes) if stakes is not None else STUD_STAKES
    if ante is None:
        ante = game.house.ante or max(1, small // 5)
    if bring_in is not None and bring_in <= 0:
        raise ValueError(f"the bring-in must be positive, not {bring_in}")
    # The game's own rules fill in the rest: a probe deal gives its default bring-in (twice the ante, or its
    # own multiple) and, at pot and no limit, its smallest bet (the bring-in, RULES §3.9).
    fixed = game.betting(limit, big_blind=small, big_bet=big) if limit is Limit.FIXED else None
    probe = game.deal(
        stacks=[10**9] * game.min_players, ante=ante, bring_in=bring_in or 0, limit=limit, betting=fixed, seed=0
    )
    return Stakes(probe.betting, (), ante, probe.bring_in, small)


def table_stakes(
    game: Game,
    limit: Limit,
    stakes: str | None = None,
    *,
    ante: int | None = None,
    bring_in: int | None = None,
) -> Stakes:
    """The :class:`Stakes` of a table of ``game`` at ``limit`` from the command line's options (see the
    module docstring); raises ``ValueError`` (or a :class:`~pokerroom.errors.PokerroomError`) saying what is
    wrong."""
    if ante is not None and ante < 0:
        raise ValueError(f"the ante cannot be negative, not {ante}")
    if game.family is Family.STUD:
        return _stud_stakes(game, limit, stakes, ante, bring_in)
    if bring_in is not None:
        raise ValueError(f"{game.id} has no bring-in: it is played with blinds")
    own_blinds, own_ante, own_bets = game.house.blinds, game.house.ante, game.house.fixed_bets
    if stakes is None and (own_blinds or own_ante or any(own_bets)):
        small, large = (*own_bets, 0, 0)[:2]
        big_blind = small or max(own_blinds, default=0) or 1
        betting = game.betting(limit, big_blind=big_blind, big_bet=large or None)
        return Stakes(betting, own_blinds, own_ante if ante is None else ante)
    betting, blinds = table_rules(game, limit, parse_stakes(stakes) if stakes else BLIND_STAKES)
    return Stakes(betting, blinds, own_ante if ante is None else ante)


def default_stakes(game: Game) -> str:
    """The stakes text a table of ``game`` gets when none are given (``"10/20"`` for stud, whose ante and
    bring-in are fractions of the small bet, ``"1/2"`` otherwise): what a new-table form offers first."""
    small, big = STUD_STAKES if game.family is Family.STUD else BLIND_STAKES
    return f"{small}/{big}"
