"""Rake of real-money pots (RULES §3.10, test vectors §7.7 RK-1..RK-10).

* :class:`RakeSchedule` holds one of the seed's rake tables as data, in cents, and computes the rake of a pot;
  :data:`R_NL`, :data:`R_FL_LOW`, :data:`R_FL_1` and :data:`R_FL_2` are the seed's four tables, :data:`SCHEDULES`
  has them by id.
* :func:`schedule_for` picks the table for a limit structure and stake (A-3.10-5 for stakes between the ranges).
* :func:`split_rake` takes a rake from the main and side pots in proportion to their size (A-3.10-4).
* :class:`TableRake` ties a schedule to a table's chip value; it is the hook the engine calls at settlement.

Pots and rakes are integer chips; the schedules are in cents (1 chip = 1 cent unless ``cents_per_chip`` says
otherwise).  Whether a hand is raked at all (real money, the raking street reached) is not decided here.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass

from pokerroom.chips import whole_number
from pokerroom.errors import PokerroomError, UnsupportedRule
from pokerroom.games import Limit

__all__ = [
    "R_FL_1",
    "R_FL_2",
    "R_FL_LOW",
    "R_NL",
    "SCHEDULES",
    "RakeSchedule",
    "TableRake",
    "schedule_for",
    "split_rake",
]


def _check_cents_per_chip(cents_per_chip: int) -> None:
    if cents_per_chip < 1:
        raise PokerroomError(f"cents_per_chip must be a positive whole number of cents, not {cents_per_chip}")


@dataclass(frozen=True, slots=True)
class RakeSchedule:
    """One rake table of RULES §3.10, all amounts in cents.

    * ``id``: the table's id in RULES (``"R-NL"``, ``"R-FL-LOW"``, ``"R-FL-1"``, ``"R-FL-2"``);
    * ``unit`` and ``unit_rake``: ``unit_rake`` cents per full ``unit`` cents of pot (per *full* unit, A-3.10-2);
    * ``caps``: rows ``(min_dealt, max_dealt, cap_cents)``: the most rake for that many players dealt in;
    * ``small_pot``: ``(threshold_cents, step_cents, rake_per_step_cents)``: a pot below the threshold is raked
      per full step instead (``None``: the table has no small-pot rule).

    Raises :class:`~pokerroom.errors.UnsupportedRule` when the data is not a usable schedule.
    """

    id: str
    unit: int
    unit_rake: int
    caps: tuple[tuple[int, int, int], ...]
    small_pot: tuple[int, int, int] | None = None

    def __post_init__(self) -> None:
        whole = (self.unit, self.unit_rake, *(x for row in self.caps for x in row), *(self.small_pot or ()))
        if not all(whole_number(x) for x in whole):
            raise UnsupportedRule(f"rake schedule {self.id}: its amounts and counts are whole numbers")
        if any(len(row) != 3 for row in self.caps) or (self.small_pot is not None and len(self.small_pot) != 3):
            raise UnsupportedRule(
                f"rake schedule {self.id}: caps are (min_dealt, max_dealt, cap) rows and small_pot is "
                "(threshold, step, rake per step)"
            )
        if self.unit <= 0 or self.unit_rake < 0:
            raise UnsupportedRule(f"rake schedule {self.id}: unit must be positive and unit_rake not negative")
        if not self.caps or any(lo < 1 or hi < lo or cap < 0 for lo, hi, cap in self.caps):
            raise UnsupportedRule(f"rake schedule {self.id}: caps need rows (min_dealt <= max_dealt, cap >= 0)")
        if self.small_pot is not None and (self.small_pot[0] < 0 or self.small_pot[1] <= 0 or self.small_pot[2] < 0):
            raise UnsupportedRule(f"rake schedule {self.id}: small_pot needs threshold >= 0 and a positive step")

    def cap(self, dealt: int) -> int:
        """The cap in cents for ``dealt`` players dealt in (RULES §3.10: only players dealt in count).

        Raises :class:`~pokerroom.errors.UnsupportedRule`, naming the schedule and the count, for a count that no
        row of the table covers (e.g. 1 or 11)."""
        for lo, hi, cap in self.caps:
            if lo <= dealt <= hi:
                return cap
        covered = ", ".join(f"{lo}-{hi}" if lo != hi else str(lo) for lo, hi, _ in self.caps)
        raise UnsupportedRule(f"rake schedule {self.id} has no cap for {dealt} players dealt in; it covers {covered}")

    def rake(self, pot: int, dealt: int, *, cents_per_chip: int = 1) -> int:
        """The rake in chips of a pot of ``pot`` chips with ``dealt`` players dealt in (RULES §3.10 formula).

        The pot is converted to cents (``cents_per_chip`` cents a chip), raked per full unit, or per full
        small-pot step below the small-pot threshold, capped, and converted back to chips rounding down (the
        house never takes a part of a chip).  Raises :class:`~pokerroom.errors.UnsupportedRule` for a players-dealt
        count outside the caps' rows and :class:`~pokerroom.errors.PokerroomError` for a negative pot or a
        ``cents_per_chip`` below 1.

        >>> R_NL.rake(1000, 2), R_NL.rake(350, 2), R_NL.rake(200, 2, cents_per_chip=5)
        (50, 17, 10)
        """
        _check_cents_per_chip(cents_per_chip)
        cap = self.cap(dealt)
        if pot < 0:
            raise PokerroomError(f"a pot cannot be negative ({pot} chips)")
        cents = pot * cents_per_chip
        if self.small_pot is not None and cents < self.small_pot[0]:
            _, step, per_step = self.small_pot
            raw = per_step * (cents // step)
        else:
            raw = self.unit_rake * (cents // self.unit)
        return min(cap, raw) // cents_per_chip

    def with_small_pot_threshold(self, cents: int) -> RakeSchedule:
        """The same schedule with the small-pot rule applying below ``cents`` instead (A-3.10-1: the seed's garbled
        R-FL-LOW threshold; the default is €4.00, the alternative €1.00, i.e. ``cents=100``).

        Raises :class:`~pokerroom.errors.UnsupportedRule` for a schedule the seed gives no small-pot rule
        (R-FL-1, R-FL-2): there is no step and rate to apply below the threshold."""
        if self.small_pot is None:
            raise UnsupportedRule(f"rake schedule {self.id} has no small-pot rule, so it has no threshold to change")
        _, step, per_step = self.small_pot
        return dataclasses.replace(self, small_pot=(cents, step, per_step))


# The seed's four tables (RULES §3.10); the R-FL-LOW threshold is A-3.10-1's recommended €4.00.
R_NL = RakeSchedule("R-NL", unit=100, unit_rake=5, caps=((2, 2, 75), (3, 4, 200), (5, 10, 300)), small_pot=(400, 20, 1))
R_FL_LOW = RakeSchedule("R-FL-LOW", unit=100, unit_rake=5, caps=((2, 3, 75), (4, 10, 100)), small_pot=(400, 20, 1))
R_FL_1 = RakeSchedule("R-FL-1", unit=500, unit_rake=25, caps=((2, 3, 75), (4, 10, 200)))
R_FL_2 = RakeSchedule("R-FL-2", unit=1000, unit_rake=50, caps=((2, 3, 75), (4, 10, 200)))

SCHEDULES: dict[str, RakeSchedule] = {s.id: s for s in (R_NL, R_FL_LOW, R_FL_1, R_FL_2)}


def schedule_for(limit: Limit, *, small_bet: int, cents_per_chip: int = 1) -> RakeSchedule:
    """The RULES §3.10 rake table for a table's limit structure and stake.

    No, pot and half-pot limit: R-NL at every stake.  Fixed and spread limit by the small bet in cents
    (``small_bet`` chips × ``cents_per_chip``; for spread limit pass the first round's largest bet, the €1 of
    "€1-€2-€3"): €0.02..€0.50 → R-FL-LOW, €1 → R-FL-1, €2 and up → R-FL-2; stakes between the ranges use the
    nearest lower range (A-3.10-5).  Raises :class:`~pokerroom.errors.PokerroomError` for a fixed or spread
    limit small bet below 1 chip or a ``cents_per_chip`` below 1.
    """
    _check_cents_per_chip(cents_per_chip)
    if limit in (Limit.NO, Limit.POT, Limit.HALF_POT):
        return R_NL
    if small_bet < 1:
        raise PokerroomError(f"a {limit.value} limit table needs a small bet of at least 1 chip, not {small_bet}")
    cents = small_bet * cents_per_chip
    if cents >= 200:
        return R_FL_2
    if cents >= 100:  # €1 up to below €2: nearest lower range is €1/€2
        return R_FL_1
    # €0.02..€0.99.  Below €0.02 there is no lower range to fall back on; R-FL-LOW is the nearest one and the
    # cheapest, so a micro table is never raked more than the smallest listed stake.
    return R_FL_LOW


def split_rake(rake: int, pots: Sequence[int]) -> list[int]:
    """The part of ``rake`` chips taken from each pot of ``pots`` (chips; the main pot first, then side pots).

    A-3.10-4: in proportion to the pots' sizes, rounding down, the leftover chips from the main pot (index 0).
    No pot gives more than it holds: leftover the main pot cannot cover comes from the next pots in order.  The
    parts sum to ``rake``.  Raises :class:`~pokerroom.errors.PokerroomError` for a negative rake or pot, or a rake
    larger than all the pots together.

    >>> split_rake(100, [1000, 300, 33])
    [76, 22, 2]
    """
    if rake < 0 or any(p < 0 for p in pots):
        raise PokerroomError(f"rake and pots cannot be negative (rake {rake}, pots {list(pots)})")
    total = sum(pots)
    if rake > total:
        raise PokerroomError(f"a rake of {rake} chips is more than the {total} chips in the pots {list(pots)}")
    if rake == 0:
        return [0] * len(pots)
    shares = [rake * p // total for p in pots]
    left = rake - sum(shares)  # fewer chips than there are pots, from rounding down
    for i, pot in enumerate(pots):
        take = min(left, pot - shares[i])
        shares[i] += take
        left -= take
    return shares


@dataclass(frozen=True, slots=True)
class TableRake:
    """A table's rake: a :class:`RakeSchedule` and the table's chip value (``cents_per_chip`` cents a chip).

    The engine calls it at settlement, and only when the hand reached its raking street (RULES §3.10: a flop, a
    third or fourth card, a draw) on a real-money table: no-flop-no-drop (RK-9) is the engine's decision, not
    this one's, and play-money tables pass no rake at all (RK-10).
    """

    schedule: RakeSchedule
    cents_per_chip: int = 1

    def __post_init__(self) -> None:
        _check_cents_per_chip(self.cents_per_chip)

    def __call__(self, pots: Sequence[int], dealt: int) -> list[int]:
        """The chips to take from each of ``pots`` (chips, the main pot first) with ``dealt`` players dealt in: the
        schedule's rake of the pots' total, split by :func:`split_rake` (A-3.10-4).  Raises
        :class:`~pokerroom.errors.UnsupportedRule` for a players-dealt count the schedule does not cover and
        :class:`~pokerroom.errors.PokerroomError` for a negative pot."""
        if any(p < 0 for p in pots):
            raise PokerroomError(f"pots cannot be negative ({list(pots)})")
        rake = self.schedule.rake(sum(pots), dealt, cents_per_chip=self.cents_per_chip)
        return split_rake(rake, pots)
