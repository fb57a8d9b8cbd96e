"""Betting structures as data (RULES §3.9): no limit, pot limit, half-pot limit and fixed limit.

Amounts are integer chips in the smallest unit.  The engine's ``pokerroom.engine.betting`` turns a structure
and the state of a betting round into legal ranges.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from pokerroom.errors import UnsupportedRule

__all__ = ["Betting", "Limit"]


class Limit(StrEnum):
    """The limit structures of RULES §3.9."""

    NO = "no"
    POT = "pot"
    HALF_POT = "half-pot"
    FIXED = "fixed"
    SPREAD = "spread"

    @classmethod
    def parse(cls, text: str) -> Limit:
        """``no``/``nl``, ``pot``/``pl``, ``half-pot``, ``fixed``/``fl``/``limit``, ``spread``."""
        aliases = {"nl": "no", "pl": "pot", "fl": "fixed", "limit": "fixed", "hpl": "half-pot"}
        key = aliases.get(text.strip().lower(), text.strip().lower())
        try:
            return cls(key)
        except ValueError:
            allowed = ", ".join(m.value for m in cls)
            raise UnsupportedRule(f"unknown limit structure {text!r}; known: {allowed}") from None


@dataclass(frozen=True, slots=True)
class Betting:
    """A betting structure.

    * ``limit``: the structure;
    * ``min_bet``: the smallest bet in no, pot and half-pot limit (the big blind; RULES §3.9);
    * ``bet_sizes``: fixed limit, the bet size of each betting round in order (hold'em: small, small, big, big;
      RULES §6.4);
    * ``cap``: fixed limit, most bets in one round counting the opening bet (the big blind preflop); ``None``
      for no cap;
    * spread limit: ``bet_sizes`` are each round's largest bet or raise increment ``L_r`` and ``min_bet`` the
      smallest bet; ``round_max`` caps a player's total in a round at ``round_max × L_r`` (3 online, RULES §3.9
      and settled decision 5; ``None``: no round maximum); ``match_last``: a raise must be at least the last
      bet or raise (online spread limit; ``False`` for the club's per-round ranges 1-10 and 1-30, A-G1-5);
    * ``min_raise``: no limit with a fixed smallest raise increment instead of the last raise (the club's literal
      one-chip minimum, settled decision 2); ``None``: the last bet or raise (TDA);
    * ``covering_bet_needs_full_raise``: settled decision 17's alternative (default off: a bet that covers every
      opponent is legal at any size from a call up).
    """

    limit: Limit
    min_bet: int = 0
    bet_sizes: tuple[int, ...] = field(default=())
    cap: int | None = 4
    covering_bet_needs_full_raise: bool = False
    round_max: int | None = 3
    match_last: bool = True
    min_raise: int | None = None

    def __post_init__(self) -> None:
        sized = self.limit in (Limit.FIXED, Limit.SPREAD)
        if sized and (not self.bet_sizes or min(self.bet_sizes) <= 0):
            raise UnsupportedRule(f"{self.limit.value} limit needs a positive bet size for every betting round")
        if self.limit is not Limit.FIXED and self.min_bet <= 0:
            raise UnsupportedRule(f"{self.limit.value} limit needs a positive min_bet (the big blind)")
        if self.limit is Limit.SPREAD and self.min_bet > min(self.bet_sizes):
            raise UnsupportedRule(f"spread limit: the smallest bet {self.min_bet} exceeds a round's largest")

    @property
    def fixed(self) -> bool:
        """Fixed limit: every bet and raise is the round's size, and the cap counts them."""
        return self.limit is Limit.FIXED

    @classmethod
    def no_limit(cls, min_bet: int) -> Betting:
        return cls(Limit.NO, min_bet=min_bet)

    @classmethod
    def pot_limit(cls, min_bet: int) -> Betting:
        return cls(Limit.POT, min_bet=min_bet)

    @classmethod
    def half_pot_limit(cls, min_bet: int) -> Betting:
        return cls(Limit.HALF_POT, min_bet=min_bet)

    @classmethod
    def spread_limit(cls, min_bet: int, maxima: tuple[int, ...], *, round_max: int | None = 3) -> Betting:
        """Online spread limit (RULES §3.9): bets from ``min_bet`` (the big blind), increments up to each
        round's maximum in ``maxima`` and at least the last bet or raise, totals up to ``round_max`` × the
        round's maximum.  Seed 004's "€1-€2-€3" in cents with a 50-cent big blind:
        ``spread_limit(50, (100, 100, 200, 300))``."""
        return cls(Limit.SPREAD, min_bet=min_bet, bet_sizes=maxima, cap=None, round_max=round_max)

    @classmethod
    def ranges(cls, low: int, maxima: tuple[int, ...]) -> Betting:
        """The club's per-round ranges (RULES G1, §5.1): every open and every raise increment from ``low`` to the
        round's maximum (1-10 then 1-30), no matching of the last raise, no cap."""
        return cls(Limit.SPREAD, min_bet=low, bet_sizes=maxima, cap=None, round_max=None, match_last=False)

    @classmethod
    def fixed_limit(cls, small_bet: int, big_bet: int, *, rounds: int = 4, cap: int | None = 4) -> Betting:
        """Fixed limit with the small bet for the first half of the rounds, the big bet after (RULES §6.4)."""
        half = rounds // 2
        return cls(Limit.FIXED, bet_sizes=(small_bet,) * half + (big_bet,) * (rounds - half), cap=cap)

    def size(self, round_index: int) -> int:
        """The fixed-limit bet size of betting round ``round_index`` (0-based)."""
        return self.bet_sizes[min(round_index, len(self.bet_sizes) - 1)]

    def describe(self) -> str:
        if self.limit is Limit.FIXED:
            return "fixed limit " + "/".join(str(s) for s in dict.fromkeys(self.bet_sizes))
        if self.limit is Limit.SPREAD:
            rounds = "/".join(f"{self.min_bet}-{m}" for m in self.bet_sizes)
            return f"{'spread limit' if self.match_last else 'ranges'} {rounds}"
        return f"{self.limit.value} limit, minimum bet {self.min_bet}"
