"""Table stakes and buy-ins (RULES §3.3, test vector §7.6 GR-19).

* :data:`FL_MIN_BUYINS`: the seed's fixed-limit minimum buy-ins, small bet in cents → minimum in cents;
* :func:`min_buyin_fixed_limit`: a fixed-limit table's minimum buy-in in chips, from that table or the fallback
  formula ``ceil_to_euro(10 × small_bet)``;
* :class:`BuyIn`: a table's buy-in range in chips and the check of a buy-in or top-up against it.

Fixed-limit and spread tables have no maximum buy-in (the seed: "unlimited"), so there is no
``max_buyin_fixed_limit``: their :class:`BuyIn` has ``maximum=None``.  The seed gives no numbers for no, pot and
half-pot limit tables; those are configuration only.  Amounts are integer chips unless a name says cents.
"""

from __future__ import annotations

from dataclasses import dataclass

from pokerroom.errors import RoomError
from pokerroom.games import Limit
from pokerroom.words import plural

__all__ = ["FL_MIN_BUYINS", "NL_DEFAULT_MAX_BBS", "NL_DEFAULT_MIN_BBS", "BuyIn", "min_buyin_fixed_limit"]

# RULES §3.3, the seed's example levels for FL Hold'em/Omaha: small bet (cents) -> minimum buy-in (cents).
FL_MIN_BUYINS: dict[int, int] = {
    25: 300,  # €0.25/€0.50 -> €3
    100: 1000,  # €1/€2 -> €10
    200: 2000,  # €2/€4 -> €20
    300: 3000,  # €3/€6 -> €30
    500: 5000,  # €5/€10 -> €50
}

# Default NL/PL/½PL buy-in range in big blinds: a common online convention (20 to 100 big blinds), not from the
# seeds, which give no numbers for these structures (RULES §3.3: configuration only).
NL_DEFAULT_MIN_BBS = 20
NL_DEFAULT_MAX_BBS = 100


def _ceil_div(a: int, b: int) -> int:
    return -(-a // b)


def min_buyin_fixed_limit(small_bet: int, *, cents_per_chip: int = 1) -> int:
    """The minimum buy-in in chips of a fixed-limit (or spread) table whose small bet is ``small_bet`` chips.

    RULES §3.3: the seed's table (:data:`FL_MIN_BUYINS`) for the levels it lists, else the recommended fallback
    ``ceil_to_euro(10 × small_bet)``, which reproduces all five listed rows.  The amount in cents is converted to
    chips rounding up, so the minimum is never below the euro amount.  There is no maximum.  Raises
    :class:`~pokerroom.errors.RoomError` for a small bet below 1 chip or a ``cents_per_chip`` below 1.

    >>> min_buyin_fixed_limit(200), min_buyin_fixed_limit(50), min_buyin_fixed_limit(25)
    (2000, 500, 300)
    """
    if cents_per_chip < 1:
        raise RoomError(f"cents_per_chip must be a positive whole number of cents, not {cents_per_chip}")
    if small_bet < 1:
        raise RoomError(f"a fixed-limit table needs a small bet of at least 1 chip, not {small_bet}")
    cents = small_bet * cents_per_chip
    minimum = FL_MIN_BUYINS.get(cents)
    if minimum is None:
        minimum = _ceil_div(10 * cents, 100) * 100  # ceil_to_euro
    return _ceil_div(minimum, cents_per_chip)


@dataclass(frozen=True, slots=True)
class BuyIn:
    """A table's buy-in range in chips: the stack a player sits with, or tops up to between hands, must be at
    least ``minimum`` and at most ``maximum`` (``None``: unlimited, as at fixed-limit tables).  RULES §3.3.

    Raises :class:`~pokerroom.errors.RoomError` for a minimum below 1 chip or a maximum below the minimum.
    """

    minimum: int
    maximum: int | None = None

    def __post_init__(self) -> None:
        if self.minimum < 1:
            raise RoomError(f"a minimum buy-in must be at least 1 chip, not {self.minimum}")
        if self.maximum is not None and self.maximum < self.minimum:
            raise RoomError(f"the maximum buy-in {self.maximum} is below the minimum {self.minimum}")

    def describe(self) -> str:
        """The range in words, e.g. ``"200 to 1000 chips"`` or ``"300 chips or more"``."""
        if self.maximum is None:
            return f"{plural(self.minimum, 'chip')} or more"
        return f"{self.minimum} to {self.maximum} chips"

    def check(self, amount: int, *, stack: int = 0) -> None:
        """Refuse a buy-in of ``amount`` chips onto a stack of ``stack`` chips already on the table (0 for a new
        player; more for a top-up between hands) unless ``amount`` is positive and ``stack + amount`` lies within
        the range.  Never changes the amount: the caller gets a :class:`~pokerroom.errors.RoomError` whose
        message gives the allowed range and what may be added."""
        if amount <= 0:
            raise RoomError(f"a buy-in must be a positive number of chips, not {amount}; allowed: {self._room(stack)}")
        total = stack + amount
        if total < self.minimum or (self.maximum is not None and total > self.maximum):
            raise RoomError(
                f"a buy-in of {plural(amount, 'chip')} would make a stack of {total}; "
                f"the table allows {self.describe()}, so {self._room(stack)}"
            )

    def _room(self, stack: int) -> str:
        """What a player with ``stack`` chips on the table may add, in words."""
        low = max(1, self.minimum - stack)
        if self.maximum is None:
            return f"add {plural(low, 'chip')} or more"
        if stack >= self.maximum:
            return f"a stack of {plural(stack, 'chip')} cannot be topped up (the maximum is {self.maximum})"
        return f"add {low} to {self.maximum - stack} chips"

    @classmethod
    def for_table(
        cls,
        limit: Limit,
        *,
        small_bet: int,
        big_blind: int,
        cents_per_chip: int = 1,
        minimum: int | None = None,
        maximum: int | None = None,
    ) -> BuyIn:
        """The buy-in range of a table, in chips.

        * Fixed and spread limit: minimum :func:`min_buyin_fixed_limit` of ``small_bet`` (spread: the first round's
          largest bet), no maximum (RULES §3.3, the seed's table and the fallback formula).
        * No, pot and half-pot limit: the seed gives no numbers, so these are configuration; by default 20 to 100
          big blinds (``NL_DEFAULT_MIN_BBS``, ``NL_DEFAULT_MAX_BBS``), a common online convention, not the seed's.

        An explicit ``minimum`` or ``maximum`` (chips) replaces the default for any structure.  Raises
        :class:`~pokerroom.errors.RoomError` for a non-positive stake or an empty range.
        """
        if limit in (Limit.FIXED, Limit.SPREAD):
            if minimum is None:
                minimum = min_buyin_fixed_limit(small_bet, cents_per_chip=cents_per_chip)
            return cls(minimum, maximum)
        if (minimum is None or maximum is None) and big_blind < 1:
            raise RoomError(f"a {limit.value} limit table needs a big blind of at least 1 chip, not {big_blind}")
        return cls(
            NL_DEFAULT_MIN_BBS * big_blind if minimum is None else minimum,
            NL_DEFAULT_MAX_BBS * big_blind if maximum is None else maximum,
        )
