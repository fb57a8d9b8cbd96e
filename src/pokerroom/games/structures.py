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
    * ``covering_bet_needs_full_raise``: settled decision 17's alternative (default off: a bet that covers every
      opponent is legal at any size from a call up).
    """

    limit: Limit
    min_bet: int = 0
    bet_sizes: tuple[int, ...] = field(default=())
    cap: int | None = 4
    covering_bet_needs_full_raise: bool = False

    def __post_init__(self) -> None:
        if self.limit is Limit.SPREAD:
            raise UnsupportedRule("spread limit is not implemented yet in the hold'em engine")
        if self.limit is Limit.FIXED:
            if not self.bet_sizes or min(self.bet_sizes) <= 0:
                raise UnsupportedRule("fixed limit needs a positive bet size for every betting round")
        elif self.min_bet <= 0:
            raise UnsupportedRule(f"{self.limit.value} limit needs a positive min_bet (the big blind)")

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
        return f"{self.limit.value} limit, minimum bet {self.min_bet}"
